/* The phone page: claim a seat, then the seat's private view and its legal plays as big controls. */
"use strict";
(function () {
  const TC = window.TC, T = TC.T, el = TC.el;
  const table = TC.page.table;
  const base = TC.tableApi(table);
  const $ = TC.$;
  let payload = null, viewOpened = false, changed = true, feed = null, busy = false, lastEventsKey = null, lastEvents = null;

  function setConn(state) {
    $("conn").textContent = state === "live" ? "● " + T("Connected") : "○ " + T("Connection lost: retrying…");
    $("conn").className = "conn " + state;
  }

  /* ---------------------------------------------------------------- claiming a seat */
  async function showClaim() {
    const r = await TC.api("GET", base);
    if (!r.ok) { TC.showRefusal(r.data.error); return; }
    const seats = r.data.seats || [];
    const box = TC.clear($("seat-buttons"));
    const firstFree = seats.find(function (s) { return !s.taken; });
    // Left blank, the seat keeps no name: every screen calls it "Player 2" in its own language.
    $("name").placeholder = firstFree ? T("Player {number}", { number: firstFree.seat + 1 }) : "";
    seats.forEach(function (s) {
      const label = s.taken
        ? T("Seat {number}", { number: s.seat + 1 }) + " · " + (s.name || "") + " (" + T(s.bot ? window.TC.N("bot") : window.TC.N("taken")) + ")"
        : T("Claim seat {number}", { number: s.seat + 1 }) + seatColour(r.data.game, s.seat);
      box.append(el("button", { type: "button", class: "big " + (s.taken ? "secondary" : "primary"), disabled: s.taken,
        "data-seat": s.seat, text: label, on: { click: function () { claim(s.seat); } } }));
    });
    $("seat").hidden = true;
    $("claim").hidden = false;  // shown once its seats and the prefilled name are there
  }

  /* The game's own page parts (web/static/games/<id>.js), or none: the generic view and buttons. */
  function gameUI(p) {
    const ui = window.GameUI && window.GameUI[p.game];
    return ui && ui.phone && (!ui.accepts || ui.accepts(p)) ? ui : null;
  }

  function seatColour(game, seat) {
    const ui = window.GameUI && window.GameUI[game];
    const side = ui && ui.seatSide ? ui.seatSide(seat) : null;
    return side ? " · " + T(side.name) : "";
  }

  async function claim(seat) {
    const name = $("name").value.trim();
    const r = await TC.api("POST", base + "/seats/" + seat, { name: name });
    if (!r.ok) { TC.showRefusal(r.data.error); showClaim(); return; }
    TC.showRefusal("");
    start();
  }

  /* ---------------------------------------------------------------- the seat's view */
  async function start() {
    const r = await TC.api("GET", base + "/view");
    if (r.status === 401 || r.status === 403) { showClaim(); return; }
    if (!r.ok) { TC.showRefusal(r.data.error); return; }
    $("claim").hidden = true;
    $("seat").hidden = false;
    show(r.data);
    if (feed) feed.stop();
    feed = TC.live(base + "/stream", base + "/view", show, setConn, function (r) {
      TC.showRefusal(r && r.data && r.data.error);
      showClaim();
    });
  }

  function show(p) {
    if (p.next_table && p.ended) {  // the host started the next game with the same seats: follow it
      if (feed) feed.stop();
      location.assign("/play/" + encodeURIComponent(p.next_table) + "?from=" + encodeURIComponent(table));
      return;
    }
    if (payload && p.version !== undefined && payload.version !== undefined && p.version < payload.version) return;
    changed = changed || !payload || payload.version !== p.version;
    payload = p;
    const name = p.name || TC.seatName(p, p.seat);
    $("who").textContent = T("Your seat: {name}", { name: name }) + seatColour(p.game, p.seat);
    const awaiting = p.awaiting || [];
    let status;
    if (p.outcome) status = T("The game is over.");
    else if (p.ended) status = T("The table has ended.");
    else if (awaiting.indexOf(p.seat) >= 0) status = T("Your turn.");
    else status = T("Not your turn: waiting for {names}.", { names: TC.waitingFor(p) });
    $("status").textContent = status;
    $("status").className = "status" + (awaiting.indexOf(p.seat) >= 0 && !p.outcome ? " your-turn" : "");
    const outcome = $("outcome");
    outcome.hidden = !p.outcome;
    outcome.textContent = TC.outcomeText(p);
    TC.clear($("view")).append(TC.rawNote(TC.renderValue(p.view, { words: TC.page.view_words })));
    if (!viewOpened) {  // a game without its own drawing: the view is the game
      const ui = gameUI(p);
      $("view-details").open = !(ui && ui.phone.showView === false);
      // a game that draws its view itself says it all in the phone's words; the raw data (its keys
      // are the engine's English field names) is left out rather than shown half translated
      $("view-details").hidden = !!(ui && ui.phone.showView === false);
      viewOpened = true;
    }
    // The POST reply and the stream carry the same change; the table's "next" (a step) repeats its events.
    const events = TC.changeKey(p.events || []);
    if (p.version !== lastEventsKey && (!p.step || events !== lastEvents)) TC.renderEvents($("events"), p.events, 10);
    lastEventsKey = p.version;
    lastEvents = events;
    draw();
  }

  function draw() {
    const p = payload;
    const legal = p.outcome || p.ended ? [] : (p.legal_actions || []);
    const ui = gameUI(p);
    const root = $("game-ui");
    TC.clear($("controls"));
    if (ui) {
      const api = { legal: legal, changed: changed, play: play, redraw: draw,
                    busy: function () { return busy; } };
      changed = false;
      ui.phone.render(root, p, api);
      return;
    }
    changed = false;
    drawGeneric(legal, $("controls"));
  }

  /* Any game: its legal plays as big buttons, grouped by type, each confirmed on a sheet. */
  function drawGeneric(legal, controls) {
    TC.clear($("board"));
    if (!legal.length) { controls.append(el("p", { class: "muted", text: T("Nothing to do right now.") })); return; }
    const groups = {};
    legal.forEach(function (a) { (groups[a.type] = groups[a.type] || []).push(a); });
    Object.keys(groups).forEach(function (type) {
      // a heading in the reader's words when the game declares one (Game.page.words), else none:
      // each button says its play in a sentence of its own
      const word = (TC.page.view_words || {})[type];
      const box = el("div", { class: "group" }, word ? el("h3", { class: "small", text: word }) : null);
      groups[type].forEach(function (a) {
        const label = a.label ? TC.say(a.label) : (a.notation || a.type);
        box.append(el("button", { type: "button", class: "big action" + (a.label ? "" : " raw-key"),
          "data-notation": a.notation || "", text: label,
          on: { click: function () { play(a, label, ""); } } }));
      });
      controls.append(box);
    });
  }

  /* Confirm on the sheet (unless opts.noConfirm), send, show the new view or the refusal's sentence.
     opts.onSend() runs once it is confirmed. Resolves true when the play was accepted. */
  async function play(action, title, detail, opts) {
    opts = opts || {};
    if (busy) return false;
    if (!opts.noConfirm) {
      const sure = await TC.confirm(title || T("Play this?"), detail);
      if (!sure) return false;
    }
    if (opts.onSend) opts.onSend();
    busy = true;
    TC.showRefusal("");
    // No "version": in simultaneous games the others' plays must not make a still-legal play stale;
    // legality is checked at the door, under the table's lock.
    const body = { action: TC.wire(action) };
    const r = await TC.api("POST", base + "/actions", body);
    busy = false;
    if (r.ok) { show(r.data); return true; }
    TC.showRefusal(r.data.error || T("Refused"));
    if (r.status === 401) { showClaim(); return false; }
    if (feed) feed.refresh();
    draw();
    return false;
  }

  start();
})();
