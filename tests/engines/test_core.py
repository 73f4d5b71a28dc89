"""The shared engine core: the door every action passes, options, events, the RNG, text."""

from __future__ import annotations

from typing import Any

import pytest

import engines
from engines import TABLE, IllegalAction, Option, Text, UnknownGame, event, events_for, translate
from engines.core import Game, Outcome, State, outcome, validate_options
from engines.rng import Rng
from tests.engines.conformance import assert_refused, check_playouts


class Race(Game):
    """A tiny test game: seats take turns adding 1 or 2 to a counter; a die may bump it."""

    id = "race"
    title = "Race"
    min_players = 2
    max_players = 3
    option_spec = (
        Option("goal", 10, "Reach this number to win.", minimum=3, maximum=50),
        Option("dice", False, "Roll a die after every move."),
        Option("speed", "normal", "How fast.", choices=("slow", "normal"), aliases={"std": "normal"}),
    )

    def _start(self, players: int, seed: int, options: dict[str, Any]) -> RaceState:
        return RaceState(players, options["goal"], options["dice"], 0, 0, False)

    def load(self, text: str) -> RaceState:
        try:
            p, goal, dice, total, turn, rolling = (int(x) for x in text.split())
        except ValueError:
            raise IllegalAction("That is not a Race position.") from None
        return RaceState(p, goal, bool(dice), total, turn, bool(rolling))


class RaceState(State):
    def __init__(self, players: int, goal: int, dice: bool, total: int, turn: int, rolling: bool):
        self._players, self.goal, self.dice = players, goal, dice
        self.total, self.turn, self.rolling = total, turn, rolling

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RaceState) and self.notation() == other.notation()

    game = Race()  # type: ignore[assignment]

    @property
    def players(self) -> int:
        return self._players

    @property
    def awaiting(self) -> tuple[int, ...]:
        if self.total >= self.goal:
            return ()
        return (TABLE,) if self.rolling else (self.turn,)

    @property
    def outcome(self) -> Outcome | None:
        if self.total < self.goal:
            return None
        winner = (self.turn - 1) % self._players
        return outcome([winner], Text("{seat} reached the goal.", {"seat": winner}))

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        if seat not in self.awaiting or seat == TABLE:
            return []
        return [{"type": "add", "n": n, "notation": f"+{n}"} for n in (1, 2)]

    def chance_outcomes(self) -> list[tuple[dict[str, Any], float]]:
        if not self.rolling:
            return super().chance_outcomes()
        return [({"type": "die", "value": v}, 1 / 2) for v in (0, 1)]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"total": self.total, "turn": self.turn}

    def notation(self) -> str:
        return f"{self._players} {self.goal} {int(self.dice)} {self.total} {self.turn} {int(self.rolling)}"

    def _apply(self, seat: int, action: dict[str, Any]) -> RaceState:
        if action["type"] == "die":
            return RaceState(self._players, self.goal, self.dice, self.total + action["value"],
                             self.turn, False)
        return RaceState(self._players, self.goal, self.dice, self.total + action["n"],
                         (self.turn + 1) % self._players, self.dice)


RACE = Race()


def test_unknown_game_is_a_key_error_with_a_sentence() -> None:
    with pytest.raises(KeyError) as info:
        engines.get("chess")
    assert isinstance(info.value, UnknownGame)
    assert str(info.value) == "There is no game called chess."


def test_table_is_minus_one() -> None:
    assert TABLE == -1


def test_player_count_outside_the_box_is_refused() -> None:
    with pytest.raises(IllegalAction, match="2 to 3 players"):
        RACE.start(players=4)
    with pytest.raises(IllegalAction, match="whole number"):
        RACE.start(players="2")  # type: ignore[arg-type]


def test_unknown_option_is_refused_not_ignored() -> None:
    with pytest.raises(IllegalAction, match="no option gaol"):
        RACE.start(players=2, options={"gaol": 5})


