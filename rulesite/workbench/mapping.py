"""The workbench form ⇄ the evaluate request, both ways, in one place.

- :func:`form_data`: a request (``/api/v1/evaluate`` JSON, a preset, a decoded ``?s=`` link)
  as the posted data of the form;
- :class:`Workbench`: the forms bound to posted data; :meth:`Workbench.request_data` is the
  request they hold, and :meth:`Workbench.add_request_errors` puts the engine's field errors
  back on the fields that hold them.

``form_data`` then ``request_data`` gives the request back (the tests check the round trip).
A convoke spell with no creature ticked asks the engine to propose them (``"convoke":
"auto"``); a new bench assumes mana (:func:`new_bench_data`), so its first cast answers.
A request field the workbench shows is added here once each way, and its widget in
:mod:`rulesite.workbench.forms`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from django import forms
from django.http import QueryDict

import engine
from engine.contract import ActionKind, Phase, Player, TurnCount, Zone
from rulesite.cards.catalog import CardCatalog
from rulesite.workbench.editing import (
    BATTLEFIELD_PREFIX,
    LIMITS,
    STACK_PREFIX,
    ZONE_PREFIXES,
    layout_signature,
    next_id,
    rows,
)
from rulesite.workbench.forms import (
    CHOSEN_FIELDS,
    PLAYER_COUNTER_KINDS,
    BattlefieldFormSet,
    CastForm,
    RowFormSet,
    StackFormSet,
    ZoneFormSet,
    chosen_face,
    spell_lines,
)

__all__ = ["Workbench", "form_data", "new_bench_data"]

ROW_STATES = (
    "tapped",
    "summoning_sick",
    "attacking",
    "blocking",
    "face_down",
    "token",
    "commander",
)
"""A permanent's own on/off states, shown as its row's flags."""
ROW_CHOICES = ("convoke", "sacrifice", "tap", "return", "counter", "improvise")
"""The action's lists of battlefield ids, chosen with a flag on each permanent's row."""
ZONE_CHOICES = ("discard", "exile", "reveal", "delve", "splice")
"""The action's lists of hand and graveyard ids, chosen with a flag on each card's row."""
FORETOLD = "foretold"
"""An exile row's flag: ``this_turn.foretold_this_turn``."""
PERMISSION_USED = "permission_used"
"""A battlefield row's flag: ``this_turn.permissions_used``."""
MAY_PLAY = "may_play"
"""An exile row's flag: the card's own ``may_play`` (an effect lets its owner play it)."""
ON_ADVENTURE = "on_adventure"
"""An exile row's flag: the card's own ``on_adventure`` (exiled by its Adventure, 715.3d)."""
EXILED_STATES = (MAY_PLAY, ON_ADVENTURE)
"""The exiled card's own booleans, each a flag of its row."""
AUTO = {"convoke": "has_convoke", "delve": "has_delve", "improvise": "has_improvise"}
"""Choices the engine proposes (``"auto"``) when the card has the keyword and the player
ticks nothing."""
PER_PLAYER = tuple(kind.value for kind in TurnCount)
"""``this_turn`` counts, one number field per player (``life_lost_you``…): the engine's
:class:`~engine.contract.TurnCount`."""
_PER_PLAYER_FIELDS = tuple(
    (key, tuple((player.value, f"{key}_{player.value}") for player in Player)) for key in PER_PLAYER
)
"""Each ``this_turn`` count with its players and their fields' names, written once (a new
set-up reads all of them)."""
LIFE = 20
"""A player's life total when the form leaves it blank (CR 103.4)."""
COUNTER = "+1/+1"
"""The one kind of counter the form sets."""
SAME_NAME = ("player", "card", "copy_of", "source")
"""Action fields the cast form holds under their own name, as text."""
FREE = "{0}"
"""The alternative cost "without paying its mana cost"."""
CONVOKE_AUTO = "auto"
"""``action.convoke`` when the player ticks no creature: the engine proposes them."""
NOT_ON_THE_FORM: frozenset[str] = frozenset()
"""Request fields (in ``engine.REQUEST_SCHEMA``) the workbench has no control for: a request
that has them (from the API, a hand-written ``?s=`` link) opens on the workbench without
them. A field added to the contract is either mapped here or listed here
(``tests/rulesite/workbench/test_mapping.py`` checks it)."""


