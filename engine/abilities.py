"""What a card's abilities do, read from its oracle text: clauses, mana abilities, cost changes.

Each reader takes a normalized sentence (see :mod:`engine.text`) and returns a typed record
or None when the sentence is not of that kind.

>>> sorted(read_mana_ability("{T}", "Add {R} or {G}.").produces[0])
[<ManaType.GREEN: 'G'>, <ManaType.RED: 'R'>]
>>> read_cost_change("Noncreature spells cost {1} more to cast.").spells.options[0].not_types
frozenset({'creature'})
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace
from enum import StrEnum, unique
from typing import TYPE_CHECKING

from engine.casting_text import Reading
from engine.conditions import BoardCondition, read_condition_text
from engine.contract import Zone
from engine.counts import Count, Counted, read_count
from engine.filters import Filter, Whose, read_filter
from engine.mana import COLOR_WORDS, Color, ManaCost, ManaType
from engine.text import Condition, TargetSpec, number_word

if TYPE_CHECKING:
    from engine.cards import CardDefinition
    from engine.chosen import Chosen

__all__ = [
    "ActivatedAbility",
    "Clause",
    "ClauseKind",
    "CostModifier",
    "CounterGrant",
    "Damage",
    "ManaAbility",
    "ModifierKind",
    "is_colored_only",
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
    Damage(amount=2, uses_x=False, per_kick=0, instead=False, sacrificed_power=False)
    """

    amount: int = 0
    uses_x: bool = False
    per_kick: int = 0
    instead: bool = False
    sacrificed_power: bool = False

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
    reading: Reading = Reading.EFFECT
    line: int = 0
    mode: int | None = None

    @property
    def understood(self) -> bool:
        """Whether the engine understood it (casting text it models, or an effect).

        >>> Clause(text="?", kind=ClauseKind.STATIC, condition=Condition.ALWAYS,
        ...     reading=Reading.UNKNOWN).understood
        False
        """
        return self.reading is not Reading.UNKNOWN


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
class ModifierKind(StrEnum):
    """The kinds of static cost effects the engine reads (CR 601.2f, 118.9)."""

    INCREASE = "increase"
    REDUCE = "reduce"
    MINIMUM = "minimum"
    FREE_FROM_HAND = "free_from_hand"


