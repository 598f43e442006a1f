"""Card definitions read from oracle text, with no per-card code."""

from __future__ import annotations

import pytest

from engine import CardDefinition, InvalidNotationError, ManaCost
from engine.abilities import ModifierKind
from engine.text import Condition
from tests.engine.cards import CARDS, card


@pytest.mark.parametrize("name", sorted(CARDS))
def test_every_test_card_parses(name: str) -> None:
    definition = card(name)

    assert definition.whole_name == name


def test_702_33a_kicker_cost_with_reminder_text() -> None:
    assert [str(c) for c in card("Burst Lightning").kicker_costs] == ["{4}"]


def test_702_33a_non_mana_kicker() -> None:
    definition = CardDefinition.parse(
        name="Test",
        mana_cost="{1}{B}",
        type_line="Sorcery",
        oracle_text="Kicker—Discard a card.\nDraw a card.",
    )

    assert [str(c) for c in definition.kicker_costs] == ["Discard a card"]


def test_702_33b_and_or_kicker() -> None:
    assert [str(c) for c in card("Ana Battlemage").kicker_costs] == ["{2}{U}", "{1}{B}"]


def test_702_33c_multikicker() -> None:
    assert str(card("Everflowing Chalice").multikicker_cost) == "{2}"


def test_702_51_convoke_and_flash_on_one_line() -> None:
    angel = card("Angel of Salvation")

    assert (angel.has_convoke, angel.has_flash) == (True, True)


def test_702_61_split_second_printed() -> None:
    assert card("Sudden Shock").has_split_second is True


def test_702_61_molten_disaster_split_second_only_if_kicked_current_wording() -> None:
    disaster = card("Molten Disaster")

    assert (disaster.has_split_second, disaster.split_second_if_kicked) == (False, True)


def test_702_61_molten_disaster_split_second_only_if_kicked_old_wording() -> None:
    old = CardDefinition.parse(
        name="Molten Disaster",
        mana_cost="{X}{R}{R}",
        type_line="Sorcery",
        oracle_text="Kicker {R}\nIf Molten Disaster was kicked, it has split second.\n"
        "Molten Disaster deals X damage to each creature without flying and each player.",
    )

    assert old.split_second_if_kicked is True


def test_current_and_old_wording_read_the_same() -> None:
    old = CardDefinition.parse(
        name="Gnarlid Colony",
        mana_cost="{1}{G}",
        type_line="Creature — Beast",
        oracle_text="Kicker {2}{G}\nIf Gnarlid Colony was kicked, it enters the battlefield with "
        "two +1/+1 counters on it.",
    )
    new = card("Gnarlid Colony")

    assert old.clauses[1].counters == new.clauses[1].counters
    assert old.clauses[1].condition is new.clauses[1].condition is Condition.KICKED


def test_605_1a_mana_ability_per_charge_counter() -> None:
    ability = card("Everflowing Chalice").mana_abilities[0]

    assert (ability.per_counter, ability.taps) == ("charge", True)


def test_305_6_basic_land_type_gives_mana_ability() -> None:
    land = CardDefinition.parse(
        name="Snow-Covered Forest",
        mana_cost="",
        type_line="Basic Snow Land — Forest",
        oracle_text="",
    )

    assert len(land.mana_abilities) == 1


@pytest.mark.parametrize(
    ("name", "kind", "amount"),
    [
        ("Thalia, Guardian of Thraben", ModifierKind.INCREASE, "{1}"),
        ("Goblin Electromancer", ModifierKind.REDUCE, "{1}"),
        ("Heartless Summoning", ModifierKind.REDUCE, "{2}"),
    ],
)
def test_601_2f_static_cost_changes_are_read(name: str, kind: ModifierKind, amount: str) -> None:
    modifier = card(name).cost_modifiers[0]

    assert (modifier.kind, modifier.amount) == (kind, ManaCost.parse(amount))


def test_601_2f_trinisphere_minimum_is_read() -> None:
    modifier = card("Trinisphere").cost_modifiers[0]

    assert (modifier.kind, modifier.minimum, modifier.only_if_untapped) == (
        ModifierKind.MINIMUM,
        3,
        True,
    )


