from django.apps import AppConfig


class CardsConfig(AppConfig):
    name = "rulesite.cards"
    label = "cards"

    def load_demo(self) -> list[str]:
        """Load the demo cards, clarifications, keywords and rules (``manage.py load_demo``)."""
        from rulesite.cards.services import load_demo_cards

        return load_demo_cards().lines()
