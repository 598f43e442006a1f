from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "rulesite.core"
    label = "core"
