"""What the workbench page posts, written out field by field (independent of the code that maps
requests to the form, which the view tests must not use to build their own input)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulesite.workbench.editing import layout_signature
from rulesite.workbench.forms import spell_lines
from rulesite.workbench.mapping import PER_PLAYER

ROW_STATES = ("tapped", "summoning_sick", "attacking", "blocking", "face_down", "token")


def posted(
    scenario: Mapping[str, Any],
    **changes: str,
) -> dict[str, Any]:
    """The form fields the page posts for ``scenario`` (an evaluate request), plus ``changes``."""
    action = scenario.get("action", {})
    turn = scenario.get("turn", {})
    data: dict[str, Any] = {
        "kind": action.get("kind", "cast"),
        "player": action.get("player", "you"),
        "card": action.get("card", ""),
        "active_player": turn.get("active_player", "you"),
        "phase": turn.get("phase", "main1"),
    }
    for key in ("copy_of", "source", "mana_pool"):
        value = action.get(key, scenario.get(key))
        if value:
            data[key] = value
    if action.get("targets"):
        data["targets"] = list(action["targets"])
    if scenario.get("assume_mana"):
        data["assume_mana"] = "on"
    for index, count in enumerate(action.get("kicker", [])):
        if count:
            data[f"kicker_{index}"] = "on"
    if action.get("face"):
        data["face"] = str(action["face"])
    if action.get("fuse"):
        data["fuse"] = "on"
    if "x" in action:
        data["x"] = str(action["x"])
    if action.get("assist"):
        data["assist"] = str(action["assist"])
    for keyword, count in action.get("optional_costs", {}).items():
        data[f"optional_{keyword}"] = "on" if keyword in ("buyback", "entwine") else str(count)
    if action.get("modes"):
        data["modes"] = [str(mode) for mode in action["modes"]]
    alternative = action.get("alternative_cost", "")
    if alternative == "{0}":
        data["without_paying"] = "on"
    elif alternative.startswith("{"):
        data["alternative_cost"] = alternative
    elif alternative:
        data["cost_option"] = alternative  # the card's own: "printed", "printed:2"
    data["cast_from"] = action.get("from", "hand")
    if action.get("card_id"):
        data["card_id"] = action["card_id"]
    if turn.get("step"):
        data["step"] = turn["step"]
    this_turn = scenario.get("this_turn", {})
    for key in PER_PLAYER:
        for player in ("you", "opponent"):
            if this_turn.get(key, {}).get(player):
                data[f"{key}_{player}"] = str(this_turn[key][player])
    for player in ("you", "opponent"):
        spells = [s for s in this_turn.get("spells", []) if s.get("caster", "you") == player]
        if spells:
            data[f"spells_{player}"] = spell_lines(
                (s["card"], bool(s.get("kicked"))) for s in spells
            )
    if this_turn.get("combat_damage_by_types"):
        data["combat_damage_by_types"] = ", ".join(this_turn["combat_damage_by_types"])
    if this_turn.get("first_card_drawn"):
        data["first_card_drawn"] = this_turn["first_card_drawn"]
    life = scenario.get("life", {})
    data["life_you"] = str(life.get("you", 20))
    data["life_opponent"] = str(life.get("opponent", 20))
    _rows(data, "battlefield", scenario.get("battlefield", []), action, this_turn=this_turn)
    _rows(data, "stack", scenario.get("stack", []), action)
    for zone in ("hand", "graveyard", "exile"):
        foretold = scenario.get("this_turn", {}).get("foretold_this_turn", [])
        _rows(data, zone, scenario.get(zone, []), action, foretold=foretold)
    # The hidden field the page draws with the form's shape (an unchanged shape: result only).
    data["layout"] = layout_signature(data)
    data.update(changes)
    return data


def _rows(
    data: dict[str, Any],
    prefix: str,
    rows: Sequence[Mapping[str, Any]],
    action: Mapping[str, Any],
    *,
    foretold: Sequence[str] = (),
    this_turn: Mapping[str, Any] | None = None,
) -> None:
    this_turn = this_turn or {}
    data[f"{prefix}-TOTAL_FORMS"] = str(len(rows))
    data[f"{prefix}-INITIAL_FORMS"] = str(len(rows))
    for index, row in enumerate(rows):
        name = f"{prefix}-{index}"
        data[f"{name}-id"] = row["id"]
        data[f"{name}-card"] = row["card"]
        if prefix in ("hand", "graveyard", "exile"):
            data[f"{name}-owner"] = row.get("owner", "you")
            data[f"{name}-flags"] = [
                key
                for key in ("discard", "exile", "reveal", "delve", "splice")
                if row["id"] in action.get(key, [])
            ]
            if row["id"] in foretold:
                data[f"{name}-flags"].append("foretold")
            data[f"{name}-flags"] += [s for s in ("may_play", "on_adventure") if row.get(s)]
            if row.get("exiled_with"):
                data[f"{name}-exiled_with"] = row["exiled_with"]
            continue
        data[f"{name}-controller"] = row.get(
            "controller", "you" if prefix == "battlefield" else "opponent"
        )
        if prefix == "battlefield":
            flags = [state for state in ROW_STATES if row.get(state)]
            flags += ["kicked"] if any(row.get("kicker", [])) else []
            choices = ("convoke", "sacrifice", "tap", "return", "improvise")
            flags += [key for key in choices if row["id"] in action.get(key, [])]
            if row["id"] in this_turn.get("permissions_used", []):
                flags.append("permission_used")
            data[f"{name}-flags"] = flags
            if row.get("counters", {}).get("+1/+1"):  # the one kind of counter the form sets
                data[f"{name}-counters"] = str(row["counters"]["+1/+1"])
        else:
            if any(row.get("kicker", [])):
                data[f"{name}-kicked"] = "on"
            if row.get("x"):
                data[f"{name}-x"] = str(row["x"])
            if row.get("copy"):
                data[f"{name}-copy"] = "on"
            if row.get("targets"):
                data[f"{name}-targets"] = " ".join(row["targets"])
            if row.get("modes"):
                data[f"{name}-modes"] = " ".join(str(mode + 1) for mode in row["modes"])
