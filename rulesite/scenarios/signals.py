"""Cached pages list published scenarios (scenario, card and keyword pages, the API): a save,
a delete or a change of cards or keywords of a scenario that is or was published makes them
stale. Pending and rejected scenarios are on no cached page, so writing them (a new
submission, a flag) keeps the cache."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models.signals import m2m_changed, post_delete, post_save, pre_save

from rulesite.core.cache import bump_content_version
from rulesite.scenarios.models import Scenario

_WAS_PUBLISHED = "_rulesite_was_published"


def _published_content_changed() -> None:
    transaction.on_commit(bump_content_version)


def _remember_status(sender: Any, instance: Scenario, **kwargs: Any) -> None:
    was = False
    if instance.pk is not None:
        stored = Scenario.objects.filter(pk=instance.pk).values_list("status", flat=True).first()
        was = stored == Scenario.Status.PUBLISHED
    setattr(instance, _WAS_PUBLISHED, was)


def _after_save(sender: Any, instance: Scenario, **kwargs: Any) -> None:
    if instance.is_published or getattr(instance, _WAS_PUBLISHED, False):
        _published_content_changed()


def _after_delete(sender: Any, instance: Scenario, **kwargs: Any) -> None:
    if instance.is_published:
        _published_content_changed()


def _after_links_change(sender: Any, instance: Any, action: str, **kwargs: Any) -> None:
    if action.startswith("post_") and getattr(instance, "is_published", False):
        _published_content_changed()


def connect() -> None:
    pre_save.connect(_remember_status, sender=Scenario, dispatch_uid="scenario-was-published")
    post_save.connect(_after_save, sender=Scenario, dispatch_uid="scenario-saved")
    post_delete.connect(_after_delete, sender=Scenario, dispatch_uid="scenario-deleted")
    for through in (Scenario.cards.through, Scenario.keywords.through):
        m2m_changed.connect(_after_links_change, sender=through, dispatch_uid=f"links-{through}")
