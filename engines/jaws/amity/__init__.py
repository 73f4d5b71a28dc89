"""Jaws, Act 1: Amity. The shark hunts swimmers in secret; the crew rescues them and hunts it.

Read top-down (each module imports only from those above it in this list, and from the shared
parts: ``engines.jaws.common``, ``words``, ``position``):

``data`` (the board, the event cards, the shark's powers), ``belief`` (where the crew can know the
shark to be), ``end`` (Act 1 ends; with both acts, Act 2 begins), ``shark`` (its secret plan and
what its end announces), ``rules`` (the order of play, the event cards, the crew's actions),
``actions`` (core actions as JSON actions), ``explain`` (refusals in the rules' words), ``bot`` (the
shark bot and the crew bot, from their seat's view alone).

Nothing is imported here, so that importing a module of this package runs only what it needs.
"""
