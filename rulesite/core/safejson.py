"""Reading JSON that visitors send (API bodies, ``?s=`` links) without a 500 on any input.

:func:`parse_json` refuses numbers no field holds before Python spends time on them, and
:func:`text_problem` finds text no database stores. Both answer with a message fit for a 400.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator


class NumberError(ValueError):
    pass


MAX_INTEGER_DIGITS = 18


def _integer(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INTEGER_DIGITS:
        raise NumberError(
            f"a number has {digits} digits; numbers here have at most {MAX_INTEGER_DIGITS}"
        )
    return int(text)


def _constant(text: str) -> object:
    raise NumberError(f"{text} is not a JSON number")


def parse_json(text: str) -> object:
    """``json.loads`` that refuses what JSON forbids or no field here can hold: integers of
    more than 18 digits (Python would spend time on, then refuse, 4,300 and more), ``NaN``
    and ``Infinity``.

    :raises ValueError: with a message that says what is wrong (``json.JSONDecodeError`` for
        malformed text, ``RecursionError`` for nesting too deep for the parser).

    >>> parse_json('{"x": 3}')
    {'x': 3}
    >>> parse_json("[" + "9" * 40 + "]")
    Traceback (most recent call last):
    ...
    rulesite.core.safejson.NumberError: a number has 40 digits; numbers here have at most 18
    """
    return json.loads(text, parse_int=_integer, parse_constant=_constant)


def text_problem(value: object) -> str | None:
    """Why some key or string in ``value`` can't be stored, if one can't: a NUL character (no
    database stores it) or a lone surrogate such as ``\\ud800`` (not Unicode text).

    >>> text_problem({"name": "Shock"}) is None
    True
    >>> text_problem(["\\ud800"])
    'text must be Unicode: a lone surrogate (such as \\\\ud800) is not a character'
    """
    for text in _strings(value):
        if "\x00" in text:
            return "text fields must not contain NUL (\\u0000) characters"
        if _SURROGATE.search(text):
            return "text must be Unicode: a lone surrogate (such as \\ud800) is not a character"
    return None


_SURROGATE = re.compile("[\ud800-\udfff]")


def _strings(value: object) -> Iterator[str]:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            for key, nested in item.items():
                if isinstance(key, str):
                    yield key
                stack.append(nested)
        elif isinstance(item, list):
            stack.extend(item)
