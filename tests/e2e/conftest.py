"""Browser tests: Playwright drives the system Chromium against a live Django server."""

from __future__ import annotations

import os
from typing import Any

import pytest
from django.core.management import call_command

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("RULESITE_CHROMIUM", "/usr/bin/chromium")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


@pytest.fixture(scope="session")
def base_url() -> str | None:
    """Shadows pytest-playwright's fallback ``base_url`` (an instance-method fixture that
    pytest 9 warns about, and warnings are errors here); tests navigate with ``site``."""
    return None


@pytest.fixture
def site(live_server: Any, transactional_db: None) -> str:
    """A live server holding the demo data; returns its base URL."""
    call_command("load_demo", verbosity=0)
    return str(live_server.url)
