"""The Content-Security-Policy header, built once from the settings (rulesite.core.middleware):
the same header django-csp builds, and django-csp's own work for views that change it."""

from __future__ import annotations

from csp.decorators import csp_exempt, csp_update
from csp.middleware import CSPMiddleware
from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory, override_settings

from rulesite.core.middleware import ContentSecurityPolicyMiddleware

POLICY = "Content-Security-Policy"
REPORT_ONLY = "Content-Security-Policy-Report-Only"


def _page(request: HttpRequest) -> HttpResponse:
    return HttpResponse("page")


def _through(middleware_class: type[CSPMiddleware], view=_page) -> HttpResponse:  # type: ignore[no-untyped-def]
    response = middleware_class(view)(RequestFactory().get("/en/"))
    assert isinstance(response, HttpResponse)
    return response


def _directives(header: str) -> set[str]:
    return {part.strip() for part in header.split(";")}


def test_the_policy_is_the_one_django_csp_builds_from_the_settings() -> None:
    ours = _through(ContentSecurityPolicyMiddleware)
    theirs = _through(CSPMiddleware)

    assert _directives(ours[POLICY]) == _directives(theirs[POLICY])
    assert "script-src 'self'" in _directives(ours[POLICY])
    assert REPORT_ONLY not in ours


def test_new_settings_give_a_new_policy() -> None:
    _through(ContentSecurityPolicyMiddleware)
    policy = {"DIRECTIVES": {"default-src": ["'none'"]}}

    with override_settings(
        CONTENT_SECURITY_POLICY=policy, CONTENT_SECURITY_POLICY_REPORT_ONLY=policy
    ):
        response = _through(ContentSecurityPolicyMiddleware)

    assert response[POLICY] == "default-src 'none'"
    assert response[REPORT_ONLY] == "default-src 'none'"


def test_a_view_that_updates_the_policy_gets_its_update() -> None:
    view = csp_update({"img-src": ["https://cards.example"]})(_page)

    response = _through(ContentSecurityPolicyMiddleware, view)

    assert "img-src 'self' data: https://cards.example" in _directives(response[POLICY])


def test_an_exempt_view_gets_no_policy() -> None:
    response = _through(ContentSecurityPolicyMiddleware, csp_exempt()(_page))

    assert POLICY not in response
