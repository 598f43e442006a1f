"""The JSON API, version 1: each app contributes its endpoints."""

from django.urls import include, path, re_path

from rulesite.api import views

app_name = "api"
urlpatterns = [
    path("schema", views.schema, name="schema"),
    path("", include("rulesite.cards.api_urls")),
    path("", include("rulesite.workbench.api_urls")),
    path("", include("rulesite.scenarios.api_urls")),
    re_path(r"^.*$", views.unknown_path),
]
