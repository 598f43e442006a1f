"""What the acting player pays with (CR 601.2g–h): mana sources, convoke, sacrifices.

The matching itself is in :mod:`engine.payment`; this module reads the board to find what
can pay, checks the creatures chosen to convoke (CR 702.51a) and the permanents to sacrifice,
and records each payment step in the trace.

>>> from engine.board import Board, Player
>>> mana_sources(Board(), Player.YOU, frozenset())
()
"""

from __future__ import annotations

import dataclasses
import functools

from engine import rules
from engine.actions import Action
from engine.board import Board, Permanent
from engine.cards import CardDefinition
from engine.casting_text import CastingStatic, StaticKind
from engine.contract import Player, Zone
from engine.costs import TotalCost
from engine.explain import Step, Violation
from engine.filters import Filter
from engine.mana import Color, ManaCost, ManaType
from engine.messages import MessageCode, ObjectRef
from engine.payment import Convoker, ManaSource, Payment, PaymentFailure, find_payment
from engine.spend_rules import spend_as_though, spend_only_from

__all__ = ["can_tap", "check_convoke", "check_sacrifices", "mana_sources", "pay_total_cost"]

_step = Step.of
_violation = Violation.of
_NO_MANA = ManaCost()
_MANA_ABILITIES_FIRST = _step(rules.MANA_ABILITIES_STEP, MessageCode.MANA_ABILITIES_FIRST)


def _ref(board: Board, object_id: str) -> ObjectRef:
    found = board.ref(object_id)
    return found if isinstance(found, ObjectRef) else ObjectRef(object_id)


def mana_sources(board: Board, player: Player, exclude: frozenset[str]) -> tuple[ManaSource, ...]:
    """The mana the player's permanents can make now (CR 605, 305.6, 302.6).

    A creature's {T} mana ability needs it untapped and under control since the turn began
    (summoning sickness, unless it has haste); creatures chosen to convoke are excluded.

    >>> mana_sources(Board(), Player.YOU, frozenset())
    ()
    """
    sources: list[ManaSource] = []
    for permanent in board.battlefield:
        if (
            permanent.controller is not player
            or permanent.face_down
            or not permanent.card.mana_abilities
            or permanent.id in exclude
        ):
            continue
        source = _mana_source(permanent)
        if source is not None:
            sources.append(source)
    return tuple(sources)


@functools.lru_cache(maxsize=4096)
def _mana_source(permanent: Permanent) -> ManaSource | None:
    """The mana one permanent's mana abilities can add now, if any; memoized."""
    units: list[frozenset[ManaType]] = []
    for ability in permanent.card.mana_abilities:
        if ability.other_costs or (ability.taps and not can_tap(permanent)):
            continue
        count = permanent.counter(ability.per_counter) if ability.per_counter else 1
        produced = list(ability.produces) * count
        if ability.taps and units:
            continue
        units.extend(produced)
    if not units:
        return None
    return ManaSource(id=permanent.id, produces=tuple(units), is_land=permanent.is_land)


@functools.lru_cache(maxsize=4096)
def _convoker(object_id: str, colors: frozenset[Color]) -> Convoker:
    return Convoker(id=object_id, colors=colors)


@functools.lru_cache(maxsize=4096)
def _convoke_step(creature: ObjectRef, pays: str) -> Step:
    return _step(rules.CONVOKE, MessageCode.CONVOKE_PAYS, creature=creature, pays=pays)


def can_tap(permanent: Permanent) -> bool:
    """Whether a {T} cost can be paid with it: untapped, and no summoning sickness (CR 302.6).

    >>> elves = CardDefinition.parse(name="Llanowar Elves", mana_cost="{G}",
    ...     type_line="Creature — Elf Druid", oracle_text="{T}: Add {G}.")
    >>> can_tap(Permanent(id="e1", card=elves, controller=Player.YOU, summoning_sick=True))
    False
    """
    sick = permanent.is_creature and permanent.summoning_sick
    return not permanent.tapped and not (sick and "haste" not in permanent.card.keywords)


def check_convoke(board: Board, action: Action, card: CardDefinition) -> list[Violation]:
    """Check the creatures chosen to convoke: untapped creatures you control (CR 702.51a).

    >>> from engine.actions import ActionKind
    >>> check_convoke(Board(), Action(kind=ActionKind.CAST, convoke=("c1",)), wurm)[0].rule
    '702.51a'
    """
    if not action.convoke_ids:
        return []  # nothing chosen, or "auto": the engine proposes only creatures that can
    if not card.has_convoke:
        return [_violation(rules.CONVOKE, MessageCode.NO_CONVOKE, card=card.ref)]
    violations = []
    for object_id in action.convoke_ids:
        permanent = board.permanent(object_id)
        problem = None
        if permanent is None or not permanent.is_creature:
            problem = MessageCode.CONVOKER_NOT_CREATURE
        elif permanent.controller is not action.player:
            problem = MessageCode.CONVOKER_NOT_YOURS
        elif permanent.tapped:
            problem = MessageCode.CONVOKER_TAPPED
        if problem:
            violations.append(_violation(rules.CONVOKE, problem, creature=_ref(board, object_id)))
    return violations


