from __future__ import annotations

from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _setup_curators(sender: AppConfig, using: str = "default", **kwargs: Any) -> None:
    from rulesite.curation.services.roles import setup_curator_group

    setup_curator_group(using=using)


class CurationConfig(AppConfig):
    name = "rulesite.curation"
    label = "curation"
    verbose_name = "Curation"

    def ready(self) -> None:
        # The "curator" group exists after every migrate (fresh databases and test databases
        # included); ``manage.py setup_curators`` refreshes it on demand.
        post_migrate.connect(_setup_curators, sender=self, dispatch_uid="rulesite.setup_curators")
