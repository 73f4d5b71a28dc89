"""The engine contract every game follows (see docs/architecture.md).

A game module defines a :class:`Game` subclass (metadata, options, ``_start``,
``load``) and a :class:`State` subclass (an immutable position). This module
holds only what every game shares: seats, errors, option validation, events
with ``visible_to``, outcomes, the door every action passes through, and the
bot protocol. Nothing game-specific lives here.

Legality is checked at the door (:meth:`State.apply`) and trusted inside
(:meth:`State._apply`), as python-chess checks a move in ``push_uci``/``push_san`` and trusts it
in ``push``.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import Any, ClassVar, Final, Generic, Literal, Protocol, Self, TypedDict, TypeVar

from engines.text import N_, Text

Seat = int
ChanceMode = Literal["digital", "physical"]
"""How the table resolves chance: the companion draws ("digital") or the table enters ("physical")."""
DIGITAL: Final = "digital"
PHYSICAL: Final = "physical"
CHANCE_MODES: Final[tuple[ChanceMode, ...]] = (DIGITAL, PHYSICAL)
CHANCE_LABELS: Final[Mapping[str, str]] = {DIGITAL: N_("digital (the companion draws)"),
                                           PHYSICAL: N_("physical (real cards and dice)")}
"""The chance modes in the host page's words."""
TABLE: Final[Seat] = -1
"""The table itself: chance (dice, shuffles) or a physical reading is awaited."""

Action = dict[str, Any]
Event = dict[str, Any]
View = dict[str, Any]
OptionValue = bool | int | str


class Outcome(TypedDict):
    winners: list[Seat]
    scores: dict[str, Any]
    reason: str
    say: dict[str, Any]


# --------------------------------------------------------------------------- errors


class Refusal(Exception):
    """Something refused, said in a sentence for people: the base of every room's refusals
    (the rules' :class:`IllegalAction`, the table service's ``ServiceError``, the hardware's
    ``HardwareError``), so that one handler answers them all with their ``status``.

    The message is an English template (the msgid) with its parameters, so that each phone
    reads it in its own language.
    """

    status: ClassVar[int] = 400
    """The HTTP status the web answers with (400 bad request, 404 unknown, 409 not now, ...)."""

    def __init__(self, msgid: str, /, **params: Any) -> None:
        self.text = Text(msgid, params)
        super().__init__(str(self.text))


class IllegalAction(Refusal, ValueError):
    """An action, option or position that the rules refuse, saying why::

        raise IllegalAction("A {kind} cannot move onto {square}.", kind="King", square="a3")
    """


class UnknownGame(KeyError):
    """No game has that id."""

    def __init__(self, game_id: object) -> None:
        self.text = Text("There is no game called {game}.", {"game": str(game_id)})
        super().__init__(str(self.text))

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.text)


# --------------------------------------------------------------------------- events


def event(kind: str, /, *, visible_to: Sequence[Seat] | Literal["all"] = "all",
          say: Text | None = None, **data: Any) -> Event:
    """A JSON-able record of something that happened, and who may see it.

    ``say`` is the sentence the table reads out for this step, if any.
    """
    out: Event = {"type": kind, "visible_to": "all" if visible_to == "all" else sorted(visible_to)}
    if say is not None:
        out["say"] = say.to_json()
    out.update(data)
    return out


def story(kind: str, msgid: str | Text, /, *, visible_to: Sequence[Seat] | Literal["all"] = "all",
          words: Mapping[str, Text | str] | None = None, as_is: bool = False, **data: Any) -> Event:
    """An event whose sentence is built from its own fields, the way the games tell a round.

    ``data`` are the event's fields that the screens read (plain values: ``shark="white"``); the
    sentence gets the plain ones (seats, squares, counts) plus ``words``, its translatable
    phrases (or a plain word said as written), which replace a field of the same name in the
    sentence only. ``msgid`` may be a :func:`~engines.text.plural` sentence (its count is then one
    of the sentence's parameters), or a finished :class:`~engines.text.Text`.

    ``as_is``: the sentence is ``msgid`` as given (a Text keeps its own parameters) plus
    ``words``, and none of the event's fields: for a sentence made before its event (the reason
    a tie was broken), or one that names less than the event carries for the screens (a private
    line naming the card, beside the card's code and slot).

    >>> story("eaten", "{seat} is eaten on {square}.", seat=1, square="c4")["say"]
    {'msgid': '{seat} is eaten on {square}.', 'params': {'seat': 1, 'square': 'c4'}}
    >>> story("dealt", Text("{seat} is dealt a card.", {"seat": 2}), as_is=True, seat=2, card="x")["say"]
    {'msgid': '{seat} is dealt a card.', 'params': {'seat': 2}}
    """
    params: dict[str, Any] = {} if as_is else {k: v for k, v in data.items()
                                               if isinstance(v, str | int) and not isinstance(v, bool)}
    params.update(words or {})
    if isinstance(msgid, Text):
        return event(kind, visible_to=visible_to, say=Text(msgid.msgid, {**msgid.params, **params},
                                                           msgid.plural), **data)
    return event(kind, visible_to=visible_to, say=Text(msgid, params), **data)


