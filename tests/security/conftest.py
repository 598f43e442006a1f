"""``served_site``: one ``make serve`` for the tests of real processes in this folder."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.security.live_site import Site, make_serve


@pytest.fixture(scope="session")
def served_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    # Evaluations limited as in production, low enough to test (test_shared_state.py).
    with make_serve(tmp_path_factory.mktemp("served"), RULESITE_EVALUATE_RATE="20/h") as site:
        yield site
