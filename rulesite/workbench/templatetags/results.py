"""The result panel's lists, drawn in Python: ``{% load results %}`` then
``{% clarifications panel.clarifications %}``, ``{% trace_steps panel.trace %}`` and
``{% cost_steps panel.cost_steps %}`` render their ``<li>`` items.

A card can have a dozen clarifications, and drawing each through the template language
(an ``if`` per class, two date filters, a URL, a translation) took half of the panel's
render; the same markup built here with ``format_html`` takes a fraction of it.
"""

from __future__ import annotations

import datetime
from functools import lru_cache

from django import template
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rulesite.cards.templatetags.cards import mana_symbols, mana_text, rule_href, rule_links
from rulesite.workbench.results import Clarification, CostLine, Said

register = template.Library()


@lru_cache(maxsize=4096)
def _card_url(slug: str, language: str, prefix: str, urlconf: str | None) -> str:
    # What ``Card.get_absolute_url`` gives, remembered per language, script prefix and URLconf
    # (everything ``reverse`` reads).
    return reverse("cards:card_detail", args=[slug])


@lru_cache(maxsize=4096)
def _date(day: datetime.date, language: str) -> str:
    # The ``date`` filter's default format, in ``language`` (the active one).
    return date_format(day)


@register.simple_tag
def clarification(item: Clarification) -> SafeString:
    """One clarification: its badge when it bears on the answer, the card it belongs to (in
    the page's language), its date and its text with links to the rules it mentions."""
    css = "bears" if item.bears else "" if item.related else "clause-dimmed"
    badge = (
        format_html('<strong class="badge">{}</strong>', _("Bears on this result"))
        if item.bears
        else ""
    )
    card = item.card
    french = (get_language() or "").startswith("fr")
    name = card.name_fr if french and card.name_fr else card.name
    machine = (
        format_html(
            '<em class="machine">{}</em>',
            _("(machine translation; the English text is authoritative)"),
        )
        if item.machine_translated
        else ""
    )
    published = item.ruling.published_on
    language = get_language() or ""
    return format_html(
        '<li class="{}">{} <a href="{}">{}</a>, <time datetime="{}">{}</time>: {} {}</li>',
        css,
        badge,
        _card_url(card.slug, language, get_script_prefix(), get_urlconf()),
        name,
        published.isoformat(),
        _date(published, language),
        rule_links(item.text),
        machine,
    )


@register.simple_tag
def clarifications(items: list[Clarification]) -> SafeString:
    """Every clarification of the list, one ``<li>`` each."""
    return mark_safe("".join(clarification(item) for item in items))  # noqa: S308 - format_html pieces


def _rule_link(rule: str) -> SafeString:
    if not rule:
        return mark_safe("")  # noqa: S308 - empty
    return format_html('<a class="rule" href="{}">{}</a>', rule_href(rule), rule)


@register.simple_tag
def trace_steps(steps: list[Said]) -> SafeString:
    """The "Why" list: each step of the answer with the rule it applies, one ``<li>`` each."""
    return mark_safe(  # noqa: S308 - format_html pieces, mana_text escapes
        "".join(
            format_html("<li>{} {}</li>", _rule_link(step.rule), mana_text(step.text))
            for step in steps
        )
    )


@register.simple_tag
def cost_steps(steps: list[CostLine]) -> SafeString:
    """The total cost step by step: each step's rule and label, and the running total as
    symbols (spelled out for screen readers), one ``<li>`` each."""
    return mark_safe(  # noqa: S308 - format_html pieces
        "".join(
            format_html(
                '<li>{} {} <span class="running-total"><span class="visually-hidden">{}</span>'
                '<span aria-hidden="true">{}</span></span></li>',
                _rule_link(step.rule),
                step.label,
                step.cost,
                mana_symbols(step.cost),
            )
            for step in steps
        )
    )
