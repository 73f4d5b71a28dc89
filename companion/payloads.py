"""What each reader of a table is shown, and the pushes that show it (``OpenTable.heard``).

A reader is the public (the table screen, anyone without a seat), the host's table view or a seat's
phone (companion/audiences.py). :class:`Payloads` builds each reader's payload from the parts that
know it: the state (a seat with sealed plays sees its own, companion/sealing.py), the story
(companion/telling.py), who is here (companion/presence.py), the setup stage
(companion/setting_up.py), the lesson of "First game" (companion/teaching.py). It pushes a change
to every open stream except the readers the change leaves as they were, and remembers what each
reader was shown. Hidden information: every payload is built from ``state.view(seat)`` and the
events that seat may see; nothing else of the state leaves here. Every method runs under the
table's lock.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion import teaching
from companion.audiences import PUBLIC, Shown, reader, readers
from companion.presence import Presence
from companion.sealing import Sealer
from companion.setting_up import SetupGuide
from companion.story import Story
from companion.tables import OpenTable, awaiting_now, readers_now, requests
from companion.telling import Teller
from engines import TABLE, Event, Game, State, Text, events_for
from engines.core import CHANCE_LABELS, PHYSICAL


def variant(game: Game, options: Mapping[str, Any], chance: str) -> list[Text]:
    """What sets a table apart from another of its game, in words, for the list of tables: each
    option not at its default (a choice's words, a switch's name, a number with its name, an
    expert's text by its name alone: never the value as it is sent), then real dice and cards
    when the table, not the game, deals (``chance``)."""
    out: list[Text] = []
    for option in game.option_spec:
        value = options.get(option.name, option.default)
        if value == option.default or value == "":
            continue
        name = Text(option.label or option.name)
        if option.choices:
            out.append(Text(option.choice_labels.get(str(value), option.label or option.name)))
        elif isinstance(value, bool):
            out.append(name if value else Text("{option}: {value}", {"option": name, "value": Text("off")}))
        elif isinstance(value, int):
            out.append(Text("{option}: {value}", {"option": name, "value": value}))
        else:
            out.append(name)
    if chance == PHYSICAL and all(option.name != "chance" for option in game.option_spec):
        out.append(Text(CHANCE_LABELS[PHYSICAL]))
    return out


_GONE = object()


def held_back(mine: Any, now: Any, then: Any) -> Any:
    """A seat's view as of a step the table shows: what it shares with the public view now, as
    the public view was then; what is the seat's own (where its view differs from the public view
    now: its hand, its secret path, its sealed play), as it is now. ``mine``: the seat's view now;
    ``now``, ``then``: the public view now and as of the step. Every value comes from ``mine`` or
    ``then``, so nothing the seat may not see can come in; a part the public view did not have
    then (a result still to tell) is left out."""
    if mine == now:
        return then
    if isinstance(mine, dict) and isinstance(now, dict) and isinstance(then, dict):
        out = {}
        for key, value in mine.items():
            kept = held_back(value, now.get(key, _GONE), then.get(key, _GONE)) if key in now else value
            if kept is not _GONE:
                out[key] = kept
        return out
    if (isinstance(mine, list) and isinstance(now, list) and isinstance(then, list)
            and len(mine) == len(now) == len(then)):
        return [held_back(m, n, w) for m, n, w in zip(mine, now, then, strict=True)]
    return mine


def own(seat: int | None) -> int | None:
    """Whose events a reader sees besides the public ones: a seat's own; the host's view and the
    table screen see the public ones only."""
    return None if seat is None or seat == TABLE else seat


class Payloads:
    def __init__(self, presence: Presence, teller: Teller, sealer: Sealer, guide: SetupGuide,
                 fault: Callable[[], Text | None],
                 voice: Callable[[OpenTable], dict[str, Any] | None] = lambda t: None) -> None:
        """``fault``: the sentence while the store refuses writes (every payload carries it);
        ``voice``: the table screen's narration (its setting and the shown stop's clip), or None."""
        self.presence, self.teller, self.sealer, self.guide = presence, teller, sealer, guide
        self._fault, self._voice = fault, voice

    # -- building --------------------------------------------------------------------------

    def _common(self, t: OpenTable, seat: int | None) -> dict[str, Any]:
        # a seat with sealed plays sees its own state (companion/sealing.py); everyone else the table's
        state = t.state if seat is None or seat == TABLE else self.sealer.own_state(t, seat)
        who, row, fault = reader(seat), t.row, self._fault()
        reading = readers_now(t)
        return {"table": t.id, "game": row.game, "title": t.game.title,
                "players": row.players, "view": t.heard.view(state, seat if seat != TABLE else None),
                "awaiting": [] if row.ended else list(state.awaiting), "outcome": state.outcome,
                "version": t.version_for(who), "presence": t.here.presence,
                "events": t.heard.heard(who, own(seat)),
                "seats": self.presence.seats_json(t), "step": row.step, "ended": row.ended,
                "chance": row.chance, "next_table": row.next_table, "lang": row.lang,
                "first_game": row.first_game,
                "reading": None if reading is None else list(reading),
                "fault": fault.to_json() if fault else None,
                "story": t.telling.story.to_json(None if seat in (None, TABLE) else seat, auto=row.auto,
                                                 hold=self.teller.holding(t),
                                                 screen=self.presence.watched(t),
                                                 looking=self.teller.looking(t)),
                "setup": self.guide.to_json(t, seat)}

    def public(self, t: OpenTable) -> dict[str, Any]:
        out = self._common(t, None)
        # the telling's pace (the host's setting) and how long Auto keeps the shown stop up at it
        out["story"]["pace"] = {"pace": t.row.pace, "seconds": round(self.teller.seconds(t), 2)}
        voice = self._voice(t)
        if voice is not None:   # the table screen speaks the stop it shows (companion/narration.py)
            out["story"]["voice"] = voice
        return out

    def seat(self, t: OpenTable, seat: int) -> dict[str, Any]:
        """A seat's payload (``TABLE``: the host's table view, with what it is asked to enter)."""
        out = self._common(t, seat)
        if seat == TABLE:
            state = t.state
            if t.row.ended or TABLE not in state.awaiting:
                legal = []
            elif state.reading is not None:     # what the table may enter with one tap
                legal = state.legal_actions(TABLE)
            else:
                legal = [a for a, _ in state.chance_outcomes()] if t.row.chance == PHYSICAL else []
            name = "Host"
            out["requests"] = [{"seat": s, "say": say.to_json(), "legal_actions": actions}
                               for s, say, actions in self.requests(t) if self._asked(t, s)]
            if not self._told_up_to(t, out, TABLE, state):   # the host's page is a screen too
                legal = []
        else:
            state = self.sealer.own_state(t, seat)
            open_now = not t.row.ended and not self.guide.setting_up(t)   # nothing while setting up
            legal = state.legal_actions(seat) if seat in state.awaiting and open_now else []
            name = t.name(seat)
            if t.row.first_game and open_now:   # (setting up: nothing may be played yet, G1)
                out["lesson"] = teaching.now(t, seat)   # what this seat may do now
            out["sealed"] = self.sealer.count(t, seat)
            out["story"]["seal"] = self.sealer.sealable(t, seat)
            if not self._told_up_to(t, out, seat, state):
                legal = []
                out["story"]["seal"] = []
                out.pop("lesson", None)
        out.update(seat=seat, name=name, legal_actions=legal)
        return out

    def _told_up_to(self, t: OpenTable, out: dict[str, Any], seat: int, state: State) -> bool:
        """No phone learns before the table (docs/web.md, "No phone ahead of the table"): while a
        table screen has steps still to tell, the phone's public part (the board, the other seats,
        what was revealed, whose turn it is, the outcome) is the state as of the step the screen
        shows, its own part is as it is now, and the public events still to tell are left out.
        False: the seat is asked to play now, but its turn is not there as of the shown step, or
        not through every change still to tell (its prompt follows from a result the table has
        still to tell), so it is not asked yet."""
        if not self.presence.present(t):
            return True   # no screen there (after a restart too, until it is back): nothing is told
        shown = t.telling.story.as_of()
        if shown is None:
            return True
        chapter, index, then = shown
        now = t.heard.view(t.state, None)
        mine = out["view"]
        out["view"] = held_back(mine, now, then.view)
        asked = seat in state.awaiting
        out["awaiting"] = [] if t.row.ended else [s for s in then.awaiting if s != seat or asked]
        out["outcome"] = then.outcome
        untold = t.telling.story.untold()
        out["events"] = [ev for ev in out["events"] if ev.get("id") not in untold]
        # a game that draws each step of the change (a beam, a piece gliding) starts from the state
        # after it and undoes the later steps, as on the table screen (TC.asOf, the story's "shown")
        if seat != TABLE:   # (the host's table view has the public story's, its own part none)
            sides = {side: {**snap.to_json(), "view": held_back(mine, now, snap.view)}
                     for side, snap in (("before", chapter.before), ("after", chapter.after))}
            out["story"]["shown"] = {"chapter": chapter.tag, "index": index, "count": len(chapter.steps),
                                     "stop": chapter.stop_of(index), "stops": len(chapter.stops), **sides}
        return not asked or self._asked(t, seat)

    def _asked(self, t: OpenTable, seat: int) -> bool:
        """Whether a seat awaited now may be asked already: its turn is there as of the step the
        table screen shows and lasts through every change still to tell (others bidding at once do
        not end it; a move it made, then another's, does). Always, with no screen there."""
        shown = t.telling.story.as_of() if self.presence.present(t) else None
        if shown is None:
            return True
        return all(seat in snap.awaiting for snap in (shown[2], *t.telling.story.since()))

    def payload(self, t: OpenTable, seat: int | None) -> dict[str, Any]:
        return self.public(t) if seat is None else self.seat(t, seat)

    def requests(self, t: OpenTable) -> list[tuple[int, Text, list[dict[str, Any]]]]:
        """What the host page is asked to enter for a seat that cannot (companion/tables.py)."""
        return requests(t, self.presence.shown(t))

    def listed(self, t: OpenTable) -> dict[str, Any]:
        """The table's entry in the list of tables (public): with the game's outcome once the table
        has told it (``winners``), and when it reached its end (``finished_at``), for the
        evening's results."""
        winners = self.winners(t)
        return {"table": t.id, "game": t.row.game, "title": t.game.title,
                "players": t.row.players, "seats": self.presence.seats_json(t),
                "awaiting": awaiting_now(t), "version": t.version_for(PUBLIC),
                "ended": t.row.ended, "finished": t.state.outcome is not None,
                "winners": winners, "outcome": None if winners is None else t.state.outcome,
                "created": t.row.created, "finished_at": t.row.finished or None,
                "next_table": t.row.next_table, "lang": t.row.lang,
                "variant": [text.to_json() for text in variant(t.game, t.row.options, t.row.chance)]}

    def winners(self, t: OpenTable) -> list[int] | None:
        """Who won, as the list of tables says it: not while a table screen is still telling the
        end (as on the phones, the table says it first); None while nobody has won."""
        outcome = t.state.outcome
        if outcome is None or (not t.row.ended and self.presence.watched(t) and t.telling.story.waiting()):
            return None
        return [w for w in outcome.get("winners", []) if isinstance(w, int)]

    # -- who a change reaches ------------------------------------------------------------------

    def unseen(self, t: OpenTable, story: Story, step: int, shown: str, events: list[Event]) -> set[str]:
        """The readers a change about to be stored leaves as they were (companion/audiences.py):
        it tells them nothing they may see and their payloads, with ``story`` and the new state,
        show what they showed. The table is left as it was."""
        if events_for(events, None):
            return set()   # a public event tells every reader something
        kept = t.telling.story, t.row.step, t.row.shown
        t.telling.story, t.row.step, t.row.shown = story, step, shown
        try:
            out = set()
            for seat in readers(t.row.players):
                if events_for(events, own(seat)):
                    continue   # told something
                if t.heard.seen.get(reader(seat)) == Shown(self.payload(t, seat)):
                    out.add(reader(seat))
            return out
        finally:
            t.telling.story, t.row.step, t.row.shown = kept

    def stale(self, t: OpenTable, unseen: set[str]) -> dict[str, list[Event]]:
        """For each reader in ``unseen``: the events it was last told, which it keeps."""
        return {who: t.heard.heard(who, own(seat)) for seat in readers(t.row.players)
                if (who := reader(seat)) in unseen}

    # -- pushing ---------------------------------------------------------------------------------

    def look(self, t: OpenTable) -> dict[int | None, dict[str, Any]]:
        """Every reader's payload now, each remembered as what that reader was last shown."""
        payloads = {seat: self.payload(t, seat) for seat in readers(t.row.players)}
        t.heard.seen = {reader(seat): Shown(p) for seat, p in payloads.items()}
        if t.state.outcome is not None or t.row.ended:
            for shown in t.heard.seen.values():   # a table that is over: its digests, not its payloads
                shown.digest()
        return payloads

    def fan_out(self, t: OpenTable, unseen: set[str] | frozenset[str] = frozenset()) -> None:
        """Push every open stream its reader's payload, but none to a reader in ``unseen`` (a
        change it could not see reaches it in no form)."""
        self.presence.changed(t)   # whatever is pushed shows the presence of now
        payloads = self.look(t)
        for sub in list(t.subs):
            if reader(sub.seat) not in unseen:
                sub.put(payloads[sub.seat])

    def push_presence(self, t: OpenTable) -> None:
        """The presence flags changed: every stream is told."""
        if self.presence.changed(t):
            self.fan_out(t)

    def push_seat(self, t: OpenTable, seat: int) -> dict[str, Any]:
        """The seat's payload, remembered as shown to it and pushed to its streams alone."""
        payload = self.seat(t, seat)
        t.heard.seen[reader(seat)] = Shown(payload)
        for sub in list(t.subs):
            if sub.seat == seat:
                sub.put(payload)
        return payload
