"""Card, search, keyword and rule pages (server-rendered, both languages, no JavaScript needed)."""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from functools import wraps

from django.core.paginator import Paginator
from django.db.models import Count
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.http import urlencode
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.middleware import HtmxDetails

from rulesite.cards.formats import format_name
from rulesite.cards.models import Card, Keyword, Rule, RuleEdition, RuleVersion
from rulesite.cards.repeats import said_once
from rulesite.cards.rulebook import Diff, diff_sides, word_diff
from rulesite.cards.search import FORMATS, SearchSyntaxError, parse
from rulesite.cards.suggestions import suggest
from rulesite.core.cache import cached_page
from rulesite.core.language import is_french
from rulesite.core.text import fold

CARDS_PER_PAGE = 24
# The change reason an import gives the history records it writes:
# "import_mtgjson (579 files) at 2026-12-06 22:09:59", "import_scryfall at …".
IMPORT_REASON_RE = re.compile(r"import_(?P<source>mtgjson|scryfall)(?: \((?P<files>\d+) files?\))?")


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def search_history(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """Live search keeps the browser history tidy: the request says (``X-Search-History``,
    sent by ``static/js/search.js``) whether it is a keystroke of a search being typed, whose
    URL replaces the current history entry, or a submit or a pause, which pushes a new one."""

    @wraps(view)
    def wrapper(request: HtmxHttpRequest, *args: object, **kwargs: object) -> HttpResponseBase:
        response = view(request, *args, **kwargs)
        if request.htmx and not request.htmx.history_restore_request:
            header = (
                "HX-Replace-Url"
                if request.headers.get("X-Search-History") == "replace"
                else "HX-Push-Url"
            )
            response[header] = request.get_full_path()
        return response

    return wrapper


@require_safe
@search_history
@vary_on_headers("HX-Request", "HX-History-Restore-Request")
@cached_page("card_list")
def card_list(request: HtmxHttpRequest) -> HttpResponse:
    """Search by English or French name with Scryfall-style filters; paginated; in French
    alphabetical order on /fr/. A search that finds nothing offers the keyword page, the rule
    or close names."""
    query = request.GET.get("q", "")
    error = ""
    error_position: int | None = None
    page = None
    suggestions = None
    french = is_french()
    try:
        parsed = parse(query)
    except SearchSyntaxError as exc:
        error, error_position = str(exc), exc.position
    else:
        cards = (
            Card.objects.matching(parsed.q)
            .for_listing(french=french)
            .order_by(*parsed.order_by(french=french))
        )
        page = Paginator(cards, CARDS_PER_PAGE).get_page(request.GET.get("page"))
        if not page.paginator.count:
            suggestions = suggest(query, names=parsed.names)
    context = {
        "query": query,
        "error": error,
        "error_at": _error_excerpt(query, error_position),
        "page": page,
        "suggestions": suggestions,
        "page_query": urlencode({"q": query}) if query else "",
        "french_first": french,
    }
    template = "cards/card_list.html"
    if request.htmx and not request.htmx.boosted and not request.htmx.history_restore_request:
        template += "#search-results"
    return render(request, template, context)


def _error_excerpt(query: str, position: int | None) -> dict[str, str] | None:
    """The query cut where the problem is, to show it marked."""
    if position is None or not query:
        return None
    position = max(0, min(position, len(query)))
    return {
        "before": query[:position],
        "at": query[position : position + 1] or " ",
        "after": query[position + 1 :],
        "column": str(position + 1),
    }


@require_safe
@cached_page("card_detail")
def card_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """A card: facts, Oracle and printed French text, printings, format legality, its Oracle
    text through the imports, and every clarification."""
    card = get_object_or_404(
        Card.objects.with_rulings().prefetch_related("printings", "legalities"), slug=slug
    )
    rulings = said_once(card.rulings.all())
    legal = {legality.format: legality for legality in card.legalities.all()}
    return render(
        request,
        "cards/card_detail.html",
        {
            "card": card,
            "rulings": rulings,
            "keywords": list(card.keywords.all()),
            "printings": list(card.printings.all()),
            "legalities": [(format_name(key), legal.get(key)) for key in FORMATS] if legal else [],
            "oracle_history": oracle_history(card),
            "has_machine_translation": any(r.is_machine_translated for r in rulings),
            "french_first": is_french(),
        },
    )


def oracle_history(card: Card) -> list[dict[str, object]]:
    """The card's Oracle text each time an import or a curator changed it, oldest first: what
    happened, in the reader's words, and the older and newer texts with the words that changed
    marked (from the card's history records)."""
    steps: list[dict[str, object]] = []
    previous = None
    for day, reason, text in card.history.order_by("history_date", "history_id").values_list(
        "history_date", "history_change_reason", "oracle_text"
    ):
        if text == previous:
            continue
        older: Diff = []
        newer: Diff = []
        if previous is not None:
            older, newer = diff_sides(word_diff(previous, text))
        steps.append(
            {
                "date": day,
                "event": history_event(reason or "", day, first=previous is None),
                "text": text,
                "older": older,
                "newer": newer,
            }
        )
        previous = text
    return steps if len(steps) > 1 else []


def history_event(reason: str, when: datetime.datetime, *, first: bool) -> str:
    """What a history record's change was, in the page's language: "Imported from MTGJSON,
    579 files, on 6 December 2026" for an import's reason, else when it was recorded."""
    day = date_format(timezone.localtime(when), "DATE_FORMAT")
    imported = IMPORT_REASON_RE.match(reason)
    if imported is None:
        return (gettext("Recorded on %(day)s") if first else gettext("Changed on %(day)s")) % {
            "day": day
        }
    source = "MTGJSON" if imported["source"] == "mtgjson" else "Scryfall"
    if imported["files"] is None:
        return gettext("Imported from %(source)s on %(day)s") % {"source": source, "day": day}
    files = int(imported["files"])
    return ngettext(
        "Imported from %(source)s, %(files)d file, on %(day)s",
        "Imported from %(source)s, %(files)d files, on %(day)s",
        files,
    ) % {"source": source, "files": files, "day": day}


@require_safe
@cached_page("keyword_list")
def keyword_list(request: HttpRequest) -> HttpResponse:
    """``/keywords/``: every keyword page, in the visitor's language's alphabetical order."""
    french = is_french()
    keywords = sorted(
        Keyword.objects.annotate(card_count=Count("cards")),
        key=lambda k: fold(k.name_fr or k.name_en) if french else fold(k.name_en),
    )
    return render(
        request,
        "cards/keyword_list.html",
        {"keywords": keywords, "french_first": french},
    )


@require_safe
@cached_page("keyword_detail")
def keyword_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """A keyword: its curated explanation, or else its rule's first subrule; its rule, the
    clarifications shared by its cards, and every card that has it."""
    keyword = get_object_or_404(Keyword, slug=slug)
    rule = (
        Rule.objects.with_family().filter(number=keyword.rule_number).first()
        if keyword.rule_number
        else None
    )
    rulings = said_once(keyword.rulings.current().newest_first())
    french = is_french()
    return render(
        request,
        "cards/keyword_detail.html",
        {
            "keyword": keyword,
            "rule": rule,
            "summary": _keyword_summary(keyword, rule),
            "rulings": rulings,
            "cards": keyword.cards.for_listing(french=french),
            "has_machine_translation": any(r.is_machine_translated for r in rulings),
            "french_first": is_french(),
        },
    )


def _number_today(number: str) -> str | None:
    """The current number of the rule an older edition numbered ``number``, if it still is."""
    old = RuleVersion.objects.filter(number=number).order_by("-edition__effective_on").first()
    if old is None:
        return None
    newest = RuleVersion.objects.filter(lineage=old.lineage).order_by("-edition__effective_on")
    current = newest.first()
    if current is None or not Rule.objects.filter(number=current.number).exists():
        return None
    return current.number


def _keyword_summary(keyword: Keyword, rule: Rule | None) -> str:
    """A keyword without a curated explanation is explained by its rule's first subrule."""
    if keyword.explanation_en or rule is None:
        return ""
    first = next(iter(rule.children.all()), None)
    return first.text_en if first is not None else rule.text_en


def _missing_rule(request: HttpRequest, number: str) -> HttpResponse:
    """The 404 of a rule number no edition on file has: which rules were looked in (the
    newest edition's date) and the way to the rules index. The page quotes the number cut
    short (the template does), as an address can be any length."""
    newest = RuleEdition.objects.order_by("-effective_on").only("effective_on").first()
    context = {
        "missing_rule": number or "?",
        "rules_edition": newest.effective_on if newest is not None else None,
    }
    return render(request, "404.html", context, status=404)


@require_safe
@cached_page("rule_detail")
def rule_detail(request: HttpRequest, number: str) -> HttpResponse:
    """A rule with its parent chain and subrules; old numbers (702.30a) lead to today's."""
    cleaned = number.strip().rstrip(".").lower()
    if not cleaned:
        return _missing_rule(request, number)
    if cleaned != number:
        return redirect("cards:rule_detail", number=cleaned)
    rule = Rule.objects.with_family().filter(number=cleaned).first()
    if rule is None:
        renamed = Rule.objects.formerly_numbered(cleaned).only("number").first()
        today = renamed.number if renamed is not None else _number_today(cleaned)
        if today is not None:
            url = reverse("cards:rule_detail", args=[today])
            return redirect(f"{url}?{urlencode({'from': cleaned})}")
        if RuleVersion.objects.filter(number=cleaned).exists():
            return redirect("cards:rule_history", number=cleaned)
        return _missing_rule(request, cleaned)
    history = list(RuleVersion.objects.lineage_of(cleaned))
    elsewhere = (
        RuleVersion.objects.filter(number=cleaned)
        .exclude(lineage=history[-1].lineage if history else "")
        .select_related("edition")
        .order_by("-edition__effective_on")
        .first()
    )
    successor = (
        RuleVersion.objects.filter(lineage=elsewhere.lineage)
        .order_by("-edition__effective_on")
        .first()
        if elsewhere is not None
        else None
    )
    from_number = request.GET.get("from", "")
    earlier_numbers = {v.number for v in history}
    renamed_from = from_number if from_number in earlier_numbers - {rule.number} else ""
    ancestors: list[Rule] = []
    parent = rule.parent
    while parent is not None and len(ancestors) < 3:
        ancestors.insert(0, parent)
        parent = parent.parent
    children = list(rule.children.all())
    french = is_french()
    return render(
        request,
        "cards/rule_detail.html",
        {
            "rule": rule,
            "ancestors": ancestors,
            "children": children,
            "french_subrules": french and _any_french_text(children),
            "renamed_from": renamed_from,
            "history": history,
            "elsewhere": elsewhere,
            "successor": successor,
            "french_first": french,
        },
    )


def _any_french_text(children: list[Rule]) -> bool:
    """Whether a subrule, or one of its own (prefetched), has a French text to show."""
    return any(
        child.text_fr or any(grandchild.text_fr for grandchild in child.children.all())
        for child in children
    )
