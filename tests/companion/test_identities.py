"""Event identities are keyed by a secret per table, never by its seed (issue 27, 5).

A host who is also a player could start a second table with the same seed, play it with known
numbers of secret taps, and match its event identities against the real table's to count the
shark's secret taps. A table's salt is now drawn at random when it is created.
"""

from __future__ import annotations

import re
from typing import Any

from companion.service import Service

TAG = re.compile(r"\b[0-9a-f]{12}\b")   # a chapter's public name (companion/story.py ``tag``)


def identities(payload: Any) -> set[str]:
    return set(TAG.findall(repr(payload)))


def test_two_tables_with_one_seed_share_no_event_identity(service: Service) -> None:
    seen = []
    for _ in range(2):
        table = str(service.create_table("fake-guess", 2, {}, seed=42)["table"])
        for seat, name in ((0, "Anna"), (1, "Ben")):
            service.claim_seat(table, seat, name)
        for seat in (0, 1):
            service.act(table, seat, {"type": "pick", "notation": "pick1"})
        payload = service.public(table)
        assert identities(payload)
        seen.append(identities(payload))
    assert not seen[0] & seen[1]
