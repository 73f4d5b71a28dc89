"""How Act 1's sentences name what is on the Amity board: its spaces and beaches, the shark's powers,
where barrels come from (each a msgid of its own, in the German edition's words: Feld, Strand, ...).

Event *data* keeps plain values (``space="3"``, ``beach="E"``) for the screens; only the sentence
parameters are these :class:`~engines.text.Text` words.

>>> str(power(3)), str(beach(1))
('Speed Burst', 'E')
>>> str(eaten_list((0, 2, 0, 1), 1))
'2 swimmers at E, 1 swimmer at W, Michael at E'

A board names its spaces by what it prints (1-8, N, E, S, W); a table whose box prints another
letter for the east beach in its language (the box profile's ``east``: a German "O" for Ost) has its
readers in that language read that letter wherever the beach is named:

>>> from engines.jaws.amity.data import amity
>>> from engines.text import translate
>>> ours = Box(east=(("de", "O"),))
>>> place(amity(), amity().index["E"], ours).params["name"].printed
{'de': 'O'}
>>> str(beach(1, ours)), translate(beach(1, ours), "de")
('E', 'O')
"""

from __future__ import annotations

from engines.jaws.amity.data import BEACH_ORDER, Board
from engines.jaws.box import Box
from engines.text import N_, Text, plural

POWER_NAMES = (N_("Feeding Frenzy"), N_("Evasive Moves"), N_("Out of Sight"), N_("Speed Burst"))
SOURCE_NAMES = (N_("the Shop"), N_("the dock"), N_("the water"), N_("Hooper's boat"))


def power(p: int) -> Text:
    return Text(POWER_NAMES[p])


AS_PRINTED = "{letter}"
"""Not a msgid (nothing to translate): a space's letter, said as the notation writes it, or in a
language whose board prints another one, that one (:attr:`Text.printed`)."""


def letter(name: str, box: Box | None = None) -> str | Text:
    """A space's printed name (1-8, N, E, S, W): the notation's, except the east beach for the readers
    of a language whose box prints another letter for it (the box profile's ``east``)."""
    other = box.east_letters() if box is not None and name == "E" else {}
    return Text(AS_PRINTED, {"letter": name}, printed=other) if other else name


def beach(slot: int, box: Box | None = None) -> str | Text:
    """A beach by the letter the board prints for it (N, E, S, W; the east beach as the table's box
    prints it in each language): the space's name, as the map on the screens writes it."""
    return letter(BEACH_ORDER[slot], box)


def path(board: Board, spaces: list[int] | tuple[int, ...], box: Box | None = None) -> str | Text:
    """Spaces one after the other, as a Speed Burst goes: "1-2-E"."""
    return _joined(board, spaces, box, "-", N_("{list}-{item}"))


def listed(board: Board, spaces: list[int] | tuple[int, ...], box: Box | None = None) -> str | Text:
    """Spaces named in a list, "4, E" (where motion sensors went off)."""
    return _joined(board, spaces, box, ", ", N_("{list}, {item}"))


def _joined(board: Board, spaces: list[int] | tuple[int, ...], box: Box | None, sep: str,
            template: str) -> str | Text:
    """The spaces' printed names joined by ``sep``: plain text, or a sentence (``template``, one per
    name) when a name reads otherwise in some language (the east beach of the table's box)."""
    names = [letter(board.names[s], box) for s in spaces]
    if all(isinstance(n, str) for n in names):
        return sep.join(str(n) for n in names)
    out = names[0]
    for name in names[1:]:
        out = Text(template, {"list": out, "item": name})
    return out


def place(board: Board, space: int, box: Box | None = None) -> Text:
    """A numbered or beach space as a crew member's move names it, a phrase of its own: "space 7"
    (de "Feld 7", nl "vak 7"), so that each language puts its own preposition before it ("auf Feld 7",
    "naar vak 7"). The Shop is no "space": a move into it is a sentence of its own ("{role} goes into
    the Shop.": "in den Shop", "naar de winkel"), never a name dropped into "nach {space}".

    >>> from engines.jaws.amity.data import amity
    >>> board = amity()
    >>> str(place(board, board.index["7"]))
    'space 7'
    """
    return Text("space {name}", {"name": letter(board.names[space], box)})


def source(kind: int) -> Text:
    return Text(SOURCE_NAMES[kind])


def eaten_list(counts: tuple[int, ...] | list[int], michael: int, box: Box | None = None) -> Text:
    """What the shark ate, beach by beach in the order N, E, S, W (never in the order it ate)."""
    parts = [
        plural(n, "{count} swimmer at {beach}", "{count} swimmers at {beach}", beach=beach(slot, box))
        for slot, n in enumerate(counts)
        if n
    ]
    if michael >= 0:
        parts.append(Text("Michael at {beach}", {"beach": beach(michael, box)}))
    out = parts[0]
    for part in parts[1:]:
        out = Text("{list}, {item}", {"list": out, "item": part})
    return out
