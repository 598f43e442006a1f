"""The cards and rules JSON API, after Scryfall's conventions (see /api/v1/schema).

Every object says what it is (``"object": "card"``, ``"ruling"``, ``"rule"``, ``"list"``,
``"error"``); lists are ``{"object": "list", "data", "has_more", "next_page",
"total_cards"}`` (``total_rules`` for rules). Cards are found by slug, by English or French
name (``/cards/named?exact=`` or ``?fuzzy=``), by Scryfall oracle id and by search
(``/cards/search?q=`` with the site's search syntax). Answers carry an ETag (and a
Last-Modified where the data has a date), and conditional requests get a 304.
"""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Callable, Iterable
from functools import wraps
from typing import Any

from django.core.paginator import EmptyPage, Paginator
from django.db.models import Max
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.utils.http import http_date, urlencode
from django.views.decorators.http import conditional_page

from rulesite.api.jsonio import error_response
from rulesite.cards.catalog import best_named
from rulesite.cards.models import Card, Rule, RuleEdition, RuleVersion
from rulesite.cards.rulesearch import search_rules
from rulesite.cards.search import FORMATS, SearchSyntaxError, parse
from rulesite.cards.suggestions import close_names
from rulesite.core.text import fold

CARDS_PER_PAGE = 50
RULES_PER_PAGE = 200
MAX_NAME_LENGTH = 200
FUZZY_CANDIDATES = 20
#: Cards one exact name can give: those sharing a French name, or folding alike.
NAMED_CANDIDATES = 10

View = Callable[..., HttpResponse]


def api_view(view: View) -> View:
    """GET/HEAD only, cacheable by clients, conditional (ETag, Last-Modified, 304)."""

    @conditional_page
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method not in ("GET", "HEAD"):
            refused = error_response([("method", "use GET")], status=405)
            refused["Allow"] = "GET, HEAD"
            return refused
        response = view(request, *args, **kwargs)
        if response.status_code == 200:
            response["Cache-Control"] = "public, max-age=300"
        return response

    return wrapper


def json(data: dict[str, Any], *, last_modified: datetime.datetime | None = None) -> JsonResponse:
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    if last_modified is not None:
        response["Last-Modified"] = http_date(last_modified.timestamp())
    return response


def not_found(field: str, message: str) -> JsonResponse:
    return error_response([(field, message)], status=404)


# ---- objects -------------------------------------------------------------------------------
def card_json(card: Card, request: HttpRequest, *, rulings: bool = True) -> dict[str, Any]:
    """The card object: facts, printings, legality per format and (``rulings``) its
    clarifications in English and French."""
    legal = {legality.format: legality.status for legality in card.legalities.all()}
    data: dict[str, Any] = {
        "object": "card",
        "name": card.name,
        "name_fr": card.name_fr,
        "slug": card.slug,
        "oracle_id": card.oracle_id,
        "url": request.build_absolute_uri(card.get_absolute_url()),
        "uri": request.build_absolute_uri(reverse("api:card_detail", args=[card.slug])),
        "scryfall_uri": card.scryfall_url or None,
        "mana_cost": card.mana_cost,
        "mana_value": float(card.mana_value),
        "type_line": card.type_line,
        "type_line_fr": card.type_line_fr,
        "colors": list(card.colors),
        "color_identity": list(card.color_identity),
        "power": card.power or None,
        "toughness": card.toughness or None,
        "loyalty": card.loyalty or None,
        "oracle_text": card.oracle_text,
        "printed_text_fr": {
            "text": card.printed_text_fr,
            "set": card.printed_set_fr,
            "kept_up_to_date": False,
        }
        if card.printed_text_fr
        else None,
        "keywords": [
            {
                "slug": keyword.slug,
                "name_en": keyword.name_en,
                "name_fr": keyword.name_fr,
                "rule": keyword.rule_number,
            }
            for keyword in card.keywords.all()
        ],
        "legalities": {name: legal.get(name, "not_legal") for name in FORMATS},
        "printings": [
            {
                "set": printing.set_code.lower(),
                "set_name": printing.set_name,
                "rarity": printing.rarity,
                "collector_number": printing.collector_number,
                "released_at": printing.released_on.isoformat() if printing.released_on else None,
            }
            for printing in card.printings.all()
        ],
    }
    if rulings:
        data["rulings"] = [
            {
                "object": "ruling",
                "date": ruling.published_on.isoformat(),
                "source": ruling.source,
                "keyword": ruling.keyword.slug if ruling.keyword else None,
                "text_en": ruling.text_en,
                "text_fr": ruling.text_fr or None,
                "translation_status": ruling.translation_status,
            }
            for ruling in card.rulings.all()
        ]
    return data


