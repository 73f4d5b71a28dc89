"""Jaws, Act 2: the Orca. The shark resurfaces round by round; the crew fights it from Quint's boat.

Read top-down (each module imports only from those above it in this list, and from the shared
parts: ``engines.jaws.common``, ``box``, ``position``, ``words``; never from Act 1):

``layout`` (the Orca's zones and which spaces border which), ``voyage`` (Act 2's part of the
working position, :class:`~engines.jaws.orca.voyage.Voyage`, and Act 2 itself,
:class:`~engines.jaws.orca.voyage.Act2`, with its notation), ``tell`` (events with the board after
them; the Orca's spaces in words), ``round`` (a round begins and ends; wounds; the game's end),
``boarding`` (Act 2's setup: the carry-over, the table's entries), ``fight`` (phase 5, the rolls, phase 6:
a boat tile takes hits), ``prepare`` (phases 2-4), ``legal`` (who is awaited and may do what; every
rule by its step's kind), ``actions`` (JSON actions and the table's readings), ``explain``
(refusals), ``view`` (the views), ``bot``.

Nothing is imported here, so that importing a module of this package runs only what it needs.
"""
