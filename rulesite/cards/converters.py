"""Path converters of the cards app's addresses."""

from __future__ import annotations

__all__ = ["RuleText"]


class RuleText:
    """A rule number or an edition in a rule address (``601.2f``, ``702.30a``, ``2024-11-08``):
    any text but a ``/`` and control characters, which no rule or edition holds (and a NUL,
    PostgreSQL can't even compare). An address holding one is not a rule address: a 404."""

    regex = "[^/\x00-\x1f\x7f-\x9f]+"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value
