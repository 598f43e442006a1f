"""import_mtgjson: MTGJSON v5 files into cards, French printed text, keywords and rulings."""

from __future__ import annotations

import datetime
import gzip
import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rulesite.cards.models import Card, Keyword, Rule, Ruling
from tests.rulesite.curation.curation_files import (
    BURST_ORACLE,
    FIRE_ICE_ORACLE,
    GNARLID_ORACLE,
    KICKER_2020,
    KICKER_2024,
    burst,
    gnarlid,
    mtgjson_card,
    rulings,
    write_json,
    write_set,
)

pytestmark = pytest.mark.django_db


def run_import(*paths: Path, **options: Any) -> str:
    out = StringIO()
    call_command("import_mtgjson", *map(str, paths), "--quiet", stdout=out, **options)
    return out.getvalue()


def snapshot() -> dict[str, Any]:
    """Everything an import may write, to compare before and after."""
    return {
        "cards": sorted(Card.objects.values_list()),
        "rulings": sorted(Ruling.objects.values_list()),
        "links": sorted(Ruling.cards.through.objects.values_list("card_id", "ruling_id")),
        "keywords": sorted(Keyword.objects.values_list()),
        "card_keywords": sorted(Card.keywords.through.objects.values_list("card_id", "keyword_id")),
        "card_history": Card.history.count(),
        "ruling_history": Ruling.history.count(),
    }


def test_import_creates_card_with_english_french_keywords_and_rulings(tmp_path: Path) -> None:
    path = write_set(
        tmp_path / "ZNR.json", [gnarlid(rulings("2020-09-25", KICKER_2020))], code="ZNR"
    )

    output = run_import(path)

    card = Card.objects.get(oracle_id=GNARLID_ORACLE)
    assert (card.name, card.slug, card.mana_cost, card.type_line) == (
        "Gnarlid Colony",
        "gnarlid-colony",
        "{1}{G}",
        "Creature — Beast",
    )
    assert (card.mana_value, card.colors, card.power, card.toughness) == (2, "G", "2", "2")
    assert card.name_fr == "Colonie de gnarlides"
    assert card.type_line_fr == "Créature : bête"
    assert card.printed_text_fr.startswith("Kick {2}{G}")
    assert card.printed_set_fr == "ZNR"
    assert card.search_name == "gnarlid colony colonie de gnarlides"
    assert [k.slug for k in card.keywords.all()] == ["kicker"]
    assert card.rulings.count() == 7
    assert set(card.rulings.values_list("source", flat=True)) == {"wotc"}
    assert set(card.rulings.values_list("published_on", flat=True)) == {datetime.date(2020, 9, 25)}
    assert "Cards: 1 added, 0 changed, 0 removed, 0 unchanged." in output
    assert "Rulings: 7 added" in output


def test_second_run_of_same_file_writes_nothing_and_says_so(tmp_path: Path) -> None:
    path = write_set(tmp_path / "ZNR.json", [gnarlid(rulings("2020-09-25", KICKER_2020)), burst()])
    run_import(path)
    before = snapshot()

    with CaptureQueriesContext(connection) as queries:
        output = run_import(path)

    writes = [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))
    ]
    assert writes == []
    assert snapshot() == before
    assert "Nothing to write: the database already matches the input." in output
    assert "Cards: 0 added, 0 changed, 0 removed, 2 unchanged." in output


