from django.apps import AppConfig


class ScenariosConfig(AppConfig):
    name = "rulesite.scenarios"
    label = "scenarios"

    def ready(self) -> None:
        from rulesite.scenarios import signals

        signals.connect()
