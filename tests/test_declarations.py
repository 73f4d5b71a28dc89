"""Each game declares what the rest of the house needs (engines.core: ``chance_modes``,
``own_chance``, ``hardware``, ``page``), and nothing outside a game's own package and page parts
names its id: a sixth game registered in ``engines.GAMES`` is wired in by its declarations alone."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import engines
from engines import TABLE, Game
from engines.core import CHANCE_MODES
from engines.playout import random_playout
from tests import fakegame
from web.i18n import page_msgids, script_msgids
from web.messages import STATIC

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted(engines.GAMES.values(), key=lambda g: g.id)
IDS = [g.id for g in GAMES]


def _options_for(game: Game, chance: str) -> dict[str, str]:
    return {"chance": chance} if game.own_chance else {}


@pytest.mark.parametrize("game", [*GAMES, fakegame.GAME], ids=[*IDS, fakegame.GAME.id])
def test_a_game_declares_its_page_parts_and_they_exist(game: Game) -> None:
    """The pages load what the game declares; a declared file that is missing fails here. A game
    without a page script is drawn by the pages' generic view (docs/engines.md; the test game's,
    tests/web/test_generic_view.py): the words it declares for its view's keys are msgids."""
    if not game.page.script:
        assert all(isinstance(key, str) and isinstance(msgid, str) and msgid.strip()
                   for key, msgid in game.page.words.items()), f"{game.id}: Game.page.words"
    for name in (game.page.script, game.page.style, *game.page.parts, game.page.host_script):
        if name:
            assert (STATIC / "games" / name).is_file(), f"{game.id}: web/static/games/{name} is missing"
    for name in (game.page.script, *game.page.parts, game.page.host_script):
        if name:
            labels = script_msgids((STATIC / "games" / name).read_text(encoding="utf-8"))
            assert labels and set(labels) <= set(page_msgids()), name  # its labels reach the page catalogue


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_option_is_offered_to_the_host_in_words(game: Game) -> None:
    """Issue 15: the host page showed identifiers ("king rotation", "in_turn (default)"). Each
    option declares a label a host understands, a one-line help, and each choice in words."""
    for option in game.option_spec:
        assert option.label and option.label != option.name.replace("_", " "), (game.id, option.name)
        assert option.label[0].isupper() and "_" not in option.label, (game.id, option.label)
        assert option.help, (game.id, option.name)
        for choice in option.choices:
            words = option.choice_labels.get(choice, "")
            assert words and "_" not in words, (game.id, option.name, choice)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_game_declares_how_the_table_tells_it(game: Game) -> None:
    """The table screen tells each change step by step (docs/web.md, "The table's story"): a game
    declares which events make the next play wait for the table (``Pacing.hold``, event types it
    really emits, from its default options or one of its choices: Jaws' are Act 2's) and a readable
    pace."""
    pacing = game.pacing
    assert 1.0 <= pacing.step_seconds <= 6.0
    variants: list[dict[str, object]] = [{}] + [
        {option.name: choice} for option in game.option_spec for choice in option.choices
        if choice != option.default]
    seen: set[str] = set()
    for options in variants if pacing.hold else []:
        if pacing.hold <= seen:
            break
        for seed in range(6):
            state = game.start(game.min_players, seed, options)
            rng = random.Random(seed)   # any legal play (a secret choice changed again and again ends)
            for _ in range(400):
                if not state.awaiting:
                    break
                seat = state.awaiting[0]
                actions = (state.chance_outcomes() if seat == TABLE
                           else [(a, 1.0) for a in state.legal_actions(seat)])
                state = state.apply(seat, rng.choice(actions)[0])
                seen.update(ev["type"] for ev in state.events)
    assert pacing.hold <= seen, (game.id, pacing.hold - seen)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_game_declares_what_its_seat_buttons_and_laser_do(game: Game) -> None:
    roles = game.hardware
    assert roles.button in ("fire", "actions", "none")
    if roles.button == "fire":
        assert roles.shot_event, f"{game.id}: a fire button needs the event that carries the shot"
    if roles.button == "actions":
        assert roles.button_actions, f"{game.id}: a seat button that plays needs its action types"


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_game_that_leaves_things_to_chance_says_how_the_table_may_resolve_them(game: Game) -> None:
    """Random games in every mode the game declares: the table (chance) is awaited only when the
    game declares chance modes, and a game that deals itself (``own_chance``) awaits the table
    only when the cards are real (physical); its own ``chance`` option offers exactly its modes."""
    assert set(game.chance_modes) <= set(CHANCE_MODES)
    if game.own_chance:
        spec = {opt.name: opt for opt in game.option_spec}
        assert "chance" in spec and set(spec["chance"].choices) == set(game.chance_modes)
    events: set[str] = set()
    for mode in game.chance_modes or ("digital",):
        for players in range(game.min_players, game.max_players + 1):
            for seed in range(3):
                awaited_table = False

                def step(before: engines.State, *_: object) -> None:
                    nonlocal awaited_table
                    awaited_table |= TABLE in before.awaiting

                final = random_playout(game, players, seed, _options_for(game, mode), max_plies=400,
                                       on_step=lambda b, s, a, n: (step(b), events.update(
                                           str(ev.get("type")) for ev in n.events)))
                awaited_table |= TABLE in final.final.awaiting
                if not game.chance_modes:
                    assert not awaited_table, f"{game.id} awaits the table but declares no chance modes"
                if game.own_chance and mode == "digital":
                    assert not awaited_table, f"{game.id} deals itself, yet awaited the table"
    if game.hardware.shot_event:
        assert game.hardware.shot_event in events, f"{game.id} never sends its shot event"


GAME_ID = re.compile("|".join(re.escape(f'"{g.id}"') for g in GAMES))


def _house_files() -> list[Path]:
    """Every source file of the house outside the games' own packages and page parts."""
    out = [*(ROOT / "companion").rglob("*.py"), *(ROOT / "hardware").rglob("*.py"),
           *(ROOT / "web").glob("*.py"), *(ROOT / "web" / "templates").rglob("*.html"),
           *(ROOT / "web" / "static").glob("*.js"), *(ROOT / "engines").glob("*.py")]
    return sorted(out)


def test_no_module_outside_a_games_package_and_page_parts_names_its_id() -> None:
    files = _house_files()
    assert len(files) > 30
    offenders = [f"{p.relative_to(ROOT)}: {m.group(0)}" for p in files
                 for m in GAME_ID.finditer(p.read_text(encoding="utf-8"))]
    assert offenders == []
