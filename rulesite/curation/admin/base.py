"""What every curators' admin page shares: text as stored, unchanged saves that write nothing,
and a first history record for rows an importer wrote without one."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db import models
from django.forms import ModelForm
from django.http import HttpRequest

SIDE_BY_SIDE_CSS = {"all": ("curation/admin.css",)}


class StoredTextField(forms.CharField):
    """A text area's value with the line endings the database keeps (browsers send CRLF),
    so that saving an unchanged text changes nothing."""

    def to_python(self, value: Any) -> Any:
        value = super().to_python(value)
        if isinstance(value, str):
            return value.replace("\r\n", "\n").replace("\r", "\n")
        return value


class CuratorAdminMixin:
    """Saving an unchanged object writes nothing: no row update, no history record, no admin
    log entry. Rows without history (bulk-imported) get a first record of their state before
    the first edit, so that the edit can be reverted."""

    formfield_overrides: dict[type[models.Field[Any, Any]], dict[str, Any]] = {
        models.TextField: {"form_class": StoredTextField}
    }

    def save_model(
        self, request: HttpRequest, obj: Any, form: ModelForm[Any], change: bool
    ) -> None:
        if change and not form.has_changed() and not reverting(request):
            return
        if change:
            record_state_before_first_edit(obj)
        super().save_model(request, obj, form, change)  # type: ignore[misc]

    def save_related(
        self, request: HttpRequest, form: ModelForm[Any], formsets: Any, change: bool
    ) -> None:
        unchanged = not form.has_changed() and not any(f.has_changed() for f in formsets)
        if change and unchanged and not reverting(request):
            for formset in formsets:  # what the change message reads after a save
                formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []
            return
        super().save_related(request, form, formsets, change)  # type: ignore[misc]

    def log_change(self, request: HttpRequest, obj: Any, message: Any) -> Any:
        if not message:
            return None
        return super().log_change(request, obj, message)  # type: ignore[misc]


def reverting(request: HttpRequest) -> bool:
    """A revert from the history page: its form starts from the old state, so it always saves."""
    return "_change_history" in request.POST


def record_state_before_first_edit(obj: Any) -> None:
    manager = getattr(type(obj), "history", None)
    if manager is None or manager.filter(id=obj.pk).exists():
        return
    stored = type(obj)._default_manager.filter(pk=obj.pk).first()
    if stored is None:
        return
    if type(obj).__name__ == "Ruling":
        from rulesite.curation.services.history import record_rulings

        record_rulings([stored], history_type="+", user=None, reason="as imported")
        return
    manager.bulk_history_create([stored], default_change_reason="as imported")
