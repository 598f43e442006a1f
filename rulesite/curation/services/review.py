"""Review status of the French of clarifications."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from simple_history.utils import bulk_update_with_history

from rulesite.cards.models import Ruling


def set_translation_status(
    *, rulings: Iterable[Ruling], status: str, user: AbstractBaseUser | AnonymousUser | None
) -> tuple[int, int]:
    """Set the French review status of rulings, with history; returns (changed, skipped).

    "reviewed" needs a French text: rulings without one are skipped.
    """
    changed: list[Ruling] = []
    skipped = 0
    for ruling in rulings:
        if status == Ruling.TranslationStatus.REVIEWED and not ruling.text_fr.strip():
            skipped += 1
            continue
        if ruling.translation_status != status:
            ruling.translation_status = status
            changed.append(ruling)
    if changed:
        bulk_update_with_history(
            changed,
            Ruling,
            ["translation_status"],
            default_user=user,
            default_change_reason=f"French {status}",
        )
    return len(changed), skipped
