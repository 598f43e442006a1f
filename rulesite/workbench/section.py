"""The result section (``#cast-result``) and the summary kept in sight beside the form
(``#cast-summary``), drawn in Python: the page draws them with ``{% result_section %}`` and
``{% cast_summary %}`` (:mod:`rulesite.workbench.templatetags.results`), and the htmx answer
to a change is :func:`htmx_answer` alone, with no template to render.

The section was the larger part of the answer's time through the template language (a few
hundred nodes: ifs, translations, includes); written here, each value escaped as the
template language escapes it, it is a fraction of it. Its words are the catalogue's, under
the messages the template had.
"""

from __future__ import annotations

import datetime
import html
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any, Protocol

from django.core.signals import setting_changed
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.formats import date_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, ngettext

from rulesite.cards.templatetags.cards import (
    card_text,
    mana_symbols,
    mana_text,
    rule_href,
    rule_links,
    rule_url_at,
)
from rulesite.workbench.lands import LandsAdded
from rulesite.workbench.results import Clarification, CostLine, ResultPanel, Said

__all__ = [
    "clarification",
    "clarifications",
    "cost_steps",
    "htmx_answer",
    "result_section",
    "summary",
    "trace_steps",
    "verdict",
]

# --- Words ---------------------------------------------------------------------------------------

_words: dict[tuple[str | None, str], str] = {}
"""The section's fixed words in each language: ``(language, message)`` → the catalogue's
text. The messages are the literals below, so this holds a few hundred entries at most."""


def _(message: str) -> str:
    """``gettext(message)``, remembered per language: the section writes about thirty fixed
    words per answer, and each lookup through Django's translation machinery reads the
    active translation twice."""
    key = (_where()[0], message)
    word = _words.get(key)
    if word is None:
        word = _words[key] = gettext(message)
    return word


def _colon() -> str:
    """The colon before an explanation, as the page's language writes it: "rule 601.2f: …",
    « règle 601.2f : … »."""
    # Translators: the colon that introduces an explanation; French puts a space before it.
    return _(": ")


_TRANSLATION_SETTINGS = frozenset({"LANGUAGES", "LANGUAGE_CODE", "LOCALE_PATHS", "USE_I18N"})


def _forget_words(*, setting: str, **kwargs: Any) -> None:
    """Drop the remembered words and blocks when the settings that choose translations
    change (as Django drops its own catalogues then)."""
    if setting in _TRANSLATION_SETTINGS:
        _words.clear()
        _facts_in.cache_clear()
        _resolution_in.cache_clear()


setting_changed.connect(_forget_words, dispatch_uid="rulesite-workbench-section-words")


# --- Markup ------------------------------------------------------------------------------------


def _escaped(value: object) -> str:
    """As the template language writes a value: as it is when safe, escaped otherwise."""
    method = getattr(value, "__html__", None)
    return str(method()) if method is not None else html.escape(str(value))


def _html(template: str, *values: object) -> SafeString:
    """Django's ``format_html``, without its checks for lazy values at every escape (the
    section writes a few hundred values)."""
    return SafeString(template.format(*map(_escaped, values)))


def _items(texts: Iterable[object]) -> SafeString:
    return _join(_html("<li>{}</li>", text) for text in texts)


def _join(pieces: Iterable[object]) -> SafeString:
    return mark_safe("".join(str(p) for p in pieces))  # noqa: S308 - pieces escaped or safe


# --- The panel's lists -------------------------------------------------------------------------
# A card can have a dozen clarifications, and drawing each through the template language (an
# ``if`` per class, two date filters, a URL, a translation) took half of the panel's render.


@lru_cache(maxsize=4096)
def _card_url(slug: str, language: str, prefix: str, urlconf: str | None) -> str:
    # What ``Card.get_absolute_url`` gives, remembered per language, script prefix and URLconf
    # (everything ``reverse`` reads).
    return reverse("cards:card_detail", args=[slug])


@lru_cache(maxsize=4096)
def _date(day: datetime.date, language: str) -> str:
    # The ``date`` filter's default format, in ``language`` (the active one).
    return date_format(day)


def clarification(item: Clarification) -> SafeString:
    """One clarification: its badge when it bears on the answer, the card it belongs to (in
    the page's language), its date and its text with links to the rules it mentions."""
    return _clarification_at(item, _where())


