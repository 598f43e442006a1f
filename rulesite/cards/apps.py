from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CardsConfig(AppConfig):
    name = "rulesite.cards"
    label = "cards"
    verbose_name = _("Cards")

    def load_demo(self) -> list[str]:
        """Load the demo cards, clarifications, keywords and rules (``manage.py load_demo``)."""
        from rulesite.cards.services import load_demo_cards

        return load_demo_cards().lines()
