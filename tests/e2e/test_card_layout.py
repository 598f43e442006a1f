"""The card page's format legality grid and printings table hold their text at every width,
from a small phone to a desktop."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

WIDTHS = (320, 390, 768, 1024, 1280)

# Every legality name or status that reaches past its cell, every printing date on more than
# one line, and whether the grid reaches past its panel.
MISFITS = """() => {
  const misfits = [];
  for (const cell of document.querySelectorAll(".legality")) {
    const box = cell.getBoundingClientRect();
    for (const part of cell.children) {
      const r = part.getBoundingClientRect();
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5) misfits.push(part.textContent);
    }
  }
  for (const date of document.querySelectorAll(".printings .released")) {
    const range = document.createRange();
    range.selectNodeContents(date);
    if (range.getClientRects().length > 1) misfits.push(date.textContent);
  }
  const grid = document.querySelector(".legalities");
  const panel = grid.closest(".panel").getBoundingClientRect();
  if (grid.scrollWidth > grid.clientWidth || grid.getBoundingClientRect().right > panel.right) {
    misfits.push("the grid reaches past its panel");
  }
  return misfits;
}"""


@pytest.mark.parametrize("language", ["en", "fr"])
def test_legality_cells_and_printing_dates_fit_at_every_width(
    page: Page, site: str, language: str
) -> None:
    misfits: dict[int, list[str]] = {}
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{site}/{language}/cards/burst-lightning/")
        expect(page.locator(".legality")).to_have_count(23)
        misfits[width] = page.evaluate(MISFITS)

    assert misfits == {width: [] for width in WIDTHS}
