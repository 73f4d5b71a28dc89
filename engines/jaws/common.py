"""What both acts share at the very bottom: the crew's roles and where the box's data files lie.

The JSON files beside this module are the box's printed data, each read by one act: ``amity.json``
and ``cards.json`` (Act 1, :mod:`engines.jaws.amity.data`), ``orca.json`` and ``abilities.json``
(Act 2, :mod:`engines.jaws.orca.layout` and :mod:`engines.jaws.orca.voyage`).
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).parent  # the data files
ROLES = ("brody", "hooper", "quint")  # the crew, in this order everywhere (index = role number)
BRODY, HOOPER, QUINT = 0, 1, 2