def may_see(ev: Event, seat: Seat | None) -> bool:
    """Whether ``seat`` (None = the public table screen) may see this event."""
    visible = ev.get("visible_to", "all")
    if visible == "all":
        return True
    return seat is not None and seat in visible


def events_for(events: Iterable[Event], seat: Seat | None) -> list[Event]:
    return [ev for ev in events if may_see(ev, seat)]


def outcome(winners: Iterable[Seat], reason: Text, scores: Mapping[str, Any] | None = None) -> Outcome:
    return {"winners": sorted(winners), "scores": dict(scores or {}),
            "reason": str(reason), "say": reason.to_json()}


# --------------------------------------------------------------------------- options


@dataclass(frozen=True)
class Option:
    """One variant switch, as the host page shows it: ``label``, a few words a host understands
    ("How bids are placed"), ``help``, one line saying what it does (a whole literal msgid; what
    only the game knows at run time, such as the names of its boards, goes in ``help_params``),
    and for a choice ``choice_labels``, each choice in words ("All at once"); labels are msgids
    (marked ``N_``). ``advanced``: an expert setting (a correction to printed data, a board
    written out), shown behind "Advanced" on the host page."""

    name: str
    default: OptionValue
    help: str
    choices: tuple[str, ...] = ()
    aliases: Mapping[str, str] = field(default_factory=dict)
    minimum: int | None = None
    maximum: int | None = None
    help_params: Mapping[str, Any] = field(default_factory=dict)
    label: str = ""
    """The option's name on the host page (a msgid, marked ``N_``); empty: its ``name``."""
    choice_labels: Mapping[str, str] = field(default_factory=dict)
    """A choice's words on the host page (msgids, marked ``N_``); a choice without one is a name.
    A text option may name its default here too (``{"auto": N_("by player count")}``): the host
    page then says the default in these words and leaves the field empty."""
    advanced: bool = False
    needs: Mapping[str, str] = field(default_factory=dict)
    """A choice that is refused unless another option is given too: choice -> that option's name
    (the API's document says it; the game still checks what that option holds)."""

    @property
    def kind(self) -> str:
        if isinstance(self.default, bool):
            return "bool"
        if isinstance(self.default, int):
            return "int"
        return "choice" if self.choices else "str"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "type": self.kind,
                               "default": self.default, "help": self.help}
        if self.advanced:
            out["advanced"] = True
        if self.choices:
            out["choices"] = list(self.choices)
        if self.aliases:
            out["aliases"] = dict(self.aliases)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.help_params:
            out["help_params"] = dict(self.help_params)
        if self.label:
            out["label"] = self.label
        if self.choice_labels:
            out["choice_labels"] = dict(self.choice_labels)
        if self.needs:
            out["needs"] = dict(self.needs)
        return out

    def validate(self, value: object) -> OptionValue:
        kind = self.kind
        if kind == "bool":
            if not isinstance(value, bool):
                raise IllegalAction("Option {name} must be true or false.", name=self.name)
            return value
        if kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise IllegalAction("Option {name} must be a whole number.", name=self.name)
            if (self.minimum is not None and value < self.minimum) or (
                    self.maximum is not None and value > self.maximum):
                raise IllegalAction("Option {name} must be between {low} and {high}.",
                                    name=self.name, low=self.minimum, high=self.maximum)
            return value
        if not isinstance(value, str):
            raise IllegalAction("Option {name} must be a word.", name=self.name)
        value = self.aliases.get(value, value)
        if self.choices and value not in self.choices:
            raise IllegalAction("Option {name} cannot be {value}; choose one of {choices}.",
                                name=self.name, value=value,
                                choices=", ".join([*self.choices, *self.aliases]))
        return value


def chance_mode(value: object) -> ChanceMode:
    """``value`` as a chance mode (an option already validated, a field of a notation).

    >>> chance_mode("physical")
    'physical'
    """
    if value == DIGITAL:
        return DIGITAL
    if value == PHYSICAL:
        return PHYSICAL
    raise IllegalAction("Chance is drawn by the companion (digital) or entered at the table (physical).")


