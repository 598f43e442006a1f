"""The site's form renderer: Django's form templates through Jinja2, the others through
Django's template language.

Django draws every form field from templates (the field group, its label, its widget, its
errors). Through the template language a field costs about half a millisecond: the workbench
draws over a hundred fields for a small board, and 60 ms of its first page went there. Django
ships the same form templates for Jinja2 (``django.forms.renderers.Jinja2``), which draws them
two to three times faster, but only its own: the admin's widgets (``admin/widgets/…``) exist
for the template language alone. :class:`SiteFormRenderer` draws each template through Jinja2
when Django ships it for Jinja2, and through the template language otherwise; which engine has
a template is found once per name.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.forms.renderers import BaseRenderer, DjangoTemplates, Jinja2
from django.template.exceptions import TemplateDoesNotExist

__all__ = ["SiteFormRenderer"]


class SiteFormRenderer(BaseRenderer):
    """``FORM_RENDERER``: Django's Jinja2 form templates, the template language's for the rest
    (the admin's widgets, a project's own)."""

    def __init__(self) -> None:
        self._engine_of: dict[str, BaseRenderer] = {}

    @cached_property
    def _jinja2(self) -> Jinja2:
        return Jinja2()

    @cached_property
    def _django(self) -> DjangoTemplates:
        return DjangoTemplates()

    def get_template(self, template_name: str) -> Any:
        engine = self._engine_of.get(template_name)
        if engine is not None:
            return engine.get_template(template_name)
        try:
            template = self._jinja2.get_template(template_name)
            engine = self._jinja2
        except TemplateDoesNotExist:
            template = self._django.get_template(template_name)
            engine = self._django
        self._engine_of[template_name] = engine
        return template
