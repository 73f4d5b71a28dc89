"""Setting up: after Start and before the first play, the table screen walks the table
through setting up its own box, a step at a time, and each phone shows that player's own part.

:class:`SetupGuide` keeps the stage (``TableRow.setup``, and ``OpenTable.setting_up``); its public
methods take a table's lock themselves, the others run under it. docs/web.md "Setting up".

- A table asks for it with the table option ``setting_up`` (the host page sends it on; through
  the JSON API it is off unless given). The game declares the steps (``Game.setup_steps``) and
  each seat's part (``Game.setup_part``), both from the start position.
- The stage is kept with the table (``TableRow.setup``: the shown step, the seats that pressed
  Ready, whether the game has opened): a pulled plug resumes where it was.
- While it lasts, the seats' plays are refused (409, state unchanged) and the computer waits; the
  host may still enter what the real dice or cards showed. The computer's seats are ready at
  once. The table sets the pace: a step moves on only with the table's Next (Auto waits for the
  game). The game opens when every seat is ready and the table has been shown every step: with a
  table screen there, at its last step (the last Ready there, or Next there once all are ready);
  with none (phones only, or the screen gone), at the last Ready. The host may skip at any time.
- A step that asks for a ``beam`` check has the hardware fire the laser and compare where the beam
  lands (``link.check_setup``); its answer is shown with the step.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from companion.store import StorageFailure, Store
from companion.tables import OpenTable, Tables, seat_number
from engines import TABLE, SetupStep, State
from engines.core import chance_mode
from engines.text import N_
from web.service import BadRequest, Conflict

log = logging.getLogger("companion.setup")

SETTING_UP = "setting_up"
"""The table option's name (a game's own option may be called ``setup``: Laser Chess's is)."""
SETUP_OPTION: dict[str, Any] = {
    "name": SETTING_UP, "type": "bool", "default": True, "line": True,
    "label": N_("Show how to set up the box, step by step, before the first play"),
    "help": N_("The table screen shows each setup step and every phone its player's part; the game "
               "opens when every seat is ready or the host skips. Through the JSON API it is off "
               "unless given."),
}
STILL_SETTING_UP = N_("The table is still setting up: press Ready on your phone, or the host skips.")


def declares_setup(game: Any) -> bool:
    """Whether a game declares setup steps: its package's ``setting_up`` part (``Game.setting_up``),
    or ``Game.setup_steps`` written for it (a test's game)."""
    from engines.core import Game
    return game.setting_up is not None or type(game).setup_steps is not Game.setup_steps


def stage(steps: tuple[SetupStep, ...], asked: bool) -> dict[str, Any] | None:
    """A new table's stage: None when it did not ask; open at once when there is nothing to show."""
    if not asked:
        return None
    return {"step": 0, "ready": [], "open": not steps}


