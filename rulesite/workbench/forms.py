"""The workbench's form classes: the action and the caster's choices (:class:`CastForm`), the
battlefield's permanents (:class:`PermanentForm`) and the stack's spells (:class:`SpellForm`).

Their choices and limits are the engine's (:mod:`engine.contract`); how they are bound to
posted data and turned into an evaluate request is :mod:`rulesite.workbench.mapping`, and the
no-JavaScript editing buttons are :mod:`rulesite.workbench.editing`.

The forms are plain Django forms: each copies its fields, as Django does. Sharing the fields
that no form changes (the former ``LeanForm``) was measured on 2026-12 before it was removed:
0.5 ms less on the typical result (1.2 → 0.7 ms of forms, in a view of about 4 ms) and about a
quarter less on the 200-permanent link (40 → 28 ms, in a page that takes about a second to
render its rows) — not worth overriding Django's internals.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from django import forms
from django.urls import reverse_lazy
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

import engine
from engine.codec import Reader
from engine.contract import (
    MAX_CHOICES,
    MAX_COST_INCREASES,
    MAX_COUNTERS,
    MAX_KICKS,
    MAX_LIFE,
    MAX_MANA_TEXT,
    MAX_PERMANENTS,
    MAX_STACK,
    MAX_TEXT,
    MAX_X,
    MAX_ZONE,
    ActionKind,
    DayNight,
    Phase,
    Player,
    TurnCount,
    Zone,
)
from engine.fields import ID
from rulesite.cards.catalog import CardCatalog
from rulesite.cards.printed import printed_line, printed_modes
from rulesite.core.forms import LightForm, LightFormSet, WholeNumberField
from rulesite.workbench.labels import (
    ACTIONS,
    COLORS,
    PHASES,
    PLAYERS,
    STEPS,
    TURN_COUNTS_OPPONENT,
    TURN_COUNTS_YOU,
    ZONES,
)

__all__ = [
    "CHOSEN_FIELDS",
    "BattlefieldFormSet",
    "CastForm",
    "PermanentForm",
    "RowFormSet",
    "SpellForm",
    "StackFormSet",
    "ZoneCardForm",
    "ZoneFormSet",
]

PLAYER_CHOICES = [(player.value, PLAYERS[player]) for player in Player]
KIND_CHOICES = [(kind.value, ACTIONS[kind]) for kind in ActionKind]
PLAYER_COUNTER_KINDS = ("experience", "energy", "poison")
"""The kinds of counters on players the form sets (``player_counters``, CR 122.1), one number
field per player (``experience_counters_you``…)."""
DAY_NIGHT_CHOICES = [
    ("", _("Neither (as the game starts)")),
    (DayNight.DAY.value, _("Day")),
    (DayNight.NIGHT.value, _("Night")),
]
PHASE_CHOICES = [(phase.value, PHASES[phase]) for phase in Phase]
STEP_CHOICES: list[tuple[Any, Any]] = [
    ("", _("Any step of the phase")),
    *(
        (PHASES[phase], [(step.value, STEPS[step]) for step in phase.steps])
        for phase in Phase
        if phase.steps
    ),
]
ZONE_CHOICES = [(zone.value, ZONES[zone]) for zone in Zone]
PERMANENT_FLAGS = [
    ("tapped", _("Tapped")),
    ("summoning_sick", _("Summoning sick")),
    ("attacking", _("Attacking")),
    ("blocking", _("Blocking")),
    ("face_down", _("Face down")),
    ("token", _("Token")),
    ("commander", _("Commander")),
    ("kicked", _("Kicked")),
    ("convoke", _("Tap for convoke")),
    ("sacrifice", _("Sacrifice")),
    ("tap", _("Tap to pay a cost")),
    ("return", _("Return to its owner's hand to pay a cost")),
    ("counter", _("Put a -1/-1 counter on it to pay a cost")),
    ("improvise", _("Tap for improvise")),
    ("permission_used", _("Its once-each-turn permission was used this turn")),
]
"""A permanent's on/off states: its own (the engine's booleans), "kicked" (its first kicker
paid), the action's choices it takes part in (convoke, sacrifice, tap, return,
counter, improvise), and what is known of it this turn (its once-each-turn permission used:
``this_turn.permissions_used``)."""
ZONE_FLAGS = {
    Zone.HAND: [
        ("discard", _("Discard to pay a cost")),
        ("exile", _("Exile to pay a cost")),
        ("reveal", _("Reveal to pay a cost")),
        ("splice", _("Splice onto the spell")),
    ],
    Zone.GRAVEYARD: [("exile", _("Exile to pay a cost")), ("delve", _("Exile for delve"))],
    Zone.EXILE: [
        ("foretold", _("Foretold this turn")),
        ("may_play", _("May be played: an effect allows it")),
        ("on_adventure", _("On an adventure: exiled by its own Adventure")),
    ],
    Zone.LIBRARY: [],
}
"""The action's cost choices a card in each zone can take part in, and what is known of it
this turn (foretold) or now (an exiled card an effect lets its owner play, or one its
Adventure exiled, 715.3d)."""
ZONE_WORDS = {
    Zone.HAND: (
        _("No cards in hand."),
        _("Add a card to your hand"),
        _("Add a card to your opponent's hand"),
    ),
    Zone.GRAVEYARD: (
        _("The graveyards are empty."),
        _("Add a card to your graveyard"),
        _("Add a card to your opponent's graveyard"),
    ),
    Zone.EXILE: (
        _("No cards in exile."),
        _("Exile a card you own"),
        _("Exile a card your opponent owns"),
    ),
    Zone.LIBRARY: (
        _("No library's top card is known."),
        _("Put a card on top of your library"),
        _("Put a card on top of your opponent's library"),
    ),
}
"""Each zone's words on the board: when it is empty, and its two buttons."""
ZONE_CARD_LABELS = {
    Zone.HAND: _("Card in hand"),
    Zone.GRAVEYARD: _("Card in a graveyard"),
    Zone.EXILE: _("Card in exile"),
    Zone.LIBRARY: _("Top card of a library"),
}
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
    if len(costs) > MAX_COST_INCREASES:
        raise forms.ValidationError(
            _("At most %(count)d costs."), code="too_many", params={"count": MAX_COST_INCREASES}
        )
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
        kwargs.setdefault("max_length", MAX_TEXT)
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


