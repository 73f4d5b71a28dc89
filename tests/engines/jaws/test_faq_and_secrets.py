"""The rulebook's FAQ for Act 1, Out of Sight against every search, and what stays secret.

Docstrings quote the German rulebook of "Der weiße Hai" (Act 1 and its FAQ), translated."""

from __future__ import annotations

from engines import events_for
from engines.jaws import GAME
from engines.jaws.amity.belief import positions
from engines.jaws.fast import simulate
from engines.rng import Rng
from tests.engines.conformance import check_playouts
from tests.engines.jaws.helpers import CREW, SHARK, crew_phase, play, public, said, shark_phase


def test_faq_a_barrel_on_a_dock_or_a_boat_sets_off_no_motion_sensor() -> None:
    """FAQ: "If a barrel is on a dock or on a boat and the shark swims through that space, is the
    motion sensor set off? No. Only motion sensors on barrels floating in the water can be set
    off." """
    state = shark_phase(shark="4", barrels="0.1.1.1.1.1")  # Hooper, Quint and both docks hold barrels
    state = play(state, SHARK, "move 8", "move E", "move 6", "end")
    assert public(state)[1]["at"] == []


def test_faq_quint_may_throw_onto_a_space_where_a_barrel_already_floats() -> None:
    """FAQ: "Can Quint throw a barrel onto a space where a barrel already floats? Yes. If it does not
    hit the shark there are two floating barrels in that space. Any number of barrels may float on a
    water space." """
    state = play(crew_phase(shark="1", float="4:1", barrels="0.0.1.3.0.0"), CREW, "quint throw 4")
    assert state.view(None)["barrels"]["floating"] == {"4": 2}


def test_faq_swimming_through_a_floating_barrel_does_not_attach_it() -> None:
    """FAQ: "The shark swims through a space with a floating barrel. Does the barrel stick to it? No.
    A barrel can stick to the shark only if Quint throws it onto the space the shark is in." """
    state = play(shark_phase(shark="4", float="8:1", barrels="0.0.1.3.0.0"), SHARK, "move 8", "end")
    v = state.view(None)
    assert v["shark"]["barrels"] == 0 and v["barrels"]["floating"] == {"8": 1}
    assert public(state)[1]["at"] == ["8"]


def test_faq_out_of_sight_does_not_stop_a_barrel() -> None:
    """FAQ: "The shark played Out of Sight, and Quint throws a barrel onto the shark's space in the
    same round - is the shark hit? Yes. Out of Sight only protects against being found by the fish
    finder and the binoculars." OUT OF SIGHT: "If Quint throws a barrel onto your space, you must
    still admit that you were hit." """
    state = play(shark_phase(shark="4"), SHARK, "hide", "end")
    state = play(state, CREW, "quint throw 4")
    assert state.view(None)["shark"]["barrels"] == 1


def test_out_of_sight_makes_the_fish_finder_say_neither_here_nor_nearby() -> None:
    """FISH FINDER, NOTE: "If the shark played Out of Sight this round, it will say it is neither on
    this space nor nearby - whether that is true or not." """
    state = play(shark_phase(shark="5"), SHARK, "hide", "end")
    state = play(state, CREW, "hooper finder")  # Hooper is at 5, on the shark
    assert said(state)[0] == "Fish finder at space 5: the shark is neither here nor nearby."
    assert state.view(None)["shark"]["seen"] is None


def test_out_of_sight_makes_the_binoculars_say_not_here() -> None:
    """BINOCULARS, NOTE: "If the shark played Out of Sight this round, it will say it is not on this
    space - whether that is true or not." """
    state = play(shark_phase(shark="S"), SHARK, "hide", "end")
    state = play(state, CREW, "brody move S", "brody binoculars")
    assert said(state)[-1] == "Binoculars at S: the shark is not at this beach."


