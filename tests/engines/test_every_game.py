"""The conformance drive over every registered game (OpenSpiel's random_sim_test): a game added to
``engines.GAMES`` is checked here the moment it is registered, for every player count and every
option set (each choice of a choice option, each switch of a yes/no one, the rest at defaults).

Per step: JSON-able views, actions and events; ``apply`` never mutates; the notation round-trips;
chance probabilities sum to one; the same seed gives the same game. The leak harness runs over
every registered game too (tests/companion/test_leaks.py); each game's own tests go deeper.

A choice the game refuses without a profile (Jaws' digital dice and deck need a box profile that
holds them) is driven with the complete profile in ``tests/fixtures/<game>_<profile option>.json`` (its
``profile``);
without one the drive fails rather than leave the choice undriven.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import engines
from engines import Game, IllegalAction
from tests.engines.conformance import check_playouts


def option_sets(game: Game) -> list[dict[str, Any]]:
    """The defaults, then one set per other value of each choice or yes/no option."""
    sets: list[dict[str, Any]] = [{}]
    for opt in game.option_spec:
        if opt.kind == "bool":
            sets.append({opt.name: not opt.default})
        elif opt.kind == "choice":
            sets.extend(_with_profile(game, {opt.name: choice})
                        for choice in opt.choices if choice != opt.default)
    return sets


def _with_profile(game: Game, options: dict[str, Any]) -> dict[str, Any]:
    """The options as they are, or with the game's complete profile if it refuses them without one."""
    try:
        game.validate_options(options)
    except IllegalAction:
        assert game.profile_option, (game.id, options)
        fixture = Path(__file__).resolve().parents[1] / "fixtures" / f"{game.id}_{game.profile_option}.json"
        data = json.loads(fixture.read_text(encoding="utf-8"))
        text = json.dumps(data.get("profile", data))  # the profile, without the fixture's "about"
        return {**options, game.profile_option: text}
    return options


def _case_id(game: Game, players: int, options: dict[str, Any]) -> str:
    words = [f"{k}={v}" if k != game.profile_option else "profile" for k, v in options.items()]
    return f"{game.id}-{players}p-{'-'.join(words) or 'defaults'}"


CASES = [(game, players, options)
         for game in sorted(engines.GAMES.values(), key=lambda g: g.id)
         if type(game).__module__.startswith("engines.")
         for players in range(game.min_players, game.max_players + 1)
         for options in option_sets(game)]


@pytest.mark.parametrize(("game", "players", "options"), CASES,
                         ids=[_case_id(g, n, o) for g, n, o in CASES])
def test_random_games_keep_the_contract(game: Game, players: int, options: dict[str, Any]) -> None:
    finals = check_playouts(game, players, [players * 31 + len(options)], options, max_plies=150,
                            must_finish=False, roundtrip_every=5)
    assert finals[0].players == players


def test_every_game_is_driven_here() -> None:
    shipped = {g.id for g in engines.GAMES.values() if type(g).__module__.startswith("engines.")}
    assert {g.id for g, _, _ in CASES} == shipped and len(shipped) >= 3