def validate_options(spec: Sequence[Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every option with its value: given ones checked, the rest defaulted.

    An unknown option is refused, never ignored: a typo must not silently
    play the default game.
    """
    given = dict(given or {})
    known = {opt.name: opt for opt in spec}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise IllegalAction("This game has no option {name}.", name=", ".join(unknown))
    return {name: (opt.validate(given[name]) if name in given else opt.default)
            for name, opt in known.items()}


# --------------------------------------------------------------------------- game and state


PRESENTATION_KEYS = frozenset({"notation", "label"})
"""Keys that show an action to people but do not identify it: a phone may leave them out."""


def _same_action(given: Mapping[str, Any], legal: Mapping[str, Any]) -> bool:
    """``given`` names ``legal``: equal apart from the text form and label, or by text form alone."""
    keys = set(given) - PRESENTATION_KEYS
    if keys == {"type"} and "notation" in given:
        return bool(given["type"] == legal.get("type") and given["notation"] == legal.get("notation"))
    return all(given[k] == legal.get(k) for k in keys) and keys == set(legal) - PRESENTATION_KEYS


class State(ABC):
    """One position of one game. Immutable: :meth:`apply` returns a new state."""

    @property
    @abstractmethod
    def game(self) -> Game: ...

    @property
    @abstractmethod
    def awaiting(self) -> tuple[Seat, ...]:
        """Seats whose input is awaited now; ``(TABLE,)`` for chance; ``()`` at the end."""

    @property
    def events(self) -> list[Event]:
        """What the action that made this state did, in order."""
        return []

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None: ...

    @abstractmethod
    def legal_actions(self, seat: Seat) -> list[Action]:
        """JSON-able dicts, each with a ``type`` (and a ``notation`` where the game has one)."""

    @abstractmethod
    def view(self, seat: Seat | None) -> View:
        """Everything ``seat`` may know; ``None`` is the public table screen."""

    @abstractmethod
    def notation(self) -> str:
        """Text that ``game.load`` turns back into an equal state."""

    @abstractmethod
    def _apply(self, seat: Seat, action: Action) -> State:
        """Apply a legal, canonical action (already checked at the door)."""

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """When ``TABLE`` is awaited: every chance action with its probability."""
        raise IllegalAction("Nothing is left to chance at the moment.")

    @property
    def reading(self) -> tuple[Seat, ...] | None:
        """None, unless ``TABLE`` is awaited for a *reading*: something the real game shows that no
        chance mode draws (a card turned face up, the hits of real dice, a printed number). Then the
        seats that may enter it besides the host (each enters it as ``TABLE``); the companion never
        draws a reading, even at a digital table, and ``chance_outcomes()`` only gives random
        playouts something to enter."""
        return None

    # -- the door -------------------------------------------------------------

    def apply(self, seat: Seat, action: Action) -> State:
        """A new state after ``seat`` plays ``action``; raises :class:`IllegalAction`."""
        self.check_turn(seat)
        return self._apply(seat, self.find_legal(seat, action))

    def check_turn(self, seat: Seat) -> None:
        if self.outcome is not None or not self.awaiting:
            raise IllegalAction("The game is over.")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise IllegalAction("A seat is a number.")
        if seat != TABLE and not 0 <= seat < self.players:
            raise IllegalAction("There is no seat {number} at this table.", number=seat + 1)
        if seat not in self.awaiting:
            if TABLE in self.awaiting:
                raise IllegalAction("The table has to resolve something first.")
            raise IllegalAction("It is not your turn.")

    def find_legal(self, seat: Seat, action: object) -> Action:
        """The canonical legal action that ``action`` names, or a reason why not.

        An action names a legal one when it equals it apart from ``notation`` and
        ``label``, or when it gives only ``type`` and ``notation``.
        """
        if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
            raise IllegalAction('An action must be an object with a "type".')
        action = self.normalize(seat, action)
        legal = self.chance_outcomes() if seat == TABLE else None
        candidates = [a for a, _ in legal] if legal is not None else self.legal_actions(seat)
        for candidate in candidates:
            if _same_action(action, candidate):
                return candidate
        raise self.explain_illegal(seat, action)

    def normalize(self, seat: Seat, action: Mapping[str, Any]) -> Mapping[str, Any]:
        """The hook before matching: ``action`` in its canonical form (cards in any order, a
        move named by its squares alone, ...). Games override it; by default the action as given.
        It may return anything: what it returns is still matched against the legal actions."""
        return action

    def explain_illegal(self, seat: Seat, action: Mapping[str, Any]) -> IllegalAction:
        """Why ``action`` is not legal: games override this to say it in the rules' words."""
        return IllegalAction("That is not a legal play right now.")

    @property
    @abstractmethod
    def players(self) -> int: ...

    def __str__(self) -> str:
        return self.notation()

    def __eq__(self, other: object) -> bool:
        """Equal positions have equal notations (``game.load(s.notation()) == s``); a game may
        compare faster (Laser Chess compares its board bytes), never differently."""
        return type(other) is type(self) and isinstance(other, State) and other.notation() == self.notation()

    def __hash__(self) -> int:
        return hash(self.notation())


class Working:
    """The mutable half of the one state pattern every game follows.

    **The pattern.** A game's :class:`State` is a frozen dataclass: each field is declared once,
    there, and a state never changes after it is made. When every field is an immutable value
    (tuples, bytes, ints, frozen dataclasses), a step makes the next state with
    :func:`dataclasses.replace` (Laser Chess). When the rules are easier to write as a
    sequence of changes to lists (a round of Fzzzt! auctions, a Sharks resolution, a Jaws round), the changing
    fields live in one ``Working`` dataclass, declared once, which the frozen state holds; each
    ``_apply`` copies it (:meth:`copy`, built from ``fields()``), lets the rule functions change
    the copy, and wraps the copy in a new state. A working copy is never changed once wrapped.

    Fields listed in ``per_step`` (the events of this step) start empty in every copy. A state that
    holds a working position shares its properties through :class:`WorkingState`.
    """

    __slots__ = ()
    per_step: ClassVar[tuple[str, ...]] = ()
    told: ClassVar[str] = "events"   # the per-step list that :meth:`say` appends this step's story to

    def say(self, kind: str, msgid: str | Text, /, *, visible_to: Sequence[Seat] | Literal["all"] = "all",
            words: Mapping[str, Text | str] | None = None, as_is: bool = False, **data: Any) -> None:
        """Tell one step of the story (:func:`story`: the sentence built from the event's fields,
        or with ``as_is`` said as given), unless the position is ``quiet`` (a fast playout tells
        nothing). The one way every game's rules tell what happened."""
        if getattr(self, "quiet", False):
            return
        steps: list[Event] = getattr(self, self.told)
        steps.append(story(kind, msgid, visible_to=visible_to, words=words, as_is=as_is, **data))

    def record(self, kind: str, /, *, visible_to: Sequence[Seat] | Literal["all"] = "all",
               **data: Any) -> None:
        """Record an event of this step that has no sentence of its own (what the screens or the
        hardware read: a beam's path, a seat's secret hand), unless the position is ``quiet``."""
        if getattr(self, "quiet", False):
            return
        steps: list[Event] = getattr(self, self.told)
        steps.append(event(kind, visible_to=visible_to, **data))

    def copy(self) -> Self:
        """A copy whose lists (and lists of lists) are new, so changing it leaves this one as it was;
        everything else (tuples, strings, layouts, generators) is shared: those never change."""
        cls = type(self)
        names = _FIELD_NAMES.get(cls)
        if names is None:
            names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
        new = object.__new__(cls)
        for name in names:
            value = getattr(self, name)
            if type(value) is list:
                value = [x[:] for x in value] if value and type(value[0]) is list else value[:]
            object.__setattr__(new, name, value)
        for name in self.per_step:
            object.__setattr__(new, name, [])
        return new


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


class Position(Protocol):
    """What a working position (a :class:`Working`) gives the state that wraps it."""

    @property
    def players(self) -> int: ...

    @property
    def phase(self) -> str:
        """Where the game stands; ``"over"`` once it has ended."""

    @property
    def events(self) -> list[Event]:
        """What the step that made this position did (a ``per_step`` field)."""

    def copy(self) -> Self: ...


P = TypeVar("P", bound=Position)


class WorkingState(State, Generic[P]):
    """The half of a game's :class:`State` that every state wrapping a working position repeats.

    A subclass is a frozen dataclass of two fields, declared in this order: ``_game: Game`` (the game
    that made it) and ``_w`` (its working position, a :class:`Working` never changed once wrapped).
    This base reads ``game``, ``players``, ``events`` and ``phase`` off them, gives ``outcome`` only
    once the phase is ``"over"``, keeps the notation once made, and makes the next state by copying
    the position, changing the copy and wrapping it. A game writes the rest: ``awaiting``,
    ``legal_actions``, ``view``, and the three hooks ``_step`` (one legal action on the copy),
    ``_final`` (the outcome of an ended game) and ``_dump`` (the notation).
    """

    _game: Game
    _w: P

    @property
    def game(self) -> Game:
        return self._game

    @property
    def players(self) -> int:
        return self._w.players

    @property
    def events(self) -> list[Event]:
        return list(self._w.events)

    @property
    def phase(self) -> str:
        return self._w.phase

    @cached_property
    def outcome(self) -> Outcome | None:
        return self._final() if self._w.phase == "over" else None

    def notation(self) -> str:
        return self._notation

    @cached_property
    def _notation(self) -> str:
        return self._dump()

    def __repr__(self) -> str:
        text = self._notation
        return f"<{type(self).__name__} {text[:120]}{'...' if len(text) > 120 else ''}>"

    def _apply(self, seat: Seat, action: Action) -> Self:
        w = self._w.copy()
        self._step(w, seat, action)
        return self._wrap(w)

    def _wrap(self, w: P) -> Self:
        """A state of the same game holding ``w``: what the dataclass's ``__init__`` does, without the
        call (one per action)."""
        new = object.__new__(type(self))
        object.__setattr__(new, "_game", self._game)
        object.__setattr__(new, "_w", w)
        return new

    @abstractmethod
    def _step(self, w: P, seat: Seat, action: Action) -> None:
        """Play ``action`` (legal and canonical, checked at the door) on ``w``, a copy of the position."""

    @abstractmethod
    def _final(self) -> Outcome:
        """The outcome, asked only once the phase is ``"over"``."""

    @abstractmethod
    def _dump(self) -> str:
        """The notation that ``game.load`` turns back into an equal state (kept once made)."""


@dataclass(frozen=True)
class HardwareRoles:
    """What the table's hardware does in this game (read by the companion's hardware link).

    ``button`` says what a seat's button means: ``"fire"`` fires the laser for the move just
    made (the sensors then check the beam of the ``shot_event``); ``"actions"`` plays the seat's
    first legal action whose type is in ``button_actions``; ``"none"`` ignores it.
    ``show_shot_events`` fire a short laser shot each (the game's own lasers, no check);
    ``flash_events`` flash the LED of the seat the event names in ``"seat"``.
    """

    button: Literal["fire", "actions", "none"] = "actions"
    button_actions: tuple[str, ...] = ("pass", "ready")
    shot_event: str | None = None
    show_shot_events: frozenset[str] = frozenset()
    flash_events: frozenset[str] = frozenset()


@dataclass(frozen=True)
class PageAssets:
    """The game's own page parts, file names under ``web/static/games/``.

    The script registers the game's phone and table renderers; the labels it shows are
    found in it (every ``TC.T``/``TC.TN``/``TC.N`` literal), so they need no list of their own.
    """

    script: str | None = None
    style: str | None = None
    parts: tuple[str, ...] = ()
    """More scripts of the game, loaded before ``script`` on its pages (and before ``host_script``
    on the host page): drawing code the phone, the table screen and the host page share."""
    host_script: str | None = None
    """The host page's part for this game (a board editor), loaded on the host page: it registers
    ``GameHost[<game>]`` (docs/web.md)."""
    words: Mapping[str, str] = field(default_factory=dict, hash=False)
    """For a game drawn by the pages' generic view (no ``script``): the words a person reads for
    its view's field names and its action types, key -> msgid (each marked ``N_``, so it is
    translated), e.g. ``{"round": N_("Round"), "pick": N_("Pick a number")}``. A key without a
    word is shown as it is, in code type, under a line saying it is the game's raw data."""
    unread: tuple[str, ...] = ()
    """Parts of the game's view its page scripts never read, as dotted keys (``"rounds"``,
    ``"orca.spaces"``): the pages get their payloads without them (docs/api.md "The pages'
    form"); every other client gets the whole view."""


@dataclass(frozen=True)
class BoardCheck:
    """A board the table drew, checked by its game: the board in its canonical form when it has no
    problems, else every problem, each one sentence (the first is the one a refusal says)."""

    board: dict[str, Any] | None
    problems: tuple[Text, ...] = ()


@dataclass(frozen=True)
class ProfileCheck:
    """A box profile (the printed numbers of the table's own copy), checked by its game: the profile
    in its canonical form and how complete it is when it has no problems, else every problem, each
    one sentence naming the field (the first is the one a refusal says)."""

    profile: dict[str, Any] | None
    problems: tuple[Text, ...] = ()
    status: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Pacing:
    """How the table screen tells this game's changes, one step (a public event with a sentence)
    at a time (read by the companion's story, docs/web.md "The table's story").

    A change the table has not finished telling is never wiped: new plays append their steps to
    the table's queue. ``hold`` names event types that make the next play wait instead: while
    the table (a screen is watching) has yet to tell a change holding one of them, every play
    is refused with a sentence and the phones say so (Sharks with Lasers' round resolution:
    the next round is planned on the board the table has shown). ``step_seconds`` is Auto's
    least time per step; a longer sentence, and lines told with it, get more (reading time).
    """

    hold: frozenset[str] = frozenset()
    step_seconds: float = 2.2
    together: frozenset[str] = frozenset()
    """Event types that show nothing new on their own (a card turned over): told in one step with
    the step after them (what the card does). A run of steps of one type and one sentence is told
    as one step in every game."""
    brief: frozenset[str] = frozenset()
    """Event types that only say a seat now plays in secret (Jaws: "The shark plans its turn in
    secret."): once that seat's answer is waiting to be told, the step that ends on one is told at a
    glance (companion/story.py ``GLANCE_SECONDS``), so the answer comes up within a second."""
    sealed: frozenset[str] = frozenset()
    """Action types a seat may plan while plays are held (``hold``): such a play is accepted and
    stored but sealed, shown to nobody else, and played when the telling ends (companion/sealing.py).
    Only plays the rules let a seat make without seeing the table's telling: hidden plays whose
    legality and effect depend on nothing but the board after the change and the seat's own hand.
    A play that would need a draw or open a telling of its own is never sealed."""


@dataclass(frozen=True)
class SetupStep:
    """One step of setting up the table's own box, shown on the table screen after Start and
    before the first play (docs/engines.md "Setting up and teaching").

    The picture is the game's own table drawing of the start position (the public view), with
    the things named in ``marks`` marked on it: names the game's page script knows (``"pieces"``,
    ``"swimmers"``, ``"deck:event"``...); a page that knows none of them draws the view unmarked.
    ``lines`` say what goes where, with the counts, in the edition's words; ``section`` names the
    rulebook section ("Setup, 3"). ``check`` asks the table's hardware to check the step where it
    can: ``"beam"`` fires the laser and compares where the beam lands with the start position.
    """

    key: str
    title: Text
    lines: tuple[Text, ...] = ()
    marks: tuple[str, ...] = ()
    section: Text | None = None
    check: Literal["beam"] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "title": self.title.to_json(),
                "lines": [line.to_json() for line in self.lines], "marks": list(self.marks),
                "section": self.section.to_json() if self.section else None, "check": self.check}


@dataclass(frozen=True)
class Lesson:
    """What a first game explains the first time a phase or a kind of decision comes (the table
    option "First game"): two or three sentences in the edition's words and the rulebook section
    they come from. ``key`` is what makes it come once per table ("bid", "shark-move").
    ``begins``: the public event types of the step where its phase begins (the first such step of
    the play's telling shows it, never an earlier one); none: the play's last step."""

    key: str
    title: Text
    text: Text
    section: Text
    begins: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "title": self.title.to_json(), "text": self.text.to_json(),
                "section": self.section.to_json()}


