"""Paying a locked-in total cost (CR 601.2g–h): mana sources, the mana pool and convoke.

Payment is a bipartite matching between the mana symbols of the total cost and the units
that can pay them (augmenting paths, so a payment is found whenever one exists). Convoke
(CR 702.51a) is a payment made after the total cost is locked (702.51b): each chosen
untapped creature pays {1} or one mana of one of its colors, never {C}; it is not mana.
A creature whose {T} mana ability is used can't also convoke (ruling), so the creatures
chosen to convoke are never used as mana sources.

>>> payment = find_payment(ManaCost.parse("{1}{G}"),
...     sources=(ManaSource(id="m1", produces=(frozenset({ManaType.GREEN}),), is_land=True),),
...     convokers=(Convoker(id="c1", colors=frozenset()),))
>>> payment.lands, payment.convoke
(('m1',), (('c1', '{1}'),))
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from dataclasses import dataclass

from engine.mana import Color, ManaCost, ManaSymbol, ManaType, SymbolKind

__all__ = ["Convoker", "ManaSource", "Payment", "PaymentFailure", "find_payment"]

_GENERIC_ONE = ManaSymbol(SymbolKind.GENERIC, amount=1)


@dataclass(frozen=True, slots=True)
class ManaSource:
    """A permanent's mana ability the payer may activate: one entry per mana it adds.

    >>> ManaSource(id="m1", produces=(frozenset({ManaType.RED}),), is_land=True).id
    'm1'
    """

    id: str
    produces: tuple[frozenset[ManaType], ...]
    is_land: bool


@dataclass(frozen=True, slots=True)
class Convoker:
    """A creature chosen to convoke, with its colors (CR 702.51a).

    >>> Convoker(id="c1", colors=frozenset({Color.GREEN})).id
    'c1'
    """

    id: str
    colors: frozenset[Color]


@dataclass(frozen=True, slots=True, kw_only=True)
class Payment:
    """How a total cost is paid: which lands and mana abilities, pool mana, convoke, life.

    ``mana`` is the part of the cost paid with mana (what convoke left).

    >>> Payment().life
    0
    """

    lands: tuple[str, ...] = ()
    mana_abilities: tuple[str, ...] = ()
    pool: ManaCost = ManaCost()
    convoke: tuple[tuple[str, str], ...] = ()
    mana: ManaCost = ManaCost()
    life: int = 0

    def to_dict(self) -> dict[str, object]:
        """Return the JSON form.

        >>> Payment().to_dict()["convoke"]
        []
        """
        return {
            "lands": list(self.lands),
            "mana_abilities": list(self.mana_abilities),
            "pool": str(self.pool),
            "convoke": [{"id": cid, "pays": pays} for cid, pays in self.convoke],
            "mana": str(self.mana),
            "life": self.life,
        }


@dataclass(frozen=True, slots=True)
class PaymentFailure:
    """Why no payment exists: the symbols left unpaid and convokers that could pay nothing.

    >>> PaymentFailure(unpaid=ManaCost.parse("{G}"), idle_convokers=()).unpaid
    ManaCost.parse('{G}')
    """

    unpaid: ManaCost
    idle_convokers: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _Unit:
    owner: str
    types: frozenset[ManaType]
    origin: str
    convoke_colors: frozenset[Color] = frozenset()


def _slot_symbols(
    cost: ManaCost, mono_hybrid_as_generic: tuple[bool, ...], cap: int
) -> tuple[list[ManaSymbol], int]:
    """The symbols to match one by one, and how much generic mana is beyond any payer."""
    colored: list[ManaSymbol] = []
    generic = 0
    choices = iter(mono_hybrid_as_generic)
    for symbol in cost.symbols:
        if (
            symbol.kind is SymbolKind.GENERIC
            or symbol.kind is SymbolKind.MONOCOLORED_HYBRID
            and next(choices, False)
        ):
            generic += symbol.amount
        elif symbol.kind is SymbolKind.MONOCOLORED_HYBRID:
            colored.append(ManaSymbol(SymbolKind.COLORED, symbol.colors))
        elif symbol.kind is not SymbolKind.VARIABLE:
            colored.append(symbol)
    matched = min(generic, cap)
    return colored + [_GENERIC_ONE] * matched, generic - matched


_PayerKind = tuple[bool, frozenset[ManaType], frozenset[Color]]  # convoke?, mana, colors


@functools.lru_cache(maxsize=4096)
def _accepting(slot: ManaSymbol, kinds: tuple[_PayerKind, ...]) -> tuple[bool, ...]:
    """For each kind of paying unit, whether it can pay ``slot``."""
    return tuple(_accepts(slot, *kind) for kind in kinds)


def _accepts(
    slot: ManaSymbol, convoke: bool, types: frozenset[ManaType], colors: frozenset[Color]
) -> bool:
    if convoke:
        if slot.kind is SymbolKind.GENERIC:
            return True
        if slot.kind in (SymbolKind.COLORLESS, SymbolKind.SNOW):
            return False
        return bool(colors.intersection(slot.colors))
    if slot.kind is SymbolKind.SNOW:
        return True
    return any(slot.accepts(mana) for mana in types)


class _Matcher:
    """Kuhn's augmenting-path matching between cost slots and paying units."""

    def __init__(self, slots: list[ManaSymbol], units: list[_Unit]) -> None:
        self.slots = slots
        self.units = units
        # Units alike (same kind of payer, same mana) accept the same symbols: ask once per kind.
        alike: dict[_PayerKind, list[int]] = {}
        for u, unit in enumerate(units):
            alike.setdefault(
                (unit.origin == "convoke", unit.types, unit.convoke_colors), []
            ).append(u)
        kinds = tuple(alike)
        by_symbol: dict[ManaSymbol, list[int]] = {}
        self.adjacent: list[list[int]] = []
        for symbol in slots:
            row = by_symbol.get(symbol)
            if row is None:
                accepted = _accepting(symbol, kinds)
                row = by_symbol[symbol] = sorted(
                    u for kind, ok in zip(kinds, accepted, strict=True) if ok for u in alike[kind]
                )
            self.adjacent.append(row)
        self._slots_of: list[list[int]] | None = None
        self.slot_unit: list[int | None] = [None] * len(slots)
        self.unit_slot: list[int | None] = [None] * len(units)

    def match_slot(self, slot: int) -> bool:
        return self._augment(slot, set())

    def _augment(self, slot: int, seen: set[int]) -> bool:
        for unit in self.adjacent[slot]:
            if unit in seen:
                continue
            seen.add(unit)
            holder = self.unit_slot[unit]
            if holder is None or self._augment(holder, seen):
                self.slot_unit[slot] = unit
                self.unit_slot[unit] = slot
                return True
        return False

    @property
    def slots_of(self) -> list[list[int]]:
        """For each unit, the slots it can pay (built when a convoker first needs a slot)."""
        if self._slots_of is None:
            self._slots_of = [[] for _ in self.units]
            for slot, neighbours in enumerate(self.adjacent):
                for unit in neighbours:
                    self._slots_of[unit].append(slot)
        return self._slots_of

    def bring_in(self, unit: int, is_forced: Callable[[int], bool]) -> bool:
        """Give ``unit`` a slot, freeing a non-forced unit or moving forced ones along."""
        return self._pull(unit, set(), is_forced)

    def _pull(self, unit: int, seen: set[int], is_forced: Callable[[int], bool]) -> bool:
        for slot in self.slots_of[unit]:
            if slot in seen:
                continue
            seen.add(slot)
            holder = self.slot_unit[slot]
            if holder is not None and is_forced(holder) and not self._pull(holder, seen, is_forced):
                continue
            if holder is not None and self.unit_slot[holder] == slot:
                self.unit_slot[holder] = None
            self.slot_unit[slot] = unit
            self.unit_slot[unit] = slot
            return True
        return False


