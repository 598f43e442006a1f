"""The site's words for the engine's enums (:mod:`engine.contract`), each member worded once:
what the workbench's selects offer, what a scenario's board and the engine's messages say.

A new member of an enum is one entry here (``tests/rulesite/workbench/test_labels.py``
checks that every member has its words, in English and French).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from engine.contract import ActionKind, Choice, Phase, Player, ResultKind, Step, TurnCount, Zone
from engine.mana import Color

__all__ = [
    "ACTIONS",
    "CHOICES",
    "COLORS",
    "PHASES",
    "PLAYERS",
    "PLAYER_WORDS",
    "RESULT_KINDS",
    "STEPS",
    "TURN_COUNTS_OPPONENT",
    "TURN_COUNTS_YOU",
    "ZONES",
]

ACTIONS = {
    ActionKind.CAST: _("Cast the card"),
    ActionKind.COPY_SPELL: _("Copy a spell on the stack"),
    ActionKind.PUT_ONTO_BATTLEFIELD: _("Put the card onto the battlefield without casting it"),
    ActionKind.ENTER_AS_COPY: _("Have the card enter as a copy of a permanent"),
    ActionKind.ACTIVATE_ABILITY: _("Activate an ability of a permanent"),
    ActionKind.ACTIVATE_MANA_ABILITY: _("Activate a mana ability of a permanent"),
    ActionKind.TURN_FACE_UP: _("Turn a face-down creature face up"),
    ActionKind.PUT_TRIGGER_ON_STACK: _("Put a triggered ability on the stack"),
    ActionKind.CAST_FROM_TRIGGER: _("Cast the card while a triggered ability resolves"),
}
PHASES = {
    Phase.BEGINNING: _("Beginning phase"),
    Phase.MAIN1: _("First main phase"),
    Phase.COMBAT: _("Combat phase"),
    Phase.MAIN2: _("Second main phase"),
    Phase.END: _("Ending phase"),
}
STEPS = {
    Step.UPKEEP: _("Upkeep"),
    Step.DRAW: _("Draw step"),
    Step.BEGINNING_OF_COMBAT: _("Beginning of combat"),
    Step.DECLARE_ATTACKERS: _("Declare attackers"),
    Step.DECLARE_BLOCKERS: _("Declare blockers"),
    Step.COMBAT_DAMAGE: _("Combat damage"),
    Step.END_OF_COMBAT: _("End of combat"),
    Step.END: _("End step"),
    Step.CLEANUP: _("Cleanup"),
}
#: A zone as a choice ("Cast from: Graveyard") and as the heading of its rows.
#: A color, as chosen for a permanent (the chosen color).
COLORS = {
    Color.WHITE: _("White"),
    Color.BLUE: _("Blue"),
    Color.BLACK: _("Black"),
    Color.RED: _("Red"),
    Color.GREEN: _("Green"),
}
ZONES = {
    Zone.HAND: _("Hand"),
    Zone.GRAVEYARD: _("Graveyard"),
    Zone.EXILE: _("Exile"),
    Zone.LIBRARY: _("Top of a library"),
}
#: What a cast still needs (the answer's ``missing``), as a prompt to the caster.
CHOICES = {
    Choice.TARGETS: _("Choose the targets"),
    Choice.MODES: _("Choose the modes"),
    Choice.X: _("Announce the value of X"),
    Choice.SACRIFICE: _("Choose what to sacrifice"),
    Choice.DISCARD: _("Choose the cards to discard"),
    Choice.EXILE: _("Choose the cards to exile"),
    Choice.TAP: _("Choose what to tap"),
    Choice.RETURN: _("Choose what to return to its owner's hand"),
    Choice.REVEAL: _("Choose the cards to reveal"),
    Choice.COUNTER: _("Choose what gets a -1/-1 counter"),
    Choice.CHOSEN: _("Choose what the spell asks you to choose"),
}
#: A player as a choice of a select ("Opponent", "Adversaire").
PLAYERS = {Player.YOU: _("You"), Player.OPPONENT: _("Opponent")}
#: A player within a sentence ("by the opponent": "par l'adversaire").
PLAYER_WORDS = {
    Player.YOU: pgettext_lazy("player", "you"),
    Player.OPPONENT: pgettext_lazy("player", "opponent"),
}
RESULT_KINDS = {
    ResultKind.SPELL: _("spell"),
    ResultKind.PERMANENT: _("permanent"),
    ResultKind.TOKEN: _("token"),
    ResultKind.ABILITY: _("ability"),
    ResultKind.MANA_ABILITY: _("mana ability"),
    ResultKind.SPECIAL_ACTION: _("special action"),
}
#: A count of earlier this turn (``this_turn``), as the label of the acting player's number…
TURN_COUNTS_YOU = {
    TurnCount.LIFE_LOST: _("Life you lost this turn"),
    TurnCount.SPELLS_CAST: _("Spells you cast this turn before this one"),
    TurnCount.LIFE_GAINED: _("Life you gained this turn"),
    TurnCount.CARDS_DRAWN: _("Cards you drew this turn"),
    TurnCount.CARDS_DISCARDED: _("Cards you discarded (or cycled) this turn"),
    TurnCount.CREATURES_DIED: _("Your creatures that died this turn"),
    TurnCount.ATTACKED_WITH: _("Creatures you attacked with this turn"),
    TurnCount.NONCOMBAT_DAMAGE: _("Noncombat damage dealt to you this turn"),
    TurnCount.LANDS_PLAYED: _("Lands you played this turn"),
    TurnCount.CREATURES_ENTERED: _("Creatures that entered under your control this turn"),
    TurnCount.LANDS_ENTERED: _("Lands that entered under your control this turn"),
    TurnCount.ARTIFACTS_ENTERED: _("Artifacts that entered under your control this turn"),
    TurnCount.CARDS_TO_GRAVEYARD: _("Cards put into your graveyard this turn"),
    TurnCount.LIBRARY_SEARCHES: _("Times you searched your library this turn"),
    TurnCount.DAMAGED_BY_CREATURES: _("Creatures that dealt damage to you this turn"),
    TurnCount.CREATURE_SPELLS_COUNTERED: _(
        "Your creature spells your opponent countered this turn"
    ),
    TurnCount.NONCREATURE_PERMANENTS_DESTROYED: _(
        "Your noncreature permanents your opponent destroyed this turn"
    ),
}
#: … and of the opponent's.
TURN_COUNTS_OPPONENT = {
    TurnCount.LIFE_LOST: _("Life your opponent lost this turn"),
    TurnCount.SPELLS_CAST: _("Spells your opponent cast this turn"),
    TurnCount.LIFE_GAINED: _("Life your opponent gained this turn"),
    TurnCount.CARDS_DRAWN: _("Cards your opponent drew this turn"),
    TurnCount.CARDS_DISCARDED: _("Cards your opponent discarded (or cycled) this turn"),
    TurnCount.CREATURES_DIED: _("Your opponent's creatures that died this turn"),
    TurnCount.ATTACKED_WITH: _("Creatures your opponent attacked with this turn"),
    TurnCount.NONCOMBAT_DAMAGE: _("Noncombat damage dealt to your opponent this turn"),
    TurnCount.LANDS_PLAYED: _("Lands your opponent played this turn"),
    TurnCount.CREATURES_ENTERED: _(
        "Creatures that entered under your opponent's control this turn"
    ),
    TurnCount.LANDS_ENTERED: _("Lands that entered under your opponent's control this turn"),
    TurnCount.ARTIFACTS_ENTERED: _(
        "Artifacts that entered under your opponent's control this turn"
    ),
    TurnCount.CARDS_TO_GRAVEYARD: _("Cards put into your opponent's graveyard this turn"),
    TurnCount.LIBRARY_SEARCHES: _("Times your opponent searched their library this turn"),
    TurnCount.DAMAGED_BY_CREATURES: _("Creatures that dealt damage to your opponent this turn"),
    TurnCount.CREATURE_SPELLS_COUNTERED: _(
        "Your opponent's creature spells you countered this turn"
    ),
    TurnCount.NONCREATURE_PERMANENTS_DESTROYED: _(
        "Your opponent's noncreature permanents you destroyed this turn"
    ),
}
