"""JSON-lines log formatting for the request log and everything else."""

from __future__ import annotations

import json
import logging
import time
from json.encoder import encode_basestring

# Attributes every LogRecord has; anything else was passed through ``extra=`` and is logged.
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}
# One encoder for every line: ``json.dumps`` with options builds a new one per call.
_ENCODER = json.JSONEncoder(default=str, ensure_ascii=False)
#: The attribute of a record whose extra fields come already encoded: a string of
#: ``, "name": value`` pairs (see :func:`encoded_fields`), written as it is.
ENCODED_FIELDS = "json_fields"
_second: tuple[int, str] = (-1, "")


def _encoded(value: object) -> str:
    if isinstance(value, str):
        return _quoted(value)
    if value is True or value is False or value is None:
        return "true" if value else "false" if value is False else "null"
    if type(value) is int or type(value) is float:
        return _ENCODER.encode(value) if value != value or value in _INFINITE else repr(value)
    return _ENCODER.encode(value)


_quoted = encode_basestring  # the C encoder json.dumps(..., ensure_ascii=False) uses
_INFINITE = (float("inf"), float("-inf"))


def encoded_fields(fields: dict[str, object]) -> str:
    """``fields`` as the JSON text the formatter appends to a line, ``, "name": value`` each.

    >>> encoded_fields({"path": "/fr/é", "status": 200, "ms": 0.25, "htmx": False})
    ', "path": "/fr/é", "status": 200, "ms": 0.25, "htmx": false'
    """
    return "".join(f", {_quoted(key)}: {_encoded(value)}" for key, value in fields.items())


def _timestamp(created: float) -> str:
    """``created`` as ISO 8601 in UTC to the millisecond, the date and time formatted once a
    second (the request log writes hundreds of lines a second)."""
    global _second
    seconds, micros = divmod(round(created * 1_000_000), 1_000_000)
    if _second[0] != seconds:
        _second = (seconds, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)))
    return f"{_second[1]}.{micros // 1000:03d}+00:00"


class JSONFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message and the record's extra fields
    (those of a record that carries them encoded, :data:`ENCODED_FIELDS`, as they are)."""

    def format(self, record: logging.LogRecord) -> str:
        encoded = getattr(record, ENCODED_FIELDS, None)
        if isinstance(encoded, str) and not record.exc_info:
            return (
                f'{{"time": "{_timestamp(record.created)}", "level": "{record.levelname}", '
                f'"logger": {_ENCODER.encode(record.name)}, '
                f'"message": {_ENCODER.encode(record.getMessage())}{encoded}}}'
            )
        entry: dict[str, object] = {
            "time": _timestamp(record.created),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and key != ENCODED_FIELDS and not key.startswith("_"):
                entry[key] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return _ENCODER.encode(entry)