@dataclass(frozen=True)
class Beam:
    """Where a laser's beam goes: along ``path`` (the squares from the laser on), then it leaves
    the board at ``exit`` (the edge square and the direction it travels, "N" = towards the far
    rows) or stops on the board at ``stopped_at``."""

    path: tuple[str, ...]
    exit: tuple[str, str] | None = None
    stopped_at: str | None = None


@dataclass(frozen=True)
class Misplaced:
    """One token standing wrong while setting up (turned, missing, or standing where the setup
    has none), said in the edition's words ("the Deflector on f3 is turned the wrong way"), and
    the beam it would give: one per way it may stand (a token turned may face several ways)."""

    square: str
    say: Text
    beams: tuple[Beam, ...]


@dataclass(frozen=True)
class SetupBeam:
    """One laser of a start position: whose it is, its beam as the setup says, and every single
    token that may stand wrong on that beam's way, the likeliest first (read by the companion's
    setup check, docs/hardware.md "Checking the setup with the beam")."""

    seat: Seat
    beam: Beam
    misplaced: tuple[Misplaced, ...] = ()


PublicTeacher = Callable[[Mapping[str, Any], tuple[Seat, ...], list[Event]], tuple[Lesson, ...]]
"""How a game picks its lessons: from the public view, the seats awaited and the public events of
the play that made the state, never from anything hidden (:func:`public_lessons`)."""


