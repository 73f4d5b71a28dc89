//# allFunctionsCalledOnLoad
/* Jaws, Act 1 (Amity): the island drawn in SVG from the game's own map data, and the page parts,
   registered as GameUI["jaws"]:

   - the shark's phone is its movement pad: the map with its secret space and this turn's path,
     the spaces it may swim to (tap one), its other plays as big buttons (eat, the four powers, a
     Speed Burst built by tapping up to 3 spaces), a take-back of its own plan until it ends the
     turn, what the turn will announce, and the record of its earlier rounds. Nothing of this is
     in any other seat's payload: the page only draws what this seat's view holds;
   - a crew phone: the map, a switch between the crew members the seat plays, the spaces the
     chosen one may move to (tap one), its other plays as big buttons with the actions left, and a
     confirmation only for the plays that cannot be taken back (a barrel, the fish finder, the
     binoculars, closing a beach, ending a turn);
   - the table screen: the map (swimmers per beach, floating barrels, the closed-beach tile, the
     movers, the shark's mover when an answer put it on the board, the spaces where it may be
     shaded), the swimmer track, the barrels attached, the abilities used, the event card, the
     crew's turns and actions left, and every answer drawn as the step that tells it; at the end
     of the act, the shark's whole path replayed round by round.

   Colours always come with a letter or a shape. See docs/web.md and docs/jaws.md. */
