"""A CSRF token for a page served from the cache, as ``django.middleware.csrf.get_token``
gives it, drawn from one read of the operating system's random source.

Django draws each of a token's 32 random characters (and each of a new secret's) with a call of
its own to ``secrets.choice``; a cached page is otherwise served in well under a millisecond,
and those 32 to 64 system calls were a fifth of it. Here the characters come from one
``secrets.token_bytes`` read, each byte below 248 (4 × 62) mapped to one of the 62 characters,
so every character is as uniform as Django's. The token is Django's: the secret in the CSRF
cookie (a new one when the visitor has none, sent back by the CSRF middleware), masked by a
fresh random string, so it is accepted by ``CsrfViewMiddleware`` and differs on every page.
"""

from __future__ import annotations

import secrets

from django.http import HttpRequest
from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH, get_token

__all__ = ["masked_token", "random_string"]

_CHARS = CSRF_ALLOWED_CHARS
_UNBIASED_BELOW = 256 - 256 % len(_CHARS)
_INDEX = {char: index for index, char in enumerate(_CHARS)}


# Each byte below _UNBIASED_BELOW read as one character, the others dropped.
_BYTE_TO_CHAR = bytes(ord(_CHARS[b % len(_CHARS)]) for b in range(256))
_BIASED_BYTES = bytes(range(_UNBIASED_BELOW, 256))


def random_string(length: int) -> str:
    """``length`` characters drawn uniformly from Django's CSRF alphabet."""
    drawn = b""
    while len(drawn) < length:
        drawn += secrets.token_bytes(length + 8).translate(_BYTE_TO_CHAR, _BIASED_BYTES)
    return drawn[:length].decode("ascii")


def masked_token(request: HttpRequest) -> str:
    """A new masked CSRF token for ``request``, with ``get_token``'s side effects: the CSRF
    cookie is (re)sent with the response, a new secret made when the request had none."""
    secret = request.META.get("CSRF_COOKIE")
    if (
        not isinstance(secret, str)
        or len(secret) != CSRF_SECRET_LENGTH
        or not _INDEX.keys() >= set(secret)
    ):
        if "CSRF_COOKIE" in request.META:
            return get_token(request)  # not a secret of ours to mask: Django's own path
        secret = random_string(CSRF_SECRET_LENGTH)
        request.META["CSRF_COOKIE"] = secret
    request.META["CSRF_COOKIE_NEEDS_UPDATE"] = True
    mask = random_string(CSRF_SECRET_LENGTH)
    size = len(_CHARS)
    cipher = "".join(
        _CHARS[(_INDEX[s] + _INDEX[m]) % size] for s, m in zip(secret, mask, strict=True)
    )
    return mask + cipher
