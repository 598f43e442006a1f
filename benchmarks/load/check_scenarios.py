"""Print, as JSON, which of the given scenario ids exist and their titles (soak check)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesite.settings")


def main() -> None:
    import django

    django.setup()
    from rulesite.scenarios.models import Scenario

    wanted = [int(x) for x in json.loads(sys.stdin.read())]
    rows = Scenario.objects.filter(pk__in=wanted).values_list("pk", "title", "status")
    print(json.dumps({str(pk): [title, status] for pk, title, status in rows}))


if __name__ == "__main__":
    main()