"use strict";
(function () {
  const TC = window.TC;
  const T = function (m, p) { return TC.T(m, p); };
  const svg = function (tag, attrs, parent) { return TC.svg(tag, attrs, parent); };
  const el = TC.el;
  // the Shop, the land ring, the coastal water, the open sea: the land ring deep enough for a
  // label such as "Bürgermeister" (two lines, turned with its space if need be: fitLabel)
  const C = 200, R0 = 36, R1 = 100, R2 = 140, R3 = 196;
  // the crew's roles as the Orca draws them too (jaws-orca.js, loaded before this script): each its
  // letter, its name and its colour, with white words on it
  const ROLE = {};
  Object.keys(window.JawsOrca.ROLE).forEach(function (r) { ROLE[r] = Object.assign({ text: "#fff" }, window.JawsOrca.ROLE[r]); });
  const POWER = {
    frenzy: TC.N("Feeding Frenzy"), evade: TC.N("Evasive Moves"), hide: TC.N("Out of Sight"), burst: TC.N("Speed Burst"),
  };
  const PHASE = {
    start: TC.N("The shark chooses its secret start"), event: TC.N("Phase 1: event"), choice: TC.N("Phase 1: the card's choice"),
    shark: TC.N("Phase 2: the shark"), crew: TC.N("Phase 3: the crew"), over: TC.N("Act 1 is over"),
  };
  const CONFIRM = { throw: true, finder: true, binoculars: true, close: true, end: true };

  /* ------------------------------------------------------------------ geometry from the map data */

  function geometry(map) {
    const ring = map.drawing.ring, open = map.drawing.open;
    const step = 360 / ring.length;
    const g = { area: {}, land: {}, centre: {}, landCentre: {}, landAngle: {} };
    const sector = function (i) { return [-90 - step / 2 + step * i, -90 + step / 2 + step * i]; };
    ring.forEach(function (name, i) {
      const a = sector(i);
      g.area[name] = annulus(R1, R2, a[0], a[1]);
      g.centre[name] = polar((R1 + R2) / 2 + 4, (a[0] + a[1]) / 2);
      if (map.land_spaces.indexOf(name) >= 0) {
        g.land[name] = annulus(R0, R1, a[0], a[1]);
        g.landCentre[name] = polar(R0 + 0.4 * (R1 - R0), (a[0] + a[1]) / 2);
        g.landAngle[name] = (a[0] + a[1]) / 2;
      }
    });
    Object.keys(open).forEach(function (name) {
      const idx = open[name].map(function (s) { return ring.indexOf(s); }).sort(function (x, y) { return x - y; });
      let first = idx[0], last = idx[idx.length - 1];
      if (last - first > 1) { first = idx[idx.length - 1]; last = idx[0] + ring.length; }   // the pair wraps round north
      const a0 = sector(first)[0], a1 = sector(last % ring.length)[1] + (last >= ring.length ? 360 : 0);
      g.area[name] = annulus(R2, R3, a0, a1);
      g.centre[name] = polar((R2 + R3) / 2 + 6, (a0 + a1) / 2);
    });
    g.landCentre[map.shop] = { x: C, y: C };
    g.land[map.shop] = "M " + (C - R0) + " " + C + " a " + R0 + " " + R0 + " 0 1 0 " + (2 * R0) + " 0 a " + R0 + " " + R0 + " 0 1 0 " + (-2 * R0) + " 0";
    return g;
  }

  function polar(r, deg) { const a = deg * Math.PI / 180; return { x: C + r * Math.cos(a), y: C + r * Math.sin(a) }; }

  function annulus(r0, r1, a0, a1) {
    const p = [polar(r1, a0), polar(r1, a1), polar(r0, a1), polar(r0, a0)];
    const big = a1 - a0 > 180 ? 1 : 0;
    return "M " + p[0].x.toFixed(1) + " " + p[0].y.toFixed(1) + " A " + r1 + " " + r1 + " 0 " + big + " 1 " + p[1].x.toFixed(1) + " " + p[1].y.toFixed(1) +
      " L " + p[2].x.toFixed(1) + " " + p[2].y.toFixed(1) + " A " + r0 + " " + r0 + " 0 " + big + " 0 " + p[3].x.toFixed(1) + " " + p[3].y.toFixed(1) + " Z";
  }

  /* ------------------------------------------------------------------ the map */

  /* The phone's map in a frame of its own: on a phone where its thinnest space would be under 44 px,
     drawn bigger and scrolled sideways (TC.zoomBoard, issue 40). */
  function phoneMap(map) { return el("div", { class: "jaws-zoom" }, map); }
  function zoomMap(board, view) {
    const map = board.querySelector(".jaws-zoom > .jaws-map");
    if (map && map.isConnected) TC.zoomBoard(map, thinnest(view), "jaws");
  }
  /* The thinnest space a finger taps (TC.thinnest): each of the ring's water and land sectors, as
     points along its arcs (the zoom is set in the drawing's own task, before its labels are fitted at
     that size). */
  function thinnest(view) {
    const ring = view.map.drawing.ring, step = 360 / ring.length, shapes = [];
    ring.forEach(function (name, i) {
      const a0 = -90 - step / 2 + step * i;
      [[R1, R2], [R0, R1]].forEach(function (rr) {
        const pts = [];
        for (let k = 0; k <= 12; k++) {
          [polar(rr[0], a0 + step * k / 12), polar(rr[1], a0 + step * k / 12)].forEach(function (p) { pts.push([p.x, p.y]); });
        }
        shapes.push(pts);
      });
    });
    return TC.thinnest(shapes);
  }

  /* opts: shark (space of the shark's own mover, secret: its phone only), path (its path this
     turn), targets {space: fn} (tappable water or land spaces), focus (a role to ring), mark
     {space: text} (an answer drawn on a space), hot [spaces] (spaces an event names), shade
     (draw the possible spaces), replayPath [spaces]. */
  function drawMap(view, opts) {
    opts = opts || {};
    const map = view.map, g = geometry(map);
    const root = svg("svg", { viewBox: "0 0 400 400", class: "jaws-map", role: "img", "aria-label": T("The Amity board") });
    const possible = opts.shade ? (view.shark.possible || []) : [];
    svg("circle", { cx: C, cy: C, r: R3, class: "sea" }, root);
    Object.keys(g.area).forEach(function (name) {
      const cls = ["water"];
      if (map.beaches.indexOf(name) >= 0) cls.push("beach-water");
      if (possible.indexOf(name) >= 0 && possible.length < map.water_spaces.length) cls.push("possible");
      if (opts.hot && opts.hot.indexOf(name) >= 0) cls.push("hot");
      const area = svg("path", { d: g.area[name], class: cls.join(" "), "data-space": name }, root);
      if (opts.targets && opts.targets[name] && !opts.targetsLand) {
        area.classList.add("target");
        TC.pressable(area, T("Choose {space}", { space: named(view, name) }), opts.targets[name]);
      }
      const c = g.centre[name];
      const label = svg("text", { x: c.x, y: c.y - 10, class: "space-name", "text-anchor": "middle" }, root);
      label.textContent = named(view, name);
    });
    Object.keys(g.land).forEach(function (name) {
      const cls = ["land"];
      if (name === map.shop) cls.push("shop");
      if (map.docks.indexOf(name) >= 0) cls.push("dock");
      if (name === map.police || name === map.mayor) cls.push("office");
      const area = svg("path", { d: g.land[name], class: cls.join(" "), "data-land": name }, root);
      if (opts.targets && opts.targets[name] && opts.targetsLand) {
        area.classList.add("target");
        TC.pressable(area, T("Choose {space}", { space: named(view, name) }), opts.targets[name]);
      }
    });
    // the land's names on top of every space (a later space never covers them), fitted in their
    // space once drawn (fitLabel)
    const labels = [];
    Object.keys(g.land).forEach(function (name) {
      const tag = name === map.shop ? T("Shop") : name === map.police ? T("Police") : name === map.mayor ? T("Mayor")
        : map.docks.indexOf(name) >= 0 ? T("Dock") : "";
      if (!tag) return;
      const shop = name === map.shop;
      labels.push({ name: name, tag: tag, deg: shop ? null : g.landAngle[name] });
    });
    // swimmers, Michael, the closed beach, barrels
    map.beaches.forEach(function (b) {
      const c = g.centre[b], n = view.swimmers[b] || 0;
      if (n) badge(root, c.x - 14, c.y + 8, "☺" + n, "swimmers", TC.TN(n, "{count} swimmer", "{count} swimmers"));
      if (view.michael === b) badge(root, c.x + 16, c.y + 8, "M★", "michael", T("Michael"));
      if (view.closed && view.closed.beach === b && g.landCentre[b]) {
        const lc = g.landCentre[b];
        badge(root, lc.x, lc.y + 10, view.closed.side === "soon" ? T("Opens soon") : T("Closed"), "closed-tile", T("Beach closed"));
      }
    });
    Object.keys(view.barrels.floating || {}).forEach(function (s) {
      const c = g.centre[s];
      if (c) badge(root, c.x + 18, c.y - 16, "◉" + view.barrels.floating[s], "barrel", T("Floating barrels with motion sensors"));
    });
    Object.keys(view.barrels.docks || {}).forEach(function (d) {
      const n = view.barrels.docks[d], c = g.landCentre[d];
      if (n && c) badge(root, c.x, c.y + 12, "◉" + n, "barrel", T("Barrels on the dock"));
    });
    if (view.barrels.shop) badge(root, C, C + 14, "◉" + view.barrels.shop, "barrel", T("Barrels in the Shop"));
    // paths: this turn's (the shark's own phone) or a replayed round
    const path = opts.replayPath || opts.path;
    if (path && path.length > 1) {
      const pts = path.map(function (s) { const c = g.centre[s]; return c.x.toFixed(1) + "," + (c.y + 4).toFixed(1); }).join(" ");
      svg("polyline", { points: pts, class: "shark-path-casing" }, root);   // 3:1 on plain water too
      svg("polyline", { points: pts, class: "shark-path" }, root);
    }
    // movers: the crew (letters and shapes), the shark when it is on the board
    // (side by side on a shared space, a token's width apart, centred on the space)
    const placed = {}, sharing = {};
    const keyOf = function (c) { return (c.role === "brody" ? "L" : "W") + c.space; };
    (view.crew || []).forEach(function (c) { sharing[keyOf(c)] = (sharing[keyOf(c)] || 0) + 1; });
    (view.crew || []).forEach(function (c) {
      const onLand = c.role === "brody";
      const base = onLand ? g.landCentre[c.space] : g.centre[c.space];
      if (!base) return;
      const key = keyOf(c), k = placed[key] = (placed[key] || 0) + 1, apart = onLand ? 20 : 24;
      const x = base.x + apart * (k - 1) - apart * (sharing[key] - 1) / 2, y = base.y + (onLand ? -6 : 22);
      const style = ROLE[c.role];
      const grp = svg("g", { class: "mover role-" + c.role + (opts.focus === c.role ? " focus" : "") + (c.in_water ? " in-water" : "") }, root);
      if (onLand) svg("rect", { x: x - 9, y: y - 9, width: 18, height: 18, rx: 3, fill: style.fill }, grp);
      else svg("path", { d: "M " + (x - 11) + " " + (y - 4) + " L " + (x + 11) + " " + (y - 4) + " L " + (x + 7) + " " + (y + 7) + " L " + (x - 7) + " " + (y + 7) + " Z", fill: style.fill }, grp);
      const t = svg("text", { x: x, y: y + 4, "text-anchor": "middle", class: "mover-letter", fill: style.text }, grp);
      t.textContent = style.letter + (c.in_water ? "~" : "");
      const tip = svg("title", {}, grp); tip.textContent = T(style.name);
    });
    const sharkAt = opts.shark || opts.sharkAt || (view.shark.seen && view.shark.seen.space) ||
      (opts.hideShark ? null : view.shark.space || null);
    if (sharkAt && g.centre[sharkAt]) {
      const c = g.centre[sharkAt];
      const grp = svg("g", { class: "shark-mover" + (opts.shark ? " secret" : "") }, root);
      svg("path", { d: "M " + (c.x - 14) + " " + (c.y + 14) + " L " + (c.x + 2) + " " + (c.y - 14) + " L " + (c.x + 14) + " " + (c.y + 14) + " Z" }, grp);
      const t = svg("text", { x: c.x + 1, y: c.y + 10, "text-anchor": "middle", class: "mover-letter" }, grp);
      t.textContent = "S";
      const tip = svg("title", {}, grp); tip.textContent = T("The shark");
    }
    Object.keys(opts.mark || {}).forEach(function (s) {
      const c = g.centre[s];
      if (c) badge(root, c.x, c.y - 30, opts.mark[s], "answer", opts.mark[s]);
    });
    labels.forEach(function (l) {
      const c = l.deg === null ? { x: C, y: C - 12 } : polar(R0 + 0.68 * (R1 - R0), l.deg);
      const t = svg("text", { x: c.x, y: c.y, class: "land-name", "text-anchor": "middle", "dominant-baseline": "central",
                              "data-in": l.name, "data-word": l.tag, "data-deg": l.deg === null ? "" : l.deg }, root);
      t.textContent = l.tag.replace(/\u00ad/g, "");
    });
    root.setAttribute("aria-label", T("The Amity board") + sayAmity(view, sharkAt && g.centre[sharkAt] ? sharkAt : null));
    // each label placed on its own (the page's first map: each a task of its own, hidden till all
    // are placed; TC.measure), then the tokens and pills moved clear of them
    root.classList.add("labels-unplaced");
    root.querySelectorAll("text.land-name").forEach(function (t) { TC.measure(function () { fitLabel(root, t); }); });
    TC.measure(function () { clearLabels(root); root.classList.remove("labels-unplaced"); });
    return root;
  }

  /* The Amity board's position in words, as drawn (a screen reader's board, issue 40): the shark
     where this drawing shows it (never more: a crew phone's drawing has no secret), the crew, the
     swimmers, Michael, a closed beach, the barrels. */
  function sayAmity(view, sharkAt) {
    const at = function (what, space) { return what + " (" + place(view, space) + ")"; };
    const said = [];
    if (sharkAt) said.push(at(T("The shark"), sharkAt));
    (view.crew || []).forEach(function (c) { if (ROLE[c.role] && c.space) said.push(at(T(ROLE[c.role].name), c.space)); });
    view.map.beaches.forEach(function (b) {
      const n = view.swimmers[b] || 0;
      if (n) said.push(at(TC.TN(n, "{count} swimmer", "{count} swimmers"), b));
      if (view.michael === b) said.push(at(T("Michael"), b));
      if (view.closed && view.closed.beach === b) said.push(at(view.closed.side === "soon" ? T("Opens soon") : T("Beach closed"), b));
    });
    const barrels = view.barrels || {};
    Object.keys(barrels.floating || {}).forEach(function (s) { said.push(at(T("Floating barrels with motion sensors") + ": " + barrels.floating[s], s)); });
    Object.keys(barrels.docks || {}).forEach(function (d) { if (barrels.docks[d]) said.push(at(T("Barrels on the dock") + ": " + barrels.docks[d], d)); });
    if (barrels.shop) said.push(T("Barrels in the Shop") + ": " + barrels.shop);
    return said.length ? ": " + said.join(", ") : "";
  }

  /* A token or pill that still lies over a land label (no place of the label was clear of it):
     moved, a step at a time around where it stood, to the first place clear of every label where
     its middle is still in the space it stood on. Measured in the drawing's units, a turned label
     as the turned box it is. */
  const NUDGES = [];
  [8, 16, 24, 32, 40].forEach(function (d) {
    [[0, -1], [0, 1], [-1, 0], [1, 0], [-1, -1], [1, -1], [-1, 1], [1, 1]].forEach(function (v) { NUDGES.push([v[0] * d, v[1] * d]); });
  });
  function corners(b, m) {
    return [[b.x, b.y], [b.x + b.width, b.y], [b.x + b.width, b.y + b.height], [b.x, b.y + b.height]].map(function (p) {
      const q = m ? new DOMPoint(p[0], p[1]).matrixTransform(m) : { x: p[0], y: p[1] };
      return [q.x, q.y];
    });
  }
  function overlaps(a, b) {   // two convex boxes (corner lists) share more than a unit (separating axes)
    return [a, b].every(function (poly) {
      return poly.every(function (p, i) {
        const q = poly[(i + 1) % poly.length], len = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
        const nx = (p[1] - q[1]) / len, ny = (q[0] - p[0]) / len;
        const pa = a.map(function (c) { return c[0] * nx + c[1] * ny; }), pb = b.map(function (c) { return c[0] * nx + c[1] * ny; });
        return Math.min(Math.max.apply(null, pa), Math.max.apply(null, pb)) - Math.max(Math.min.apply(null, pa), Math.min.apply(null, pb)) > 1;
      });
    });
  }
  function clearLabels(root) {
    if (!root.isConnected) return;
    const inRoot = root.getCTM().inverse();
    const boxOf = function (e) { return corners(e.getBBox(), inRoot.multiply(e.getCTM())); };
    const words = Array.prototype.map.call(root.querySelectorAll("text.land-name"), boxOf);
    const spaces = root.querySelectorAll("[data-land], .water");
    const move = function (g, far) {
      const b = g.getBBox(), mid = new DOMPoint(b.x + b.width / 2, b.y + b.height / 2);
      const meets = function (dx, dy) {   // a label or pill there, or the drawing's edge
        if (b.x + dx < 0 || b.y + dy < 0 || b.x + dx + b.width > 2 * C || b.y + dy + b.height > 2 * C) return true;
        const box = corners({ x: b.x + dx, y: b.y + dy, width: b.width, height: b.height });
        return words.some(function (w) { return overlaps(box, w); });
      };
      if (!meets(0, 0)) return;
      // a token stays in its space (its middle does), 40 units at most; a pill (a beach closed) may
      // go as far as it must
      const home = far ? null : Array.prototype.find.call(spaces, function (s) { return s.isPointInFill(mid); });
      // along its ring's radius first (in and out: a land space is deep, not wide), then around
      const len = Math.hypot(mid.x - C, mid.y - C) || 1, ux = (mid.x - C) / len, uy = (mid.y - C) / len;
      const radial = [-8, 8, -16, 16, -24, 24, -32, 32, -40, 40].map(function (d) { return [ux * d, uy * d]; });
      for (const [dx, dy] of radial.concat(NUDGES)) {
        if (!far && Math.max(Math.abs(dx), Math.abs(dy)) > 40) continue;
        if ((!home || home.isPointInFill(new DOMPoint(mid.x + dx, mid.y + dy))) && !meets(dx, dy)) {
          g.setAttribute("transform", "translate(" + dx + " " + dy + ")");
          return;
        }
      }
    };
    // the pills first (clear of the labels), then the crew and the shark (clear of the labels, the
    // pills and the tokens placed before)
    const names = Array.prototype.map.call(root.querySelectorAll("text.space-name"), boxOf);
    Array.prototype.push.apply(words, names);
    root.querySelectorAll("g[class^='badge-']").forEach(function (g) {   // each clear of those before it too
      move(g, true);
      g.querySelectorAll("rect").forEach(function (r) { words.push(boxOf(r)); });
    });
    root.querySelectorAll("g.mover, g.shark-mover").forEach(function (g) {   // and clear of each other
      move(g, false);
      g.querySelectorAll("rect, path").forEach(function (r) { words.push(boxOf(r)); });
    });
  }

  /* A land label inside its space, at the size its screen gives it: one line, else two (at a
     soft hyphen, a hyphen or a space of the catalogue's word), level, along its ring or across it,
     nearer the sea or the Shop: the first of these that lies wholly inside the space. */
  function fitLabel(root, t) {
    if (!root.isConnected) return;
    const inRoot = root.getCTM().inverse();
    const boxOf = function (e) { return corners(e.getBBox(), inRoot.multiply(e.getCTM())); };
    const covers = Array.prototype.map.call(root.querySelectorAll(".mover rect, .mover path, .shark-mover path, g[class^='badge-'] rect"), boxOf);
    const shape = root.querySelector('[data-land="' + t.getAttribute("data-in") + '"]');
    const deg = t.getAttribute("data-deg") === "" ? null : parseFloat(t.getAttribute("data-deg"));
    const word = t.getAttribute("data-word"), plain = word.replace(/\u00ad/g, "");
    const lines = [[plain]];
    const soft = word.indexOf("\u00ad"), mid = Math.ceil(plain.length / 2);
    const gap = Math.max(plain.lastIndexOf(" ", mid + 3), plain.lastIndexOf("-", mid + 3));
    if (soft > 0) lines.push([word.slice(0, soft) + "-", word.slice(soft + 1).replace(/\u00ad/g, "")]);
    else if (gap > 0) lines.push([plain.slice(0, gap + (plain.charAt(gap) === "-" ? 1 : 0)), plain.slice(gap + 1)]);
    else if (plain.length > 7) lines.push([plain.slice(0, mid) + "-", plain.slice(mid)]);
    const upright = function (a) { a = ((a % 360) + 360) % 360; return a > 90 && a < 270 ? a - 180 : a; };
    const places = deg === null ? [{ r: null, turn: 0 }] : [];
    if (deg !== null) [0.68, 0.5, 0.82].forEach(function (f) {
      [0, upright(deg + 90), upright(deg)].forEach(function (turn) { places.push({ r: R0 + f * (R1 - R0), turn: turn }); });
    });
    const inside = function () {
      const b = t.getBBox(), to = shape.getCTM().inverse().multiply(t.getCTM());
      const dx = b.width * 0.02, dy = b.height * 0.15;
      return [[b.x + dx, b.y + dy], [b.x + b.width - dx, b.y + dy], [b.x + dx, b.y + b.height - dy], [b.x + b.width - dx, b.y + b.height - dy]]
        .every(function (p) { return shape.isPointInFill(new DOMPoint(p[0], p[1]).matrixTransform(to)); });
    };
    const x0 = parseFloat(t.getAttribute("x")), y0 = parseFloat(t.getAttribute("y"));
    const put = function (text, place) {
      const c = place.r === null ? { x: x0, y: y0 } : polar(place.r, deg);
      TC.clear(t);
      t.setAttribute("x", c.x); t.setAttribute("y", c.y);
      t.setAttribute("transform", "rotate(" + place.turn + " " + c.x + " " + c.y + ")");
      text.forEach(function (line, i) {
        const span = TC.svg("tspan", { x: c.x, dy: i === 0 ? (-(text.length - 1) * 0.55) + "em" : "1.1em" }, t);
        span.textContent = line;
      });
    };
    // a place clear of the tokens and pills drawn there (a crew member, "Opens soon"), else any;
    // whether a try lies inside its space, and where its words lie, are measured once (only the
    // tokens and pills change from one step to the next: LABEL_TRIES)
    const size = getComputedStyle(t).fontSize;
    const tried = function (li, pi) {
      const key = [word, t.getAttribute("data-in"), size, li, pi].join("|");
      if (!LABEL_TRIES.has(key)) {
        put(lines[li], places[pi]);
        LABEL_TRIES.set(key, { inside: inside(), box: boxOf(t) });
      }
      return LABEL_TRIES.get(key);
    };
    for (const free of [true, false]) {
      for (let li = 0; li < lines.length; li++) {
        for (let pi = 0; pi < places.length; pi++) {
          const at = tried(li, pi);
          if (at.inside && (!free || !covers.some(function (c) { return overlaps(at.box, c); }))) { put(lines[li], places[pi]); return; }
        }
      }
    }
    put(lines[lines.length - 1], places[0]);   // nothing fits (a very long word on a small phone): the plainest
  }
  const LABEL_TRIES = new Map();   // "word|land|font size|lines|place" -> {inside, box}: the same at every step

  function badge(root, x, y, text, cls, title) {
    const grp = svg("g", { class: "badge-" + cls }, root);
    const w = 8 + 7.2 * String(text).length;
    const pill = svg("rect", { x: x - w / 2, y: y - 9, width: w, height: 17, rx: 8 }, grp);
    const t = svg("text", { x: x, y: y + 4, "text-anchor": "middle" }, grp);
    t.textContent = text;
    TC.hug(t, pill, 4);
    const tip = svg("title", {}, grp); tip.textContent = title;
  }

  /* ------------------------------------------------------------------ shared panels */

  function cardPanel(view) {
    // once the act is over its last card is history: the first to give way on a full screen
    const box = el("div", { class: "jaws-card", "data-fit": view.phase === "over" ? "drop" : null });
    if (!view.card) { box.append(el("p", { class: "muted", text: T("No event card yet this round.") })); return box; }
    box.append(el("p", { class: "jaws-card-title" }, window.JawsOrca.titled(T("Event card {number}: {title}", { number: view.card.number, title: TC.say(view.card.title) }), "", view.card.title)),
               el("p", { class: "jaws-card-text", text: TC.say(view.card.text) }));
    return box;
  }

  function trackPanel(view, shark) {
    const s = shark || view.shark;
    const box = el("div", { class: "jaws-track" });
    const cells = [];
    for (let i = 0; i <= s.goal; i++) cells.push(i === s.track ? "▲" : i < s.track ? "■" : "□");
    // never "8 of 7": a track past its goal says why (the last round's meal went past it)
    const eaten = s.track > s.goal ? T("Swimmers eaten: {track}, more than the {goal} that end Act 1.", { track: s.track, goal: s.goal })
      : T("Swimmers eaten: {track} of {goal}", { track: s.track, goal: s.goal });
    box.append(el("p", { class: "jaws-eaten", text: eaten }),
               el("p", { class: "jaws-cells", "aria-hidden": "true", "data-fit": "drop", text: cells.join(" ") }),
               el("p", { text: T("Barrels attached: {count} of 2", { count: s.barrels }) + "  " + "◉".repeat(s.barrels) + "○".repeat(Math.max(0, 2 - s.barrels)) }),
               el("p", { text: T("Abilities used: {count} of 4", { count: s.abilities_used }) + "  " + "●".repeat(s.abilities_used) + "○".repeat(4 - s.abilities_used) }));
    return box;
  }

  function crewPanel(p) {
    const view = p.view;
    const list = el("ul", { class: "jaws-crew" });
    view.crew.forEach(function (c) {
      const style = ROLE[c.role];
      const turn = c.turn === "active" ? TC.TN(c.actions_left, "taking a turn: {count} action left", "taking a turn: {count} actions left")
        : c.turn === "done" ? T("done") : TC.TN(c.actions_left, "waiting: {count} action", "waiting: {count} actions");
      list.append(el("li", { class: "crew-" + c.role + (c.turn === "active" ? " active" : "") },
        el("span", { class: "jaws-chip role-" + c.role, text: style.letter }),
        el("span", { class: "jaws-name", text: T(style.name) + " · " + TC.seatName(p, c.seat) }),
        el("span", { class: "jaws-where", text: (c.space === view.map.shop ? T("in the Shop") : T("at {space}", { space: named(view, c.space) })) + (c.in_water ? " · " + T("in the water") : "") }),
        c.barrels ? el("span", { text: "◉" + c.barrels }) : null,
        view.phase === "crew" ? el("span", { class: "jaws-turn", "data-fit": c.turn === "active" ? null : "drop", text: turn }) : null));
    });
    return list;
  }

  /* A space's printed name as this reader's board prints it: the notation's (1-8, N, E, S, W), but
     the east beach as the table's box prints it in the page's language (the box profile's "east":
     view.map.east, {"de": "O"}; engines/jaws/words.py, letter). */
  function named(view, name) { return name === "E" ? ((view.map && view.map.east) || {})[TC.lang] || name : name; }
  function namedAll(view, names) { return names.map(function (n) { return named(view, n); }); }

  /* A space as a sentence names it, a phrase of its own ("space 7": de "Feld 7", nl "vak 7"), so each
     language puts its own preposition before it (engines/jaws/words.py, place). */
  function place(view, name) { return T("space {name}", { name: named(view, name) }); }

  function possibleLine(view) {
    const all = view.map.water_spaces.length, n = (view.shark.possible || []).length;
    if (view.shark.seen) return T("The shark's mover is on the board at {space}.", { space: place(view, view.shark.seen.space) });
    if (!n || n === all) return T("The shark may be anywhere in the water.");
    return T("From what was announced, the shark is in one of: {spaces}.", { spaces: namedAll(view, view.shark.possible).join(", ") });
  }

  /* ------------------------------------------------------------------ the shark's phone */

  let burst = null;         // the Speed Burst path being tapped on the shark's phone
  let crewRole = null;      // the crew member a seat's phone shows

  function sharkPhone(root, p, api) {
    const view = p.view, secret = view.secret, legal = api.legal;
    const board = TC.clear(root.querySelector("#board")), controls = TC.clear(root.querySelector("#controls"));
    const byType = function (type) { return legal.filter(function (a) { return a.type === type; }); };
    // the Speed Burst being tapped survives every update from elsewhere (a step the table tells,
    // a crew phone): only the shark's own play, or a burst no longer legal, ends it
    if (api.own) burst = null;
    if (burst && !byType("burst").some(function (a) { return a.path.slice(0, burst.length).join("-") === burst.join("-"); })) {
      burst = null;
      api.drop(T("Your Speed Burst was set aside: it can no longer be swum from here."));
    }
    const targets = {};
    const head = el("p", { class: "jaws-head" });
    if (view.phase === "start" && legal.length) {
      head.textContent = T("Choose your secret start: tap a water space. Nobody else will see it.");
      byType("start").forEach(function (a) {
        targets[a.space] = function () { api.play(a, T("Start at {space}?", { space: place(view, a.space) }), T("Your start stays secret; you cannot change it later.")); };
      });
    } else if (view.phase === "shark" && legal.length) {
      if (burst) {
        head.textContent = T("Speed Burst: tap up to 3 spaces, one after the other, then swim.");
        const from = burst.length ? burst[burst.length - 1] : secret.space;
        view.map.water[from].forEach(function (s) {
          if (s !== secret.space && burst.indexOf(s) < 0 && burst.length < 3) targets[s] = function () { burst.push(s); api.redraw(); };
        });
      } else {
        head.textContent = TC.TN(secret.actions_left, "Your turn, in secret: {count} action left. Tap a space to swim there.",
                                 "Your turn, in secret: {count} actions left. Tap a space to swim there.");
        byType("move").forEach(function (a) { targets[a.to] = function () { api.play(a, "", "", { noConfirm: true }); }; });
      }
    } else {
      head.textContent = view.phase === "over" ? T("Act 1 is over.") : T("The crew is on the move. Your tracker:");
    }
    board.append(head, phoneMap(drawMap(view, { shark: secret.space, path: burst ? [secret.space].concat(burst) : secret.path, targets: targets, shade: true })));
    zoomMap(board, view);
    if (view.phase === "shark" && legal.length) {
      const row = el("div", { class: "jaws-buttons" });
      if (burst) {
        const match = byType("burst").find(function (a) { return a.path.join("-") === burst.join("-"); });
        row.append(bigButton(T("Swim the Speed Burst"), "primary", !match, function () { api.play(match, "", "", { noConfirm: true, onSend: function () { burst = null; } }); }),
                   bigButton(T("Cancel the Speed Burst"), "secondary", false, function () { burst = null; api.redraw(); }));
      } else {
        legal.forEach(function (a) {
          if (a.type === "move" || a.type === "burst" || a.type === "end" || a.type === "back") return;
          row.append(bigButton(TC.say(a.label), "action", false, function () { api.play(a, "", "", { noConfirm: true }); }));
        });
        if (byType("burst").length) row.append(bigButton(T("Speed Burst: swim up to 3 spaces"), "action", false, function () { burst = []; api.redraw(); }));
        const back = byType("back")[0];
        if (back) row.append(bigButton("↶ " + T("Take back the last step"), "secondary", false, function () { api.play(back, "", "", { noConfirm: true }); }));
        const end = byType("end")[0];
        if (end) row.append(bigButton(T("End the turn and announce it"), "primary", false, function () {
          api.play(end, T("End your turn?"), announcement(view));
        }));
      }
      controls.append(row);
      if (secret.plan_said.length) {
        const plan = el("ol", { class: "jaws-plan" });
        secret.plan_said.forEach(function (s) { plan.append(el("li", { text: TC.say(s) })); });
        controls.append(el("h3", { class: "small", text: T("Your plan this turn") }), plan);
      }
    }
    const left = secret.powers.filter(function (x) { return x !== secret.power_this_round; });
    controls.append(el("p", { class: "jaws-powers", text: T("Abilities left: {list}", { list: left.map(function (x) { return T(POWER[x]); }).join(", ") || "—" }) }));
    if (secret.power_this_round) controls.append(el("p", { text: T("This round you play {power}.", { power: T(POWER[secret.power_this_round]) }) }));
    controls.append(el("p", { class: "muted", text: possibleLine(view) }), trackPanel(view), cardPanel(view), tracker(secret, view));
  }

  /* What ending the turn will tell the crew (the sheet before the shark confirms). */
  function announcement(view) {
    const s = view.secret, parts = [];
    const eaten = Object.keys(s.eaten || {}).filter(function (b) { return s.eaten[b]; }).map(function (b) { return s.eaten[b] + "×" + named(view, b); });
    if (s.michael_eaten) eaten.push(T("Michael"));
    parts.push(eaten.length ? T("You announce: eaten {list}.", { list: eaten.join(", ") }) : T("You announce: no swimmer eaten."));
    const floating = Object.keys(view.barrels.floating || {});
    const sensors = s.power_this_round === "evade" ? [] : (s.path || []).filter(function (x, i, all) { return floating.indexOf(x) >= 0 && all.indexOf(x) === i; });
    parts.push(sensors.length ? T("Motion sensors: {spaces}.", { spaces: namedAll(view, sensors.sort()).join(", ") }) : T("No motion sensor goes off."));
    parts.push(s.power_this_round ? T("An ability was used (not which).") : T("No ability used."));
    return parts.join(" ");
  }

  /* The record of earlier rounds: where the shark went, what it ate, which power. */
  function tracker(secret, view) {
    const rows = secret.trail || [];
    const box = el("div", { class: "jaws-tracker" }, el("h3", { class: "small", text: T("Your movement record") }));
    if (!rows.length) { box.append(el("p", { class: "muted", text: T("No round played yet.") })); return box; }
    const table = el("table", { class: "jaws-record" });
    table.append(el("tr", null, el("th", { text: T("Round") }), el("th", { text: T("Path") }), el("th", { text: T("Eaten") }), el("th", { text: T("Ability") })));
    rows.forEach(function (r) {
      const eaten = ["N", "E", "S", "W"].map(function (b, i) { return r.eaten[i] ? r.eaten[i] + named(view, b) : ""; }).filter(Boolean).join(" ") + (r.michael ? " M" : "");
      table.append(el("tr", null, el("td", { text: String(r.round) }), el("td", { text: namedAll(view, r.path).join("→\u200b") }),   // it may wrap after an arrow
        el("td", { text: eaten || "—" }), el("td", { text: r.power ? T(POWER[r.power]) : "—" })));
    });
    box.append(table);
    return box;
  }

  function bigButton(text, cls, disabled, onClick) {
    return el("button", { type: "button", class: "big " + cls, disabled: disabled, text: text, on: { click: onClick } });
  }

  /* ------------------------------------------------------------------ a crew phone */

  function crewPhone(root, p, api) {
    const view = p.view, legal = api.legal;
    const board = TC.clear(root.querySelector("#board")), controls = TC.clear(root.querySelector("#controls"));
    const mine = view.my_roles || [];
    const active = view.crew.find(function (c) { return c.turn === "active" && mine.indexOf(c.role) >= 0; });
    if (active) crewRole = active.role;
    // a member who is done hands the phone on to the next of this seat's members who still has actions
    const shown = view.crew.find(function (c) { return c.role === crewRole; });
    if (!crewRole || mine.indexOf(crewRole) < 0 || (shown && shown.turn === "done" && !active)) {
      const next = view.crew.find(function (c) {
        return c.turn !== "done" && mine.indexOf(c.role) >= 0 && legal.some(function (a) { return a.role === c.role; });
      }) || view.crew.find(function (c) { return c.turn === "waiting" && mine.indexOf(c.role) >= 0; });
      crewRole = next ? next.role : (mine.indexOf(crewRole) >= 0 ? crewRole : mine[0]);
    }
    if (mine.length > 1) {
      const tabs = el("div", { class: "jaws-tabs", role: "tablist" });
      mine.forEach(function (r) {
        const c = view.crew.find(function (x) { return x.role === r; });
        tabs.append(el("button", { type: "button", role: "tab", class: "tab role-" + r + (r === crewRole ? " selected" : ""), "aria-selected": r === crewRole ? "true" : "false",
          text: ROLE[r].letter + " " + T(ROLE[r].name) + (c.turn === "done" ? " ✓" : ""),
          on: { click: function () { crewRole = r; api.redraw(); } } }));
      });
      board.append(tabs);
    }
    const me = view.crew.find(function (c) { return c.role === crewRole; });
    const mineLegal = legal.filter(function (a) { return a.role === crewRole; });
    const targets = {};
    mineLegal.filter(function (a) { return a.type === "move"; }).forEach(function (a) {
      targets[a.to] = function () { api.play(a, "", "", { noConfirm: true }); };
    });
    let head;
    if (view.phase === "choice" && legal.length) head = T("The event card asks the crew to choose.");
    else if (view.phase !== "crew") head = T(PHASE[view.phase] || "");
    else if (!mineLegal.length) head = me.turn === "done" ? T("{name} is done this round.", { name: T(ROLE[crewRole].name) })
      : T("Another crew member is taking a turn.");
    else head = TC.TN(me.actions_left, "{name}: {count} action left. Tap a highlighted space to move.",
                      "{name}: {count} actions left. Tap a highlighted space to move.", { name: T(ROLE[crewRole].name) });
    board.append(el("p", { class: "jaws-head", text: head }),
                 phoneMap(drawMap(view, { targets: targets, targetsLand: crewRole === "brody", focus: crewRole, shade: true })));
    zoomMap(board, view);
    const choosing = view.phase === "choice" && legal.length;
    if (choosing) {
      // the card's rule stands with its choice: the card, then what to choose
      const row = el("div", { class: "jaws-buttons" });
      legal.forEach(function (a) { row.append(bigButton(TC.say(a.label), "action", false, function () { api.play(a, TC.say(a.label) + "?", TC.say(view.card && view.card.text)); })); });
      controls.append(el("div", { class: "jaws-choice" }, cardPanel(view), row));
    } else if (mineLegal.length) {
      const row = el("div", { class: "jaws-buttons" });
      mineLegal.forEach(function (a) {
        if (a.type === "move") return;
        const label = TC.say(a.label);
        row.append(bigButton(label, a.type === "end" ? "secondary" : "action", false, function () {
          if (CONFIRM[a.type]) api.play(a, label + "?", T("This cannot be taken back."));
          else api.play(a, "", "", { noConfirm: true });
        }));
      });
      controls.append(row);
    }
    controls.append(el("p", { class: "muted", text: possibleLine(view) }), crewPanel(p), trackPanel(view));
    if (!choosing) controls.append(cardPanel(view));
  }

  /* ------------------------------------------------------------------ setting up

     While the table sets up (step.setup = {key, marks}), the table screen draws the start view with
     the things a step names outlined and labelled (CSS class "setup-mark": an outline and a word,
     never colour alone). SETUP_MARKS is every mark this page knows, for both acts (the engine's
     steps name only these: tests/web/test_setup_marks.py reads this constant); an unknown mark is
     ignored. Each entry: where the thing is drawn (a selector) and its word; TC.setupMarks (common.js) draws them. */
  const SETUP_MARKS = {
    "board": { sel: "svg.jaws-map", label: TC.N("The Amity board") },
    "deck:event": { sel: ".jaws-card", label: TC.N("Event cards") },
    "swimmers": { sel: "path.beach-water", label: TC.N("Swimmers") },
    "water": { sel: "svg.jaws-map path.water", label: TC.N("Water spaces") },
    "track": { sel: ".jaws-track", label: TC.N("Swimmer track") },
    "mover:brody": { sel: "g.mover.role-brody", label: TC.N("Brody") },
    "mover:hooper": { sel: "g.mover.role-hooper", label: TC.N("Hooper") },
    "mover:quint": { sel: "g.mover.role-quint", label: TC.N("Quint") },
    "barrels:quint": { sel: "li.crew-quint", label: TC.N("Barrels on the Orca") },
    "barrels:shop": { sel: "g.badge-barrel", label: TC.N("Barrels in the Shop") },
    "orca": { sel: "svg.orca-map", label: TC.N("The Orca") },
    "deck:resurface": { sel: "ul.orca-options", label: TC.N("Resurface cards") },
    "hand": { sel: ".orca-shark-panel", label: TC.N("Ability cards") },
    "tracks": { sel: "ul.orca-tracks", label: TC.N("Wound tracks") },
  };

  // the page's marks at once (they may take room before the fit), the map's after its own placing
  // (TC.measure: fitLabel, clearLabels move pills and tokens), so an outline stands
  // round a token where it stays
  function markSetup(root, setup) {
    TC.setupMarks(root, setup, SETUP_MARKS, "page");
    TC.measure(function () { if (root.isConnected) TC.setupMarks(root, setup, SETUP_MARKS, "drawing"); });
  }

  /* ------------------------------------------------------------------ the table screen */

  let replay = { key: null, round: 0, timer: null, manual: false };

  function tableRender(root, p, step) {
    // the change's own steps are drawn from the state AFTER it (step.after), its later events
    // subtracted; p is as of the step (table.js)
    const view = step.after || p.view;
    TC.clear(root);
    const ev = step.event || {};
    const opts = { shade: true, hot: [], mark: {} };
    if (ev.type === "finder") { opts.hot = [ev.space].concat(ev.nearby || []); opts.mark[ev.space] = ev.answer === "here" ? T("HERE") : ev.answer === "near" ? T("nearby") : T("neither"); }
    if (ev.type === "binoculars") { opts.hot = [ev.space]; opts.mark[ev.space] = ev.answer === "here" ? T("HERE") : T("not here"); }
    if (ev.type === "hit" || ev.type === "miss") { opts.hot = [ev.space]; opts.mark[ev.space] = ev.type === "hit" ? T("Hit!") : T("Miss"); }
    if (ev.type === "sensors") { opts.hot = ev.at || []; (ev.at || []).forEach(function (s) { opts.mark[s] = T("Sensor!"); }); }
    if (ev.type === "shark_ate") Object.keys(ev.eaten || {}).forEach(function (b) { if (ev.eaten[b]) { opts.hot.push(b); opts.mark[b] = "−" + ev.eaten[b]; } });
    // Never a result before the step that tells it: the track, the barrels and the abilities as of
    // this step, and the shark's path (and where it ended) only from the step that reveals them.
    const later = step.events.slice(step.index + 1);
    const shark = Object.assign({}, view.shark);
    later.forEach(function (e) {
      if (e.type === "shark_ate") shark.track -= e.gain || 0;
      if (e.type === "ability" && e.used) shark.abilities_used -= 1;
      if (e.type === "hit") shark.barrels -= 1;
    });
    const revealed = !later.some(function (e) { return e.type === "revealed"; });
    const replaying = revealed && view.replay && view.replay.length;
    if (!revealed) opts.hideShark = true;
    const mapBox = el("div", { class: "jaws-map-box" + (replaying ? " replaying" : "") });
    if (replaying) mapBox.append(replayPanel(view, opts));
    mapBox.append(drawMap(view, opts));
    const info = el("div", { class: "jaws-info" },
      // the act's end (its path replayed) may stand in no phase of its own: said so, never a bare "·"
      el("p", { class: "jaws-phase", text: T("Round {round}", { round: view.round }) +
        (PHASE[view.phase] ? " · " + T(PHASE[view.phase]) : view.replay ? " · " + T(PHASE.over) : "") }),
      el("p", { class: "jaws-possible", text: possibleLine(view) }),
      crewPanel(p), trackPanel(view, shark), cardPanel(view));
    root.append(el("div", { class: "jaws-big" }, mapBox, info));
    // the legend in the side column (the crew stands with the game: the side column holds the
    // seats, the steps and the join code, and its lines give way when it is full)
    if (step.side) TC.clear(step.side).append(
      el("p", { class: "muted jaws-legend legend", "data-fit": "last", text: T("Shaded water: where the shark may be. Letters: B Brody, H Hooper, Q Quint, S the shark; ◉ barrels; ☺ swimmers; M★ Michael.") }));
    roomForWords(mapBox, info);
    if (tooLong(info)) placeCard(info.querySelector(".jaws-card"), mapBox, step.side);
  }

  /* The event card of a full info column goes, whole, under the map if the screen's height leaves
     room there, else to the top of the side column (its older lines and the legend give way). */
  function placeCard(card, mapBox, side) {
    if (!card) return;
    mapBox.append(card);
    if (window.JawsOrca.roomUnder(mapBox) || !side) return;
    side.prepend(card);
  }

  /* Whether a column's words overflow it even at their least (18 px, the lines that may go gone):
     then its event card moves to the side column, whole (its older lines and the legend give way
     there, table.js). */
  function tooLong(info) { return TC.wouldOverflow(info, 18); }

  /* The table screen gives the info column the room its words need: the map gives way, a step at
     a time, down to the width at which its drawn text is still 18 px (13-unit text on a 400-unit
     map: 554 px). What is still too long after that is fitted by table.js (TC.fit). */
  const MAP_LEAST = 556;
  function roomForWords(mapBox, info) {
    if (!mapBox.isConnected) return;
    const full = mapBox.getBoundingClientRect().width;
    const over = function () { return info.scrollHeight > info.clientHeight + 1; };
    if (!over() || full <= MAP_LEAST) return;
    // the widest of full - 24, full - 48, ... (MAP_LEAST the last) at which the words fit: sought by
    // halves (each try lays the page out), the same width a step at a time would find
    const steps = Math.ceil((full - MAP_LEAST) / 24);
    const width = function (i) { return Math.max(MAP_LEAST, full - 24 * i); };
    let lo = 1, hi = steps;   // hi: fits, or the least
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      mapBox.style.width = width(mid) + "px";
      if (over()) lo = mid + 1; else hi = mid;
    }
    mapBox.style.width = width(hi) + "px";
  }

  /* The page's side may take px of the map's width (table.js, fitScreen) while the map stays at
     its least or wider (its drawn text 18 px), then of the info column's while its words fit it;
     Act 2's Orca while its drawn words stay 18 px (orcaGivesWay). */
  function giveWay(area, px) {
    const orca = area.querySelector(".jaws-map-box.orca-box");
    if (orca) return orcaGivesWay(orca, px);
    const mapBox = area.querySelector(".jaws-map-box:not(.orca-box)"), info = area.querySelector(".jaws-info");
    if (!mapBox || !info) return false;
    const width = mapBox.getBoundingClientRect().width;
    if (width - px >= MAP_LEAST) { mapBox.style.width = (width - px) + "px"; return true; }
    // the map at its least: the info column, if its words still fit that much narrower
    info.style.maxWidth = (info.getBoundingClientRect().width - px) + "px";
    let fits = !tooLong(info);
    const card = info.querySelector(":scope > .jaws-card");
    if (!fits && card) {   // the event card under the map, if the screen's height leaves it room there
      mapBox.append(card);
      fits = mapBox.getBoundingClientRect().bottom <= area.getBoundingClientRect().bottom + 1 && !tooLong(info);
      if (!fits) info.append(card);
    }
    info.style.maxWidth = "";
    return fits;
  }

  /* Act 2: the Orca's drawing gives the side px of its width while its smallest drawn word stays
     18 px or more (JW1: before every seat was taken, the setup step's lines were cut at the side's
     foot in German beside an Orca drawn with room to spare). */
  function orcaGivesWay(box, px) {
    const width = box.getBoundingClientRect().width, smallest = TC.smallestText(box);
    if (!isFinite(smallest) || (width - px) * smallest / width < 18) return false;
    box.style.width = (width - px) + "px";
    return true;
  }

  /* The end of the act: the shark's secret path, round by round (◀ ▶, or on by itself). */
  function replayPanel(view, opts) {
    const rounds = view.replay;
    const key = JSON.stringify(rounds.map(function (r) { return r.path; }));
    if (replay.key !== key) { replay = { key: key, round: 0, timer: null, manual: false }; }
    const r = rounds[Math.min(replay.round, rounds.length - 1)];
    opts.replayPath = r.path;
    opts.sharkAt = r.to;
    opts.shade = false;
    opts.hot = r.path.slice();
    const eaten = ["N", "E", "S", "W"].map(function (b, i) { return r.eaten[i] ? r.eaten[i] + "×" + named(view, b) : ""; }).filter(Boolean).join(", ") + (r.michael ? " + " + T("Michael") : "");
    const box = el("div", { class: "jaws-replay" },
      el("button", { type: "button", class: "big secondary", text: "◀", "aria-label": T("Previous round"), on: { click: function (e) { e.stopPropagation(); replay.manual = true; replay.round = Math.max(0, replay.round - 1); redrawSoon(); } } }),
      el("span", { class: "jaws-replay-say", text: T("The shark's path, round {round}: {path}", { round: r.round, path: namedAll(view, r.path).join(" → ") }) +
        (eaten ? " · " + T("ate {list}", { list: eaten }) : "") + (r.power ? " · " + T(POWER[r.power]) : "") }),
      el("button", { type: "button", class: "big secondary", text: "▶", "aria-label": T("Next round"), on: { click: function (e) { e.stopPropagation(); replay.manual = true; replay.round = Math.min(rounds.length - 1, replay.round + 1); redrawSoon(); } } }));
    if (!replay.manual && !replay.timer && replay.round < rounds.length - 1) {
      replay.timer = setTimeout(function () { replay.timer = null; replay.round += 1; redrawSoon(); }, 2600 * (TC.paceFactor || 1));   // at the telling's pace
    }
    return box;
  }

  let lastTable = null;
  // a redraw between the telling's own (the replay's next round) is fitted as table.js fits its own
  function redrawSoon() {
    if (!lastTable) return;
    lastTable();
    const screen = document.getElementById("table-screen");
    if (screen) TC.fitAll(screen, 18);
  }

  function tableEntry(root, p, step) {
    if (step.setup) step = Object.assign({ events: [], index: 0, count: 0 }, step);   // the start view, no change told
    if (p.view.act === 2 && p.view.orca && !act1Step(step)) {
      lastTable = null;
      TC.clear(root);
      window.JawsAct2.table(root, p, step);
      markSetup(root, step.setup);
      return;
    }
    lastTable = function () { tableRender(root, p, step); markSetup(root, step.setup); };
    lastTable();
  }

  /* Both acts: the change that ends Act 1 also sets up Act 2; its Act 1 steps (the last answer, the
     act's end, the shark's path revealed and replayed) are drawn on Amity. */
  function act1Step(step) {
    const reveal = step.events.findIndex(function (e) { return e.type === "revealed"; });
    return reveal >= 0 && step.index <= reveal;
  }

  /* ------------------------------------------------------------------ registration */

  function phoneRender(root, p, api) {
    const shark = (p.view.my_roles || [])[0] === "shark";
    if (p.view.act === 2 && p.view.orca) {
      if (shark) window.JawsAct2.sharkPhone(root, p, api); else window.JawsAct2.crewPhone(root, p, api);
      return;
    }
    if (shark) sharkPhone(root, p, api);
    else crewPhone(root, p, api);
  }

  window.GameUI = window.GameUI || {};
  window.GameUI["jaws"] = {
    accepts: function (p) { return !!(p.view && p.view.map && p.view.map.drawing && Array.isArray(p.view.crew)); },
    /* a seat's role, where people choose a seat and on the table screen: the shark, or the crew
       members it plays as the box names them (no colour: the seat list says it in words) */
    seatSide: function (seat, p) {
      const roles = p && p.view && p.view.roles;
      if (!roles) return null;
      if (roles.shark === seat) return { name: TC.N("The shark"), letter: "S", colour: null };
      const crew = Object.keys(ROLE).filter(function (r) { return roles[r] === seat; });
      return crew.length ? { said: TC.andList(crew.map(function (r) { return T(ROLE[r].name); })),
                             letter: crew.map(function (r) { return ROLE[r].letter; }).join(""), colour: null } : null;
    },
    phone: { showView: false, render: phoneRender,
             // Act 1: the Speed Burst being tapped; Act 2: what its phones compose (JawsAct2.draft):
             // kept for this round and phase in the phone's storage (phone.js, TC.drafts)
             draft: { about: function (p) { const v = p.view; return v.act === 2 && v.orca ? window.JawsAct2.draft.about(p) : ["act 1", v.round, v.phase].join(" "); },
                      save: function () { const two = window.JawsAct2 ? window.JawsAct2.draft.save() : null; return burst || two ? { burst: burst, two: two } : null; },
                      load: function (v) { burst = Array.isArray(v.burst) ? v.burst : null; if (v.two && window.JawsAct2) window.JawsAct2.draft.load(v.two); } } },
    table: { render: tableEntry, giveWay: giveWay },
  };
})();
