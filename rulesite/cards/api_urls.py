from django.urls import path

from rulesite.cards import views

urlpatterns = [
    path("cards/<slug:slug>", views.card_api, name="card_detail"),
]
