/* The phone page: claim a seat, then the seat's private view and its legal plays as big controls. */
"use strict";
(function () {
  const TC = window.TC, T = TC.T, el = TC.el;
  const table = TC.page.table;
  const base = "/api/tables/" + encodeURIComponent(table);
  const $ = function (id) { return document.getElementById(id); };
  let payload = null, viewOpened = false, selected = null, feed = null, busy = false, lastEventsKey = null;

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
    const nameBox = $("name");
    if (!nameBox.value || /^Player \d+$/.test(nameBox.value)) {
      nameBox.value = firstFree ? T("Player {number}", { number: firstFree.seat + 1 }) : "";
    }
    seats.forEach(function (s) {
      const label = s.taken
        ? T("Seat {number}", { number: s.seat + 1 }) + " · " + (s.name || "") + " (" + T(s.bot ? "bot" : "taken") + ")"
        : T("Claim seat {number}", { number: s.seat + 1 }) + seatColour(r.data.game, s.seat);
      box.append(el("button", { type: "button", class: "big " + (s.taken ? "secondary" : "primary"), disabled: s.taken,
        "data-seat": s.seat, text: label, on: { click: function () { claim(s.seat); } } }));
    });
    $("seat").hidden = true;
    $("claim").hidden = false;  // shown once its seats and the prefilled name are there
  }

  function seatColour(game, seat) {
    if (game !== "laser-chess") return "";
    return " · " + T(seat === 0 ? "Blue" : "Red");
  }

  async function claim(seat) {
    let name = $("name").value.trim();
    if (/^Player \d+$/.test(name)) name = T("Player {number}", { number: seat + 1 });
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

  function isLaser(p) { return p.game === "laser-chess" && p.view && Array.isArray(p.view.board); }

  function show(p) {
    if (p.next_table && p.ended) {  // the host started the next game with the same seats: follow it
      if (feed) feed.stop();
      location.assign("/play/" + encodeURIComponent(p.next_table) + "?from=" + encodeURIComponent(table));
      return;
    }
    if (payload && p.version !== undefined && payload.version !== undefined && p.version < payload.version) return;
    const changed = !payload || payload.version !== p.version;
    payload = p;
    if (changed) selected = null;
    const name = p.name || TC.seatName(p, p.seat);
    $("who").textContent = T("Your seat: {name}", { name: name }) + (p.game === "laser-chess" ? " · " + T(p.seat === 0 ? "Blue" : "Red") : "");
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
    TC.clear($("view")).append(TC.renderValue(p.view));
    if (!viewOpened) { $("view-details").open = !isLaser(p); viewOpened = true; }  // other games: the view is the game
    const key = p.version + ":" + (p.step || 0);  // the POST reply and the stream carry the same change
    if (key !== lastEventsKey) { TC.renderEvents($("events"), p.events, 10); lastEventsKey = key; }
    draw();
  }

  function draw() {
    const p = payload;
    const controls = TC.clear($("controls"));
    const legal = p.outcome || p.ended ? [] : (p.legal_actions || []);
    if (isLaser(p)) { drawLaser(p, legal, controls); return; }
    TC.clear($("board"));
    if (!legal.length) { controls.append(el("p", { class: "muted", text: T("Nothing to do right now.") })); return; }
    const groups = {};
    legal.forEach(function (a) { (groups[a.type] = groups[a.type] || []).push(a); });
    Object.keys(groups).forEach(function (type) {
      const box = el("div", { class: "group" }, el("h3", { class: "small", text: type.replace(/_/g, " ") }));
      groups[type].forEach(function (a) {
        const label = a.label ? TC.say(a.label) : (a.notation || a.type);
        box.append(el("button", { type: "button", class: "big action", "data-notation": a.notation || "", text: label,
          on: { click: function () { play(a, label, ""); } } }));
      });
      controls.append(box);
    });
  }

  /* Laser Chess: tap a token, then a highlighted square or one of the turn buttons. */
  function drawLaser(p, legal, controls) {
    const moves = {}, rotates = {};
    let draw_ = null;
    legal.forEach(function (a) {
      if ((a.type === "move" || a.type === "swap") && a.from) (moves[a.from] = moves[a.from] || []).push(a);
      else if (a.type === "rotate" && a.square) (rotates[a.square] = rotates[a.square] || []).push(a);
      else if (a.type === "declare_draw") draw_ = a;
    });
    const selectable = {};
    Object.keys(moves).concat(Object.keys(rotates)).forEach(function (sq) { selectable[sq] = true; });
    const targets = {};
    if (selected) (moves[selected] || []).forEach(function (a) { targets[a.to] = a; });
    LaserBoard.render($("board"), p.view, {
      flip: p.seat === 1, selected: selected, targets: targets, selectable: selectable,
      onTap: function (sq) {
        if (busy) return;
        if (selected && targets[sq]) {
          const a = targets[sq];
          const title = a.type === "swap" ? T("Swap {from} with {to}?", { from: a.from, to: a.to }) : T("Move {from} to {to}?", { from: a.from, to: a.to });
          play(a, title, T("After your move your laser fires. This cannot be undone."));
          return;
        }
        selected = selectable[sq] && selected !== sq ? sq : null;
        draw();
      },
    });
    if (!legal.length) { controls.append(el("p", { class: "muted", text: T("Nothing to do right now.") })); return; }
    if (!selected) controls.append(el("p", { class: "hint", text: T("Tap one of your pieces.") }));
    else {
      const token = (p.view.board || []).find(function (t) { return t.square === selected; });
      controls.append(el("p", { class: "hint", text: (token ? LaserBoard.describeToken(token) + ": " : "") + T("Tap a highlighted square or turn the piece.") }));
      const row = el("div", { class: "row" });
      (rotates[selected] || []).forEach(function (a) {
        const ccw = a.turn === "ccw";
        row.append(el("button", { type: "button", class: "big rotate", "data-turn": a.turn,
          text: (ccw ? "↺ " : "↻ ") + T(ccw ? "Turn left (anticlockwise)" : "Turn right (clockwise)"),
          on: { click: function () {
            play(a, T("Turn {square} {turn}?", { square: a.square, turn: T(ccw ? "anticlockwise" : "clockwise") }),
                 T("After your move your laser fires. This cannot be undone."));
          } } }));
      });
      controls.append(row);
    }
    if (draw_) controls.append(el("button", { type: "button", class: "big secondary", text: T("Declare a draw"),
      on: { click: function () { play(draw_, T("Declare a draw") + "?", T("Is everyone sure?")); } } }));
  }

  async function play(action, title, detail) {
    if (busy) return;
    const sure = await TC.confirm(title || T("Play this?"), detail);
    if (!sure) return;
    busy = true;
    TC.showRefusal("");
    // No "version": in simultaneous games the others' plays must not make a still-legal play stale;
    // legality is checked at the door, under the table's lock.
    const body = { action: TC.wire(action) };
    const r = await TC.api("POST", base + "/actions", body);
    busy = false;
    selected = null;
    if (r.ok) show(r.data);
    else {
      TC.showRefusal(r.data.error || T("Refused"));
      if (r.status === 401) { showClaim(); return; }
      if (feed) feed.refresh();
      draw();
    }
  }

  start();
})();
