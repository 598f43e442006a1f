"""Where and when a spell may be cast (CR 601.3): from which zone, at which speed (117.1a,
307.1, 302.1, flash 702.8a and the permissions to cast as though it had flash), the card's
restrictions, the board's prohibitions, and split second (702.61a).

>>> split_second_violations(Board())
[]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine import rules
from engine.actions import Action
from engine.board import Board, CardInZone, Permanent, object_ref, split_second_spells
from engine.cards import CardDefinition
from engine.casting_text import AlternativeCost, CastingStatic, StaticKind
from engine.conditions import Moments
from engine.contract import Player, TurnCount, Zone
from engine.cost_actions import CostAction, CostKind
from engine.explain import Step, Violation
from engine.filters import Filter, Whose
from engine.mana import ManaCost
from engine.messages import MessageCode, Quote

__all__ = [
    "alternative_refusals",
    "used_permission",
    "flash_with_alternative",
    "once_each_turn_alternative",
    "granted_alternative",
    "restriction_checks",
    "split_second_violations",
    "timing",
    "zone_permission",
]

_step = Step.of
_violation = Violation.of


def _statics(board: Board, kind: StaticKind) -> list[tuple[Permanent, Any]]:
    statics = board.casting_statics
    return [found for found in statics if found[1].kind is kind] if statics else []


def _about(whose: Whose, permanent: Permanent, player: Player) -> bool:
    """Whether a permanent's static about ``whose`` players is about ``player``."""
    return whose.accepts(player, permanent.controller)


def _about_static(board: Board, static: Any, permanent: Permanent, player: Player) -> bool:
    """Whether a permanent's prohibition is about ``player`` now: its ``whose``, or the player
    its Aura enchants (303.4), and only while it is attached to a creature if it says so."""
    if static.while_attached and not _attached_to_creature(board, permanent):
        return False
    if static.enchanted:
        return board.attached_player(permanent) is player
    return _about(static.whose, permanent, player)


def _attached_to_creature(board: Board, permanent: Permanent) -> bool:
    found = board.permanent(permanent.attached_to) if permanent.attached_to else None
    return found is not None and found.is_creature


def payment_prohibitions(
    board: Board,
    player: Player,
    life: int,
    parts: tuple[CostAction, ...],
    sacrificed: tuple[str, ...],
) -> list[Violation]:
    """The permanents' "Players can't pay life or sacrifice creatures to cast spells" that
    the cast's costs break (601.2h; paying 0 life is still allowed, 119.4b): life paid, or a
    part that sacrifices such permanents, or such a permanent sacrificed."""
    violations: list[Violation] = []
    for permanent, static in _statics(board, StaticKind.CANT_PAY):
        if not _about(static.whose, permanent, player):
            continue
        pays_life = life > 0 or any(p.kind is CostKind.LIFE and (p.minimum or p.x) for p in parts)
        wanted = static.cant_sacrifice
        sacrifices = wanted is not None and (
            any(
                found is not None and found.fits(wanted, player=player)
                for found in (board.permanent(object_id) for object_id in sacrificed)
            )
            or any(p.kind is CostKind.SACRIFICE and _only(p, wanted) for p in parts)
        )
        if (static.cant_pay_life and pays_life) or sacrifices:
            violations.append(
                _violation(rules.PAY, MessageCode.PROHIBITED_PAYMENT,
                           source=object_ref(permanent, named=True), text=static.text)
            )  # fmt: skip
    return violations


def _only(part: CostAction, wanted: Filter) -> bool:
    """Whether every object a sacrifice part takes is one ``wanted`` names (its filter names
    only those card types)."""
    found = part.filter
    if found is None:
        return False
    types = {t for quality in wanted.options for t in quality.types}
    return bool(found.options) and all(
        set(q.types) and set(q.types) <= types for q in found.options
    )


