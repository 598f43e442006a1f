"""Fixtures shared by the whole suite, each defined once.

The database data sets — ``demo_data`` (the whole demo), ``cards`` (the demo's cards,
clarifications and keywords, no scenarios) and ``workbench_cards`` (the cards and rulings the
workbench tests use) — are loaded once and kept, in an outer transaction, for all the tests
that ask for the same ones: each test still runs in its own savepoint inside it (pytest-django's
transaction), so what a test writes is rolled back and the next test sees the data set as
loaded. The outer transaction is rolled back before a test that asks for other data, and before
any test that needs a database of its own (``transactional_db``, ``live_server``). Tests are
ordered within each file so that those sharing a data set run together.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.core.management import call_command
from hypothesis import settings
from pytest_django.plugin import blocking_manager_key

# CI replays the same examples on every run (a failure there is always reproducible); local runs
# keep exploring new ones.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def _load_demo() -> None:
    call_command("load_demo", verbosity=0)


def _load_demo_cards() -> None:
    from rulesite.cards.services import load_demo_cards

    load_demo_cards()


def _load_workbench_cards() -> None:
    from tests.rulesite.workbench.cardset import load_workbench_cards

    load_workbench_cards()


DATA_SETS: dict[str, Callable[[], None]] = {
    "demo_data": _load_demo,
    "cards": _load_demo_cards,
    "workbench_cards": _load_workbench_cards,
}
"""Each data set by the name of the fixture that asks for it, loaded in this order."""
_OWN_DATABASE = frozenset(
    {
        "transactional_db",
        "live_server",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
    }
)


def _wanted(item: pytest.Item) -> frozenset[str]:
    return frozenset(getattr(item, "fixturenames", ())) & set(DATA_SETS)


def _own_database(item: pytest.Item) -> bool:
    marker = item.get_closest_marker("django_db")
    transactional = bool(marker and (marker.kwargs.get("transaction") or marker.args[:1]))
    return transactional or bool(_OWN_DATABASE & set(getattr(item, "fixturenames", ())))


class _Loaded:
    """The data sets loaded now, and the outer transaction that holds them."""

    def __init__(self) -> None:
        self.names: frozenset[str] = frozenset()
        self.atomic: Any = None

    def open(self, request: pytest.FixtureRequest, names: frozenset[str]) -> None:
        from django.db import transaction

        self.close(request)
        if not names:
            return
        request.getfixturevalue("_data_sets_closed_at_the_end")
        with request.getfixturevalue("django_db_blocker").unblock():
            self.atomic = transaction.atomic()
            # As Django's own test transactions are marked: a durable block inside is allowed.
            self.atomic._from_testcase = True
            self.atomic.__enter__()
            for name in DATA_SETS:
                if name in names:
                    DATA_SETS[name]()
        self.names = names

    def close(self, request: pytest.FixtureRequest | None) -> None:
        if self.atomic is None:
            return
        from django.db import connection, transaction

        def rollback() -> None:
            if not connection.atomic_blocks or connection.atomic_blocks[-1] is not self.atomic:
                raise RuntimeError(
                    "a transaction opened inside the data sets' one is still open: a fixture "
                    "wider than a test that opens one must say so (see _holds_a_transaction)"
                )
            transaction.set_rollback(True)
            self.atomic.__exit__(None, None, None)

        if request is None:
            rollback()
        else:
            with request.getfixturevalue("django_db_blocker").unblock():
                rollback()
        self.atomic, self.names = None, frozenset()


_LOADED = _Loaded()


@pytest.fixture(scope="session")
def _data_sets_closed_at_the_end(django_db_blocker: Any) -> Iterator[None]:
    """Rolls the data sets' transaction back before the test database is destroyed."""
    yield
    with django_db_blocker.unblock():
        _LOADED.close(None)


def _holds_a_transaction(item: pytest.Item) -> bool:
    """Whether a fixture wider than the test (a module's, a class's) writes to the database:
    it opens its own transaction for the tests that share it (as ``test_rule_editions.py``
    does), so the data sets are loaded in each test's transaction there instead."""
    info = getattr(item, "_fixtureinfo", None)
    for definitions in info.name2fixturedefs.values() if info else ():
        for definition in definitions:
            if definition.scope in {"package", "module", "class"} and (
                "django_db_blocker" in definition.argnames
            ):
                return True
    return False


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> Any:
    """Before the fixtures of a module that holds a transaction of its own are set up, the
    data sets' transaction is closed (it must not enclose the module's)."""
    if _LOADED.atomic is not None and _holds_a_transaction(item):
        with item.config.stash[blocking_manager_key].unblock():
            _LOADED.close(None)
    return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_fixture_setup(fixturedef: pytest.FixtureDef[Any], request: pytest.FixtureRequest) -> Any:
    """Just before a test's own database transaction begins (pytest-django's
    ``_django_db_helper``), the data sets it asks for are the ones loaded."""
    if fixturedef.argname == "_django_db_helper":
        item = request.node
        if _own_database(item) or _holds_a_transaction(item):
            _LOADED.close(request)
        elif _wanted(item) != _LOADED.names:
            _LOADED.open(request, _wanted(item))
    return (yield)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Within each file, the tests that share data sets run together (order kept otherwise)."""
    start = 0
    while start < len(items):
        end = start
        while end < len(items) and items[end].path == items[start].path:
            end += 1
        group = items[start:end]
        first: dict[frozenset[str], int] = {}
        for index, item in enumerate(group):
            first.setdefault(_wanted(item), index)
        items[start:end] = sorted(group, key=lambda item: first[_wanted(item)])
        start = end


def _data_set(name: str) -> Any:
    @pytest.fixture(name=name)
    def fixture(db: None) -> None:
        """The data set, loaded before the test (see the module's docstring)."""
        if name not in _LOADED.names:  # the test also needs a database of its own
            DATA_SETS[name]()

    fixture.__doc__ = f"The ``{name}`` data set, loaded once for the tests that share it."
    return fixture


demo_data = _data_set("demo_data")
cards = _data_set("cards")
workbench_cards = _data_set("workbench_cards")


@pytest.fixture
def fast_password_hashing(settings: Any) -> None:
    """Logins without the production hasher's deliberate slowness."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    """Each test starts with an empty cache (page cache, rate-limit counters, the pages and
    answers a process keeps or has yet to write) and in the default language (a request
    leaves its language active in the thread, as Django's locale middleware does)."""
    from django.conf import settings as django_settings
    from django.core.cache import caches
    from django.utils import translation

    from rulesite.core import writebehind
    from rulesite.core.cache import recent_answers, recent_pages
    from rulesite.core.kept import kept_rows

    for alias in caches:
        caches[alias].clear()
    recent_pages.clear()
    recent_answers.clear()
    writebehind.discard()
    kept_rows.clear()
    translation.activate(django_settings.LANGUAGE_CODE)
