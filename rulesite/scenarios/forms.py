"""Forms of the scenario pages. Field rules live in ``services.clean_submission`` (shared with
the JSON API); the forms only carry the values and show the errors."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from rulesite.cards.models import Card, Keyword
from rulesite.scenarios.models import Scenario, ScenarioFlag
from rulesite.scenarios.services import AUTHOR_MAX, FLAG_NOTE_MAX, QUESTION_MAX, TITLE_MAX
from rulesite.workbench.permalink import MAX_ENCODED_LENGTH, PermalinkError, decode_scenario


class ScenarioSubmitForm(forms.Form):
    s = forms.CharField(widget=forms.HiddenInput, max_length=MAX_ENCODED_LENGTH)
    title = forms.CharField(label=_("Title"), max_length=TITLE_MAX)
    question = forms.CharField(
        label=_("Question"),
        max_length=QUESTION_MAX,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=_(
            "Markdown: **bold**, *italic*, `code`, lists and links. Mana symbols such as "
            "{2}{R} and rule numbers such as 601.2f are shown as symbols and links; HTML is "
            "shown as text."
        ),
    )
    author = forms.CharField(label=_("Your name (optional)"), max_length=AUTHOR_MAX, required=False)
    language = forms.ChoiceField(label=_("Language of the question"), choices=Scenario.Language)

    def clean_s(self) -> dict[str, Any]:
        try:
            return decode_scenario(self.cleaned_data["s"])
        except PermalinkError as exc:
            raise forms.ValidationError(
                _("The scenario link is damaged; share it again from the workbench.")
            ) from exc


class ScenarioFilterForm(forms.Form):
    card = forms.ModelChoiceField(
        label=_("Card"),
        queryset=Card.objects.none(),
        to_field_name="slug",
        required=False,
        empty_label=_("Any card"),
    )
    keyword = forms.ModelChoiceField(
        label=_("Keyword"),
        queryset=Keyword.objects.none(),
        to_field_name="slug",
        required=False,
        empty_label=_("Any keyword"),
    )
    language = forms.ChoiceField(
        label=_("Language"),
        choices=[("", _("Any language")), *Scenario.Language.choices],
        required=False,
    )
    changed = forms.BooleanField(label=_("Answer changed since publication"), required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        published = Scenario.Status.PUBLISHED
        card_field = self.fields["card"]
        keyword_field = self.fields["keyword"]
        assert isinstance(card_field, forms.ModelChoiceField)
        assert isinstance(keyword_field, forms.ModelChoiceField)
        # Any card or keyword is a valid filter (one without scenarios lists none); the
        # selects offer only those that have published scenarios.
        card_field.queryset = Card.objects.only("slug", "name")
        keyword_field.queryset = Keyword.objects.all()
        self.offered = {
            "card": Card.objects.filter(scenarios__status=published)
            .distinct()
            .only("slug", "name"),
            "keyword": Keyword.objects.filter(scenarios__status=published).distinct(),
        }

    def select_options(self, name: str) -> list[tuple[str, str, bool]]:
        """``(value, label, selected)`` for the select ``name``, first the empty choice.

        The list page draws its selects from this in one template loop: Django's widget
        templates render one sub-template per option, which made the page several times
        slower than everything else on it together.
        """
        field = self.fields[name]
        current = str(self.data.get(name, "")) if self.is_bound else ""
        if isinstance(field, forms.ModelChoiceField):
            choices: list[tuple[str, str]] = [("", str(field.empty_label or ""))]
            queryset = self.offered[name]
            offered = list(queryset.order_by("name") if name == "card" else queryset)
            # A NUL never names a card, and PostgreSQL refuses it in a query.
            if current and "\x00" not in current and current not in {o.slug for o in offered}:
                offered += list(field.queryset.filter(slug=current))
            choices += [(item.slug, item.name if name == "card" else str(item)) for item in offered]
        else:
            assert isinstance(field, forms.ChoiceField)
            choices = [(str(v), str(label)) for v, label in field.choices]
        return [(value, label, value == current) for value, label in choices]


class ScenarioFlagForm(forms.Form):
    """Why a reader flags a published scenario: a reason, and details if they wish."""

    reason = forms.ChoiceField(
        label=_("What is wrong with this scenario?"),
        choices=ScenarioFlag.Reason.choices,
        widget=forms.RadioSelect,
        error_messages={"required": _("Choose why you flag this scenario.")},
    )
    note = forms.CharField(
        label=_("Details (optional)"),
        max_length=FLAG_NOTE_MAX,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
