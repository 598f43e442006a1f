"""The result section drawn in Python (rulesite/workbench/section.py): values escaped as the
template language escapes them, the verdict's words, the page's language."""

from __future__ import annotations

import pytest
from django.test import Client, override_settings
from django.utils import translation
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from rulesite.cards.catalog import CardCatalog
from rulesite.workbench import presets, section
from rulesite.workbench.mapping import form_data
from rulesite.workbench.results import build_panel
from rulesite.workbench.section import _html, htmx_answer, verdict
from rulesite.workbench.services import evaluate

HTMX = {"HX-Request": "true"}


@pytest.mark.parametrize(
    "value",
    [
        "<script>alert('x')</script>",
        'a "quoted" & <tagged> name',
        mark_safe("<em>already safe</em>"),
        gettext_lazy("Total cost"),
        3,
        None,
    ],
)
def test_values_are_escaped_as_django_format_html_escapes_them(value: object) -> None:
    assert _html("<p title='{}'>{}</p>", value, value) == format_html(
        "<p title='{}'>{}</p>", value, value
    )


@pytest.mark.parametrize(
    ("answer", "word"),
    [
        ({"legal": True, "modelled": True, "only_choices_missing": False}, "Legal"),
        ({"legal": True, "modelled": False}, "Legal as far as modelled"),
        ({"legal": False, "modelled": True, "only_choices_missing": True}, "Choices to make"),
        ({"legal": False, "modelled": True}, "Illegal"),
        ({"legal": False, "modelled": False}, "Illegal as far as modelled"),
    ],
)
def test_601_2_verdict_says_legal_illegal_or_choices_to_make(
    answer: dict[str, bool], word: str
) -> None:
    assert verdict(answer) == word


def test_htmx_answer_is_in_the_page_s_language(client: Client, workbench_cards: None) -> None:
    preset = presets.by_slug("increase-and-reduction")
    assert preset is not None
    posted = form_data(preset.scenario).urlencode()

    response = client.post(
        "/fr/workbench/", posted, "application/x-www-form-urlencoded", headers=HTMX
    )

    content = response.content.decode()
    assert response.status_code == 200
    assert '<h2 id="cast-result-heading">Résultat</h2>' in content
    assert "Coût total" in content
    assert 'data-testid="total-cost">{4}{R}</span>' in content
    assert 'id="workbench-form"' not in content


def test_the_same_answer_in_english_then_french_is_drawn_in_each_language(
    client: Client, workbench_cards: None
) -> None:
    # The section remembers the markup of steps, clauses and clarifications per language.
    preset = presets.by_slug("increase-and-reduction")
    assert preset is not None
    posted = form_data(preset.scenario).urlencode()
    form = "application/x-www-form-urlencoded"

    english = client.post("/en/workbench/", posted, form, headers=HTMX).content.decode()
    french = client.post("/fr/workbench/", posted, form, headers=HTMX).content.decode()
    again = client.post("/en/workbench/", posted + "&life_you=19", form, headers=HTMX)

    assert "Why: each step and its rule" in english
    assert 'aria-label="four generic mana, one red mana"' in english
    assert "Why: each step and its rule" not in french
    assert 'aria-label="four generic mana, one red mana"' not in french
    assert 'href="/fr/rules/601.2f/"' in french
    assert 'href="/en/rules/601.2f/"' not in french
    assert "Why: each step and its rule" in again.content.decode()


def _answers(language: str) -> list[str]:
    """The htmx answer to every preset, drawn in ``language``."""
    drawn = []
    with translation.override(language):
        for preset in presets.PRESETS:
            evaluation = evaluate(preset.scenario, catalog=CardCatalog())
            panel = build_panel(evaluation, french=language == "fr")
            drawn.append(str(htmx_answer(panel, permalink="p", permalink_url="/w/?s=p")))
    return drawn


def _forget_remembered_markup() -> None:
    section._words.clear()
    for remembered in (section._facts_in, section._resolution_in, section._scenario_new):
        remembered.cache_clear()


@pytest.mark.django_db
def test_remembered_words_and_blocks_draw_the_answer_a_fresh_drawing_gives(
    workbench_cards: None,
) -> None:
    # Words, facts and "what it does" are remembered per language: drawn after every other
    # answer in both languages, each answer is byte for byte the one drawn from nothing.
    fresh = {}
    for language in ("en", "fr"):
        _forget_remembered_markup()
        fresh[language] = _answers(language)

    remembered = {language: _answers(language) for language in ("en", "fr", "en")}

    assert remembered["en"] == fresh["en"]
    assert remembered["fr"] == fresh["fr"]
    assert fresh["en"] != fresh["fr"]


def test_changed_language_settings_forget_the_remembered_words() -> None:
    with translation.override("fr"):
        section._("Result")
    assert ("fr", "Result") in section._words

    with override_settings(LANGUAGES=[("en", "English"), ("fr", "Français")]):
        assert ("fr", "Result") not in section._words