def rule_json(rule: Rule, request: HttpRequest, *, history: bool = True) -> dict[str, Any]:
    data: dict[str, Any] = {
        "object": "rule",
        "number": rule.number,
        "title": rule.title,
        "text_en": rule.text_en,
        "text_fr": rule.text_fr or None,
        "edition": rule.edition or None,
        "former_number": rule.former_number or None,
        "parent": rule.parent.number if rule.parent_id and rule.parent else None,
        "children": [child.number for child in rule.children.all()],
        "url": request.build_absolute_uri(rule.get_absolute_url()),
        "uri": request.build_absolute_uri(reverse("api:rule_detail", args=[rule.number])),
    }
    if history:
        data["history"] = [
            {"edition": v.edition.effective_on.isoformat(), "number": v.number, "change": v.change}
            for v in RuleVersion.objects.lineage_of(rule.number)
        ]
    return data


def list_json(
    request: HttpRequest,
    items: Iterable[dict[str, Any]],
    *,
    total_key: str,
    total: int,
    has_more: bool,
    page: int,
) -> dict[str, Any]:
    next_page = None
    if has_more:
        query = request.GET.copy()
        query["page"] = str(page + 1)
        next_page = request.build_absolute_uri(f"{request.path}?{urlencode(query, doseq=True)}")
    return {
        "object": "list",
        total_key: total,
        "has_more": has_more,
        "next_page": next_page,
        "data": list(items),
    }


def _page_number(request: HttpRequest) -> int | JsonResponse:
    raw = request.GET.get("page", "1")
    if not raw.isdigit() or not 0 < int(raw) < 100000:
        return error_response([("page", "must be a page number (1, 2, …)")])
    return int(raw)


def _card_queryset() -> Any:
    return Card.objects.with_rulings().prefetch_related("printings", "legalities")


def _last_modified(card: Card) -> datetime.datetime | None:
    dates = [card.rulings.aggregate(latest=Max("updated_at"))["latest"]]
    dates.append(card.history.aggregate(latest=Max("history_date"))["latest"])
    known = [d for d in dates if d is not None]
    return max(known) if known else None


def _card_response(card: Card, request: HttpRequest) -> JsonResponse:
    return json(card_json(card, request), last_modified=_last_modified(card))


# ---- card endpoints ------------------------------------------------------------------------
@api_view
def card_api(request: HttpRequest, slug: str) -> HttpResponse:
    """``GET /api/v1/cards/<slug>``: the card with its clarifications in English and French."""
    card = _card_queryset().filter(slug=slug).first()
    if card is None:
        return not_found("slug", f"no card with the slug {slug!r}")
    return _card_response(card, request)


@api_view
def card_by_oracle_id(request: HttpRequest, oracle_id: str) -> HttpResponse:
    """``GET /api/v1/cards/oracle/<id>``: the card with this Scryfall oracle id."""
    try:
        wanted = str(uuid.UUID(oracle_id))
    except ValueError:
        return error_response([("oracle_id", f"{oracle_id[:60]!r} is not a UUID")])
    card = _card_queryset().filter(oracle_id=wanted).first()
    if card is None:
        return not_found("oracle_id", f"no card with the oracle id {wanted}")
    return _card_response(card, request)


@api_view
def card_named(request: HttpRequest) -> HttpResponse:
    """``GET /api/v1/cards/named?exact=…`` or ``?fuzzy=…``: one card by English or French
    name. ``exact`` ignores only case and accents; ``fuzzy`` also accepts part of the name
    and small typos, and answers 404 when the name fits several cards."""
    exact = request.GET.get("exact", "").strip()
    fuzzy = request.GET.get("fuzzy", "").strip()
    if bool(exact) == bool(fuzzy):
        return error_response([("exact", "give exactly one of exact= or fuzzy=, with a name")])
    field, name = ("exact", exact) if exact else ("fuzzy", fuzzy)
    if len(name) > MAX_NAME_LENGTH or "\x00" in name:
        return error_response([(field, f"a card name has at most {MAX_NAME_LENGTH} characters")])
    candidates = list(_card_queryset().named(name)[:NAMED_CANDIDATES])
    card = best_named(candidates, name) or next(iter(candidates), None)
    if card is None and fuzzy:
        matches = _fuzzy_matches(name)
        if len(matches) > 1:
            shown = ", ".join(m.name for m in matches[:5])
            return not_found(field, f"{name!r} fits several cards ({shown}); be more precise")
        card = _card_queryset().filter(pk=matches[0].pk).first() if matches else None
    if card is None:
        return not_found(field, f"no card named {name!r}")
    return _card_response(card, request)


