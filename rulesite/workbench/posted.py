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
from functools import cache, lru_cache
from typing import Any, NamedTuple, cast

from django import forms
from django.http import QueryDict
from django.utils.datastructures import MultiValueDict

import engine
from engine.contract import Zone
from rulesite.cards.catalog import CardCatalog
from rulesite.core.forms import LightManagementForm, copy_field
from rulesite.workbench.editing import BATTLEFIELD_PREFIX, STACK_PREFIX, ZONE_PREFIXES, rows
from rulesite.workbench.forms import (
    BattlefieldFormSet,
    CardFields,
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
    chosen_face,
    fit_to_zone,
    repeated,
)
from rulesite.workbench.mapping import build_request

__all__ = ["read_request"]

_NO_FILES: MultiValueDict[str, Any] = MultiValueDict()
_FORMSETS: dict[str, type[RowFormSet]] = {
    BATTLEFIELD_PREFIX: cast(type[RowFormSet], BattlefieldFormSet),
    STACK_PREFIX: cast(type[RowFormSet], StackFormSet),
    **dict.fromkeys(ZONE_PREFIXES, cast(type[RowFormSet], ZoneFormSet)),
}


class _Refused(Exception):
    """A posted value the forms would refuse."""


class _Read(NamedTuple):
    """How one field of a form is read from the posted data: its name, its key (the
    prefixed name), whether its widget reads one value (``data.get(key)``), the field and
    its own check."""

    name: str
    key: str
    single: bool
    field: forms.Field
    cleaner: Cleaner | None


def _reads(
    fields: Mapping[str, forms.Field], cleaners: Mapping[str, Cleaner], prefix: str
) -> tuple[_Read, ...]:
    """How each of ``fields`` is read under ``prefix`` (worked out once per form, see
    :func:`_row_reads` and :func:`_cast_fields`)."""
    return tuple(
        _Read(
            name,
            f"{prefix}-{name}" if prefix else name,
            _reads_one_value(field.widget),
            field,
            cleaners.get(name),
        )
        for name, field in fields.items()
    )


def _reads_one_value(widget: forms.Widget) -> bool:
    method = type(widget).value_from_datadict
    return method is _WIDGET_VALUE or (
        method is _CHOICE_VALUE and not getattr(widget, "allow_multiple_selected", True)
    )


def _clean_read(
    reads: tuple[_Read, ...],
    data: Mapping[str, Any],
    catalog: CardCatalog,
    listed: Mapping[str, frozenset[str]] | None = None,
) -> dict[str, Any]:
    """The cleaned values of the fields ``reads`` names in ``data``, as a form of those
    fields cleans them (Django's ``_clean_fields``, then each field's own check); the fields
    named in ``listed`` offer those values alone (the board's objects)."""
    cleaned: dict[str, Any] = {}
    lists = type(data) is QueryDict
    kept = _kept_values
    for name, key, single, field, cleaner in reads:
        try:
            if not single:
                raw = field.widget.value_from_datadict(data, _NO_FILES, key)
            elif lists:
                # QueryDict.get: the last value posted under ``key``, None when there is none.
                values = dict.get(data, key)  # type: ignore[call-overload]
                raw = values[-1] if values else None
            else:
                raw = data.get(key)
            keys = listed.get(name) if listed else None
            if keys is not None:
                value = _chosen(field, keys, raw)
            elif type(raw) is str and len(raw) <= _KEPT_TEXT:
                # _cleaned_value's first step, inline: most values are short text seen before.
                entry = kept.get((field, raw))
                value = _cleaned_value(field, raw) if entry is None or not entry[0] else entry[1]
                if type(value) is list:
                    value = list(value)
            else:
                value = _cleaned_value(field, raw)
            cleaned[name] = value if cleaner is None else cleaner(catalog, value)
        except forms.ValidationError as exc:
            raise _Refused(key) from exc
    return cleaned


_WIDGET_VALUE = forms.Widget.value_from_datadict
_CHOICE_VALUE = forms.widgets.ChoiceWidget.value_from_datadict
_KEPT_VALUES = 8192
_KEPT_TEXT = 100
_kept_values: dict[tuple[forms.Field, object], tuple[bool, Any]] = {}


def _cleaned_value(field: forms.Field, raw: Any) -> Any:
    """``field.clean(raw)``, remembered for the fields no form changes (the classes' own, and
    a card's, see :func:`_card_fields`): their cleaning is a function of the posted value
    alone, and most values come again request after request. Short values only, so what is
    kept stays small; a list comes back as a copy of its own."""
    if type(raw) is str:
        kept_as: object = raw if len(raw) <= _KEPT_TEXT else None
    elif raw is None or type(raw) is bool:
        kept_as = (raw,)
    elif (
        type(raw) is list
        and len(raw) <= 16
        and all(type(item) is str and len(item) <= _KEPT_TEXT for item in raw)
    ):
        kept_as = ("list", *raw)
    else:
        kept_as = None
    if kept_as is None:
        return field.clean(raw)
    entry = _kept_values.get((field, kept_as))
    if entry is None:
        try:
            entry = (True, field.clean(raw))
        except forms.ValidationError:
            entry = (False, None)
        if len(_kept_values) >= _KEPT_VALUES:
            _kept_values.clear()
        _kept_values[(field, kept_as)] = entry
    accepted, value = entry
    if not accepted:
        raise forms.ValidationError("refused", code="invalid")
    return list(value) if type(value) is list else value


