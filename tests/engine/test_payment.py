"""Paying the total cost (CR 601.2g–h, 605, 305.6)."""

from __future__ import annotations

from engine import ManaCost, ManaType
from engine.payment import Convoker, ManaSource, Payment, find_payment
from tests.engine.cards import evaluate, rules_of

# Targets chosen, so that only the payment is judged (601.2c comes first).
TARGETS = {"Burst Lightning": ["opponent"], "Shock": ["opponent"], "Rushing River": ["x1"]}


def pay(
    name: str, battlefield: list[dict[str, object]], pool: str = "", **action: object
) -> dict[str, object]:
    if name in TARGETS:
        action.setdefault("targets", TARGETS[name])
    return evaluate(
        {
            "action": {"kind": "cast", "card": name, **action},
            "battlefield": battlefield,
            "mana_pool": pool,
        }
    )


def test_305_6_basic_lands_pay_with_their_intrinsic_ability() -> None:
    battlefield = [{"id": f"m{i}", "card": "Mountain"} for i in range(5)]

    response = pay("Burst Lightning", battlefield, kicker=[1])

    assert response["payment"]["lands"] == ["m0", "m1", "m2", "m3", "m4"]  # type: ignore[index]


def test_601_2h_unpayable_cost_is_a_violation_and_payment_is_null() -> None:
    battlefield = [{"id": "m1", "card": "Mountain"}]

    response = pay("Burst Lightning", battlefield, kicker=[1])

    assert (rules_of(response), response["payment"], response["total_cost"]) == (
        ("601.2h",),
        None,
        "{4}{R}",
    )


def test_601_2h_wrong_color_cannot_pay() -> None:
    assert rules_of(pay("Shock", [{"id": "f1", "card": "Forest"}])) == ("601.2h",)


def test_601_2h_tapped_land_cannot_pay() -> None:
    assert rules_of(pay("Shock", [{"id": "m1", "card": "Mountain", "tapped": True}])) == ("601.2h",)


def test_601_2h_opponents_land_cannot_pay() -> None:
    land = {"id": "m1", "card": "Mountain", "controller": "opponent"}

    assert rules_of(pay("Shock", [land])) == ("601.2h",)


def test_601_2g_mana_pool_pays_first() -> None:
    response = pay("Burst Lightning", [{"id": "m1", "card": "Mountain"}], pool="{R}")

    assert (response["payment"]["pool"], response["payment"]["lands"]) == ("{R}", [])  # type: ignore[index]


def _paid(response: dict[str, object]) -> list[tuple[str, str]]:
    steps = response["trace"]
    assert isinstance(steps, list)
    return [(s["code"], s["text"]) for s in steps if s["rule"] == "601.2h"]


def test_601_2h_a_payment_from_lands_alone_names_no_pool() -> None:
    response = pay("Shock", [{"id": "m1", "card": "Mountain"}])

    assert _paid(response) == [("paid_from_sources", "{R} is paid with mana from m1.")]


def test_601_2h_a_payment_from_the_pool_alone_names_no_sources() -> None:
    response = pay("Shock", [], pool="{R}")

    assert _paid(response) == [("paid_from_pool", "{R} is paid from the mana pool ({R}).")]


def test_601_2h_a_payment_from_both_names_both() -> None:
    response = pay("Grizzly Bears", [{"id": "f1", "card": "Forest"}], pool="{G}")

    assert [code for code, _text in _paid(response)] == ["paid_with_mana"]


def test_605_everflowing_chalice_adds_one_colorless_per_charge_counter() -> None:
    chalice = {"id": "x1", "card": "Everflowing Chalice", "counters": {"charge": 2}}

    response = pay("Rushing River", [chalice, {"id": "i1", "card": "Island"}])

    assert (response["legal"], response["payment"]["mana_abilities"]) == (True, ["x1"])  # type: ignore[index]


def test_605_llanowar_elves_pays_green() -> None:
    response = pay(
        "Grizzly Bears", [{"id": "e1", "card": "Llanowar Elves"}, {"id": "p1", "card": "Plains"}]
    )

    assert (response["payment"]["mana_abilities"], response["payment"]["lands"]) == (  # type: ignore[index]
        ["e1"],
        ["p1"],
    )


def test_702_10_haste_creature_taps_for_mana_when_new() -> None:
    source = ManaSource("g1", (frozenset({ManaType.RED}),), is_land=False)

    assert isinstance(find_payment(ManaCost.parse("{R}"), sources=(source,)), Payment)


def test_601_2h_matching_finds_payment_greedy_would_miss() -> None:
    sources = (
        ManaSource("dual", (frozenset({ManaType.RED, ManaType.GREEN}),), is_land=True),
        ManaSource("forest", (frozenset({ManaType.GREEN}),), is_land=True),
    )

    payment = find_payment(ManaCost.parse("{R}{G}"), sources=sources)

    assert isinstance(payment, Payment)
    assert payment.lands == ("dual", "forest")


def test_107_4e_monocolored_hybrid_paid_with_two_generic() -> None:
    sources = tuple(
        ManaSource(f"m{i}", (frozenset({ManaType.RED}),), is_land=True) for i in range(2)
    )

    payment = find_payment(ManaCost.parse("{2/W}"), sources=sources)

    assert isinstance(payment, Payment)
    assert payment.lands == ("m0", "m1")


def test_107_4f_phyrexian_mana_paid_with_life_when_no_mana() -> None:
    payment = find_payment(ManaCost.parse("{R/P}"))

    assert isinstance(payment, Payment)
    assert payment.life == 2


def test_702_51a_convoke_pays_only_after_total_is_locked() -> None:
    convokers = (Convoker("c1", frozenset()), Convoker("c2", frozenset()))

    payment = find_payment(ManaCost.parse("{2}"), convokers=convokers)

    assert isinstance(payment, Payment)
    assert payment.convoke == (("c1", "{1}"), ("c2", "{1}"))


def test_601_2h_assume_mana_does_not_judge_payment() -> None:
    response = evaluate(
        {
            "action": {
                "kind": "cast",
                "card": "Burst Lightning",
                "kicker": [1],
                "targets": ["opponent"],
            },
            "assume_mana": True,
        }
    )

    assert (response["legal"], response["payment"]["mana"]) == (True, "{4}{R}")  # type: ignore[index]


def test_601_2h_huge_generic_cost_fails_fast_and_names_what_is_unpaid() -> None:
    battlefield = [{"id": f"m{i}", "card": "Mountain"} for i in range(3)]

    response = pay("Shock", battlefield, cost_increases=["{9999}"] * 10)

    assert response["violations"][0]["message"].startswith(  # type: ignore[index]
        "Can't pay {99988} of {99990}{R}"
    )
