/* The join page: every table, each line saying its state in words (waiting for players, playing and
   whose turn, finished and who won); the newest first, the finished ones apart below. It looks
   again every few seconds, so a table the host starts or finishes shows here by itself. */
"use strict";
(function () {
  const TC = window.TC, T = TC.T, el = TC.el;
  const list = document.getElementById("tables");
  const done = document.getElementById("finished");

  function names(t, seats) {
    return seats.map(function (s) { return TC.seatName(t, s); }).join(", ");
  }

  /* The table's state in one sentence. */
  function state(t) {
    if (t.finished) {
      if (!t.winners) return T("Finished: the table screen is telling the end.");
      return t.winners.length ? TC.TN(t.winners.length, "Finished: {names} won.", "Finished: {names} won.", { names: names(t, t.winners) }) : T("Finished: a draw.");
    }
    if (t.ended) return T("Ended by the host.");
    const free = (t.seats || []).filter(function (s) { return !s.taken; }).length;
    if (free) return TC.TN(free, "Waiting for players: {count} seat free.", "Waiting for players: {count} seats free.");
    const turn = (t.awaiting || []);
    return turn.length ? TC.TN(turn.length, "Playing: {names} to play.", "Playing: {names} to play.", { names: names(t, turn) }) : T("Playing.");
  }

  function line(t, primary) {
    return el("li", { "data-table": t.table }, el("a", { class: "button big table-line" + (primary ? " primary" : " secondary"),
      href: "/play/" + encodeURIComponent(t.table) },
      el("span", { class: "table-name", text: (t.title_text || t.title || t.game) + " · " + t.table }),
      el("span", { class: "table-state", text: state(t) })));
  }

  let last = "";
  async function look() {
    const r = await TC.api("GET", "/api/tables");
    if (!r.ok) return;
    const tables = (r.data.tables || []).slice().sort(function (a, b) { return (b.created || 0) - (a.created || 0); });
    const key = JSON.stringify(tables.map(function (t) { return [t.table, state(t)]; }));
    if (key === last) return;
    last = key;
    const open = tables.filter(function (t) { return !t.finished && !t.ended; });
    const over = tables.filter(function (t) { return t.finished || t.ended; });
    TC.clear(list);
    open.forEach(function (t) { list.append(line(t, true)); });
    TC.clear(done);
    over.forEach(function (t) { done.append(line(t, false)); });
    document.getElementById("no-tables").hidden = open.length > 0;
    document.getElementById("finished-box").hidden = over.length === 0;
  }
  look();
  setInterval(look, 5000);
})();