def _units(
    sources: tuple[ManaSource, ...], convokers: tuple[Convoker, ...], pool: ManaCost
) -> list[_Unit]:
    units = [
        _Unit(owner=c.id, types=frozenset(), origin="convoke", convoke_colors=c.colors)
        for c in convokers
    ]
    for symbol in pool.symbols:
        if symbol.kind is SymbolKind.COLORLESS:
            units.append(_Unit(owner="pool", types=frozenset({ManaType.COLORLESS}), origin="pool"))
        elif symbol.kind is SymbolKind.COLORED:
            units.append(
                _Unit(
                    owner="pool", types=frozenset({ManaType(symbol.colors[0].value)}), origin="pool"
                )
            )
    for source in sorted(sources, key=lambda s: not s.is_land):
        origin = "land" if source.is_land else "ability"
        units.extend(_Unit(owner=source.id, types=t, origin=origin) for t in source.produces)
    return units


@functools.lru_cache(maxsize=2048)
def find_payment(
    cost: ManaCost,
    *,
    sources: tuple[ManaSource, ...] = (),
    convokers: tuple[Convoker, ...] = (),
    pool: ManaCost | None = None,
    judge_mana: bool = True,
) -> Payment | PaymentFailure:
    """Find a way to pay ``cost`` (CR 601.2h), using every listed convoker (CR 702.51a).

    With ``judge_mana`` false any mana is assumed available: only convoke is matched and the
    rest is reported as ``mana``. Phyrexian symbols left unpaid cost 2 life each (107.4f).
    The search is pure, so its answers are memoized.

    >>> find_payment(ManaCost.parse("{3}{G}{G}{G}"), convokers=(
    ...     Convoker(id="g1", colors=frozenset({Color.GREEN})),
    ...     Convoker(id="g2", colors=frozenset({Color.GREEN})),
    ...     Convoker(id="r1", colors=frozenset({Color.RED})),
    ...     Convoker(id="r2", colors=frozenset({Color.RED}))), judge_mana=False).mana
    ManaCost.parse('{1}{G}')
    >>> find_payment(ManaCost.parse("{C}"), convokers=(Convoker(id="c1", colors=frozenset()),))
    PaymentFailure(unpaid=ManaCost.parse('{C}'), idle_convokers=('c1',))
    """
    pool_mana = pool if pool is not None and judge_mana else ManaCost()
    units = _units(sources if judge_mana else (), convokers, pool_mana)
    hybrids = sum(1 for s in cost.symbols if s.kind is SymbolKind.MONOCOLORED_HYBRID)
    best: PaymentFailure | None = None
    for choice in itertools.product((False, True), repeat=min(hybrids, 6)):
        slots, overflow = _slot_symbols(cost, choice, len(units))
        outcome = _try(slots, overflow, units, len(convokers), judge_mana)
        if isinstance(outcome, Payment):
            return outcome
        if best is None:
            best = outcome
    assert best is not None
    return best


