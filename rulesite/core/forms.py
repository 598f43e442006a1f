"""Forms that are cheap to build: :class:`LightForm` copies its declared fields the way
Django's ``Field.__deepcopy__`` does, but without deep-copying the choices.

Django gives every form instance a deep copy of its class's fields, so that an instance may
change a field (its label, its choices) without touching the class. For a choice field that
deep copy walks every choice and every lazily translated label; a page of a dozen forms of
thirty fields spends more time there than validating. The choices are immutable pairs, so
:class:`LightForm` copies the field, its widget, its attributes, validators, error messages
and choices list one level deep: an instance can still replace any of them (``field.choices =
…``, ``field.label = …``, ``widget.attrs[…] = …``) without the change reaching another form.
Fields and widgets of other kinds (multi-value fields, model choice fields, multi-widgets) are
deep-copied as Django does.
"""

from __future__ import annotations

import copy
import re
from functools import cached_property
from typing import Any

from django import forms
from django.forms.forms import DeclarativeFieldsMetaclass
from django.forms.formsets import (
    INITIAL_FORM_COUNT,
    MAX_NUM_FORM_COUNT,
    MIN_NUM_FORM_COUNT,
    TOTAL_FORM_COUNT,
    BaseFormSet,
    ManagementForm,
)
from django.forms.widgets import ChoiceWidget, Widget

__all__ = ["LightForm", "LightFormSet", "LightManagementForm", "WholeNumberField", "copy_field"]

_FIELD_COPIES = (forms.Field.__deepcopy__, forms.ChoiceField.__deepcopy__)
_WIDGET_COPIES = (Widget.__deepcopy__, ChoiceWidget.__deepcopy__)


def _copy_widget(widget: Widget) -> Widget:
    method = type(widget).__deepcopy__
    if method not in _WIDGET_COPIES:
        return copy.deepcopy(widget)
    new = object.__new__(type(widget))
    new.__dict__.update(widget.__dict__)
    new.attrs = widget.attrs.copy()
    if method is ChoiceWidget.__deepcopy__:
        # Already normalised: copied as it is, not through the ``choices`` setter.
        new._choices = copy.copy(widget._choices)  # type: ignore[attr-defined]
    return new


def copy_field(field: forms.Field) -> forms.Field:
    """A copy of ``field`` that can be changed without changing ``field``: its widget, widget
    attributes, validators, error messages and choices are copies (the choices themselves,
    immutable, are shared)."""
    method = type(field).__deepcopy__
    if method not in _FIELD_COPIES:
        return copy.deepcopy(field)
    new = object.__new__(type(field))
    new.__dict__.update(field.__dict__)
    new.widget = _copy_widget(field.widget)
    new.error_messages = field.error_messages.copy()
    new.validators = field.validators[:]
    if method is forms.ChoiceField.__deepcopy__:
        new._choices = copy.copy(field._choices)  # type: ignore[attr-defined]
    return new


class _LightlyCopiedFields(dict[str, forms.Field]):
    """A class's declared fields; ``copy.deepcopy`` of them (what ``BaseForm.__init__`` does)
    gives a plain dict of :func:`copy_field` copies."""

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, forms.Field]:
        return {name: copy_field(field) for name, field in self.items()}


class _LightFieldsMetaclass(DeclarativeFieldsMetaclass):
    def __new__(mcs, name: str, bases: tuple[type, ...], attrs: dict[str, Any]) -> Any:
        new_class: Any = super().__new__(mcs, name, bases, attrs)
        new_class.base_fields = _LightlyCopiedFields(new_class.base_fields)
        return new_class


class LightForm(forms.Form, metaclass=_LightFieldsMetaclass):
    """A :class:`django.forms.Form` whose instances get their fields by :func:`copy_field`."""


class WholeNumberField(forms.IntegerField):
    """Django's ``IntegerField``, its pattern for trailing decimals ("3.0") compiled once:
    Django's is a lazy object, and every use of a lazy object's method goes through a failed
    attribute lookup (3 µs of the 6 µs it takes to clean "5")."""

    re_decimal = re.compile(r"\.0*\s*$")


class LightManagementForm(ManagementForm, LightForm):
    """Django's formset management form, its fields copied as :class:`LightForm` does and
    its counts read as :class:`WholeNumberField`."""

    TOTAL_FORMS = WholeNumberField(widget=forms.HiddenInput)
    INITIAL_FORMS = WholeNumberField(widget=forms.HiddenInput)
    MIN_NUM_FORMS = WholeNumberField(required=False, widget=forms.HiddenInput)
    MAX_NUM_FORMS = WholeNumberField(required=False, widget=forms.HiddenInput)


class LightFormSet(BaseFormSet):  # type: ignore[type-arg]
    """A formset whose management form is built as a :class:`LightForm` (its four counts)."""

    renderer: Any  # set by BaseFormSet.__init__

    @cached_property
    def management_form(self) -> ManagementForm:
        # As BaseFormSet.management_form, with the lighter form class.
        if self.is_bound:
            form = LightManagementForm(
                self.data, auto_id=self.auto_id, prefix=self.prefix, renderer=self.renderer
            )
            form.full_clean()
            return form
        return LightManagementForm(
            auto_id=self.auto_id,
            prefix=self.prefix,
            initial={
                TOTAL_FORM_COUNT: self.total_form_count(),
                INITIAL_FORM_COUNT: self.initial_form_count(),
                MIN_NUM_FORM_COUNT: self.min_num,
                MAX_NUM_FORM_COUNT: self.max_num,
            },
            renderer=self.renderer,
        )
