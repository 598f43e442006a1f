"""The answer's account of the mana spent to cast a spell whose text reads it (601.2h):
see :mod:`engine.mana_spent` for how the mana is read from the payment.

>>> from engine.cards import CardDefinition
>>> from engine.payment import Payment
>>> from engine.mana import ManaCost
>>> fire = CardDefinition.parse(name="Slaying Fire", mana_cost="{2}{R}", type_line="Instant",
...     oracle_text="Slaying Fire deals 3 damage to any target.\\nAdamant — If at least three "
...     "red mana was spent to cast this spell, it deals 4 damage instead.")
>>> spent, steps = mana_spent_of(Board(), fire, Payment(mana=ManaCost.parse("{2}{R}")))
>>> spent.exact, [step.to_dict()["code"] for step in steps]
(False, ['mana_spent', 'spent_open'])
"""

from __future__ import annotations

from dataclasses import replace

from engine import rules
from engine.board import Board
from engine.cards import CardDefinition
from engine.casting_text import StaticKind
from engine.explain import Step
from engine.mana import ManaCost, ManaSymbol, SymbolKind
from engine.mana_spent import ManaSpent, SpentKind, SpentReading, spend
from engine.messages import MessageCode
from engine.payment import Payment

__all__ = ["mana_spent_of"]

_step = Step.of


def mana_spent_of(
    board: Board, card: CardDefinition, payment: Payment
) -> tuple[ManaSpent, list[Step]]:
    """The mana ``payment`` spends to cast ``card``, and what each of its sentences that
    read it reads (trace steps)."""
    treasures: set[str] = set()
    snow: set[str] = set()
    for owner, _types, _symbol in payment.units:
        permanent = board.permanent(owner)
        if permanent is None or permanent.face_down:
            continue
        if "treasure" in permanent.card.subtypes:
            treasures.add(owner)
        if "snow" in permanent.card.supertypes:
            snow.add(owner)
    matched = len(payment.units)
    unmatched = _unmatched(payment.mana, matched)
    spent = spend(
        card.spent_readings,
        payment.units,
        unmatched,
        treasures=frozenset(treasures),
        snow=frozenset(snow),
    )
    if any(
        static.kind is StaticKind.SPEND_AS_THOUGH or static.spend_any
        for permanent in board.casting_permanents
        for static in permanent.card.statics
    ):  # the payment found spends mana as other types: what it really was is not known (609.4b)
        spent = replace(spent, exact=False)
    steps = [_step(rules.PAY, MessageCode.MANA_SPENT, mana=str(spent.mana) or "{0}", card=card.ref)]
    for reading in card.spent_readings:
        steps.append(_reads(reading, spent))
    return spent, steps


def _unmatched(mana: ManaCost, matched: int) -> ManaCost:
    """The part of ``mana`` (what the payment pays with mana) no listed unit paid: the
    units are listed in the order of the symbols they pay, so it is what comes after them
    when mana is assumed (then no unit is listed) and nothing otherwise."""
    if matched:
        return ManaCost()
    return ManaCost(tuple(s for s in mana.symbols if s.kind is not SymbolKind.VARIABLE))


def _generic_part(spent: ManaSpent) -> str:
    generic = sum(s.amount for s in spent.mana.symbols if s.kind is SymbolKind.GENERIC)
    return str(ManaSymbol(SymbolKind.GENERIC, amount=generic))


def _reads(reading: SpentReading, spent: ManaSpent) -> Step:
    """What one sentence reads of the mana spent."""
    open_part = _generic_part(spent)
    if reading.kind is SpentKind.AT_LEAST:
        counts = [s.colors[0] for s in spent.mana.symbols if s.kind is SymbolKind.COLORED]
        if reading.color is not None:
            have = counts.count(reading.color)
        else:
            have = max((counts.count(c) for c in set(counts)), default=0)
        if have >= reading.count:
            return _step(rules.PAY, MessageCode.SPENT_HOLDS, text=reading.text)
        if not spent.exact:
            return _step(rules.PAY, MessageCode.SPENT_OPEN, text=reading.text, cost=open_part)
        return _step(rules.PAY, MessageCode.SPENT_FAILS, text=reading.text)
    if reading.kind is SpentKind.TREASURE and reading.condition:
        if not spent.exact and not spent.treasure:
            return _step(rules.PAY, MessageCode.SPENT_OPEN, text=reading.text, cost=open_part)
        if spent.treasure:
            return _step(rules.PAY, MessageCode.SPENT_HOLDS, text=reading.text)
        return _step(rules.PAY, MessageCode.SPENT_FAILS, text=reading.text)
    if not spent.exact and reading.kind is SpentKind.COLORS:
        return _step(rules.PAY, MessageCode.SPENT_OPEN, text=reading.text, cost=open_part)
    count = {
        SpentKind.COLORS: len(spent.colors),
        SpentKind.AMOUNT: spent.amount,
        SpentKind.TREASURE: spent.treasure,
        SpentKind.SNOW: spent.snow,
    }[reading.kind]
    return _step(rules.PAY, MessageCode.SPENT_COUNT, text=reading.text, count=count)
