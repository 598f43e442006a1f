"""Mana symbols and rule links in card and ruling text."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation

from rulesite.cards.templatetags.cards import (
    card_text,
    mana_symbols,
    mana_text,
    printed_text,
    rule_links,
    symbolise_html,
)


def render(source: str, **context: object) -> str:
    return Template("{% load cards %}" + source).render(Context(context))


def test_mana_symbols_renders_mana_font_glyphs_spoken_as_words() -> None:
    with translation.override("en"):
        html = render("{% mana_symbols cost %}", cost="{2}{R}")

    assert 'role="img" aria-label="two generic mana, one red mana"' in html
    assert 'title="{2}{R}"' in html
    assert '<i class="ms ms-cost ms-2" aria-hidden="true"></i>' in html
    assert '<i class="ms ms-cost ms-r" aria-hidden="true"></i>' in html
    assert '<span class="visually-hidden">{2}{R}</span>' in html


def test_mana_symbols_are_spoken_in_french_on_french_pages() -> None:
    with translation.override("fr"):
        html = render("{% mana_symbols cost %}", cost="{R}")

    assert 'aria-label="un mana rouge" lang="fr"' in html


@pytest.mark.parametrize(
    ("cost", "glyph"),
    [
        ("{W/U}", "ms-wu"),
        ("{2/G}", "ms-2g"),
        ("{G/P}", "ms-gp"),
        ("{R/W/P}", "ms-rwp"),
        ("{X}", "ms-x"),
        ("{10}", "ms-10"),
        ("{C}", "ms-c"),
        ("{T}", "ms-tap"),
        ("{Q}", "ms-untap"),
    ],
)
def test_mana_symbols_picks_the_hybrid_phyrexian_x_and_generic_glyphs(
    cost: str, glyph: str
) -> None:
    html = str(mana_symbols(cost))

    assert f'class="ms ms-cost {glyph}"' in html


def test_a_symbol_without_a_glyph_shows_its_notation() -> None:
    with translation.override("en"):
        html = str(mana_symbols("{21}{H}"))

    assert '<span class="ms-fallback" aria-hidden="true">21</span>' in html
    assert '<span class="ms-fallback" aria-hidden="true">H</span>' in html
    assert 'aria-label="twenty-one generic mana' not in html
    assert 'aria-label="21 generic mana, {H}"' in html


@pytest.mark.parametrize("odd", ["", None, "{R", "}{", "{}", "{ R }", "abc", "{2}{R}}", 7])
def test_mana_symbols_never_raises_on_odd_input(odd: object) -> None:
    html = str(mana_symbols(odd))

    assert "<script" not in html
    assert isinstance(html, str)


def test_mana_symbols_escapes_text_that_is_not_a_symbol() -> None:
    html = str(mana_symbols('<script>alert("x")</script>{R}'))

    assert "<script>" not in html
    assert "&lt;script&gt;" in html
    assert "ms-r" in html


def test_mana_text_escapes_first_then_renders_symbols_inside_oracle_text() -> None:
    with translation.override("en"):
        html = str(mana_text("Kicker {4} <b>bold</b>\n{T}: Add {G}."))

    assert "&lt;b&gt;bold&lt;/b&gt;" in html
    assert 'aria-label="four generic mana"' in html
    assert 'aria-label="the tap symbol"' in html
    assert 'aria-label="one green mana"' in html


def test_adjacent_symbols_in_text_form_one_group() -> None:
    with translation.override("en"):
        html = str(mana_text("Kicker {2}{R}{R}"))

    assert html.count('class="mana"') == 1
    assert 'aria-label="two generic mana, two red mana"' in html


def test_rule_links_links_english_and_french_mentions_to_the_rule_page() -> None:
    with translation.override("fr"):
        html = str(rule_links("See rule 601.2f, règle 702.33a and 707.10."))

    assert '<a class="rule-link" href="/fr/rules/601.2f/">rule 601.2f</a>' in html
    assert '<a class="rule-link" href="/fr/rules/702.33a/">règle 702.33a</a>' in html
    assert 'href="/fr/rules/707.10/">707.10</a>.' in html


def test_rule_links_escapes_text_and_ignores_numbers_that_are_not_rules() -> None:
    with translation.override("en"):
        html = str(rule_links("<i>1601.2</i> 60.1 601.2.3 2024-11-08"))

    assert "rule-link" not in html
    assert "&lt;i&gt;" in html


def test_rule_links_on_safe_html_leaves_attributes_and_links_alone() -> None:
    with translation.override("en"):
        html = str(rule_links(card_text("{R} <a>rule 601.2f</a>")))

    assert html.count("rule-link") == 1
    assert 'aria-label="one red mana"' in html


def test_card_text_keeps_line_breaks() -> None:
    with translation.override("en"):
        html = str(card_text("Kicker {4}\nrule 601.2f"))

    assert "<br>" in html
    assert 'href="/en/rules/601.2f/"' in html


def test_printed_text_restores_lost_line_breaks_then_renders_like_card_text() -> None:
    with translation.override("fr"):
        html = str(printed_text("Kick{4} (Payez {4} en plus.)Si l'Éclair a été kické."))

    assert html.startswith('Kick <span class="mana"')
    assert "en plus.)<br>Si l&#x27;Éclair" in html


def test_symbolise_html_leaves_tags_attributes_and_code_alone() -> None:
    with translation.override("en"):
        html = str(symbolise_html('<p title="{R}">Pay {R} <code>{G}</code></p>'))

    assert '<p title="{R}">' in html
    assert 'aria-label="one red mana"' in html
    assert "<code>{G}</code>" in html


def test_the_same_cost_is_spoken_in_each_language_asked_in_turn() -> None:
    # The markup of a cost is remembered per language: French then English then French again.
    with translation.override("fr"):
        french = render("{% mana_symbols cost %}", cost="{1}{G}")
    with translation.override("en"):
        english = render("{% mana_symbols cost %}", cost="{1}{G}")
    with translation.override("fr"):
        again = render("{% mana_symbols cost %}", cost="{1}{G}")

    assert 'aria-label="one generic mana, one green mana" lang="en"' in english
    assert 'lang="fr"' in french
    assert "green" not in french
    assert again == french


def test_rule_href_gives_the_rule_page_in_the_page_language() -> None:
    with translation.override("en"):
        english = render("{{ number|rule_href }}", number="702.33a")
    with translation.override("fr"):
        french = render("{{ number|rule_href }}", number="702.33a")

    assert english == "/en/rules/702.33a/"
    assert french == "/fr/rules/702.33a/"


def test_rule_href_is_empty_for_a_number_without_a_rule_address() -> None:
    assert render("{{ number|rule_href }}", number="601/2") == ""
