from django.apps import AppConfig


class CardsConfig(AppConfig):
    name = "rulesite.cards"
    label = "cards"
