"""Urlencoded POST fields are read in one pass into the QueryDict Django would give, and the
site's WSGI application reads posts that way with CSRF protection on."""

from __future__ import annotations

import io
import re
from typing import Any
from urllib.parse import urlencode

import pytest
from django.core.exceptions import TooManyFieldsSent
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.http import QueryDict
from hypothesis import given
from hypothesis import strategies as st

from rulesite.core.formdata import FormRequest, form_fields
from rulesite.wsgi import application

NAMES = st.sampled_from(["card", "targets", "battlefield-0-flags", "a b", "é", "x&y", ""])
VALUES = st.text(max_size=12)


@given(pairs=st.lists(st.tuples(NAMES, VALUES), max_size=12))
def test_posted_fields_are_the_querydict_django_reads(pairs: list[tuple[str, str]]) -> None:
    body = urlencode(pairs).encode()

    fields = form_fields(body)

    assert list(fields.lists()) == list(QueryDict(body, encoding="utf-8").lists())
    assert fields.encoding == "utf-8"
    assert fields._mutable is False


@given(body=st.binary(max_size=40))
def test_any_body_is_read_as_django_reads_it(body: bytes) -> None:
    assert list(form_fields(body).lists()) == list(QueryDict(body, encoding="utf-8").lists())


def test_posted_fields_can_not_be_changed_in_place() -> None:
    fields = form_fields(b"card=Shock")

    with pytest.raises(AttributeError):
        fields["card"] = "Opt"
    assert fields.copy().get("card") == "Shock"


def test_more_fields_than_the_setting_allows_are_refused(settings: Any) -> None:
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 3

    with pytest.raises(TooManyFieldsSent):
        form_fields(b"a=1&b=2&c=3&d=4")


def _call(method: str, path: str, body: bytes = b"", **headers: str) -> tuple[str, Any, str]:
    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_HOST": "testserver",
        "wsgi.input": io.BytesIO(body),
        "wsgi.url_scheme": "http",
        "wsgi.errors": io.StringIO(),
        "CONTENT_LENGTH": str(len(body)),
        "CONTENT_TYPE": "application/x-www-form-urlencoded",
        **{f"HTTP_{k.upper()}": v for k, v in headers.items()},
    }
    started: list[Any] = []
    # As Django's test client does: the test's database connection stays open.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        content = b"".join(application(environ, lambda status, h, *_: started.append((status, h))))
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)
    status, header_list = started[0]
    return status, header_list, content.decode()


def test_the_site_reads_a_workbench_post_with_its_csrf_token(workbench_cards: None) -> None:
    assert application.request_class is FormRequest
    _status, headers, page = _call("GET", "/en/workbench/")
    cookies = [v.strip().split(";")[0] for k, v in headers if k == "Set-Cookie"]
    cookie = next(c for c in cookies if c.startswith("csrftoken="))
    match = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert match is not None
    fields = {"csrfmiddlewaretoken": match.group(1), "card": "Burst Lightning", "kind": "cast"}

    refused, _h, _c = _call(
        "POST",
        "/en/workbench/",
        urlencode({**fields, "csrfmiddlewaretoken": "x" * 64}).encode(),
        cookie=cookie,
    )
    answered, _h, answer = _call(
        "POST", "/en/workbench/", urlencode(fields).encode(), cookie=cookie
    )

    assert refused.startswith("403")
    assert answered.startswith("200")
    assert "Burst Lightning" in answer


@given(text=st.text(alphabet="ab=&+%2AC3é\x00 ;", max_size=24))
def test_fields_are_split_and_unquoted_as_parse_qsl_does(text: str) -> None:
    body = text.encode()

    assert list(form_fields(body).lists()) == list(QueryDict(body, encoding="utf-8").lists())


def test_as_many_fields_as_the_setting_allows_are_read(settings: Any) -> None:
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 3

    assert list(form_fields(b"a=1&b=2&").lists()) == [("a", ["1"]), ("b", ["2"])]
    assert len(form_fields(b"a=1&b=2&c=3")) == 3