def _clarification_at(item: Clarification, where: tuple[str, str, str | None]) -> SafeString:
    card = item.card
    facts = (item.bears, item.related, item.machine_translated, card.slug, card.name)
    if _plain(item.text, card.slug, card.name, card.name_fr or ""):
        return _clarification(*facts, card.name_fr, item.text, item.ruling.published_on, *where)
    return _clarification.__wrapped__(
        *facts, card.name_fr, item.text, item.ruling.published_on, *where
    )


@lru_cache(maxsize=4096)
def _clarification(
    bears: bool,
    related: bool,
    machine_translated: bool,
    slug: str,
    name_en: str,
    name_fr: str | None,
    text: str,
    published: datetime.date,
    language: str,
    prefix: str,
    urlconf: str | None,
) -> SafeString:
    # A function of the clarification's facts and of ``_where()`` alone: remembered, since a
    # card's clarifications come up in answer after answer.
    css = "bears" if bears else "" if related else "clause-dimmed"
    badge = _html('<strong class="badge">{}</strong>', _("Bears on this result")) if bears else ""
    name = name_fr if language.startswith("fr") and name_fr else name_en
    machine = (
        _html(
            '<em class="machine">{}</em>',
            _("(machine translation; the English text is authoritative)"),
        )
        if machine_translated
        else ""
    )
    return _html(
        '<li class="{}">{} <a href="{}">{}</a>, <time datetime="{}">{}</time>{}{} {}</li>',
        css,
        badge,
        _card_url(slug, language, prefix, urlconf),
        name,
        published.isoformat(),
        _date(published, language),
        _colon(),
        rule_links(text),
        machine,
    )


def clarifications(items: list[Clarification]) -> SafeString:
    """Every clarification of the list, one ``<li>`` each."""
    where = _where()
    return mark_safe("".join(_clarification_at(item, where) for item in items))  # noqa: S308


def _rule_link(rule: str, where: tuple[str, str, str | None] | None = None) -> SafeString:
    if not rule:
        return mark_safe("")  # noqa: S308 - empty
    href = rule_href(rule) if where is None else rule_url_at(rule, *where) or ""
    return _html('<a class="rule" href="{}">{}</a>', href, rule)


def _where() -> tuple[str, str, str | None]:
    """What the markup of a step reads besides the step: the language (its words, the
    symbols' spoken names) and the script prefix and URLconf (its links); read once per
    section drawn (see :func:`_drawn_at`)."""
    where = _drawing.get()
    if where is None:
        return get_language() or "", get_script_prefix(), get_urlconf()
    return where


_drawing: ContextVar[tuple[str, str, str | None] | None] = ContextVar(
    "rulesite_workbench_section_where", default=None
)
"""``_where()`` while a section is drawn: the language, script prefix and URLconf, read once
instead of at every word and link (each is a lookup in Django's per-thread state)."""


@contextmanager
def _drawn_at() -> Iterator[None]:
    """Within the block, ``_where()`` is what it was as the block began."""
    token = _drawing.set(_where())
    try:
        yield
    finally:
        _drawing.reset(token)


# Each step's markup is a function of its texts and of ``_where()`` alone: remembered, since
# the same steps come up answer after answer (a cast's trace differs from the last one's in a
# step or two). Only plain strings are remembered: a safe string is written as it is.


@lru_cache(maxsize=4096)
def _trace_step(
    rule: str, text: str, language: str, prefix: str, urlconf: str | None
) -> SafeString:
    return _html("<li>{} {}</li>", _rule_link(rule, (language, prefix, urlconf)), mana_text(text))


@lru_cache(maxsize=4096)
def _cost_step(
    rule: str, label: str, cost: str, language: str, prefix: str, urlconf: str | None
) -> SafeString:
    return _html(
        '<li>{} {} <span class="running-total"><span class="visually-hidden">{}</span>'
        '<span aria-hidden="true">{}</span></span></li>',
        _rule_link(rule, (language, prefix, urlconf)),
        label,
        cost,
        mana_symbols(cost),
    )


def _plain(*texts: object) -> bool:
    return all(type(text) is str for text in texts)


def trace_steps(steps: list[Said]) -> SafeString:
    """The "Why" list: each step of the answer with the rule it applies, one ``<li>`` each."""
    where = _where()
    return mark_safe(  # noqa: S308 - escaped pieces, mana_text escapes
        "".join(
            _trace_step(step.rule, step.text, *where)
            if _plain(step.rule, step.text)
            else _html("<li>{} {}</li>", _rule_link(step.rule), mana_text(step.text))
            for step in steps
        )
    )


