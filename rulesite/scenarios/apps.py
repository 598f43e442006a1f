from django.apps import AppConfig


class ScenariosConfig(AppConfig):
    name = "rulesite.scenarios"
    label = "scenarios"