def test_out_of_sight_lasts_only_its_round() -> None:
    """OUT OF SIGHT, NOTE: "At the end of the round the token goes back into the box - even if the
    crew used neither search." """
    state = play(shark_phase(shark="5"), SHARK, "hide", "end")
    state = play(state, CREW, "brody end", "hooper end", "quint end")
    state = play(state, -1, "card 9")
    state = play(state, SHARK, "end")
    state = play(state, CREW, "hooper finder")
    assert said(state)[0] == "Fish finder at space 5: the shark is HERE! Its mover goes on the board."


def test_the_crew_never_sees_the_sharks_plan_while_it_is_made() -> None:
    """ "You do NOT tell the crew which actions you take. You keep your actions secret and plan them
    without showing them to the others." Every step of the plan tells only the shark."""
    state = shark_phase(shark="N", swim="N2.E0.S0.W0")
    for step in ("eat", "move 6", "hide", "move E"):
        state = play(state, SHARK, step)
        assert events_for(state.events, CREW) == [] and events_for(state.events, None) == []
        assert all(ev["visible_to"] == [SHARK] for ev in state.events)
    assert state.view(None) == shark_phase(shark="N", swim="N2.E0.S0.W0").view(None)


def test_an_eat_at_n_and_an_eat_at_s_differ_only_in_the_announced_counts() -> None:
    """The public events have one shape whatever the shark did: the eaten counts per beach, the
    sensors, "an ability was used" - never a place, a time or an order."""
    north = play(shark_phase(shark="N", swim="N1.E0.S1.W0"), SHARK, "eat", "end")
    south = play(shark_phase(shark="S", swim="N1.E0.S1.W0"), SHARK, "eat", "end")
    a, b = public(north), public(south)
    assert [ev["type"] for ev in a] == [ev["type"] for ev in b] == ["shark_ate", "sensors", "ability"]
    assert [sorted(ev) for ev in a] == [sorted(ev) for ev in b]
    assert a[1:] == b[1:] and a[0]["eaten"]["N"] == 1 and b[0]["eaten"]["S"] == 1


def test_when_the_act_ends_the_whole_secret_path_is_everyones() -> None:
    """The shark's movement plan, hidden all act long, is shown at its end (the table replays it)."""
    state = play(crew_phase(shark="4", attached="1", barrels="0.0.2.2.0.0"), CREW, "quint throw 4")
    assert "replay" in state.view(None) and state.view(None)["shark"]["space"] == "4"
    assert public(state)[-1]["type"] == "revealed"


def test_the_true_shark_is_always_among_the_spaces_the_crew_is_told_it_may_be() -> None:
    """The shading on the crew's phones is never wrong: over random games, after every step, the
    shark's real space (and its real powers) is one of the hypotheses worked out from the
    announcements alone."""

    def check(before: object, seat: int, action: dict[str, object], after: object) -> None:
        p = after.position  # type: ignore[attr-defined]
        if p.phase in ("start", "shark") or p.shark < 0:
            return
        truth = (p.shark, p.powers, p.power if p.phase == "crew" else -1)
        hyps = after.hypotheses  # type: ignore[attr-defined]
        if p.phase == "crew":
            assert truth in hyps, (truth, p.notation())
        assert p.shark in positions(hyps)

    for players in (2, 3):
        check_playouts(
            GAME,
            players,
            range(4),
            {"acts": "1"},
            max_plies=400,
            must_finish=False,
            roundtrip_every=50,
            extra=check,
        )


def test_fast_playouts_finish_with_a_winner() -> None:
    for seed in range(20):
        start = GAME.start(players=2 + seed % 3, seed=seed, options={"acts": "1"})
        end = simulate(start.position, Rng.from_seed(seed))
        assert end.phase == "over" and end.winner in ("shark", "crew")
        both = simulate(
            GAME.start(players=2, seed=seed, options={"acts": "both"}).position, Rng.from_seed(seed)
        )
        assert both.phase == "over" and both.act2 is not None and both.act2.winner in ("shark", "crew")
