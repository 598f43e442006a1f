"""Safe re-imports, on real MTGJSON set files and modified copies of them: a re-import never
loses reviewed French and never attaches it to a ruling of another mechanic.

The cases: a minor re-wording, a major re-wording, a removal, a split, and a ruling shared
across mechanics (Hogaak has both convoke and delve).
"""

from __future__ import annotations

from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from rulesite.cards.models import Card, Keyword, Ruling
from rulesite.curation.models import FrenchSuggestion, ImportEvent, ImportRun
from rulesite.curation.queue import review_queue
from rulesite.curation.services.import_record import short
from tests.rulesite.curation.real_files import add_rulings, real_set, reword, write

pytestmark = pytest.mark.django_db

KICKER_CARDS = ["Gnarlid Colony", "Dauntless Unity", "Kitesail Cleric", "Into the Roil"]
ONCE = "You can’t pay a kicker cost more than once."
ONCE_FR = "Vous ne pouvez pas payer un coût de kick plus d'une fois."
ONCE_2024 = "The kicker ability doesn’t let you pay a kicker cost more than once."
WITHOUT_CASTING = (
    "If you put a permanent with a kicker ability onto the battlefield without casting it, you "
    "can’t kick it."
)
WITHOUT_CASTING_FR = (
    "Si vous mettez un permanent avec une capacité de kick sur le champ de bataille sans le "
    "lancer, vous ne pouvez pas le kicker."
)
OPTIONAL = (
    "Kicker represents an optional additional cost that you may choose to pay as you cast the "
    "spell. A spell cast with that additional cost paid is “kicked.”"
)
OPTIONAL_FR = (
    "Le kick représente un coût supplémentaire facultatif que vous pouvez choisir de payer en "
    "lançant le sort. Un sort lancé avec ce coût supplémentaire payé est « kické »."
)
TOTAL = (
    "To determine a spell’s total cost, start with the mana cost (or an alternative cost if "
    "another card’s effect allows you to pay one instead), add any cost increases (such as "
    "kicker), then apply any cost reductions. The converted mana cost of the spell is "
    "determined only by its mana cost, no matter what the total cost to cast the spell was."
)
TOTAL_FR = (
    "Pour déterminer le coût total d'un sort, commencez par le coût de mana (ou un coût "
    "alternatif), ajoutez les augmentations de coût (comme le kick), puis appliquez les "
    "réductions de coût. Le coût converti de mana du sort ne dépend que de son coût de mana."
)
TRIGGERS = (
    "An ability that triggers when a player casts a kicked spell resolves before the spell that "
    "caused it to trigger, but after targets have been chosen for that spell. It resolves even "
    "if that spell is countered."
)


def run_import(*paths: Path) -> str:
    out = StringIO()
    call_command("import_mtgjson", *map(str, paths), "--quiet", stdout=out)
    return out.getvalue()


def review(text_en: str, text_fr: str, user: Any = None) -> Ruling:
    ruling = Ruling.objects.get(text_en=text_en)
    ruling.text_fr = text_fr
    ruling.translation_status = Ruling.TranslationStatus.REVIEWED
    ruling._history_user = user  # type: ignore[attr-defined]
    ruling.save()
    return ruling


def reviewed_french() -> dict[str, int | None]:
    """Each reviewed French text and the keyword of its ruling."""
    return dict(
        Ruling.objects.filter(translation_status=Ruling.TranslationStatus.REVIEWED).values_list(
            "text_fr", "keyword_id"
        )
    )


def assert_no_reviewed_french_lost_or_moved(before: dict[str, int | None]) -> None:
    """Every French text reviewed before the import is still somewhere a curator sees it (a
    ruling's French, a withdrawn ruling, a pending suggestion), and every ruling that carries
    it is about the same mechanic."""
    for text_fr, keyword_id in before.items():
        carriers = list(Ruling.objects.filter(text_fr=text_fr))
        suggested = FrenchSuggestion.objects.pending().filter(text_fr=text_fr)
        assert carriers or suggested.exists(), f"reviewed French lost: {text_fr!r}"
        for ruling in carriers:
            assert ruling.keyword_id in (keyword_id, None), (
                f"{text_fr!r} moved from keyword {keyword_id} to ruling #{ruling.pk} of "
                f"keyword {ruling.keyword_id}"
            )
        for suggestion in suggested:
            target = suggestion.ruling.keyword_id
            assert target in (keyword_id, None) or keyword_id is None


@pytest.fixture
def znr(tmp_path: Path) -> dict[str, Any]:
    """Four real kicker cards of Zendikar Rising imported, three kicker rulings reviewed."""
    path = write(real_set("ZNR", KICKER_CARDS), tmp_path / "ZNR.json.gz")
    run_import(path)
    reviewed = [
        review(ONCE, ONCE_FR),
        review(WITHOUT_CASTING, WITHOUT_CASTING_FR),
        review(OPTIONAL, OPTIONAL_FR),
        review(TOTAL, TOTAL_FR),
    ]
    return {"dir": tmp_path, "reviewed": reviewed, "before": reviewed_french()}


