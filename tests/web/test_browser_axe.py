"""WCAG 2.2 A and AA on every page, measured by a real checker (issue 40, point 1): axe-core (the
``axe.min.js`` that the locked ``axe-playwright-python`` ships) runs in chromium on every page kind
in English, Dutch and German: each game's phones and table screen at every phase of a seeded whole
game (set up step by step, "First game" on): its phases as its engine names them (Fzzzt!'s bid and
clean-up, Jaws' Act 1 phases and Act 2, Sharks with Lasers' phases, Loch Ness' parts of a turn, a
Laser Chess move), the setting up and the end, each checked at its first coming during the same
pages' life (no reload: the pages stay open while the game is played, and wait blank only through a
long stretch with no new phase), on the three phones (en, nl, de; the one that acts in it among
them) at 360 px and on the table screen at 1280x720 (in the three languages too); and the tables
list, the host page with a table managed and the games' own host sections (the Loch Ness map editor,
the Jaws box profiles), pairing, joining, tonight's results, each game's rules page, /table/current,
the phones' and the screen's sizes. Tags: wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa; no rule is
switched off. The figure (pages x states, violations, the phases covered per game) is printed
(``-s``) and in docs/accessibility.md and the README."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import engines
from tests.waits import patience_ms
from tests.web import test_browser as shared
from tests.web.test_browser_fit import SETTLED, advance
from tests.web.test_browser_phone_walk import WALKS
from web.catalogues import CatalogueFile, po_path

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
watch, shot = shared.watch, shared.shot

axe_playwright = pytest.importorskip("axe_playwright_python.sync_playwright")
AXE_SCRIPT: str = axe_playwright.Axe().axe_script
AXE_VERSION = AXE_SCRIPT[AXE_SCRIPT.index("axe v") + 5:].split()[0]
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
LANGS = ["en", "nl", "de"]
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True}
SCREEN = {"viewport": {"width": 1280, "height": 720}}
NAMES = ["Anna", "Bo", "Cas", "Daan"]


class Checker:
    """Runs axe on a page as it is now and keeps every violation node, named by where it was."""

    def __init__(self) -> None:
        self.checked = 0
        self.found: list[str] = []

    def __call__(self, page: Any, where: str) -> None:
        page.evaluate(SETTLED)
        if not page.evaluate("() => typeof window.axe === 'object'"):
            page.evaluate(AXE_SCRIPT)
        result = page.evaluate("(tags) => axe.run(document, {runOnly: {type: 'tag', values: tags},"
                               " resultTypes: ['violations']})", TAGS)
        self.checked += 1
        for rule in result["violations"]:
            for node in rule["nodes"]:
                summary = " ".join((node.get("failureSummary") or "").split())[:220]
                self.found.append(f"{where}: {rule['id']} {json.dumps(node['target'])} {summary}")
        if result["violations"]:
            shot(page, "axe-" + where.replace("/", "_").replace(" ", "_"))


# Every control a thumb meets on a phone: its box (WCAG 2.5.5's 44x44 px, the issue's floor for a
# table of thumbs), the squares and spaces of a board's drawing too (a board too wide for 44-px
# squares on a 360-px phone is drawn bigger in a frame that scrolls sideways); the smallest square
# or space of each game's board is printed.
TARGETS = """() => {
    const CONTROLS = 'a[href], button, input:not([type=hidden]), select, textarea, summary, '
        + '[role=button], [role=tab], [role=checkbox], [tabindex]:not([tabindex="-1"])';
    const shown = (e) => !e.closest('[hidden], .sheet[hidden]') && getComputedStyle(e).visibility !== 'hidden'
        && !(e.closest('details:not([open])') && !e.closest('summary'));
    const name = (e) => (e.id ? '#' + e.id : e.tagName.toLowerCase()) + ' "'
        + (e.getAttribute('aria-label') || e.textContent || e.value || '').trim().slice(0, 30) + '"';
    const small = [], squares = [];
    for (const e of document.querySelectorAll(CONTROLS)) {
        // a field's target is its label too when the label holds it (a tap on the words ticks the box)
        const r = (e.matches('input') && e.closest('label') || e).getBoundingClientRect();
        if (!r.width || !r.height || !shown(e)) continue;
        const side = Math.min(r.width, r.height);
        if (e.closest('svg')) squares.push(side);   // a square or space of the board's drawing
        if (side < 43.5) small.push(name(e) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
    }
    return {small, square: squares.length ? Math.min(...squares) : null};
}"""

# The roles a player acts through, in an ARIA snapshot: each must have a name.
CONTROL = re.compile(r'^\s*- (button|link|textbox|combobox|checkbox|radio|slider|spinbutton|switch|tab|'
                     r'menuitem|option|searchbox)\b(?: "((?:[^"\\]|\\.)*)")?')


# a drawing's text alternative: its label or title (or hidden beside words that say it)
DRAWING_NAME = ("(s) => s.closest('[aria-hidden=true]') ? 'hidden' : "
                "(s.getAttribute('aria-label') || s.querySelector(':scope > title')?.textContent || '')")


def said_in(lang: str, msgid: str) -> str:
    return msgid if lang == "en" else CatalogueFile(po_path(lang)).gettext(msgid)


def untranslated(names: list[str], lang: str) -> list[str]:
    """Names that are an English label whose translation in ``lang`` differs (said in English)."""
    messages = CatalogueFile(po_path(lang)).catalogue().messages
    english = {m for m, said in messages.items() if isinstance(m, str) and len(m) > 3 and said != m}
    return [n for n in names if n in english]


def unsaid(game: str, label: str, view: dict[str, Any], lang: str) -> list[str]:
    """What a Jaws or Loch Ness board's name leaves out of its position: each thing it shows, on its
    space (the crew, the swimmers, the Orca's crew and shark in Act 2; every boat afloat, Nessie)."""
    def said(msgid: str, **params: Any) -> str:
        text = said_in(lang, msgid)
        for key, value in params.items():
            text = text.replace("{" + key + "}", str(value))
        return text
    wanted: list[str] = []
    if game == "jaws" and view.get("act") == 2 and view.get("orca"):
        board = view["orca"]["board"]
        for role, where in board.get("at", {}).items():
            if where:
                kind = "water space {zone}" if where[0] == "w" else "boat space {zone}"
                wanted.append(f"{said(role.capitalize())} ({said(kind, zone=where[1:])})")
    elif game == "jaws":
        east = (view["map"].get("east") or {}).get(lang, "E")
        place = lambda space: said("space {name}", name=east if space == "E" else space)  # noqa: E731
        wanted += [f"{said(c['role'].capitalize())} ({place(c['space'])})"
                   for c in view["crew"] if c.get("space")]
        wanted += [f"({place(b)})" for b, n in view["swimmers"].items() if n]
    elif game == "loch-ness":
        labels = {s["id"]: s.get("label") or s["id"] for s in view["board"]["spaces"]}
        wanted += [f"{said('boat {boat}', boat=b['boat'])} ({labels[b['where']]})" for p in view["players"]
                   for b in p["boats"] if b.get("where") in labels]
        wanted += [f"{said('Nessie')} ({labels[view['nessie']]})"] if view.get("nessie") in labels else []
    return [w for w in wanted if w not in label]


def shark_leaked(service: Any, table: str, seat: int, label: str, lang: str) -> str | None:
    """A crew phone's Jaws board that names the shark's hidden space (a canary: never)."""
    views = [service.seat_view(table, s)["view"] for s in range(len(service.public(table)["seats"]))]
    secret = [v["secret"]["space"] for v in views if (v.get("secret") or {}).get("space")]
    mine = views[seat]
    if mine.get("act") != 1 or mine.get("secret") or (mine.get("shark") or {}).get("seen") or not secret:
        return None
    # unseen, the shark is nowhere on a crew phone's board: not named, so never on its hidden space
    return label if said_in(lang, "The shark") in label else None


# Each board that can draw a beam: whether one is drawn, and its text alternative.
BEAMS = """() => [...document.querySelectorAll('svg.laser-board, svg.swl-board')]
    .map((s) => [!!s.querySelector('.beam'), s.getAttribute('aria-label') || ''])"""


def beams_said(page: Any, lang: str, where: str, said: dict[str, int]) -> list[str]:
    """A beam drawn is said (the squares it crossed, what it hit), and none is said that is not drawn
    (the table has not told it yet); counts the beams said in ``said``."""
    lead = said_in(lang, "The laser beam's path: {squares}.").split("{")[0]
    wrong = []
    for drawn, label in page.evaluate(BEAMS):
        if drawn != (lead in label):
            state = 'drawn' if drawn else 'not drawn'
            wrong.append(f"{where}: a beam {state}, its board named: {label[-200:]}")
        said[where.split()[0]] = said.get(where.split()[0], 0) + drawn
    return wrong


def phone_at(page: Any, service: Any, table: str, seat: int) -> None:
    """The phone has drawn its seat's newest view."""
    page.locator("#seat").wait_for(state="visible")
    page.wait_for_function("(v) => +document.getElementById('seat').dataset.version >= v",
                           arg=service.seat_view(table, seat)["version"], timeout=patience_ms(20))


def screen_at(tv: Any, service: Any, table: str) -> None:
    """The table screen drawn at the step the table is shown (its line current)."""
    story = service.public(table)["story"]
    tv.locator("#game-area").wait_for()
    if story["at"] >= 0:
        step = story["steps"][story["at"]]["id"]
        tv.locator(f'#events li.current[data-id="{step}"]').wait_for()


QUIET = 4   # plays with no new phase after which the pages wait blank until the next one
PHASES = {   # each game's phases, as its engine names them (its public view's "phase", and parts)
    "fzzzt": {"bid", "cleanup"},
    "jaws": {"act 1: start", "act 1: shark", "act 1: crew", "act 1: choice", "act 2: orca"},
    "laser-chess": {"a move"},
    "loch-ness": {"turn: act", "turn: town", "turn: moved", "turn: explore"},
    "sharks-with-lasers": {"setup", "play", "place"},
}


def phase_of(service: Any, table: str) -> str:
    """The phase the table is in, as its engine names it (its public view's "phase"; Jaws' act with
    it, Loch Ness' part of the turn); setting up; the end."""
    public = service.public(table)
    view = public["view"]
    if public["ended"] or public["outcome"] is not None:
        return "the end"
    if public.get("setup"):
        return "setting up"
    if "act" in view:
        return f"act {view['act']}: {view['phase']}"
    if view.get("phase") == "turn" and "step" in view:
        return f"turn: {view['step']}"
    return str(view.get("phase") or "a move")


def step(service: Any, table: str, plays: int) -> int:
    """One play (the setting up opened at once), told whole: how many plays were made."""
    if service.public(table).get("setup"):
        service.setup.set_setup(table, None, True)   # the host opens the game
        return 0
    state = service.state_of(table)
    if state.outcome is not None or not state.awaiting:
        return 1
    advance(service, table, 1, seed=plays)
    return 1


def phone_checks(page: Any, service: Any, table: str, seat: int, lang: str, where: str,
                 first: bool) -> dict[str, Any]:
    """A phone's targets (44 px, a board's squares and spaces too; Loch Ness' rings with a boat
    sailing), a beam drawn said and none said undrawn, a crew phone's Jaws board never naming the
    shark's hidden space, and at its first decision its tree: every control named in its language,
    its drawings named (a board's position in words), its live regions, "Your turn." said."""
    where = f"{where}: phone {lang}"
    beams: dict[str, int] = {}
    unnamed = beams_said(page, lang, where, beams)
    targets = page.evaluate(TARGETS)
    small = [f"{where}: {t}" for t in targets["small"]]
    square = targets["square"]
    sail = page.locator("button[data-sail]:enabled")
    if first and sail.count():   # Loch Ness: a boat sailing, its rings
        sail.first.click()
        page.locator(".ln-target").first.wait_for()
        targets = page.evaluate(TARGETS)
        small += [f"{where}, sailing: {t}" for t in targets["small"]]
        square = targets["square"] if square is None else min(square, targets["square"] or square)
    leaks: list[str] = []
    shark_said = 0
    if service.public(table)["game"] == "jaws":   # a crew phone's board never names the shark's hidden space
        names = "(all) => all.map((s) => s.getAttribute('aria-label') || '')"
        for label in page.locator("#board svg").evaluate_all(names):
            leaks.append(shark_leaked(service, table, seat, label, lang) or "")
            shark_said += said_in(lang, "The shark") in label
    turn = 0
    if first:
        tree = page.locator("#phone").aria_snapshot()
        controls = [m for m in map(CONTROL.match, tree.splitlines()) if m]
        assert controls, (where, tree)
        unnamed += [f"{where}: {m.group(0).strip()}" for m in controls if not (m.group(2) or "").strip()]
        if lang != "en":
            unnamed += [f"{where}: in English: {n}"
                        for n in untranslated([m.group(2) for m in controls if m.group(2)], lang)]
        # a drawing has its text alternative; the page says what changed, politely
        assert page.locator("#status[aria-live=polite], #events[aria-live=polite]").count() == 2
        assert page.locator("html").get_attribute("lang") == lang
        position_in_words(page, service, table, seat, lang, where)
        if seat in service.state_of(table).awaiting:
            said = page.locator("#status").inner_text()
            assert said == said_in(lang, "Your turn."), (where, said)
            turn = 1
        for svg in page.locator("#seat svg:visible").all():
            if not svg.evaluate(DRAWING_NAME).strip():
                unnamed.append(f"{where}: a drawing without a text alternative: "
                               + svg.evaluate("(s) => s.outerHTML.slice(0, 80)"))
    return {"small": small, "unnamed": unnamed, "turn": turn, "square": square, "beams": sum(beams.values()),
            "leaks": [leak for leak in leaks if leak], "shark_said": shark_said}


def position_in_words(page: Any, service: Any, table: str, seat: int, lang: str, where: str) -> None:
    """Laser Chess' board says every token and its facing; Sharks' every shark and agent by its square;
    Jaws' and Loch Ness' what stands on their spaces."""
    game = service.public(table)["game"]
    if game == "laser-chess":
        label = page.locator("#board svg").first.get_attribute("aria-label") or ""
        tokens = service.seat_view(table, seat)["view"]["board"]
        assert all(f"({t['square']})" in label for t in tokens), (where, label)
        ways = [said_in(lang, "facing {dir}").split("{")[0],
                said_in(lang, "its mirror running south-west to north-east"),
                said_in(lang, "its mirror running north-west to south-east")]
        facing = [t for t in tokens if t.get("facing")]
        assert sum(label.count(w) for w in ways) == len(facing), (where, label)
    if game == "sharks-with-lasers":
        label = page.locator("#board svg.swl-board").first.get_attribute("aria-label") or ""
        view = service.seat_view(table, seat)["view"]
        figures = [f["square"] for f in view.get("sharks", []) + view.get("agents", []) if f.get("square")]
        assert figures and all(f"({sq})" in label for sq in figures), (where, label)
    if game in ("jaws", "loch-ness"):
        drawing = page.locator("#board svg.jaws-map, #board svg.orca-map, #board svg.ln-map")
        label = drawing.first.get_attribute("aria-label") or ""
        missing = unsaid(game, label, service.seat_view(table, seat)["view"], lang)
        assert not missing, (where, missing, label)


@pytest.mark.slow   # about two minutes: started first among the browser files (tests/conftest.py)
def test_axe_finds_no_wcag_22_aa_violation_on_any_page_in_any_language(
        server: str, browser: Any, service: Any, host_key: str) -> None:
    check = Checker()
    small: list[str] = []   # phone controls under 44x44 px
    squares: dict[str, float] = {}   # each game's smallest square or space to tap, px
    unnamed: list[str] = []   # the accessibility tree: a control without a name, or named in English
    lessons = 0   # table screens checked with a first game's lesson shown
    leaks: list[str] = []   # a crew phone's Jaws board naming the shark's hidden space
    shark_said = 0   # Jaws boards that name the shark (its own phone's; a crew's when it is seen)
    beams: dict[str, int] = {}   # each game's boards with a beam drawn and said
    turns_said = 0   # phones at their decision whose live status said "Your turn." in their language
    phones = {lang: browser.new_context(locale=lang, **PHONE) for lang in LANGS}
    screen = browser.new_context(**SCREEN)
    tables: dict[str, str] = {}
    covered: dict[str, list[str]] = {}   # each game's phases, in the order they came
    for game in sorted(WALKS):
        players, options, most = WALKS[game]
        # "First game" on: each rule comes as a lesson on the phones and the table screen too; and
        # setting up step by step first, so its steps are a phase of the game like the others
        table = tables[game] = service.create_table(
            game, players, {**options, "first_game": True, "setting_up": True}, seed=5)["table"]
        service.set_auto(table, False)
        tokens = [service.claim_seat(table, seat, NAMES[seat]) for seat in range(players)]
        pages = {}
        for i, lang in enumerate(LANGS):
            ctx = phones[lang]
            ctx.add_cookies([{"name": f"seat_{table}", "value": tokens[i % players], "url": server}])
            pages[lang] = watch(ctx.new_page())
        tv = watch(screen.new_page())
        covered[game] = []
        plays, quiet, live, tree = 0, 0, False, False   # live: the pages are open on the table
        while True:   # (Laser Chess' random players may never end it: its end is where they stop)
            phase = "the end" if plays >= most else phase_of(service, table)
            # a phase is checked where a seat acts in it (the table's own chance or reading: a play on)
            acting = [s for s in service.state_of(table).awaiting if s >= 0]
            if phase not in covered[game] and (acting or phase in ("setting up", "the end")):
                covered[game].append(phase)
                if not live:   # opened once; again only after a long quiet, blank
                    for lang in LANGS:
                        pages[lang].goto(f"{server}/play/{table}?lang={lang}")
                    tv.goto(f"{server}/table/{table}")
                    live = True
                where = f"{game} {phase}"
                for i, lang in enumerate(LANGS):
                    seat = i % players
                    phone_at(pages[lang], service, table, seat)
                    check(pages[lang], f"{where}: phone {lang} 360 (seat {seat + 1}"
                                       f"{', acting' if seat in service.state_of(table).awaiting else ''})")
                    found = phone_checks(pages[lang], service, table, seat, lang, where,
                                         first=not tree and phase not in ("setting up", "the end"))
                    small += found["small"]
                    unnamed += found["unnamed"]
                    turns_said += found["turn"]
                    beams[game] = beams.get(game, 0) + found["beams"]
                    leaks += found["leaks"]
                    shark_said += found["shark_said"]
                    if found["square"] is not None:
                        squares[game] = min(squares.get(game, 99.0), found["square"])
                # the table screen in each language at every phase (each language comes again by a
                # reload)
                for lang in LANGS:
                    service.set_language(table, lang)   # the screen comes again in it by itself
                    tv.locator(f"html[lang={lang}]").wait_for(state="attached")
                    if phase == "setting up":   # the steps in words instead of the story
                        tv.locator("#setup .setup-heading").wait_for()
                    else:
                        screen_at(tv, service, table)
                    check(tv, f"{where}: table screen {lang} 1280x720")
                    unnamed += beams_said(tv, lang, f"{where}: table screen {lang}", beams)
                    lessons += tv.locator("#lesson").is_visible()
                tree = tree or phase not in ("setting up", "the end")
                quiet = 0
            if phase == "the end":
                break
            quiet += 1
            if live and quiet > QUIET:   # no new phase for a while: the pages wait, blank, meanwhile
                for page in [*pages.values(), tv]:
                    page.goto("about:blank")
                live = False
            plays += step(service, table, plays)
        for page in [*pages.values(), tv]:
            page.close()
    # every other page kind, in each language, on a phone and a screen
    free = service.create_table("fzzzt", 3, {}, seed=1)["table"]   # a table with seats to claim
    host = {"360": browser.new_context(**PHONE), "1280x720": browser.new_context(**SCREEN)}
    others = {"360": phones, "1280x720": {lang: screen for lang in LANGS}}
    for size, ctx in host.items():
        page = watch(ctx.new_page())
        page.goto(f"{server}/host?key={host_key}")
        for lang in LANGS:
            page.goto(f"{server}/host?lang={lang}")
            page.locator("#tables li").first.wait_for()
            page.locator("#ln-editor").wait_for()   # the games' own sections: the map editor,
            page.locator("#jaws-profiles").wait_for()   # the box profiles
            check(page, f"host {lang} {size}")
            page.locator("#tables li a, #tables li button").first.click()
            page.locator("#manage").wait_for(state="visible")
            check(page, f"host, a table managed, {lang} {size}")
            if size == "360":   # the host's phone
                small += [f"host {lang} 360: {t}" for t in page.evaluate(TARGETS)["small"]]
        page.close()
        for lang in LANGS:
            page = watch(others[size][lang].new_page())
            visits = [("tables list", "/", "main"), ("pairing", "/host", "#pair-code, main"),
                      ("join", f"/play/{free}", "#claim"), ("evening", "/evening", "main"),
                      ("table/current", "/table/current", "#game-area, main")]
            visits += [(f"rules {g}", f"/rules/{g}", "main") for g in sorted(engines.GAMES)]
            for name, path, ready in visits:
                page.goto(f"{server}{path}{'&' if '?' in path else '?'}lang={lang}")
                page.locator(ready).first.wait_for(state="visible")
                check(page, f"{name} {lang} {size}")
                if size == "360" and not path.startswith("/table"):   # the TV's page: WCAG's 24 px
                    small += [f"{name} {lang} 360: {t}" for t in page.evaluate(TARGETS)["small"]]
            page.close()
    print(f"\naxe-core {AXE_VERSION} ({', '.join(TAGS)}): {check.checked} pages x states checked, "
          f"{len(check.found)} violations")
    print("the smallest square or space of a board to tap, px: "
          + ", ".join(f"{g} {px:.0f}" for g, px in sorted(squares.items())))
    print(f"table screens with a first game's lesson shown: {lessons}")
    print("boards with a beam drawn and said: " + ", ".join(f"{g} {n}" for g, n in sorted(beams.items())))
    print(f"phone controls under 44x44 px: {len(small)}; unnamed or English controls: {len(unnamed)}")
    print("phases covered (each on the three phones, en/nl/de, and the table screen): "
          + "; ".join(f"{g} {len(p)}: {', '.join(p)}" for g, p in sorted(covered.items())))
    for game, phases in covered.items():   # every phase the game has, the setting up and the end
        assert set(phases) >= PHASES[game] | {"setting up", "the end"}, (game, phases)
    assert turns_said >= len(WALKS), turns_said
    assert lessons >= len(WALKS), lessons
    assert not leaks, leaks
    assert beams.get("laser-chess"), beams   # Sharks' beams, step by step: test_browser_sharks.py
    assert shark_said, "no Jaws board named the shark: the canary would see nothing"
    assert not check.found, "\n".join(check.found)
    assert not small, "\n".join(small)
    assert not unnamed, "\n".join(unnamed)