def check_card_name(catalog: CardCatalog | None, name: str) -> str:
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


def _count(label: Any) -> WholeNumberField:
    return WholeNumberField(label=label, required=False, min_value=0, max_value=MAX_LIFE)


TURN_COUNT_FIELDS = {
    f"{kind.value}_{player.value}": (kind, player) for kind in TurnCount for player in Player
}
"""One number field per player for each count of ``this_turn`` (``life_lost_you``…), from
the engine's :class:`~engine.contract.TurnCount`: a new count gets its field here."""
SPELL_LIST_FIELDS = {f"spells_{player.value}": player for player in Player}
"""The spells each player cast earlier this turn, by name (``this_turn.spells``)."""
THIS_TURN_FIELDS = (
    *TURN_COUNT_FIELDS,
    *SPELL_LIST_FIELDS,
    "combat_damage_by_types",
    "first_card_drawn",
)
SPELL_LIST_LENGTH = MAX_CHOICES * (MAX_TEXT + 12)
"""Characters in one "spells cast this turn" box: room for its longest list."""
KICKED_MARK = re.compile(r"\s*\((?P<mark>[^()]*)\)\s*$")
"""A spell's line ends with "(kicked)" when it was kicked."""


def kicked_word() -> str:
    """The mark of a kicked spell in the current language ("kicked", "kické")."""
    return str(_("kicked"))


def parse_spell_lines(catalog: CardCatalog | None, text: str) -> list[tuple[str, bool]]:
    """The spells of a "spells cast this turn" box: one card name per line, "(kicked)" after a
    kicked one (in English or the page's language).

    :raises forms.ValidationError: naming an unknown card, or for too many lines.
    """
    spells: list[tuple[str, bool]] = []
    if not text:
        return spells
    marks = {"kicked", kicked_word().casefold()}
    for line in text.splitlines():
        name, kicked = line.strip(), False
        mark = KICKED_MARK.search(name)
        if mark and mark.group("mark").strip().casefold() in marks:
            name, kicked = name[: mark.start()].strip(), True
        if name:
            spells.append((check_card_name(catalog, name), kicked))
    if len(spells) > MAX_CHOICES:
        raise forms.ValidationError(
            _("At most %(count)d spells."), code="too_many", params={"count": MAX_CHOICES}
        )
    return spells