def _shares_color_with_last(board: Board, card: CardDefinition) -> bool | None:
    """Whether the spell shares a color with the spell most recently cast this turn, the last
    of ``this_turn.spells``; None when a spell was cast after the listed ones (the counts say
    more spells than are listed) or the last listed is unknown."""
    this_turn = board.this_turn
    listed = this_turn.spells
    cast = this_turn.count(TurnCount.SPELLS_CAST, None)
    if cast > len(listed):
        return None
    return bool(listed) and bool(card.colors & listed[-1].card.colors)


def _shares_type_with_top(board: Board, card: CardDefinition) -> bool | None:
    """Whether the spell shares a card type with the top card of a library (401.5): None when
    it shares none with the listed top cards but a player's top card is not listed."""
    if any(card.card_types & top.card.card_types for top in board.library):
        return True
    return False if len(board.library) == len(Player) else None


def _flash_source(board: Board, action: Action, card: CardDefinition) -> Permanent | None:
    """A permanent that lets the player cast the card as though it had flash (601.3)."""
    for permanent, static in _statics(board, StaticKind.FLASH):
        if not _about(static.whose, permanent, action.player):
            continue
        if static.spells is None or static.spells.fits(card, chosen=permanent.chosen):
            return permanent
    return None


def _sorcery_limit(board: Board, player: Player) -> tuple[Permanent, Any] | None:
    """A permanent that lets the player cast spells only at sorcery speed (Teferi)."""
    for permanent, static in _statics(board, StaticKind.SORCERY_SPEED):
        if _about(static.whose, permanent, player):
            return permanent, static
    return None


def _sorcery_timing(
    board: Board, action: Action, card: CardDefinition, rule: str
) -> list[Violation]:
    violations: list[Violation] = []
    if board.turn.active_player is not action.player:
        violations.append(_violation(rule, MessageCode.NOT_YOUR_TURN, card=card.ref))
    if not board.turn.phase.is_main:
        violations.append(_violation(rule, MessageCode.NOT_MAIN_PHASE, card=card.ref))
    if board.stack:
        violations.append(_violation(rule, MessageCode.STACK_NOT_EMPTY, card=card.ref))
    return violations


def _sorcery_rule(card: CardDefinition) -> str:
    if "sorcery" in card.card_types:
        return rules.SORCERY_TIMING
    if card.is_creature:
        return rules.CREATURE_TIMING
    return rules.INSTANT_TIMING


def split_second_violations(board: Board, *, from_trigger: bool = False) -> list[Violation]:
    """A violation for each spell with split second on the stack (CR 702.61a).

    >>> split_second_violations(Board())
    []
    """
    violations = []
    for spell in split_second_spells(board.stack):
        kicked = not spell.card.has_split_second
        if from_trigger:
            code = (
                MessageCode.SPLIT_SECOND_LOCK_KICKED_TRIGGER
                if kicked
                else MessageCode.SPLIT_SECOND_LOCK_TRIGGER
            )
            violations.append(
                _violation(
                    rules.SPLIT_SECOND,
                    code,
                    spell=object_ref(spell, named=True),
                    ruling=Quote(rules.RULING_SPLIT_SECOND_TRIGGER_CAST),
                )
            )
        else:
            code = MessageCode.SPLIT_SECOND_LOCK_KICKED if kicked else MessageCode.SPLIT_SECOND_LOCK
            violations.append(
                _violation(rules.SPLIT_SECOND, code, spell=object_ref(spell, named=True))
            )
    return violations


def _moments_for(moments: Moments, board: Board, you: Player) -> bool | None:
    turn = board.turn
    return moments.check(turn.phase, turn.step, turn.active_player, you)


_CAST_FROM = {
    Zone.GRAVEYARD: MessageCode.CAST_FROM_GRAVEYARD,
    Zone.EXILE: MessageCode.CAST_FROM_EXILE,
    Zone.LIBRARY: MessageCode.CAST_FROM_LIBRARY,
}
_NO_PERMISSION = {
    Zone.GRAVEYARD: MessageCode.NO_PERMISSION_GRAVEYARD,
    Zone.EXILE: MessageCode.NO_PERMISSION_EXILE,
    Zone.LIBRARY: MessageCode.NO_PERMISSION_LIBRARY,
}


