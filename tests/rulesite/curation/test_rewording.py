"""Pairing re-worded rulings: same mechanic, same cards, alike English; suggestions below."""

from __future__ import annotations

from rulesite.curation.services.rewording import (
    NewRuling,
    OldRuling,
    Plan,
    plan_rewordings,
    same_words,
)

CONVOKE, DELVE = 1, 2
CONVOKE_TEXT = (
    "Because convoke isn't an alternative cost, it can be used in conjunction with alternative "
    "costs."
)
DELVE_TEXT = (
    "Because delve isn’t an alternative cost, it can be used in conjunction with alternative "
    "costs, such as flashback. It can also be used to pay for additional costs that include "
    "generic mana."
)


def plan(
    old: dict[int, OldRuling],
    new: dict[str, NewRuling],
    lost: dict[int, set[int]],
    gained: dict[str, set[int]],
    reviewed: bool = True,
) -> Plan[str]:
    fresh: dict[int, list[str]] = {}
    for key, cards in gained.items():
        for card in cards:
            fresh.setdefault(card, []).append(key)
    return plan_rewordings(
        lost=lost,
        gained=gained,
        fresh_by_card=fresh,
        old=old.__getitem__,
        new=new.__getitem__,
        offers_french=lambda _: reviewed,
    )


def test_rewording_is_paired_within_one_mechanic_and_one_set_of_cards() -> None:
    result = plan(
        {1: OldRuling("You can't pay a kicker cost more than once.", None)},
        {
            "n": NewRuling(
                "The kicker ability doesn't let you pay a kicker cost more than once.", None
            )
        },
        lost={1: {10, 11}},
        gained={"n": {10, 11}},
    )

    assert result.pairs == {"n": 1}
    assert result.suggestions == []


def test_rulings_of_two_mechanics_are_never_paired_however_alike() -> None:
    result = plan(
        {1: OldRuling(CONVOKE_TEXT, CONVOKE)},
        {"delve": NewRuling(DELVE_TEXT, DELVE)},
        lost={1: {10}},
        gained={"delve": {10, 11, 12}},
    )

    assert result.pairs == {}
    assert result.suggestions == []


def test_new_ruling_on_fewer_cards_is_not_a_pair_but_gets_a_suggestion() -> None:
    result = plan(
        {1: OldRuling(CONVOKE_TEXT, CONVOKE)},
        {"n": NewRuling(CONVOKE_TEXT.replace("Because", "As"), CONVOKE)},
        lost={1: {10, 11, 12}},
        gained={"n": {10}},
    )

    assert result.pairs == {}
    assert [(key, old) for key, old, _ in result.suggestions] == [("n", 1)]


def test_unreviewed_french_is_paired_but_never_suggested() -> None:
    old = {1: OldRuling("You can't pay a kicker cost more than once.", None)}
    new = {"far": NewRuling("Kicker may be paid once, and only as the spell is cast.", None)}

    result = plan(old, new, lost={1: {10}}, gained={"far": {10}}, reviewed=False)

    assert result == Plan()


def test_same_words_ignores_typography_and_spacing() -> None:
    assert same_words("You can’t pay  it.", "You can't pay it.")
    assert not same_words("You can't pay it.", "You can pay it.")
