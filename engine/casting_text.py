"""Reading the casting text of a card: what changes how it, or another spell, is cast.

Every sentence and keyword of a card is read as one of three things (:class:`Reading`):

* ``casting`` — casting text the engine models: a cost, a permission, a restriction;
* ``effect`` — what the card does on resolution (or while on the battlefield) that has no
  bearing on casting;
* ``unknown`` — not understood.

Casting text is never an effect: a sentence that speaks of casting — any cost, "rather than
pay", "as an additional cost", "costs … more/less", "cast … only", "can't be cast", flash
permissions — and any keyword whose rules define a cost or a permission to cast, is read as
``casting`` or, when no reader here understands it, ``unknown``. Unknown casting text is kept as
an :class:`Unmodelled` record that says when it could change an answer (:class:`Relevance`).

>>> is_casting_text("As an additional cost to cast ~, sacrifice a creature.")
True
>>> is_casting_text("Draw two cards.")
False
>>> read_additional_cost("As an additional cost to cast ~, sacrifice a creature.").options[0]
Cost.parse('Sacrifice a creature')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import StrEnum, unique

from engine.conditions import BoardCondition, Moments, read_condition_text, read_moments
from engine.contract import Zone
from engine.costs import Cost
from engine.counts import Count, Counted, read_count
from engine.errors import InvalidNotationError
from engine.filters import Filter, Whose, count_word, read_filter
from engine.mana import ManaCost, ManaType

__all__ = [
    "AdditionalCost",
    "AlternativeCost",
    "CastRestriction",
    "CastingStatic",
    "Change",
    "Reading",
    "Relevance",
    "Scope",
    "SelfCostChange",
    "StaticKind",
    "Unmodelled",
    "grants_mana_ability",
    "is_casting_text",
    "read_additional_cost",
    "read_alternative_cost",
    "read_granted_free",
    "read_keyword_reduction",
    "read_restriction",
    "read_same_is_true",
    "read_self_cost_change",
    "read_self_permission",
    "read_static",
    "read_turn_limits",
    "without_granted_activated",
]


@unique
class Reading(StrEnum):
    """How the engine read a sentence or a keyword of a card.

    >>> Reading("unknown")
    <Reading.UNKNOWN: 'unknown'>
    """

    CASTING = "casting"
    EFFECT = "effect"
    UNKNOWN = "unknown"


@unique
class Scope(StrEnum):
    """What unmodelled casting text is about: casting the card itself, or casting spells while
    the card is on the battlefield."""

    SELF = "self"
    BATTLEFIELD = "battlefield"


@unique
class Relevance(StrEnum):
    """When unmodelled casting text could change an answer.

    * ``always`` — it could change any answer (a cost, a restriction, a cost change);
    * ``chosen`` — an alternative or optional cost: only when the request chooses it;
    * ``zone`` — a permission to cast from a zone: only when the card is cast from there;
    * ``payment`` — a way to pay: only when the payment fails without it.
    """

    ALWAYS = "always"
    CHOSEN = "chosen"
    ZONE = "zone"
    PAYMENT = "payment"


@dataclass(frozen=True, slots=True)
class Unmodelled:
    """Casting text the engine does not model, and when it could change an answer.

    >>> Unmodelled(text="Flashback {2}{R}", mechanic="flashback", relevance=Relevance.ZONE,
    ...     zone=Zone.GRAVEYARD).zone
    <Zone.GRAVEYARD: 'graveyard'>
    """

    text: str
    mechanic: str
    scope: Scope = Scope.SELF
    relevance: Relevance = Relevance.ALWAYS
    zone: Zone | None = None
    key: str | None = None


@unique
class Change(StrEnum):
    """How casting a card a keyword's way changes the spell, or what else it asks."""

    FACE_DOWN = "face_down"  # a 2/2 face-down creature spell with no name or mana cost (708.4)
    BESTOWED = "bestowed"  # an Aura spell with enchant creature (702.103b)
    OVERLOADED = "overloaded"  # "target" becomes "each": no targets (702.96a–b)
    TRANSFORMED = "transformed"  # its back face up (712.8c)
    EMERGE = "emerge"  # reduced by the sacrificed creature's mana value (702.119a)
    FORETOLD = "foretold"  # only on a later turn than it was foretold (702.143a)
    MUTATING = "mutating"  # a mutating creature spell targeting a non-Human creature (702.140a)
    CLEAVED = "cleaved"  # its text without the words in square brackets (702.148a)


@dataclass(frozen=True, slots=True)
class AlternativeCost:
    """A cost the card lets its caster pay rather than its mana cost (CR 118.9), named by
    ``key`` in requests ("printed", "printed:2"; keyword costs by their keyword).

    ``cost`` None: the card is cast without paying its mana cost (an alternative cost of
    nothing, 118.9). ``condition``: a fact of the board that must hold; ``zone``: casting
    this way is also a permission to cast from that zone (601.3).
    """

    key: str
    text: str
    cost: Cost | None
    rule: str = "118.9"
    condition: BoardCondition | None = None
    zone: Zone | None = None
    keyword: str | None = None
    """The keyword it comes from (see :mod:`engine.keyword_costs`), None for printed text."""
    adds_to_mana_cost: bool = False
    """The mana cost is paid too and ``cost`` adds to it (retrace, jump-start: not 118.9)."""
    during_resolution: bool = False
    """Cast while a triggered ability resolves (madness, suspend, miracle): no timing."""
    change: Change | None = None
    with_flash: bool = False
    """Cast this way, it may be cast as though it had flash ("… without paying its mana cost
    and as though it had flash", 601.3c)."""
    spend_only: tuple[str, Filter] | None = None
    """Cast this way, only mana from these sources may be spent ("Spend only mana produced by
    Treasures to cast it this way", 106.6): the sentence and the sources."""


@dataclass(frozen=True, slots=True)
class AdditionalCost:
    """A printed additional cost (CR 118.8): one of ``options`` is paid ("sacrifice a
    creature or pay {3}{B}"); ``optional`` ("you may …") costs are announced (601.2b).

    >>> read_additional_cost("As an additional cost to cast ~, discard a card or pay {5}."
    ...     ).options[1]
    Cost.parse('{5}')
    """

    text: str
    options: tuple[Cost, ...]
    optional: bool = False


