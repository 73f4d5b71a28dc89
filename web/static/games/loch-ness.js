//# allFunctionsCalledOnLoad
/* Loch Ness: the phone (your boats with their tools and finds, each boat's plays, moves tapped on
   the map, town, the end of the turn) and the table screen (the map with every boat, Nessie, the
   sites' cards, the endgame route, the reputation track, each turn's events step by step).
   Registered as GameUI["loch-ness"]; the map comes from loch-ness-map.js (window.LochNessMap); the
   view it reads is described in docs/loch-ness.md. */
"use strict";
(function () {
  const TC = window.TC, T = TC.T, el = TC.el, MAP = window.LochNessMap;
  const SIDES = [  // the seats' boats: a colour, its name and the seat's number on every hull
    { colour: "ln0", name: TC.N("Red boats") }, { colour: "ln1", name: TC.N("Blue boats") },
    { colour: "ln2", name: TC.N("Yellow boats") }, { colour: "ln3", name: TC.N("Green boats") },
  ];
  const TOOL = {
    motor: TC.N("motor"), shovel: TC.N("shovel"), camera: TC.N("camera"), binoculars: TC.N("binoculars"),
    diving_suit: TC.N("diving suit"), thief: TC.N("thief"), weapon: TC.N("weapon"),
  };
  const svg = function (tag, attrs, parent) { return TC.svg(tag, attrs, parent); };

  const findWord = MAP.findWord, aboardWord = MAP.aboardWord;
  function toolWord(t) { return t ? (TOOL[t] ? T(TOOL[t]) : t) : T("a hidden tool"); }
  function spacesOf(view) { return MAP.byId(view.board); }

  /* ---------------------------------------------------------------- drawing the game on the map */

  /* The map with every boat and Nessie. opts: {targets: {spaceId: onTap}, mine (seat), highlight
     (an event to draw on top), sites (override)} */
  function drawGame(view, opts) {
    opts = opts || {};
    const picture = MAP.draw(view.board, { sites: opts.sites || view.sites, route: view.endgame.route });
    const spaces = spacesOf(view);
    const at = {};
    view.players.forEach(function (p) {
      p.boats.forEach(function (b) {
        if (b.where && spaces[b.where]) (at[b.where] = at[b.where] || []).push({ seat: p.seat, boat: b });
      });
    });
    const layer = svg("g", { class: "ln-boats" }, picture);
    const harbour = (view.board.spaces || []).find(function (sp) { return sp.terrain === "harbour"; });
    const docked = harbour ? quay(picture, spaces, harbour, (at[harbour.id] || []).length) : null;
    const wide = picture.viewBox.baseVal.width;   // a row at the lake's edge stays inside the drawing
    // a boat's room in a row: one on its side lies across, its sail beside it
    const room = function (entry) { return entry.boat.side ? BOAT_SIDE : BOAT; };
    const width = function (row) { return row.reduce(function (sum, entry) { return sum + room(entry); }, 0); };
    const lay = function (row, x, y) {
      row.forEach(function (entry) {
        const w = room(entry);
        boatShape(layer, x + w / 2, y, entry.seat, entry.boat, entry.seat === opts.mine);
        x += w;
      });
    };
    const lines = {};   // under a space's name, a row for its boats; the rows of one line of the grid together
    Object.keys(at).forEach(function (id) {
      const here = at[id], c = MAP.centre(spaces[id]);
      if (docked && id === harbour.id) {   // on the quay, from its left end, in rows as long as the quay
        here.forEach(function (entry, i) {
          if (i % docked.row === 0) lay(here.slice(i, i + docked.row), docked.x - BOAT / 2, docked.y + Math.floor(i / docked.row) * QUAY_ROW);
        });
        return;
      }
      (lines[c[1]] = lines[c[1]] || []).push({ boats: here, centre: c[0], width: width(here) });
    });
    Object.keys(lines).forEach(function (y) {
      // the row's hulls in the gap to the next line of spaces, the sails' numbers clear of the name
      spread(lines[y], 4, wide - 4).forEach(function (row) { lay(row.boats, row.x, Number(y) + 28); });
    });
    wordsOnTop(picture);
    const ness = spaces[view.nessie];
    if (ness) {   // in the space's top left corner, in place of its sign and mark: clear of its name and cards
      const c = MAP.centre(ness);
      picture.querySelectorAll('.ln-sign[data-of="' + ness.id + '"], .ln-mark[data-of="' + ness.id + '"]').forEach(function (t) {
        t.setAttribute("visibility", "hidden");
      });
      MAP.nessie(picture, c[0] - 11, c[1] - 8, 9, T("Nessie is here"));
      picture.lastChild.setAttribute("class", "ln-nessie ln-nessie-now");
    }
    ringTargets(picture, view, opts.targets || {});
    if (opts.highlight) drawEvent(picture, view, opts.highlight);
    picture.setAttribute("aria-label", picture.getAttribute("aria-label") + sayMap(view, spaces, at, opts.sites || view.sites));
    return picture;
  }

  /* The spaces a tap may choose now, ringed (the rings drawn before are taken away): drawn in place
     when the player picks a boat to sail, a card to lay or the bagpipes. */
  function ringTargets(picture, view, targets) {
    const spaces = spacesOf(view);
    picture.querySelectorAll(".ln-target").forEach(function (ring) { ring.remove(); });
    Object.keys(targets).forEach(function (id) {
      if (!spaces[id]) return;
      const c = MAP.centre(spaces[id]);
      const ring = svg("circle", { cx: c[0], cy: c[1], r: MAP.SIZE / 2 + 3, class: "ln-target", "data-target": id }, picture);
      TC.pressable(ring, T("Choose {space}", { space: spaces[id].label || id }), function () { targets[id](); });
    });
  }

  /* Rows side by side on one line, each as near its space's centre as the others and the drawing's
     edges [lo, hi] let it be: rows that would meet are pushed apart as one, centred on what each
     asked for (a crowded island's row beside its neighbour's). Sets each row's x; returns them. */
  function spread(rows, lo, hi) {
    const groups = [];
    const within = function (x, w) { return Math.max(lo, Math.min(x, hi - w)); };
    rows.slice().sort(function (a, b) { return a.centre - b.centre; }).forEach(function (row) {
      // want: where the group starts to put its rows where they ask, on average
      let g = { rows: [row], width: row.width, want: row.centre - row.width / 2 };
      g.x = within(g.want, g.width);
      while (groups.length && groups[groups.length - 1].x + groups[groups.length - 1].width > g.x) {
        const p = groups.pop(), n = p.rows.length + g.rows.length;
        const want = (p.want * p.rows.length + (g.want - p.width) * g.rows.length) / n;
        g = { rows: p.rows.concat(g.rows), width: p.width + g.width, want: want };
        g.x = within(want, g.width);
      }
      groups.push(g);
    });
    groups.forEach(function (g) {
      let x = g.x;
      g.rows.forEach(function (row) { row.x = x; x += row.width; });
    });
    return rows;
  }

  /* The harbour's quay: a strip under the lake (the drawing grown by it), joined to the harbour by
     a line, where the boats in the harbour lie in rows, each clear of the others and of every
     space's words (a harbour holds every boat at the start: on its space they covered each other,
     its "H" and the spaces beside it). Returns where its first boat goes and how many fit a row. */
  const BOAT = 18, BOAT_SIDE = 32, QUAY_ROW = 30;
  function quay(picture, spaces, harbour, boats) {
    const box = picture.viewBox.baseVal, w = box.width, top = box.height;
    const row = Math.max(1, Math.floor((w - 2 * MAP.PAD + BOAT) / BOAT));
    const rows = Math.max(1, Math.ceil(boats / row));
    const height = 10 + rows * QUAY_ROW;
    picture.setAttribute("viewBox", "0 0 " + w + " " + (top + height));
    const c = MAP.centre(harbour);
    const g = svg("g", { class: "ln-quay" }, picture);
    picture.insertBefore(g, picture.querySelector(".ln-boats"));
    svg("line", { x1: c[0], y1: c[1] + MAP.SIZE / 2, x2: c[0], y2: top + 2, class: "ln-quay-link" }, g);
    svg("rect", { x: MAP.PAD - 20, y: top + 2, width: w - 2 * MAP.PAD + 40, height: height - 6, rx: 8, class: "ln-quay-strip" }, g);
    svg("title", {}, g).textContent = T(MAP.TERRAIN.harbour.label);
    return { x: MAP.PAD, y: top + 24, row: row };
  }

  /* Nessie's route and every space's name and mark drawn over the boats, with a dark edge, so a
     word stays readable with boats on it (the words lie in the drawing's own coordinates). */
  function wordsOnTop(picture) {
    const route = picture.querySelector(".ln-route-layer");
    if (route) picture.append(route);
    const words = svg("g", { class: "ln-words", "pointer-events": "none" }, picture);
    picture.querySelectorAll(".ln-space .ln-id, .ln-space .ln-mark, .ln-space .ln-label").forEach(function (t) { words.append(t); });
  }

  /* A boat: a hull in its seat's colour with the seat's number, the boat's number on the sail;
     lying on its side: turned over and marked; one of mine: an outline. */
  function boatShape(parent, x, y, seat, boat, mine) {
    const g = svg("g", { class: "ln-boat " + SIDES[seat % 4].colour + (boat.side ? " ln-side" : "") + (mine ? " ln-mine" : ""),
                         transform: "translate(" + x + "," + y + ") scale(1.45)" + (boat.side ? " rotate(90)" : ""),
                         "data-boat": seat + "/" + boat.boat }, parent);
    svg("path", { d: "M-7,0 L7,0 L5,5 L-5,5 Z", class: "ln-hull" }, g);
    svg("path", { d: "M0,0 L0,-11 L6,-3 Z", class: "ln-sail" }, g);
    // the two numbers apart (the hull's at its keel, the sail's high), each clear of the other at the
    // table screen's size too
    const n = svg("text", { x: 0, y: 5.2, "text-anchor": "middle", class: "ln-boat-seat" }, g);
    n.textContent = String(seat + 1);
    const m = svg("text", { x: 2.6, y: -5.8, "text-anchor": "middle", class: "ln-boat-no" }, g);
    m.textContent = String(boat.boat);
    svg("title", {}, g).textContent = boatWords(seat, boat);
    return g;
  }
  function boatWords(seat, boat) {
    const what = [T(SIDES[seat % 4].name) + " " + (seat + 1), T("boat {boat}", { boat: boat.boat })];
    if (boat.side) what.push(T("on its side"));
    if (boat.finds.length) what.push(boat.finds.map(aboardWord).join(", "));
    return what.join(" · ");
  }

  /* The map's position in words, as drawn (a screen reader's board, issue 40): every boat on its
     space, Nessie, the discovery cards face up on the sites. */
  function sayMap(view, spaces, at, sites) {
    const on = function (id) { return " (" + ((spaces[id] && spaces[id].label) || id) + ")"; };
    const said = [];
    Object.keys(at).forEach(function (id) {
      at[id].forEach(function (entry) { said.push(boatWords(entry.seat, entry.boat) + on(id)); });
    });
    if (spaces[view.nessie]) said.push(T("Nessie") + on(view.nessie));
    Object.keys(sites || {}).forEach(function (id) {
      (sites[id].up || []).forEach(function (kind) { said.push(MAP.findWord(kind) + on(id)); });
    });
    return said.length ? ": " + said.join(", ") : "";
  }

  /* What an event did, drawn on the board of the step: a move's arrow, Nessie's swim, a turned card. */
  function drawEvent(picture, view, ev) {
    const spaces = spacesOf(view);
    const line = function (from, to, cls) {
      if (!spaces[from] || !spaces[to]) return;
      const a = MAP.centre(spaces[from]), b = MAP.centre(spaces[to]);
      svg("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: cls }, picture);
    };
    if (ev.type === "moved") line(ev.from, ev.via || ev.to, "ln-step-move");
    if (ev.type === "moved" && ev.via) line(ev.via, ev.to, "ln-step-move");
    if (ev.type === "surfaced" || ev.type === "bagpipe" || ev.type === "nessie_swims") line(ev.frm, ev.space, "ln-step-nessie");
    if ((ev.type === "turned" || ev.type === "took") && spaces[ev.site]) {
      const c = MAP.centre(spaces[ev.site]);
      const pill = svg("g", { class: "ln-step-pill" }, picture);
      const card = svg("rect", { x: c[0] - 26, y: c[1] - 50, width: 52, height: 22, rx: 4, class: "ln-step-card" }, pill);
      const t = svg("text", { x: c[0], y: c[1] - 35, "text-anchor": "middle", class: "ln-step-card-text" }, pill);
      t.textContent = findWord(ev.card);
      TC.hug(t, card, 4);   // the card's whole name on its pill (never cut at 14 letters)
      TC.measure(function () { clearOfOthers(picture, pill); });   // once on the page
    }
    if (ev.type === "eaten" || ev.type === "sunk" || ev.type === "knocked") {
      picture.querySelectorAll('[data-boat="' + ev.seat + "/" + ev.boat + '"]').forEach(function (b) { b.classList.add("ln-struck"); });
    }
  }

  /* The turned card's pill moved, if it lies over a word, a boat, Nessie or a step of her route, to
     the first place near its site that is clear of them and inside the drawing: above the site
     first, then beside it, then under it. Boxes in the drawing's own units. */
  const PILL_PLACES = [[0, 0]];
  for (let d = 8; d <= 128; d += 8) {
    [[0, -1], [1, 0], [-1, 0], [0, 1], [1, -1], [-1, -1], [1, 1], [-1, 1]].forEach(function (v) { PILL_PLACES.push([v[0] * d, v[1] * d]); });
  }
  function clearOfOthers(picture, pill) {
    if (!picture.isConnected) return;
    const inRoot = picture.getCTM().inverse();
    const box = function (e) {   // the element's box in the drawing's units (a boat is moved and scaled)
      const b = e.getBBox(), m = inRoot.multiply(e.getCTM());
      const xs = [], ys = [];
      [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]].forEach(function (p) {
        const q = new DOMPoint(p[0], p[1]).matrixTransform(m); xs.push(q.x); ys.push(q.y);
      });
      return { x: Math.min.apply(null, xs), y: Math.min.apply(null, ys), r: Math.max.apply(null, xs), b: Math.max.apply(null, ys) };
    };
    const others = Array.prototype.filter.call(picture.querySelectorAll("text, .ln-boat path, .ln-nessie path, .ln-route-step"),
      function (e) { return !pill.contains(e) && (e.textContent || "").trim() !== "" || e.tagName !== "text"; }).map(box);
    const own = box(pill.querySelector("rect")), view = picture.viewBox.baseVal;
    const free = function (dx, dy) {
      const x = own.x + dx, y = own.y + dy, r = own.r + dx, b = own.b + dy;
      if (x < 0 || y < 0 || r > view.width || b > view.height) return false;
      return !others.some(function (o) { return x < o.r - 1 && o.x < r - 1 && y < o.b - 1 && o.y < b - 1; });
    };
    const to = PILL_PLACES.find(function (v) { return free(v[0], v[1]); });
    if (to && (to[0] || to[1])) pill.setAttribute("transform", "translate(" + to[0] + " " + to[1] + ")");
  }

  /* ---------------------------------------------------------------- setting up

     While the table sets up (step.setup = {key, marks}), the table screen draws the start view with
     the things a step names outlined and labelled (CSS class "setup-mark": an outline and a word,
     never colour alone). SETUP_MARKS is every mark this page knows (the engine's steps name only
     these: tests/web/test_setup_marks.py reads this constant); an unknown mark is ignored.
     TC.setupMarks (common.js) draws them. */
  const SETUP_MARKS = {
    "board": { sel: "svg.ln-map", label: TC.N("The board") },
    "supply": { sel: ".ln-supply", label: TC.N("Tool cards") },
    "stacks": { sel: ".ln-stacks", label: TC.N("Tool stacks") },
    "sites": { sel: "g.ln-site", label: TC.N("Discovery cards") },
    "piles": { sel: ".ln-status", label: TC.N("Piles") },
    "harbour": { sel: "g.ln-harbour", label: TC.N("Harbour") },
    "boats": { sel: "g.ln-boat", label: TC.N("Boats") },
    "reputation": { sel: "ol.ln-track", label: TC.N("Reputation") },
    "nessie": { sel: "g.ln-nessie-now", label: TC.N("Nessie") },
    "route": { sel: "g.ln-route-layer polyline", label: TC.N("Nessie's endgame route") },
  };

  function markSetup(root, setup) { TC.setupMarks(root, setup, SETUP_MARKS); }

  /* ---------------------------------------------------------------- the table screen */
  function renderTable(root, payload, step) {
    // the payload is as of the step shown (table.js, TC.asOf): while a change is told step by step
    // the board is as it was before it, the step drawn on top; its last step shows the board after
    // it (a result never shows before its step)
    const view = payload.view, board = view;
    const panel = el("div", { class: "ln-panel" });
    TC.clear(root).append(el("div", { class: "ln-table" },
      el("div", { class: "ln-status" }, statusLine(payload)),
      el("div", { class: "ln-table-row" }, drawGame(board, { highlight: step && step.event }), panel)));
    drawPanel(panel, payload, view);
    roomForPanel(root, panel);
    if (step && step.side) TC.clear(step.side);
    if (step) markSetup(root, step.setup);
  }

  /* The table screen's side may take px of the map's width (table.js, fitScreen) while the map's
     drawn text stays 18 px: its smallest (11 units: a route step's number, a card's letter, a mark)
     at 1.64 px a unit or more. */
  const READABLE = 18 / 11;
  function giveWay(area, px) {
    const map = area.querySelector("svg.ln-map");
    const vb = map && map.viewBox.baseVal;
    if (!vb || !vb.width) return false;
    const r = map.getBoundingClientRect();
    return Math.min((r.width - px) / vb.width, r.height / vb.height) >= READABLE;
  }

  /* The panel beside the map takes the width its words need (the final count: a line per player),
     measured as table.js can fit it at the least (18-px text, the lines it may drop gone): the map
     gives it 20 px at a time while its drawn text stays 18 px, and the rest stays for the page's
     side. table.js then fits it (TC.fit; at the end the tools left go first). */
  function roomForPanel(area, panel) {
    if (!panel.isConnected) return;
    const optional = panel.querySelectorAll("[data-fit]");
    optional.forEach(function (e) { e.hidden = true; });
    panel.style.fontSize = "18px";
    let width = panel.getBoundingClientRect().width;
    for (let more = 0; more < 400 && panel.scrollHeight > panel.clientHeight + 1 && giveWay(area, 20); more += 20) {
      width += 20;
      panel.style.flexBasis = width + "px";
    }
    panel.style.fontSize = "";
    optional.forEach(function (e) { e.hidden = false; });
  }

  function statusLine(payload) {
    const view = payload.view, parts = [];
    if (view.board.placeholder) parts.push("⚠ " + T("Sample board: a placeholder, not the printed board."));
    parts.push(TC.TN(view.sightings, "Nessie has been seen {count} time.", "Nessie has been seen {count} times."));
    parts.push(T("Piles") + ": " + TC.TN(view.piles.water, "{count} water card", "{count} water cards") + ", " +
               TC.TN(view.piles.land, "{count} land card", "{count} land cards"));
    return parts.join(" · ");
  }

  /* Beside the map: the reputation track (highest first), bagpipes and chests; the tools left. */
  function drawPanel(side, payload, view) {
    // the end coming, first (in the status line above the map it made three lines in Dutch and
    // German, and the map smaller than the table can read)
    if (view.endgame.stage === "in_sight" && !view.scores) side.append(el("p", { class: "ln-endgame", text: T("The end is in sight: Nessie attacks the harbour when the start player's turn comes.") }));
    if (view.endgame.stage === "last_turns" && !view.scores) side.append(el("p", { class: "ln-endgame", text: TC.TN(view.endgame.turns_left, "Last turns: {count} turn left.", "Last turns: {count} turns left.") }));
    side.append(el("h3", { class: "small", text: T("Reputation") }));
    const track = el("ol", { class: "ln-track" });
    const top = Math.max(10, ...view.players.map(function (p) { return p.reputation; }));
    view.players.slice().sort(function (a, b) { return b.reputation - a.reputation; }).forEach(function (p) {
      const bar = el("span", { class: "ln-bar " + SIDES[p.seat % 4].colour });
      bar.style.width = Math.round(100 * p.reputation / top) + "%";   // CSSOM: no inline style attribute (CSP)
      track.append(el("li", { "data-seat": p.seat },
        el("span", { class: "swatch " + SIDES[p.seat % 4].colour, text: String(p.seat + 1) }),
        el("span", { class: "ln-who", text: TC.seatName(payload, p.seat) }),
        el("span", { class: "ln-rep", text: String(p.reputation) }),
        el("span", { class: "ln-extra", text: "♪×" + p.bagpipes + (p.chests ? " · ▣×" + p.chests : ""),
                     title: TC.TN(p.bagpipes, "{count} bagpipe token", "{count} bagpipe tokens") + ", " +
                            TC.TN(p.chests, "{count} treasure chest", "{count} treasure chests") }),
        el("span", { class: "ln-bar-box" }, bar)));
    });
    side.append(track);
    if (view.supply) {
      side.append(el("p", { class: "muted ln-supply", "data-fit": view.scores ? "last" : null, text: T("Tools left") + ": " + Object.keys(view.supply).map(function (k) {
        return toolWord(k) + " " + view.supply[k]; }).join(", ") }));
    } else if (view.stacks) {
      side.append(el("p", { class: "muted ln-stacks", "data-fit": view.scores ? "last" : null, text: T("Tool stacks") + ": " + view.stacks.join(" / ") }));
    }
    if (view.scores) {
      side.append(el("h3", { class: "small", text: T("Final count") }));
      view.scores.forEach(function (s) {
        side.append(el("p", { class: "ln-score", text: TC.seatName(payload, s.seat) + ": " + T("{reputation} reputation + {harbour} in the harbour + {outside} outside (half: {half}) + {chests} for chests = {total}", {
          reputation: s.reputation, harbour: s.harbour, outside: s.outside, half: s.outside_counted, chests: s.chest_points, total: s.total }) }));
      });
    }
  }

  /* ---------------------------------------------------------------- the phone */
  // the boat being sailed, or "pipes" / a card to lay; mooring: the notations of a move's choices of water
  const UI = { boat: null, mode: null, mooring: null };

  function renderPhone(root, payload, api) {
    const view = payload.view, me = payload.seat, legal = api.legal;
    // the boat being sailed, the card to lay, the bagpipes, the water to moor from: they survive
    // every update from elsewhere; the player's own play, or a choice no longer legal, ends them
    if (api.own) { UI.boat = null; UI.mode = null; UI.mooring = null; }
    const has = function (test) { return legal.some(test); };
    if (UI.boat !== null && !has(function (a) { return a.type === "move" && a.boat === UI.boat; })) {
      UI.boat = null; UI.mooring = null;
      api.drop(T("That boat can no longer sail now."));
    }
    if (UI.mooring && !UI.mooring.every(function (n) { return has(function (a) { return a.notation === n; }); })) {
      UI.mooring = null;
      api.drop(T("That boat can no longer sail now."));
    }
    if (UI.mode === "pipes" && !has(function (a) { return a.type === "bagpipe"; })) UI.mode = null;
    if (UI.mode && UI.mode.card && !has(function (a) { return a.type === "place" && a.card === UI.mode.card && a.back === UI.mode.back; })) {
      UI.mode = null;
      api.drop(T("That card can no longer be laid now."));
    }
    const board = TC.clear(root.querySelector("#board") || root);
    const controls = TC.clear(root.querySelector("#controls") || root);
    const picture = drawGame(view, { mine: me, targets: targetsNow(api, view, legal) });
    const hint = el("p", { class: "hint", text: T("Tap a ringed space on the map.") });
    board.append(el("div", { class: "ln-zoom" }, picture), hint);
    hint.hidden = !picture.querySelector(".ln-target");
    // a ring 44 px across, the map scrolled sideways on a narrow phone (TC.zoomBoard, issue 40)
    if (picture.isConnected) TC.zoomBoard(picture, MAP.SIZE + 6, "loch-ness");
    // a boat to sail, a card to lay, the bagpipes picked or put down: its rings and its buttons
    // change in place, nothing else is drawn again (a slow phone answers the tap at once)
    const remark = function () {
      ringTargets(picture, view, targetsNow(api, view, legal));
      hint.hidden = !picture.querySelector(".ln-target");
      markModes(controls);
    };
    controls.append(el("p", { class: "status" + (legal.length ? " your-turn" : ""), text: phoneStatus(payload) }));
    if (view.board.placeholder) controls.append(el("p", { class: "muted", text: "⚠ " + T("Sample board: a placeholder, not the printed board.") }));
    const mine = view.players[me];
    if (legal.length) controls.append(actions(api, view, legal, remark));
    controls.append(el("h3", { class: "small", text: T("Your boats") }));
    mine.boats.forEach(function (b) { controls.append(boatCard(api, view, b, legal, remark)); });
    controls.append(el("p", { class: "muted", text: T("Reputation") + " " + mine.reputation + " · " +
      TC.TN(mine.bagpipes, "{count} bagpipe token", "{count} bagpipe tokens") + " · " +
      TC.TN(mine.chests, "{count} treasure chest", "{count} treasure chests") }));
    if (UI.mooring) mooring(api, legal.filter(function (a) { return UI.mooring.indexOf(a.notation) >= 0; }));
    const placed = (view.you && view.you.placed) || [];
    if (placed.length) controls.append(el("p", { class: "muted", text: T("Cards you laid face down") + ": " +
      placed.map(function (p) { return findWord(p.card) + " → " + p.site; }).join(", ") }));
    markModes(controls);
  }

  /* The spaces a tap chooses now, each with what the tap does: the boat being sailed's waters, where
     the bagpipes may call Nessie, the sites for the card to lay. */
  function targetsNow(api, view, legal) {
    const targets = {};
    const moves = legal.filter(function (a) { return a.type === "move" && a.boat === UI.boat; });
    moves.forEach(function (a) {
      const same = moves.filter(function (o) { return o.to === a.to; });
      targets[a.to] = function () { sail(api, view, same); };
    });
    if (UI.mode === "pipes") legal.filter(function (a) { return a.type === "bagpipe"; }).forEach(function (a) {
      targets[a.to] = function () { api.play(a, TC.say(a.label), T("Every boat on that space is eaten; its owner gets 2 reputation.")); };
    });
    if (UI.mode && UI.mode.card) legal.filter(function (a) { return a.type === "place" && a.card === UI.mode.card && a.back === UI.mode.back; })
      .forEach(function (a) { targets[a.site] = function () { api.play(a, TC.say(a.label), T("Only you will know what lies there.")); }; });
    return targets;
  }

  /* The mode buttons as UI says: the boat being sailed, the card to lay, the bagpipes. */
  function markModes(controls) {
    controls.querySelectorAll("[data-sail]").forEach(function (b) {
      const on = UI.boat !== null && String(UI.boat) === b.getAttribute("data-sail");
      b.classList.toggle("primary", on);
      b.textContent = on ? T("Sailing: tap a ringed space") : T("Sail…");
      const card = b.closest(".ln-boat-card");
      if (card) card.classList.toggle("selected", on);
    });
    controls.querySelectorAll("[data-card]").forEach(function (b) {
      b.classList.toggle("primary", !!UI.mode && UI.mode.card + "/" + UI.mode.back === b.getAttribute("data-card"));
    });
    const pipes = controls.querySelector("#ln-pipes");
    if (pipes) {
      pipes.classList.toggle("primary", UI.mode === "pipes");
      pipes.textContent = UI.mode === "pipes" ? T("Bagpipes: tap where Nessie swims") : T("Play the bagpipes (ends the turn)…");
    }
  }

  function phoneStatus(payload) {
    const view = payload.view;
    if (payload.outcome) return TC.outcomeText(payload);
    if (!(payload.legal_actions || []).length) {
      // the robbed or attacked player decides on their own phone; the others wait, told only that
      if (view.step === "thief" || view.step === "defend") {
        const who = TC.seatName(payload, view.target.seat);
        return view.step === "thief" ? T("{name} decides whether to show a thief.", { name: who }) :
          T("{name} decides whether to show a weapon.", { name: who });
      }
      return T("{name}'s turn.", { name: TC.seatName(payload, view.turn) });
    }
    if (view.phase === "place") return T("Lay one of your cards face down: tap a card, then a site.");
    return {
      act: T("Your turn: each boat may sail or look around."),
      moved: T("Boat {boat} has moved: take finds, fight or observe, then Done.", { boat: view.boat }),
      explore: view.turning ? T("Boat {boat}: take the top card or leave it, then turn the bottom card.", { boat: view.boat }) :
        T("Boat {boat} looked around: take what you can, then Done.", { boat: view.boat }),
      card: T("Which card did you turn on {site}?", { site: view.turning }),
      draw: T("Which card did you draw from the robbed boat?"),
      thief: T("{name} is robbing your boat {boat}. Show a thief to stop it?", { name: TC.seatName(payload, view.turn), boat: view.target && view.target.boat }),
      defend: view.armed ? T("{name} attacks your boat {boat}, showing a weapon. Show a weapon too?", { name: TC.seatName(payload, view.turn), boat: view.target && view.target.boat }) :
        T("{name} attacks your boat {boat} without showing a weapon. Show a weapon?", { name: TC.seatName(payload, view.turn), boat: view.target && view.target.boat }),
      town: T("Boat {boat} is in town: hand tools back, take tools, then Done.", { boat: view.boat }),
    }[view.step] || "";
  }

  /* One of my boats: where it lies, its tools (hidden ones marked) and finds, and its own plays.
     ``remark``: the seat's drawing marked again in place, once a mode is picked (renderPhone's). */
  function boatCard(api, view, b, legal, remark) {
    const where = b.state === "reserve" ? T("not on the board yet") : b.state === "off" ? T("taken off the board") :
      b.state === "harbour" ? T("in the harbour") : b.state === "moored" ? T("moored at {space}", { space: b.where }) : T("at {space}", { space: b.where });
    const tools = b.tools.map(function (t) { return toolWord(t.tool) + (view.advanced && !t.shown ? " (" + T("hidden") + ")" : ""); });
    const card = el("div", { class: "ln-boat-card" + (UI.boat === b.boat ? " selected" : ""), "data-boat": b.boat },
      el("strong", { text: T("Boat {boat}", { boat: b.boat }) + " · " + where + (b.side ? " · " + T("on its side") : "") }),
      el("div", { class: "muted", text: T("Tools") + ": " + (tools.join(", ") || "—") }),
      el("div", { class: "muted", text: T("Finds") + ": " + (b.finds.map(aboardWord).join(", ") || "—") }));
    const own = legal.filter(function (a) { return a.boat === b.boat && ["move", "explore", "town", "chest"].indexOf(a.type) >= 0; });
    const row = el("div", { class: "row" });
    if (own.some(function (a) { return a.type === "move"; })) {
      row.append(el("button", { type: "button", class: "big" + (UI.boat === b.boat ? " primary" : ""), "data-sail": b.boat,
        text: UI.boat === b.boat ? T("Sailing: tap a ringed space") : T("Sail…"),
        on: { click: function () { UI.boat = UI.boat === b.boat ? null : b.boat; UI.mode = null; remark(); } } }));
    }
    own.filter(function (a) { return a.type !== "move"; }).forEach(function (a) {
      const detail = a.type === "explore" ? T("The card is turned for everyone to see.") :
        a.type === "chest" ? T("The chest is spent: it no longer counts 2 at the end.") :
        b.finds.length ? T("Your finds are handed in for reputation.") :
        T("Boat {boat} has no finds to hand in: in town it hands tools back and takes tools.", { boat: b.boat });
      row.append(el("button", { type: "button", class: "big", "data-action": a.notation, text: TC.say(a.label),
        on: { click: function () { api.play(a, TC.say(a.label), detail); } } }));
    });
    if (row.children.length) card.append(row);
    return card;
  }

  /* A move: tap the space; an island reached from two waters asks from which. */
  function sail(api, view, options) {
    if (options.length === 1) {
      api.play(options[0], TC.say(options[0].label), T("A move cannot be taken back."));
      return;
    }
    UI.mooring = options.map(function (a) { return a.notation; });
    api.redraw();
  }

  /* The boat's choice of water to moor from (kept in UI.mooring until played or cancelled). */
  function mooring(api, options) {
    const box = TC.clear(document.getElementById("controls"));
    box.append(el("p", { class: "status", text: T("From which water does the boat moor?") }));
    options.forEach(function (a) {
      box.append(el("button", { type: "button", class: "big", text: TC.say(a.label),
        on: { click: function () { api.play(a, TC.say(a.label), T("Nessie eats moored boats on the water they moored from.")); } } }));
    });
    box.append(el("button", { type: "button", class: "big secondary", text: T("Cancel"), on: { click: function () { UI.mooring = null; api.redraw(); } } }));
  }

  /* Everything that is not one boat's sail/explore/town: after a move, exploring, town, entries,
     the placement hand, the end of the turn (``remark`` as in boatCard). */
  function actions(api, view, legal, remark) {
    const box = el("div", { class: "ln-actions" });
    const rest = legal.filter(function (a) { return ["move", "explore", "town", "chest", "bagpipe", "end_turn", "place"].indexOf(a.type) < 0; });
    const quiet = { take: 1, observe: 1, done: 1, bottom: 1, join: 1, "return": 1, stack: 1, give: 1 };
    rest.forEach(function (a) {
      const label = TC.say(a.label);
      const sure = a.type === "attack" ? T("Boats without a weapon against one with a weapon go on their side.") :
        a.type === "steal" ? T("Your thief is shown; the owner of that boat may show a thief to stop you.") :
        a.type === "thief" ? (a.show ? T("Your thief is shown to everyone: the robbery fails.") : T("The thief draws a random card from your boat.")) :
        a.type === "defend" ? T("Boats without a weapon against one with a weapon go on their side.") : "";
      box.append(el("button", { type: "button", class: "big" + (a.type === "done" ? " secondary" : ""), "data-action": a.notation, text: label,
        on: { click: function () {
          const free = quiet[a.type] || (a.type === "tool" && !a.cost);
          api.play(a, label, sure, { noConfirm: !!free });
        } } }));
    });
    const hand = (view.you && view.you.hand) || [];
    if (legal.some(function (a) { return a.type === "place"; })) {
      const seen = {};
      hand.forEach(function (h) {
        const key = h.card + "/" + h.back;
        if (seen[key]) return;
        seen[key] = true;
        box.append(el("button", { type: "button", class: "big", "data-card": key,
          text: findWord(h.card) + " (" + (h.back === "water" ? T("water card") : T("land card")) + ")",
          on: { click: function () {
            const chosen = UI.mode && UI.mode.card === h.card && UI.mode.back === h.back;
            UI.mode = chosen ? null : { card: h.card, back: h.back };
            remark();
          } } }));
      });
    }
    if (legal.some(function (a) { return a.type === "bagpipe"; })) {
      box.append(el("button", { type: "button", class: "big", id: "ln-pipes",
        on: { click: function () { UI.mode = UI.mode === "pipes" ? null : "pipes"; UI.boat = null; remark(); } } }));
    }
    const end = legal.find(function (a) { return a.type === "end_turn"; });
    if (end) {
      const idle = view.players[view.turn].boats.filter(function (b) {
        return legal.some(function (a) { return a.boat === b.boat && (a.type === "move" || a.type === "explore" || a.type === "town"); });
      }).map(function (b) { return b.boat; });
      box.append(el("button", { type: "button", class: "big", id: "ln-end", text: TC.say(end.label),
        on: { click: function () {
          api.play(end, TC.say(end.label), idle.length ? TC.TN(idle.length, "Boat {boats} has not acted yet.", "Boats {boats} have not acted yet.", { boats: idle.join(", ") }) : "");
        } } }));
    }
    return box;
  }

  window.GameUI = window.GameUI || {};
  window.GameUI["loch-ness"] = {
    accepts: function (payload) { return !!(payload.view && payload.view.board && payload.view.players); },
    seatSide: function (seat) { const s = SIDES[seat % 4]; return { name: s.name, colour: s.colour, letter: String(seat + 1) }; },
    phone: { showView: false, render: renderPhone,
             // the boat sailing, the card to lay, the bagpipes, the water to moor from: kept for this
             // turn in the phone's storage (phone.js, TC.drafts)
             draft: { about: function (p) { return ["turn", p.view.phase, p.view.turn, p.view.sightings].join(" "); },
                      save: function () { return UI.boat === null && !UI.mode && !UI.mooring ? null : { boat: UI.boat, mode: UI.mode, mooring: UI.mooring }; },
                      load: function (v) { UI.boat = v.boat; UI.mode = v.mode; UI.mooring = v.mooring; } } },
    table: { render: renderTable, giveWay: giveWay },
  };
})();