def reimport(znr: dict[str, Any], old: str, new: list[str]) -> str:
    document = reword(real_set("ZNR", KICKER_CARDS), old, new)
    return run_import(write(document, znr["dir"] / "ZNR-2024.json.gz"))


def test_minor_rewording_keeps_the_row_and_its_french_to_review_against_the_new_english(
    znr: dict[str, Any],
) -> None:
    old = Ruling.objects.get(text_en=ONCE)
    cards = set(old.cards.values_list("name", flat=True))

    output = reimport(znr, ONCE, [ONCE_2024])

    ruling = Ruling.objects.get(pk=old.pk)
    assert ruling.text_en == ONCE_2024
    assert (ruling.text_fr, ruling.translation_status) == (ONCE_FR, "needs_review")
    assert (ruling.previous_text_en, ruling.previous_status) == (ONCE, "reviewed")
    assert ruling.french_state == "earlier_wording"
    assert ruling.keyword == Keyword.objects.get(slug="kicker")
    assert set(ruling.cards.values_list("name", flat=True)) == cards
    assert f"#{ruling.pk} «{short(ONCE)}» → «{short(ONCE_2024)}»" in output
    event = ImportEvent.objects.get(kind="reworded")
    assert (event.ruling, event.old_text_en, event.needs_attention) == (ruling, ONCE, True)
    assert review_queue()[0] == ruling
    history = list(ruling.history.order_by("-history_date")[:2])
    assert history[0].history_change_reason.endswith(": English re-worded")
    assert (history[0].text_en, history[1].text_en) == (ONCE_2024, ONCE)
    assert_no_reviewed_french_lost_or_moved(znr["before"])


def test_major_rewording_withdraws_the_old_ruling_and_offers_its_french_to_the_new_one(
    znr: dict[str, Any],
) -> None:
    old = Ruling.objects.get(text_en=WITHOUT_CASTING)
    major = (
        "Only a spell can be kicked. Putting a kicker permanent onto the battlefield some other "
        "way never kicks it."
    )

    output = reimport(znr, WITHOUT_CASTING, [major])

    old.refresh_from_db()
    assert old.withdrawn_on is not None
    assert old.history.first().history_change_reason.endswith(": withdrawn by the source")
    assert (old.text_fr, old.translation_status) == (WITHOUT_CASTING_FR, "reviewed")
    assert not old.cards.exists()
    new = Ruling.objects.get(text_en=major)
    assert new.text_fr == ""
    suggestion = new.french_suggestions.get()
    assert (suggestion.kind, suggestion.text_fr, suggestion.source_ruling) == (
        "withdrawn",
        WITHOUT_CASTING_FR,
        old,
    )
    assert f"#{old.pk} «{short(WITHOUT_CASTING)}»" in output.split("withdrawn with")[1]
    assert f"#{new.pk} «{short(major)}» ← #{old.pk}" in output
    assert review_queue()[0] == new
    assert old not in Ruling.objects.filter(keyword__slug="kicker").current()
    assert_no_reviewed_french_lost_or_moved(znr["before"])


def test_removal_of_a_reviewed_ruling_keeps_it_withdrawn_and_names_it(
    znr: dict[str, Any], client: Any
) -> None:
    old = Ruling.objects.get(text_en=OPTIONAL)
    unreviewed = TRIGGERS

    output = run_import(
        write(
            reword(reword(real_set("ZNR", KICKER_CARDS), OPTIONAL, []), unreviewed, []),
            znr["dir"] / "ZNR-removed.json.gz",
        )
    )

    old.refresh_from_db()
    assert old.withdrawn_on is not None
    assert old.text_fr == OPTIONAL_FR
    assert not Ruling.objects.filter(text_en=unreviewed).exists()
    assert f"«{short(OPTIONAL)}»" in output.split("withdrawn with")[1]
    assert f"«{short(unreviewed)}»" in output.split("Removed (no reviewed French)")[1]
    assert ImportEvent.objects.get(kind="withdrawn").needs_attention
    assert review_queue()[0] == old
    page = client.get("/fr/keywords/kicker/").content.decode()
    assert OPTIONAL_FR not in page
    assert_no_reviewed_french_lost_or_moved(znr["before"])


def test_split_ruling_pairs_the_closest_half_and_offers_the_french_to_the_other(
    znr: dict[str, Any],
) -> None:
    old = Ruling.objects.get(text_en=TOTAL)
    first = TOTAL.split(" The converted")[0]
    second = (
        "The spell’s mana value is determined only by its mana cost, no matter what the total "
        "cost to cast the spell was."
    )

    output = reimport(znr, TOTAL, [first, second])

    paired = Ruling.objects.get(pk=old.pk)
    assert (paired.text_en, paired.text_fr, paired.translation_status) == (
        first,
        TOTAL_FR,
        "needs_review",
    )
    other = Ruling.objects.get(text_en=second)
    suggestion = other.french_suggestions.get()
    assert (suggestion.kind, suggestion.text_fr, suggestion.source_text_en) == (
        "split",
        TOTAL_FR,
        TOTAL,
    )
    assert f"#{other.pk} «{short(second)}» ← #{old.pk}" in output
    assert set(review_queue()[:2]) == {paired, other}
    assert_no_reviewed_french_lost_or_moved(znr["before"])


