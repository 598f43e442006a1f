"""The "curator" role: a staff group that edits cards, clarifications, keywords and rules and
moderates scenarios, without access to user accounts."""

from __future__ import annotations

from django.apps import apps
from django.contrib.auth.models import Group, Permission

CURATOR_GROUP = "curator"

#: (app label, model) -> permission actions. Models missing from the project are skipped.
CURATOR_PERMISSIONS: dict[tuple[str, str], tuple[str, ...]] = {
    # Cards come from the imports; curators edit their French (the Oracle text is read-only).
    ("cards", "card"): ("view", "change"),
    # Official clarifications can't be deleted by curators (the admin refuses it); community
    # ones can.
    ("cards", "ruling"): ("view", "add", "change", "delete"),
    ("cards", "keyword"): ("view", "add", "change"),
    ("cards", "rule"): ("view", "change"),
    ("cards", "historicalcard"): ("view",),
    ("cards", "historicalruling"): ("view",),
    ("cards", "historicalkeyword"): ("view",),
    ("cards", "historicalrule"): ("view",),
    ("curation", "frenchterm"): ("view", "add", "change"),
    ("curation", "historicalfrenchterm"): ("view",),
    ("curation", "importrun"): ("view",),
    ("curation", "importevent"): ("view",),
    ("curation", "frenchsuggestion"): ("view",),
    ("curation", "problemreport"): ("view", "add"),
}
#: Every model of these apps: curators moderate them (view, change, delete).
CURATOR_MODERATED_APPS = ("scenarios",)
MODERATION = ("view", "change", "delete")
#: Records of what readers and moderators did: curators read them, nobody rewrites them.
READ_ONLY_RECORDS = frozenset({("scenarios", "moderationdecision"), ("scenarios", "scenarioflag")})


def setup_curator_group(*, using: str = "default") -> tuple[Group, int]:
    """Create or refresh the "curator" group; returns it and its number of permissions.

    Curators edit cards, clarifications, keywords and rules (with their history) and moderate
    scenarios; they are staff but not superusers, so user accounts stay out of their reach.
    """
    from django.contrib.auth.management import create_permissions

    for app_config in apps.get_app_configs():
        create_permissions(app_config, verbosity=0, using=using)
    group, _ = Group.objects.using(using).get_or_create(name=CURATOR_GROUP)
    codenames: list[tuple[str, str]] = []
    for (app_label, model), actions in CURATOR_PERMISSIONS.items():
        codenames.extend((app_label, f"{action}_{model}") for action in actions)
    for app_label in CURATOR_MODERATED_APPS:
        try:
            config = apps.get_app_config(app_label)
        except LookupError:
            continue
        for model_class in config.get_models():
            name = model_class._meta.model_name
            actions = ("view",) if (app_label, name) in READ_ONLY_RECORDS else MODERATION
            codenames.extend((app_label, f"{a}_{name}") for a in actions)
    pairs = set(codenames)
    permissions = [
        p
        for p in Permission.objects.using(using)
        .filter(
            content_type__app_label__in={a for a, _ in pairs},
            codename__in={c for _, c in pairs},
        )
        .select_related("content_type")
        if (p.content_type.app_label, p.codename) in pairs
    ]
    group.permissions.set(permissions)
    return group, len(permissions)
