//# allFunctionsCalledOnLoad
/* The phone page: claim a seat, then the seat's private view and its legal plays as big controls. */
"use strict";
(function () {
  const TC = window.TC, T = TC.T, el = TC.el;
  const table = TC.page.table;
  const base = TC.tableApi(table);
  const $ = TC.$;
  let payload = null, viewOpened = false, own = false, feed = null, busy = false, drawnOnce = false;
  let asking = null;   // the play an open "are you sure?" sheet asks about
  let drafts = null, restoring = true;   // the phone's own storage of what it composes (TC.drafts)
  const eventLog = TC.EventLog($("events"), 10);  // each event once, told lines only
  // the game's rules (GET /api/rules/<game>): a refused play's and a told line's "Why?" (issue 37.6)
  let rulesOf = null, rulesAsked = null;
  function loadRules(game) {   // once, in this phone's language; a failure leaves "Why?" away
    if (!rulesAsked) {
      rulesAsked = TC.api("GET", "/api/rules/" + encodeURIComponent(game) + "?lang=" + encodeURIComponent(TC.lang))
        .then(function (r) { rulesOf = r.ok ? r.data : { rules: [], why: {}, plays: {} }; return rulesOf; });
    }
    return rulesAsked;
  }


  function setConn(state) {
    $("conn").textContent = state === "live" ? "● " + T("Connected") : "○ " + T("Connection lost: retrying…");
    $("conn").className = "conn " + state;
  }

  /* ---------------------------------------------------------------- where a phone can land
     Every state says in words what it is and what to do: a free seat to claim; a full table (who
     sits where; the host can free a seat; the table screen to watch); an ended table (its result,
     and the next game when there is one); a companion that cannot be reached (tries again). */
  let retry = null;
  function again(fn, ms) { if (retry) clearTimeout(retry); retry = setTimeout(fn, ms); }

  function deadEnd(title, lines, links) {
    $("claim").hidden = true;
    $("seat").hidden = true;
    $("dead-title").textContent = title;
    const say = TC.clear($("dead-say"));
    lines.filter(Boolean).forEach(function (line) { say.append(el("p", { text: line })); });
    const more = TC.clear($("dead-links"));
    (links || []).forEach(function (l) { more.append(el("a", { class: "button big" + (l.primary ? " primary" : ""), href: l.href, text: l.text })); });
    $("dead-end").hidden = false;
  }

  function unreachable(then) {
    deadEnd(T("The companion cannot be reached."), [
      T("Check that this phone is on the table's Wi-Fi: the table screen shows its code."),
      T("This page tries again by itself.")]);
    again(then, 3000);
  }

  async function showClaim() {
    const r = await TC.api("GET", base);
    if (r.status === 0) { unreachable(showClaim); return; }
    if (!r.ok) { deadEnd(T("This table cannot be opened."), [r.data.error], [{ href: "/", text: T("See the tables") }]); return; }
    const p = r.data;
    const seats = p.seats || [];
    if (p.ended) {
      const links = p.next_table ? [{ href: "/play/" + encodeURIComponent(p.next_table), text: T("Join the next game"), primary: true }] : [];
      links.push({ href: "/", text: T("See the tables") });
      deadEnd(T("This table has ended."), [p.outcome ? TC.outcomeText(p) : T("It ended before anyone won."),
        p.next_table ? T("The host has set up the next game.") : ""], links);
      return;
    }
    const firstFree = seats.find(function (s) { return !s.taken; });
    if (!firstFree) {
      const who = seats.map(function (s) { return TC.seatName(p, s.seat) + seatColour(p, s.seat) + (s.bot ? " (" + T("bot") + ")" : ""); }).join(", ");
      deadEnd(T("Every seat at this table is taken."), [$("unseated") ? $("unseated").textContent : "", T("Sitting: {names}.", { names: who }),
        T("If one of them is you on another phone, or a seat is free at the real table, ask the host to free that seat: it comes up here by itself.")],
        [{ href: "/table/" + encodeURIComponent(table), text: T("Watch the table screen") }, { href: "/", text: T("See the tables") }]);
      again(showClaim, 3000);   // a seat the host frees shows up here
      return;
    }
    $("dead-end").hidden = true;
    const box = TC.clear($("seat-buttons"));
    // Left blank, the seat keeps no name: every screen calls it "Player 2" in its own language.
    nameField().placeholder = T("Player {number}", { number: firstFree.seat + 1 });
    seats.forEach(function (s) {
      const label = s.taken
        ? T("Seat {number}", { number: s.seat + 1 }) + seatColour(p, s.seat) + " · " + (s.name || "") + " (" + T(s.bot ? window.TC.N("bot") : window.TC.N("taken")) + ")"
        : T("Claim seat {number}", { number: s.seat + 1 }) + seatColour(p, s.seat);
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

  function seatColour(p, seat) {   // the seat's role or colour, said with it ("· The shark")
    const role = TC.seatRole(p, seat);
    return role ? " · " + role : "";
  }

  /* The name's field, made the first time the seats are offered (phone.html). */
  function nameField() {
    if (!$("name")) {
      const label = $("name-field");
      label.append(el("input", { id: "name", type: "text", maxlength: label.getAttribute("data-max"),
                                 autocomplete: "nickname", enterkeyhint: "done" }));
    }
    return $("name");
  }

  async function claim(seat) {
    const name = nameField().value.trim();
    const r = await TC.api("POST", base + "/seats/" + seat, { name: name });
    if (!r.ok) { TC.showRefusal(r.data.error); showClaim(); return; }
    TC.showRefusal("");
    start(null);
  }

  /* ---------------------------------------------------------------- the seat's view
     ``first``: the seat's payload that came in the page (a phone with a seat here), in the pages'
     form (TC.unpack): drawn at once, without asking for it again; the stream then brings what
     changed. */
  async function start(first) {
    let data = first;
    if (!data) {
      const r = await TC.api("GET", base + "/view");
      if (r.status === 0) { unreachable(start); return; }
      if (r.status === 401 || r.status === 403) { showClaim(); return; }
      if (!r.ok) { TC.showRefusal(r.data.error); return; }
      data = r.data;
    }
    $("dead-end").hidden = true;
    $("claim").hidden = true;
    $("seat").hidden = false;
    show(data);
    if (feed) feed.stop();
    feed = TC.live(base + "/stream", base + "/view?poll=1", show, setConn, function (r) {
      // the seat is gone (the host freed it): say so above the seats still free
      TC.showRefusal((r && r.data && r.data.error) || T("This phone no longer holds a seat here."));
      showClaim();
    }, base + "/here");   // its heartbeat: the table sees at once when this phone's Wi-Fi drops
  }

  let lastText = "";
  function show(p) {
    // the stream's first message repeats the payload the page came with, and a phone connecting or
    // leaving changes only who is at the table, which a phone does not show: nothing to draw again
    // (a slow phone's seat drawn again is a long task: docs/web.md, "A slow phone's first second")
    const text = JSON.stringify(Object.assign({}, p, { presence: null, seats: (p.seats || []).map(function (s) {
      return Object.assign({}, s, { connected: null });
    }) }));
    if (text === lastText) return;
    lastText = text;
    if (p.next_table && p.ended) {  // the host started the next game with the same seats: follow it
      if (feed) feed.stop();
      location.assign("/play/" + encodeURIComponent(p.next_table) + "?from=" + encodeURIComponent(table));
      return;
    }
    if (payload && p.version !== undefined && payload.version !== undefined && p.version < payload.version) return;
    payload = p;
    $("seat").setAttribute("data-version", String(p.version));   // which change this page shows
    $("seat").setAttribute("data-told", String(p.story ? p.story.at : -1));   // and which of its told steps
    const name = p.name || TC.seatName(p, p.seat);
    $("who").textContent = T("Your seat: {name}", { name: name }) + seatColour(p.game, p.seat);
    const awaiting = p.awaiting || [];
    const st = TC.story(p);
    let status;
    const setup = p.setup && !p.ended ? p.setup : null;
    if (setup && (setup.ready || []).length >= p.players) status = T("Everyone is ready: the game opens once the table screen has shown the last step.");
    else if (setup) status = (setup.ready || []).indexOf(p.seat) >= 0
      ? T("You are ready: the game opens when everyone is.") : T("Setting up: take your part below, then press Ready.");
    else if (p.outcome && st.watched) status = TC.storyLine(p);   // the table screen tells the end first
    else if (p.outcome) status = T("The game is over.");
    else if (p.ended) status = T("The table has ended.");
    else if (awaiting.indexOf(p.seat) >= 0) status = T("Your turn.");
    // the table waits for what the real game shows (a card turned, the hits of real dice) and this
    // phone may enter it: that is what it is asked, not "waiting for the table"
    else if ((p.reading || []).indexOf(p.seat) >= 0) status = T("The table needs you: enter what it shows, below.");
    // mid-way through a change the phone, like the table screen, says what the table is showing,
    // not whose turn comes after it (that follows from what is still to tell)
    else if (st.watched) status = TC.storyLine(p);
    else status = T("Not your turn: waiting for {names}.", { names: TC.waitingFor(p) });
    $("status").textContent = status;
    const asked = !setup && (awaiting.indexOf(p.seat) >= 0 || (p.reading || []).indexOf(p.seat) >= 0);
    $("status").className = "status" + (asked && !p.outcome ? " your-turn" : "");
    const outcome = $("outcome");
    outcome.hidden = !p.outcome || st.watched;
    outcome.textContent = st.watched ? "" : TC.outcomeText(p);
    // what comes next, once the end is shown: the next table (this page goes there by itself) or the host
    $("next-note").hidden = !!p.next_table || !(p.ended || (p.outcome && !st.watched));
    drawSetupPart(setup);
    drawTelling(p, setup ? { watched: false } : st);
    drawLesson(p);
    if (asking && !stillLegal(asking, p)) {   // the sheet asks about a play the game no longer allows
      asking = null;
      TC.closeSheet();
      TC.showRefusal(T("That play is no longer possible: the game moved on before you confirmed it."));
    }
    draw();
    // the seat alone is the page's first frame (phone.html; marked for the tests): what is under it (what
    // you can see, the events, the rules behind "Why?") follows in the next task (docs/web.md, "A slow phone's first second")
    if (drawnOnce) drawBelow();
    else { performance.mark("tc-seat-drawn"); requestAnimationFrame(function () { setTimeout(drawBelow, 0); }); }
    drawnOnce = true;
  }

  function drawBelow() {
    const p = payload;
    // "What you can see": a game that draws its view has nothing to add (or says it in its own
    // summary lines); a game without a drawing gets its view in words, open
    const viewUi = gameUI(p);
    const drawn = !!(viewUi && viewUi.phone.showView === false);
    const summary = viewUi && viewUi.phone.summary ? viewUi.phone.summary(p) : null;
    $("view-details").hidden = drawn && !(summary && summary.length);
    if (summary && summary.length) {
      const ul = TC.clear($("view")).appendChild(el("ul", { class: "view-summary" }));
      summary.forEach(function (line) { ul.append(el("li", { text: line })); });
    } else if (!drawn) {
      TC.clear($("view")).append(TC.rawNote(TC.renderValue(p.view, { words: TC.page.view_words,
                                                                      seatName: function (s) { return TC.seatName(p, s); } })));
    }
    if (!viewOpened) {
      $("view-details").open = !drawn;
      viewOpened = true;
    }
    eventLog.add(p);   // a reply, the stream and every step of the table: each line once
    if (!rulesAsked && p.game) loadRules(p.game).then(function (rules) {
      eventLog.why(function (type) { return TC.rulesNamed(rules, (rules.why || {})[type]); });
    });
  }

  /* A first game (docs/web.md "First game"): while it is this seat's turn, what it may do now, with
     the rulebook section; the plays it may make are outlined (the game-ui's "first-game" class). */
  function drawLesson(p) {
    const box = TC.clear($("lesson-now"));
    const lesson = p.lesson;
    $("game-ui").classList.toggle("first-game", !!(p.first_game && lesson));
    box.hidden = !lesson;
    if (!lesson) return;
    box.append(el("p", { class: "lesson-title", "data-key": lesson.key, text: T("Now: {title}", { title: TC.say(lesson.title) }) }),
               el("p", { class: "lesson-text", text: TC.say(lesson.text) }),
               el("p", { class: "lesson-section", text: T("Rulebook: {section}", { section: TC.say(lesson.section) }) + " · " +
                                                        T("What you may do now is outlined.") }));
  }

  /* Whether a play is still among the seat's legal plays (by its notation, else its type). */
  function stillLegal(action, p) {
    const legal = p.outcome || p.ended ? [] : (p.legal_actions || []);
    return legal.some(function (a) {
      return action.notation && a.notation ? a.notation === action.notation : a.type === action.type;
    });
  }

  /* Setting up: what this seat takes or learns (its own; no other phone sees it), the step the table
     screen shows, and Ready (the game opens when every seat is ready or the host skips). */
  function drawSetupPart(setup) {
    const box = TC.clear($("setup-part"));
    box.hidden = !setup;
    if (!setup) return;
    const shown = (setup.steps || [])[setup.step];
    box.append(el("h2", { class: "small", text: T("Setting up") }));
    if (shown) box.append(el("p", { class: "setup-step muted" }, TC.icon("screen"), " " +
      T("step {index} of {count}", { index: setup.step + 1, count: setup.steps.length }) + ": " + TC.say(shown.title)));
    const part = setup.part || [];
    if (part.length) {
      box.append(el("h3", { class: "small", text: T("Your part") }));
      const list = el("ul", { class: "setup-own" });
      part.forEach(function (line) { list.append(el("li", { text: TC.say(line) })); });
      box.append(list);
    }
    const ready = (setup.ready || []).indexOf(payload.seat) >= 0;
    box.append(el("button", { type: "button", class: "big " + (ready ? "secondary" : "primary") + " setup-ready-button",
      disabled: ready, "aria-pressed": ready ? "true" : "false", text: ready ? "✓ " + T("Ready") : T("Ready"),
      on: { click: async function () {
        const r = await TC.api("POST", base + "/ready", {});
        if (!r.ok) { TC.showRefusal(r.data.error); return; }
        TC.showRefusal("");
        show(r.data);
      } } }));
  }

  /* While the table screen is still telling (the last round, a reveal): say so, with its place,
     and let this phone move it on ("next" at the table's pace) or switch Auto. When the game says
     plays wait for it, say that too: the controls stay to plan with, a play is refused in words. */
  function drawTelling(p, st) {
    const box = TC.clear($("telling"));
    box.hidden = !st.watched;
    if (!st.watched) return;
    box.append(el("p", { class: "telling-line" }, TC.icon("screen"), " " + TC.storyLine(p)));
    if (st.hold) box.append(el("p", { class: "telling-hold", text: holdLine(p, st) }));
    const row = el("div", { class: "row" });
    row.append(el("button", { type: "button", class: "big secondary telling-next", text: T("Next step") + " ▶",
      on: { click: async function () { const r = await TC.api("POST", base + "/next"); if (!r.ok) TC.showRefusal(r.data.error); } } }));
    row.append(el("button", { type: "button", class: "big secondary telling-auto", "aria-pressed": st.auto ? "true" : "false",
      on: { click: async function () { const r = await TC.api("POST", base + "/auto", { on: !st.auto }); if (!r.ok) TC.showRefusal(r.data.error); } } },
      TC.icon(st.auto ? "pause" : "play"), " " + T("Auto")));
    box.append(row);
  }

  /* While plays wait for the table: what this phone may do now. A play it may make already is
     sealed (companion/sealing.py): stored, shown to nobody else, played once the table has shown this. */
  function holdLine(p, st) {
    if (p.sealed) return T("Your play is sealed: nobody sees it until the table has shown this.");
    if (st.seal.length) return T("You may play now: your play stays sealed until the table has shown this.");
    return T("You can plan your next play; it opens once the table has shown this.");
  }

  function draw() { keepFocus($("seat"), drawSeat); }
  TC.focusFollows($("seat"));   // a control that goes away hands the focus on (common.js)

  function drawSeat() {
    const p = payload;
    const legal = p.outcome || p.ended ? [] : (p.legal_actions || []);
    const ui = gameUI(p);
    const root = $("game-ui");
    TC.clear($("controls"));
    if (ui) {
      // What the player is composing (a path, a selection, a half-filled form) is the game page's
      // own and survives every redraw: only api.own (this phone's own play was just accepted) or a
      // change that makes it illegal ends it, and then api.drop(sentence) says why (docs/web.md).
      const api = { legal: legal, own: own, play: play, redraw: draw, drop: drop,
                    busy: function () { return busy; } };
      own = false;
      ui.phone.render(root, p, api);
      if (restoring) TC.measure(restoreDraft);   // after the page's first frame
      keepDraft();
      return;
    }
    own = false;
    drawGeneric(legal, $("controls"));
  }

  /* A field being typed in keeps the focus (and the caret) through a drawing: a game's page puts
     the same field back (or one with its id) but taking it out of the page blurs it, and a phone's
     keyboard would close mid-number, the next keystrokes lost. */
  function keepFocus(root, render) {
    const active = document.activeElement;
    const inside = active && active !== document.body && root.contains(active) ? active : null;
    let caret = null;
    try {
      if (inside && typeof inside.selectionStart === "number") caret = [inside.selectionStart, inside.selectionEnd];
    } catch (e) { caret = null; }   // a field with no caret (a number field in some browsers)
    render();
    if (!inside || document.activeElement === inside) return;
    const again = inside.isConnected ? inside : inside.id ? document.getElementById(inside.id) : twin(root, inside);
    if (!again || !root.contains(again)) return;
    again.focus({ preventScroll: true });
    try { if (caret) again.setSelectionRange(caret[0], caret[1]); } catch (e) { /* no caret here */ }
  }

  /* The same control drawn again (a piece's square, a card, a button): its tag and what names it,
     its data-* attributes and label (else its words), so a keyboard player's focus stays where it
     was (issue 40). */
  function twin(root, gone) {
    const names = Array.prototype.filter.call(gone.attributes, function (a) {
      return a.name.indexOf("data-") === 0 || a.name === "aria-label";
    });
    if (!names.length) {   // a button known by its words alone
      const words = gone.textContent.trim();
      const same = Array.prototype.filter.call(root.querySelectorAll(gone.tagName.toLowerCase()), function (e) {
        return words && e.textContent.trim() === words;
      });
      return same.length === 1 ? same[0] : null;
    }
    const esc = window.CSS && CSS.escape ? CSS.escape : function (v) { return v.replace(/["\\]/g, "\\$&"); };
    const found = root.querySelectorAll(gone.tagName.toLowerCase() + names.map(function (a) {
      return "[" + a.name + '="' + esc(a.value) + '"]';
    }).join(""));
    return found.length === 1 ? found[0] : null;
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

  /* ---------------------------------------------------------------- the unsent composition
     kept in the phone's own storage (TC.drafts; docs/web.md "What survives a power cut"): a game's
     phone.draft says what it composes ({about(payload), save(), load(state)}), and the fields
     typed in its forms are kept by id. Kept after every drawing and every tap or keystroke in
     the game's part; put back once, when the page has come again (a reload, a phone that slept). */
  function draftOf(p) {
    const ui = p ? gameUI(p) : null;
    return ui && ui.phone.draft ? ui.phone.draft : null;
  }

  function storeOf(p) {
    if (!drafts || drafts.seat !== p.seat) drafts = { seat: p.seat, store: TC.drafts(table, p.seat) };
    return drafts.store;
  }

  /* Once the seat's first drawing is on the screen, the composition kept for the decision it shows
     goes back into the game's page, drawn again with it and its typed fields. Not before: the
     phone's storage is read whole at its first touch (a slow phone's first frame waited for it;
     docs/web.md, "The fourth look"), and a seat comes back with a composition only after a reload.
     Until then nothing is kept over it (a tap, the page closing); a composition the player began
     before it is their newer one, and stays. */
  function restoreDraft() {
    if (!restoring) return;
    restoring = false;
    const d = draftOf(payload);
    let kept = d && !composition(d).composed ? storeOf(payload).load(d.about(payload)) : null;
    try {
      if (kept && kept.state !== null && kept.state !== undefined) d.load(kept.state);
    } catch (e) { kept = null; }   // kept by another version of the page: set aside
    if (kept) draw();
    if (kept && kept.fields) TC.fillFields($("game-ui"), kept.fields);
    keepDraft();
  }

  /* What the game's page holds now: the decision it answers, the game's part and the typed fields. */
  function composition(d) {
    const about = d.about(payload);
    const state = about === null || about === undefined ? null : d.save();
    const fields = about === null || about === undefined ? null : TC.typedFields($("game-ui"));
    return { about: about, state: state === undefined ? null : state, fields: fields,
             composed: (state !== null && state !== undefined) || !!fields };
  }

  function keepDraft() {
    const d = draftOf(payload);
    if (!d || restoring) return;
    const now = composition(d);
    storeOf(payload).save(now.about, now.composed ? { state: now.state, fields: now.fields } : null);
  }

  // a tap or a keystroke in the game's part may change the composition without a drawing (a form)
  ["input", "change", "click"].forEach(function (type) { $("game-ui").addEventListener(type, keepDraft); });
  window.addEventListener("pagehide", keepDraft);

  /* A composition the game no longer allows is set aside, in a sentence on the phone. */
  function drop(sentence) { TC.showRefusal(sentence); }

  /* Confirm on the sheet (unless opts.noConfirm), send, show the new view or the refusal's sentence.
     opts.onSend() runs once it is confirmed. Resolves true when the play was accepted. */

  /* A refused play's "Why?" (issue 37.6): the rules behind that kind of play (GET /api/rules/<game>,
     asked once, in this phone's language), opened in place under the refusal's sentence. */
  async function offerWhy(type, said) {
    const game = payload && payload.game;
    if (!game || !type) return;
    await loadRules(game);
    const named = TC.rulesNamed(rulesOf, (rulesOf.plays || {})[type]);
    const box = $("refusal");
    if (!named.length || box.hidden || box.textContent !== said) return;   // another sentence since
    const more = TC.whyRules(named);
    more.hidden = true;
    const button = el("button", { type: "button", id: "why", class: "secondary", "aria-expanded": "false", text: T("Why?"),
                                  on: { click: function () { more.hidden = !more.hidden; button.setAttribute("aria-expanded", String(!more.hidden)); } } });
    box.append(" ", button, more);
  }

  async function play(action, title, detail, opts) {
    opts = opts || {};
    if (busy) return false;
    if (!opts.noConfirm) {
      asking = action;
      const sure = await TC.confirm(title || T("Play this?"), detail);
      const still = asking === action;
      asking = null;
      if (!sure || !still) return false;
    }
    const held = payload ? TC.story(payload) : null;
    if (held && held.hold && held.seal.indexOf(action.type) < 0) {   // the table is telling what this play comes after
      TC.showRefusal(TC.storyLine(payload) + " " + T("You can plan your next play; it opens once the table has shown this."));
      return false;
    }
    const draft = draftOf(payload);
    const composed = draft ? JSON.stringify(draft.save() || null) : "null";   // as it was before it was sent
    if (opts.onSend) opts.onSend();
    busy = true;
    // From here the composition is on its way: a draw before the answer (the stream may bring this
    // very play first) ends it as this phone's own play, not as a change from elsewhere.
    own = true;
    TC.showRefusal("");
    // No "version": in simultaneous games the others' plays must not make a still-legal play stale;
    // legality is checked at the door, under the table's lock.
    const body = { action: TC.wire(action) };
    const r = await TC.api("POST", base + "/actions", body);
    busy = false;
    // The answer ends what it played, once: if the stream already drew this change (or a later
    // one, or the telling moved on since), that drawing ended it, and the answer is not drawn over
    // it: an older telling would come back, and "own" would wipe a composition begun since.
    if (r.ok) {
      const drawn = payload && payload.version !== undefined && r.data.version !== undefined && payload.version >= r.data.version;
      if (!drawn) { own = true; show(r.data); }
      own = false;
      return true;
    }
    own = false;
    // the companion could not be reached (a power cut, the Wi-Fi): the composition is still the
    // player's, to send again once it is back
    if (r.status === 0 && draft && composed !== "null") draft.load(JSON.parse(composed));
    TC.showRefusal(r.data.error || T("Refused"));
    if (r.data && r.data.rule) offerWhy(action.type, r.data.error || "");   // the game's rules refused it
    if (r.status === 401) { showClaim(); return false; }
    if (feed) feed.refresh();
    draw();
    return false;
  }

  // drawn as the page's scripts end: the page shows nothing before it (phone.html's scripts hold its
  // first frame, blocking="render"), so the seat is the page's first frame (docs/web.md, "A slow
  // phone's first second")
  start(TC.unpack(TC.page.first) || null);
})();
