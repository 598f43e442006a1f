"""The French terminology: seeded from the Comprehensive Rules and from French printed cards,
checked on every French text, curated in the admin; translation memory."""

from __future__ import annotations

import datetime
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from rulesite.cards.models import Keyword, Ruling
from rulesite.curation.models import FrenchSuggestion, FrenchTerm
from rulesite.curation.queue import review_queue
from rulesite.curation.services.glossary import load_glossary, sync_keyword_terms
from tests.rulesite.curation.real_files import real_set, write

pytestmark = pytest.mark.django_db

#: The text the issue saw saved as reviewed and published.
ENGLISH = (
    "If the kicker cost is paid while the spell is on the stack, split second and convoke "
    "still apply; the mana value doesn't change and the permanent enters the battlefield."
)
BAD_FRENCH = (
    "Si le coût de kicker est payé pendant que le sort est sur la stack, seconde fractionnée "
    "et convocage s'appliquent ; la mana value ne change pas et le permanent arrive sur le "
    "terrain de jeu."
)
GOOD_FRENCH = (
    "Si le coût de kick est payé pendant que le sort est sur la pile, la fraction de seconde et "
    "la convocation s'appliquent ; la valeur de mana ne change pas et le permanent arrive sur "
    "le champ de bataille."
)


def run_import(*paths: Path) -> str:
    out = StringIO()
    call_command("import_mtgjson", *map(str, paths), "--quiet", stdout=out)
    return out.getvalue()


def test_migrate_seeds_the_comprehensive_rules_terms() -> None:
    terms = dict(FrenchTerm.objects.values_list("term_en", "term_fr"))

    assert terms["kicker"] == "kick"
    assert terms["split second"] == "fraction de seconde"
    assert terms["mana value"] == "valeur de mana"
    assert terms["battlefield"] == "champ de bataille"
    assert terms["stack"] == "pile"
    assert (terms["exile"], terms["sacrifice"]) == ("exiler", "sacrifier")


def test_every_problem_of_the_published_french_is_found() -> None:
    findings = load_glossary().check(ENGLISH, BAD_FRENCH)

    assert {(f.term_en, f.kind) for f in findings} == {
        ("kicker cost", "missing"),
        ("stack", "english"),
        ("split second", "missing"),
        ("convoke", "missing"),
        ("mana value", "english"),
        ("battlefield", "missing"),
    }


def test_french_using_the_official_terms_has_no_finding() -> None:
    assert load_glossary().check(ENGLISH, GOOD_FRENCH) == []


@pytest.mark.parametrize(
    ("english", "french"),
    [
        ("Exile target creature.", "Exilez la créature ciblée."),
        ("If the spell was kicked, …", "Si le sort a été kické, …"),
        ("Each battlefield.", "Les champs de bataille."),
        ("Tapping an untapped creature", "Engager une créature dégagée"),
    ],
)
def test_inflected_french_terms_are_recognised(english: str, french: str) -> None:
    assert load_glossary().check(english, french) == []


def test_french_names_of_keywords_come_from_french_printed_cards(tmp_path: Path) -> None:
    znr = real_set("ZNR", ["Gnarlid Colony", "Kitesail Cleric", "Roost of Drakes"])
    mh1 = real_set("MH1", ["Hogaak, Arisen Necropolis"])

    output = run_import(write(znr, tmp_path / "ZNR.json.gz"), write(mh1, tmp_path / "MH1.json.gz"))

    names = dict(Keyword.objects.values_list("name_en", "name_fr"))
    assert names["Kicker"] == "Kick"
    assert names["Convoke"] == "Convocation"
    assert names["Delve"] == "Fouille"
    assert names["Trample"] == "Piétinement"
    assert "French names found on French printed cards" in output
    assert FrenchTerm.objects.get(keyword__name_en="Delve").term_fr.casefold() == "fouille"
    roost = FrenchTerm.objects.get(term_en="Flying")  # not a seeded term: added from the cards
    assert (roost.term_fr, roost.source) == ("Vol", "keyword")


def test_a_curator_checked_term_keeps_its_french(clarifications: dict[str, Any]) -> None:
    kicker = clarifications["kicker"]  # French name "Kick"
    sync_keyword_terms()
    term = FrenchTerm.objects.get(term_en__iexact="kicker")
    term.term_fr, term.curated = "kick (CR 702.33)", True
    term.save()
    kicker.name_fr = "Kicker"
    kicker.save()

    sync_keyword_terms()

    term.refresh_from_db()
    assert term.term_fr == "kick (CR 702.33)"


def test_glossary_terms_are_curated_in_the_admin(curator_client: Any) -> None:
    response = curator_client.post(
        "/admin/curation/frenchterm/add/",
        {"term_en": "library", "term_fr": "bibliothèque", "note": "401"},
    )
    listing = curator_client.get("/admin/curation/frenchterm/", {"q": "split"})

    assert response.status_code == 200  # "library" is seeded already: a form error, not a 500
    assert "Comprehensive Rules term" in listing.content.decode()
    new = curator_client.post(
        "/admin/curation/frenchterm/add/", {"term_en": "scry", "term_fr": "regard", "note": ""}
    )
    assert new.status_code == 302
    term = FrenchTerm.objects.get(term_en="scry")
    assert (term.source, term.curated) == ("curator", True)


def test_import_offers_reviewed_french_to_the_same_english(tmp_path: Path) -> None:
    text = "You can’t pay a kicker cost more than once."
    reviewed = Ruling.objects.create(
        published_on=datetime.date(2024, 11, 8),
        source="community",
        text_en=text.replace("’", "'"),
        text_fr="Vous ne pouvez pas payer un coût de kick plus d'une fois.",
        translation_status=Ruling.TranslationStatus.REVIEWED,
    )

    run_import(write(real_set("ZNR", ["Gnarlid Colony"]), tmp_path / "ZNR.json.gz"))

    twin = Ruling.objects.get(text_en=text)
    suggestion = twin.french_suggestions.get()
    assert (suggestion.kind, suggestion.text_fr, suggestion.source_ruling) == (
        FrenchSuggestion.Kind.MEMORY,
        reviewed.text_fr,
        reviewed,
    )
    assert twin.translation_status == "missing"
    assert twin in review_queue()
    assert review_queue().get(pk=twin.pk).queue_priority == 1
