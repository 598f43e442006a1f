"""Cards, their official clarifications (rulings), keywords and Comprehensive Rules."""

from __future__ import annotations

import hashlib

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from rulesite.core.text import fold


class Keyword(models.Model):
    slug = models.SlugField(max_length=80, unique=True)
    name_en = models.CharField(max_length=80, unique=True)
    name_fr = models.CharField(max_length=80, blank=True)
    rule_number = models.CharField(max_length=20, blank=True, help_text=_("e.g. 702.33"))
    explanation_en = models.TextField(blank=True)
    explanation_fr = models.TextField(blank=True)

    class Meta:
        ordering = ["name_en"]

    def __str__(self) -> str:
        return self.name_en

    def get_absolute_url(self) -> str:
        return reverse("cards:keyword_detail", args=[self.slug])


class CardQuerySet(models.QuerySet["Card"]):
    def with_rulings(self) -> CardQuerySet:
        return self.prefetch_related(
            models.Prefetch(
                "rulings", queryset=Ruling.objects.select_related("keyword").newest_first()
            ),
            "keywords",
        )

    def matching(self, query: models.Q) -> CardQuerySet:
        """Cards matching a parsed search (``rulesite.cards.search.parse(text).q``)."""
        return self.filter(query)

    def for_listing(self) -> CardQuerySet:
        """Only what a list of cards shows (name, French name, cost, type)."""
        return self.only(
            "name", "name_fr", "slug", "mana_cost", "type_line", "type_line_fr"
        ).order_by("name")


class Card(models.Model):
    oracle_id = models.CharField(max_length=36, unique=True, null=True, blank=True)
    name = models.CharField(max_length=200, unique=True)
    name_fr = models.CharField(max_length=200, blank=True)
    slug = models.SlugField(max_length=200, unique=True)
    search_name = models.CharField(
        max_length=420, db_index=True, editable=False, help_text="accent-folded EN + FR names"
    )
    mana_cost = models.CharField(max_length=100, blank=True)
    mana_value = models.DecimalField(max_digits=6, decimal_places=1, default=0)
    type_line = models.CharField(max_length=200)
    type_line_fr = models.CharField(max_length=200, blank=True)
    colors = models.CharField(max_length=5, blank=True, help_text="WUBRG letters, e.g. RG")
    power = models.CharField(max_length=10, blank=True)
    toughness = models.CharField(max_length=10, blank=True)
    loyalty = models.CharField(max_length=10, blank=True)
    oracle_text = models.TextField(blank=True)
    search_text = models.TextField(blank=True, editable=False, help_text="accent-folded oracle")
    printed_text_fr = models.TextField(blank=True)
    printed_set_fr = models.CharField(
        max_length=10, blank=True, help_text=_("set code of the printing the French text is from")
    )
    keywords = models.ManyToManyField(Keyword, related_name="cards", blank=True)
    history = HistoricalRecords()

    objects = CardQuerySet.as_manager()

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("cards:card_detail", args=[self.slug])

    @property
    def display_mana_value(self) -> str:
        value = self.mana_value
        return str(int(value)) if value == int(value) else str(value)

    @property
    def is_castable(self) -> bool:
        """Lands are played, not cast (rule 305.1): every other card can be cast."""
        return "Land" not in self.type_line.split("—")[0].split()

    def refresh_search_fields(self) -> None:
        """Recompute the folded fields used by search (call before saving)."""
        self.search_name = fold(f"{self.name} {self.name_fr}".strip())
        self.search_text = fold(self.oracle_text)


def ruling_hash(text_en: str) -> str:
    return hashlib.sha256(" ".join(text_en.split()).encode()).hexdigest()


class RulingQuerySet(models.QuerySet["Ruling"]):
    def newest_first(self) -> RulingQuerySet:
        return self.order_by("-published_on", "id")

    def official(self) -> RulingQuerySet:
        return self.exclude(source=Ruling.Source.COMMUNITY)

    def french_review_queue(self) -> RulingQuerySet:
        return self.filter(
            translation_status__in=[
                Ruling.TranslationStatus.MACHINE,
                Ruling.TranslationStatus.NEEDS_REVIEW,
            ]
        ).order_by("published_on", "id")


