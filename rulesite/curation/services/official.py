"""Official data (Oracle text, WotC's English): what an edit of it would change.

Only editors with the ``cards.edit_oracle`` permission edit a card's Oracle text; before they
save, :func:`scenario_changes` tells them which published scenarios the engine would answer
differently. It saves the edit inside a transaction that is always rolled back, asks the engine
about each published scenario of the card, and compares the decisive answers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

import engine
from rulesite.cards.models import Card
from rulesite.core.cache import bump_content_version

#: Card fields that are the official text: read-only for curators.
ORACLE_FIELDS = (
    "oracle_id",
    "slug",
    "name",
    "mana_cost",
    "mana_value",
    "type_line",
    "oracle_text",
    "colors",
    "power",
    "toughness",
    "loyalty",
)


class _Rollback(Exception):
    pass


def scenario_changes(card: Card, values: Mapping[str, Any]) -> list[tuple[Any, list[str]]]:
    """Published scenarios of ``card`` whose decisive answer would change if the card had
    ``values``, each with the names of the answer's fields that would change."""
    from rulesite.scenarios.models import Scenario, answer_differences
    from rulesite.workbench.services import evaluate

    published = list(Scenario.objects.published().filter(cards=card).order_by("pk"))
    if not published:
        return []
    changes: list[tuple[Any, list[str]]] = []
    try:
        with transaction.atomic():
            edited = Card.objects.get(pk=card.pk)
            for name, value in values.items():
                setattr(edited, name, value)
            edited.refresh_search_fields()
            edited.save_without_historical_record()  # type: ignore[attr-defined]
            bump_content_version()  # the engine's card cache must read the edited card
            for scenario in published:
                try:
                    today = evaluate(scenario.scenario).answer
                except engine.RequestError:
                    changes.append((scenario, [gettext("no longer a valid scenario")]))
                    continue
                differences = answer_differences(scenario.answer, today)
                if differences:
                    changes.append((scenario, differences))
            raise _Rollback
    except _Rollback:
        pass
    finally:
        bump_content_version()  # nothing cached during the trial survives it
    return changes
