"""The site's form renderer (rulesite.core.formrender): Django's form templates drawn through
Jinja2, the same markup as the template language draws, and the admin's own widgets still
drawn by the template language."""

from __future__ import annotations

import re

import pytest
from django import forms
from django.contrib.auth.models import User
from django.forms.renderers import DjangoTemplates, get_default_renderer
from django.template.backends.django import Template as DjangoTemplate
from django.template.backends.jinja2 import Template as Jinja2Template
from django.test import Client

from rulesite.core.formrender import SiteFormRenderer
from rulesite.workbench.forms import CastForm, PermanentForm


class EveryWidget(forms.Form):
    name = forms.CharField(label="Name", help_text="Its name's spelling", max_length=20)
    count = forms.IntegerField(min_value=0, initial=2)
    tapped = forms.BooleanField(required=False, initial=True)
    kind = forms.ChoiceField(choices=[("cast", "Cast"), ("copy", "Copy <a spell>")])
    flags = forms.MultipleChoiceField(
        choices=[("a", "A"), ("b", "B")], widget=forms.CheckboxSelectMultiple, required=False
    )
    phase = forms.ChoiceField(choices=[("m1", "Main"), ("c", "Combat")], widget=forms.RadioSelect)
    notes = forms.CharField(widget=forms.Textarea, required=False)
    secret = forms.CharField(widget=forms.HiddenInput, initial="x")


def _normal(html: str) -> str:
    """Markup compared without the whitespace between tags and around text, an apostrophe
    escaped either way (``&#39;`` by Jinja2, ``&#x27;`` by Django)."""
    html = html.replace("&#39;", "&#x27;")
    return re.sub(r"\s+", " ", re.sub(r">\s+<", "><", html)).strip()


def test_the_site_draws_forms_with_its_renderer() -> None:
    assert isinstance(get_default_renderer(), SiteFormRenderer)


def test_django_form_templates_are_drawn_through_jinja2() -> None:
    renderer = SiteFormRenderer()

    template = renderer.get_template("django/forms/widgets/checkbox.html")

    assert isinstance(template, Jinja2Template)


def test_the_admins_widgets_are_drawn_by_the_template_language() -> None:
    renderer = SiteFormRenderer()

    template = renderer.get_template("admin/widgets/related_widget_wrapper.html")
    again = renderer.get_template("admin/widgets/related_widget_wrapper.html")

    assert isinstance(template, DjangoTemplate)
    assert isinstance(again, DjangoTemplate)


@pytest.mark.parametrize("bound", [False, True])
def test_every_widget_is_drawn_as_the_template_language_draws_it(bound: bool) -> None:
    data = {
        "name": "",
        "count": "-1",
        "kind": "copy",
        "flags": ["b"],
        "phase": "c",
        "notes": "l'an",
    }
    fast = EveryWidget(data if bound else None, renderer=SiteFormRenderer())
    django = EveryWidget(data if bound else None, renderer=DjangoTemplates())

    drawn = str(fast)

    assert _normal(drawn) == _normal(str(django))
    assert "&lt;a spell&gt;" in drawn


@pytest.mark.django_db
def test_workbench_rows_are_drawn_as_the_template_language_draws_them() -> None:
    row = {"prefix": "battlefield-0", "initial": {"id": "p1", "card": "Mountain"}}
    fast = PermanentForm(**row, renderer=SiteFormRenderer())
    django = PermanentForm(**row, renderer=DjangoTemplates())
    cast = {"initial": {"card": "Burst Lightning"}}

    assert _normal(str(fast)) == _normal(str(django))
    assert _normal(str(CastForm(**cast, renderer=SiteFormRenderer()))) == _normal(
        str(CastForm(**cast, renderer=DjangoTemplates()))
    )


@pytest.mark.django_db
def test_an_admin_change_form_with_related_widgets_draws() -> None:
    admin = User.objects.create_superuser("admin", "admin@example.com", "pw")
    client = Client()
    client.force_login(admin)

    response = client.get(f"/admin/auth/user/{admin.pk}/change/")

    assert response.status_code == 200
    assert b'class="related-widget-wrapper"' in response.content  # the admin's own widget
    assert b'name="username"' in response.content