@dataclass(frozen=True, slots=True)
class CastRestriction:
    """When the card may be cast (CR 601.3): "Cast this spell only during combat", "only if
    you control two or more Vampires".

    >>> read_restriction("Cast ~ only during your turn.").moments.whose_turn
    <Player.YOU: 'you'>
    """

    text: str
    moments: Moments | None = None
    condition: BoardCondition | None = None
    none_named_alike: bool = False
    """"only if no permanents named ~ are on the battlefield": no face-up permanent has its
    name."""


@unique
class StaticKind(StrEnum):
    """What a permanent's casting static does (CR 601.3, 601.3b, 307.1)."""

    FLASH = "flash"
    PROHIBIT = "prohibit"
    SORCERY_SPEED = "sorcery_speed"
    OWN_TURNS = "own_turns"
    ONE_SPELL = "one_spell"
    ALTERNATIVE = "alternative"
    CAST_FROM = "cast_from"
    SPEND_AS_THOUGH = "spend_as_though"
    CANT_PAY = "cant_pay"


@dataclass(frozen=True, slots=True)
class CastingStatic:
    """A permanent's static ability about casting spells: "You may cast green creature spells
    as though they had flash", "Players can't cast spells during combat", "Each opponent can
    cast spells only any time they could cast a sorcery".

    ``whose``: the players it is about (relative to the permanent's controller); ``spells``:
    which spells (None: every spell); ``moments``: when a prohibition applies (None: always);
    ``zones``: for a prohibition on casting from zones, those zones; ``cost``: the
    alternative cost it lets its controller pay rather than a spell's mana cost ("You may pay
    {W}{U}{B}{R}{G} rather than pay the mana cost for spells that you cast", 118.9), which is
    the spell's mana value in generic mana when ``per_mana_value`` ("{X}, where X is that
    spell's mana value"). A prohibition ``while_attacking`` holds only while its permanent
    attacks, on the defending player ("As long as ~ is attacking, defending player can't cast
    spells"); ``same_name_as``: on spells with the same name as an object on the battlefield
    that fits it ("… with the same name as a nontoken permanent"); ``condition``: it holds
    only for a caster of whom the condition holds ("Each opponent who attacked with a creature
    this turn can't cast spells", "If you attacked with creatures this turn, you can't cast
    spells", "Each player can't cast more than one noncreature spell each turn"); for a permission
    to cast from zones (``cast_from``), those zones, and ``linked``: the permission is for the
    cards this permanent exiled ("from among cards exiled with ~", 406.6) — for a prohibition,
    it is on spells with the same name as one of them ("… with the same name as the exiled
    card", 607.2a).
    """

    kind: StaticKind
    text: str
    whose: Whose = Whose.ANY
    spells: Filter | None = None
    moments: Moments | None = None
    zones: frozenset[Zone] | None = None
    cost: ManaCost | None = None
    per_mana_value: bool = False
    while_attacking: bool = False
    same_name_as: Filter | None = None
    linked: bool = False
    condition: BoardCondition | None = None
    spend_from: ManaType | None = None
    """``spend_as_though``: the mana it is about (None: any mana)."""
    spend_as: frozenset[ManaType] = frozenset()
    """``spend_as_though``: the types that mana may be spent as (609.4b)."""
    enchanted: bool = False
    """About the player its Aura enchants, or the controller of the permanent it is attached
    to ("Enchanted player can't …", "Enchanted creature's controller can't …"), not ``whose``."""
    while_attached: bool = False
    """It holds only while its permanent is attached to a creature ("As long as ~ is attached
    to a creature, …")."""
    once_each_turn: bool = False
    """A permission its controller may use once each turn ("Once each turn, you may cast …",
    "During each of your turns, you may cast a creature spell …", "You can't cast more than
    one spell this way each turn"): not again once ``this_turn.permissions_used`` names its
    permanent."""
    shares_type_linked: bool = False
    """``cast_from``: only for a spell that shares a card type with a card exiled with its
    permanent ("… if it shares a card type with a card exiled with ~", 607.2a)."""
    pays_life: str | None = None
    """``cast_from``: the sentence saying a spell cast this way is cast by paying life equal to
    its mana value rather than its mana cost ("If you cast a spell this way, pay life equal to
    its mana value rather than pay its mana cost", 118.9b)."""
    additional: Cost | None = None
    """``cast_from``: what a spell cast this way also costs ("by sacrificing a creature in
    addition to paying its other costs", 118.8)."""
    free: bool = False
    """``cast_from``: a spell cast this way may be cast without paying its mana cost (an
    alternative cost of nothing, 118.9)."""
    spend_any: bool = False
    """``cast_from``: mana may be spent as though it were mana of any color to cast a spell
    this way (609.4b)."""
    any_owner: bool = False
    """``cast_from``: the permission covers cards any player owns ("from the top of any
    player's library")."""
    mana_value_at_most: Count | None = None
    """``alternative``: only for a spell whose mana value is at most this count ("with mana
    value less than or equal to the number of lands you control", "with mana value X or less,
    where X is the number of time counters on ~")."""
    with_flash: bool = False
    """``alternative``: a spell cast this way may be cast as though it had flash ("… without
    paying their mana costs and as though they had flash", 601.3c)."""
    limit: int = 1
    """``one_spell``: how many spells a player may cast each turn ("no more than two spells
    each turn")."""
    cant_pay_life: bool = False
    """``cant_pay``: the players it is about can't pay life to cast spells (119.4b)."""
    cant_sacrifice: Filter | None = None
    """``cant_pay``: … nor sacrifice permanents that fit to cast spells."""
    shares_color_with_last: bool = False
    """``prohibit``: on spells that share a color with the spell most recently cast this turn
    (the last of ``this_turn.spells``)."""
    shares_type_with_top: bool = False
    """``prohibit``: on spells that share a card type with the top card of a library (the
    board's ``library``, 401.5)."""
    mana_value_above: Count | None = None
    """``prohibit``: only on a spell whose mana value is greater than this count of its
    caster's ("… with mana value greater than the number of lands that player controls")."""


