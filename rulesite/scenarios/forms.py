"""Forms of the scenario pages and API: every rule of a submission and of the list's filters
lives here, for the page and the JSON API alike."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from rulesite.api.jsonio import shorten
from rulesite.cards.models import Card, Keyword
from rulesite.core.text import fold
from rulesite.scenarios.models import Scenario, ScenarioFlag, ScenarioQuerySet
from rulesite.scenarios.services import (
    AUTHOR_MAX,
    FLAG_NOTE_MAX,
    QUESTION_MAX,
    SCENARIO_MAX_BYTES,
    TITLE_MAX,
)
from rulesite.workbench.permalink import MAX_ENCODED_LENGTH, PermalinkError, decode_scenario


class TextField(forms.CharField):
    """Text as a reader writes it: line breaks normalized, spaces collapsed on one line (unless
    ``multiline``), no control characters; JSON values other than strings are refused."""

    def __init__(self, *, multiline: bool = False, **kwargs: Any) -> None:
        kwargs.setdefault(
            "error_messages",
            {"max_length": _("At most %(limit_value)d characters (this has %(show_value)d).")},
        )
        super().__init__(**kwargs)
        self.multiline = multiline

    def to_python(self, value: Any) -> str:
        if value is not None and not isinstance(value, str):
            raise forms.ValidationError(_("Must be text."), code="not_text")
        text = (value or "").replace("\r\n", "\n").replace("\r", "\n").strip()
        if not self.multiline:
            text = " ".join(text.split())
        if any(ord(c) < 32 and c not in "\n\t" for c in text) or "\x7f" in text:
            raise forms.ValidationError(
                _("Must not contain control characters."), code="control_characters"
            )
        return text


class ScenarioField(forms.Field):
    """An evaluate request, as a JSON object of at most ``SCENARIO_MAX_BYTES`` (the engine
    judges the rest when the scenario is submitted)."""

    def to_python(self, value: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise forms.ValidationError(
                _("Must be an evaluate request (a JSON object)."), code="not_an_object"
            )
        size = len(json.dumps(value, ensure_ascii=False).encode())
        if size > SCENARIO_MAX_BYTES:
            raise forms.ValidationError(
                _("At most %(max)d bytes of JSON (this has %(n)d)."),
                code="too_large",
                params={"max": SCENARIO_MAX_BYTES, "n": size},
            )
        return value


LANGUAGE_ERRORS = {"invalid_choice": _("Must be one of: en, fr.")}


class ScenarioSubmissionForm(forms.Form):
    """A shared scenario: a title, a question, its language, an author and the request (the
    fields of ``POST /api/v1/scenarios``)."""

    title = TextField(label=_("Title"), max_length=TITLE_MAX)
    question = TextField(
        label=_("Question"),
        max_length=QUESTION_MAX,
        multiline=True,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=_(
            "Markdown: **bold**, *italic*, `code`, lists and links. Mana symbols such as "
            "{2}{R} and rule numbers such as 601.2f are shown as symbols and links; HTML is "
            "shown as text."
        ),
    )
    author = TextField(label=_("Your name (optional)"), max_length=AUTHOR_MAX, required=False)
    language = forms.ChoiceField(
        label=_("Language of the question"),
        choices=Scenario.Language,
        error_messages=LANGUAGE_ERRORS,
    )
    scenario = ScenarioField()


class ScenarioSubmitForm(ScenarioSubmissionForm):
    """The page's form: the request comes in the workbench's link (``s``)."""

    s = forms.CharField(widget=forms.HiddenInput, max_length=MAX_ENCODED_LENGTH)

    field_order = ["s", "title", "question", "author", "language"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        del self.fields["scenario"]

    def clean_s(self) -> dict[str, Any]:
        try:
            scenario = decode_scenario(self.cleaned_data["s"])
        except PermalinkError as exc:
            raise forms.ValidationError(
                _("The scenario link is damaged; share it again from the workbench.")
            ) from exc
        return ScenarioField().clean(scenario)  # type: ignore[no-any-return]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if "s" in cleaned:
            cleaned["scenario"] = cleaned["s"]
        return cleaned


YES = frozenset({"true", "True", "on"})
NO = frozenset({"false", "False"})


def _is_yes(value: Any) -> bool:
    return value is True or (isinstance(value, str) and value in YES)


class YesNoInput(forms.CheckboxInput):
    """The list page's checkbox, handing the field what was sent as it was sent.

    Django's checkbox reads a missing value as False (an unticked box sends nothing) and any
    other text as True; a filter must instead tell "not given" (no filter) from "false", and
    refuse ``0``, ``no`` or ``maybe`` rather than read them as a yes.
    """

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs, check_test=_is_yes)

    def value_from_datadict(self, data: Any, files: Any, name: str) -> Any:
        return data.get(name)

    def value_omitted_from_data(self, data: Any, files: Any, name: str) -> bool:
        return name not in data


class YesNoField(forms.Field):
    """A checkbox on the page (``on``), ``true`` or ``false`` in the API, None when not given
    or empty (no filter); anything else is an error rather than a yes."""

    widget = YesNoInput
    default_error_messages = {"invalid": _("Must be true or false.")}

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> bool | None:
        if value is None or value == "":
            return None
        if _is_yes(value):
            return True
        if value is False or (isinstance(value, str) and value in NO):
            return False
        raise forms.ValidationError(self.error_messages["invalid"], code="invalid")

    def prepare_value(self, value: Any) -> bool | None:
        """What the page shows: ticked for a yes, unticked for anything else."""
        try:
            return self.to_python(value)
        except forms.ValidationError:
            return None


class SlugChoiceField(forms.ModelChoiceField):  # type: ignore[type-arg]
    """A card or keyword by its slug; an unknown slug is quoted cut short in the error (a
    query string may hold any length of text)."""

    def to_python(self, value: Any) -> Any:
        try:
            return super().to_python(value)
        except forms.ValidationError as exc:
            if exc.code != "invalid_choice":
                raise
            raise forms.ValidationError(
                self.error_messages["invalid_choice"],
                code="invalid_choice",
                params={"value": shorten(str(value))},
            ) from exc


class ScenarioFilterForm(forms.Form):
    """The filters of the published scenarios, on the list page and in the API."""

    card = SlugChoiceField(
        label=_("Card"),
        queryset=Card.objects.none(),
        to_field_name="slug",
        required=False,
        empty_label=_("Any card"),
        error_messages={"invalid_choice": _("No card with the slug “%(value)s”.")},
    )
    keyword = SlugChoiceField(
        label=_("Keyword"),
        queryset=Keyword.objects.none(),
        to_field_name="slug",
        required=False,
        empty_label=_("Any keyword"),
        error_messages={"invalid_choice": _("No keyword with the slug “%(value)s”.")},
    )
    language = forms.ChoiceField(
        label=_("Language"),
        choices=[("", _("Any language")), *Scenario.Language.choices],
        required=False,
        error_messages=LANGUAGE_ERRORS,
    )
    changed = YesNoField(label=_("Answer changed since publication"))

    def filter(self, scenarios: ScenarioQuerySet) -> ScenarioQuerySet:
        """``scenarios`` narrowed to the filters (call after :meth:`is_valid`)."""
        data = self.cleaned_data
        if data["card"] is not None:
            scenarios = scenarios.for_card(data["card"])
        if data["keyword"] is not None:
            scenarios = scenarios.for_keyword(data["keyword"])
        if data["language"]:
            scenarios = scenarios.filter(language=data["language"])
        if data["changed"] is not None:
            scenarios = scenarios.filter(answer_changed=data["changed"])
        return scenarios

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        published = Scenario.Status.PUBLISHED
        card_field = self.fields["card"]
        keyword_field = self.fields["keyword"]
        assert isinstance(card_field, forms.ModelChoiceField)
        assert isinstance(keyword_field, forms.ModelChoiceField)
        # Any card or keyword is a valid filter (one without scenarios lists none); the
        # selects offer only those that have published scenarios.
        card_field.queryset = Card.objects.only("slug", "name", "name_fr")
        keyword_field.queryset = Keyword.objects.all()
        self.offered = {
            "card": Card.objects.filter(scenarios__status=published)
            .distinct()
            .only("slug", "name", "name_fr"),
            "keyword": Keyword.objects.filter(scenarios__status=published).distinct(),
        }

    def select_options(self, name: str, *, french: bool = False) -> list[tuple[str, str, bool]]:
        """``(value, label, selected)`` for the select ``name``, first the empty choice; cards
        and keywords by their French names when ``french`` (English when they have none), in
        the order of those names.

        The list page draws its selects from this in one template loop: Django's widget
        templates render one sub-template per option, which made the page several times
        slower than everything else on it together.
        """
        field = self.fields[name]
        current = str(self.data.get(name, "")) if self.is_bound else ""
        if isinstance(field, forms.ModelChoiceField):
            choices: list[tuple[str, str]] = [("", str(field.empty_label or ""))]
            offered: list[Any] = list(self.offered[name])
            # A NUL never names a card, and PostgreSQL refuses it in a query.
            if current and "\x00" not in current and current not in {o.slug for o in offered}:
                assert field.queryset is not None  # set in __init__
                offered += list(field.queryset.filter(slug=current))
            labelled = [(item.slug, offered_name(item, french=french)) for item in offered]
            choices += sorted(labelled, key=lambda choice: fold(choice[1]))
        else:
            assert isinstance(field, forms.ChoiceField)
            choices = [(str(v), str(label)) for v, label in field.choices]  # type: ignore[misc,union-attr]
        return [(value, label, value == current) for value, label in choices]


def offered_name(item: Card | Keyword, *, french: bool) -> str:
    """A card's or keyword's name in the page's language: its French name on /fr/ when it
    has one, else its English name."""
    english = item.name if isinstance(item, Card) else item.name_en
    return (item.name_fr or english) if french else english


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