def test_118_9_omniscience_is_read_as_free_casting() -> None:
    assert card("Omniscience").cost_modifiers[0].kind is ModifierKind.FREE_FROM_HAND


def test_cant_spend_mana_is_read() -> None:
    assert card("Hogaak, Arisen Necropolis").cant_spend_mana is True


def test_targets_read_from_text() -> None:
    specs = [t.phrase for c in card("Bloodchief's Thirst").clauses for t in c.targets]

    assert specs == [
        "creature or planeswalker with mana value 2 or less",
        "creature or planeswalker",
    ]


def test_enters_with_counters_for_each_kick() -> None:
    grant = card("Apex Hawks").clauses[-1].counters

    assert grant is not None
    assert (grant.kind, grant.amount, grant.per_kick) == ("+1/+1", 1, True)


def test_not_understood_is_reported_plainly() -> None:
    weird = CardDefinition.parse(
        name="Odd",
        mana_cost="{1}",
        type_line="Sorcery",
        oracle_text="Kicker {1}\nIf Odd was kicked twice, win the game.",
    )

    assert weird.not_understood == ("If Odd was kicked twice, win the game.",)


def test_no_card_name_is_compared_in_engine_logic() -> None:
    import ast
    from pathlib import Path

    import engine

    compared: set[str] = set()
    for path in Path(engine.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Compare | ast.MatchValue | ast.Dict):
                compared |= {
                    n.value
                    for n in ast.walk(node)
                    if isinstance(n, ast.Constant) and isinstance(n.value, str)
                }

    assert compared & set(CARDS) == set()


def test_malformed_mana_cost_in_card_data_raises() -> None:
    with pytest.raises(InvalidNotationError):
        CardDefinition.parse(name="Bad", mana_cost="{Q}", type_line="Instant", oracle_text="")


def test_parse_is_cached() -> None:
    fields = CARDS["Shock"]

    assert CardDefinition.parse(**fields) is CardDefinition.parse(**fields)  # type: ignore[arg-type]


def test_107_3a_kicker_with_x_reads_the_cost_and_the_rest_of_the_line() -> None:
    skydiver = CardDefinition.parse(
        name="Thieving Skydiver",
        mana_cost="{1}{U}",
        type_line="Creature — Merfolk Rogue",
        oracle_text="Kicker {X}. X can't be 0. (You may pay an additional {X} as you cast this "
        "spell.)\nFlying",
    )

    assert ([str(c) for c in skydiver.kicker_costs], skydiver.has_x) == (["{X}"], True)
    assert skydiver.clauses[1].text == "X can't be 0."


def test_601_2f_kicker_x_uses_the_announced_value() -> None:
    from engine import Action, ActionKind, Board, cast

    skydiver = CardDefinition.parse(
        name="Thieving Skydiver",
        mana_cost="{1}{U}",
        type_line="Creature — Merfolk Rogue",
        oracle_text="Kicker {X}. X can't be 0.\nFlying",
    )

    outcome = cast(
        Board(), Action(kind=ActionKind.CAST, card=skydiver, kicker=(1,), x=2, assume_mana=True)
    )

    assert (str(outcome.total_cost.mana), outcome.mana_value) == ("{3}{U}", 2)  # type: ignore[union-attr]


def test_702_1_a_line_that_begins_with_basic_or_up_to_is_no_keyword_line() -> None:
    # "Basic landcycling" is a keyword; "Basic lands of the first chosen type …" is not, nor
    # "Up to two target creatures …" (its targets are read).
    terrain = CardDefinition.parse(
        name="Illusionary Terrain",
        mana_cost="{U}{U}",
        type_line="Enchantment",
        oracle_text="Cumulative upkeep {2} (At the beginning of your upkeep, put an age counter "
        "on this permanent, then sacrifice it unless you pay its upkeep cost for each age "
        "counter on it.)\nAs Illusionary Terrain enters the battlefield, choose two basic land "
        "types.\nBasic lands of the first chosen type are the second chosen type.",
    )
    tactics = card("Tandem Tactics")

    assert "basic" not in terrain.keywords
    assert [(s.minimum, s.maximum) for c in tactics.clauses for s in c.targets] == [(0, 2)]
