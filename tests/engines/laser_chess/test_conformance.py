"""The engine contract: seeded random playouts from every setup (OpenSpiel's random_sim_test)."""

from __future__ import annotations

import pytest

from engines.laser_chess.game import SETUPS
from tests.engines.conformance import check_playouts
from tests.engines.laser_chess.helpers import GAME


def _beam_consistent(before, seat, action, after) -> None:  # type: ignore[no-untyped-def]
    """Every action's events: the move, then the laser (its path starts at the mover's laser and
    ends where it says), then game_over exactly when the game ended; the view shows the same beam."""
    events = after.events
    kinds = [e["type"] for e in events]
    if action["type"] == "declare_draw":
        assert kinds == ["draw_declared", "game_over"]
        return
    assert kinds[:2] == ["move", "laser"]
    assert kinds[2:] == (["game_over"] if after.outcome is not None else [])
    beam = events[1]
    assert beam["path"][0] == ("j1" if seat == 0 else "a8")
    assert (beam["exit"] is None) != (beam["stopped_at"] is None)
    end = beam["exit"]["square"] if beam["exit"] else beam["stopped_at"]
    assert beam["path"][-1] == end
    if beam["removed"] is not None:
        assert beam["removed"]["square"] == beam["stopped_at"]
        assert beam["removed"] not in after.view(None)["board"]
    assert beam["king_hit"] == (after.outcome is not None)
    view = after.view(0)
    assert view == after.view(None) == after.view(1)        # perfect information
    assert view["last_beam"] == beam and view["last_move"] == events[0]


@pytest.mark.parametrize("setup", sorted(SETUPS))
def test_random_playouts_from_every_setup(setup: str) -> None:
    finals = check_playouts(GAME, 2, range(2), {"setup": setup}, max_plies=120, must_finish=False,
                            roundtrip_every=3, extra=_beam_consistent)
    assert all(f.ply <= 120 for f in finals)


def test_random_playouts_with_the_house_rules_run_to_the_end() -> None:
    finals = check_playouts(GAME, 2, [5], {"king_rotation": True, "swap_onto_restricted": True},
                            max_plies=600, must_finish=True, roundtrip_every=10, extra=_beam_consistent)
    assert finals[0].outcome is not None