# --- The request as form data ------------------------------------------------------------


def _list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _dict(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _count(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


def _set(data: QueryDict, name: str, value: object) -> None:
    if value is True:
        data[name] = "on"
    elif isinstance(value, list):
        data.setlist(name, [str(v) for v in value])
    elif value not in (None, False, ""):
        data[name] = str(value)


def form_data(request: Mapping[str, Any]) -> QueryDict:
    """The posted data of the form showing ``request``.

    Values of the wrong type are dropped (the form then shows its default), so any decoded
    link gives a form, never an exception.
    """
    action = _dict(request.get("action"))
    turn = _dict(request.get("turn"))
    data = QueryDict(mutable=True)
    data["kind"] = _text(action.get("kind")) or ActionKind.CAST
    data["player"] = _text(action.get("player")) or Player.YOU
    data["active_player"] = _text(turn.get("active_player")) or Player.YOU
    data["phase"] = _text(turn.get("phase")) or Phase.MAIN1
    _set(data, "step", _text(turn.get("step")))
    _set(data, "day_night", _text(turn.get("day_night")))
    life = _dict(request.get("life"))
    for player in Player:
        value = life.get(player.value)
        valid = isinstance(value, int) and not isinstance(value, bool)
        data[f"life_{player.value}"] = str(value if valid else LIFE)
    player_counters = _dict(request.get("player_counters"))
    for kind in PLAYER_COUNTER_KINDS:
        for player in Player:
            count = _count(_dict(player_counters.get(player.value)).get(kind))
            _set(data, f"{kind}_counters_{player.value}", count)
    data["cast_from"] = _text(action.get("from")) or Zone.HAND
    _set(data, "card_id", _text(action.get("card_id")))
    _set(data, "modes", [str(m) for m in _list(action.get("modes")) if _count(m) == m])
    for key in SAME_NAME[1:]:
        _set(data, key, _text(action.get(key)))
    _set(data, "mana_pool", _text(request.get("mana_pool")))
    _set(data, "assume_mana", request.get("assume_mana") is True)
    _set(data, "targets", [str(t) for t in _list(action.get("targets"))])
    kicker = [_count(k) for k in _list(action.get("kicker"))]
    for index, count in enumerate(kicker):
        _set(data, f"kicker_{index}", count > 0)
    if kicker:
        # A multikicker card has a single count; the form has the field its card calls for.
        data["multikicker"] = str(kicker[-1])
    for keyword, count in _dict(action.get("optional_costs")).items():
        if _count(count):
            data[f"optional_{keyword}"] = str(count)
    if isinstance(action.get("x"), int) and not isinstance(action.get("x"), bool):
        data["x"] = str(action["x"])
    _set(data, "face", _count(action.get("face")) or None)
    _set(data, "fuse", action.get("fuse") is True)
    _set(data, "assist", _count(action.get("assist")) or None)
    alternative = _text(action.get("alternative_cost"))
    printed = bool(alternative) and not alternative.startswith("{")
    _set(data, "without_paying", alternative == FREE)
    _set(data, "cost_option", alternative if printed else "")
    _set(data, "alternative_cost", "" if alternative == FREE or printed else alternative)
    for key in ("cost_increases", "cost_reductions"):
        _set(data, key, " ".join(str(c) for c in _list(action.get(key))))
    _set_chosen(data, "cast_chosen", _dict(action.get("chosen")))
    chosen = {key: {str(i) for i in _list(action.get(key))} for key in ROW_CHOICES}
    this_turn = _dict(request.get("this_turn"))
    chosen[PERMISSION_USED] = {str(i) for i in _list(this_turn.get("permissions_used"))}
    battlefield = [_dict(r) for r in _list(request.get("battlefield")) if _dict(r).get("card")]
    for index, row in enumerate(battlefield[: LIMITS[BATTLEFIELD_PREFIX]]):
        ident = _text(row.get("id"))
        flags = [state for state in ROW_STATES if row.get(state) is True]
        if any(_count(k) for k in _list(row.get("kicker"))):
            flags.append("kicked")
        flags += [key for key in (*ROW_CHOICES, PERMISSION_USED) if ident and ident in chosen[key]]
        _row(data, BATTLEFIELD_PREFIX, index, row, Player.YOU)
        _set(data, f"{BATTLEFIELD_PREFIX}-{index}-flags", flags)
        _set(
            data,
            f"{BATTLEFIELD_PREFIX}-{index}-counters",
            _count(_dict(row.get("counters")).get(COUNTER)),
        )
        _set_chosen(data, f"{BATTLEFIELD_PREFIX}-{index}-chosen", _dict(row.get("chosen")))
        _set(data, f"{BATTLEFIELD_PREFIX}-{index}-attached_to", _text(row.get("attached_to")))
    stack = [_dict(r) for r in _list(request.get("stack")) if _dict(r).get("card")]
    for index, row in enumerate(stack[: LIMITS[STACK_PREFIX]]):
        _row(data, STACK_PREFIX, index, row, Player.OPPONENT)
        _set(
            data, f"{STACK_PREFIX}-{index}-kicked", any(_count(k) for k in _list(row.get("kicker")))
        )
        _set(data, f"{STACK_PREFIX}-{index}-x", _count(row.get("x")))
        _set(data, f"{STACK_PREFIX}-{index}-copy", row.get("copy") is True)
        targets = [str(t) for t in _list(row.get("targets")) if isinstance(t, str)]
        _set(data, f"{STACK_PREFIX}-{index}-targets", " ".join(targets))
        modes = [str(m + 1) for m in _list(row.get("modes")) if _count(m) == m]
        _set(data, f"{STACK_PREFIX}-{index}-modes", " ".join(modes))
    zones: list[tuple[str, list[Mapping[str, Any]]]] = []
    chosen.update({key: {str(i) for i in _list(action.get(key))} for key in ZONE_CHOICES})
    chosen[FORETOLD] = {str(i) for i in _list(this_turn.get("foretold_this_turn"))}
    for key in PER_PLAYER:
        for player in Player:
            _set(data, f"{key}_{player.value}", _count(_dict(this_turn.get(key)).get(player)))
    for player in Player:
        spells = [_dict(s) for s in _list(this_turn.get("spells"))]
        named = [
            (_text(s.get("card")), s.get("kicked") is True)
            for s in spells
            if _text(s.get("card")) and (_text(s.get("caster")) or Player.YOU) == player
        ]
        _set(data, f"spells_{player.value}", spell_lines(named))
    types = [t for t in _list(this_turn.get("combat_damage_by_types")) if isinstance(t, str)]
    _set(data, "combat_damage_by_types", ", ".join(types))
    _set(data, "first_card_drawn", _text(this_turn.get("first_card_drawn")))
    for prefix in ZONE_PREFIXES:
        cards = [_dict(r) for r in _list(request.get(prefix)) if _dict(r).get("card")]
        zones.append((prefix, cards))
        for index, row in enumerate(cards[: LIMITS[prefix]]):
            ident = _text(row.get("id"))
            _set(data, f"{prefix}-{index}-id", ident)
            _set(data, f"{prefix}-{index}-card", _text(row.get("card")))
            data[f"{prefix}-{index}-owner"] = _text(row.get("owner")) or Player.YOU
            flags = [key for key in (*ZONE_CHOICES, FORETOLD) if ident and ident in chosen[key]]
            flags += [state for state in EXILED_STATES if row.get(state) is True]
            _set(data, f"{prefix}-{index}-flags", flags)
            _set(data, f"{prefix}-{index}-exiled_with", _text(row.get("exiled_with")))
            if ident and ident == data.get("card_id") and not data.get("card"):
                _set(data, "card", _text(row.get("card")))
    for prefix, objects in ((BATTLEFIELD_PREFIX, battlefield), (STACK_PREFIX, stack), *zones):
        total = min(len(objects), LIMITS[prefix])
        data[f"{prefix}-TOTAL_FORMS"] = data[f"{prefix}-INITIAL_FORMS"] = str(total)
        for index in range(total):  # rows from a link may lack ids: give them fresh ones
            if not data.get(f"{prefix}-{index}-id"):
                data[f"{prefix}-{index}-id"] = next_id(data, prefix)
    data["layout"] = layout_signature(data)
    return data


def _set_chosen(data: QueryDict, prefix: str, values: Mapping[str, Any]) -> None:
    """A ``chosen`` object's values as the fields ``<prefix>_name``, ``_type``…"""
    for key in CHOSEN_FIELDS:
        value = values.get(key)
        valid = _count(value) == value if key == "number" else isinstance(value, str)
        _set(data, f"{prefix}_{key}", str(value) if valid else None)


def _chosen(values: Mapping[str, Any], prefix: str) -> dict[str, Any]:
    """The ``chosen`` object of the fields ``<prefix>_name``, ``_type``… (the values set)."""
    found = {key: values.get(f"{prefix}_{key}") for key in CHOSEN_FIELDS}
    return {key: value for key, value in found.items() if value not in (None, "")}


def _row(data: QueryDict, prefix: str, index: int, row: Mapping[str, Any], owner: Player) -> None:
    _set(data, f"{prefix}-{index}-id", _text(row.get("id")))
    _set(data, f"{prefix}-{index}-card", _text(row.get("card")))
    data[f"{prefix}-{index}-controller"] = _text(row.get("controller")) or owner


def new_bench_data(card: str | None = None) -> QueryDict:
    """The data of a new workbench, empty or casting ``card``.

    Any mana is assumed, so the first cast answers with no set-up: legal or not for what the
    card itself asks (timing, targets, kicker), whatever lands the board lacks. The result
    panel says so, with a control that puts the lands to pay on the battlefield instead
    (:mod:`rulesite.workbench.lands`).
    """
    action: dict[str, Any] = {"kind": ActionKind.CAST}
    if card:
        action["card"] = card
    return form_data({"action": action, "assume_mana": True})


# --- The forms bound, and the request they hold -----------------------------------------------


def _object(row: Mapping[str, Any], *, default_controller: Player) -> dict[str, Any]:
    """A battlefield or stack row's object: its id, card and controller."""
    controller = row.get("controller") or default_controller.value
    return {"id": row["id"], "card": row["card"], "controller": controller}


def row_label(ident: str, name: str) -> str:
    return f"{name.strip() or '?'} ({ident})"


class Workbench:
    """The main form and the two formsets, bound to the same data."""

    def __init__(self, data: QueryDict, *, catalog: CardCatalog, bound: bool = True) -> None:
        """Bind the forms to ``data``; ``bound=False`` only shows it (a fresh, empty bench)."""
        if any(f"{prefix}-TOTAL_FORMS" not in data for prefix in ZONE_PREFIXES):
            # A page drawn before the board had zones posts none: they are empty.
            data = data.copy()
            for prefix in ZONE_PREFIXES:
                data.setdefault(f"{prefix}-TOTAL_FORMS", "0")
                data.setdefault(f"{prefix}-INITIAL_FORMS", "0")
        self.data = data
        self.bound = bound
        self.catalog = catalog
        card_name = str(data.get("card", "") or "")
        permanents = rows(data, BATTLEFIELD_PREFIX)
        spells = rows(data, STACK_PREFIX)
        zone_cards = [row for prefix in ZONE_PREFIXES for row in rows(data, prefix)]
        everything = permanents + spells + zone_cards
        catalog.preload([card_name, *(name for _ident, name in everything)])
        uncastable: engine.EngineError | None = None
        try:
            definition = catalog.get(card_name) if card_name.strip() else None
        except engine.EngineError as exc:  # rulesite.cards.catalog.UncastableCard
            definition, uncastable = None, exc
        definition = chosen_face(definition, data.get("face"), card_name)
        if definition is not None and definition.face and not data.get("face"):
            # Named by a face's own name ("Stomp"): the face select shows that face.
            data = data.copy()
            data["face"] = str(definition.face)
            self.data = data
        self.cast = CastForm(
            data if bound else None,
            initial=None if bound else {k: data.get(k) for k in data},
            catalog=catalog,
            definition=definition,
            permanents=[(i, row_label(i, n)) for i, n in permanents if i],
            spells=[(i, row_label(i, n)) for i, n in spells if i],
            zone_cards=[(i, row_label(i, n)) for i, n in zone_cards if i],
            hand=[i for i, _name in rows(data, "hand")],
        )
        # Every row is checked, blank or not (a blank card just means "no row").
        row_kwargs = {"catalog": catalog, "empty_permitted": False}
        self.battlefield: RowFormSet = BattlefieldFormSet(  # type: ignore[assignment]
            data if bound else None, prefix=BATTLEFIELD_PREFIX, form_kwargs=row_kwargs
        )
        self.stack: RowFormSet = StackFormSet(  # type: ignore[assignment]
            data if bound else None, prefix=STACK_PREFIX, form_kwargs=row_kwargs
        )
        self.zones: dict[str, RowFormSet] = {
            prefix: ZoneFormSet(  # type: ignore[misc]
                data if bound else None,
                prefix=prefix,
                form_kwargs={**row_kwargs, "zone": zone},
            )
            for prefix, zone in ZONE_PREFIXES.items()
        }
        self.layout = layout_signature(data)
        if uncastable is not None and bound:
            self.cast.add_error("card", str(uncastable))
        self._rows: dict[str, list[int]] = {prefix: [] for prefix in LIMITS}

    @property
    def layout_changed(self) -> bool:
        return str(self.data.get("layout", "")) != self.layout

    @property
    def has_errors(self) -> bool:
        return self.bound and bool(
            self.cast.errors or any(formset.total_error_count() for formset in self.formsets)
        )

    @property
    def formsets(self) -> list[RowFormSet]:
        """The board's rows: battlefield, stack, hand, graveyard, exile."""
        return [self.battlefield, self.stack, *self.zones.values()]

    def is_valid(self) -> bool:
        if not self.bound:
            return False
        valid = [self.cast.is_valid(), *(formset.is_valid() for formset in self.formsets)]
        return all(valid)

    def request_data(self) -> dict[str, Any]:
        """The evaluate request these forms hold (call after :meth:`is_valid`)."""
        formsets = {BATTLEFIELD_PREFIX: self.battlefield, STACK_PREFIX: self.stack, **self.zones}
        filled = {prefix: list(self._filled(prefix, form)) for prefix, form in formsets.items()}
        cast = self.cast
        return build_request(
            cast.cleaned_data, cast.kicker_fields, cast.optional_fields, cast.definition, filled
        )

    def _filled(self, prefix: str, formset: forms.BaseFormSet[Any]) -> Iterator[dict[str, Any]]:
        """The cleaned rows that name a card (a row left empty is no object), their positions
        kept for :meth:`add_request_errors`."""
        self._rows[prefix] = []
        for index, form in enumerate(formset.forms):
            if form.cleaned_data.get("card"):
                self._rows[prefix].append(index)
                yield form.cleaned_data

    # --- The engine's field errors, back on the fields -------------------------------------

    def add_request_errors(self, errors: Iterable[engine.FieldError]) -> None:
        """Show the engine's input errors on the fields that hold what they are about."""
        for error in errors:
            form, name = self._field_of(error.path)
            if form is not None and name is not None and name in form.fields:
                form.add_error(name, error.message)
            else:
                message = f"{error.field}: {error.message}" if error.field else error.message
                (form or self.cast).add_error(None, message)

    def _field_of(self, path: tuple[str | int, ...]) -> tuple[forms.Form | None, str | None]:
        """The form and field that hold the request's value at ``path``."""
        head, rest = (path[0], path[1:]) if path else ("", ())
        if head in LIMITS and rest and isinstance(rest[0], int):
            positions = self._rows[str(head)]
            if rest[0] >= len(positions):
                return None, None
            formset = {
                BATTLEFIELD_PREFIX: self.battlefield,
                STACK_PREFIX: self.stack,
                **self.zones,
            }[str(head)]
            key = str(rest[1]) if len(rest) > 1 else None
            if key == "chosen" and len(rest) > 2:
                return formset.forms[positions[rest[0]]], f"chosen_{rest[2]}"
            return formset.forms[positions[rest[0]]], _ROW_FIELDS.get(key, key)
        if head == "action" and rest:
            key = str(rest[0])
            if key == "kicker":
                return self.cast, self.cast.kicker_fields[0] if self.cast.kicker_fields else None
            if key == "optional_costs":
                return self.cast, f"optional_{rest[1]}" if len(rest) > 1 else None
            if key == "chosen":
                return self.cast, f"cast_chosen_{rest[1]}" if len(rest) > 1 else None
            if key == "alternative_cost" and "cost_option" in self.cast.fields:
                return self.cast, "cost_option" if self.cast["cost_option"].value() else key
            if key in (*ROW_CHOICES, *ZONE_CHOICES):
                return self.cast, None
            return self.cast, _ACTION_FIELDS.get(key, key)
        if head == "turn" and rest:
            return self.cast, str(rest[0]) if rest[0] in (
                "active_player",
                "phase",
                "step",
                "day_night",
            ) else None
        if head == "this_turn" and rest:
            key = str(rest[0])
            if key in PER_PLAYER:
                return self.cast, f"{key}_{rest[1]}" if len(rest) > 1 else None
            if key == "spells":
                return self.cast, self._spells_field(rest[1:])
            return self.cast, key if key in ("combat_damage_by_types", "first_card_drawn") else None
        if head == "player_counters" and rest:
            kind = str(rest[1]) if len(rest) > 1 else ""
            named = kind in PLAYER_COUNTER_KINDS and rest[0] in ("you", "opponent")
            return self.cast, f"{kind}_counters_{rest[0]}" if named else None
        if head == "life" and rest:
            return self.cast, f"life_{rest[0]}" if rest[0] in ("you", "opponent") else None
        if head in ("mana_pool", "assume_mana"):
            return self.cast, str(head)
        return None, None

    def _spells_field(self, rest: tuple[str | int, ...]) -> str | None:
        """The box holding ``this_turn.spells[i]``: its caster's (the request lists yours,
        then your opponent's)."""
        if not rest or not isinstance(rest[0], int):
            return None
        yours = len(self.cast.cleaned_data.get("spells_you") or ())
        return "spells_you" if rest[0] < yours else "spells_opponent"


# --- The cleaned values as the request ------------------------------------------------------


def build_request(
    cleaned: Mapping[str, Any],
    kicker_fields: list[str],
    optional_fields: list[str],
    definition: engine.CardDefinition | None,
    rows: Mapping[str, list[dict[str, Any]]],
) -> dict[str, Any]:
    """The evaluate request of the cast form's cleaned values (``cleaned``, with the card's
    ``kicker_fields`` and ``optional_fields``) and the rows that name a card, by prefix:
    the one mapping of the form's fields to the request, for :class:`Workbench` and for
    :mod:`rulesite.workbench.posted`."""
    kind = ActionKind(cleaned.get("kind") or ActionKind.CAST)
    action: dict[str, Any] = {"kind": kind.value, "player": cleaned.get("player") or "you"}
    if cleaned.get("card"):
        action["card"] = cleaned["card"]
    if kind.is_cast:
        kicker = [1 if cleaned.get(f) else 0 for f in kicker_fields[:-1]]
        last = kicker_fields[-1:]
        if last == ["multikicker"]:
            kicker.append(int(cleaned.get("multikicker") or 0))
        elif last:
            kicker.append(1 if cleaned.get(last[0]) else 0)
        if any(kicker):
            action["kicker"] = kicker
        optional = {
            name.removeprefix("optional_"): int(cleaned.get(name) or 0) for name in optional_fields
        }
        if any(optional.values()):
            action["optional_costs"] = {k: count for k, count in optional.items() if count}
        if cleaned.get("fuse"):
            action["fuse"] = True
        elif cleaned.get("face"):
            action["face"] = int(cleaned["face"])
        if cleaned.get("x") is not None:
            action["x"] = int(cleaned["x"])
        if cleaned.get("assist"):
            action["assist"] = int(cleaned["assist"])
        if cleaned.get("modes"):
            action["modes"] = [int(mode) for mode in cleaned["modes"]]
        if cleaned.get("cost_option"):
            action["alternative_cost"] = cleaned["cost_option"]
        elif cleaned.get("without_paying"):
            action["alternative_cost"] = FREE
        elif cleaned.get("alternative_cost"):
            action["alternative_cost"] = cleaned["alternative_cost"]
        if cleaned.get("cast_from") and cleaned["cast_from"] != Zone.HAND:
            action["from"] = cleaned["cast_from"]
        if cleaned.get("card_id"):
            action["card_id"] = cleaned["card_id"]
        chosen_values = _chosen(cleaned, "cast_chosen")
        if chosen_values:
            action["chosen"] = chosen_values
    for key in ("cost_increases", "cost_reductions"):
        if cleaned.get(key):
            action[key] = list(cleaned[key])
    battlefield, chosen = _permanents(rows.get(BATTLEFIELD_PREFIX, []))
    zones, zone_chosen = _zone_cards({prefix: rows.get(prefix, []) for prefix in ZONE_PREFIXES})
    chosen.update(zone_chosen)
    for key in (*ROW_CHOICES, *ZONE_CHOICES):
        if chosen[key]:
            action[key] = chosen[key]
    for key, keyword in AUTO.items():
        if kind.is_cast and not chosen[key] and getattr(definition, keyword, False):
            action[key] = CONVOKE_AUTO
    if cleaned.get("targets"):
        action["targets"] = list(cleaned["targets"])
    for key in ("copy_of", "source"):
        if cleaned.get(key):
            action[key] = cleaned[key]
    request: dict[str, Any] = {"action": action}
    if battlefield:
        request["battlefield"] = battlefield
    stack = _spells(rows.get(STACK_PREFIX, []))
    if stack:
        request["stack"] = stack
    for prefix, cards in zones.items():
        if cards:
            request[prefix] = cards
    life = {player.value: cleaned.get(f"life_{player.value}") for player in Player}
    life = {player: LIFE if total is None else int(total) for player, total in life.items()}
    if any(total != LIFE for total in life.values()):
        request["life"] = life
    player_counters = {
        player.value: {
            kind: int(cleaned[f"{kind}_counters_{player.value}"])
            for kind in PLAYER_COUNTER_KINDS
            if cleaned.get(f"{kind}_counters_{player.value}")
        }
        for player in Player
    }
    player_counters = {player: kinds for player, kinds in player_counters.items() if kinds}
    if player_counters:
        request["player_counters"] = player_counters
    if cleaned.get("mana_pool"):
        request["mana_pool"] = cleaned["mana_pool"]
    if cleaned.get("assume_mana"):
        request["assume_mana"] = True
    request["turn"] = {
        "active_player": cleaned.get("active_player") or Player.YOU.value,
        "phase": cleaned.get("phase") or Phase.MAIN1.value,
    }
    if cleaned.get("step"):
        request["turn"]["step"] = cleaned["step"]
    if cleaned.get("day_night"):
        request["turn"]["day_night"] = cleaned["day_night"]
    this_turn = _this_turn(cleaned, chosen[FORETOLD], chosen[PERMISSION_USED])
    if this_turn:
        request["this_turn"] = this_turn
    return request


def _this_turn(cleaned: Mapping[str, Any], foretold: list[str], used: list[str]) -> dict[str, Any]:
    """What the form says happened earlier this turn (only what differs from nothing)."""
    this_turn: dict[str, Any] = {}
    for key, fields in _PER_PLAYER_FIELDS:
        counts = {player: int(cleaned.get(name) or 0) for player, name in fields}
        if any(counts.values()):
            this_turn[key] = counts
    spells = [
        {"card": name, "caster": player.value, **({"kicked": True} if kicked else {})}
        for player in Player
        for name, kicked in cleaned.get(f"spells_{player.value}") or ()
    ]
    if spells:
        this_turn["spells"] = spells
    if cleaned.get("combat_damage_by_types"):
        this_turn["combat_damage_by_types"] = list(cleaned["combat_damage_by_types"])
    if cleaned.get("first_card_drawn"):
        this_turn["first_card_drawn"] = cleaned["first_card_drawn"]
    if foretold:
        this_turn["foretold_this_turn"] = foretold
    if used:
        this_turn["permissions_used"] = used
    return this_turn


def _permanents(
    rows: list[dict[str, Any]],
) -> tuple[list[dict[str, Any]], dict[str, list[str]]]:
    permanents: list[dict[str, Any]] = []
    chosen: dict[str, list[str]] = {key: [] for key in (*ROW_CHOICES, PERMISSION_USED)}
    for row in rows:
        flags = set(row.get("flags") or ())
        permanent = _object(row, default_controller=Player.YOU)
        permanent.update({state: True for state in ROW_STATES if state in flags})
        if "kicked" in flags:
            permanent["kicker"] = [1]
        if row.get("counters"):
            permanent["counters"] = {COUNTER: int(row["counters"])}
        chosen_values = _chosen(row, "chosen")
        if chosen_values:
            permanent["chosen"] = chosen_values
        if row.get("attached_to"):
            permanent["attached_to"] = row["attached_to"]
        permanents.append(permanent)
        for key in chosen:
            if key in flags:
                chosen[key].append(row["id"])
    return permanents, chosen


def _zone_cards(
    rows: Mapping[str, list[dict[str, Any]]],
) -> tuple[dict[str, list[dict[str, Any]]], dict[str, list[str]]]:
    cards: dict[str, list[dict[str, Any]]] = {}
    chosen: dict[str, list[str]] = {key: [] for key in (*ZONE_CHOICES, FORETOLD)}
    for prefix, filled in rows.items():
        cards[prefix] = []
        for row in filled:
            owner = row.get("owner") or Player.YOU.value
            card = {"id": row["id"], "card": row["card"], "owner": owner}
            if row.get("exiled_with"):
                card["exiled_with"] = row["exiled_with"]
            for state in EXILED_STATES:
                if state in (row.get("flags") or ()):
                    card[state] = True
            cards[prefix].append(card)
            for key in chosen:
                if key in (row.get("flags") or ()):
                    chosen[key].append(row["id"])
    return cards, chosen


def _spells(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    spells: list[dict[str, Any]] = []
    for row in rows:
        spell = _object(row, default_controller=Player.OPPONENT)
        if row.get("kicked"):
            spell["kicker"] = [1]
        if row.get("x"):
            spell["x"] = int(row["x"])
        if row.get("copy"):
            spell["copy"] = True
        for key in ("targets", "modes"):
            if row.get(key):
                spell[key] = list(row[key])
        spells.append(spell)
    return spells


_ACTION_FIELDS = {"from": "cast_from"}
"""Action keys the cast form holds under another name."""
_ROW_FIELDS: dict[str | None, str | None] = {
    **{state: "flags" for state in (*ROW_STATES, *EXILED_STATES)},
    "kicker": None,
    "chosen": None,
}
"""Where a row's request keys are shown, when not under their own name."""
