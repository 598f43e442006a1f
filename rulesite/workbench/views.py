"""The casting workbench: one page, one form, the engine's answer swapped in as it changes.

``/<lang>/workbench/`` serves the full page (GET, or POST without JavaScript) and its partials
(POST with htmx): ``#cast-result`` on an ordinary change, the whole ``#workbench`` when the form
itself changes shape (a new card, a row added or removed, errors to show).
"""

from __future__ import annotations

from typing import Any

from django.db.models import Case, IntegerField, Q, Value, When
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import replace_url, reswap, retarget
from django_htmx.middleware import HtmxDetails

import engine
from engine.contract import MAX_TEXT
from rulesite.cards.catalog import CardCatalog
from rulesite.cards.models import Card
from rulesite.core.cache import cached_answer, cached_page
from rulesite.core.language import is_french
from rulesite.core.text import fold
from rulesite.workbench import presets
from rulesite.workbench.editing import apply_op, layout_signature, posted_rows
from rulesite.workbench.lands import LandsAdded, put_lands_to_pay
from rulesite.workbench.mapping import Workbench, form_data, new_bench_data
from rulesite.workbench.opening import first_cast
from rulesite.workbench.permalink import PermalinkError, decode_scenario, encode_scenario
from rulesite.workbench.posted import read_request
from rulesite.workbench.results import build_panel, card_name
from rulesite.workbench.section import htmx_answer
from rulesite.workbench.services import Evaluation, evaluate

MAX_OPTIONS = 12
ADD_LANDS = "add-lands"
"""The ``op`` of "Put the lands to pay on the battlefield" (:mod:`rulesite.workbench.lands`)."""


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def _data_from_query(request: HttpRequest, catalog: CardCatalog) -> tuple[QueryDict, str | None]:
    """The form data a GET asks for: ``?s=<permalink>``, ``?card=<slug>`` (a new bench casting
    that card: "Cast this spell" on its page), or an empty new bench."""
    encoded = request.GET.get("s")
    if encoded:
        try:
            scenario = decode_scenario(encoded)
        except PermalinkError:
            return new_bench_data(), _("This scenario link is damaged; the workbench starts empty.")
        return form_data(scenario), None
    slug = request.GET.get("card")
    if slug:
        card = (
            Card.objects.filter(slug=slug[:200]).only("name", "name_fr").first()
            if "\x00" not in slug
            else None
        )
        if card is None:
            return new_bench_data(), _("No card has the address “%(slug)s”.") % {"slug": slug[:200]}
        opened = first_cast(card_name(card), catalog=catalog)
        if opened.target is not None:
            return opened.data, _(
                "Your opponent is chosen as the target, to answer at once: change it under Targets."
            )
        return opened.data, None
    return new_bench_data(), None