def check_sacrifices(
    board: Board, action: Action, total: TotalCost
) -> tuple[list[Violation], tuple[str, ...], list[Step]]:
    """Choose (or check) what is sacrificed for "Sacrifice a …" costs (CR 118.3, 601.2h).

    >>> from engine.actions import ActionKind
    >>> total = TotalCost(mana=ManaCost(), actions=("Sacrifice a land",), steps=())
    >>> check_sacrifices(Board(), Action(kind=ActionKind.CAST), total)[0][0].rule
    '118.3'
    """
    wanted = [a for a in total.actions if a.lower().startswith("sacrifice ")]
    violations: list[Violation] = []
    steps: list[Step] = []
    chosen: list[str] = []
    given = list(action.sacrifice or ())
    for text in wanted:
        kind = text.lower().removeprefix("sacrifice ").removeprefix("a ").removeprefix("an ")
        fits = [
            p.id
            for p in board.battlefield
            if p.controller is action.player
            and (kind == "permanent" or kind in p.card_types or kind in p.card.subtypes)
            and p.id not in chosen
        ]
        pick = (
            next((g for g in given if g in fits), None)
            if action.sacrifice is not None
            else (fits[0] if fits else None)
        )
        if pick is None:
            violations.append(
                _violation(rules.CANT_PAY, MessageCode.NOTHING_TO_SACRIFICE, cost=text, kind=kind)
            )
            continue
        if pick in given:
            given.remove(pick)
        chosen.append(pick)
        steps.append(
            _step(rules.PAY, MessageCode.SACRIFICED, cost=text, permanent=_ref(board, pick))
        )
    for leftover in given:
        violations.append(
            _violation(rules.CANT_PAY, MessageCode.CANT_SACRIFICE, permanent=_ref(board, leftover))
        )
    for other in total.actions:
        if not other.lower().startswith("sacrifice "):
            steps.append(_step(rules.PAY, MessageCode.ASSUMED_PAYABLE, cost=other))
    return violations, tuple(chosen), steps


_ANY_COLOR_SPENT = CastingStatic(
    kind=StaticKind.SPEND_AS_THOUGH,
    text="",
    spend_as=frozenset({ManaType.WHITE, ManaType.BLUE, ManaType.BLACK, ManaType.RED,
                        ManaType.GREEN}),
)  # fmt: skip
"""Mana spent as though it were mana of any color (609.4b)."""


def _permission_spends_any(
    board: Board, action: Action, card: CardDefinition
) -> tuple[str, CastingStatic] | None:
    """The permanent (its id) and permission the cast uses, when that permission lets mana be
    spent as though it were mana of any color ("… and you may spend mana as though it were mana
    of any color to cast those spells")."""
    if action.from_zone is Zone.HAND or action.card_id is None or not board.casting_permanents:
        return None
    from engine.permissions import used_permission  # the permission the cast uses

    found = board.card_in(action.card_id)
    in_zone = found[1] if found is not None else None
    used = used_permission(board, card, action.player, action.from_zone, in_zone)
    if used is None or not used[1].spend_any:
        return None
    return used[0].id, used[1]