def cost_steps(steps: list[CostLine]) -> SafeString:
    """The total cost step by step: each step's rule and label, and the running total as
    symbols (spelled out for screen readers), one ``<li>`` each."""
    where = _where()
    return mark_safe(  # noqa: S308 - escaped pieces
        "".join(
            _cost_step(step.rule, step.label, step.cost, *where)
            if _plain(step.rule, step.label, step.cost)
            else _cost_step.__wrapped__(step.rule, step.label, step.cost, *where)
            for step in steps
        )
    )


# --- The section -------------------------------------------------------------------------------


def _escaped_list(items: Iterable[object], separator: str = ", ") -> str:
    """As the template's ``{{ items|join:", " }}``: each item escaped."""
    return _escaped(separator).join(_escaped(i) for i in items)


def _translated(message: str, **values: object) -> SafeString:
    """As ``{% blocktranslate with name=value %}``: the catalogue's sentence, each value
    escaped in it."""
    escaped = {k: _escaped(v) for k, v in values.items()}
    return mark_safe(message % escaped)  # noqa: S308 - the catalogue's text, values escaped


class Judged(Protocol):
    """What a verdict is read from: a result panel (or, as a mapping of the same names, a
    scenario's stored answer as its page shows it)."""

    @property
    def legal(self) -> bool: ...

    @property
    def modelled(self) -> bool: ...

    @property
    def only_choices_missing(self) -> bool: ...


_VERDICT_FACTS = ("legal", "modelled", "only_choices_missing")


def verdict(answer: Judged | Mapping[str, Any]) -> str:
    """The verdict's word: legal, illegal, choices to make (qualified when not modelled)."""
    if isinstance(answer, Mapping):
        legal, modelled, choices = (bool(answer.get(name)) for name in _VERDICT_FACTS)
    else:
        legal, modelled, choices = (bool(getattr(answer, name)) for name in _VERDICT_FACTS)
    if legal:
        return _("Legal") if modelled else _("Legal as far as modelled")
    if choices:
        return _("Choices to make")
    return _("Illegal") if modelled else _("Illegal as far as modelled")


def _verdict_class(panel: ResultPanel) -> str:
    if panel.legal:
        return "verdict-legal"
    return "verdict-choices" if panel.only_choices_missing else "verdict-illegal"


def _rule_word(rule: str) -> SafeString:
    return _html(
        '<a class="rule" href="{}">{}</a>',
        rule_href(rule),
        _translated(_("rule %(number)s"), number=rule),
    )


def summary(panel: ResultPanel | None, *, oob: bool = False) -> SafeString:
    """The verdict and the total cost, kept in sight on narrow screens while the form is
    edited (``oob``: swapped in beside the htmx answer)."""
    attributes = (' hx-swap-oob="true"' if oob else "") + ("" if panel else " hidden")
    if panel is None:
        return _html('<div id="cast-summary" class="cast-summary"{}>\n</div>', attributes)
    total = panel.total_cost
    assumed = (
        _html('<span aria-hidden="true">·</span> <span>{}</span>', _("mana assumed"))
        if panel.mana_assumed
        else ""
    )
    return _html(
        '<div id="cast-summary" class="cast-summary"{}>\n'
        '  <a href="#cast-result" data-testid="summary">\n'
        '    <span class="{}" data-testid="summary-verdict">{}</span>\n'
        '    <span aria-hidden="true">·</span>\n'
        '    <span>{} <span class="notation" data-testid="summary-cost">{}</span></span>\n'
        "    {}\n"
        "  </a>\n</div>",
        mark_safe(attributes),  # noqa: S308 - constant attributes
        _verdict_class(panel),
        verdict(panel),
        _("Total cost"),
        total if total is not None else "—",
        assumed,
    )


def status(panel: ResultPanel | None, *, has_errors: bool) -> str:
    """The short spoken summary of a new result, for screen readers."""
    if panel is None:
        return _("Correct the marked fields to see the result.") if has_errors else ""
    words = [verdict(panel)]
    if panel.total_cost:
        words.append(f". {_('Total cost')} {panel.total_cost}")
    words.append(".")
    words += [f" {prompt.text}" for prompt in panel.prompts]
    words += [f" {violation.message}" for violation in panel.violations]
    return "".join(words)


