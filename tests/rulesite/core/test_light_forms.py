"""Forms built by copying their fields one level deep (rulesite.core.forms): each instance can
still change its own fields without changing another's."""

from __future__ import annotations

import pytest
from django import forms

from rulesite.core.forms import LightForm, LightFormSet, WholeNumberField, copy_field


class Pick(LightForm):
    colour = forms.ChoiceField(choices=[("r", "Red"), ("g", "Green")])
    name = forms.CharField(max_length=10, widget=forms.TextInput(attrs={"size": "10"}))
    tags = forms.MultipleChoiceField(
        choices=[("a", "A")], required=False, widget=forms.CheckboxSelectMultiple
    )


def test_choices_set_on_one_form_do_not_reach_another() -> None:
    first, second = Pick(), Pick()

    first.fields["colour"].choices = [("u", "Blue")]  # type: ignore[attr-defined]

    assert list(second.fields["colour"].choices) == [("r", "Red"), ("g", "Green")]  # type: ignore[attr-defined]
    assert 'value="r"' in str(second["colour"])
    assert 'value="u"' in str(first["colour"])
    assert 'value="r"' not in str(first["colour"])


def test_labels_attributes_and_validators_set_on_one_form_do_not_reach_another() -> None:
    first, second = Pick(), Pick()

    first.fields["name"].label = "Nom"
    first.fields["name"].widget.attrs["placeholder"] = "Lightning"
    first.fields["name"].validators.append(lambda value: None)

    assert second.fields["name"].label is None
    assert "placeholder" not in second.fields["name"].widget.attrs
    assert len(second.fields["name"].validators) == len(Pick.base_fields["name"].validators)


def test_a_light_form_validates_as_a_django_form() -> None:
    bound = Pick({"colour": "g", "name": "x" * 11, "tags": ["a"]})

    assert not bound.is_valid()
    assert bound.cleaned_data == {"colour": "g", "tags": ["a"]}
    assert "name" in bound.errors


def test_copy_field_copies_the_widget_and_its_choices() -> None:
    field = Pick.base_fields["tags"]

    copied = copy_field(field)

    assert copied is not field
    assert copied.widget is not field.widget
    assert copied.widget.choices == field.widget.choices  # type: ignore[attr-defined]
    assert copied.widget.choices is not field.widget.choices  # type: ignore[attr-defined]


def test_fields_of_other_kinds_are_deep_copied() -> None:
    field = forms.SplitDateTimeField()

    copied = copy_field(field)

    assert copied.fields[0] is not field.fields[0]  # type: ignore[attr-defined]


class Rows(LightFormSet):
    pass


RowsFormSet = forms.formset_factory(Pick, formset=Rows, extra=0, max_num=3, validate_max=True)


def test_a_light_formset_reads_and_checks_its_management_form() -> None:
    data = {"r-TOTAL_FORMS": "1", "r-INITIAL_FORMS": "0", "r-0-colour": "g", "r-0-name": "x"}

    rows = RowsFormSet(data, prefix="r")

    assert rows.is_valid()
    assert rows.management_form.cleaned_data["TOTAL_FORMS"] == 1
    assert rows.forms[0].cleaned_data["colour"] == "g"


def test_a_light_formset_without_its_management_form_is_an_error() -> None:
    rows = RowsFormSet({"r-0-colour": "g"}, prefix="r")

    assert not rows.is_valid()
    assert "ManagementForm data is missing" in str(rows.non_form_errors())


def test_an_unbound_light_formset_renders_its_counts() -> None:
    html = str(RowsFormSet(prefix="r").management_form)

    assert 'name="r-TOTAL_FORMS" value="0"' in html
    assert 'name="r-MAX_NUM_FORMS" value="3"' in html


def test_a_whole_number_field_reads_numbers_as_django_s_integer_field() -> None:
    django_field = forms.IntegerField(required=False, min_value=0, max_value=9)
    ours = WholeNumberField(required=False, min_value=0, max_value=9)

    for text in ("5", " 7 ", "3.0", "3.00 ", ""):
        assert ours.clean(text) == django_field.clean(text)
    for text in ("3.5", "x", "12", "-1"):
        with pytest.raises(forms.ValidationError) as refused:
            ours.clean(text)
        with pytest.raises(forms.ValidationError) as also_refused:
            django_field.clean(text)
        assert refused.value.messages == also_refused.value.messages
