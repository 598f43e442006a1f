"""The JSON entry point rulesite serves at ``POST /api/v1/evaluate``.

>>> from engine.catalog import DictCatalog
>>> evaluate({"action": {"kind": "put_trigger_on_stack"}}, DictCatalog([]))["legal"]
True
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.catalog import Catalog
from engine.priority import judge
from engine.request import Request

__all__ = ["evaluate"]


def evaluate(request: Mapping[str, object], catalog: Catalog) -> dict[str, object]:
    """Judge the request's action on its board and return the JSON-ready response.

    An illegal action is an answer (``legal`` false, with violations); only a malformed
    request raises.

    :raises RequestError: with every field error found.

    >>> from engine.catalog import DictCatalog
    >>> evaluate({}, DictCatalog([]))
    Traceback (most recent call last):
    ...
    engine.errors.RequestError: action: is required
    """
    parsed = Request.from_dict(request, catalog)
    return judge(parsed.board, parsed.action).to_dict()