def pay_total_cost(
    board: Board,
    action: Action,
    card: CardDefinition | None,
    total: TotalCost,
    *,
    exclude: frozenset[str] = frozenset(),
) -> tuple[Payment | None, list[Violation], list[Step], list[str]]:
    """Pay the locked-in total cost with convoke, pool and mana abilities (CR 601.2g–h).

    ``exclude``: permanents tapped for other costs, which can't also tap for mana; ``card``
    None: a cost that is not a spell's (a morph cost), paid with mana only.
    Returns the payment (None if impossible), violations, trace steps and notes on what is
    not modelled.

    >>> from engine.actions import ActionKind
    >>> total = TotalCost(mana=ManaCost.parse("{G}"), actions=(), steps=())
    >>> pay_total_cost(Board(), Action(kind=ActionKind.CAST), wurm, total)[1][0].rule
    '601.2h'
    """
    notes: list[str] = []
    steps = [_MANA_ABILITIES_FIRST]
    can_spend = card is None or not card.cant_spend_mana
    judge = can_spend and not action.assume_mana
    payer = _Payer(
        board, action.player, total.mana, can_spend=can_spend, judge=judge, exclude=exclude
    )
    only = card.spend_only if card is not None else None
    if card is not None and isinstance(action.alternative_cost, str) and card.alternative_costs:
        chosen = next((a for a in card.alternative_costs if a.key == action.alternative_cost), None)
        only = chosen.spend_only if chosen is not None and chosen.spend_only else only
    if card is not None and (only is not None or board.casting_permanents):
        steps.extend(payer.spending_rules(card, only, _permission_spends_any(board, action, card)))
    convokers: tuple[Convoker, ...] = ()
    has_convoke = card is not None and card.has_convoke
    proposed = action.convoke_is_auto and has_convoke
    if proposed:
        convokers = payer.propose_convokers()
    elif has_convoke:
        convokers = tuple(
            [
                _convoker(p.id, p.colors)
                for p in map(board.permanent, action.convoke_ids)
                if p is not None
                and p.is_creature
                and p.controller is action.player
                and not p.tapped
            ]
        )
    outcome = payer.pay(convokers)
    if proposed and isinstance(outcome, Payment) and outcome.convoke:
        outcome = dataclasses.replace(outcome, convoke_proposed=True)
        creatures = tuple(_ref(board, cid) for cid, _pays in outcome.convoke)
        steps.append(_step(rules.CONVOKE, MessageCode.CONVOKE_PROPOSED, creatures=creatures))
    if isinstance(outcome, PaymentFailure):
        violations = [
            _violation(
                rules.CONVOKE,
                MessageCode.CONVOKER_IDLE,
                creature=_ref(board, cid),
                cost=str(total.mana),
            )
            for cid in outcome.idle_convokers
        ]
        if outcome.unpaid:
            violations.append(
                _violation(
                    rules.PAY,
                    MessageCode.CANT_PAY,
                    unpaid=str(outcome.unpaid),
                    cost=str(total.mana),
                )
            )
        return None, violations, steps, notes
    violations = []
    if not can_spend and outcome.mana and card is not None:
        left = outcome.mana
        violations.append(
            _violation(rules.PAY, MessageCode.MANA_CANT_BE_SPENT, card=card.ref, cost=str(left))
        )
    steps.extend(
        _payment_steps(board, outcome, assume_mana=action.assume_mana, can_spend=can_spend)
    )
    return (outcome if not violations else None), violations, steps, notes