def _prompts(panel: ResultPanel) -> SafeString | str:
    if not panel.prompts:
        return ""
    items = _join(
        _html(
            '<li><a href="#{}" data-testid="prompt-control">{}</a> {}</li>',
            prompt.control,
            prompt.text,
            _rule_word(prompt.rule),
        )
        for prompt in panel.prompts
    )
    return _html(
        '<ul class="prompts" data-testid="prompts" aria-label="{}">{}</ul>',
        _("Choices still to make"),
        items,
    )


def _qualification(panel: ResultPanel) -> SafeString | str:
    if panel.modelled:
        return ""
    return _html(
        '<div class="notice qualification" data-testid="qualification">\n<p>{}</p>\n'
        '<ul lang="en">{}</ul>\n</div>',
        _(
            "As far as modelled: the engine does not model this text, and it could change "
            "the answer."
        ),
        _items(panel.not_understood),
    )


def _lands(lands: LandsAdded | None) -> SafeString | str:
    if lands is None:
        return ""
    added: SafeString | str
    if lands.lands:
        added = _translated(_("Put on the battlefield: %(lands)s."), lands=lands.counted)
    else:
        added = _("No land added: the battlefield already pays this cost.")
    unpayable = (
        _translated(_("No basic land here pays %(symbols)s."), symbols=" ".join(lands.unpayable))
        if lands.unpayable
        else ""
    )
    full = _("The battlefield is full: not every land fits.") if lands.full else ""
    return _html(
        '<p class="notice lands-added" role="status" tabindex="-1" data-focus-here '
        'data-testid="lands-added">\n{}\n{}\n{}\n{}\n</p>',
        added,
        _("Mana is no longer assumed: the payment is judged with the battlefield."),
        unpayable,
        full,
    )


def _assumed(panel: ResultPanel) -> SafeString | str:
    if not panel.mana_assumed:
        return ""
    return _html(
        '<div class="notice assumed-mana" data-testid="mana-assumed">\n'
        '<p><strong>{}</strong> {}\n<a href="#id_assume_mana">{}</a></p>\n</div>',
        _("Mana is assumed."),
        _(
            "This answer takes any mana the cost needs as available: it doesn't check the "
            "lands or the mana pool."
        ),
        _("Turn this off"),
    )


def _add_lands(panel: ResultPanel) -> SafeString | str:
    if not panel.lands_would_help:
        return ""
    return _html(
        '<p class="add-lands"><button type="submit" form="workbench-form" name="op" '
        'value="add-lands" class="secondary">{}</button></p>',
        _("Put the lands to pay on the battlefield"),
    )


def _violations(panel: ResultPanel) -> SafeString | str:
    if not panel.violations:
        return ""
    items = _join(
        _html(
            "<li>{}{}</li>",
            _html("{}{}", _rule_word(v.rule), _colon()) if v.rule else "",
            v.message,
        )
        for v in panel.violations
    )
    return _html('<ul class="violations">\n{}\n</ul>', items)


def _yes_no(value: bool) -> str:
    return _("Yes") if value else _("No")


def _facts(panel: ResultPanel) -> SafeString:
    additional, kicked_with = panel.additional_costs, tuple(panel.kicked_with)
    facts = (
        panel.total_cost,
        additional,
        kicked_with,
        panel.targets_required,
        panel.mana_value,
        panel.kick_count if panel.kicker else None,
        panel.split_second,
    )
    if _plain(*additional, *kicked_with) and type(panel.total_cost) in (str, type(None)):
        return _facts_in(*facts, _where()[0])
    return _facts_in.__wrapped__(*facts, _where()[0])