class SettingUpRules(Protocol):
    """A game's ``setting_up`` module: the real box's set-up, read from a start position of the
    game's own state type (:attr:`Game.state_type`)."""

    def steps(self, state: Any, chance: ChanceMode = ..., /) -> tuple[SetupStep, ...]: ...

    def part(self, state: Any, seat: Seat, /) -> tuple[Text, ...]: ...


class LessonRules(Protocol):
    """A game's ``lessons`` module: its teacher (:data:`PublicTeacher`), ``ALL``, every lesson in
    the order a game meets them (the rules page reads them: web/rules.py), and ``WHY``, for each
    public event type the lessons that say the rule behind it (the table screen's "Why?")."""

    @property
    def ALL(self) -> tuple[Lesson, ...]: ...   # a module constant, read only

    @property
    def WHY(self) -> Mapping[str, tuple[str, ...]]: ...   # each public event type's lesson keys

    @property
    def WHY_PLAY(self) -> Mapping[str, tuple[str, ...]]: ...   # each kind of play's lesson keys

    def teach(self, view: Mapping[str, Any], awaiting: tuple[Seat, ...], events: list[Event], /
              ) -> tuple[Lesson, ...]: ...


def public_lessons(state: State, teach: PublicTeacher) -> tuple[Lesson, ...]:
    """``state``'s lessons as ``teach`` picks them from what everyone may know: lessons are told on
    the table screen, so a game's ``lessons`` hands its teacher the public view, the seats awaited
    and the public events only (a lesson can say nothing of a hand or a secret move)."""
    return teach(state.view(None), tuple(state.awaiting), events_for(state.events, None))