def test_unchanged_reimport_of_a_real_file_names_nothing_and_records_no_run(
    znr: dict[str, Any],
) -> None:
    runs = ImportRun.objects.count()

    output = run_import(write(real_set("ZNR", KICKER_CARDS), znr["dir"] / "again.json.gz"))

    assert "Nothing to write" in output
    assert ImportRun.objects.count() == runs
    assert not ImportEvent.objects.exists()


DEMO_CONVOKE = {
    "Because convoke isn't an alternative cost, it can be used in conjunction with alternative "
    "costs.": "Comme la convocation n'est pas un coût alternatif, elle peut être utilisée avec "
    "des coûts alternatifs.",
    "You can tap any untapped creature you control to convoke a spell, even one you haven't "
    "controlled continuously since the beginning of your most recent turn.": "Vous pouvez "
    "engager n'importe quelle créature dégagée que vous contrôlez pour la convocation, même une "
    "que vous ne contrôlez pas sans interruption depuis le début de votre dernier tour.",
}


def test_ruling_shared_across_mechanics_never_takes_the_other_mechanics_french(
    tmp_path: Path,
) -> None:
    """Hogaak has convoke and delve. Its reviewed convoke rulings (2024 wording) must not pass
    their French to the 2021 delve ruling shared by the delve cards ("Because delve isn't an
    alternative cost…"), however alike the two sentences are."""
    names = ["Hogaak, Arisen Necropolis"]
    delve_cards = ["Treasure Cruise", "Dig Through Time"]
    old = real_set("MH1", names)
    for card in old["data"]["cards"]:
        card["rulings"] = []
    add_rulings(old, names[0], [{"date": "2024-01-12", "text": text} for text in DEMO_CONVOKE])
    run_import(write(old, tmp_path / "MH1-old.json.gz"))
    for text_en, text_fr in DEMO_CONVOKE.items():
        review(text_en, text_fr)
    convoke = Keyword.objects.get(slug="convoke")
    assert set(Ruling.objects.values_list("keyword", flat=True)) == {convoke.pk}
    before = reviewed_french()

    output = run_import(
        write(real_set("MH1", names), tmp_path / "MH1.json.gz"),
        write(real_set("KTK", delve_cards), tmp_path / "KTK.json.gz"),
    )

    delve_ruling = Ruling.objects.get(text_en__startswith="Because delve isn’t an alternative")
    assert delve_ruling.text_fr == ""
    assert delve_ruling.keyword == Keyword.objects.get(slug="delve")
    assert not delve_ruling.french_suggestions.exists()
    assert set(delve_ruling.cards.values_list("name", flat=True)) == {*names, *delve_cards}
    tap_any = Ruling.objects.get(text_en__startswith="You can tap any untapped creature")
    assert tap_any.text_fr == DEMO_CONVOKE[next(iter(k for k in DEMO_CONVOKE if "tap" in k))]
    assert tap_any.translation_status == "reviewed"  # re-dated and re-typeset only
    because = Ruling.objects.get(text_en__startswith="Because convoke isn't")
    assert because.withdrawn_on is not None
    assert "Because convoke isn't" in output.split("withdrawn with")[1]
    hogaak = Card.objects.get(name=names[0])
    assert not hogaak.rulings.filter(text_fr__in=DEMO_CONVOKE.values(), keyword__slug="delve")
    assert_no_reviewed_french_lost_or_moved(before)


def test_same_words_redated_card_by_card_keep_their_reviewed_french(
    znr: dict[str, Any],
) -> None:
    """WotC re-dates a shared ruling card by card: two new rows with the same words."""
    old = Ruling.objects.get(text_en=ONCE)
    document = real_set("ZNR", KICKER_CARDS)
    for card in document["data"]["cards"]:
        date = (
            "2024-11-08" if card["name"] in ("Gnarlid Colony", "Dauntless Unity") else "2023-01-01"
        )
        for ruling in card["rulings"]:
            if ruling["text"] == ONCE:
                ruling["date"] = date

    output = run_import(write(document, znr["dir"] / "ZNR-redated.json.gz"))

    rows = Ruling.objects.filter(text_en=ONCE, withdrawn_on__isnull=True)
    assert sorted(str(r.published_on) for r in rows) == ["2023-01-01", "2024-11-08"]
    assert {(r.text_fr, r.translation_status) for r in rows} == {(ONCE_FR, "reviewed")}
    assert not FrenchSuggestion.objects.exists()
    old.refresh_from_db()
    assert old.withdrawn_on is not None
    assert old not in review_queue()
    assert "French carried to 2 rulings with the same English" in output
    assert_no_reviewed_french_lost_or_moved(znr["before"])