def test_option_values_are_checked_and_aliases_resolved() -> None:
    assert validate_options(Race.option_spec, {"speed": "std"})["speed"] == "normal"
    assert validate_options(Race.option_spec, None) == {"goal": 10, "dice": False, "speed": "normal"}
    with pytest.raises(IllegalAction, match="between 3 and 50"):
        RACE.start(players=2, options={"goal": 99})
    with pytest.raises(IllegalAction, match="true or false"):
        RACE.start(players=2, options={"dice": "yes"})
    with pytest.raises(IllegalAction, match="choose one of slow, normal, std"):
        RACE.start(players=2, options={"speed": "warp"})
    with pytest.raises(IllegalAction, match="whole number"):
        RACE.start(players=2, options={"goal": True})


def test_options_description_is_json_with_defaults() -> None:
    described = {o["name"]: o for o in RACE.options}
    assert described["goal"] == {"name": "goal", "type": "int", "default": 10,
                                 "help": "Reach this number to win.", "minimum": 3, "maximum": 50}
    assert described["speed"]["choices"] == ["slow", "normal"]


def test_the_door_refuses_the_wrong_seat_and_says_why() -> None:
    state = RACE.start(players=2)
    assert_refused(state, 1, {"type": "add", "n": 1}, "not your turn")
    assert_refused(state, 5, {"type": "add", "n": 1}, "no seat 6")
    assert_refused(state, 0, {"type": "add", "n": 3}, "not a legal play")
    assert_refused(state, 0, "add one", 'must be an object with a "type"')
    assert_refused(state, 0, {"n": 1}, '"type"')


def test_an_action_is_named_with_or_without_its_notation() -> None:
    state = RACE.start(players=2)
    by_fields = state.apply(0, {"type": "add", "n": 2})
    by_text = state.apply(0, {"type": "add", "notation": "+2"})
    assert by_fields == by_text
    assert by_fields.view(None)["total"] == 2
    # An extra field that the legal action does not have is not the same action.
    assert_refused(state, 0, {"type": "add", "n": 2, "twice": True}, "not a legal play")


def test_chance_is_awaited_as_the_table_and_blocks_the_players() -> None:
    state = RACE.start(players=2, options={"dice": True}).apply(0, {"type": "add", "n": 1})
    assert state.awaiting == (TABLE,)
    assert_refused(state, 1, {"type": "add", "n": 1}, "table has to resolve")
    rolled = state.apply(TABLE, {"type": "die", "value": 1})
    assert rolled.view(None)["total"] == 2 and rolled.awaiting == (1,)
    assert_refused(RACE.start(players=2), TABLE, {"type": "die", "value": 1}, "not your turn")


def test_nothing_is_accepted_after_the_end() -> None:
    state = RACE.load("2 3 0 3 1 0")
    assert state.outcome is not None and state.outcome["winners"] == [0]
    assert state.outcome["reason"] == "Player 1 reached the goal."
    assert_refused(state, 1, {"type": "add", "n": 1}, "game is over")


def test_the_conformance_drive_passes_on_a_correct_game() -> None:
    finals = check_playouts(RACE, 3, range(5), {"dice": True, "goal": 12})
    assert all(f.outcome is not None for f in finals)


def test_events_are_filtered_by_visible_to() -> None:
    public = event("reveal", say=Text("A card is turned."))
    private = event("draw", visible_to=[1], card="canary-7")
    assert public["visible_to"] == "all" and public["say"]["msgid"] == "A card is turned."
    assert events_for([public, private], None) == [public]
    assert events_for([public, private], 0) == [public]
    assert events_for([public, private], 1) == [public, private]


def test_translate_names_seats_and_falls_back_to_english() -> None:
    names = {0: "Anna", 1: "Bram"}
    text = Text("It is {seat}'s turn.", {"seat": 1})
    assert translate(text, "tlh", seat_name=names.__getitem__) == "It is Bram's turn."  # no Klingon: English
    assert translate(text) == "It is Player 2's turn."
    assert translate("{count} cards left", count=3) == "3 cards left"
    assert Text.from_json(text.to_json()) == text


