"""URL map: language-prefixed pages, then the JSON API, the admin and health check."""

from django.conf import settings
from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path, re_path

from rulesite.api import views as api_views
from rulesite.core import views as core_views

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/v1/", include("rulesite.api.urls")),
    re_path(r"^api/", api_views.unknown_path),
    path("admin/", admin.site.urls),
    path("healthz", core_views.healthz, name="healthz"),
    # Browsers and feed readers that ignore <link rel="icon"> still ask for /favicon.ico.
    path("favicon.ico", core_views.favicon, name="favicon"),
]

urlpatterns += i18n_patterns(
    path("", core_views.home, name="home"),
    path("", include("rulesite.cards.urls")),
    path("workbench/", include("rulesite.workbench.urls")),
    path("scenarios/", include("rulesite.scenarios.urls")),
    prefix_default_language=True,
)

if settings.RULESITE_BENCHMARK_FLOOR:
    urlpatterns.append(path("__bench__/floor", core_views.benchmark_floor))

handler404 = "rulesite.core.views.not_found"
