"""Looking back: a table screen shows again a step told earlier (docs/web.md "Looking back").

The story a payload carries keeps only the last few told steps; :meth:`LookingBack.told` rebuilds
every chapter from the log (``companion/ledger.py`` ``whole_story``, kept until the log grows) and
answers the public payload with the story as it stood when that step was shown, so the screen draws
it as it did then. Nothing after the shown step's chapter is in it. :meth:`LookingBack.look` holds
Auto and keeps new steps untold while a screen looks (``Teller.look``).
"""

from __future__ import annotations

from typing import Any

from companion.ledger import whole_story
from companion.payloads import Payloads
from companion.presence import Presence
from companion.tables import Tables
from companion.telling import Teller
from web.service import BadRequest, Conflict


class LookingBack:
    def __init__(self, tables: Tables, teller: Teller, presence: Presence, payloads: Payloads) -> None:
        self.tables, self.teller, self.presence, self.payloads = tables, teller, presence, payloads

    def told(self, table: str, stop: int) -> dict[str, Any]:
        """The public payload with the story as it stood when the told ``stop`` was shown: 0 the
        table's first step, a negative one counted back from the one shown now (-1). Changes nothing."""
        t = self.tables.get(table)
        with t.lock:
            whole = whole_story(t)
            told = len(whole.told_stops())
            if not told:
                raise Conflict("Nothing has been shown at this table yet.")
            at = stop + told if stop < 0 else stop
            if not 0 <= at < told:
                raise BadRequest("That step has not been shown at this table.")
            payload = self.payloads.public(t)
            payload["story"] = whole.looking_back(at).to_json(
                None, auto=t.row.auto, hold=self.teller.holding(t), screen=self.presence.watched(t),
                looking=self.teller.looking(t))
            payload["story"]["look"] = {"stop": at, "stops": told}
            return payload

    def look(self, table: str, on: bool) -> dict[str, Any]:
        """A table screen looks back (``on``; asked again at every move) or is back at the shown
        step: Auto waits while it looks, and every screen and phone can say so (the public payload)."""
        t = self.tables.get(table)
        if not isinstance(on, bool):
            raise BadRequest("Looking back is on (true) or off (false).")
        with t.lock:
            if self.teller.look(t, on):
                self.payloads.fan_out(t)
            return self.payloads.public(t)
