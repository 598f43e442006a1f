from django.apps import AppConfig


class ScenariosConfig(AppConfig):
    name = "rulesite.scenarios"
    label = "scenarios"

    def ready(self) -> None:
        from rulesite.scenarios import signals

        signals.connect()

    def load_demo(self) -> list[str]:
        """Load the demo scenarios, answered by the engine now (``manage.py load_demo``)."""
        from rulesite.scenarios.services import load_demo_scenarios

        return load_demo_scenarios().lines()
