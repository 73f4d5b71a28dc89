//# allFunctionsCalledOnLoad
/* Sharks with Lasers: the board as SVG (agents in their seat's colour WITH their seat number,
   sharks white / grey / black WITH a letter and a shape, every facing drawn as an arrow; the boat,
   the beach, open water and the start zone marked) and the game's page parts, registered as
   GameUI["sharks-with-lasers"]:

   - the phone: the hand with both faces of every card; tap a card, then a target (your agent or a
     shark); the sheet lets you change your mind before it is sent; pass; before the round the
     specials; mid-resolution choices as big buttons; the board follows the resolution (step back
     and forth through the last one);
   - the table screen: the board AS OF the event being shown (the view is the board after the
     change; the events after the current one are undone from it, see boardAt), the beam of a shot
     drawn square by square, deaths marked, the cards turned over so far, the stacks, who passed,
     the death counters.

   See docs/web.md ("A game's own page parts") and docs/sharks-with-lasers.md (view and events). */
"use strict";
(function () {
  const CELL = 40, M = 24;
  const SHARKS = ["white", "grey", "black"];
  const SHARK_STYLE = {
    white: { fill: "#f7f7f7", stroke: "#222", text: "#111", name: window.TC.N("White shark"), shape: "circle" },
    grey: { fill: "#8d949c", stroke: "#111", text: "#111", name: window.TC.N("Grey shark"), shape: "diamond" },
    black: { fill: "#1b1b1b", stroke: "#f2f2f2", text: "#fff", name: window.TC.N("Black shark"), shape: "square" },
  };
  // seat colours: always drawn with the seat's number (never colour alone)
  const SEATS = [
    { name: window.TC.N("Red"), colour: "red", fill: "#d0342c" },
    { name: window.TC.N("Blue"), colour: "blue", fill: "#1f62c9" },
    { name: window.TC.N("Green"), colour: "green", fill: "#1d8a3a" },
    { name: window.TC.N("Orange"), colour: "orange", fill: "#e07b00", text: "#111" },   // white on it: 3.0:1
  ];
  const ANGLE = { N: 0, E: 90, S: 180, W: 270 };
  const ARROW = { N: "↑", E: "→", S: "↓", W: "←", over: "⤼" };
  // a facing letter as the table reads it (German writes O for east, Dutch Z for south)
  const COMPASS = { N: window.TC.N("north"), E: window.TC.N("east"), S: window.TC.N("south"), W: window.TC.N("west") };   // said in words (a screen reader)
  const T = function (m, p) { return window.TC.T(m, p); };
  const PHASES = { deal: window.TC.N("Dealing"), setup: window.TC.N("Placing the agents"), pre: window.TC.N("Before the round"), place: window.TC.N("Phase I: agents back in"),
                   play: window.TC.N("Phase II: programming"), choice: window.TC.N("Phase III: a choice"), over: window.TC.N("Game over") };
  const FACE = {
    forward: window.TC.N("Forward"), left: window.TC.N("Move left"), right: window.TC.N("Move right"), shield: window.TC.N("Shield"), nothing: window.TC.N("No effect"),
    turn_left: window.TC.N("Turn left"), turn_right: window.TC.N("Turn right"), turn_around: window.TC.N("Turn 180 degrees"), laser: window.TC.N("Fire laser"),
  };

  const svg = function (tag, attrs, parent) { return window.TC.svg(tag, attrs, parent); };

  function seatInfo(seat) { return SEATS[seat % SEATS.length]; }
  // one whole sentence per shark: "the white shark" takes another ending in Dutch and German
  const SPY_ON = { white: window.TC.N("Spy on the white shark"), grey: window.TC.N("Spy on the grey shark"),
                   black: window.TC.N("Spy on the black shark") };
  const FACE_DOWN_ON = { white: window.TC.N("Face down on the white shark. It acts as: {face}."),
                         grey: window.TC.N("Face down on the grey shark. It acts as: {face}."),
                         black: window.TC.N("Face down on the black shark. It acts as: {face}.") };
  /* A card's name in the phone's language (its "label"), as printed for the special cards. */
  function cardName(card) { return card.label ? window.TC.say(card.label) : card.name; }
  function sharkName(shark) { return T(SHARK_STYLE[shark] ? SHARK_STYLE[shark].name : shark); }
  // a shark's letter: its colour's first letter in the table's language (en B for black, nl Z for
  // zwart, de S for schwarz), as the legend says it
  function sharkLetter(shark) { return sharkName(shark).charAt(0).toUpperCase(); }
  function seatName(p, seat) { return window.TC.seatName(p, seat); }
  function faceText(face) { return T(FACE[face] || (face || "").replace(/_/g, " ")); }

  /* What a pass does now ("dan mogen alle andere spelers nog een laatste actie doen of van die
     laatste actie afzien"): the first pass gives everyone else a last action; after it, a pass gives
     up the player's own last action, and the sheet names who still has one (a player without cards
     has none), or says the round is resolved at once. */
  function passDetail(p, view) {
    if (view.passed === null || view.passed === undefined) {
      return T("After a pass every other player gets one last action, then the round is resolved.");
    }
    const due = (view.agents || []).filter(function (a) { return a.seat !== p.seat && a.last_action_due && a.hand_count > 0; });
    if (!due.length) return T("You give up your last action: the round is resolved now.");
    return T("You give up your last action. Last actions still to come: {names}; then the round is resolved.",
             { names: due.map(function (a) { return seatName(p, a.seat); }).join(", ") });
  }

  /* ------------------------------------------------------------------ the board at a step */

  /* The figures as the view shows them. */
  function figures(view) {
    const f = { agents: {}, sharks: {}, deaths: {} };
    (view.agents || []).forEach(function (a) { f.agents[a.seat] = a.square; f.deaths[a.seat] = a.deaths; });
    (view.sharks || []).forEach(function (s) { f.sharks[s.shark] = [s.square, s.facing]; });
    return f;
  }

  /* The board as it stood just after events[index]: the view is the board after the last event,
     so every later event is undone, newest first (moves go back to their square, turns to the
     facing they had, a death puts the agent back on its square, a placement back on the boat). */
  function boardAt(view, events, index) {
    const f = figures(view);
    for (let i = events.length - 1; i > index; i--) {
      const ev = events[i];
      const kind = ev.type;
      if (kind === "moved" || kind === "pushed" || kind === "wrapped") {
        if (ev.figure === "agent") f.agents[ev.seat] = ev.square;
        else if (f.sharks[ev.shark]) f.sharks[ev.shark][0] = ev.square;
      } else if (kind === "turned" && ev.was && f.sharks[ev.shark]) {
        f.sharks[ev.shark][1] = ev.was;
      } else if ((kind === "eaten" || kind === "fried") && ev.square) {
        f.agents[ev.seat] = ev.square;
      } else if (kind === "placed") {
        f.agents[ev.seat] = null;
      } else if (kind === "counter" && typeof ev.was === "number") {
        f.deaths[ev.seat] = ev.was;
      }
    }
    return f;
  }

  /* ------------------------------------------------------------------ drawing */
  function geometry(board) {
    const W = board.width, H = board.height;
    return {
      W: W, H: H, width: W * CELL + 2 * M, height: H * CELL + 2 * M,
      at: function (sq) {
        const col = sq.charCodeAt(0) - 97, row = parseInt(sq.slice(1), 10);
        const x = M + col * CELL, y = M + (H - row) * CELL;
        return { x: x, y: y, cx: x + CELL / 2, cy: y + CELL / 2 };
      },
      name: function (col, row) { return String.fromCharCode(97 + col) + row; },
    };
  }

  function drawEdges(root, g, board) {
    const edges = board.edges || {};
    const band = function (side, x, y, w, h) {
      const kind = edges[side] || "open";
      const fill = { beach: "#e8cf8a", boat: "#8a5a2b", open: "#2b6f9e", wall: "#555" }[kind] || "#555";
      const grp = svg("g", { class: "edge edge-" + kind, "data-edge": side }, root);
      svg("rect", { x: x, y: y, width: w, height: h, fill: fill }, grp);
      const label = { beach: window.TC.N("Beach"), boat: window.TC.N("Boat"), open: window.TC.N("Open water ⇄"), wall: window.TC.N("Wall") }[kind] || kind;
      const vertical = h > w;
      const t = svg("text", { x: x + w / 2, y: y + h / 2 + 4, class: "edge-label", "text-anchor": "middle",
                              fill: kind === "beach" ? "#3b2a00" : "#fff",
                              transform: vertical ? "rotate(-90 " + (x + w / 2) + " " + (y + h / 2) + ")" : "" }, grp);
      t.textContent = T(label);
    };
    band("N", 0, 0, g.width, M);
    band("S", 0, g.height - M, g.width, M);
    band("W", 0, M, M, g.height - 2 * M);
    band("E", g.width - M, M, M, g.height - 2 * M);
  }

  function drawShark(parent, shark, facing, cls) {
    const st = SHARK_STYLE[shark] || SHARK_STYLE.grey;
    const body = svg("g", { class: "shark shark-" + shark + (cls || ""), "data-shark": shark, "data-facing": facing }, parent);
    const turn = svg("g", { transform: "rotate(" + (ANGLE[facing] || 0) + ")" }, body);
    // the snout points where it faces: a big arrowhead; the body's shape tells the shark too
    svg("polygon", { points: "0,-19 -9,-9 9,-9", fill: "#ff2d2d", stroke: st.stroke === "#f2f2f2" ? "#fff" : "#000", "stroke-width": 1.5, class: "snout" }, turn);
    const o = { fill: st.fill, stroke: st.stroke, "stroke-width": 2 };
    if (st.shape === "circle") svg("circle", Object.assign({ r: 12 }, o), body);
    else if (st.shape === "diamond") svg("polygon", Object.assign({ points: "0,-14 14,0 0,14 -14,0" }, o), body);
    else svg("rect", Object.assign({ x: -11, y: -11, width: 22, height: 22, rx: 2 }, o), body);
    const t = svg("text", { y: 5, class: "fig-letter", "text-anchor": "middle", fill: st.text }, body);
    t.textContent = sharkLetter(shark);
    svg("title", {}, body).textContent = sharkName(shark) + " · " + T("facing {dir}", { dir: T(COMPASS[facing] || facing) });
    return body;
  }

  function drawAgent(parent, seat, cls) {
    const info = seatInfo(seat);
    const body = svg("g", { class: "agent agent-" + seat + (cls || ""), "data-agent": seat }, parent);
    svg("polygon", { points: "0,-19 -7,-11 7,-11", fill: "#fff", stroke: "#000", "stroke-width": 1 }, body);  // faces the beach (N)
    svg("circle", { r: 11, fill: info.fill, stroke: "#111", "stroke-width": 2.5 }, body);   // 3:1 on the water (1.4.11)
    const t = svg("text", { y: 5, class: "fig-letter", "text-anchor": "middle", fill: info.text || "#fff" }, body);
    t.textContent = String(seat + 1);
    svg("title", {}, body).textContent = T("Agent {number}", { number: seat + 1 }) + " · " + T(info.name);
    return body;
  }

  function place(node, g, sq) {
    const c = g.at(sq);
    node.setAttribute("transform", "translate(" + c.cx + "," + c.cy + ")");
    node.setAttribute("data-square", sq);
    node.__at = [c.cx, c.cy];
  }

  /* Figures sharing a square (a shark come onto an agent, told before the agent is eaten) stand
     side by side in it, each one's letter or number clear of the other's. */
  function share(layer) {
    const on = {};
    layer.querySelectorAll(":scope > [data-square]").forEach(function (node) {
      const sq = node.getAttribute("data-square");
      (on[sq] = on[sq] || []).push(node);
    });
    Object.keys(on).forEach(function (sq) {
      const here = on[sq];
      if (here.length < 2) return;
      here.forEach(function (node, i) {
        const x = node.__at[0] + (i - (here.length - 1) / 2) * (CELL / here.length), y = node.__at[1];
        node.setAttribute("transform", "translate(" + x + "," + y + ")");
        node.__at = [x, y];
      });
    });
  }

  /* The beam: from the shooting shark's square through every square it crossed; ✕ where it hit a
     figure, ● where it left the board. */
  function drawBeam(root, g, ev) {
    const pts = [ev.square].concat(ev.squares || []).map(function (sq) { const c = g.at(sq); return [c.cx, c.cy]; });
    const last = pts[pts.length - 1];
    if (ev.hit === "edge" && ev.dir) {
      const d = { N: [0, -1], S: [0, 1], E: [1, 0], W: [-1, 0] }[ev.dir];
      if (d) pts.push([last[0] + d[0] * (CELL / 2 + M / 2), last[1] + d[1] * (CELL / 2 + M / 2)]);
    }
    const line = pts.map(function (p) { return p.join(","); }).join(" ");
    const grp = svg("g", { class: "beam beam-" + (ev.beam || "laser"), "data-hit": ev.hit || "" }, root);
    // drawn from the shark outwards, square by square (CSS: .swl-animate .beam-line)
    const ms = 180 * Math.max(1, (ev.squares || []).length);
    // timings through the CSSOM: the page's CSP refuses inline style attributes
    // cased in black: 3:1 on the water's squares, which its colour and its core are not
    svg("polyline", { points: line, class: "beam-line beam-casing", pathLength: 100, fill: "none", stroke: "#111", "stroke-width": 10, "stroke-linejoin": "round" }, grp).style.animationDuration = ms + "ms";
    svg("polyline", { points: line, class: "beam-line", pathLength: 100, fill: "none", stroke: ev.beam === "ultra" ? "#ff00c8" : "#ff2d2d", "stroke-width": 6, "stroke-linejoin": "round", opacity: 0.85 }, grp).style.animationDuration = ms + "ms";
    svg("polyline", { points: line, class: ev.beam === "ultra" ? "" : "beam-line", pathLength: 100, fill: "none", stroke: "#fff36b", "stroke-width": 2, "stroke-dasharray": ev.beam === "ultra" ? "6 3" : "" }, grp).style.animationDuration = ms + "ms";
    (ev.squares || []).forEach(function (sq, i) {
      const c = g.at(sq);
      svg("circle", { cx: c.cx, cy: c.cy, r: 3, fill: "#fff36b", class: "beam-dot" }, grp).style.animationDelay = (180 * i) + "ms";
    });
    const end = pts[pts.length - 1];
    if (ev.hit === "edge") svg("circle", { cx: end[0], cy: end[1], r: 7, fill: "#ff2d2d", stroke: "#fff", "stroke-width": 2 }, grp);
    else {
      svg("path", { d: "M" + (end[0] - 12) + "," + (end[1] - 12) + " l24,24 m0,-24 l-24,24", stroke: "#ff2d2d", "stroke-width": 6 }, grp);
      svg("path", { d: "M" + (end[0] - 12) + "," + (end[1] - 12) + " l24,24 m0,-24 l-24,24", stroke: "#fff36b", "stroke-width": 2 }, grp);
    }
  }

  /* A move of the current event: a dashed arrow from where the figure was to where it is (a wrap
     goes out over the open water and comes back on the other side). */
  function drawMove(root, g, ev) {
    const a = g.at(ev.square), b = g.at(ev.to);
    const grp = svg("g", { class: "move-mark move-" + ev.type }, root);
    const style = { stroke: "#ffd400", "stroke-width": 3, "stroke-dasharray": "6 4", fill: "none" };
    if (ev.type === "wrapped") {
      const left = a.cx < b.cx;  // left the board on the west side
      svg("line", Object.assign({ x1: a.cx, y1: a.cy, x2: left ? M / 2 : g.width - M / 2, y2: a.cy }, style), grp);
      svg("line", Object.assign({ x1: left ? g.width - M / 2 : M / 2, y1: b.cy, x2: b.cx, y2: b.cy }, style), grp);
    } else {
      svg("line", Object.assign({ x1: a.cx, y1: a.cy, x2: b.cx, y2: b.cy }, style), grp);
    }
    svg("rect", { x: a.x + 3, y: a.y + 3, width: CELL - 6, height: CELL - 6, fill: "none", stroke: "#ffd400", "stroke-width": 2, "stroke-dasharray": "3 3" }, grp);
  }

  function drawDeath(root, g, ev) {
    if (!ev.square) return;
    const c = g.at(ev.square);
    const grp = svg("g", { class: "death death-" + ev.type, "data-seat": ev.seat, transform: "translate(" + c.cx + "," + c.cy + ")" }, root);
    svg("circle", { r: 17, fill: "rgba(0,0,0,.55)", stroke: "#ff2d2d", "stroke-width": 3 }, grp);
    const t = svg("text", { y: 6, "text-anchor": "middle", class: "death-mark" }, grp);
    t.textContent = "☠" + (ev.seat + 1);
    svg("title", {}, grp).textContent = T(ev.type === "eaten" ? window.TC.N("Eaten") : window.TC.N("Fried"));
  }

  /* The current event's figure glides from where it was (a move or push) or turns (a turn); the
     figure's final place and facing are its attributes, so a screen that is not animated (or a
     test) reads the same board. A wrap is drawn as two dashed arrows, not slid across the board. */
  function animate(layer, g, ev) {
    const started = [];
    if ((ev.type === "moved" || ev.type === "pushed") && ev.square && ev.to) {
      const node = ev.figure === "agent" ? layer.querySelector('[data-agent="' + ev.seat + '"]') : layer.querySelector('[data-shark="' + ev.shark + '"]');
      if (!node) return started;
      const a = g.at(ev.square), b = node.__at;   // where it ends: its square, or its place in a shared one
      started.push(svg("animateTransform", { attributeName: "transform", type: "translate", from: a.cx + " " + a.cy, to: b[0] + " " + b[1],
                                            dur: "0.6s", begin: "indefinite", fill: "freeze" }, node));
    } else if (ev.type === "turned" && ev.was) {
      const node = layer.querySelector('[data-shark="' + ev.shark + '"] > g');
      if (!node) return started;
      const to = ANGLE[ev.facing] || 0;
      let delta = (to - (ANGLE[ev.was] || 0) + 360) % 360;
      if (delta > 180) delta -= 360;
      started.push(svg("animateTransform", { attributeName: "transform", type: "rotate", from: String(to - delta), to: String(to),
                                            dur: "0.6s", begin: "indefinite", fill: "freeze" }, node));
    }
    layer.__animations = started;
    return started;
  }

  /* The squares (TC.squares: one shape a colour, the grid lines its edges), then the start zone's
     marks: a dashed line inside each of its squares and its word. */
  function drawSquares(root, g, board) {
    const start = {};
    (board.start_zone || []).forEach(function (sq) { start[sq] = true; });
    const cells = [], starts = [];
    for (let col = 0; col < g.W; col++) {
      for (let row = 1; row <= g.H; row++) {
        const sq = g.name(col, row), c = g.at(sq);
        cells.push([c.x, c.y, (col + row) % 2 ? "#5c9fc9" : "#6badd6"]);
        if (start[sq]) starts.push(c);
      }
    }
    window.TC.squares(root, cells, CELL, { stroke: "#3e7fa8", "stroke-width": 1 });
    starts.forEach(function (c) {
      svg("rect", { x: c.x + 3, y: c.y + 3, width: CELL - 6, height: CELL - 6, fill: "none", stroke: "#fff", "stroke-width": 1.5, "stroke-dasharray": "2 3", class: "start-line" }, root);
      // on the square's bottom edge: an agent standing there keeps its number clear of the word
      const s = svg("text", { x: c.x + CELL / 2, y: c.y + CELL - 1, class: "start-mark", "text-anchor": "middle" }, root);
      s.textContent = T("start");
      // inside its square in every language: a word wider than the square (at 12 units a letter
      // is about 7 wide) is pressed to the square's width
      if (s.textContent.length * 7 > CELL - 6) {
        s.setAttribute("textLength", CELL - 6);
        s.setAttribute("lengthAdjust", "spacingAndGlyphs");
      }
    });
  }

  /* Render the board: opts = {figs (default: the view's), event (the current one, drawn on top),
     targets: {square: true}, onTap(square)}. */
  function render(container, view, opts) {
    opts = opts || {};
    const board = view.board;
    const g = geometry(board);
    const figs = opts.figs || figures(view);
    const root = svg("svg", { viewBox: "0 0 " + g.width + " " + g.height, class: "swl-board", role: "img",
                              "aria-label": T("Sharks with Lasers board") });
    drawEdges(root, g, board);
    drawSquares(root, g, board);
    // square names in the corners: the column's letter along the boat, the row's number along the west side
    for (let col = 0; col < g.W; col++) {
      for (let row = 1; row <= g.H; row++) {
        if (row !== 1 && col !== 0) continue;
        const c = g.at(g.name(col, row));
        const t = svg("text", { x: c.x + 3, y: c.y + 10, class: "coord" }, root);
        t.textContent = (row === 1 ? String.fromCharCode(97 + col) : "") + (col === 0 ? String(row) : "");
      }
    }
    const ev = opts.event || null;
    if (ev && (ev.type === "moved" || ev.type === "pushed" || ev.type === "wrapped") && ev.square && ev.to) drawMove(root, g, ev);
    const layer = svg("g", { class: "figures" }, root);
    const said = [];   // the position in words, figure by figure (a screen reader's board, issue 40)
    const say = function (figure, sq) { said.push(figure.querySelector("title").textContent + " (" + sq + ")"); return figure; };
    SHARKS.forEach(function (name) {
      const s = figs.sharks[name];
      if (!s || !s[0]) return;
      const current = ev && ev.shark === name && ev.figure !== "agent" ? " current" : "";
      place(say(drawShark(layer, name, s[1], current), s[0]), g, s[0]);
    });
    Object.keys(figs.agents).forEach(function (seat) {
      const sq = figs.agents[seat];
      if (!sq) return;
      const current = ev && ev.figure === "agent" && String(ev.seat) === seat ? " current" : "";
      place(say(drawAgent(layer, parseInt(seat, 10), current), sq), g, sq);
    });
    if (said.length) root.setAttribute("aria-label", T("Sharks with Lasers board") + ": " + said.join(", "));
    share(layer);
    if (ev && opts.animate) animate(layer, g, ev);
    // setting up (table.js step.setup): the sharks' squares and the start zone, outlined; the side
    // says in words what the outlines are
    const marks = opts.marks || [];
    if (marks.length) {
      const marked = svg("g", { class: "setup-marks" }, root);
      const squares = [];
      if (marks.indexOf("sharks") >= 0) SHARKS.forEach(function (name) { const s = figs.sharks[name]; if (s && s[0]) squares.push([s[0], "sharks"]); });
      if (marks.indexOf("start_zone") >= 0) (board.start_zone || []).forEach(function (sq) { squares.push([sq, "start_zone"]); });
      squares.forEach(function (m) {
        const c = g.at(m[0]);
        svg("rect", { x: c.x + 4, y: c.y + 4, width: CELL - 8, height: CELL - 8, rx: 5, class: "setup-mark setup-mark-shape",
                      "data-mark": m[1], "data-square": m[0] }, marked);
      });
    }
    if (ev && ev.type === "beam") {   // the beam of the step shown (told), drawn and said
      drawBeam(root, g, ev);
      root.setAttribute("aria-label", root.getAttribute("aria-label") + ". " + TC.sayBeam([ev.square].concat(ev.squares || []), ev.say));
    }
    if (ev && (ev.type === "eaten" || ev.type === "fried")) drawDeath(root, g, ev);
    // the squares a tap plays on, ringed (a tap elsewhere does nothing: no shape to catch it)
    const targets = Object.keys(opts.targets || {}).filter(function (sq) { return opts.targets[sq]; });
    if (targets.length) {
      const hits = svg("g", { class: "hits" }, root);
      targets.forEach(function (sq) {
        const c = g.at(sq);
        const hit = svg("rect", { x: c.x + 1, y: c.y + 1, width: CELL - 2, height: CELL - 2, fill: "transparent",
                                  class: "hit target", "data-square": sq, stroke: "#18e070", "stroke-width": 4 }, hits);
        svg("circle", { cx: c.cx, cy: c.cy, r: 6, fill: "#18a558", stroke: "#fff", "stroke-width": 2, "pointer-events": "none" }, hits);
        if (opts.onTap) TC.pressable(hit, T("Choose {space}", { space: sq }), function () { opts.onTap(sq); });
      });
    }
    // the squares' words over the figures and the tap rings (S8: "the green tap rings cover the
    // column letters"; agents in the start row covered "Start"), outlined so they read on either
    const words = svg("g", { class: "swl-words", "pointer-events": "none" }, root);
    root.querySelectorAll(".coord, .start-mark").forEach(function (t) { words.append(t); });
    if (opts.animate) root.classList.add("swl-animate");
    window.TC.clear(container).appendChild(root);
    (layer.__animations || []).forEach(function (anim) { if (anim.beginElement) anim.beginElement(); });
    return root;
  }

  /* ------------------------------------------------------------------ shared lists */
  function seatChip(seat, extra) {
    const el = window.TC.el, info = seatInfo(seat);
    return el("span", { class: "swl-chip colour-" + info.colour, title: T(info.name), "data-seat": seat, text: String(seat + 1) + (extra ? " " + extra : "") });
  }

  /* The three stacks: how many cards, and who played them (a card's face where this screen may
     see it: your own, a Shark Spy's look, or once it has acted). cards = {shark: [{seat, card}]}
     overrides the view's (the table screen, part-way through a resolution). */
  function stacksList(p, cards) {
    const el = window.TC.el;
    const ul = el("ul", { class: "swl-stacks" });
    (p.view.stacks || []).forEach(function (st) {
      const list = cards ? cards[st.shark] || [] : st.cards || [];
      const li = el("li", { class: "swl-stack", "data-shark": st.shark, "data-count": list.length },
        el("span", { class: "swl-shark-badge shark-" + st.shark, text: sharkLetter(st.shark) }),
        el("span", { class: "swl-stack-name", text: sharkName(st.shark) }),
        // the count is what the chips below it show: on a crowded table screen it goes first
        el("span", { class: "swl-count", "data-fit": list.length ? "drop" : null, text: TC.TN(list.length, "{count} card", "{count} cards") }));
      const who = el("span", { class: "swl-who" });
      // a card this screen may see is said by what it does on the shark ("Fire laser"), beside its
      // player's chip, never by its code
      list.forEach(function (c) {
        who.append(el("span", { class: "swl-who-card", "data-seat": c.seat }, seatChip(c.seat),
                      c.card && c.label ? el("span", { class: "swl-stack-card", text: window.TC.say(c.label) }) : null));
      });
      li.append(who);
      ul.append(li);
    });
    return ul;
  }

  /* An agent's first-action protection by its name; once spent, in words and another shape (the
     shield struck through), never colour alone. */
  function protectionBadge(pr) {
    const el = window.TC.el;
    const name = pr.label ? window.TC.say(pr.label) : T("Shield");
    return el("span", { class: "badge swl-protection" + (pr.spent ? " spent" : ""), "data-spent": pr.spent ? "true" : "false" },
              window.TC.icon(pr.spent ? "shield-spent" : "shield"), " " + (pr.spent ? T("{name}: spent", { name: name }) : name));
  }

  function playersList(p, figs, resolving) {
    const deaths = figs ? figs.deaths : null;
    const el = window.TC.el;
    const ul = el("ul", { class: "swl-players" });
    (p.view.agents || []).forEach(function (a) {
      const d = deaths && deaths[a.seat] !== undefined ? deaths[a.seat] : a.deaths;
      const skulls = "☠".repeat(d) + "○".repeat(Math.max(0, 3 - d));
      const li = el("li", { class: "swl-player" + (p.seat === a.seat ? " me" : ""), "data-seat": a.seat },
        seatChip(a.seat), el("span", { class: "swl-name", text: seatName(p, a.seat) }),
        el("span", { class: "swl-deaths", title: T("Deaths: {count} of 3", { count: d }), text: skulls + " " + d + "/3" }),
        resolving ? null : el("span", { class: "swl-counts muted", "data-fit": "drop", text: T("hand {n}", { n: a.hand_count }) + " · " + T("on agent {n}", { n: a.cards_on_agent }) }));
      if (a.passed) li.append(el("span", { class: "badge swl-passed", text: T("passed") }));
      if (a.last_action_due) li.append(el("span", { class: "badge", text: T("last action") }));
      if (a.protection) li.append(protectionBadge(a.protection));
      const square = figs ? figs.agents[a.seat] : a.square;
      if (!square) li.append(el("span", { class: "muted", text: T("on the boat") }));
      ul.append(li);
    });
    return ul;
  }

  /* The cards turned over so far in this resolution (up to the shown event). */
  function revealedList(events, index, p) {
    const el = window.TC.el;
    const ol = el("ol", { class: "swl-revealed", "data-fit-from": "start" });   // crowded: the oldest go first
    events.slice(0, index + 1).forEach(function (ev, i) {
      if (ev.type !== "revealed") return;
      let text;
      const named = ev.label ? window.TC.say(ev.label) : (ev.name || ev.card);
      if (ev.target === "agent") text = T("{name}'s agent", { name: seatName(p, ev.seat) }) + ": " + named;
      else if (ev.target === "pre") text = seatName(p, ev.seat) + ": " + named;
      else text = sharkName(ev.shark) + " ← " + named + " (" + seatName(p, ev.seat) + ")" + (ev.frozen ? " ❄" : "");
      ol.append(el("li", { class: "swl-card-turned" + (i === index ? " current" : ""), "data-shark": ev.shark || "",
                           "data-fit": i === index ? "last" : "drop", text: text }));
    });
    return ol;
  }

  /* The public stacks as of the shown event: the cards still face down now (a public view shows a
     card only once it has acted) and, before them, the ones turned over after the shown event. */
  function stacksAt(p, events, index) {
    const cards = {};
    (p.view.stacks || []).forEach(function (st) {
      cards[st.shark] = (st.cards || []).filter(function (c) { return !c.card; }).map(function (c) { return { seat: c.seat, card: null }; });
    });
    events.slice(index + 1).slice().reverse().forEach(function (ev) {
      if (ev.type === "revealed" && ev.shark && cards[ev.shark]) cards[ev.shark].unshift({ seat: ev.seat, card: null });
    });
    return cards;
  }

  /* ------------------------------------------------------------------ the table screen */
  let lastShown = null;
  // what a setup step's outlines are (engines/sharks_with_lasers/setting_up.py names the marks)
  const SETUP_WORDS = { sharks: window.TC.N("Dashed outline: where the sharks start"),
                        start_zone: window.TC.N("Dashed outline: the agents' start zone") };

  function tableRender(root, p, step) {
    const el = window.TC.el;
    let holder = root.querySelector("#board"), info = root.querySelector(".swl-info");
    if (!holder || !info) {
      window.TC.clear(root);
      holder = el("div", { id: "board", class: "board swl-big" });
      info = el("div", { class: "swl-info" });
      root.append(el("div", { class: "swl-table" }, holder, info));
    }
    // p is the payload as of the step (the state before this change until its last step); the
    // board steps back from the state AFTER the change (step.after), undoing the later events
    const after = step.after || p.view;
    const events = step.events || [];
    const index = step.count ? step.index : -1;
    const figs = boardAt(after, events, index);
    const g = geometry(after.board);
    holder.style.aspectRatio = g.width + " / " + g.height;
    const shown = String(step.id);
    const marks = step.setup ? step.setup.marks || [] : [];
    render(holder, after, { figs: figs, event: step.event, animate: shown !== lastShown, marks: marks });  // each step animates once
    lastShown = shown;
    holder.setAttribute("data-step", String(index));
    window.TC.clear(info);
    const telling = step.count > 1 && index < step.count - 1;
    // the step's place is told once, by the table screen's own counter (table.js): the heading names the phase
    const heading = T("Round {n}", { n: p.view.round }) + " · " + (telling ? T("Phase III - Resolving actions") : T(PHASES[p.view.phase] || p.view.phase));
    info.append(el("h2", { class: "small swl-phase", text: heading }));
    info.append(playersList(p, figs, telling));
    const afterPayload = Object.assign({}, p, { view: after });
    info.append(el("h2", { class: "small", text: T("Shark stacks") }), stacksList(afterPayload, stacksAt(afterPayload, events, index)));
    const turned = revealedList(events, index, p);
    if (turned.children.length) {
      while (turned.children.length > 7) turned.removeChild(turned.firstChild);
      info.append(el("h2", { class: "small", "data-fit": "last", text: T("Cards turned over") }), turned);
    }
    const side = window.TC.clear(step.side);
    window.TC.setupLegend(side, step.setup, SETUP_WORDS);
    side.append(el("p", { class: "legend muted", "data-fit": "last", text: T("Agents: coloured discs with the seat number, facing the beach. Sharks: W = white (circle), G = grey (diamond), B = black (square); the red point shows where a shark faces. Dotted squares: the start zone. The laser is the red line: ✕ where it hit, ● where it left the board.") }));
  }

  /* ------------------------------------------------------------------ the phone */
  let selected = null;     // index into the hand of the tapped card
  let selectedCode = null; // and its code (the hand may change under it)
  let replay = null;       // the phone's own step through the last resolution: {key, index}
  // the steps that change the board (the phone's replay of a resolution)
  const BOARD_KINDS = ["revealed", "moved", "pushed", "wrapped", "turned", "beam", "eaten", "fried", "counter", "gear",
                       "shield", "deflected", "frozen", "no_effect", "blocked"];
  let porterShark = null;  // Shark-o-Porter: the shark chosen, then a square on the board

  function cardTile(card, opts) {
    const el = window.TC.el;
    return el("button", { type: "button", class: "swl-card" + (opts.selected ? " chosen" : "") + (opts.disabled ? " dull" : ""),
                          "data-card": card.code, disabled: opts.disabled || null, "aria-pressed": opts.selected ? "true" : "false",
                          on: opts.on ? { click: opts.on } : null },
      el("span", { class: "swl-card-name", text: cardName(card) + (card.when && card.when !== "base" ? " ★" : "") }),
      card.agent ? el("span", { class: "swl-face agent-face" }, el("b", { text: T("Agent") + ": " }), faceText(card.agent)) : null,
      card.shark ? el("span", { class: "swl-face shark-face" }, el("b", { text: T("Shark") + ": " }), faceText(card.shark)) : null,
      card.timing ? el("span", { class: "swl-when", text: window.TC.say(card.timing) }) : null,
      card.effect ? el("span", { class: "swl-effect", text: window.TC.say(card.effect) }) : null);
  }

  /* A physical deal: this phone enters the two specials its player drew (a multi-select of the
     deck's cards, then confirm). Nobody else's phone shows them; the engine offers every pair. */
  let drawn = [];
  function specialsEntry(controls, p, entries, play, redraw) {
    const el = window.TC.el;
    const faces = p.view.deck_faces || [];
    controls.append(el("p", { class: "hint swl-choice", text: T("Which two special cards did you draw? Tap both, then confirm.") }));
    const grid = el("div", { class: "swl-hand swl-drawn" });
    faces.forEach(function (card) {
      const chosen = drawn.indexOf(card.code) >= 0;
      grid.append(cardTile(card, { selected: chosen, disabled: !chosen && drawn.length >= 2, on: function () {
        drawn = chosen ? drawn.filter(function (c) { return c !== card.code; }) : drawn.concat([card.code]).slice(-2);
        redraw();
      } }));
    });
    controls.append(grid);
    const pair = drawn.slice().sort();
    const entry = entries.find(function (a) { return a.cards.join("") === pair.join(""); });
    const names = pair.map(function (c) { const f = faces.find(function (x) { return x.code === c; }); return f ? cardName(f) : c; });
    controls.append(el("button", { type: "button", class: "big primary swl-enter", "data-action": "specials", disabled: entry ? null : true,
      text: entry ? T("Enter {first} and {second}", { first: names[0], second: names[1] }) : T("Tap two cards ({count} of 2)", { count: pair.length }),
      on: { click: function () { if (entry) play(entry, labelOf(entry) + "?", T("Only your phone learns which cards you drew.")); } } }));
  }

  function labelOf(a) { return a.label ? window.TC.say(a.label) : (a.notation || a.type); }

  function phoneRender(root, p, api) {
    const el = window.TC.el;
    const board = root.querySelector("#board"), controls = root.querySelector("#controls");
    const view = p.view, legal = api.legal;
    const hand = view.hand || [];
    // the card tapped (and the shark chosen for the Shark-o-Porter) survive every update from
    // elsewhere; the player's own play, or a card or shark no longer playable, ends them
    if (api.own) { selected = null; selectedCode = null; porterShark = null; }
    if (selected !== null && !(hand[selected] && hand[selected].code === selectedCode && legal.some(function (a) {
      return (a.type === "agent" || a.type === "shark" || a.type === "spy") && a.card === selectedCode; }))) {
      selected = null; selectedCode = null;
      api.drop(T("The card you tapped can no longer be played now."));
    }
    if (porterShark && !legal.some(function (a) { return a.type === "porter" && a.shark === porterShark; })) {
      porterShark = null;
      api.drop(T("The Shark-o-Porter can no longer move that shark."));
    }
    const play = function (a, title, detail) { return api.play(a, title, detail, { onSend: function () { selected = null; porterShark = null; drawn = []; } }); };

    // the board follows the table's story: every public step that moves the board, from the change
    // the table screen shows (or told last) on; the board stands where the table is, until this
    // phone's player steps through it on their own (◀/▶). Without a table screen: the board now.
    // A phone that plans its next play while the table tells (sealed: docs/web.md "Sealed plays")
    // plans on the board after the round, its own: it shows that board (◀ still steps back).
    const st = window.TC.story(p);
    const planning = st.seal.length > 0 || !!p.sealed;
    // p.view is as of the table's step (the companion holds back what it has still to tell); the
    // board steps through the shown change from the state after it, as the table screen does
    const after = st.shown && st.shown.after ? st.shown.after.view : view;
    const full = after === view ? p : Object.assign({}, p, { view: after });
    const chapterId = st.cur ? st.cur.chapter : null;
    const pub = st.steps.filter(function (s) { return !s.private; });
    const from = chapterId === null ? pub.length : pub.findIndex(function (s) { return s.chapter === chapterId; });
    const moving = pub.slice(Math.max(0, from)).filter(function (s) { return BOARD_KINDS.indexOf(s.event.type) >= 0; });
    const story = moving.map(function (s) { return s.event; });
    const tableAt = st.screen && !planning ? moving.filter(function (s) { return s.told; }).length - 1 : story.length - 1;
    const here = st.cur ? st.cur.id : null;
    if (!replay || replay.key !== chapterId) replay = { key: chapterId, index: tableAt, stepped: false, manual: false, at: here };
    const following = !replay.manual && st.screen && st.telling && !planning;
    if (!replay.manual && (replay.at !== here || replay.index !== tableAt)) {
      replay.stepped = replay.at !== here;   // a step of the table glides; a new play simply shows
      replay.index = tableAt;
      replay.at = here;
    }
    const placing = {};
    legal.forEach(function (a) { if (a.type === "place") placing[a.square] = a; });
    const porters = legal.filter(function (a) { return a.type === "porter"; });
    const porterTargets = {};
    porters.forEach(function (a) { if (a.shark === porterShark) porterTargets[a.square] = a; });
    const targets = Object.keys(placing).length ? placing : porterTargets;
    const atEnd = replay.index >= story.length - 1;
    const storyEvents = story.length ? story : [];
    const figs = boardAt(after, storyEvents, replay.index);
    const boardBox = el("div", { class: "swl-phone-board" });
    render(boardBox, story.length ? after : view, {
      figs: atEnd ? undefined : figs, event: atEnd ? null : storyEvents[replay.index], animate: replay.stepped,
      targets: atEnd ? targets : null,
      onTap: atEnd && Object.keys(targets).length ? function (sq) {
        if (api.busy()) return;
        const a = targets[sq];
        if (!a) return;
        play(a, labelOf(a) + "?", a.type === "place" ? T("Your agent goes on {square}.", { square: sq }) : "");
      } : null,
    });
    window.TC.clear(board).append(boardBox);
    replay.stepped = false;
    // programming: the hand first (thumbs), the board below it; otherwise the board on top
    const programming = legal.some(function (a) { return a.type === "agent" || a.type === "shark" || a.type === "spy"; });
    if (programming) root.append(board); else root.insertBefore(board, controls);
    window.TC.zoomBoard(boardBox.firstChild, CELL - 2, "sharks-with-lasers");   // 44 px a target square
    if (story.length) {
      const ev = atEnd ? null : storyEvents[replay.index];
      board.append(el("div", { class: "row swl-replay" },
        el("button", { type: "button", class: "secondary", "aria-label": T("Step back"), text: "◀", disabled: replay.index < 0 || null,
          on: { click: function () { replay.index = Math.max(-1, replay.index - 1); replay.stepped = true; replay.manual = true; api.redraw(); } } }),
        el("span", { class: "swl-replay-say", text: ev ? (replay.index + 1) + "/" + story.length + " · " + window.TC.say(ev.say) : T("Last round: {count} steps", { count: story.length }) }),
        el("button", { type: "button", class: "secondary", "aria-label": T("Step forward"), text: "▶", disabled: atEnd || null,
          on: { click: function () { replay.index = Math.min(story.length - 1, replay.index + 1); replay.stepped = true; replay.manual = true; api.redraw(); } } })));
      if (following && !atEnd) board.append(el("p", { class: "swl-following muted", text: "⟲ " + T("following the table") }));
    }

    // my agent's two slots and the stacks
    const mine = view.my_agent_cards || [];
    // where my agent stands: on this phone's board as drawn (the table's step, or the player's own)
    const mySquare = (atEnd ? figures(story.length ? after : view) : figs).agents[p.seat];
    const slots = el("div", { class: "swl-slots" }, el("span", { class: "swl-slots-label", text: T("Your agent") + (mySquare ? " (" + mySquare + ")" : " · " + T("on the boat")) }));
    [0, 1].forEach(function (i) {
      const code = mine[i];
      const card = code ? (view.my_agent_card_faces || [])[i] : null;
      slots.append(el("span", { class: "swl-slot" + (code ? " full" : ""), "data-slot": i + 1, text: code ? (i + 1) + ": " + (card ? cardName(card) : code) : (i + 1) + ": —" }));
    });
    controls.append(slots, atEnd ? stacksList(story.length ? full : p) : stacksList(full, stacksAt(full, storyEvents, replay.index)));

    // what to do now
    const byType = {};
    legal.forEach(function (a) { (byType[a.type] = byType[a.type] || []).push(a); });
    if (!legal.length) { controls.append(el("p", { class: "muted", text: T("Nothing to do right now.") })); }

    if (byType.specials) specialsEntry(controls, p, byType.specials, play, api.redraw);
    if (byType.place) controls.append(el("p", { class: "hint", text: T("Tap a green square of the start zone for your agent.") }));

    const pending = view.pending;
    ["deflect", "push"].forEach(function (type) {
      if (!byType[type]) return;
      controls.append(el("p", { class: "hint swl-choice", text: type === "deflect"
        ? T("Your Laser Blast Deflector: where does the laser go?") : T("Diagonal move: push the agent in the way which way?") }));
      const row = el("div", { class: "swl-dirs" });
      byType[type].forEach(function (a) {
        row.append(el("button", { type: "button", class: "big primary swl-dir", "data-dir": a.dir,
          text: (ARROW[a.dir] || "") + " " + labelOf(a), on: { click: function () { play(a, labelOf(a) + "?", ""); } } }));
      });
      controls.append(row);
    });
    if (pending && !byType.deflect && !byType.push) controls.append(el("p", { class: "muted", text: T("Waiting for {name} to choose.", { name: seatName(p, pending.seat) }) }));

    // the hand: tap a card, then a target
    const cardActions = function (code) {
      return legal.filter(function (a) { return (a.type === "agent" || a.type === "shark" || a.type === "spy") && a.card === code; });
    };
    // a card tapped marks itself and shows its targets under the hand in place: the seat is not
    // drawn again, so a slow phone answers the tap at once (docs/web.md, "A slow phone's first second")
    const pick = el("div", { class: "swl-pick" });
    const showPick = function () {
      controls.querySelectorAll(".swl-hand .swl-card").forEach(function (tile, i) {
        tile.classList.toggle("chosen", selected === i);
        tile.setAttribute("aria-pressed", selected === i ? "true" : "false");
      });
      window.TC.clear(pick);
      if (selected !== null && hand[selected]) pickFor(hand[selected]);
    };
    if (hand.length) {
      controls.append(el("h3", { class: "small", text: T("Your hand") }));
      const handBox = el("div", { class: "swl-hand" });
      hand.forEach(function (card, i) {
        const usable = cardActions(card.code).length > 0;
        handBox.append(cardTile(card, { selected: selected === i, disabled: !usable && !!byType.pass,
          on: usable ? function () {
            selected = selected === i ? null : i;
            selectedCode = selected === null ? null : card.code;
            showPick();
            const row = pick.querySelector(".swl-targets");
            if (row && row.scrollIntoView) row.scrollIntoView({ block: "nearest" });
          } : null }));
      });
      controls.append(handBox);
    }
    controls.append(pick);
    function pickFor(card) {
      const acts = cardActions(card.code);
      pick.append(el("p", { class: "hint", text: cardName(card) + ": " + T("now tap where it goes.") }));
      const row = el("div", { class: "swl-targets" });
      acts.forEach(function (a) {
        let text, detail;
        if (a.type === "agent") {
          text = T("My agent") + " · " + faceText(card.agent);
          detail = T("Face down on your agent (slot {n} of 2). It acts as: {face}.", { n: mine.length + 1, face: faceText(card.agent) });
        } else if (a.type === "spy") {
          text = T(SPY_ON[a.shark]);
          detail = T("Played face up: you alone see the cards on that stack.");
        } else {
          text = sharkLetter(a.shark) + " · " + sharkName(a.shark) + " · " + faceText(card.shark);
          detail = T(FACE_DOWN_ON[a.shark], { face: faceText(card.shark) });
        }
        row.append(el("button", { type: "button", class: "big swl-target" + (a.shark ? " shark-" + a.shark : " agent-target"),
          "data-target": a.shark || "agent", text: text, on: { click: function () { play(a, labelOf(a) + "?", detail); } } }));
      });
      row.append(el("button", { type: "button", class: "big secondary", text: T("Another card"),
        on: { click: function () {
          const was = selected;
          selected = null; selectedCode = null;
          showPick();
          const tile = controls.querySelectorAll(".swl-hand .swl-card")[was];   // the focus back on the card put down
          if (tile) tile.focus({ preventScroll: true });
        } } }));
      pick.append(row);
    }
    showPick();
    if (byType.pass) {
      controls.append(el("button", { type: "button", class: "big secondary swl-pass", "data-action": "pass", text: T("Pass"),
        on: { click: function () { play(byType.pass[0], T("Pass?"), passDetail(p, view)); } } }));
    }

    // before the round: the pre-round specials
    if (porters.length) {
      controls.append(el("p", { class: "hint", text: T("Shark-o-Porter: pick a shark, then tap its new square.") }));
      const row = el("div", { class: "swl-targets" });
      SHARKS.forEach(function (s) {
        if (!porters.some(function (a) { return a.shark === s; })) return;
        row.append(el("button", { type: "button", class: "big swl-target shark-" + s + (porterShark === s ? " chosen" : ""), "data-porter": s,
          text: sharkLetter(s) + " · " + sharkName(s), on: { click: function () { porterShark = porterShark === s ? null : s; api.redraw(); } } }));
      });
      controls.append(row);
    }
    ["tractor", "scare", "current", "done"].forEach(function (type) {
      if (!byType[type]) return;
      const box = el("div", { class: "swl-targets" });
      byType[type].forEach(function (a) {
        box.append(el("button", { type: "button", class: "big" + (type === "done" ? " secondary" : ""), "data-action": type,
          text: (a.dir ? ARROW[a.dir] + " " : "") + labelOf(a), on: { click: function () { play(a, labelOf(a) + "?", ""); } } }));
      });
      controls.append(box);
    });
  }

  window.SharksBoard = { render: render, boardAt: boardAt };
  window.GameUI = window.GameUI || {};
  window.GameUI["sharks-with-lasers"] = {
    accepts: function (p) { return !!(p.view && p.view.board && Array.isArray(p.view.sharks)); },
    seatSide: function (seat) { const s = seatInfo(seat); return { name: s.name, colour: s.colour, letter: String(seat + 1) }; },
    phone: { showView: false, render: phoneRender,
             // the card tapped before its target, the Shark-o-Porter's shark, the specials drawn: kept
             // for this round and phase in the phone's storage (phone.js, TC.drafts)
             draft: { about: function (p) { return "round " + p.view.round + " " + p.view.phase; },
                      save: function () { return selected === null && !porterShark && !drawn.length ? null
                        : { selected: selected, code: selectedCode, porter: porterShark, drawn: drawn.slice() }; },
                      load: function (v) { selected = v.selected; selectedCode = v.code; porterShark = v.porter; drawn = v.drawn || []; } } },
    table: { render: tableRender },
  };
})();
