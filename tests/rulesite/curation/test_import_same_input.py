"""A re-import of the files of the last import, with no write to the cards since, compares
nothing (a digest of the files and of the code, and the content version it left); any change
to the files or to the cards makes it compare every card again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rulesite.cards.models import Card, Ruling
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
    """A set file imported once, its import committed."""
    path = write_set(tmp_path / "ZNR.json", [gnarlid(rulings("2020-09-25", KICKER_2020)), burst()])
    with django_capture_on_commit_callbacks(execute=True):
        first = run_import(path)
    assert first["cards"]["added"] == 2
    return path


def test_same_files_and_no_write_since_reads_and_compares_nothing(imported: Path) -> None:
    with CaptureQueriesContext(connection) as queries:
        report = run_import(imported)

    assert report["same_input"] is True
    assert report["wrote_nothing"] is True
    assert report["cards"]["unchanged"] == 2
    assert report["rulings"]["unchanged"] == len(KICKER_2020)
    card_reads = [q for q in queries.captured_queries if '"cards_card"' in q["sql"]]
    assert card_reads == []


def test_a_ruling_deleted_since_makes_the_import_compare_and_restore_it(
    imported: Path, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        Ruling.objects.filter(text_en=KICKER_2020[0]).delete()

    report = run_import(imported)

    assert report["same_input"] is False
    assert report["rulings"]["added"] == 1
    assert Ruling.objects.filter(text_en=KICKER_2020[0]).exists()


def test_a_card_edited_since_makes_the_import_compare_again(
    imported: Path, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        Card.objects.filter(name="Burst Lightning").update(mana_cost="{1}{R}")

    report = run_import(imported)

    assert report["same_input"] is False
    assert report["cards"]["changed"] == 1
    assert Card.objects.get(name="Burst Lightning").mana_cost == "{R}"


def test_a_changed_file_makes_the_import_compare_again(imported: Path) -> None:
    write_set(imported, [gnarlid(rulings("2020-09-25", KICKER_2020))])

    report = run_import(imported)

    assert report["same_input"] is False
    assert report["cards"]["unchanged"] == 1


def test_compare_all_compares_every_card_even_for_the_same_files(imported: Path) -> None:
    report = run_import(imported, compare_all=True)

    assert report["same_input"] is False
    assert report["wrote_nothing"] is True
    assert report["cards"]["unchanged"] == 2


def test_a_dry_run_is_never_taken_for_the_last_import(
    tmp_path: Path, django_capture_on_commit_callbacks: Any
) -> None:
    path = write_set(tmp_path / "ZNR.json", [burst()])
    with django_capture_on_commit_callbacks(execute=True):
        run_import(path, dry_run=True)

    report = run_import(path)

    assert report["same_input"] is False
    assert report["cards"]["added"] == 1
