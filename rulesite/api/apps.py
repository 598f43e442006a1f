from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "rulesite.api"
    label = "api"