def spell_lines(spells: Iterable[tuple[str, bool]]) -> str:
    """The text of a "spells cast this turn" box (see :func:`parse_spell_lines`)."""
    return "\n".join(f"{name} ({kicked_word()})" if kicked else name for name, kicked in spells)


def _number(maximum: int, label: Any) -> WholeNumberField:
    return WholeNumberField(
        label=label,
        required=False,
        min_value=0,
        max_value=maximum,
        widget=forms.NumberInput(attrs={"class": "live-number"}),
    )


Cleaner = Callable[[CardCatalog | None, Any], Any]
"""A field's own check after Django's (``clean_<name>``): the catalog and the field's cleaned
value in, the value to keep out, or :class:`~django.forms.ValidationError`."""


def _stripped(catalog: CardCatalog | None, value: str) -> str:
    return str(value or "").strip()


def _mana(catalog: CardCatalog | None, value: str) -> str:
    return parse_mana(value or "")


def _mana_list(catalog: CardCatalog | None, value: str) -> list[str]:
    return parse_mana_list(value or "")


def _type_list(catalog: CardCatalog | None, value: str) -> list[str]:
    types = [part.strip() for part in (value or "").split(",") if part.strip()]
    if len(types) > MAX_CHOICES:
        raise forms.ValidationError(
            _("At most %(count)d types."), code="too_many", params={"count": MAX_CHOICES}
        )
    return types


class CheckedForm(LightForm):
    """A form whose fields' own checks are the functions of ``cleaners`` (each becomes the
    form's ``clean_<name>``), so that :mod:`rulesite.workbench.posted` reads the same fields
    with the same checks without building the form."""

    cleaners: ClassVar[dict[str, Cleaner]] = {}
    catalog: CardCatalog | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name, cleaner in cls.cleaners.items():
            setattr(cls, f"clean_{name}", _clean_method(name, cleaner))


def _clean_method(name: str, cleaner: Cleaner) -> Callable[[CheckedForm], Any]:
    def clean(form: CheckedForm) -> Any:
        return cleaner(form.catalog, form.cleaned_data.get(name))

    clean.__name__ = f"clean_{name}"
    return clean


@dataclass(frozen=True)
class CardFields:
    """The cast form's fields for one card's own choices (kicker, X, modes…), by name."""

    fields: dict[str, forms.Field]
    kicker: list[str]
    """The kicker fields in order: ``kicker_0``…, then ``multikicker`` when it has one."""
    optional: list[str]
    """``optional_<keyword>``: how many times each optional additional cost is paid."""


def card_fields(
    definition: engine.CardDefinition | None, catalog: CardCatalog | None = None
) -> CardFields:
    """The fields the cast form adds for ``definition``'s choices (none without a card)."""
    fields: dict[str, forms.Field] = {}
    kicker: list[str] = []
    optional: list[str] = []
    if definition is None:
        return CardFields(fields, kicker, optional)
    if len(definition.cast_faces) > 1:
        french = (get_language() or "en").startswith("fr")
        fields["face"] = forms.TypedChoiceField(
            label=_("Face to cast"),
            choices=[
                (
                    str(i),
                    definition.faces[i].name_fr
                    if french and definition.faces[i].name_fr
                    else definition.faces[i].name,
                )
                for i in definition.cast_faces
            ],
            coerce=int,
            required=False,
            empty_value=None,
        )
    if definition.fused is not None:
        fields["fuse"] = forms.BooleanField(
            label=_("Cast both halves (fuse)"),
            help_text=_("From your hand only; the face to cast is then ignored."),
            required=False,
        )
    for index, cost in enumerate(definition.kicker_costs):
        name = f"kicker_{index}"
        fields[name] = forms.BooleanField(label=kicker_label(cost), required=False)
        kicker.append(name)
    if definition.multikicker_cost is not None:
        label = _("Multikicker %(cost)s: times paid") % {"cost": definition.multikicker_cost}
        fields["multikicker"] = _number(MAX_KICKS, label)
        kicker.append("multikicker")
    for extra in definition.optional_costs:
        name = f"optional_{extra.keyword}"
        if extra.repeatable:
            label = _("%(cost)s: times paid") % {"cost": extra.text}
            fields[name] = _number(MAX_KICKS, label)
        else:
            fields[name] = forms.BooleanField(label=extra.text, required=False)
        optional.append(name)
    if definition.has_x:
        fields["x"] = _number(MAX_X, _("Value of X"))
    if "assist" in definition.keywords:
        fields["assist"] = _number(MAX_X, _("Assist: generic mana another player pays"))
    if definition.is_modal:
        texts, lang = _mode_texts(definition, catalog)
        fields["modes"] = forms.MultipleChoiceField(
            label=modes_label(definition.mode_count),
            choices=[(str(i), text) for i, text in enumerate(texts)],
            required=False,
            widget=forms.CheckboxSelectMultiple(attrs={"lang": lang}),
        )
    if definition.alternative_keys:
        fields["cost_option"] = forms.ChoiceField(
            label=_("Cost to pay"),
            choices=cost_options(definition, _printed_fr(definition, catalog)),
            required=False,
        )
    return CardFields(fields, kicker, optional)