@dataclass(frozen=True, slots=True)
class SelfCostChange:
    """A card's own cost change (CR 601.2f): "This spell costs {2} less to cast if you control
    a Wizard", strive's "{1}{R} more for each target beyond the first", "You may cast ~ as
    though it had flash if you pay {2} more to cast it" (601.3c).

    ``per_target_beyond_first``: the amount is added once per target after the first;
    ``flash``: it applies only when the card is cast as though it had flash; ``per``: the
    amount counts once for each object it counts ("for each artifact you control", affinity,
    undaunted; "where X is …"); ``rule``: the rule that defines it (a keyword's); ``targets``:
    it applies when one of the spell's targets fits ("if it targets a blue permanent");
    ``per_paid``: the amount counts once for each object chosen to pay its additional cost,
    the action's list of that name ("for each card exiled this way": ``exile``); ``moments``:
    it applies only then ("during your end step"; a board that names no step doesn't say).
    """

    text: str
    amount: ManaCost
    increase: bool
    condition: BoardCondition | None = None
    per_target_beyond_first: bool = False
    flash: bool = False
    per: Count | None = None
    rule: str = "601.2f"
    targets: Filter | None = None
    per_paid: str | None = None
    moments: Moments | None = None
    at_most: int = 0
    """A reduction that can't reduce the cost by more than that much generic mana (0: no such
    limit): "This effect can't reduce the amount of mana this spell costs by more than {5}"."""
    target_graveyard: int = 0
    """With ``targets``: the target's controller has at least that many cards in their
    graveyard ("if it targets a creature whose controller has eight or more cards in their
    graveyard")."""
    life: int = 0
    """An increase in life, not mana ("This spell costs 3 life more to cast for each target"),
    once for each of its targets when ``per_target``."""
    per_target: bool = False
    from_zone: Zone | None = None
    """It applies only when the card is cast from that zone ("You may cast ~ from your
    graveyard if you pay {1} more to cast it for each other creature card in your
    graveyard")."""
    other: bool = False
    """``per`` counts "other" cards of that zone: not the card cast, which the request lists
    where it is cast from."""


# --- What counts as casting text ------------------------------------------------------------

_CASTING_MARKERS = re.compile(
    r"rather than pay|additional cost|\bcosts? (?:\{[^}]*\})+ (?:more|less)|\bcosts? up to\b|"
    r"\bcosts?\b[^.]*\bto cast\b|\bcosts?\b[^.]{0,120}\b(?:more|less)\b|"
    r"(?:more|less) to cast\b|\bcast (?:~|it|them|spells|this spell)? ?only\b|"
    r"\bonly (?:as|any time)|can't be cast|\bcan't cast\b|\bcan't(?: [a-z]+){0,5} (?:or|to) cast\b|"
    r"\bcan cast spells only\b|"
    r"as though (?:it|they) had flash|"
    r"\b(?:may|can) (?:cast|play)\b|without paying|\bhas flash\b|\bhave flash\b|"
    r"\bspend\b.*\bmana\b|\bmana\b.*\bspent\b",
    re.IGNORECASE,
)


_ACTIVATING = re.compile(
    r"\bactivate\b|\babilit(?:y|ies)\b|\bequip costs?\b|\bplay (?:an additional land|lands?\b|"
    r"any number of lands|two additional lands)",
    re.IGNORECASE,
)
_SPELLS = re.compile(r"\bspells?\b|~|\bcast\b", re.IGNORECASE)
_NOT_CASTING_COSTS = re.compile(
    r"\bto activate\b|\bactivation costs?\b|"
    r"\b(?:crew|cycling|echo|equip|morph|megamorph|disguise|ninjutsu|unearth|outlast|"
    r"reinforce|transmute|embalm|eternalize|scavenge|fortify|reconfigure|level up|"
    r"cumulative upkeep) costs?\b|\bforetelling\b",
    re.IGNORECASE,
)
"""The costs of what is not casting a spell: activating an ability (602.1a), a keyword
ability that is activated (equip 702.6a, cycling 702.29a, crew 702.122a, …) or triggered
(echo 702.30a, cumulative upkeep 702.24a), and special actions (turning a face-down permanent
face up for its morph or disguise cost 702.37e, 702.168d; foretelling 702.143b)."""
_CASTING_A_SPELL = re.compile(r"\bspells?\b|\bcast\b", re.IGNORECASE)
_GRANTED_ACTIVATED = re.compile(r'["“](?P<cost>[^"“”:.]{1,90}): (?P<effect>[^"“”]*)["”]')
"""An activated ability granted in quotation marks ("{T}: Add {G}.", 602.1)."""


def is_casting_text(sentence: str) -> bool:
    """Whether a sentence speaks of casting: costs, permissions, restrictions (see module).
    The costs of activating abilities, of keyword abilities that are activated or triggered and
    of special actions are not casting text, nor are activated abilities granted in quotation
    marks.

    >>> is_casting_text("Cast ~ only during combat."), is_casting_text("Destroy target land.")
    (True, False)
    >>> is_casting_text("Equip abilities you activate cost {1} less to activate.")
    False
    >>> is_casting_text("You may play lands from your graveyard.")
    False
    >>> is_casting_text("You may pay {0} rather than pay the echo cost for permanents you "
    ...     "control.")
    False
    >>> is_casting_text('Slivers have "{2}: Tap target creature. Activate only as a sorcery."')
    False
    """
    sentence = without_granted_activated(sentence)
    if not _CASTING_MARKERS.search(sentence):
        return False
    if _NOT_CASTING_COSTS.search(sentence) and not _CASTING_A_SPELL.search(sentence):
        return False
    return not (_ACTIVATING.search(sentence) and not _SPELLS.search(sentence))


def without_granted_activated(sentence: str) -> str:
    """The sentence without the activated abilities it grants in quotation marks: their
    instructions ("Activate only as a sorcery", 602.5d; "Spend this mana only …" of a mana
    ability, 605.1a) are about activating them, not about casting.

    >>> without_granted_activated('Creatures you control have "{T}: Add {G}."')
    'Creatures you control have ""'
    >>> without_granted_activated('Creatures you control have "Spells cost {1} more to cast."')
    'Creatures you control have "Spells cost {1} more to cast."'
    """
    return _GRANTED_ACTIVATED.sub('""', sentence)


def grants_mana_ability(sentence: str) -> bool:
    """Whether the sentence grants, in quotation marks, a mana ability (605.1a) whose text
    speaks of casting ("Spend this mana only to cast …"): a mana ability's instruction, read
    with the mana abilities, not casting text.

    >>> grants_mana_ability('Artifacts you control have "{T}: Add one mana of any color. '
    ...     'Spend this mana only to cast an instant or sorcery spell."')
    True
    >>> grants_mana_ability('Creatures you control have "{T}: Add {G}."')
    False
    """
    return any(
        match.group("effect").lower().startswith("add ")
        and "target" not in match.group("effect").lower()
        and _CASTING_MARKERS.search(match.group("effect")) is not None
        for match in _GRANTED_ACTIVATED.finditer(sentence)
    )


# --- Readers (each returns None when it does not understand the sentence) ------------------

