"""Paying a locked-in total cost (CR 601.2g–h): mana sources, the mana pool and convoke.

Payment is a bipartite matching between the mana symbols of the total cost and the units
that can pay them (augmenting paths, so a payment is found whenever one exists). Symbols
alike and payers alike are grouped, so the matching runs on a graph of a few dozen kinds
whatever the number of lands or the size of the generic part. Convoke (CR 702.51a) is a
payment made after the total cost is locked (702.51b): each chosen untapped creature pays
{1} or one mana of one of its colors, never {C}; it is not mana, and every creature chosen
must pay something. A creature whose {T} mana ability is used can't also convoke (ruling),
so the creatures chosen to convoke are never used as mana sources.

A monocolored hybrid symbol such as {2/W} (CR 107.4e) is paid with one white mana or with
two mana of any type. Paying *d* of the cost's *h* such symbols with their generic half is
the same matching with 2·d more generic symbols and *d* placeholder payers, each of which
must take one {2/W}-like symbol (that symbol is then paid by the generic half). So the
search never tries the 2^h choices; it tries at most ⌈log2(h + 1)⌉ + 2 values of *d*:

- every chosen creature can be matched (*Forced(d)*) only gets easier as *d* grows, since a
  creature paying a {2/W} can move to one of the two new generic symbols;
- every symbol can be paid (*Paid(d)*) exactly when the colored halves left, h − d, fit
  beside the other symbols (at most *r*, the most hybrids a greedy matching pays with their
  colored half, a matroid rank) and the units left pay the generic part: an interval
  h − r ≤ d ≤ hi;
- both at once is just both (Mendelsohn–Dulmage: a matching that pays every symbol and a
  matching that uses every chosen creature give one that does both), so the least workable
  *d* is max(h − r, the least *d* with Forced(d)), found by one binary search.

>>> payment = find_payment(ManaCost.parse("{1}{G}"),
...     sources=(ManaSource(id="m1", produces=(frozenset({ManaType.GREEN}),), is_land=True),),
...     convokers=(Convoker(id="c1", colors=frozenset()),))
>>> payment.lands, payment.convoke
(('m1',), (('c1', '{1}'),))
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from engine.codec import BOOLEAN, STRING, Codec, Integer, ListOf, Record, json_field
from engine.mana import Color, ManaCost, ManaSymbol, ManaType, SymbolKind

__all__ = ["PAYMENT", "Convoker", "ManaSource", "Payment", "PaymentFailure", "find_payment"]

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

    def __hash__(self) -> int:
        return hash(self.id)  # equal sources have equal ids (payments are memoized by them)


@dataclass(frozen=True, slots=True)
class Convoker:
    """A creature chosen to convoke, with its colors (CR 702.51a).

    >>> Convoker(id="c1", colors=frozenset({Color.GREEN})).id
    'c1'
    """

    id: str
    colors: frozenset[Color]

    def __hash__(self) -> int:
        return hash(self.id)  # equal creatures have equal ids (payments are memoized by them)


class _ManaText(Codec[ManaCost]):
    def write(self, value: ManaCost) -> object:
        return str(value)

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "string", "examples": ["{1}{G}"]}


class _ConvokePays(Codec[tuple[str, str]]):
    def write(self, value: tuple[str, str]) -> object:
        return {"id": value[0], "pays": value[1]}

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {
            "type": "object",
            "required": ["id", "pays"],
            "properties": {"id": {"type": "string"}, "pays": {"type": "string"}},
        }


_IDS = json_field(ListOf(STRING, max_items=None))
_MANA = _ManaText()


@dataclass(frozen=True, slots=True, kw_only=True)
class Payment:
    """How a total cost is paid: which lands and mana abilities, pool mana, convoke, life, and
    the objects sacrificed, discarded, exiled, tapped, returned or revealed for its other
    parts.

    ``mana`` is the part of the cost paid with mana (what convoke left).

    >>> Payment().life
    0
    """

    lands: tuple[str, ...] = field(default=(), metadata=_IDS)
    mana_abilities: tuple[str, ...] = field(default=(), metadata=_IDS)
    pool: ManaCost = field(default=ManaCost(), metadata=json_field(_MANA))
    convoke: tuple[tuple[str, str], ...] = field(
        default=(),
        metadata=json_field(
            ListOf(_ConvokePays(), max_items=None), description="Creatures tapped for convoke."
        ),
    )
    mana: ManaCost = field(
        default=ManaCost(),
        metadata=json_field(
            _MANA, description="The part paid with mana (what convoke, delve and improvise left)."
        ),
    )
    convoke_proposed: bool = field(
        default=False,
        metadata=json_field(
            BOOLEAN,
            description='The engine chose the creatures in convoke ("convoke": "auto"): a '
            "proposal, which an explicit list replaces.",
        ),
    )
    life: int = field(
        default=0,
        metadata=json_field(
            Integer(), description="Life paid: for Phyrexian mana and for costs of life."
        ),
    )
    sacrifice: tuple[str, ...] = field(
        default=(),
        metadata=json_field(ListOf(STRING, max_items=None), description="Ids sacrificed."),
    )
    discard: tuple[str, ...] = field(
        default=(),
        metadata=json_field(ListOf(STRING, max_items=None), description="Ids discarded."),
    )
    exile: tuple[str, ...] = field(
        default=(),
        metadata=json_field(ListOf(STRING, max_items=None), description="Ids exiled."),
    )
    tap: tuple[str, ...] = field(
        default=(),
        metadata=json_field(
            ListOf(STRING, max_items=None), description="Ids tapped for costs (not for mana)."
        ),
    )
    return_: tuple[str, ...] = field(
        default=(),
        metadata=json_field(
            ListOf(STRING, max_items=None), key="return", description="Ids returned to hand."
        ),
    )
    reveal: tuple[str, ...] = field(
        default=(),
        metadata=json_field(ListOf(STRING, max_items=None), description="Ids revealed."),
    )
    counter: tuple[str, ...] = field(
        default=(),
        metadata=json_field(
            ListOf(STRING, max_items=None), description="Ids that got a -1/-1 counter."
        ),
    )
    delve: tuple[str, ...] = field(
        default=(),
        metadata=json_field(
            ListOf(STRING, max_items=None),
            description="Graveyard ids exiled for delve (each paid {1}).",
        ),
    )
    improvise: tuple[str, ...] = field(
        default=(),
        metadata=json_field(
            ListOf(STRING, max_items=None),
            description="Artifacts tapped for improvise (each paid {1}).",
        ),
    )
    assist: int = field(
        default=0,
        metadata=json_field(
            Integer(), description="Generic mana another player paid (assist, 702.132a)."
        ),
    )
    units: tuple[tuple[str, frozenset[ManaType], ManaSymbol], ...] = field(
        default=(), compare=False, repr=False
    )
    """Each unit of mana spent: who makes it (a permanent's id, or "pool"), the types it can
    be, and the symbol it pays (not in the JSON: :mod:`engine.mana_spent` reads it)."""
    _json: dict[str, object] | None = field(default=None, init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        # Equal payments tap the same lands and creatures: cheaper than hashing every field
        return hash((self.lands, self.mana_abilities, self.convoke))

    def to_dict(self) -> dict[str, object]:
        """Return the JSON form.

        >>> Payment().to_dict()["convoke"]
        []
        """
        written = PAYMENT.write(self)
        assert isinstance(written, dict)
        return written


PAYMENT: Record[Payment] = Record(
    Payment, name="Payment", description="How the total cost is paid.", sparse=False
)


@dataclass(frozen=True, slots=True)
class PaymentFailure:
    """Why no payment exists: the symbols left unpaid and convokers that could pay nothing.

    >>> PaymentFailure(unpaid=ManaCost.parse("{G}"), idle_convokers=()).unpaid
    ManaCost.parse('{G}')
    """

    unpaid: ManaCost
    idle_convokers: tuple[str, ...]


_CONVOKE, _POOL, _LAND, _ABILITY, _GENERIC_HALF = "convoke", "pool", "land", "ability", "half"
# A kind of payer: where its mana comes from, the mana it can be, a convoker's colors.
_PayerKind = tuple[str, frozenset[ManaType], frozenset[Color]]


@dataclass(frozen=True, slots=True)
class _Payers:
    """Payers alike, in the order they are listed: ``owners`` has one entry per unit."""

    kind: _PayerKind
    owners: tuple[str, ...]

    @property
    def forced(self) -> bool:
        """Whether every unit must pay something: convokers, and the generic-half markers."""
        return self.kind[0] in (_CONVOKE, _GENERIC_HALF)


@functools.lru_cache(maxsize=4096)
def _accepting(slot: ManaSymbol, kinds: tuple[_PayerKind, ...]) -> tuple[bool, ...]:
    """For each kind of payer, whether one of its units can pay ``slot``."""
    return tuple(_accepts(slot, *kind) for kind in kinds)


def _accepts(
    slot: ManaSymbol, origin: str, types: frozenset[ManaType], colors: frozenset[Color]
) -> bool:
    if origin == _GENERIC_HALF:
        return slot.kind is SymbolKind.MONOCOLORED_HYBRID
    if origin == _CONVOKE:
        if slot.kind is SymbolKind.GENERIC:
            return True
        if slot.kind in (SymbolKind.COLORLESS, SymbolKind.SNOW):
            return False
        return bool(colors.intersection(slot.colors))
    if slot.kind is SymbolKind.SNOW:
        return True
    return any(slot.accepts(mana) for mana in types)


def _payers(
    sources: tuple[ManaSource, ...], convokers: tuple[Convoker, ...], pool: ManaCost
) -> list[_Payers]:
    """Every unit that can pay, grouped by kind: convokers, pool, lands, then other sources."""
    grouped: dict[_PayerKind, list[str]] = {}
    for convoker in convokers:
        grouped.setdefault((_CONVOKE, frozenset(), convoker.colors), []).append(convoker.id)
    for symbol in pool.symbols:
        if symbol.kind is SymbolKind.COLORLESS:
            mana = ManaType.COLORLESS
        elif symbol.kind is SymbolKind.COLORED:
            mana = ManaType(symbol.colors[0].value)
        else:
            continue
        grouped.setdefault((_POOL, frozenset({mana}), frozenset()), []).append("pool")
    for source in sorted(sources, key=lambda s: not s.is_land):
        origin = _LAND if source.is_land else _ABILITY
        for types in source.produces:
            grouped.setdefault((origin, types, frozenset()), []).append(source.id)
    return [_Payers(kind, tuple(owners)) for kind, owners in grouped.items()]


class _Matching:
    """How many units of each kind of payer pay each kind of symbol (a flow on kinds)."""

    def __init__(self, demand: list[tuple[ManaSymbol, int]], payers: list[_Payers]) -> None:
        self.symbols = [symbol for symbol, _ in demand]
        self.demand = [count for _, count in demand]
        self.payers = payers
        self.capacity = [len(group.owners) for group in payers]
        kinds = tuple(group.kind for group in payers)
        self.accepted_by = [
            [k for k, ok in enumerate(_accepting(symbol, kinds)) if ok] for symbol in self.symbols
        ]
        self.accepts = [
            [s for s, row in enumerate(self.accepted_by) if k in row] for k in range(len(payers))
        ]
        self.flow = [[0] * len(payers) for _ in self.symbols]
        self.filled = [0] * len(self.symbols)
        self.used = [0] * len(payers)

    def _move(self, symbol: int, kind: int, amount: int) -> None:
        self.flow[symbol][kind] += amount
        self.filled[symbol] += amount
        self.used[kind] += amount

    def fill(self, symbol: int) -> None:
        """Pay as much of ``symbol``'s demand as free units allow, rearranging others."""
        need = self.demand[symbol] - self.filled[symbol]
        for kind in self.accepted_by[symbol]:
            if need <= 0:
                return
            take = min(need, self.capacity[kind] - self.used[kind])
            if take > 0:
                self._move(symbol, kind, take)
                need -= take
        while need > 0 and self._augment(symbol, set(), set()):
            need -= 1

    def _augment(self, symbol: int, seen: set[int], dead: set[int]) -> bool:
        """Find one more unit for ``symbol``, ending on a free unit (nothing paid is undone)."""
        for kind in self.accepted_by[symbol]:
            if kind in seen:
                continue
            seen.add(kind)
            if self.used[kind] < self.capacity[kind]:
                self._move(symbol, kind, 1)
                return True
            for other, paid in enumerate(self.flow):
                if other == symbol or other in dead or not paid[kind]:
                    continue
                if self._augment(other, seen, dead):
                    self._move(other, kind, -1)
                    self._move(symbol, kind, 1)
                    return True
                dead.add(other)
        return False

    def bring_in(self, kind: int) -> bool:
        """Give one more unit of ``kind`` a symbol to pay, keeping every symbol paid."""
        return self._pull(kind, set())

    def _pull(self, kind: int, seen: set[int]) -> bool:
        options = [s for s in self.accepts[kind] if s not in seen]
        seen.update(options)
        for symbol in options:
            if self.filled[symbol] < self.demand[symbol]:
                self._move(symbol, kind, 1)
                return True
        for symbol in options:
            for holder in reversed(self.accepted_by[symbol]):
                if self.flow[symbol][holder] and not self.payers[holder].forced:
                    self._move(symbol, holder, -1)
                    self._move(symbol, kind, 1)
                    return True
        for symbol in options:
            for holder in self.accepted_by[symbol]:
                if holder != kind and self.flow[symbol][holder] and self._pull(holder, seen):
                    self._move(symbol, holder, -1)
                    self._move(symbol, kind, 1)
                    return True
        return False


def _demand(cost: ManaCost, generic_halves: int) -> tuple[list[tuple[ManaSymbol, int]], int]:
    """Symbols to pay, grouped (others, then hybrids, then generic), and how many are optional.

    The optional ones (Phyrexian, paid with life when no unit pays them) come last.
    """
    counts: dict[ManaSymbol, int] = {}
    generic = 0
    for symbol in cost.symbols:
        if symbol.kind is SymbolKind.GENERIC:
            generic += symbol.amount
        elif symbol.kind is not SymbolKind.VARIABLE:
            counts[symbol] = counts.get(symbol, 0) + 1
    rank = {SymbolKind.MONOCOLORED_HYBRID: 1, SymbolKind.PHYREXIAN: 3}
    demand = sorted(counts.items(), key=lambda item: rank.get(item[0].kind, 0))
    optional = sum(1 for symbol, _ in demand if symbol.kind is SymbolKind.PHYREXIAN)
    generic += 2 * generic_halves
    if generic:
        demand.insert(len(demand) - optional, (_GENERIC_ONE, generic))
    return demand, optional


@dataclass(frozen=True, slots=True)
class _Attempt:
    matching: _Matching
    optional: int
    colored_halves: int  # hybrids paid with their colored half before the generic part

    @property
    def idle(self) -> list[str]:
        """Chosen creatures left with nothing to pay."""
        idle: list[str] = []
        for k, group in enumerate(self.matching.payers):
            if group.kind[0] == _CONVOKE:
                idle.extend(group.owners[self.matching.used[k] :])
        return idle

    @property
    def forced_idle(self) -> bool:
        """Whether a chosen creature or a generic-half marker was left with nothing to pay."""
        m = self.matching
        return any(group.forced and m.used[k] < m.capacity[k] for k, group in enumerate(m.payers))

    def unpaid(self) -> list[ManaSymbol]:
        m = self.matching
        mandatory = len(m.symbols) - self.optional
        unpaid: list[ManaSymbol] = []
        for s in range(mandatory):
            missing = m.demand[s] - m.filled[s]
            if missing and m.symbols[s].kind is SymbolKind.GENERIC:
                unpaid.append(ManaSymbol(SymbolKind.GENERIC, amount=missing))
            elif missing:
                unpaid.extend([_colored_half(m.symbols[s])] * missing)
        return unpaid


def _colored_half(symbol: ManaSymbol) -> ManaSymbol:
    if symbol.kind is SymbolKind.MONOCOLORED_HYBRID:
        return ManaSymbol(SymbolKind.COLORED, symbol.colors)
    return symbol


def _attempt(cost: ManaCost, payers: list[_Payers], generic_halves: int) -> _Attempt:
    """Pay every symbol that can be paid, then bring in every forced payer, then Phyrexian."""
    demand, optional = _demand(cost, generic_halves)
    group = list(payers)
    if generic_halves:
        group.append(_Payers((_GENERIC_HALF, frozenset(), frozenset()), ("",) * generic_halves))
    matching = _Matching(demand, group)
    mandatory = len(demand) - optional
    colored = 0
    for s in range(mandatory):
        if matching.symbols[s].kind is SymbolKind.GENERIC:
            colored = _colored_paid(matching)
        matching.fill(s)
    if not any(s.kind is SymbolKind.GENERIC for s in matching.symbols):
        colored = _colored_paid(matching)
    for k, payer in enumerate(matching.payers):
        if payer.forced:
            while matching.used[k] < matching.capacity[k] and matching.bring_in(k):
                pass
    for s in range(mandatory, len(demand)):
        matching.fill(s)
    return _Attempt(matching, optional, colored)


def _colored_paid(matching: _Matching) -> int:
    return sum(
        matching.filled[s]
        for s, symbol in enumerate(matching.symbols)
        if symbol.kind is SymbolKind.MONOCOLORED_HYBRID
    )


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
    Monocolored hybrid symbols are paid with whichever half works, the colored half first.
    The search is pure, so its answers are memoized.

    >>> find_payment(ManaCost.parse("{3}{G}{G}{G}"), convokers=(
    ...     Convoker(id="g1", colors=frozenset({Color.GREEN})),
    ...     Convoker(id="g2", colors=frozenset({Color.GREEN})),
    ...     Convoker(id="r1", colors=frozenset({Color.RED})),
    ...     Convoker(id="r2", colors=frozenset({Color.RED}))), judge_mana=False).mana
    ManaCost.parse('{1}{G}')
    >>> find_payment(ManaCost.parse("{C}"), convokers=(Convoker(id="c1", colors=frozenset()),))
    PaymentFailure(unpaid=ManaCost.parse('{C}'), idle_convokers=('c1',))
    >>> find_payment(ManaCost.parse("{2/W}{2/W}"), convokers=tuple(
    ...     Convoker(id=f"c{i}", colors=frozenset()) for i in range(4)), judge_mana=False).convoke
    (('c0', '{1}'), ('c1', '{1}'), ('c2', '{1}'), ('c3', '{1}'))
    """
    pool_mana = pool if pool is not None and judge_mana else ManaCost()
    payers = _payers(sources if judge_mana else (), convokers, pool_mana)
    hybrids = sum(1 for s in cost.symbols if s.kind is SymbolKind.MONOCOLORED_HYBRID)
    first = _attempt(cost, payers, 0)
    outcome = _outcome(first, judge_mana)
    if isinstance(outcome, Payment) or not hybrids:
        return outcome
    # Forced(d) is monotone in d: the least d at which every chosen creature pays something.
    low, high = 0, hybrids
    if not first.forced_idle:
        high = 0
    while low < high:
        middle = (low + high) // 2
        if _attempt(cost, payers, middle).forced_idle:
            low = middle + 1
        else:
            high = middle
    halves = max(low, hybrids - first.colored_halves) if judge_mana else low
    final = _outcome(_attempt(cost, payers, min(halves, hybrids)), judge_mana)
    if isinstance(final, PaymentFailure) and not (final.unpaid or final.idle_convokers):
        return outcome  # only a marker was left over: the creatures can't all pay, as first seen
    return final


def _outcome(attempt: _Attempt, judge_mana: bool) -> Payment | PaymentFailure:
    unpaid = attempt.unpaid()
    idle = attempt.idle
    if attempt.forced_idle or (unpaid and judge_mana):
        return PaymentFailure(unpaid=ManaCost(tuple(unpaid)), idle_convokers=tuple(idle))
    return _report(attempt, unpaid)


def _report(attempt: _Attempt, unpaid: list[ManaSymbol]) -> Payment:
    m = attempt.matching
    taken = [0] * len(m.payers)
    lands: list[str] = []
    abilities: list[str] = []
    pool: list[ManaSymbol] = []
    convoke: list[tuple[str, str]] = []
    mana: list[ManaSymbol] = list(unpaid)
    units: list[tuple[str, frozenset[ManaType], ManaSymbol]] = []
    order: dict[str, int] = {}
    for group in m.payers:
        for owner in group.owners:
            order.setdefault(owner, len(order))
    for s, symbol in enumerate(m.symbols):
        for k, group in enumerate(m.payers):
            count = m.flow[s][k]
            if not count:
                continue
            owners = group.owners[taken[k] : taken[k] + count]
            taken[k] += count
            origin, types, colors = group.kind
            if origin == _GENERIC_HALF:
                continue
            if origin == _CONVOKE:
                convoke.extend((owner, _pays(symbol, colors)) for owner in owners)
                continue
            mana.extend([_colored_half(symbol)] * count)
            units.extend((owner, types, symbol) for owner in owners)
            if origin == _POOL:
                pool.extend([ManaSymbol.parse("{" + next(iter(types)).value + "}")] * count)
            else:
                listed = lands if origin == _LAND else abilities
                listed.extend(owner for owner in owners if owner not in listed)
    mandatory = len(m.symbols) - attempt.optional
    life = 2 * sum(m.demand[s] - m.filled[s] for s in range(mandatory, len(m.symbols)))
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
        units=tuple(units),
    )


def _pays(slot: ManaSymbol, colors: frozenset[Color]) -> str:
    if slot.kind is SymbolKind.GENERIC:
        return "{1}"
    shared = [c for c in slot.colors if c in colors]
    return "{" + shared[0].value + "}"
