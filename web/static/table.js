/* The table screen: the public view only, readable across the table. */
"use strict";
(function () {
  const TC = window.TC, T = TC.T, el = TC.el;
  const table = TC.page.table;
  const base = "/api/tables/" + encodeURIComponent(table);
  const $ = function (id) { return document.getElementById(id); };
  let lastKey = null, latest = null;

  function setConn(state) {
    $("conn").textContent = state === "live" ? "●" : "○ " + T("Connection lost: retrying…");
    $("conn").className = "conn " + state;
  }

  function show(p) {
    if (p.next_table && p.ended) { location.assign("/table/" + encodeURIComponent(p.next_table)); return; }
    if (latest && p.version < latest.version) return;
    latest = p;
    const laser = p.game === "laser-chess" && p.view && Array.isArray(p.view.board);
    $("board").hidden = !laser;
    $("generic-view").hidden = laser;
    if (laser) LaserBoard.render($("board"), p.view, {});
    else TC.clear($("generic-view")).append(TC.renderValue(p.view));

    const awaiting = p.awaiting || [];
    let turn;
    if (p.outcome) turn = T("The game is over.");
    else if (p.ended) turn = T("The table has ended.");
    else if (!awaiting.length) turn = "";
    else if (awaiting.length === 1) turn = T("{name} is still to act.", { name: TC.seatName(p, awaiting[0]) });
    else turn = T("Waiting for {names}.", { names: TC.waitingFor(p) });
    $("turn").textContent = turn;

    const seats = TC.clear($("seats"));
    (p.seats || []).forEach(function (s) {
      const colour = p.game === "laser-chess" ? (s.seat === 0 ? "blue" : "red") : "";
      const acting = awaiting.indexOf(s.seat) >= 0 && !p.outcome;
      seats.append(el("li", { class: "seat" + (acting ? " acting" : "") + (colour ? " colour-" + colour : "") },
        colour ? el("span", { class: "swatch " + colour, text: colour === "blue" ? "B" : "R", title: T(colour === "blue" ? "Blue" : "Red") }) : null,
        el("span", { class: "seat-name", text: s.taken ? s.name : T("Seat {number}", { number: s.seat + 1 }) + " · " + T("free") }),
        acting ? el("span", { class: "badge", text: "◀ " + T("Turn") }) : null,
        s.bot ? el("span", { class: "badge", text: T("bot") }) : null,
        s.taken && !s.bot && !s.connected ? el("span", { class: "badge muted", text: T("away") }) : null));
    });

    const outcome = $("outcome");
    outcome.hidden = !p.outcome;
    outcome.textContent = TC.outcomeText(p);

    const key = p.version + ":" + (p.step || 0);
    if (key !== lastKey) { TC.renderEvents($("events"), p.events, 4); lastKey = key; }

    const removed = TC.clear($("removed"));
    if (laser && (p.view.removed || []).length) {
      removed.append(el("h2", { class: "small", text: T("Removed pieces") }));
      const ul = el("ul", { class: "removed-list" });
      p.view.removed.forEach(function (t) { ul.append(el("li", { text: LaserBoard.describeToken(t) })); });
      removed.append(ul);
    }
    $("legend").hidden = !laser;
    $("step").textContent = p.step ? T("Step {step}", { step: p.step }) : "";
  }

  $("next").hidden = !TC.page.can_step;
  $("next").addEventListener("click", async function () {
    const r = await TC.api("POST", base + "/next");
    if (r.ok) show(r.data);
  });

  TC.live(base + "/stream?view=public", base, show, setConn, null);
})();
