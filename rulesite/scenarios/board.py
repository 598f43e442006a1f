"""Read-only view of a scenario's board (the engine's typed request) and of an engine answer,
ready for the templates: labels translated, cards named in the reader's language and linked
to their pages, mana kept in braces notation for the ``mana_symbols`` tag."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

import engine
from engine.contract import Player, ResultKind, Zone
from rulesite.cards.catalog import CardCatalog
from rulesite.workbench.forms import cost_options
from rulesite.workbench.labels import ACTIONS, PHASES, PLAYER_WORDS, RESULT_KINDS, STEPS, ZONES
from rulesite.workbench.messages import card_label, render_stored
from rulesite.workbench.results import PROMPT_CODES

__all__ = ["describe_answer", "describe_board", "describe_differences"]


def _object(obj: engine.Permanent | engine.StackObject, catalog: CardCatalog) -> dict[str, Any]:
    return {
        "id": obj.id,
        "name": card_label(obj.card.ref),
        "card": catalog.row(obj.card),
        "controller": PLAYER_WORDS[obj.controller],
        "kicker": [count for count in obj.kicked_with if count > 0],
    }


def describe_board(request: engine.Request, catalog: CardCatalog) -> dict[str, Any]:
    """Everything the board template draws, in the request's own order; the cards' rows
    (for their links) are those ``catalog`` read the request with."""
    board, action = request.board, request.action

    def name_of(ref: str) -> str:
        found = board.ref(ref)
        if isinstance(found, Player):
            return str(PLAYER_WORDS[found])
        if found.card is None:
            return ref
        return f"{card_label(found.card)} ({ref})"

    battlefield = [
        {
            **_object(permanent, catalog),
            "tapped": permanent.tapped,
            "summoning_sick": permanent.summoning_sick,
            "attacking": permanent.attacking,
            "blocking": permanent.blocking,
            "face_down": permanent.face_down,
            "counters": dict(permanent.counters),
        }
        for permanent in board.battlefield
    ]
    stack = [
        {
            **_object(spell, catalog),
            "x": spell.x if spell.card.has_x else None,
            "target_names": [name_of(t) for t in spell.targets],
        }
        for spell in board.stack
    ]
    card = action.card
    zones = [
        {
            "label": ZONES[zone],
            "cards": [
                {
                    "id": c.id,
                    "name": card_label(c.card.ref),
                    "card": catalog.row(c.card),
                    "owner": PLAYER_WORDS[c.owner],
                }
                for c in board.zone(zone)
            ],
        }
        for zone in Zone
        if board.zone(zone)
    ]
    alternative = action.alternative_cost
    own = dict(cost_options(card)) if card is not None and isinstance(alternative, str) else {}
    paid_with = {
        "discard": action.discard,
        "exile": action.exile,
        "tap": action.tap,
        "return": action.return_,
        "reveal": action.reveal,
        "counter": action.counter,
    }
    return {
        "action": {
            "kind": action.kind.value,
            "label": ACTIONS[action.kind],
            "player": PLAYER_WORDS[action.player],
            "name": card_label(card.ref) if card is not None else "",
            "card": catalog.row(card) if card is not None else None,
            "kicker": [count for count in action.kicker or () if count > 0],
            "x": action.x if card is not None and card.has_x else None,
            "alternative_cost": str(alternative)
            if alternative is not None and not isinstance(alternative, str)
            else None,
            "own_alternative": own.get(alternative, "") if isinstance(alternative, str) else "",
            "from": ZONES[action.from_zone] if action.from_zone is not Zone.HAND else "",
            "modes": [card.modes[i] for i in action.modes or () if card and i < len(card.modes)],
            "paid_with": {k: [name_of(i) for i in ids] for k, ids in paid_with.items() if ids},
            "cost_increases": [str(c) for c in action.cost_increases],
            "cost_reductions": [str(c) for c in action.cost_reductions],
            "convoke": [name_of(c) for c in action.convoke],
            "sacrifice": [name_of(c) for c in action.sacrifice or ()],
            "targets": [name_of(t) for t in action.targets or ()],
            "copy_of": name_of(action.copy_of) if action.copy_of else "",
            "source": name_of(action.source) if action.source else "",
        },
        "battlefield": battlefield,
        "stack": stack,
        "zones": zones,
        "life": {"you": board.life.you, "opponent": board.life.opponent}
        if (board.life.you, board.life.opponent) != (20, 20)
        else None,
        "mana_pool": str(board.mana_pool),
        "assume_mana": action.assume_mana,
        "turn": {
            "active_player": PLAYER_WORDS[board.turn.active_player],
            "phase": PHASES[board.turn.phase],
            "step": STEPS[board.turn.step] if board.turn.step is not None else "",
        },
    }


def _as_list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _as_dict(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def describe_answer(answer: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A stored engine answer for the templates, its sentences rendered in the active
    language from their codes and parameters (or as stored, for answers older than codes)."""
    if not answer:
        return None
    result = _as_dict(answer.get("result"))
    payment = answer.get("payment")
    kind = ResultKind._value2member_map_.get(str(result.get("kind", "")))
    said = [
        {
            "rule": str(v.get("rule", "")),
            "message": render_stored(v, "message"),
            "code": v.get("code"),
        }
        for v in map(_as_dict, _as_list(answer.get("violations")))
    ]
    violations = [v for v in said if v["code"] not in PROMPT_CODES]
    prompts = [v for v in said if v["code"] in PROMPT_CODES]
    return {
        "legal": bool(answer.get("legal")),
        "violations": violations,
        "prompts": prompts,
        "only_choices_missing": not answer.get("legal") and bool(prompts) and not violations,
        "modelled": answer.get("modelled") is not False,
        "mana_value": answer.get("mana_value"),
        "total_cost": answer.get("total_cost"),
        "additional_costs": [str(c) for c in _as_list(answer.get("additional_costs"))],
        "cost_steps": [
            {
                "rule": str(s.get("rule", "")),
                "label": render_stored(s, "label"),
                "cost": s.get("cost"),
            }
            for s in map(_as_dict, _as_list(answer.get("cost_steps")))
        ],
        "payment": _as_dict(payment) if payment is not None else None,
        "kicked": bool(answer.get("kicked")),
        "kick_count": answer.get("kick_count") or 0,
        "split_second": bool(answer.get("split_second")),
        "result": {
            "kind": RESULT_KINDS[kind] if isinstance(kind, ResultKind) else "",
            "kicked": bool(result.get("kicked")),
            "damage": result.get("damage"),
            "counters": {str(k): v for k, v in _as_dict(result.get("counters")).items() if v},
        }
        if result
        else None,
        "trace": [
            {"rule": str(t.get("rule", "")), "text": render_stored(t, "text")}
            for t in map(_as_dict, _as_list(answer.get("trace")))
        ],
        "not_understood": [str(t) for t in _as_list(answer.get("not_understood"))],
    }


def describe_differences(fields: list[str]) -> list[str]:
    labels = {
        "legal": _("legality"),
        "violations": _("rules broken"),
        "mana_value": _("mana value"),
        "total_cost": _("total cost"),
        "additional_costs": _("additional costs"),
        "kicked": _("kicked"),
        "kick_count": _("kick count"),
        "kicked_with": _("kicker used"),
        "split_second": _("split second"),
        "targets_required": _("targets required"),
        "result": _("result"),
        "payable": _("payment"),
    }
    return [str(labels.get(f, f)) for f in fields]