_ADDITIONAL = re.compile(r"^as an additional cost to cast ~, (?P<body>.+?)\.?$", re.IGNORECASE)
_COST_VERB = r"(?:sacrifice|discard|exile|tap|return|reveal|pay)\b"


def read_additional_cost(sentence: str) -> AdditionalCost | None:
    """Read "As an additional cost to cast this spell, …" (CR 118.8); None if not understood.

    >>> read_additional_cost("As an additional cost to cast ~, you may sacrifice any number "
    ...     "of creatures.").optional
    True
    >>> read_additional_cost("As an additional cost to cast ~, choose a creature type.") is None
    True
    """
    match = _ADDITIONAL.match(sentence.strip())
    if match is None:
        return None
    body = match.group("body").strip()
    optional = body.lower().startswith("you may ")
    if optional:
        body = body[len("you may ") :]
    choices = re.split(rf",? or (?={_COST_VERB})|, (?={_COST_VERB}[^,]*, or )", body, flags=re.I)
    options: list[Cost] = []
    for choice in choices:
        cost = _prose_cost(choice)
        if cost is None:
            return None
        options.append(cost)
    return AdditionalCost(text=sentence.strip(), options=tuple(options), optional=optional)


def _prose_cost(text: str) -> Cost | None:
    try:
        cost = Cost.read(text.strip().rstrip("."))
    except InvalidNotationError:
        return None
    return cost if cost.understood else None


_RATHER = re.compile(
    r"^(?:(?P<cond>if [^,]+), )?(?:you may (?P<cost>.+?) rather than pay ~'s mana cost|"
    r"rather than pay ~'s mana cost, you may (?P<cost2>.+?))\.?$",
    re.IGNORECASE,
)
_FREE = re.compile(
    r"^(?:(?P<cond>if [^,]+), )?you may cast ~ without paying its mana cost(?P<flash> and as "
    r"though it had flash)?\.?$",
    re.IGNORECASE,
)
_FROM_ZONE_TOO = re.compile(
    r"^you may cast ~ from your (?P<zone>graveyard|exile) by (?P<cost>.+?) in addition to "
    r"paying its other costs\.?$",
    re.IGNORECASE,
)
_FROM_ZONE = re.compile(
    r"^(?:(?P<cond>(?:if|as long as) [^,]+), )?you may cast ~ from your (?P<zone>graveyard|exile) "
    r"by (?P<cost>.+?) rather than paying its mana cost\.?$",
    re.IGNORECASE,
)


def is_alternative_cost(sentence: str) -> bool:
    """Whether a sentence is a printed alternative cost of the card (understood or not).

    >>> is_alternative_cost("You may sacrifice a Mountain rather than pay ~'s mana cost.")
    True
    >>> is_alternative_cost("If ~ is the first spell you've cast this game, you may cast it "
    ...     "without paying its mana cost.")
    True
    """
    lowered = sentence.lower()
    if "rather than pay" in lowered and "~" in lowered:
        return True
    return bool(_FREE.match(sentence.strip())) or bool(
        re.search(r"\byou may cast (?:~|it) without paying its mana cost", lowered)
        and "~" in lowered
    )


def read_alternative_cost(sentence: str, key: str) -> AlternativeCost | None:
    """Read a printed alternative cost (CR 118.9) under ``key``; None if not understood.

    >>> alt = read_alternative_cost("If you control a Swamp, you may pay 4 life rather than "
    ...     "pay ~'s mana cost.", "printed")
    >>> str(alt.cost), alt.condition.fact.value
    ('Pay 4 life', 'control')
    >>> read_alternative_cost("If a creature spell you cast this turn was countered, you may "
    ...     "pay {0} rather than pay ~'s mana cost.", "printed") is None
    True
    """
    text = sentence.strip()
    zone: Zone | None = None
    with_flash = False
    match = _RATHER.match(text)
    cost: Cost | None
    if match is not None:
        cost = _prose_cost(match.group("cost") or match.group("cost2"))
        if cost is None:
            return None
    elif (match := _FROM_ZONE.match(text)) is not None:
        cost = _prose_cost(_infinitive(match.group("cost")))
        if cost is None:
            return None
        zone = Zone(match.group("zone").lower())
    elif (match := _FREE.match(text)) is not None:
        cost = None
        with_flash = bool(match.group("flash"))
    elif (match := _FROM_ZONE_TOO.match(text)) is not None:
        cost = _prose_cost(_infinitive(match.group("cost")))
        if cost is None:
            return None
        zone = Zone(match.group("zone").lower())
        return AlternativeCost(key=key, text=text, cost=cost, zone=zone, rule="601.3",
                               adds_to_mana_cost=True)  # fmt: skip
    else:
        return None
    condition = None
    if match.group("cond"):
        condition = read_condition_text(match.group("cond"))
        if condition is None:
            return None
    return AlternativeCost(key=key, text=text, cost=cost, condition=condition, zone=zone,
                           with_flash=with_flash)  # fmt: skip


def _infinitive(text: str) -> str:
    """ "paying {B}{B} and sacrificing two creatures" → "pay {B}{B} and sacrifice two creatures"."""
    words = {
        "paying": "pay",
        "sacrificing": "sacrifice",
        "discarding": "discard",
        "exiling": "exile",
        "tapping": "tap",
        "returning": "return",
        "revealing": "reveal",
    }
    return re.sub(r"\b(" + "|".join(words) + r")\b", lambda m: words[m.group(1)], text)


_RESTRICTION = re.compile(
    r"^(?:cast ~ only (?P<when>.+?)|(?:you )?can't cast ~ unless (?P<unless>.+?)|"
    r"(?:you )?can't cast ~ (?P<not_if>if .+?))\.?$",
    re.IGNORECASE,
)


_NONE_NAMED_ALIKE = re.compile(
    r"^cast ~ only if no permanents named ~ are on the battlefield\.?$", re.IGNORECASE
)


