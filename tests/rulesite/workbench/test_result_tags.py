"""One official clarification in the result panel (rulesite.workbench.templatetags.results)."""

from __future__ import annotations

import datetime

from django.utils import translation

from rulesite.cards.models import Card
from rulesite.workbench.results import Clarification, RulingFacts
from rulesite.workbench.templatetags.results import clarification

TEXT_EN = "Kicker is an optional additional cost; see rule 702.33a."


def _item(
    *, bears: bool, related: bool, french_text: str = "", machine: bool = False
) -> Clarification:
    card = Card(name="Burst Lightning", name_fr="Éclair explosif", slug="burst-lightning")
    ruling = RulingFacts(
        pk=1,
        published_on=datetime.date(2021, 3, 19),
        text_en=TEXT_EN,
        text_fr=french_text,
        is_machine_translated=machine,
        keyword_rule="702.33",
        normal_en=TEXT_EN.lower(),
    )
    return Clarification(
        ruling=ruling,
        card=card,
        bears=bears,
        related=related,
        text=french_text or TEXT_EN,
        machine_translated=machine,
    )


def test_a_clarification_that_bears_on_the_answer_has_its_badge_date_and_rule_link() -> None:
    with translation.override("en"):
        html = clarification(_item(bears=True, related=True))

    assert html.startswith('<li class="bears"><strong class="badge">Bears on this result</strong>')
    assert '<a href="/en/cards/burst-lightning/">Burst Lightning</a>' in html
    assert '<time datetime="2021-03-19">March 19, 2021</time>' in html
    assert '<a class="rule-link" href="/en/rules/702.33a/">rule 702.33a</a>' in html


def test_an_unrelated_clarification_is_dimmed_without_a_badge() -> None:
    with translation.override("en"):
        html = clarification(_item(bears=False, related=False))

    assert html.startswith('<li class="clause-dimmed">')
    assert "badge" not in html


def test_on_french_pages_the_card_date_and_machine_translation_note_are_french() -> None:
    item = _item(bears=False, related=True, french_text="Le kicker est un coût.", machine=True)

    with translation.override("fr"):
        html = clarification(item)

    assert '<a href="/fr/cards/burst-lightning/">Éclair explosif</a>' in html
    assert ">19 mars 2021</time>" in html
    assert "Le kicker est un coût." in html
    assert 'class="machine">(traduction automatique' in html
