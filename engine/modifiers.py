"""The cost changes that apply to one cast (CR 601.2f): the permanents' static abilities
(by the spell's qualities, its caster, the turn, the zone it is cast from, its targets), the
card's own, and the request's.

>>> from engine.actions import Action
>>> from engine.contract import ActionKind
>>> board_cost_changes(Board(), Action(kind=ActionKind.CAST, card=bolt), bolt, ())
()
"""

from __future__ import annotations

from engine import rules
from engine.abilities import ModifierKind
from engine.actions import Action
from engine.board import Board, Permanent
from engine.cards import CardDefinition
from engine.contract import Player
from engine.costs import CostChange, CostChangeKind
from engine.filters import Filter
from engine.mana import ManaCost
from engine.messages import MessageCode, Param

__all__ = ["board_cost_changes", "free_cast_source", "own_cost_changes"]


def _first_turn_params(permanent: Permanent, increase: bool) -> tuple[tuple[str, Param], ...]:
    return (("sign", "+" if increase else "−"), ("source", permanent.card.ref))


def board_cost_changes(
    board: Board,
    action: Action,
    card: CardDefinition,
    targets: tuple[str, ...],
) -> tuple[CostChange, ...]:
    """The cost changes of the permanents on the battlefield that apply to this cast (601.2f).

    >>> from engine.contract import ActionKind
    >>> board_cost_changes(Board(), Action(kind=ActionKind.CAST, card=bolt), bolt, ())
    ()
    """
    changes: list[CostChange] = []
    player = action.player
    for permanent in board.casting_permanents:
        for modifier in permanent.card.cost_modifiers:
            if modifier.while_tapped is not None and permanent.tapped != modifier.while_tapped:
                continue
            if modifier.kind in (ModifierKind.INCREASE, ModifierKind.REDUCE):
                same = permanent.controller is player
                if not modifier.applies_to(card, same_controller=same):
                    continue
                if modifier.targeting_it and permanent.id not in targets:
                    continue
                if modifier.except_casters_turn and board.turn.active_player is player:
                    continue
                if (
                    modifier.during_controllers_turn
                    and board.turn.active_player is not permanent.controller
                ):
                    continue
                if modifier.from_zones is not None and action.from_zone not in modifier.from_zones:
                    continue
                increase = modifier.kind is ModifierKind.INCREASE
                changes.append(
                    CostChange(
                        kind=CostChangeKind.INCREASE if increase else CostChangeKind.REDUCE,
                        amount=modifier.amount,
                        source=permanent.card.ref,
                        colored_only=modifier.colored_only,
                        label=MessageCode.COST_FIRST_EACH_TURN
                        if modifier.first_each_turn
                        else None,
                        params=_first_turn_params(permanent, increase)
                        if modifier.first_each_turn
                        else (),
                    )
                )
            elif modifier.kind is ModifierKind.MINIMUM:
                changes.append(
                    CostChange(
                        kind=CostChangeKind.MINIMUM,
                        amount=ManaCost(),
                        source=permanent.card.ref,
                        minimum=modifier.minimum,
                    )
                )
    for amount in action.cost_increases:
        changes.append(CostChange(kind=CostChangeKind.INCREASE, amount=amount))
    for amount in action.cost_reductions:
        changes.append(CostChange(kind=CostChangeKind.REDUCE, amount=amount))
    return tuple(changes)


def free_cast_source(board: Board, player: Player) -> Permanent | None:
    for permanent in board.casting_permanents:
        if permanent.controller is not player:
            continue
        for modifier in permanent.card.cost_modifiers:
            if modifier.kind is ModifierKind.FREE_FROM_HAND:
                return permanent
    return None


def _targets_fit(board: Board, wanted: Filter, targets: tuple[str, ...], player: Player) -> bool:
    """Whether one of the chosen targets is what the text names ("a blue permanent")."""
    for target in targets:
        found = board.permanent(target) or board.spell(target)
        if found is not None and found.fits(wanted, player=player):
            return True
    return False


def own_cost_changes(
    card: CardDefinition,
    board: Board,
    player: Player,
    targets: tuple[str, ...],
    flash: ManaCost | None,
) -> tuple[CostChange, ...]:
    """The card's own cost changes that apply: their conditions, one per target beyond the
    first (strive), and what casting it as though it had flash costs more (601.3c).

    >>> own_cost_changes(bolt, Board(), Player.YOU, (), None)
    ()
    """
    changes: list[CostChange] = []
    for change in card.self_cost_changes:
        if change.flash:
            continue
        if change.condition is not None and not change.condition.holds(board, player):
            continue
        if change.targets is not None and not _targets_fit(board, change.targets, targets, player):
            continue
        if change.per_target_beyond_first:
            extra = max(0, len(targets) - 1)
            if extra:
                changes.append(
                    CostChange(
                        kind=CostChangeKind.INCREASE,
                        amount=change.amount * extra,
                        label=MessageCode.COST_PER_TARGET,
                        params=(("count", extra),),
                    )
                )
            continue
        kind = CostChangeKind.INCREASE if change.increase else CostChangeKind.REDUCE
        if change.per is not None:
            count = change.per.of(board, player)
            if count:
                label = (
                    MessageCode.COST_SELF_EACH
                    if change.increase
                    else MessageCode.COST_SELF_EACH_REDUCTION
                )
                params: tuple[tuple[str, Param], ...] = (
                    ("card", card.ref),
                    ("each", str(change.amount)),
                    ("what", change.per.text),
                    ("count", count),
                )
                changes.append(
                    CostChange(
                        kind=kind,
                        amount=change.amount * count,
                        source=card.ref,
                        label=label,
                        params=params,
                        rule=change.rule if change.rule != rules.TOTAL_COST else None,
                    )
                )
            continue
        changes.append(
            CostChange(
                kind=kind,
                amount=change.amount,
                source=card.ref,
                label=MessageCode.COST_SELF if change.increase else MessageCode.COST_SELF_REDUCTION,
                params=(("card", card.ref),),
            )
        )
    if flash is not None:
        changes.append(
            CostChange(kind=CostChangeKind.INCREASE, amount=flash, label=MessageCode.COST_FLASH)
        )
    return tuple(changes)
