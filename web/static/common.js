//# allFunctionsCalledOnLoad
/* Table Companion: shared page helpers. Plain JS, no build step, nothing from the internet. */
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("tc-data").textContent);
  const TC = (window.TC = { data: data, page: data.page || {} });

  /* The page's labels come translated from the server (engines.text.translate); this only
     fills in {placeholders}. Sentences inside payloads already carry their "text"; a parameter
     that is a nested sentence or word ({msgid, params}) without its "text" is rendered by TC.say,
     never shown as "[object Object]". */
  const fill = function (template, params) {
    return template.replace(/\{(\w+)\}/g, function (all, key, at) {
      if (!params || params[key] === undefined) return all;
      const v = params[key];
      if (v && typeof v === "object" && typeof v.msgid === "string") return TC.say(v);
      // the table as a seat opening a sentence takes its sentence-start form (engines/text.py THE_TABLE)
      if (v === TC.T("the table") && /(^\s*|[.!?]\s+)$/.test(template.slice(0, at))) return TC.T("The table");
      return String(v);
    });
  };
  TC.T = function (msgid, params) {
    return fill((data.catalogue && data.catalogue[msgid]) || msgid, params);
  };
  TC.lang = data.lang || "en";

  /* An SVG element with its attributes (null or undefined: left out), appended to ``parent`` if
     given (the games' boards). */
  TC.svg = function (tag, attrs, parent) {
    const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const key in attrs) if (attrs[key] !== null && attrs[key] !== undefined) node.setAttribute(key, attrs[key]);
    if (parent) parent.appendChild(node);
    return node;
  };

  /* A board's squares (each [x, y, fill], ``size`` units a side) drawn as one shape a colour (class
     "square", with ``attrs``): a board of few elements is drawn fast on a slow phone (docs/web.md,
     "The fourth look"). What a square does or says is drawn over it, not on it. */
  TC.squares = function (parent, cells, size, attrs) {
    const fills = {};
    cells.forEach(function (c) {
      (fills[c[2]] = fills[c[2]] || []).push("M" + c[0] + " " + c[1] + "h" + size + "v" + size + "h-" + size + "z");
    });
    Object.keys(fills).forEach(function (fill) {
      TC.svg("path", Object.assign({ d: fills[fill].join(""), fill: fill, class: "square" }, attrs || {}), parent);
    });
  };

  /* A symbol no font of a bare Pi OS draws (DejaVu and Liberation have no pause sign, television or
     shield: tests/web/test_browser_symbols.py), drawn
     as inline SVG in the text's colour, 1em high, hidden from screen readers (the words beside it
     say it): TC.icon("pause" | "play" | "screen" | "shield" | "shield-spent"). */
  const ICONS = {
    pause: [["rect", { x: 3, y: 2, width: 3.5, height: 12, rx: 0.8 }], ["rect", { x: 9.5, y: 2, width: 3.5, height: 12, rx: 0.8 }]],
    play: [["path", { d: "M4 2 L14 8 L4 14 Z" }]],
    screen: [["rect", { x: 1, y: 2, width: 14, height: 9.5, rx: 1.2 }], ["rect", { x: 5, y: 12.5, width: 6, height: 1.5, rx: 0.5 }]],
    // the table screen's narration (docs/narration.md): a speaker with its sound, and struck through
    sound: [["path", { d: "M1.5 5.5 H4.5 L8.5 2 V14 L4.5 10.5 H1.5 Z" }],
            ["path", { d: "M10.5 5.5 Q12 8 10.5 10.5 M12.5 3.5 Q15.2 8 12.5 12.5", fill: "none", stroke: "currentColor", "stroke-width": 1.5, "stroke-linecap": "round" }]],
    muted: [["path", { d: "M1.5 5.5 H4.5 L8.5 2 V14 L4.5 10.5 H1.5 Z" }],
            ["path", { d: "M10.5 5.5 L15 10.5 M15 5.5 L10.5 10.5", stroke: "currentColor", "stroke-width": 1.6, "stroke-linecap": "round" }]],
    shield: [["path", { d: "M8 1 L14 3.2 V7.5 C14 11 11.4 13.6 8 15 C4.6 13.6 2 11 2 7.5 V3.2 Z" }]],
    // a spent shield: the outline only, struck through (a shape of its own, not a colour)
    "shield-spent": [["path", { d: "M8 1.8 L13.2 3.8 V7.5 C13.2 10.6 10.9 12.9 8 14.2 C5.1 12.9 2.8 10.6 2.8 7.5 V3.8 Z", fill: "none", stroke: "currentColor", "stroke-width": 1.6 }],
                     ["path", { d: "M2 14.5 L14 1.5", stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round" }]],
  };
  TC.icon = function (name) {
    const root = TC.svg("svg", { viewBox: "0 0 16 16", width: "1em", height: "1em", fill: "currentColor",
                                 class: "icon icon-" + name, "aria-hidden": "true", focusable: "false" });
    (ICONS[name] || []).forEach(function (part) { TC.svg(part[0], part[1], root); });
    return root;
  };

  /* A part of a drawing that a finger taps (a square, a space, a ring) made a button for a keyboard
     and a screen reader too (issue 40): in the Tab order, named, Enter or Space does what a tap does.
     The drawing holding it is a named group, not a picture (a picture's parts are hidden from a
     screen reader). */
  TC.pressable = function (node, label, fn) { return TC.asButton(TC.onPress(node, fn), label); };
  /* The two halves, for a drawing whose buttons move with a selection (Laser Chess' squares): what a
     tap does, and Enter or Space while the node is a button (TC.onPress, once); the node made a
     named button in the Tab order, or with ``label`` null made plain again (TC.asButton, in place). */
  TC.onPress = function (node, fn) {
    node.addEventListener("click", fn);
    node.addEventListener("keydown", function (ev) {
      if ((ev.key === "Enter" || ev.key === " ") && node.getAttribute("role") === "button") { ev.preventDefault(); fn(ev); }
    });
    return node;
  };
  TC.asButton = function (node, label) {
    if (label === null) {
      ["tabindex", "role", "aria-label"].forEach(function (a) { node.removeAttribute(a); });
      node.classList.remove("pressable");
      if (node.ownerSVGElement) TC.rove(node.ownerSVGElement);
      return node;
    }
    const drawing = node.ownerSVGElement;
    // one Tab stop a board (a roving tabindex): the arrows go from square to square (TC.rove)
    const stop = !drawing || !drawing.querySelector('.pressable[tabindex="0"]') || node.getAttribute("tabindex") === "0";
    node.setAttribute("tabindex", stop ? "0" : "-1");
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", label);
    node.classList.add("pressable");
    if (drawing && drawing.getAttribute("role") === "img") drawing.setAttribute("role", "group");
    if (drawing) TC.rove(drawing);
    return node;
  };

  /* A board is one Tab stop (issue 40): of its pressable squares and spaces one is in the Tab order
     (the one the focus was on, else the selected one, else the first), the others are reached with
     the arrow keys, each going to the nearest pressable one in its direction as the board is seen;
     Enter or Space presses, Tab leaves the board. Settled once a drawing's buttons are all made. */
  const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const centre = function (n) { const r = n.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
  const stopAt = function (drawing, node) {
    drawing.querySelectorAll(".pressable").forEach(function (n) { n.setAttribute("tabindex", n === node ? "0" : "-1"); });
  };
  const nextInWay = function (drawing, from, way) {
    const c = centre(from);
    let best = null, score = Infinity;
    drawing.querySelectorAll(".pressable").forEach(function (n) {
      const p = centre(n), dx = p[0] - c[0], dy = p[1] - c[1];
      const along = dx * way[0] + dy * way[1], across = Math.abs(dx * way[1]) + Math.abs(dy * way[0]);
      if (n === from || along < 1) return;
      // the nearest within 45 degrees of the arrow's way first, else the nearest on its side
      const s = along + 2 * across + (across > along ? 1e6 : 0);
      if (s < score) { score = s; best = n; }
    });
    return best;
  };
  TC.rove = function (drawing) {
    if (!drawing.tcRoves) {
      drawing.tcRoves = true;
      drawing.addEventListener("focusin", function (ev) {
        if (ev.target.classList && ev.target.classList.contains("pressable")) { drawing.tcAt = ev.target; stopAt(drawing, ev.target); }
      });
      drawing.addEventListener("keydown", function (ev) {
        const way = ARROWS[ev.key], from = document.activeElement;
        if (!way || !from || !from.classList || !from.classList.contains("pressable") || !drawing.contains(from)) return;
        ev.preventDefault();
        const to = nextInWay(drawing, from, way);
        if (to) to.focus();
      });
    }
    if (drawing.tcRoving) return;
    drawing.tcRoving = true;
    Promise.resolve().then(function () {   // once the drawing's buttons are all made
      drawing.tcRoving = false;
      const all = drawing.querySelectorAll(".pressable");
      const at = Array.prototype.find.call(all, function (n) { return n === document.activeElement || n === drawing.tcAt; });
      stopAt(drawing, at || drawing.querySelector(".pressable.selected") || all[0]);
      TC.measure(function () { TC.boardFrame(drawing); });   // it reads the layout (TC.measure)
    });
  };

  /* A board on a phone too narrow for a thumb's squares (issue 40): drawn at 44 px for its smallest
     square or space (``unit``, in the drawing's own units) inside a frame as wide as the screen that
     scrolls sideways (by touch, and to the square a keyboard's focus goes to), its edges faded where
     the board goes on. The frame keeps what matters in view (TC.boardFrame); ``key`` names the board,
     so where the player panned it is kept while what matters stays the same. */
  const TAP = 44, panned = {};
  /* A board's thinnest space, in its drawing's units, for TC.zoomBoard's ``unit``: the smallest side
     of the box round each shape (``shapes``: lists of [x, y] points), known from the board's own
     geometry before anything is laid out. */
  TC.thinnest = function (shapes) {
    let least = Infinity;
    shapes.forEach(function (pts) {
      const xs = pts.map(function (p) { return p[0]; }), ys = pts.map(function (p) { return p[1]; });
      least = Math.min(least, Math.max.apply(null, xs) - Math.min.apply(null, xs), Math.max.apply(null, ys) - Math.min.apply(null, ys));
    });
    return least;
  };
  TC.zoomBoard = function (drawing, unit, key) {
    const frame = drawing.parentNode;
    frame.classList.add("board-zoom");
    drawing.classList.add("zoomed");
    drawing.style.minWidth = Math.ceil(TAP * drawing.viewBox.baseVal.width / unit) + "px";
    frame.tcKey = key;
    if (!frame.tcZoom) {
      frame.tcZoom = true;
      frame.addEventListener("scroll", function () {
        edges(frame);
        if (panned[frame.tcKey]) panned[frame.tcKey].left = frame.scrollLeft;
      }, { passive: true });
    }
    TC.measure(function () { TC.boardFrame(drawing); });   // it reads the layout (TC.measure)
  };
  const edges = function (frame) {
    const more = frame.scrollWidth - frame.clientWidth;
    frame.classList.toggle("more-left", more > 1 && frame.scrollLeft > 1);
    frame.classList.toggle("more-right", more > 1 && frame.scrollLeft < more - 1);
  };
  /* What matters kept in view: the selected piece and its targets, else what may be tapped now,
     else what the game marks ``keep-in-view`` (the last move). Where the player panned is kept while
     these stay the same. A frame with nothing to tap in it is a Tab stop itself (arrows scroll it). */
  TC.boardFrame = function (drawing) {
    const frame = drawing.parentNode;
    if (!drawing.isConnected || !frame || !frame.classList || !frame.classList.contains("board-zoom")) return;
    const room = frame.clientWidth, more = frame.scrollWidth - room;
    if (drawing.querySelector(".pressable") || more <= 1) frame.removeAttribute("tabindex");
    else frame.setAttribute("tabindex", "0");
    let keep = drawing.querySelectorAll(".pressable.selected, .pressable.target");
    if (!keep.length) keep = drawing.querySelectorAll(".pressable");
    if (!keep.length) keep = drawing.querySelectorAll(".keep-in-view");
    const about = Array.prototype.map.call(keep, function (n) { return n.getAttribute("aria-label") || n.getAttribute("data-square") || ""; }).join("|");
    const was = panned[frame.tcKey];
    if (was && was.about === about) frame.scrollLeft = was.left;
    else if (more > 1) {
      const sel = drawing.querySelector(".pressable.selected") || keep[0];
      const box = frame.getBoundingClientRect(), first = sel ? sel.getBoundingClientRect() : null;
      let lo = Infinity, hi = -Infinity;
      keep.forEach(function (n) { const r = n.getBoundingClientRect(); lo = Math.min(lo, r.left); hi = Math.max(hi, r.right); });
      if (hi - lo > room && first) { lo = first.left; hi = first.right; }   // too wide: the first (the selected) one
      const mid = keep.length ? (lo + hi) / 2 - box.left + frame.scrollLeft : frame.scrollWidth / 2;
      frame.scrollLeft = Math.max(0, Math.min(more, mid - room / 2));
    }
    panned[frame.tcKey] = { about: about, left: frame.scrollLeft };
    edges(frame);
  };

  /* A beam drawn on a board, in words (its drawing's text alternative, issue 40): the squares it
     crossed, then what it did, the beam's own told sentence (what it hit, or where it left). */
  TC.sayBeam = function (squares, said) {
    const path = (squares || []).filter(Boolean);
    return (path.length ? TC.T("The laser beam's path: {squares}.", { squares: path.join(", ") }) + " " : "") + TC.say(said);
  };

  /* A label chosen at run time (a piece's name from a table of names) is written as
     TC.N("Deflector") where it stands: the marker changes nothing, but the server's extractor
     (web/i18n.py page_msgids) finds the msgid there and sends its translation with the page. */
  TC.N = function (msgid) { return msgid; };

  /* Which of a plural label's forms ``count`` takes in the page's language: the browser's
     Intl.PluralRules names the category ("one", "other", ...), the server says which form each
     category is in this language's catalogue (web/i18n.py plural_tags). */
  // made once, as this script runs: the first one a page makes loads the browser's plural data
  // (13 ms at 6x), which inside a seat's first drawing made that task the longer (docs/web.md)
  let pluralRules = null;
  try { pluralRules = new Intl.PluralRules(TC.lang); } catch (e) { /* an old browser: the English rule below */ }
  const pluralIndex = function (count) {
    const tags = data.plural_tags || {};
    const category = pluralRules && pluralRules.select(count);
    if (category in tags) return tags[category];
    return count === 1 ? 0 : 1;
  };

  /* A label about a number of things: one catalogue entry with the English singular and plural
     (as engines.text.plural on the server), each language picking its form by its own rule. */
  TC.TN = function (count, one, many, params) {
    const all = Object.assign({ count: count }, params || {});
    const forms = data.plurals && data.plurals[one];
    const i = pluralIndex(count);
    if (forms && forms.length) return fill(forms[Math.min(i, forms.length - 1)], all);
    return fill(i === 0 ? one : many, all);
  };

  /* What to send back for a legal action: its type and notation when it has one (the engine's
     text form), else the action without the translations this page added. */
  TC.wire = function (action) {
    if (action && typeof action.notation === "string" && action.notation) return { type: action.type, notation: action.notation };
    const strip = function (v) {
      if (Array.isArray(v)) return v.map(strip);
      if (v && typeof v === "object") {
        const out = {};
        Object.keys(v).forEach(function (k) { if (!(k === "text" && TC.isSentence(v))) out[k] = strip(v[k]); });
        return out;
      }
      return v;
    };
    return strip(action);
  };

  /* A value as text with its keys sorted: the same change reads the same whether it came as a
     reply (keys sorted by Flask) or on the stream; sentences' translations left out. */
  TC.changeKey = function (value) {
    const canonical = function (v) {
      if (Array.isArray(v)) return "[" + v.map(canonical).join(",") + "]";
      if (v && typeof v === "object") return "{" + Object.keys(v).sort().map(function (k) { return JSON.stringify(k) + ":" + canonical(v[k]); }).join(",") + "}";
      return JSON.stringify(v);
    };
    return canonical(TC.wire(value));
  };

  /* A sentence from a payload ({msgid, params, text}) as text. */
  TC.$ = function (id) { return document.getElementById(id); };
  /* The JSON API of one table. */
  TC.tableApi = function (table) { return "/api/tables/" + encodeURIComponent(table); };

  /* The storage fault a payload carries ("The companion cannot save plays right now..."), or none. */
  TC.showFault = function (fault) {
    const line = TC.$("storage-fault");
    if (!line) return;
    line.hidden = !fault;
    line.textContent = fault ? TC.say(fault) : "";
  };

  TC.say = function (s) {
    if (!s) return "";
    if (typeof s === "string") return s;
    if (s.text) return s.text;
    if (s.printed && typeof s.printed[TC.lang] === "string") return s.printed[TC.lang];  // the box's own words
    if (typeof s.plural === "string") return TC.TN((s.params || {}).count, s.msgid || "", s.plural, s.params || {});
    return TC.T(s.msgid || "", s.params || {});
  };

  TC.el = function (tag, attrs) {
    const node = document.createElement(tag);
    if (attrs) {
      for (const key of Object.keys(attrs)) {
        const value = attrs[key];
        if (value === null || value === undefined || value === false) continue;
        if (key === "text") node.textContent = value;
        else if (key === "on") for (const ev of Object.keys(value)) node.addEventListener(ev, value[ev]);
        else if (key === "class") node.className = value;
        else node.setAttribute(key, value === true ? "" : value);
      }
    }
    for (let i = 2; i < arguments.length; i++) {
      const child = arguments[i];
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : String(child));
    }
    return node;
  };

  TC.clear = function (node) { while (node && node.firstChild) node.removeChild(node.firstChild); return node; };

  /* A table's payloads come in the pages' form (web/wire.py, docs/api.md "The pages' form"): each
     sentence as its words ({text}), each part that stands in several places said once in
     "$shared" and {"$": i} where it stood, a list of objects with the same keys as {"$k": keys,
     "$v": rows}, other objects alike as {"$o": [shape, values...]} with their keys in "$shapes",
     a story step's id and chapter left to its event's id. TC.packed asks for it; TC.unpack puts every part back where it stood (a copy of
     its own in each place: a page may change what it was given). */
  TC.packed = function (url) {
    return url.indexOf("/api/tables/") === 0 ? url + (url.indexOf("?") >= 0 ? "&" : "?") + "packed=1" : url;
  };
  TC.unpack = function (payload) {
    const shared = payload && payload["$shared"];   // every payload in the pages' form has it
    if (!Array.isArray(shared)) return payload;
    const shapes = payload["$shapes"] || [];
    const put = function (v) {
      if (Array.isArray(v)) return v.map(put);
      if (!v || typeof v !== "object") return v;
      const keys = Object.keys(v);
      if (keys.length === 1 && keys[0] === "$" && typeof v.$ === "number") return put(shared[v.$]);
      if (keys.length === 1 && keys[0] === "$o" && Array.isArray(v.$o)) {   // an object said by its shape
        const shape = shapes[v.$o[0]], item = {};
        for (let i = 0; i < shape.length; i++) item[shape[i]] = put(v.$o[i + 1]);
        return item;
      }
      if (keys.length === 2 && Array.isArray(v.$k) && Array.isArray(v.$v)) {
        return v.$v.map(function (row) {
          if (!Array.isArray(row)) return put(row);   // an object unlike the rest, as it is
          const item = {};
          for (let i = 0; i < v.$k.length; i++) item[v.$k[i]] = put(row[i]);
          return item;
        });
      }
      const out = {};
      for (let i = 0; i < keys.length; i++) if (keys[i] !== "$shared" && keys[i] !== "$shapes") out[keys[i]] = put(v[keys[i]]);
      return out;
    };
    const out = put(payload);
    // a story step's id and chapter, where its event's id says them ("{chapter}.{n}")
    ((out.story && out.story.steps) || []).forEach(function (step, n) {
      const id = step && step.event && step.event.id;
      if (step.id === undefined && typeof id === "string")
        out.story.steps[n] = Object.assign({ id: id, chapter: id.slice(0, id.lastIndexOf(".")) }, step);
    });
    return out;
  };
  /* A sentence from a payload: {msgid, params, text} as the API says it, {text} (and the box's own
     "printed" words) in the pages' form. */
  TC.isSentence = function (v) {
    return !!v && typeof v === "object" && !Array.isArray(v) && (typeof v.msgid === "string"
      || (typeof v.text === "string" && Object.keys(v).every(function (k) { return k === "text" || k === "printed"; })));
  };

  /* fetch JSON; never throws: {ok, status, data} with data.error as the refusal sentence. */
  TC.api = async function (method, url, body, headers) {
    const init = { method: method, credentials: "same-origin", headers: Object.assign({ "Accept": "application/json" }, headers || {}) };
    if (body !== undefined) { init.body = JSON.stringify(body); init.headers["Content-Type"] = "application/json"; }
    try {
      const resp = await fetch(TC.packed(url), init);
      let json = null;
      try { json = TC.unpack(await resp.json()); } catch (e) { json = { error: TC.T("The request could not be read.") }; }
      return { ok: resp.ok, status: resp.status, data: json || {} };
    } catch (e) {
      return { ok: false, status: 0, data: { error: TC.T("Could not reach the table. Check the Wi-Fi.") } };
    }
  };

  /* Live updates: EventSource first; while it is down, poll every 2 s; back to the stream when it recovers.
     onPayload(payload); onAuthLost() when polling says the seat is gone (401/404). beatUrl (a seat's
     page): while the stream is open, a heartbeat every 1.5 s, so the table sees at once a phone
     whose Wi-Fi dropped (its stream looks open to the companion for minutes: companion/presence.py).
     A heartbeat that fails or is not answered within 3 s means the stream is dead too, though the
     browser still shows it open: the page drops it and polls (the phone says it is cut off), and
     opens a new stream at the first poll that gets through (back in its seat within 2 s). */
  const BEAT_MS = 1500, BEAT_WAIT_MS = 3000;
  TC.live = function (streamUrl, pollUrl, onPayload, onState, onAuthLost, beatUrl) {
    let source = null, pollTimer = null, stopped = false, beatTimer = null, dropped = false;
    const cutOff = function () {   // the heartbeat did not get through: this stream is dead
      if (stopped || !source) return;
      source.close();
      source = null;
      dropped = true;
      startPolling();
    };
    const beat = function () {
      if (stopped || pollTimer || !source || source.readyState !== EventSource.OPEN) return;  // a poll counts
      const abort = window.AbortController ? new AbortController() : null;
      const late = abort && setTimeout(function () { abort.abort(); }, BEAT_WAIT_MS);
      fetch(beatUrl, { method: "POST", credentials: "same-origin", signal: abort ? abort.signal : undefined })
        .then(function () { if (late) clearTimeout(late); })
        .catch(function () { if (late) clearTimeout(late); cutOff(); });
    };
    if (beatUrl) {
      beatTimer = setInterval(beat, BEAT_MS);
      // the page's last word as it closes: the table shows it away after the grace, not 3.5 s on
      window.addEventListener("pagehide", function (ev) {
        if (stopped || ev.persisted) return;   // kept in the back/forward cache: it may come back
        fetch(beatUrl, { method: "POST", credentials: "same-origin", keepalive: true,
                         headers: { "Content-Type": "application/json" }, body: '{"leaving": true}' })
          .catch(function () { /* gone already: its heartbeats stop anyway */ });
      });
    }
    // the Wi-Fi is back (the browser knows it): ask at once rather than at the next poll
    window.addEventListener("online", function () { if (pollTimer && !stopped) poll(); });
    const poll = async function () {
      const r = await TC.api("GET", pollUrl);
      if (r.ok) {
        onPayload(r.data);
        if (dropped && !stopped && !source) { dropped = false; open(); }   // through again: a new stream
      } else if ((r.status === 401 || r.status === 404) && onAuthLost) { stop(); onAuthLost(r); }
    };
    const startPolling = function () {
      if (pollTimer || stopped) return;
      onState && onState("polling");
      pollTimer = setInterval(poll, dropped ? 1000 : 2000);   // cut off: back the moment it gets through
      poll();
    };
    const stopPolling = function () { if (pollTimer) { clearInterval(pollTimer); pollTimer = null; } };
    const open = function () {
      if (!window.EventSource) { startPolling(); return; }
      source = new EventSource(TC.packed(streamUrl));
      source.onopen = function () { onState && onState("live"); if (beatUrl) beat(); };
      source.onmessage = function (ev) {
        const wasPolling = !!pollTimer;
        stopPolling();
        if (wasPolling && beatUrl) beat();   // on the stream again: say so at once
        onState && onState("live");
        try { onPayload(TC.unpack(JSON.parse(ev.data))); } catch (e) { /* a broken message: the next one will do */ }
      };
      source.addEventListener("gone", function (ev) {  // e.g. the host freed this seat
        let data = {};
        try { data = JSON.parse(ev.data); } catch (e) { /* keep the empty sentence */ }
        stop();
        if (onAuthLost) onAuthLost({ ok: false, status: 401, data: data });
      });
      source.onerror = function () {
        startPolling();
        if (source.readyState === EventSource.CLOSED && !stopped) {
          setTimeout(function () { if (!stopped) open(); }, 5000);  // the browser gave up: try again ourselves
        }
      };
    };
    const stop = function () {
      stopped = true; stopPolling(); if (source) source.close();
      if (beatTimer) { clearInterval(beatTimer); beatTimer = null; }
    };
    open();
    return { stop: stop, refresh: poll };
  };

  /* ------------------------------------------------------------------ what a phone composes
     (docs/web.md, "What survives a power cut"): a play put together but not sent (a card tapped
     before its target, a bid half built, a path half tapped, a half-filled form) is kept in the
     phone's own storage (localStorage), keyed by table, seat and what it is for (the decision it
     answers: a game's ``phone.draft.about(payload)``), so a page that reloads, or comes back after
     the companion restarted, finds it again. One entry a seat at most: saving for a new decision
     drops the one before (that decision is gone), and an empty composition (sent, cancelled, set
     aside) drops its own. Entries a day old go when a page opens. Storage that is off or full
     keeps nothing: the page still holds the composition in memory. */
  const DRAFT = "tc-draft|", DRAFT_MS = 24 * 3600 * 1000;
  const storage = function () {
    try { return window.localStorage || null; } catch (e) { return null; }   // off in this browser
  };
  const keysFrom = function (store, prefix) {
    const out = [];
    for (let i = 0; store && i < store.length; i++) {
      const key = store.key(i);
      if (key && key.indexOf(prefix) === 0) out.push(key);
    }
    return out;
  };
  const readDraft = function (store, key) {
    try { const kept = JSON.parse(store.getItem(key)); return kept && typeof kept === "object" ? kept : null; } catch (e) { return null; }
  };
  TC.drafts = function (table, seat) {
    const store = storage();
    const prefix = DRAFT + table + "|" + seat + "|";
    keysFrom(store, DRAFT).forEach(function (key) {   // old evenings' leftovers
      const kept = readDraft(store, key);
      if (!kept || !(Date.now() - kept.at < DRAFT_MS)) store.removeItem(key);
    });
    return {
      /* What was composed for ``about`` ({state, fields}), or null. */
      load: function (about) {
        if (!store || about === null || about === undefined) return null;
        return readDraft(store, prefix + about);
      },
      /* Keep ``value`` ({state, fields}) for ``about``; null keeps nothing for it. Either way no
         other decision of this seat keeps anything. */
      save: function (about, value) {
        if (!store) return;
        const key = about === null || about === undefined ? null : prefix + about;
        keysFrom(store, prefix).forEach(function (k) { if (k !== key || !value) store.removeItem(k); });
        if (!key || !value) return;
        try { store.setItem(key, JSON.stringify(Object.assign({ at: Date.now() }, value))); } catch (e) { /* full: memory only */ }
      },
    };
  };

  /* What the host page's forms hold (the start form, a box profile or a board being drawn) kept for
     this browser tab alone (sessionStorage), under ``key``: a reload or a switch of the page's
     language finds it again. load(): the value, or null; save(value): kept (null forgets it).
     Storage that is off or full keeps nothing. */
  TC.tabKept = function (key) {
    let store = null;
    try { store = window.sessionStorage || null; } catch (e) { store = null; }   // off in this browser
    return {
      load: function () { return store ? readDraft(store, key) : null; },
      save: function (value) {
        if (!store) return;
        if (value === null || value === undefined) { store.removeItem(key); return; }
        try { store.setItem(key, JSON.stringify(value)); } catch (e) { /* full: the page keeps it */ }
      },
    };
  };

  /* The fields typed, ticked or chosen inside ``root`` (by id; those left as they were drawn are
     not), or null when there are none: a form's part of a composition. */
  TC.typedFields = function (root) {
    const out = {};
    let any = false;
    (root ? root.querySelectorAll("input[id], select[id], textarea[id]") : []).forEach(function (f) {
      if (f.type === "checkbox" || f.type === "radio") {
        if (f.checked !== f.defaultChecked) { out[f.id] = f.checked; any = true; }
      } else if (f.tagName === "SELECT") {
        const first = Array.prototype.find.call(f.options, function (o) { return o.defaultSelected; }) || f.options[0];
        if (first && f.value !== first.value) { out[f.id] = f.value; any = true; }
      } else if (f.value !== f.defaultValue) { out[f.id] = f.value; any = true; }
    });
    return any ? out : null;
  };

  /* Put typed fields back into the fields of ``root`` with the same ids (a form drawn again). */
  TC.fillFields = function (root, fields) {
    Object.keys(fields || {}).forEach(function (id) {
      const f = root.querySelector("#" + (window.CSS && CSS.escape ? CSS.escape(id) : id));
      if (!f || !("value" in f)) return;
      if (f.type === "checkbox" || f.type === "radio") f.checked = !!fields[id];
      else f.value = String(fields[id]);
    });
  };

  /* Where the focus goes when the control that had it goes away (issue 40): a page drawn again, or a
     part of it changed in place ("Bid 2 cards" becoming "Bid 3 cards", Clear switched off), must not
     leave a keyboard or screen-reader player at the top of the page. The control's place is noted
     when it takes the focus (its group: the nearest part with a heading, a fieldset or a group; its
     role and its place among the group's controls); once it is gone or switched off and the focus is
     nowhere, the focus goes to the control that took its place (the same role at the same place in
     the same group, drawn again), else the next control of its group, else the group's heading (else
     the heading of the part around it). A player who moved the focus away on purpose is left alone. */
  const CONTROL = "button, a[href], input, select, textarea, summary, [role=button], [role=tab], [tabindex]";
  const HEADING = ":scope > :is(h1, h2, h3, h4, h5, h6, legend, [role=heading])";
  function roleOf(e) { return e.getAttribute("role") || e.tagName.toLowerCase(); }
  function headingOf(group) { return group.querySelector(HEADING); }
  function groupOf(e, root) {
    for (let g = e.parentElement; g && g !== root; g = g.parentElement) {
      if (g.matches("fieldset, [role=group], [role=radiogroup], .group") || headingOf(g)) return g;
    }
    return root;
  }
  function controlsOf(group) {   // every control of the group, switched off ones too (their places count)
    return Array.prototype.filter.call(group.querySelectorAll(CONTROL), function (c) {
      return c.tabIndex >= 0 || c.disabled;
    });
  }
  function usable(c) {
    return c.isConnected && !c.disabled && c.tabIndex >= 0 && c.getAttribute("aria-disabled") !== "true"
      && !c.closest("[hidden], [inert]") && c.getClientRects().length > 0;
  }
  function placeOf(e, root) {
    const group = groupOf(e, root), controls = controlsOf(group), heading = headingOf(group);
    const cls = group.getAttribute("class") || "", tag = group.tagName.toLowerCase();
    const sel = tag + (cls ? "." + cls.trim().split(/\s+/).map(function (c) { return CSS.escape(c); }).join(".") : "");
    return { group: group, id: group.id, sel: sel, nth: Array.prototype.indexOf.call(root.querySelectorAll(sel), group),
             heading: heading ? heading.textContent.trim() : null, role: roleOf(e), at: controls.indexOf(e),
             index: controls.filter(function (c) { return roleOf(c) === roleOf(e); }).indexOf(e) };
  }
  function groupNow(place, root) {   // the group, or the one drawn in its place
    if (place.group === root || (place.group.isConnected && root.contains(place.group))) return place.group;
    if (place.id && document.getElementById(place.id)) return document.getElementById(place.id);
    const like = Array.prototype.slice.call(root.querySelectorAll(place.sel));
    const named = like.filter(function (g) { const h = headingOf(g); return h && h.textContent.trim() === place.heading; });
    if (named.length === 1) return named[0];
    return place.heading === null && like[place.nth] ? like[place.nth] : null;
  }
  function heir(place, root) {
    const group = groupNow(place, root);
    if (group) {
      const controls = controlsOf(group);
      const same = controls.filter(function (c) { return roleOf(c) === place.role; })[place.index];
      if (same && usable(same)) return same;
      const next = controls.slice(Math.max(0, place.at)).find(usable);
      if (next) return next;
    }
    for (let g = group || root; g; g = g === root ? null : g.parentElement) {   // the heading around it
      const h = headingOf(g);
      if (h && !h.closest("[hidden]")) return h;
    }
    return root.querySelector(":is(h1, h2, h3, h4, h5, h6):not([hidden] *)");
  }
  TC.focusFollows = function (root) {
    let last = null;   // {control, place}: the control that had the focus in root
    root.addEventListener("focusin", function (ev) {
      if (ev.target !== root) last = { control: ev.target, place: placeOf(ev.target, root) };
    });
    root.addEventListener("focusout", function (ev) {   // moved away on purpose (a tap elsewhere)?
      const c = ev.target;   // (a control taken out of the page says focusout too, still in it: look after)
      if (ev.relatedTarget === null) setTimeout(function () {
        if (last && last.control === c && usable(c) && document.activeElement === document.body && document.hasFocus()) last = null;
      }, 0);
    });
    new MutationObserver(function () {
      const now = document.activeElement;
      if (!last || (now && now !== document.body) || usable(last.control)) return;
      const to = heir(last.place, root);
      if (!to) return;
      if (to.tabIndex < 0 && !to.hasAttribute("tabindex")) to.setAttribute("tabindex", "-1");   // a heading
      to.focus({ preventScroll: true });
      to.scrollIntoView({ block: "nearest" });
    }).observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["disabled", "hidden"] });
  };

  /* A confirmation sheet; resolves true on Confirm. TC.closeSheet() answers an open one with no
     (the play it asks about is no longer possible). */
  let closeSheet = null;
  TC.closeSheet = function () { if (closeSheet) closeSheet(); };
  TC.confirm = function (title, detail) {
    const sheet = document.getElementById("sheet");
    if (!sheet) return Promise.resolve(window.confirm(title));
    document.getElementById("sheet-title").textContent = title;
    document.getElementById("sheet-detail").textContent = detail || "";
    sheet.hidden = false;
    const ok = document.getElementById("sheet-ok"), cancel = document.getElementById("sheet-cancel");
    ok.focus();
    return new Promise(function (resolve) {
      const done = function (answer) {
        sheet.hidden = true;
        ok.onclick = cancel.onclick = null;
        closeSheet = null;
        resolve(answer);
      };
      closeSheet = function () { done(false); };
      ok.onclick = function () { done(true); };
      cancel.onclick = function () { done(false); };
    });
  };

  TC.showRefusal = function (text) {
    const box = document.getElementById("refusal");
    if (!box) return;
    box.textContent = text || "";
    box.hidden = !text;
    if (text) box.scrollIntoView({ block: "nearest" });
  };

  TC.seatName = function (payload, seat) {
    if (seat === -1) return TC.T("the table");
    const s = (payload.seats || []).find(function (x) { return x.seat === seat; });
    return (s && s.name) || TC.T("Player {number}", { number: seat + 1 });
  };

  /* Words said one after the other: "Brody", "Brody and Quint", "Brody, Hooper and Quint". */
  TC.andList = function (words) {
    if (words.length < 2) return words.join("");
    return TC.T("{names} and {last}", { names: words.slice(0, -1).join(", "), last: words[words.length - 1] });
  };

  /* A seat's role in the game's words, where people choose a seat and where the table shows it:
     GameUI[game].seatSide(seat, payload) (docs/web.md), its ``said`` words or its ``name`` (a
     msgid): "Red boats", "The shark", "Brody and Quint"; "" for a game whose seats have none. */
  TC.seatRole = function (payload, seat) {
    const ui = window.GameUI && payload && window.GameUI[payload.game];
    const side = ui && ui.seatSide ? ui.seatSide(seat, payload) : null;
    return side ? side.said || TC.T(side.name) : "";
  };

  /* Presence: whether a taken seat's phone is connected (a seat's "connected" flag; a phone back
     within ~2 s never shows away). In words AND a shape, never colour alone: "● connected",
     "⚠ away". null for a free seat or a bot (a bot is always there). */
  TC.presence = function (seat) {
    if (!seat || !seat.taken || seat.bot) return null;
    return seat.connected
      ? { away: false, text: "● " + TC.T("connected"), title: TC.T("Their phone is connected.") }
      : { away: true, text: "⚠ " + TC.T("away"), title: TC.T("Their phone is not connected.") };
  };

  /* The presence badge for a seat (or null): class "presence away" or "presence connected". */
  TC.presenceBadge = function (seat, onlyAway) {
    const p = TC.presence(seat);
    if (!p || (onlyAway && !p.away)) return null;
    return TC.el("span", { class: "badge presence " + (p.away ? "away" : "connected"), text: p.text,
                           title: p.title, "aria-label": p.title });
  };

  /* Whom the table waits for, by name; a seat nobody has taken yet says so ("Player 1 (seat still
     free)"), so nobody waits for a person who is not there. */
  TC.waitingFor = function (payload) {
    return (payload.awaiting || []).map(function (s) {
      const seat = (payload.seats || []).find(function (x) { return x.seat === s; });
      const name = TC.seatName(payload, s);
      return seat && !seat.taken ? TC.T("{name} (seat still free)", { name: name }) : name;
    }).join(", ");
  };

  /* A readable rendering of any view (a game without its own drawing): nested lists, sentences
     translated, field names in the reader's words where the game declares them (opts.words, its
     Game.page.words); a field name without one is the game's raw data, in code type (class
     raw-key), and TC.rawNote says so above the view. Seats (a key "seat" or "..._seat") are the
     players' names (opts.seatName); the position's notation and ids are left out (codes for tools,
     not for people). */
  const HIDDEN_KEYS = { notation: true, visible_to: true, id: true };
  TC.renderValue = function (value, opts, key) {
    opts = opts || {};
    const isSeat = key !== undefined && (key === "seat" || /_seat$/.test(key)) && opts.seatName;
    if (value === null || value === undefined) return TC.el("span", { class: "muted", text: "—" });
    if (typeof value === "boolean") return TC.el("span", { text: value ? "✓ " + TC.T("yes") : "✗ " + TC.T("no") });
    if (typeof value === "number" && isSeat) return TC.el("span", { text: opts.seatName(value) });
    if (typeof value !== "object") return TC.el("span", { class: "view-value", text: String(value) });
    if (TC.isSentence(value)) return TC.el("span", { text: TC.say(value) });
    if (Array.isArray(value)) {
      if (value.length === 0) return TC.el("span", { class: "muted", text: "—" });
      if (value.every(function (v) { return v === null || (typeof v !== "object" && typeof v !== "boolean"); }))
        return TC.el("span", { class: "view-value", text: value.map(function (v) { return v === null ? "—" : v; }).join(", ") });
      const ol = TC.el("ol", { class: "view-list" });
      value.forEach(function (v) { ol.append(TC.el("li", null, TC.renderValue(v, opts))); });
      return ol;
    }
    const dl = TC.el("dl", { class: "view-dl" });
    Object.keys(value).forEach(function (k) {
      if (HIDDEN_KEYS[k]) return;
      const word = opts.words && opts.words[k];
      dl.append(word ? TC.el("dt", { text: word }) : TC.el("dt", { class: "raw-key" }, TC.el("code", { text: k })),
                TC.el("dd", null, TC.renderValue(value[k], opts, k)));
    });
    return dl;
  };

  /* The rendered view with, above it, the line that says its code-type names are raw data. */
  TC.rawNote = function (view) {
    const box = TC.el("div", { class: "view-box" });
    if (view.querySelector && view.querySelector(".raw-key"))
      box.append(TC.el("p", { class: "muted small raw-note", text: TC.T("The game's raw data: names in code type are its own, not translated.") }));
    box.append(view);
    return box;
  };

  /* Setting up (docs/web.md "Setting up"; table.js step.setup = {key, marks}): outline and label in ``root`` what a
     setup step names (CSS class "setup-mark": a dashed outline and a word, never colour alone).
     ``known`` is the game's SETUP_MARKS, {mark: {sel, label}}: where the thing is drawn (a selector)
     and its word (a msgid); a mark it does not know is ignored. Every node the selector finds is
     outlined, the first also labelled. Inside a drawing: a space's own edge (a path) or a rectangle
     round the thing, its word above it, kept inside the drawing; a page element: its outline and
     its word on the outline's top edge; neither takes room from the screen's layout. */
  TC.setupMarks = function (root, setup, known, only) {
    if (!setup) return;
    (setup.marks || []).forEach(function (name) {
      const mark = known[name];
      if (!mark) return;
      // ``only``: "page" marks the page's elements (they may take room: before the fit), "drawing"
      // the things drawn in an SVG (after a drawing has placed its own tokens)
      const nodes = Array.from(root.querySelectorAll(mark.sel));
      const drawn = nodes.filter(function (n) { return n.ownerSVGElement && n.isConnected; });
      if (only !== "page" && drawn.length) markDrawn(drawn, TC.T(mark.label), name);
      if (only === "drawing") return;
      nodes.filter(function (n) { return drawn.indexOf(n) < 0; }).forEach(function (node, i) {
        markOne(node, i === 0 && !drawn.length ? TC.T(mark.label) : "", name);
      });
    });
  };

  /* The words that say what a board's outlines are, where the board outlines squares too small to
     label (Laser Chess, Sharks with Lasers): a line per mark the step names and ``words`` knows
     ({mark: msgid}), in ``side``; on a crowded screen they go with the legends (data-fit "last"). */
  TC.setupLegend = function (side, setup, words) {
    if (!setup) return;
    (setup.marks || []).forEach(function (m) {
      if (words[m]) side.append(TC.el("p", { class: "setup-mark-tag", "data-mark": m, "data-fit": "last", text: TC.T(words[m]) }));
    });
  };

  /* Things drawn in an SVG: a space (a path) outlined by its own edge; anything else by a rectangle a
     little wider than it (its own stroke and the dashes stay apart), things whose rectangles would
     meet outlined together (G6: a row of boats' outlines over each other); the word by the first. */
  function markDrawn(nodes, label, name) {
    const owner = nodes[0].ownerSVGElement;
    const boxes = [];
    nodes.forEach(function (node) {
      if (node.ownerSVGElement !== owner) return;
      if (node.tagName === "path") { node.classList.add("setup-mark-shape"); boxes.push({ path: node, box: drawnBox(node, owner, 0) }); return; }
      const box = drawnBox(node, owner, 5);
      const near = boxes.find(function (b) { return !b.path && meet(b.box, box); });
      if (near) near.box = union(near.box, box);
      else boxes.push({ box: box });
    });
    for (let merged = true; merged;) {   // rectangles grown by a union may meet others now
      merged = false;
      for (let i = 0; i < boxes.length && !merged; i++) {
        for (let j = i + 1; j < boxes.length && !merged; j++) {
          if (boxes[i].path || boxes[j].path || !meet(boxes[i].box, boxes[j].box)) continue;
          boxes[i].box = union(boxes[i].box, boxes[j].box);
          boxes.splice(j, 1);
          merged = true;
        }
      }
    }
    boxes.forEach(function (b, i) {
      const g = TC.svg("g", { class: "setup-mark", "data-mark": name }, owner), r = b.box;
      if (!b.path) liftCrossed(TC.svg("rect", { x: r[0], y: r[1], width: r[2] - r[0], height: r[3] - r[1], rx: 5 }, g), owner);
      if (i > 0 || !label) return;
      const t = TC.svg("text", { x: (r[0] + r[2]) / 2, y: r[1] - 4, "text-anchor": "middle", class: "setup-mark-label" }, g);
      t.textContent = label;
      placeDrawn(t, owner, r[0], r[1], r[2] - r[0], r[3] - r[1]);
    });
  }

  function drawnBox(node, owner, pad) {
    const b = node.getBBox(), m = owner.getScreenCTM().inverse().multiply(node.getScreenCTM());
    const p0 = new DOMPoint(b.x, b.y).matrixTransform(m), p1 = new DOMPoint(b.x + b.width, b.y + b.height).matrixTransform(m);
    return [Math.min(p0.x, p1.x) - pad, Math.min(p0.y, p1.y) - pad, Math.max(p0.x, p1.x) + pad, Math.max(p0.y, p1.y) + pad];
  }
  function meet(a, b) { return a[0] < b[2] + 4 && b[0] < a[2] + 4 && a[1] < b[3] + 4 && b[1] < a[3] + 4; }
  function union(a, b) { return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])]; }

  function markOne(node, label, name) {
    node.classList.add("setup-mark");
    node.setAttribute("data-mark", name);
    if (!label) return;
    const tag = TC.el("span", { class: "setup-mark-label", "data-mark": name, text: label });
    if (node instanceof SVGElement || /^(ul|ol|img|input|table)$/i.test(node.tagName)) {
      node.before(tag);
      if (getComputedStyle(tag).position === "absolute") placeOver(tag, node.parentNode);   // over a drawing
      return;
    }
    // G6: the first line inside the outline, above the content (wrapping if it must): on the
    // outline's edge it lay over the content's first line (or its neighbour's last) as soon as the
    // screen's fit changed the lines under it
    tag.classList.add("room");
    node.prepend(tag);
  }

  /* The drawing's words an outline crosses, drawn again above it where they stand (their computed
     look copied, as their own rules no longer reach them there), the originals hidden (issue 37, G6:
     "outlines cover the B/R letters", a site's outline over Nessie's route numbers). */
  const LOOK = ["fill", "stroke", "stroke-width", "paint-order", "font-size", "font-weight", "font-family",
                "text-anchor", "dominant-baseline", "letter-spacing"];
  function liftCrossed(outline, owner) {
    const sw = parseFloat(getComputedStyle(outline).strokeWidth) || 3;
    const m = outline.getScreenCTM(), half = sw * (m ? Math.hypot(m.a, m.b) : 1) / 2 + 1;
    const b = outline.getBoundingClientRect();
    const outer = [b.left - half, b.top - half, b.right + half, b.bottom + half];
    const inner = [b.left + half, b.top + half, b.right - half, b.bottom - half];
    const inv = owner.getScreenCTM() && owner.getScreenCTM().inverse();
    if (!inv) return;
    let top = owner.querySelector(":scope > g.setup-lifted");
    owner.querySelectorAll("text").forEach(function (t) {
      if (t.closest(".setup-mark") || t.closest(".setup-lifted") || !t.textContent.trim()) return;
      const r = t.getBoundingClientRect();
      const meets = Math.min(r.right, outer[2]) - Math.max(r.left, outer[0]) > 1 && Math.min(r.bottom, outer[3]) - Math.max(r.top, outer[1]) > 1;
      const inside = r.left >= inner[0] && r.top >= inner[1] && r.right <= inner[2] && r.bottom <= inner[3];
      if (!meets || inside) return;
      if (!top) top = TC.svg("g", { class: "setup-lifted", "pointer-events": "none" }, owner);
      const cs = getComputedStyle(t), copy = t.cloneNode(true), tm = inv.multiply(t.getScreenCTM());
      LOOK.forEach(function (k) { copy.style.setProperty(k, cs.getPropertyValue(k)); });
      copy.setAttribute("transform", "matrix(" + [tm.a, tm.b, tm.c, tm.d, tm.e, tm.f].join(",") + ")");
      top.appendChild(copy);
      t.style.visibility = "hidden";
    });
    if (top) owner.appendChild(top);   // above every outline drawn so far
  }

  /* What a mark's word must not lie over (issue 37, G6): other words and the games' tokens. */
  TC.TOKENS = ".mover, .shark-mover, .orca-mover, .orca-shark, .orca-chip, .orca-target, .ln-boat, .ln-nessie";

  function lineRects(e) {
    if (e instanceof SVGElement) return [e.getBoundingClientRect()];
    const out = [];
    e.childNodes.forEach(function (n) {
      if (n.nodeType !== 3 || !n.textContent.trim()) return;
      const range = document.createRange();
      range.selectNodeContents(n);
      out.push.apply(out, Array.from(range.getClientRects()).filter(function (r) { return r.width && r.height; }));
    });
    return out;
  }

  function obstacles(area, self) {
    const out = [];
    area.querySelectorAll("*").forEach(function (e) {
      if (e === self || self.contains(e) || e.closest("title")) return;
      if (e.matches(TC.TOKENS)) { out.push(e.getBoundingClientRect()); return; }
      if (e.closest(TC.TOKENS) || (e.closest("text") && e.closest("text") !== e)) return;
      if (!Array.prototype.some.call(e.childNodes, function (n) { return n.nodeType === 3 && n.textContent.trim(); })) return;
      out.push.apply(out, lineRects(e));
    });
    return out;
  }

  /* How much of ``el``'s words lie over words or tokens in ``area`` (0: none). */
  function covering(el, area, rects) {
    const mine = lineRects(el);
    let sum = 0;
    (rects || obstacles(area, el)).forEach(function (r) {
      mine.forEach(function (s) {
        const dx = Math.min(r.right, s.right) - Math.max(r.left, s.left), dy = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
        if (dx > 1 && dy > 1) sum += dx * dy;
      });
    });
    return sum;
  }

  /* A drawn mark's word where it covers nothing: above the outlined box, below it, inside its top or
     bottom edge, each centred or at either end; else the free place nearest the box's outline; kept
     inside the drawing. Measured once, in the drawing's own units: the words and tokens as boxes,
     the label's box moved by arithmetic (no layout per try: a Pi's TV draws this at every step). */
  function placeDrawn(t, owner, x, y, w, h) {
    const vb = owner.viewBox && owner.viewBox.baseVal;
    const ctm = owner.getScreenCTM();
    if (!vb || !vb.width || !ctm) return;
    const inv = ctm.inverse();
    const obs = obstacles(owner, t).map(function (r) {
      const a = new DOMPoint(r.left, r.top).matrixTransform(inv), c = new DOMPoint(r.right, r.bottom).matrixTransform(inv);
      return [Math.min(a.x, c.x), Math.min(a.y, c.y), Math.max(a.x, c.x), Math.max(a.y, c.y)];
    });
    t.setAttribute("x", "0");
    t.setAttribute("y", "0");
    const bb = t.getBBox(), halo = 2, lw = bb.width + 2 * halo, up = bb.y - halo, down = bb.y + bb.height + halo;
    const cost = function (cx, by) {
      const l = cx - lw / 2, r = cx + lw / 2, tp = by + up, bt = by + down;
      if (l < vb.x || r > vb.x + vb.width || tp < vb.y || bt > vb.y + vb.height) return Infinity;
      let sum = 0;
      for (const o of obs) {
        const dx = Math.min(r, o[2]) - Math.max(l, o[0]), dy = Math.min(bt, o[3]) - Math.max(tp, o[1]);
        if (dx > 1 && dy > 1) sum += dx * dy;
      }
      return sum;
    };
    const clampX = function (cx) { return Math.max(vb.x + lw / 2, Math.min(vb.x + vb.width - lw / 2, cx)); };
    const tries = [];
    [y - 4, y + h - up, y - up + 2, y + h - down - 2].forEach(function (by) {
      [x + w / 2, x + lw / 2, x + w - lw / 2].forEach(function (cx) { tries.push([clampX(cx), by]); });
    });
    let best = tries[0], least = Infinity;
    for (const [cx, by] of tries) {
      const c = cost(cx, by);
      if (c < least) { least = c; best = [cx, by]; }
      if (c === 0) break;
    }
    if (least > 0) {
      // the free places of the whole drawing, nearest the outline first
      const away = function (cx, by) {
        const l = cx - lw / 2, r = cx + lw / 2, tp = by + up, bt = by + down;
        const ox = Math.max(x - r, l - (x + w), 0), oy = Math.max(y - bt, tp - (y + h), 0);
        if (ox || oy) return Math.hypot(ox, oy);
        return Math.min(Math.abs(l - x), Math.abs(r - x - w), Math.abs(tp - y), Math.abs(bt - y - h));
      };
      let near = Infinity;
      for (let by = vb.y - up; by <= vb.y + vb.height - down; by += 6) {
        for (let cx = vb.x + lw / 2; cx <= vb.x + vb.width - lw / 2; cx += 8) {
          const d = away(cx, by);
          if (d < near && cost(cx, by) === 0) { near = d; best = [cx, by]; }
        }
      }
    }
    t.setAttribute("x", String(best[0]));
    t.setAttribute("y", String(best[1]));
  }

  /* A word placed over a drawing (position: absolute in its box): the corner where it covers nothing. */
  function placeOver(tag, area) {
    const rects = obstacles(area, tag);
    const corners = [["left", "bottom"], ["left", "top"], ["right", "top"], ["right", "bottom"]];
    let best = null, least = Infinity;
    for (const c of corners) {
      tag.style.left = tag.style.right = tag.style.top = tag.style.bottom = "";
      if (c[0] === "right") { tag.style.left = "auto"; tag.style.right = "8px"; }
      if (c[1] === "top") { tag.style.bottom = "auto"; tag.style.top = "8px"; }
      const cost = covering(tag, area, rects);
      if (cost === 0) return;
      if (cost < least) { least = cost; best = c; }
    }
    tag.style.left = tag.style.right = tag.style.top = tag.style.bottom = "";
    if (best && best[0] === "right") { tag.style.left = "auto"; tag.style.right = "8px"; }
    if (best && best[1] === "top") { tag.style.bottom = "auto"; tag.style.top = "8px"; }
  }

  /* Work that measures what was just drawn (a pill's word, a label's place, a token clear of
     others), in the order asked: right after the drawing (a microtask) once the page has shown a
     frame, else after its first frame, each in a task of its own. A page's first layout is its
     slowest (fonts, every element new): measuring in the drawing's task would lay it out there, in
     one long task (docs/web.md, "A slow phone's first second"). */
  let framed = false, queued = null;
  TC.measure = function (fn) {
    if (framed) { Promise.resolve().then(fn); return; }
    if (!queued) {
      queued = [];
      const next = function () {
        const fn = queued.shift();
        if (fn) fn();
        if (queued.length) { setTimeout(next, 0); return; }
        queued = null;
        framed = true;
      };
      requestAnimationFrame(function () { setTimeout(next, 0); });
    }
    queued.push(fn);
  };

  /* A pill (a rect behind a drawn word) as wide as its word at the size it is drawn, plus ``pad``
     units each side, centred on it: a word never spills out of its pill, whatever its language or
     the screen's font size. Measured once the drawing is on the page (TC.measure). */
  TC.hug = function (text, rect, pad) {
    rect.setAttribute("data-pill", "");   // a pill: its words stay inside it (the table walk checks)
    TC.measure(function () {
      if (!text.isConnected || !text.getBBox) return;
      const b = text.getBBox();
      if (!b.width) return;
      const width = Math.max(Number(rect.getAttribute("width")) || 0, b.width + 2 * pad);
      rect.setAttribute("x", String(b.x + b.width / 2 - width / 2));
      rect.setAttribute("width", String(width));
    });
  };

  /* Fit a box that must not scroll (a table screen: nobody scrolls a TV): its text shrinks to the
     largest whole size at which it fits, down to ``min`` px (18: read across a table), then the
     lines marked data-fit="drop" (an older event) go, the last first, then those marked "last" (a
     legend), until it fits. */
  TC.fit = function (box, min) {
    // strict: the sizes are whole pixels, and a line a pixel and a half out is cut all the same
    const over = function () { return box.scrollHeight > box.clientHeight || box.scrollWidth > box.clientWidth; };
    if (!over()) return;
    // no HTML text inside goes under min (an em-sized badge shrinks with the box; a text of a fixed
    // size does not)
    const smallest = function () {
      let least = Infinity;
      Array.prototype.forEach.call(box.querySelectorAll("*"), function (e) {
        if (e instanceof SVGElement || !Array.prototype.some.call(e.childNodes, function (n) { return n.nodeType === 3 && n.textContent.trim(); })) return;
        least = Math.min(least, parseFloat(getComputedStyle(e).fontSize));
      });
      return least;
    };
    // The size it keeps: its own less the fewest whole pixels at which it no longer scrolls, going
    // no lower than a step above ``min`` allows and than its smallest text allows: the size the rule
    // gives tried a pixel at a time, found trying fewer (each size tried lays the page out again;
    // docs/web.md, "Read across a table"). Bigger text never takes less room, so each test below
    // turns from yes to no once.
    const start = parseFloat(getComputedStyle(box).fontSize), was = box.style.fontSize;
    const at = function (k) { box.style.fontSize = (start - k) + "px"; };
    let most = Math.max(0, Math.ceil(start - min + 1) - 1);   // the pixels it may lose (start - (k - 1) > min)
    const readable = function (k) { at(k); return smallest() >= min - 0.01; };
    if (most > 0 && !readable(most)) {   // its smallest text sets the floor: the most pixels it still reads at
      let reads = 0, not = most;
      while (not - reads > 1) { const mid = (reads + not) >> 1; if (readable(mid)) reads = mid; else not = mid; }
      most = reads;
    }
    // most boxes that scroll at their own size still do at the smallest (a told step's long line):
    // that one tried first; the sizes between only when it fits there
    let lo = 0, hi = most;               // over at lo; the fewest pixels lost that fit, else ``most``
    if (hi > 1) {
      at(hi);
      if (!over()) while (hi - lo > 1) { const mid = (lo + hi) >> 1; at(mid); if (over()) lo = mid; else hi = mid; }
    }
    if (hi > 0) at(hi); else box.style.fontSize = was;
    ["drop", "last"].forEach(function (rank) {   // first the lines marked "drop", then "last" (a legend)
      const drops = Array.prototype.slice.call(box.querySelectorAll('[data-fit="' + rank + '"]'));
      while (over() && drops.length) {   // the last first; in a list marked data-fit-from="start", the first
        const d = drops.find(function (x) { return x.parentNode && x.parentNode.getAttribute && x.parentNode.getAttribute("data-fit-from") === "start"; }) || drops[drops.length - 1];
        drops.splice(drops.indexOf(d), 1);
        d.remove();
      }
    });
  };

  /* The smallest text drawn inside ``root`` as it stands on the screen, in px: an HTML element's
     own words at their font size, a drawing's at theirs times the drawing's scale. */
  TC.smallestText = function (root) {
    let least = Infinity;
    Array.prototype.forEach.call(root.querySelectorAll("*"), function (e) {
      if (e.closest("[hidden]") || !Array.prototype.some.call(e.childNodes, function (n) { return n.nodeType === 3 && n.textContent.trim(); })) return;
      const r = e.getBoundingClientRect();
      if (!r.width || !r.height) return;
      let size = parseFloat(getComputedStyle(e).fontSize);
      if (e instanceof SVGElement && e.getScreenCTM) {
        const m = e.getScreenCTM();
        if (m) size *= Math.hypot(m.a, m.b);
      }
      least = Math.min(least, size);
    });
    return least;
  };

  /* Whether a box would still overflow once fitted (TC.fit at ``min`` px, its optional lines gone):
     tried on a copy in its place, the box itself untouched. */
  TC.wouldOverflow = function (box, min) {
    if (!box.isConnected) return false;
    const trial = box.cloneNode(true);
    box.replaceWith(trial);
    TC.fit(trial, min);
    const over = trial.scrollHeight > trial.clientHeight;
    trial.replaceWith(box);
    return over;
  };

  /* Every box of a screen region that would scroll: fitted (TC.fit), innermost first. */
  TC.fitAll = function (root, min) {
    const boxes = Array.prototype.slice.call(root.querySelectorAll("*")).filter(function (e) {
      const o = getComputedStyle(e).overflowY;
      return (o === "auto" || o === "scroll" || o === "hidden" || o === "clip") && !(e instanceof SVGElement);
    });
    boxes.reverse().forEach(function (box) { box.style.fontSize = ""; });
    boxes.forEach(function (box) { TC.fit(box, min); });
  };

  /* ------------------------------------------------------------------ the table's story
     (docs/web.md, "The table's story"): payload.story holds the steps the table screen has told
     (the last few), the one it shows ("at") and every one still to tell; each with an id. */

  /* The story of a payload: its steps, the shown one, and the shown chapter's public steps. */
  TC.story = function (payload) {
    const story = (payload && payload.story) || { steps: [], at: -1, waiting: 0, auto: false, hold: false, title: null };
    const cur = story.at >= 0 ? story.steps[story.at] : null;
    const chapter = cur ? story.steps.filter(function (s) { return !s.private && s.chapter === cur.chapter; }) : [];
    return { steps: story.steps, cur: cur, chapter: chapter, waiting: story.waiting || 0, auto: !!story.auto,
             hold: !!story.hold, screen: !!story.screen, title: story.title, shown: story.shown || null,
             // the kinds of play this phone may make now, sealed until the table has told this
             seal: story.seal || [],
             telling: !!cur && (story.waiting > 0 || cur.index < cur.count - 1),
             // a table screen is there telling it: phones wait for it (no screen: nothing to wait for)
             watched: !!cur && !!story.screen && (story.waiting > 0 || cur.index < cur.count - 1) };
  };

  /* The step the table shows, as a game's drawing takes it: its place in its change ("4 of 26"), its
     event, the change's events (all of them, so a board can step back from ``after``), and the
     public state before and after the change (a phone's: with its own part as it is now, from the
     companion). With nothing left to tell, the state of now. */
  TC.stepOf = function (p, side) {
    const st = TC.story(p);
    const events = st.chapter.map(function (s) { return s.event; });
    const index = st.cur ? st.cur.index : 0;
    const shown = st.shown;
    return { index: index, count: st.cur ? st.cur.count : 0, events: events, event: st.cur ? st.cur.event : null,
             shown: events.slice(0, index + 1), done: !st.telling, waiting: st.waiting,
             id: st.cur ? st.cur.id : null, before: shown ? shown.before.view : p.view,
             after: shown ? shown.after.view : p.view, side: side || null };
  };

  /* The payload as of the step the table shows: the state before the shown step's change until its
     last step, after it from there (so no panel shows a result before the step that reveals it). */
  TC.asOf = function (payload) {
    const shown = payload && payload.story && payload.story.shown;
    if (!shown) return payload;
    const snap = shown.index >= shown.count - 1 ? shown.after : shown.before;
    return Object.assign({}, payload, { view: snap.view, awaiting: snap.awaiting, outcome: snap.outcome,
                                        live: payload });
  };

  /* "The table is showing round 3: 4 of 26" while the table screen has steps to tell, else "". */
  TC.storyLine = function (payload) {
    const st = TC.story(payload);
    if (!st.telling) return "";   // (phones show it only while a screen is there: st.watched)
    const what = st.title ? TC.say(st.title) : TC.T("the last plays");
    // counted in the table's steps (a card turned over is told with what it does: one step)
    const index = st.cur.stop !== undefined ? st.cur.stop : st.cur.index;
    const count = st.cur.stops !== undefined ? st.cur.stops : st.cur.count;
    return TC.T("The table is showing {what}: {index} of {count}.", { what: what, index: index + 1, count: count });
  };

  /* A list of events with identities: each event is listed once, however often a payload carries
     it (a reply and the stream, every step of the table, a reconnect), in the order it happened,
     newest on top; a line the table has not told yet waits until it has. */
  /* "Why?" (issue 37.6): the rules of ``rules`` (GET /api/rules/<game>) that ``keys`` name, in
     their order, and the block a phone opens with them: each rule's title, words and section. */
  TC.rulesNamed = function (rules, keys) {
    const all = (rules && rules.rules) || [];
    return (keys || []).map(function (k) { return all.find(function (r) { return r.key === k; }); }).filter(Boolean);
  };
  TC.whyRules = function (named) {
    const more = TC.el("div", { class: "why-rules" });
    named.forEach(function (rule) {
      more.append(TC.el("h3", { text: TC.T("Why: {title}", { title: rule.title }) }), TC.el("p", { text: rule.text }),
                  TC.el("p", { class: "muted", text: TC.T("Rulebook: {section}", { section: rule.section }) }));
    });
    return more;
  };

  TC.EventLog = function (list, keep) {
    // identities are opaque (they must not count the plays); a payload's steps come in the order
    // they happened, and a step first seen is newer than every step seen before it
    const items = new Map();
    const orders = new Map();   // every identity ever seen -> its place (a line dropped from the list keeps it)
    // "Why?" on a told line (issue 37.6: an automatic answer, a beam, a find): ``whyFor(type)`` gives
    // the rules behind that kind of step; a line's rules stay open through every update
    let whyFor = null;
    const open = new Set();
    const line = function (it) {
      return addWhy(TC.el("li", { class: "event event-" + it.type, "data-id": it.id }, TC.el("span", { text: it.text })), it);
    };
    const addWhy = function (li, it) {
      const rules = whyFor ? whyFor(it.type) : [];
      if (!rules.length || li.querySelector(".why-line")) return li;
      const shown = open.has(it.id);
      li.append(" ", TC.el("button", { type: "button", class: "secondary why-line", "aria-expanded": String(shown), text: TC.T("Why?"),
        on: { click: function () { if (open.has(it.id)) open.delete(it.id); else open.add(it.id); li.replaceWith(line(it)); } } }));
      if (shown) li.append(TC.whyRules(rules));
      return li;
    };
    return {
      // the rules came: each line shown gets its "Why?" where it stands (nothing drawn again)
      why: function (provider) {
        whyFor = provider;
        list.querySelectorAll(":scope > li[data-id]").forEach(function (li) {
          const it = items.get(li.getAttribute("data-id"));
          if (it) addWhy(li, it);
        });
      },
      add: function (payload) {
        (TC.story(payload).steps || []).forEach(function (s) {
          if (!orders.has(s.id)) orders.set(s.id, orders.size + 1);
          if (!s.told) return;
          const text = TC.say(s.event.say);
          if (text) items.set(s.id, { id: s.id, order: orders.get(s.id), text: text, type: s.event.type || "" });
        });
        const sorted = Array.from(items.values()).sort(function (a, b) { return b.order - a.order; });
        sorted.slice(keep).forEach(function (it) { items.delete(it.id); });
        TC.clear(list);
        sorted.slice(0, keep).forEach(function (it) { list.append(line(it)); });
      },
    };
  };

  TC.outcomeText = function (payload) {
    const o = payload.outcome;
    if (!o) return "";
    const winners = (o.winners || []).map(function (s) { return TC.seatName(payload, s); });
    const head = winners.length ? TC.TN(winners.length, "Winner: {names}.", "Winners: {names}.", { names: winners.join(", ") }) : TC.T("A draw.");
    return head + " " + TC.say(o.say || o.reason);
  };
})();