def read_restriction(sentence: str) -> CastRestriction | None:
    """Read "Cast this spell only …" (CR 601.3); None if not understood.

    >>> restriction = read_restriction("Cast ~ only if you control two or more Vampires.")
    >>> restriction.condition.count
    2
    >>> read_restriction("Cast ~ only if you've cast another spell this turn.").condition.fact
    <Fact.CAST_SPELLS: 'cast_spells'>
    >>> read_restriction("Cast ~ only if you were dealt damage this turn by a red spell.") is None
    True
    """
    if _NONE_NAMED_ALIKE.match(sentence.strip()):
        return CastRestriction(text=sentence.strip(), none_named_alike=True)
    match = _RESTRICTION.match(sentence.strip())
    if match is None:
        return None
    if match.group("not_if"):  # "You can't cast this spell if you've played a land this turn"
        condition = read_condition_text(match.group("not_if"))
        if condition is None:
            return None
        negated = replace(condition, negated=not condition.negated)
        return CastRestriction(text=sentence.strip(), condition=negated)
    when = match.group("when") or ""
    if match.group("unless"):
        when = "if " + match.group("unless")
    moments_part, _, condition_part = when.partition(" and only if ")
    if condition_part and not moments_part.lower().startswith("if "):
        both_moments = read_moments(moments_part)
        both_condition = read_condition_text("if " + condition_part)
        if both_moments is None or both_condition is None:
            return None
        return CastRestriction(
            text=sentence.strip(), moments=both_moments, condition=both_condition
        )
    if when.lower().startswith("if "):
        condition = read_condition_text(when)
        if condition is None:
            return None
        return CastRestriction(text=sentence.strip(), condition=condition)
    moments = read_moments(when)
    if moments is None:
        return None
    return CastRestriction(text=sentence.strip(), moments=moments)


_SELF_CHANGE = re.compile(
    r"^(?:(?P<cond1>(?:if|as long as) [^,]+), )?~ costs (?P<amount>(?:\{[^}]+\})+) "
    r"(?P<dir>more|less) to cast(?: (?P<cond2>if .+?)| (?P<each>for each target beyond the first)|"
    r" (?P<during>during .+?)|"
    r" for each (?P<per>.+?)|, where X is (?P<where>.+?))?\.?$",
    re.IGNORECASE,
)
_WHOSE_GRAVEYARD = re.compile(
    r"(?P<what>.+?) whose controller has (?P<n>\w+) or more cards in their graveyard",
    re.IGNORECASE,
)
_SELF_LIFE = re.compile(
    r"^~ costs (?P<life>\d+) life more to cast(?P<each> for each target)?\.?$", re.IGNORECASE
)
_SELF_FLASH = re.compile(
    r"^(?:(?P<cond>(?:if|as long as) [^,]+), )?you may cast ~ as though it had flash\.?$|"
    r"^~ has flash as long as (?P<cond2>.+?)\.?$",
    re.IGNORECASE,
)
_SELF_ZONE = re.compile(
    r"^(?:(?P<cond>(?:if|as long as) [^,]+), )?you may cast ~ from (?:your )?"
    r"(?P<zone>graveyard|exile)(?: (?P<cond2>(?:if|as long as) [^,]+?))?\.?$",
    re.IGNORECASE,
)


def read_self_permission(sentence: str) -> tuple[Zone | None, BoardCondition | None] | None:
    """Read the card's own permission to be cast from a zone, or as though it had flash
    (zone None); with its condition. None if not understood.

    >>> read_self_permission("You may cast ~ from your graveyard.")
    (<Zone.GRAVEYARD: 'graveyard'>, None)
    >>> read_self_permission("~ has flash as long as you control a Merfolk.")[1].fact
    <Fact.CONTROL: 'control'>
    """
    text = sentence.strip()
    for pattern, zone_group in ((_SELF_FLASH, None), (_SELF_ZONE, "zone")):
        match = pattern.match(text)
        if match is None:
            continue
        raw = match.groupdict().get("cond") or match.groupdict().get("cond2")
        condition = None
        if raw:
            condition = read_condition_text(raw if raw.lower().startswith(("if", "as long")) else
                                            "if " + raw)  # fmt: skip
            if condition is None:
                return None
        zone = Zone(match.group(zone_group).lower()) if zone_group else None
        return zone, condition
    return None


_FLASH_IF_PAID = re.compile(
    r"^you may cast ~ as though it had flash if you pay (?P<amount>(?:\{[^}]+\})+) more to "
    r"cast it\.?$",
    re.IGNORECASE,
)


def read_self_cost_change(sentence: str) -> SelfCostChange | None:
    """Read the card's own cost change; None if not understood ("for each …" counts are not).

    >>> change = read_self_cost_change("~ costs {2} less to cast if you control a Wizard.")
    >>> str(change.amount), change.increase
    ('{2}', False)
    >>> read_self_cost_change("~ costs {1}{R} more to cast for each target beyond the first."
    ...     ).per_target_beyond_first
    True
    >>> read_self_cost_change("You may cast ~ as though it had flash if you pay {2} more to "
    ...     "cast it.").flash
    True
    >>> read_self_cost_change("~ costs {1} less to cast for each creature on the battlefield."
    ...     ).per.text
    'creature on the battlefield'
    """
    text = sentence.strip()
    life = _SELF_LIFE.match(text)
    if life:
        return SelfCostChange(
            text=text, amount=ManaCost(), increase=True, life=int(life.group("life")),
            per_target=bool(life.group("each")),
        )  # fmt: skip
    flash = _FLASH_IF_PAID.match(text)
    if flash:
        return SelfCostChange(
            text=text, amount=ManaCost.parse(flash.group("amount")), increase=True, flash=True
        )
    match = _SELF_CHANGE.match(text)
    if match is None:
        return None
    condition = None
    targets: Filter | None = None
    raw = match.group("cond1") or match.group("cond2")
    aimed = re.fullmatch(r"if it targets (?:an? )?(?P<what>.+)", raw or "", re.IGNORECASE)
    graveyard = 0
    if aimed:
        what = aimed.group("what")
        whose = _WHOSE_GRAVEYARD.fullmatch(what)
        if whose:
            what, graveyard = whose.group("what"), count_word(whose.group("n")) or 0
            if not graveyard:
                return None
        targets = read_filter(what)
        if targets is None:
            return None
    elif raw:
        condition = read_condition_text(raw)
        if condition is None:
            return None
    per: Count | None = None
    amount = ManaCost.parse(match.group("amount"))
    if match.group("during"):
        moments = read_moments(match.group("during"))
        if moments is None:
            return None
        return SelfCostChange(
            text=text,
            amount=amount,
            increase=match.group("dir").lower() == "more",
            condition=condition,
            moments=moments,
        )
    paid = re.fullmatch(
        r"(?:card|creature)s? (?P<how>exiled|sacrificed|tapped) this way", match.group("per") or ""
    )
    if paid:
        how = {"exiled": "exile", "sacrificed": "sacrifice", "tapped": "tap"}[paid.group("how")]
        return SelfCostChange(
            text=text,
            amount=amount,
            increase=match.group("dir").lower() == "more",
            condition=condition,
            targets=targets,
            per_paid=how,
        )
    where = match.group("where")
    if where and where.lower() == "the difference" and "starting life total" in (raw or ""):
        where = "the difference between your starting life total and your life total"
    if match.group("per") or where:
        per = read_count(match.group("per") or where)
        if per is None or (match.group("where") and str(amount) != "{X}"):
            return None
        if per.counted in (Counted.COUNTERS_ON_SOURCE, Counted.SOURCE_POWER):
            return None  # a permanent's own counters or power: not a spell's
        if match.group("where"):
            amount = ManaCost.generic(1)
    return SelfCostChange(
        text=text,
        amount=amount,
        increase=match.group("dir").lower() == "more",
        condition=condition,
        per_target_beyond_first=bool(match.group("each")),
        per=per,
        targets=targets,
        target_graveyard=graveyard,
    )


