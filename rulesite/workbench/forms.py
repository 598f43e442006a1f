"""The workbench form: a main form (the action and the caster's choices) plus two formsets,
the battlefield and the stack. Together they hold exactly an evaluate request (a scenario).

Works without JavaScript: "Add a permanent", "Remove" and the like are submit buttons named
``op``; the view edits the posted data (see :func:`apply_op`) and renders the form again.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Mapping
from typing import Any

from django import forms
from django.forms.formsets import ManagementForm
from django.http import QueryDict
from django.urls import reverse_lazy
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

import engine
from rulesite.workbench.casting import (
    MAX_BATTLEFIELD,
    MAX_NAME_LENGTH,
    MAX_STACK,
    DatabaseCatalog,
    name_key,
    scenario_from_form,
)

MAX_X = 1000
MAX_KICKS = 20
MAX_COUNTERS = 999
ID_RE = re.compile(r"^[A-Za-z0-9_-]{1,24}$")

PLAYER_CHOICES = [("you", _("You")), ("opponent", _("Opponent"))]
KIND_CHOICES = [
    ("cast", _("Cast the card")),
    ("copy_spell", _("Copy a spell on the stack")),
    ("put_onto_battlefield", _("Put the card onto the battlefield without casting it")),
    ("enter_as_copy", _("Have the card enter as a copy of a permanent")),
    ("activate_ability", _("Activate an ability of a permanent")),
    ("activate_mana_ability", _("Activate a mana ability of a permanent")),
    ("turn_face_up", _("Turn a face-down creature face up")),
    ("put_trigger_on_stack", _("Put a triggered ability on the stack")),
    ("cast_from_trigger", _("Cast the card while a triggered ability resolves")),
]
KINDS_WITH_CARD = {"cast", "put_onto_battlefield", "enter_as_copy", "cast_from_trigger"}
KINDS_CASTING = {"cast", "cast_from_trigger"}
KINDS_COPYING = {"copy_spell", "enter_as_copy"}
KINDS_WITH_SOURCE = {
    "activate_ability",
    "activate_mana_ability",
    "turn_face_up",
    "put_trigger_on_stack",
}
PHASE_CHOICES = [
    ("beginning", _("Beginning phase")),
    ("main1", _("First main phase")),
    ("combat", _("Combat phase")),
    ("main2", _("Second main phase")),
    ("end", _("Ending phase")),
]
PERMANENT_FLAGS = [
    ("tapped", _("Tapped")),
    ("summoning_sick", _("Summoning sick")),
    ("attacking", _("Attacking")),
    ("blocking", _("Blocking")),
    ("face_down", _("Face down")),
    ("kicked", _("Kicked")),
    ("convoke", _("Tap for convoke")),
    ("sacrifice", _("Sacrifice")),
]
COST_SPLIT_RE = re.compile(r"[\s,;]+")


def parse_mana(value: str, *, allow_empty: bool = True) -> str:
    """Check ``value`` is mana notation and return it in canonical form.

    :raises forms.ValidationError: with the engine's reason when it is not.
    """
    value = value.strip()
    if not value:
        if allow_empty:
            return ""
        raise forms.ValidationError(_("Write a mana cost, such as {2}{R}."), code="required")
    try:
        return str(engine.ManaCost.parse(value))
    except engine.EngineError as exc:
        raise forms.ValidationError(
            _("Not mana notation (%(reason)s). Write costs in braces, such as {2}{R}."),
            code="notation",
            params={"reason": str(exc)},
        ) from exc


def parse_mana_list(value: str) -> list[str]:
    """``"{1} {2}{R}"`` → ``["{1}", "{2}{R}"]``: each piece is one increase or reduction."""
    costs = []
    for piece in COST_SPLIT_RE.split(value.strip()):
        if piece:
            costs.append(parse_mana(piece))
    if len(costs) > 10:
        raise forms.ValidationError(_("At most 10 costs."), code="too_many")
    return costs


def kicker_label(cost: object) -> str:
    """The checkbox label, with the printed cost: "Kicker {4}", "Kicker—Sacrifice a land"."""
    text = str(cost)
    if text.startswith("{"):
        return str(_("Kicker %(cost)s") % {"cost": text})
    return str(_("Kicker—%(cost)s") % {"cost": text})


class CardNameField(forms.CharField):
    """A card name, English or French; the form checks it against the catalog (with
    suggestions, see :func:`check_card_name`)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", MAX_NAME_LENGTH)
        super().__init__(**kwargs)
        self.widget.attrs.update(
            {
                "list": "card-options",
                "autocomplete": "off",
                "spellcheck": "false",
                "hx-get": reverse_lazy("workbench:card_options"),
                "hx-trigger": "input changed delay:250ms",
                "hx-target": "#card-options",
                "hx-swap": "outerHTML",
                "hx-sync": "this:replace",
            }
        )


