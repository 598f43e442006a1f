"""New answers reach the shared cache a batch at a time, after the responses that made them
were sent (rulesite.core.writebehind): at once on the worker that made them, on every other
worker once written, and never at a content version other than their own."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlencode

import pytest
from django.test import Client
from django.test.utils import override_settings

from rulesite.cards.models import Card
from rulesite.core import cache as page_cache
from rulesite.core import writebehind
from tests.rulesite.workbench.posts import posted

pytestmark = pytest.mark.usefixtures("workbench_cards")

WORKBENCH = "/en/workbench/"
FORM = "application/x-www-form-urlencoded"
HTMX = {"HX-Request": "true"}
TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="([A-Za-z0-9]{64})"')


def answered_early(response: Any) -> bool:
    return not hasattr(response.wsgi_request, "user")


def visitor() -> tuple[Client, str]:
    """A visitor who opened the workbench: a CSRF cookie, and the page's token."""
    client = Client(enforce_csrf_checks=True)
    page = client.get(WORKBENCH)
    return client, TOKEN.search(page.content).group(1).decode()


def new_set_up(visiting: tuple[Client, str], mountains: int) -> Any:
    """The workbench post of a set-up that differs by its number of Mountains."""
    client, token = visiting
    request = {
        "action": {"kind": "cast", "card": "Burst Lightning", "targets": ["opponent"]},
        "battlefield": [{"id": f"m{i}", "card": "Mountain"} for i in range(mountains)],
    }
    sent = urlencode({"csrfmiddlewaretoken": token, **posted(request)}, doseq=True)
    return client.post(WORKBENCH, sent, content_type=FORM, headers=HTMX)


def other_worker() -> None:
    """As a worker that never saw the answers this one made."""
    page_cache.recent_answers.clear()


def test_a_new_answer_is_answered_early_by_its_worker_before_it_is_written() -> None:
    client = visitor()
    first = new_set_up(client, 1)

    again = new_set_up(client, 1)

    assert first["X-Rulesite-Cache"] == "miss"
    assert writebehind.pending() == 1
    assert answered_early(again)
    assert again.content == first.content


def test_a_new_answer_reaches_another_worker_once_its_batch_is_written() -> None:
    client = visitor()
    new_set_up(client, 1)
    other_worker()
    before = new_set_up(client, 1)  # not written yet: made again, and waiting again
    writebehind.flush()
    other_worker()

    after = new_set_up(client, 1)

    assert not answered_early(before)
    assert writebehind.pending() == 0
    assert answered_early(after)
    assert after.content == before.content


def test_answers_are_written_once_a_batch_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(writebehind, "BATCH", 3)
    monkeypatch.setattr(writebehind, "SECONDS", 3600.0)
    client = visitor()

    waiting = [new_set_up(client, n) and writebehind.pending() for n in (1, 2)]
    new_set_up(client, 3)  # the third: the batch is written as its request finishes
    other_worker()

    assert waiting == [1, 2]
    assert writebehind.pending() == 0
    assert all(answered_early(new_set_up(client, n)) for n in (1, 2, 3))


def test_an_answer_is_written_once_it_has_waited_long_enough(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(writebehind, "BATCH", 1000)
    monkeypatch.setattr(writebehind, "SECONDS", 0.0)
    client = visitor()

    new_set_up(client, 1)
    other_worker()

    assert writebehind.pending() == 0
    assert answered_early(new_set_up(client, 1))


def test_an_answer_written_after_a_content_write_is_never_served() -> None:
    client = visitor()
    stale = new_set_up(client, 1)  # computed at the old version, still waiting
    Card.objects.filter(name="Burst Lightning").update(mana_cost="{1}{R}")
    writebehind.flush()  # written under the version it was computed at
    other_worker()

    after = new_set_up(client, 1)

    assert b'data-testid="total-cost">{R}</span>' in stale.content
    assert not answered_early(after)
    assert b'data-testid="total-cost">{1}{R}</span>' in after.content


_DUMMY = {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}


@override_settings(CACHES={alias: _DUMMY for alias in ("default", "pages", "counters")})
def test_a_batch_a_cache_cannot_keep_is_dropped_without_an_error() -> None:
    writebehind.put("rulesite:early-answer:en:x", {"body": b"", "headers": {}, "version": 1}, 60)

    writebehind.flush()

    assert writebehind.pending() == 0