class Game(ABC):
    """A game's rules: metadata, options, and how to start or load a position.

    Besides the rules, a game declares what the rest of the house needs to know about it
    (as OpenSpiel's game type does), so that no module outside its package names its id:
    ``chance_modes``, ``own_chance``, ``hardware``, ``page`` and ``pacing``.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    option_spec: ClassVar[tuple[Option, ...]] = ()
    chance_modes: ClassVar[tuple[ChanceMode, ...]] = ()
    """The chance modes the host may choose; ``()`` when nothing is left to chance."""
    own_chance: ClassVar[bool] = False
    """True: the table's chance mode is passed on as the game's own ``chance`` option, and
    digital draws happen inside the state (its own Rng); only physical mode awaits ``TABLE``."""
    hardware: ClassVar[HardwareRoles] = HardwareRoles()
    page: ClassVar[PageAssets] = PageAssets()
    pacing: ClassVar[Pacing] = Pacing()
    physical_input: ClassVar[Mapping[str, str]] = {}
    """With the real cards or dice (physical chance), the action types a seat plays by *entering*
    what happened at the table (a card it turned over or drew), each with the sentence (a msgid
    with ``{seat}``) that asks the host to enter it for a seat that cannot: the computer, which
    cannot see the real cards, or a seat with no phone. Such a seat's request goes to the host page
    ("Enter the conveyor card Computer 2 turned over."); its other plays stay its own."""

    def chapter_title(self, view: Mapping[str, Any]) -> Text | None:
        """A short phrase for what a change belongs to, from the public view before it
        ("round 3"): the phones say "The table is showing round 3: 4 of 26". None: the pages say
        "the last plays"."""
        return None

    def seat_scores(self, outcome: Mapping[str, Any], players: int) -> list[int | float | None]:
        """Each seat's final score, as a play-logging app records it (the evening's results, their
        export), read from ``outcome["scores"]``: a number under the seat's key, or a score sheet's
        ``"total"``; None for a seat the game gives no score (a race, a team's win)."""
        scores = outcome.get("scores") or {}
        out: list[int | float | None] = []
        for seat in range(players):
            found = scores.get(str(seat)) if isinstance(scores, Mapping) else None
            if isinstance(found, Mapping):
                found = found.get("total")
            out.append(found if isinstance(found, int | float) and not isinstance(found, bool) else None)
        return out

    board_option: ClassVar[str | None] = None
    """The option that takes a board the table drew and saved (its JSON), for games whose printed
    board the table transcribes; the companion keeps saved boards and checks them with
    :meth:`check_board`."""

    @property
    def options(self) -> list[dict[str, Any]]:
        """JSON-able description of the variants and their defaults."""
        return [opt.to_json() for opt in self.option_spec]

    def validate_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        return validate_options(self.option_spec, options)

    def start(self, players: int, seed: int = 0, options: Mapping[str, Any] | None = None) -> State:
        """A new game; raises :class:`IllegalAction` for a bad player count, seed or option."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise IllegalAction("The number of players must be a whole number.")
        if not self.min_players <= players <= self.max_players:
            if self.min_players == self.max_players:
                raise IllegalAction("{title} is for exactly {low} players.",
                                    title=self.title, low=self.min_players)
            raise IllegalAction("{title} is for {low} to {high} players.",
                                title=self.title, low=self.min_players, high=self.max_players)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise IllegalAction("The seed must be a whole number.")
        return self._start(players, seed, self.validate_options(options))

    @abstractmethod
    def _start(self, players: int, seed: int, options: dict[str, Any]) -> State: ...

    @abstractmethod
    def load(self, text: str) -> State:
        """A position from the game's own notation; raises :class:`IllegalAction` if malformed."""

    def check_board(self, data: object) -> BoardCheck:
        """A board the table drew (JSON text or its parsed form), checked: see ``board_option``."""
        return BoardCheck(None, (Text("{title} has no board to draw.", {"title": self.title}),))

    profile_option: ClassVar[str | None] = None
    """The option that takes a box profile (JSON): the printed numbers of the table's own copy that no
    public source gives, entered once by the table and kept per box by the companion, which hands the
    profile to each new table in this option and learns what a table entered
    (:meth:`learned_profile`, :meth:`merge_profile`)."""

    def check_profile(self, data: object) -> ProfileCheck:
        """A box profile (JSON text or its parsed form), checked: see ``profile_option``."""
        return ProfileCheck(None, (Text("{title} has no box profile.", {"title": self.title}),))

    def merge_profile(self, stored: Mapping[str, Any], learned: Mapping[str, Any]) -> dict[str, Any]:
        """``stored`` grown by what a table entered (``learned``); both already checked."""
        return dict(stored)

    def learned_profile(self, state: State) -> dict[str, Any] | None:
        """What the table has entered in this game that its box profile should keep (a profile of
        its own, with the profile's name), or None."""
        return None

    def sample_boards(self) -> dict[str, dict[str, Any]]:
        """The boards that ship with the game, by name (each one a placeholder or a real one)."""
        return {}

    state_type: ClassVar[type[Any]] = State
    """The game's own state class: the one every hook below is handed."""
    setting_up: SettingUpRules | None = None
    """The package's ``setting_up`` module (``steps``, ``part``); None: nothing to set up."""
    teaching: LessonRules | None = None
    """The package's ``lessons`` module (``teach``); None: no lessons."""

    def own(self, state: State) -> State:
        """``state``, checked to be this game's (a hook handed another game's state is a bug)."""
        ours = isinstance(state, self.state_type)
        if not ours:
            raise TypeError(f"{self.id} was handed a {type(state).__name__}")
        return state

    def setup_steps(self, state: State, chance: ChanceMode = DIGITAL) -> tuple[SetupStep, ...]:
        """How to set up the real box for ``state`` (a start position), in order; () when the game
        has nothing to set up. Built from the state itself, never from a second copy: the package's
        ``setting_up.steps`` (:attr:`setting_up`). ``chance`` is the table's chance mode, which
        decides what the real components do: cards the companion holds stay in the box, cards the
        table deals are dealt (a game with :attr:`own_chance` has the same mode in its state)."""
        return self.setting_up.steps(self.own(state), chance) if self.setting_up is not None else ()

    def setup_part(self, state: State, seat: Seat) -> tuple[Text, ...]:
        """What ``seat`` takes or learns while setting up (its role, its hand, its boats, its secret
        start where the rules make one). It may name hidden things: it goes to that seat only."""
        return self.setting_up.part(self.own(state), seat) if self.setting_up is not None else ()

    def lessons(self, state: State) -> tuple[Lesson, ...]:
        """The lessons for what ``state`` asks now (its phase, the kinds of decision awaited), in
        order, the last one about the decision awaited now (the phone of the seat to act shows it);
        the table shows each key once per table, with "First game" on. Public: the package's
        ``lessons.teach`` (:attr:`teaching`) is handed what everyone may know (:func:`public_lessons`)."""
        return public_lessons(state, self.teaching.teach) if self.teaching is not None else ()

    def rules(self) -> tuple[Lesson, ...]:
        """The game's rules in the project's own words: every lesson, in the order a game meets
        them, each with its rulebook section (the rules page, web/rules.py); () without lessons."""
        return tuple(self.teaching.ALL) if self.teaching is not None else ()

    def why(self) -> Mapping[str, tuple[str, ...]]:
        """For each kind of step the table screen tells (a public event type), the keys of the
        rules (:meth:`rules`) behind it, the most relevant first: the lessons module's ``WHY``."""
        return self.teaching.WHY if self.teaching is not None else {}

    def why_play(self) -> Mapping[str, tuple[str, ...]]:
        """For each kind of play (an action's ``type``), the keys of the rules behind it: a refused
        play's "Why?" on the phone (the lessons module's ``WHY_PLAY``)."""
        return self.teaching.WHY_PLAY if self.teaching is not None else {}

    def setup_beams(self, state: State) -> tuple[SetupBeam, ...]:
        """The lasers of ``state`` (a start position), each with its beam and the single misplaced
        tokens that would send it elsewhere: what a table's laser and sensors can check while it
        sets up (a step with ``check="beam"``). () when the game has no laser of its own."""
        return ()

    def seat_roles(self, players: int, options: Mapping[str, Any] | None = None) -> tuple[Text, ...]:
        """What each seat plays, in seat order, where the game gives seats roles of their own (one
        seat the shark, the others the crew), for ``players`` seats with ``options``; () where seats
        differ only in their order. Raises :class:`IllegalAction` as :meth:`start` would."""
        return ()

    def bot(self, **settings: Any) -> Bot:
        """A computer player for this game (a random one unless the game has better)."""
        return RandomBot()

    def describe(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "min_players": self.min_players,
                "max_players": self.max_players, "options": self.options}


# --------------------------------------------------------------------------- bots

StopSignal = Callable[[], bool]
"""Asked now and then by a searching bot: True means answer now. Engines have no
clock, so the caller decides what "now" is (a deadline, a node budget)."""


@dataclass(frozen=True)
class BotChoice:
    action: Action
    info: dict[str, Any] = field(default_factory=dict)  # e.g. {"depth": 4}


class Bot(Protocol):
    def choose(self, state: State, seat: Seat, stop: StopSignal, seed: int) -> BotChoice: ...


class RandomBot:
    """Plays a uniformly random legal action (a deterministic function of ``seed``)."""

    def choose(self, state: State, seat: Seat, stop: StopSignal, seed: int) -> BotChoice:
        from engines.rng import Rng
        actions = state.legal_actions(seat)
        if not actions:
            raise IllegalAction("There is nothing to play.")
        action, _ = Rng.from_seed(seed).choice(actions)
        return BotChoice(action)


def canonical_json(value: object) -> str:
    """Stable JSON text: for hashing, logging and leak canaries."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
