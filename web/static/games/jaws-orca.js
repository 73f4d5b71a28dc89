//# allFunctionsCalledOnLoad
/* Jaws, Act 2 (the Orca): what the phones, the table screen and the host page share, as
   window.JawsOrca:

   - draw(orca, board, opts): the Orca in SVG from the layout's own data (view.orca.layout.drawing):
     its 8 boat tiles (intact; damaged: hatched, with a ✕; destroyed: gone, its zone one water
     space), the water spaces with their zone numbers, the crew (B, H, Q: a letter and a shape each;
     in the water: ~), the shark (S, a fin) when it is up, the resurface chips A/B/C on their zones,
     the target chips (◎ and the member's letter), spaces to tap (opts.targets);
   - readingForm(payload, send, opts): what the table enters when the real game shows something the
     companion cannot know (a resurface card turned, a boat tile's numbers, a wound track, the
     carry-over, the dice faces, the gear in front of each crew member, the hits of the real dice):
     the cards this box is known to hold as one tap, and a form for anything else;
   - small helpers: the ability cards' and gear cards' words (a card title marked as our wording in
     nl and de: titled), wound tracks.

   Colours always come with a letter or a shape. See docs/jaws.md ("Act 2") and docs/web.md. */
"use strict";
(function () {
  const TC = window.TC;
  const T = function (m, p) { return TC.T(m, p); };
  const el = TC.el;
  const svg = function (tag, attrs, parent) { return TC.svg(tag, attrs, parent); };
  const ROLES = ["brody", "hooper", "quint"];
  const ROLE = {
    brody: { letter: "B", name: TC.N("Brody"), fill: "#2b2b2b" },
    hooper: { letter: "H", name: TC.N("Hooper"), fill: "#1f62c9" },
    quint: { letter: "Q", name: TC.N("Quint"), fill: "#1b8236" },
  };
  const KIND = {
    melee: TC.N("melee weapon"), ranged: TC.N("ranged weapon"), entangle: TC.N("entangle weapon"),
    bait: TC.N("bait"), ammo: TC.N("ammunition"), cage: TC.N("shark cage"),
  };
  const TILE_WORD = { intact: TC.N("intact"), damaged: TC.N("damaged"), destroyed: TC.N("destroyed") };
  const WHO = { brody: TC.N("Brody"), hooper: TC.N("Hooper"), quint: TC.N("Quint"), shark: TC.N("The shark") };

  function points(list) { return list.map(function (p) { return p[0] + "," + p[1]; }).join(" "); }

  /* The thinnest space a finger taps (TC.thinnest): its boat tiles and water spaces, from the layout's
     points. */
  function thinnest(orca) {
    const d = orca.layout.drawing;
    return TC.thinnest([d.tiles || {}, d.water || {}].flatMap(function (set) {
      return Object.keys(set).map(function (z) { return set[z]; });
    }));
  }

  /* The Orca on a phone: in a frame of its own, drawn bigger where its thinnest space would be
     under 44 px, scrolled sideways (TC.zoomBoard, issue 40). */
  function phoneDraw(orca, board, opts) {
    const map = draw(orca, board, opts);
    const frame = TC.el("div", { class: "jaws-zoom orca-zoom" }, map);
    TC.zoomBoard(map, thinnest(orca), "orca");
    return frame;
  }

  /* The public board at the step being shown: the view's, or an event's snapshot of it. */
  function boardOf(orca, event) {
    if (event && event.board) return event.board;
    const at = {}, wounds = { shark: orca.shark.wounds }, targets = {};
    orca.crew.forEach(function (c) { at[c.role] = c.at; wounds[c.role] = c.wounds; if (c.target) targets[c.role] = c.target; });
    return {
      tiles: orca.tiles.map(function (t) { return t.state.charAt(0) === "i" ? "i" : t.state === "damaged" ? "d" : "x"; }).join(""),
      at: at, wounds: wounds, out: orca.crew.filter(function (c) { return c.out; }).map(function (c) { return c.role; }),
      shark: orca.shark.surfaced, attached: orca.shark.attached.map(function (a) { return a.card; }), targets: targets,
      options: orca.options,
      chip: null, hand: orca.shark.hand,
    };
  }

  /* opts: targets {space name: fn} (tappable), hot [space names], caption (an answer on a space),
     secretChip (the shark's own phone: its chosen chip ringed) */
  function draw(orca, board, opts) {
    opts = opts || {};
    const d = orca.layout.drawing, zones = orca.layout.zones;
    const size = d.size || [400, 410];
    const root = svg("svg", { viewBox: "0 0 " + size[0] + " " + size[1], class: "orca-map", role: "img", "aria-label": T("The Orca") });
    const defs = svg("defs", {}, root);
    const hatch = svg("pattern", { id: "orca-hatch", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
    svg("rect", { width: 8, height: 8, fill: "#b08550" }, hatch);
    svg("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: "#5a3b17", "stroke-width": 3 }, hatch);
    svg("rect", { x: 0, y: 0, width: size[0], height: size[1], class: "orca-sea" }, root);
    const hot = opts.hot || [];
    const tap = function (node, name, said) {
      if (opts.targets && opts.targets[name]) {
        node.classList.add("target");
        TC.pressable(node, said, function () { opts.targets[name](); });
      }
    };
    zones.forEach(function (z, i) {
      const w = svg("polygon", { points: points(d.water[z]), class: "orca-water" + (hot.indexOf("w" + z) >= 0 ? " hot" : ""), "data-space": "w" + z }, root);
      tap(w, "w" + z, T("water space {zone}", { zone: z }));
      const title = svg("title", {}, w); title.textContent = T("water space {zone}", { zone: z });
      const state = board.tiles.charAt(i);
      if (state === "x") {   // destroyed: the tile's area is part of the zone's water space now
        const merged = svg("polygon", { points: points(d.tiles[z]), class: "orca-water merged" + (hot.indexOf("w" + z) >= 0 ? " hot" : ""), "data-space": "w" + z }, root);
        tap(merged, "w" + z, T("water space {zone}", { zone: z }));
      }
    });
    zones.forEach(function (z, i) {
      const state = board.tiles.charAt(i);
      const c = d.water_centre[z];
      const label = svg("text", { x: c[0], y: c[1] + 5, class: "orca-zone", "text-anchor": "middle" }, root);
      label.textContent = z;
      if (state === "x") return;
      const tile = svg("polygon", { points: points(d.tiles[z]), class: "orca-tile " + (state === "d" ? "damaged" : "intact") + (hot.indexOf("b" + z) >= 0 ? " hot" : ""),
                                    "data-space": "b" + z, fill: state === "d" ? "url(#orca-hatch)" : null }, root);
      tap(tile, "b" + z, T("boat space {zone}", { zone: z }));
      const tt = svg("title", {}, tile);
      tt.textContent = T("boat space {zone}", { zone: z }) + " · " + T(TILE_WORD[state === "d" ? "damaged" : "intact"]);
      const tc = d.tile_centre[z];
      const mark = svg("text", { x: tc[0], y: tc[1] - 8, class: "orca-tile-mark", "text-anchor": "middle" }, root);
      mark.textContent = state === "d" ? "✕" + z : z;
    });
    // the resurface chips on their zones' water, the target chips, the crew, the shark; each kind in
    // its own row of its space, centred (k: the table screen draws its marks bigger, to be read
    // across the table)
    const k = opts.scale || 1;
    const font = function (size) { return String(size * k); };   // an attribute: the page allows no inline style
    const rows = {};
    const place = function (space, row, what) {
      const key = space + "/" + row;
      (rows[key] = rows[key] || { space: space, row: row, items: [] }).items.push(what);
    };
    const centre = function (space) {
      const z = space.slice(1);
      return space.charAt(0) === "w" ? d.water_centre[z] : d.tile_centre[z];
    };
    (board.options || []).forEach(function (option, i) {
      if (option && centre("w" + option.zone)) place("w" + option.zone, "top", { chip: "ABC".charAt(i) });
    });
    Object.keys(board.targets || {}).forEach(function (role) {
      if (centre("w" + board.targets[role])) place("w" + board.targets[role], "low", { target: role });
    });
    ROLES.forEach(function (role) {
      const space = board.at[role];
      if (space && centre(space)) place(space, "low", { role: role });
    });
    // each row where it stands: its items 20 apart, centred above (chips) or below (crew) its
    // space's middle; a row of the water with no room below (the stern's) or above (the bow's), or
    // that would meet a row of the boat beside it (the stern's chips over the stern tile's crew):
    // left of its number (the shark surfaces right of it)
    const left = {};   // each space's rows set aside so far end here: the next stands left of them
    function aside(at) {
      const edge = left[at.r.space] === undefined ? at.c[0] - 10 * k : left[at.r.space];
      at.y = at.c[1];
      at.from = edge - at.n * 20 * k;
      left[at.r.space] = at.from;
    }
    const placed = Object.keys(rows).map(function (key) {
      const r = rows[key], c = centre(r.space), n = r.items.length;
      const at = { r: r, y: c[1] + (r.space.charAt(0) === "w" ? (r.row === "top" ? -18 : 20) : 14) * k,
                   from: c[0] - (n - 1) / 2 * 20 * k, n: n, c: c };
      if (at.y + 10 * k > size[1] || at.y - 10 * k < 0) aside(at);
      return at;
    });
    const meet = function (a, b) {   // two rows' boxes (items 20 apart, 10 each side) overlap
      return Math.abs(a.y - b.y) < 20 * k && a.from - 10 * k < b.from + (b.n - 1) * 20 * k + 10 * k
        && b.from - 10 * k < a.from + (a.n - 1) * 20 * k + 10 * k;
    };
    placed.forEach(function (at) {
      if (at.r.space.charAt(0) !== "w" || at.y === at.c[1]) return;
      if (placed.some(function (other) { return other !== at && other.r.space.charAt(0) !== "w" && meet(at, other); })) aside(at);
    });
    placed.forEach(function (at) {
      const r = at.r, y = at.y, from = at.from;
      r.items.forEach(function (what, j) {
        const x = from + j * 20 * k;
        if (what.chip) {
          const chip = what.chip;
          const g = svg("g", { class: "orca-chip" + (opts.secretChip === chip ? " mine" : "") + (board.chip === chip ? " chosen" : "") }, root);
          svg("circle", { cx: x, cy: y, r: 9 * k + 1.5, class: "chip-ring" }, g);   // white outside its dark edge
          svg("circle", { cx: x, cy: y, r: 9 * k }, g);
          const t = svg("text", { x: x, y: y + 4 * k, "text-anchor": "middle", "font-size": font(11) }, g); t.textContent = chip;
          const tip = svg("title", {}, g); tip.textContent = T("Option {chip}", { chip: chip });
        } else if (what.target) {
          const role = what.target;
          const g = svg("g", { class: "orca-target role-" + role }, root);
          svg("circle", { cx: x, cy: y, r: 9 * k }, g);
          const t = svg("text", { x: x, y: y + 4 * k, "text-anchor": "middle", "font-size": font(11) }, g); t.textContent = ROLE[role].letter;
          const tip = svg("title", {}, g); tip.textContent = T("Target chip of {role}", { role: T(ROLE[role].name) });
        } else {
          const role = what.role, wet = r.space.charAt(0) === "w";
          const g = svg("g", { class: "orca-mover role-" + role + (wet ? " in-water" : "") + (opts.focus === role ? " focus" : "") }, root);
          if (role === "brody") svg("rect", { x: x - 8 * k, y: y - 8 * k, width: 16 * k, height: 16 * k, rx: 2, fill: ROLE[role].fill }, g);
          else svg("path", { d: "M " + (x - 9 * k) + " " + (y - 6 * k) + " L " + (x + 9 * k) + " " + (y - 6 * k) + " L " + (x + 6 * k) + " " + (y + 8 * k) + " L " + (x - 6 * k) + " " + (y + 8 * k) + " Z", fill: ROLE[role].fill }, g);
          const t = svg("text", { x: x, y: y + 4 * k, "text-anchor": "middle", "font-size": font(11) }, g); t.textContent = ROLE[role].letter + (wet ? "~" : "");
          const tip = svg("title", {}, g); tip.textContent = T(ROLE[role].name);
        }
      });
    });
    if (board.shark) {
      const z = board.shark.slice(1), c = d.water_centre[z];
      const g = svg("g", { class: "orca-shark" }, root);
      svg("path", { d: "M " + (c[0] + 20 * k) + " " + (c[1] + 8 * k) + " L " + (c[0] + 34 * k) + " " + (c[1] - 18 * k) + " L " + (c[0] + 48 * k) + " " + (c[1] + 8 * k) + " Z" }, g);
      const t = svg("text", { x: c[0] + 34 * k, y: c[1] + 5 * k, "text-anchor": "middle", "font-size": font(12) }, g); t.textContent = "S";
      const tip = svg("title", {}, g); tip.textContent = T("The shark");
    }
    if (opts.caption && opts.caption.space) {
      const s = opts.caption.space, c = centre(s);
      if (c) {
        const g = svg("g", { class: "orca-caption" }, root);
        const w = (10 + 7.5 * String(opts.caption.text).length) * k;
        const pill = svg("rect", { x: c[0] - w / 2, y: c[1] - 44 * k, width: w, height: 20 * k, rx: 9 * k }, g);
        const t = svg("text", { x: c[0], y: c[1] - 30 * k, "text-anchor": "middle", "font-size": font(12) }, g); t.textContent = opts.caption.text;
        TC.hug(t, pill, 5 * k);
        TC.measure(function () { clearOfOthers(root, g, size); });   // once drawn
      }
    }
    root.setAttribute("aria-label", T("The Orca") + sayOrca(orca, board));
    return root;
  }

  /* The Orca's position in words, as drawn (a screen reader's board, issue 40): the crew, the shark
     when it is up, the boat's tiles that are not intact, the options' chips, the target chips. */
  function sayOrca(orca, board) {
    const space = function (s) {
      const z = s.slice(1);
      return s.charAt(0) === "w" ? T("water space {zone}", { zone: z }) : T("boat space {zone}", { zone: z });
    };
    const said = [];
    ROLES.forEach(function (role) { if (board.at[role]) said.push(T(ROLE[role].name) + " (" + space(board.at[role]) + ")"); });
    if (board.shark) said.push(T("The shark") + " (" + space(board.shark) + ")");
    orca.layout.zones.forEach(function (z, i) {
      const state = board.tiles.charAt(i);
      if (state === "d" || state === "x") said.push(T("boat space {zone}", { zone: z }) + " · " + T(TILE_WORD[state === "d" ? "damaged" : "destroyed"]));
    });
    (board.options || []).forEach(function (option, i) {
      if (option) said.push(T("Option {chip}", { chip: "ABC".charAt(i) }) + " (" + space("w" + option.zone) + ")");
    });
    Object.keys(board.targets || {}).forEach(function (role) {
      said.push(T("Target chip of {role}", { role: T(ROLE[role].name) }) + " (" + space("w" + board.targets[role]) + ")");
    });
    return said.length ? ": " + said.join(", ") : "";
  }

  /* The caption moved, a step at a time, to the first place near its space where it lies over no
     other words, chip or token and inside the drawing (the space's own rows hold chips and crew). */
  const AWAY = [[0, 0]];
  [12, 24, 36, 48, 60, 72, 88, 104].forEach(function (d) { AWAY.push([0, d], [0, -d], [d, 0], [-d, 0], [d, d], [-d, d]); });
  function clearOfOthers(root, g, size) {
    if (!root.isConnected) return;
    const others = Array.prototype.filter.call(root.querySelectorAll("text, .orca-chip circle, .orca-target circle, .orca-mover rect, .orca-mover path, .orca-shark path"),
      function (e) { return !g.contains(e); }).map(function (e) { return e.getBBox(); });
    const b = g.getBBox();
    const free = function (dx, dy) {
      const x = b.x + dx, y = b.y + dy;
      if (x < 0 || y < 0 || x + b.width > size[0] || y + b.height > size[1]) return false;
      return !others.some(function (o) { return x < o.x + o.width - 1 && o.x < x + b.width - 1 && y < o.y + o.height - 1 && o.y < y + b.height - 1; });
    };
    const to = AWAY.find(function (v) { return free(v[0], v[1]); });
    if (to && (to[0] || to[1])) g.setAttribute("transform", "translate(" + to[0] + " " + to[1] + ")");
  }

  /* ------------------------------------------------------------------ words */

  function gearWords(card) {
    const parts = [T(KIND[card.kind])];
    if (card.dice) parts.push(TC.TN(card.dice, "{count} die", "{count} dice") + (card.plus_one ? " +1" : ""));
    if (card.evade) parts.push(T("evade {value}", { value: (card.evade > 0 ? "+" : "") + card.evade }));
    if (card.shark_dice) parts.push(T("shark's dice {value}", { value: (card.shark_dice > 0 ? "+" : "") + card.shark_dice }));
    if (card.discard) parts.push(T("discarded after use"));
    if (card.retarget) parts.push(T("moves the target chip"));
    return (card.name ? card.name + " · " : "") + parts.join(", ");
  }

  function ability(orca, code) {
    return (orca.abilities || []).find(function (k) { return k.code === code; }) || { title: code, text: "" };
  }

  /* An event or ability card's title as the page shows it, then what follows it: in Dutch and German
     the title is the project's own wording (the printed titles are in no public source), so a small
     "?" stands beside it and says so (a shape, with its words as the tooltip); none in English, and
     none once the table has typed its box's title in this language into the box profile (``card``:
     the title as the payload gives it, whose ``printed`` holds them). */
  function titled(title, rest, card) {
    const out = document.createDocumentFragment();
    out.append(title);
    const printed = card && card.printed && typeof card.printed[TC.lang] === "string";
    if (TC.lang !== "en" && !printed) {
      const why = T("Our own wording: the title printed on your card may differ.");
      out.append(" ", el("abbr", { class: "own-title", title: why, "aria-label": why, text: "?" }));
    }
    if (rest) out.append(rest);
    return out;
  }

  /* A wound track in cells (■ a wound, □ none yet, X its end) and "2 of 6"; once the clip reaches
     the X, the rulebook's words ("das X erreicht"), never a count past the track; tight: the cells
     without spaces (the table screen, where a track has one line). */
  function track(wounds, length, tight) {
    if (!length) return TC.TN(wounds, "{count} wound", "{count} wounds");
    const cells = [];
    for (let i = 0; i <= length; i++) cells.push(i === length ? (wounds >= length ? "✖" : "X") : i < wounds ? "■" : "□");
    return cells.join(tight ? "" : " ") + "  " + (wounds >= length ? T("X reached") : T("{count} of {total}", { count: wounds, total: length }));
  }

  function optionLine(o) {
    if (!o) return "—";
    return TC.TN(o.dice, "Option {chip}: zone {zone}, evade {evade}, {count} die", "Option {chip}: zone {zone}, evade {evade}, {count} dice",
                 { chip: o.chip, zone: o.zone, evade: o.evade }) +
      (o.shake_off ? " · " + T("shake-off") : "");
  }

  /* ------------------------------------------------------------------ the table's readings */

  function number(id, label, min, max, value) {
    return el("label", { class: "field orca-num" }, label + " ",
      el("input", { id: id, type: "number", inputmode: "numeric", min: min, max: max, value: value === undefined ? "" : value }));
  }
  function val(form, id) { const n = form.querySelector("#" + id); return n && n.value !== "" ? parseInt(n.value, 10) : null; }

  /* The resurface card being entered (its zone and dice), kept for the same card through every
     redraw: an update from elsewhere must not wipe what was tapped so far. */
  let draft = { key: null, zone: null, dice: null };

  function resurfaceForm(orca, send, chip, type) {
    const form = el("div", { class: "orca-form" });
    const key = type + "#" + (chip || "");
    if (draft.key !== key) draft = { key: key, zone: null, dice: null };
    let zone = draft.zone;
    const zoneLine = el("p", { class: "orca-zone-picked", text: zone === null ? T("Tap the zone the card marks in red.") : T("Zone {zone}", { zone: zone }) });
    const pick = {};
    orca.layout.zones.forEach(function (z) {
      pick["w" + z] = function () { zone = draft.zone = z; zoneLine.textContent = T("Zone {zone}", { zone: z }); redraw(); };
      pick["b" + z] = pick["w" + z];
    });
    const mapBox = el("div", { class: "orca-mini" });
    const redraw = function () {
      TC.clear(mapBox).append(draw(orca, { tiles: "iiiiiiii", at: {}, targets: {}, options: [] }, { targets: pick, hot: zone ? ["w" + zone, "b" + zone] : [] }));
    };
    redraw();
    const dice = el("div", { class: "orca-dice-pick", role: "group", "aria-label": T("Dice") });
    let nDice = draft.dice;
    [1, 2, 3].forEach(function (n) {
      dice.append(el("button", { type: "button", class: "big secondary", "data-dice": n, "aria-pressed": nDice === n ? "true" : "false",
        text: TC.TN(n, "{count} die", "{count} dice"), on: { click: function (ev) {
        nDice = draft.dice = n;
        dice.querySelectorAll("button").forEach(function (b) { b.setAttribute("aria-pressed", b === ev.target ? "true" : "false"); });
      } } }));
    });
    const shake = el("input", { type: "checkbox", id: "orca-shake" });
    form.append(mapBox, zoneLine, number("orca-evade", T("Evade"), 0, 6), dice,
      el("label", { class: "field check" }, shake, el("span", { text: T("Shake-off symbol") })),
      el("button", { type: "button", class: "big primary", id: "orca-enter-card", text: chip ? T("Enter card {chip}", { chip: chip }) : T("Enter the card"), on: { click: function () {
        const action = { type: type, zone: zone, evade: val(form, "orca-evade"), dice: nDice, shake_off: shake.checked };
        if (chip) action.chip = chip;
        if (zone === null) delete action.zone;
        if (action.evade === null) delete action.evade;
        if (nDice === null) delete action.dice;
        send(action);
      } } }));
    return form;
  }

  function gearForm(orca, reading, send, roles) {
    const form = el("div", { class: "orca-form" });
    const who = el("select", { id: "orca-gear-who", "aria-label": T("Crew member") });
    roles.forEach(function (r) { who.append(el("option", { value: r, text: T(ROLE[r].name) })); });
    const owner = el("select", { id: "orca-gear-owner", "aria-label": T("Whose card") },
      el("option", { value: "own", text: T("One of his own two cards") }),
      el("option", { value: "crew", text: T("A crew card (from the crew's deck)") }));
    const kind = el("select", { id: "orca-gear-kind", "aria-label": T("Kind") });
    Object.keys(KIND).forEach(function (k) { kind.append(el("option", { value: k, text: T(KIND[k]) })); });
    const check = function (id, label) { return el("label", { class: "field check" }, el("input", { type: "checkbox", id: id }), el("span", { text: label })); };
    form.append(
      el("label", { class: "field" }, T("Crew member") + " ", who),
      el("label", { class: "field" }, T("Whose card") + " ", owner),
      el("label", { class: "field" }, T("Name on the card (optional)") + " ", el("input", { id: "orca-gear-name", type: "text", maxlength: 40 })),
      el("label", { class: "field" }, T("Kind") + " ", kind),
      number("orca-gear-dice", T("Dice"), 0, 3, 0), check("orca-gear-plus", T("+1 symbol")),
      check("orca-gear-discard", T("Discarded after an attack")), check("orca-gear-retarget", T("Lets its user move the target chip")),
      number("orca-gear-evade", T("While attached: shark's evade"), -3, 3, 0), number("orca-gear-sharkdice", T("While attached: shark's dice"), -3, 3, 0),
      el("label", { class: "field" }, T("The card's text (optional)") + " ", el("input", { id: "orca-gear-text", type: "text", maxlength: 200 })),
      el("button", { type: "button", class: "big primary", id: "orca-enter-gear", text: T("Enter the gear card"), on: { click: function () {
        const card = { name: form.querySelector("#orca-gear-name").value, owner: owner.value === "own" ? who.value : "crew", kind: kind.value,
          dice: val(form, "orca-gear-dice") || 0, plus_one: form.querySelector("#orca-gear-plus").checked,
          discard: form.querySelector("#orca-gear-discard").checked, retarget: form.querySelector("#orca-gear-retarget").checked,
          evade: val(form, "orca-gear-evade") || 0, shark_dice: val(form, "orca-gear-sharkdice") || 0, text: form.querySelector("#orca-gear-text").value };
        send({ type: "gear", role: who.value, card: card });
      } } }));
    const held = el("ul", { class: "orca-held" });
    roles.forEach(function (r) {
      const member = orca.crew.find(function (c) { return c.role === r; });
      (member ? member.kit : []).forEach(function (id) {
        const card = orca.gear[id];
        held.append(el("li", null, el("span", { text: T(ROLE[r].name) + ": " + gearWords(card) }),
          (reading.entered || []).indexOf(id) >= 0 ? el("button", { type: "button", class: "secondary", text: T("Put back"), on: { click: function () {
            send({ type: "drop", role: r, card: id });
          } } }) : null));
      });
    });
    const counts = el("p", { class: "muted", text: ROLES.map(function (r) {
      return T(ROLE[r].name) + " " + T("{count} of {total}", { count: reading.own[r], total: reading.own_of });
    }).join(" · ") + " · " + T("Crew cards: {count} of {total}", { count: reading.crew, total: reading.crew_of }) });
    return el("div", null, counts, held, form);
  }

  /* The reading the table is asked for, as one tap per card this box is known to hold and a form
     for anything else. ``send(action)`` posts it; opts.roles: the crew members whose gear this
     phone enters first (all three on the host page). */
  let lastForm = { key: null, node: null, what: null, chip: null };

  function readingForm(p, send, opts) {
    opts = opts || {};
    const orca = p.view.orca, reading = orca.reading;
    // the same reading: the same form, with what was typed in it so far (an update from elsewhere,
    // a step the table tells, a phone connecting, must not wipe it); a changed reading of the same
    // kind (another phone entered a gear card) is drawn anew with what this phone typed carried over
    // A form of one row per thing (the boat tiles, the wound tracks) keeps what was typed in the
    // other rows when this phone enters one of them; a resurface card's form keeps its taps and
    // numbers only while it is for the same card (another phone entering that card ends it, all of
    // it: its zone, dice and evade were that card's).
    const key = [p.table, JSON.stringify(reading), (opts.roles || []).join("+")].join("#");
    if (lastForm.key === key && lastForm.node && !opts.own) return lastForm.node;
    const box = el("div", { class: "orca-reading", "data-reading": reading.what });
    if (opts.own) draft = { key: null, zone: null, dice: null };   // this phone's own entry went in: a fresh form
    const rows = reading.what === "tiles" || reading.what === "tracks";
    const sameCard = reading.what !== "turn" || lastForm.chip === reading.chip;
    const before = lastForm.node && lastForm.what === reading.what && (rows || !opts.own) && sameCard
      ? lastForm.node : null;
    lastForm = { key: key, node: box, what: reading.what, chip: reading.chip };
    fillReading(box, reading, p, send, opts);
    if (before) typedOver(before, box);
    return box;
  }

  /* An offer's words: a resurface card said with its dice counted in the reader's language ("1 die",
     "2 dice"); any other offer as the game labels it. */
  function offerWords(a) {
    if (a.type !== "resurface" || a.dice === undefined) return TC.say(a.label);
    return TC.TN(a.dice, "Card {chip}: zone {zone}, evade {evade}, {count} die", "Card {chip}: zone {zone}, evade {evade}, {count} dice",
                 { chip: a.chip, zone: a.zone, evade: a.evade }) + (a.shake_off ? " · " + T("shake-off") : "");
  }

  /* What was typed or ticked in an earlier copy of a form, put into the new one (fields by id). */
  function typedOver(from, to) {
    from.querySelectorAll("input[id], select[id]").forEach(function (old) {
      const now = to.querySelector("#" + old.id);
      if (!now) return;
      if (old.type === "checkbox") now.checked = old.checked;
      else now.value = old.value;
    });
  }

  function fillReading(box, reading, p, send, opts) {
    const orca = p.view.orca;
    const head = {
      turn: T("Turn the next resurface card and enter it: card {chip}.", { chip: reading.chip }),
      tiles: T("Enter the numbers printed on each boat tile."),
      tracks: T("Enter where each wound track ends (the number of wounds that reaches its X)."),
      carry: T("The swimmer track shows {eaten}: enter the cards printed beside it.", { eaten: reading.eaten }),
      gear: T("Each crew member enters the gear cards in front of him."),
      // the shark's roll entered on a crew phone (a computer shark, or the table's phones): said as
      // what this phone does
      roll: !reading.roll ? "" : reading.roll.who === "shark" && (p.view.my_roles || []).indexOf("shark") < 0
        ? TC.TN(reading.roll.dice, "Roll {count} red die for the shark and enter the hits.", "Roll {count} red dice for the shark and enter the hits.")
        : TC.TN(reading.roll.dice, "{who}: roll {count} red die and enter the hits.", "{who}: roll {count} red dice and enter the hits.",
                { who: T(WHO[reading.roll.who]) }),
    }[reading.what] || "";
    box.append(el("h3", { class: "orca-reading-head", text: head }));
    const offers = reading.offers || [];
    if (offers.length) {
      const row = el("div", { class: "orca-offers" + (reading.what === "roll" ? " hits" : "") });
      offers.forEach(function (a) {
        if (opts.roles && a.role && opts.roles.indexOf(a.role) < 0) return;
        row.append(el("button", { type: "button", class: "big " + (reading.what === "roll" ? "primary" : "secondary"), "data-notation": a.notation,
          text: offerWords(a), on: { click: function () { send({ type: a.type, notation: a.notation }); } } }));
      });
      if (reading.what !== "roll") box.append(el("p", { class: "muted", text: T("Known from this box: one tap.") }));
      box.append(row);
    }
    if (reading.what === "turn") box.append(resurfaceForm(orca, send, reading.chip, "resurface"));
    else if (reading.what === "tiles") {
      reading.missing.forEach(function (z) {
        const row = el("div", { class: "orca-form row", "data-tile": z });
        row.append(el("strong", { text: T("Boat tile {zone}", { zone: z }) }), number("orca-t" + z + "-damage", T("hits to damage"), 1, 12),
          number("orca-t" + z + "-destroy", T("hits to destroy"), 1, 12), number("orca-t" + z + "-damaged", T("damaged side: hits to destroy"), 1, 12),
          el("button", { type: "button", class: "secondary", text: T("Enter"), on: { click: function () {
            const a = { type: "tile", zone: z, damage: val(row, "orca-t" + z + "-damage"), destroy: val(row, "orca-t" + z + "-destroy"), damaged: val(row, "orca-t" + z + "-damaged") };
            Object.keys(a).forEach(function (k) { if (a[k] === null) delete a[k]; });
            send(a);
          } } }));
        box.append(row);
      });
    } else if (reading.what === "tracks") {
      reading.missing.forEach(function (who) {
        const row = el("div", { class: "orca-form row" });
        row.append(number("orca-track-" + who, T(WHO[who]), 1, 30), el("button", { type: "button", class: "secondary", text: T("Enter"), on: { click: function () {
          const n = val(row, "orca-track-" + who);
          send(n === null ? { type: "track", who: who } : { type: "track", who: who, length: n });
        } } }));
        box.append(row);
      });
    } else if (reading.what === "carry") {
      const row = el("div", { class: "orca-form row" });
      row.append(number("orca-carry-shark", T("Ability cards for the shark"), 0, 16), number("orca-carry-crew", T("Gear cards for the crew"), 0, 16),
        el("button", { type: "button", class: "primary", text: T("Enter"), on: { click: function () {
          send({ type: "carry", shark: val(row, "orca-carry-shark"), crew: val(row, "orca-carry-crew") });
        } } }));
      box.append(row);
    } else if (reading.what === "gear") {
      box.append(gearForm(orca, reading, send, opts.roles || ROLES));
    }
  }

  /* The resurface card being entered, for the phone's storage (jaws-act2.js's draft). */
  const keep = {
    save: function () { return draft.key && (draft.zone !== null || draft.dice !== null) ? Object.assign({}, draft) : null; },
    load: function (v) { draft = { key: v.key || null, zone: v.zone === undefined ? null : v.zone, dice: v.dice === undefined ? null : v.dice }; },
  };

  /* ``node`` put under a drawing (its box ``mapBox``, on the table screen): whether the screen's
     height leaves it room there (jaws.js: an event card; jaws-act2.js: the shark's hand). */
  function roomUnder(mapBox) {
    const area = mapBox.closest(".game-area") || mapBox.parentNode;
    return mapBox.getBoundingClientRect().bottom <= area.getBoundingClientRect().bottom + 1;
  }

  window.JawsOrca = { roomUnder: roomUnder, draft: keep, draw: draw, phoneDraw: phoneDraw, boardOf: boardOf, readingForm: readingForm, gearWords: gearWords, ability: ability, titled: titled,
                      track: track, optionLine: optionLine, ROLE: ROLE, ROLES: ROLES, WHO: WHO, KIND: KIND };
})();