@lru_cache(maxsize=1024)
def _facts_in(
    total: str | None,
    additional_costs: tuple[str, ...],
    kicked_with: tuple[str, ...],
    targets_required: int,
    mana_value: int | None,
    kick_count: int | None,
    split_second: bool,
    language: str,
) -> SafeString:
    # The facts list: a function of the answer's costs and counts and of the language alone
    # (no links), remembered, since most changes to a set-up leave them as they were.
    if total is not None:
        cost = _html(
            '<span class="notation" data-testid="total-cost">{}</span> '
            '<span class="symbols" aria-hidden="true">{}</span>',
            total,
            _symbols(total),
        )
    else:
        cost = mark_safe('<span data-testid="total-cost">—</span>')  # noqa: S308 - constant
    additional = (
        _html('<span class="additional">+ {}</span>', _escaped_list(additional_costs))
        if additional_costs
        else ""
    )
    kicked = (
        _html(
            '<div><dt>{}</dt><dd data-testid="kicked-with">{}</dd></div>',
            _("Kicker costs paid"),
            mark_safe(", ".join(_symbols(c) for c in kicked_with)),  # noqa: S308
        )
        if kicked_with
        else ""
    )
    targets = (
        _html("<div><dt>{}</dt><dd>{}</dd></div>", _("Targets required"), targets_required)
        if targets_required
        else ""
    )
    # Whether and how often it was kicked: for a card with kicker only (None otherwise).
    kicker = (
        _html(
            '<div><dt>{}</dt><dd data-testid="kicked">{}</dd></div>\n'
            '<div><dt>{}</dt><dd data-testid="kick-count">{}</dd></div>\n',
            _("Kicked"),
            _yes_no(kick_count > 0),
            _("Times kicked"),
            kick_count,
        )
        if kick_count is not None
        else ""
    )
    return _html(
        '<dl class="facts">\n'
        "<div><dt>{}</dt>\n<dd>{}\n{}</dd></div>\n"
        '<div><dt>{}</dt><dd data-testid="mana-value">{}</dd></div>\n'
        "{}{}\n"
        '<div><dt>{}</dt><dd data-testid="split-second">{}</dd></div>\n'
        "{}\n</dl>",
        _("Total cost"),
        cost,
        additional,
        _("Mana value"),
        mana_value if mana_value is not None else "—",
        kicker,
        kicked,
        _("Split second"),
        _yes_no(split_second),
        targets,
    )


def _cost_steps(panel: ResultPanel) -> SafeString | str:
    if not panel.cost_steps:
        return ""
    return _html(
        '<h3>{}</h3>\n<ol class="cost-steps">\n{}\n</ol>',
        _("Total cost, step by step"),
        cost_steps(panel.cost_steps),
    )


def _payment(panel: ResultPanel) -> SafeString | str:
    payment = panel.payment
    if payment is None:
        return ""
    proposed = payment.convoke_proposed
    heading = _("Payment proposed") if proposed else _("Payment found")
    proposal = ""
    if proposed:
        count = len(payment.convoke)
        proposal = _html(
            '<p class="proposal" data-testid="convoke-proposal"><strong class="badge">{}</strong>'
            "\n{}\n{}</p>",
            _("Proposal"),
            _translated(
                ngettext(
                    "Tap this creature for convoke: %(names)s.",
                    "Tap these %(count)s creatures for convoke: %(names)s.",
                    count,
                ),
                count=count,
                names=payment.convoke_names,
            ),
            _("To choose yourself, tick “Tap for convoke” on the creatures to tap."),
        )
    lines: list[SafeString] = []
    if payment.assumed:
        lines.append(
            _html(
                '<li>{} <span class="notation">{}</span></li>',
                _("Mana assumed available:"),
                payment.assumed,
            )
        )
    if payment.pool:
        lines.append(_html("<li>{} {}</li>", _("From the mana pool:"), _symbols(payment.pool)))
    if payment.lands:
        lines.append(_html("<li>{} {}</li>", _("Lands tapped:"), _escaped_list(payment.lands)))
    if payment.mana_abilities:
        lines.append(
            _html("<li>{} {}</li>", _("Mana abilities:"), _escaped_list(payment.mana_abilities))
        )
    lines += [
        _html(
            '<li>{} <span class="notation">{}</span></li>',
            _translated(_("%(name)s convokes, paying"), name=creature.name),
            creature.pays,
        )
        for creature in payment.convoke
    ]
    if payment.life:
        lines.append(
            _html(
                "<li>{}</li>",
                _translated(
                    ngettext("%(life)s life paid", "%(life)s life paid", payment.life),
                    life=payment.life,
                ),
            )
        )
    lines += [
        _html("<li>{} {}</li>", label, _escaped_list(names)) for label, names in payment.objects
    ]
    return _html(
        '<h3>{}</h3>\n{}\n<ul class="payment" data-testid="payment">\n{}\n</ul>',
        heading,
        proposal,
        _join(lines),
    )


def _result_kind(kind: str) -> str:
    if kind == "token":
        return _("becomes a token (a copy of a permanent spell)")
    if kind == "permanent":
        return _("enters the battlefield as a permanent")
    if kind == "ability":
        return _("an ability on the stack")
    if kind == "mana_ability":
        return _("a mana ability: it doesn't use the stack and resolves at once")
    if kind == "special_action":
        return _("a special action: it doesn't use the stack")
    return _("a spell on the stack")


