"""The conformance drive over every registered game (OpenSpiel's random_sim_test): a game added to
``engines.GAMES`` is checked here the moment it is registered, for every player count and every
option set (each choice of a choice option, each switch of a yes/no one, the rest at defaults).

Per step: JSON-able views, actions and events; ``apply`` never mutates; the notation round-trips;
chance probabilities sum to one; the same seed gives the same game. The leak harness runs over
every registered game too (tests/companion/test_leaks.py); each game's own tests go deeper.
"""

from __future__ import annotations

from typing import Any

import pytest

import engines
from engines import Game
from tests.engines.conformance import check_playouts


def option_sets(game: Game) -> list[dict[str, Any]]:
    """The defaults, then one set per other value of each choice or yes/no option."""
    sets: list[dict[str, Any]] = [{}]
    for opt in game.option_spec:
        if opt.kind == "bool":
            sets.append({opt.name: not opt.default})
        elif opt.kind == "choice":
            sets.extend({opt.name: choice} for choice in opt.choices if choice != opt.default)
    return sets


CASES = [(game, players, options)
         for game in sorted(engines.GAMES.values(), key=lambda g: g.id)
         if type(game).__module__.startswith("engines.")
         for players in range(game.min_players, game.max_players + 1)
         for options in option_sets(game)]


@pytest.mark.parametrize(("game", "players", "options"), CASES,
                         ids=[f"{g.id}-{n}p-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'defaults'}"
                              for g, n, o in CASES])
def test_random_games_keep_the_contract(game: Game, players: int, options: dict[str, Any]) -> None:
    finals = check_playouts(game, players, [players * 31 + len(options)], options, max_plies=150,
                            must_finish=False, roundtrip_every=5)
    assert finals[0].players == players


def test_every_game_is_driven_here() -> None:
    shipped = {g.id for g in engines.GAMES.values() if type(g).__module__.startswith("engines.")}
    assert {g.id for g, _, _ in CASES} == shipped and len(shipped) >= 3
