"""``served_site``: one ``make serve`` for the tests of real processes in this folder."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from live_site import Site, make_serve  # noqa: E402


@pytest.fixture(scope="session")
def served_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    with make_serve(tmp_path_factory.mktemp("served")) as site:
        yield site
