"""A player shares a workbench set-up as a community scenario; a moderator approves it; it
appears on the card's page in French and English and opens back in the workbench."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from rulesite.workbench.permalink import decode_scenario, encode_scenario

TWINCAST_ON_KICKED_BURST = {
    "action": {"kind": "copy_spell", "player": "you", "copy_of": "s1"},
    "stack": [
        {
            "id": "s1",
            "card": "Burst Lightning",
            "controller": "you",
            "kicker": [1],
            "targets": ["opponent"],
        },
        {"id": "s2", "card": "Twincast", "controller": "you", "targets": ["s1"]},
    ],
    "turn": {"active_player": "you", "phase": "main1"},
}
TITLE = "Does the Twincast copy of my kicked Burst Lightning deal 4?"


def scenario_in(url: str) -> dict[str, object]:
    return decode_scenario(parse_qs(urlparse(url).query)["s"][0])


def test_shared_scenario_is_approved_shown_on_card_pages_and_reopens_in_workbench(
    page: Page, site: str
) -> None:
    # Set up: Twincast copying a kicked Burst Lightning, on the workbench.
    page.goto(f"{site}/en/workbench/?s={encode_scenario(TWINCAST_ON_KICKED_BURST)}")
    result = page.get_by_role("region", name="Result")
    expect(result.get_by_test_id("resolution")).to_contain_text("deals 4 damage")

    # Share it.
    share = result.get_by_role("link", name="Share this scenario")
    shared_board = scenario_in(share.get_attribute("href") or "")
    share.click()
    expect(page.get_by_role("heading", name="Share this scenario", level=1)).to_be_visible()
    expect(page.get_by_test_id("board-stack")).to_contain_text("Twincast")
    page.get_by_label("Title:", exact=True).fill(TITLE)
    page.get_by_label("Question:", exact=True).fill("The copy was never *paid* for: is it kicked?")
    page.get_by_label("Your name (optional):", exact=True).fill("Ada")
    page.get_by_label("Language of the question:", exact=True).select_option("en")
    page.get_by_role("button", name="Share").click()
    expect(page.get_by_test_id("share-done")).to_be_visible()
    permalink = page.get_by_test_id("permalink")
    expect(permalink).to_contain_text("/en/scenarios/")

    # Not public yet.
    page.goto(f"{site}/en/cards/burst-lightning/")
    expect(page.get_by_role("heading", name="Community scenarios")).to_be_visible()
    expect(page.get_by_role("link", name=TITLE)).to_have_count(0)

    # A moderator approves it in the admin.
    get_user_model().objects.create_superuser("moderator", "mod@example.org", "s3cret-pass!")
    page.goto(f"{site}/admin/login/?next=/admin/scenarios/scenario/")
    page.get_by_label("Username").fill("moderator")
    page.get_by_label("Password").fill("s3cret-pass!")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Select scenario to change")).to_be_visible()
    page.get_by_role("checkbox", name=f"Select this object for an action - {TITLE}").check()
    page.get_by_role("combobox").select_option(label="Approve (publish) selected scenarios")
    page.get_by_role("button", name="Go").click()
    expect(page.get_by_role("heading", name="Approve these scenarios")).to_be_visible()
    page.get_by_label("Reason").fill("Checked against 707.10: the copy is kicked.")
    page.get_by_role("button", name="Confirm").click()
    expect(page.get_by_text("1 scenario published.")).to_be_visible()

    # On Burst Lightning's page, in French and in English.
    page.goto(f"{site}/fr/cards/burst-lightning/")
    expect(page.get_by_role("heading", name="Scénarios de la communauté")).to_be_visible()
    expect(page.get_by_role("link", name=TITLE)).to_be_visible()
    page.goto(f"{site}/en/cards/burst-lightning/")
    page.get_by_role("link", name=TITLE).click()
    expect(page.get_by_role("heading", name=TITLE, level=1)).to_be_visible()
    expect(page.get_by_test_id("stored-answer").get_by_test_id("resolution")).to_contain_text(
        "deals 4 damage"
    )

    # Back in the workbench, with the same board.
    page.get_by_role("link", name="Open in workbench").click()
    result = page.get_by_role("region", name="Result")
    expect(result.get_by_test_id("resolution")).to_contain_text("deals 4 damage")
    expect(page.get_by_label("Action", exact=True)).to_have_value("copy_spell")
    assert scenario_in(page.url) == shared_board
