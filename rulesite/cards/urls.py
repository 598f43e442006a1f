from django.urls import path, register_converter

from rulesite.cards import rule_views, views
from rulesite.cards.converters import RuleText

register_converter(RuleText, "rule")

app_name = "cards"
urlpatterns = [
    path("cards/", views.card_list, name="card_list"),
    path("cards/<slug:slug>/", views.card_detail, name="card_detail"),
    path("keywords/", views.keyword_list, name="keyword_list"),
    path("keywords/<slug:slug>/", views.keyword_detail, name="keyword_detail"),
    path("rules/", rule_views.rule_index, name="rule_index"),
    path("rules/changes/", rule_views.rule_changes_latest, name="rule_changes_latest"),
    path("rules/changes/<rule:old>/<rule:new>/", rule_views.rule_changes, name="rule_changes"),
    path("rules/<rule:number>/history/", rule_views.rule_history, name="rule_history"),
    path("rules/<rule:number>/", views.rule_detail, name="rule_detail"),
    path("glossary/", rule_views.glossary_index, name="glossary_index"),
    path("glossary/<slug:slug>/", rule_views.glossary_term, name="glossary_term"),
]
