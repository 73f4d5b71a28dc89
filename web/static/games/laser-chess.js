//# allFunctionsCalledOnLoad
/* Laser Chess: the board as SVG (every token's facing drawn as a shape, colours with letters,
   restricted squares marked by their border and a corner shape that never touch a token, the last
   beam drawn with its end marked), and the game's page parts, registered as GameUI["laser-chess"]:
   the phone (tap a token, then a square, a move button or a turn button; the whole board across the
   phone, your own side at the bottom) and the table screen (the big board, removed pieces, the
   legend; the beam appears when the stepper reaches the laser's step). See docs/web.md. */
"use strict";
(function () {
  const FILES = "abcdefghij", RANKS = 8, CELL = 40, M = 18;
  const ANGLE = { N: 0, NE: 0, E: 90, SE: 90, S: 180, SW: 180, W: 270, NW: 270 };
  const STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
  const COLOR = { blue: "#1d5fbf", red: "#b3342a" };   // each 3:1 on the squares (WCAG 1.4.11)
  const LETTER = { blue: "B", red: "R" };
  const T = function (m, p) { return window.TC.T(m, p); };

  const svg = function (tag, attrs, parent) { return window.TC.svg(tag, attrs, parent); };

  function coords(square, flip) {
    const f = FILES.indexOf(square[0]), r = parseInt(square.slice(1), 10);
    const col = flip ? FILES.length - 1 - f : f, row = flip ? r - 1 : RANKS - r;
    return { x: M + col * CELL, y: M + row * CELL, cx: M + col * CELL + CELL / 2, cy: M + row * CELL + CELL / 2 };
  }

  function pieceName(piece) {
    return window.TC.T({ laser: window.TC.N("Laser"), king: window.TC.N("King"), defender: window.TC.N("Defender"), switch: window.TC.N("Switch"), deflector: window.TC.N("Deflector") }[piece] || piece);
  }

  /* A token on its square (``c``: the square's coords), drawn as one group (data-token: its square). */
  function drawToken(parent, token, flip, c) {
    const s = 14, fill = COLOR[token.color] || "#555";
    const dashed = token.color === "red" ? { "stroke-dasharray": "4 2" } : {};
    const body = svg("g", { class: "token token-" + token.color + " piece-" + token.piece, "data-token": token.square,
                            transform: "translate(" + c.cx + "," + c.cy + ")" + (flip ? " rotate(180)" : "") }, parent);
    const rot = (ANGLE[token.facing] || 0);
    const inner = svg("g", { transform: "rotate(" + rot + ")" }, body);
    const outline = Object.assign({ fill: fill, stroke: "#fff", "stroke-width": 2 }, dashed);
    if (token.piece === "laser") {
      svg("circle", Object.assign({ r: s }, outline), inner);
      svg("polygon", { points: "0,-19 -7,-6 7,-6", fill: "#ffd400", stroke: "#000", "stroke-width": 1.5 }, inner);
    } else if (token.piece === "king") {
      svg("circle", Object.assign({ r: s }, outline), inner);
      // the crown stays upright for the reader, whichever side of the table the board is drawn from
      svg("polygon", { points: "-9,4 -9,-6 -4.5,-1 0,-8 4.5,-1 9,-6 9,4", fill: "#ffd400", stroke: "#000", "stroke-width": 1,
                       transform: flip ? "rotate(180)" : "" }, body);
    } else if (token.piece === "defender") {
      svg("rect", Object.assign({ x: -s, y: -s, width: 2 * s, height: 2 * s, rx: 3 }, outline), inner);
      // the shield along its front edge, kept inside the token's 30 units (restriction marks live outside)
      svg("rect", { x: -s - 1, y: -s - 1, width: 2 * s + 2, height: 5, fill: "#e8e8e8", stroke: "#000", "stroke-width": 1.5 }, inner);
    } else if (token.piece === "deflector") {
      // The mirror faces NE in local coordinates: the solid back fills the SW half.
      svg("polygon", Object.assign({ points: -s + "," + -s + " " + s + "," + s + " " + -s + "," + s }, outline), inner);
      svg("line", { x1: -s, y1: -s, x2: s, y2: s, stroke: "#e8e8e8", "stroke-width": 4 }, inner);
      svg("line", { x1: -s, y1: -s, x2: s, y2: s, stroke: "#000", "stroke-width": 1 }, inner);
    } else if (token.piece === "switch") {
      svg("rect", Object.assign({ x: -s, y: -s, width: 2 * s, height: 2 * s, rx: 6 }, outline), body);
      const slash = token.facing === "/" ? [-s, s, s, -s] : [-s, -s, s, s];
      svg("line", { x1: slash[0], y1: slash[1], x2: slash[2], y2: slash[3], stroke: "#e8e8e8", "stroke-width": 5 }, body);
      svg("line", { x1: slash[0], y1: slash[1], x2: slash[2], y2: slash[3], stroke: "#000", "stroke-width": 1 }, body);
    } else {
      svg("circle", Object.assign({ r: s }, outline), inner);
    }
    // flipped: the letter turned about the token centre, so it reads upright at the bottom right as for Blue
    const label = svg("text", { x: 11, y: 16, class: "token-letter", "text-anchor": "middle", transform: flip ? "rotate(180)" : null }, body);
    label.textContent = LETTER[token.color] || "?";
    const title = svg("title", {}, body);
    title.textContent = sayToken(token);
  }

  /* A token in words, where it stands and which way it faces: "Blue Deflector (c3) facing north-east"
     (a screen reader's position in words, issue 40). */
  const FACING = { N: window.TC.N("north"), E: window.TC.N("east"), S: window.TC.N("south"), W: window.TC.N("west"),
                   NE: window.TC.N("north-east"), SE: window.TC.N("south-east"), SW: window.TC.N("south-west"),
                   NW: window.TC.N("north-west") };
  const LINE = { "/": window.TC.N("its mirror running south-west to north-east"),
                 "\\": window.TC.N("its mirror running north-west to south-east") };   // a Switch's two ways
  function sayToken(token) {
    const facing = FACING[token.facing], line = LINE[token.facing];
    return describeToken(token) + (facing ? " " + T("facing {dir}", { dir: T(facing) }) : line ? " " + T(line) : "");
  }

  /* A square only one colour may enter: a border inside its edge (solid for Blue, dashed for Red,
     as the tokens' outlines) and a corner shape (a dot for Blue, a triangle for Red). Both stay
     in the 5-unit band a token never reaches (tokens span 5..35 of the 40-unit square). */
  function drawRestricted(parent, x, y, colour) {
    const cls = "restricted restricted-" + colour;
    const g = svg("g", { class: cls, "data-only": colour }, parent);
    svg("rect", Object.assign({ x: x + 1.5, y: y + 1.5, width: CELL - 3, height: CELL - 3, fill: "none",
                               stroke: COLOR[colour], "stroke-width": 2.5 },
                             colour === "red" ? { "stroke-dasharray": "5 3" } : {}), g);
    if (colour === "red") {
      svg("polygon", { points: (x + 1) + "," + (y + 1) + " " + (x + 8.5) + "," + (y + 1) + " " + (x + 1) + "," + (y + 8.5),
                       fill: COLOR.red, class: "restricted-corner" }, g);
    } else {
      svg("circle", { cx: x + 3, cy: y + 3, r: 2.3, fill: COLOR.blue, class: "restricted-corner" }, g);
    }
    return g;
  }

  /* The legend of the restricted squares: the same marks, each with its sentence. */
  function restrictedLegend() {
    const el = window.TC.el;
    const box = el("div", { class: "lc-legend" });
    ["blue", "red"].forEach(function (colour) {
      const mini = svg("svg", { viewBox: "0 0 40 40", class: "lc-legend-square", "aria-hidden": "true" });
      svg("rect", { x: 0, y: 0, width: CELL, height: CELL, fill: colour === "blue" ? "#c3d5ef" : "#f1cbc6" }, mini);
      drawRestricted(mini, 0, 0, colour);
      box.append(el("span", { class: "lc-legend-item lc-only-" + colour }, mini,
        el("span", { text: T("Only {colour} may enter", { colour: T(colour === "blue" ? window.TC.N("Blue") : window.TC.N("Red")) }) })));
    });
    return box;
  }

  function beamPoints(beam, flip) {
    const path = Array.isArray(beam) ? beam : (beam && beam.path) || [];
    const pts = path.map(function (sq) { const c = coords(sq, flip); return [c.cx, c.cy]; });
    let end = pts.length ? pts[pts.length - 1] : null, exitDir = null;
    if (beam && beam.exit && beam.exit.direction && STEP[beam.exit.direction] && end) {
      let d = STEP[beam.exit.direction];
      if (flip) d = [-d[0], -d[1]];
      end = [end[0] + d[0] * (CELL * 0.5 + M * 0.6), end[1] + d[1] * (CELL * 0.5 + M * 0.6)];
      pts.push(end);
      exitDir = d;
    }
    return { pts: pts, end: end, exitDir: exitDir };
  }

  /* The selection layer, drawn in place (a tap that selects a token changes only it): a tap shape
     on each square a tap does something on (a token that may move, the selected one, the squares
     it may go to, with a green dot), none elsewhere (a board of few elements is drawn fast on a slow
     phone: docs/web.md, "A slow phone's first second"). opts: {flip, selected, targets, selectable}. */
  function markHits(holder, opts) {
    const hits = holder.querySelector(".hits"), root = hits.ownerSVGElement;
    hits.querySelectorAll(".target-dot").forEach(function (dot) { dot.remove(); });
    const want = {};
    [opts.selectable || {}, opts.targets || {}].forEach(function (set) {
      Object.keys(set).forEach(function (sq) { if (set[sq]) want[sq] = true; });
    });
    if (opts.selected) want[opts.selected] = true;
    hits.querySelectorAll("rect.hit").forEach(function (hit) { if (!want[hit.getAttribute("data-square")]) hit.remove(); });
    Object.keys(want).forEach(function (sq) {
      const c = coords(sq, !!opts.flip);
      let hit = hits.querySelector('rect.hit[data-square="' + sq + '"]');
      if (!hit) {
        hit = svg("rect", { x: c.x, y: c.y, width: CELL, height: CELL, fill: "transparent", class: "hit", "data-square": sq }, hits);
        if (root.tcTap) window.TC.onPress(hit, function () { root.tcTap(sq); });   // a button where it is one
      }
      const isTarget = opts.targets && opts.targets[sq], isSel = opts.selected === sq;
      const isSelectable = opts.selectable && opts.selectable[sq];
      // a square that does something is a button for a keyboard and a screen reader (issue 40): in the
      // Tab order, named by its token or as the square to go to
      const said = root.tcSaid && root.tcSaid[sq];
      hit.setAttribute("class", "hit" + (isTarget ? " target" : "") + (isSel ? " selected" : "") + (isSelectable ? " selectable" : ""));
      window.TC.asButton(hit, !root.tcTap ? null : !isTarget && said ? said : window.TC.T("Choose {space}", { space: sq }));
      ["stroke", "stroke-width", "stroke-dasharray"].forEach(function (a) { hit.removeAttribute(a); });
      if (isSel) { hit.setAttribute("stroke", "#ffd400"); hit.setAttribute("stroke-width", 4); }
      else if (isTarget) {
        hit.setAttribute("stroke", "#18a558"); hit.setAttribute("stroke-width", 4);
        svg("circle", { cx: c.cx, cy: c.cy, r: 9, fill: "#18a558", stroke: "#fff", "stroke-width": 2.5, "pointer-events": "none", class: "target-dot" }, hits);
      }
      else if (isSelectable) { hit.setAttribute("stroke", "#ffffff"); hit.setAttribute("stroke-width", 1.5); hit.setAttribute("stroke-dasharray", "4 3"); }
    });
  }

  /* The squares (TC.squares: one shape a colour), then each marked square's marks, named by their
     square: only one colour may enter it, or the last move was there. What a tap does on a square
     is its hit (drawHits). */
  function drawSquares(root, view, flip) {
    const restricted = view.restricted || {};
    const only = {};
    (restricted.blue || []).forEach(function (sq) { only[sq] = "blue"; });
    (restricted.red || []).forEach(function (sq) { only[sq] = "red"; });
    const lm = view.last_move || {};
    const lastSquares = {};
    ["from", "to", "square"].forEach(function (k) { if (typeof lm[k] === "string") lastSquares[lm[k]] = true; });
    const cells = [], marked = [];
    for (let f = 0; f < FILES.length; f++) {
      for (let r = 1; r <= RANKS; r++) {
        const sq = FILES[f] + r, c = coords(sq, flip);
        const dark = (f + r) % 2 === 0;
        let fill = dark ? "#b9bcc2" : "#d9dbe0";
        if (only[sq] === "blue") fill = dark ? "#a9bfe0" : "#c3d5ef";
        if (only[sq] === "red") fill = dark ? "#e3b0aa" : "#f1cbc6";
        cells.push([c.x, c.y, fill]);
        if (only[sq] || lastSquares[sq]) marked.push([sq, c]);
      }
    }
    window.TC.squares(root, cells, CELL);
    marked.forEach(function (m) {
      const sq = m[0], c = m[1];
      if (only[sq]) drawRestricted(root, c.x, c.y, only[sq]).setAttribute("data-square", sq);
      if (lastSquares[sq]) svg("rect", { x: c.x + 2, y: c.y + 2, width: CELL - 4, height: CELL - 4, fill: "none", stroke: "#7a4ccf", "stroke-width": 2, "stroke-dasharray": "5 3", class: "last-move keep-in-view", "data-square": sq }, root);
    });
  }

  /* Render into container. opts: {flip, selected, targets: {square: true}, selectable: {square: true},
     onTap(square), beam (default view.last_beam), lastMove} */
  function render(container, view, opts) {
    opts = opts || {};
    const flip = !!opts.flip;
    const W = FILES.length * CELL + 2 * M, H = RANKS * CELL + 2 * M;
    // named with the whole position in words, square by square (a screen reader's board)
    const position = (view.board || []).slice().sort(function (a, b) { return a.square < b.square ? -1 : 1; })
      .map(sayToken).join(", ");
    // a board a player taps holds buttons: a named group, not a picture (whose parts are hidden)
    const root = svg("svg", { viewBox: "0 0 " + W + " " + H, class: "laser-board", role: opts.onTap ? "group" : "img",
                              "aria-label": window.TC.T("Laser Chess board") + (position ? ": " + position : "") });
    svg("rect", { x: 0, y: 0, width: W, height: H, fill: "#23262b" }, root);
    drawSquares(root, view, flip);
    // coordinates
    for (let f = 0; f < FILES.length; f++) {
      const c = coords(FILES[f] + "1", flip);
      const t = svg("text", { x: c.cx, y: H - 5, class: "coord", "text-anchor": "middle" }, root);
      t.textContent = FILES[f];
    }
    for (let r = 1; r <= RANKS; r++) {
      const c = coords("a" + r, flip);
      // on a phone on both edges: its board, wider than the phone, scrolls sideways (TC.zoomBoard),
      // and a square's rank stays in view whichever way it is scrolled
      (opts.onTap ? [6, W - 6] : [6]).forEach(function (x) {
        const t = svg("text", { x: x, y: c.cy + 4, class: "coord", "text-anchor": "middle" }, root);
        t.textContent = String(r);
      });
    }
    const tokens = svg("g", { class: "tokens" }, root);
    (view.board || []).forEach(function (token) { drawToken(tokens, token, flip, coords(token.square, flip)); });
    // the beam
    const beam = opts.beam !== undefined ? opts.beam : view.last_beam;
    if (beam) {
      const b = beamPoints(beam, flip);
      if (b.pts.length > 1) {
        // cased in black: the beam stands out 3:1 from the light squares (its casing) and the dark frame (its core)
        svg("polyline", { points: b.pts.map(function (p) { return p.join(","); }).join(" "), class: "beam-casing", fill: "none", stroke: "#111", "stroke-width": 7, "stroke-linejoin": "round" }, root);
        svg("polyline", { points: b.pts.map(function (p) { return p.join(","); }).join(" "), class: "beam", fill: "none", stroke: "#ff2d2d", "stroke-width": 4, "stroke-linejoin": "round", opacity: 0.85 }, root);
        svg("polyline", { points: b.pts.map(function (p) { return p.join(","); }).join(" "), class: "beam-core", fill: "none", stroke: "#fff36b", "stroke-width": 1.5 }, root);
      }
      if (b.end) {
        const endMark = svg("g", { class: "beam-end", transform: "translate(" + b.end[0] + "," + b.end[1] + ")" }, root);
        if (b.exitDir) {
          svg("circle", { r: 7, fill: "#ff2d2d", stroke: "#fff", "stroke-width": 2 }, endMark);
        } else {
          svg("path", { d: "M-10,-10 L10,10 M-10,10 L10,-10", stroke: "#ff2d2d", "stroke-width": 5 }, endMark);
          svg("path", { d: "M-10,-10 L10,10 M-10,10 L10,-10", stroke: "#fff36b", "stroke-width": 1.5 }, endMark);
        }
      }
      if (beam.removed && beam.removed.square) {
        const c = coords(beam.removed.square, flip);
        svg("circle", { cx: c.cx, cy: c.cy, r: 16, fill: "none", stroke: "#ff2d2d", "stroke-width": 3, "stroke-dasharray": "3 3", class: "beam-removed" }, root);
      }
      // the beam drawn is the beam said (only drawn once told): the squares it crossed, what it hit
      root.setAttribute("aria-label", root.getAttribute("aria-label") + ". " + window.TC.sayBeam(beam.path, beam.say));
    }
    // setting up (table.js step.setup): the tokens the step places, outlined (the side says what the
    // outline is, and the step's lines name every square: never the outline alone)
    const marks = opts.marks || [];
    if (marks.length) {
      const layer = svg("g", { class: "setup-marks" }, root);
      (view.board || []).forEach(function (token) {
        const mark = token.piece === "laser" ? "lasers" : "tokens:" + token.color;
        if (marks.indexOf(mark) < 0) return;
        const c = coords(token.square, flip);
        // inside its square, clear of the next square's outline (G6: neighbouring outlines overlapped)
        svg("rect", { x: c.x + 6, y: c.y + 6, width: CELL - 12, height: CELL - 12, rx: 6, class: "setup-mark setup-mark-shape",
                      "data-mark": mark, "data-square": token.square }, layer);
      });
      // each outlined token's letter drawn again above the outlines (G6: the outline crossed the B/R),
      // in the same place: its token's transforms, then the letter
      const letters = svg("g", { class: "setup-letters", "pointer-events": "none" }, root);
      layer.querySelectorAll("rect[data-square]").forEach(function (mark) {
        const token = tokens.querySelector('[data-token="' + mark.getAttribute("data-square") + '"]');
        const letter = token && token.querySelector(".token-letter");
        if (!letter) return;
        const chain = [];
        for (let n = letter.parentNode; n && n !== tokens; n = n.parentNode) chain.unshift(n);
        let holder = letters;
        chain.forEach(function (n) { holder = svg("g", { transform: n.getAttribute("transform") || "" }, holder); });
        holder.appendChild(letter.cloneNode(true));
        letter.style.visibility = "hidden";
      });
    }
    // the selection layer on top, so a tap on a square that does something lands on it (markHits);
    // a tap anywhere else on the board puts a token picked up down again (onTap(null))
    svg("g", { class: "hits" }, root);
    if (opts.onTap) {
      root.tcTap = opts.onTap;
      root.tcSaid = {};   // a token's square said as its token ("Blue Deflector (c3)")
      (view.board || []).forEach(function (t) { root.tcSaid[t.square] = describeToken(t); });
      root.addEventListener("click", function (ev) { if (!ev.target.closest(".hit")) opts.onTap(null); });
    }
    markHits(root, opts);
    window.TC.clear(container).appendChild(root);
    return root;
  }

  function describeToken(token) {
    return window.TC.T(token.color === "blue" ? window.TC.N("Blue") : window.TC.N("Red")) + " " + pieceName(token.piece) + (token.square ? " (" + token.square + ")" : "");
  }

  window.LaserBoard = { render: render, describeToken: describeToken, coords: coords };

  /* ------------------------------------------------------------------ the pages */
  const isLaser = function (p) { return p.view && Array.isArray(p.view.board); };
  let selected = null;

  /* The phone's board: across the phone's width where its squares are 44 px or more, else at 44 px
     a square in a frame that scrolls sideways to the piece tapped and its squares (TC.zoomBoard;
     ten files across a 360-px phone would be about 32 px a square), the player's own side at the
     bottom (Red's board is drawn turned round), the legend under it. The moves of a tapped token are
     also offered as big buttons under the board. */
  function phoneBoard(board) {
    let holder = board.querySelector(".lc-fit");
    if (!holder) {
      const el = window.TC.el;
      window.TC.clear(board);
      holder = el("div", { class: "lc-fit" });
      board.append(holder, restrictedLegend());
    }
    return holder;
  }

  const ARROWS = { "0,1": "↑", "1,1": "↗", "1,0": "→", "1,-1": "↘", "0,-1": "↓", "-1,-1": "↙", "-1,0": "←", "-1,1": "↖" };
  /* The way from one square to a neighbour as an arrow, as the player sees the board (turned
     round for Red). */
  function arrow(from, to, flip) {
    let df = FILES.indexOf(to[0]) - FILES.indexOf(from[0]), dr = parseInt(to.slice(1), 10) - parseInt(from.slice(1), 10);
    if (flip) { df = -df; dr = -dr; }
    return ARROWS[Math.sign(df) + "," + Math.sign(dr)] || "•";
  }

  /* The phone: tap a token, then a highlighted square or one of the turn buttons. */
  function phoneRender(root, p, api) {
    const board = phoneBoard(root.querySelector("#board")), controls = root.querySelector("#controls");
    const legal = api.legal;
    const moves = {}, rotates = {};
    let draw_ = null;
    legal.forEach(function (a) {
      if ((a.type === "move" || a.type === "swap") && a.from) (moves[a.from] = moves[a.from] || []).push(a);
      else if (a.type === "rotate" && a.square) (rotates[a.square] = rotates[a.square] || []).push(a);
      else if (a.type === "declare_draw") draw_ = a;
    });
    // the tapped piece stays selected through updates from elsewhere; the player's own play, or a
    // piece that can no longer move, ends it
    if (api.own) selected = null;
    if (selected && !moves[selected] && !rotates[selected]) {
      selected = null;
      api.drop(T("The piece you tapped can no longer move."));
    }
    const selectable = {};
    Object.keys(moves).concat(Object.keys(rotates)).forEach(function (sq) { selectable[sq] = true; });
    let targets = {};
    const aimed = function () {
      targets = {};
      if (selected) (moves[selected] || []).forEach(function (a) { targets[a.to] = a; });
    };
    aimed();
    const play = function (a, title, detail) {
      return api.play(a, title, detail, { onSend: function () { selected = null; } });
    };
    const flip = p.seat === 1;
    const plays = { legal: legal, moves: moves, rotates: rotates, draw: draw_, flip: flip, play: play };
    // the board as the table shows it (the companion holds back what it has still to tell): a
    // move told step by step is drawn from the board after it, the beam from the laser's step on
    const step = window.TC.stepOf(p), shown = asOfStep(step.after, step);
    const drawn = render(board, shown.view, {
      flip: flip, selected: selected, targets: targets, selectable: selectable,
      onTap: function (sq) {
        if (api.busy()) return;
        if (selected && targets[sq]) {
          const a = targets[sq];
          const title = a.type === "swap" ? T("Swap {from} with {to}?", { from: a.from, to: a.to }) : T("Move {from} to {to}?", { from: a.from, to: a.to });
          play(a, title, T("After your move your laser fires. This cannot be undone."));
          return;
        }
        // a token tapped: its marks and its buttons change in place, nothing else is drawn again
        // (a slow phone answers the tap within a frame or two: docs/web.md, "A slow phone's first second")
        selected = selectable[sq] && selected !== sq ? sq : null;
        aimed();
        markHits(board, { flip: flip, selected: selected, targets: targets, selectable: selectable });
        window.TC.clear(controls);
        phoneControls(controls, p, plays);
      },
    });
    window.TC.zoomBoard(drawn, CELL, "laser-chess");   // 44 px a square, scrolled sideways on a narrow phone
    phoneControls(controls, p, plays);
  }

  /* The phone's controls under the board: a hint, and for the selected token its moves and turns as
     big buttons; "Declare a draw" when it may be. */
  function phoneControls(controls, p, plays) {
    const el = window.TC.el;
    const moves = plays.moves, rotates = plays.rotates, draw_ = plays.draw, flip = plays.flip, play = plays.play;
    if (!plays.legal.length) { controls.append(el("p", { class: "muted", text: T("Nothing to do right now.") })); return; }
    if (!selected) controls.append(el("p", { class: "hint", text: T("Tap one of your pieces.") }));
    else {
      const token = (p.view.board || []).find(function (t) { return t.square === selected; });
      controls.append(el("p", { class: "hint", text: (token ? describeToken(token) + ": " : "") + T("Tap a highlighted square or turn the piece.") }));
      // the same moves as big buttons (a square on a 360-px phone is smaller than a thumb)
      const moveRow = el("div", { class: "lc-moves" });
      (moves[selected] || []).forEach(function (a) {
        const text = arrow(a.from, a.to, flip) + " " + (a.type === "swap" ? T("Swap with {to}", { to: a.to }) : T("To {to}", { to: a.to }));
        moveRow.append(el("button", { type: "button", class: "big lc-move", "data-to": a.to, text: text,
          on: { click: function () {
            play(a, a.type === "swap" ? T("Swap {from} with {to}?", { from: a.from, to: a.to }) : T("Move {from} to {to}?", { from: a.from, to: a.to }),
                 T("After your move your laser fires. This cannot be undone."));
          } } }));
      });
      if (moveRow.children.length) controls.append(moveRow);
      const row = el("div", { class: "row" });
      (rotates[selected] || []).forEach(function (a) {
        const ccw = a.turn === "ccw";
        row.append(el("button", { type: "button", class: "big rotate", "data-turn": a.turn,
          text: (ccw ? "↺ " : "↻ ") + T(ccw ? window.TC.N("Turn left (anticlockwise)") : window.TC.N("Turn right (clockwise)")),
          on: { click: function () {
            play(a, T("Turn {square} {turn}?", { square: a.square, turn: T(ccw ? window.TC.N("anticlockwise") : window.TC.N("clockwise")) }),
                 T("After your move your laser fires. This cannot be undone."));
          } } }));
      });
      controls.append(row);
    }
    if (draw_) controls.append(el("button", { type: "button", class: "big secondary", text: T("Declare a draw"),
      on: { click: function () { play(draw_, T("Declare a draw") + "?", T("Is everyone sure?")); } } }));
  }

  /* What the table shows at a step of a move (table.js's step: index, events), from the view after
     the move: until the stepper reaches the laser's event the beam is not drawn yet and the token
     it removes still stands; from that step on, the view as it is. */
  function asOfStep(view, step) {
    const events = (step && step.events) || [];
    let laserAt = -1;
    events.forEach(function (ev, i) { if (ev.type === "laser" && laserAt < 0) laserAt = i; });
    if (laserAt < 0 || step.index >= laserAt) return { view: view, beam: view.last_beam, removed: view.removed || [] };
    const hit = events[laserAt].removed;
    const removed = (view.removed || []).slice();
    const shown = Object.assign({}, view);
    if (hit && hit.square) {
      shown.board = (view.board || []).concat([hit]);
      if (removed.length) removed.pop();  // the last removal is this beam's
    }
    return { view: shown, beam: null, removed: removed };
  }

  /* The table screen: the big board with the last beam; removed pieces and the legend beside it. */
  function tableRender(root, p, step) {
    const el = window.TC.el;
    let board = root.querySelector("#board");
    if (!board) { window.TC.clear(root); board = el("div", { id: "board", class: "board big-board" }); root.append(board); }
    // the change's own steps are drawn from the board AFTER it (step.after): the move at once, the
    // beam and the piece it takes from the laser's step on
    const now = asOfStep(step.after || p.view, step);
    const marks = step.setup ? (step.setup.marks || []).filter(function (m) { return SETUP_MARKS[m]; }) : [];
    render(board, now.view, { beam: now.beam, marks: marks });
    const side = window.TC.clear(step.side);
    window.TC.setupLegend(side, step.setup, SETUP_MARKS);
    if (now.removed.length) {
      side.append(el("h2", { class: "small", "data-fit": "last", text: T("Removed pieces") }));
      const ul = el("ul", { class: "removed-list", "data-fit": "last" });
      now.removed.forEach(function (t) { ul.append(el("li", { text: describeToken(t) })); });
      side.append(ul);
    }
    side.append(el("p", { id: "legend", class: "legend muted", "data-fit": "last", text: T("B = Blue (solid outline), R = Red (dashed outline). The beam is the red line; ● where it left the board, ✕ where it stopped.") }));
    const legend = restrictedLegend();
    legend.setAttribute("data-fit", "last");   // on a crowded screen the board speaks for itself
    side.append(legend);
  }

  window.LaserBoard.asOfStep = asOfStep;
  // what a setup step's marks outline (engines/laser_chess/setting_up.py names them)
  const SETUP_MARKS = { lasers: window.TC.N("Dashed outline: the two Lasers"),
                        "tokens:blue": window.TC.N("Dashed outline: Blue's tokens"),
                        "tokens:red": window.TC.N("Dashed outline: Red's tokens") };

  const SIDES = [{ name: window.TC.N("Blue"), colour: "blue", letter: "B" }, { name: window.TC.N("Red"), colour: "red", letter: "R" }];
  window.GameUI = window.GameUI || {};
  window.GameUI["laser-chess"] = {
    accepts: isLaser,
    /* a seat's side: a name (said with the seat) and a colour with its letter (never colour alone) */
    seatSide: function (seat) { return SIDES[seat] || null; },
    phone: { showView: false, render: phoneRender,
             // the piece tapped, kept for this move in the phone's storage (phone.js, TC.drafts)
             draft: { about: function (p) { return "ply " + p.view.ply; },
                      save: function () { return selected; }, load: function (square) { selected = square; } } },
    table: { render: tableRender },
  };
})();
