"""Jaws, Act 1: Amity. The shark hunts swimmers in secret; the crew rescues them and hunts it.

Read top-down (each module imports only from those above it in this list, and from the shared
parts: ``engines.jaws.common``, ``box``, ``position``, ``words``; never from Act 2):

``data`` (the board, the event cards, the shark's powers), ``belief`` (where the crew can know the
shark to be), ``phrases`` (how sentences name the board's spaces and beaches), ``town`` (Act 1's
part of the working position, :class:`~engines.jaws.amity.town.Town`, the shark's plan arithmetic
and Act 1's words of the notation), ``end`` (Act 1 ends; what follows is the whole game's),
``shark`` (its secret plan and what its end announces), ``rules`` (the order of play, the event
cards, the crew's actions), ``actions`` (core actions as JSON actions), ``explain`` (refusals in
the rules' words), ``bot`` (the shark bot and the crew bot, from their seat's view alone).

Nothing is imported here, so that importing a module of this package runs only what it needs.
"""
