"""Print, as JSON, what the load tests request: URLs of the pages under test (from the demo
data) and the scenario they evaluate. Run with the same environment as the server."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesite.settings")

import django  # noqa: E402

# Kicked Burst Lightning at the opponent, paid with five untapped Mountains.
SCENARIO = {
    "action": {"kind": "cast", "card": "Burst Lightning", "kicker": [1], "targets": ["opponent"]},
    "battlefield": [
        {"id": f"m{i}", "card": "Mountain", "controller": "you", "tapped": False}
        for i in range(1, 6)
    ],
    "turn": {"active_player": "you", "phase": "main1"},
}


def main() -> None:
    django.setup()
    from django.urls import reverse
    from django.utils import translation

    from rulesite.cards.models import Card, Keyword
    from rulesite.workbench.permalink import encode_scenario

    with translation.override("en"):
        card = Card.objects.get(name="Kavu Primarch")
        keyword = Keyword.objects.get(slug="kicker")
        print(
            json.dumps(
                {
                    "card": card.get_absolute_url(),
                    "card_rulings": card.rulings.count(),
                    "search": reverse("cards:card_list") + "?q=kw%3Akicker",
                    "keyword": keyword.get_absolute_url(),
                    "workbench": reverse("workbench:workbench") + "?s=" + encode_scenario(SCENARIO),
                    "evaluate": "/api/v1/evaluate",
                    "scenarios_api": "/api/v1/scenarios",
                    "scenario": SCENARIO,
                }
            )
        )


if __name__ == "__main__":
    main()
