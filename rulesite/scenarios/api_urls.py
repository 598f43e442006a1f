from django.urls import path

from rulesite.scenarios import api

urlpatterns = [
    path("scenarios", api.scenarios_endpoint, name="scenarios"),
]