def _granted(
    board: Board,
    card: CardDefinition,
    player: Player,
    zone: Zone,
    in_zone: CardInZone | None,
    declined: list[tuple[Violation, bool]],
) -> tuple[str, Permanent | None, bool, bool] | None:
    """A permission to cast the card from ``zone`` that is not its own (601.3): an effect's,
    marked on the exiled card (``may_play``), or a permanent's ("You may cast creature spells
    from the top of your library"; "… from among cards exiled with ~", only for the cards that
    permanent exiled, 406.6). With the text, the permanent, whether it covers a card another
    player owns (the cards a permanent exiled can be anyone's), and whether it is used once
    each turn; a permission used without limit is preferred. ``declined`` gets why a
    permission that names the card doesn't allow it now (used this turn, not your turn), and
    whether it would cover a card another player owns."""
    if zone is Zone.EXILE and in_zone is not None and in_zone.may_play:
        return "may_play", None, True, False
    once: tuple[str, Permanent | None, bool, bool] | None = None
    for permanent, static in _statics(board, StaticKind.CAST_FROM):
        if (
            not _about(static.whose, permanent, player)
            or not static.zones
            or zone not in static.zones
        ):
            continue
        if static.spells is not None and not static.spells.fits(card, chosen=permanent.chosen):
            continue
        if static.condition is not None and not static.condition.holds(board, player):
            continue
        if static.linked and (in_zone is None or in_zone.exiled_with != permanent.id):
            continue
        if static.while_attached and not _attached_to_creature(board, permanent):
            continue
        if static.shares_type_linked or static.moments is not None or static.once_each_turn:
            refusal = _once_refusal(board, card, player, permanent, static)
            if refusal is not None:
                declined.append((refusal, static.linked))
                continue
        foreign = static.linked or static.any_owner
        if not static.once_each_turn:
            return static.text, permanent, foreign, False
        once = once or (static.text, permanent, foreign, True)
    return once


def used_permission(
    board: Board, card: CardDefinition, player: Player, zone: Zone, in_zone: CardInZone | None
) -> tuple[Permanent, CastingStatic] | None:
    """The permanent, and its permission, that lets the card be cast from ``zone`` when that
    is the permission the cast uses (the card has none of its own there): what it asks of the
    cast ("pay life equal to its mana value rather than pay its mana cost", 118.9b; "by
    sacrificing a creature in addition to paying its other costs", 118.8; "without paying its
    mana cost", 118.9)."""
    if zone is Zone.HAND or any(where is zone for where, _ in card.permissions):
        return None
    found = _granted(board, card, player, zone, in_zone, [])
    if found is None or found[1] is None:
        return None
    permanent = found[1]
    for static in permanent.card.statics:
        if static.kind is StaticKind.CAST_FROM and static.text == found[0]:
            return permanent, static
    return None


def _once_refusal(
    board: Board, card: CardDefinition, player: Player, permanent: Permanent, static: Any
) -> Violation | None:
    """Why a permission limited to your turns, to once each turn, or to spells sharing a card
    type with a card exiled with its permanent doesn't allow this cast; None if it does."""
    source = object_ref(permanent, named=True)
    if static.moments is not None and _moments_for(static.moments, board, player) is False:
        return _violation(rules.CAST_PERMISSION, MessageCode.PERMISSION_YOUR_TURNS,
                          source=source, text=static.text)  # fmt: skip
    if static.shares_type_linked and not any(
        c.exiled_with == permanent.id and c.card.card_types & card.card_types for c in board.exile
    ):
        return _violation(rules.CAST_PERMISSION, MessageCode.PERMISSION_NO_SHARED_TYPE,
                          card=card.ref, source=source, text=static.text)  # fmt: skip
    if static.once_each_turn and permanent.id in board.this_turn.permissions_used:
        return _violation(rules.CAST_PERMISSION, MessageCode.PERMISSION_USED,
                          source=source, text=static.text)  # fmt: skip
    return None


