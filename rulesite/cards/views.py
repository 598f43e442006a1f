"""Card, search, keyword and rule pages (server-rendered, both languages, no JavaScript needed)."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import get_language
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.middleware import HtmxDetails

from rulesite.cards.models import Card, Keyword, Rule
from rulesite.cards.search import SearchSyntaxError, parse
from rulesite.core.cache import cached_page

CARDS_PER_PAGE = 24


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def is_french() -> bool:
    return (get_language() or "en").startswith("fr")


@require_safe
@vary_on_headers("HX-Request")
@cached_page("card_list")
def card_list(request: HtmxHttpRequest) -> HttpResponse:
    """Search by English or French name with kw:/t:/o:/mv/c: filters; paginated."""
    query = request.GET.get("q", "")
    error = ""
    page = None
    try:
        parsed = parse(query)
    except SearchSyntaxError as exc:
        error = str(exc)
    else:
        cards = Card.objects.matching(parsed.q).for_listing()
        page = Paginator(cards, CARDS_PER_PAGE).get_page(request.GET.get("page"))
    context = {
        "query": query,
        "error": error,
        "page": page,
        "page_query": urlencode({"q": query}) if query else "",
        "french_first": is_french(),
    }
    template = "cards/card_list.html"
    if request.htmx and not request.htmx.boosted:
        template += "#search-results"
    return render(request, template, context)


@require_safe
@cached_page("card_detail")
def card_detail(request: HttpRequest, slug: str) -> HttpResponse:
    card = get_object_or_404(Card.objects.with_rulings(), slug=slug)
    rulings = list(card.rulings.all())
    return render(
        request,
        "cards/card_detail.html",
        {
            "card": card,
            "rulings": rulings,
            "keywords": list(card.keywords.all()),
            "has_machine_translation": any(r.is_machine_translated for r in rulings),
            "french_first": is_french(),
        },
    )


@require_safe
@cached_page("keyword_detail")
def keyword_detail(request: HttpRequest, slug: str) -> HttpResponse:
    keyword = get_object_or_404(Keyword, slug=slug)
    rule = (
        Rule.objects.with_family().filter(number=keyword.rule_number).first()
        if keyword.rule_number
        else None
    )
    rulings = list(keyword.rulings.newest_first())
    return render(
        request,
        "cards/keyword_detail.html",
        {
            "keyword": keyword,
            "rule": rule,
            "rulings": rulings,
            "cards": keyword.cards.for_listing(),
            "has_machine_translation": any(r.is_machine_translated for r in rulings),
            "french_first": is_french(),
        },
    )


@require_safe
@cached_page("rule_detail")
def rule_detail(request: HttpRequest, number: str) -> HttpResponse:
    """A rule with its parent chain and subrules; old numbers (702.30a) lead to today's."""
    cleaned = number.strip().rstrip(".").lower()
    if not cleaned:
        return render(request, "404.html", {"missing_rule": number}, status=404)
    if cleaned != number:
        return redirect("cards:rule_detail", number=cleaned)
    rule = Rule.objects.with_family().filter(number=cleaned).first()
    if rule is None:
        renamed = Rule.objects.formerly_numbered(cleaned).only("number").first()
        if renamed is not None:
            url = reverse("cards:rule_detail", args=[renamed.number])
            return redirect(f"{url}?{urlencode({'from': cleaned})}")
        return render(request, "404.html", {"missing_rule": cleaned}, status=404)
    from_number = request.GET.get("from", "")
    renamed_from = from_number if rule.former_number and from_number == rule.former_number else ""
    ancestors: list[Rule] = []
    parent = rule.parent
    while parent is not None and len(ancestors) < 3:
        ancestors.insert(0, parent)
        parent = parent.parent
    return render(
        request,
        "cards/rule_detail.html",
        {
            "rule": rule,
            "ancestors": ancestors,
            "children": list(rule.children.all()),
            "renamed_from": renamed_from,
            "french_first": is_french(),
        },
    )


def card_json(card: Card, request: HttpRequest) -> dict[str, object]:
    return {
        "name": card.name,
        "name_fr": card.name_fr,
        "slug": card.slug,
        "oracle_id": card.oracle_id,
        "url": request.build_absolute_uri(card.get_absolute_url()),
        "mana_cost": card.mana_cost,
        "mana_value": float(card.mana_value),
        "type_line": card.type_line,
        "type_line_fr": card.type_line_fr,
        "colors": list(card.colors),
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
        "rulings": [
            {
                "date": ruling.published_on.isoformat(),
                "source": ruling.source,
                "keyword": ruling.keyword.slug if ruling.keyword else None,
                "text_en": ruling.text_en,
                "text_fr": ruling.text_fr or None,
                "translation_status": ruling.translation_status,
            }
            for ruling in card.rulings.all()
        ],
    }


@require_safe
def card_api(request: HttpRequest, slug: str) -> JsonResponse:
    """``GET /api/v1/cards/<slug>``: the card with its clarifications in English and French."""
    card = Card.objects.with_rulings().filter(slug=slug).first()
    if card is None:
        response = JsonResponse(
            {"errors": [{"field": "slug", "message": f"no card with the slug {slug!r}"}]},
            status=404,
        )
    else:
        response = JsonResponse(card_json(card, request), json_dumps_params={"ensure_ascii": False})
    response["Cache-Control"] = "public, max-age=300"
    return response
