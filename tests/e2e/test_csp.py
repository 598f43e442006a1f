"""With the strict Content-Security-Policy on, the pages work in a real browser and the
browser reports no violation: live search and casting on the workbench go through htmx."""

from __future__ import annotations

from playwright.sync_api import Page, expect

RECORD_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""


def violations(page: Page) -> list[str]:
    return list(page.evaluate("() => window.cspViolations"))


def test_search_card_page_and_workbench_work_under_the_csp(page: Page, site: str) -> None:
    page.add_init_script(RECORD_VIOLATIONS)
    response = page.goto(f"{site}/en/cards/")
    assert response is not None
    assert "unsafe-inline" not in response.headers["content-security-policy"]

    page.get_by_label("Search by English or French name, with filters").fill("Kavu")
    expect(page.get_by_role("link", name="Kavu Primarch")).to_be_visible()
    page.get_by_role("link", name="Kavu Primarch").click()
    expect(page.get_by_role("heading", name="Kavu Primarch", level=1)).to_be_visible()
    assert violations(page) == []

    page.goto(f"{site}/en/workbench/")
    card = page.get_by_label("Card", exact=True)
    card.fill("Burst Lightning")
    card.press("Tab")
    result = page.get_by_role("region", name="Result")
    expect(result.get_by_test_id("total-cost")).to_have_text("{R}")
    page.get_by_label("Kicker {4}").check()

    expect(result.get_by_test_id("total-cost")).to_have_text("{4}{R}")
    assert violations(page) == []