def _chosen(field: forms.Field, keys: frozenset[str], raw: Any) -> Any:
    """``field.clean(raw)`` for a choice field not required whose choices (flat pairs) have
    the values ``keys``: Django's steps, with the choice checked in ``keys``."""
    value = field.to_python(raw)
    if isinstance(field, forms.MultipleChoiceField):
        if any(item not in keys for item in cast(list[str], value)):
            raise forms.ValidationError(field.error_messages["invalid_choice"], "invalid_choice")
    elif value and value not in keys:
        raise forms.ValidationError(field.error_messages["invalid_choice"], "invalid_choice")
    field.run_validators(value)
    return value


def _row_count(data: Mapping[str, Any], prefix: str, catalog: CardCatalog) -> int:
    """The rows a formset of ``prefix`` holds, as its management form reads the count."""
    if prefix in ZONE_PREFIXES and f"{prefix}-TOTAL_FORMS" not in data:
        return 0  # a page drawn before the board had zones: none here (as Workbench reads it)
    counts = _clean_read(_management_reads(prefix), data, catalog)
    total = counts.get("TOTAL_FORMS")
    if total is None or counts.get("INITIAL_FORMS") is None or total > _FORMSETS[prefix].max_num:
        raise _Refused(f"{prefix}-TOTAL_FORMS")
    return int(total)


@cache
def _management_reads(prefix: str) -> tuple[_Read, ...]:
    """How the management form of ``prefix`` is read."""
    return _reads(LightManagementForm.base_fields, {}, prefix)


@cache
def _row_reads(prefix: str, index: int) -> tuple[_Read, ...]:
    """How row ``index`` of ``prefix`` is read (rows are bounded by each formset's limit)."""
    cleaners = cast(type[RowForm], _FORMSETS[prefix].form).cleaners
    return _reads(_row_fields(prefix), cleaners, f"{prefix}-{index}")


@cache
def _row_fields(prefix: str) -> Mapping[str, forms.Field]:
    """The fields of a row of ``prefix``: its form class's own, or for a card in a zone
    copies fitted to the zone, made once; read, never changed."""
    form: type[RowForm] = _FORMSETS[prefix].form
    if form is not ZoneCardForm:
        return cast(Mapping[str, forms.Field], form.base_fields)
    fields = {name: copy_field(field) for name, field in form.base_fields.items()}
    fit_to_zone(fields, Zone(prefix))
    return fields


def _rows(data: Mapping[str, Any], prefix: str, catalog: CardCatalog) -> list[dict[str, Any]]:
    """The cleaned rows of ``prefix`` that name a card (every row checked, blank or not)."""
    total = _row_count(data, prefix, catalog)
    if not total:
        return []
    cleaned = [_clean_read(_row_reads(prefix, i), data, catalog) for i in range(total)]
    if repeated(row.get("id") for row in cleaned):
        raise _Refused(prefix)
    return [row for row in cleaned if row.get("card")]


@lru_cache(maxsize=1024)
def _card_fields(definition: engine.CardDefinition | None) -> CardFields:
    """The fields the cast form adds for ``definition``, made once per card: what they
    accept is the card's alone (their labels, in the language of the first request, and
    the printed French of their modes' words are never read here)."""
    return card_fields(definition)


_LISTING_BOARD = tuple(board_choices())
"""The cast form's fields whose choices are the board's objects: flat pairs, not required
(see :func:`_chosen`)."""
assert all(not CastForm.base_fields[name].required for name in _LISTING_BOARD)


@lru_cache(maxsize=1024)
def _cast_reads(definition: engine.CardDefinition | None) -> tuple[_Read, ...]:
    """How the cast form's fields for this card are read: its own, then the card's."""
    return _reads(
        {**CastForm.base_fields, **_card_fields(definition).fields}, CastForm.cleaners, ""
    )


def _listed(posted: Mapping[str, list[tuple[str, str]]]) -> dict[str, frozenset[str]]:
    """The values each of the cast form's fields that list the board's objects offers."""
    choices = board_choices(
        permanents=[(i, "") for i, _n in posted[BATTLEFIELD_PREFIX] if i],
        spells=[(i, "") for i, _n in posted[STACK_PREFIX] if i],
        zone_cards=[(i, "") for prefix in ZONE_PREFIXES for i, _n in posted[prefix] if i],
        hand=[i for i, _name in posted["hand"]],
    )
    return {name: frozenset(str(key) for key, _label in pairs) for name, pairs in choices.items()}


def read_request(data: Mapping[str, Any], *, catalog: CardCatalog) -> dict[str, Any] | None:
    """The evaluate request the workbench form posted in ``data`` (the same as
    :meth:`Workbench.request_data <rulesite.workbench.mapping.Workbench.request_data>` of
    the forms bound to it), or None when the forms would refuse a value."""
    card_name = str(data.get("card", "") or "")
    posted = {prefix: rows(data, prefix) for prefix in _FORMSETS}
    catalog.preload([card_name, *(name for found in posted.values() for _ident, name in found)])
    try:
        definition = catalog.get(card_name) if card_name.strip() else None
    except engine.EngineError:  # rulesite.cards.catalog.UncastableCard: a form error
        return None
    definition = chosen_face(definition, data.get("face"), card_name)
    try:
        cleaned = _clean_read(_cast_reads(definition), data, catalog, _listed(posted))
        if cast_problems(cleaned):
            return None
        filled = {prefix: _rows(data, prefix, catalog) for prefix in _FORMSETS}
    except _Refused:
        return None
    own = _card_fields(definition)
    return build_request(cleaned, own.kicker, own.optional, definition, filled)
