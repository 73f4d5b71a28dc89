"""The store's faults as the table hears of them.

A write the store cannot make durable is refused (StorageFailure, 503) and the table stays exactly
as it was. While writes fail, every payload carries ``fault`` (the sentence), pushed to every open
stream, and the fault listeners (the hardware's status LED) are told, from a thread of their own:
the store says so while a table's lock may be held.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from companion.store import STORAGE_FAILING
from companion.tables import OpenTable, Tables
from engines import Text

log = logging.getLogger("companion")

FaultListener = Callable[[Text | None], None]


class Faults:
    def __init__(self, tables: Tables, failing: Callable[[], str | None],
                 push: Callable[[OpenTable], None]) -> None:
        """``failing``: why the store refuses writes now, or None; ``push``: every stream of a
        table is told."""
        self.tables, self._failing, self._push = tables, failing, push
        self._listeners: list[FaultListener] = []
        self._lock = threading.Lock()

    def sentence(self) -> Text | None:
        """The sentence for the players while the store refuses writes, else None."""
        return Text(STORAGE_FAILING) if self._failing() is not None else None

    def add_listener(self, fn: FaultListener) -> None:
        self._listeners.append(fn)

    def changed(self, cause: str | None) -> None:
        """The store began or stopped refusing writes: everyone is told, from another thread."""
        threading.Thread(target=self._show, name="storage-fault", daemon=True).start()

    def _show(self) -> None:
        with self._lock:   # the fault read here is the newest: the last thread shows the last
            for t in self.tables:
                with t.lock:
                    self._push(t)
            fault = self.sentence()
            for fn in list(self._listeners):
                try:
                    fn(fault)
                except Exception:
                    log.exception("fault listener %r failed", fn)