@vary_on_headers("HX-Request")
@require_http_methods(["GET", "POST"])
@cached_page("workbench")
@cached_answer("workbench")
def workbench(request: HtmxHttpRequest) -> HttpResponse:
    notice: str | None = None
    op = ""
    data: QueryDict
    catalog = CardCatalog()
    lands: LandsAdded | None = None
    if request.method == "POST":
        data = posted_rows(request.POST)
        if "op" in data:
            data = data.copy()
            op = str(data.pop("op", [""])[-1] or "")
        if op == ADD_LANDS:
            lands = put_lands_to_pay(data, catalog=catalog, french=is_french())
            data = lands.data
        elif op:
            data = apply_op(data, op)
        elif request.htmx and not data.get("had_errors"):
            answer = _result_only(request, data, catalog)
            if answer is not None:
                return answer
    else:
        data, notice = _data_from_query(request, catalog)

    # A fresh bench is shown, not judged: no "choose a card" error before anything is chosen
    # (nor after a damaged link, which starts an empty bench).
    damaged = notice is not None and bool(request.GET.get("s"))
    fresh = (
        request.method == "GET" and not data.get("card") and (not request.GET.get("s") or damaged)
    )
    bench = Workbench(data, catalog=catalog, bound=not fresh)
    evaluation: Evaluation | None = None
    permalink: str | None = None
    if bench.is_valid():
        request_data = bench.request_data()
        try:
            evaluation = evaluate(request_data, catalog=catalog)
        except engine.RequestError as exc:
            bench.add_request_errors(exc.errors)
        permalink = encode_scenario(request_data)
    has_errors = bench.has_errors
    context: dict[str, Any] = {
        "bench": bench,
        "form": bench.cast,
        "battlefield": bench.battlefield,
        "stack": bench.stack,
        "evaluation": evaluation,
        "panel": build_panel(evaluation, french=is_french()) if evaluation else None,
        "has_errors": has_errors,
        "permalink": permalink,
        "permalink_url": f"{request.path}?s={permalink}" if permalink else None,
        "notice": notice,
        "lands": lands,
        "presets": presets.links(),
    }
    if not request.htmx:
        return render(request, "workbench/workbench.html", context)
    redraw_form = bool(op) or bench.layout_changed or has_errors or data.get("had_errors")
    if redraw_form:
        response = render(request, "workbench/workbench.html#workbench", context)
        retarget(response, "#workbench")
        reswap(response, "outerHTML")
    else:
        response = render(request, "workbench/workbench.html#cast-result", context)
    if permalink:
        replace_url(response, f"{request.path}?s={permalink}")
    return response


def _result_only(
    request: HtmxHttpRequest, data: QueryDict, catalog: CardCatalog
) -> HttpResponse | None:
    """The htmx answer to a change that keeps the form's shape: the result alone, read from
    the posted fields without building the forms (:mod:`rulesite.workbench.posted`). None
    when the form must be drawn again: its shape changed, a value is refused or the engine
    refuses the request (the forms then show why)."""
    if str(data.get("layout", "")) != layout_signature(data):
        return None
    request_data = read_request(data, catalog=catalog)
    if request_data is None:
        return None
    try:
        evaluation = evaluate(request_data, catalog=catalog)
    except engine.RequestError:
        return None
    permalink = encode_scenario(request_data)
    answer = htmx_answer(
        build_panel(evaluation, french=is_french()),
        permalink=permalink,
        permalink_url=f"{request.path}?s={permalink}",
    )
    response = HttpResponse(answer)
    replace_url(response, f"{request.path}?s={permalink}")
    return response


def _search_query(request: HttpRequest) -> str:
    """The typed text: ``q``, or the value of the card field that asked (``card``,
    ``battlefield-0-card``…), since htmx sends the input under its own name."""
    for key, value in request.GET.items():
        text = str(value).strip()
        if (key == "q" or key == "card" or key.endswith("-card")) and text:
            return text[:MAX_TEXT]
    return ""


@vary_on_headers("HX-Request")
@require_safe
def card_options(request: HtmxHttpRequest) -> HttpResponse:
    """Card names matching the typed text, in English and French (the picker's type-ahead)."""
    query = _search_query(request)
    cards: list[Card] = []
    if len(fold(query)) >= 2:
        folded = fold(query)
        cards = list(
            Card.objects.filter(search_name__contains=folded)
            .annotate(
                starts=Case(
                    When(Q(search_name__startswith=folded), then=Value(0)),
                    default=Value(1),
                    output_field=IntegerField(),
                )
            )
            .order_by("starts", "name")
            .only("name", "name_fr", "slug", "mana_cost", "type_line")[:MAX_OPTIONS]
        )
    french = is_french()
    options = [
        {
            "value": card_name(card, french=french),
            "other": card.name if french and card.name_fr else card.name_fr,
            "card": card,
        }
        for card in cards
    ]
    context = {"query": query, "options": options}
    if request.htmx:
        return render(request, "workbench/card_options.html#card-options", context)
    return render(request, "workbench/card_options.html", context)