def read_keyword_reduction(keyword: str, text: str) -> SelfCostChange | None:
    """The cost reduction of affinity ("This spell costs {1} less to cast for each <type> you
    control", 702.41a) or undaunted ("… for each opponent you have", 702.125a); None if the
    keyword's text is not understood.

    >>> read_keyword_reduction("affinity", "Affinity for artifacts").per.filter.controller.value
    'you'
    >>> read_keyword_reduction("undaunted", "Undaunted").rule
    '702.125a'
    """
    if keyword == "undaunted":
        per = read_count("opponent you have")
        rule = "702.125a"
    else:
        match = re.fullmatch(r"affinity for (?P<what>.+?)\.?", text.strip(), re.IGNORECASE)
        if match is None:
            return None
        what = match.group("what")
        words = what.split()
        if words and words[-1].endswith("s") and not words[-1].endswith("ss"):
            what = " ".join([*words[:-1], words[-1][:-1]])  # "artifacts" → "artifact"
        per = read_count(what + " you control")
        rule = "702.41a"
    if per is None:
        return None
    return SelfCostChange(
        text=text.strip(), amount=ManaCost.generic(1), increase=False, per=per, rule=rule
    )


_ENCHANTED = ("enchanted player", "enchanted creature's controller")
_WHO = {
    "enchanted player": Whose.ANY,
    "enchanted creature's controller": Whose.ANY,
    "players": Whose.ANY,
    "each player": Whose.ANY,
    "your opponents": Whose.OPPONENT,
    "each opponent": Whose.OPPONENT,
    "you": Whose.YOU,
}
_PROHIBIT = re.compile(
    r"^(?P<attached>as long as ~ is attached to a creature, )?"
    r"(?:(?P<during1>during (?:your turn|combat)), )?(?P<who>players|your opponents|you|each "
    r"opponent|each player|enchanted player|enchanted creature's controller) can't cast "
    r"(?P<what>.*?)spells(?P<with> (?:with|of) [^.]+?)?"
    r"(?: (?P<zones>from (?:graveyards or libraries|graveyards|anywhere other than their "
    r"hands|your hand)))?(?: (?P<during2>"
    r"during (?:your turn|combat)))?\.?$",
    re.IGNORECASE,
)
_CANT_BE_CAST = re.compile(
    r"^(?P<what>.*?)spells(?P<with> (?:with|of) [^.]+?)? can't be cast\.?$", re.IGNORECASE
)
_FLASH_FOR = re.compile(
    r"^(?P<who>you|any player|players) may cast (?P<what>.*?)spells"
    r"(?P<with> (?:with|of) [^.]+?)? as though they had flash\.?$",
    re.IGNORECASE,
)
_OWN_CARDS_FLASH = re.compile(
    r"^(?P<what>.+?) cards you own that aren't on the battlefield have flash\.?$", re.IGNORECASE
)
_ONE_SPELL = re.compile(
    r"^(?P<who>each player|you|each opponent|enchanted player) can't cast more than one spell "
    r"each turn\.?$",
    re.IGNORECASE,
)
_GRANTED_ALTERNATIVE = re.compile(
    r"^you may pay (?P<cost>(?:\{[^}]+\})+) rather than pay the mana cost for (?P<what>.*?)"
    r"spells (?:that )?you cast(?P<where>, where x is that spell's mana value)?\.?$",
    re.IGNORECASE,
)
_FREE_FOR = re.compile(
    r"^(?P<who>you|any player) may cast (?P<what>.*?)spells(?: with mana value (?:(?P<mv>\d+) or "
    r"less|less than or equal to the number of (?P<count>[^.]+?)))? without paying their mana "
    r"costs(?P<flash> and as though they had flash)?\.?$",
    re.IGNORECASE,
)
_ONCE_ALTERNATIVE = re.compile(
    r"^once each turn, you may pay (?P<cost>(?:\{[^}]+\})+) rather than pay the mana cost for a "
    r"spell you cast with mana value x or less, where x is the number of (?P<kind>[a-z]+) "
    r"counters on ~\.?$",
    re.IGNORECASE,
)
_TURN_LIMITS = re.compile(
    r"^you can cast spells only during your turn and you can cast no more than (?P<n>\w+) "
    r"spells each turn\.?$",
    re.IGNORECASE,
)


def read_granted_free(sentence: str) -> CastingStatic | None:
    """Read a permanent's alternative cost of nothing for spells ("You may cast spells with mana
    value less than or equal to the number of lands you control without paying their mana
    costs", "Any player may cast creature spells with mana value 3 or less without paying their
    mana costs and as though they had flash"), or of a mana cost once each turn; None if not
    understood.

    >>> read_granted_free("You may cast spells with mana value less than or equal to the "
    ...     "number of lands you control without paying their mana costs.").mana_value_at_most.text
    'lands you control'
    """
    text = sentence.strip()
    match = _FREE_FOR.match(text)
    if match:
        spells = _spells(match.group("what"), f" with mana value {match.group('mv')} or less"
                         if match.group("mv") else None)  # fmt: skip
        at_most = read_count(match.group("count")) if match.group("count") else None
        if spells is False or (match.group("count") and at_most is None):
            return None
        return CastingStatic(
            kind=StaticKind.ALTERNATIVE,
            text=text,
            whose=Whose.YOU if match.group("who").lower() == "you" else Whose.ANY,
            spells=spells if isinstance(spells, Filter) else None,
            cost=ManaCost.generic(0),
            mana_value_at_most=at_most,
            with_flash=bool(match.group("flash")),
        )
    match = _ONCE_ALTERNATIVE.match(text)
    if match:
        counters = read_count(f"{match.group('kind')} counter on ~")
        return CastingStatic(
            kind=StaticKind.ALTERNATIVE,
            text=text,
            whose=Whose.YOU,
            cost=ManaCost.parse(match.group("cost")),
            mana_value_at_most=counters,
            once_each_turn=True,
        )
    return None


