"""The second floor of the load benchmark: a bare Django project with Django's default
middleware (what ``startproject`` writes) and one constant-string view, no database use.

Served by gunicorn with the project's gunicorn.conf.py next to the site, so cached pages and
the API can be compared with what Django itself costs, apart from the project's own middleware
(request logging, CSP nonces, axes, body limits, client address)::

    DJANGO_SETTINGS_MODULE=barefloor gunicorn --config gunicorn.conf.py \
        --pythonpath benchmarks/load barefloor:application
"""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application
from django.http import HttpRequest, HttpResponse
from django.urls import path

DEBUG = False
SECRET_KEY = os.environ.get("SECRET_KEY", "bare-floor-benchmark-only")
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
ROOT_URLCONF = "barefloor"
USE_TZ = True
INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
]
MIDDLEWARE = [  # django-admin startproject's list
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}}


def floor(request: HttpRequest) -> HttpResponse:
    return HttpResponse(b"ok", content_type="text/plain")


urlpatterns = [path("__bench__/floor", floor)]

application = get_wsgi_application()
