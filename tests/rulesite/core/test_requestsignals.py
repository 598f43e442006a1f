"""The end of every request still closes the caches that hold connections (memcached, Redis),
as Django's own receiver does, and skips the lookups when none does."""

from __future__ import annotations

import weakref
from typing import Any

from django.core import signals
from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache
from django.core.handlers.wsgi import WSGIHandler

from rulesite.core.requestsignals import caches_need_closing, close_caches_that_hold_connections

closed: list[str] = []


class ClosingCache(LocMemCache):
    """A cache with connections to let go of at the end of a request."""

    def close(self, **kwargs: Any) -> None:
        closed.append("closing")


def test_a_cache_that_holds_connections_is_closed_when_a_request_finishes(settings) -> None:
    settings.CACHES = {
        **settings.CACHES,
        "closing": {"BACKEND": f"{__name__}.ClosingCache", "LOCATION": "closing"},
    }
    closed.clear()
    caches["closing"].get("anything")

    close_caches_that_hold_connections(signal=signals.request_finished, sender=WSGIHandler)

    assert caches_need_closing()
    assert closed == ["closing"]


def test_caches_whose_close_does_nothing_are_not_looked_up(settings) -> None:
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "pages": {"BACKEND": "rulesite.core.dbcache.SharedDatabaseCache", "LOCATION": "t"},
    }

    assert not caches_need_closing()


def test_djangos_receiver_is_replaced_not_added() -> None:
    from django.core.cache import close_caches

    refs = [entry[1] for entry in signals.request_finished.receivers]
    receivers = [ref() if isinstance(ref, weakref.ReferenceType) else ref for ref in refs]

    assert close_caches not in receivers
    assert close_caches_that_hold_connections in receivers
