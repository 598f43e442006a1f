"""Settings for the test suite: the site's settings with local-memory caches, which each test
starts empty (tests/conftest.py) and which need no database. Tests of the shared cache serve
the site under gunicorn with ``rulesite.settings`` and say which cache they use."""

from __future__ import annotations

from rulesite.settings import *  # noqa: F403
from rulesite.settings import caches_from_url

CACHES = caches_from_url("locmem://rulesite")
