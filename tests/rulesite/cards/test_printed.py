"""The modes of a modal spell (CR 700.2) read from its printed French text, as the demo
cards print them: bullets today, one sentence split by "; ou" on older printings."""

from __future__ import annotations

from rulesite.cards.printed import printed_line, printed_modes

AUSTERE_COMMAND = (
    "Choisissez deux —\n"
    "• Détruisez tous les artefacts.\n"
    "• Détruisez tous les enchantements.\n"
    "• Détruisez toutes les créatures dont le coût converti de mana est inférieur ou égal à 3.\n"
    "• Détruisez toutes les créatures dont le coût converti de mana est supérieur ou égal à 4."
)
CRYPTIC_COMMAND = (
    "Choisissez deux — Contrecarrez le sort ciblé ; ou renvoyez le permanent ciblé dans la main "
    "de son propriétaire ; ou engagez toutes les créatures que vos adversaires contrôlent ; ou "
    "piochez une carte."
)
TOOTH_AND_NAIL = (
    "Choisissez l'un Cherchez dans votre bibliothèque jusqu'à deux cartes de créature, "
    "révélez-les, mettez-les dans votre main, et mélangez ensuite votre bibliothèque ; ou "
    "mettez en jeu jusqu'à deux cartes de créature de votre main.\n"
    "Union {2} (Choisissez les deux si vous payez le coût d'union.)"
)
COLLECTIVE_DEFIANCE = (
    "Intensification {1} (Payez ce coût pour chaque mode choisi après le premier.)\n"
    "Choisissez l'un ou plus —\n"
    "• Le joueur ciblé se défausse de toutes les cartes de sa main et pioche ensuite autant de "
    "cartes.\n"
    "• La Défiance collective inflige 4 blessures à une créature ciblée.\n"
    "• La Défiance collective inflige 3 blessures à un adversaire ciblé."
)


def test_700_2_bulleted_modes_are_read_in_order() -> None:
    modes = printed_modes(AUSTERE_COMMAND, 4)

    assert modes is not None
    assert modes[0] == "Détruisez tous les artefacts."
    assert modes[3].endswith("supérieur ou égal à 4.")


def test_700_2_modes_in_one_sentence_are_split_at_each_ou() -> None:
    modes = printed_modes(CRYPTIC_COMMAND, 4)

    assert modes == [
        "Contrecarrez le sort ciblé.",
        "Renvoyez le permanent ciblé dans la main de son propriétaire.",
        "Engagez toutes les créatures que vos adversaires contrôlent.",
        "Piochez une carte.",
    ]


def test_700_2_choose_one_without_a_dash_and_a_keyword_line_after_it() -> None:
    modes = printed_modes(TOOTH_AND_NAIL, 2)

    assert modes is not None
    assert modes[1] == "Mettez en jeu jusqu'à deux cartes de créature de votre main."


def test_700_2_a_keyword_line_before_the_bullets_is_no_mode() -> None:
    modes = printed_modes(COLLECTIVE_DEFIANCE, 3)

    assert modes is not None
    assert modes[0].startswith("Le joueur ciblé se défausse")


def test_700_2_a_printing_listing_other_modes_than_the_oracle_is_not_used() -> None:
    assert printed_modes(AUSTERE_COMMAND, 3) is None
    assert printed_modes(CRYPTIC_COMMAND, 2) is None
    assert printed_modes("Piochez une carte.", 1) is None


THINK_TWICE = "Draw a card.\nFlashback {2}{U} (You may cast this card from your graveyard.)"
THINK_TWICE_FR = (
    "Piochez une carte.\n"
    "Flashback {2}{U} (Vous pouvez lancer cette carte depuis votre cimetière pour son coût de "
    "flashback. Exilez-la ensuite.)"
)


def test_702_34a_a_keyword_cost_line_is_found_at_the_same_place_without_its_reminder() -> None:
    assert printed_line(THINK_TWICE, THINK_TWICE_FR, "Flashback {2}{U}") == "Flashback {2}{U}"


def test_118_9_a_french_paragraph_with_other_mana_symbols_is_not_taken_for_the_line() -> None:
    other = THINK_TWICE_FR.replace("{2}{U}", "{1}{U}")

    assert printed_line(THINK_TWICE, other, "Flashback {2}{U}") is None


def test_118_9_texts_with_different_paragraphs_are_not_matched() -> None:
    printed = "Piochez une carte. Flashback {2}{U}"

    assert printed_line(THINK_TWICE, printed, "Flashback {2}{U}") is None
