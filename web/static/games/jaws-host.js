//# allFunctionsCalledOnLoad
/* Jaws on the host page: the box profiles, the profile a table starts on, and what the table enters.

   No public source prints the Orca's boat tiles, the 16 resurface cards, the 22 gear cards, the wound
   tracks, the red dice's faces or the carry-over beside the swimmer track: the table enters them,
   once, and the companion keeps them per box (a "box profile", docs/jaws.md). This part of the host
   page (its own section, its own script):

   - the "Jaws box profiles" section: list, open, name, correct (the profile as JSON, checked by the
     companion as you type: each problem one sentence naming the field), save, rename, export to a
     file, import a file, delete; and what the profile holds, part by part;
   - in it, "Printed card titles": for a Dutch or German box, a field per event and ability card
     where the table types the title its card prints (the catalogues' titles are our own wording,
     marked "?" on the pages until then), and the letter its board prints for the east beach (E, the
     default, or O); both are written into the profile's JSON ("titles", "east") and saved with it;
   - on the start form, the "box" option (its JSON under "Advanced") gets a plain face among the
     plain options: a list of the saved profiles (or a new one, named here: what the table enters is
     kept in it); "digital" red dice are offered only when the picked profile holds the dice faces,
     a "digital" resurface deck only when it holds all 16 cards (the companion turns a card only
     when it knows its printed numbers: the engine refuses such a start), otherwise the choice is
     disabled with the reason beside it and the option goes back to physical;
   - while a managed table awaits a reading (a resurface card turned, a boat tile's numbers, the hits
     of the real dice...), the form to enter it, with the cards the box is known to hold as one tap.

   Registered as GameHost["jaws"]; the Orca is drawn by window.JawsOrca (jaws-orca.js). */
