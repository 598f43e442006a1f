from django.urls import path

from rulesite.scenarios import views

app_name = "scenarios"
urlpatterns = [
    path("", views.scenario_list, name="scenario_list"),
]