def check_card_name(catalog: DatabaseCatalog | None, name: str) -> str:
    """``name``, if the catalog has a card so named (or it is blank).

    :raises forms.ValidationError: naming the unknown card, with close names when there are.
    """
    if name and catalog is not None and catalog.card(name) is None:
        suggestions = catalog.suggest(name)
        if suggestions:
            raise forms.ValidationError(
                _("No card is named “%(name)s”. Did you mean: %(suggestions)s?"),
                code="unknown_card",
                params={"name": name, "suggestions": ", ".join(suggestions)},
            )
        raise forms.ValidationError(
            _("No card is named “%(name)s”."), code="unknown_card", params={"name": name}
        )
    return name


class SharedFields(dict[str, forms.Field]):
    """A form's fields, for Django's per-form copy of them: copying copies the mapping only."""

    def __deepcopy__(self, memo: dict[int, Any]) -> SharedFields:
        return SharedFields(self)


class LeanForm(forms.Form):
    """A form that copies only the fields it changes.

    Django gives every form a deep copy of every field, in case the form changes one. These
    forms change only the fields named in ``own_fields`` (choices that depend on the board);
    they get their own copies of those and share the others, which nothing changes. A board
    of many rows stays quick to check.
    """

    own_fields: frozenset[str] = frozenset()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # For this form only: Django's copy of ``base_fields`` is then this mapping's copy.
        self.base_fields = SharedFields(  # type: ignore[misc]
            {
                name: copy.deepcopy(field) if name in self.own_fields else field
                for name, field in type(self).base_fields.items()
            }
        )
        super().__init__(*args, **kwargs)