class _Payer:
    """Pays one total cost with a chosen set of convokers; proposes that set for "auto"."""

    def __init__(
        self,
        board: Board,
        player: Player,
        cost: ManaCost,
        *,
        can_spend: bool,
        judge: bool,
        exclude: frozenset[str] = frozenset(),
    ) -> None:
        self.board, self.player, self.cost = board, player, cost
        self.can_spend, self.judge = can_spend, judge
        self.exclude = exclude  # tapped for other costs: neither mana nor convoke
        self.as_though: tuple[CastingStatic, ...] = ()  # 609.4b
        self.only: frozenset[str] | None = None  # the sources allowed (106.6)

    def spending_rules(
        self,
        card: CardDefinition,
        only: tuple[str, Filter] | None = None,
        permission: tuple[str, CastingStatic] | None = None,
    ) -> list[Step]:
        """Read how mana may be spent to cast ``card``: the board's "as though it were mana
        of any color" (609.4b) and its own "spend only mana produced by …" (106.6)."""
        steps: list[Step] = []
        as_though: list[CastingStatic] = []
        for permanent in self.board.casting_permanents:
            for static in permanent.card.statics:
                if static.kind is not StaticKind.SPEND_AS_THOUGH:
                    continue
                if not static.whose.accepts(self.player, permanent.controller):
                    continue
                if static.spells is not None and not static.spells.fits(
                    card, chosen=permanent.chosen
                ):
                    continue
                as_though.append(static)
                steps.append(
                    _step(
                        rules.SPEND_AS_THOUGH,
                        MessageCode.SPEND_AS_THOUGH,
                        source=_ref(self.board, permanent.id),
                        text=static.text,
                    )
                )
        if permission is not None:  # the permission the cast uses lets mana be any color
            source, static = permission
            as_though.append(_ANY_COLOR_SPENT)
            steps.append(
                _step(
                    rules.SPEND_AS_THOUGH,
                    MessageCode.SPEND_AS_THOUGH,
                    source=_ref(self.board, source),
                    text=static.text,
                )
            )
        self.as_though = tuple(as_though)
        if only is not None:
            text, sources = only
            self.only = frozenset(
                [
                    p.id
                    for p in self.board.battlefield
                    if p.controller is self.player and p.fits(sources, player=self.player)
                ]
            )
            steps.append(_step(rules.SPEND_ONLY, MessageCode.SPEND_ONLY, text=text))
        return steps

    def pay(self, convokers: tuple[Convoker, ...]) -> Payment | PaymentFailure:
        exclude = frozenset([c.id for c in convokers])
        if self.exclude:
            exclude |= self.exclude
        sources = mana_sources(self.board, self.player, exclude) if self.can_spend else ()
        pool = self.board.mana_pool if self.can_spend else _NO_MANA
        if self.only is not None:
            sources = spend_only_from(sources, self.only)
            pool = _NO_MANA  # mana in the pool has no known source here
        if self.as_though:
            sources = spend_as_though(sources, self.as_though)
        return find_payment(
            self.cost,
            sources=sources,
            convokers=convokers,
            pool=pool,
            judge_mana=self.judge,
        )

    def _candidates(self) -> list[Convoker]:
        """Untapped creatures the player controls, in the order a player would tap them:
        summoning-sick ones first (they can't attack anyway), creatures with a mana ability
        last (their mana already counts), then as listed on the battlefield."""
        makes_mana = {s.id for s in mana_sources(self.board, self.player, frozenset())}
        creatures = [
            (not p.summoning_sick, p.id in makes_mana, index, p)
            for index, p in enumerate(self.board.battlefield)
            if p.is_creature
            and p.controller is self.player
            and not p.tapped
            and p.id not in self.exclude
        ]
        return [_convoker(p.id, p.colors) for *_key, p in sorted(creatures)]

    def propose_convokers(self) -> tuple[Convoker, ...]:
        """The creatures to convoke for ``"convoke": "auto"``.

        When mana is judged, as few as a real payment needs: lands, mana abilities and the
        pool pay first, and creatures are added one at a time, each the one that leaves the
        least unpaid. When mana is assumed (or can't be spent), as many as can pay, so the
        board's creatures pay before any imagined mana.
        """
        candidates = self._candidates()
        chosen: list[Convoker] = []
        if not self.judge:
            for candidate in candidates:
                outcome = self.pay((*chosen, candidate))
                if isinstance(outcome, Payment):
                    chosen.append(candidate)
                    if not outcome.mana:
                        break
            return tuple(chosen)
        outcome = self.pay(())
        while isinstance(outcome, PaymentFailure) and candidates:
            best: tuple[int, Convoker, Payment | PaymentFailure] | None = None
            tried: set[frozenset[Color]] = set()
            for candidate in candidates:
                if candidate.colors in tried:
                    continue  # creatures of the same colors pay alike: try the first only
                tried.add(candidate.colors)
                attempt = self.pay((*chosen, candidate))
                if isinstance(attempt, Payment):
                    return (*chosen, candidate)
                left = attempt.unpaid.mana_value
                if not attempt.idle_convokers and (best is None or left < best[0]):
                    best = (left, candidate, attempt)
            if best is None or best[0] >= outcome.unpaid.mana_value:
                return ()  # no creature helps: the cost is not payable, and nothing is proposed
            chosen.append(best[1])
            candidates.remove(best[1])
            outcome = best[2]
        return tuple(chosen)


def _payment_steps(
    board: Board, payment: Payment, *, assume_mana: bool, can_spend: bool
) -> tuple[Step, ...]:
    """The trace of a payment: convoke, mana and life (CR 601.2h, 702.51a, 107.4f)."""
    creatures = tuple([_ref(board, cid) for cid, _pays in payment.convoke])
    sources: tuple[ObjectRef, ...] = ()
    if can_spend and not assume_mana:
        sources = tuple([_ref(board, i) for i in payment.lands + payment.mana_abilities])
    return _payment_trace(payment, creatures, sources, assume_mana, can_spend)


@functools.lru_cache(maxsize=4096)
def _payment_trace(
    payment: Payment,
    creatures: tuple[ObjectRef, ...],
    sources: tuple[ObjectRef, ...],
    assume_mana: bool,
    can_spend: bool,
) -> tuple[Step, ...]:
    """The trace of a payment, its convoking creatures and mana sources named; memoized."""
    steps = [
        _convoke_step(creature, pays)
        for creature, (_id, pays) in zip(creatures, payment.convoke, strict=True)
    ]
    mana = str(payment.mana) or "{0}"
    if assume_mana and can_spend:
        steps.append(_step(rules.PAY, MessageCode.PAID_ASSUMED, mana=mana))
    elif can_spend and not str(payment.pool):
        steps.append(_step(rules.PAY, MessageCode.PAID_FROM_SOURCES, mana=mana, sources=sources))
    elif can_spend and not sources:
        pool = str(payment.pool)
        steps.append(_step(rules.PAY, MessageCode.PAID_FROM_POOL, mana=mana, pool=pool))
    elif can_spend:
        steps.append(
            _step(
                rules.PAY,
                MessageCode.PAID_WITH_MANA,
                mana=mana,
                pool=str(payment.pool),
                sources=sources,
            )
        )
    if payment.life:
        steps.append(_step(rules.PHYREXIAN_LIFE, MessageCode.LIFE_PAID, life=payment.life))
    return tuple(steps)