def test_rng_is_a_value_and_reproducible() -> None:
    a, b = Rng.from_seed(7), Rng.from_seed(7)
    assert a == b
    draws_a = []
    for _ in range(50):
        n, a = a.below(6)
        draws_a.append(n)
    draws_b = []
    for _ in range(50):
        n, b = b.below(6)
        draws_b.append(n)
    assert draws_a == draws_b and set(draws_a) == set(range(6))
    deck, after = Rng.from_seed(1).shuffled(range(20))
    assert sorted(deck) == list(range(20)) and deck != list(range(20))
    assert Rng.parse(str(after)) == after
    with pytest.raises(ValueError):
        Rng.from_seed(1).below(0)


def test_a_phone_may_leave_out_the_button_label() -> None:
    """The label only shows an action on a button; it does not identify the action."""
    from engines.core import _same_action
    legal = {"type": "add", "n": 1, "notation": "+1", "label": {"msgid": "Add one", "params": {}}}
    assert _same_action({"type": "add", "n": 1}, legal)
    assert _same_action({"type": "add", "n": 1, "label": {"msgid": "anything"}}, legal)
    assert not _same_action({"type": "add", "n": 2}, legal)


def test_a_working_copy_changes_nothing_of_the_position_it_was_copied_from() -> None:
    """The one state pattern (engines.core.Working): a rule step changes a copy; the lists of the
    state it came from (and the lists inside them) stay as they were, and this step's events
    start empty."""
    from dataclasses import dataclass, field
    from typing import ClassVar

    from engines.core import Working

    @dataclass(eq=False)
    class Position(Working):
        hands: list[list[str]]
        deck: list[str]
        layout: tuple[int, ...]
        told: list[str] = field(default_factory=list)
        per_step: ClassVar[tuple[str, ...]] = ("told",)

    before = Position([["a", "b"], ["c"]], ["d", "e"], (1, 2), ["an event of the last step"])
    work = before.copy()
    work.hands[0].append("d")
    work.deck.pop()
    work.told.append("drawn")
    assert before.hands == [["a", "b"], ["c"]] and before.deck == ["d", "e"]
    assert before.told == ["an event of the last step"] and work.told == ["drawn"]
    assert work.layout is before.layout   # values that never change are shared, not copied


def test_a_working_position_tells_its_steps_and_a_quiet_one_tells_none() -> None:
    """Working.say builds the sentence from the event's plain fields; with ``as_is`` the sentence
    is said as it was made (a private line naming less than the event carries for the screens);
    Working.record adds an event without a sentence; a quiet position (a fast playout) tells
    nothing."""
    from dataclasses import dataclass, field

    from engines.core import Event, Working

    @dataclass(eq=False)
    class Position(Working):
        quiet: bool = False
        events: list[Event] = field(default_factory=list)

    loud = Position()
    loud.say("eaten", "{seat} is eaten on {square}.", seat=1, square="c4", dead=True)
    loud.say("played", Text("You play {name}.", {"name": Text("Shark Spy")}), as_is=True,
             visible_to=[1], seat=1, card="s", slot=2)
    loud.record("beam", path=["c4", "c5"])
    assert loud.events == [
        {"type": "eaten", "visible_to": "all", "say": {"msgid": "{seat} is eaten on {square}.",
                                                       "params": {"seat": 1, "square": "c4"}},
         "seat": 1, "square": "c4", "dead": True},
        {"type": "played", "visible_to": [1],
         "say": {"msgid": "You play {name}.", "params": {"name": {"msgid": "Shark Spy", "params": {}}}},
         "seat": 1, "card": "s", "slot": 2},
        {"type": "beam", "visible_to": "all", "path": ["c4", "c5"]}]
    hushed = Position(quiet=True)
    hushed.say("eaten", "{seat} is eaten.", seat=1)
    hushed.record("beam", path=[])
    assert hushed.events == []
