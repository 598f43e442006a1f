"""axe-core (vendored in tests/e2e/vendor, never served by the site) finds no serious or
critical accessibility violation on the pages a visitor meets, in English and French."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect

from rulesite.scenarios.models import Scenario

AXE = (Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js").read_text(encoding="utf-8")
PAGES = {
    "home": "/{lang}/",
    "card": "/{lang}/cards/kavu-primarch/",
    "search": "/{lang}/cards/?q=kw%3Akicker",
    "keyword": "/{lang}/keywords/multikicker/",
    "rule": "/{lang}/rules/702.33/",
    "workbench": "/{lang}/workbench/?card=burst-lightning",
}


def serious_violations(page: Page) -> list[str]:
    """Run axe-core on the page (injected through the browser's debugging protocol, so the
    site's Content-Security-Policy needs no exception) and describe each serious or critical
    violation with the elements it found."""
    page.evaluate(AXE)
    results = page.evaluate(
        "() => axe.run(document, {resultTypes: ['violations']})"
        ".then(r => r.violations.filter(v => ['serious', 'critical'].includes(v.impact))"
        ".map(v => `${v.id} (${v.impact}): ${v.help} — `"
        " + v.nodes.slice(0, 5).map(n => n.target.join(' ')).join(', ')))"
    )
    return list(results)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", list(PAGES))
def test_page_has_no_serious_or_critical_axe_violation(
    page: Page, site: str, lang: str, name: str
) -> None:
    page.goto(site + PAGES[name].format(lang=lang))
    expect(page.get_by_role("heading", level=1)).to_be_visible()

    assert serious_violations(page) == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_scenario_page_has_no_serious_or_critical_axe_violation(
    page: Page, site: str, lang: str
) -> None:
    scenario = Scenario.objects.published().order_by("pk").first()
    assert scenario is not None
    with translation.override(lang):
        page.goto(site + scenario.get_absolute_url())
    expect(page.get_by_role("heading", level=1)).to_have_text(scenario.title)

    assert serious_violations(page) == []
