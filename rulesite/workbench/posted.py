"""The workbench's posted fields read straight into an evaluate request, for the htmx answer.

When the player changes a value and the form keeps its shape (the same card, the same rows),
the page only needs the new result. :func:`read_request` reads it without building the forms:
each posted value is cleaned by the forms' own fields and checks — the fields of
:class:`~rulesite.workbench.forms.CastForm` (with :func:`~rulesite.workbench.forms.card_fields`
and :func:`~rulesite.workbench.forms.board_choices`) and of the rows' forms, their
``cleaners``, :func:`~rulesite.workbench.forms.cast_problems`,
:func:`~rulesite.workbench.forms.repeated` and the formsets' management fields — and the values
become the request through :func:`~rulesite.workbench.mapping.build_request`, as the forms'
do. What it skips is the forms' machinery: copies of every field, a bound field per value,
error lists, five formsets and their management forms.

Any value the forms would refuse gives None, and the view builds the forms, which say what is
wrong (the tests check that both ways give the same request and the same answer).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from django import forms
from django.utils.datastructures import MultiValueDict

import engine
from engine.contract import Zone
from rulesite.cards.catalog import CardCatalog
from rulesite.core.forms import LightManagementForm, copy_field
from rulesite.workbench.editing import BATTLEFIELD_PREFIX, STACK_PREFIX, ZONE_PREFIXES, rows
from rulesite.workbench.forms import (
    BattlefieldFormSet,
    CastForm,
    Cleaner,
    RowForm,
    RowFormSet,
    StackFormSet,
    ZoneCardForm,
    ZoneFormSet,
    board_choices,
    card_fields,
    cast_problems,
    fit_to_zone,
    repeated,
)
from rulesite.workbench.mapping import build_request, row_label

__all__ = ["read_request"]

_NO_FILES: MultiValueDict[str, Any] = MultiValueDict()
_FORMSETS: dict[str, type[RowFormSet]] = {
    BATTLEFIELD_PREFIX: cast(type[RowFormSet], BattlefieldFormSet),
    STACK_PREFIX: cast(type[RowFormSet], StackFormSet),
    **dict.fromkeys(ZONE_PREFIXES, cast(type[RowFormSet], ZoneFormSet)),
}


class _Refused(Exception):
    """A posted value the forms would refuse."""


def _clean(
    fields: Mapping[str, forms.Field],
    cleaners: Mapping[str, Cleaner],
    data: Mapping[str, Any],
    prefix: str,
    catalog: CardCatalog,
) -> dict[str, Any]:
    """The cleaned values of ``fields`` in ``data``, as a form of those fields with that
    prefix cleans them (Django's ``_clean_fields``, then each field's own check)."""
    cleaned: dict[str, Any] = {}
    for name, field in fields.items():
        key = f"{prefix}-{name}" if prefix else name
        try:
            value = field.clean(field.widget.value_from_datadict(data, _NO_FILES, key))
            cleaner = cleaners.get(name)
            cleaned[name] = value if cleaner is None else cleaner(catalog, value)
        except forms.ValidationError as exc:
            raise _Refused(key) from exc
    return cleaned


def _row_count(data: Mapping[str, Any], prefix: str, catalog: CardCatalog) -> int:
    """The rows a formset of ``prefix`` holds, as its management form reads the count."""
    if prefix in ZONE_PREFIXES and f"{prefix}-TOTAL_FORMS" not in data:
        return 0  # a page drawn before the board had zones: none here (as Workbench reads it)
    counts = _clean(LightManagementForm.base_fields, {}, data, prefix, catalog)
    total = counts.get("TOTAL_FORMS")
    if total is None or counts.get("INITIAL_FORMS") is None or total > _FORMSETS[prefix].max_num:
        raise _Refused(f"{prefix}-TOTAL_FORMS")
    return int(total)


def _row_fields(prefix: str) -> Mapping[str, forms.Field]:
    form: type[RowForm] = _FORMSETS[prefix].form
    if form is not ZoneCardForm:
        return cast(Mapping[str, forms.Field], form.base_fields)  # read, never changed
    fields = {name: copy_field(field) for name, field in form.base_fields.items()}
    fit_to_zone(fields, Zone(prefix))
    return fields


def _rows(data: Mapping[str, Any], prefix: str, catalog: CardCatalog) -> list[dict[str, Any]]:
    """The cleaned rows of ``prefix`` that name a card (every row checked, blank or not)."""
    total = _row_count(data, prefix, catalog)
    if not total:
        return []
    fields = _row_fields(prefix)
    cleaners = cast(type[RowForm], _FORMSETS[prefix].form).cleaners
    cleaned = [_clean(fields, cleaners, data, f"{prefix}-{i}", catalog) for i in range(total)]
    if repeated(row.get("id") for row in cleaned):
        raise _Refused(prefix)
    return [row for row in cleaned if row.get("card")]


def _cast_fields(
    data: Mapping[str, Any], definition: engine.CardDefinition | None, catalog: CardCatalog
) -> tuple[dict[str, forms.Field], list[str], list[str]]:
    """The cast form's fields for this board and card: its own, read and never changed,
    but for copies of those that list the board's objects; then the card's."""
    permanents = rows(data, BATTLEFIELD_PREFIX)
    spells = rows(data, STACK_PREFIX)
    zone_cards = [row for prefix in ZONE_PREFIXES for row in rows(data, prefix)]
    choices = board_choices(
        permanents=[(i, row_label(i, n)) for i, n in permanents if i],
        spells=[(i, row_label(i, n)) for i, n in spells if i],
        zone_cards=[(i, row_label(i, n)) for i, n in zone_cards if i],
        hand=[i for i, _name in rows(data, "hand")],
    )
    fields = dict(CastForm.base_fields)
    for name, listed in choices.items():
        field = copy_field(fields[name])
        assert isinstance(field, forms.ChoiceField)
        field.choices = listed
        fields[name] = field
    own = card_fields(definition, catalog)
    fields.update(own.fields)
    return fields, own.kicker, own.optional


def read_request(data: Mapping[str, Any], *, catalog: CardCatalog) -> dict[str, Any] | None:
    """The evaluate request the workbench form posted in ``data`` (the same as
    :meth:`Workbench.request_data <rulesite.workbench.mapping.Workbench.request_data>` of
    the forms bound to it), or None when the forms would refuse a value."""
    card_name = str(data.get("card", "") or "")
    everything = [row for prefix in _FORMSETS for row in rows(data, prefix)]
    catalog.preload([card_name, *(name for _ident, name in everything)])
    try:
        definition = catalog.get(card_name) if card_name.strip() else None
    except engine.EngineError:  # rulesite.cards.catalog.UncastableCard: a form error
        return None
    try:
        fields, kicker, optional = _cast_fields(data, definition, catalog)
        cleaned = _clean(fields, CastForm.cleaners, data, "", catalog)
        if cast_problems(cleaned):
            return None
        filled = {prefix: _rows(data, prefix, catalog) for prefix in _FORMSETS}
    except _Refused:
        return None
    return build_request(cleaned, kicker, optional, definition, filled)