def _resolution(panel: ResultPanel) -> SafeString | str:
    result = panel.result
    if not result:
        return ""
    counters = tuple(panel.counters.items())
    kicked = result.kicked if panel.kicker else None
    facts = (panel.copy_line, result.damage, counters, str(result.kind), kicked)
    if _plain(panel.copy_line, *(kind for kind, _amount in counters)):
        return _resolution_in(*facts, _where()[0])
    return _resolution_in.__wrapped__(*facts, _where()[0])


@lru_cache(maxsize=1024)
def _resolution_in(
    copy_line: str,
    damage: int | None,
    counters: tuple[tuple[str, int], ...],
    kind: str,
    kicked: bool | None,
    language: str,
) -> SafeString:
    # What the spell does: a function of the result's facts and of the language alone.
    lines: list[SafeString] = []
    if copy_line:
        lines.append(_html('<li data-testid="copy-line">{}</li>', copy_line))
    if damage is not None:
        dealt = _translated(
            ngettext("deals %(damage)s damage", "deals %(damage)s damage", damage),
            damage=damage,
        )
        lines.append(_html("<li>{}</li>", dealt))
    for counter, amount in counters:
        if amount:
            entering = _translated(
                ngettext(
                    "enters with %(amount)s %(kind)s counter",
                    "enters with %(amount)s %(kind)s counters",
                    amount,
                ),
                amount=amount,
                kind=counter,
            )
            lines.append(_html("<li>{}</li>", entering))
    lines.append(_html("<li>{}</li>", _result_kind(kind)))
    if kicked is not None:
        lines.append(_html("<li>{}</li>", _("kicked") if kicked else _("not kicked")))
    return _html(
        '<h3>{}</h3>\n<ul class="resolution" data-testid="resolution">\n{}\n</ul>',
        _("What it does"),
        _join(lines),
    )


def _card_text(panel: ResultPanel) -> SafeString | str:
    if not panel.card:
        return ""
    where = _where()
    if panel.clauses:
        paragraphs = _join(
            _clause(clause.text, clause.applies, where[0])
            if _plain(clause.text)
            else _clause.__wrapped__(clause.text, clause.applies, where[0])
            for clause in panel.clauses
        )
    elif _plain(panel.card.oracle_text):
        paragraphs = _oracle_text(panel.card.oracle_text, *where)
    else:
        paragraphs = _oracle_text.__wrapped__(panel.card.oracle_text, *where)
    return _html(
        '<h3>{}</h3>\n<div class="card-text" lang="en">\n{}\n</div>',
        panel.card_heading,
        paragraphs,
    )


@lru_cache(maxsize=4096)
def _clause(text: str, applies: bool, language: str) -> SafeString:
    # A clause's paragraph: its words (symbols spoken in ``language``) and whether it applies.
    if applies:
        return _html(
            '<p class="clause-applies"><mark>{}</mark> '
            '<span class="visually-hidden">({})</span></p>',
            mana_text(text),
            _("applies"),
        )
    return _html(
        '<p class="clause-dimmed">{} <span class="visually-hidden">({})</span></p>',
        mana_text(text),
        _("does not apply"),
    )


@lru_cache(maxsize=4096)
def _oracle_text(text: str, language: str, prefix: str, urlconf: str | None) -> SafeString:
    return _html("<p>{}</p>", card_text(text))


def _symbols(cost: object) -> SafeString:
    """``mana_symbols(cost)``, remembered per notation and language."""
    text = "" if cost is None else str(cost)
    return _symbols_in(text, _where()[0] or "en")


@lru_cache(maxsize=4096)
def _symbols_in(text: str, language: str) -> SafeString:
    return mana_symbols(text)


def _not_understood(panel: ResultPanel) -> SafeString | str:
    if not (panel.not_understood and panel.modelled):
        return ""
    return _html(
        '<div class="notice"><p>{}</p>\n<ul>{}</ul></div>',
        _(
            "The engine did not understand these sentences of the card's text; the answer "
            "ignores them:"
        ),
        _items(panel.not_understood),
    )


def _trace(panel: ResultPanel) -> SafeString | str:
    if not panel.trace:
        return ""
    return _html(
        '<details class="trace" open>\n<summary>{}</summary>\n<ol>\n{}\n</ol>\n</details>',
        _("Why: each step and its rule"),
        trace_steps(panel.trace),
    )