def zone_permission(
    board: Board,
    card: CardDefinition,
    player: Player,
    zone: Zone,
    in_zone: CardInZone | None,
    printed: AlternativeCost | None,
) -> tuple[list[Violation], list[Step]]:
    """Whether the card may be cast from where it is (601.2a, 601.3): from a hand by default;
    from a graveyard or exile only with a permission (aftermath, a printed "you may cast ~ from
    your graveyard by …" chosen), and only the caster's own card.

    >>> zone_permission(Board(), bolt, Player.YOU, Zone.GRAVEYARD, None, None)[0][0].rule
    '601.3'
    """
    violations: list[Violation] = []
    steps: list[Step] = []
    owned = in_zone
    declined: list[tuple[Violation, bool]] = []
    granted = None if zone is Zone.HAND else _granted(board, card, player, zone, in_zone, declined)
    foreign = granted[2] if granted is not None else any(linked for _v, linked in declined)
    if owned is not None and owned.owner is not player and not foreign:
        violations.append(
            _violation(
                rules.CAST_PERMISSION,
                MessageCode.NOT_YOUR_CARD,
                object=object_ref(owned, named=True),
                owner=owned.owner,
            )
        )
    if card.cast_only_from is not None and zone is not card.cast_only_from:
        if card.is_fused:
            violations.append(_violation(rules.FUSE, MessageCode.FUSED_ONLY_FROM_HAND,
                                         card=card.ref))  # fmt: skip
        elif card.only_from_text is None:
            violations.append(_violation(rules.AFTERMATH, MessageCode.ONLY_FROM_GRAVEYARD,
                                         card=card.ref))  # fmt: skip
        else:
            violations.append(_violation(rules.CAST_PERMISSION, MessageCode.RESTRICTION_UNMET,
                                         card=card.ref, text=card.only_from_text))  # fmt: skip
    violations.extend(_zone_prohibitions(board, player, zone))
    if zone is Zone.HAND:
        return violations, steps
    steps.append(_step(rules.PROPOSE, _CAST_FROM[zone], card=card.ref))
    # 715.3d: the owner of a card on an adventure may cast it from exile, not as an Adventure.
    adventure = (
        zone is Zone.EXILE and owned is not None and owned.on_adventure and owned.owner is player
    )
    casts_adventure = "adventure" in card.subtypes
    permitted: str | None = None
    if card.cast_only_from is zone:
        permitted = card.only_from_text or "Aftermath"
    elif printed is not None and printed.zone is zone:
        permitted = printed.text
    elif printed is not None and (found := _way_zone(card, printed.key, zone)) is not None:
        permitted = found
    else:
        for where, condition in card.permissions:
            if where is zone and (condition is None or condition.holds(board, player)):
                permitted = f"You may cast {card.name} from {zone.value}"
    if permitted is not None:
        steps.append(
            _step(rules.CAST_PERMISSION, MessageCode.PERMISSION, card=card.ref, text=permitted)
        )
    elif adventure and not casts_adventure:
        steps.append(_step(rules.ADVENTURE_EXILE, MessageCode.ON_ADVENTURE, card=card.ref))
    elif granted is not None:
        text, source, _foreign, once = granted
        if source is None:
            steps.append(_step(rules.CAST_PERMISSION, MessageCode.MAY_PLAY, card=card.ref))
        else:
            steps.append(
                _step(
                    rules.CAST_PERMISSION,
                    MessageCode.PERMISSION_FROM,
                    source=object_ref(source, named=True),
                    card=card.ref,
                    text=text,
                )
            )
        if once and source is not None:
            steps.append(_step(rules.CAST_PERMISSION, MessageCode.PERMISSION_ONCE,
                               source=object_ref(source, named=True)))  # fmt: skip
    elif declined:
        violations.extend(violation for violation, _linked in declined)
    elif adventure:
        violations.append(
            _violation(rules.ADVENTURE_EXILE, MessageCode.ADVENTURE_NOT_AGAIN, card=card.ref)
        )
    elif (way := _way_from(card, zone)) is not None:
        violations.append(
            _violation(rules.CAST_PERMISSION, MessageCode.ONLY_BY_ITS_WAY, card=card.ref, text=way)
        )
    else:
        violations.append(_violation(rules.CAST_PERMISSION, _NO_PERMISSION[zone], card=card.ref))
    return violations, steps


