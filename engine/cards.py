"""Card definitions built by reading the card's data and oracle text; no per-card code.

>>> bolt = CardDefinition.parse(
...     name="Burst Lightning", mana_cost="{R}", type_line="Instant",
...     oracle_text="Kicker {4} (You may pay an additional {4} as you cast this spell.)\\n"
...                 "Burst Lightning deals 2 damage to any target. If this spell was kicked, "
...                 "it deals 4 damage instead.",
... )
>>> [str(c) for c in bolt.kicker_costs], bolt.not_understood
(['{4}'], ())
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from engine.abilities import (
    ActivatedAbility,
    Clause,
    ClauseKind,
    CostModifier,
    ManaAbility,
    is_colored_only,
    read_cost_change,
    read_counters,
    read_damage,
    read_keyword_cost_change,
    read_mana_ability,
)
from engine.cast_permissions import grants_play, plays_lands_only, read_cast_permission
from engine.casting_text import (
    AdditionalCost,
    AlternativeCost,
    CastingStatic,
    CastRestriction,
    Change,
    Reading,
    Relevance,
    Scope,
    SelfCostChange,
    StaticKind,
    Unmodelled,
    grants_mana_ability,
    is_alternative_cost,
    is_casting_text,
    read_additional_cost,
    read_alternative_cost,
    read_granted_free,
    read_keyword_reduction,
    read_restriction,
    read_same_is_true,
    read_self_cost_change,
    read_self_permission,
    read_static,
    read_turn_limits,
)
from engine.chosen import AnnouncedChoice, read_announced_choice
from engine.conditions import BoardCondition
from engine.contract import Zone
from engine.costs import Cost
from engine.counts import read_count
from engine.errors import InvalidNotationError
from engine.faces import FACE_SEPARATOR, Face, Layout, read_faces
from engine.filters import CARD_TYPES, Filter
from engine.keyword_costs import WAYS, read_keyword_cost
from engine.keywords import CASTING_KEYWORDS, COST_KEYWORDS, SIMPLE_KEYWORDS, Slot
from engine.mana import Color, ManaCost, ManaType
from engine.mana_spent import SpentReading, read_spent
from engine.messages import CardRef
from engine.names import fold_name, spell_name
from engine.optional_costs import (
    OptionalCost,
    Splice,
    read_optional_cost,
    read_printed_optional,
    read_splice,
)
from engine.rules import NEVER_CAST
from engine.spend_rules import read_spend_only, read_spend_only_this_way, read_spend_static
from engine.text import (
    Condition,
    TargetSpec,
    normalize,
    number_word,
    read_condition,
    read_targets,
    split_sentences,
    strip_reminder,
)

__all__ = ["CardDefinition"]

_SUPERTYPES = ("legendary", "basic", "snow", "world", "ongoing")
_NOT_PERMANENT = frozenset({"instant", "sorcery", *NEVER_CAST})
_BASIC_MANA = {
    "plains": ManaType.WHITE,
    "island": ManaType.BLUE,
    "swamp": ManaType.BLACK,
    "mountain": ManaType.RED,
    "forest": ManaType.GREEN,
}


@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class CardDefinition:
    """A card's characteristics and the abilities read from its oracle text.

    Build it with :meth:`parse`; equal inputs give the same (cached) object, and definitions
    compare by identity.
    ``announce_costs`` are the kicker costs in printed order, multikicker last (CR 702.33b–c);
    ``has_x`` says whether the mana cost or a kicker cost has {X} to announce (CR 107.3a).

    >>> elves = CardDefinition.parse(name="Llanowar Elves", mana_cost="{G}",
    ...     type_line="Creature — Elf Druid", oracle_text="{T}: Add {G}.", power="1",
    ...     toughness="1", colors="G")
    >>> elves.is_creature, len(elves.mana_abilities), elves.has_x, elves.announce_costs
    (True, 1, False, ())
    """

    name: str
    name_fr: str | None
    mana_cost: ManaCost
    type_line: str
    oracle_text: str
    power: str | None
    toughness: str | None
    colors: frozenset[Color]
    supertypes: frozenset[str]
    card_types: frozenset[str]
    subtypes: frozenset[str]
    keywords: frozenset[str]
    kicker_costs: tuple[Cost, ...]
    multikicker_cost: Cost | None
    has_convoke: bool
    has_split_second: bool
    has_flash: bool
    has_delve: bool
    has_improvise: bool
    has_morph: bool
    split_second_if_kicked: bool
    cant_spend_mana: bool
    clauses: tuple[Clause, ...]
    mana_abilities: tuple[ManaAbility, ...]
    activated_abilities: tuple[ActivatedAbility, ...]
    cost_modifiers: tuple[CostModifier, ...]
    not_understood: tuple[str, ...]
    has_mana_cost: bool = True
    modes: tuple[str, ...] = ()
    mode_count: tuple[int, int] = (0, 0)
    alternative_costs: tuple[AlternativeCost, ...] = ()
    alternative_keys: tuple[str, ...] = ()
    additional_costs: tuple[AdditionalCost, ...] = ()
    restrictions: tuple[CastRestriction, ...] = ()
    announced_choices: tuple[AnnouncedChoice, ...] = ()
    statics: tuple[CastingStatic, ...] = ()
    self_cost_changes: tuple[SelfCostChange, ...] = ()
    morph_cost: Cost | None = None
    megamorph: bool = False
    cast_only_from: Zone | None = None
    only_from_text: str | None = None
    """The sentence that lets it be cast only from ``cast_only_from`` (None: aftermath's)."""
    copies_spells: bool = False
    permissions: tuple[tuple[Zone | None, BoardCondition | None], ...] = ()
    """Its own permissions: to be cast from a zone, or as though it had flash (zone None),
    each with the board condition it needs."""
    unmodelled: tuple[Unmodelled, ...] = ()
    keyword_readings: tuple[tuple[str, Reading], ...] = ()
    optional_costs: tuple[OptionalCost, ...] = ()
    """Its optional additional costs read from keywords (buyback, entwine, escalate,
    replicate, casualty, conspire) or printed ("you may pay {2}{R}": ``additional``),
    announced in 601.2b."""
    splice: Splice | None = None
    """Its "Splice onto <quality> <cost>" (702.47a), used when it is spliced from a hand."""
    spend_only: tuple[str, Filter] | None = None
    """Its "Spend only mana produced by <sources> to cast this spell": the text and the
    sources (106.6)."""
    spent_readings: tuple[SpentReading, ...] = ()
    """Its sentences that read the mana spent to cast it (see :mod:`engine.mana_spent`)."""
    way_zones: tuple[tuple[str, Zone, str], ...] = ()
    """Keyword ways it may also be cast by from a zone, with the sentence that permits it
    ("You may cast ~ from your graveyard using its mutate ability": mutate, the graveyard)."""
    card_name: str = ""
    """The whole card's name when this is a face of a card with several ("Fire // Ice", see
    :mod:`engine.faces`): what a request names; empty for a card with one face."""
    card_name_fr: str | None = None
    """The whole card's French name ("Feu // Glace"), when it has one."""
    face: int = 0
    """Which face this is, 0-based in printed order."""
    layout: Layout = Layout.SINGLE
    faces: tuple[CardDefinition, ...] = ()
    """Each face of a card with several, in printed order (this definition among them); the
    first is the card as a request names it."""
    cast_faces: tuple[int, ...] = ()
    """The faces that can be cast: not a transforming card's back face, nor a land (712.8a)."""
    fused: CardDefinition | None = None
    """A split card with fuse: both halves cast as one spell from a hand (702.102a–c), with
    the combined characteristics and the mana cost of each half."""
    is_fused: bool = False
    """Whether this is such a fused split spell."""

    @classmethod
    def parse(
        cls,
        *,
        name: str,
        mana_cost: str | None,
        type_line: str,
        oracle_text: str | None,
        power: str | None = None,
        toughness: str | None = None,
        colors: str | Iterable[str] | None = None,
        name_fr: str | None = None,
        layout: Layout | None = None,
    ) -> CardDefinition:
        """Build a definition from card data by reading its oracle text. ``layout`` is what
        the card's source says its text can't: :attr:`Layout.MELDED` for a meld pair's back
        face, a card row of its own (712.4b); else the layout is read from the joined fields.

        :raises InvalidNotationError: if the mana cost is malformed.

        >>> CardDefinition.parse(name="Shock", mana_cost="{R}", type_line="Instant",
        ...     oracle_text="Shock deals 2 damage to any target.").clauses[0].damage.amount
        2
        """
        color_text = colors if isinstance(colors, str) or colors is None else "".join(colors)
        if FACE_SEPARATOR in type_line:
            whole = _parse_faces(
                name, mana_cost or "", type_line, oracle_text or "", power, toughness, name_fr
            )
            if whole is not None:
                return whole
        definition = _parse_cached(
            name,
            mana_cost or "",
            type_line,
            oracle_text or "",
            power,
            toughness,
            color_text,
            name_fr,
        )
        if layout is Layout.MELDED:
            return _melded(definition)
        return definition

    @property
    def permanent_face(self) -> CardDefinition:
        """The face it has on the battlefield: an instant or sorcery is never a permanent
        (110.4), so a modal double-faced card there has a permanent face up (712.8f; a land
        played as its back face, 712.12).

        >>> bolt.permanent_face is bolt
        True
        """
        if not self.faces or self.is_permanent_card:
            return self
        return next((face for face in self.faces if face.is_permanent_card), self)

    def face_named(self, name: str) -> CardDefinition:
        """The face ``name`` names by its own English or French name (any case or accents),
        else this definition: "Stomp" of Bonecrusher Giant // Stomp is its Adventure.

        >>> bolt.face_named("Stomp") is bolt
        True
        """
        for fold in (spell_name, fold_name):  # as spelled, then folded
            key = fold(name)
            for face in self.faces:
                if face is not self and key in (fold(face.name), fold(face.name_fr or "")):
                    return face
        return self

    @property
    def whole_name(self) -> str:
        """The name a request gives the card: the whole card's for a face of a card with
        several ("Fire // Ice"), else its own.

        >>> bolt.whole_name
        'Burst Lightning'
        """
        return self.card_name or self.name

    announce_costs: tuple[Cost, ...] = field(init=False)
    has_x: bool = field(init=False)
    ref: CardRef = field(init=False)
    """The card as messages name it (English and French names)."""
    bears_on_casting: bool = field(init=False)
    """Whether its text bears on casting other spells while it is on the battlefield: casting
    statics, cost changes, or casting text not understood (most cards' does not)."""

    def __post_init__(self) -> None:
        costs = self.kicker_costs
        if self.multikicker_cost is not None:
            costs = (*costs, self.multikicker_cost)
        object.__setattr__(self, "announce_costs", costs)
        printed = [
            *costs,
            *(option for cost in self.additional_costs for option in cost.options),
            *(alt.cost for alt in self.alternative_costs if alt.cost is not None),
        ]
        has_x = self.mana_cost.x_count > 0 or any(c.has_x for c in printed)
        object.__setattr__(self, "has_x", has_x)
        object.__setattr__(self, "ref", CardRef(self.name, self.name_fr or None))
        bears = bool(self.statics or self.unmodelled or self.cost_modifiers)
        object.__setattr__(self, "bears_on_casting", bears)

    @property
    def is_modal(self) -> bool:
        """Whether it is a modal spell (CR 700.2).

        >>> bolt.is_modal
        False
        """
        return bool(self.modes)

    @property
    def casting_readings(self) -> tuple[tuple[str, Reading], ...]:
        """Each sentence and keyword of its text that is casting text, with how it was read
        (``casting`` or ``unknown``; casting text is never an effect).

        >>> bolt.casting_readings
        (('kicker', <Reading.CASTING: 'casting'>),)
        """
        return _casting_readings(self)

    @property
    def may_target(self) -> bool:
        """Whether casting it may choose targets: its text's, or a creature a keyword way
        makes it target (bestow's Aura, 702.103b; mutate's creature, 702.140a).

        >>> bolt.may_target
        True
        """
        return any(clause.targets for clause in self.clauses) or any(
            alt.change in _TARGETING_CHANGES for alt in self.alternative_costs
        )

    @property
    def is_creature(self) -> bool:
        """Whether it is a creature card.

        >>> bolt.is_creature
        False
        """
        return "creature" in self.card_types

    @property
    def is_permanent_card(self) -> bool:
        """Whether it would be a permanent spell (CR 110.4b): not an instant or sorcery.

        >>> bolt.is_permanent_card
        False
        """
        return not _NOT_PERMANENT & self.card_types

    @property
    def is_instant_speed(self) -> bool:
        """Whether it may be cast any time its controller has priority (CR 117.1a, 702.8a).

        >>> bolt.is_instant_speed
        True
        """
        return "instant" in self.card_types or self.has_flash

    @property
    def has_kicker(self) -> bool:
        """Whether it has kicker or multikicker (CR 702.33).

        >>> bolt.has_kicker
        True
        """
        return bool(self.announce_costs)


@functools.lru_cache(maxsize=4096)
def _casting_readings(card: CardDefinition) -> tuple[tuple[str, Reading], ...]:
    readings: list[tuple[str, Reading]] = [
        (c.text, c.reading)
        for c in card.clauses
        if c.kind is not ClauseKind.KEYWORD and c.reading is Reading.CASTING
    ]
    readings.extend(
        (u.text, Reading.UNKNOWN) for u in card.unmodelled if u.mechanic != "mana ability"
    )
    readings.extend(
        (text, Reading.CASTING)
        for text, reading in card.keyword_readings
        if reading is Reading.CASTING and text in CASTING_KEYWORDS
    )
    return tuple(readings)


def _read_type_line(type_line: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    parts = re.split(r"\s+[—-]\s+", type_line, maxsplit=1)
    words = parts[0].lower().split()
    right = parts[1] if len(parts) > 1 else ""
    supertypes = frozenset(w for w in words if w in _SUPERTYPES)
    card_types = frozenset(w for w in words if w in CARD_TYPES or w in NEVER_CAST)
    subtypes = frozenset(w.lower() for w in right.split())
    return supertypes, card_types, subtypes


_KICK_CONDITIONS = frozenset(
    {Condition.KICKED, Condition.NOT_KICKED, Condition.PER_KICK, Condition.KICKED_A,
     Condition.KICKED_B}
)  # fmt: skip


@functools.lru_cache(maxsize=256)
def _melded(definition: CardDefinition) -> CardDefinition:
    """``definition`` as a meld pair's back face (one per parsed definition, so that a
    catalog finds the same object each time)."""
    return replace(definition, layout=Layout.MELDED)


@functools.lru_cache(maxsize=4096)
def _parse_faces(
    name: str,
    mana_cost: str,
    type_line: str,
    oracle_text: str,
    power: str | None,
    toughness: str | None,
    name_fr: str | None,
) -> CardDefinition | None:
    """The first face of a card with several faces, holding every face (:mod:`engine.faces`),
    or None when its joined fields don't line up. Each face is read on its own: its cost, type
    line and text (709.3a, 715.3a); the front face keeps the printed power and toughness."""
    layout, found = read_faces(name, name_fr, mana_cost, type_line, oracle_text)
    if not found:
        return None
    faces: list[CardDefinition] = []
    castable = tuple(index for index, face in enumerate(found) if face.castable)
    for index, face in enumerate(found):
        definition = _parse_cached(
            face.name,
            face.mana_cost,
            face.type_line,
            face.oracle_text,
            power if index == 0 else None,
            toughness if index == 0 else None,
            None,
            face.name_fr,
        )
        faces.append(
            replace(
                definition,
                card_name=name,
                card_name_fr=name_fr or None,
                face=index,
                layout=layout,
                cast_faces=castable,
            )
        )
    every = tuple(faces)
    fused = _fused(name, name_fr, layout, found, every)
    for face_definition in (*every, *([fused] if fused else [])):
        object.__setattr__(face_definition, "faces", every)
        object.__setattr__(face_definition, "fused", fused)
    return every[0]


def _fused(
    name: str,
    name_fr: str | None,
    layout: Layout,
    found: Sequence[Face],
    every: tuple[CardDefinition, ...],
) -> CardDefinition | None:
    """The fused split spell of a split card whose halves have fuse, or None: one definition
    read from both halves, their costs added and their texts one after the other (702.102b–c,
    709.4d). A half that names itself ("Burn deals 2 damage") names the fused spell."""
    if layout is not Layout.SPLIT or not all("fuse" in face.keywords for face in every):
        return None
    texts = [
        re.sub(rf"\b{re.escape(face.name)}\b(?= deals\b)", name, face.oracle_text) for face in found
    ]
    types = " ".join(dict.fromkeys(word for face in found for word in face.type_line.split()))
    cost = sum((definition.mana_cost for definition in every), ManaCost())
    fused = _parse_cached(name, str(cost), types, "\n".join(texts), None, None, None, name_fr)
    return replace(
        fused,
        card_name=name,
        card_name_fr=name_fr or None,
        layout=layout,
        is_fused=True,
        cast_only_from=Zone.HAND,
    )


@functools.lru_cache(maxsize=4096)
def _parse_cached(
    name: str,
    mana_cost: str,
    type_line: str,
    oracle_text: str,
    power: str | None,
    toughness: str | None,
    colors: str | None,
    name_fr: str | None,
) -> CardDefinition:
    reader = _Reader(name, *_read_type_line(type_line)[1:])
    for index, raw_line in enumerate(oracle_text.replace("\r", "\n").split("\n")):
        reader.read_line(_CLEAVE_MARKS.sub(r"\1", raw_line), index)
    supertypes, card_types, subtypes = _read_type_line(type_line)
    cost = ManaCost.parse(mana_cost)
    if colors is None:
        color_set = cost.colors
    else:
        letters = colors.replace(",", "").replace(" ", "").upper()
        if any(letter not in "WUBRG" for letter in letters):
            raise InvalidNotationError(f"invalid colors {colors!r}")
        color_set = frozenset(Color(letter) for letter in letters)
    mana_abilities = list(reader.mana_abilities)
    for subtype in sorted(subtypes):
        if subtype in _BASIC_MANA and "land" in card_types:
            produced = (frozenset({_BASIC_MANA[subtype]}),)
            if not any(m.produces == produced and m.taps for m in mana_abilities):
                mana_abilities.append(
                    ManaAbility(
                        cost="{T}",
                        produces=produced,
                        taps=True,
                        sacrifices=False,
                        other_costs=False,
                    )
                )
    return CardDefinition(
        name=name,
        name_fr=name_fr,
        mana_cost=cost,
        type_line=type_line,
        oracle_text=oracle_text,
        power=power,
        toughness=toughness,
        colors=color_set,
        supertypes=supertypes,
        card_types=card_types,
        subtypes=subtypes,
        keywords=frozenset(reader.keywords),
        kicker_costs=tuple(reader.kicker_costs),
        multikicker_cost=reader.multikicker,
        has_convoke="convoke" in reader.keywords,
        has_split_second="split second" in reader.keywords,
        has_flash="flash" in reader.keywords,
        has_delve="delve" in reader.keywords,
        has_improvise="improvise" in reader.keywords,
        has_morph=bool({"morph", "megamorph"} & reader.keywords),
        split_second_if_kicked=reader.split_second_if_kicked,
        cant_spend_mana=reader.cant_spend_mana,
        clauses=tuple(reader.clauses),
        mana_abilities=tuple(mana_abilities),
        activated_abilities=tuple(reader.activated),
        cost_modifiers=tuple(reader.modifiers),
        not_understood=tuple(reader.not_understood),
        has_mana_cost=bool(mana_cost.strip()),
        modes=tuple(reader.modes),
        mode_count=(
            reader.mode_count[0],
            len(reader.modes) if reader.mode_count[1] < 0 else reader.mode_count[1],
        ),
        alternative_costs=tuple(reader.alternatives),
        alternative_keys=tuple(reader.alternative_keys),
        additional_costs=tuple(reader.additional),
        restrictions=tuple(reader.restrictions),
        announced_choices=tuple(reader.announced),
        statics=tuple(reader.statics),
        self_cost_changes=tuple(reader.self_changes),
        morph_cost=reader.morph_cost,
        megamorph=reader.megamorph,
        cast_only_from=reader.cast_only_from,
        only_from_text=reader.only_from_text,
        copies_spells=reader.copies_spells,
        permissions=tuple(reader.permissions),
        unmodelled=tuple(reader.unmodelled),
        keyword_readings=tuple(reader.keyword_readings),
        optional_costs=tuple(reader.optional),
        splice=reader.splice,
        spent_readings=tuple(reader.spent),
        spend_only=reader.spend_only,
        way_zones=tuple(reader.way_zones),
    )


_PAID_KEYWORDS = frozenset(
    name
    for name, keyword in CASTING_KEYWORDS.items()
    if keyword.modelled and keyword.slot in (Slot.ALTERNATIVE, Slot.OPTIONAL, Slot.PERMISSION)
)
"""The keywords whose cost a permanent may change ("Dash costs you pay cost {2} less")."""
_COUNTER_TAIL = re.compile(r" to cast and can't be countered\.?$", re.IGNORECASE)
"""A cost change that also says its spells can't be countered (an effect on resolution)."""
_USING_WAY = re.compile(
    r"^you may cast ~ from your (?P<zone>graveyard|exile) using its (?P<keyword>[a-z-]+) "
    r"ability\.?$"
)
_LIFE_THIS_WAY = re.compile(
    r"if you cast a spell this way, pay life equal to its mana value rather than pay its mana "
    r"cost\.?"
)
"""The cost of the permission before it (Bolas's Citadel)."""
_ONE_THIS_WAY = re.compile(r"you can't cast more than one spell this way each turn\.?")
"""The limit of the permission before it: once each turn (Hedonist's Trove)."""
_FROM_GRAVEYARD_PAYING = re.compile(
    r"you may cast ~ from your graveyard if you pay (?P<amount>(?:\{\d+\})+) more to cast it "
    r"for each (?P<other>other )?(?P<what>[^.]+? in your graveyard)\.?",
    re.IGNORECASE,
)
"""The card's own permission from its graveyard, with a cost increase there (601.2f)."""
_ONLY_FROM = re.compile(r"you may cast ~ from your graveyard, but not from anywhere else\.?")
"""The card's own permission, and its only zone (601.3)."""
_TARGETING_CHANGES = frozenset({Change.BESTOWED, Change.MUTATING})
_CLEAVE_MARKS = re.compile(r"\[([A-Za-z][^\[\]]*)\]")
"""Square brackets around words (cleave, 702.148a): the text is read with the words in them
unless the cleave cost is paid; loyalty costs ("[+1]:") are not words."""
_ABILITY_WORD = re.compile(r"^[A-Z][\w' ,-]{0,40} — (?=[A-Z~])")
_KICKER_LINE = re.compile(r"^(?P<kw>Multikicker|Kicker)(?:\s*—\s*|\s+)(?P<cost>.+?)\.?$")
_MODAL = re.compile(
    r"^choose (?P<count>one|two|three|one or both|one or more|any number|up to (?P<upto>\w+))"
    r"(?: that hasn't been chosen)? —$",
    re.IGNORECASE,
)
_MODE_COUNTS = {"one": (1, 1), "two": (2, 2), "three": (3, 3), "one or both": (1, 2)}
_SELF_CASTING = re.compile(
    r"cast ~|~ costs|~'s mana cost|to cast ~|~ has flash|~ can't be cast|spend mana to cast ~",
    re.IGNORECASE,
)
_AFTER_ADDITIONAL = re.compile(
    r"\b(?:tapped|sacrificed|discarded|exiled|revealed) to pay ~'s additional cost\b"
)
_ADDITIONAL_PAID = re.compile(r"^if ~'s additional cost was paid, ")
_COPY_SPELL = re.compile(r"\bcopy target (?:[\w ]+ )?spell\b", re.IGNORECASE)
_ZONE_PERMISSION = re.compile(
    r"\byou may (?:cast|play) .*\bfrom (?P<zone>your graveyard|exile|the top of your library|"
    r"your library|among)",
    re.IGNORECASE,
)
_DELAYED_TARGETED = re.compile(
    r"^(?:when|whenever)\b(?=[^,~]*\btarget\b)(?![^,]*\bthis spell\b)", re.IGNORECASE
)
"""A delayed triggered ability an instant or a sorcery creates (603.7a) whose event names its
target ("When target creature dies this turn, return that card …"): that target is the
spell's (115.1a), chosen as it is cast (601.2c)."""

_PERMITTED_ZONES = {
    "your graveyard": Zone.GRAVEYARD,
    "exile": Zone.EXILE,
    "the top of your library": Zone.LIBRARY,
    "your library": Zone.LIBRARY,
}


def _zone_named(match: re.Match[str]) -> Zone | None:
    """The zone a permission not understood (a ``_ZONE_PERMISSION`` match) lets a card be cast
    from: the one it names, exile for cards "from among" cards exiled or in exile, None when it
    names none (its text then qualifies every answer)."""
    where = match.group("zone").lower()
    if where == "among":
        after = match.string[match.end() :]
        return Zone.EXILE if re.search(r"\bexiled?\b", after, re.IGNORECASE) else None
    return _PERMITTED_ZONES[where]


def _permitted_zone(sentence: str) -> Zone | None:
    """The zone a sentence's permission not understood names, if it is one and names one."""
    match = _ZONE_PERMISSION.search(sentence)
    return _zone_named(match) if match else None


_SLOT_RELEVANCE = {
    Slot.ALTERNATIVE: Relevance.CHOSEN,
    Slot.OPTIONAL: Relevance.CHOSEN,
    Slot.REDUCTION: Relevance.ALWAYS,
    Slot.PAYMENT: Relevance.PAYMENT,
    Slot.PERMISSION: Relevance.ZONE,
    Slot.RESTRICTION: Relevance.ALWAYS,
    Slot.TIMING: Relevance.ALWAYS,
}


class _Reader:
    """Reads oracle text line by line into the parts of a definition (see
    :mod:`engine.casting_text` for how each sentence is read)."""

    def __init__(self, name: str, card_types: frozenset[str], subtypes: frozenset[str]) -> None:
        self.name = name
        self.subtypes = subtypes
        self.is_spell_text = bool({"instant", "sorcery"} & card_types)
        self.is_aura = False
        self.keywords: set[str] = set()
        self.kicker_costs: list[Cost] = []
        self.multikicker: Cost | None = None
        self.split_second_if_kicked = False
        self.cant_spend_mana = False
        self.clauses: list[Clause] = []
        self.mana_abilities: list[ManaAbility] = []
        self.activated: list[ActivatedAbility] = []
        self.modifiers: list[CostModifier] = []
        self.not_understood: list[str] = []
        self.modes: list[str] = []
        self.mode_count: tuple[int, int] = (0, 0)
        self.in_modes = False
        self.in_ability_modes = False
        self.alternatives: list[AlternativeCost] = []
        self.alternative_keys: list[str] = []
        self.additional: list[AdditionalCost] = []
        self.restrictions: list[CastRestriction] = []
        self.announced: list[AnnouncedChoice] = []
        self.statics: list[CastingStatic] = []
        self.self_changes: list[SelfCostChange] = []
        self.morph_cost: Cost | None = None
        self.megamorph = False
        self.cast_only_from: Zone | None = None
        self.only_from_text: str | None = None
        self.copies_spells = False
        self.permissions: list[tuple[Zone | None, BoardCondition | None]] = []
        self.unmodelled: list[Unmodelled] = []
        self.keyword_readings: list[tuple[str, Reading]] = []
        self.optional: list[OptionalCost] = []
        self.splice: Splice | None = None
        self.spent: list[SpentReading] = []
        self.spend_only: tuple[str, Filter] | None = None
        self.way_zones: list[tuple[str, Zone, str]] = []
        self.line = 0

    @property
    def kicker_texts(self) -> tuple[str, ...]:
        return tuple(str(c) for c in self.kicker_costs)

    def read_line(self, raw_line: str, index: int = 0) -> None:
        self.line = index
        display = _ABILITY_WORD.sub("", strip_reminder(raw_line))
        line = _ABILITY_WORD.sub("", normalize(raw_line, self.name))
        if not line:
            return
        mode: int | None = None
        # A mode of an activated ability (700.2) is what the ability does, not casting text.
        in_ability = line.startswith("•") and self.in_ability_modes
        self.in_ability_modes = in_ability
        if line.startswith("•"):
            if self.in_modes:
                mode = len(self.modes)
                self.modes.append(display.lstrip("• ").strip())
            line, display = line.lstrip("• ").strip(), display.lstrip("• ").strip()
        else:
            self.in_modes = False
            if self._read_modal(line, display):
                return
        head, rest = _split_after_first_sentence(line)
        shown_head, shown_rest = _split_after_first_sentence(display)
        if rest and _KICKER_LINE.match(head):
            self._read_kicker(head, shown_head)
            line, display = rest, shown_rest
        elif (
            self._read_keyword_cost_change(line, display)
            or self._read_kicker(line, display)
            or self._read_keywords(line, display)
        ):
            return
        elif rest and mode is None and self._read_keywords(head, shown_head):
            line, display = rest, shown_rest  # "Flashback {8}{W}{W}. This spell costs …"
        if mode is None and self._read_activated(line, display):
            self.in_ability_modes = line.rstrip().endswith("—")  # "{X}, {T}: Choose one —"
            return
        raw_sentences = split_sentences(display)
        sentences = split_sentences(line)
        if len(raw_sentences) != len(sentences):
            raw_sentences = tuple(s.replace("~", self.name) for s in sentences)
        trigger = bool(re.match(r"^(?:when|whenever|at)\b", line.lower()))
        if trigger and self.is_spell_text and _DELAYED_TARGETED.match(line):
            trigger = False  # the spell's own words, its target chosen as it is cast
        previous = ""
        for raw, sentence in zip(raw_sentences, sentences, strict=True):
            # "This effect can't reduce the mana in that cost to less than one mana": a limit
            # on the sentence before it, read as that one is (activation costs: not casting).
            follows = bool(previous) and sentence.lower().startswith("this effect ")
            casting = not in_ability and (not follows or is_casting_text(previous))
            self.clauses.append(
                self._read_sentence(
                    raw, sentence, trigger=trigger, mode=mode, casting=casting, activated=in_ability
                )
            )
            previous = sentence

    def _read_keyword_cost_change(self, line: str, display: str) -> bool:
        """A permanent's change to a keyword's cost ("Buyback costs cost {2} less", 601.2f)."""
        if " costs " not in line:
            return False
        change = read_keyword_cost_change(line, _PAID_KEYWORDS)
        if change is None:
            return False
        self.modifiers.append(replace(change, text=display))
        self.clauses.append(self._line_clause(display, ClauseKind.STATIC, Reading.CASTING))
        return True

    def _read_modal(self, line: str, display: str) -> bool:
        """A spell's "Choose one —" (CR 700.2): its bullets are its modes."""
        match = _MODAL.match(line.strip())
        if match is None or not self.is_spell_text:
            return False
        count = match.group("count").lower()
        if count in _MODE_COUNTS:
            self.mode_count = _MODE_COUNTS[count]
        elif count == "one or more":
            self.mode_count = (1, -1)  # -1: as many as it has
        elif count == "any number":
            self.mode_count = (0, -1)
        else:
            upto = number_word(match.group("upto") or "") or 1
            self.mode_count = (0, upto)
        self.in_modes = True
        self.clauses.append(self._line_clause(display, ClauseKind.SPELL, Reading.CASTING))
        return True

    def _read_kicker(self, line: str, display: str) -> bool:
        match = _KICKER_LINE.match(line)
        if match is None:
            return False
        keyword = match.group("kw").lower()
        try:
            costs = [Cost.parse(part) for part in match.group("cost").split(" and/or ")]
        except InvalidNotationError:
            costs = []
        if not costs or not all(c.understood for c in costs):
            self._unmodelled(display, keyword, Relevance.CHOSEN)
            self.keyword_readings.append((keyword, Reading.UNKNOWN))
            self.clauses.append(self._keyword_clause(display, Reading.UNKNOWN))
            return True
        if keyword == "multikicker":
            self.keywords.add("multikicker")
            self.multikicker = costs[0]
        else:
            self.keywords.add("kicker")
            self.kicker_costs.extend(costs)
        self.keyword_readings.append((keyword, Reading.CASTING))
        self.clauses.append(self._keyword_clause(display, Reading.CASTING))
        return True

    def _keyword_clause(
        self, display: str, reading: Reading, targets: tuple[TargetSpec, ...] = ()
    ) -> Clause:
        return self._line_clause(display, ClauseKind.KEYWORD, reading, targets)

    def _line_clause(
        self,
        display: str,
        kind: ClauseKind,
        reading: Reading,
        targets: tuple[TargetSpec, ...] = (),
    ) -> Clause:
        """The clause of a whole line (a keyword, an activated ability, a spell's "Choose one
        —"), always in effect."""
        return Clause(
            text=display,
            kind=kind,
            condition=Condition.ALWAYS,
            targets=targets,
            reading=reading,
            line=self.line,
        )

    def _read_keywords(self, line: str, display: str) -> bool:
        dashed = re.match(r"^([A-Z][a-z-]+)—", line)
        if dashed and dashed.group(1).lower() in COST_KEYWORDS:
            parts, shown = (
                [line.rstrip(".")],
                [display.rstrip(".")],
            )  # "Flashback—{1}{U}, Pay 3 life"
        else:
            parts = [p.strip() for p in re.split(r"[;,]\s*", line.rstrip(".")) if p.strip()]
            shown = [p.strip() for p in re.split(r"[;,]\s*", display.rstrip(".")) if p.strip()]
        if len(shown) != len(parts):
            shown = parts
        found: list[tuple[str, str]] = []
        targets: tuple[TargetSpec, ...] = ()
        for part, text in zip(parts, shown, strict=True):
            lowered = part.lower()
            if lowered in SIMPLE_KEYWORDS:
                found.append((lowered, text))
                continue
            head = lowered.split(" ")[0].split("—")[0]
            if head == "basic" and not lowered.startswith("basic landcycling"):
                return False if not found else self._unknown_keyword(part, found)  # "Basic lands …"
            if head in COST_KEYWORDS or re.fullmatch(r"\w+walk|protection from .+", lowered):
                found.append((head, text))
                continue
            if lowered.startswith("enchant "):
                found.append(("enchant", text))
                self.keywords.add(lowered)  # "enchant creature": Aura spells with it (601.3b)
                self.is_aura = True
                targets = read_targets("target " + part[len("enchant ") :])  # "Enchant Swamp"
                continue
            for prefix in ("affinity for ", "hexproof from "):
                if lowered.startswith(prefix):
                    found.append((prefix.split(" ")[0], text))
                    break
            else:
                return False if not found else self._unknown_keyword(part, found)
        reading = Reading.EFFECT
        for keyword, text in found:
            reading = _worst(reading, self._read_keyword(keyword, text))
        self.keywords.update(keyword for keyword, _ in found)
        self.clauses.append(self._keyword_clause(display, reading, targets))
        return True

    def _read_keyword(self, keyword: str, text: str) -> Reading:
        """How one keyword is read: casting keywords are modelled or not understood."""
        casting = CASTING_KEYWORDS.get(keyword)
        if keyword in ("morph", "megamorph", "disguise"):
            cost_text = re.sub(r"^\w+\s*(?:—\s*)?", "", text).strip().rstrip(".")
            try:
                cost = Cost.read(cost_text) if not cost_text.startswith("{") else Cost.parse(
                    cost_text)  # fmt: skip
            except InvalidNotationError:
                cost = None
            if cost is not None and cost.understood:
                self.morph_cost = cost
                self.megamorph = keyword == "megamorph"
        if casting is None:
            self.keyword_readings.append((keyword, Reading.EFFECT))
            return Reading.EFFECT
        way = read_keyword_cost(keyword, text, self.subtypes)
        if way is not None:
            if keyword not in self.alternative_keys:
                self.alternatives.append(way)
                self.alternative_keys.append(keyword)
            if keyword == "aftermath":
                self.cast_only_from = casting.zone
            self.keyword_readings.append((keyword, Reading.CASTING))
            return Reading.CASTING
        if casting.slot is Slot.REDUCTION:
            change = read_keyword_reduction(keyword, text)
            if change is not None:
                self.self_changes.append(change)
                self.keyword_readings.append((keyword, Reading.CASTING))
                return Reading.CASTING
        elif casting.slot is Slot.OPTIONAL and keyword not in ("kicker", "multikicker"):
            if keyword == "splice":
                self.splice = read_splice(text)
                understood = self.splice is not None
            else:
                optional = read_optional_cost(keyword, text)
                if optional is not None:
                    self.optional.append(optional)
                understood = optional is not None
            if understood:
                self.keyword_readings.append((keyword, Reading.CASTING))
                return Reading.CASTING
        elif casting.modelled and keyword not in WAYS:  # a way whose cost is not understood
            self.keyword_readings.append((keyword, Reading.CASTING))
            return Reading.CASTING
        relevance = _SLOT_RELEVANCE[casting.slot]
        self._unmodelled(text, keyword, relevance, zone=casting.zone, key=keyword)
        self.keyword_readings.append((keyword, Reading.UNKNOWN))
        return Reading.UNKNOWN

    def _unknown_keyword(self, part: str, found: list[tuple[str, str]]) -> bool:
        self.not_understood.append(part)
        return False

    def _unmodelled(
        self,
        text: str,
        mechanic: str,
        relevance: Relevance = Relevance.ALWAYS,
        *,
        scope: Scope = Scope.SELF,
        zone: Zone | None = None,
        key: str | None = None,
    ) -> None:
        self.unmodelled.append(
            Unmodelled(
                text=text, mechanic=mechanic, scope=scope, relevance=relevance, zone=zone, key=key
            )
        )
        self.not_understood.append(text)

    def _read_activated(self, line: str, display: str) -> bool:
        head = line.split('"')[0]
        if ":" not in head:
            return False
        cost, effect = line.split(":", 1)
        if not re.match(
            r"^(?:\{|[+−-]?\d|\[|sacrifice|pay|discard|tap|exile|remove|return|put)",
            cost.strip(),
            re.IGNORECASE,
        ):
            return False
        cost, effect = cost.strip(), effect.strip()
        mana = read_mana_ability(cost, effect)
        reading = Reading.EFFECT
        if mana is not None:
            if mana.produces:
                self.mana_abilities.append(mana)
            else:
                reading = Reading.UNKNOWN
                self._unmodelled(
                    display, "mana ability", Relevance.PAYMENT, scope=Scope.BATTLEFIELD
                )
        else:
            self.activated.append(
                ActivatedAbility(
                    cost=cost,
                    effect=effect,
                    taps="{T}" in cost,
                    damage=read_damage(effect),
                    targets=read_targets(effect),
                )
            )
        self.clauses.append(self._line_clause(display, ClauseKind.ACTIVATED, reading))
        return True

    def _read_sentence(
        self,
        raw: str,
        sentence: str,
        *,
        trigger: bool,
        mode: int | None,
        casting: bool = True,
        activated: bool = False,
    ) -> Clause:
        lowered = sentence.lower()
        if activated:
            kind = ClauseKind.ACTIVATED
        elif self.is_spell_text and not trigger:
            kind = ClauseKind.SPELL
        elif trigger:
            kind = ClauseKind.TRIGGERED
        else:
            kind = ClauseKind.STATIC
        condition = read_condition(sentence, self.kicker_texts)
        if (
            condition in _KICK_CONDITIONS
            and not self.kicker_costs
            and self.multikicker is None
            and not re.search(r"\b~ (?:was|wasn't|was not) kicked", lowered)
        ):
            # "Counter target spell if it was kicked": with no kicker of its own, "it" is the
            # other spell, and the sentence applies whether or not this one is kicked.
            condition = Condition.ALWAYS
        grants_split = bool(re.search(r"\b(?:~|it) has split second\b", lowered))
        if grants_split and condition is Condition.KICKED:
            self.split_second_if_kicked = True
        elif grants_split and condition is Condition.ALWAYS:
            self.keywords.add("split second")
        reading = Reading.EFFECT
        casting_context = casting and (
            kind is ClauseKind.STATIC
            or (kind is ClauseKind.SPELL and mode is None and "~" in sentence)
        )
        same = self._read_same_is_true(raw, sentence) if kind is ClauseKind.STATIC else None
        if grants_split or same:
            reading = Reading.CASTING
        elif casting_context and is_casting_text(sentence):
            reading = self._read_casting(raw, sentence)
        elif casting_context and grants_mana_ability(sentence):
            # A mana ability granted to other permanents (605.1a): like the printed ones the
            # engine can't use, it matters only when a payment fails without it.
            reading = Reading.UNKNOWN
            self._unmodelled(raw, "mana ability", Relevance.PAYMENT, scope=Scope.BATTLEFIELD)
        if condition is None:
            reading = Reading.UNKNOWN
            self.not_understood.append(raw)
        if kind is ClauseKind.SPELL and _COPY_SPELL.search(sentence):
            self.copies_spells = True
        targets = read_targets(_unquoted(sentence)) if kind is ClauseKind.SPELL else ()
        return Clause(
            text=raw,
            kind=kind,
            condition=condition if condition is not None else Condition.ALWAYS,
            targets=targets,
            replaces_targets=bool(targets)
            and condition not in (None, Condition.ALWAYS)
            and "instead" in lowered,
            damage=read_damage(sentence),
            counters=read_counters(sentence),
            grants_split_second=grants_split,
            reading=reading,
            line=self.line,
            mode=mode,
        )

    def _read_same_is_true(self, raw: str, sentence: str) -> bool:
        """ "The same is true for artifacts and enchantments." after the line's prohibition."""
        previous = self.statics[-1] if self.statics else None
        if previous is None or not sentence.lower().startswith("the same is true for "):
            return False
        more = read_same_is_true(sentence, previous)
        if more is None:
            return False
        self.statics.extend(replace(static, text=f"{previous.text} {raw}") for static in more)
        return True

    def _read_casting(self, raw: str, sentence: str) -> Reading:
        """Read one sentence of casting text: modelled (``casting``) or ``unknown``."""
        lowered = sentence.lower().strip()
        spent = read_spent(sentence)
        if spent is not None:
            self.spent.append(replace(spent, text=raw))
            return Reading.CASTING
        if self.additional and _AFTER_ADDITIONAL.search(lowered):
            # "the creature tapped to pay this spell's additional cost": the effect names what
            # paid the cost, which is modelled (601.2h).
            return Reading.CASTING
        has_additional = self.additional or any(c.keyword == "additional" for c in self.optional)
        if has_additional and _ADDITIONAL_PAID.search(lowered):
            # "If this spell's additional cost was paid, …": a clause that applies when the
            # cost was paid (118.8b), read as the clause's condition.
            return Reading.CASTING
        permission = read_cast_permission(sentence)
        if permission is not None:
            self.statics.append(replace(permission, text=raw))
            return Reading.CASTING
        this_way = read_spend_only_this_way(sentence) if self.alternatives else None
        if this_way is not None:  # the alternative cost before it (106.6)
            self.alternatives[-1] = replace(self.alternatives[-1], spend_only=(raw, this_way))
            return Reading.CASTING
        last = self.statics[-1] if self.statics else None
        if _ONE_THIS_WAY.fullmatch(lowered) and last and last.kind is StaticKind.CAST_FROM:
            self.statics[-1] = replace(last, once_each_turn=True)  # its permission's limit
            return Reading.CASTING
        if _LIFE_THIS_WAY.fullmatch(lowered) and last and last.kind is StaticKind.CAST_FROM:
            self.statics[-1] = replace(last, pays_life=raw)  # its permission's cost (118.9b)
            return Reading.CASTING
        granted = read_granted_free(sentence)
        if granted is not None:
            self.statics.append(replace(granted, text=raw))
            return Reading.CASTING
        limits = read_turn_limits(sentence)
        if limits:
            self.statics.extend(replace(limit, text=raw) for limit in limits)
            return Reading.CASTING
        spend = read_spend_static(sentence)
        if spend is not None:
            self.statics.append(replace(spend, text=raw))
            return Reading.CASTING
        if grants_play(sentence):
            return Reading.CASTING  # honoured on the exiled card: ``may_play``
        if plays_lands_only(sentence):
            return Reading.EFFECT
        if _SELF_CASTING.search(sentence) or is_alternative_cost(sentence):
            return self._read_self_casting(raw, sentence, lowered)
        if is_colored_only(sentence) and self.modifiers:
            self.modifiers[-1] = replace(self.modifiers[-1], colored_only=True)
            return Reading.CASTING
        modifier = read_cost_change(_COUNTER_TAIL.sub(" to cast.", sentence))
        if modifier is not None:
            self.modifiers.append(replace(modifier, text=raw))
            return Reading.CASTING
        static = read_static(sentence)
        if static is not None:
            self.statics.append(replace(static, text=raw))
            return Reading.CASTING
        zone = _ZONE_PERMISSION.search(sentence)
        if zone:
            permitted = _zone_named(zone)
            relevance = Relevance.ALWAYS if permitted is None else Relevance.ZONE
            self._unmodelled(
                raw, "cast permission", relevance, scope=Scope.BATTLEFIELD, zone=permitted
            )
            return Reading.UNKNOWN
        scope = _scope(lowered, permanent=not self.is_spell_text)
        self._unmodelled(raw, _mechanic(lowered), scope=scope)
        return Reading.UNKNOWN

    def _read_self_casting(self, raw: str, sentence: str, lowered: str) -> Reading:
        sources = read_spend_only(sentence)
        if sources is not None:
            self.spend_only = (raw, sources)
            return Reading.CASTING
        using = _USING_WAY.match(lowered.strip())
        if using and using.group("keyword") in self.alternative_keys:
            self.way_zones.append((using.group("keyword"), Zone(using.group("zone")), raw))
            return Reading.CASTING
        paying = _FROM_GRAVEYARD_PAYING.fullmatch(sentence.strip())
        if paying and (per := read_count(paying.group("what"))) is not None:
            self.permissions.append((Zone.GRAVEYARD, None))
            self.self_changes.append(
                SelfCostChange(
                    text=raw,
                    amount=ManaCost.parse(paying.group("amount")),
                    increase=True,
                    per=per,
                    from_zone=Zone.GRAVEYARD,
                    other=bool(paying.group("other")),
                )  # fmt: skip
            )
            return Reading.CASTING
        if _ONLY_FROM.fullmatch(lowered):
            self.permissions.append((Zone.GRAVEYARD, None))
            self.cast_only_from, self.only_from_text = Zone.GRAVEYARD, raw
            return Reading.CASTING
        if re.fullmatch(r"you may cast ~ from your graveyard or from exile\.?", lowered):
            self.permissions.extend(((Zone.GRAVEYARD, None), (Zone.EXILE, None)))
            return Reading.CASTING
        permission = read_self_permission(sentence)
        if permission is not None:
            self.permissions.append(permission)
            return Reading.CASTING
        if lowered.startswith("as an additional cost to cast ~"):
            announced = read_announced_choice(sentence)
            if announced is not None:
                self.announced.append(replace(announced, text=raw))
                return Reading.CASTING
            printed = read_printed_optional(sentence)
            if printed is not None and all(c.keyword != "additional" for c in self.optional):
                self.optional.append(replace(printed, text=raw))
                return Reading.CASTING
            additional = read_additional_cost(sentence)
            if additional is None:
                relevance = Relevance.CHOSEN if ", you may " in lowered else Relevance.ALWAYS
                self._unmodelled(raw, "additional cost", relevance)
                return Reading.UNKNOWN
            self.additional.append(replace(additional, text=raw))
            return Reading.CASTING
        if is_alternative_cost(sentence) or lowered.startswith("you may cast ~ from"):
            index = len(self.alternative_keys) + 1
            key = "printed" if index == 1 else f"printed:{index}"
            self.alternative_keys.append(key)
            alternative = read_alternative_cost(sentence, key)
            if alternative is None:
                permitted = _permitted_zone(sentence)
                if permitted is not None:
                    self._unmodelled(raw, "cast permission", Relevance.ZONE, zone=permitted,
                                     key=key)  # fmt: skip
                else:
                    self._unmodelled(raw, "alternative cost", Relevance.CHOSEN, key=key)
                return Reading.UNKNOWN
            self.alternatives.append(replace(alternative, text=raw))
            return Reading.CASTING
        if re.fullmatch(r"you can't spend mana to cast ~\.?", lowered):
            self.cant_spend_mana = True
            return Reading.CASTING
        restriction = read_restriction(sentence)
        if restriction is not None:
            self.restrictions.append(replace(restriction, text=raw))
            return Reading.CASTING
        change = read_self_cost_change(sentence)
        if change is not None:
            self.self_changes.append(replace(change, text=raw))
            return Reading.CASTING
        capped = _REDUCTION_CAP.fullmatch(sentence.strip())
        last = self.self_changes[-1] if self.self_changes else None
        if capped and last is not None and not last.increase and last.per is not None:
            self.self_changes[-1] = replace(last, at_most=int(capped.group(1)))
            return Reading.CASTING
        both = _TWO_SELF_CHANGES.fullmatch(sentence.strip())
        if both:
            changes = [read_self_cost_change(both.group(1)),
                       read_self_cost_change("~ costs " + both.group(2))]  # fmt: skip
            if changes[0] is not None and changes[1] is not None:
                self.self_changes.extend(replace(c, text=raw) for c in changes if c is not None)
                return Reading.CASTING
        permitted = _permitted_zone(sentence)
        if permitted is not None:  # "While you're searching your library, you may cast ~ …"
            self._unmodelled(raw, "cast permission", Relevance.ZONE, zone=permitted)
        elif re.search(r"\bcast ~ only\b|can't cast ~|~ can't be cast", lowered):
            self._unmodelled(raw, "cast restriction")
        elif re.search(r"~ costs? .*(?:more|less)", lowered):
            self._unmodelled(raw, "cost change")
        else:
            self._unmodelled(raw, _mechanic(lowered))
        return Reading.UNKNOWN


_REDUCTION_CAP = re.compile(
    r"this effect can't reduce the amount of mana (?:~|this spell) costs by more than "
    r"\{(\d+)\}\.?",
    re.IGNORECASE,
)
"""The limit on the card's own reduction before it (Valiant Changeling)."""
_TWO_SELF_CHANGES = re.compile(
    r"(~ costs \{\w+\} (?:less|more) to cast if .+?) and (\{\w+\} (?:less|more) to cast if .+?)"
    r"\.?",
    re.IGNORECASE,
)
"""Two cost changes of the card's own in one sentence, each with its condition ("This spell
costs {1} less to cast if you control an artifact and {1} less to cast if you control an
enchantment"; 601.2f)."""


_OTHER_SPELLS = re.compile(
    r"\bspells\b|\bplayers?\b|\bopponents?\b|\beach spell\b|\bcreature spells?\b|"
    r"\bspells? (?:you|a player|an opponent|that player) casts?\b|\bcards\b"
)


_ITS_OWN_CAST = re.compile(r"~|\bthis spell\b|\bx\b|\bspent this way\b")
"""Words by which a permanent's text speaks of its own cast: its name, "this spell", its X
("Spend only colored mana on X."), the mana "spent this way" on it."""


def _scope(lowered: str, *, permanent: bool) -> Scope:
    """Whom casting text not understood is about: other spells when it speaks of them, or
    when it is a permanent's and does not speak of its own cast (its abilities work on the
    battlefield, 113.6: "For each {B} in a cost, you may pay 2 life rather than pay that
    mana."), and otherwise the card itself ("Spend only colored mana on X."), so that its
    own cast is not answered as if the text were not printed."""
    if _OTHER_SPELLS.search(lowered):
        return Scope.BATTLEFIELD
    if permanent and not _ITS_OWN_CAST.search(lowered):
        return Scope.BATTLEFIELD
    return Scope.SELF


def _mechanic(lowered: str) -> str:
    """What kind of casting text a sentence not understood is, for reports."""
    if "rather than pay" in lowered or "without paying" in lowered:
        return "alternative cost"
    if "additional cost" in lowered:
        return "additional cost"
    if "flash" in lowered:
        return "flash permission"
    restricts = r"can't (?:be )?cast|can't(?: [a-z]+){0,5} (?:or|to) cast\b|cast .*only"
    if re.search(restricts + "|can cast spells only", lowered):
        return "cast restriction"
    if re.search(r"\bcosts?\b", lowered):
        return "cost change"
    if "spend" in lowered or "spent" in lowered:
        return "mana spending"
    return "cast permission"


def _worst(first: Reading, second: Reading) -> Reading:
    order = (Reading.EFFECT, Reading.CASTING, Reading.UNKNOWN)
    return max(first, second, key=order.index)


def _unquoted(sentence: str) -> str:
    """The sentence without text in quotation marks (abilities granted to other objects)."""
    return re.sub(r'["“][^"”]*["”]', "", sentence)


def _split_after_first_sentence(line: str) -> tuple[str, str]:
    head, dot, rest = line.partition(". ")
    return (head + dot.strip(), rest.strip()) if dot else (line, "")
