"""Rows a process keeps beside the shared cache, for keys that hold the content version.

The card rows a catalog reads and the clarifications of each card are cached in the shared
cache under keys that name the content version (:mod:`rulesite.core.cache`): such a key names
one value for good, so a worker may keep what it read or wrote and skip the shared cache the
next time. Every request still reads the current version from the shared cache, and a write
anywhere bumps it, so every worker's kept rows become unreachable at once, as the shared ones
do (:class:`~rulesite.core.cache.RecentValues` bounds their number and age).

Kept values are shared by the requests of a process: callers only read them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rulesite.core.cache import RecentValues

__all__ = ["get_many", "kept_rows", "set_many"]

kept_rows = RecentValues(size=1024)


def get_many(store: Any, keys: Iterable[str]) -> dict[str, Any]:
    """What ``store.get_many(keys)`` gives (``keys`` holding the content version): the values
    this process kept, the others read from ``store`` in one read, and kept."""
    found: dict[str, Any] = {}
    missing: list[str] = []
    for key in keys:
        value = kept_rows.get(key)
        if value is None:
            missing.append(key)
        else:
            found[key] = value
    if missing:
        read = store.get_many(missing)
        for key, value in read.items():
            kept_rows.put(key, value)
        found.update(read)
    return found


def set_many(store: Any, values: Mapping[str, Any], timeout: int) -> None:
    """``store.set_many(values, timeout)``, the values kept by this process too."""
    store.set_many(values, timeout)
    for key, value in values.items():
        kept_rows.put(key, value)
