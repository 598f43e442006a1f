"""Property-based: requests generated from the OpenAPI schema at /api/v1/schema — valid and
invalid — never get a server error, and every answer is one the schema documents: its status
code, its content type and its body."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

MAX_EXAMPLES = 25  # per operation: about a hundred in all


from rulesite.wsgi import application  # noqa: E402 - after pytest-django set Django up

# Read through the WSGI application, as a client would; the schema view needs no database.
schema = schemathesis.openapi.from_wsgi("/api/v1/schema", application)


@pytest.fixture
def keep_test_connection() -> Iterator[None]:
    """Calling the WSGI application directly would close the test's database connection at
    the end of each request (Django's test client unhooks the same signal handler)."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@schema.parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@pytest.mark.usefixtures("demo_data", "keep_test_connection")
def test_generated_requests_get_documented_answers_never_a_server_error(
    case: schemathesis.Case,
) -> None:
    case.call_and_validate(
        checks=[
            not_a_server_error,
            status_code_conformance,
            content_type_conformance,
            response_schema_conformance,
        ],
        headers={"Host": "localhost"},
    )
