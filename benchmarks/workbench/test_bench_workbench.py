"""How long the workbench takes to answer, against the bare engine call plus the template render.

Goal: a workbench result (an htmx POST through the whole Django stack: middleware, forms,
card lookups, the engine, the clarifications, the partial) within 2× of ``engine.evaluate``
on an in-memory catalog plus rendering the result partial. Run with ``make bench``.

Card rows and clarifications come from the cache once warm (as on a live site, where the same
cards come up again and again); ``test_bench_workbench_result_view_cold_cache`` measures the
first result after a content change, which reads them from the database.

On CPython 3.11 the full POST varies more than the work it does: the interpreter frees and
reallocates a block of its frame stack each time calls cross a block boundary (CPython issue
142183), and where the boundary falls depends on how deep the middleware and the test client
put the template render, which is deep and recursive: one more frame above ``client.post`` can
add a millisecond. The view-only figure is steadier.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.core.cache import caches
from django.core.management import call_command
from django.template.loader import render_to_string
from django.test import Client, RequestFactory
from django.utils import translation
from django_htmx.middleware import HtmxDetails

import engine
from rulesite.cards.catalog import CardCatalog, definition_for
from rulesite.cards.models import Card
from rulesite.workbench import presets, views
from rulesite.workbench.mapping import Workbench, form_data
from rulesite.workbench.results import build_panel
from rulesite.workbench.services import card_names, evaluate

pytestmark = [pytest.mark.benchmark, pytest.mark.django_db]

PRESET = presets.by_slug("increase-and-reduction")
assert PRESET is not None
SCENARIO = PRESET.scenario
URL = "/en/workbench/"


@pytest.fixture
def demo(db: None) -> None:
    call_command("load_demo", verbosity=0)


def _posted() -> str:
    """The form as htmx posts it: URL-encoded."""
    return form_data(SCENARIO).urlencode()


def test_bench_workbench_result_htmx_post(benchmark: Any, demo: None) -> None:
    """The whole server path of one result: what a player waits for."""
    client = Client()
    posted = _posted()

    response = benchmark.pedantic(
        client.post,
        args=(URL, posted),
        kwargs={
            "content_type": "application/x-www-form-urlencoded",
            "headers": {"HX-Request": "true"},
        },
        rounds=60,
        warmup_rounds=3,
    )

    assert response.status_code == 200
    assert b'data-testid="total-cost">{4}{R}</span>' in response.content


def _view() -> Callable[[], Any]:
    """The workbench view called on the htmx POST, without the middleware stack."""
    factory = RequestFactory()
    body = _posted()
    translation.activate("en")

    def view() -> Any:
        request = factory.post(
            URL,
            body,
            content_type="application/x-www-form-urlencoded",
            headers={"HX-Request": "true"},
        )
        request.htmx = HtmxDetails(request)  # type: ignore[attr-defined]
        return views.workbench(request)  # type: ignore[arg-type]

    return view


def test_bench_workbench_result_view_only(benchmark: Any, demo: None) -> None:
    """The workbench view itself (forms, lookups, engine, clarifications, partial), without
    the site's middleware stack (sessions, security headers, request log…)."""
    response = benchmark.pedantic(_view(), rounds=100, warmup_rounds=3)

    assert b'data-testid="total-cost">{4}{R}</span>' in response.content


def test_bench_workbench_result_view_cold_cache(benchmark: Any, demo: None) -> None:
    """The same view when nothing is cached: the first result after a content change."""

    def clear() -> None:
        for alias in caches:
            caches[alias].clear()

    response = benchmark.pedantic(_view(), setup=clear, rounds=100, warmup_rounds=3)

    assert b'data-testid="total-cost">{4}{R}</span>' in response.content


def test_bench_bare_engine_and_render(benchmark: Any, demo: None) -> None:
    """The floor: ``engine.evaluate`` on an in-memory catalog, then the result partial."""
    cards = Card.objects.filter(name__in=list(card_names(SCENARIO)))
    catalog = engine.DictCatalog([definition_for(card) for card in cards])
    request = RequestFactory().post(URL)
    translation.activate("en")
    panel = build_panel(evaluate(SCENARIO), french=False)
    context = {"panel": panel, "permalink": "x", "permalink_url": f"{URL}?s=x"}

    def bare() -> str:
        parsed = engine.Request.from_dict(SCENARIO, catalog)
        panel.outcome = engine.judge(parsed.board, parsed.action)
        return render_to_string("workbench/workbench.html#cast-result", context, request)

    html = benchmark(bare)

    assert 'data-testid="total-cost">{4}{R}</span>' in html


def test_bench_engine_only(benchmark: Any, demo: None) -> None:
    """For reference: the engine alone on the same scenario."""
    cards = Card.objects.filter(name__in=list(card_names(SCENARIO)))
    catalog = engine.DictCatalog([definition_for(card) for card in cards])

    response = benchmark(engine.evaluate, SCENARIO, catalog)

    assert response["total_cost"] == "{4}{R}"


def test_bench_workbench_forms_and_lookups(benchmark: Any, demo: None) -> None:
    """For reference: binding and validating the forms, with the card lookup (from the
    cache once warm)."""
    data = form_data(SCENARIO)

    def bind() -> dict[str, Any]:
        bench = Workbench(data, catalog=CardCatalog())
        assert bench.is_valid()
        return bench.request_data()

    assert benchmark(bind) == SCENARIO
