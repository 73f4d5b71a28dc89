//# allFunctionsCalledOnLoad
/* Fzzzt!: the cards drawn as SVG pictures (power, points, symbols as shapes with their names, the
   conveyor number), the phone (your hand, tap cards to build a bid, confirm; clean-up on your
   units) and the table screen (the conveyor, every player's units and piles, the reveal with the
   tie in words, the chief mechanic, the score sheets). Registered as GameUI["fzzzt"]; see
   docs/web.md and docs/fzzzt.md for the view it draws. */
"use strict";
(function () {
  const T = function (m, p) { return window.TC.T(m, p); };
  const el = function () { return window.TC.el.apply(null, arguments); };
  const SYMBOL_NAME = { N: window.TC.N("nut"), B: window.TC.N("bolt"), C: window.TC.N("cog"), O: window.TC.N("oil") };
  const KIND = {  // fill, and the word printed on the card (never colour alone); apart under protanopia,
                  // deuteranopia and tritanopia (tests/web/test_browser_colour_blind.py)
    robot: { fill: "#3d5a80", label: window.TC.N("Robot") }, unit: { fill: "#996b3d", label: window.TC.N("Production unit") },
    fzzzt: { fill: "#8e1b1b", label: window.TC.N("Fzzzt!") }, upgrade: { fill: "#5b3a85", label: window.TC.N("Upgrade") },
    mechanic: { fill: "#4f7052", label: "Mechanic" },
  };

  const svg = function (tag, attrs, parent) { return window.TC.svg(tag, attrs, parent); };
  function text(parent, x, y, value, attrs) {
    const t = svg("text", Object.assign({ x: x, y: y, "text-anchor": "middle" }, attrs || {}), parent);
    t.textContent = value;
    return t;
  }

  /* A line on a card that must stay inside it whatever the language ("Productie-eenheid",
     "Produktionseinheit"): squeezed to ``width`` when it would be wider, never cut. */
  function fitted(parent, x, y, value, width, attrs) {
    const t = text(parent, x, y, value, attrs);
    const size = parseFloat((attrs || {})["font-size"]) || 7;
    if (value.length * size * 0.58 > width) { t.setAttribute("textLength", width); t.setAttribute("lengthAdjust", "spacingAndGlyphs"); }
    return t;
  }

  /* A symbol as a shape: nut a hexagon with a hole, bolt a head on a shaft, cog a toothed wheel,
     oil a drop; each also named under it on the card. */
  function symbolShape(parent, sym, cx, cy, r) {
    const g = svg("g", { class: "sym sym-" + sym, transform: "translate(" + cx + "," + cy + ")" }, parent);
    const line = { stroke: "#111", "stroke-width": 1.2 };
    if (sym === "N") {
      const pts = [];
      for (let i = 0; i < 6; i++) { const a = Math.PI / 3 * i; pts.push((r * Math.cos(a)).toFixed(1) + "," + (r * Math.sin(a)).toFixed(1)); }
      svg("polygon", Object.assign({ points: pts.join(" "), fill: "#cfd4da" }, line), g);
      svg("circle", Object.assign({ r: r * 0.42, fill: "#555" }, line), g);
    } else if (sym === "B") {
      svg("rect", Object.assign({ x: -r, y: -r, width: 2 * r, height: r * 0.8, rx: 1.5, fill: "#e0b84a" }, line), g);
      svg("rect", Object.assign({ x: -r * 0.35, y: -r * 0.2, width: r * 0.7, height: r * 1.2, fill: "#e0b84a" }, line), g);
      svg("path", { d: "M" + (-r * 0.35) + "," + (r * 0.25) + " L" + (r * 0.35) + "," + (r * 0.05) + " M" + (-r * 0.35) + "," + (r * 0.65) + " L" + (r * 0.35) + "," + (r * 0.45), stroke: "#111", "stroke-width": 1 }, g);
    } else if (sym === "C") {
      const pts = [];
      for (let i = 0; i < 16; i++) {
        const a = Math.PI / 8 * i, rr = i % 2 === 0 ? r : r * 0.72;
        pts.push((rr * Math.cos(a)).toFixed(1) + "," + (rr * Math.sin(a)).toFixed(1));
      }
      svg("polygon", Object.assign({ points: pts.join(" "), fill: "#9ccf8a" }, line), g);
      svg("circle", Object.assign({ r: r * 0.3, fill: "#fff" }, line), g);
    } else if (sym === "O") {
      svg("path", Object.assign({ d: "M0," + (-r) + " C" + (r * 0.9) + "," + (-r * 0.1) + " " + (r * 0.8) + "," + r + " 0," + r +
        " C" + (-r * 0.8) + "," + r + " " + (-r * 0.9) + "," + (-r * 0.1) + " 0," + (-r) + " Z", fill: "#222" }, { stroke: "#fff", "stroke-width": 1.2 }), g);
    }
    return g;
  }

  /* One card as a picture, 60 x 84 units: the kind's word on top, power (⚡) top left, conveyor
     number (▸) top right, the symbols in the middle with their names, points (★) at the bottom.
     Its words in four sizes only (5.5, 7 bold, 11 bold, 24): every size of a font a page uses is
     set up once, slowly, on its first use (docs/web.md, "A slow phone's first second"). */
  function cardSVG(card, opts) {
    opts = opts || {};
    const kind = KIND[card.kind] || KIND.robot;
    const words = describe(card);   // once: its words are a third of a card's drawing on a slow phone
    const root = svg("svg", { viewBox: "0 0 60 84", class: "fz-card kind-" + card.kind + (opts.cls ? " " + opts.cls : ""),
                              role: "img", "aria-label": words, "data-card": card.id });
    svg("title", {}, root).textContent = words;
    svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: kind.fill, stroke: "#fff", "stroke-width": 1.5 }, root);
    let label = T(kind.label);
    if (card.kind === "mechanic") label = T("Mechanic {number}", { number: (card.id || "").slice(1) });
    fitted(root, 30, 12, label, 54, { class: "fz-kind", "font-size": 7, fill: "#fff", "font-weight": 700 });
    if (card.kind !== "unit") {
      svg("circle", { cx: 11, cy: 23, r: 8.5, fill: "#ffd400", stroke: "#111" }, root);
      text(root, 11, 27, String(card.power), { class: "fz-power", "font-size": 11, "font-weight": 700, fill: "#111" });
      text(root, 11, 37, "⚡", { "font-size": 5.5, fill: "#ffd400", "aria-hidden": "true" });   // a sign: its number says it
    }
    if (card.conveyor) {
      svg("rect", { x: 41, y: 15, width: 15, height: 13, rx: 2, fill: "#111", stroke: "#fff", "stroke-width": 0.8 }, root);
      text(root, 48.5, 25, "▸" + card.conveyor, { class: "fz-conveyor-number", "font-size": 7, fill: "#fff", "font-weight": 700 });
    }
    const syms = (card.symbols || "").split("").filter(Boolean);
    if (card.kind === "upgrade") {
      text(root, 30, 48, "★", { "font-size": 24, fill: "#ffd400", "aria-hidden": "true" });
      text(root, 30, 60, T("any symbol"), { "font-size": 5.5, fill: "#fff" });
    } else if (card.kind === "fzzzt") {
      text(root, 30, 55, "⚡", { "font-size": 24, fill: "#ffd400", "aria-hidden": "true" });
    } else if (syms.length) {
      const cols = syms.length > 2 ? 2 : syms.length, rows = Math.ceil(syms.length / cols);
      syms.forEach(function (s, i) {
        const col = i % cols, row = Math.floor(i / cols);
        const cx = 30 + (col - (cols - 1) / 2) * 24, cy = (rows > 1 ? 37 : 47) + row * 17;
        const r = rows > 1 ? 5.5 : 6.5;
        symbolShape(root, s, cx, cy, r);
        text(root, cx, cy + r + 5.5, T(SYMBOL_NAME[s]), { "font-size": 5.5, fill: "#fff" });
      });
    }
    // points: a robot's value, a unit's value per widget, a Fzzzt card's -1
    svg("rect", { x: 4, y: 70, width: 52, height: 11, rx: 3, fill: "rgba(0,0,0,.45)" }, root);
    const pts = card.kind === "unit" ? T("★{points} per widget", { points: card.points }) : "★ " + card.points;
    fitted(root, 30, 78.5, pts, 50, { class: "fz-points", "font-size": 7, fill: "#fff", "font-weight": 700 });
    if (card.confidence && card.confidence !== "HIGH" && opts.confidence) {
      text(root, 54, 67, card.confidence === "TABLE" ? "T" : "?", { "font-size": 5.5, fill: "#fff" });   // 4.6:1 on a unit
    }
    return root;
  }

  function describe(card) {
    const syms = (card.symbols || "").split("").filter(Boolean).map(function (s) { return T(SYMBOL_NAME[s]); }).join("+");
    if (card.kind === "unit") return T("Production unit {symbols}: {points} per widget", { symbols: syms, points: card.points });
    if (card.kind === "fzzzt") return T("Fzzzt! card: power {power}, {points} point", { power: card.power, points: card.points });
    if (card.kind === "upgrade") return T("Robot upgrade: serves any symbol, power {power}", { power: card.power });
    if (card.kind === "mechanic") return card.label ? TC.say(card.label) : T("Mechanic");
    return TC.TN(card.points, "Robot {symbols}: power {power}, {count} point", "Robot {symbols}: power {power}, {count} points", { symbols: syms, power: card.power });
  }

  /* ------------------------------------------------------------------ read across a table
     The table screen is read from a chair: every mark at least 18 px. Its cards (84 px and more)
     show power, points and the conveyor number big and the symbols as shapes (named in the legend
     beside them); a unit has a double frame. Where many cards meet (units, bids, score sheets) a
     card is a chip: its power, symbols and points in one line of text and shapes. */
  let tv = false;   // drawing the table screen (tableRender) rather than a phone

  function tvCardSVG(card, opts) {
    opts = opts || {};
    const kind = KIND[card.kind] || KIND.robot;
    const root = svg("svg", { viewBox: "0 0 60 84", class: "fz-card fz-tv kind-" + card.kind + (opts.cls ? " " + opts.cls : ""),
                              role: "img", "aria-label": describe(card), "data-card": card.id });
    svg("title", {}, root).textContent = describe(card);
    svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: kind.fill, stroke: "#fff", "stroke-width": 1.5 }, root);
    if (card.kind === "unit") svg("rect", { x: 4.5, y: 4.5, width: 51, height: 75, rx: 4, fill: "none", stroke: "#fff", "stroke-width": 1.2 }, root);
    if (card.kind !== "unit") {
      svg("circle", { cx: 14, cy: 15, r: 11.5, fill: "#ffd400", stroke: "#111" }, root);
      text(root, 14, 20, String(card.power), { class: "fz-power", "font-size": 15, "font-weight": 700, fill: "#111" });
    }
    if (card.conveyor) {
      svg("rect", { x: 34, y: 5, width: 22, height: 18, rx: 3, fill: "#111", stroke: "#fff", "stroke-width": 0.8 }, root);
      text(root, 45, 19, "▸" + card.conveyor, { class: "fz-conveyor-number", "font-size": 13, fill: "#fff", "font-weight": 700 });
    }
    const syms = (card.symbols || "").split("").filter(Boolean);
    if (card.kind === "upgrade") text(root, 30, 56, "★", { "font-size": 30, fill: "#ffd400" });
    else if (card.kind === "fzzzt") text(root, 30, 58, "⚡", { "font-size": 30, fill: "#ffd400" });
    else if (card.kind === "mechanic") {   // the word and its number, as the card prints them (never "M3")
      fitted(root, 30, 44, T("Mechanic"), 52, { class: "fz-kind", "font-size": 13, fill: "#fff", "font-weight": 700 });
      text(root, 30, 63, (card.id || "").slice(1), { "font-size": 20, fill: "#fff", "font-weight": 700 });
    }
    else {
      const cols = syms.length > 2 ? 2 : Math.max(syms.length, 1), rows = Math.ceil(syms.length / cols);
      syms.forEach(function (sym, i) {
        const col = i % cols, row = Math.floor(i / cols);
        symbolShape(root, sym, 30 + (col - (cols - 1) / 2) * 22, (rows > 1 ? 36 : 45) + row * 19, 8);
      });
    }
    svg("rect", { x: 4, y: 65, width: 52, height: 16, rx: 3, fill: "rgba(0,0,0,.5)" }, root);
    text(root, 30, 78, "★" + card.points, { class: "fz-points", "font-size": 14, fill: "#fff", "font-weight": 700 });
    return root;
  }

  /* A symbol as a little picture of its own (a chip's symbols), named in its title. */
  function symbolIcon(sym) {
    const root = svg("svg", { viewBox: "-10 -10 20 20", class: "fz-sym-icon", role: "img", "aria-label": T(SYMBOL_NAME[sym] || sym) });
    svg("title", {}, root).textContent = T(SYMBOL_NAME[sym] || sym);
    symbolShape(root, sym, 0, 0, 8.5);
    return root;
  }

  /* A card as one line: its kind's colour, power ⚡, its symbols as shapes, its points ★. */
  function cardChip(card) {
    const chip = el("span", { class: "fz-chip kind-" + card.kind, "data-card": card.id, title: describe(card) });
    if (card.kind === "mechanic") chip.append(el("span", { class: "fz-chip-name", text: T("Mechanic {number}", { number: (card.id || "").slice(1) }) }));
    if (card.kind !== "unit") chip.append(el("span", { class: "fz-chip-power", text: "⚡" + card.power }));
    (card.symbols || "").split("").filter(Boolean).forEach(function (sym) { chip.append(symbolIcon(sym)); });
    if (card.kind === "upgrade") chip.append(el("span", { text: "★?" }));
    chip.append(el("span", { class: "fz-chip-points", text: "★" + card.points }));
    return chip;
  }

  function pic(card, opts) { return tv ? tvCardSVG(card, opts) : cardSVG(card, opts); }

  /* A face-down card: the back, so counts read as cards. */
  function backSVG(cls) {
    const root = svg("svg", { viewBox: "0 0 60 84", class: "fz-card fz-back " + (cls || ""), role: "img", "aria-label": T("a face-down card") });
    svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: "#444b55", stroke: "#fff", "stroke-width": 1.5 }, root);
    svg("path", { d: "M8,10 L52,74 M52,10 L8,74", stroke: "#6b7482", "stroke-width": 3 }, root);
    text(root, 30, 49, "?", { "font-size": 24, fill: "#ddd" });
    return root;
  }

  function seatName(p, seat) { return window.TC.seatName(p, seat); }
  function power(cards) { return cards.reduce(function (n, c) { return n + (c.power || 0); }, 0); }
  function chiefMark() { return el("span", { class: "fz-chief", title: T("chief mechanic") }, "⚙ " + T("chief mechanic")); }

  /* Who bid how much and who won, from view.last or a reveal event; tie sentence from the event. */
  function revealBox(p, last, sentence, compact) {
    if (!last) return null;
    const card = last.card && typeof last.card === "object" ? last.card : cardOf(p, last.card);
    const box = el("div", { class: "fz-reveal" + (compact ? " compact" : "") },
      el("h3", { class: "small", text: T("Last auction") }));
    const head = el("div", { class: "fz-reveal-head" });
    if (card) head.append(pic(card, { cls: "won" }));
    head.append(el("p", { class: "fz-winner" }, "★ " + T("{name} won it.", { name: seatName(p, last.winner) })));
    box.append(head);
    if (sentence) box.append(el("p", { class: "fz-tie-sentence", text: sentence }));
    const bids = last.bids || {};
    const powers = last.powers || {};
    const rows = el("ul", { class: "fz-bids" });
    Object.keys(bids).sort().forEach(function (s) {
      const seat = parseInt(s, 10);
      const cards = (bids[s] || []).map(function (c) { return typeof c === "object" ? c : cardOf(p, c) || { id: c, kind: "robot", power: 0, points: 0, symbols: "" }; });
      const li = el("li", { class: "fz-bid" + (seat === last.winner ? " winner" : ""), "data-seat": seat },
        el("span", { class: "fz-bid-name", text: (seat === last.winner ? "★ " : "") + seatName(p, seat) }),
        el("span", { class: "fz-bid-power", text: T("power {power}", { power: powers[s] !== undefined ? powers[s] : power(cards) }) }));
      const row = el("span", { class: "fz-cards small" });
      cards.forEach(function (c) { row.append(tv ? cardChip(c) : cardSVG(c)); });
      li.append(row);
      rows.append(li);
    });
    box.append(rows);
    return box;
  }

  function cardOf(p, id) {
    const v = p.view || {};
    if (v.cards && v.cards[id]) return v.cards[id];
    const pools = [].concat(v.conveyor ? v.conveyor.open : [], (v.you && v.you.hand) || []);
    (v.players || []).forEach(function (pl) { (pl.units || []).forEach(function (u) { pools.push(u.card); pools.push.apply(pools, u.robots); }); });
    if (v.last) { pools.push(v.last.card); Object.keys(v.last.bids || {}).forEach(function (s) { pools.push.apply(pools, v.last.bids[s]); }); }
    return pools.find(function (c) { return c && c.id === id; }) || null;
  }

  function lastRevealSentence(p) {
    const ev = (p.events || []).filter(function (e) { return e.type === "reveal"; }).pop();
    return ev ? window.TC.say(ev.say) : "";
  }

  /* ================================================================== the phone */
  let chosen = [];  // ids of the cards in the bid being built

  function phoneRender(root, p, api) {
    tv = false;
    const v = p.view;
    const board = window.TC.clear(root.querySelector("#board"));
    const controls = root.querySelector("#controls");
    const you = v.you || { hand: [] };
    const hand = you.hand || [];
    // the bid being built survives every update from elsewhere; a card that left the hand leaves it
    if (api.own) chosen = [];
    const kept = chosen.filter(function (id) { return hand.some(function (c) { return c.id === id; }); });
    if (kept.length < chosen.length) api.drop(T("A card you chose for your bid is no longer in your hand."));
    chosen = kept;

    if (v.phase === "over" && v.scores) {  // the end: the score sheets, yours first
      controls.append(scoreSheets(p, v, p.seat));
      return;
    }
    // the auction: the head card, and the others at the table
    board.append(conveyorStrip(v, true));
    board.append(playersList(p, v, true));

    const legal = api.legal;
    const bidding = legal.some(function (a) { return a.type === "bid"; });
    if (v.phase === "bid" && you.bid) {
      controls.append(el("div", { class: "fz-mybid" },
        el("h3", { class: "small", text: T("Your bid (face down)") }),
        cardRow(you.bid),
        el("p", { class: "fz-power-line", text: T("Power {power}: waiting for the others.", { power: you.bid_power }) })));
    }
    if (bidding) controls.append(bidBuilder(p, hand, api));
    else if (v.phase === "bid" && !you.bid && !hand.length && !p.outcome)
      controls.append(el("p", { class: "hint", text: T("You have no cards in your hand, so you cannot bid until the next reshuffle.") }));
    else if (v.phase === "bid" && !you.bid && !p.outcome)
      controls.append(el("p", { class: "hint fz-wait-turn", text: T("Bids go clockwise from the chief mechanic: your turn to bid comes.") }));
    if (v.phase === "cleanup" || legal.some(function (a) { return a.type === "assign"; })) controls.append(cleanupBox(p, v, legal, api));
    const others = legal.filter(function (a) { return a.type !== "bid" && a.type !== "assign" && a.type !== "done"; });
    if (others.length) {
      const drawing = others.every(function (a) { return a.type === "draw"; });
      const turning = others.every(function (a) { return a.type === "turn"; });
      const box = el("div", { class: "group" + (turning ? " fz-turning" : "") }, el("h3", { class: "small",
        text: drawing ? T("Which cards did you draw? Tap each one ({count} in hand so far).", { count: hand.length })
          : turning ? T("You are the chief mechanic: turn the next conveyor card and tap it ({count} kinds of card still in the deck).", { count: others.length })
          : T("Your plays") }));
      others.forEach(function (a) {
        const label = a.label ? window.TC.say(a.label) : a.notation;
        box.append(el("button", { type: "button", class: "big action", "data-notation": a.notation || "", text: label,
          on: { click: function () { api.play(a, label, ""); } } }));
      });
      controls.append(box);
    }
    if (!bidding && v.phase !== "cleanup") {
      if (hand.length) {
        controls.append(el("h3", { class: "small", text: T("Your hand") }), cardRow(hand, "fz-hand"));
      }
      if (v.last) controls.append(revealBox(p, v.last, lastRevealSentence(p), true));
    } else if (v.last && bidding) {
      controls.append(revealBox(p, v.last, lastRevealSentence(p), true));
    }
    if (!legal.length && !controls.childNodes.length) controls.append(el("p", { class: "muted", text: T("Nothing to do right now.") }));
  }

  function cardRow(cards, cls) {
    const row = el("div", { class: "fz-cards " + (cls || "") });
    (cards || []).forEach(function (c) { row.append(cardSVG(c)); });
    return row;
  }

  /* Tap cards to put them in the bid or take them out; the power adds up; confirm to bid. A tap
     changes the builder in place (the card's mark, the power, the buttons): nothing else is drawn
     again, so a slow phone answers it at once (docs/web.md, "A slow phone's first second"). */
  function bidBuilder(p, hand, api) {
    const box = el("div", { class: "fz-builder" },
      el("h3", { class: "small", text: T("Your hand: tap cards to build your bid") }));
    const grid = el("div", { class: "fz-cards fz-hand selectable" });
    const line = el("p", { class: "fz-power-line" }), row = el("div", { class: "row" });
    const picks = hand.map(function (c) {
      const b = el("button", { type: "button", class: "fz-pick", "data-card": c.id,
        on: { click: function () {
          if (api.busy()) return;
          const i = chosen.indexOf(c.id);
          if (i >= 0) chosen.splice(i, 1); else chosen.push(c.id);
          show();
        } } }, cardSVG(c), el("span", { class: "fz-pick-mark" }));
      grid.append(b);
      return b;
    });
    function show() {
      hand.forEach(function (c, i) {
        const on = chosen.indexOf(c.id) >= 0;
        picks[i].classList.toggle("chosen", on);
        picks[i].setAttribute("aria-pressed", on ? "true" : "false");
        picks[i].lastChild.textContent = on ? "✓ " + T("in bid") : "";
      });
      const cards = hand.filter(function (c) { return chosen.indexOf(c.id) >= 0; });
      const total = power(cards);
      line.setAttribute("data-power", total);
      line.textContent = cards.length ? TC.TN(cards.length, "Your bid: {count} card, power {power}.", "Your bid: {count} cards, power {power}.", { power: total })
                                      : T("No cards chosen yet.");
      TC.clear(row).append(
        el("button", { type: "button", class: "big secondary", disabled: !cards.length, text: T("Clear"),
          on: { click: function () { chosen = []; show(); } } }),
        el("button", { type: "button", id: "fz-bid", class: "big primary", disabled: !cards.length,
          text: TC.TN(cards.length, "Bid {count} card", "Bid {count} cards"),
          on: { click: function () {
            const names = cards.map(function (c) { return TC.say(c.label); }).join(", ");
            const action = { type: "bid", cards: cards.map(function (c) { return c.id; }).sort() };
            api.play(action, T("Bid power {power}?", { power: total }),
                     T("{cards}. Face down until everyone has bid; you cannot change it after this.", { cards: names }),
                     { onSend: function () { chosen = []; } });
          } } }));
    }
    show();
    box.append(grid, line, row);
    return box;
  }

  /* Clean-up: each of your units with what is on it, and the cards that fit it (from the legal plays). */
  function cleanupBox(p, v, legal, api) {
    const me = (v.players || [])[p.seat] || { units: [] };
    const box = el("div", { class: "fz-cleanup" }, el("h3", { class: "small", text: T("Clean-up: put one matching card on each production unit") }));
    const fits = {};
    legal.forEach(function (a) { if (a.type === "assign") (fits[a.unit] = fits[a.unit] || []).push(a); });
    const hand = (v.you && v.you.hand) || [];
    if (!me.units.length) box.append(el("p", { class: "hint", text: T("You have no production units.") }));
    me.units.forEach(function (u) {
      const row = el("div", { class: "fz-unit-row", "data-unit": u.card.id }, cardSVG(u.card));
      const right = el("div", { class: "fz-unit-right" });
      if (u.robots.length) right.append(el("span", { class: "muted small", text: T("On it:") }), cardRow(u.robots, "small fz-on-it"));
      const options = fits[u.card.id] || [];
      if (options.length) {
        right.append(el("span", { class: "small", text: T("Fits (tap one to put it on):") }));
        const opts = el("div", { class: "fz-cards small" });
        options.forEach(function (a) {
          const c = hand.find(function (h) { return h.id === a.card; }) || { id: a.card, kind: "robot", power: 0, points: 0, symbols: "" };
          opts.append(el("button", { type: "button", class: "fz-pick", "data-assign": a.notation,
            on: { click: function () { api.play(a, window.TC.say(a.label) + "?", T("The card stays on this unit for the rest of the game.")); } } },
            cardSVG(c)));
        });
        right.append(opts);
      } else if (legal.length) {
        right.append(el("span", { class: "muted small", text: T("No card in your hand fits (or it already got one this round).") }));
      }
      row.append(right);
      box.append(row);
    });
    const done = legal.find(function (a) { return a.type === "done"; });
    if (done) box.append(el("button", { type: "button", id: "fz-done", class: "big primary", text: window.TC.say(done.label),
      on: { click: function () { api.play(done, window.TC.say(done.label) + "?", ""); } } }));
    else if (v.phase === "cleanup") box.append(el("p", { class: "hint", text: T("Done: waiting for the others.") }));
    return box;
  }

  /* ================================================================== shared parts */

  function conveyorStrip(v, compact) {
    const c = v.conveyor || { open: [], face_down: 0, deck: 0 };
    const box = el("div", { class: "fz-conveyor" + (compact ? " compact" : "") });
    box.append(el("h3", { class: "small", text: T("Conveyor (round {round})", { round: v.round }) }));
    const row = el("div", { class: "fz-belt" });
    (c.open || []).forEach(function (card, i) {
      const slot = el("div", { class: "fz-slot" + (i === 0 && v.phase === "bid" ? " head" : "") });
      slot.append(pic(card));
      if (i === 0 && v.phase === "bid") slot.append(el("span", { class: "fz-slot-label", text: "▲ " + T("up for auction") }));
      row.append(slot);
    });
    const shownBacks = Math.min(c.face_down || 0, compact ? 2 : 8);
    for (let i = 0; i < shownBacks; i++) row.append(el("div", { class: "fz-slot down" }, backSVG()));
    box.append(row);
    box.append(el("p", { class: "fz-count", text: T("{down} face down on the conveyor · {deck} in the deck", { down: c.face_down || 0, deck: c.deck || 0 }) }));
    return box;
  }

  function playersList(p, v, compact) {
    const ul = el("ul", { class: "fz-players" + (compact ? " compact" : "") });
    (v.players || []).forEach(function (pl) {
      const me = pl.seat === p.seat;
      let bid;
      if (v.phase !== "bid") bid = "";
      else if (pl.bid_count !== null && pl.bid_count !== undefined) bid = "✓ " + TC.TN(pl.bid_count, "bid {count} card", "bid {count} cards");
      else if (pl.thinking) bid = "… " + T("still thinking");
      else if (!pl.hand_count) bid = "✗ " + T("no cards: cannot bid");
      const li = el("li", { class: "fz-player" + (pl.thinking ? " thinking" : "") + (me ? " me" : ""), "data-seat": pl.seat },
        el("span", { class: "fz-name", text: seatName(p, pl.seat) + (me ? " (" + T("you") + ")" : "") }),
        pl.chief ? chiefMark() : null,
        // on a crowded table screen the counts give way to the production units (each player's phone has them)
        el("span", { class: "fz-counts", "data-fit": tv ? "drop" : null, text: T("{hand} in hand · {pile} in pile", { hand: pl.hand_count, pile: pl.pile_count }) }),
        bid ? el("span", { class: "fz-bidstate", "data-bid-count": pl.bid_count === null ? "" : pl.bid_count, text: bid }) : null);
      if (!compact) {
        const units = el("div", { class: "fz-units" });
        (pl.units || []).forEach(function (u) {
          if (tv) {   // a unit as a chip, the robots on it as chips beside it
            const g = el("div", { class: "fz-unit fz-unit-chips" }, cardChip(u.card));
            u.robots.forEach(function (r) { g.append(cardChip(r)); });
            units.append(g);
            return;
          }
          const g = el("div", { class: "fz-unit" }, cardSVG(u.card));
          if (u.robots.length) g.append(el("div", { class: "fz-pinned" }, cardRow(u.robots, "tiny")));
          units.append(g);
        });
        if (!(pl.units || []).length) units.append(el("span", { class: "muted small", "data-fit": "last", text: T("no production units yet") }));   // the first to go on a crowded TV
        li.append(units);
      } else if ((pl.units || []).length) {
        li.append(el("span", { class: "fz-counts", text: TC.TN(pl.units.length, "{count} unit", "{count} units") }));
      }
      ul.append(li);
    });
    return ul;
  }

  /* The score sheet per player: card points, Fzzzt cards, each unit's widgets as pictures, the sum. */
  function scoreSheets(p, v, mine) {
    const box = el("div", { class: "fz-sheets" });
    const winners = (p.outcome && p.outcome.winners) || [];
    (v.scores || []).slice().sort(function (a, b) { return (a.seat === mine ? -1 : 0) - (b.seat === mine ? -1 : 0); }).forEach(function (sh) {
      const card = el("section", { class: "fz-sheet" + (winners.indexOf(sh.seat) >= 0 ? " winner" : ""), "data-seat": sh.seat });
      card.append(el("h3", { text: (winners.indexOf(sh.seat) >= 0 ? "★ " : "") + seatName(p, sh.seat) + " · " + T("{total} points", { total: sh.total }) }));
      card.append(el("p", { class: "fz-arith", text: sh.arithmetic }));  // the sum first: it is what people look for
      card.append(el("p", { class: "fz-line", text: T("Robot cards: {points} points ({count} cards)", { points: sh.robot_points, count: sh.robots }) }));
      if (sh.fzzzt) card.append(el("p", { class: "fz-line", text: T("Fzzzt! cards: {points}", { points: sh.fzzzt }) }));
      (sh.units || []).forEach(function (u) {
        const unitCard = cardOf(p, u.unit) || { id: u.unit, kind: "unit", points: u.value, symbols: u.symbols, conveyor: 0 };
        const row = el("div", { class: "fz-sheet-unit" }, tv ? cardChip(unitCard) : cardSVG(unitCard, { cls: "unit" }));
        const right = el("div", { class: "fz-widgets" });
        if (!u.widgets.length) right.append(el("p", { class: "fz-line", text: T("No widget: -{value}", { value: u.value }) }));
        u.widgets.forEach(function (w, i) {
          if (tv) {   // a widget as its robots' symbols in one bracket (each robot named in its title)
            const chip = el("span", { class: "fz-widget-chip", title: T("Widget {n}", { n: i + 1 }) });
            w.forEach(function (part) {
              const c = cardOf(p, part.card);
              const icon = symbolIcon(part.symbol);
              if (c) icon.querySelector("title").textContent = describe(c);
              chip.append(icon);
            });
            right.append(chip);
            return;
          }
          const wbox = el("div", { class: "fz-widget" }, el("span", { class: "small", text: T("Widget {n}", { n: i + 1 }) }));
          const cards = el("div", { class: "fz-cards tiny" });
          w.forEach(function (part) {
            const c = cardOf(p, part.card) || { id: part.card, kind: "robot", power: 0, points: 0, symbols: part.symbol };
            const fig = el("figure", { class: "fz-part" }, cardSVG(c), el("figcaption", { text: T(SYMBOL_NAME[part.symbol] || part.symbol) }));
            cards.append(fig);
          });
          wbox.append(cards);
          right.append(wbox);
        });
        if (u.widgets.length) right.append(el("p", { class: "fz-line", text: TC.TN(u.widgets.length, "{count} widget × {value} = {score}", "{count} widgets × {value} = {score}", { value: u.value, score: u.score }) }));
        row.append(right);
        card.append(row);
      });
      box.append(card);
    });
    if (winners.length > 1) box.append(el("p", { class: "hint", text: T("Tied on points and robot cards: the win is shared.") }));
    return box;
  }

  /* ================================================================== the table screen */

  /* The conveyor across the top; the players (units, piles, bids, the chief) and the auction
     beside each other below. The event being shown is drawn: a reveal shows every bid, the winner,
     the tie decision in words and where the chief mechanic marker went. */
  /* Setting up (table.js step.setup): what the step names, outlined AND labelled in words. */
  function markSetup(wrap, v, marks) {
    function mark(node, label, tagHere) {   // the outline takes no room; the label goes on a line that has it
      if (!node) return;
      node.classList.add("setup-mark");
      (tagHere || node).append(" ", el("span", { class: "setup-mark-tag", text: label }));
    }
    const heading = wrap.querySelector(".fz-conveyor h3");
    if (marks.indexOf("mechanics") >= 0) {
      (v.players || []).forEach(function (pl) {
        if (pl.mechanic) mark(wrap.querySelector('.fz-player[data-seat="' + pl.seat + '"] .fz-name'), T("mechanic card {number}", { number: pl.mechanic }));
      });
    }
    if (marks.indexOf("hands") >= 0) wrap.querySelectorAll(".fz-player .fz-counts").forEach(function (n) { mark(n, T("hand")); });
    if (marks.indexOf("deck") >= 0) mark(wrap.querySelector(".fz-count"), "▼ " + T("conveyor deck"), heading);
    if (marks.indexOf("conveyor") >= 0) mark(wrap.querySelector(".fz-belt"), "▼ " + T("the conveyor"), heading);
  }

  function tableRender(root, p, step) {
    tv = true;
    const v = p.view;
    window.TC.clear(root);
    const side = window.TC.clear(step.side);
    if (v.phase === "over" && v.scores) {
      root.append(el("div", { class: "fz-table over" }, el("h2", { text: T("Final scores") }), scoreSheets(p, v, -1)));
      return;
    }
    const wrap = el("div", { class: "fz-table" });
    wrap.append(conveyorStrip(v, false));
    wrap.append(playersList(p, v, false));
    const ev = step.event;
    let box = null;
    if (ev && ev.type === "reveal") {
      const last = { card: cardOf(p, ev.card) || ev.card, winner: ev.winner, bids: ev.bids, powers: ev.powers };
      box = revealBox(p, last, "", false);  // the tie in words is the sentence beside it, in the event list
      box.classList.add("now");
      if (ev.tie) box.prepend(el("p", { class: "fz-tie-flag", text: "⚖ " + T("A tie!") }));
      if (ev.chief !== ev.chief_before) box.append(el("p", { class: "fz-chief-change" }, chiefMark(), " " + T("{old} → {new}", { old: seatName(p, ev.chief_before), new: seatName(p, ev.chief) })));
    } else if (v.last) {
      box = revealBox(p, v.last, "", true);
    }
    wrap.append(box || el("div", { class: "fz-reveal empty muted", text: T("No auction yet.") }));
    root.append(wrap);
    // the conveyor stays one row on the table screen: a face-down card that would begin a second
    // row is left out (the line under the conveyor counts them all), its room the players'
    const belt = wrap.querySelector(".fz-belt"), first = belt && belt.firstElementChild;
    if (first) {
      const backs = belt.querySelectorAll(".fz-slot.down"), line = first.offsetTop + first.offsetHeight;
      for (let i = backs.length - 1; i >= 0 && backs[i].offsetTop >= line; i--) backs[i].remove();
    }
    if (step.setup) markSetup(wrap, v, step.setup.marks || []);
    side.append(el("p", { class: "legend muted", "data-fit": "last", text: T("Cards: ⚡ power (top left), ▸ conveyor number (top right), ★ points (a production unit, in a double frame: per widget); symbols: hexagon nut, bolt, toothed cog, drop of oil.") }));
  }

  window.GameUI = window.GameUI || {};
  window.GameUI.fzzzt = {
    accepts: function (p) { return !!(p.view && p.view.game === "fzzzt" && p.view.conveyor); },
    phone: { showView: false, render: phoneRender,
             // the bid being built, kept for this card's auction in the phone's storage (phone.js, TC.drafts)
             draft: { about: function (p) { const c = p.view.conveyor || {}; return ["bid", p.view.round, c.head ? c.head.id : "", c.deck, c.face_down].join(" "); },
                      save: function () { return chosen.length ? chosen.slice() : null; },
                      load: function (ids) { chosen = Array.isArray(ids) ? ids : []; } } },
    table: { render: tableRender },
    cardSVG: cardSVG,
  };
})();
