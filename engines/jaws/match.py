"""A whole game of Jaws at one moment: Act 1's town and Act 2's voyage over the part both share, and
the notation that writes it all.

A :class:`Match` is the working position :class:`~engines.jaws.state.JawsState` wraps (the one
state pattern, :class:`engines.core.Working`): each step copies it, changes the copy and wraps it in
a new state. Act 1's rules change its town, Act 2's its voyage; neither act's rules know the other,
and the one place where Act 1 leads into Act 2 is :meth:`Match.next_act`.

>>> from engines.jaws.amity.data import amity, deck
>>> p = Match.new(3, Acts.AMITY, (0, 1, 2, 1), amity(), deck())
>>> p.notation()[:60]
'jaws acts=1 act=1 players=3 roles=S/BQ/H round=0 phase=start'
>>> Match.load(p.notation()).notation() == p.notation()
True
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core import IllegalAction
from engines.jaws.amity.data import Board, Card
from engines.jaws.amity.town import Town, read_board, read_town
from engines.jaws.box import Box
from engines.jaws.orca import boarding
from engines.jaws.orca import layout as orcas
from engines.jaws.orca.voyage import PHYSICAL, Voyage, read_options, read_voyage
from engines.jaws.position import Acts, parse_roles, read_players, read_words
from engines.rng import Rng

RNG_SALT = 0x0C2A  # Act 2's draws start from the game's seed mixed with this


@dataclass(eq=False, kw_only=True)
class Match(Town, Voyage):
    """Everything about one moment of a game, secrets included (never sent to a phone as is)."""

    @classmethod
    def new(
        cls,
        players: int,
        acts: Acts,
        seats: tuple[int, int, int, int],
        board: Board,
        cards: dict[int, Card],
        layout: orcas.Layout | None = None,
        box: Box | None = None,
        deck_mode: str = PHYSICAL,
        dice_mode: str = PHYSICAL,
        seed: int = 0,
    ) -> Match:
        """A game as set up, Act 1 not begun (Act 2 alone begins with :func:`boarding.start`)."""
        p = cls(
            players=players,
            acts=acts,
            seats=seats,
            box=box or Box(),
            board=board,
            cards=cards,
            layout=layout or orcas.orca(),
            deck_mode=deck_mode,
            dice_mode=dice_mode,
            rng=Rng.from_seed(seed ^ RNG_SALT),
        )
        p.set_up()
        return p

    def next_act(self) -> None:
        """Act 1 is over: with both acts, Act 2 begins, the swimmer track carried over."""
        if self.acts is Acts.BOTH:
            boarding.start(self, self.eaten)

    def notation(self) -> str:
        return " ".join([self.head(), *self.town_words(), *self.voyage_words(), *self.record_words()])

    @classmethod
    def load(cls, text: str) -> Match:
        f = read_words(text)
        try:
            board, cards = read_board(f)
            players, acts = read_players(f)
            layout, box, deck_mode, dice_mode = read_options(f)
            seats = parse_roles(f.get("roles", "S/BHQ"), players)
            p = cls.new(players, acts, seats, board, cards, layout, box, deck_mode, dice_mode)
            read_town(p, f)
            read_voyage(p, f)
        except (KeyError, ValueError, IndexError, TypeError, AttributeError):
            raise IllegalAction("This Jaws position cannot be read.") from None
        return p