def read_turn_limits(sentence: str) -> tuple[CastingStatic, ...]:
    """Read "You can cast spells only during your turn and you can cast no more than two
    spells each turn": two statics about its controller (none if not understood).

    >>> [s.kind.value for s in read_turn_limits("You can cast spells only during your turn and "
    ...     "you can cast no more than two spells each turn.")]
    ['own_turns', 'one_spell']
    """
    text = sentence.strip()
    match = _TURN_LIMITS.match(text)
    limit = count_word(match.group("n")) if match else None
    if limit is None:
        return ()
    return (
        CastingStatic(kind=StaticKind.OWN_TURNS, text=text, whose=Whose.YOU),
        CastingStatic(kind=StaticKind.ONE_SPELL, text=text, whose=Whose.YOU, limit=limit),
    )


_WHO_DID = re.compile(
    r"^each (?P<who>opponent|player) who (?P<did>.+?) can't cast (?:additional )?(?P<what>.*?)"
    r"spells\.?$|^(?P<who2>each player|each opponent|you) can't cast more than one "
    r"(?P<what2>.*?)spells? each turn\.?$",
    re.IGNORECASE,
)
_IF_YOU_DID = re.compile(
    r"^if (?P<did>you [^,]+), (?P<who>you) can't cast (?P<what>.*?)spells\.?$", re.IGNORECASE
)


def _prohibition_if(text: str, match: re.Match[str]) -> CastingStatic | None:
    """A prohibition on casters of whom something is true ("each opponent who attacked with a
    creature this turn"), or on a second spell of a kind each turn."""
    groups = match.groupdict()
    if groups.get("who2"):
        what = groups["what2"] or ""
        did = f"you've cast {'an' if what[:1] in 'aeiou' else 'a'} {what}spell this turn"
        if not what:
            return None  # "more than one spell each turn": the ONE_SPELL static
        who = _WHO[groups["who2"].lower()]
    else:
        what = groups["what"] or ""
        did = groups["did"]
        more = re.fullmatch(r"controls more (?P<what>.+) than (?:you|each other player)", did)
        if more:  # the caster controls more than the other player (the permanent's controller)
            did = f"you control more {more.group('what')} than each other player"
        if not did.startswith("you "):
            did = re.sub(r"^has ", "you've ", did)
            did = did if did.startswith("you") else "you " + did
        who = {"opponent": Whose.OPPONENT, "player": Whose.ANY, "you": Whose.YOU}[
            groups["who"].lower()
        ]
    condition = read_condition_text("if " + did)
    spells = _spells(what)
    if condition is None or spells is False:
        return None
    return CastingStatic(
        kind=StaticKind.PROHIBIT,
        text=text,
        whose=who,
        spells=spells if isinstance(spells, Filter) else None,
        condition=condition,
    )


_WHILE_ATTACKING = re.compile(
    r"^as long as ~ is attacking, defending player can't cast spells\.?$", re.IGNORECASE
)
_SAME_NAME = re.compile(
    r"^(?P<who>players|your opponents|each opponent) can't cast spells with the same name as "
    r"(?:(?P<exiled>the exiled card|a card exiled with ~)|an? (?P<what>[^.]+?))\.?$",
    re.IGNORECASE,
)
_OWN_TURNS = re.compile(
    r"^players can cast spells(?: and activate abilities)? only during their own turns\.?$",
    re.IGNORECASE,
)
_ABILITIES_TOO = re.compile(
    r" or activate abilities(?: that aren't mana abilities| of [^.]+?)?(?=\.?$| during)",
    re.IGNORECASE,
)
_CANT_PAY = re.compile(
    r"^(?P<who>players|your opponents|each opponent|you) can't (?:(?P<life>pay life)"
    r"(?: or sacrifice (?P<sac2>[a-z ]+?))?|sacrifice (?P<sac>[a-z ]+?)) to cast spells\.?$",
    re.IGNORECASE,
)
_SHARE_WITH_LAST = re.compile(
    r"^players can't cast spells that share a color with the spell most recently cast this "
    r"turn\.?$",
    re.IGNORECASE,
)
_SHARE_WITH_TOP = re.compile(
    r"^spells that share a card type with the top card of a library can't be cast\.?$",
    re.IGNORECASE,
)
_ABOVE_COUNT = re.compile(
    r" with mana value greater than the number of (?P<what>[a-z ]+?) that player controls",
    re.IGNORECASE,
)
_LANDS_TOO = re.compile(r"can't play lands or cast", re.IGNORECASE)
_SORCERY = re.compile(
    r"^(?P<who>each opponent|your opponents) can cast spells only any time they could cast a "
    r"sorcery\.?$",
    re.IGNORECASE,
)


def _spells(what: str, with_: str | None = None) -> Filter | None | bool:
    """The spell filter of "<what> spells <with …>"; None: every spell; False: not understood."""
    phrase = what.strip()
    if not phrase and not with_:
        return None
    found = read_filter((phrase + " spells" + (with_ or "")).strip())
    return False if found is None else found


_SAME_IS_TRUE = re.compile(r"^the same is true for (?P<kinds>[a-z, ]+?)\.?$", re.IGNORECASE)


def read_same_is_true(sentence: str, previous: CastingStatic) -> tuple[CastingStatic, ...] | None:
    """ "The same is true for artifacts and enchantments." after a prohibition that names one
    kind of permanent and its spells: the same prohibition for each kind named; None if not
    understood.

    >>> static = read_static("Each opponent who controls more creatures than you can't cast "
    ...     "creature spells.")
    >>> [s.spells.text for s in read_same_is_true("The same is true for artifacts and "
    ...     "enchantments.", static)]
    ['artifact spells', 'enchantment spells']
    """
    match = _SAME_IS_TRUE.match(sentence.strip())
    if match is None or previous.spells is None:
        return None
    kind = re.search(r"\b(\w+)s\b(?=.*\b\1 spells\b)", previous.text)
    if kind is None:
        return None
    word = kind.group(1)
    found: list[CastingStatic] = []
    for plural in re.split(r",? and |, ", match.group("kinds")):
        if not plural.endswith("s"):
            return None
        text = re.sub(rf"\b{word}(?=s?\b)", plural[:-1], previous.text)
        static = read_static(text)
        if static is None:
            return None
        found.append(replace(static, text=f"{previous.text} {sentence.strip()}"))
    return tuple(found)


