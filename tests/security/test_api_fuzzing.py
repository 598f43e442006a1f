"""Property-based: requests generated from the OpenAPI schema at /api/v1/schema — valid and
invalid — never get a server error."""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

MAX_EXAMPLES = 25  # per operation: about a hundred in all


from rulesite.wsgi import application  # noqa: E402 - after pytest-django set Django up

# Read through the WSGI application, as a client would; the schema view needs no database.
schema = schemathesis.openapi.from_wsgi("/api/v1/schema", application)


@schema.parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@pytest.mark.usefixtures("demo_data")
def test_generated_requests_never_get_a_server_error(case: schemathesis.Case) -> None:
    case.call_and_validate(checks=[not_a_server_error], headers={"Host": "localhost"})
