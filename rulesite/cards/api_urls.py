from django.urls import path

from rulesite.cards import api

urlpatterns = [
    path("cards/named", api.card_named, name="card_named"),
    path("cards/search", api.card_search, name="card_search"),
    path("cards/oracle/<str:oracle_id>", api.card_by_oracle_id, name="card_by_oracle_id"),
    path("cards/<slug:slug>", api.card_api, name="card_detail"),
    # The same card with a trailing slash, as the card's page address has one.
    path("cards/<slug:slug>/", api.card_api),
    path("rules", api.rule_list, name="rule_list"),
    path("rules/<str:number>", api.rule_api, name="rule_detail"),
]
