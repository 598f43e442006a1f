"""Costs (CR 118) and the total cost of a spell (CR 601.2f).

A :class:`Cost` is what a keyword such as kicker asks for: a mana part, other actions
("Sacrifice a land"), or both. :func:`determine_total_cost` follows 601.2f in order: the mana
cost or one alternative cost, plus additional costs (kicker, once per time it is paid) and cost
increases, minus reductions (generic reductions never touch colored mana, 118.7a; excess is
lost; never below {0}), then effects that set the total (Trinisphere), then the total is locked.

>>> str(Cost.parse("{1}{U}")), str(Cost.parse("Sacrifice a land"))
('{1}{U}', 'Sacrifice a land')
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from enum import StrEnum, unique

from engine import rules
from engine.cost_actions import CostAction, read_cost_action, split_cost_actions
from engine.errors import InvalidNotationError
from engine.explain import CostStep
from engine.mana import ManaCost, ManaSymbol, SymbolKind
from engine.messages import CardRef, MessageCode, Param

__all__ = [
    "Cost",
    "CostChange",
    "CostChangeKind",
    "TotalCost",
    "determine_total_cost",
    "reduce_cost",
]

_MANA_ONLY = re.compile(r"(\{[^{}]+\})+")


@dataclass(frozen=True, slots=True)
class Cost:
    """A cost: an optional mana part and other actions, printed as on the card.

    ``parts`` reads each action (CR 118.1): one :class:`CostAction` per action, None where
    the action is not understood (:attr:`understood` is then false).

    >>> Cost.parse("{2}, Sacrifice a creature")
    Cost.parse('{2}, Sacrifice a creature')
    >>> Cost.parse("Sacrifice a land").sacrifice_type
    'land'
    >>> Cost.parse("Sacrifice a land").parts[0].kind
    <CostKind.SACRIFICE: 'sacrifice'>
    """

    mana: ManaCost | None = None
    actions: tuple[str, ...] = ()
    parts: tuple[CostAction | None, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if len(self.parts) != len(self.actions):
            object.__setattr__(self, "parts", tuple(read_cost_action(a) for a in self.actions))

    @classmethod
    def read(cls, text: str) -> Cost:
        """Read a cost written in prose: "pay 1 life and exile a blue card from your hand",
        "pay {2} and return a basic land you control to its owner's hand".

        :raises InvalidNotationError: on malformed mana or an empty cost.

        >>> Cost.read("pay {1}{U} and tap an untapped artifact you control")
        Cost.parse('{1}{U}, Tap an untapped artifact you control')
        """
        mana: ManaCost | None = None
        actions: list[str] = []
        for part in split_cost_actions(text):
            paid = re.fullmatch(r"pay ((?:\{[^{}]+\})+)", part.strip(), re.IGNORECASE)
            if paid:
                parsed = ManaCost.parse(paid.group(1))
                mana = parsed if mana is None else mana + parsed
            else:
                actions.append(part[0].upper() + part[1:])
        if mana is None and not actions:
            raise InvalidNotationError("empty cost")
        return cls(mana, tuple(actions))

    @property
    def understood(self) -> bool:
        """Whether every action of the cost is understood.

        >>> Cost.parse("Put a +1/+1 counter on a creature you control").understood
        False
        """
        return all(part is not None for part in self.parts)

    @property
    def has_x(self) -> bool:
        """Whether paying it needs X: in its mana, or in a count ("Discard X cards").

        >>> Cost.read("pay X life").has_x
        True
        """
        return self.mana_part.x_count > 0 or any(p is not None and p.x for p in self.parts)

    @classmethod
    def parse(cls, text: str) -> Cost:
        """Parse a cost such as ``{1}{U}``, ``Sacrifice a land`` or ``{1}, Discard a card``.

        :raises InvalidNotationError: on a malformed mana part or an empty cost.

        >>> Cost.parse("{2}{G}").mana
        ManaCost.parse('{2}{G}')
        """
        cleaned = text.strip().rstrip(".").strip()
        if not cleaned:
            raise InvalidNotationError("empty cost")
        mana: ManaCost | None = None
        actions: list[str] = []
        for part in (p.strip() for p in cleaned.split(",")):
            if _MANA_ONLY.fullmatch(part):
                parsed = ManaCost.parse(part)
                mana = parsed if mana is None else mana + parsed
            elif part:
                actions.append(part[0].upper() + part[1:])
        return cls(mana, tuple(actions))

    def __str__(self) -> str:
        parts = ([str(self.mana)] if self.mana is not None else []) + list(self.actions)
        return ", ".join(parts)

    def __repr__(self) -> str:
        return f"Cost.parse({str(self)!r})"

    @property
    def mana_part(self) -> ManaCost:
        """Its mana part, empty if it has none.

        >>> Cost.parse("Discard a card").mana_part
        ManaCost.parse('')
        """
        return self.mana if self.mana is not None else ManaCost()

    @property
    def sacrifice_type(self) -> str | None:
        """The kind of permanent a "Sacrifice a/an <kind>" action asks for, if any.

        >>> Cost.parse("Sacrifice an artifact").sacrifice_type
        'artifact'
        """
        for action in self.actions:
            match = re.fullmatch(r"sacrifice (?:a|an) ([a-z ]+)", action.lower())
            if match:
                return match.group(1)
        return None


@unique
class CostChangeKind(StrEnum):
    """How an effect changes a total cost (CR 601.2f).

    >>> CostChangeKind("reduce")
    <CostChangeKind.REDUCE: 'reduce'>
    """

    ADDITIONAL = "additional"
    INCREASE = "increase"
    REDUCE = "reduce"
    MINIMUM = "minimum"


@dataclass(frozen=True, slots=True)
class CostChange:
    """One change to the total cost and the card it comes from (None: another effect).

    ``label`` and ``params`` say it in the cost steps when the default wording does not fit
    (the card's own cost change, a flash surcharge, "the first … each turn");
    ``colored_only``: a colored reduction that never reduces generic mana; ``actions``: the
    parts of an additional cost that are not mana, as printed; ``rule``: the rule its cost step
    cites (a keyword's, such as affinity's), instead of 601.2f or 118.7a.

    >>> change = CostChange(kind=CostChangeKind.INCREASE, amount=ManaCost.generic(1))
    >>> change.amount
    ManaCost.parse('{1}')
    """

    kind: CostChangeKind
    amount: ManaCost
    source: CardRef | None = None
    minimum: int = 0
    label: MessageCode | None = None
    params: tuple[tuple[str, Param], ...] = ()
    colored_only: bool = False
    actions: tuple[str, ...] = ()
    rule: str | None = None
    life: int = 0
    """An increase paid in life, not mana ("cost an additional 3 life to cast"; 119.4)."""

    def __hash__(self) -> int:
        # Equal changes have equal amounts: cheaper than hashing every field, and the total
        # cost memoized by its changes is found as well.
        return hash(self.amount)


@dataclass(frozen=True, slots=True)
class TotalCost:
    """The locked-in total cost (CR 601.2f): its mana, other actions, and how it was reached.

    >>> TotalCost(mana=ManaCost.parse("{R}"), actions=(), steps=()).mana
    ManaCost.parse('{R}')
    """

    mana: ManaCost
    actions: tuple[str, ...]
    steps: tuple[CostStep, ...]
    life: int = 0
    """The life its increases add (each also listed in ``actions`` as "Pay N life")."""


def reduce_cost(cost: ManaCost, reduction: ManaCost, *, colored_only: bool = False) -> ManaCost:
    """Apply one cost reduction (CR 118.7a–g); the result is never below {0}.

    Generic reductions reduce only generic mana (118.7a); a colored reduction the cost has no
    pip for reduces generic mana instead (118.7b, 118.7c) unless its text says it reduces only
    colored mana (``colored_only``).

    >>> reduce_cost(ManaCost.parse("{4}{R}"), ManaCost.parse("{1}"))
    ManaCost.parse('{3}{R}')
    >>> reduce_cost(ManaCost.parse("{R}"), ManaCost.parse("{2}"))
    ManaCost.parse('{R}')
    >>> reduce_cost(ManaCost.parse("{1}{G}"), ManaCost.parse("{G}{G}"))
    ManaCost.parse('{0}')
    """
    result = cost
    generic = 0
    for symbol in reduction.symbols:
        if symbol.kind is SymbolKind.GENERIC:
            generic += symbol.amount
            continue
        if symbol.kind is SymbolKind.MONOCOLORED_HYBRID:
            symbol = ManaSymbol(SymbolKind.COLORED, symbol.colors)
        if symbol.kind is SymbolKind.PHYREXIAN:
            symbol = ManaSymbol(SymbolKind.COLORED, symbol.colors[:1])
        reduced = result.without_symbol(symbol)
        if reduced is None:
            generic += 0 if colored_only else 1
        else:
            result = reduced
    result = result.without_generic(generic)
    return result if result else ManaCost.generic(0)


def _step(rule: str, total: ManaCost, code: MessageCode, /, **params: Param) -> CostStep:
    return CostStep.of(rule, str(total) or "{0}", code, **params)


def _changed_step(rule: str, total: ManaCost, change: CostChange, *, increase: bool) -> CostStep:
    """The step of one increase or reduction, naming the card it comes from."""
    cost = str(change.amount)
    rule = change.rule or rule
    if change.label is not None:
        return _step(rule, total, change.label, cost=cost, **dict(change.params))
    if change.source is None:
        code = MessageCode.COST_INCREASE_OTHER if increase else MessageCode.COST_REDUCTION_OTHER
        return _step(rule, total, code, cost=cost)
    code = MessageCode.COST_INCREASE if increase else MessageCode.COST_REDUCTION
    return _step(rule, total, code, cost=cost, source=change.source)


@functools.lru_cache(maxsize=1024)
def determine_total_cost(
    *,
    base: ManaCost,
    base_is_alternative: bool = False,
    kicker_costs: tuple[Cost, ...] = (),
    kicker_counts: tuple[int, ...] = (),
    changes: tuple[CostChange, ...] = (),
    x: int = 0,
    base_actions: tuple[str, ...] = (),
) -> TotalCost:
    """Determine and lock in the total cost of a spell (CR 601.2f).

    ``base`` is the mana cost with X already announced, or the alternative cost (and
    ``base_actions`` its parts that are not mana). Additional costs come with the kicker,
    then every increase, then every reduction, then effects that set the total. The
    computation is pure, so its answers are memoized.

    >>> total = determine_total_cost(
    ...     base=ManaCost.parse("{R}"),
    ...     kicker_costs=(Cost.parse("{4}"),),
    ...     kicker_counts=(1,),
    ...     changes=(CostChange(kind=CostChangeKind.INCREASE, amount=ManaCost.parse("{1}"),
    ...                         source=CardRef("Thalia, Guardian of Thraben")),),
    ... )
    >>> str(total.mana), [step.cost for step in total.steps]
    ('{5}{R}', ['{R}', '{4}{R}', '{5}{R}', '{5}{R}'])
    """
    steps: list[CostStep] = []
    shown = ", ".join([*([str(base)] if base else []), *base_actions]) or "{0}"
    if base_is_alternative:
        steps.append(_step(rules.ALTERNATIVE_COST, base, MessageCode.COST_ALTERNATIVE, cost=shown))
    else:
        steps.append(_step(rules.TOTAL_COST, base, MessageCode.COST_MANA, cost=str(base)))
    total = base
    actions: list[str] = []
    actions.extend(base_actions)
    for cost, count in zip(kicker_costs, kicker_counts, strict=False):
        for _ in range(count):
            total = total + cost.mana_part.with_x(x)
            actions.extend(cost.actions)
            steps.append(_step(rules.KICKER, total, MessageCode.COST_KICKER, cost=str(cost)))
    for change in changes:
        if change.kind is CostChangeKind.ADDITIONAL:
            total = total + change.amount.with_x(x)
            actions.extend(change.actions)
            shown = ", ".join([*([str(change.amount)] if change.amount else []), *change.actions])
            if change.label is not None:
                steps.append(_step(change.rule or rules.ADDITIONAL_COST, total, change.label,
                                   cost=shown, **dict(change.params)))  # fmt: skip
            else:
                steps.append(_step(rules.ADDITIONAL_COST, total, MessageCode.COST_ADDITIONAL,
                                   cost=shown))  # fmt: skip
    life = 0
    for change in changes:
        if change.kind is CostChangeKind.INCREASE:
            total = total + change.amount
            if change.life:
                life += change.life
                actions.append(f"Pay {change.life} life")
            steps.append(_changed_step(rules.TOTAL_COST, total, change, increase=True))
    for change in changes:
        if change.kind is CostChangeKind.REDUCE:
            total = reduce_cost(total, change.amount, colored_only=change.colored_only)
            generic = all(s.kind is SymbolKind.GENERIC for s in change.amount.symbols)
            rule = rules.GENERIC_REDUCTION if generic else rules.TOTAL_COST
            steps.append(_changed_step(rule, total, change, increase=False))
    if not total:
        total = ManaCost.generic(0)
    for change in changes:
        if change.kind is CostChangeKind.MINIMUM and total.mana_value < change.minimum:
            missing = change.minimum - total.mana_value
            total = total + ManaCost.generic(missing)
            steps.append(
                _step(
                    rules.TOTAL_COST,
                    total,
                    MessageCode.COST_MINIMUM,
                    minimum=change.minimum,
                    added=f"{{{missing}}}",
                    source=change.source or "",
                )
            )
    steps.append(_step(rules.TOTAL_COST, total, MessageCode.COST_TOTAL, cost=str(total)))
    return TotalCost(mana=total, actions=tuple(actions), steps=tuple(steps), life=life)
