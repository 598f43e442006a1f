"""The cost changes that apply to one cast (CR 601.2f): the permanents' static abilities
(by the spell's qualities, its caster, the turn, the zone it is cast from, its targets), the
card's own, and the request's.

>>> from engine.actions import Action
>>> from engine.contract import ActionKind
>>> board_cost_changes(Board(), Action(kind=ActionKind.CAST, card=bolt), bolt, ())
()
"""

from __future__ import annotations

import functools

from engine import rules
from engine.abilities import CostModifier, ModifierKind
from engine.actions import Action
from engine.board import Board, Permanent, object_ref
from engine.cards import CardDefinition
from engine.contract import Player, TurnCount
from engine.costs import Cost, CostChange, CostChangeKind
from engine.counts import Count
from engine.fields import PLAYER_NAMES
from engine.filters import Filter
from engine.mana import ManaCost
from engine.messages import CardRef, MessageCode, Param

__all__ = ["board_cost_changes", "cost_change_notes", "free_cast_source", "own_cost_changes"]


def _first_turn_params(permanent: Permanent, increase: bool) -> tuple[tuple[str, Param], ...]:
    return _first_turn_params_of(permanent.card.ref, increase)


def _first_turn_params_of(source: CardRef, increase: bool) -> tuple[tuple[str, Param], ...]:
    return (("sign", "+" if increase else "−"), ("source", source))


def _spells_before(board: Board, modifier: CostModifier, player: Player) -> int:
    """How many spells of the kind ``modifier`` names ``player`` cast earlier this turn: every
    spell counted when it names no quality, else the listed ones that fit."""
    this_turn = board.this_turn
    if modifier.spells is None and not modifier.kicked:
        return this_turn.count(TurnCount.SPELLS_CAST, player)
    return this_turn.spells_fitting(modifier.spells, player, kicked=modifier.kicked)


def _share_a_creature_type(action: Action, permanent: Permanent) -> bool:
    """Whether the spell cast has a creature type of the permanent's (702.73a: a changeling
    has every creature type)."""
    spell, source = action.card, permanent.card
    if spell is None:
        return False
    spell_all, source_all = "changeling" in spell.keywords, "changeling" in source.keywords
    if spell_all:
        return source_all or bool(source.subtypes)
    if source_all:
        return bool(spell.subtypes)
    return bool(spell.subtypes & source.subtypes)


def _types_shared_with_exiled(action: Action, board: Board, permanent: Permanent) -> int:
    """How many card types the spell cast shares with the cards exiled with ``permanent``
    (406.6, 607.2a)."""
    if action.card is None:
        return 0
    exiled: set[str] = set()
    for in_exile in board.exile:
        if in_exile.exiled_with == permanent.id:
            exiled |= in_exile.card.card_types
    return len(action.card.card_types & exiled)


def _judged(
    board: Board,
    action: Action,
    permanent: Permanent,
    modifier: CostModifier,
    targets: tuple[str, ...],
) -> tuple[int, int] | None:
    """For a cost change that applies to this cast: how many times its amount counts, and
    (for "the first/second … each turn") how many such spells came before; None when it does
    not apply."""
    player = action.player
    if modifier.condition is not None and not modifier.condition.holds(board, permanent.controller):
        return None
    if modifier.kicked and not any(action.kicker or ()):
        return None
    if modifier.aimed is not None and not _targets_fit(
        board, modifier.aimed, targets, permanent.controller
    ):
        return None
    if modifier.shares_creature_type and not _share_a_creature_type(action, permanent):
        return None
    before = 0
    if modifier.nth_each_turn:
        before = _spells_before(board, modifier, player)
        if before != modifier.nth_each_turn - 1:
            return None
    times = 1
    if modifier.per_target:
        wanted = modifier.target_filter
        times = sum(
            1 for target in targets if wanted is None or _target_fits(board, wanted, target, player)
        )
        if not times:
            return None
    if modifier.per_same_name:
        name = action.card.name if action.card is not None else None
        times = sum(
            1 for c in board.graveyard if c.owner is permanent.controller and c.card.name == name
        )
        if not times:
            return None
    if modifier.shares_exiled_type or modifier.per_exiled_type:
        shared = _types_shared_with_exiled(action, board, permanent)
        if not shared:
            return None
        if modifier.per_exiled_type:
            times = shared
    if modifier.per is not None:
        counted_for = player if modifier.per_caster else permanent.controller
        times = modifier.per.of(board, counted_for, source=permanent)
        if not times:
            return None
    return times, before


