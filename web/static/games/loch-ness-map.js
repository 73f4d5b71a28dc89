//# allFunctionsCalledOnLoad
/* Loch Ness: the board drawn in SVG from its map data (docs/loch-ness.md, "The board"): spaces by
   terrain (each with its own shape and sign, never colour alone), neighbours, sites with their card
   places, the IV/III marks, Nessie's start and her endgame route. Shared by the host's map editor
   and the phone's and table screen's renderers: window.LochNessMap. */
"use strict";
(function () {
  const TC = window.TC;
  const CELL = 64, PAD = 40, SIZE = 50;
  const TERRAIN = {
    water: { label: TC.N("Lake water"), sign: "≈", cls: "ln-water" },
    island: { label: TC.N("Island"), sign: "▲", cls: "ln-island" },
    harbour: { label: TC.N("Harbour"), sign: "⚓", cls: "ln-harbour" },
    front: { label: TC.N("In front of the harbour"), sign: "↓", cls: "ln-front" },
  };

  /* Finds: each kind's words (also used by the phone and the table screen) and a sign drawn on a
     face-up card (a shape, the same in every language; the words are in the card's title). These
     are labels, said alone: the octopus has a msgid of its own ("octopus", de "ein Krake" as the
     review asks), since the engine's "an octopus" stands inside sentences (de "einen Kraken"). */
  const FIND = {
    tracks: { word: TC.N("tracks"), sign: "∴" }, nest: { word: TC.N("a nest"), sign: "◎" },
    egg_shells: { word: TC.N("egg shells"), sign: "○" }, young_monster: { word: TC.N("a young monster"), sign: "◆", aboard: TC.N("a photo of a young monster") },
    treasure_chest: { word: TC.N("a treasure chest"), sign: "▣" }, activists: { word: TC.N("environmental activists"), sign: "!" },
    octopus: { word: TC.N("octopus"), sign: "✱" }, nessie: { word: TC.N("Nessie"), sign: "§" },
    observation: { word: TC.N("an observation of Nessie"), sign: "◉" },
  };
  function findWord(f) { return FIND[f] ? TC.T(FIND[f].word) : f; }
  /* A find as a boat carries it: a young monster is photographed ("een foto maken en deze meenemen
     op de boot"), so aboard it is its photo; every other find is the card itself. */
  function aboardWord(f) { return FIND[f] && FIND[f].aboard ? TC.T(FIND[f].aboard) : findWord(f); }

  function svg(tag, attrs, parent) { return TC.svg(tag, attrs, parent); }
  function text(parent, x, y, value, attrs) {
    const t = svg("text", Object.assign({ x: x, y: y, "text-anchor": "middle" }, attrs || {}), parent);
    t.textContent = value;
    return t;
  }

  function centre(space) { return [PAD + space.x * CELL, PAD + space.y * CELL]; }
  function byId(board) {
    const out = {};
    (board.spaces || []).forEach(function (s) { out[s.id] = s; });
    return out;
  }

  /* The drawing's extent: every space, plus a margin (an editor grid may ask for more). */
  function extent(board, minCols, minRows) {
    let cols = minCols || 1, rows = minRows || 1;
    (board.spaces || []).forEach(function (s) { cols = Math.max(cols, s.x + 1); rows = Math.max(rows, s.y + 1); });
    return { w: 2 * PAD + (cols - 1) * CELL, h: 2 * PAD + (rows - 1) * CELL, cols: cols, rows: rows };
  }

  /* Draw ``board`` into a new <svg>. opts: {cols, rows (the editor's grid), grid (draw empty cells),
     sites: {id: {down, up}} (cards in play), route: [ids] (the route to draw; default board.route),
     showNessieStart (the editor), onSpace(space, event), onCell(x, y, event), onLink(a, b, event)}. */
  function draw(board, opts) {
    opts = opts || {};
    const size = extent(board, opts.cols, opts.rows);
    const root = svg("svg", { viewBox: "0 0 " + size.w + " " + size.h, class: "ln-map", role: "img",
                              "aria-label": TC.T("The board: {name}", { name: board.placeholder ? TC.T("Sample board (placeholder)") : board.name || "" }) });
    const spaces = byId(board);
    if (opts.grid) {
      const cells = svg("g", { class: "ln-cells" }, root);
      for (let y = 0; y < size.rows; y++) {
        for (let x = 0; x < size.cols; x++) {
          const r = svg("rect", { x: PAD + x * CELL - SIZE / 2, y: PAD + y * CELL - SIZE / 2, width: SIZE, height: SIZE,
                                  rx: 6, class: "ln-cell", "data-cell": x + "," + y }, cells);
          if (opts.onCell) r.addEventListener("click", function (ev) { opts.onCell(x, y, ev); });
        }
      }
    }
    const links = svg("g", { class: "ln-links" }, root);
    const seen = {}, paths = { plain: [], moor: [] };
    (board.spaces || []).forEach(function (a) {
      (a.adjacent || []).forEach(function (id) {
        const b = spaces[id];
        const key = [a.id, id].sort().join("|");
        if (!b || seen[key]) return;
        seen[key] = true;
        const moor = a.terrain === "island" || b.terrain === "island";
        const [x1, y1] = centre(a), [x2, y2] = centre(b);
        if (!opts.onLink) {   // drawn with the others of its kind, below
          paths[moor ? "moor" : "plain"].push("M" + x1 + " " + y1 + "L" + x2 + " " + y2);
          return;
        }
        // the map editor: each link a thing to tap, said when pointed at
        const line = svg("line", { x1: x1, y1: y1, x2: x2, y2: y2, class: "ln-link" + (moor ? " ln-moor" : ""),
                                   "data-link": key }, links);
        const hit = svg("line", { x1: x1, y1: y1, x2: x2, y2: y2, class: "ln-link-hit", "data-link": key }, links);
        hit.addEventListener("click", function (ev) { opts.onLink(a.id, id, ev); });
        svg("title", {}, line).textContent = moor ? TC.T("Boats moor here") : TC.T("Boats sail between these");
      });
    });
    // elsewhere the links are one shape a kind, their look saying it (a moor's dashed, each link's
    // dashes from its own end): a board of few elements is drawn fast on a slow phone (docs/web.md,
    // "A slow phone's first second")
    if (paths.plain.length) svg("path", { d: paths.plain.join(""), class: "ln-link" }, links);
    if (paths.moor.length) svg("path", { d: paths.moor.join(""), class: "ln-link ln-moor" }, links);
    const layer = svg("g", { class: "ln-spaces" }, root);
    (board.spaces || []).forEach(function (s) { drawSpace(layer, board, s, opts); });
    drawRoute(root, spaces, opts.route || board.route || []);
    return root;
  }

  /* Nessie's endgame route over the spaces: a dotted line with an arrow, each step numbered. */
  function drawRoute(root, spaces, route) {
    const stops = route.filter(function (id) { return spaces[id]; });
    if (stops.length < 2) return;
    const g = svg("g", { class: "ln-route-layer", "pointer-events": "none" }, root);
    const defs = svg("defs", {}, g);
    const marker = svg("marker", { id: "ln-arrow", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5,
                                   orient: "auto-start-reverse" }, defs);
    svg("path", { d: "M0,0 L10,5 L0,10 z", class: "ln-route-head" }, marker);
    // each step right of the space's name, under its site's cards
    const pts = stops.map(function (id) { const c = centre(spaces[id]); return (c[0] + 17) + "," + (c[1] - 5); });
    const path = svg("polyline", { points: pts.join(" "), class: "ln-route", "marker-end": "url(#ln-arrow)" }, g);
    svg("title", {}, path).textContent = TC.T("Nessie's endgame route");
    stops.forEach(function (id, i) {
      if (i === 0) return;
      const c = centre(spaces[id]);
      svg("circle", { cx: c[0] + 17, cy: c[1] - 5, r: 6, class: "ln-route-step" }, g);
      text(g, c[0] + 17, c[1] - 2, String(i), { class: "ln-route-number" });
    });
  }

  /* One space. Its shape is drawn around its centre; its words are placed in the drawing's own
     coordinates (no transform), so a reader (and a test) sees where each word lies. */
  function drawSpace(layer, board, s, opts) {
    const kind = TERRAIN[s.terrain] || TERRAIN.water;
    const [cx, cy] = centre(s);
    const g = svg("g", { class: "ln-space " + kind.cls, "data-space": s.id }, layer);
    const shape = s.terrain === "island"
      ? svg("path", { d: "M-23,14 Q-26,-6 -8,-20 Q8,-28 20,-12 Q28,4 16,20 Q-4,27 -23,14 Z", class: "ln-shape",
                      transform: "translate(" + cx + "," + cy + ")" }, g)
      : svg("rect", { x: cx - SIZE / 2, y: cy - SIZE / 2, width: SIZE, height: SIZE, rx: s.terrain === "water" ? 12 : 4, class: "ln-shape" }, g);
    svg("title", {}, shape).textContent = (s.label || s.id) + " · " + TC.T(kind.label);
    // a mark (IV, III) stands in the top row beside the sign, clear of the cards at the top right:
    // the row under the name is where the space's boats lie (loch-ness.js)
    text(g, s.mark ? cx - 18 : cx - 13, cy - 9, kind.sign, { class: "ln-sign", "aria-hidden": "true", "data-of": s.id });
    if (s.label && s.label !== s.id) text(g, cx, cy + 21, s.label.slice(0, 12), { class: "ln-label" });
    text(g, cx, cy + 5, s.id, { class: "ln-id" });
    if (s.mark) text(g, cx - 5, cy - 10, s.mark, { class: "ln-mark", "data-of": s.id });
    if (s.site) drawSite(g, cx, cy, s, opts.sites && opts.sites[s.id]);
    if (opts.showNessieStart && board.nessie === s.id) nessie(g, cx - 2, cy - 13, 5, TC.T("Nessie starts here"));
    if (opts.onSpace) g.addEventListener("click", function (ev) { opts.onSpace(s, ev); });
    return g;
  }

  /* Nessie as a shape: three humps and a head above the water line, with a title. */
  function nessie(parent, x, y, r, title) {
    const g = svg("g", { class: "ln-nessie", transform: "translate(" + x + "," + y + ")" }, parent);
    svg("path", { d: "M" + (-1.6 * r) + ",0 q" + (0.5 * r) + "," + (-1.2 * r) + " " + r + ",0 q" + (0.5 * r) + "," + (-1.2 * r) + " " + r +
      ",0 q" + (0.3 * r) + "," + (-2 * r) + " " + (1.1 * r) + "," + (-1.6 * r), class: "ln-nessie-body" }, g);
    svg("circle", { cx: 1.6 * r, cy: -1.6 * r, r: r * 0.25, class: "ln-nessie-eye" }, g);
    svg("title", {}, g).textContent = title;
    return g;
  }

  /* A site's card places at the top right: a filled card back per face-down card, a lettered card
     per face-up one, an empty outline per free place. */
  function drawSite(g, cx, cy, s, cards) {
    const down = cards ? cards.down : 0, up = cards ? cards.up : [];
    const places = Math.max(s.site, down + up.length);
    const box = svg("g", { class: "ln-site" }, g);
    for (let i = 0; i < places; i++) {
      const x = cx + 5 + i * 11, y = cy - 25;   // as wide as its letter at the table screen's size
      const cls = i < down ? "ln-card-down" : i < down + up.length ? "ln-card-up" : "ln-card-free";
      const one = svg("g", { class: "ln-card" }, box);   // a card and its letter
      const card = svg("rect", { x: x, y: y, width: 10, height: 13, rx: 1, class: cls }, one);
      if (cls === "ln-card-up") {
        const kind = up[i - down];
        svg("title", {}, card).textContent = findWord(kind);
        text(one, x + 5, y + 10, FIND[kind] ? FIND[kind].sign : "?", { class: "ln-card-letter", "aria-label": findWord(kind) });
      }
    }
    svg("title", {}, box).textContent = TC.TN(s.site, "A site for {count} discovery card", "A site for {count} discovery cards");
  }

  window.LochNessMap = { draw: draw, nessie: nessie, findWord: findWord, aboardWord: aboardWord, FIND: FIND, centre: centre, extent: extent, byId: byId, TERRAIN: TERRAIN, CELL: CELL, PAD: PAD, SIZE: SIZE };
})();
