from django.urls import path

from rulesite.cards import views

app_name = "cards"
urlpatterns = [
    path("cards/", views.card_list, name="card_list"),
    path("cards/<slug:slug>/", views.card_detail, name="card_detail"),
    path("keywords/<slug:slug>/", views.keyword_detail, name="keyword_detail"),
    path("rules/<str:number>/", views.rule_detail, name="rule_detail"),
]