def _clarifications(panel: ResultPanel) -> SafeString | str:
    if not panel.clarifications:
        return ""
    return _html(
        '<h3>{}</h3>\n<ul class="clarifications">\n{}\n</ul>',
        _("Official clarifications"),
        clarifications(panel.clarifications),
    )


def _panel(panel: ResultPanel, lands: LandsAdded | None) -> SafeString:
    verdict_css = _verdict_class(panel) + ("" if panel.modelled else " verdict-qualified")
    parts = [
        _html(
            '<p class="verdict {}">\n<span data-testid="verdict">{}</span>\n</p>',
            verdict_css,
            verdict(panel),
        ),
        _prompts(panel),
        _qualification(panel),
        _lands(lands),
        _assumed(panel),
        _add_lands(panel),
        _violations(panel),
        _facts(panel),
        _cost_steps(panel),
        _payment(panel),
        _resolution(panel),
        _card_text(panel),
        _not_understood(panel),
        _trace(panel),
        _clarifications(panel),
    ]
    return mark_safe("\n".join(str(part) for part in parts if part))  # noqa: S308 - escaped


@lru_cache(maxsize=64)
def _scenario_new(language: str, prefix: str, urlconf: str | None) -> str:
    # The scenario form's address, remembered per language, script prefix and URLconf.
    return reverse("scenarios:scenario_new")


def result_section(
    panel: ResultPanel | None,
    *,
    has_errors: bool = False,
    lands: LandsAdded | None = None,
    permalink: str | None = None,
    permalink_url: str | None = None,
) -> SafeString:
    """The ``#cast-result`` section: the answer, or why there is none, and the set-up's link."""
    with _drawn_at():
        return _result_section(panel, has_errors, lands, permalink, permalink_url)


def _result_section(
    panel: ResultPanel | None,
    has_errors: bool,
    lands: LandsAdded | None,
    permalink: str | None,
    permalink_url: str | None,
) -> SafeString:
    if panel is not None:
        body = _panel(panel, lands)
    elif has_errors:
        body = _html(
            '<p class="form-errors" role="alert">{}</p>',
            _("Correct the marked fields to see the result."),
        )
    else:
        body = _html(
            '<p class="empty">{}</p>', _("Choose a card to cast, or open an example above.")
        )
    share = ""
    if permalink_url:
        scenario = (
            _html(
                '· <a href="{}?s={}">{}</a>',
                _scenario_new(*_where()),
                permalink,
                _("Share this scenario"),
            )
            if panel
            else ""
        )
        share = _html(
            '<p class="share">\n<a href="{}" rel="bookmark">{}</a>\n{}\n</p>',
            permalink_url,
            _("Link to this set-up"),
            scenario,
        )
    return _html(
        '<section id="cast-result" class="cast-result panel" '
        'aria-labelledby="cast-result-heading">\n'
        '<h2 id="cast-result-heading">{}</h2>\n'
        '<p id="cast-indicator" class="htmx-indicator updating" aria-hidden="true">{}</p>\n'
        "{}\n{}\n</section>",
        _("Result"),
        _("Updating the result…"),
        body,
        share,
    )


def htmx_answer(
    panel: ResultPanel | None,
    *,
    has_errors: bool = False,
    lands: LandsAdded | None = None,
    permalink: str | None = None,
    permalink_url: str | None = None,
) -> SafeString:
    """The htmx answer to a change: the spoken status and the summary (swapped in out of
    band), then the result section."""
    with _drawn_at():
        return _html(
            '<div id="result-status" class="visually-hidden" role="status" hx-swap-oob="true">'
            "{}</div>\n{}\n{}",
            status(panel, has_errors=has_errors),
            summary(panel, oob=True),
            result_section(
                panel,
                has_errors=has_errors,
                lands=lands,
                permalink=permalink,
                permalink_url=permalink_url,
            ),
        )


def context_section(context: Any) -> SafeString:
    """The section (with the htmx extras on an htmx request) from a page's template
    context."""
    request = context.get("request")
    draw = htmx_answer if getattr(request, "htmx", False) else result_section
    return draw(
        context.get("panel"),
        has_errors=bool(context.get("has_errors")),
        lands=context.get("lands"),
        permalink=context.get("permalink"),
        permalink_url=context.get("permalink_url"),
    )
