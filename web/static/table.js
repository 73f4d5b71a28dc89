//# allFunctionsCalledOnLoad
/* The table screen: the public view only, readable across the table.

   It tells the table's story (docs/web.md, "The table's story"): the companion keeps the steps this
   screen has shown and those it has still to tell, in order; a new play is appended, never shown
   over a step the table has not seen. The table's "next" (a tap on the screen, the Next button, the
   hardware next button) and Auto (kept for the whole table, at a reading pace) move one step; every
   screen shows the same step. Every panel draws the state AS OF that step (TC.asOf): a result never
   shows before the step that reveals it. A game's own drawing comes from web/static/games/<id>.js
   (GameUI); it is handed the as-of payload and the step.

   Setting up (docs/web.md "Setting up"): after Start and before the first play, when the table asked
   for it, the side shows the setup step in words (Back / Next / Auto, as the telling; the host may
   skip) and the game's drawing shows the start position with the step's marks (step.setup).

   Looking back (docs/web.md "Looking back"): Back (◀, the left arrow key) shows the step told before
   the one on the screen, as the screen showed it then (the companion rebuilds it from the log:
   GET /told); Next, a tap or the right arrow key go forward again, "Back to now" (Escape) at once.
   Meanwhile Auto waits and new steps wait for the table (POST /looking, asked again at every move);
   a look left alone for LOOK_IDLE_MS comes back by itself, so a forgotten screen holds nothing. */
