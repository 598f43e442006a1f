"""Every member of the engine's enums has its words on the site, in English and in French."""

from __future__ import annotations

from enum import Enum
from typing import Any

import pytest
from django.utils import translation
from django.utils.translation import trans_real

from engine.contract import ActionKind, Choice, Phase, Player, ResultKind, Step, TurnCount, Zone
from rulesite.workbench import labels


def _french_msgids() -> set[str]:
    """The msgids the French catalogue translates (with or without a context)."""
    catalogue = trans_real.translation("fr")._catalog  # type: ignore[attr-defined]
    keys = [key for key in catalogue.keys() if isinstance(key, str)]  # noqa: SIM118 - no __iter__
    return {key.split("\x04")[-1] for key in keys}


@pytest.mark.parametrize(
    ("words", "enum"),
    [
        (labels.ACTIONS, ActionKind),
        (labels.PHASES, Phase),
        (labels.PLAYERS, Player),
        (labels.PLAYER_WORDS, Player),
        (labels.RESULT_KINDS, ResultKind),
        (labels.STEPS, Step),
        (labels.ZONES, Zone),
        (labels.CHOICES, Choice),
        (labels.TURN_COUNTS_YOU, TurnCount),
        (labels.TURN_COUNTS_OPPONENT, TurnCount),
    ],
)
def test_every_member_has_its_words_in_english_and_french(
    words: dict[Any, Any], enum: type[Enum]
) -> None:
    in_catalogue = _french_msgids()

    assert list(words) == list(enum)
    with translation.override("en"):
        english = [str(words[member]) for member in enum]
    assert all(english), english
    assert [text for text in english if text not in in_catalogue] == []


def test_a_player_in_a_sentence_is_worded_as_a_french_sentence_says_it() -> None:
    with translation.override("fr"):
        assert str(labels.PLAYER_WORDS[Player.OPPONENT]) == "l'adversaire"
        assert str(labels.PLAYERS[Player.OPPONENT]) == "Adversaire"
