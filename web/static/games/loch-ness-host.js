//# allFunctionsCalledOnLoad
/* Loch Ness on the host page: the map editor, and the board picked when a table starts.

   The printed board is lost (docs/data/loch-ness.md), so the host lays it out once: spaces on a grid
   (or dragged anywhere), a terrain per space, neighbours by dragging from one space to another,
   sites, Nessie's start, the spaces marked IV and III and her route to the harbour. Every change is
   checked by the companion (POST /api/games/loch-ness/board-check) and its problems are listed, each
   in one sentence; the board is saved under a name (PUT .../boards/<name>), exported and imported as
   JSON. On the start form the game's "board" option becomes a list of the saved boards.
   Registered as GameHost["loch-ness"]; it draws with window.LochNessMap (loch-ness-map.js). */
"use strict";
(function () {
  const TC = window.TC, T = TC.T, el = TC.el, MAP = window.LochNessMap;
  const GAME = "loch-ness", API = "/api/games/" + GAME;
  const TOOLS = [
    { id: "water", label: TC.N("Lake water"), hint: TC.N("Click a cell or a space: lake water.") },
    { id: "island", label: TC.N("Island"), hint: TC.N("Click a cell or a space: an island.") },
    { id: "harbour", label: TC.N("Harbour"), hint: TC.N("Click a cell or a space: the harbour (one).") },
    { id: "front", label: TC.N("In front of the harbour"), hint: TC.N("Click a cell or a space: the water space in front of the harbour (one).") },
    { id: "connect", label: TC.N("Neighbours"), hint: TC.N("Drag from one space to another to make them neighbours; click a line to remove it.") },
    { id: "site", label: TC.N("Site"), hint: TC.N("Click a water space or an island: 1 card, 2 cards, none.") },
    { id: "nessie", label: TC.N("Nessie's picture"), hint: TC.N("Click the lake space with Nessie's picture.") },
    { id: "IV", label: TC.N("Mark IV"), hint: TC.N("Click the space marked IV (the endgame start with 4 players).") },
    { id: "III", label: TC.N("Mark III"), hint: TC.N("Click the space marked III (the endgame start with 3 players).") },
    { id: "route", label: TC.N("Nessie's route"), hint: TC.N("Click the spaces of her endgame route in order, from IV to the space in front of the harbour; click the last one again to take it back.") },
    { id: "move", label: TC.N("Move"), hint: TC.N("Drag a space to another cell.") },
    { id: "label", label: TC.N("Name"), hint: TC.N("Click a space to type the name printed on the board.") },
    { id: "erase", label: TC.N("Erase"), hint: TC.N("Click a space to remove it and its neighbours' lines.") },
  ];
  const SAMPLE = TC.N("Sample board (placeholder)");   // the sample's name, said in the host's words
  const ED = { board: blank(), cols: 6, rows: 5, tool: "water", drag: null, checkTimer: null, checked: null,
               decks: null, defaults: null, undo: [], last: null };
  const TOOL_WORDS = {   // the tool cards' printed names, in the host's words
    motor: TC.N("motor"), shovel: TC.N("shovel"), camera: TC.N("camera"), binoculars: TC.N("binoculars"),
    diving_suit: TC.N("diving suit"), thief: TC.N("thief"), weapon: TC.N("weapon"),
  };
  let boardChoice = null;

  function blank() {
    return { schema: "loch-ness-board/1", name: T("Our board"), placeholder: false, note: "", spaces: [], nessie: "", route: [] };
  }
  function spaceAt(x, y) { return ED.board.spaces.find(function (s) { return s.x === x && s.y === y; }); }
  function space(id) { return ED.board.spaces.find(function (s) { return s.id === id; }); }
  function nextId(terrain) {
    if (terrain === "harbour" && !space("H")) return "H";
    if (terrain === "front" && !space("F")) return "F";
    const prefix = terrain === "island" ? "i" : terrain === "water" ? "w" : terrain.charAt(0);
    for (let n = 1; ; n++) if (!space(prefix + n)) return prefix + n;
  }
  function link(a, b, on) {
    const A = space(a), B = space(b);
    if (!A || !B || a === b) return;
    [[A, b], [B, a]].forEach(function (pair) {
      const list = pair[0].adjacent, has = list.indexOf(pair[1]) >= 0;
      if (on && !has) list.push(pair[1]);
      if (!on && has) list.splice(list.indexOf(pair[1]), 1);
    });
  }
  function linked(a, b) { const A = space(a); return !!A && A.adjacent.indexOf(b) >= 0; }

  /* ---------------------------------------------------------------- editing */
  function paint(x, y, terrain) {
    let s = spaceAt(x, y);
    if (!s) {
      const id = nextId(terrain);
      s = { id: id, label: terrain === "harbour" ? T("Harbour") : terrain === "front" ? T("Before the harbour") : id,
            terrain: terrain, x: x, y: y, adjacent: [], site: 0 };
      ED.board.spaces.push(s);
    } else {
      s.terrain = terrain;
      if (terrain === "harbour" || terrain === "front") s.site = 0;
    }
    changed();
  }

  function erase(s) {
    ED.board.spaces = ED.board.spaces.filter(function (o) { return o !== s; });
    ED.board.spaces.forEach(function (o) { o.adjacent = o.adjacent.filter(function (id) { return id !== s.id; }); });
    ED.board.route = ED.board.route.filter(function (id) { return id !== s.id; });
    if (ED.board.nessie === s.id) ED.board.nessie = "";
    changed();
  }

  function onSpace(s, ev) {
    const tool = ED.tool;
    if (MAP.TERRAIN[tool]) { paint(s.x, s.y, tool); return; }
    if (tool === "site") { s.site = s.terrain === "water" || s.terrain === "island" ? (s.site + 1) % 3 : 0; }
    else if (tool === "nessie") { ED.board.nessie = s.id; }
    else if (tool === "IV" || tool === "III") {
      const had = s.mark === tool;
      ED.board.spaces.forEach(function (o) { if (o.mark === tool) delete o.mark; });
      if (!had) s.mark = tool;
    } else if (tool === "route") {
      const route = ED.board.route;
      if (route[route.length - 1] === s.id) route.pop(); else route.push(s.id);
    } else if (tool === "erase") { erase(s); return; }
    else if (tool === "label") { askLabel(s); return; }
    else return;
    changed();
    if (ev) ev.stopPropagation();
  }

  function askLabel(s) {
    const box = TC.clear(TC.$("ln-label-box"));
    const input = el("input", { type: "text", value: s.label || s.id, maxlength: 40, "aria-label": T("Name of {space}", { space: s.id }) });
    box.append(el("label", { class: "field" }, T("Name of {space}", { space: s.id }) + " ", input),
      el("button", { type: "button", text: T("OK"), on: { click: function () {
        s.label = input.value.trim() || s.id; TC.clear(box); changed();
      } } }));
    input.focus();
  }

  function connectGrid() {
    const sea = function (s) { return s.terrain === "water" || s.terrain === "front"; };
    ED.board.spaces.forEach(function (a) {
      [[1, 0], [0, 1]].forEach(function (d) {
        const b = spaceAt(a.x + d[0], a.y + d[1]);
        if (!b) return;
        const pair = [a.terrain, b.terrain].sort().join("+");
        const ok = (sea(a) && sea(b)) || pair === "front+harbour" || pair === "island+water";
        if (ok) link(a.id, b.id, true);
      });
    });
    changed();
  }

  /* Dragging (neighbours, moving): pointer down on a space, up on another space or a cell. */
  function startDrag(ev) {
    const g = ev.target.closest && ev.target.closest("[data-space]");
    if (!g || (ED.tool !== "connect" && ED.tool !== "move")) return;
    ED.drag = g.getAttribute("data-space");
    ev.preventDefault();
  }
  function endDrag(ev) {
    if (!ED.drag) return;
    const from = ED.drag;
    ED.drag = null;
    const under = document.elementFromPoint(ev.clientX, ev.clientY);
    const target = under && under.closest ? under.closest("[data-space], [data-cell]") : null;
    if (!target) return;
    if (ED.tool === "connect" && target.hasAttribute("data-space")) {
      const to = target.getAttribute("data-space");
      if (to !== from) { link(from, to, !linked(from, to)); changed(); }
    } else if (ED.tool === "move") {
      const cell = target.getAttribute("data-cell");
      const s = space(from);
      if (cell && s) {
        const xy = cell.split(",").map(Number);
        if (!spaceAt(xy[0], xy[1])) { s.x = xy[0]; s.y = xy[1]; changed(); }
      }
    }
  }

  /* ---------------------------------------------------------------- drawing and checking */
  function draw() {
    const box = TC.clear(TC.$("ln-canvas"));
    const picture = MAP.draw(ED.board, {
      grid: true, cols: ED.cols, rows: ED.rows, showNessieStart: true,
      onCell: function (x, y) { if (MAP.TERRAIN[ED.tool]) paint(x, y, ED.tool); },
      onSpace: onSpace,
      onLink: function (a, b) { if (ED.tool === "connect") { link(a, b, false); changed(); } },
    });
    picture.addEventListener("pointerdown", startDrag);
    box.append(picture);
    const sites = ED.board.spaces.filter(function (s) { return s.site; }).length;
    const steps = Math.max(0, ED.board.route.length - 1);
    TC.$("ln-counts").textContent = [TC.TN(ED.board.spaces.length, "{count} space", "{count} spaces"),
      TC.TN(sites, "{count} site", "{count} sites"),
      TC.TN(steps, "a route of {count} step", "a route of {count} steps")].join(", ");
  }

  function boardToSend() {
    const out = JSON.parse(JSON.stringify(ED.board));
    out.name = TC.$("ln-name").value.trim() || out.name;
    out.placeholder = isSample();   // only the shipped sample is a placeholder: a renamed board is the table's own
    delete out.decks;
    if (ED.decks) out.decks = JSON.parse(JSON.stringify(ED.decks));
    return { board: out };
  }

  /* The board in the editor is still the shipped sample (its name unchanged). */
  function isSample() {
    const name = TC.$("ln-name").value.trim();
    return !!ED.board.placeholder && (name === SAMPLE || name === T(SAMPLE));
  }

  /* Undo: every change keeps the board (and its decks) as it was before; "Undo" goes back one. */
  function remember() {
    const now = JSON.stringify({ board: ED.board, decks: ED.decks });
    if (ED.last !== null && now !== ED.last) {
      ED.undo.push(ED.last);
      if (ED.undo.length > 200) ED.undo.shift();
    }
    ED.last = now;
    TC.$("ln-undo").disabled = !ED.undo.length;
  }

  function undo() {
    const before = ED.undo.pop();
    if (!before) return;
    const was = JSON.parse(before);
    ED.board = was.board;
    ED.decks = was.decks;
    ED.last = before;
    drawDecks();
    changed();
  }

  /* The decks as counts: one number per tool kind and per kind of discovery card (with its back,
     colour and IV mark), in their printed names; the companion checks the totals (45 and 50). */
  function drawDecks() {
    const box = TC.clear(TC.$("ln-decks"));
    if (!ED.decks) return;
    const count = function (value, label, key, set) {
      return el("label", { class: "field ln-count" }, label + " ", el("input", { type: "number", min: 0, max: 50, value: value,
        "data-deck": key, on: { input: function (ev) { set(Math.max(0, Math.round(+ev.target.value || 0))); changed(); } } }));
    };
    const tools = el("div", { class: "ln-counts" }, el("strong", { text: T("Tool cards") }));
    Object.keys(ED.decks.tools).forEach(function (k) {
      tools.append(count(ED.decks.tools[k], TOOL_WORDS[k] ? T(TOOL_WORDS[k]) : k, "tool:" + k, function (n) { ED.decks.tools[k] = n; }));
    });
    const finds = el("div", { class: "ln-counts" }, el("strong", { text: T("Discovery cards") }));
    ED.decks.discoveries.forEach(function (g, i) {
      const colours = [].concat(g.colour).filter(Boolean);
      const label = MAP.findWord(g.kind) + " · " + (g.back === "water" ? T("water card") : T("land card")) +
        (colours.length ? " · " + T("colour {colour}", { colour: colours.join(", ") }) : "") + (g.iv ? " · IV" : "");
      finds.append(count(g.count, label, "find:" + i, function (n) { ED.decks.discoveries[i].count = n; }));
    });
    box.append(tools, finds);
  }

  /* The board in the editor, as it is now, is kept in the tab's own storage: a reload or a switch
     of the page's language (the page comes again in the other language) opens it again as it was,
     drawn, named and counted, saved or not; saving forgets it (the saved one is in the list). */
  const edits = TC.tabKept("tc-loch-ness-board-edits");
  function keepEdits() { edits.save({ board: ED.board, decks: ED.decks, name: TC.$("ln-name").value }); }

  function changed() {
    TC.$("ln-placeholder").hidden = !isSample();
    keepEdits();
    remember();
    draw();
    clearTimeout(ED.checkTimer);
    ED.checkTimer = setTimeout(check, 250);
    TC.$("ln-status").textContent = T("Checking…");
  }

  async function check() {
    const sending = boardToSend();
    const list = TC.clear(TC.$("ln-problems"));
    if (sending.error) { list.append(el("li", { text: sending.error })); TC.$("ln-status").textContent = ""; return; }
    const r = await TC.api("POST", API + "/board-check", sending);
    if (!r.ok) { list.append(el("li", { text: r.data.error || T("Refused") })); return; }
    ED.checked = r.data;
    const problems = r.data.problems || [];
    problems.forEach(function (p) { list.append(el("li", { text: TC.say(p) })); });
    TC.$("ln-status").textContent = problems.length
      ? TC.TN(problems.length, "{count} problem to fix before saving.", "{count} problems to fix before saving.")
      : "✓ " + T("No problems: this board can be saved.");
    TC.$("ln-status").dataset.ok = problems.length ? "false" : "true";
  }

  /* ---------------------------------------------------------------- open, save, import, export */
  function load(board) {
    ED.board = {
      schema: "loch-ness-board/1", name: board.name || T("Our board"), placeholder: !!board.placeholder,
      note: board.note || "", nessie: board.nessie || "", route: (board.route || []).slice(),
      spaces: (board.spaces || []).map(function (s) {
        const out = { id: s.id, label: s.label || s.id, terrain: s.terrain, x: s.x, y: s.y, adjacent: (s.adjacent || []).slice(), site: s.site || 0 };
        if (s.mark) out.mark = s.mark;
        return out;
      }),
    };
    const size = MAP.extent(ED.board, 1, 1);
    ED.cols = Math.max(size.cols, 3); ED.rows = Math.max(size.rows, 3);
    TC.$("ln-cols").value = ED.cols; TC.$("ln-rows").value = ED.rows;
    TC.$("ln-name").value = ED.board.name === SAMPLE ? T(SAMPLE) : ED.board.name;
    if (board.placeholder && board.decks && !ED.defaults) ED.defaults = board.decks;   // the sample's: the defaults
    const decks = board.decks || ED.defaults;
    ED.decks = decks ? JSON.parse(JSON.stringify(decks)) : null;
    ED.undo = [];
    ED.last = null;
    drawDecks();
    changed();
  }

  async function listBoards() {
    const r = await TC.api("GET", API + "/boards");
    if (!r.ok) return [];
    const boards = r.data.boards || [];
    const select = TC.clear(TC.$("ln-open-which"));
    boards.forEach(function (b) {
      select.append(el("option", { value: b.name, text: shownName(b) }));
    });
    refreshChoice(boards);
    return boards;
  }

  async function open() {
    const name = TC.$("ln-open-which").value;
    if (!name) return;
    const r = await TC.api("GET", API + "/boards/" + encodeURIComponent(name));
    TC.showRefusal(r.ok ? "" : r.data.error);
    if (r.ok) load(r.data.board);
  }

  async function save() {
    const sending = boardToSend();
    if (sending.error) { TC.showRefusal(sending.error); return; }
    const name = TC.$("ln-name").value.trim();
    const r = await TC.api("PUT", API + "/boards/" + encodeURIComponent(name), sending);
    TC.showRefusal(r.ok ? "" : r.data.error);
    if (r.ok) {
      edits.save(null);
      TC.$("ln-status").textContent = "✓ " + T("Saved as {name}.", { name: r.data.name });
      await listBoards();
      TC.$("ln-open-which").value = r.data.name;
    }
  }

  async function remove() {
    const name = TC.$("ln-open-which").value;
    if (!name || !(await TC.confirm(T("Delete the board {name}?", { name: name }), T("Tables already started on it keep their copy.")))) return;
    const r = await TC.api("DELETE", API + "/boards/" + encodeURIComponent(name));
    TC.showRefusal(r.ok ? "" : r.data.error);
    if (r.ok) listBoards();
  }

  function exportJson() {
    const sending = boardToSend();
    if (sending.error) { TC.showRefusal(sending.error); return; }
    const textArea = TC.$("ln-json");
    textArea.hidden = false;
    textArea.value = JSON.stringify(sending.board, null, 1);
    const a = TC.$("ln-download");
    a.hidden = false;
    a.href = "data:application/json;charset=utf-8," + encodeURIComponent(textArea.value);
    a.download = (sending.board.name || "board").replace(/[^\w.-]+/g, "-") + ".json";
  }

  async function importText(textValue) {
    let board = null;
    try { board = JSON.parse(textValue); } catch (e) { board = null; }
    if (board && typeof board === "object" && Array.isArray(board.spaces)) { load(board); return; }
    // not a board we can lay out: the companion names the problem in its words
    const r = await TC.api("POST", API + "/board-check", { board: board && typeof board === "object" ? board : textValue });
    const list = TC.clear(TC.$("ln-problems"));
    ((r.data && r.data.problems) || [{ text: r.data.error }]).forEach(function (p) { list.append(el("li", { text: TC.say(p) })); });
    TC.$("ln-status").textContent = T("The file was not loaded.");
  }

  /* A board's name in the list: the sample's in the host's words (it says it is a placeholder). */
  function shownName(b) {
    return b.sample && b.name === SAMPLE ? T(SAMPLE) : b.name;
  }

  /* ---------------------------------------------------------------- the section */
  function build() {
    const grid = document.querySelector(".host-grid") || document.querySelector("main");
    const tools = el("div", { class: "ln-tools", role: "radiogroup", "aria-label": T("Tool") });
    TOOLS.forEach(function (tool) {
      const b = el("button", { type: "button", class: "ln-tool", "data-tool": tool.id, role: "radio", title: T(tool.hint),
                               "aria-checked": tool.id === ED.tool ? "true" : "false", text: T(tool.label),
                               on: { click: function () { pick(tool); } } });
      tools.append(b);
    });
    const section = el("section", { id: "ln-editor", class: "card ln-editor" },
      el("h2", { text: T("Loch Ness boards") }),
      el("p", { class: "help", text: T("Lay out your printed board once: it is saved on the companion and offered when you start a Loch Ness table.") }),
      el("div", { class: "row" },
        el("label", { class: "field" }, T("Saved boards") + " ", el("select", { id: "ln-open-which" })),
        el("button", { type: "button", id: "ln-open", text: T("Open"), on: { click: open } }),
        el("button", { type: "button", id: "ln-new", text: T("New board"), on: { click: function () { load(blank()); } } }),
        el("button", { type: "button", id: "ln-delete", class: "danger", text: T("Delete"), on: { click: remove } })),
      el("p", { id: "ln-placeholder", class: "alert", hidden: true, text: T("This is the sample board, a made-up placeholder: change it to match your printed board and save it under your own name.") }),
      el("div", { class: "row" },
        el("label", { class: "field" }, T("Columns") + " ", el("input", { id: "ln-cols", type: "number", min: 2, max: 30, value: ED.cols,
          on: { change: function (ev) { ED.cols = Math.max(2, Math.min(30, +ev.target.value || 2)); draw(); } } })),
        el("label", { class: "field" }, T("Rows") + " ", el("input", { id: "ln-rows", type: "number", min: 2, max: 30, value: ED.rows,
          on: { change: function (ev) { ED.rows = Math.max(2, Math.min(30, +ev.target.value || 2)); draw(); } } })),
        el("button", { type: "button", id: "ln-connect-grid", text: T("Connect grid neighbours"), on: { click: connectGrid } }),
        el("button", { type: "button", id: "ln-clear-route", text: T("Clear the route"), on: { click: function () { ED.board.route = []; changed(); } } }),
        el("button", { type: "button", id: "ln-undo", disabled: true, text: "↶ " + T("Undo"), on: { click: undo } })),
      tools,
      el("p", { id: "ln-hint", class: "hint" }),
      el("div", { id: "ln-label-box", class: "row" }),
      el("div", { id: "ln-canvas", class: "ln-canvas" }),
      el("p", { id: "ln-counts", class: "muted" }),
      el("p", { id: "ln-status", class: "status", "aria-live": "polite" }),
      el("ul", { id: "ln-problems", class: "ln-problems" }),
      el("details", { class: "ln-decks" }, el("summary", { text: T("Card decks (optional)") }),
        el("p", { class: "help", text: T("The counts shown are guesses, since the rulebook prints only the totals (45 tools, 50 discovery cards). Count your cards and correct them here.") }),
        el("div", { id: "ln-decks" })),
      el("div", { class: "row" },
        el("label", { class: "field" }, T("Name") + " ", el("input", { id: "ln-name", type: "text", maxlength: 40, value: ED.board.name,
          on: { input: changed } })),
        el("button", { type: "button", id: "ln-save", class: "primary", text: T("Save board"), on: { click: save } }),
        el("button", { type: "button", id: "ln-export", text: T("Export JSON"), on: { click: exportJson } }),
        el("label", { class: "button" }, T("Import JSON"), el("input", { id: "ln-import", type: "file", accept: ".json,application/json", hidden: true,
          on: { change: function (ev) { const f = ev.target.files[0]; if (f) f.text().then(importText); } } }))),
      el("a", { id: "ln-download", hidden: true, text: T("Download the JSON file") }),
      el("textarea", { id: "ln-json", hidden: true, readonly: true, rows: 8, "aria-label": T("The board as JSON") }));
    const after = document.getElementById("new-table");
    if (after && after.parentNode === grid) after.after(section); else grid.append(section);
    document.addEventListener("pointerup", endDrag);
    pick(TOOLS[0]);
    const kept = edits.load();
    listBoards().then(function (boards) {
      if (kept && kept.board) {   // the board being edited before the page came again
        load(Object.assign({}, kept.board, { decks: kept.decks || undefined }));
        TC.$("ln-name").value = kept.name || TC.$("ln-name").value;
        changed();
        return;
      }
      const sample = boards.find(function (b) { return b.sample; });
      if (sample) { TC.$("ln-open-which").value = sample.name; open(); } else load(blank());
    });
  }

  function pick(tool) {
    ED.tool = tool.id;
    document.querySelectorAll(".ln-tool").forEach(function (b) {
      b.setAttribute("aria-checked", b.getAttribute("data-tool") === tool.id ? "true" : "false");
    });
    TC.$("ln-hint").textContent = T(tool.hint);
  }

  /* ---------------------------------------------------------------- the start form's board option */
  function refreshChoice(boards) {
    if (!boardChoice || !document.body.contains(boardChoice.select)) return;
    const select = TC.clear(boardChoice.select), keep = boardChoice.input.dataset.boardName || "";
    (boards || []).forEach(function (b) {
      select.append(el("option", { value: b.sample ? "" : b.name, selected: (b.sample ? "" : b.name) === keep,
                                   text: shownName(b) }));
    });
    boardNote(keep);
  }

  async function choose(name) {
    const input = boardChoice.input, start = TC.$("start");
    input.dataset.boardName = name;
    boardNote(name);
    if (!name) { input.value = ""; return; }
    if (start) start.disabled = true;
    const r = await TC.api("GET", API + "/boards/" + encodeURIComponent(name));
    if (start) start.disabled = false;
    TC.showRefusal(r.ok ? "" : r.data.error);
    input.value = r.ok ? JSON.stringify(r.data.board) : "";
  }

  /* Said once, where the table is started: the sample is a placeholder; any other board is the table's own. */
  function boardNote(name) {
    const note = TC.$("ln-board-note");
    if (!note) return;
    note.textContent = !name || name === SAMPLE ? "⚠ " + T("Sample board: a placeholder, not the printed board.") :
      T("Your own board: {name}.", { name: name });
  }

  window.GameHost = window.GameHost || {};
  window.GameHost[GAME] = {
    /* The generic option form is built: the board option becomes a list of the boards. */
    options: function (box) {
      const input = box.querySelector('[data-option="board"]');
      if (!input) return;
      input.hidden = true;
      const select = el("select", { id: "ln-board-choice", "aria-label": T("Board"), on: { change: function (ev) { choose(ev.target.value); } } });
      input.before(select);
      select.after(el("p", { id: "ln-board-note", class: "muted" }));
      boardChoice = { select: select, input: input };
      input.value = "";
      input.dataset.boardName = "";
      listBoards();
    },
  };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", build); else build();
})();
