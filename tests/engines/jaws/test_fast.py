"""The fast playouts (engines.jaws.fast) play exactly the games the rules' plain lists give.

The playouts keep what they derived (a crew member's preparation steps until that member acts, the
seats awaited) and draw their random numbers on a bare int; here each game is played again the
plain way, every list derived afresh at every step with an ``Rng``, and both must end in the same
position."""

from __future__ import annotations

import json
from pathlib import Path

from engines.core import TABLE
from engines.jaws import GAME
from engines.jaws.amity import rules
from engines.jaws.fast import simulate
from engines.jaws.match import Match
from engines.jaws.orca import legal as orca_legal
from engines.jaws.state import JawsState
from engines.playout import weighted
from engines.rng import Rng

BOX = json.dumps(
    json.loads((Path(__file__).resolve().parents[2] / "fixtures" / "jaws_box.json").read_text())["profile"]
)


def _plain_act2_step(p: Match, rng: Rng) -> Rng:
    seats = orca_legal.awaiting(p)
    if seats[0] == TABLE:
        draw, rng = rng.next64()
        orca_legal.apply(p, TABLE, weighted(orca_legal.chance(p), draw))
        return rng
    seat = seats[0]
    if len(seats) > 1:
        index, rng = rng.below(len(seats))
        seat = seats[index]
    steps = orca_legal.legal_now(p, seat)
    index, rng = rng.below(len(steps))
    orca_legal.apply(p, seat, steps[index])
    return rng


def _plain(p: Match, rng: Rng) -> Match:
    """The playout as the rules' lists give it, nothing kept between steps."""
    p.quiet = True
    while p.phase != "over":
        if p.act2 is not None:
            rng = _plain_act2_step(p, rng)
            continue
        seats = rules.awaiting(p)
        if seats[0] == TABLE:
            cards = rules.chance(p)
            index, rng = rng.below(len(cards))
            rules.turn_card(p, cards[index])
            continue
        seat = seats[0]
        if len(seats) > 1:
            index, rng = rng.below(len(seats))
            seat = seats[index]
        actions = [a for a in rules.legal_now(p, seat) if a[0] != "back"]
        index, rng = rng.below(len(actions))
        rules.apply(p, seat, actions[index])
    p.events = []
    return p


def _same_game(players: int, seed: int, options: dict[str, str]) -> None:
    state = GAME.start(players=players, seed=seed, options=options)
    assert isinstance(state, JawsState)
    start = state.position
    fast = simulate(start.copy(), Rng.from_seed(seed))
    plain = _plain(start.copy(), Rng.from_seed(seed))
    assert fast.phase == "over"
    assert fast.notation() == plain.notation()


def test_act1_playouts_are_the_plain_games() -> None:
    for players in (2, 3, 4):
        for seed in range(4):
            _same_game(players, seed, {"acts": "1"})


def test_act2_playouts_are_the_plain_games_with_either_deck_and_dice() -> None:
    for mode in ("digital", "physical"):
        for players in (2, 4):
            for seed in range(3):
                _same_game(players, seed, {"acts": "2", "box": BOX, "resurface": mode, "dice": mode})


def test_both_acts_playouts_are_the_plain_games() -> None:
    for seed in range(3):
        _same_game(3, seed, {"acts": "both"})