@dataclass(frozen=True, slots=True, eq=False)
class CostModifier:
    """A static ability of a permanent that changes what spells cost (CR 601.2f).

    ``spells``: which spells (None: every spell); ``whose``: whose spells, relative to the
    permanent's controller; ``while_tapped``: it applies only while the permanent is tapped
    (True) or untapped (False); ``first_each_turn``: only to the first such spell its caster
    casts each turn; ``colored_only``: a colored reduction that never reduces generic mana;
    ``targeting_it``: only to spells that target the permanent; ``except_casters_turn``: not
    during the turn of the spell's controller; ``during_controllers_turn``: only then;
    ``from_zones``: only to spells cast from those zones; ``nth_each_turn``: only to the
    first (1), second (2)… such spell its caster casts each turn, judged from ``this_turn``
    ("The second spell you cast each turn costs {1} less to cast"); ``kicked``: only to kicked
    spells; ``per``: the amount counts once for each thing it counts ("for each +1/+1 counter
    on ~", "where X is the amount of life you gained this turn"), for the spell's caster when
    ``per_caster`` ("for each other spell that player has cast this turn"), else for the
    permanent's controller (``x_is``: the text says "{X} less …, where X is …");
    ``per_target``: the amount counts once for each of the spell's targets ("for each
    target"), or each that fits ``target_filter`` ("for each creature it targets");
    ``condition``: it applies while that holds for the permanent's controller ("As long as
    it's not your turn, …"); ``aimed``: only to spells with a target
    that fits ("Spells you cast that target a creature …"); ``shares_creature_type``: only to
    spells with a creature type of the permanent's (changeling has them all, 702.73a);
    ``per_same_name``: the amount counts once for each card with the spell's name in the
    graveyard of the permanent's controller; ``shares_exiled_type``: only to spells that share
    a card type with a card exiled with the permanent ("Spells you cast that share a card type
    with the exiled card"), ``per_exiled_type``: once for each card type the spell shares with
    them ("for each card type they share with cards exiled with ~"; 406.6, 607.2a).
    Decided as it is read:
    ``chosen_kinds``, the chosen values its spells must have ("of the chosen type");
    ``judged``, whether it has one of the facts above to check on each cast.

    >>> read_cost_change("Creature spells you cast cost {2} less to cast.").whose
    <Whose.YOU: 'you'>
    """

    kind: ModifierKind
    text: str
    amount: ManaCost = ManaCost()
    minimum: int = 0
    spells: Filter | None = None
    whose: Whose = Whose.ANY
    while_tapped: bool | None = None
    nth_each_turn: int = 0
    colored_only: bool = False
    targeting_it: bool = False
    except_casters_turn: bool = False
    during_controllers_turn: bool = False
    from_zones: frozenset[Zone] | None = None
    kicked: bool = False
    per: Count | None = None
    per_caster: bool = False
    x_is: bool = False
    per_target: bool = False
    target_filter: Filter | None = None
    condition: BoardCondition | None = None
    aimed: Filter | None = None
    shares_creature_type: bool = False
    per_same_name: bool = False
    shares_exiled_type: bool = False
    per_exiled_type: bool = False
    chosen_kinds: frozenset[str] = frozenset()
    judged: bool = False
    keyword_cost: str | None = None
    """Only when that keyword's cost is paid, and a reduction only of its generic mana
    ("Dash costs you pay cost {2} less")."""
    life: int = 0
    """An increase in life rather than mana ("cost an additional 3 life to cast", 118.3)."""
    granted_to: Filter | None = None
    """The ability is granted to each permanent its controller controls that fits ("Creatures
    you control with flying have \"Spells your opponents cast that target this creature cost
    {2} more to cast\""): it counts once for each of the spell's targets that is one of them."""
    extra_cost: str | None = None
    """An additional cost that is not mana, once for each ``per_symbol`` mana symbol in the
    spell's mana cost ("Spells cost an additional \"Sacrifice a Swamp\" to cast for each
    black mana symbol in their mana costs", 601.2f)."""
    per_symbol: Color | None = None
    enchanted_target: bool = False
    """Only to spells that target the player its Aura enchants ("Spells you cast that target
    enchanted player cost {1} less", 303.4)."""
    enchanted_caster: bool = False
    """Only to the spells of the player its Aura enchants ("… enchanted player casts …")."""
    on_stack: bool = False
    """The ability works while its spell is on the stack ("As long as ~ is on the stack,
    spells that target it cost {2} more to cast", 113.6b)."""

    @property
    def first_each_turn(self) -> bool:
        """Whether it applies only to the first such spell each turn."""
        return self.nth_each_turn == 1

    @property
    def only_if_untapped(self) -> bool:
        """Whether it applies only while its permanent is untapped (Trinisphere)."""
        return self.while_tapped is False

    def applies_to_caster(self, *, same_controller: bool) -> bool:
        """Whether it affects the spells of a player who controls the permanent or not.

        >>> read_cost_change("Spells your opponents cast cost {1} more to cast."
        ...     ).applies_to_caster(same_controller=True)
        False
        """
        if self.whose is Whose.YOU and not same_controller:
            return False
        return not (self.whose in (Whose.OPPONENT, Whose.NOT_YOU) and same_controller)

    def applies_to(
        self, card: CardDefinition, *, same_controller: bool, chosen: Chosen | None = None
    ) -> bool:
        """Whether it affects a spell of this card cast by that player (the spell's own
        qualities and its caster; the board's facts are the caller's).

        >>> electromancer = read_cost_change("Instant and sorcery spells you cast cost {1} less "
        ...     "to cast.")
        >>> from engine.cards import CardDefinition
        >>> shock = CardDefinition.parse(name="Shock", mana_cost="{R}", type_line="Instant",
        ...     oracle_text="Shock deals 2 damage to any target.")
        >>> electromancer.applies_to(shock, same_controller=True)
        True
        """
        if self.whose is Whose.YOU and not same_controller:
            return False
        if self.whose in (Whose.OPPONENT, Whose.NOT_YOU) and same_controller:
            return False
        if self.chosen_kinds:
            assert self.spells is not None
            return self.spells.fits(card, chosen=chosen)  # the permanent's own values
        return self.spells is None or _spell_fits(self.spells, card)


@functools.lru_cache(maxsize=8192)
def _spell_fits(spells: Filter, card: CardDefinition) -> bool:
    """Whether a card's spell has the qualities a static ability names; memoized (both are
    built once and compared by identity)."""
    return spells.fits(card)


_DAMAGE = re.compile(r"\bdeals? (?P<n>\d+|x|twice x|\w+)? ?damage(?P<rest>[^.]*)", re.IGNORECASE)


