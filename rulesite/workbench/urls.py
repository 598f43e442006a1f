from django.urls import path

from rulesite.workbench import views

app_name = "workbench"
urlpatterns = [
    path("", views.workbench, name="workbench"),
    path("cards/", views.card_options, name="card_options"),
]