def read_static(sentence: str) -> CastingStatic | None:
    """Read a permanent's static ability about casting (flash for others, prohibitions,
    sorcery-speed limits); None if not understood.

    >>> read_static("You may cast green creature spells as though they had flash.").kind
    <StaticKind.FLASH: 'flash'>
    >>> static = read_static("Your opponents can't cast spells during your turn.")
    >>> static.whose, static.moments.whose_turn
    (<Whose.OPPONENT: 'opponent'>, <Player.YOU: 'you'>)
    >>> read_static("Each player can't cast more than one spell each turn.").kind
    <StaticKind.ONE_SPELL: 'one_spell'>
    >>> read_static("Each player can't cast more than one noncreature spell each turn."
    ...     ).condition.text
    "if you've cast a noncreature spell this turn"
    >>> str(read_static("You may pay {0} rather than pay the mana cost for Zombie creature "
    ...     "spells you cast.").cost)
    '{0}'
    """
    text = sentence.strip()
    spells_only = _ABILITIES_TOO.sub("", text)  # activating abilities is not casting
    spells_only = _LANDS_TOO.sub("can't cast", spells_only)  # nor is playing a land (305.1)
    match = _FLASH_FOR.match(text)
    if match:
        spells = _spells(match.group("what"), match.group("with"))
        if spells is False:
            return None
        return CastingStatic(
            kind=StaticKind.FLASH,
            text=text,
            whose=Whose.YOU if match.group("who").lower() == "you" else Whose.ANY,
            spells=spells if isinstance(spells, Filter) else None,
        )
    match = _GRANTED_ALTERNATIVE.match(text)
    if match:
        spells = _spells(match.group("what"))
        cost = ManaCost.parse(match.group("cost"))
        per_mana_value = bool(match.group("where"))
        if spells is False or per_mana_value != (str(cost) == "{X}"):
            return None
        return CastingStatic(
            kind=StaticKind.ALTERNATIVE,
            text=text,
            whose=Whose.YOU,
            spells=spells if isinstance(spells, Filter) else None,
            cost=cost,
            per_mana_value=per_mana_value,
        )
    match = _OWN_CARDS_FLASH.match(text)
    if match:  # the caster casts only cards they own (601.3): their spells have flash
        spells = _spells(match.group("what"))
        if spells is False:
            return None
        return CastingStatic(
            kind=StaticKind.FLASH,
            text=text,
            whose=Whose.YOU,
            spells=spells if isinstance(spells, Filter) else None,
        )
    match = _ONE_SPELL.match(text)
    if match:
        who = match.group("who").lower()
        return CastingStatic(
            kind=StaticKind.ONE_SPELL, text=text, whose=_WHO[who], enchanted=who in _ENCHANTED
        )
    if _OWN_TURNS.match(text):
        return CastingStatic(kind=StaticKind.OWN_TURNS, text=text)
    match = _SORCERY.match(text)
    if match:
        return CastingStatic(kind=StaticKind.SORCERY_SPEED, text=text, whose=Whose.OPPONENT)
    who_did = _WHO_DID.match(spells_only) or _IF_YOU_DID.match(spells_only)
    if who_did:
        return _prohibition_if(text, who_did)
    attacking = _WHILE_ATTACKING.match(text)
    if attacking:
        return CastingStatic(
            kind=StaticKind.PROHIBIT, text=text, whose=Whose.OPPONENT, while_attacking=True
        )
    same = _SAME_NAME.match(spells_only)
    if same and same.group("exiled"):  # a prohibition linked to what its permanent exiled
        return CastingStatic(
            kind=StaticKind.PROHIBIT, text=text, whose=_WHO[same.group("who").lower()],
            linked=True,
        )  # fmt: skip
    if same:
        named = read_filter(same.group("what"))
        if named is None:
            return None
        return CastingStatic(
            kind=StaticKind.PROHIBIT, text=text, whose=_WHO[same.group("who").lower()],
            same_name_as=named,
        )  # fmt: skip
    cant_pay = _CANT_PAY.match(spells_only)
    if cant_pay:
        sacrifice = cant_pay.group("sac") or cant_pay.group("sac2")
        found = read_filter(sacrifice) if sacrifice else None
        if sacrifice and found is None:
            return None
        return CastingStatic(
            kind=StaticKind.CANT_PAY, text=text, whose=_WHO[cant_pay.group("who").lower()],
            cant_pay_life=bool(cant_pay.group("life")), cant_sacrifice=found,
        )  # fmt: skip
    if _SHARE_WITH_LAST.match(spells_only):
        return CastingStatic(kind=StaticKind.PROHIBIT, text=text, shares_color_with_last=True)
    if _SHARE_WITH_TOP.match(spells_only):
        return CastingStatic(kind=StaticKind.PROHIBIT, text=text, shares_type_with_top=True)
    match = _CANT_BE_CAST.match(spells_only)
    if match:
        spells = _spells(match.group("what"), match.group("with"))
        if spells is False:
            return None
        return CastingStatic(
            kind=StaticKind.PROHIBIT,
            text=text,
            spells=spells if isinstance(spells, Filter) else None,
        )
    match = _PROHIBIT.match(spells_only)
    if match:
        with_ = match.group("with")
        above: Count | None = None
        counted = _ABOVE_COUNT.fullmatch(with_ or "")
        if counted:
            above = read_count(counted.group("what") + " you control")
            if above is None:
                return None
            with_ = None
        spells = _spells(match.group("what"), with_)
        if spells is False:
            return None
        during = match.group("during1") or match.group("during2")
        moments = read_moments(during) if during else None
        zones: frozenset[Zone] | None = None
        if match.group("zones"):
            raw = match.group("zones").lower()
            if "other than their hands" in raw:
                zones = frozenset({Zone.GRAVEYARD, Zone.EXILE})
            elif raw == "from your hand":
                zones = frozenset({Zone.HAND})
            else:
                zones = frozenset({Zone.GRAVEYARD})  # libraries: not a zone cast from here
        who = match.group("who").lower()
        return CastingStatic(
            kind=StaticKind.PROHIBIT,
            text=text,
            whose=_WHO[who],
            spells=spells if isinstance(spells, Filter) else None,
            moments=moments,
            zones=zones,
            enchanted=who in _ENCHANTED,
            while_attached=bool(match.group("attached")),
            mana_value_above=above,
        )
    return None