"use strict";
(function () {
  const TC = window.TC, T = TC.T, el = TC.el, O = window.JawsOrca;
  const GAME = "jaws", API = "/api/games/" + GAME + "/profiles";
  const TITLED = { nl: "Nederlands", de: "Deutsch" };   // each language in its own words
  let picker = null, editing = null, checkTimer = null, cards = [];

  function path(name) { return API + "/" + encodeURIComponent(name); }

  async function list() {
    const r = await TC.api("GET", API);
    const profiles = r.ok ? r.data.profiles || [] : [];
    const select = TC.$("jp-open-which");
    if (select) {
      const keep = select.value;
      TC.clear(select);
      profiles.forEach(function (p) { select.append(el("option", { value: p.name, selected: p.name === keep, text: p.name })); });
    }
    refreshPicker(profiles);
    return profiles;
  }

  function statusText(s) {
    if (!s) return "";
    return [
      T("boat tiles {count} of {total}", { count: s.tiles, total: s.tiles_of }),
      T("resurface cards {count} of {total}", { count: s.resurface, total: s.resurface_of }),
      T("own gear {count} of {total}", { count: s.own_gear, total: s.own_gear_of }),
      T("crew gear {count} of {total}", { count: s.crew_gear, total: s.crew_gear_of }),
      T("wound tracks {count} of {total}", { count: s.wounds, total: s.wounds_of }),
      s.dice ? T("dice faces: entered") : T("dice faces: not yet"),
      T("carry-over rows: {rows}", { rows: (s.carry || []).join(", ") || "—" }),
    ].concat(Object.keys(s.titles || {}).map(function (lang) {
      const east = (s.east || {})[lang] || { letter: "E", "default": true };
      return T("{language}: printed titles {count} of {total}, east beach {letter}", { language: TITLED[lang] || lang,
        count: s.titles[lang], total: s.titles_of, letter: east["default"] ? T("{letter} (the default)", { letter: east.letter }) : east.letter });
    })).join(" · ");
  }

  function hints(s) {
    const out = [];
    if (s && s.digital_deck) out.push(T("All 16 resurface cards are known: the companion can shuffle and turn them (resurface cards: digital)."));
    if (s && s.digital_dice) out.push(T("The dice faces are known: the companion can roll (red dice: digital)."));
    return out.join(" ");
  }

  /* ---------------------------------------------------------------- the editor */

  function summary(profile) {
    const box = el("div", { class: "jp-summary" });
    const tiles = el("table", { class: "jp-table" }, el("tr", null, el("th", { text: T("Boat tile") }), el("th", { text: T("hits to damage") }),
      el("th", { text: T("hits to destroy") }), el("th", { text: T("damaged side: hits to destroy") })));
    Object.keys(profile.tiles || {}).forEach(function (z) {
      const t = profile.tiles[z];
      tiles.append(el("tr", null, el("td", { text: z }), el("td", { text: String(t.damage) }), el("td", { text: String(t.destroy) }), el("td", { text: String(t.damaged) })));
    });
    box.append(el("h3", { class: "small", text: T("Boat tiles") }), tiles);
    const cards = el("ol", { class: "jp-list" });
    (profile.resurface || []).forEach(function (c) {
      cards.append(el("li", { text: TC.TN(c.dice, "Zone {zone}, evade {evade}, {count} die", "Zone {zone}, evade {evade}, {count} dice", { zone: c.zone, evade: c.evade }) +
        (c.shake_off ? " · " + T("shake-off") : "") }));
    });
    box.append(el("h3", { class: "small", text: T("Resurface cards") }), cards);
    const gear = el("ol", { class: "jp-list" });
    (profile.gear || []).forEach(function (g) {
      gear.append(el("li", { text: (g.owner === "crew" ? T("crew") : T(O.ROLE[g.owner].name)) + ": " + O.gearWords(g) + (g.text ? " — " + g.text : "") }));
    });
    box.append(el("h3", { class: "small", text: T("Gear cards") }), gear);
    const w = profile.wounds || {};
    box.append(el("p", { text: T("Wound tracks") + ": " + ["brody", "hooper", "quint", "shark"].map(function (who) {
      return T(O.WHO[who]) + " " + (w[who] || "—");
    }).join(" · ") }));
    box.append(el("p", { text: T("Dice faces") + ": " + ((profile.dice || []).join(" ") || "—") }));
    box.append(el("p", { text: T("Carry-over") + ": " + (Object.keys(profile.carry || {}).map(function (e) {
      return T("{eaten} eaten: {shark} / {crew}", { eaten: e, shark: profile.carry[e].shark, crew: profile.carry[e].crew });
    }).join(" · ") || "—") }));
    return box;
  }

  /* ---------------------------------------------------------------- printed card titles */

  /* The profile in the JSON box changed by ``change(profile)``, then checked (a profile that does not
     parse is left alone: its problem is shown already). */
  function rewrite(change) {
    const body = parsed();
    if (!body.ok || !body.value || typeof body.value !== "object") return;
    change(body.value);
    TC.$("jp-json").value = JSON.stringify(body.value, null, 1);
    keepEdits();
    clearTimeout(checkTimer); checkTimer = setTimeout(check, 400);
  }

  /* What is typed into the editor and not yet saved (the JSON, the name) is kept in the tab's own
     storage: a reload or a switch of the page's language (the page comes again in the other
     language) opens it again as it was; saving it forgets it. */
  const edits = TC.tabKept("tc-jaws-profile-edits");
  function keepEdits() { edits.save({ name: TC.$("jp-name").value, json: TC.$("jp-json").value }); }

  function titlesLang() { return TC.$("jp-title-lang").value; }

  /* The title fields and the east letter for the chosen language, from the profile as it stands. */
  function fillTitles(profile) {
    const lang = titlesLang(), typed = ((profile && profile.titles) || {})[lang] || {};
    TC.$("jp-east").value = ((profile && profile.east) || {})[lang] || "";
    document.querySelectorAll("#jp-titles input[data-card]").forEach(function (input) {
      const card = cards.find(function (c) { return c.card === input.dataset.card; });
      input.value = typed[input.dataset.card] || "";
      input.placeholder = card ? card.ours[lang] || "" : "";
    });
  }

  function typeTitle(input) {
    const lang = titlesLang(), card = input.dataset.card, value = input.value.trim();
    rewrite(function (profile) {
      const titles = profile.titles = profile.titles || {};
      const mine = titles[lang] = titles[lang] || {};
      if (value) mine[card] = value; else delete mine[card];
      if (!Object.keys(mine).length) delete titles[lang];
      if (!Object.keys(titles).length) delete profile.titles;
    });
  }

  function chooseEast() {
    const lang = titlesLang(), letter = TC.$("jp-east").value;
    rewrite(function (profile) {
      const east = profile.east = profile.east || {};
      if (letter) east[lang] = letter; else delete east[lang];
      if (!Object.keys(east).length) delete profile.east;
    });
  }

  /* One row per card: its number or kind and our title (in the page's words), and a field for the
     title the box prints; the cards come with the companion's check (status.cards). */
  function titleRows(list) {
    if (!list || !list.length || cards.length) return;
    cards = list;
    const table = TC.clear(TC.$("jp-titles"));
    table.append(el("tr", null, el("th", { text: T("Card") }), el("th", { text: T("Printed title") })));
    cards.forEach(function (c) {
      const name = c.kind === "event" ? T("Event card {number}: {title}", { number: c.number, title: TC.say(c.title) })
        : T("Ability card: {title}", { title: TC.say(c.title) });
      const id = "jp-title-" + c.card;
      table.append(el("tr", null, el("td", null, el("label", { for: id, text: name })),
        el("td", null, el("input", { id: id, type: "text", maxlength: 60, "data-card": c.card,
          on: { input: function (ev) { typeTitle(ev.target); } } }))));
    });
  }

  function show(entry) {
    editing = entry;
    TC.$("jp-name").value = entry.name;
    TC.$("jp-json").value = JSON.stringify(entry.profile, null, 1);
    TC.$("jp-status").textContent = statusText(entry.status);
    TC.$("jp-hints").textContent = hints(entry.status);
    TC.clear(TC.$("jp-problems"));
    TC.clear(TC.$("jp-view")).append(summary(entry.profile));
    if (entry.status) titleRows(entry.status.cards);
    fillTitles(entry.profile);
  }

  async function open() {
    const name = TC.$("jp-open-which").value;
    if (!name) return;
    const r = await TC.api("GET", path(name));
    TC.showRefusal(r.ok ? "" : r.data.error);
    if (r.ok) show(r.data);
  }

  function parsed() {
    try { return { ok: true, value: JSON.parse(TC.$("jp-json").value) }; } catch (e) { return { ok: false, value: TC.$("jp-json").value }; }
  }

  async function check() {
    const text = TC.$("jp-json").value;
    const r = await TC.api("POST", "/api/games/" + GAME + "/profile-check", { profile: text });
    const problems = TC.clear(TC.$("jp-problems"));
    if (!r.ok) { problems.append(el("li", { text: r.data.error })); return false; }
    (r.data.problems || []).forEach(function (p) { problems.append(el("li", { text: TC.say(p) })); });
    TC.$("jp-status").textContent = r.data.ok ? statusText(r.data.status) : T("Not saved: fix the problem first.");
    TC.$("jp-status").dataset.ok = r.data.ok ? "true" : "false";
    if (r.data.ok) { TC.clear(TC.$("jp-view")).append(summary(r.data.profile)); titleRows(r.data.status.cards); }
    return r.data.ok;
  }

  async function save() {
    const name = TC.$("jp-name").value.trim();
    const body = parsed();
    const r = await TC.api("PUT", path(name || T("My box")), { profile: body.ok ? body.value : body.value });
    TC.showRefusal(r.ok ? "" : r.data.error);
    if (r.ok) { edits.save(null); show(r.data); await list(); TC.$("jp-open-which").value = r.data.name; }
  }

  async function rename() {
    if (!editing) return;
    const to = TC.$("jp-name").value.trim();
    const r = await TC.api("POST", path(editing.name) + "/rename", { to: to });
    TC.showRefusal(r.ok ? "" : r.data.error);
    if (r.ok) { show(r.data); await list(); TC.$("jp-open-which").value = r.data.name; }
  }

  async function remove() {
    const name = TC.$("jp-open-which").value;
    if (!name || !(await TC.confirm(T("Delete the box profile {name}?", { name: name }), T("Its numbers are gone; a new profile starts empty.")))) return;
    const r = await TC.api("DELETE", path(name));
    TC.showRefusal(r.ok ? "" : r.data.error);
    await list();
  }

  function exportJson() {
    const body = parsed();
    const text = JSON.stringify(body.ok ? body.value : {}, null, 1);
    const link = TC.$("jp-download");
    link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    link.download = (TC.$("jp-name").value.trim() || "jaws-box") + ".json";
    link.hidden = false;
    link.click();
  }

  async function importText(text) {
    TC.$("jp-json").value = text;
    let name = TC.$("jp-name").value.trim();
    try { const data = JSON.parse(text); if (data && data.name) name = data.name; } catch (e) { /* the check says what is wrong */ }
    TC.$("jp-name").value = name;
    if (await check()) save();
  }

  function build() {
    const grid = document.querySelector(".host-grid");
    if (!grid || TC.$("jaws-profiles")) return;
    const section = el("section", { id: "jaws-profiles", class: "card jp-editor" },
      el("h2", { text: T("Jaws box profiles") }),
      el("p", { class: "help", text: T("Your box's printed numbers, which no public source gives (the boat tiles, the 16 resurface cards, the 22 gear cards, the wound tracks, the red dice's faces, the carry-over beside the swimmer track): enter them once, here or at the table as you play; the companion keeps them per box.") }),
      el("div", { class: "row" },
        el("label", { class: "field" }, T("Saved profiles") + " ", el("select", { id: "jp-open-which" })),
        el("button", { type: "button", id: "jp-open", text: T("Open"), on: { click: open } }),
        el("button", { type: "button", id: "jp-new", text: T("New profile"), on: { click: function () {
          show({ name: T("My box"), profile: { name: T("My box") }, status: null });
        } } }),
        el("button", { type: "button", id: "jp-delete", class: "danger", text: T("Delete"), on: { click: remove } })),
      el("p", { id: "jp-status", class: "status", "aria-live": "polite" }),
      el("p", { id: "jp-hints", class: "muted" }),
      el("ul", { id: "jp-problems", class: "jp-problems" }),
      el("div", { id: "jp-view" }),
      el("details", { class: "jp-printed", id: "jp-printed" }, el("summary", { text: T("Printed card titles") }),
        el("p", { class: "help", text: T("In Dutch and German the titles of the event and ability cards are our own wording (the pages mark them with a small ?). Type the titles your cards print: from then on the phones and the table screen show them. Likewise the letter your board prints for the east beach.") }),
        el("div", { class: "row" },
          el("label", { class: "field" }, T("Your box's language") + " ", el("select", { id: "jp-title-lang",
            on: { change: function () { const b = parsed(); fillTitles(b.ok ? b.value : null); } } },
            ...Object.keys(TITLED).map(function (lang) { return el("option", { value: lang, selected: lang === TC.lang, text: TITLED[lang] }); }))),
          el("label", { class: "field" }, T("East beach on your board") + " ", el("select", { id: "jp-east", on: { change: chooseEast } },
            el("option", { value: "", text: T("{letter} (the default)", { letter: "E" }) }),
            el("option", { value: "E", text: "E" }), el("option", { value: "O", text: "O" })))),
        el("table", { class: "jp-table", id: "jp-titles" })),
      el("details", { class: "jp-json" }, el("summary", { text: T("Correct it as JSON") }),
        el("textarea", { id: "jp-json", rows: 14, "aria-label": T("The box profile as JSON"), on: { input: function () {
          keepEdits();
          clearTimeout(checkTimer); checkTimer = setTimeout(check, 400);
        } } })),
      el("div", { class: "row" },
        el("label", { class: "field" }, T("Name") + " ", el("input", { id: "jp-name", type: "text", maxlength: 40, on: { input: keepEdits } })),
        el("button", { type: "button", id: "jp-save", class: "primary", text: T("Save profile"), on: { click: save } }),
        el("button", { type: "button", id: "jp-rename", text: T("Rename"), on: { click: rename } }),
        el("button", { type: "button", id: "jp-export", text: T("Export JSON"), on: { click: exportJson } }),
        el("label", { class: "button" }, T("Import JSON"), el("input", { id: "jp-import", type: "file", accept: ".json,application/json", hidden: true,
          on: { change: function (ev) { const f = ev.target.files[0]; if (f) f.text().then(importText); } } }))),
      el("a", { id: "jp-download", hidden: true, text: T("Download the JSON file") }));
    grid.append(section);
    list().then(async function (profiles) {
      const kept = edits.load();
      if (profiles.length) {
        TC.$("jp-open-which").value = kept && profiles.some(function (p) { return p.name === kept.name; }) ? kept.name : profiles[0].name;
        await open();
      } else show({ name: T("My box"), profile: { name: T("My box") }, status: null });
      if (kept) {   // the edits not saved before the page came again: as they were, checked
        TC.$("jp-name").value = kept.name;
        TC.$("jp-json").value = kept.json;
        const b = parsed();
        fillTitles(b.ok ? b.value : null);
        check();
      }
    });
  }

  /* ---------------------------------------------------------------- the start form's box option */

  function refreshPicker(profiles) {
    if (!picker || !document.body.contains(picker.select)) return;
    const select = TC.clear(picker.select), keep = picker.input.dataset.profile;
    select.append(el("option", { value: "", text: T("New profile (named below)") }));
    profiles.forEach(function (p) { select.append(el("option", { value: p.name, selected: p.name === keep, text: p.name })); });
    if (keep === undefined && profiles.length) { select.value = profiles[0].name; choose(profiles[0].name); }
    else if (keep === undefined) choose("");
  }

  /* Digital dice and a digital deck only from a profile that holds them (the engine refuses them
     otherwise): the "digital" choice is disabled with the reason beside it, and put back to physical. */
  const GATES = [
    { option: "dice", ok: function (s) { return !!(s && s.digital_dice); },
      why: function () { return T("Digital dice need the dice faces in the box profile."); } },
    { option: "resurface", ok: function (s) { return !!(s && s.digital_deck); },
      why: function () { return T("A digital deck needs all 16 resurface cards in the box profile."); } },
  ];

  function gate(status) {
    const form = TC.$("start-form") || document;
    GATES.forEach(function (g) {
      const select = form.querySelector('select[data-option="' + g.option + '"]');
      if (!select) return;
      const digital = select.querySelector('option[value="digital"]');
      const ok = g.ok(status);
      if (digital) digital.disabled = !ok;
      if (!ok && select.value === "digital") select.value = "physical";
      const wrap = select.closest(".option") || select.parentNode;
      let note = wrap.querySelector(".jp-gate");
      if (!note) { note = el("p", { class: "muted jp-gate" }); wrap.append(note); }
      note.textContent = ok ? "" : g.why();
      note.hidden = ok;
    });
  }

  async function choose(name) {
    const input = picker.input;
    input.dataset.profile = name;
    picker.name.hidden = !!name;
    if (!name) {
      input.value = JSON.stringify({ name: picker.name.value.trim() || T("My box") });
      picker.status.textContent = T("A new profile: what the table enters is kept in it.");
      gate(null);
      return;
    }
    gate(null);  // until the profile's status says otherwise
    const r = await TC.api("GET", path(name));
    TC.showRefusal(r.ok ? "" : r.data.error);
    if (input.dataset.profile !== name) return;  // another profile was picked meanwhile
    input.value = r.ok ? JSON.stringify(r.data.profile) : "";
    picker.status.textContent = r.ok ? statusText(r.data.status) + " " + hints(r.data.status) : "";
    gate(r.ok ? r.data.status : null);
  }

  /* ---------------------------------------------------------------- what the table enters */

  function tablePanel(box, p, table) {
    const orca = p.view && p.view.orca;
    if (!orca || !orca.reading) return false;
    box.hidden = false;
    box.append(O.readingForm(p, async function (action) {
      const r = await TC.api("POST", "/api/tables/" + encodeURIComponent(table) + "/actions?as=table", { action: TC.wire(action) });
      TC.showRefusal(r.ok ? "" : r.data.error);
    }, {}));
    return true;
  }

  window.GameHost = window.GameHost || {};
  window.GameHost[GAME] = {
    /* The generic option form is built: the box option (an expert's JSON, under "Advanced") gets
       its plain face among the plain options: a list of the saved profiles, or a new one named
       here. Choosing fills the JSON field; an expert may still correct it there. */
    options: function (box) {
      const form = TC.$("start-form") || document;
      const input = form.querySelector('[data-option="box"]');
      if (!input) return;
      const select = el("select", { id: "jp-choice", on: { change: function (ev) { choose(ev.target.value); } } });
      const name = el("input", { id: "jp-choice-name", type: "text", maxlength: 40, value: T("My box"), "aria-label": T("Name of the new profile"),
        on: { input: function () { if (!picker.input.dataset.profile) choose(""); } } });
      const status = el("p", { id: "jp-choice-status", class: "muted" });
      box.append(el("div", { class: "option jp-pick", "data-name": "box-profile" },
        el("label", { for: "jp-choice" }, el("span", { class: "option-label", text: T("Box profile") })),
        select, name, status));
      picker = { select: select, input: input, name: name, status: status };
      delete input.dataset.profile;
      gate(null);
      list();
    },
    table: tablePanel,
  };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", build); else build();
})();