class SetupGuide:
    def __init__(self, store: Store, tables: Tables, hardware: Callable[[], Any], *,
                 watched: Callable[[OpenTable], bool], push: Callable[[OpenTable], None],
                 payload: Callable[[OpenTable, int | None], dict[str, Any]],
                 opened: Callable[[OpenTable], None], notify: Callable[[OpenTable, State], None],
                 poke: Callable[[], None]) -> None:
        """``hardware``: the hardware link now, or None; ``watched``: a table screen is there (it
        shows every step before the game opens); ``push``: every stream of the table is told;
        ``payload``: a reader's payload (None: the public one); ``opened``: the game opened (the
        computer may play); ``notify``: the listeners (the hardware's seat LEDs) hear of a change;
        ``poke``: the pacer looks again."""
        self.store, self.tables, self.hardware = store, tables, hardware
        self._watched, self._push, self._payload = watched, push, payload
        self._opened, self._notify, self._poke = opened, notify, poke

    # -- reading the stage ---------------------------------------------------------------

    @staticmethod
    def setting_up(t: OpenTable) -> bool:
        """The table is setting up: it asked for it, and the game has not opened."""
        return t.row.setup is not None and not t.row.setup.get("open") and not t.row.ended

    @staticmethod
    def steps(t: OpenTable) -> tuple[SetupStep, ...]:
        """The game's steps for the table's position now (kept while the position stays)."""
        kept = t.setting_up
        if kept.cache is None or kept.cache[0] is not t.state:
            kept.cache = (t.state, tuple(t.game.setup_steps(t.state, chance_mode(t.row.chance))))
        return kept.cache[1]

    @staticmethod
    def ready_seats(t: OpenTable) -> list[int]:
        """The seats ready: those that pressed Ready, and the computer's."""
        pressed = set(t.row.setup.get("ready", [])) if t.row.setup else set()
        return sorted(pressed | {s.seat for s in t.seats if s.bot})

    def to_json(self, t: OpenTable, seat: int | None) -> dict[str, Any] | None:
        """The payload's ``setup``: null unless setting up; a seat's own part goes to it alone."""
        if not self.setting_up(t):
            return None
        assert t.row.setup is not None
        steps = self.steps(t)
        out: dict[str, Any] = {"steps": [s.to_json() for s in steps],
                               "step": min(int(t.row.setup.get("step", 0)), max(len(steps) - 1, 0)),
                               "ready": self.ready_seats(t), "check": t.setting_up.check}
        if seat is not None and seat != TABLE:
            out["part"] = [line.to_json() for line in t.game.setup_part(t.state, seat)]
        return out

    def waiting(self, table: str) -> frozenset[int] | None:
        """The seats still to press Ready while the table sets up (the hardware's seat LEDs and
        buttons); None when it does not set up."""
        t = self.tables.get(table)
        with t.lock:
            if not self.setting_up(t):
                return None
            return frozenset(range(t.row.players)) - frozenset(self.ready_seats(t))

    def refuse(self, t: OpenTable, seat: int) -> None:
        """A seat's play while the table is setting up: refused (the host's chance entries are not)."""
        if seat != TABLE and self.setting_up(t):
            raise Conflict(STILL_SETTING_UP)

    # -- changing it ------------------------------------------------------------------------

    def _store(self, t: OpenTable, setup: dict[str, Any]) -> None:
        """Keep the new stage (durably first), then show it everywhere."""
        version = t.row.version + 1
        self.store.update_table(t.id, version=version, setup=setup)
        t.row.version, t.row.setup = version, setup
        self._push(t)

    def everyone_ready(self, t: OpenTable) -> bool:
        return len(self.ready_seats(t)) >= t.row.players

    def at_last_step(self, t: OpenTable) -> bool:
        assert t.row.setup is not None
        return int(t.row.setup.get("step", 0)) + 1 >= len(self.steps(t))

    def open_if_ready(self, t: OpenTable) -> bool:
        """Every seat is ready and the table has seen every step: the game opens (stored, shown,
        the computer may play). A table screen still short of the last step keeps it shut: its
        Next shows the rest, and Next on the last step opens it (the walk-through's G7: the game
        opened on the last Ready with step 6 of 6 never shown)."""
        if not self.setting_up(t) or not self.everyone_ready(t):
            return False
        if self._watched(t) and not self.at_last_step(t):
            return False
        self._open(t)
        return True

    def _open(self, t: OpenTable) -> None:
        assert t.row.setup is not None
        t.setting_up.check = None
        self._store(t, {**t.row.setup, "open": True})
        self._opened(t)
        self._poke()

    def ready(self, table: str, seat: int) -> dict[str, Any]:
        """A seat pressed Ready; the last one opens the game. Its payload after."""
        t = self.tables.get(table)
        seat = seat_number(t, seat)
        with t.lock:
            if not self.setting_up(t):
                raise Conflict("The table is not setting up: the game is open.")
            assert t.row.setup is not None
            if seat not in self.ready_seats(t):
                pressed = sorted({*t.row.setup.get("ready", []), seat})
                self._store(t, {**t.row.setup, "ready": pressed})
            self.open_if_ready(t)
            out, state = self._payload(t, seat), t.state
        self._notify(t, state)   # the hardware's seat LEDs show who is still to press
        return out

    def set_setup(self, table: str, step: Any = None, skip: Any = None) -> dict[str, Any]:
        """The table screen or the host shows setup step ``step`` (Next, Back), or ``skip`` opens
        the game now. The public payload after."""
        t = self.tables.get(table)
        if skip is not None and not isinstance(skip, bool):
            raise BadRequest('"skip" must be true or false.')
        if step is not None and (isinstance(step, bool) or not isinstance(step, int)):
            raise BadRequest('"step" must be a whole number.')
        if step is None and not skip:
            raise BadRequest('Send "step" (the setup step to show) or "skip": true.')
        with t.lock:
            if not self.setting_up(t):
                raise Conflict("The table is not setting up: the game is open.")
            assert t.row.setup is not None
            if not skip:
                count = len(self.steps(t))
                if step is None or not 0 <= step < count:
                    raise BadRequest("There is no setup step {number}: this table has {count}.",
                                     number=step + 1 if isinstance(step, int) else str(step), count=count)
                if step != t.row.setup.get("step"):
                    self._show_step(t, step)
                return self._payload(t, None)
            self._open(t)
            out, state = self._payload(t, None), t.state
        self._notify(t, state)   # the game is open: the hardware's seat LEDs follow it
        return out

    def next(self, t: OpenTable) -> bool:
        """The table's "next" while setting up: the next step; on the last one, with every seat
        ready, the game opens. False when the table is not setting up (the next is the story's)."""
        if not self.setting_up(t) or t.row.setup is None:
            return False
        at = int(t.row.setup.get("step", 0))
        if at + 1 < len(self.steps(t)):
            self._show_step(t, at + 1)
        elif self.everyone_ready(t):
            self._open(t)
        return True

    def unready(self, t: OpenTable, seat: int) -> None:
        """A seat freed while setting up: whoever takes it next has not seen its part yet."""
        if self.setting_up(t) and t.row.setup is not None and seat in t.row.setup.get("ready", []):
            pressed = [s for s in t.row.setup.get("ready", []) if s != seat]
            self._store(t, {**t.row.setup, "ready": pressed})

    def _show_step(self, t: OpenTable, step: int) -> None:
        assert t.row.setup is not None
        t.setting_up.check = None
        self._store(t, {**t.row.setup, "step": step})
        self.check_step(t)

    # -- the hardware checks a step -------------------------------------------------------

    def check_step(self, t: OpenTable) -> None:
        """The shown step asks for a beam check and the hardware can make one: it runs on a
        thread of its own (the laser fires for a while), and its answer is shown with the step."""
        if not self.setting_up(t) or t.row.setup is None:
            return
        steps = self.steps(t)
        at = int(t.row.setup.get("step", 0))
        link = self.hardware()
        if not 0 <= at < len(steps) or steps[at].check != "beam" or link is None:
            return
        game, state, version = t.game, t.state, t.row.version
        threading.Thread(target=self._run_check, args=(t, link, game, state, version),
                         name="setup-check", daemon=True).start()

    def _run_check(self, t: OpenTable, link: Any, game: Any, state: Any, version: int) -> None:
        """On its own thread: the check, then (if the table still shows that step) its answer."""
        try:
            found = link.check_setup(game, state)
        except Exception:
            log.exception("the setup's beam check failed on table %s", t.id)
            return
        if found is None:
            return   # no laser or no sensors: nothing to say
        answer = found.to_json()
        with t.lock:
            if t.row.version != version or not self.setting_up(t):
                return   # the table moved on while the laser fired
            t.setting_up.check = answer
            try:
                version = t.row.version + 1
                self.store.update_table(t.id, version=version)
                t.row.version = version
            except StorageFailure:
                pass   # shown all the same: the check is no game change
            self._push(t)

    # -- the clock ---------------------------------------------------------------------------

    def pace(self, t: OpenTable) -> None:
        """What the clock does while a table sets up: no step moves by itself (Auto is the game's;
        a table reading a step and laying out its box takes the time it takes, G3), but a table
        whose screen went away with every seat ready opens (nothing is left to show it)."""
        self.open_if_ready(t)


__all__ = ["SETTING_UP", "SETUP_OPTION", "STILL_SETTING_UP", "SetupGuide", "declares_setup", "stage"]