def _way_from(card: CardDefinition, zone: Zone) -> str | None:
    """The card's own way to be cast from ``zone`` when it is not chosen (its flashback,
    escape…): the printed text of that alternative cost."""
    for way in card.alternative_costs:
        if way.zone is zone:
            return way.text
    return next((text for _key, where, text in card.way_zones if where is zone), None)


def _zone_prohibitions(board: Board, player: Player, zone: Zone) -> list[Violation]:
    """The prohibitions on casting spells from ``zone`` ("You can't cast spells from your
    hand", "Players can't cast spells from graveyards"), 601.3."""
    return [
        _prohibited(permanent, static)
        for permanent, static in _statics(board, StaticKind.PROHIBIT)
        if static.zones is not None and zone in static.zones
        and _about_static(board, static, permanent, player)
    ]  # fmt: skip


def _prohibited(permanent: Permanent, static: CastingStatic) -> Violation:
    """The violation of a permanent's prohibition on casting (601.3), naming it and its text."""
    return _violation(
        rules.CAST_PERMISSION,
        MessageCode.PROHIBITED,
        source=object_ref(permanent, named=True),
        text=static.text,
    )


def _noted(permanent: Permanent, static: CastingStatic) -> str:
    """The note for a prohibition the request can't tell applies: its permanent and text."""
    return f"{permanent.card.name}: {static.text}"


def _same_name_on_board(board: Board, named: Filter, card: CardDefinition, you: Player) -> bool:
    """Whether a permanent that fits ``named`` has the card's name."""
    return any(
        not p.face_down and p.card.name == card.name and p.fits(named, player=you)
        for p in board.battlefield
    )


def _way_zone(card: CardDefinition, key: str, zone: Zone) -> str | None:
    """The card's sentence letting it be cast from ``zone`` by its keyword way ``key``."""
    return next((text for way, where, text in card.way_zones if way == key and where is zone),
                None)  # fmt: skip


def restriction_checks(
    board: Board, card: CardDefinition, player: Player, x: int = 0
) -> tuple[list[Violation], list[Step], list[str]]:
    """The card's own restrictions ("Cast this spell only during combat") and the board's
    prohibitions ("Players can't cast spells during combat"), 601.3: violations, trace steps,
    and what could not be checked (the board names no step, or no value chosen for a
    permanent whose prohibition names "the chosen …"). A prohibition is judged on the spell as
    proposed, X announced (601.3a, 601.5): "even mana values" counts its X.

    >>> restriction_checks(Board(), bolt, Player.YOU)
    ([], [], [])
    """
    violations: list[Violation] = []
    steps: list[Step] = []
    notes: list[str] = []
    turn = board.turn
    for restriction in card.restrictions:
        allowed: bool | None = True
        if restriction.moments is not None:
            allowed = restriction.moments.check(turn.phase, turn.step, turn.active_player, player)
        if allowed and restriction.condition is not None:
            allowed = restriction.condition.holds(board, player)
        if allowed and restriction.none_named_alike:
            allowed = not any(
                not p.face_down and p.card.name == card.name for p in board.battlefield
            )
        if allowed is None:
            notes.append(restriction.text)
            steps.append(
                _step(
                    rules.CAST_PERMISSION,
                    MessageCode.RESTRICTION_NEEDS_STEP,
                    text=restriction.text,
                )  # fmt: skip
            )
        elif allowed:
            steps.append(
                _step(rules.CAST_PERMISSION, MessageCode.RESTRICTION_MET, text=restriction.text)
            )
        else:
            violations.append(
                _violation(
                    rules.CAST_PERMISSION,
                    MessageCode.RESTRICTION_UNMET,
                    card=card.ref,
                    text=restriction.text,
                )
            )
    for permanent, static in _statics(board, StaticKind.OWN_TURNS):
        if turn.active_player is not player and _about(static.whose, permanent, player):
            violations.append(_prohibited(permanent, static))
    for permanent, static in _statics(board, StaticKind.ONE_SPELL):
        if _about_static(board, static, permanent, player) and (
            board.this_turn.count(TurnCount.SPELLS_CAST, player) >= static.limit
        ):
            violations.append(_prohibited(permanent, static))
    for permanent, static in _statics(board, StaticKind.PROHIBIT):
        if static.zones is not None or not _about_static(board, static, permanent, player):
            continue
        if static.while_attacking and not permanent.attacking:
            continue
        if static.condition is not None and not static.condition.holds(board, player):
            continue
        if static.same_name_as is not None and not _same_name_on_board(
            board, static.same_name_as, card, permanent.controller
        ):
            continue
        if static.linked and not any(  # "… with the same name as the exiled card" (607.2a)
            c.exiled_with == permanent.id and c.card.name == card.name for c in board.exile
        ):
            continue
        if static.spells is not None:
            wanted = static.spells.chosen
            if wanted and not wanted <= permanent.chosen.kinds:
                notes.append(_noted(permanent, static))
                continue
            mana_value = card.mana_cost.mana_value_with_x(x)
            if not static.spells.fits(card, mana_value=mana_value, chosen=permanent.chosen):
                continue
        above = static.mana_value_above
        if above is not None and card.mana_cost.mana_value_with_x(x) <= above.of(board, player):
            continue
        answers = (
            _shares_color_with_last(board, card) if static.shares_color_with_last else True,
            _shares_type_with_top(board, card) if static.shares_type_with_top else True,
            _moments_for(static.moments, board, permanent.controller)
            if static.moments is not None
            else True,
        )
        if all(answers):
            violations.append(_prohibited(permanent, static))
        elif None in answers and False not in answers:
            notes.append(_noted(permanent, static))
    return violations, steps, notes


