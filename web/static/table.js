/* The table screen: the public view only, readable across the table.

   The last change's events are shown one at a time (the resolution): each drawn and said in a
   sentence. The table's "next" (a tap on the screen, the Next button, or the hardware next button
   through service.advance, which bumps the payload's step) reveals the next one; "Auto" runs on by
   itself at a table pace. A game's own drawing comes from web/static/games/<id>.js (GameUI). */
"use strict";
(function () {
  const TC = window.TC, T = TC.T, el = TC.el;
  const table = TC.page.table;
  const base = TC.tableApi(table);
  const $ = TC.$;
  const AUTO_MS = 2600;  // a table pace: time to read a sentence aloud and look at the table
  let latest = null;
  // the resolution being shown: its events (with a sentence), how far it has got, which change it is
  let resolution = { key: null, events: [], index: 0, step: 0 };
  let older = [];  // sentences of earlier changes, newest first
  let auto = readAuto(), timer = null;

  function readAuto() {
    try {
      const saved = window.localStorage.getItem("tc-auto");
      if (saved !== null) return saved === "1";
    } catch (e) { /* private mode: no storage */ }
    return !TC.page.can_step;  // a screen nobody may step runs on by itself
  }

  function setConn(state) {
    $("conn").textContent = state === "live" ? "●" : "○ " + T("Connection lost: retrying…");
    $("conn").className = "conn " + state;
  }

  function gameUI(p) {
    const ui = window.GameUI && window.GameUI[p.game];
    return ui && ui.table && (!ui.accepts || ui.accepts(p)) ? ui : null;
  }

  /* A new change (new events) starts a new resolution; a step (same events, step + n) moves it on. */
  function follow(p) {
    const events = (p.events || []).filter(function (ev) { return TC.say(ev.say); });
    const key = TC.changeKey(p.events || []);  // replies and streams agree (key order, translations aside)
    const step = p.step || 0;
    if (key !== resolution.key || step < resolution.step) {
      resolution.events.slice(0, resolution.index + 1).reverse().forEach(function (ev) { older.unshift(TC.say(ev.say)); });
      older = older.slice(0, 6);
      resolution = { key: key, events: events, index: Math.min(step, Math.max(events.length - 1, 0)), step: step };
    } else if (step > resolution.step) {
      resolution.index = Math.min(resolution.index + (step - resolution.step), Math.max(events.length - 1, 0));
      resolution.step = step;
    }
  }

  function stepInfo() {
    const r = resolution;
    return { index: r.index, count: r.events.length, events: r.events, event: r.events[r.index] || null,
             shown: r.events.slice(0, r.index + 1), done: r.index >= r.events.length - 1, side: $("game-side") };
  }

  function show(p) {
    if (p.next_table && p.ended) { location.assign("/table/" + encodeURIComponent(p.next_table)); return; }
    // the host chose another language for the table screen: the page comes again in it (the
    // resolution's step is the table's, so a replay goes on where it was)
    if (p.lang && p.lang !== TC.lang) { location.reload(); return; }
    if (latest && p.version < latest.version) return;
    latest = p;
    TC.showFault(p.fault);
    follow(p);
    draw();
  }

  function draw() {
    const p = latest;
    if (!p) return;
    const ui = gameUI(p);
    const step = stepInfo();
    $("generic-view").hidden = !!ui;
    $("game-area").hidden = !ui;
    if (ui) ui.table.render($("game-area"), p, step);
    else {
      TC.clear($("game-side"));
      TC.clear($("generic-view")).append(TC.rawNote(TC.renderValue(p.view, { words: TC.page.view_words })));
    }

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
      const side = ui && ui.seatSide ? ui.seatSide(s.seat) : null;
      const acting = awaiting.indexOf(s.seat) >= 0 && !p.outcome;
      seats.append(el("li", { class: "seat" + (acting ? " acting" : "") + (side ? " colour-" + side.colour : ""), "data-seat": s.seat },
        side ? el("span", { class: "swatch " + side.colour, text: side.letter, title: T(side.name) }) : null,
        el("span", { class: "seat-name", text: s.taken ? s.name : T("Seat {number}", { number: s.seat + 1 }) + " · " + T("free") }),
        acting ? el("span", { class: "badge", text: "◀ " + T("Turn") }) : null,
        s.bot ? el("span", { class: "badge", text: T("bot") }) : null,
        TC.presenceBadge(s, true)));  // "⚠ away" next to the name while the seat's phone is gone
    });

    const outcome = $("outcome");
    outcome.hidden = !p.outcome;
    outcome.textContent = TC.outcomeText(p);

    drawResolution(step);
  }

  /* The list of events: the one being shown on top, big, with "2 of 5" and a hint above it; the
     ones shown before it, and a few of earlier changes, below. */
  function drawResolution(step) {
    const box = TC.clear($("resolution"));
    box.hidden = !step.count;
    if (step.event) {
      box.append(el("span", { class: "resolution-count", text: T("{index} of {count}", { index: step.index + 1, count: step.count }) }));
      if (!step.done) box.append(el("span", { class: "resolution-more muted", text: " · " + T("Tap or press Next for the next step.") }));
    }
    const list = TC.clear($("events"));
    step.shown.slice().reverse().forEach(function (ev, i) {
      const say = TC.say(ev.say);
      list.append(el("li", { class: "event event-" + (ev.type || "") + (i === 0 ? " current" : "") + (i === 0 && say.length > 90 ? " long" : ""),
                             "data-type": ev.type || "", text: say }));
    });
    older.forEach(function (text) { list.append(el("li", { class: "event older", text: text })); });
    while (list.children.length > 6) list.removeChild(list.lastChild);
    $("auto").setAttribute("aria-pressed", auto ? "true" : "false");
    $("auto").textContent = (auto ? "⏸ " : "▶ ") + T("Auto");
    schedule(step);
  }

  /* Auto: one timer per event shown; a payload that changes nothing else (a phone connecting)
     does not restart it. */
  let timerFor = null;
  function schedule(step) {
    const wanted = auto && !step.done ? resolution.key + "#" + step.index : null;
    if (wanted === timerFor) return;
    if (timer) { clearTimeout(timer); timer = null; }
    timerFor = wanted;
    if (wanted) timer = setTimeout(function () { timer = null; timerFor = null; localNext(); }, AUTO_MS);
  }

  /* This screen only: show the next event (auto, or a tap where this screen may not step the table). */
  function localNext() {
    if (resolution.index < resolution.events.length - 1) { resolution.index += 1; draw(); }
  }

  /* The table's next: every screen moves on (host, or the Pi's own display); elsewhere this screen only. */
  async function next() {
    if (!TC.page.can_step) { localNext(); return; }
    const r = await TC.api("POST", base + "/next");
    if (r.ok) show(r.data);
  }

  $("next").hidden = !TC.page.can_step;
  $("next").addEventListener("click", function (ev) { ev.stopPropagation(); next(); });
  $("auto").addEventListener("click", function (ev) {
    ev.stopPropagation();
    auto = !auto;
    try { window.localStorage.setItem("tc-auto", auto ? "1" : "0"); } catch (e) { /* no storage */ }
    draw();
  });
  $("resolution").addEventListener("click", function () { next(); });
  $("events").addEventListener("click", function () { next(); });
  $("stage").addEventListener("click", function (ev) {
    if (ev.target.closest && ev.target.closest("button, a, input, select")) return;
    next();
  });

  // the table's language, not this browser's: every sentence comes translated for the table screen
  const inLang = "lang=" + encodeURIComponent(TC.lang);
  TC.live(base + "/stream?view=public&" + inLang, base + "?" + inLang, show, setConn, null);
})();
