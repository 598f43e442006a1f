"""Monocolored hybrid symbols in the payment search (CR 107.4e, 601.2h, 702.51a).

Each {2/W} is paid with one white mana or with two mana of any type. The search finds how
many to pay with their generic half by a bounded number of matchings (engine/payment.py), and
these tests hold it to an exhaustive reference on small boards.
"""

from __future__ import annotations

import itertools
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import ManaCost, ManaType
from engine.mana import Color, ManaSymbol, SymbolKind
from engine.payment import Convoker, ManaSource, Payment, PaymentFailure, find_payment

WHITE = frozenset({ManaType.WHITE})
RED = frozenset({ManaType.RED})


def _lands(mana: frozenset[ManaType], count: int, prefix: str) -> tuple[ManaSource, ...]:
    return tuple(ManaSource(f"{prefix}{i}", (mana,), is_land=True) for i in range(count))


def _convokers(colors: frozenset[Color], count: int, prefix: str) -> tuple[Convoker, ...]:
    return tuple(Convoker(f"{prefix}{i}", colors) for i in range(count))


def test_107_4e_hybrid_beyond_six_symbols_paid_with_generic_halves() -> None:
    cost = ManaCost.parse("{2/W}" * 8)

    payment = find_payment(cost, sources=_lands(RED, 16, "m"))

    assert isinstance(payment, Payment)
    assert len(payment.lands) == 16


def test_107_4e_hybrids_mix_colored_and_generic_halves() -> None:
    sources = _lands(WHITE, 2, "p") + _lands(RED, 4, "m")

    payment = find_payment(ManaCost.parse("{2/W}{2/W}{2/W}{2/W}"), sources=sources)

    assert isinstance(payment, Payment)
    assert payment.lands == ("p0", "p1", "m0", "m1", "m2", "m3")


def test_107_4e_one_mana_short_of_the_generic_halves_is_named() -> None:
    payment = find_payment(ManaCost.parse("{2/W}{2/W}"), sources=_lands(RED, 3, "m"))

    assert payment == PaymentFailure(unpaid=ManaCost.parse("{1}"), idle_convokers=())


def test_702_51a_colorless_convokers_pay_hybrids_with_the_generic_half() -> None:
    convokers = _convokers(frozenset(), 3, "c") + _convokers(frozenset({Color.WHITE}), 1, "w")

    payment = find_payment(ManaCost.parse("{2/W}{2/W}"), convokers=convokers)

    assert isinstance(payment, Payment)
    assert sorted(pays for _, pays in payment.convoke) == ["{1}"] * 4


def test_702_51a_a_white_convoker_pays_a_hybrid_with_one_white() -> None:
    payment = find_payment(
        ManaCost.parse("{2/W}"), convokers=_convokers(frozenset({Color.WHITE}), 1, "w")
    )

    assert isinstance(payment, Payment)
    assert payment.convoke == (("w0", "{W}"),)


def test_hybrid_payment_search_is_polynomial() -> None:
    # 40 hybrids: 2^40 readings of the cost. 30 colorless convokers pay only generic mana, so
    # at least 11 hybrids take their generic half; 25 Plains pay at most 25 white halves, so
    # 15 do: 30 generic by convoke, {9} and 25 white by lands.
    cost = ManaCost((ManaSymbol.parse("{2/W}"),) * 40 + (ManaSymbol.parse("{9}"),))
    convokers = _convokers(frozenset(), 30, "c")
    sources = _lands(WHITE, 25, "p") + _lands(RED, 145, "m")
    started = time.perf_counter()

    payment = find_payment(cost, sources=sources, convokers=convokers)

    assert time.perf_counter() - started < 1.0
    assert isinstance(payment, Payment)
    assert len(payment.convoke) == 30
    assert payment.mana == ManaCost.parse("{9}" + "{W}" * 25)


# --- an exhaustive reference on small boards -------------------------------------------------


def _halves(cost: ManaCost) -> list[list[ManaSymbol]]:
    """Every way to read the cost's hybrids: each {2/W} as {W} or as two {1}."""
    fixed = [s for s in cost.symbols if s.kind is not SymbolKind.MONOCOLORED_HYBRID]
    slots: list[ManaSymbol] = []
    for symbol in fixed:
        if symbol.kind is SymbolKind.GENERIC:
            slots.extend([ManaSymbol(SymbolKind.GENERIC)] * symbol.amount)
        else:
            slots.append(symbol)
    hybrids = [s for s in cost.symbols if s.kind is SymbolKind.MONOCOLORED_HYBRID]
    readings = []
    for choice in itertools.product((False, True), repeat=len(hybrids)):
        extra: list[ManaSymbol] = []
        for symbol, generic in zip(hybrids, choice, strict=True):
            if generic:
                extra += [ManaSymbol(SymbolKind.GENERIC)] * 2
            else:
                extra.append(ManaSymbol(SymbolKind.COLORED, symbol.colors))
        readings.append(slots + extra)
    return readings