class Ruling(models.Model):
    """One official (or community) clarification, shared by every card it applies to."""

    class Source(models.TextChoices):
        WOTC = "wotc", _("Wizards of the Coast")
        SCRYFALL = "scryfall", _("Scryfall")
        COMMUNITY = "community", _("Community")

    class TranslationStatus(models.TextChoices):
        MISSING = "missing", _("missing")
        MACHINE = "machine", _("machine-translated")
        REVIEWED = "reviewed", _("reviewed")
        NEEDS_REVIEW = "needs_review", _("needs review")

    published_on = models.DateField()
    source = models.CharField(max_length=20, choices=Source.choices, default=Source.WOTC)
    text_en = models.TextField()
    text_hash = models.CharField(max_length=64, editable=False, db_index=True)
    text_fr = models.TextField(blank=True)
    translation_status = models.CharField(
        max_length=20, choices=TranslationStatus.choices, default=TranslationStatus.MISSING
    )
    previous_text_fr = models.TextField(
        blank=True, help_text=_("French text kept when the English text changed")
    )
    cards = models.ManyToManyField(Card, related_name="rulings", blank=True)
    keyword = models.ForeignKey(
        Keyword, null=True, blank=True, on_delete=models.SET_NULL, related_name="rulings"
    )
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords(m2m_fields=[cards])

    objects = RulingQuerySet.as_manager()

    class Meta:
        ordering = ["-published_on", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["published_on", "source", "text_hash"], name="unique_ruling_text"
            )
        ]

    def __str__(self) -> str:
        return f"{self.published_on} {self.text_en[:60]}"

    def save(self, *args: object, **kwargs: object) -> None:
        self.text_hash = ruling_hash(self.text_en)
        super().save(*args, **kwargs)  # type: ignore[arg-type]

    @property
    def is_machine_translated(self) -> bool:
        return self.translation_status in {
            self.TranslationStatus.MACHINE,
            self.TranslationStatus.NEEDS_REVIEW,
        }


class RuleQuerySet(models.QuerySet["Rule"]):
    def with_family(self) -> RuleQuerySet:
        """Ancestors (three levels up) and two levels of subrules, in two queries."""
        return self.select_related("parent__parent__parent").prefetch_related(
            models.Prefetch(
                "children",
                queryset=Rule.objects.order_by("sort_key").prefetch_related(
                    models.Prefetch("children", queryset=Rule.objects.order_by("sort_key"))
                ),
            )
        )

    def formerly_numbered(self, number: str) -> RuleQuerySet:
        """Rules that older editions numbered ``number`` (702.30a is 702.33a today)."""
        return self.filter(former_number=number)


class Rule(models.Model):
    """A Comprehensive Rules entry: ``601.2f``, ``702.33a``, or a section such as ``702.33``."""

    number = models.CharField(max_length=20, unique=True)
    sort_key = models.CharField(max_length=60, db_index=True, editable=False)
    title = models.CharField(max_length=200, blank=True)
    text_en = models.TextField()
    text_fr = models.TextField(blank=True)
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="children"
    )
    edition = models.CharField(max_length=40, blank=True, help_text=_("effective date of the CR"))
    former_number = models.CharField(
        max_length=20, blank=True, help_text=_("number in older editions, e.g. 702.30 for 702.33")
    )

    objects = RuleQuerySet.as_manager()

    class Meta:
        ordering = ["sort_key"]

    def __str__(self) -> str:
        return f"{self.number} {self.title}".strip()

    def save(self, *args: object, **kwargs: object) -> None:
        self.sort_key = rule_sort_key(self.number)
        super().save(*args, **kwargs)  # type: ignore[arg-type]

    def get_absolute_url(self) -> str:
        return reverse("cards:rule_detail", args=[self.number])


def rule_sort_key(number: str) -> str:
    """Order rule numbers naturally: 601.2 < 601.2a < 601.10, 702.9 < 702.33.

    >>> rule_sort_key("601.2f") < rule_sort_key("601.10")
    True
    """
    head, _, tail = number.partition(".")
    digits = "".join(c for c in tail if c.isdigit())
    letters = "".join(c for c in tail if c.isalpha())
    return f"{int(head or 0):04d}.{int(digits or 0):04d}{letters}"
