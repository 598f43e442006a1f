"""Django's end-of-request cache closing, done only when a configured cache has something to
close.

Django connects ``django.core.cache.close_caches`` to ``request_finished``: it calls ``close()``
on every cache the request used, which frees the connections of the memcached backends and is
a no-op for the others (``BaseCache.close``). Finding the caches costs a few lookups in
per-thread storage on every request, a cached page's largest single cost after the page
itself. Here the same receiver runs only when one of the configured backends has a
``close`` of its own (decided once per ``CACHES`` setting), so a memcached or Redis cache is
still closed after every request, as Django does.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core import signals
from django.core.cache import close_caches
from django.core.cache.backends.base import BaseCache
from django.utils.module_loading import import_string

_decided: tuple[object, bool] | None = None


def caches_need_closing() -> bool:
    """Whether a backend of ``CACHES`` does anything when closed."""
    global _decided
    configured = settings.CACHES
    if _decided is None or _decided[0] is not configured:
        closing = any(
            import_string(str(options["BACKEND"])).close is not BaseCache.close
            for options in configured.values()
        )
        _decided = (configured, closing)
    return _decided[1]


def close_caches_that_hold_connections(**kwargs: Any) -> None:
    if caches_need_closing():
        close_caches(**kwargs)


def connect() -> None:
    """Put this receiver in place of Django's ``close_caches``."""
    signals.request_finished.disconnect(close_caches)
    signals.request_finished.connect(
        close_caches_that_hold_connections, dispatch_uid="rulesite-close-caches"
    )
