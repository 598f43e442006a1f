from django.urls import path

from rulesite.scenarios import views

app_name = "scenarios"
urlpatterns = [
    path("", views.scenario_list, name="scenario_list"),
    path("new/", views.scenario_new, name="scenario_new"),
    path("<int:pk>/", views.scenario_detail, name="scenario_detail"),
    path("<int:pk>/flag/", views.scenario_flag, name="scenario_flag"),
]
