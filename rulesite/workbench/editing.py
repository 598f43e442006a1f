"""The workbench's posted data as rows, and the no-JavaScript editing buttons.

The form works without JavaScript: "Add a permanent", "Remove" and the like are submit buttons
named ``op``; the view edits the posted data with :func:`apply_op` and renders the form again.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import QueryDict

from engine.contract import MAX_PERMANENTS, MAX_STACK, MAX_ZONE, Player, Zone
from rulesite.cards.catalog import name_key
from rulesite.workbench.forms import PermanentForm, SpellForm, ZoneCardForm, board_choices

__all__ = [
    "BATTLEFIELD_PREFIX",
    "LIMITS",
    "STACK_PREFIX",
    "ZONE_PREFIXES",
    "apply_op",
    "layout_signature",
    "next_id",
    "posted_rows",
    "rows",
]

BATTLEFIELD_PREFIX = "battlefield"
STACK_PREFIX = "stack"
ZONE_PREFIXES = {zone.value: zone for zone in Zone}
"""The hand, graveyard and exile rows, each under its zone's name."""
LIMITS = {
    BATTLEFIELD_PREFIX: MAX_PERMANENTS,
    STACK_PREFIX: MAX_STACK,
    **{prefix: MAX_ZONE for prefix in ZONE_PREFIXES},
    "library": len(Player),  # one top card per player
}
LETTERS = {
    BATTLEFIELD_PREFIX: "p",
    STACK_PREFIX: "s",
    "hand": "h",
    "graveyard": "g",
    "exile": "e",
    "library": "t",
}
"""New rows' ids: p1, p2… on the battlefield, s1, s2… on the stack, h1… in a hand, g1… in a
graveyard, e1… in exile, t1, t2 on top of a library."""
ROW_FIELDS = {
    BATTLEFIELD_PREFIX: list(PermanentForm.base_fields),
    STACK_PREFIX: list(SpellForm.base_fields),
    **{prefix: list(ZoneCardForm.base_fields) for prefix in ZONE_PREFIXES},
}
BOARD_LISTS = tuple(board_choices())
"""The cast form's fields whose choices are the board's objects (targets, the card in a zone…):
a removed row's id leaves them with the row."""
WHAT = {"permanent": BATTLEFIELD_PREFIX, "spell": STACK_PREFIX, **{p: p for p in ZONE_PREFIXES}}
"""The rows an editing button names: ``add-permanent-you``, ``remove-graveyard-2``."""


def _claimed(data: Mapping[str, Any], prefix: str) -> int | None:
    """The row count the form claims, within the limit (None: no whole number)."""
    raw = str(data.get(f"{prefix}-TOTAL_FORMS", "0"))
    if not (raw.isascii() and raw.isdigit()):
        return None
    return min(int(raw) if len(raw) <= 6 else LIMITS[prefix], LIMITS[prefix])


def _total(data: Mapping[str, Any], prefix: str) -> int:
    """How many rows of ``prefix`` were posted: the count the form claims, within the limit,
    and no more than the rows, from the first, that have a field in the data (the page posts
    every row's id), so that a claimed count alone draws no blank rows."""
    claimed = _claimed(data, prefix) or 0
    for index in range(claimed):
        if not any(f"{prefix}-{index}-{name}" in data for name in ROW_FIELDS[prefix]):
            return index
    return claimed


def posted_rows(data: QueryDict) -> QueryDict:
    """``data`` with each formset's row count brought down to the rows it holds (see
    :func:`_total`), as the formsets will read it; a count that is no whole number is left for
    the form to refuse."""
    counts = {
        prefix: str(_total(data, prefix))
        for prefix in LIMITS
        if f"{prefix}-TOTAL_FORMS" in data and _claimed(data, prefix) is not None
    }
    lower = {p: n for p, n in counts.items() if data[f"{p}-TOTAL_FORMS"] != n}
    if not lower:
        return data
    data = data.copy()
    for prefix, count in lower.items():
        data[f"{prefix}-TOTAL_FORMS"] = count
    return data


_READ_ROWS = "_rulesite_rows"


def rows(data: Mapping[str, Any], prefix: str) -> list[tuple[str, str]]:
    """``(id, card name)`` for each posted row of a formset (read once per formset from
    posted fields that can't change: an immutable ``QueryDict``, as ``request.POST`` is;
    the answer to a change asks for them four times)."""
    if type(data) is not QueryDict or data._mutable:
        return _rows(data, prefix)
    read: dict[str, list[tuple[str, str]]] = data.__dict__.setdefault(_READ_ROWS, {})
    found = read.get(prefix)
    if found is None:
        found = read[prefix] = _rows(data, prefix)
    return list(found)


