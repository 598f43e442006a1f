"""Encode a whole evaluate request in a URL query value, and back.

The workbench, presets and shared scenarios carry the scenario in ``?s=``: compact JSON,
deflated, then URL-safe base64 without padding, so any set-up can be bookmarked.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

MAX_ENCODED_LENGTH = 8000
MAX_DECODED_BYTES = 64 * 1024


class PermalinkError(ValueError):
    """The ``s`` value is not a scenario this site encoded."""


def encode_scenario(scenario: dict[str, Any]) -> str:
    """Encode ``scenario`` for a URL.

    >>> decode_scenario(encode_scenario({"action": {"kind": "cast"}}))
    {'action': {'kind': 'cast'}}
    """
    raw = json.dumps(scenario, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    packed = zlib.compress(raw.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode_scenario(value: str) -> dict[str, Any]:
    """Decode a value made by :func:`encode_scenario`.

    :raises PermalinkError: when the value is too long, corrupt, or not a JSON object.
    """
    if len(value) > MAX_ENCODED_LENGTH:
        raise PermalinkError("the scenario link is too long")
    try:
        packed = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
        decompressor = zlib.decompressobj()
        raw = decompressor.decompress(packed, MAX_DECODED_BYTES)
        if decompressor.unconsumed_tail:
            raise PermalinkError("the scenario link is too large")
        data = json.loads(raw.decode("utf-8"))
    except (binascii.Error, zlib.error, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise PermalinkError("the scenario link is damaged") from exc
    if not isinstance(data, dict):
        raise PermalinkError("the scenario link does not hold a scenario")
    return data
