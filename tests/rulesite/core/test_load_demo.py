"""``manage.py load_demo``: the demo data set, loaded in one transaction, idempotent."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from rulesite.cards.models import Card, Keyword, Rule, Ruling


def load() -> str:
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_load_demo_prints_counts_of_what_it_created() -> None:
    output = load()

    assert f"cards: {Card.objects.count()} created, 0 updated, 0 unchanged" in output
    assert "keywords: 4 created" in output
    assert f"rulings: {Ruling.objects.count()} created" in output
    assert Card.objects.count() >= 78


@pytest.mark.django_db
def test_load_demo_twice_changes_nothing() -> None:
    load()
    snapshot = (
        list(Card.objects.values().order_by("pk")),
        list(Ruling.objects.values("pk", "text_fr", "translation_status", "updated_at")),
        list(Ruling.cards.through.objects.values_list("ruling_id", "card_id").order_by("pk")),
        list(Rule.objects.values().order_by("pk")),
        Card.history.count(),
    )

    output = load()

    assert "0 created, 0 updated" in output
    assert "created, 0 updated, 0 unchanged" not in output
    assert (
        list(Card.objects.values().order_by("pk")),
        list(Ruling.objects.values("pk", "text_fr", "translation_status", "updated_at")),
        list(Ruling.cards.through.objects.values_list("ruling_id", "card_id").order_by("pk")),
        list(Rule.objects.values().order_by("pk")),
        Card.history.count(),
    ) == snapshot


@pytest.mark.django_db
def test_load_demo_keeps_a_reviewed_french_translation() -> None:
    load()
    ruling = Ruling.objects.get(text_en__startswith="The kicker ability doesn't let you")
    ruling.text_fr = "Traduction relue."
    ruling.translation_status = Ruling.TranslationStatus.REVIEWED
    ruling.save()

    load()

    ruling.refresh_from_db()
    assert ruling.text_fr == "Traduction relue."
    assert ruling.translation_status == Ruling.TranslationStatus.REVIEWED


@pytest.mark.django_db
def test_demo_kicker_rulings_are_one_row_shared_by_every_kicker_card() -> None:
    load()
    kicker = Keyword.objects.get(slug="kicker")

    rulings = Ruling.objects.filter(published_on="2024-11-08")

    assert rulings.count() == 6
    kicker_cards = set(kicker.cards.values_list("slug", flat=True))
    assert {"burst-lightning", "gnarlid-colony", "kavu-primarch", "molten-disaster"} <= kicker_cards
    for ruling in rulings:
        assert ruling.keyword == kicker
        assert set(ruling.cards.values_list("slug", flat=True)) == kicker_cards
        assert ruling.translation_status == Ruling.TranslationStatus.MACHINE
        assert ruling.text_fr


@pytest.mark.django_db
def test_demo_data_uses_current_oracle_wording_for_the_seed_cards() -> None:
    load()

    for slug in ("gnarlid-colony", "kavu-primarch"):
        text = Card.objects.get(slug=slug).oracle_text
        assert "enters with" in text
        assert "enters the battlefield" not in text
    assert not Card.objects.filter(oracle_text__contains="enters the battlefield").exists()


@pytest.mark.django_db
def test_demo_card_facts_come_from_the_card_data() -> None:
    load()

    primarch = Card.objects.get(slug="kavu-primarch")
    assert primarch.name_fr == "Primarque kavru"
    assert primarch.mana_cost == "{3}{G}"
    assert primarch.display_mana_value == "4"
    assert (primarch.power, primarch.toughness) == ("3", "3")
    assert primarch.oracle_id == "09537e9f-6c8e-4849-9d35-d4f3950a64d7"
    assert set(primarch.keywords.values_list("slug", flat=True)) == {"convoke", "kicker"}
    assert Card.objects.get(slug="bloodchiefs-thirst").name == "Bloodchief's Thirst"
    assert Card.objects.get(slug="molten-disaster").mana_value == 2


@pytest.mark.django_db
def test_demo_rule_702_33a_has_the_seed_french_and_its_former_number() -> None:
    load()

    rule = Rule.objects.select_related("parent").get(number="702.33a")

    assert rule.former_number == "702.30a"
    assert rule.text_fr.startswith("Le kick est une capacité statique")
    assert rule.text_en.startswith("Kicker is a static ability")
    assert rule.parent is not None
    assert rule.parent.number == "702.33"


@pytest.mark.django_db
def test_load_demo_after_the_full_import_keeps_a_split_card_beside_its_demo_face() -> None:
    # The MTGJSON import stores the whole split card under the oracle id of the demo's face.
    ribbons_id = "98a5bf1a-1088-4339-9a9b-6ee5e4956cf1"
    Card.objects.create(
        slug="cut-ribbons", name="Cut // Ribbons", oracle_id=ribbons_id, mana_value=2
    )

    load()

    assert Card.objects.get(oracle_id=ribbons_id).name == "Cut // Ribbons"
    assert Card.objects.get(slug="ribbons").oracle_id is None
    assert "0 created" in load()