"use strict";
(function () {
  const TC = window.TC, T = TC.T, el = TC.el;
  const table = TC.page.table;
  const base = TC.tableApi(table);
  const $ = TC.$;
  let latest = null;
  let look = null;   // looking back: { stop, stops, payload } (the told step shown instead of the live one)
  let lessonPages = null;   // a lesson too long for the side, in pages: { key, index, count } (Next turns them)
  // "Why?" (issue 37.6): the rules behind each kind of step (GET /api/rules/<game>, once per game),
  // and the step whose rules the table asked to see ({ step }: shown in the lesson's place)
  let rulesOf = null, why = null;

  function setConn(state) {
    $("conn").textContent = state === "live" ? "●" : "○ " + T("Connection lost: retrying…");
    $("conn").className = "conn " + state;
  }

  function gameUI(p) {
    const ui = window.GameUI && window.GameUI[p.game];
    return ui && ui.table && (!ui.accepts || ui.accepts(p)) ? ui : null;
  }

  /* The step handed to a game's renderer (TC.stepOf), its side panel this screen's. */
  function stepInfo(p) { return TC.stepOf(p, $("game-side")); }

  function show(p) {
    if (p.next_table && p.ended) {
      // the next game with the same seats: a fixed address goes to the new table's; the evening's
      // bookmark (/table/current) comes again and shows the newest open table, and keeps following
      if (TC.page.follow) location.reload();
      else location.assign("/table/" + encodeURIComponent(p.next_table));
      return;
    }
    // the host chose another language for the table screen: the page comes again in it (the
    // resolution's step is the table's, so a replay goes on where it was)
    if (p.lang && p.lang !== TC.lang) { location.reload(); return; }
    if (latest && p.version < latest.version) return;
    latest = p;
    TC.showFault(p.fault);
    if (!look) draw();   // looking back: the live step waits for "Back to now"
    speak(p);
  }

  /* Narration heard from this page (docs/narration.md): the shown stop's clip in the <audio>, once
     per stop (the next stop cuts it short). The kiosk's Chromium plays without a tap; a browser that
     refuses gets "Sound on" to tap; the same button mutes this screen (kept in its storage). */
  let voiceClip = null, blocked = false;
  let soundOn = (function () { try { return localStorage.getItem("tc-sound") !== "off"; } catch (e) { return true; } })();
  function voiceOf(p) { const v = p && p.story && p.story.voice; return v && v.output === "screen" ? v : null; }
  function soundButton(v) {   // playing: a small speaker beside "Rules"; else a struck one and "Sound on"
    const b = $("sound"), on = soundOn && !blocked, label = on ? T("Mute") : T("Sound on");
    b.hidden = !v;
    b.setAttribute("aria-pressed", on ? "true" : "false");
    b.setAttribute("aria-label", label);
    b.title = label;
    TC.clear(b).append(TC.icon(on ? "sound" : "muted"));
    if (!on) b.append(" " + label);
  }
  function playClip(clip) {
    const audio = $("voice");
    audio.src = base + "/speech/" + encodeURIComponent(clip);
    const playing = audio.play();
    if (playing && playing.catch) playing.catch(function (e) {
      if (e && e.name === "NotAllowedError") { blocked = true; soundButton(voiceOf(latest)); }
    });
  }
  function speak(p) {
    const v = voiceOf(p), audio = $("voice");
    soundButton(v);
    if (!v) { audio.pause(); voiceClip = null; return; }
    audio.volume = Math.max(0, Math.min(1, v.volume / 100));
    // once per stop shown: two stops in a row may say the same sentence ("The card has no effect.")
    const cur = TC.story(p).cur, stop = v.clip + "|" + (cur ? cur.id : "");
    if (!v.clip || stop === voiceClip || look) return;
    voiceClip = stop;
    if (soundOn && !blocked) playClip(v.clip);
    else audio.pause();
  }
  $("sound").addEventListener("click", function (ev) {
    ev.stopPropagation();
    const on = !(soundOn && !blocked);
    soundOn = on; blocked = false;
    try { localStorage.setItem("tc-sound", on ? "on" : "off"); } catch (e) { /* a private window */ }
    const v = voiceOf(latest);
    if (on && v && v.clip) playClip(v.clip); else $("voice").pause();
    soundButton(v);
  });

  /* The setting-up stage, or null once the game is open. */
  function setupOf(p) { return p && p.setup && !p.ended && (p.setup.steps || []).length ? p.setup : null; }

  // under: the lesson stays under the board (the side could not hold it); paged: the lesson aside in
  // pages, the side as wide as at first (no room lent by the drawing: a lesson's pages need none)
  function draw(under, paged) {
    if (!latest) return;
    loadRules(latest.game);
    const shown = look ? look.payload : latest;   // looking back: the told step, as it was shown
    const setup = look ? null : setupOf(latest);
    const p = setup ? latest : TC.asOf(shown);   // every panel as of the step shown; setting up: the start
    const st = TC.story(shown);
    const ui = gameUI(p);
    const step = stepInfo(shown);
    const shownSetup = setup ? setup.steps[setup.step] : null;
    step.setup = shownSetup ? { key: shownSetup.key, marks: shownSetup.marks || [] } : null;
    $("generic-view").hidden = !!ui;
    $("game-area").hidden = !ui;
    $("table-screen").style.gridTemplateColumns = "";   // the side as wide as it is at first (fitScreen)
    if (ui) ui.table.render($("game-area"), p, step);
    else {
      TC.clear($("game-side"));
      TC.clear($("generic-view")).append(TC.rawNote(TC.renderValue(p.view, { words: TC.page.view_words })));
    }

    // mid-way through a change, whose turn it is comes once the change has been told
    const midway = st.cur && st.cur.index < st.cur.count - 1;
    const awaiting = midway ? [] : (p.awaiting || []);
    let turn;
    if (setup) turn = "";   // the setup panel says what to do
    else if (look) turn = T("Looking back at an earlier step: new steps wait until you are back.");
    else if (p.outcome) turn = "";   // the outcome box says it, with the winner
    else if (latest.ended && !st.telling) turn = T("The table has ended.");
    else if (midway) turn = nowShowing(shown);
    else if (!awaiting.length) turn = "";
    else if (awaiting.length === 1) turn = T("{name} is still to act.", { name: TC.seatName(p, awaiting[0]) });
    else turn = T("Waiting for {names}.", { names: TC.waitingFor(p) });
    $("turn").textContent = turn;
    $("turn").hidden = !turn;

    const seats = TC.clear($("seats"));
    (p.seats || []).forEach(function (s) {
      const side = ui && ui.seatSide ? ui.seatSide(s.seat, p) : null, role = TC.seatRole(p, s.seat);
      const acting = awaiting.indexOf(s.seat) >= 0 && !p.outcome;
      seats.append(el("li", { class: "seat" + (acting ? " acting" : "") + (side && side.colour ? " colour-" + side.colour : ""), "data-seat": s.seat },
        side && side.colour ? el("span", { class: "swatch " + side.colour, text: side.letter, title: role }) : null,
        el("span", { class: "seat-name", text: s.taken ? s.name : T("Seat {number}", { number: s.seat + 1 }) + " · " + T("free") }),
        role ? el("span", { class: "seat-role", text: role }) : null,   // said, never colour alone
        acting ? el("span", { class: "badge", text: "◀ " + T("Turn") }) : null,
        s.bot ? el("span", { class: "badge", text: T("bot") }) : null,
        TC.presenceBadge(s, true)));  // "⚠ away" next to the name while the seat's phone is gone
    });

    const outcome = $("outcome");
    outcome.hidden = !p.outcome;
    outcome.textContent = TC.outcomeText(p);
    drawEvening(!!p.outcome && !st.telling || (latest.ended && !st.telling));
    // over: nobody joins this game now (the next table's screen shows its own code), so its last
    // steps, the winners and tonight's results get the join codes' room
    document.body.classList.toggle("game-over", !!p.outcome || !!latest.ended);
    document.body.classList.toggle("looking-back", !!look);

    const drawSide = function () {
      drawSetup(setup);
      if (setup) { $("resolution").hidden = true; TC.clear($("events")); drawButtons(st); }
      else drawStory(st);
    };
    drawSide();
    const area = ui ? $("game-area") : $("generic-view");
    drawLessons(setup ? {} : st, area, !!under);
    fitScreen(ui, drawSide, paged);
    // a lesson aside that the side cannot hold: drawn again in pages, else under the board
    const side = document.querySelector("#table-screen .side-scroll");
    if (!under && $("lesson").classList.contains("in-side") && side && side.scrollHeight > side.clientHeight + 1) {
      if (!paged) draw(false, true);
      else if (!pageLessons(st, side)) draw(true);
    } else if (!paged) lessonPages = null;
  }

  /* Lessons the side cannot hold whole (G4: two at once after Jaws' first event card, Fzzzt!'s
     clean-up, the Laser Chess capture in German): one lesson at a time, a long one in pages of whole
     sentences, each as much as the side's free room holds at its fitted size; "Next" (the button, →,
     a tap on the lesson) turns the page before the story moves on, "Back" turns back. The drawing
     keeps its words at 18 px. False when even one sentence has no room (then under the board). */
  function pageLessons(st, side) {
    const box = $("lesson"), lessons = lessonsNow(st);
    // with every seat taken the join codes give the lesson their room for this step (fitScreen's
    // last resort; the next step shows them again)
    const codes = document.querySelector("#table-screen .qr-row");
    if (codes && (latest.seats || []).every(function (s) { return s.taken || s.bot; })) codes.classList.add("resting");
    if (side.scrollHeight <= side.clientHeight + 1) { lessonPages = null; return true; }   // whole, in their room
    const free = side.clientHeight - (side.scrollHeight - box.getBoundingClientRect().height) - 2;
    const key = (whyShown(st) ? "why|" + st.cur.id : st.cur ? st.cur.chapter : "") + "|" + lessons.map(function (l) { return l.key; }).join(",");
    // the rulebook's section under a lesson's last page; "Next: more" under every page but the last
    const nodes = function (lesson, text, footer, last) {
      return [el("h2", { class: "lesson-title", text: lessonTitle(st, lesson) }),
              el("p", { class: "lesson-text", text: text }),
              last ? el("p", { class: "lesson-section", text: T("Rulebook: {section}", { section: TC.say(lesson.section) }) }) : null,
              footer ? el("p", { class: "lesson-more", text: footer }) : null];
    };
    const fits = function (lesson, text) {   // measured with the section line and "Next: more" both
      const one = el("div", { class: "lesson-one", "data-key": lesson.key });
      nodes(lesson, text, T("Next: more ({number} of {count})", { number: 9, count: 9 }), true).forEach(function (n) { if (n) one.append(n); });
      TC.clear(box).append(one);
      return box.getBoundingClientRect().height <= free;
    };
    const pages = [];
    for (const lesson of lessons) {
      // whole sentences (or clauses); a clause longer than a page at its commas, and a part still
      // longer at the most words a page holds
      const sentences = [];
      TC.say(lesson.text).split(/(?<=[.!?;:])\s+/).forEach(function (clause) {
        if (fits(lesson, clause)) { sentences.push(clause); return; }
        clause.split(/(?<=,)\s+/).forEach(function (part) {
          let words = part.split(/\s+/);
          while (words.length) {
            let lo = 1, hi = words.length;   // the most words that fit (at least one)
            while (lo < hi) { const mid = Math.ceil((lo + hi) / 2); if (fits(lesson, words.slice(0, mid).join(" "))) lo = mid; else hi = mid - 1; }
            sentences.push(words.slice(0, lo).join(" "));
            words = words.slice(lo);
          }
        });
      });
      let chunk = [];
      for (const sentence of sentences) {
        if (fits(lesson, chunk.concat([sentence]).join(" "))) { chunk.push(sentence); continue; }
        if (!chunk.length) return false;
        pages.push([lesson, chunk.join(" ")]);
        chunk = [sentence];
        if (!fits(lesson, sentence)) return false;
      }
      if (chunk.length) pages.push([lesson, chunk.join(" ")]);
    }
    const index = lessonPages && lessonPages.key === key ? Math.min(lessonPages.index, pages.length - 1) : 0;
    lessonPages = { key: key, index: index, count: pages.length };
    const page = pages[index], one = el("div", { class: "lesson-one", "data-key": page[0].key, "data-page": index + 1 });
    const footer = index + 1 < pages.length ? T("Next: more ({number} of {count})", { number: index + 1, count: pages.length }) : "";
    const last = index + 1 === pages.length || pages[index + 1][0] !== page[0];
    nodes(page[0], page[1], footer, last).forEach(function (n) { if (n) one.append(n); });
    if (footer) one.addEventListener("click", function () { turnLesson(1); });
    TC.clear(box).append(one);
    return true;
  }

  /* "Why?": the rules behind the step shown, in the lesson's place (the side, in pages when long),
     until the table closes it (Why? again, Escape) or the step moves on. */
  function whyKeys(st) {
    const kind = st.cur && st.cur.event ? st.cur.event.type : null;
    return (rulesOf && kind && rulesOf.why[kind]) || [];
  }
  function whyShown(st) { return !!(why && st.cur && why.step === st.cur.id && whyKeys(st).length); }
  function lessonsNow(st) {
    if (!whyShown(st)) return (st.shown && st.shown.lessons) || [];
    return TC.rulesNamed(rulesOf, whyKeys(st));
  }
  function lessonTitle(st, lesson) {
    return whyShown(st) ? T("Why: {title}", { title: TC.say(lesson.title) }) : T("First game: {title}", { title: TC.say(lesson.title) });
  }
  function toggleWhy() {
    const st = TC.story(look ? look.payload : latest);
    if (!st.cur || !whyKeys(st).length) return;
    why = whyShown(st) ? null : { step: st.cur.id };
    lessonPages = null;
    draw();
  }
  // the count's "Why?" button, when the step shown has rules behind it (added in place once the
  // rules have come: the screen is not drawn again for it)
  function whyButton(st) {
    const box = $("resolution");
    if (look || !st.cur || !whyKeys(st).length || box.querySelector("#why")) return;
    const count = box.querySelector(".resolution-count");
    const button = el("button", { type: "button", id: "why", class: "secondary", "aria-pressed": String(whyShown(st)),
                                  text: T("Why?"), on: { click: function (ev) { ev.stopPropagation(); toggleWhy(); } } });
    if (count) count.after(" ", button); else box.append(" ", button);
  }
  async function loadRules(game) {
    if (rulesOf !== null || !game) return;
    rulesOf = { rules: [], why: {} };   // asked once; a failure leaves "Why?" away
    const r = await TC.api("GET", "/api/rules/" + encodeURIComponent(game) + "?lang=" + encodeURIComponent(TC.lang));
    if (r.ok) { rulesOf = r.data; whyButton(TC.story(look ? look.payload : latest)); }
  }

  function turnLesson(by) {
    if (!lessonPages || look) return false;
    const to = lessonPages.index + by;
    if (to < 0 || to >= lessonPages.count) return false;
    lessonPages.index = to;
    draw();
    return true;
  }

  /* Mid-way through a change: what the steps tell, without a second count (the step's place is
     the counter beside the steps, #resolution). */
  function nowShowing(payload) {
    const st = TC.story(payload);
    return T("Now showing: {what}.", { what: st.title ? TC.say(st.title) : T("the last plays") });
  }

  /* Between games (this table's end told, or the host ended it): tonight's other games, the last
     three, each in one line (web/evening.py: public only), under the outcome; looked up once per
     change. */
  let eveningOf = null;
  async function drawEvening(over) {
    $("evening-panel").hidden = !over;
    if (!over || eveningOf === latest.version) return;
    eveningOf = latest.version;
    const r = await TC.api("GET", "/api/evening?lang=" + encodeURIComponent(TC.lang));
    if (!r.ok) return;
    const lines = TC.clear($("evening-lines"));
    const others = (r.data.games || []).filter(function (g) { return g.table !== table; });
    others.slice(-3).forEach(function (g) {   // this table's own result is in the outcome above
      lines.append(el("li", { "data-table": g.table, text: (g.title_text || g.title) + ": " + g.status.text }));
    });
    TC.fitAll($("table-screen"), 18);
  }

  /* Nothing scrolls on a TV and nothing is under 18 px (TC.fitAll: the text shrinks, then the
     optional lines go). When the side's own words still do not fit (the step told now never goes:
     a long one in Dutch or German), a game whose drawing may give way lends the side its width, a
     step at a time: GameUI[game].table.giveWay(area, px) says whether its drawing still reads at
     18 px that much narrower. At each width the side is drawn again, so the older lines that now
     fit come back. */
  const SIDE_STEP = 20, SIDE_MORE = 240;
  function fitScreen(ui, drawSide, paged) {
    const screen = $("table-screen"), side = screen.querySelector(".side-scroll");
    const codes = screen.querySelector(".qr-row");
    if (codes) codes.classList.remove("smaller", "resting");
    if (paged) TC.fitAll(screen, 18);
    else lendSide(ui, drawSide, screen, side);
    // the last resorts: the join codes smaller (still read from across the table), their room the
    // side's; then, with every seat taken, not shown for this step (a long one: a Fzzzt! tie told
    // in German); the next step shows them again
    const over = function () { return side.scrollHeight > side.clientHeight + 1; };
    if (codes && over()) {
      codes.classList.add("smaller");
      drawSide();
      TC.fitAll(screen, 18);
    }
    if (codes && over() && (latest.seats || []).every(function (s) { return s.taken || s.bot; })) {
      codes.classList.add("resting");
      drawSide();
      TC.fitAll(screen, 18);
    }
  }
  function lendSide(ui, drawSide, screen, side) {
    TC.fitAll(screen, 18);
    const two = getComputedStyle(screen).gridTemplateColumns.split(" ");
    if (!ui || !ui.table.giveWay || two.length !== 2) return;   // a phone-sized window: one column, nothing to lend
    const width = parseFloat(two[1]);
    for (let more = SIDE_STEP; more <= SIDE_MORE; more += SIDE_STEP) {
      if (side.scrollHeight <= side.clientHeight + 1 || !ui.table.giveWay($("game-area"), SIDE_STEP)) return;
      screen.style.gridTemplateColumns = "minmax(0, 1fr) " + (width + more) + "px";
      drawSide();
      TC.fitAll(screen, 18);
      // a drawing that said it gave way but is wider than its column now would lie under the side
      // (Jaws' info column): that step taken back, and no more lent
      const area = $("game-area");
      if (area.scrollWidth > area.clientWidth + 1) {
        screen.style.gridTemplateColumns = more > SIDE_STEP ? "minmax(0, 1fr) " + (width + more - SIDE_STEP) + "px" : "";
        drawSide();
        TC.fitAll(screen, 18);
        return;
      }
    }
  }

  /* The list of events: the one being shown on top, big, with "2 of 5" and a hint above it; the
     ones told before it below (all from the story, so names are today's). */
  // the telling's pace (companion/telling.py PACES): Auto's time per stop, and the other things this
  // screen moves on by itself (a look back going back to now, Jaws' replay of the shark's path)
  const PACE_FACTORS = { normal: 1, slower: 1.5, slowest: 2.25 };
  function drawStory(st) {
    const box = TC.clear($("resolution"));
    box.hidden = !st.cur;
    // how long Auto keeps this stop up, at the table's pace (the host's setting): the page's own record
    const pace = (latest && latest.story && latest.story.pace) || null;
    box.dataset.pace = pace ? pace.pace : "normal";
    TC.paceFactor = PACE_FACTORS[box.dataset.pace] || 1;   // what else moves by itself here waits as long
    if (pace && st.cur && st.auto && !look) box.dataset.autoSeconds = String(pace.seconds); else delete box.dataset.autoSeconds;
    // looking back starts at the step's count ("◀ 3 of 4"): the row of buttons above has no room for it
    if (st.cur && TC.page.can_step) {
      box.append(el("button", { type: "button", id: "look-back", class: "secondary", "aria-label": T("Back"), title: T("Back"),
                                disabled: !!look && look.stop <= 0, text: "◀",
                                on: { click: function (ev) { ev.stopPropagation(); back(); } } }), " ");
    }
    if (look) {
      box.append(el("span", { class: "resolution-count", text: T("Looking back: step {index} of {count}", { index: look.stop + 1, count: look.stops }) }),
                 " ", el("button", { type: "button", id: "now", class: "secondary", text: T("Back to now"),
                                     on: { click: function (ev) { ev.stopPropagation(); lookAt(null); } } }));
    } else if (st.cur) {
      // counted in stops: the steps told together (a card and what it does) are one
      const stop = st.cur.stop !== undefined ? st.cur.stop : st.cur.index;
      const stops = st.cur.stops !== undefined ? st.cur.stops : st.cur.count;
      box.append(el("span", { class: "resolution-count", text: T("{index} of {count}", { index: stop + 1, count: stops }) }));
      whyButton(st);
      const more = st.waiting - (stops - 1 - stop);
      if (more > 0) box.append(el("span", { class: "resolution-after", text: " · " + TC.TN(more, "{count} more step after these", "{count} more steps after these") }));
      if (st.waiting > 0) box.append(el("span", { class: "resolution-more muted", "data-fit": "last", text: " · " + (TC.page.can_step
        ? T("Tap or press Next for the next step.") : st.auto ? T("The next step comes by itself.") : T("Next: on the host page, a phone or the companion's button.")) }));
    }
    drawButtons(st);
    const list = TC.clear($("events"));
    const told = st.steps.filter(function (s) { return !s.private && s.told; });
    told.slice().reverse().slice(0, 6).forEach(function (s, i) {
      const say = TC.say(s.event.say);
      list.append(el("li", { class: "event event-" + (s.event.type || "") + (s === st.cur ? " current" : " older") + (s === st.cur && say.length > 90 ? " long" : ""),
                             "data-type": s.event.type || "", "data-id": s.id, "data-fit": s === st.cur ? null : "drop", text: say }));
    });
  }

  /* The setup step in words: its place, title, lines and rulebook section, the hardware's check,
     and who is ready; Back, Next and Skip beside Auto. */
  function drawSetup(setup) {
    const box = TC.clear($("setup"));
    box.hidden = !setup;
    $("back").hidden = $("skip").hidden = !setup || !TC.page.can_step;
    $("auto").hidden = !!setup;   // the table's Next sets the pace of setting up; Auto is the game's (G3)
    document.body.classList.toggle("setting-up", !!setup);
    // while setting up, once every seat is taken nobody needs the join codes: the steps get their room
    document.body.classList.toggle("setup-seated", !!setup && (latest.seats || []).every(function (s) { return s.taken || s.bot; }));
    if (!setup) return;
    const at = setup.step, steps = setup.steps, shown = steps[at];
    $("back").disabled = at <= 0;
    box.append(el("h2", { class: "setup-heading", text: T("Setting up") + " · " + T("step {index} of {count}", { index: at + 1, count: steps.length }) }));
    box.append(el("h3", { class: "setup-title", "data-key": shown.key, text: TC.say(shown.title) }));
    const lines = el("ul", { class: "setup-lines" });
    (shown.lines || []).forEach(function (line) { lines.append(el("li", { text: TC.say(line) })); });
    box.append(lines);
    if (shown.section) box.append(el("p", { class: "setup-section muted", "data-fit": "last", text: TC.say(shown.section) }));
    const check = setup.check;
    if (check) {
      const says = [].concat(check.say || [], check.lines || []);
      says.forEach(function (line) { box.append(el("p", { class: "setup-check alert", text: TC.say(line) })); });
    }
    const ready = setup.ready || [];
    const waiting = (latest.seats || []).map(function (s) { return s.seat; }).filter(function (s) { return ready.indexOf(s) < 0; });
    const names = function (seats) { return seats.map(function (s) { return TC.seatName(latest, s); }).join(", "); };
    if (ready.length) box.append(el("p", { class: "setup-ready", text: "✓ " + T("Ready: {names}", { names: names(ready) }) }));
    // who the table still waits for, at every step (issue 37, G2: a crowded screen dropped it first,
    // and the table asked around): the section and older lines give way before it
    if (waiting.length) box.append(el("p", { class: "setup-waiting", text: T("Ready on the phone, still to press: {names}.", { names: names(waiting) }) }));
    // everyone is ready: the game opens once this screen has shown every step (G7), with its Next
    else box.append(el("p", { class: "setup-waiting", text: at + 1 < steps.length
      ? T("Everyone is ready: Next shows the steps still to do, then the game opens.")
      : T("Everyone is ready: Next starts the game.") }));
  }

  function drawButtons(st) {
    $("auto").setAttribute("aria-pressed", st.auto ? "true" : "false");
    TC.clear($("auto")).append(TC.icon(st.auto ? "pause" : "play"), " " + T("Auto"));
    $("auto").disabled = !TC.page.can_step;
    $("auto").title = TC.page.can_step ? "" : T("Auto is switched on the host page or a phone.");
  }

  /* A first game's lessons (docs/web.md "First game"): shown with the step that brings them (its
     change's last, where the board shows the new state), each naming its rulebook section; gone
     with the next change told. */
  function drawLessons(st, area, under) {
    const box = TC.clear($("lesson"));
    if (box.parentNode !== $("stage")) $("stage").append(box);   // under the board unless it goes aside
    box.classList.remove("in-side");
    const lessons = lessonsNow(st);
    box.hidden = !lessons.length;
    $("stage").classList.toggle("with-lesson", lessons.length > 0);
    box.style.gridTemplateColumns = "repeat(" + Math.max(1, lessons.length) + ", minmax(0, 1fr))";   // side by side
    lessons.forEach(function (lesson) {
      box.append(el("div", { class: "lesson-one", "data-key": lesson.key },
                    el("h2", { class: "lesson-title", text: lessonTitle(st, lesson) }),
                    el("p", { class: "lesson-text", text: TC.say(lesson.text) }),
                    el("p", { class: "lesson-section", text: T("Rulebook: {section}", { section: TC.say(lesson.section) }) })));
    });
    // the game's drawing makes room for it: drawn for the whole screen's height, it is shown smaller
    area.style.zoom = "";
    if (!lessons.length) return;
    const room = area.clientHeight;
    const need = Math.max.apply(null, [area.scrollHeight].concat(Array.prototype.map.call(area.children, function (c) { return c.getBoundingClientRect().height; })));
    if (room > 0 && need > room + 1) area.style.zoom = String(Math.max(0.4, room / need));
    // the drawing's words under 18 px with the lesson under it (G4: Jaws' event card, which the
    // rulebook has read aloud, at 9 px): the lesson goes to the side, above the step being told, and
    // the drawing has the whole height again; back under it when the side cannot hold it (draw(true))
    if (!under && TC.smallestText(area) < 18 - 0.01) {
      area.style.zoom = "";
      $("stage").classList.remove("with-lesson");
      box.style.gridTemplateColumns = "";
      box.classList.add("in-side");
      $("resolution").before(box);
    }
  }

  /* The table's next: every screen and phone moves on (host, or the Pi's own display). While
     setting up: the next setup step; on the last one, the game opens once everyone is ready. */
  async function next() {
    if (!TC.page.can_step) return;
    if (look) { lookAt(look.stop + 1); return; }
    if (turnLesson(1)) return;   // a lesson in pages: its next page before the story moves on
    const setup = setupOf(latest);
    if (setup && setup.step + 1 < setup.steps.length) { setupStep({ step: setup.step + 1 }); return; }
    // on the last step the companion's next opens the game once every seat is ready (else it stays)
    const r = await TC.api("POST", base + "/next");
    if (r.ok) show(r.data);
  }

  async function setupStep(body) {
    const r = await TC.api("POST", base + "/setup?" + inLang, body);   // in the table's language
    if (r.ok) show(r.data);
  }

  function back() {
    if (!latest || !TC.page.can_step) return;
    if (turnLesson(-1)) return;
    const setup = setupOf(latest);
    if (setup) { if (setup.step > 0) setupStep({ step: setup.step - 1 }); return; }
    lookAt(look ? look.stop - 1 : -2);
  }

  /* Looking back: the told stop ``stop`` (negative: counted back from the shown one) instead of the
     live step; null, or the shown stop itself, is back to now. Each move asks the companion to hold
     Auto (its hold ends by itself); back to now lets it go on. A move asked while another is on its
     way is dropped: the screen shows where it got. */
  const LOOK_IDLE_MS = 40000, LOOK_KEEP_MS = 30000;   // (the companion's hold lasts 45 s from the last ask)
  let lookBusy = false, lookIdle = null, lookKeep = null;
  async function lookAt(stop) {
    if (lookBusy) return;
    clearTimeout(lookIdle);
    clearInterval(lookKeep);
    if (stop === null || (look && stop >= look.stops - 1)) {
      const was = look;
      look = null;
      draw();
      if (was) await TC.api("POST", base + "/looking", { on: false });
      return;
    }
    lookBusy = true;
    try {
      await TC.api("POST", base + "/looking", { on: true });   // Auto holds before the table looks
      const r = await TC.api("GET", base + "/told?stop=" + stop + "&" + inLang);
      const at = r.ok ? r.data.story.look : null;
      if (at && at.stop < at.stops - 1) {
        look = { stop: at.stop, stops: at.stops, payload: r.data };
        draw();
      } else if (!look) {   // nothing before it: the screen stays as it is, Auto goes on
        await TC.api("POST", base + "/looking", { on: false });
      }
    } finally {
      lookBusy = false;
    }
    if (!look) return;
    // back to now by itself after a while untouched, later at a slower pace; Auto held meanwhile
    lookIdle = setTimeout(function () { lookAt(null); }, LOOK_IDLE_MS * (TC.paceFactor || 1));
    lookKeep = setInterval(function () { TC.api("POST", base + "/looking", { on: true }); }, LOOK_KEEP_MS);
  }

  $("back").addEventListener("click", function (ev) { ev.stopPropagation(); back(); });
  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || (ev.target.closest && ev.target.closest("input, select, textarea"))) return;
    if (ev.key === "ArrowLeft") back();
    else if (ev.key === "ArrowRight") next();
    else if (ev.key === "Escape" && why) { why = null; lessonPages = null; draw(); }
    else if (ev.key === "Escape" && look) lookAt(null);
    else if (ev.key === "?" && latest) toggleWhy();
    else return;
    ev.preventDefault();
  });
  $("skip").addEventListener("click", function (ev) {
    ev.stopPropagation();
    if (setupOf(latest)) setupStep({ skip: true });
  });

  $("next").hidden = !TC.page.can_step;
  $("next").addEventListener("click", function (ev) { ev.stopPropagation(); next(); });
  $("auto").addEventListener("click", async function (ev) {
    ev.stopPropagation();
    if (!latest || !TC.page.can_step) return;
    const r = await TC.api("POST", base + "/auto", { on: !TC.story(latest).auto });
    if (r.ok) show(r.data);
  });
  $("resolution").addEventListener("click", function () { next(); });
  $("events").addEventListener("click", function () { next(); });
  $("stage").addEventListener("click", function (ev) {
    if (ev.target.closest && ev.target.closest("button, a, input, select")) return;
    next();
  });

  // the table's language, not this browser's: every sentence comes translated for the table screen
  const inLang = "lang=" + encodeURIComponent(TC.lang);
  TC.live(base + "/stream?view=public&screen=1&" + inLang, base + "?screen=1&" + inLang, show, setConn, null);
})();