def _fuzzy_matches(name: str) -> list[Card]:
    words = fold(name).split()
    candidates = Card.objects.all()
    for word in words:
        candidates = candidates.filter(search_name__contains=word)
    found = list(candidates.only("pk", "name")[:FUZZY_CANDIDATES])
    if not found:
        close = close_names(name, limit=2)
        return close[:1]
    starting = [c for c in found if fold(c.name).startswith(fold(name))]
    return starting if len(starting) == 1 else found


@api_view
def card_search(request: HttpRequest) -> HttpResponse:
    """``GET /api/v1/cards/search?q=…``: a list of cards matching the site's search syntax."""
    query = request.GET.get("q", "")
    if not query.strip():
        return error_response([("q", "give a search, as in q=kw:kicker t:instant")])
    page = _page_number(request)
    if isinstance(page, JsonResponse):
        return page
    try:
        parsed = parse(query)
    except SearchSyntaxError as exc:
        where = f" (at character {exc.position + 1})" if exc.position is not None else ""
        return error_response([("q", f"{exc}{where}")])
    cards = (
        Card.objects.matching(parsed.q)
        .order_by(*parsed.order_by())
        .prefetch_related("keywords", "printings", "legalities")
    )
    paginator = Paginator(cards, CARDS_PER_PAGE)
    if paginator.count == 0:
        return not_found("q", f"no card matches {query!r}")
    try:
        current = paginator.page(page)
    except EmptyPage:
        return error_response([("page", f"must be from 1 to {paginator.num_pages}")])
    return json(
        list_json(
            request,
            (card_json(card, request, rulings=False) for card in current.object_list),
            total_key="total_cards",
            total=paginator.count,
            has_more=current.has_next(),
            page=page,
        )
    )


# ---- rules endpoints -----------------------------------------------------------------------
def _rules_modified() -> datetime.datetime | None:
    edition = RuleEdition.objects.order_by("-imported_at").first()
    return edition.imported_at if edition else None


@api_view
def rule_api(request: HttpRequest, number: str) -> HttpResponse:
    """``GET /api/v1/rules/<number>``: a rule, its subrules' numbers and its history."""
    rule = (
        Rule.objects.select_related("parent")
        .prefetch_related("children")
        .filter(number=number.strip().rstrip(".").lower())
        .first()
    )
    if rule is None:
        return not_found("number", f"no rule numbered {number[:20]!r} in the current rules")
    return json(rule_json(rule, request), last_modified=_rules_modified())


@api_view
def rule_list(request: HttpRequest) -> HttpResponse:
    """``GET /api/v1/rules?q=…``: rules matching the words, best first (with a ``snippet``);
    without ``q``, every current rule in order, a page at a time."""
    page = _page_number(request)
    if isinstance(page, JsonResponse):
        return page
    query = request.GET.get("q", "").strip()
    if len(query) > MAX_NAME_LENGTH or "\x00" in query:
        return error_response([("q", f"at most {MAX_NAME_LENGTH} characters")])
    if query:
        hits = search_rules(query)
        rules = (
            Rule.objects.select_related("parent")
            .prefetch_related("children")
            .in_bulk([hit.number for hit in hits], field_name="number")
        )
        items = []
        for hit in hits:
            item = rule_json(rules[hit.number], request, history=False)
            item.update(score=hit.score, snippet=str(hit.snippet))
            items.append(item)
        return json(
            list_json(
                request, items, total_key="total_rules", total=len(items), has_more=False, page=1
            ),
            last_modified=_rules_modified(),
        )
    paginator = Paginator(
        Rule.objects.select_related("parent").prefetch_related("children").order_by("sort_key"),
        RULES_PER_PAGE,
    )
    try:
        current = paginator.page(page)
    except EmptyPage:
        return error_response([("page", f"must be from 1 to {max(1, paginator.num_pages)}")])
    return json(
        list_json(
            request,
            (rule_json(rule, request, history=False) for rule in current.object_list),
            total_key="total_rules",
            total=paginator.count,
            has_more=current.has_next(),
            page=page,
        ),
        last_modified=_rules_modified(),
    )
