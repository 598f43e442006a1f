"""New answers written to the shared cache a batch at a time, after the responses are sent.

Every new workbench set-up is an answer nobody asked before, and the early answers
(:mod:`rulesite.core.answercache`) keep it in the shared cache so that the same post is
answered before the stack on any worker. One write per answer was a tenth of a new answer's
time: a statement and a commit each, and on SQLite the one write lock taken each time. Here
the process keeps the answer at once (its memo of recent answers answers a repeat on this
worker), and the shared cache gets the answers of several requests in one statement, when
:data:`BATCH` of them wait or the oldest has waited :data:`SECONDS` — checked when a request
has finished, after its response was sent (``request_finished``), and when a worker exits.

An answer is stored with the content version it was computed at, and served only at that
version, so an answer that waits while content changes is never served stale: it is written
under a version nobody reads any more. An answer lost before it is written (a worker killed)
is only computed again.
"""

from __future__ import annotations

import time
from typing import Any

from django.core import signals

from rulesite.core import cache

__all__ = ["BATCH", "SECONDS", "discard", "flush", "flush_if_due", "pending", "put"]

BATCH = 32
"""Answers that wait before they are written together."""
SECONDS = 0.5
"""The longest an answer waits for others before it is written."""

_pending: dict[str, tuple[dict[str, Any], int]] = {}
_oldest = 0.0


def put(key: str, entry: dict[str, Any], timeout: int) -> None:
    """Write ``entry`` (an answer as stored, with its content version) under ``key`` with the
    next batch."""
    global _oldest
    if not _pending:
        _oldest = time.monotonic()
    _pending[key] = (entry, timeout)


def pending() -> int:
    """How many answers wait to be written."""
    return len(_pending)


def flush_if_due(**kwargs: Any) -> None:
    """Write the waiting answers when there are :data:`BATCH` of them or the oldest has
    waited :data:`SECONDS` (a ``request_finished`` receiver)."""
    if _pending and (len(_pending) >= BATCH or time.monotonic() - _oldest >= SECONDS):
        flush()


def flush() -> None:
    """Write every waiting answer to the shared cache, one statement per timeout."""
    if not _pending:
        return
    batches: dict[int, dict[str, dict[str, Any]]] = {}
    for key, (entry, timeout) in _pending.items():
        batches.setdefault(timeout, {})[key] = entry
    _pending.clear()
    store = cache.answer_store()
    for timeout, entries in batches.items():
        store.set_many(entries, timeout)  # a cache that can't be written skips them


def discard() -> None:
    """Forget the waiting answers without writing them."""
    _pending.clear()


def connect() -> None:
    signals.request_finished.connect(flush_if_due, dispatch_uid="rulesite-write-behind")
