"""The cards, loaded from ``cards.json``: one letter per card in the notation.

Base action cards (upper case) have an agent face and a shark face; special
cards (lower case) have one effect and a moment ("when") they act.

>>> CARDS["S"].agent, CARDS["S"].shark
('shield', 'laser')
>>> CARDS["d"].name, CARDS["d"].when
('Laser Blast Deflector', 'agent_first')
>>> CARDS["g"].to_json()["timing"]["msgid"]
'Before a round, before phase I'
>>> starting_hand(2)
('F', 'F', 'F', 'L', 'L', 'R', 'R', 'S', 'S', 'U')
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engines.text import N_, Text


@dataclass(frozen=True)
class Card:
    code: str
    name: str
    agent: str = ""      # base cards: the agent face
    shark: str = ""      # base cards: the shark face
    when: str = "base"   # specials: shark, agent_first, pre_round, face_up
    copies: int = 1
    extra_two_players: int = 0
    effect: str = ""     # specials: one line summing up the printed paragraph (a msgid)

    @property
    def special(self) -> bool:
        return self.when != "base"

    def on_agent(self) -> bool:
        return self.when in ("base", "agent_first")

    def on_shark(self) -> bool:
        return self.when in ("base", "shark")

    def to_json(self) -> dict[str, Any]:
        # "name" as printed (English data); "label" the same name as a word each phone reads in its language
        out: dict[str, Any] = {"code": self.code, "name": self.name, "label": Text(self.name, {}).to_json(),
                               "when": self.when}
        if not self.special:
            out.update(agent=self.agent, shark=self.shark)
        else:   # sentences for the phone, through the one translation function
            out.update(timing=Text(TIMING[self.when], {}).to_json(), effect=Text(self.effect, {}).to_json())
        return out


TIMING = {
    "shark": N_("On a shark, in phase II"),
    "agent_first": N_("On your agent, as its first action"),
    "pre_round": N_("Before a round, before phase I"),
    "face_up": N_("Face up, in phase II"),
}


def _load() -> dict[str, Card]:
    data = json.loads((Path(__file__).parent / "cards.json").read_text(encoding="utf-8"))
    cards = {}
    for c in data["base"]:
        cards[c["code"]] = Card(c["code"], c["name"], c["agent"], c["shark"], "base", c["copies"],
                                c["extra_two_players"])
    for c in data["special"]:
        cards[c["code"]] = Card(c["code"], c["name"], when=c["when"], copies=c["copies"], effect=c["effect"])
    return cards


CARDS: dict[str, Card] = _load()
BASE = tuple(c for c in CARDS if not CARDS[c].special)
SPECIALS = tuple(c for c in CARDS if CARDS[c].special)
PRE_ROUND = tuple(c for c in SPECIALS if CARDS[c].when == "pre_round")
ORDER = {code: i for i, code in enumerate(sorted(CARDS))}


def starting_hand(players: int) -> tuple[str, ...]:
    """The base action cards each player holds at the start of every round."""
    hand: list[str] = []
    for code in BASE:
        card = CARDS[code]
        hand += [code] * (card.copies + (card.extra_two_players if players == 2 else 0))
    return tuple(sorted(hand))


def special_deck() -> tuple[str, ...]:
    return tuple(sorted(code for code in SPECIALS for _ in range(CARDS[code].copies)))


def sort_hand(cards: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(cards))
