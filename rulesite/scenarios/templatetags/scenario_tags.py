"""``{% load scenario_tags %}``: a scenario's question as safe HTML, and the published
scenarios of a card or keyword (for the card and keyword pages)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString

from rulesite.cards.models import Card, Keyword
from rulesite.cards.templatetags.cards import rule_links, symbolise_html
from rulesite.scenarios.models import Scenario
from rulesite.scenarios.text import render_question

register = template.Library()

ON_PAGE_LIMIT = 10


@register.filter(name="question_html")
def question_html(source: str) -> SafeString:
    """The question as sanitized HTML, with mana symbols and links to the rules it names."""
    return rule_links(symbolise_html(render_question(source or "")))


@register.inclusion_tag("scenarios/_published_list.html", takes_context=True)
def published_scenarios(
    context: template.Context, subject: Card | Keyword, lazy: bool = False
) -> dict[str, Any]:
    """The newest published scenarios involving ``subject``: one query, or none with
    ``lazy=True`` (the list is then fetched by htmx from the scenarios page, and readers
    without JavaScript get a link to it)."""
    filter_name = "card" if isinstance(subject, Card) else "keyword"
    if lazy:
        return {"subject": subject, "filter_name": filter_name, "lazy": True}
    scenarios = Scenario.objects.published().newest_first()
    if isinstance(subject, Card):
        scenarios = scenarios.for_card(subject)
    else:
        scenarios = scenarios.for_keyword(subject)
    shown = list(
        scenarios.only("id", "title", "language", "created", "answer_changed")[: ON_PAGE_LIMIT + 1]
    )
    return {
        "request": context.get("request"),
        "subject": subject,
        "scenarios": shown[:ON_PAGE_LIMIT],
        "more": len(shown) > ON_PAGE_LIMIT,
        "filter_name": filter_name,
    }
