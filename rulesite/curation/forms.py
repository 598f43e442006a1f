"""Forms of the curators' pages: the review editor, and the terminology confirmation that the
admin's change form shares."""

from __future__ import annotations

from collections.abc import Iterable

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rulesite.curation.services.glossary import Finding


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
