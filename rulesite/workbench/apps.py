from django.apps import AppConfig


class WorkbenchConfig(AppConfig):
    name = "rulesite.workbench"
    label = "workbench"
