"""Mana notation (CR 107.4) and mana value (CR 202.3)."""

from __future__ import annotations

import pytest

from engine import InvalidNotationError, ManaCost, ManaSymbol


@pytest.mark.parametrize(
    "text",
    [
        "{2}{G}",
        "{X}{R}{R}",
        "{C}{W}{U}{B}{R}{G}",
        "{R/G}",
        "{2/W}",
        "{R/P}",
        "{G/U/P}",
        "{S}",
        "{0}",
        "",
        "{X}{X}",
        "{5}{B/G}{B/G}",
        "{C/W}",
    ],
)
def test_107_4_notation_round_trips(text: str) -> None:
    cost = ManaCost.parse(text)

    assert str(cost) == text
    assert eval(repr(cost)) == cost  # noqa: S307


def test_107_4_repr_is_a_parse_call() -> None:
    assert repr(ManaCost.parse("{2}{G}")) == "ManaCost.parse('{2}{G}')"


def test_107_4_canonical_order_puts_x_and_generic_first() -> None:
    assert str(ManaCost.parse("{G}{1}{X}{1}")) == "{X}{2}{G}"


def test_107_4_colorless_mana_comes_before_coloured_mana_as_oracle_prints_it() -> None:
    # Slivdrazi Monstrosity costs {C}{W}{U}{B}{R}{G}; Coral Atoll's "{T}: Add {C}{U}."
    assert str(ManaCost.parse("{W}{U}{B}{R}{G}{C}")) == "{C}{W}{U}{B}{R}{G}"
    assert str(ManaCost.parse("{U}{C}")) == "{C}{U}"
    assert str(ManaCost.parse("{R}{C}{1}{C}")) == "{1}{C}{C}{R}"


@pytest.mark.parametrize("text", ["{Q}", "{2", "R", "{R}{", "{}", "{R/R}", "{2/C}", "{G/U/X}"])
def test_107_4_malformed_notation_raises(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        ManaCost.parse(text)


@pytest.mark.parametrize("text", ["{3/W}", "{0/G}", "{9/R}"])
def test_107_4e_monocolored_hybrid_symbols_have_a_generic_half_of_two(text: str) -> None:
    with pytest.raises(InvalidNotationError, match=r"\{2/W\}, \{2/U\}"):
        ManaCost.parse(text)


def test_107_4_invalid_notation_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="braces"):
        ManaCost.parse("R")


def test_107_4_costs_add() -> None:
    assert ManaCost.parse("{R}") + ManaCost.parse("{4}") == ManaCost.parse("{4}{R}")
    assert ManaCost.parse("{2}{W}") + ManaCost.parse("{1}{W}") * 3 == ManaCost.parse(
        "{5}{W}{W}{W}{W}"
    )


def test_107_4_equal_costs_compare_equal_whatever_the_order() -> None:
    assert ManaCost.parse("{G}{2}") == ManaCost.parse("{2}{G}")
    assert ManaCost.parse("{G}") != ManaCost.parse("{R}")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("{2}{G}", 3),
        ("{X}{R}{R}", 2),
        ("{2/W}", 2),
        ("{R/G}", 1),
        ("{R/P}", 1),
        ("", 0),
        ("{0}", 0),
        ("{5}{B/G}{B/G}", 7),
        ("{W}{U}{B}{R}{G}", 5),
        ("{S}", 1),
    ],
)
def test_202_3_mana_value(text: str, value: int) -> None:
    assert ManaCost.parse(text).mana_value == value


def test_202_3e_x_is_zero_off_the_stack_and_announced_value_on_it() -> None:
    cost = ManaCost.parse("{X}{G}{G}{G}")

    assert cost.mana_value == 3
    assert cost.mana_value_with_x(3) == 6


def test_107_3a_announced_x_becomes_generic_mana() -> None:
    assert ManaCost.parse("{X}{X}").with_x(2) == ManaCost.parse("{4}")


def test_107_4e_hybrid_symbol_is_paid_by_either_color() -> None:
    from engine import ManaType

    symbol = ManaSymbol.parse("{R/G}")

    assert (symbol.accepts(ManaType.RED), symbol.accepts(ManaType.GREEN)) == (True, True)
    assert symbol.accepts(ManaType.BLUE) is False


def test_107_4c_colorless_symbol_takes_only_colorless_mana() -> None:
    from engine import ManaType

    assert ManaSymbol.parse("{C}").accepts(ManaType.GREEN) is False
    assert ManaSymbol.parse("{C}").accepts(ManaType.COLORLESS) is True
