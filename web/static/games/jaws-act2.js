//# allFunctionsCalledOnLoad
/* Jaws, Act 2 (the Orca): the phones and the table screen, as window.JawsAct2 (jaws.js hands Act 2's
   payloads here):

   - the shark's phone: the three resurface options with their numbers, its ability hand (each card's
     text), a secret choice (a chip, and a card or none) it may change by tapping until it locks it,
     which starts the crew's preparation; the chip it shows for the bait; its attack (a boat space or
     a crew member in the water, tapped on the Orca or as a button), Ramming Speed, Maul Again, the
     Domino Effect, Second Helping; the hits of the real dice when it rolls them;
   - a crew phone: a tab per crew member the seat plays; boarding and moving by tapping the Orca,
     the weapon, the target chip, bait, ready; attack or hold back, ammunition, the shark cage; the
     hits of its own rolls; and any crew phone enters what the table turned (resurface cards, gear);
   - the table screen: the Orca as of the step being shown (each event carries the board after it),
     the options with their chips, target chips, wound tracks, gear attached to the shark, the
     shark's ability card once revealed, and each step's result said on the board.

   Nothing of the shark's choice is in any payload but its own phone's. See docs/jaws.md. */
"use strict";
(function () {
  const TC = window.TC, O = window.JawsOrca;
  const T = function (m, p) { return TC.T(m, p); };
  const el = TC.el;
  const PHASE = {
    carry: TC.N("Setting up Act 2"),
    tiles: TC.N("Setting up Act 2"), tracks: TC.N("Setting up Act 2"), gear: TC.N("Setup: the crew's gear"),
    place: TC.N("Setup: the crew boards the Orca"), turn: TC.N("Phase 1: resurface options"),
    decide: TC.N("Phase 2: the shark's secret choice"), prep: TC.N("Phase 3: the crew prepares"),
    bait: TC.N("Phase 3: the crew prepares"), attack: TC.N("Phase 5: the crew attacks"), ammo: TC.N("Phase 5: the crew attacks"),
    ram: TC.N("Phase 6: the shark attacks"), bite: TC.N("Phase 6: the shark attacks"), cage: TC.N("Phase 6: the shark attacks"),
    maul: TC.N("Phase 6: the shark attacks"), domino: TC.N("Phase 6: the shark attacks"), second: TC.N("Phase 6: the shark attacks"),
    over: TC.N("The game is over"),
  };

  /* The phase a step belongs to (the table screen names the phase of the step it shows, not the
     phase the game is in by now). */
  const PHASE_OF_EVENT = {
    option: TC.N("Phase 1: resurface options"), reshuffle: TC.N("Phase 1: resurface options"),
    decide: TC.N("Phase 2: the shark's secret choice"),
    ready: TC.N("Phase 3: the crew prepares"), bait: TC.N("Phase 3: the crew prepares"), shown: TC.N("Phase 3: the crew prepares"),
    moved2: TC.N("Phase 3: the crew prepares"), weapon: TC.N("Phase 3: the crew prepares"), target: TC.N("Phase 3: the crew prepares"),
    surfaced: TC.N("Phase 4: the shark resurfaces"), ability2: TC.N("Phase 4: the shark resurfaces"),
    shaken: TC.N("Phase 4: the shark resurfaces"), retarget: TC.N("Phase 4: the shark resurfaces"),
    on_target: TC.N("Phase 4: the shark resurfaces"),
    attacks: TC.N("Phase 5: the crew attacks"), crew_hit: TC.N("Phase 5: the crew attacks"), entangled: TC.N("Phase 5: the crew attacks"),
    held: TC.N("Phase 5: the crew attacks"), ammo: TC.N("Phase 5: the crew attacks"),
    bite: TC.N("Phase 6: the shark attacks"), bitten: TC.N("Phase 6: the shark attacks"), no_bite: TC.N("Phase 6: the shark attacks"),
    tile_damaged: TC.N("Phase 6: the shark attacks"), tile_destroyed: TC.N("Phase 6: the shark attacks"), tile_held: TC.N("Phase 6: the shark attacks"),
    fell: TC.N("Phase 6: the shark attacks"), extras: TC.N("Phase 6: the shark attacks"), extra_hit: TC.N("Phase 6: the shark attacks"),
    rammed: TC.N("Phase 6: the shark attacks"), mauled: TC.N("Phase 6: the shark attacks"), domino: TC.N("Phase 6: the shark attacks"),
    second: TC.N("Phase 6: the shark attacks"), caged: TC.N("Phase 6: the shark attacks"), cage_saves: TC.N("Phase 6: the shark attacks"),
    big_mouth: TC.N("Phase 6: the shark attacks"), dived: TC.N("Phase 6: the shark attacks"),
  };

  /* The phase as the table sees it: the event being shown says which, else the view. */
  function phaseText(orca, event) {
    if (event && event.type === "rolled" && event["for"]) return event["for"] === "crew" ? T("Phase 5: the crew attacks") : T("Phase 6: the shark attacks");
    if (event && PHASE_OF_EVENT[event.type]) return T(PHASE_OF_EVENT[event.type]);
    if (orca.phase === "roll" && orca.roll) return orca.roll["for"] === "crew" ? T("Phase 5: the crew attacks") : T("Phase 6: the shark attacks");
    return T(PHASE[orca.phase] || "");
  }

  function big(text, cls, onClick, attrs) {
    return el("button", Object.assign({ type: "button", class: "big " + cls, text: text, on: { click: onClick } }, attrs || {}));
  }

  function sender(api) {
    return function (action) { api.play(action, "", "", { noConfirm: true }); };
  }

  function readingBox(p, api, roles) {
    // the payload's readers: the game's, or every person's seat when the Pi holds all of those
    const reading = p.view.orca.reading, readers = p.reading || (reading && reading.readers) || [];
    if (!reading || readers.indexOf(p.seat) < 0) return null;
    return O.readingForm(p, sender(api), { roles: roles, own: api.own });
  }

  function optionsPanel(orca, chosen, options) {
    const list = el("ul", { class: "orca-options" });
    (options || orca.options).forEach(function (o, i) {
      const chip = "ABC".charAt(i);
      list.append(el("li", { class: (chosen === chip ? "chosen" : "") + (orca.shark.baited === chip ? " shown" : ""), "data-chip": chip },
        el("span", { class: "orca-chip-badge", text: chip }), el("span", { text: o ? O.optionLine(o) : T("not turned yet") }),
        orca.shark.baited === chip ? el("span", { class: "badge", text: T("shown: not this one") }) : null));
    });
    return list;
  }

  /* The phones' crew list and shark lines (the live view: a phone shows the game as it is now). */
  function crewPanel(p) {
    const orca = p.view.orca;
    const list = el("ul", { class: "orca-crew" });
    orca.crew.forEach(function (c) {
      const style = O.ROLE[c.role];
      const weapon = c.weapon !== null && c.weapon !== undefined ? orca.gear[c.weapon] : null;
      list.append(el("li", { class: "role-" + c.role + (c.out ? " out" : "") },
        el("span", { class: "jaws-chip role-" + c.role, text: style.letter }),
        el("span", { class: "jaws-name", text: T(style.name) + " · " + TC.seatName(p, c.seat) }),
        el("span", { class: "orca-track", text: O.track(c.wounds, c.track) }),
        c.out ? el("span", { class: "badge", text: T("out of the game") }) : null,
        orca.phase === "prep" && !c.out ? el("span", { class: "badge", text: c.ready ? "✓ " + T("ready") : "… " + T("preparing") }) : null,
        weapon ? el("span", { class: "muted", text: O.gearWords(weapon) }) : null));
    });
    return list;
  }

  function sharkPanel(orca) {
    const box = sharkLines(orca, O.boardOf(orca, null));
    box.prepend(el("p", { class: "orca-track", text: T("The shark") + ": " + O.track(orca.shark.wounds, orca.shark.track) }));
    return box;
  }

  /* ------------------------------------------------------------------ the shark's phone */

  let pendingCard = null;   // the card the shark tapped before any chip

  function sharkPhone(root, p, api) {
    const view = p.view, orca = view.orca, secret = (view.secret || {}).orca || { hand: [], choice: null };
    const legal = api.legal, board = O.boardOf(orca, null);
    const boardBox = TC.clear(root.querySelector("#board")), controls = TC.clear(root.querySelector("#controls"));
    const choice = secret.choice;
    if (pendingCard && secret.hand.indexOf(pendingCard) < 0) pendingCard = null;   // no longer in the hand
    const targets = {};
    legal.forEach(function (a) {
      if (a.type === "bite") targets[a.tile ? "b" + a.tile : (orca.crew.find(function (c) { return c.role === a.crew; }) || {}).at] = function () { api.play(a, TC.say(a.label) + "?", T("The shark attacks now.")); };
      if (a.type === "ram" && a.to) targets[a.to] = function () { api.play(a, TC.say(a.label) + "?", ""); };
      if ((a.type === "second" || a.type === "domino") && a.tile) targets["b" + a.tile] = function () { api.play(a, TC.say(a.label) + "?", ""); };
    });
    boardBox.append(el("p", { class: "jaws-head", text: T("Round {round}", { round: orca.round }) + " · " + phaseText(orca) }),
      O.phoneDraw(orca, board, { secretChip: choice ? choice.chip : null, targets: targets }));
    const reading = readingBox(p, api, null);
    if (reading) controls.append(reading);
    if (orca.phase === "decide" && legal.length) {
      controls.append(el("h3", { class: "small", text: T("Choose where you resurface, in secret: nobody else sees it.") }));
      const current = choice ? choice.card : pendingCard;
      const row = el("div", { class: "jaws-buttons orca-choose" });
      orca.options.forEach(function (o, i) {
        const chip = "ABC".charAt(i);
        const mine = choice && choice.chip === chip;
        row.append(big((mine ? "✓ " : "") + O.optionLine(o), mine ? "primary" : "secondary", function () {
          pendingCard = null;
          api.play({ type: "surface", chip: chip, card: current || null }, "", "", { noConfirm: true });
        }, { "data-chip": chip, "aria-pressed": mine ? "true" : "false" }));
      });
      controls.append(row, el("h3", { class: "small", text: T("An ability card under your chip (optional)") }));
      const cards = el("div", { class: "jaws-buttons orca-hand" });
      const pickCard = function (code) {
        if (choice) api.play({ type: "surface", chip: choice.chip, card: code }, "", "", { noConfirm: true });
        else { pendingCard = code; api.redraw(); }
      };
      cards.append(big((current ? "" : "✓ ") + T("No ability card"), current ? "secondary" : "primary", function () { pickCard(null); }, { "data-card": "none" }));
      Array.from(new Set(secret.hand)).forEach(function (code) {
        const card = O.ability(orca, code);
        const button = big("", current === code ? "primary" : "secondary", function () { pickCard(code); }, { "data-card": code });
        button.append(O.titled((current === code ? "✓ " : "") + TC.say(card.title), " · " + TC.say(card.text), card.title));
        cards.append(button);
      });
      controls.append(cards);
      const lock = legal.find(function (a) { return a.type === "lock"; });
      controls.append(big(T("Lock your choice: the crew prepares"), "primary", function () {
        api.play(lock, T("Lock your choice?"), T("The crew then prepares; you cannot change it this round."));
      }, { disabled: !lock, id: "orca-lock" }));
    } else if (legal.length) {
      const head = { bait: T("Bait! Show a chip you did not choose."), ram: T("Ramming Speed: move to a water space next to you for 2 more hits, or stay."),
                     bite: T("Attack: tap a boat space next to you, or a crew member in the water."), maul: T("Maul Again: roll dice again?"),
                     domino: T("Domino Effect: which boat space takes 2 hits?"), second: T("Second Helping: attack the boat again with 2 dice?") }[orca.phase];
      if (head) controls.append(el("h3", { class: "small", text: head }));
      const row = el("div", { class: "jaws-buttons" });
      legal.forEach(function (a) {
        row.append(big(TC.say(a.label), "action", function () { api.play(a, TC.say(a.label) + "?", ""); }, { "data-notation": a.notation }));
      });
      controls.append(row);
    } else if (!reading) {
      controls.append(el("p", { class: "muted", text: orca.phase === "prep" ? T("The crew prepares. Your choice stays secret until you resurface.") : phaseText(orca) }));
    }
    if (choice) {
      const card = choice.card ? O.ability(orca, choice.card) : null;
      const said = T("Your secret choice: chip {chip} (zone {zone})", { chip: choice.chip, zone: choice.zone });
      controls.append(el("p", { class: "orca-secret" }, card ? O.titled(said + " · " + TC.say(card.title), "", card.title) : said));
    }
    controls.append(el("h3", { class: "small", text: T("Your ability cards") }));
    const hand = el("ul", { class: "orca-hand-list" });
    secret.hand.forEach(function (code) { const c = O.ability(orca, code); hand.append(el("li", {}, O.titled(TC.say(c.title), ": " + TC.say(c.text), c.title))); });
    if (!secret.hand.length) hand.append(el("li", { class: "muted", text: "—" }));
    controls.append(hand, optionsPanel(orca, choice ? choice.chip : null), sharkPanel(orca), crewPanel(p));
  }

  /* ------------------------------------------------------------------ a crew phone */

  let crewRole = null;

  function crewPhone(root, p, api) {
    const view = p.view, orca = view.orca, legal = api.legal;
    const boardBox = TC.clear(root.querySelector("#board")), controls = TC.clear(root.querySelector("#controls"));
    const mine = (view.my_roles || []).filter(function (r) { return !orca.crew.find(function (c) { return c.role === r; }).out; });
    const acting = mine.filter(function (r) { return legal.some(function (a) { return a.role === r; }); });
    if (!crewRole || mine.indexOf(crewRole) < 0 || (acting.length && acting.indexOf(crewRole) < 0)) crewRole = acting[0] || mine[0] || null;
    if (mine.length > 1) {
      const tabs = el("div", { class: "jaws-tabs", role: "tablist" });
      mine.forEach(function (r) {
        const c = orca.crew.find(function (x) { return x.role === r; });
        tabs.append(el("button", { type: "button", role: "tab", class: "tab role-" + r + (r === crewRole ? " selected" : ""), "aria-selected": r === crewRole ? "true" : "false",
          text: O.ROLE[r].letter + " " + T(O.ROLE[r].name) + (c.ready && orca.phase === "prep" ? " ✓" : ""), on: { click: function () { crewRole = r; api.redraw(); } } }));
      });
      boardBox.append(tabs);
    }
    const me = orca.crew.find(function (c) { return c.role === crewRole; }) || null;
    const my = legal.filter(function (a) { return a.role === crewRole; });
    const targets = {};
    my.forEach(function (a) {
      if (a.type === "move") targets[a.to] = function () { api.play(a, "", "", { noConfirm: true }); };
      if (a.type === "place") targets[a.at] = function () { api.play(a, TC.say(a.label) + "?", ""); };
    });
    let head = phaseText(orca);
    if (me && orca.phase === "prep" && !me.ready) head = TC.TN(me.moves_left, "{name}: {count} move left. Tap a space to move; choose a weapon and a target.",
      "{name}: {count} moves left. Tap a space to move; choose a weapon and a target.", { name: T(O.ROLE[crewRole].name) });
    if (me && orca.phase === "place" && my.length) head = T("{name}: tap a boat space to board the Orca.", { name: T(O.ROLE[crewRole].name) });
    boardBox.append(el("p", { class: "jaws-head", text: head }), O.phoneDraw(orca, O.boardOf(orca, null), { targets: targets, focus: crewRole }));
    const reading = readingBox(p, api, view.my_roles || []);
    if (reading) controls.append(reading);
    if (my.length) controls.append(memberControls(orca, me, my, api));
    else if (!reading) controls.append(el("p", { class: "muted", text: waiting(orca) }));
    if (me) {
      controls.append(el("h3", { class: "small", text: T("{name}'s gear", { name: T(O.ROLE[crewRole].name) }) }));
      const kit = el("ul", { class: "orca-kit" });
      me.kit.forEach(function (id) { kit.append(el("li", { class: id === me.weapon ? "chosen" : "", text: (id === me.weapon ? "✓ " : "") + O.gearWords(orca.gear[id]) })); });
      if (!me.kit.length) kit.append(el("li", { class: "muted", text: "—" }));
      controls.append(kit);
    }
    controls.append(optionsPanel(orca, null), sharkPanel(orca), crewPanel(p));
  }

  function waiting(orca) {
    if (orca.phase === "decide") return T("The shark is choosing where to resurface.");
    if (orca.phase === "bait") return T("The shark shows a chip it did not choose.");
    if (orca.phase === "prep") return T("Ready: waiting for the rest of the crew.");
    return T("Waiting for the others.");
  }

  function memberControls(orca, me, my, api) {
    const box = el("div", { class: "jaws-buttons orca-member" });
    const byType = function (t) { return my.filter(function (a) { return a.type === t; }); };
    if (orca.phase === "prep") {
      const weapons = byType("weapon");
      if (weapons.length) {
        box.append(el("h3", { class: "small", text: T("Weapon") }));
        weapons.forEach(function (a) { box.append(big(T("Choose: {card}", { card: O.gearWords(orca.gear[a.card]) }), "secondary", function () { api.play(a, "", "", { noConfirm: true }); }, { "data-notation": a.notation })); });
      }
      const aims = byType("target");
      if (aims.length) {
        box.append(el("h3", { class: "small", text: T("Target chip: the zone where you think the shark comes up") }));
        const row = el("div", { class: "orca-aims" });
        aims.forEach(function (a) {
          const chips = orca.options.map(function (o, i) { return o && o.zone === a.zone ? "ABC".charAt(i) : ""; }).join("");
          row.append(big(T("Zone {zone}", { zone: a.zone }) + (chips ? " (" + chips + ")" : ""), "secondary", function () { api.play(a, "", "", { noConfirm: true }); }, { "data-notation": a.notation }));
        });
        box.append(row);
      }
      byType("bait").forEach(function (a) { box.append(big(TC.say(a.label), "action", function () { api.play(a, T("Play bait?"), T("The shark must then show a chip it did not choose. One bait a round.")); })); });
      if (me.target) box.append(el("p", { class: "muted", text: T("Your target chip: zone {zone}", { zone: me.target }) }));
      byType("ready").forEach(function (a) { box.append(big(TC.say(a.label), "primary", function () { api.play(a, TC.say(a.label) + "?", T("You cannot move or change weapon or target this round after this.")); }, { "data-notation": a.notation })); });
      return box;
    }
    if (orca.phase === "attack") {
      const weapon = me.weapon !== null ? orca.gear[me.weapon] : null;
      box.append(el("p", { text: T("The shark is on your target chip. Its evade value: {evade}.", { evade: orca.shark.evade }) +
        (weapon ? " " + T("Your weapon: {card}", { card: O.gearWords(weapon) }) : "") }));
    }
    my.forEach(function (a) {
      if (a.type === "move" || a.type === "place") return;
      const confirm = a.type === "attack" || a.type === "cage";
      box.append(big(TC.say(a.label), a.type === "hold" ? "secondary" : "action", function () {
        if (confirm) api.play(a, TC.say(a.label) + "?", ""); else api.play(a, "", "", { noConfirm: true });
      }, { "data-notation": a.notation }));
    });
    return box;
  }

  /* ------------------------------------------------------------------ the table screen */

  const CAPTION = {
    tile_damaged: TC.N("damaged"), tile_destroyed: TC.N("destroyed"), tile_held: TC.N("holds"),
    surfaced: TC.N("The shark!"), fell: TC.N("in the water"), bite: TC.N("attacked"), rammed: TC.N("rams"),
  };

  /* The board as of the step the table shows (the story, docs/web.md): a step's own snapshot; in
     the middle of a change, the newest snapshot told so far (else the state before the change); at
     its last step, the state after it. Never a result before the step that tells it. */
  function boardAt(orca, step) {
    const ev = step.event;
    if (ev && ev.board) return ev.board;
    if (step.count && step.index < step.count - 1) {
      for (let i = step.index; i >= 0; i--) if (step.events[i] && step.events[i].board) return step.events[i].board;
    }
    return O.boardOf(orca, null);
  }

  /* The table's wound tracks, one line each: the shark, then the crew (a letter and a shape each). */
  function tracksPanel(p, orca, board, step) {
    // who is still preparing, as of the step: the state's, with the "ready" steps told so far in
    // this change; none once the step shown is past phase 3
    const told = step.events.slice(0, step.index + 1);
    const ready = told.filter(function (e) { return e && e.type === "ready"; }).map(function (e) { return e.role; });
    const past = told.some(function (e) { return e && /Phase [456]/.test(PHASE_OF_EVENT[e.type] || ""); });
    const preparing = orca.phase === "prep" && !past;
    const list = el("ul", { class: "orca-tracks" });
    list.append(el("li", { class: "orca-track-row shark" },
      el("span", { class: "jaws-chip orca-shark-chip", text: "S" }),
      el("span", { class: "jaws-name", text: T("The shark") }),
      el("span", { class: "orca-track", text: O.track(board.wounds.shark, orca.shark.track, true) })));
    orca.crew.forEach(function (c) {
      const style = O.ROLE[c.role], out = (board.out || []).indexOf(c.role) >= 0;
      const weapon = c.weapon !== null && c.weapon !== undefined ? orca.gear[c.weapon] : null;
      list.append(el("li", { class: "orca-track-row role-" + c.role + (out ? " out" : "") },
        el("span", { class: "jaws-chip role-" + c.role, text: style.letter }),
        el("span", { class: "jaws-name", text: T(style.name) + " · " + TC.seatName(p, c.seat) }),
        el("span", { class: "orca-track", text: O.track(board.wounds[c.role], c.track, true) }),
        out ? el("span", { class: "badge", text: T("out of the game") }) : null,
        preparing && !out ? el("span", { class: "badge", text: c.ready || ready.indexOf(c.role) >= 0 ? "✓ " + T("ready") : "… " + T("preparing") }) : null,
        weapon && !out ? el("span", { class: "muted orca-weapon", "data-fit": "drop", text: O.gearWords(weapon) }) : null));
    });
    return list;
  }

  /* The shark's hand and, once revealed, its ability card; the gear attached to it. */
  function sharkLines(orca, board) {
    const box = el("div", { class: "orca-shark-panel" });
    box.append(el("p", { text: TC.TN(board.hand, "{count} ability card in its hand", "{count} ability cards in its hand") }));
    const code = board.played === undefined ? orca.shark.played   // the view's (a code), or a step's (an index)
      : board.played >= 0 ? (orca.abilities[board.played] || {}).code : null;
    if (code) {
      const card = O.ability(orca, code);
      // its rule is the first to give way on a full screen (the step that played it said it whole)
      box.append(el("p", { class: "orca-played" }, O.titled(T("Its ability card this round: {title}", { title: TC.say(card.title) }),
        el("span", { class: "orca-played-rule", "data-fit": "drop", text: " · " + TC.say(card.text) }), card.title)));
    }
    if ((board.attached || []).length) {
      box.append(el("p", { text: T("Attached to the shark:") + " " + board.attached.map(function (id) { return O.gearWords(orca.gear[id]); }).join("; ") }));
    }
    return box;
  }

  /* The three resurface options with their chips, as of the step: the one the shark chose ringed
     once it has come up, the one bait showed struck through. */
  function tableOptions(orca, board) {
    const list = el("ul", { class: "orca-options" });
    (board.options || orca.options).forEach(function (o, i) {
      const chip = "ABC".charAt(i), shown = orca.shark.baited === chip;
      list.append(el("li", { class: (board.chip === chip ? "chosen" : "") + (shown ? " shown" : ""), "data-chip": chip },
        el("span", { class: "orca-chip-badge", text: chip }),
        el("span", { text: o ? TC.TN(o.dice, "Zone {zone}, evade {evade}, {count} die", "Zone {zone}, evade {evade}, {count} dice", { zone: o.zone, evade: o.evade }) + (o.shake_off ? " · " + T("shake-off") : "") : T("not turned yet") }),
        shown ? el("span", { class: "badge", text: T("shown: not this one") }) : null));
    });
    return list;
  }

  function tableRender(root, p, step) {
    // p is the payload as of the step shown (table.js, TC.asOf); the board as of that step
    const orca = p.view.orca, ev = step.event || {};
    const board = boardAt(orca, step);
    const hot = [];
    let caption = null;
    const zoneSpace = function (prefix, zone) { return zone ? prefix + zone : null; };
    if (ev.type === "tile_damaged" || ev.type === "tile_destroyed" || ev.type === "tile_held") {
      const s = zoneSpace(ev.type === "tile_destroyed" ? "w" : "b", ev.zone);
      hot.push(s); caption = { space: s, text: T(CAPTION[ev.type]) };
    }
    if (ev.type === "surfaced" && board.shark) { hot.push(board.shark); caption = { space: board.shark, text: T(CAPTION.surfaced) }; }
    if (ev.type === "bite" && ev.zone) { hot.push("b" + ev.zone); caption = { space: "b" + ev.zone, text: T(CAPTION.bite) }; }
    if (ev.type === "fell" && ev.zone) hot.push("w" + ev.zone);
    if (ev.type === "option" && ev.zone) hot.push("w" + ev.zone);
    if (ev.type === "moved2" && ev.space) hot.push(ev.space);
    const mapBox = el("div", { class: "jaws-map-box orca-box" }, O.draw(orca, board, { hot: hot, caption: caption, scale: 1.2 }));
    const info = el("div", { class: "jaws-info orca-info" },
      el("p", { class: "jaws-phase", text: T("Act 2") + " · " + T("Round {round}", { round: orca.round }) + " · " + phaseText(orca, ev) }),
      orca.reading ? el("p", { class: "orca-waiting", text: readingWaiting(p) }) : null,
      tableOptions(orca, board), tracksPanel(p, orca, board, step), sharkLines(orca, board),
      orca.act1 ? el("p", { class: "muted", "data-fit": "drop", text: T("Act 1: {count} swimmers eaten.", { count: orca.act1.eaten }) }) : null,
      el("p", { class: "muted jaws-legend legend", "data-fit": "last", text: T("Letters: B Brody, H Hooper, Q Quint (~ in the water), S the shark; A B C the resurface options; a ringed letter a target chip; ✕ a damaged boat tile.") }));
    root.append(el("div", { class: "jaws-big" }, mapBox, info));
    TC.clear(step.side);
    roomUnderTheBoat(mapBox, info);
  }

  /* A column too full even at its least (18 px, its optional lines gone: a German turn with a card
     played and the table asked to enter its dice) puts the shark's hand and card, whole, under the
     drawing when the screen's height leaves room there. */
  function roomUnderTheBoat(mapBox, info) {
    const shark = info.querySelector(":scope > .orca-shark-panel");
    if (!shark || !mapBox.isConnected || !TC.wouldOverflow(info, 18)) return;
    const next = shark.nextSibling;
    mapBox.append(shark);
    if (O.roomUnder(mapBox)) return;
    const rule = shark.querySelector(".orca-played-rule"), after = rule && rule.nextSibling, parent = rule && rule.parentNode;
    if (rule) rule.remove();   // without the card's rule (the step that played it said it whole)
    if (O.roomUnder(mapBox)) return;
    if (rule) parent.insertBefore(rule, after);
    info.insertBefore(shark, next);
  }

  function readingWaiting(p) {
    const r = p.view.orca.reading;
    const names = (p.reading || r.readers || []).map(function (s) { return TC.seatName(p, s); }).join(", ");
    return T("Waiting for the table to enter what it shows (the host, or {names}).", { names: names });
  }

  /* What Act 2's phones compose, for jaws.js's phone.draft: the card the shark tapped before its
     chip and the resurface card being entered (JawsOrca.draft); a form's typed fields are kept by
     phone.js itself. */
  const draft = {
    about: function (p) {
      const orca = p.view.orca, reading = orca.reading;
      return ["act 2", orca.round, orca.phase, reading ? reading.what + " " + (reading.chip || "") : ""].join(" ");
    },
    save: function () {
      const card = O.draft.save();
      return pendingCard || card ? { card: pendingCard, resurface: card } : null;
    },
    load: function (v) { pendingCard = v.card || null; if (v.resurface) O.draft.load(v.resurface); },
  };

  window.JawsAct2 = { sharkPhone: sharkPhone, crewPhone: crewPhone, table: tableRender, draft: draft };
})();