def timing(
    board: Board, action: Action, card: CardDefinition
) -> tuple[list[Violation], Step, ManaCost | None]:
    """Timing (117.1a, 307.1, 302.1), flash and its permissions (702.8a, 601.3, 601.3c),
    and what casting it as though it had flash costs more.

    >>> from engine.contract import ActionKind
    >>> timing(Board(), Action(kind=ActionKind.CAST, card=bolt), bolt)[0]
    []
    """
    limit = _sorcery_limit(board, action.player)
    if limit is not None:
        permanent, static = limit
        rule = rules.SORCERY_TIMING
        return (
            _sorcery_timing(board, action, card, rule),
            _step(
                rule,
                MessageCode.SORCERY_SPEED_ONLY,
                source=object_ref(permanent, named=True),
                text=static.text,
                card=card.ref,
            ),
            None,
        )
    if card.is_instant_speed:
        rule = (
            rules.FLASH
            if card.has_flash and "instant" not in card.card_types
            else rules.INSTANT_TIMING
        )
        return [], _step(rule, MessageCode.TIMING_ANY_TIME, card=card.ref), None
    rule = _sorcery_rule(card)
    violations = _sorcery_timing(board, action, card, rule)
    if not violations:
        return [], _step(rule, MessageCode.TIMING_SORCERY_SPEED, card=card.ref), None
    for where, condition in card.permissions:
        if where is None and (condition is None or condition.holds(board, action.player)):
            return [], _step(rules.CAST_PERMISSION, MessageCode.OWN_FLASH, card=card.ref), None
    chosen = action.alternative_cost
    for way in card.alternative_costs if isinstance(chosen, str) else ():
        if way.key == chosen and way.with_flash:  # its condition is the alternative's (118.9)
            return [], _step(rules.FLASH_IF_PAID, MessageCode.OWN_FLASH, card=card.ref), None
    source = _flash_source(board, action, card)
    if source is None and isinstance(action.alternative_cost, ManaCost):
        source = flash_with_alternative(board, action.player, card, action.alternative_cost)
    if source is not None:
        return (
            [],
            _step(
                rules.CAST_PERMISSION,
                MessageCode.FLASH_PERMISSION,
                source=object_ref(source, named=True),
                card=card.ref,
            ),
            None,
        )
    for change in card.self_cost_changes:
        if change.flash:
            return (
                [],
                _step(
                    rules.FLASH_IF_PAID,
                    MessageCode.FLASH_FOR_MORE,
                    card=card.ref,
                    cost=str(change.amount),
                ),
                change.amount,
            )
    return violations, _step(rule, MessageCode.TIMING_SORCERY_SPEED, card=card.ref), None


