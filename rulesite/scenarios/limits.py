"""Per-client rate limits on scenario writes (django-ratelimit over the default cache).

Rates are read from settings (where their defaults are) at each request, so deployments and
tests can change them:
``RULESITE_SCENARIO_RATE`` (submissions, page and API together, default ``10/h``) and
``RULESITE_SCENARIO_FLAG_RATE`` (flags, default ``30/h``).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django_ratelimit.core import is_ratelimited

SUBMIT_GROUP = "rulesite.scenarios.submit"
FLAG_GROUP = "rulesite.scenarios.flag"


def submission_rate() -> str:
    return str(settings.RULESITE_SCENARIO_RATE)


def flag_rate() -> str:
    return str(settings.RULESITE_SCENARIO_FLAG_RATE)


def submission_limited(request: HttpRequest) -> bool:
    """Count one submission by this client; true when it is over the rate."""
    return bool(
        is_ratelimited(
            request, group=SUBMIT_GROUP, key="ip", rate=submission_rate(), increment=True
        )
    )


def flag_limited(request: HttpRequest) -> bool:
    return bool(
        is_ratelimited(request, group=FLAG_GROUP, key="ip", rate=flag_rate(), increment=True)
    )


def retry_after_seconds() -> int:
    """Seconds until a full window has passed (an upper bound for ``Retry-After``)."""
    _count, _, period = submission_rate().partition("/")
    units = {"s": 1, "m": 60, "h": 3600, "d": 86400}
    digits = "".join(c for c in period if c.isdigit())
    unit = (period.lstrip("0123456789") or "s")[0]
    return int(digits or 1) * units.get(unit, 3600)
