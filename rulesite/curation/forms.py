"""Forms of the curators' pages: the review editor, and the terminology confirmation that the
admin's change form shares."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rulesite.curation.services.glossary import Finding
from rulesite.curation.services.review import normalize_text


def describe_findings(findings: Iterable[Finding]) -> list[str]:
    """One sentence per terminology finding, in the curator's language."""
    out = []
    for finding in findings:
        values = {"en": finding.term_en, "fr": finding.term_fr}
        if finding.kind == "english":
            out.append(
                gettext("“%(en)s” is left in English: the French term is “%(fr)s”.") % values
            )
        else:
            out.append(gettext("“%(en)s” is “%(fr)s” in the French rules.") % values)
    return out


class FindingsField(forms.BooleanField):
    """ "The terminology is right here": asked when the French renders a glossary term
    otherwise, or leaves it in English."""

    def __init__(self) -> None:
        super().__init__(
            required=False,
            label=_("Save despite the terminology warnings"),
            help_text=_("Tick only when the glossary's term is wrong for this text."),
        )


class ReviewForm(forms.Form):
    """The review editor: the French, and how to leave it."""

    text_fr = forms.CharField(
        label=_("French"),
        required=False,
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 7, "lang": "fr", "spellcheck": "true"}),
    )
    suggestion = forms.IntegerField(required=False, widget=forms.HiddenInput)
    confirm_terms = FindingsField()

    def __init__(self, *args: Any, action: str = "", **kwargs: Any) -> None:
        #: The button pressed ("reviewed", "draft", "skip"…): saving as reviewed needs French.
        self.action = action
        super().__init__(*args, **kwargs)

    def clean_text_fr(self) -> str:
        text: str = self.cleaned_data.get("text_fr") or ""
        if self.action == "reviewed" and not normalize_text(text):
            raise forms.ValidationError(
                _(
                    "A reviewed translation needs French text; to drop the French, empty the "
                    "box and use “Save, still to review, and next”."
                ),
                code="reviewed_without_french",
            )
        return text
