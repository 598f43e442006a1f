"""Every sentence the engine says has its French: each message code's template (with the
same placeholders) and each clarification it quotes."""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from django.utils.translation import trans_real

from engine import CardRef, Message, MessageCode, rules
from rulesite.workbench.messages import render, render_kept

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
RULINGS = sorted(value for name, value in vars(rules).items() if name.startswith("RULING_"))


FRENCH = trans_real.translation("fr")._catalog  # type: ignore[attr-defined]


@pytest.mark.parametrize("code", list(MessageCode), ids=lambda code: code.value)
def test_every_message_code_has_its_french_template(code: MessageCode) -> None:
    assert code.template in FRENCH  # (some read the same in French: "+ %(cost)s (%(source)s)")
    with translation.override("fr"):
        french = translation.gettext(code.template)

    assert sorted(PLACEHOLDER.findall(french)) == sorted(PLACEHOLDER.findall(code.template))


@pytest.mark.parametrize("ruling", RULINGS, ids=lambda text: text[:40])
def test_every_clarification_the_engine_quotes_has_its_french(ruling: str) -> None:
    with translation.override("fr"):
        assert translation.gettext(ruling) != ruling


def test_the_engine_quotes_clarifications() -> None:
    assert len(RULINGS) == 9


def test_a_kept_rendering_follows_the_active_language() -> None:
    message = Message(MessageCode.PROPOSED, (("card", CardRef("Burst Lightning", "Éclair")),))

    with translation.override("en"):
        english = render_kept(message)
    with translation.override("fr"):
        french = render_kept(message)
        assert render_kept(message) == render(message) == french
    with translation.override("en"):
        assert render_kept(message) == render(message) == english

    assert english != french
