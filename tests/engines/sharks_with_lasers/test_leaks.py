"""The leak harness: a seat's views, events and error messages never depend on WHICH card another
seat played face down, only on where it went.

"It is NOT allowed to tell other players which card you played." (PHASE II)"""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import IllegalAction, State, canonical_json, events_for
from engines.playout import random_step
from engines.rng import Rng
from engines.sharks_with_lasers import GAME
from tests.engines.sharks_with_lasers.helpers import pos

PROBES: list[dict[str, Any]] = [
    {"type": "agent", "card": "u"}, {"type": "shark", "card": "F", "shark": "white"},
    {"type": "shark", "card": "h", "shark": "grey"}, {"type": "spy", "card": "y", "shark": "black"},
    {"type": "pass"}, {"type": "place", "square": "a1"}, {"type": "deflect", "dir": "N"},
    {"type": "specials", "cards": ["a", "p"]}, {"type": "specials", "cards": ["p"]},
    {"type": "porter", "card": "p", "shark": "white", "square": "a1"},
]


def seen_by(state: State, seat: int) -> str:
    """Everything ``seat`` can observe: its view, its events, its legal actions, its refusals."""
    refusals = []
    for probe in PROBES:
        try:
            state.apply(seat, probe)
            refusals.append("accepted")
        except IllegalAction as exc:
            refusals.append(str(exc))
    return canonical_json({"view": state.view(seat), "events": events_for(state.events, seat),
                           "legal": state.legal_actions(seat), "refusals": refusals})


def twins(state: State, seat: int) -> list[tuple[State, State]]:
    """Pairs of states that differ only in which card ``seat`` put face down on the same target
    (while phase II goes on: once it ends, the rules reveal every card as it acts)."""
    plays = [a for a in state.legal_actions(seat) if a["type"] in ("agent", "shark")]
    pairs = []
    for a in plays:
        for b in plays:
            if a["card"] < b["card"] and a["type"] == b["type"] and a.get("shark") == b.get("shark"):
                one, two = state.apply(seat, a), state.apply(seat, b)
                if still_playing(one, state) and still_playing(two, state):
                    pairs.append((one, two))
    return pairs


def still_playing(after: State, before: State) -> bool:
    """Phase II of the same round goes on."""
    now, then = after.view(None), before.view(None)
    return bool(now["phase"] == "play" and now["round"] == then["round"])


def assert_same_for_others(a: State, b: State, secret_seat: int) -> None:
    for seat in [None, *range(a.players)]:
        if seat == secret_seat:
            continue
        if seat is None:
            assert canonical_json(a.view(None)) == canonical_json(b.view(None))
            assert canonical_json(events_for(a.events, None)) == canonical_json(events_for(b.events, None))
        else:
            assert seen_by(a, seat) == seen_by(b, seat), (seat, secret_seat)


def test_canary_card_on_a_shark_is_invisible_to_the_other_seats() -> None:
    state = pos(3, agents="c1.e1.g1", hands="uF/FF/FF")
    a = state.apply(0, {"type": "shark", "card": "u", "shark": "white"})
    b = state.apply(0, {"type": "shark", "card": "F", "shark": "white"})
    assert_same_for_others(a, b, 0)
    assert '"u"' not in canonical_json([a.view(1), a.view(2), a.view(None), events_for(a.events, 1)])
    assert '"u"' in canonical_json([a.view(0), events_for(a.events, 0)])   # the owner does know


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_positions_never_tell_which_card_was_played(players: int) -> None:
    checked = 0
    for seed in range(3):
        state = GAME.start(players=players, seed=seed, options={"specials": True})
        rng = Rng.from_seed(seed)
        for _ in range(120):
            if not state.awaiting:
                break
            seat = state.awaiting[0]
            if state.phase == "play" and checked < 12 * (seed + 1):   # type: ignore[attr-defined]
                for a, b in twins(state, seat)[:2]:
                    assert_same_for_others(a, b, seat)
                    # and it stays so while the others go on playing the same way
                    for _ in range(3):
                        if a.phase != "play" or a.awaiting[0] == seat:  # type: ignore[attr-defined]
                            break
                        other = a.awaiting[0]
                        move = a.legal_actions(other)[0]
                        nxt = a.apply(other, move)
                        if not still_playing(nxt, a):
                            break
                        a, b = nxt, b.apply(other, move)
                        assert_same_for_others(a, b, seat)
                    checked += 1
            _, action, rng = random_step(state, rng)
            state = state.apply(seat, action)
    assert checked >= 10


def test_phase_two_end_does_not_tell_whether_a_held_card_could_be_played() -> None:
    """Phase II ends when every card is played (hand counts are public); a player left with a card
    that fits nowhere is asked and passes, so the others cannot tell it apart from a playable one."""
    state = pos(2, agents="c1.e1", hands="hF/-", onagent="U/-")
    a = state.apply(0, {"type": "agent", "card": "F"})      # left holding the Ultra-Power Shield
    b = state.apply(0, {"type": "agent", "card": "h"})      # left holding a Forward
    assert_same_for_others(a, b, 0)
    assert a.awaiting == b.awaiting == (1,)