def _rows(data: Mapping[str, Any], prefix: str) -> list[tuple[str, str]]:
    found = []
    for index in range(_total(data, prefix)):
        ident = str(data.get(f"{prefix}-{index}-id", "") or "")
        found.append((ident, str(data.get(f"{prefix}-{index}-card", "") or "")))
    return found


def next_id(data: Mapping[str, Any], prefix: str) -> str:
    """A fresh id for a new row of ``prefix``."""
    taken = {ident for ident, _name in rows(data, prefix)}
    number = len(taken) + 1
    while f"{LETTERS[prefix]}{number}" in taken:
        number += 1
    return f"{LETTERS[prefix]}{number}"


def _add_row(data: QueryDict, prefix: str, values: Mapping[str, str]) -> None:
    total = _total(data, prefix)
    if total >= LIMITS[prefix]:
        return
    data[f"{prefix}-{total}-id"] = next_id(data, prefix)
    for key, value in values.items():
        data[f"{prefix}-{total}-{key}"] = value
    data[f"{prefix}-TOTAL_FORMS"] = str(total + 1)
    data.setdefault(f"{prefix}-INITIAL_FORMS", "0")


def _remove_row(data: QueryDict, prefix: str, index: int) -> None:
    total = _total(data, prefix)
    if not 0 <= index < total:
        return
    removed = str(data.get(f"{prefix}-{index}-id", "") or "")
    for position in range(index, total):
        for name in ROW_FIELDS[prefix]:
            key = f"{prefix}-{position}-{name}"
            following = f"{prefix}-{position + 1}-{name}"
            if following in data:
                data.setlist(key, data.getlist(following))
            elif key in data:
                del data[key]
    data[f"{prefix}-TOTAL_FORMS"] = str(total - 1)
    try:
        initial = int(data.get(f"{prefix}-INITIAL_FORMS", "0"))
    except ValueError:
        initial = 0
    data[f"{prefix}-INITIAL_FORMS"] = str(min(initial, total - 1))
    if removed and all(removed != ident for p in LIMITS for ident, _name in rows(data, p)):
        _forget(data, removed)


def _forget(data: QueryDict, ident: str) -> None:
    """Take ``ident``, the id of a row no longer on the board, out of the choices that name
    it (a removed target is no longer chosen, rather than a choice the form refuses)."""
    for name in BOARD_LISTS:
        values = data.getlist(name)
        if ident in values:
            data.setlist(name, [value for value in values if value != ident])


def apply_op(data: QueryDict, op: str) -> QueryDict:
    """Apply a no-JavaScript editing button to posted data: add or remove a row.

    ``op`` is ``add-<rows>-<player>`` or ``remove-<rows>-<index>``, where ``<rows>`` is
    ``permanent``, ``spell``, ``hand``, ``graveyard`` or ``exile`` and ``<player>`` is
    ``you`` or ``opponent`` (the new row's controller, or its owner in a zone).
    Unknown values change nothing.
    """
    data = data.copy()
    parts = op.split("-")
    if len(parts) != 3:
        return data
    verb, what, arg = parts
    prefix = WHAT.get(what)
    if prefix is None:
        return data
    if verb == "add" and arg in {"you", "opponent"}:
        _add_row(data, prefix, {"owner" if prefix in ZONE_PREFIXES else "controller": arg})
    elif verb == "remove" and arg.isascii() and arg.isdigit() and len(arg) <= 4:
        _remove_row(data, prefix, int(arg))
    return data


def layout_signature(data: Mapping[str, Any]) -> str:
    """What decides the form's shape: the action, its card and the face cast, and the rows'
    ids and cards.

    The page carries it in a hidden field; when a change alters it, the whole form is drawn
    again (new kicker checkboxes, new target choices) instead of the result alone.
    """
    parts = [str(data.get("kind", "")), name_key(str(data.get("card", "") or ""))]
    face = str(data.get("face", "") or "")
    if face:
        parts[-1] += f"#{face[:3]}"
    for prefix in LIMITS:
        for ident, name in rows(data, prefix):
            parts.append(f"{prefix}:{ident}:{name_key(name)}")
    return "|".join(parts)