class CastForm(LeanForm):
    """The action and the caster's choices (those the chosen card has)."""

    own_fields = frozenset({"targets", "copy_of", "source"})

    kind = forms.ChoiceField(label=_("Action"), choices=KIND_CHOICES, initial="cast")
    player = forms.ChoiceField(label=_("Acting player"), choices=PLAYER_CHOICES, initial="you")
    card = CardNameField(label=_("Card"), required=False)
    without_paying = forms.BooleanField(
        label=_("Without paying its mana cost (alternative cost {0})"), required=False
    )
    alternative_cost = forms.CharField(
        label=_("Alternative cost"),
        required=False,
        max_length=100,
        help_text=_("Paid instead of the mana cost, e.g. {2}{R}."),
    )
    cost_increases = forms.CharField(
        label=_("Other cost increases"),
        required=False,
        max_length=200,
        help_text=_("Besides those from permanents, e.g. {1} {2}."),
    )
    cost_reductions = forms.CharField(
        label=_("Other cost reductions"),
        required=False,
        max_length=200,
        help_text=_("Besides those from permanents, e.g. {1}."),
    )
    targets = forms.MultipleChoiceField(
        label=_("Targets"), required=False, widget=forms.CheckboxSelectMultiple
    )
    copy_of = forms.ChoiceField(label=_("Copy of"), required=False)
    source = forms.ChoiceField(label=_("Source permanent"), required=False)
    mana_pool = forms.CharField(
        label=_("Mana in pool"),
        required=False,
        max_length=100,
        help_text=_("Mana already in the acting player's pool, e.g. {R}{G}."),
    )
    assume_mana = forms.BooleanField(label=_("Assume any mana is available"), required=False)
    active_player = forms.ChoiceField(label=_("Whose turn"), choices=PLAYER_CHOICES, initial="you")
    phase = forms.ChoiceField(label=_("Phase"), choices=PHASE_CHOICES, initial="main1")
    layout = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(
        self,
        *args: Any,
        catalog: DatabaseCatalog | None = None,
        definition: engine.CardDefinition | None = None,
        permanents: Iterable[tuple[str, str]] = (),
        spells: Iterable[tuple[str, str]] = (),
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.catalog = catalog
        self.definition = definition
        self.kicker_fields: list[str] = []
        if definition is not None:
            for index, cost in enumerate(definition.kicker_costs):
                name = f"kicker_{index}"
                self.fields[name] = forms.BooleanField(label=kicker_label(cost), required=False)
                self.kicker_fields.append(name)
            if definition.multikicker_cost is not None:
                self.fields["multikicker"] = forms.IntegerField(
                    label=_("Multikicker %(cost)s: times paid")
                    % {"cost": definition.multikicker_cost},
                    required=False,
                    min_value=0,
                    max_value=MAX_KICKS,
                    widget=forms.NumberInput(attrs={"class": "live-number"}),
                )
                self.kicker_fields.append("multikicker")
            if definition.has_x:
                self.fields["x"] = forms.IntegerField(
                    label=_("Value of X"),
                    required=False,
                    min_value=0,
                    max_value=MAX_X,
                    widget=forms.NumberInput(attrs={"class": "live-number"}),
                )
        permanents = list(permanents)
        spells = list(spells)
        players: list[tuple[str, Any]] = [("opponent", _("Opponent")), ("you", _("You"))]
        target_field = self.fields["targets"]
        assert isinstance(target_field, forms.MultipleChoiceField)
        target_field.choices = players + permanents + spells
        copy_field = self.fields["copy_of"]
        assert isinstance(copy_field, forms.ChoiceField)
        none: list[tuple[str, Any]] = [("", pgettext_lazy("no choice", "—"))]
        copy_field.choices = none + spells + permanents
        source_field = self.fields["source"]
        assert isinstance(source_field, forms.ChoiceField)
        source_field.choices = none + permanents

    @property
    def choice_fields(self) -> list[forms.BoundField]:
        """The choices this card offers: a checkbox per kicker cost, multikicker times, X."""
        names = [*self.kicker_fields, *(["x"] if "x" in self.fields else [])]
        return [self[name] for name in names]

    def _kind(self) -> str:
        value = self["kind"].value()
        return str(value or "cast")

    @property
    def needs_copy_of(self) -> bool:
        """The action copies something: a spell on the stack, or a permanent."""
        return self._kind() in KINDS_COPYING or bool(self["copy_of"].value())

    @property
    def needs_source(self) -> bool:
        """The action is a permanent's: an ability, turning it face up."""
        return self._kind() in KINDS_WITH_SOURCE or bool(self["source"].value())

    @property
    def has_targets(self) -> bool:
        """Whether the card's text (as the engine read it) chooses targets, kicked or not."""
        if self.definition is None:
            return False
        return any(clause.targets for clause in self.definition.clauses)

    def clean_card(self) -> str:
        return check_card_name(self.catalog, self.cleaned_data.get("card") or "")

    def clean_alternative_cost(self) -> str:
        return parse_mana(self.cleaned_data.get("alternative_cost") or "")

    def clean_mana_pool(self) -> str:
        return parse_mana(self.cleaned_data.get("mana_pool") or "")

    def clean_cost_increases(self) -> list[str]:
        return parse_mana_list(self.cleaned_data.get("cost_increases") or "")

    def clean_cost_reductions(self) -> list[str]:
        return parse_mana_list(self.cleaned_data.get("cost_reductions") or "")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        kind = cleaned.get("kind")
        if kind in KINDS_WITH_CARD and not cleaned.get("card") and "card" not in self.errors:
            self.add_error("card", _("Choose the card for this action."))
        if kind == "copy_spell" and not cleaned.get("copy_of"):
            self.add_error("copy_of", _("Choose the spell to copy."))
        if kind == "enter_as_copy" and not cleaned.get("copy_of"):
            self.add_error("copy_of", _("Choose the permanent to copy."))
        if kind in {
            "activate_ability",
            "activate_mana_ability",
            "turn_face_up",
        } and not cleaned.get("source"):
            self.add_error("source", _("Choose the permanent."))
        if cleaned.get("without_paying") and cleaned.get("alternative_cost"):
            self.add_error("alternative_cost", _("Choose one alternative cost, not two."))
        return cleaned


class RowForm(LeanForm):
    """One row of a formset: an id, a card and the row's own settings."""

    id = forms.CharField(widget=forms.HiddenInput, max_length=24)

    def __init__(self, *args: Any, catalog: DatabaseCatalog | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.catalog = catalog

    def clean_card(self) -> str:
        return check_card_name(self.catalog, self.cleaned_data.get("card") or "")

    def has_changed(self) -> bool:
        """Always: a row is on the board because it was added (the formsets have no blank
        extra rows), and every row is checked. A formset asks only to count unchanged extra
        rows against a minimum, which these formsets don't have; comparing every field of
        every row for that cost more than checking the rows."""
        return True

    def clean_id(self) -> str:
        ident: str = self.cleaned_data["id"]
        if not ID_RE.match(ident):
            raise forms.ValidationError(_("Not a valid id."), code="invalid_id")
        return ident


class PermanentForm(RowForm):
    """One permanent on the battlefield."""

    card = CardNameField(label=_("Permanent"), required=False)
    controller = forms.ChoiceField(label=_("Controller"), choices=PLAYER_CHOICES)
    # One field for every on/off state: a row stays light to build and to validate.
    flags = forms.MultipleChoiceField(
        label=_("State"),
        choices=PERMANENT_FLAGS,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    counters = forms.IntegerField(
        label=_("+1/+1 counters"),
        required=False,
        min_value=0,
        max_value=MAX_COUNTERS,
        widget=forms.NumberInput(attrs={"class": "live-number"}),
    )


class SpellForm(RowForm):
    """One spell already on the stack."""

    card = CardNameField(label=_("Spell"), required=False)
    controller = forms.ChoiceField(label=_("Controller"), choices=PLAYER_CHOICES)
    kicked = forms.BooleanField(label=_("Kicked"), required=False)
    x = forms.IntegerField(
        label=_("X"),
        required=False,
        min_value=0,
        max_value=MAX_X,
        widget=forms.NumberInput(attrs={"class": "live-number"}),
    )


class RowManagementForm(LeanForm, ManagementForm):
    """Django's management form (the row counts), its fields shared like those of the rows."""


class RowFormSet(forms.BaseFormSet):  # type: ignore[type-arg]
    """Rows with unique ids; rows whose card is left blank are ignored."""

    @cached_property
    def management_form(self) -> ManagementForm:
        if not self.is_bound:
            return super().management_form
        # As Django builds it for posted data, with the lighter form.
        form = RowManagementForm(
            self.data,
            auto_id=self.auto_id,
            prefix=self.prefix,
            renderer=getattr(self, "renderer", None),
        )
        form.full_clean()
        return form

    def clean(self) -> None:
        if any(self.errors):
            return
        seen: set[str] = set()
        for form in self.forms:
            ident = form.cleaned_data.get("id")
            if ident in seen:
                form.add_error(None, _("Two rows have the id %(id)s.") % {"id": ident})
            seen.add(ident)

    def rows(self) -> list[dict[str, Any]]:
        return [f.cleaned_data for f in self.forms if f.cleaned_data.get("card")]


BattlefieldFormSet = forms.formset_factory(
    PermanentForm,
    formset=RowFormSet,
    extra=0,
    max_num=MAX_BATTLEFIELD,
    validate_max=True,
    absolute_max=MAX_BATTLEFIELD,
)
StackFormSet = forms.formset_factory(
    SpellForm,
    formset=RowFormSet,
    extra=0,
    max_num=MAX_STACK,
    validate_max=True,
    absolute_max=MAX_STACK,
)

BATTLEFIELD_PREFIX = "battlefield"
STACK_PREFIX = "stack"


def _total(data: Mapping[str, Any], prefix: str, limit: int) -> int:
    try:
        return max(0, min(int(data.get(f"{prefix}-TOTAL_FORMS", 0)), limit))
    except (TypeError, ValueError):
        return 0


def _rows(data: Mapping[str, Any], prefix: str, limit: int) -> list[tuple[str, str]]:
    """``(id, card name)`` for each posted row of a formset."""
    rows = []
    for index in range(_total(data, prefix, limit)):
        ident = str(data.get(f"{prefix}-{index}-id", "") or "")
        rows.append((ident, str(data.get(f"{prefix}-{index}-card", "") or "")))
    return rows


def _next_id(data: Mapping[str, Any], prefix: str, limit: int, letter: str) -> str:
    taken = {ident for ident, _name in _rows(data, prefix, limit)}
    number = len(taken) + 1
    while f"{letter}{number}" in taken:
        number += 1
    return f"{letter}{number}"


ROW_FIELDS = {
    BATTLEFIELD_PREFIX: list(PermanentForm.base_fields),
    STACK_PREFIX: list(SpellForm.base_fields),
}
LIMITS = {BATTLEFIELD_PREFIX: MAX_BATTLEFIELD, STACK_PREFIX: MAX_STACK}


def _add_row(data: QueryDict, prefix: str, values: Mapping[str, str], letter: str) -> None:
    limit = LIMITS[prefix]
    total = _total(data, prefix, limit)
    if total >= limit:
        return
    data[f"{prefix}-{total}-id"] = _next_id(data, prefix, limit, letter)
    for key, value in values.items():
        data[f"{prefix}-{total}-{key}"] = value
    data[f"{prefix}-TOTAL_FORMS"] = str(total + 1)
    data.setdefault(f"{prefix}-INITIAL_FORMS", "0")


def _remove_row(data: QueryDict, prefix: str, index: int) -> None:
    limit = LIMITS[prefix]
    total = _total(data, prefix, limit)
    if not 0 <= index < total:
        return
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


def apply_op(data: QueryDict, op: str) -> QueryDict:
    """Apply a no-JavaScript editing button to posted data: add or remove a row.

    ``op`` is ``add-permanent-you``, ``add-permanent-opponent``, ``add-spell-opponent``,
    ``add-spell-you``, ``remove-permanent-<index>`` or ``remove-spell-<index>``.
    Unknown values change nothing.
    """
    data = data.copy()
    parts = op.split("-")
    if len(parts) != 3:
        return data
    verb, what, arg = parts
    prefix = {"permanent": BATTLEFIELD_PREFIX, "spell": STACK_PREFIX}.get(what)
    if prefix is None:
        return data
    if verb == "add" and arg in {"you", "opponent"}:
        _add_row(data, prefix, {"controller": arg}, "p" if what == "permanent" else "s")
    elif verb == "remove" and arg.isascii() and arg.isdigit() and len(arg) <= 4:
        _remove_row(data, prefix, int(arg))
    return data


def layout_signature(data: Mapping[str, Any]) -> str:
    """What decides the form's shape: the action, its card, and the rows' ids and cards.

    The page carries it in a hidden field; when a change alters it, the whole form is drawn
    again (new kicker checkboxes, new target choices) instead of the result alone.
    """
    parts = [str(data.get("kind", "")), name_key(str(data.get("card", "") or ""))]
    for prefix, limit in LIMITS.items():
        for ident, name in _rows(data, prefix, limit):
            parts.append(f"{prefix}:{ident}:{name_key(name)}")
    return "|".join(parts)


def data_from_initial(initial: Mapping[str, Any]) -> QueryDict:
    """Posted-form data equivalent to ``initial`` (from :func:`initial_from_scenario`)."""
    data = QueryDict(mutable=True)
    for key, value in initial.items():
        if key in {BATTLEFIELD_PREFIX, STACK_PREFIX}:
            continue
        if isinstance(value, bool):
            if value:
                data[key] = "on"
        elif isinstance(value, list):
            data.setlist(key, [str(v) for v in value])
        elif value is not None:
            data[key] = str(value)
    for prefix in (BATTLEFIELD_PREFIX, STACK_PREFIX):
        rows = list(initial.get(prefix) or [])[: LIMITS[prefix]]
        data[f"{prefix}-TOTAL_FORMS"] = str(len(rows))
        data[f"{prefix}-INITIAL_FORMS"] = str(len(rows))  # rows already on the board
        for index, row in enumerate(rows):
            for key, value in row.items():
                name = f"{prefix}-{index}-{key}"
                if isinstance(value, bool):
                    if value:
                        data[name] = "on"
                elif isinstance(value, list):
                    data.setlist(name, [str(v) for v in value])
                elif value is not None:
                    data[name] = str(value)
        # Rows from a link may lack ids: give them fresh ones.
        for index in range(len(rows)):
            name = f"{prefix}-{index}-id"
            if not data.get(name):
                letter = "p" if prefix == BATTLEFIELD_PREFIX else "s"
                data[name] = _next_id(data, prefix, LIMITS[prefix], letter)
    data["layout"] = layout_signature(data)
    return data


def empty_data() -> QueryDict:
    """The data of an empty workbench."""
    return data_from_initial(
        {"kind": "cast", "player": "you", "active_player": "you", "phase": "main1"}
    )


class Workbench:
    """The main form and the two formsets, bound to the same data."""

    def __init__(self, data: QueryDict, *, catalog: DatabaseCatalog, bound: bool = True) -> None:
        """Bind the forms to ``data``; ``bound=False`` only shows it (a fresh, empty bench)."""
        self.data = data
        self.bound = bound
        self.catalog = catalog
        names = [str(data.get("card", "") or "")]
        permanents = _rows(data, BATTLEFIELD_PREFIX, MAX_BATTLEFIELD)
        spells = _rows(data, STACK_PREFIX, MAX_STACK)
        names += [name for _ident, name in permanents + spells]
        catalog.preload(names)
        card_name = str(data.get("card", "") or "")
        uncastable: engine.EngineError | None = None
        try:
            definition = catalog.get(card_name) if card_name.strip() else None
        except engine.EngineError as exc:  # rulesite.workbench.casting.UncastableCard
            definition, uncastable = None, exc
        self.cast = CastForm(
            data if bound else None,
            initial=None if bound else {k: data.get(k) for k in data},
            catalog=catalog,
            definition=definition,
            permanents=[(i, _row_label(i, n)) for i, n in permanents if ID_RE.match(i)],
            spells=[(i, _row_label(i, n)) for i, n in spells if ID_RE.match(i)],
        )
        # Every row is checked, blank or not (a blank card just means "no row"), so no row
        # needs Django's "has it changed?" comparison of extra forms.
        row_kwargs = {"catalog": catalog, "empty_permitted": False}
        self.battlefield: RowFormSet = BattlefieldFormSet(  # type: ignore[assignment]
            data if bound else None, prefix=BATTLEFIELD_PREFIX, form_kwargs=row_kwargs
        )
        self.stack: RowFormSet = StackFormSet(  # type: ignore[assignment]
            data if bound else None, prefix=STACK_PREFIX, form_kwargs=row_kwargs
        )
        self.layout = layout_signature(data)
        if uncastable is not None and bound:
            self.cast.add_error("card", str(uncastable))

    @property
    def layout_changed(self) -> bool:
        return str(self.data.get("layout", "")) != self.layout

    def is_valid(self) -> bool:
        if not self.bound:
            return False
        valid = [self.cast.is_valid(), self.battlefield.is_valid(), self.stack.is_valid()]
        return all(valid)

    def scenario(self) -> dict[str, Any]:
        """The evaluate request these forms hold (call after :meth:`is_valid`)."""
        cleaned = dict(self.cast.cleaned_data)
        cleaned["battlefield"] = self.battlefield.rows()
        cleaned["stack"] = self.stack.rows()
        if cleaned.get("kind") not in KINDS_CASTING:
            for key in [*self.cast.kicker_fields, "x", "without_paying", "alternative_cost"]:
                cleaned.pop(key, None)
        return scenario_from_form(cleaned)

    def add_request_errors(self, errors: Iterable[engine.FieldError]) -> None:
        """Show the engine's input errors on the fields they name."""
        for error in errors:
            form, field = self._locate(error.field)
            message = error.message if field else f"{error.field}: {error.message}".lstrip(": ")
            if form is None:
                self.cast.add_error(None, message)
            elif field and field in form.fields:
                form.add_error(field, message)
            else:
                form.add_error(None, message)

    def _locate(self, path: str) -> tuple[forms.Form | None, str | None]:
        parts = [p for p in re.split(r"[.\[\]]+", path) if p]
        if not parts:
            return None, None
        head = parts[0]
        if head in {BATTLEFIELD_PREFIX, STACK_PREFIX} and len(parts) >= 2 and parts[1].isdigit():
            formset = self.battlefield if head == BATTLEFIELD_PREFIX else self.stack
            index = int(parts[1])
            if index < len(formset.forms):
                field = parts[2] if len(parts) > 2 else None
                return formset.forms[index], field
            return None, None
        if head == "action" and len(parts) >= 2:
            field = parts[1]
            if field == "kicker":
                field = self.cast.kicker_fields[0] if self.cast.kicker_fields else None
            if field in {"convoke", "sacrifice", "targets"}:
                return self.cast, "targets" if field == "targets" else None
            return self.cast, field
        if head == "turn" and len(parts) >= 2:
            return self.cast, {"active_player": "active_player", "phase": "phase"}.get(parts[1])
        if head in {"mana_pool", "assume_mana"}:
            return self.cast, head
        return None, None


def _row_label(ident: str, name: str) -> str:
    return f"{name.strip() or '?'} ({ident})"
