//# allFunctionsCalledOnLoad
/* The host page: start a table, manage its seats, undo, end, next game; the virtual hardware panel. */
"use strict";
(function () {
  const TC = window.TC, T = TC.T, el = TC.el;
  const $ = TC.$;
  let games = [], current = null, feed = null, latest = null, hardwareTimer = null;

  function refuse(r) { TC.showRefusal(r.ok ? "" : (r.data.error || T("Refused"))); return r.ok; }

  /* ---------------------------------------------------------------- a new table */
  async function loadGames() {
    const r = await TC.api("GET", "/api/games");
    if (!refuse(r)) return;
    games = r.data.games || [];
    const select = TC.clear($("game"));
    games.forEach(function (g) { select.append(el("option", { value: g.id, text: g.title_text || g.title })); });
    showOptions();
    restoreForm();
  }

  /* The start form is kept through a reload and a language switch (the page comes again in the
     other language): its game, players, seed, every option, and the table screen's language if the
     host chose one, in this tab's own storage (sessionStorage), until a table is started from it. */
  const kept = TC.tabKept("tc-host-start");
  function keepForm() {
    const form = { game: $("game").value, players: $("players").value, seed: $("seed").value,
                   lang: $("table-lang").dataset.chosen ? $("table-lang").value : null, options: {} };
    $("start-form").querySelectorAll("[data-option]").forEach(function (i) {
      form.options[i.dataset.option] = i.type === "checkbox" ? i.checked : i.value;
    });
    kept.save(form);
  }
  function restoreForm() {
    const form = kept.load();
    if (!form || !games.some(function (g) { return g.id === form.game; })) return;
    if ($("game").value !== form.game) { $("game").value = form.game; showOptions(); }
    $("players").value = form.players;
    $("seed").value = form.seed || "";
    if (form.lang) { $("table-lang").value = form.lang; $("table-lang").dataset.chosen = "1"; }
    $("start-form").querySelectorAll("[data-option]").forEach(function (i) {
      const value = (form.options || {})[i.dataset.option];
      if (value === undefined) return;
      if (i.type === "checkbox") i.checked = !!value; else i.value = value;
    });
    drawPlan();
  }

  /* One option in words: its label, its default marked (in words too), its one-line help. */
  function optionInput(opt, prefix) {
    const id = prefix + opt.name;
    const wrap = el("div", { class: "option" + (opt.line ? " option-line" : ""), "data-name": opt.name });
    const words = function (choice) { return (opt.choice_texts && opt.choice_texts[choice]) || String(choice); };
    let input;
    if (opt.type === "bool") input = el("input", { id: id, type: "checkbox", "data-option": opt.name, checked: !!opt.default });
    else if (opt.type === "int") input = el("input", { id: id, type: "number", "data-option": opt.name, value: opt.default, min: opt.minimum, max: opt.maximum });
    else if (opt.type === "choice") {
      input = el("select", { id: id, "data-option": opt.name });
      (opt.choices || []).forEach(function (c) {
        input.append(el("option", { value: c, selected: c === opt.default, text: words(c) + (c === opt.default ? " (" + T("default") + ")" : "") }));
      });
    } else {
      // a default that is a word of the code ("auto") is said in words: the field starts empty with
      // those words as its placeholder, and left empty it is not sent (the game's default applies)
      const said = typeof opt.default === "string" && opt.choice_texts && opt.choice_texts[opt.default];
      input = el("input", { id: id, type: "text", "data-option": opt.name, value: said ? "" : opt.default, placeholder: said || null });
      if (said) input.dataset.emptyIsDefault = "true";
    }
    input.dataset.kind = opt.type;
    if (opt.line && opt.type === "bool") {   // one checkbox line: its help is its title
      wrap.append(el("label", { for: id, title: opt.help_text || opt.help || "" }, input,
                     el("span", { class: "option-label", text: opt.label_text || opt.label || opt.name })));
      return wrap;
    }
    const defaultText = opt.type === "bool" ? (opt.default ? T("on") : T("off"))
      : opt.default === "" || opt.default === null ? T("none") : words(opt.default);
    wrap.append(el("label", { for: id }, opt.type === "bool" ? input : null,
                   el("span", { class: "option-label", text: opt.label_text || opt.label || opt.name }),
                   el("span", { class: "default-mark", text: T("default") + ": " + defaultText })));
    if (opt.type !== "bool") wrap.append(input);
    wrap.append(el("p", { class: "help", text: opt.help_text || opt.help || "" }));
    return wrap;
  }

  function showOptions() {
    const game = games.find(function (g) { return g.id === $("game").value; });
    const box = $("options"), expert = TC.clear($("advanced-options"));
    Array.from(box.querySelectorAll(".option")).forEach(function (n) { n.remove(); });
    if (!game) return;
    const players = $("players");
    players.min = game.min_players; players.max = game.max_players;
    if (+players.value < game.min_players || +players.value > game.max_players) players.value = game.min_players;
    (game.options || []).concat(game.table_options || []).forEach(function (opt) {
      (opt.advanced ? expert : box).append(optionInput(opt, "opt-"));   // expert settings behind "Advanced"
    });
    const part = (window.GameHost || {})[game.id];  // a game's own host part (a board picker): games/<id>-host.js
    if (part && part.options) part.options(box, game);
    drawPlan();   // the seats' roles are the game's
  }

  /* The form's options, as the game takes them: an option left empty whose default is a word is not sent. */
  function formOptions() {
    const options = {};
    $("start-form").querySelectorAll("[data-option]").forEach(function (input) {
      const kind = input.dataset.kind;
      if (input.dataset.emptyIsDefault && !input.value.trim()) return;
      options[input.dataset.option] = kind === "bool" ? input.checked : kind === "int" ? parseInt(input.value, 10) : input.value;
    });
    return options;
  }

  async function startTable(ev) {
    ev.preventDefault();
    const options = formOptions(), from = peopleFrom();
    let r;
    if (from) {   // the people of that table move to the new one by themselves, names kept
      if (!(await movesOn(!from.ended && !from.finished, $("start").textContent))) return;
      r = await TC.api("POST", "/api/tables/" + encodeURIComponent(from.table) + "/next-game",
                       { game: $("game").value, options: options, seats: plan.slice() });
    } else {
      const body = { game: $("game").value, players: parseInt($("players").value, 10), options: options,
                     lang: $("table-lang").value };
      if ($("seed").value !== "") body.seed = parseInt($("seed").value, 10);
      r = await TC.api("POST", "/api/tables", body);
    }
    if (!refuse(r)) return;
    kept.save(null);   // started: the next form is a new one
    manage(r.data.table, r.data);
    loadTables();
  }

  /* A game still being played ends when its people move on to the next one: asked first, as "End
     this table" does. Resolves true to go on. */
  function movesOn(running, what) {
    return running ? TC.confirm(what + "?", T("The game being played now ends (its plays are kept); everyone moves to the new table.")) : Promise.resolve(true);
  }
  function playing() { return !!latest && !latest.outcome && !latest.ended; }

  /* ---------------------------------------------------------------- who plays
     The people seated at one of tonight's tables (the newest first) can take the new game's seats
     at once, names kept: the host ticks who plays, picks each one's seat (the game's roles named:
     seat_roles of GET /api/games, Jaws' shark) and says how many seats stay free for someone new;
     the form then asks that table for its next game. "New people" makes a table everyone joins.
     ``plan``: one entry per seat of the new game, in its order: a seat of the people's table (its
     person moves there, name and token kept) or null (free). Drawn again only when the people or
     the game change, so a choice being made is never undone by an update. */
  let tonight = [], plan = [], planFrom = null, planDrawn = "";
  function showPeople(tables) {
    tonight = tables.filter(function (t) { return !t.next_table && (t.seats || []).some(function (s) { return s.taken && !s.bot; }); });
    const select = $("start-people");
    const chosen = select.value || ($("next-other").open && latest ? latest.table : "");   // planning this table's next game
    TC.clear(select).append(el("option", { value: "", text: T("New people: each joins with the QR code") }));
    tonight.forEach(function (t) {
      const names = (t.seats || []).filter(function (s) { return s.taken; }).map(function (s) { return s.name; }).join(", ");
      select.append(el("option", { value: t.table, selected: t.table === chosen,
        text: T("The people at {title}: {names}", { title: t.title_text || t.title || t.game, names: names }) }));
    });
    $("start-people-line").hidden = tonight.length === 0;
    drawPlan();
  }
  function peopleFrom() {
    const id = $("start-people").value;
    return tonight.find(function (t) { return t.table === id; }) || null;
  }
  function seatedAt(from) { return (from.seats || []).filter(function (s) { return s.taken; }); }
  function chosenGame() { return games.find(function (g) { return g.id === $("game").value; }); }

  function seatWords(game, count, i) {
    const roles = game && game.seat_roles && game.seat_roles[String(count)];
    return T("Seat {number}", { number: i + 1 }) + (roles && roles[i] ? " · " + roles[i] : "");
  }

  /* the free seats as many as asked: added at the end, taken from the end */
  function fitFree() {
    const want = Math.max(0, parseInt($("start-free").value, 10) || 0);
    let have = plan.filter(function (x) { return x === null; }).length;
    for (; have < want; have++) plan.push(null);
    for (let i = plan.length - 1; i >= 0 && have > want; i--) if (plan[i] === null) { plan.splice(i, 1); have--; }
  }

  function drawPlan(force) {
    const from = peopleFrom();
    $("start-plan").hidden = !from;
    // a new table of the same people keeps its table's language (the table panel changes it) and
    // has no seed; the player count is the plan's
    $("players-line").hidden = $("table-lang-line").hidden = $("seed-line").hidden = !!from;
    if (!from) { planFrom = null; return; }
    const people = seatedAt(from), game = chosenGame();
    const drawn = JSON.stringify([from.table, people.map(function (s) { return [s.seat, s.name, !!s.bot]; }), game && game.id]);
    if (drawn === planDrawn && !force) return;
    planDrawn = drawn;
    if (planFrom !== from.table) {
      planFrom = from.table;
      plan = people.map(function (s) { return s.seat; });
      $("start-free").value = "0";
    }
    const here = people.map(function (s) { return s.seat; });
    plan = plan.filter(function (x) { return x === null || here.indexOf(x) >= 0; });   // a seat freed meanwhile
    fitFree();
    const count = plan.length, list = TC.clear($("start-plan-people"));
    people.forEach(function (s) {
      const at = plan.indexOf(s.seat), id = "plays-" + s.seat;
      const name = s.name + (s.bot ? " (" + T("bot") + ")" : "");
      const tick = el("input", { id: id, type: "checkbox", checked: at >= 0, on: { change: function () {
        if (tick.checked) {   // before the free seats
          const free = plan.indexOf(null);
          plan.splice(free < 0 ? plan.length : free, 0, s.seat);
        } else plan.splice(plan.indexOf(s.seat), 1);
        drawPlan(true);
      } } });
      let choose = null;
      if (at >= 0) {
        choose = el("select", { "aria-label": name, "data-seat": s.seat, on: { change: function () {
          const to = +choose.value, was = plan.indexOf(s.seat);   // swapped with whoever sat there
          plan[was] = plan[to];
          plan[to] = s.seat;
          drawPlan(true);
        } } });
        for (let i = 0; i < count; i++) choose.append(el("option", { value: String(i), selected: i === at, text: seatWords(game, count, i) }));
      }
      list.append(el("li", { "data-seat": s.seat }, el("label", { for: id }, tick, " " + name), choose));
    });
    if (!game) return;
    $("start-free").max = String(game.max_players);
    const fits = count >= game.min_players && count <= game.max_players;
    const range = game.min_players === game.max_players
      ? T("{title} is for exactly {low} players.", { title: game.title_text || game.title, low: game.min_players })
      : T("{title} is for {low} to {high} players.", { title: game.title_text || game.title, low: game.min_players, high: game.max_players });
    $("start-count").textContent = (fits ? "" : "⚠ ") + T("Players") + ": " + count + ". " + range;
    $("start-count").classList.toggle("warning", !fits);
  }
  $("start-people").addEventListener("change", function () { drawPlan(); });
  $("start-free").addEventListener("input", function () { drawPlan(true); });

  /* The one start form, moved under a table's "Next game: another game or other seats" while that
     is open (the host plans the next game where they are, with every option and the game's own
     parts), the table's people and game chosen; closed, it goes home to its card. */
  function formHere(open) {
    $(open ? "next-form-home" : "new-table").append($("start-form"));
    $("start-form-away").hidden = !open;
    $("start").textContent = open ? T("Start the next game") : T("Start");
    if (!open || !latest) return;
    if (tonight.some(function (t) { return t.table === latest.table; })) $("start-people").value = latest.table;
    if ($("game").value !== latest.game) { $("game").value = latest.game; showOptions(); }
    drawPlan(true);
  }
  $("next-other").addEventListener("toggle", function () { formHere($("next-other").open); });

  /* ---------------------------------------------------------------- the tables */
  async function loadTables() {
    const r = await TC.api("GET", "/api/tables");
    if (!r.ok) return;
    TC.showFault(r.data.fault);
    showPeople((r.data.tables || []).slice().reverse());
    const running = TC.clear($("tables")), ended = TC.clear($("tables-ended"));
    const all = (r.data.tables || []).slice().reverse();   // the newest first
    all.forEach(function (t) {
      const who = (t.seats || []).map(function (s) { return s.taken ? s.name : "—"; }).join(", ");
      const state = t.ended ? T("ended") : t.finished ? T("game over") : T("playing");
      // what tells two tables of one game apart: their options in words, and when each started
      const apart = (t.variant || []).map(TC.say).concat(t.created ? [T("started {when}", { when: when(t.created) })] : []);
      (t.ended ? ended : running).append(el("li", null, el("button", { type: "button", class: "big secondary table-line", "data-table": t.table,
        on: { click: function () { manage(t.table, t); } } },
        el("span", { class: "table-name", text: (t.title_text || t.title || t.game) + " · " + state + " · " + who }),
        apart.length ? el("span", { class: "table-state", text: apart.join(" · ") }) : null)));
    });
    $("no-tables").hidden = running.children.length > 0;
    $("ended-tables").hidden = ended.children.length === 0;
  }

  function manage(table, info) {
    current = table;
    if ($("next-other").open) $("next-other").open = false;   // the start form goes home to its card
    latest = null;   // until this table's first payload: nothing is planned on another table's seats
    $("manage").hidden = false;
    const known = games.find(function (g) { return g.id === info.game; });   // its title in the host's words
    $("manage-title").textContent = (info.title_text || (known && known.title_text) || info.title || info.game || "") + " · " + table;
    $("screen-link").href = "/table/" + encodeURIComponent(table);
    $("join-link").href = "/play/" + encodeURIComponent(table);
    $("join-qr").src = "/qr/join/" + encodeURIComponent(table) + ".svg";
    $("join-url").textContent = info.join_url || "";
    if (feed) feed.stop();
    const base = TC.tableApi(table);
    feed = TC.live(base + "/stream?view=public", base, showTable, null, null);
    loadNarration(table);
    loadPace(table);
  }

  async function showTable(p) {
    if (p.table !== current) return;
    latest = p;
    TC.showFault(p.fault);
    let status = p.outcome ? TC.outcomeText(p) : p.ended ? T("The table has ended.") :
      T("Waiting for {names}.", { names: TC.waitingFor(p) });
    if (!p.outcome && !p.ended && (p.seats || []).some(function (s) { return !s.taken; }))
      status += " " + T("Free seats wait for a player to scan the code, or for you to seat a bot.");
    if (p.next_table) status += " → " + p.next_table;
    const setup = p.setup && !p.ended ? p.setup : null;   // setting up: the host may open the game now
    if (setup) status = T("Setting up") + " · " + T("step {index} of {count}", { index: setup.step + 1, count: setup.steps.length })
      + ". " + T("Ready: {names}", { names: (setup.ready || []).map(function (s) { return TC.seatName(p, s); }).join(", ") || "—" });
    $("skip-setup").hidden = !setup;
    $("manage-status").textContent = status;
    if (p.lang && document.activeElement !== $("manage-lang")) $("manage-lang").value = p.lang;
    const seats = TC.clear($("seats"));
    (p.seats || []).forEach(function (s) {
      const presence = TC.presence(s);  // a taken seat: "● connected" or "⚠ away" (text and shape)
      seats.append(el("li", { "data-seat": s.seat },
        el("span", { class: "seat-name", text: T("Seat {number}", { number: s.seat + 1 }) + ": " + (s.taken ? s.name : "—") }),
        presence ? TC.presenceBadge(s) : el("span", { class: "badge", text: s.bot ? T("bot") : T("free") }),
        presence && presence.away && !p.ended
          ? el("span", { class: "hint", text: T("If their phone is gone for good, free the seat so they can sit again.") }) : null,
        s.taken ? el("button", { type: "button", text: T("Free this seat"), on: { click: function () { freeSeat(s); } } }) : null,
        !s.taken && !p.ended ? el("button", { type: "button", text: T("Seat a bot"), on: { click: function () { seatBot(s); } } }) : null));
    });
    $("undo").disabled = $("end").disabled = !!p.ended;
    // the plan of a next game for these people follows who sits here now
    const row = tonight.find(function (t) { return t.table === p.table; });
    if (row) { row.seats = p.seats; drawPlan(); }
    const chance = TC.clear($("chance"));
    chance.hidden = true;
    const part = (window.GameHost || {})[p.game];  // a game's own panel for what the table enters (games/<id>-host.js)
    if (part && part.table && (p.awaiting || []).indexOf(-1) >= 0 && !p.ended && part.table(chance, p, current)) return;
    // the table enters: what chance showed (physical), or what the real game shows (a reading)
    if ((p.awaiting || []).length && (p.chance === "physical" || p.reading) && !p.ended) {
      const r = await TC.api("GET", "/api/tables/" + encodeURIComponent(current) + "/view?as=table");
      if (r.ok && (r.data.legal_actions || []).length) {
        chance.hidden = false;
        chance.append(el("h3", { text: T("Chance") + ": " + T("What did the table show?") }));
        r.data.legal_actions.forEach(function (a) {
          const label = a.label ? TC.say(a.label) : a.notation || a.type;
          chance.append(el("button", { type: "button", class: "big", text: label, on: { click: function () { enterChance(a, label); } } }));
        });
      }
      // a seat that cannot enter the real cards itself (the computer, a seat with no phone): the
      // host enters them for it, asked in words ("Enter the conveyor card Computer 2 turned over.")
      ((r.ok && r.data.requests) || []).forEach(function (req) {
        chance.hidden = false;
        const box = el("div", { class: "stack request", "data-request-seat": req.seat }, el("h3", { text: TC.say(req.say) }));
        const labelOf = function (a) { return a.label ? TC.say(a.label) : a.notation || a.type; };
        if (req.legal_actions.length <= 12) {
          req.legal_actions.forEach(function (a) {
            box.append(el("button", { type: "button", class: "big", "data-notation": a.notation || "", text: labelOf(a),
              on: { click: function () { enterFor(req.seat, a, labelOf(a)); } } }));
          });
        } else {   // a long list (every pair of a deck): one choice, then Enter
          const select = el("select", { "aria-label": TC.say(req.say) });
          req.legal_actions.forEach(function (a, i) { select.append(el("option", { value: String(i), text: labelOf(a) })); });
          box.append(select, el("button", { type: "button", class: "big", text: T("Enter"), on: { click: function () {
            const a = req.legal_actions[+select.value];
            enterFor(req.seat, a, labelOf(a));
          } } }));
        }
        chance.append(box);
      });
    }
  }

  async function hostPost(path, method) {
    const r = await TC.api(method || "POST", "/api/tables/" + encodeURIComponent(current) + path, {});
    refuse(r);
    return r;
  }

  async function freeSeat(s) {
    if (await TC.confirm(T("Free this seat") + ": " + s.name + "?", T("Their phone loses the seat."))) hostPost("/seats/" + s.seat, "DELETE");
  }
  async function seatBot(s) { hostPost("/seats/" + s.seat + "/bot"); }
  async function enterFor(seat, a, label) {
    if (!(await TC.confirm(label + "?", ""))) return;
    refuse(await TC.api("POST", "/api/tables/" + encodeURIComponent(current) + "/seats/" + seat + "/actions", { action: TC.wire(a) }));
  }
  async function enterChance(a, label) {
    if (!(await TC.confirm(label + "?", ""))) return;
    const r = await TC.api("POST", "/api/tables/" + encodeURIComponent(current) + "/actions?as=table", { action: TC.wire(a) });
    refuse(r);
  }

  $("undo").addEventListener("click", async function () {
    if (await TC.confirm(T("Undo last move") + "?", T("Everyone sees that it was undone."))) hostPost("/undo");
  });
  $("advance").addEventListener("click", function () { hostPost("/next"); });
  $("skip-setup").addEventListener("click", async function () {
    refuse(await TC.api("POST", "/api/tables/" + encodeURIComponent(current) + "/setup", { skip: true }));
  });
  /* Narration (docs/narration.md): where the table hears its story, how loud, how fast. Each field
     the host changes is sent alone (the others stay as the table has them), and a setting that
     arrives after the host began changing a field leaves that field as the host set it. */
  const NARRATION = { "narration-output": "output", "narration-volume": "volume", "narration-speed": "speed" };
  let narrationEdits = {};   // field id -> the host changed it since the table was opened
  async function loadNarration(table) {
    narrationEdits = {};
    const r = await TC.api("GET", "/api/tables/" + encodeURIComponent(table) + "/narration");
    if (!r.ok || table !== current) return;
    Array.from($("narration-output").options).forEach(function (o) { o.hidden = o.disabled = (r.data.outputs || []).indexOf(o.value) < 0; });
    Object.keys(NARRATION).forEach(function (id) { if (!narrationEdits[id]) $(id).value = r.data[NARRATION[id]]; });
  }
  Object.keys(NARRATION).forEach(function (id) {
    $(id).addEventListener("input", function () { narrationEdits[id] = true; });
    $(id).addEventListener("change", async function () {
      narrationEdits[id] = true;
      const value = $(id).value, body = {};
      body[NARRATION[id]] = id === "narration-output" ? value : Number(value);
      refuse(await TC.api("POST", "/api/tables/" + encodeURIComponent(current) + "/narration", body));
    });
  });
  /* The telling's pace (docs/accessibility.md "Timing"): how long Auto keeps each told stop up, for
     players who read slowly; a setting that arrives after the host changed it leaves the host's choice. */
  let paceEdited = false;
  async function loadPace(table) {
    paceEdited = false;
    const r = await TC.api("GET", "/api/tables/" + encodeURIComponent(table) + "/pace");
    if (r.ok && table === current && !paceEdited) $("telling-pace").value = r.data.pace;
  }
  $("telling-pace").addEventListener("change", async function () {
    paceEdited = true;
    refuse(await TC.api("POST", "/api/tables/" + encodeURIComponent(current) + "/pace", { pace: $("telling-pace").value }));
  });
  $("manage-lang").addEventListener("change", async function () {
    const r = await TC.api("POST", "/api/tables/" + encodeURIComponent(current) + "/language", { lang: $("manage-lang").value });
    refuse(r);
  });
  $("end").addEventListener("click", async function () {
    if (await TC.confirm(T("End this table") + "?", T("Is everyone sure?"))) { await hostPost("/end"); loadTables(); }
  });
  $("next-game").addEventListener("click", async function () {
    if (!(await movesOn(playing(), T("Next game with the same seats")))) return;
    const r = await hostPost("/next-game");
    if (r.ok) { manage(r.data.table, r.data); loadTables(); }
  });

  /* ---------------------------------------------------------------- the host devices */
  function when(seconds) {
    return new Date(seconds * 1000).toLocaleString(TC.lang, { weekday: "short", hour: "2-digit", minute: "2-digit" });
  }

  function showDevices(devices) {
    const list = TC.clear($("host-devices"));
    devices.forEach(function (d) {
      list.append(el("li", { "data-device": d.id },
        el("span", { class: "device-label", text: d.label + (d.this ? " · " + T("this device") : "") }),
        el("span", { class: "muted", text: T("paired {when}, last seen {seen}", { when: when(d.created), seen: when(d.seen) }) }),
        el("button", { type: "button", class: "danger", text: T("Remove"), on: { click: function () { revokeDevice(d); } } })));
    });
  }

  async function loadDevices() {
    const r = await TC.api("GET", "/api/host/devices");
    if (r.ok) showDevices(r.data.devices || []);
  }

  async function revokeDevice(d) {
    const warning = d.this ? T("This device stops being the host; to host again, pair it or give the key.")
      : T("Its next host request is refused; it can pair again by the button or the key.");
    if (!(await TC.confirm(T("Remove this host device") + ": " + d.label + "?", warning))) return;
    const r = await TC.api("DELETE", "/api/host/devices/" + encodeURIComponent(d.id));
    if (!refuse(r)) return;
    if (d.this) { window.location.replace("/host"); return; }
    showDevices(r.data.devices || []);
  }

  /* ---------------------------------------------------------------- the virtual hardware panel */
  const FAULTS = { sensor: ["none", "stuck-lit", "stuck-dark"], laser: ["none", "dead"] };
  /* Every word of the panel in the host's language: device kinds, faults, directions (the API's
     names stay the keys); a label the owner wrote in the config is shown as written. */
  const KIND_WORD = { laser: window.TC.N("laser"), button: window.TC.N("button"), led: window.TC.N("led"), sensor: window.TC.N("sensor") };
  const FAULT_WORD = { none: window.TC.N("none"), "stuck-lit": window.TC.N("stuck lit"), "stuck-dark": window.TC.N("stuck dark"), dead: window.TC.N("dead") };
  const DIRECTION_WORD = { N: window.TC.N("north"), E: window.TC.N("east"), S: window.TC.N("south"), W: window.TC.N("west") };
  function deviceLabel(d) { return d.label_say ? TC.say(d.label_say) : (d.label || d.name); }
  function watches(d) {
    const parts = String(d.watches).split(":");
    return T("watches {square} {direction}", { square: parts[0], direction: T(DIRECTION_WORD[parts[1]] || parts[1]) });
  }
  const STATE_WORD = { on: window.TC.N("On"), off: window.TC.N("Off"), blinking: window.TC.N("Blinking"), lit: window.TC.N("Lit"), dark: window.TC.N("Dark"), pressed: window.TC.N("Pressed"), released: window.TC.N("Released") };

  /* The last beam check in words: its verdict, or that the next move overtook it (superseded:
     the table was not told, whatever it found), then its sentence. */
  function showBeamCheck(check) {
    const line = $("beam-check");
    line.dataset.result = check ? check.result : "";
    line.dataset.superseded = check && check.superseded ? "true" : "false";
    if (!check) { line.textContent = ""; return; }
    const verdict = check.result === "agree" ? T("agrees") : check.result === "mismatch" ? T("does not agree") :
      check.result === "fault" ? T("hardware fault") : String(check.result);
    const head = check.superseded ?
      T("superseded by the next move or an undo, not told to the table (it found: {verdict})", { verdict: verdict }) : verdict;
    line.textContent = T("Last beam check") + ": " + head + (check.message ? " · " + TC.say(check.message) : "");
  }

  /* The status display (luma's dummy device off a Pi): its frame as a picture, and what it says. */
  let displayFrames = -1;
  function showDisplay(d) {
    const box = $("display");
    box.hidden = !d;
    if (!d) return;
    if (d.problem) { $("display-caption").textContent = TC.say(d.problem); return; }
    const says = (d.lines || []).join(" ");
    $("display-caption").textContent = T("Status display") + " (" + d.driver.toUpperCase() + ", " + d.address + "): " + says;
    $("display-frame").alt = says;
    if (d.frames !== displayFrames) { displayFrames = d.frames; $("display-frame").src = "/api/hardware/display.png?frame=" + d.frames; }
  }

  async function loadHardware() {
    const r = await TC.api("GET", "/api/hardware");
    if (!r.ok || !r.data.mock) {
      $("hardware").hidden = true;
      if (r.ok) clearInterval(hardwareTimer);  // real pins or none: nothing to simulate here
      return;
    }
    $("hardware").hidden = false;
    showBeamCheck(r.data.last_beam_check);
    showDisplay(r.data.display);
    const box = $("devices");
    const focused = document.activeElement;
    if (focused && focused.tagName === "SELECT" && box.contains(focused)) return;  // the host is choosing a fault
    TC.clear(box);
    (r.data.devices || []).forEach(function (d) {
      const card = el("div", { class: "device device-" + d.kind, "data-device": d.name },
        el("div", null, el("span", { class: "lamp " + d.state, "aria-hidden": "true" }),
          el("span", { class: "state", "data-state": d.state, text: deviceLabel(d) + ": " + T(STATE_WORD[d.state] || d.state) })),
        el("div", { class: "muted", text: T(KIND_WORD[d.kind] || d.kind) + (d.pin !== undefined && d.pin !== null ? " · GPIO " + d.pin : "") + (d.watches ? " · " + watches(d) : "") +
          (d.fault ? " · " + T("Fault") + ": " + T(FAULT_WORD[d.fault] || d.fault) : "") }));
      if (d.kind === "button") {
        card.append(el("button", { type: "button", class: "big", text: T("Press"), on: { click: async function () {
          refuse(await TC.api("POST", "/api/hardware/press/" + encodeURIComponent(d.name)));
          loadHardware();
        } } }));
        const host = r.data.host_button;
        if (host && host.name === d.name) {  // the long press that makes a waiting phone the host
          card.append(el("button", { type: "button", text: T("Hold {seconds} s", { seconds: host.hold_s }), on: { click: async function () {
            refuse(await TC.api("POST", "/api/hardware/press/" + encodeURIComponent(d.name), { held_s: host.hold_s + 0.5 }));
            loadHardware();
          } } }));
        }
      }
      if (FAULTS[d.kind]) {
        const select = el("select", { "aria-label": T("Fault") });
        FAULTS[d.kind].forEach(function (f) { select.append(el("option", { value: f, selected: (d.fault || "none") === f, text: T(FAULT_WORD[f]) })); });
        card.append(el("div", { class: "row" }, select, el("button", { type: "button", text: T("Inject"), on: { click: async function () {
          refuse(await TC.api("POST", "/api/hardware/faults", { device: d.name, fault: select.value === "none" ? null : select.value }));
          loadHardware();
        } } })));
      }
      box.append(card);
    });
  }

  $("game").addEventListener("change", showOptions);
  $("start-form").addEventListener("submit", startTable);
  $("start-form").addEventListener("input", keepForm);
  $("start-form").addEventListener("change", keepForm);
  $("table-lang").addEventListener("change", function () { $("table-lang").dataset.chosen = "1"; });
  loadGames();
  loadTables();
  loadDevices();
  loadHardware();
  hardwareTimer = setInterval(loadHardware, 1000);
  setInterval(loadTables, 5000);
  setInterval(loadDevices, 15000);
})();
