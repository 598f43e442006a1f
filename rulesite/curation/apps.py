from __future__ import annotations

from typing import Any

from django.apps import AppConfig
from django.apps import apps as global_apps
from django.apps.registry import Apps
from django.db.models.signals import post_migrate


def _setup_curators(
    sender: AppConfig, using: str = "default", apps: Apps = global_apps, **kwargs: Any
) -> None:
    try:
        apps.get_model("curation", "FrenchTerm")
    except LookupError:  # a partial migrate (``migrate auth``) stopped before curation's tables
        return
    from rulesite.curation.services.glossary import seed_rules_terms
    from rulesite.curation.services.roles import setup_curator_group

    setup_curator_group(using=using)
    seed_rules_terms()


class CurationConfig(AppConfig):
    name = "rulesite.curation"
    label = "curation"
    verbose_name = "Curation"

    def ready(self) -> None:
        # The "curator" group and the Comprehensive Rules terms of the glossary exist after
        # every migrate (fresh databases and test databases included); ``manage.py
        # setup_curators`` refreshes the group on demand.
        post_migrate.connect(_setup_curators, sender=self, dispatch_uid="rulesite.setup_curators")