def read_damage(sentence: str) -> Damage | None:
    """Read "deals N damage", "deals X damage", "… instead", or damage per kick.

    >>> read_damage("If ~ was kicked, it deals 4 damage instead.").amount
    4
    >>> read_damage("it deals damage to target player equal to twice the number of times "
    ...             "it was kicked.").per_kick
    2
    >>> read_damage("~ deals damage equal to the sacrificed creature's power to any target."
    ...     ).sacrificed_power
    True
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
    if re.search(r"equal to the sacrificed creature's power", rest):
        return Damage(sacrificed_power=True, instead=instead)
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
    r"^(?:(?P<cond>as long as ~ is (?P<tapped>tapped|untapped), )|(?P<stack>as long as ~ is on "
    r"the stack, )|(?P<here>as long as ~ is in "
    r"the command zone or on the battlefield, )|(?P<during0>during your turn, )|"
    r"(?P<cond2>(?:as long as|if) [^,]+), )?"
    r"(?P<first>the (?P<nth>first|second|third) )?(?:each )?(?P<other>other )?"
    r"(?P<filter>.*?)spells?(?P<with1> with [^,]+?)?(?P<of1> of the chosen type)?"
    r"(?P<whose> you cast| your opponents cast| a player casts| you control| enchanted player "
    r"casts)?"
    r"(?P<of> of the chosen type)?"
    r"(?P<with2> with (?:mana value|power|toughness) [^,]+?)?"
    r"(?P<thats> that's (?P<quality>[^,]+?))?"
    r"(?P<zone> from (?:your graveyard|anywhere other than your hand))?"
    r"(?P<target> that targets? (?:~|(?P<it>it)))?(?P<aim> that targets? (?P<aimed>[^,]+?))?"
    r"(?P<share> that share a creature type with ~)?"
    r"(?P<exiled> that share a card type with (?:the exiled card|a card exiled with ~))?"
    r"(?P<during> during your turn)?(?P<each> each turn)? "
    r"costs? (?:(?P<upto>up to )?(?P<amount>(?:\{[^}]+\})+) (?P<dir>more|less)|an additional "
    r"(?P<life>\d+) life) to cast"
    r"(?: for each (?P<per>.+?)|, where X is (?P<where>.+?))?"
    r"(?P<except> except during its controller's turn)?(?: and can't be countered)?"
    r"(?: and abilities [^.]+? cost \{\d+\} more to activate unless they're mana abilities)?"
    r"(?: if it has (?P<has>[a-z]+))?\.?$",
    re.IGNORECASE,
)
_NTH = {"first": 1, "second": 2, "third": 3}
_MINIMUM = re.compile(
    r"^(?P<cond>as long as ~ is untapped, )?each spell that would cost less than (?P<n>\w+) "
    r"mana to cast costs",
    re.IGNORECASE,
)
_COLORED_ONLY = re.compile(
    r"^this effect reduces only the amount of colored mana you pay\.?$", re.I
)


def is_colored_only(sentence: str) -> bool:
    """Whether a sentence says the cost reduction before it reduces only colored mana.

    >>> is_colored_only("This effect reduces only the amount of colored mana you pay.")
    True
    """
    return bool(_COLORED_ONLY.match(sentence.strip()))


_KEYWORD_COST_CHANGE = re.compile(
    r"^(?P<keyword>[A-Z][a-z-]+) costs (?:(?P<who>you|your opponents) pay )?cost "
    r"(?:up to )?(?P<amount>\{\d+\}) (?P<dir>less|more)\.?$"
)
_KEYWORD_COST_WHOSE = {None: Whose.ANY, "you": Whose.YOU, "your opponents": Whose.OPPONENT}


def read_keyword_cost_change(sentence: str, keywords: frozenset[str]) -> CostModifier | None:
    """Read a change to one keyword's cost: "Dash costs you pay cost {2} less", "Buyback
    costs cost {2} less" (601.2f); None unless the keyword is one of ``keywords``.

    >>> change = read_keyword_cost_change("Flashback costs your opponents pay cost {2} more.",
    ...     frozenset({"flashback"}))
    >>> change.keyword_cost, change.whose.value, str(change.amount)
    ('flashback', 'opponent', '{2}')
    """
    match = _KEYWORD_COST_CHANGE.match(sentence.strip())
    if match is None or match.group("keyword").lower() not in keywords:
        return None
    return CostModifier(
        kind=ModifierKind.REDUCE if match.group("dir") == "less" else ModifierKind.INCREASE,
        text=sentence.strip(),
        amount=ManaCost.parse(match.group("amount")),
        whose=_KEYWORD_COST_WHOSE[match.group("who")],
        keyword_cost=match.group("keyword").lower(),
    )


_EXTRA_PER_SYMBOL = re.compile(
    r'^spells cost an additional "(?P<cost>[^"]+)" to cast for each (?P<color>white|blue|black|'
    r"red|green) mana symbol in their mana costs\.?$",
    re.IGNORECASE,
)
_GRANTED = re.compile(r'^(?P<who>[^"]+?) (?:has|have) "(?P<inner>[^"]+)"\.?$', re.IGNORECASE)
_THIS_OBJECT = re.compile(r"\bthis (?:creature|permanent|artifact|enchantment)\b", re.IGNORECASE)


def _granted_cost_change(text: str, granted: re.Match[str]) -> CostModifier | None:
    """ "Creatures you control with flying have \"Spells your opponents cast that target this
    creature cost {2} more to cast\"": the quoted ability of each permanent that fits, about
    spells that target it (613.1f grants it; each instance applies, 601.2f)."""
    inner = read_cost_change(_THIS_OBJECT.sub("~", granted.group("inner")))
    holders = read_filter(granted.group("who"))
    if inner is None or holders is None or not inner.targeting_it or inner.judged:
        return None
    if holders.controller is not Whose.YOU:
        return None  # "your opponents" is read from its controller: the permanents' own
    return replace(inner, text=text, granted_to=holders, targeting_it=False)


def read_cost_change(sentence: str) -> CostModifier | None:
    """Read a static cost change: "… spells cost {1} more/less to cast", Trinisphere, Omniscience.

    None when the sentence is not one, or has a part not understood (a "for each" count, a
    chosen name, a condition): the caller reports it as not understood.

    >>> change = read_cost_change("Instant and sorcery spells you cast cost {1} less to cast.")
    >>> sorted(change.spells.types)
    ['instant', 'sorcery']
    >>> read_cost_change("As long as ~ is untapped, each spell that would cost less than three "
    ...                  "mana to cast costs three mana to cast.").minimum
    3
    >>> read_cost_change("You may cast spells from your hand without paying their mana costs.").kind
    <ModifierKind.FREE_FROM_HAND: 'free_from_hand'>
    >>> read_cost_change("White spells you cast cost {1} less to cast.").spells.options[0].colors
    frozenset({<Color.WHITE: 'W'>})
    >>> read_cost_change("The first creature spell you cast each turn costs {1} less to cast."
    ...     ).first_each_turn
    True
    >>> read_cost_change("Spells cost {1} less to cast for each artifact you control.").per.text
    'artifact you control'
    >>> read_cost_change("The second spell you cast each turn costs {1} less to cast."
    ...     ).nth_each_turn
    2
    >>> read_cost_change("Spells cost {1} less to cast for each creature you attacked with "
    ...     "before.") is None
    True
    """
    text = sentence.strip()
    lowered = text.lower()
    extra = _EXTRA_PER_SYMBOL.match(text)
    if extra:
        return CostModifier(
            kind=ModifierKind.INCREASE, text=text, extra_cost=extra.group("cost"),
            per_symbol=COLOR_WORDS[extra.group("color").lower()],
        )  # fmt: skip
    granted = _GRANTED.match(text)
    if granted:
        return _granted_cost_change(text, granted)
    if re.fullmatch(
        r"you may cast spells from your hand without paying their mana costs\.?", lowered
    ):
        return CostModifier(kind=ModifierKind.FREE_FROM_HAND, text=text, whose=Whose.YOU)
    minimum = _MINIMUM.match(text)
    if minimum:
        n = number_word(minimum.group("n"))
        if n is None or not re.search(r"costs \w+ mana to cast\.?$", lowered):
            return None
        return CostModifier(
            kind=ModifierKind.MINIMUM,
            text=text,
            minimum=n,
            while_tapped=False if minimum.group("cond") else None,
        )
    match = _CHANGE.match(text)
    if match is None:
        return None
    first = bool(match.group("first"))
    if first != bool(match.group("each")):
        return None  # "the first … each turn" comes whole
    if match.group("it") and not match.group("stack"):
        return None  # "that target it": its spell, while on the stack
    phrase = match.group("filter").strip()
    kicked = bool(re.match(r"kicked\b", phrase, re.IGNORECASE))
    if kicked:
        phrase = phrase[len("kicked") :].strip()
    with_ = match.group("with1") or match.group("with2") or ""
    if match.group("quality"):
        if phrase:
            return None
        phrase = match.group("quality")
    spells: Filter | None = None
    chosen = match.group("of") or match.group("of1") or ""
    if match.group("has"):
        if with_:
            return None
        with_ = " with " + match.group("has")
    if phrase or with_ or chosen:
        spells = read_filter((phrase + " spells" + chosen + with_).strip())
        if spells is None:
            return None
    condition: BoardCondition | None = None
    if match.group("cond2"):
        condition = read_condition_text(match.group("cond2"))
        if condition is None:
            return None
    aimed: Filter | None = None
    enchanted_target = (match.group("aimed") or "").lower() == "enchanted player"
    if match.group("aimed") and not enchanted_target:
        aimed = read_filter(re.sub(r"^an? ", "", match.group("aimed"), flags=re.IGNORECASE))
        if aimed is None or aimed.another:
            return None
    life = int(match.group("life")) if match.group("life") else 0
    if life and (match.group("per") or match.group("where")):
        return None
    amount = ManaCost.parse(match.group("amount") or "")
    if match.group("upto") and not re.fullmatch(r"\{\d+\}", str(amount)):
        return None  # "up to {2}": generic mana, reduced as far as it goes (118.7a)
    per: Count | None = None
    per_caster = False
    per_target = False
    target_filter: Filter | None = None
    counted = match.group("per") or match.group("where")
    aiming = re.fullmatch(r"target|(?P<what>.+?) it targets", counted or "")
    same_name = counted == "card with the same name as that spell in your graveyard"
    per_exiled = counted == "card type they share with cards exiled with ~"
    if same_name or per_exiled:
        counted = None
    elif aiming:
        per_target, counted = True, None
        if aiming.group("what"):
            target_filter = read_filter(aiming.group("what"))
            if target_filter is None:
                return None
    if counted:
        if match.group("where") and str(amount) != "{X}":
            return None
        per_caster = bool(re.search(r"\b(?:that player|its controller)\b", counted))
        counted = re.sub(r"\bits controller controls\b", "you control", counted)
        per = read_count(counted)
        if per is None or per.counted is Counted.OPPONENTS:
            return None
        if match.group("where"):
            amount = ManaCost.generic(1)
    elif "{X}" in str(amount):
        return None
    whose = {
        " you cast": Whose.YOU,
        " you control": Whose.YOU,
        " your opponents cast": Whose.OPPONENT,
    }.get((match.group("whose") or "").lower(), Whose.ANY)
    zones: frozenset[Zone] | None = None
    if match.group("zone"):
        zones = (
            frozenset({Zone.GRAVEYARD})
            if "graveyard" in match.group("zone").lower()
            else frozenset({Zone.GRAVEYARD, Zone.EXILE})
        )
    tapped = match.group("tapped")
    share = bool(match.group("share"))
    exiled = bool(match.group("exiled"))
    judged = bool(
        first
        or kicked
        or per
        or per_target
        or condition
        or aimed
        or share
        or same_name
        or exiled
        or per_exiled
    )
    return CostModifier(
        chosen_kinds=spells.chosen if spells is not None else frozenset(),
        judged=judged,
        kind=ModifierKind.REDUCE
        if (match.group("dir") or "more").lower() == "less"
        else ModifierKind.INCREASE,
        text=text,
        amount=amount,
        life=life,
        on_stack=bool(match.group("stack")),
        enchanted_target=enchanted_target,
        enchanted_caster=(match.group("whose") or "").lower() == " enchanted player casts",
        spells=spells,
        whose=whose,
        while_tapped=None if tapped is None else tapped.lower() == "tapped",
        nth_each_turn=_NTH[match.group("nth").lower()] if first else 0,
        kicked=kicked,
        per=per,
        per_caster=per_caster,
        x_is=bool(match.group("where")),
        per_target=per_target,
        target_filter=target_filter,
        shares_creature_type=share,
        per_same_name=same_name,
        shares_exiled_type=exiled,
        per_exiled_type=per_exiled,
        condition=condition,
        aimed=aimed,
        targeting_it=bool(match.group("target")),
        except_casters_turn=bool(match.group("except")),
        during_controllers_turn=bool(match.group("during") or match.group("during0")),
        from_zones=zones,
    )