def test_corrupt_file_mid_way_leaves_database_exactly_as_it_was(tmp_path: Path) -> None:
    run_import(write_set(tmp_path / "A.json", [gnarlid(rulings("2020-09-25", KICKER_2020))]))
    before = snapshot()
    good = write_set(tmp_path / "B.json", [gnarlid(rulings("2024-11-08", KICKER_2024)), burst()])
    corrupt = tmp_path / "C.json"
    corrupt.write_text(good.read_text()[: len(good.read_text()) // 2])

    with pytest.raises(CommandError, match=r"C\.json: not valid JSON.*nothing was written"):
        run_import(good, corrupt)

    assert snapshot() == before


def test_corrupt_gzip_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "ZNR.json.gz"
    path.write_bytes(b"\x1f\x8b\x08\x00garbage")

    with pytest.raises(CommandError, match=r"ZNR\.json\.gz"):
        run_import(path)

    assert Card.objects.count() == 0


def test_database_error_during_the_last_write_rolls_back_the_whole_import(tmp_path: Path) -> None:
    if connection.vendor != "sqlite":
        pytest.skip("the failure is injected with an SQLite trigger")
    run_import(write_set(tmp_path / "A.json", [burst()]))
    before = snapshot()
    path = write_set(tmp_path / "B.json", [gnarlid(rulings("2020-09-25", KICKER_2020)), burst()])
    with connection.cursor() as cursor:  # links to cards are written after cards and rulings
        cursor.execute(
            "CREATE TRIGGER fail_links BEFORE INSERT ON cards_ruling_cards "
            "BEGIN SELECT RAISE(ABORT, 'disk full'); END"
        )

    with pytest.raises(CommandError, match="disk full.*rolled back, nothing was written"):
        run_import(path)

    assert snapshot() == before


def test_card_with_a_field_too_long_is_skipped_with_a_warning(tmp_path: Path) -> None:
    too_long = mtgjson_card("X" * 300, "00000000-0000-0000-0000-000000000001")
    err = StringIO()

    output = run_import(write_set(tmp_path / "A.json", [burst(), too_long]), stderr=err)

    assert list(Card.objects.values_list("name", flat=True)) == ["Burst Lightning"]
    assert "Skipped 1: a field longer than the database allows." in output
    assert "name has 300 characters, the limit is 200" in err.getvalue()


def test_rename_onto_another_cards_name_is_skipped_not_a_crash(tmp_path: Path) -> None:
    run_import(write_set(tmp_path / "A.json", [burst(), gnarlid([])]))
    renamed = gnarlid([])
    renamed["name"] = "Burst Lightning"

    output = run_import(write_set(tmp_path / "B.json", [renamed]))

    assert Card.objects.get(oracle_id=GNARLID_ORACLE).name == "Gnarlid Colony"
    assert "Skipped 1: renamed to the name of another card." in output


def test_official_rulings_are_replaced_as_a_set_seven_2020_become_six_2024(
    tmp_path: Path,
) -> None:
    run_import(write_set(tmp_path / "old.json", [gnarlid(rulings("2020-09-25", KICKER_2020))]))

    run_import(
        write_set(
            tmp_path / "new.json",
            [gnarlid(rulings("2024-11-08", KICKER_2024))],
            release="2024-11-08",
        )
    )

    card = Card.objects.get(oracle_id=GNARLID_ORACLE)
    assert sorted(card.rulings.values_list("text_en", flat=True)) == sorted(KICKER_2024)
    assert set(card.rulings.values_list("published_on", flat=True)) == {datetime.date(2024, 11, 8)}
    assert not Ruling.objects.filter(published_on=datetime.date(2020, 9, 25)).exists()


def test_ruling_with_unchanged_english_keeps_id_french_and_review_status(tmp_path: Path) -> None:
    path = write_set(tmp_path / "ZNR.json", [gnarlid(rulings("2020-09-25", KICKER_2020))])
    run_import(path)
    kept = Ruling.objects.get(text_en=KICKER_2020[2])
    kept.text_fr = "Vous ne pouvez pas payer un coût de kick plus d'une fois."
    kept.translation_status = Ruling.TranslationStatus.REVIEWED
    kept.save()
    changed = [*KICKER_2020[:4], "A new 2020 ruling about kicker and copies."]

    run_import(write_set(tmp_path / "ZNR2.json", [gnarlid(rulings("2020-09-25", changed))]))

    again = Ruling.objects.get(text_en=KICKER_2020[2])
    assert again.pk == kept.pk
    assert again.text_fr == "Vous ne pouvez pas payer un coût de kick plus d'une fois."
    assert again.translation_status == Ruling.TranslationStatus.REVIEWED


def test_reworded_ruling_marks_french_needs_review_and_keeps_old_french(tmp_path: Path) -> None:
    run_import(write_set(tmp_path / "old.json", [gnarlid(rulings("2020-09-25", KICKER_2020))]))
    old = Ruling.objects.get(
        text_en=KICKER_2020[2]
    )  # "You can't pay a kicker cost more than once."
    old.text_fr = "Vous ne pouvez pas payer un coût de kick plus d'une fois."
    old.translation_status = Ruling.TranslationStatus.REVIEWED
    old.save()

    output = run_import(
        write_set(tmp_path / "new.json", [gnarlid(rulings("2024-11-08", KICKER_2024))])
    )

    new = Ruling.objects.get(text_en=KICKER_2024[1])  # "The kicker ability doesn't let you pay…"
    assert new.translation_status == Ruling.TranslationStatus.NEEDS_REVIEW
    assert new.previous_text_fr == "Vous ne pouvez pas payer un coût de kick plus d'une fois."
    assert new.text_fr == new.previous_text_fr
    assert new in Ruling.objects.french_review_queue()
    assert new.keyword is not None
    assert new.keyword_id == old.keyword_id  # the keyword page follows the re-wording
    assert new.pk == old.pk  # no other card keeps the old wording: the row itself moved on
    assert new.previous_text_en == KICKER_2020[2]
    assert new.previous_status == Ruling.TranslationStatus.REVIEWED
    assert new.french_state == "earlier_wording"
    assert "Re-worded, French kept" in output
    fresh = Ruling.objects.get(text_en=KICKER_2024[3])  # no French before: nothing to review
    assert fresh.translation_status == Ruling.TranslationStatus.MISSING


def test_redated_ruling_with_same_english_keeps_french_and_status(tmp_path: Path) -> None:
    text = KICKER_2020[0]  # the same words in 2020 and 2024
    run_import(write_set(tmp_path / "old.json", [gnarlid(rulings("2020-09-25", [text]))]))
    Ruling.objects.filter(text_en=text).update(
        text_fr="Si le coût de kick a été payé, le sort est « kické ».",
        translation_status=Ruling.TranslationStatus.REVIEWED,
    )

    run_import(write_set(tmp_path / "new.json", [gnarlid(rulings("2024-11-08", [text]))]))

    ruling = Card.objects.get(oracle_id=GNARLID_ORACLE).rulings.get()
    assert ruling.published_on == datetime.date(2024, 11, 8)
    assert ruling.text_fr == "Si le coût de kick a été payé, le sort est « kické »."
    assert ruling.translation_status == Ruling.TranslationStatus.REVIEWED


def test_ruling_retypeset_with_straight_quotes_keeps_french_and_status(tmp_path: Path) -> None:
    curly = "If Molten Disaster was kicked, it has split second as long as it’s on the stack."
    run_import(write_set(tmp_path / "old.json", [burst(rulings("2007-05-01", [curly]))]))
    Ruling.objects.filter(text_en=curly).update(
        text_fr="Si le Désastre en fusion a été kické, il a la fraction de seconde.",
        translation_status=Ruling.TranslationStatus.REVIEWED,
    )
    straight = curly.replace("’", "'")

    run_import(write_set(tmp_path / "new.json", [burst(rulings("2007-05-01", [straight]))]))

    ruling = Card.objects.get(oracle_id=BURST_ORACLE).rulings.get()
    assert ruling.text_en == straight
    assert ruling.translation_status == Ruling.TranslationStatus.REVIEWED
    assert ruling.text_fr.startswith("Si le Désastre en fusion")


def test_community_clarification_is_never_touched_by_an_import(tmp_path: Path) -> None:
    run_import(write_set(tmp_path / "old.json", [gnarlid(rulings("2020-09-25", KICKER_2020))]))
    card = Card.objects.get(oracle_id=GNARLID_ORACLE)
    community = Ruling.objects.create(
        published_on=datetime.date(2021, 1, 1),
        source=Ruling.Source.COMMUNITY,
        text_en="Tapping Gnarlid Colony for convoke doesn't remove its counters.",
        text_fr="Engager la Colonie pour la convocation ne retire pas ses marqueurs.",
        translation_status=Ruling.TranslationStatus.REVIEWED,
    )
    community.cards.add(card)
    before = (Ruling.objects.filter(pk=community.pk).values().get(), community.history.count())

    run_import(write_set(tmp_path / "new.json", [gnarlid(rulings("2024-11-08", KICKER_2024))]))

    after = (Ruling.objects.filter(pk=community.pk).values().get(), community.history.count())
    assert after == before
    assert card.rulings.filter(pk=community.pk).exists()


def test_ruling_shared_by_many_cards_is_one_row(tmp_path: Path) -> None:
    shared = rulings("2020-09-25", KICKER_2020[:3])
    path = write_set(tmp_path / "ZNR.json", [gnarlid(shared), burst(shared)])

    run_import(path)

    assert Ruling.objects.count() == 3
    assert all(r.cards.count() == 2 for r in Ruling.objects.all())


def test_ruling_dropped_by_one_card_stays_for_the_others(tmp_path: Path) -> None:
    shared = rulings("2020-09-25", KICKER_2020[:3])
    run_import(write_set(tmp_path / "A.json", [gnarlid(shared), burst(shared)]))

    run_import(write_set(tmp_path / "B.json", [burst([])]))

    assert Card.objects.get(oracle_id=BURST_ORACLE).rulings.count() == 0
    assert Card.objects.get(oracle_id=GNARLID_ORACLE).rulings.count() == 3


def test_official_ruling_no_card_uses_is_deleted_and_its_history_kept(tmp_path: Path) -> None:
    run_import(write_set(tmp_path / "A.json", [burst(rulings("2020-09-25", ["Old words."]))]))
    gone = Ruling.objects.get()

    output = run_import(write_set(tmp_path / "B.json", [burst([])]))

    assert not Ruling.objects.filter(pk=gone.pk).exists()
    assert Ruling.history.filter(id=gone.pk, history_type="-").exists()
    assert "1 removed" in output


def test_curator_edited_french_name_survives_reimport(
    tmp_path: Path, admin_user: Any, admin_client: Any
) -> None:
    path = write_set(tmp_path / "ZNR.json", [gnarlid(rulings("2020-09-25", KICKER_2020))])
    run_import(path)
    card = Card.objects.get(oracle_id=GNARLID_ORACLE)
    card.name_fr = "Colonie de gnarlides (corrigé)"
    card._history_user = admin_user  # type: ignore[attr-defined]
    card.save()

    output = run_import(path)

    card.refresh_from_db()
    assert card.name_fr == "Colonie de gnarlides (corrigé)"
    assert "French kept on 1 curator-edited cards." in output


def test_curator_edited_card_without_french_gets_the_imported_french(
    tmp_path: Path, admin_user: Any
) -> None:
    card = Card(name="Gnarlid Colony", slug="gnarlid-colony", type_line="Creature — Beast")
    card.refresh_search_fields()
    card._history_user = admin_user  # type: ignore[attr-defined]
    card.save()

    run_import(write_set(tmp_path / "ZNR.json", [gnarlid([])]))

    card.refresh_from_db()
    assert card.name_fr == "Colonie de gnarlides"


def test_changed_oracle_text_updates_card_and_records_history(tmp_path: Path) -> None:
    run_import(write_set(tmp_path / "A.json", [gnarlid([])]))
    newer = gnarlid(
        [], text="Kicker {2}{G}\nIf this creature was kicked, it enters with two counters."
    )

    output = run_import(write_set(tmp_path / "B.json", [newer]))

    card = Card.objects.get(oracle_id=GNARLID_ORACLE)
    assert card.oracle_text.endswith("it enters with two counters.")
    assert card.history.first().history_change_reason.startswith("import_mtgjson")
    assert "Cards: 0 added, 1 changed" in output


def test_keywords_created_as_needed_and_known_rule_numbers_kept(tmp_path: Path) -> None:
    Keyword.objects.create(slug="kicker", name_en="Kicker", rule_number="702.33")
    path = write_set(
        tmp_path / "A.json",
        [burst(), mtgjson_card("Sudden Shock", None, keywords=("Split second",), colors=("R",))],
    )

    run_import(path)

    assert Keyword.objects.get(slug="kicker").rule_number == "702.33"
    assert Keyword.objects.get(slug="split-second").name_en == "Split second"
    assert list(Card.objects.get(name="Sudden Shock").keywords.values_list("slug", flat=True)) == [
        "split-second"
    ]


def test_new_keyword_takes_its_rule_number_from_the_comprehensive_rules(tmp_path: Path) -> None:
    Rule.objects.create(number="702.61", title="Split Second", text_en="702.61. Split Second")
    Rule.objects.create(number="702.61a", text_en="Split second is a static ability…")
    card = mtgjson_card("Sudden Shock", None, keywords=("Split second",), colors=("R",))

    run_import(write_set(tmp_path / "A.json", [card]))

    assert Keyword.objects.get(slug="split-second").rule_number == "702.61"


def test_new_ruling_is_attached_to_the_one_keyword_of_its_cards_it_names(tmp_path: Path) -> None:
    texts = [
        "The kicker ability doesn't let you pay a kicker cost more than once.",
        "Gnarlid Colony's last ability applies to itself.",
    ]

    run_import(write_set(tmp_path / "A.json", [gnarlid(rulings("2024-11-08", texts))]))

    assert Ruling.objects.get(text_en=texts[0]).keyword == Keyword.objects.get(slug="kicker")
    assert Ruling.objects.get(text_en=texts[1]).keyword is None


def test_card_without_oracle_id_is_matched_by_name(tmp_path: Path) -> None:
    card = Card(name="Burst Lightning", slug="burst-lightning", type_line="Instant")
    card.refresh_search_fields()
    card.save()

    run_import(write_set(tmp_path / "ZEN.json", [burst()]))

    card.refresh_from_db()
    assert card.oracle_id == BURST_ORACLE
    assert Card.objects.count() == 1


def test_multi_face_card_joins_faces_with_slashes(tmp_path: Path) -> None:
    faces = [
        mtgjson_card(
            "Fire // Ice",
            FIRE_ICE_ORACLE,
            faceName=face,
            side=side,
            layout="split",
            mana_cost=cost,
            mana_value=4.0,
            type_line="Instant",
            text=text,
            colors=(color,),
            power=None,
            french={"name": "Feu // Glace", "faceName": fr, "type": "Éphémère", "text": fr_text},
        )
        for face, side, cost, text, color, fr, fr_text in [
            ("Fire", "a", "{1}{R}", "Fire deals 2 damage…", "R", "Feu", "Le Feu inflige…"),
            ("Ice", "b", "{1}{U}", "Tap target permanent.", "U", "Glace", "Engagez…"),
        ]
    ]

    run_import(write_set(tmp_path / "APC.json", faces))

    card = Card.objects.get()
    assert card.name == "Fire // Ice"
    assert card.mana_cost == "{1}{R} // {1}{U}"
    assert card.type_line == "Instant // Instant"
    assert card.oracle_text == "Fire deals 2 damage…\n//\nTap target permanent."
    assert card.colors == "UR"
    assert card.name_fr == "Feu // Glace"
    assert card.printed_text_fr == "Le Feu inflige…\n//\nEngagez…"


def test_tokens_art_cards_and_sealed_products_are_skipped(tmp_path: Path) -> None:
    token = mtgjson_card("Beast", None, layout="token")
    art = mtgjson_card("Gnarlid Colony // Gnarlid Colony", None, layout="art_series")
    path = write_set(tmp_path / "A.json", [burst(), art], tokens=[token])

    output = run_import(path)

    assert list(Card.objects.values_list("name", flat=True)) == ["Burst Lightning"]
    assert "Skipped 1: layout art_series." in output


def test_same_card_in_two_sets_is_one_card_with_french_of_newest_printing(tmp_path: Path) -> None:
    old = gnarlid([])
    old["foreignData"][1]["name"] = "Colonie de gnarlides (ancien)"
    newer = write_set(tmp_path / "B.json", [gnarlid([])], code="NEW", release="2022-01-01")
    older = write_set(tmp_path / "A.json", [old], code="OLD", release="2020-01-01")

    run_import(newer, older)

    card = Card.objects.get()
    assert (card.name_fr, card.printed_set_fr) == ("Colonie de gnarlides", "NEW")


def test_directory_of_gzip_files_is_read(tmp_path: Path) -> None:
    write_set(tmp_path / "A.json.gz", [burst()], compress=True)
    write_set(tmp_path / "B.json.gz", [gnarlid([])], compress=True)
    (tmp_path / "MANIFEST.tsv").write_text("not json")

    output = run_import(tmp_path)

    assert Card.objects.count() == 2
    assert "from 2 files" in output


def test_atomic_cards_file_is_read(tmp_path: Path) -> None:
    document = {
        "meta": {"date": "2022-04-25", "version": "5.2.0"},
        "data": {"Burst Lightning": [burst(rulings("2020-09-25", KICKER_2020[:1]))]},
    }

    run_import(write_json(tmp_path / "AtomicCards.json", document))

    assert Card.objects.get().rulings.count() == 1


def test_all_printings_file_is_read_set_by_set(tmp_path: Path) -> None:
    document = {
        "meta": {"date": "2022-04-25", "version": "5.2.0"},
        "data": {
            "OLD": {"cards": [burst()], "code": "OLD", "releaseDate": "2009-10-02"},
            "NEW": {"cards": [gnarlid([]), burst()], "code": "NEW", "releaseDate": "2020-09-25"},
        },
    }

    run_import(write_json(tmp_path / "AllPrintings.json.gz", document, compress=True))

    assert Card.objects.count() == 2
    assert Card.objects.get(oracle_id=BURST_ORACLE).printed_set_fr == "NEW"


def test_file_that_is_not_mtgjson_is_a_clear_error(tmp_path: Path) -> None:
    path = write_json(tmp_path / "Keywords.json", {"meta": {}, "data": {"abilityWords": ["x"]}})

    with pytest.raises(CommandError, match="not an MTGJSON v5 set, AtomicCards or AllPrintings"):
        run_import(path)


def test_missing_path_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="no such file or directory"):
        run_import(tmp_path / "nope.json")


def test_bad_ruling_date_is_a_clear_error_and_nothing_is_written(tmp_path: Path) -> None:
    path = write_set(tmp_path / "A.json", [gnarlid([{"date": "25/09/2020", "text": "x"}])])

    with pytest.raises(CommandError, match="not a YYYY-MM-DD date"):
        run_import(path)

    assert Card.objects.count() == 0


def test_dry_run_reports_counts_and_writes_nothing(tmp_path: Path) -> None:
    output = run_import(write_set(tmp_path / "A.json", [burst()]), dry_run=True)

    assert "Cards: 1 added" in output
    assert "Dry run: nothing was written." in output
    assert Card.objects.count() == 0


def test_report_json_has_counts_time_and_memory(tmp_path: Path) -> None:
    report = tmp_path / "report.json"

    run_import(write_set(tmp_path / "A.json", [burst()]), report_json=str(report))

    data = json.loads(report.read_text())
    assert data["cards"] == {"added": 1, "changed": 0, "removed": 0, "unchanged": 0}
    assert data["seconds"] >= 0
    assert data["peak_rss_mb"] > 0


def test_report_json_in_a_missing_directory_is_refused_before_importing(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="no such directory"):
        run_import(
            write_set(tmp_path / "A.json", [burst()]), report_json=str(tmp_path / "x/r.json")
        )

    assert Card.objects.count() == 0


def test_real_znr_set_file_from_the_shared_snapshot() -> None:
    path = Path(settings.RULESITE_SHARED_DATA) / "mtgjson-v5.2.0-20220425" / "sets" / "ZNR.json.gz"
    if not path.exists():
        pytest.skip(f"shared MTGJSON snapshot not found at {path} (set RULESITE_SHARED_DATA)")

    output = run_import(path)

    card = Card.objects.get(oracle_id=GNARLID_ORACLE)
    assert card.name_fr == "Colonie de gnarlides"
    assert card.rulings.count() == 7
    assert set(card.rulings.values_list("published_on", flat=True)) == {datetime.date(2020, 9, 25)}
    with gzip.open(path) as stream:
        printings = json.load(stream)["data"]["cards"]
    assert Card.objects.count() == len({c["identifiers"]["scryfallOracleId"] for c in printings})
    assert f"Read {len(printings)} printings from 1 files." in output


def test_import_records_printings_legality_and_colour_identity(tmp_path: Path) -> None:
    first = gnarlid([], number="185", rarity="common", colorIdentity=["G"],
                    legalities={"modern": "Legal", "legacy": "Legal"})  # fmt: skip
    reprint = gnarlid([], number="12", rarity="uncommon", colorIdentity=["G"],
                      legalities={"modern": "Legal", "legacy": "Banned"})  # fmt: skip
    run_import(
        write_set(tmp_path / "ZNR.json", [first], code="ZNR", release="2020-09-25"),
        write_set(tmp_path / "J22.json", [reprint], code="J22", release="2022-11-18"),
    )

    card = Card.objects.get(oracle_id=GNARLID_ORACLE)
    assert card.color_identity == "G"
    assert [
        (p.set_code, p.set_name, p.rarity, p.collector_number) for p in card.printings.all()
    ] == [("J22", "Test set J22", "uncommon", "12"), ("ZNR", "Test set ZNR", "common", "185")]
    assert dict(card.legalities.values_list("format", "status")) == {
        "modern": "legal",
        "legacy": "banned",
    }


def test_reimport_replaces_printings_and_legality_and_then_writes_nothing(tmp_path: Path) -> None:
    path = write_set(tmp_path / "ZNR.json", [gnarlid([], number="185", rarity="common")])
    run_import(path)
    changed = write_set(
        tmp_path / "ZNR2.json",
        [gnarlid([], number="185", rarity="rare", legalities={"pauper": "Legal"})],
        code="TST",
    )

    output = run_import(changed)
    again = run_import(changed)

    card = Card.objects.get(oracle_id=GNARLID_ORACLE)
    assert card.printings.get().rarity == "rare"
    assert list(card.legalities.values_list("format", flat=True)) == ["pauper"]
    assert "Printings: 0 added, 1 changed, 0 removed" in output
    assert "Format legalities: 1 added, 0 changed, 1 removed" in output
    assert "Nothing to write: the database already matches the input." in again
