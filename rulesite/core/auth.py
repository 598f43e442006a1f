"""Authentication backends."""

from __future__ import annotations

from typing import Any

from axes.backends import AxesStandaloneBackend
from django.http import HttpRequest


class WebLoginAxesBackend(AxesStandaloneBackend):  # type: ignore[misc]  # axes has no types
    """django-axes lockout for logins that come over HTTP (the admin login form).

    Authentication without a request (``manage.py shell``, the test client's ``login()``) has no
    client to lock out, so it is passed on to the next backend instead of being refused.
    """

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> None:
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)  # type: ignore[no-any-return]