def granted_alternative(
    board: Board, player: Player, card: CardDefinition, cost: ManaCost
) -> Permanent | None:
    """The permanent that lets ``player`` pay ``cost`` rather than the card's mana cost ("You
    may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells that you cast", "You may
    cast spells with mana value less than or equal to the number of lands you control without
    paying their mana costs", 118.9), if one does now; None: the alternative cost is another
    effect's.

    >>> granted_alternative(Board(), Player.YOU, bolt, ManaCost.parse("{0}")) is None
    True
    """
    for permanent, static in _offering(board, player, card, cost):
        if _alternative_refusal(board, player, card, permanent, static) is None:
            return permanent
    return None


def alternative_refusals(
    board: Board, player: Player, card: CardDefinition, cost: ManaCost
) -> list[Violation]:
    """Why the permanents that offer ``cost`` for such spells don't offer it for this one now
    (its mana value above their limit, their once-each-turn permission used this turn), when
    none does (118.9): the request names no other effect offering the same cost.

    >>> alternative_refusals(Board(), Player.YOU, bolt, ManaCost.parse("{0}"))
    []
    """
    refusals = []
    for permanent, static in _offering(board, player, card, cost):
        refusal = _alternative_refusal(board, player, card, permanent, static)
        if refusal is None:
            return []
        refusals.append(refusal)
    return refusals


def _offering(
    board: Board, player: Player, card: CardDefinition, cost: ManaCost
) -> Iterator[tuple[Permanent, Any]]:
    """The permanents whose alternative cost for such spells is ``cost``."""
    for permanent, static in _statics(board, StaticKind.ALTERNATIVE):
        if not _about(static.whose, permanent, player):
            continue
        if static.spells is not None and not static.spells.fits(card, chosen=permanent.chosen):
            continue
        offered = (
            ManaCost.generic(card.mana_cost.mana_value) if static.per_mana_value else static.cost
        )
        if offered == cost:
            yield permanent, static


def _alternative_refusal(
    board: Board, player: Player, card: CardDefinition, permanent: Permanent, static: Any
) -> Violation | None:
    source = object_ref(permanent, named=True)
    limit = static.mana_value_at_most
    if limit is not None:
        most = limit.of(board, permanent.controller, source=permanent)
        if card.mana_cost.mana_value > most:
            return _violation(rules.ALTERNATIVE_COST, MessageCode.ALTERNATIVE_MANA_VALUE_ABOVE,
                              source=source, card=card.ref, count=most,
                              text=static.text)  # fmt: skip
    if static.once_each_turn and permanent.id in board.this_turn.permissions_used:
        return _violation(rules.ALTERNATIVE_COST, MessageCode.PERMISSION_USED, source=source,
                          text=static.text)  # fmt: skip
    return None


def once_each_turn_alternative(permanent: Permanent) -> bool:
    """Whether the permanent's alternative cost is used once each turn (``permissions_used``)."""
    return any(
        s.kind is StaticKind.ALTERNATIVE and s.once_each_turn for s in permanent.card.statics
    )


def flash_with_alternative(
    board: Board, player: Player, card: CardDefinition, cost: ManaCost | None
) -> Permanent | None:
    """The permanent whose alternative cost, chosen for this cast, lets the spell be cast as
    though it had flash ("… without paying their mana costs and as though they had flash",
    601.3c), if one does."""
    if cost is None:
        return None
    for permanent, static in _offering(board, player, card, cost):
        refused = _alternative_refusal(board, player, card, permanent, static)
        if static.with_flash and refused is None:
            return permanent
    return None