def _pays(unit: tuple[str, frozenset[ManaType] | frozenset[Color]], slot: ManaSymbol) -> bool:
    kind, what = unit
    if kind == "convoke":
        if slot.kind is SymbolKind.GENERIC:
            return True
        return bool(set(what) & set(slot.colors)) and slot.kind is not SymbolKind.COLORLESS
    return any(slot.accepts(mana) for mana in what)  # type: ignore[arg-type]


def _payable(
    slots: list[ManaSymbol], units: list[tuple[str, frozenset[ManaType] | frozenset[Color]]]
) -> bool:
    """Every slot paid by a different unit, every convoker paying one (backtracking)."""

    def place(index: int, free: frozenset[int]) -> bool:
        if index == len(units):
            return not free
        if units[index][0] != "convoke" and place(index + 1, free):
            return True
        return any(
            _pays(units[index], slots[s]) and place(index + 1, free - {s}) for s in sorted(free)
        )

    return place(0, frozenset(range(len(slots))))


SYMBOLS = ["{W}", "{R}", "{1}", "{2/W}", "{2/R}", "{C}", "{W/R}"]
MANA = [WHITE, RED, frozenset({ManaType.COLORLESS}), frozenset({ManaType.WHITE, ManaType.RED})]
COLORS = [frozenset(), frozenset({Color.WHITE}), frozenset({Color.RED})]


@settings(max_examples=300, deadline=None)
@given(
    symbols=st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=4),
    mana=st.lists(st.sampled_from(MANA), max_size=5),
    colors=st.lists(st.sampled_from(COLORS), max_size=3),
)
def test_107_4e_hybrid_search_agrees_with_every_reading_of_the_cost(
    symbols: list[str], mana: list[frozenset[ManaType]], colors: list[frozenset[Color]]
) -> None:
    cost = ManaCost.parse("".join(symbols))
    sources = tuple(ManaSource(f"m{i}", (m,), is_land=True) for i, m in enumerate(mana))
    convokers = tuple(Convoker(f"c{i}", c) for i, c in enumerate(colors))
    units: list[tuple[str, frozenset[ManaType] | frozenset[Color]]] = [
        ("convoke", c) for c in colors
    ]
    units += [("mana", m) for m in mana]
    expected = any(_payable(slots, units) for slots in _halves(cost))

    outcome = find_payment(cost, sources=sources, convokers=convokers)

    assert isinstance(outcome, Payment) is expected
    if isinstance(outcome, Payment):
        assert len(outcome.convoke) == len(colors)
        assert len(outcome.lands) <= len(mana)


def _convokers_fit(slots: list[ManaSymbol], colors: list[frozenset[Color]]) -> bool:
    """Every convoker pays a different slot; the rest is left to mana (backtracking)."""

    def place(index: int, free: frozenset[int]) -> bool:
        if index == len(colors):
            return True
        unit = ("convoke", colors[index])
        return any(_pays(unit, slots[s]) and place(index + 1, free - {s}) for s in sorted(free))

    return place(0, frozenset(range(len(slots))))


@settings(max_examples=300, deadline=None)
@given(
    symbols=st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=4),
    colors=st.lists(st.sampled_from(COLORS), max_size=4),
)
def test_702_51a_assumed_mana_hybrid_search_agrees_with_every_reading_of_the_cost(
    symbols: list[str], colors: list[frozenset[Color]]
) -> None:
    cost = ManaCost.parse("".join(symbols))
    convokers = tuple(Convoker(f"c{i}", c) for i, c in enumerate(colors))
    expected = any(_convokers_fit(slots, colors) for slots in _halves(cost))

    outcome = find_payment(cost, convokers=convokers, judge_mana=False)

    assert isinstance(outcome, Payment) is expected
    if isinstance(outcome, Payment):
        paid = ManaCost.parse("".join(pays for _, pays in outcome.convoke)) + outcome.mana
        assert paid.mana_value <= cost.mana_value