def _keyword_cost_change(
    modifier: CostModifier, action: Action, card: CardDefinition
) -> ManaCost | None:
    """What a change to a keyword's cost changes in this cast: nothing unless that cost is
    paid; a reduction reduces only the generic mana of that cost (each payment of it)."""
    key = modifier.keyword_cost
    times = 1
    cost: Cost | None = None
    if action.alternative_cost == key:
        way = next((a for a in card.alternative_costs if a.key == key), None)
        cost = way.cost if way is not None else None
    else:
        times = dict(action.optional_costs).get(key or "", 0)
        optional = next((o for o in card.optional_costs if o.keyword == key), None)
        cost = optional.cost if optional is not None and times else None
    if cost is None:
        return None
    if modifier.kind is ModifierKind.INCREASE:
        return modifier.amount
    generic = (cost.mana_part.generic_amount if cost.mana is not None else 0) * times
    reduced = min(modifier.amount.generic_amount, generic)
    return ManaCost.generic(reduced) if reduced else None


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
    if board.stack_cost_modifiers:
        changes.extend(_stack_cost_changes(board, card, player, targets))
    for permanent in board.casting_permanents:
        for modifier in permanent.card.cost_modifiers:
            if modifier.while_tapped is not None and permanent.tapped != modifier.while_tapped:
                continue
            if modifier.on_stack:
                continue
            if modifier.kind in (ModifierKind.INCREASE, ModifierKind.REDUCE):
                same = permanent.controller is player
                if not modifier.applies_to(card, same_controller=same, chosen=permanent.chosen):
                    continue
                if modifier.targeting_it and permanent.id not in targets:
                    continue
                if modifier.enchanted_caster and board.attached_player(permanent) is not player:
                    continue
                if modifier.enchanted_target and not _targets_enchanted(permanent, targets):
                    continue
                if modifier.extra_cost is not None:
                    extra = _extra_per_symbol(permanent, modifier, card)
                    if extra is not None:
                        changes.append(extra)
                    continue
                if modifier.granted_to is not None:
                    granted = _granted_change(board, permanent, modifier, targets)
                    if granted is not None:
                        changes.append(granted)
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
                times, before = 1, 0
                if modifier.judged:
                    judged = _judged(board, action, permanent, modifier, targets)
                    if judged is None:
                        continue
                    times, before = judged
                amount = modifier.amount * times
                if modifier.keyword_cost is not None:
                    paid = _keyword_cost_change(modifier, action, card)
                    if paid is None:
                        continue
                    amount = paid
                increase = modifier.kind is ModifierKind.INCREASE
                label: MessageCode | None = None
                params: tuple[tuple[str, Param], ...] = ()
                if modifier.per_same_name:
                    label = MessageCode.COST_PERMANENT_EACH
                    params = (
                        *_first_turn_params(permanent, increase),
                        ("each", str(modifier.amount)),
                        ("what", "card with the same name as that spell in your graveyard"),
                        ("count", times),
                    )
                elif modifier.per_exiled_type:
                    label = MessageCode.COST_PERMANENT_EACH
                    params = (
                        *_first_turn_params(permanent, increase),
                        ("each", str(modifier.amount)),
                        (
                            "what",
                            f"card type it shares with cards exiled with {permanent.card.name}",
                        ),
                        ("count", times),
                    )
                elif modifier.per_target:
                    label = MessageCode.COST_PER_TARGET_OF
                    params = (*_first_turn_params(permanent, increase), ("count", times))
                elif modifier.per is not None:
                    label = (
                        MessageCode.COST_PERMANENT_X
                        if modifier.x_is
                        else MessageCode.COST_PERMANENT_EACH
                    )
                    params = (
                        *_first_turn_params(permanent, increase),
                        ("each", str(modifier.amount)),
                        ("what", modifier.per.text.replace("~", permanent.card.name)),
                        ("count", times),
                    )
                elif modifier.nth_each_turn:
                    label = MessageCode.COST_EACH_TURN
                    params = (*_first_turn_params(permanent, increase), ("before", before))
                if modifier.life:
                    label = MessageCode.COST_LIFE
                    params = (("source", permanent.card.ref), ("life", modifier.life))
                changes.append(
                    _permanent_change(
                        CostChangeKind.INCREASE if increase else CostChangeKind.REDUCE,
                        amount,
                        permanent.card.ref,
                        modifier.colored_only,
                        label,
                        params,
                        modifier.life,
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


@functools.lru_cache(maxsize=4096)
def _permanent_change(
    kind: CostChangeKind,
    amount: ManaCost,
    source: CardRef,
    colored_only: bool,
    label: MessageCode | None,
    params: tuple[tuple[str, Param], ...],
    life: int,
) -> CostChange:
    """A permanent's change to the total cost; memoized, so the total cost computed from it
    (memoized too) is found by identity."""
    return CostChange(
        kind=kind,
        amount=amount,
        source=source,
        colored_only=colored_only,
        label=label,
        params=params,
        life=life,
    )


def _extra_per_symbol(
    permanent: Permanent, modifier: CostModifier, card: CardDefinition
) -> CostChange | None:
    """An additional cost that is not mana, once for each mana symbol of a color in the
    spell's mana cost (a hybrid or Phyrexian symbol of that color counts, 107.4)."""
    color = modifier.per_symbol
    count = sum(1 for symbol in card.mana_cost.symbols if color in symbol.colors)
    if not count or modifier.extra_cost is None:
        return None
    return CostChange(
        kind=CostChangeKind.ADDITIONAL,
        amount=ManaCost(),
        source=permanent.card.ref,
        actions=(modifier.extra_cost,) * count,
        label=MessageCode.COST_EXTRA_PER_SYMBOL,
        params=(("source", permanent.card.ref), ("each", modifier.extra_cost), ("count", count)),
        rule=rules.TOTAL_COST,
    )


def _targets_enchanted(permanent: Permanent, targets: tuple[str, ...]) -> bool:
    """Whether the spell targets the player the Aura enchants."""
    return permanent.attached_to in PLAYER_NAMES and permanent.attached_to in targets


def _granted_change(
    board: Board, permanent: Permanent, modifier: CostModifier, targets: tuple[str, ...]
) -> CostChange | None:
    """A cost change ``permanent`` grants to the permanents that fit ("Creatures you control
    with flying have …"): each of them the spell targets has the ability, and each instance
    applies (601.2f)."""
    holders = modifier.granted_to
    assert holders is not None
    times = 0
    for target in targets:
        found = board.permanent(target)
        if found is not None and found.fits(holders, player=permanent.controller):
            times += 1
    if not times:
        return None
    increase = modifier.kind is ModifierKind.INCREASE
    return CostChange(
        kind=CostChangeKind.INCREASE if increase else CostChangeKind.REDUCE,
        amount=modifier.amount * times,
        source=permanent.card.ref,
        label=MessageCode.COST_GRANTED_TARGETS,
        params=(
            *_first_turn_params(permanent, increase),
            ("each", str(modifier.amount)),
            ("count", times),
        ),
    )


def _stack_cost_changes(
    board: Board, card: CardDefinition, player: Player, targets: tuple[str, ...]
) -> list[CostChange]:
    """The cost changes of spells on the stack that work there ("As long as ~ is on the
    stack, spells that target it cost {2} more to cast"; 113.6b): only a spell that targets
    that spell."""
    changes: list[CostChange] = []
    for spell in board.stack:
        if spell.id not in targets:
            continue
        for modifier in spell.card.cost_modifiers:
            if not modifier.on_stack or modifier.kind not in _CHANGES:
                continue
            same = spell.controller is player
            if not modifier.applies_to(card, same_controller=same):
                continue
            increase = modifier.kind is ModifierKind.INCREASE
            changes.append(
                CostChange(
                    kind=CostChangeKind.INCREASE if increase else CostChangeKind.REDUCE,
                    amount=modifier.amount,
                    source=spell.card.ref,
                    label=MessageCode.COST_TARGETS_SPELL,
                    params=(
                        *_first_turn_params_of(spell.card.ref, increase),
                        ("spell", object_ref(spell, named=True)),
                    ),
                )
            )
    return changes


_CHANGES = (ModifierKind.INCREASE, ModifierKind.REDUCE)


def cost_change_notes(board: Board, player: Player) -> list[str]:
    """The permanents' cost changes that name "the chosen …" when the request chose nothing of
    that kind for the permanent: they can't be judged, so the answer says so (CR 607.2d).

    >>> cost_change_notes(Board(), Player.YOU)
    []
    """
    notes: list[str] = []
    for permanent in board.casting_permanents:
        for modifier in permanent.card.cost_modifiers:
            wanted = modifier.chosen_kinds
            if not wanted or wanted <= permanent.chosen.kinds:
                continue
            if modifier.applies_to_caster(same_controller=permanent.controller is player):
                notes.append(f"{permanent.card.name}: {modifier.text}")
    return notes


def free_cast_source(board: Board, player: Player) -> Permanent | None:
    for permanent in board.casting_permanents:
        if permanent.controller is not player:
            continue
        for modifier in permanent.card.cost_modifiers:
            if modifier.kind is ModifierKind.FREE_FROM_HAND:
                return permanent
    return None


def _target_fits(board: Board, wanted: Filter, target: str, player: Player) -> bool:
    """Whether one chosen target (an object; a player is none of the objects a text names)
    is what the text names."""
    found = board.permanent(target) or board.spell(target)
    return found is not None and found.fits(wanted, player=player)


def _targets_fit(
    board: Board, wanted: Filter, targets: tuple[str, ...], player: Player, *, graveyard: int = 0
) -> bool:
    """Whether one of the chosen targets is what the text names ("a blue permanent"), and
    with ``graveyard``, one whose controller has that many cards in their graveyard."""
    for target in targets:
        found = board.permanent(target) or board.spell(target)
        if found is None or not found.fits(wanted, player=player):
            continue
        owner = found.controller
        if sum(1 for c in board.graveyard if c.owner is owner) >= graveyard:
            return True
    return False


def _listed_there(board: Board, per: Count, card_id: str, player: Player) -> int:
    """1 if the card cast is among the cards ``per`` counts where it is cast from ("other")."""
    found = next((c for c in board.zone(per.zone) if c.id == card_id), None) if per.zone else None
    return 1 if found is not None and per.filter and found.fits(per.filter, player=player) else 0


def own_cost_changes(
    card: CardDefinition,
    board: Board,
    action: Action,
    flash: ManaCost | None,
) -> tuple[CostChange, ...]:
    """The card's own cost changes that apply: their conditions, one per target beyond the
    first (strive), and what casting it as though it had flash costs more (601.3c).

    >>> from engine.contract import ActionKind
    >>> own_cost_changes(bolt, Board(), Action(kind=ActionKind.CAST, card=bolt), None)
    ()
    """
    changes: list[CostChange] = []
    player = action.player
    targets = action.targets or ()
    for change in card.self_cost_changes:
        if change.flash:
            continue
        if change.from_zone is not None and action.from_zone is not change.from_zone:
            continue
        if change.condition is not None and not change.condition.holds(board, player):
            continue
        if change.moments is not None:
            turn = board.turn
            if change.moments.check(turn.phase, turn.step, turn.active_player, player) is not True:
                continue
        if change.targets is not None and not _targets_fit(
            board, change.targets, targets, player, graveyard=change.target_graveyard
        ):
            continue
        if change.life:
            count = len(targets) if change.per_target else 1
            if count:
                changes.append(
                    CostChange(
                        kind=CostChangeKind.INCREASE,
                        amount=ManaCost(),
                        source=card.ref,
                        life=change.life * count,
                        label=MessageCode.COST_SELF_LIFE_PER_TARGET
                        if change.per_target
                        else MessageCode.COST_LIFE,
                        params=(
                            ("card", card.ref),
                            ("source", card.ref),
                            ("life", change.life * count),
                            ("each", change.life),
                            ("count", count),
                        ),
                    )
                )
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
        if change.per is not None or change.per_paid is not None:
            if change.per_paid is not None:
                count = len(getattr(action, change.per_paid) or ())
                what = change.text.split(" for each ", 1)[-1].rstrip(".")
            else:
                assert change.per is not None
                count, what = change.per.of(board, player), change.per.text
                if change.other and action.from_zone is change.from_zone and action.card_id:
                    count -= _listed_there(board, change.per, action.card_id, player)
                    what = f"other {what}"
            if count:
                label = (
                    MessageCode.COST_SELF_EACH
                    if change.increase
                    else MessageCode.COST_SELF_EACH_REDUCTION
                )
                params: tuple[tuple[str, Param], ...] = (
                    ("card", card.ref),
                    ("each", str(change.amount)),
                    ("what", what),
                    ("count", count),
                )
                amount = change.amount * count
                if change.at_most and amount.generic_amount > change.at_most:
                    amount = ManaCost.generic(change.at_most)
                changes.append(
                    CostChange(
                        kind=kind,
                        amount=amount,
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