def chosen_face(
    definition: engine.CardDefinition | None, posted: object, name: str = ""
) -> engine.CardDefinition | None:
    """The face of ``definition`` the posted ``face`` value casts (709.3, 712.11b, 715.3):
    the one chosen if it can be cast, else the face the card ``name`` names by its own name
    ("Stomp"), else the first, as the engine reads the action.

    >>> chosen_face(None, "1") is None
    True
    """
    if definition is None or not definition.faces:
        return definition
    index = int(posted) if isinstance(posted, str) and posted.isdigit() and len(posted) < 3 else -1
    if index not in definition.cast_faces:
        index = definition.face_named(name).face
    return definition.faces[index if index in definition.cast_faces else 0]


def board_choices(
    permanents: Iterable[tuple[str, str]] = (),
    spells: Iterable[tuple[str, str]] = (),
    zone_cards: Iterable[tuple[str, str]] = (),
    hand: Iterable[str] = (),
) -> dict[str, list[tuple[str, Any]]]:
    """The cast form's choices that list the board's objects, by field: (id, label) pairs of
    the permanents, the spells and the cards in zones (the ids in ``hand`` among them)."""
    permanents, spells, zone_cards = list(permanents), list(spells), list(zone_cards)
    hand = set(hand)
    players: list[tuple[str, Any]] = [(p.value, PLAYERS[p]) for p in reversed(Player)]
    none: list[tuple[str, Any]] = [("", pgettext_lazy("no choice", "—"))]
    return {
        "targets": players + permanents + spells,
        "copy_of": none + spells + permanents,
        "source": none + permanents,
        "card_id": none + zone_cards,
        "first_card_drawn": none + [c for c in zone_cards if c[0] in hand],
    }


def _printed_fr(definition: engine.CardDefinition, catalog: CardCatalog | None) -> str:
    """The card's printed French text when the page is in French ("" otherwise)."""
    row = catalog.row(definition) if catalog is not None else None
    if row is None or get_language() != "fr":
        return ""
    return row.printed_text_fr


def _mode_texts(
    definition: engine.CardDefinition, catalog: CardCatalog | None
) -> tuple[list[str], str]:
    """The modes' words and their language: the card's printed French text on /fr/ when
    it lists the same modes, the Oracle text otherwise."""
    french = printed_modes(_printed_fr(definition, catalog), len(definition.modes))
    if french is not None:
        return french, "fr"
    return list(definition.modes), "en"


