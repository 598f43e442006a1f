"""A volunteer curator (staff, in the "curator" group, not a superuser) reviews French in the
admin: save and next through the queue, a terminology warning fixed, a translation-memory
suggestion accepted, a re-worded clarification compared and re-reviewed, the change log."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.utils.text import slugify
from playwright.sync_api import Page, expect

from rulesite.cards.models import Card, Ruling
from rulesite.curation.models import ImportEvent, ImportRun
from rulesite.curation.services.memory import offer_identical_french

PASSWORD = "volunteer-judge-pass!"
MEMORY_FR = "La Carte mémoire peut être lancée à tout moment où vous pourriez lancer un éphémère."


@pytest.fixture
def curator(site: str) -> Any:
    user = get_user_model().objects.create_user("camille", password=PASSWORD, is_staff=True)
    user.groups.add(Group.objects.get(name="curator"))
    return user


def log_in(page: Page, site: str, next_url: str) -> None:
    page.goto(f"{site}/admin/login/?next={next_url}")
    page.get_by_label("Username").fill("camille")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()


def card(name: str) -> Card:
    made = Card(name=name, slug=slugify(name), type_line="Instant", oracle_text="Draw a card.")
    made.refresh_search_fields()
    made.save()
    return made


def clarifications(on: Card, count: int) -> list[Ruling]:
    """Machine-translated community clarifications with no glossary term, oldest first."""
    made = []
    for n in range(count):
        ruling = Ruling.objects.create(
            published_on=datetime.date(2001, 1, 1) + datetime.timedelta(days=n),
            source=Ruling.Source.COMMUNITY,
            text_en=f"Note number {n} about {on.name}.",
            text_fr=f"Note numéro {n} sur {on.name}.",
            translation_status=Ruling.TranslationStatus.MACHINE,
        )
        ruling.cards.add(on)
        made.append(ruling)
    return made


def editor_heading(page: Page, ruling: Ruling) -> Any:
    return page.get_by_role("heading", name=f"#{ruling.pk} ·")


def test_curator_reviews_five_clarifications_with_save_and_next(
    page: Page, site: str, curator: Any
) -> None:
    rulings = clarifications(card("Practice Card"), 5)
    log_in(page, site, "/admin/cards/ruling/?card=practice")
    expect(page.get_by_role("heading", name="Select clarification to change")).to_be_visible()
    expect(page.get_by_role("cell", name="Practice Card").first).to_be_visible()

    page.get_by_role("link", name="Review the queue (5)").click()
    for ruling in rulings:
        expect(page.get_by_test_id("english")).to_have_text(ruling.text_en)
        box = page.get_by_label("French text")
        expect(box).to_be_focused()
        box.fill(ruling.text_fr + " (relu)")
        page.get_by_role("button", name="Save as reviewed and next").click()

    expect(page.get_by_text("Nothing left to review in this queue. Thank you!")).to_be_visible()
    assert set(
        Ruling.objects.filter(pk__in=[r.pk for r in rulings]).values_list(
            "translation_status", flat=True
        )
    ) == {"reviewed"}


def test_twenty_clarifications_take_at_most_21_page_loads(
    page: Page, site: str, curator: Any
) -> None:
    rulings = clarifications(card("Twenty Card"), 20)
    log_in(page, site, "/admin/")
    expect(page.get_by_role("heading", name="Site administration")).to_be_visible()
    page.wait_for_load_state()
    loads: list[str] = []
    page.on("load", lambda loaded: loads.append(loaded.url))

    page.goto(f"{site}/admin/cards/ruling/?card=twenty")
    page.get_by_role("link", name="Review the queue (20)").click()
    page.wait_for_load_state()  # the shortcuts' script is loaded
    for ruling in rulings:
        expect(page.get_by_test_id("english")).to_have_text(ruling.text_en)
        page.get_by_label("French text").press("Control+Enter")  # save as reviewed and next

    expect(page.get_by_text("Nothing left to review in this queue. Thank you!")).to_be_visible()
    assert (
        Ruling.objects.filter(pk__in=[r.pk for r in rulings], translation_status="reviewed").count()
        == 20
    )
    assert len(loads) <= 21, loads
    print(f"20 clarifications reviewed in {len(loads)} page loads: {loads}")


def test_curator_fixes_french_after_a_terminology_warning(
    page: Page, site: str, curator: Any
) -> None:
    ruling = Ruling.objects.get(
        text_en="The kicker ability doesn't let you pay a kicker cost more than once."
    )
    log_in(page, site, f"/admin/cards/ruling/{ruling.pk}/review/")
    expect(page.get_by_test_id("english")).to_have_text(ruling.text_en)
    box = page.get_by_label("French text")

    box.fill("La capacité de kick ne vous permet pas de payer un coût de kicker plus d'une fois.")
    page.get_by_role("button", name="Save as reviewed and next").click()

    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("“kicker cost” is “coût de kick” in the French rules.")
    box = page.get_by_label("French text")
    box.fill("La capacité de kick ne vous permet pas de payer un coût de kick plus d'une fois.")
    page.get_by_role("button", name="Save as reviewed and next").click()
    expect(page.get_by_role("alert")).to_have_count(0)
    expect(page.get_by_test_id("english")).not_to_have_text(ruling.text_en)
    ruling.refresh_from_db()
    assert ruling.translation_status == "reviewed"


def test_curator_accepts_a_translation_memory_suggestion(
    page: Page, site: str, curator: Any
) -> None:
    on = card("Memory Card")
    Ruling.objects.create(
        published_on=datetime.date(2020, 1, 1),
        source=Ruling.Source.COMMUNITY,
        text_en="Memory Card can be cast at any time you could cast an instant.",
        text_fr=MEMORY_FR,
        translation_status=Ruling.TranslationStatus.REVIEWED,
    )
    twin = Ruling.objects.create(
        published_on=datetime.date(2000, 1, 1),
        source=Ruling.Source.COMMUNITY,
        text_en="Memory Card can be cast at any time you could cast an instant.",
    )
    twin.cards.add(on)
    offer_identical_french([twin])
    log_in(page, site, "/admin/cards/ruling/review/?card=memory")
    expect(page.get_by_test_id("english")).to_have_text(twin.text_en)

    page.get_by_role("button", name="Use this French").click()

    box = page.get_by_label("French text")
    expect(box).to_have_value(MEMORY_FR)
    page.get_by_role("button", name="Save as reviewed and next").click()
    expect(page.get_by_text("Nothing left to review in this queue. Thank you!")).to_be_visible()
    twin.refresh_from_db()
    assert twin.translation_status == "reviewed"
    assert twin.french_suggestions.get().state == "accepted"


def test_curator_compares_a_reworded_clarification_and_reviews_it_again(
    page: Page, site: str, curator: Any
) -> None:
    old_en = "You can't pay a kicker cost more than once."
    old_fr = "Vous ne pouvez pas payer un coût de kick plus d'une fois."
    ruling = Ruling.objects.get(
        text_en="The kicker ability doesn't let you pay a kicker cost more than once."
    )
    ruling.text_fr, ruling.previous_text_fr = old_fr, old_fr
    ruling.previous_text_en, ruling.previous_status = old_en, "reviewed"
    ruling.translation_status = "needs_review"
    ruling.save()
    run = ImportRun.objects.create(
        command="import_mtgjson",
        reason="import_mtgjson (1 file) at 2026-12-01 10:00:00",
        started_at=datetime.datetime(2026, 12, 1, 10, tzinfo=datetime.UTC),
    )
    ImportEvent.objects.create(
        run=run,
        kind="reworded",
        ruling=ruling,
        ruling_ref=ruling.pk,
        text_en=ruling.text_en,
        old_text_en=old_en,
        needs_attention=True,
    )
    log_in(page, site, "/admin/cards/ruling/?review=queue")
    expect(page.get_by_text("reviewed for an earlier wording (named by an import)")).to_be_visible()
    page.get_by_role("link", name="Review the queue").click()
    expect(page.get_by_test_id("english")).to_have_text(ruling.text_en)

    page.get_by_role("link", name="Compare the two English texts").click()
    diff = page.get_by_test_id("diff")
    expect(diff.locator("del")).to_have_text(["You can't"])
    expect(diff.locator("ins")).to_have_text(["The kicker ability doesn't let you"])
    expect(page.get_by_test_id("old-french")).to_have_text(old_fr)

    page.get_by_role("link", name="Review this clarification").click()
    new_fr = "La capacité de kick ne vous permet pas de payer un coût de kick plus d'une fois."
    page.get_by_label("French text").fill(new_fr)
    page.get_by_role("button", name="Save as reviewed and next").click()
    expect(page.get_by_test_id("english")).not_to_have_text(ruling.text_en)
    ruling.refresh_from_db()
    assert (ruling.text_fr, ruling.translation_status, ruling.previous_text_en) == (
        new_fr,
        "reviewed",
        "",
    )
    page.goto(f"{site}/fr/cards/burst-lightning/")
    expect(page.locator(f"#ruling-{ruling.pk} [data-french-state]")).to_have_text(
        "Traduction relue par les curateurs."
    )


def test_curator_sees_the_review_in_the_change_log(page: Page, site: str, curator: Any) -> None:
    ruling = clarifications(card("Logged Card"), 1)[0]
    log_in(page, site, f"/admin/cards/ruling/{ruling.pk}/review/")
    page.get_by_label("French text").fill("Note numéro 0 sur la Carte consignée.")
    page.get_by_role("button", name="Save as reviewed and next").click()
    expect(page.get_by_test_id("english")).not_to_have_text(ruling.text_en)

    page.goto(f"{site}/admin/cards/ruling/")
    page.get_by_role("link", name="Change log").click()

    row = page.get_by_role("row").filter(has_text=f"#{ruling.pk} Note number 0")
    expect(row).to_contain_text("camille")
    expect(row).to_contain_text("French reviewed")
