"""Mana symbols and rule links in card and ruling text."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation

from rulesite.cards.templatetags.cards import card_text, mana_symbols, mana_text, rule_links


def render(source: str, **context: object) -> str:
    return Template("{% load cards %}" + source).render(Context(context))


def test_mana_symbols_renders_each_symbol_with_its_notation_as_accessible_text() -> None:
    html = render("{% mana_symbols cost %}", cost="{2}{R}")

    assert 'aria-label="{2}{R}"' in html
    assert 'class="mana-symbol mana-generic" title="{2}"' in html
    assert 'class="mana-symbol mana-R" title="{R}"' in html
    assert '<span class="visually-hidden">{R}</span>' in html


@pytest.mark.parametrize(
    ("cost", "expected_class"),
    [
        ("{W/U}", "mana-hybrid mana-W mana-U"),
        ("{2/G}", "mana-hybrid mana-generic mana-G"),
        ("{G/P}", "mana-phyrexian mana-G"),
        ("{X}", "mana-X"),
        ("{10}", "mana-generic"),
        ("{C}", "mana-C"),
        ("{T}", "mana-T"),
    ],
)
def test_mana_symbols_classifies_hybrid_phyrexian_x_and_generic(
    cost: str, expected_class: str
) -> None:
    html = str(mana_symbols(cost))

    assert f'class="mana-symbol {expected_class}"' in html


@pytest.mark.parametrize("odd", ["", None, "{R", "}{", "{}", "{ R }", "abc", "{2}{R}}", 7])
def test_mana_symbols_never_raises_on_odd_input(odd: object) -> None:
    html = str(mana_symbols(odd))

    assert "<script" not in html
    assert isinstance(html, str)


def test_mana_symbols_escapes_text_that_is_not_a_symbol() -> None:
    html = str(mana_symbols('<script>alert("x")</script>{R}'))

    assert "<script>" not in html
    assert "&lt;script&gt;" in html
    assert "mana-R" in html


def test_mana_text_escapes_first_then_renders_symbols_inside_oracle_text() -> None:
    html = str(mana_text("Kicker {4} <b>bold</b>\n{T}: Add {G}."))

    assert "&lt;b&gt;bold&lt;/b&gt;" in html
    assert 'aria-label="{4}"' in html
    assert "mana-T" in html
    assert 'aria-label="{G}"' in html


def test_adjacent_symbols_in_text_form_one_group() -> None:
    html = str(mana_text("Kicker {2}{R}"))

    assert html.count('class="mana"') == 1
    assert 'aria-label="{2}{R}"' in html


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
    assert 'aria-label="{R}"' in html


def test_card_text_keeps_line_breaks() -> None:
    with translation.override("en"):
        html = str(card_text("Kicker {4}\nrule 601.2f"))

    assert "<br>" in html
    assert 'href="/en/rules/601.2f/"' in html