def test_asking_for_pre_round_cards_does_not_tell_who_holds_one() -> None:
    """Before the round every player still holding a special is asked, whether or not it is a
    pre-round card (Shark-o-Porter here, Sharkcellerator in the twin position)."""
    twins_ = [pos(2, specials="yes", agents="c1.e1", hands=f"{code}F/-") for code in ("p", "a")]
    after = [state.apply(0, {"type": "agent", "card": "F"}).apply(1, {"type": "pass"})
             .apply(0, {"type": "pass"}) for state in twins_]
    assert [a.view(None)["phase"] for a in after] == ["pre", "pre"]
    assert after[0].awaiting == after[1].awaiting == (0,)
    assert seen_by(after[0], 1) == seen_by(after[1], 1)
    assert canonical_json(after[0].view(None)) == canonical_json(after[1].view(None))


@pytest.mark.parametrize("other_claims", [["a", "p"], ["b", "c"]])
def test_canary_physical_deal_tells_no_phone_what_another_seat_entered(other_claims: list[str]) -> None:
    """chance=physical: each seat enters the specials it drew. Another seat's view, events, offered
    choices and refusals are the same whatever a seat entered, even when it claims the very cards
    the other seat is about to claim (no "that card is taken")."""
    start = GAME.start(players=3, seed=5, options={"specials": True, "chance": "physical"})
    canaries = [start.apply(0, {"type": "specials", "cards": cards})
                for cards in (["a", "p"], ["u", "z"], ["h", "k"])]
    for a in canaries[1:]:
        assert_same_for_others(canaries[0], a, 0)
    others = [events_for(canaries[1].events, s) for s in (None, 1, 2)]
    assert all("cards" not in ev for evs in others for ev in evs)          # the canary stays with seat 0
    assert [ev["cards"] for ev in events_for(canaries[1].events, 0) if "cards" in ev] == [["u", "z"]]
    assert [c["code"] for c in canaries[1].view(0)["hand"] if c["code"].islower()] == ["u", "z"]
    # the next seat may claim whatever it likes, and what it sees after doing so is the same too
    after = [c.apply(1, {"type": "specials", "cards": other_claims}) for c in canaries]
    for a in after[1:]:
        assert_same_for_others(after[0], a, 0)


def test_canary_phase_three_second_agent_card_is_hidden_until_its_step() -> None:
    """PHASE III: "all players begin by turning over the cards they played on their agent: the lower
    face-down card becomes the upper open card", so the second card lies under the first until the
    second agent action. While a shark's laser waits on a Laser Blast Deflector choice, nobody else
    can tell which second card either agent holds, nor the black shark's card still face down."""
    def at_choice(second0: str, second1: str, black: str) -> State:
        state = pos(2, specials="yes", agents="e1.c3", sharks="c5S.a8E.g8W",
                    onagent=f"F{second0}/d{second1}", white="0S", black=f"1{black}")
        while state.phase == "play":    # type: ignore[attr-defined]
            state = state.apply(state.awaiting[0], {"type": "pass"})
        assert state.phase == "choice" and state.awaiting == (1,)   # type: ignore[attr-defined]
        return state

    base = at_choice("F", "F", "F")
    assert [a["agent_cards"] for a in base.view(None)["agents"]] == [["F", None], ["d", None]]
    assert_same_for_others(base, at_choice("U", "F", "F"), 0)
    assert_same_for_others(base, at_choice("F", "U", "U"), 1)
    # once the resolution has run, every card has acted and is shown
    done = base.apply(1, {"type": "deflect", "dir": "over"})
    assert any(ev["type"] == "revealed" and ev.get("slot") == 1 and ev["seat"] == 0 for ev in done.events)


def test_random_mid_resolution_choices_show_no_card_before_it_acts() -> None:
    """PHASE III: each card is revealed as it acts ("resolved from top to bottom"; the second agent
    card lies under the first). In every mid-resolution choice of a few random games, swapping a
    card that has not acted yet (another seat's second agent card, a stack card still face down)
    changes nothing any other seat or the table screen sees: views, offered choices, refusals."""
    from engines.sharks_with_lasers import SharksState
    from engines.sharks_with_lasers.rounds import steps
    checked = 0
    for seed in range(40):
        state = GAME.start(players=4, seed=seed, options={"specials": True})
        rng = Rng.from_seed(seed)
        while state.awaiting and checked < 25:
            if state.phase == "choice":   # type: ignore[attr-defined]
                t = state.table   # type: ignore[attr-defined]
                todo = steps(t)[t.pc:]
                for kind, who, slot in todo:
                    twin = t.copy()
                    twin.events = state.events   # (the story so far is tested by the canary above)
                    if kind == "agent":
                        owner, old = who, twin.on_agent[who][slot]
                        twin.on_agent[who][slot] = "U" if old != "U" else "F"
                    else:
                        owner, old = twin.stacks[who][slot]
                        twin.stacks[who][slot] = (owner, "U" if old != "U" else "F")
                    assert_same_for_others(state, SharksState(GAME, twin), owner)
                    checked += 1
            _, action, rng = random_step(state, rng)
            state = state.apply(state.awaiting[0], action)
        if checked >= 25:
            break
    assert checked >= 10
