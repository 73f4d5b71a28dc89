"""What both acts of Jaws read of one moment of the game: who plays which role, which acts are
played and which is on, the phase, the box profile, and the story of the step.

:class:`Position` is the shared base of the working position (:class:`engines.core.Working`): Act 1
adds its town to it (:class:`engines.jaws.amity.town.Town`), Act 2 its voyage
(:class:`engines.jaws.orca.voyage.Voyage`), and a whole game's position is both
(:class:`engines.jaws.match.Match`). Nothing of either act is imported here.

>>> seats = parse_roles("shark/brody+quint/hooper", 3)
>>> seats
(0, 1, 2, 1)
>>> p = Position(players=3, acts=Acts.AMITY, seats=seats)
>>> p.head()
'jaws acts=1 act=1 players=3 roles=S/BQ/H'
>>> read_words(p.head() + " round=0")["roles"]
'S/BQ/H'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engines.core import IllegalAction, Working
from engines.jaws.box import Box

ROLE_LETTERS = "BHQ"  # the notation's letters of Brody, Hooper and Quint (S: the shark)


class Acts(StrEnum):
    """Which acts a game plays: the option ``acts`` (its value is the option's and the notation's)."""

    BOTH = "both"  # Amity, then the Orca, with Act 1's result carried over
    AMITY = "1"  # Act 1 alone: the shark wins at 7 swimmers eaten
    ORCA = "2"  # Act 2 alone


@dataclass(eq=False, kw_only=True)
class Position(Working):
    """The part of a moment of the game that both acts read (each act's secrets are in its own part)."""

    per_step = ("events",)

    players: int
    acts: Acts
    seats: tuple[int, int, int, int]  # the seat of the shark, Brody, Hooper, Quint
    box: Box = field(default_factory=Box)  # the box profile: its numbers, titles, the east beach's letter
    act: int = 1
    phase: str = "start"  # Act 1's (start, event, choice, shark, crew), "orca" all through Act 2, "over"
    events: list[dict[str, Any]] = field(default_factory=list)
    quiet: bool = False  # fast playouts: no events, no records

    def seat_roles(self, seat: int) -> list[int]:
        """The crew members this seat plays (role numbers)."""
        seats = self.seats
        return [r for r in (0, 1, 2) if seats[r + 1] == seat]

    def roles_text(self) -> str:
        """Who plays what as the notation writes it: one entry per seat, ``S/BQ/H``."""
        return "/".join(
            "S" if s == self.seats[0] else "".join(ROLE_LETTERS[r] for r in self.seat_roles(s))
            for s in range(self.players)
        )

    def head(self) -> str:
        """The notation's first words: the game, which acts, the act on, the players and their roles."""
        return f"jaws acts={self.acts} act={self.act} players={self.players} roles={self.roles_text()}"


def read_words(text: str) -> dict[str, str]:
    """A notation's ``key=value`` words after its first, ``jaws`` (each key once)."""
    if not isinstance(text, str) or not text.startswith("jaws "):
        raise IllegalAction("A Jaws position starts with the word jaws.")
    fields: dict[str, str] = {}
    for word in text.split()[1:]:
        key, sep, value = word.partition("=")
        if not sep or key in fields:
            raise IllegalAction("A Jaws position is made of key=value words, each key once.")
        fields[key] = value
    return fields


def read_players(f: dict[str, str]) -> tuple[int, Acts]:
    """The number of players (2 to 4) and the acts played, from a notation's words."""
    players = int(f["players"])
    if not 2 <= players <= 4:
        raise ValueError(players)
    return players, Acts(f.get("acts", Acts.AMITY))


def parse_roles(text: str, players: int) -> tuple[int, int, int, int]:
    """``S/BQ/H`` (one entry per seat: S the shark, B Brody, H Hooper, Q Quint; also the words
    ``shark/brody+quint/hooper``) as the seat of the shark, Brody, Hooper and Quint."""
    words = {"shark": "S", "brody": "B", "hooper": "H", "quint": "Q"}
    parts = text.split("/")
    if len(parts) != players:
        raise IllegalAction("The roles name one entry per seat: {players} here.", players=players)
    seats: dict[str, int] = {}
    for seat, part in enumerate(parts):
        letters = (
            [words.get(w.strip().lower(), w.strip().upper()) for w in part.split("+")]
            if "+" in part or part.strip().lower() in words
            else list(part.strip().upper())
        )
        if not letters:
            raise IllegalAction("Every seat plays at least one role.")
        for letter in letters:
            if letter not in "SBHQ" or len(letter) != 1:
                raise IllegalAction("A role is the shark (S), Brody (B), Hooper (H) or Quint (Q).")
            if letter in seats:
                raise IllegalAction("Each role is played by exactly one seat.")
            seats[letter] = seat
        if "S" in letters and len(letters) > 1:
            raise IllegalAction("The shark's player plays no crew member.")
    if set(seats) != set("SBHQ"):
        raise IllegalAction("Every role is always played: the shark, Brody, Hooper and Quint.")
    return seats["S"], seats["B"], seats["H"], seats["Q"]


def deal_roles(players: int) -> tuple[int, int, int, int]:
    """The default: seat 0 is the shark; Brody, Hooper and Quint are dealt round the other seats."""
    crew = [1 + i % (players - 1) for i in range(3)]
    return 0, crew[0], crew[1], crew[2]
