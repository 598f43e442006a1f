from django.urls import path

from rulesite.workbench import api

urlpatterns = [
    path("evaluate", api.evaluate_view, name="evaluate"),
]
