"""WSGI entry point for gunicorn: Django's handler with the site's request class
(:mod:`rulesite.core.formdata`)."""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesite.settings")
django.setup(set_prefix=False)

from rulesite.core.formdata import SiteHandler  # noqa: E402 - needs the apps set up

application = SiteHandler()
