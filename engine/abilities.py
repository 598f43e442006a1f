"""What a card's abilities do, read from its oracle text: clauses, mana abilities, cost changes.

Each reader takes a normalized sentence (see :mod:`engine.text`) and returns a typed record
or None when the sentence is not of that kind.

>>> sorted(read_mana_ability("{T}", "Add {R} or {G}.").produces[0])
[<ManaType.GREEN: 'G'>, <ManaType.RED: 'R'>]
>>> read_cost_change("Noncreature spells cost {1} more to cast.").excluded_types
frozenset({'creature'})
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum, unique

from engine.mana import ManaCost, ManaType
from engine.text import Condition, TargetSpec, number_word

__all__ = [
    "ActivatedAbility",
    "Clause",
    "ClauseKind",
    "CostModifier",
    "CounterGrant",
    "Damage",
    "ManaAbility",
    "Whose",
    "read_counters",
    "read_cost_change",
    "read_damage",
    "read_mana_ability",
]

_ALL_COLORS = frozenset(
    {ManaType.WHITE, ManaType.BLUE, ManaType.BLACK, ManaType.RED, ManaType.GREEN}
)


@unique
class ClauseKind(StrEnum):
    """Which kind of ability a clause belongs to (CR 113.3).

    >>> ClauseKind("spell")
    <ClauseKind.SPELL: 'spell'>
    """

    SPELL = "spell"
    TRIGGERED = "triggered"
    STATIC = "static"
    ACTIVATED = "activated"
    KEYWORD = "keyword"


@dataclass(frozen=True, slots=True)
class Damage:
    """A fixed amount of damage, X, or twice the number of kicks (Deathforge Shaman).

    >>> read_damage("~ deals 2 damage to any target.")
    Damage(amount=2, uses_x=False, per_kick=0, instead=False)
    """

    amount: int = 0
    uses_x: bool = False
    per_kick: int = 0
    instead: bool = False

    def resolve(self, *, x: int, kick_count: int) -> int:
        """The number this damage comes to.

        >>> Damage(uses_x=True).resolve(x=3, kick_count=0)
        3
        """
        return self.amount + (x if self.uses_x else 0) + self.per_kick * kick_count


@dataclass(frozen=True, slots=True)
class CounterGrant:
    """Counters a permanent enters with (CR 614.1c): a fixed number, X, or one per kick.

    >>> read_counters("~ enters with two +1/+1 counters on it.")
    CounterGrant(kind='+1/+1', amount=2, uses_x=False, per_kick=False)
    """

    kind: str
    amount: int = 0
    uses_x: bool = False
    per_kick: bool = False

    def resolve(self, *, x: int, kick_count: int) -> int:
        """How many counters this comes to.

        >>> CounterGrant(kind="+1/+1", amount=1, per_kick=True).resolve(x=0, kick_count=3)
        3
        """
        base = x if self.uses_x else self.amount
        return base * kick_count if self.per_kick else base


@dataclass(frozen=True, slots=True)
class Clause:
    """One sentence of rules text and what the engine read in it.

    >>> Clause(text="Draw a card.", kind=ClauseKind.SPELL, condition=Condition.ALWAYS).understood
    True
    """

    text: str
    kind: ClauseKind
    condition: Condition
    targets: tuple[TargetSpec, ...] = ()
    replaces_targets: bool = False
    damage: Damage | None = None
    counters: CounterGrant | None = None
    grants_split_second: bool = False
    understood: bool = True


@dataclass(frozen=True, slots=True)
class ManaAbility:
    """An activated mana ability (CR 605.1a) and the mana it adds.

    ``produces`` has one entry per mana added, each the set of types it may be; when
    ``per_counter`` is set, the single entry is added once per counter of that kind.

    >>> read_mana_ability("{T}", "Add {C} for each charge counter on ~.").per_counter
    'charge'
    """

    cost: str
    produces: tuple[frozenset[ManaType], ...]
    taps: bool
    sacrifices: bool
    other_costs: bool
    per_counter: str | None = None


@dataclass(frozen=True, slots=True)
class ActivatedAbility:
    """An activated ability that is not a mana ability (CR 602).

    >>> ActivatedAbility(cost="{T}", effect="~ deals 1 damage to any target.", taps=True).taps
    True
    """

    cost: str
    effect: str
    taps: bool
    damage: Damage | None = None
    targets: tuple[TargetSpec, ...] = ()


@unique
class Whose(StrEnum):
    """Whose spells a cost change affects.

    >>> Whose("controller")
    <Whose.CONTROLLER: 'controller'>
    """

    ANYONE = "anyone"
    CONTROLLER = "controller"
    OPPONENTS = "opponents"


@unique
class ModifierKind(StrEnum):
    """The kinds of static cost effects the engine reads (CR 601.2f, 118.9)."""

    INCREASE = "increase"
    REDUCE = "reduce"
    MINIMUM = "minimum"
    FREE_FROM_HAND = "free_from_hand"


@dataclass(frozen=True, slots=True)
class CostModifier:
    """A static ability of a permanent that changes what spells cost.

    >>> read_cost_change("Creature spells you cast cost {2} less to cast.").whose
    <Whose.CONTROLLER: 'controller'>
    """

    kind: ModifierKind
    text: str
    amount: ManaCost = ManaCost()
    minimum: int = 0
    types: frozenset[str] = frozenset()
    excluded_types: frozenset[str] = frozenset()
    whose: Whose = Whose.ANYONE
    only_if_untapped: bool = False

    def applies_to(self, card_types: frozenset[str], *, same_controller: bool) -> bool:
        """Whether it affects a spell of these card types cast by that player.

        >>> read_cost_change("Noncreature spells cost {1} more to cast.").applies_to(
        ...     frozenset({"instant"}), same_controller=False)
        True
        """
        if self.whose is Whose.CONTROLLER and not same_controller:
            return False
        if self.whose is Whose.OPPONENTS and same_controller:
            return False
        if self.excluded_types & card_types:
            return False
        return not self.types or bool(self.types & card_types)


_DAMAGE = re.compile(r"\bdeals? (?P<n>\d+|x|twice x|\w+)? ?damage(?P<rest>[^.]*)", re.IGNORECASE)


def read_damage(sentence: str) -> Damage | None:
    """Read "deals N damage", "deals X damage", "… instead", or damage per kick.

    >>> read_damage("If ~ was kicked, it deals 4 damage instead.")
    Damage(amount=4, uses_x=False, per_kick=0, instead=True)
    >>> read_damage("it deals damage to target player equal to twice the number of times "
    ...             "it was kicked.")
    Damage(amount=0, uses_x=False, per_kick=2, instead=False)
    """
    match = _DAMAGE.search(sentence)
    if match is None:
        return None
    amount_text = (match.group("n") or "").lower()
    rest = match.group("rest").lower()
    instead = "instead" in rest or "instead" in sentence.lower().split("damage")[0]
    if amount_text == "x":
        return Damage(uses_x=True, instead=instead)
    value = number_word(amount_text) if amount_text else None
    if value is not None:
        return Damage(amount=value, instead=instead)
    per_kick = re.search(
        r"equal to (twice |three times )?the number of times (?:~|it) was kicked", rest
    )
    if per_kick:
        factor = {"twice ": 2, "three times ": 3}.get(per_kick.group(1) or "", 1)
        return Damage(per_kick=factor, instead=instead)
    return None


_COUNTERS = re.compile(
    r"enters with (?P<n>\w+) (?P<kind>[+\-]\d+/[+\-]\d+|[a-z]+) counters? on it"
    r"(?P<each> for each time (?:~|it) was kicked)?",
    re.IGNORECASE,
)


def read_counters(sentence: str) -> CounterGrant | None:
    """Read "enters with N … counters on it" (also X, and "for each time it was kicked").

    >>> read_counters("~ enters with a charge counter on it for each time it was kicked.")
    CounterGrant(kind='charge', amount=1, uses_x=False, per_kick=True)
    >>> read_counters("~ enters with X charge counters on it.").uses_x
    True
    """
    match = _COUNTERS.search(sentence)
    if match is None:
        return None
    word = match.group("n").lower()
    kind = match.group("kind").lower()
    if word == "x":
        return CounterGrant(kind=kind, uses_x=True, per_kick=bool(match.group("each")))
    amount = number_word(word)
    if amount is None:
        return None
    return CounterGrant(kind=kind, amount=amount, per_kick=bool(match.group("each")))


_MANA_SYMBOL = re.compile(r"\{([WUBRGC])\}")


def read_mana_ability(cost: str, effect: str) -> ManaAbility | None:
    """Read an activated mana ability "[cost]: Add …" (CR 605.1a); None if it is not one.

    >>> read_mana_ability("{T}", "Add {G}.").produces
    (frozenset({<ManaType.GREEN: 'G'>}),)
    >>> read_mana_ability("{T}", "~ deals 1 damage to any target.") is None
    True
    """
    text = effect.strip().rstrip(".")
    if not text.lower().startswith("add ") or "target" in text.lower():
        return None
    body = text[4:].strip()
    parts = [p.strip() for p in cost.split(",")]
    taps = "{T}" in parts
    sacrifices = any(p.lower() in ("sacrifice ~",) for p in parts)
    other = any(p not in ("{T}",) and p.lower() != "sacrifice ~" for p in parts)
    per_counter = None
    each = re.fullmatch(r"(\{[WUBRGC]\}) for each (\w+) counter on ~", body)
    if each:
        per_counter = each.group(2)
        body = each.group(1)
    produces: tuple[frozenset[ManaType], ...]
    if re.fullmatch(r"(\{[WUBRGC]\})+", body):
        produces = tuple(frozenset({ManaType(m)}) for m in _MANA_SYMBOL.findall(body))
    elif re.fullmatch(r"\{[WUBRGC]\}(?:,? or \{[WUBRGC]\}|, \{[WUBRGC]\})+", body):
        produces = (frozenset(ManaType(m) for m in _MANA_SYMBOL.findall(body)),)
    elif body.lower() == "one mana of any color":
        produces = (_ALL_COLORS,)
    elif (count := re.fullmatch(r"(\w+) mana of any (?:one )?color", body.lower())) and (
        n := number_word(count.group(1))
    ):
        produces = (_ALL_COLORS,) * n
    else:
        produces = ()
    return ManaAbility(
        cost=cost,
        produces=produces,
        taps=taps,
        sacrifices=sacrifices,
        other_costs=other,
        per_counter=per_counter,
    )


_CHANGE = re.compile(
    r"^(?P<filter>.*?)spells?(?P<whose> you cast| your opponents cast)? costs? "
    r"(?P<amount>(?:\{[^}]+\})+) (?P<dir>more|less) to cast\.?$",
    re.IGNORECASE,
)
_MINIMUM = re.compile(
    r"^(?P<cond>as long as ~ is untapped, )?each spell that would cost less than (?P<n>\w+) "
    r"mana to cast costs",
    re.IGNORECASE,
)
_TYPES = ("creature", "artifact", "enchantment", "instant", "sorcery", "planeswalker", "land")


def read_cost_change(sentence: str) -> CostModifier | None:
    """Read a static cost change: "… spells cost {1} more/less to cast", Trinisphere, Omniscience.

    >>> sorted(read_cost_change("Instant and sorcery spells you cast cost {1} less to cast.").types)
    ['instant', 'sorcery']
    >>> read_cost_change("As long as ~ is untapped, each spell that would cost less than three "
    ...                  "mana to cast costs three mana to cast.").minimum
    3
    >>> read_cost_change("You may cast spells from your hand without paying their mana costs.").kind
    <ModifierKind.FREE_FROM_HAND: 'free_from_hand'>
    """
    text = sentence.strip()
    lowered = text.lower()
    if re.fullmatch(
        r"you may cast spells from your hand without paying their mana costs\.?", lowered
    ):
        return CostModifier(kind=ModifierKind.FREE_FROM_HAND, text=text, whose=Whose.CONTROLLER)
    minimum = _MINIMUM.match(text)
    if minimum:
        n = number_word(minimum.group("n"))
        if n is None:
            return None
        return CostModifier(
            kind=ModifierKind.MINIMUM,
            text=text,
            minimum=n,
            only_if_untapped=bool(minimum.group("cond")),
        )
    match = _CHANGE.match(text)
    if match is None:
        return None
    spell_filter = match.group("filter").lower()
    if spell_filter.strip() not in ("", "each") and not re.fullmatch(
        r"(?:(?:non)?(?:creature|artifact|enchantment|instant|sorcery|planeswalker)"
        r"(?:,| and| or)? ?)+ ?",
        spell_filter.strip() + " ",
    ):
        return None
    whose = {
        " you cast": Whose.CONTROLLER,
        " your opponents cast": Whose.OPPONENTS,
    }.get((match.group("whose") or "").lower(), Whose.ANYONE)
    return CostModifier(
        kind=ModifierKind.INCREASE if match.group("dir").lower() == "more" else ModifierKind.REDUCE,
        text=text,
        amount=ManaCost.parse(match.group("amount")),
        types=frozenset(t for t in _TYPES if re.search(rf"(?<!non){t}", spell_filter)),
        excluded_types=frozenset(t for t in _TYPES if f"non{t}" in spell_filter),
        whose=whose,
    )
