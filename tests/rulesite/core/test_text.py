"""Search folding (rulesite.core.text.fold): case and accents dropped, as before it was made
faster, on every kind of text the cards and their French printings hold."""

from __future__ import annotations

import unicodedata

import pytest

from rulesite.core.text import fold


def _reference(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.replace("’", "'"))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


@pytest.mark.parametrize(
    "text",
    [
        "Burst Lightning",
        "Éclair explosif",
        "Bloodchief’s Thirst",
        "Kicker—Sacrifice a land. • Choose one —",
        "Æther Vial",
        "ﬁnal Fortune ½ ∞",  # a compatibility ligature
        "Jötun Grunt, Lim-Dûl, Dandân",
        "Ἀθηνᾶ, שָׁלוֹם, ñ",  # marks outside the Latin accents
        "STRASSE straße",
        "",
    ],
)
def test_fold_drops_case_and_every_combining_mark(text: str) -> None:
    assert fold(text) == _reference(text)


def test_fold_of_french_card_names_matches_their_plain_spelling() -> None:
    assert fold("Désastre en fusion") == "desastre en fusion"
    assert fold("ÉCLAIR") == fold("eclair")
