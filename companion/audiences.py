"""Who reads a table, and which changes each of them could see.

A table has several *readers*: the public (the table screen, anyone without a seat), the host's
table view (``as=table``) and each seat's phone. Each sees its own payload. A change that leaves
a reader's payload as it was (the shark taps the next step of its secret plan; the crew's phones
and the table screen show nothing new) must not reach that reader in any form: not as a message
on its stream, not as a higher ``version``, not as an event identity that counts log rows. So:

- each reader's ``version`` is the table's count of changes less the ones it could not see
  (``TableRow.hidden``, stored in the same transaction as the change, so a restart never shows a
  reader a version it has not earned, and never one that went back);
- a change is *seen* by a reader when it tells the reader something (an event it may see) or
  changes the reader's payload; :func:`fingerprint` is that payload without what moves on its
  own (the version, the presence of phones and screens, the storage fault, the last events), and
  :class:`Shown` keeps it for a later comparison, made only when one is asked for (most changes
  tell everyone something, so most are never compared);
- a reader that did not see a change keeps the events it was last told (``OpenTable.heard.stale``).

>>> [reader(s) for s in (None, -1, 0, 2)]
['public', 'table', '0', '2']
>>> a = {"version": 3, "view": {"x": 1}, "seats": [{"seat": 0, "connected": True}]}
>>> b = {"version": 4, "view": {"x": 1}, "seats": [{"seat": 0, "connected": False}]}
>>> fingerprint(a) == fingerprint(b), fingerprint(a) == fingerprint({**a, "view": {"x": 2}})
(True, False)
>>> Shown(a) == Shown(b), Shown(a) == Shown({**a, "view": {"x": 2}})
(True, False)
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from engines import TABLE

PUBLIC, HOST = "public", "table"

# payload keys that move without the game changing for the reader (docs/api.md "Payloads")
VOLATILE = frozenset({"version", "presence", "fault", "events"})
VOLATILE_STORY = frozenset({"screen", "hold", "seal"})   # whether a table screen is there right now


def reader(seat: int | None) -> str:
    """The reader a payload is for: ``"public"``, ``"table"`` (the host, seat -1) or the seat."""
    if seat is None:
        return PUBLIC
    return HOST if seat == TABLE else str(seat)


def readers(players: int) -> list[int | None]:
    """Every reader of a table of ``players`` seats, as the seat a payload is made for."""
    return [None, TABLE, *range(players)]


def _core(payload: dict[str, Any]) -> dict[str, Any]:
    """The payload without what moves on its own (a new dict; the parts it keeps are shared)."""
    core = {k: v for k, v in payload.items() if k not in VOLATILE}
    if isinstance(core.get("seats"), list):
        core["seats"] = [{k: v for k, v in s.items() if k != "connected"} for s in core["seats"]]
    if isinstance(core.get("story"), dict):
        core["story"] = {k: v for k, v in core["story"].items() if k not in VOLATILE_STORY}
    return core


def _digest(core: dict[str, Any]) -> str:
    text = json.dumps(core, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def fingerprint(payload: dict[str, Any]) -> str:
    """What a reader's payload shows of the game, as a digest (see the module's docstring)."""
    return _digest(_core(payload))


class Shown:
    """What a reader was shown: its payload's :func:`fingerprint`, worked out when first compared.

    A payload is never changed once made (it goes to the reader's streams as it is), so keeping
    its parts and digesting them later gives the digest it had when it was shown."""

    __slots__ = ("_core", "_digest")

    def __init__(self, payload: dict[str, Any]) -> None:
        self._core: dict[str, Any] | None = _core(payload)
        self._digest: str | None = None

    def digest(self) -> str:
        if self._digest is None:
            assert self._core is not None
            self._digest, self._core = _digest(self._core), None
        return self._digest

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Shown) and self.digest() == other.digest()

