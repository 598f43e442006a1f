"""Read-only view of a stored scenario (an evaluate request) and of an engine answer, ready
for the templates: labels translated, card names linked to their pages, mana kept in braces
notation for the ``mana_symbols`` tag."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rulesite.cards.models import Card
from rulesite.core.text import fold

ACTION_LABELS = {
    "cast": gettext_lazy("Cast a spell"),
    "copy_spell": gettext_lazy("Copy a spell on the stack"),
    "put_onto_battlefield": gettext_lazy("Put onto the battlefield without casting"),
    "enter_as_copy": gettext_lazy("Enter as a copy of a permanent"),
    "activate_ability": gettext_lazy("Activate an ability"),
    "activate_mana_ability": gettext_lazy("Activate a mana ability"),
    "turn_face_up": gettext_lazy("Turn a face-down creature face up"),
    "put_trigger_on_stack": gettext_lazy("Put a triggered ability on the stack"),
    "cast_from_trigger": gettext_lazy("Cast a spell while a trigger resolves"),
}
PLAYER_LABELS = {"you": gettext_lazy("you"), "opponent": gettext_lazy("opponent")}
PHASE_LABELS = {
    "beginning": gettext_lazy("beginning phase"),
    "main1": gettext_lazy("first main phase"),
    "combat": gettext_lazy("combat"),
    "main2": gettext_lazy("second main phase"),
    "end": gettext_lazy("end phase"),
}
RESULT_KIND_LABELS = {
    "spell": gettext_lazy("spell"),
    "permanent": gettext_lazy("permanent"),
    "token": gettext_lazy("token"),
    "ability": gettext_lazy("ability"),
    "special_action": gettext_lazy("special action"),
}


def _as_list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _as_dict(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


class CardIndex:
    """Find a card row by an English or French name used in a scenario."""

    def __init__(self, cards: Iterable[Card]) -> None:
        self._by_name: dict[str, Card] = {}
        for card in cards:
            self._by_name[fold(card.name)] = card
            if card.name_fr:
                self._by_name.setdefault(fold(card.name_fr), card)

    def get(self, name: object) -> Card | None:
        return self._by_name.get(fold(name)) if isinstance(name, str) else None


def _object_label(obj: dict[str, Any], index: CardIndex) -> dict[str, Any]:
    card = index.get(obj.get("card"))
    return {"id": str(obj.get("id", "")), "name": str(obj.get("card", "")), "card": card}


def _kicked(value: object) -> list[int]:
    return [k for k in _as_list(value) if isinstance(k, int) and k > 0]


def describe_board(scenario: dict[str, Any], cards: Iterable[Card]) -> dict[str, Any]:
    """Everything the board template draws, in the scenario's own order."""
    index = CardIndex(cards)
    objects: dict[str, str] = {}
    battlefield = []
    for raw in _as_list(scenario.get("battlefield")):
        obj = _as_dict(raw)
        label = _object_label(obj, index)
        objects[label["id"]] = label["name"]
        battlefield.append(
            {
                **label,
                "controller": PLAYER_LABELS.get(str(obj.get("controller", "you")), ""),
                "tapped": bool(obj.get("tapped")),
                "summoning_sick": bool(obj.get("summoning_sick")),
                "attacking": bool(obj.get("attacking")),
                "blocking": bool(obj.get("blocking")),
                "face_down": bool(obj.get("face_down")),
                "kicker": _kicked(obj.get("kicker")),
                "counters": {str(k): v for k, v in _as_dict(obj.get("counters")).items() if v},
            }
        )
    stack = []
    for raw in _as_list(scenario.get("stack")):
        obj = _as_dict(raw)
        label = _object_label(obj, index)
        objects[label["id"]] = label["name"]
        stack.append(
            {
                **label,
                "controller": PLAYER_LABELS.get(str(obj.get("controller", "you")), ""),
                "kicker": _kicked(obj.get("kicker")),
                "x": obj.get("x"),
                "targets": [str(t) for t in _as_list(obj.get("targets"))],
            }
        )
    action = _as_dict(scenario.get("action"))

    def name_of(ref: object) -> str:
        ref = str(ref)
        if ref in PLAYER_LABELS:
            return str(PLAYER_LABELS[ref])
        return f"{objects[ref]} ({ref})" if ref in objects else ref

    for item in stack:
        item["target_names"] = [name_of(t) for t in item["targets"]]
    turn = _as_dict(scenario.get("turn"))
    action_card = index.get(action.get("card"))
    return {
        "action": {
            "kind": str(action.get("kind", "")),
            "label": ACTION_LABELS.get(str(action.get("kind", "")), str(action.get("kind", ""))),
            "player": PLAYER_LABELS.get(str(action.get("player", "you")), ""),
            "name": str(action.get("card", "")),
            "card": action_card,
            "kicker": _kicked(action.get("kicker")),
            "x": action.get("x"),
            "alternative_cost": action.get("alternative_cost"),
            "cost_increases": [str(c) for c in _as_list(action.get("cost_increases"))],
            "cost_reductions": [str(c) for c in _as_list(action.get("cost_reductions"))],
            "convoke": [name_of(c) for c in _as_list(action.get("convoke"))],
            "sacrifice": [name_of(c) for c in _as_list(action.get("sacrifice"))],
            "targets": [name_of(t) for t in _as_list(action.get("targets"))],
            "copy_of": name_of(action["copy_of"]) if action.get("copy_of") else "",
            "source": name_of(action["source"]) if action.get("source") else "",
        },
        "battlefield": battlefield,
        "stack": stack,
        "mana_pool": scenario.get("mana_pool") or "",
        "assume_mana": bool(scenario.get("assume_mana")),
        "turn": {
            "active_player": PLAYER_LABELS.get(str(turn.get("active_player", "you")), ""),
            "phase": PHASE_LABELS.get(str(turn.get("phase", "main1")), ""),
        },
    }


def describe_answer(answer: dict[str, Any] | None, language: str) -> dict[str, Any] | None:
    """An engine answer with the texts in ``language`` (French beside English when present)."""
    if not answer:
        return None
    french = language == "fr"

    def pick(item: dict[str, Any], key: str) -> str:
        if french and item.get(f"{key}_fr"):
            return str(item[f"{key}_fr"])
        return str(item.get(key, ""))

    result = _as_dict(answer.get("result"))
    payment = answer.get("payment")
    return {
        "legal": bool(answer.get("legal")),
        "violations": [
            {"rule": str(v.get("rule", "")), "message": pick(v, "message")}
            for v in map(_as_dict, _as_list(answer.get("violations")))
        ],
        "mana_value": answer.get("mana_value"),
        "total_cost": answer.get("total_cost"),
        "additional_costs": [str(c) for c in _as_list(answer.get("additional_costs"))],
        "cost_steps": [
            {"rule": str(s.get("rule", "")), "label": pick(s, "label"), "cost": s.get("cost")}
            for s in map(_as_dict, _as_list(answer.get("cost_steps")))
        ],
        "payment": _as_dict(payment) if payment is not None else None,
        "kicked": bool(answer.get("kicked")),
        "kick_count": answer.get("kick_count") or 0,
        "split_second": bool(answer.get("split_second")),
        "result": {
            "kind": RESULT_KIND_LABELS.get(str(result.get("kind", "")), ""),
            "kicked": bool(result.get("kicked")),
            "damage": result.get("damage"),
            "counters": {str(k): v for k, v in _as_dict(result.get("counters")).items() if v},
        }
        if result
        else None,
        "trace": [
            {"rule": str(t.get("rule", "")), "text": pick(t, "text")}
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