class CastForm(CheckedForm):
    """The action and the caster's choices (those the chosen card has)."""

    kind = forms.ChoiceField(label=_("Action"), choices=KIND_CHOICES, initial=ActionKind.CAST)
    player = forms.ChoiceField(label=_("Acting player"), choices=PLAYER_CHOICES, initial=Player.YOU)
    card = CardNameField(label=_("Card"), required=False)
    cast_from = forms.ChoiceField(
        label=_("Cast from"), choices=ZONE_CHOICES, initial=Zone.HAND, required=False
    )
    card_id = forms.ChoiceField(label=_("The card in that zone"), required=False)
    without_paying = forms.BooleanField(
        label=_("Without paying its mana cost (alternative cost {0})"), required=False
    )
    alternative_cost = forms.CharField(
        label=_("Alternative cost"),
        required=False,
        max_length=MAX_MANA_TEXT,
        help_text=_("Paid instead of the mana cost, e.g. {2}{R}."),
    )
    cost_increases = forms.CharField(
        label=_("Other cost increases"),
        required=False,
        max_length=MAX_MANA_TEXT,
        help_text=_("Besides those from permanents, e.g. {1} {2}."),
    )
    cost_reductions = forms.CharField(
        label=_("Other cost reductions"),
        required=False,
        max_length=MAX_MANA_TEXT,
        help_text=_("Besides those from permanents, e.g. {1}."),
    )
    # Values chosen as the spell is cast ("As an additional cost, choose a creature type").
    cast_chosen_name = CardNameField(label=_("Chosen name"), required=False)
    cast_chosen_type = forms.CharField(
        label=_("Chosen type"),
        required=False,
        max_length=MAX_TEXT,
        help_text=_("A card type or a subtype, e.g. instant, Goblin."),
    )
    cast_chosen_color = forms.ChoiceField(
        label=_("Chosen color"),
        required=False,
        choices=[("", _("None")), *((color.value, label) for color, label in COLORS.items())],
    )
    cast_chosen_number = _number(MAX_X, _("Chosen number"))
    targets = forms.MultipleChoiceField(
        label=_("Targets"), required=False, widget=forms.CheckboxSelectMultiple
    )
    copy_of = forms.ChoiceField(label=_("Copy of"), required=False)
    source = forms.ChoiceField(label=_("Source permanent"), required=False)
    mana_pool = forms.CharField(
        label=_("Mana in pool"),
        required=False,
        max_length=MAX_MANA_TEXT,
        help_text=_("Mana already in the acting player's pool, e.g. {R}{G}."),
    )
    assume_mana = forms.BooleanField(label=_("Assume any mana is available"), required=False)
    active_player = forms.ChoiceField(
        label=_("Whose turn"), choices=PLAYER_CHOICES, initial=Player.YOU
    )
    phase = forms.ChoiceField(label=_("Phase"), choices=PHASE_CHOICES, initial=Phase.MAIN1)
    step = forms.ChoiceField(label=_("Step"), choices=STEP_CHOICES, required=False)
    day_night = forms.ChoiceField(
        label=_("Day or night"),
        choices=DAY_NIGHT_CHOICES,
        required=False,
        help_text=_("Day and night are designations the game gains once (CR 730.1)."),
    )
    life_you = WholeNumberField(
        label=_("Your life"), min_value=0, max_value=MAX_LIFE, initial=20, required=False
    )
    life_opponent = WholeNumberField(
        label=_("Your opponent's life"), min_value=0, max_value=MAX_LIFE, initial=20, required=False
    )
    experience_counters_you = _number(MAX_COUNTERS, _("Experience counters you have"))
    experience_counters_opponent = _number(MAX_COUNTERS, _("Experience counters your opponent has"))
    energy_counters_you = _number(MAX_COUNTERS, _("Energy counters you have"))
    energy_counters_opponent = _number(MAX_COUNTERS, _("Energy counters your opponent has"))
    poison_counters_you = _number(MAX_COUNTERS, _("Poison counters you have"))
    poison_counters_opponent = _number(MAX_COUNTERS, _("Poison counters your opponent has"))
    spells_you = forms.CharField(
        label=_("Spells you cast this turn, when what they were matters"),
        required=False,
        max_length=SPELL_LIST_LENGTH,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("One card name per line; add (kicked) after a kicked spell."),
    )
    spells_opponent = forms.CharField(
        label=_("Spells your opponent cast this turn, when what they were matters"),
        required=False,
        max_length=SPELL_LIST_LENGTH,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("One card name per line; add (kicked) after a kicked spell."),
    )
    combat_damage_by_types = forms.CharField(
        label=_("Creature types that dealt combat damage to a player this turn"),
        required=False,
        max_length=MAX_MANA_TEXT,
        help_text=_("Your creatures', separated by commas, e.g. Rogue, Faerie."),
    )
    first_card_drawn = forms.ChoiceField(
        label=_("The first card you drew this turn"), required=False
    )
    layout = forms.CharField(required=False, widget=forms.HiddenInput)

    cleaners: ClassVar[dict[str, Cleaner]] = {
        "card": check_card_name,
        "cast_chosen_name": check_card_name,
        "cast_chosen_type": _stripped,
        "alternative_cost": _mana,
        "mana_pool": _mana,
        "cost_increases": _mana_list,
        "cost_reductions": _mana_list,
        "spells_you": parse_spell_lines,
        "spells_opponent": parse_spell_lines,
        "combat_damage_by_types": _type_list,
    }

    def __init__(
        self,
        *args: Any,
        catalog: CardCatalog | None = None,
        definition: engine.CardDefinition | None = None,
        permanents: Iterable[tuple[str, str]] = (),
        spells: Iterable[tuple[str, str]] = (),
        zone_cards: Iterable[tuple[str, str]] = (),
        hand: Iterable[str] = (),
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.catalog = catalog
        self.definition = definition
        own = card_fields(definition, catalog)
        self.fields.update(own.fields)
        self.kicker_fields: list[str] = own.kicker
        self.optional_fields: list[str] = own.optional
        """``optional_<keyword>``: how many times each optional additional cost is paid."""
        for name, choices in board_choices(permanents, spells, zone_cards, hand).items():
            self._choices(name, choices)

    def _choices(self, name: str, choices: list[tuple[str, Any]]) -> None:
        field = self.fields[name]
        assert isinstance(field, forms.ChoiceField)
        field.choices = choices

    @property
    def choice_fields(self) -> list[forms.BoundField]:
        """The choices this card offers: the face cast or both halves fused, the cost it is cast
        for, a checkbox per kicker cost, multikicker times, X, the mana another player pays
        (assist), its modes."""
        own = [name for name in ("x", "assist", "modes") if name in self.fields]
        names: list[str] = [n for n in ("face", "fuse", "cost_option") if n in self.fields]
        names += self.kicker_fields
        names += self.optional_fields
        return [self[name] for name in [*names, *own]]

    @property
    def casts(self) -> bool:
        """The action casts the card (it comes from a zone)."""
        return self._kind().is_cast

    def _kind(self) -> ActionKind:
        value = self["kind"].value()
        return ActionKind._value2member_map_.get(value, ActionKind.CAST)  # type: ignore[return-value]

    @property
    def needs_copy_of(self) -> bool:
        """The action copies something: a spell on the stack, or a permanent."""
        return self._kind().copies is not None or bool(self["copy_of"].value())

    @property
    def needs_source(self) -> bool:
        """The action is a permanent's: an ability, turning it face up, a trigger."""
        kind = self._kind()
        return (
            kind.needs_source
            or kind is ActionKind.PUT_TRIGGER_ON_STACK
            or bool(self["source"].value())
        )

    @property
    def has_targets(self) -> bool:
        """Whether the card's text (as the engine read it) chooses targets, kicked or not, or
        a way of casting it does (bestow, mutate)."""
        if self.definition is None:
            return False
        return self.definition.may_target

    @property
    def this_turn_fields(self) -> list[forms.BoundField]:
        """What happened earlier this turn (spectacle, surge, prowl, miracle)."""
        return [self[name] for name in THIS_TURN_FIELDS]

    @property
    def player_counter_fields(self) -> list[forms.BoundField]:
        """The counters each player has (experience, energy, poison: CR 122.1)."""
        return [
            self[f"{kind}_counters_{player.value}"]
            for kind in PLAYER_COUNTER_KINDS
            for player in Player
        ]

    @property
    def this_turn_set(self) -> bool:
        """Something is said of earlier this turn, or wrong: its section is shown open."""
        return any(field.value() or field.errors for field in self.this_turn_fields)

    def clean(self) -> dict[str, Any]:
        # Every check of the values together is in cast_problems, which the posted reader
        # (rulesite.workbench.posted) runs too; a field's own check goes in ``cleaners``.
        cleaned = super().clean() or {}
        for name, message in cast_problems(cleaned):
            if name != "card" or "card" not in self.errors:
                self.add_error(name, message)
        return cleaned


def cast_problems(cleaned: dict[str, Any]) -> list[tuple[str, Any]]:
    """What the cast form's values, each valid, can't be together: (field, message) pairs."""
    kind = ActionKind._value2member_map_.get(cleaned.get("kind"))
    if not isinstance(kind, ActionKind):
        return []
    problems: list[tuple[str, Any]] = []
    if kind.needs_card and not cleaned.get("card"):
        problems.append(("card", _("Choose the card for this action.")))
    if kind is ActionKind.COPY_SPELL and not cleaned.get("copy_of"):
        problems.append(("copy_of", _("Choose the spell to copy.")))
    if kind is ActionKind.ENTER_AS_COPY and not cleaned.get("copy_of"):
        problems.append(("copy_of", _("Choose the permanent to copy.")))
    if kind.needs_source and not cleaned.get("source"):
        problems.append(("source", _("Choose the permanent.")))
    if cleaned.get("without_paying") and cleaned.get("alternative_cost"):
        problems.append(("alternative_cost", _("Choose one alternative cost, not two.")))
    if cleaned.get("cost_option") and (
        cleaned.get("without_paying") or cleaned.get("alternative_cost")
    ):
        problems.append(("cost_option", _("Choose one alternative cost, not two.")))
    return problems


def _add_turn_count_fields() -> None:
    """Give the cast form a number field for each player's count of ``this_turn``."""
    for name, (kind, player) in TURN_COUNT_FIELDS.items():
        labels = TURN_COUNTS_YOU if player is Player.YOU else TURN_COUNTS_OPPONENT
        CastForm.base_fields[name] = _count(labels[kind])


_add_turn_count_fields()


def modes_label(count: tuple[int, int]) -> str:
    """The modes' label, with how many to choose (CR 700.2): "Modes (choose 2)"."""
    low, high = count
    if low == high:
        return str(_("Modes (choose %(count)d)") % {"count": low})
    return str(_("Modes (choose %(low)d to %(high)d)") % {"low": low, "high": high})


def cost_options(definition: engine.CardDefinition, printed_fr: str = "") -> list[tuple[str, str]]:
    """The costs ``definition`` can be cast for: its mana cost, then each of its own
    alternative costs by the engine's key ("printed", "printed:2", a keyword's), as printed:
    in the card's printed French words (``printed_fr``) where they match its Oracle text."""
    texts = {
        alt.key: printed_line(definition.oracle_text, printed_fr, alt.text) or alt.text
        for alt in definition.alternative_costs
    }
    unmodelled = {item.key: item.text for item in definition.unmodelled if item.key}
    options = [("", str(_("Its mana cost, %(cost)s") % {"cost": definition.mana_cost}))]
    for key in definition.alternative_keys:
        if key in texts:
            options.append((key, texts[key]))
        elif key in unmodelled:
            options.append((key, str(_("%(text)s (not modelled)") % {"text": unmodelled[key]})))
        else:
            options.append((key, key))
    return options


def _row_id(catalog: CardCatalog | None, ident: str) -> str:
    """An id the engine accepts: not blank, not a player's name (``engine.fields.ID``)."""
    if ID.read(ident, Reader(), ()) != ident:
        raise forms.ValidationError(_("Not a valid id."), code="invalid_id")
    return ident


def _ids(catalog: CardCatalog | None, value: str) -> list[str]:
    return [t for t in COST_SPLIT_RE.split(value or "") if t]


def _mode_numbers(catalog: CardCatalog | None, value: str) -> list[int]:
    pieces = [m for m in COST_SPLIT_RE.split(value or "") if m]
    if not all(m.isascii() and m.isdigit() and 1 <= int(m) <= MAX_CHOICES for m in pieces):
        raise forms.ValidationError(
            _("Write mode numbers from 1 to %(count)d."),
            code="modes",
            params={"count": MAX_CHOICES},
        )
    return [int(m) - 1 for m in pieces]


class RowForm(CheckedForm):
    """One row of a formset: an id, a card and the row's own settings."""

    id = forms.CharField(widget=forms.HiddenInput, max_length=MAX_TEXT)
    cleaners: ClassVar[dict[str, Cleaner]] = {"card": check_card_name, "id": _row_id}

    def __init__(self, *args: Any, catalog: CardCatalog | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.catalog = catalog


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
    counters = _number(MAX_COUNTERS, _("+1/+1 counters"))
    # What was chosen for it as it entered ("the chosen name/type/color/number", CR 607.2d).
    chosen_name = CardNameField(label=_("Chosen name"), required=False)
    chosen_type = forms.CharField(
        label=_("Chosen type"),
        required=False,
        max_length=MAX_TEXT,
        help_text=_("A card type or a subtype, e.g. instant, Goblin."),
    )
    chosen_color = forms.ChoiceField(
        label=_("Chosen color"),
        required=False,
        choices=[("", _("None")), *((color.value, label) for color, label in COLORS.items())],
    )
    chosen_number = _number(MAX_X, _("Chosen number"))
    attached_to = forms.CharField(
        label=_("Attached to"),
        required=False,
        max_length=MAX_TEXT,
        help_text=_(
            "An Aura's or Equipment's permanent id, or the player it enchants: you, opponent."
        ),
    )
    cleaners: ClassVar[dict[str, Cleaner]] = {
        **RowForm.cleaners,
        "chosen_name": check_card_name,
        "chosen_type": _stripped,
        "attached_to": _stripped,
    }


CHOSEN_FIELDS = ("name", "type", "color", "number")
"""The keys of a permanent's ``chosen``, each shown as its row's ``chosen_<key>`` field."""


class SpellForm(RowForm):
    """One spell already on the stack."""

    card = CardNameField(label=_("Spell"), required=False)
    controller = forms.ChoiceField(label=_("Controller"), choices=PLAYER_CHOICES)
    kicked = forms.BooleanField(label=_("Kicked"), required=False)
    copy = forms.BooleanField(label=_("A copy"), required=False)
    x = _number(MAX_X, _("X"))
    targets = forms.CharField(
        label=_("Its targets"),
        required=False,
        max_length=MAX_MANA_TEXT,
        help_text=_("Ids or players, e.g. p1 opponent."),
    )
    modes = forms.CharField(
        label=_("Its modes"),
        required=False,
        max_length=MAX_MANA_TEXT,
        help_text=_("Numbers in printed order, 1 for the first, e.g. 1 3."),
    )

    cleaners: ClassVar[dict[str, Cleaner]] = {
        **RowForm.cleaners,
        "targets": _ids,
        "modes": _mode_numbers,
    }


class ZoneCardForm(RowForm):
    """One card in a hand, a graveyard or exile, and the cost choices it takes part in."""

    card = CardNameField(label=_("Card"), required=False)
    owner = forms.ChoiceField(label=_("Owner"), choices=PLAYER_CHOICES)
    flags = forms.MultipleChoiceField(
        label=_("Cost choices"), required=False, widget=forms.CheckboxSelectMultiple
    )
    exiled_with = forms.CharField(
        label=_("Exiled with (a permanent's id)"),
        required=False,
        max_length=MAX_TEXT,
        help_text=_("For a permanent's “cards exiled with” abilities."),
    )

    def __init__(self, *args: Any, zone: Zone = Zone.HAND, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.zone = zone
        fit_to_zone(self.fields, zone)


def fit_to_zone(fields: dict[str, forms.Field], zone: Zone) -> None:
    """Make a :class:`ZoneCardForm`'s own copy of its fields those of a card in ``zone``."""
    if zone is not Zone.EXILE:
        del fields["exiled_with"]
    fields["card"].label = ZONE_CARD_LABELS[zone]
    field = fields["flags"]
    assert isinstance(field, forms.MultipleChoiceField)
    field.choices = ZONE_FLAGS[zone]


def repeated(idents: Iterable[object]) -> list[int]:
    """The positions of the rows whose id an earlier row has."""
    seen: set[object] = set()
    repeats = []
    for index, ident in enumerate(idents):
        if ident in seen:
            repeats.append(index)
        seen.add(ident)
    return repeats


class RowFormSet(LightFormSet):
    """Rows with unique ids; rows whose card is left blank are ignored."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        zone = (kwargs.get("form_kwargs") or {}).get("zone")
        self.zone: Zone | None = zone
        if zone is not None:
            self.legend = ZONES[zone]
            self.empty_text, self.add_yours, self.add_opponents = ZONE_WORDS[zone]

    def clean(self) -> None:
        if any(self.errors):
            return
        idents = [form.cleaned_data.get("id") for form in self.forms]
        for index in repeated(idents):
            message = _("Two rows have the id %(id)s.") % {"id": idents[index]}
            self.forms[index].add_error(None, message)

    def rows(self) -> list[dict[str, Any]]:
        return [f.cleaned_data for f in self.forms if f.cleaned_data.get("card")]


BattlefieldFormSet = forms.formset_factory(
    PermanentForm,
    formset=RowFormSet,
    extra=0,
    max_num=MAX_PERMANENTS,
    validate_max=True,
    absolute_max=MAX_PERMANENTS,
)
StackFormSet = forms.formset_factory(
    SpellForm,
    formset=RowFormSet,
    extra=0,
    max_num=MAX_STACK,
    validate_max=True,
    absolute_max=MAX_STACK,
)
ZoneFormSet = forms.formset_factory(
    ZoneCardForm,
    formset=RowFormSet,
    extra=0,
    max_num=MAX_ZONE,
    validate_max=True,
    absolute_max=MAX_ZONE,
)
