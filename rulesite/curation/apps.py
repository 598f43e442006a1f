from django.apps import AppConfig


class CurationConfig(AppConfig):
    name = "rulesite.curation"
    label = "curation"
