"""An import makes cached pages, values and answers stale once, when it commits: its hundreds
of write statements bump the content version (which keys every cached page, value and answer)
once at commit, and a dry run, which rolls back, bumps nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from rulesite.cards.models import Card
from rulesite.core.cache import cached_value, content_version
from tests.rulesite.curation.curation_files import (
    KICKER_2020,
    burst,
    gnarlid,
    rulings,
    run_import,
    write_set,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def imported(tmp_path: Path, django_capture_on_commit_callbacks: Any) -> Path:
    path = write_set(tmp_path / "ZNR.json", [gnarlid(rulings("2020-09-25", KICKER_2020)), burst()])
    with django_capture_on_commit_callbacks(execute=True):
        run_import(path)
    return path


def test_an_import_bumps_the_content_version_once_when_it_commits(
    tmp_path: Path, django_capture_on_commit_callbacks: Any
) -> None:
    path = write_set(tmp_path / "ZNR.json", [gnarlid(rulings("2020-09-25", KICKER_2020)), burst()])
    before = content_version()

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        report = run_import(path)
        during = content_version()
    for callback in callbacks:
        callback()

    assert report["cards"]["added"] == 2
    assert during == before  # nobody else sees the writes before the commit
    assert content_version() == before + 1


def test_an_import_makes_cached_card_pages_and_values_stale(
    imported: Path, client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    url = Card.objects.get(name="Burst Lightning").get_absolute_url()
    client.get(url)
    assert client.get(url)["X-Rulesite-Cache"] == "hit"
    assert cached_value(("answer",), lambda: "before") == "before"
    changed = burst()
    changed["text"] = "Burst Lightning deals 2 damage to any target. If this spell was kicked, 4."
    write_set(imported, [gnarlid(rulings("2020-09-25", KICKER_2020)), changed])

    with django_capture_on_commit_callbacks(execute=True):
        report = run_import(imported)

    assert report["cards"]["changed"] == 1
    assert client.get(url)["X-Rulesite-Cache"] == "miss"
    assert cached_value(("answer",), lambda: "after") == "after"


def test_a_dry_run_leaves_cached_pages_and_the_content_version_alone(
    imported: Path, client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    url = Card.objects.get(name="Burst Lightning").get_absolute_url()
    client.get(url)
    changed = burst()
    changed["text"] = "Burst Lightning deals 3 damage to any target."
    write_set(imported, [gnarlid(rulings("2020-09-25", KICKER_2020)), changed])
    before = content_version()

    with django_capture_on_commit_callbacks(execute=True):
        report = run_import(imported, dry_run=True)

    assert report["cards"]["changed"] == 1
    assert content_version() == before
    assert client.get(url)["X-Rulesite-Cache"] == "hit"
