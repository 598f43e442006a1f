"""translate_missing: missing French through the configured machine-translation backend."""

from __future__ import annotations

import datetime
from io import StringIO
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from rulesite.cards.models import Ruling
from tests.rulesite.curation.curation_fakes import FakeBackend

pytestmark = pytest.mark.django_db

FAKE = "tests.rulesite.curation.curation_fakes.FakeBackend"


def ruling(text_en: str, **fields: Any) -> Ruling:
    return Ruling.objects.create(
        published_on=fields.pop("published_on", datetime.date(2024, 11, 8)),
        text_en=text_en,
        **fields,
    )


def translate(*args: str) -> str:
    out = StringIO()
    call_command("translate_missing", *args, stdout=out)
    return out.getvalue()


def test_without_a_backend_the_command_says_how_to_configure_one(settings: Any) -> None:
    settings.RULESITE_TRANSLATION_BACKEND = ""
    ruling("The kicker ability doesn't let you pay a kicker cost more than once.")

    with pytest.raises(CommandError) as raised:
        translate()

    message = str(raised.value)
    assert (
        "RULESITE_TRANSLATION_BACKEND=rulesite.curation.services.translation.DeepLBackend"
        in message
    )
    assert "DEEPL_AUTH_KEY" in message

    assert Ruling.objects.get().translation_status == Ruling.TranslationStatus.MISSING


def test_fills_missing_french_and_marks_it_machine(settings: Any) -> None:
    settings.RULESITE_TRANSLATION_BACKEND = FAKE
    missing = ruling("If a spell's kicker cost was paid, the spell is kicked.")
    reviewed = ruling(
        "Kicker is optional.",
        text_fr="Le kick est facultatif.",
        translation_status=Ruling.TranslationStatus.REVIEWED,
    )

    output = translate()

    missing.refresh_from_db()
    reviewed.refresh_from_db()
    assert missing.text_fr == "[en→fr] If a spell's kicker cost was paid, the spell is kicked."
    assert missing.translation_status == Ruling.TranslationStatus.MACHINE
    assert missing.is_machine_translated
    assert missing.history.first().history_change_reason == "machine translation"
    assert reviewed.text_fr == "Le kick est facultatif."
    assert "Translated 1 clarifications" in output


def test_machine_translations_join_the_review_queue(settings: Any) -> None:
    settings.RULESITE_TRANSLATION_BACKEND = FAKE
    newer = ruling("Newer.", published_on=datetime.date(2024, 11, 8))
    older = ruling("Older.", published_on=datetime.date(2007, 5, 1))

    translate()

    assert list(Ruling.objects.french_review_queue()) == [older, newer]


def test_batches_and_limit(settings: Any) -> None:
    FakeBackend.calls.clear()
    for n in range(5):
        ruling(f"Ruling {n}.", published_on=datetime.date(2020, 1, 1 + n))

    output = translate("--backend", FAKE, "--batch-size", "2", "--limit", "3")

    assert [len(call) for call in FakeBackend.calls] == [2, 1]
    assert Ruling.objects.filter(translation_status="machine").count() == 3
    assert "2 still without French." in output


def test_french_typed_by_a_person_is_never_overwritten(settings: Any) -> None:
    settings.RULESITE_TRANSLATION_BACKEND = FAKE
    typed = ruling("Typed.", text_fr="Saisi à la main.")

    translate()

    typed.refresh_from_db()
    assert typed.text_fr == "Saisi à la main."


def test_backend_returning_the_wrong_number_of_texts_is_an_error(settings: Any) -> None:
    settings.RULESITE_TRANSLATION_BACKEND = "tests.rulesite.curation.curation_fakes.ShortBackend"
    ruling("One.")
    ruling("Two.")

    with pytest.raises(CommandError, match="returned 1 texts for 2"):
        translate()

    assert not Ruling.objects.exclude(translation_status="missing").exists()


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("tests.rulesite.curation.curation_fakes.Nope", "RULESITE_TRANSLATION_BACKEND"),
        ("tests.rulesite.curation.curation_fakes.NoMethod", "no translate"),
    ],
)
def test_misconfigured_backend_is_a_clear_error(settings: Any, path: str, message: str) -> None:
    settings.RULESITE_TRANSLATION_BACKEND = path
    ruling("One.")

    with pytest.raises(CommandError, match=message):
        translate()


def test_deepl_backend_without_key_is_a_clear_error(
    settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DEEPL_AUTH_KEY", raising=False)
    settings.RULESITE_TRANSLATION_BACKEND = "rulesite.curation.services.translation.DeepLBackend"
    ruling("One.")

    with pytest.raises(CommandError, match="DEEPL_AUTH_KEY"):
        translate()


def test_dry_run_counts_without_calling_the_backend(settings: Any) -> None:
    FakeBackend.calls.clear()
    settings.RULESITE_TRANSLATION_BACKEND = FAKE
    ruling("One.")

    output = translate("--dry-run")

    assert output.strip() == "1 clarifications have no French."
    assert FakeBackend.calls == []


def test_the_glossary_goes_to_backends_that_take_one(settings: Any) -> None:
    from tests.rulesite.curation.curation_fakes import GlossaryBackend

    GlossaryBackend.glossaries.clear()
    settings.RULESITE_TRANSLATION_BACKEND = "tests.rulesite.curation.curation_fakes.GlossaryBackend"
    ruling("If a spell's kicker cost was paid, the spell is kicked.")

    output = translate()

    sent = dict(GlossaryBackend.glossaries[0])
    assert sent["kicker"] == "kick"
    assert sent["split second"] == "fraction de seconde"
    assert "Sent the glossary" in output
