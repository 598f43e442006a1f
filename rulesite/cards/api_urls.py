from django.urls import path

from rulesite.cards import views

urlpatterns = [
    path("cards/<slug:slug>", views.card_api, name="card_detail"),
    # The same card with a trailing slash, as the card's page address has one.
    path("cards/<slug:slug>/", views.card_api),
]
