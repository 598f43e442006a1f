"""Paying the generic part of a locked-in total cost with objects instead of mana: delve
exiles cards from the caster's graveyard (CR 702.66a) and improvise taps untapped artifacts
the caster controls (702.126a); each object pays {1}. Both apply only after the total cost is
determined (702.66b, 702.126b), like convoke, and pay generic mana only: choosing more objects
than the generic part needs is a violation.

A list of ids is the player's choice and is used as it is; ``"auto"`` lets the engine choose:
as few as a real payment needs when mana is judged (the player's mana pays first), as many as
can pay when mana is assumed (the board pays before any imagined mana).

>>> from engine.actions import Action
>>> from engine.board import Board
>>> from engine.contract import ActionKind
>>> from engine.costs import TotalCost
>>> from engine.mana import ManaCost
>>> total = TotalCost(mana=ManaCost.parse("{G}"), actions=(), steps=())
>>> pay_with_objects(Board(), Action(kind=ActionKind.CAST), wurm, total)[1][0].rule
'601.2h'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from engine import rules
from engine.actions import Action
from engine.board import Board
from engine.cards import CardDefinition
from engine.contract import Player
from engine.costs import TotalCost
from engine.explain import Step, Violation
from engine.mana import ManaCost
from engine.messages import MessageCode, ObjectRef
from engine.payment import Payment
from engine.resources import mana_sources, pay_total_cost

__all__ = ["pay_with_objects"]

_step = Step.of
_violation = Violation.of
PaidTotal = tuple[Payment | None, list[Violation], list[Step], list[str]]


def _ref(board: Board, object_id: str) -> ObjectRef:
    found = board.ref(object_id)
    return found if isinstance(found, ObjectRef) else ObjectRef(object_id)


@dataclass(frozen=True, slots=True)
class _Helper:
    """Delve or improvise: what it is, the rule, and what the request chose."""

    name: str
    rule: str
    chosen: tuple[str, ...] | Literal["auto"]
    has_it: bool

    @property
    def auto(self) -> bool:
        return self.chosen == "auto"

    @property
    def ids(self) -> tuple[str, ...]:
        return () if self.chosen == "auto" else tuple(self.chosen)


def _delve_problems(
    board: Board, action: Action, ids: tuple[str, ...], itself: str | None
) -> list[Violation]:
    problems: list[Violation] = []
    exiled = set(action.exile or ())
    for object_id in dict.fromkeys(ids):
        found = board.card_in(object_id)
        if object_id == itself:
            problems.append(
                _violation(rules.PROPOSE, MessageCode.CAST_CARD_PAYS, object=_ref(board, object_id))
            )
        elif found is None or found[1].owner is not action.player:
            problems.append(
                _violation(rules.DELVE, MessageCode.DELVE_NOT_YOURS, card=_ref(board, object_id))
            )
        elif object_id in exiled:
            problems.append(
                _violation(
                    rules.CANT_PAY,
                    MessageCode.OBJECT_PAYS_TWICE,
                    object=_ref(board, object_id),
                    first="exile",
                    second="delve",
                )
            )
    return problems


def _improvise_problems(board: Board, action: Action, ids: tuple[str, ...]) -> list[Violation]:
    problems: list[Violation] = []
    other_taps = {"tap": set(action.tap or ()), "convoke": set(action.convoke_ids)}
    for object_id in dict.fromkeys(ids):
        permanent = board.permanent(object_id)
        code: MessageCode | None = None
        if permanent is None or "artifact" not in permanent.card_types:
            code = MessageCode.IMPROVISER_NOT_ARTIFACT
        elif permanent.controller is not action.player:
            code = MessageCode.IMPROVISER_NOT_YOURS
        elif permanent.tapped:
            code = MessageCode.IMPROVISER_TAPPED
        if code is not None:
            problems.append(_violation(rules.IMPROVISE, code, artifact=_ref(board, object_id)))
            continue
        for other, tapped in other_taps.items():
            if object_id in tapped:
                problems.append(
                    _violation(
                        rules.CANT_PAY,
                        MessageCode.OBJECT_PAYS_TWICE,
                        object=_ref(board, object_id),
                        first=other,
                        second="improvise",
                    )
                )
    return problems


def _delve_candidates(
    board: Board, player: Player, itself: str | None, exiled: set[str]
) -> list[str]:
    return [
        c.id for c in board.graveyard if c.owner is player and c.id != itself and c.id not in exiled
    ]


def _improvise_candidates(board: Board, action: Action) -> list[str]:
    """Untapped artifacts the player controls, those that make no mana first (a player taps
    those before the ones whose mana already counts)."""
    busy = set(action.tap or ()) | set(action.convoke_ids)
    makes_mana = {s.id for s in mana_sources(board, action.player, frozenset())}
    artifacts = [
        (p.id in makes_mana, index, p.id)
        for index, p in enumerate(board.battlefield)
        if "artifact" in p.card_types
        and p.controller is action.player
        and not p.tapped
        and p.id not in busy
    ]
    return [object_id for *_key, object_id in sorted(artifacts)]


def pay_with_objects(
    board: Board,
    action: Action,
    card: CardDefinition,
    total: TotalCost,
    *,
    exclude: frozenset[str] = frozenset(),
    itself: str | None = None,
) -> PaidTotal:
    """Pay the total cost: another player's assist, then delve and improvise first pay what
    they can of its generic part (702.132a, 702.66a, 702.126a), then convoke, the pool and
    mana abilities pay the rest (:func:`engine.resources.pay_total_cost`). The payment lists
    the generic mana assisted, the cards delved and the artifacts improvised.

    ``exclude``: permanents tapped for other costs; ``itself``: the cast card's id in its
    zone (on the stack now: it can't be delved).
    """
    if not action.assist:
        return _pay_with_cards(board, action, card, total, exclude=exclude, itself=itself)
    if "assist" not in card.keywords:
        return None, [_violation(rules.ASSIST, MessageCode.NO_ASSIST, card=card.ref)], [], []
    generic = total.mana.generic_amount
    if action.assist > generic:
        overpaid = _violation(
            rules.ASSIST,
            MessageCode.ASSIST_OVERPAID,
            count=action.assist,
            generic=f"{{{generic}}}",
            cost=str(total.mana),
        )
        return None, [overpaid], [], []
    rest = dataclasses.replace(total, mana=total.mana.without_generic(action.assist))
    payment, violations, steps, notes = _pay_with_cards(
        board, action, card, rest, exclude=exclude, itself=itself
    )
    assisted = _step(
        rules.ASSIST, MessageCode.ASSIST_PAYS, pays=str(ManaCost.generic(action.assist))
    )
    if payment is not None:
        payment = dataclasses.replace(payment, assist=action.assist)
    return payment, violations, [assisted, *steps], notes


def _pay_with_cards(
    board: Board,
    action: Action,
    card: CardDefinition,
    total: TotalCost,
    *,
    exclude: frozenset[str],
    itself: str | None,
) -> PaidTotal:
    if not action.delve and not action.improvise:
        return pay_total_cost(board, action, card, total, exclude=exclude)  # nothing chosen
    delve = _Helper("delve", rules.DELVE, action.delve, card.has_delve)
    improvise = _Helper("improvise", rules.IMPROVISE, action.improvise, card.has_improvise)
    violations: list[Violation] = []
    for helper, code in ((delve, MessageCode.NO_DELVE), (improvise, MessageCode.NO_IMPROVISE)):
        if helper.ids and not helper.has_it:
            violations.append(_violation(helper.rule, code, card=card.ref))
    if violations:
        return None, violations, [], []
    violations.extend(_delve_problems(board, action, delve.ids, itself))
    violations.extend(_improvise_problems(board, action, improvise.ids))
    generic = total.mana.generic_amount
    chosen = len(set(delve.ids)) + len(set(improvise.ids))
    if chosen > generic:
        violations.append(
            _violation(
                rules.DELVE if delve.ids else rules.IMPROVISE,
                MessageCode.GENERIC_OVERPAID,
                count=chosen,
                generic=f"{{{generic}}}",
                cost=str(total.mana),
            )
        )
    if violations:
        return None, violations, [], []
    delved: list[str] = list(dict.fromkeys(delve.ids))
    improvised: list[str] = list(dict.fromkeys(improvise.ids))
    candidates: list[tuple[list[str], str]] = []
    if delve.auto and delve.has_it:
        exiled = set(action.exile or ())
        candidates += [(delved, i) for i in _delve_candidates(board, action.player, itself, exiled)]
    if improvise.auto and improvise.has_it:
        candidates += [(improvised, i) for i in _improvise_candidates(board, action)]

    def attempt() -> PaidTotal:
        paid = len(delved) + len(improvised)
        reduced = dataclasses.replace(total, mana=total.mana.without_generic(paid))
        return pay_total_cost(board, action, card, reduced, exclude=exclude | frozenset(improvised))

    outcome = _choose(attempt, candidates, room=generic - chosen, judge=_judged(action, card))
    proposed = {"delve": len(delved) > len(delve.ids), "improvise": len(improvised) > len(
        improvise.ids)}  # fmt: skip
    payment, pay_violations, steps, notes = outcome
    own_steps: list[Step] = []
    for helper, ids, code, proposal in (
        (delve, delved, MessageCode.DELVE_PAYS, MessageCode.DELVE_PROPOSED),
        (improvise, improvised, MessageCode.IMPROVISE_PAYS, MessageCode.IMPROVISE_PROPOSED),
    ):
        if not ids:
            continue
        refs = tuple(_ref(board, i) for i in ids)
        if proposed[helper.name]:
            own_steps.append(_step(helper.rule, proposal, objects=refs))
        own_steps.append(
            _step(helper.rule, code, objects=refs, pays=str(ManaCost.generic(len(ids))))
        )
    if payment is not None:
        payment = dataclasses.replace(payment, delve=tuple(delved), improvise=tuple(improvised))
    return payment, pay_violations, [*own_steps, *steps], notes


def _judged(action: Action, card: CardDefinition) -> bool:
    return not action.assume_mana and not card.cant_spend_mana


def _choose(
    attempt: Callable[[], PaidTotal],
    candidates: list[tuple[list[str], str]],
    *,
    room: int,
    judge: bool,
) -> PaidTotal:
    """Add the "auto" candidates to their lists: when mana is judged, one at a time until the
    cost can be paid (none if it can't be); else as many as the generic part has room for."""
    if not candidates or room <= 0:
        return attempt()
    if not judge:
        for target, object_id in candidates[:room]:
            target.append(object_id)
        return attempt()
    outcome = attempt()
    added: list[tuple[list[str], str]] = []
    for target, object_id in candidates[:room]:
        if outcome[0] is not None:
            return outcome
        target.append(object_id)
        added.append((target, object_id))
        outcome = attempt()
    if outcome[0] is None:
        for target, object_id in added:
            target.remove(object_id)  # nothing makes it payable: nothing is proposed
        return attempt()
    return outcome