def _try(
    slots: list[ManaSymbol], overflow: int, units: list[_Unit], forced: int, judge_mana: bool
) -> Payment | PaymentFailure:
    mandatory = [i for i, s in enumerate(slots) if s.kind is not SymbolKind.PHYREXIAN]
    optional = [i for i, s in enumerate(slots) if s.kind is SymbolKind.PHYREXIAN]
    matcher = _Matcher(slots, units)
    for slot in mandatory:
        matcher.match_slot(slot)
    idle = [
        u
        for u in range(forced)
        if matcher.unit_slot[u] is None and not matcher.bring_in(u, lambda v: v < forced)
    ]
    for slot in optional:
        matcher.match_slot(slot)
    unpaid = [slots[i] for i in mandatory if matcher.slot_unit[i] is None]
    if overflow:
        unpaid.append(ManaSymbol(SymbolKind.GENERIC, amount=overflow))
    if idle or (unpaid and judge_mana):
        return PaymentFailure(
            unpaid=ManaCost(tuple(unpaid)), idle_convokers=tuple(units[u].owner for u in idle)
        )
    return _report(slots, units, matcher, unpaid, optional)


def _report(
    slots: list[ManaSymbol],
    units: list[_Unit],
    matcher: _Matcher,
    unpaid: list[ManaSymbol],
    optional: list[int],
) -> Payment:
    lands: list[str] = []
    abilities: list[str] = []
    pool: list[ManaSymbol] = []
    convoke: list[tuple[str, str]] = []
    mana: list[ManaSymbol] = list(unpaid)
    for slot, unit_index in enumerate(matcher.slot_unit):
        if unit_index is None:
            continue
        unit = units[unit_index]
        if unit.origin == "convoke":
            convoke.append((unit.owner, _pays(slots[slot], unit)))
            continue
        mana.append(slots[slot])
        if unit.origin == "pool":
            pool.append(ManaSymbol.parse("{" + next(iter(unit.types)).value + "}"))
        elif unit.origin == "land" and unit.owner not in lands:
            lands.append(unit.owner)
        elif unit.origin == "ability" and unit.owner not in abilities:
            abilities.append(unit.owner)
    life = 2 * sum(1 for slot in optional if matcher.slot_unit[slot] is None)
    order = {u.owner: i for i, u in reversed(list(enumerate(units)))}
    convoke.sort(key=lambda item: order[item[0]])
    lands.sort(key=order.__getitem__)
    abilities.sort(key=order.__getitem__)
    return Payment(
        lands=tuple(lands),
        mana_abilities=tuple(abilities),
        pool=ManaCost(tuple(pool)),
        convoke=tuple(convoke),
        mana=ManaCost(tuple(mana)),
        life=life,
    )


def _pays(slot: ManaSymbol, unit: _Unit) -> str:
    if slot.kind is SymbolKind.GENERIC:
        return "{1}"
    shared = [c for c in slot.colors if c in unit.convoke_colors]
    return "{" + shared[0].value + "}"
