"""Cards, their official clarifications (rulings), keywords and Comprehensive Rules."""

from __future__ import annotations

import hashlib
import re
from decimal import Decimal
from functools import lru_cache

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from rulesite.cards.rulebook import rule_sort_key
from rulesite.core.text import fold


class Keyword(models.Model):
    slug = models.SlugField(max_length=80, unique=True)
    name_en = models.CharField(_("English name"), max_length=80, unique=True)
    name_fr = models.CharField(_("French name"), max_length=80, blank=True)
    rule_number = models.CharField(
        _("rule number"), max_length=20, blank=True, help_text=_("e.g. 702.33")
    )
    explanation_en = models.TextField(blank=True)
    explanation_fr = models.TextField(blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["name_en"]
        verbose_name = _("keyword")
        verbose_name_plural = _("keywords")

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

    def for_listing(self, *, french: bool = False) -> CardQuerySet:
        """Only what a list of cards shows (name, French name, cost, type), in name order:
        the French name's on /fr/ (accent- and case-insensitive), the English name's otherwise."""
        return self.only(
            "name", "name_fr", "slug", "mana_cost", "type_line", "type_line_fr"
        ).order_by("sort_name_fr" if french else "name")

    def named(self, name: str) -> CardQuerySet:
        """Cards whose English or French name is ``name`` (any case or accents)."""
        folded = fold(name)
        return self.filter(
            models.Q(search_name=folded)
            | models.Q(name__iexact=name)
            | models.Q(name_fr__iexact=name)
            | models.Q(sort_name_fr=folded, name_fr__gt="")
        )


class Card(models.Model):
    oracle_id = models.CharField(max_length=36, unique=True, null=True, blank=True)
    name = models.CharField(_("name"), max_length=200, unique=True)
    name_fr = models.CharField(_("French name"), max_length=200, blank=True)
    slug = models.SlugField(max_length=200, unique=True)
    search_name = models.CharField(
        max_length=420, db_index=True, editable=False, help_text="accent-folded EN + FR names"
    )
    mana_cost = models.CharField(_("mana cost"), max_length=100, blank=True)
    mana_value = models.DecimalField(max_digits=6, decimal_places=1, default=0)
    type_line = models.CharField(_("type line"), max_length=200)
    type_line_fr = models.CharField(max_length=200, blank=True)
    colors = models.CharField(max_length=5, blank=True, help_text="WUBRG letters, e.g. RG")
    color_identity = models.CharField(
        max_length=5, blank=True, default="", help_text="WUBRG letters of the colour identity"
    )
    power = models.CharField(max_length=10, blank=True)
    toughness = models.CharField(max_length=10, blank=True)
    loyalty = models.CharField(max_length=10, blank=True)
    # Numbers for pow/tou/loy comparisons ("1+*" counts as 1; "*" and "" as no number).
    power_value = models.DecimalField(
        max_digits=6, decimal_places=1, null=True, blank=True, editable=False
    )
    toughness_value = models.DecimalField(
        max_digits=6, decimal_places=1, null=True, blank=True, editable=False
    )
    loyalty_value = models.DecimalField(
        max_digits=6, decimal_places=1, null=True, blank=True, editable=False
    )
    sort_name_fr = models.CharField(
        max_length=200,
        blank=True,
        default="",
        db_index=True,
        editable=False,
        help_text="accent-folded French name (English when none): the order of /fr/ lists",
    )
    oracle_text = models.TextField(blank=True)
    search_text = models.TextField(blank=True, editable=False, help_text="accent-folded oracle")
    printed_text_fr = models.TextField(blank=True)
    printed_set_fr = models.CharField(
        max_length=10, blank=True, help_text=_("set code of the printing the French text is from")
    )
    meld_back_face = models.BooleanField(
        default=False,
        help_text="the back face of a meld pair, a card of its own in the source (712.4b)",
    )
    keywords = models.ManyToManyField(
        Keyword, verbose_name=_("keywords"), related_name="cards", blank=True
    )
    history = HistoricalRecords()

    objects = CardQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        verbose_name = _("card")
        verbose_name_plural = _("cards")
        permissions = [("edit_oracle", _("Can edit a card's Oracle (official English) text"))]

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
        """Recompute the fields search and sorting read (call before saving)."""
        self.search_name, self.search_text = card_search_fields(
            self.name, self.name_fr, self.oracle_text
        )
        self.refresh_derived_fields()

    def refresh_derived_fields(self) -> None:
        """The cheap derived fields: French sort name and numeric power, toughness, loyalty."""
        (
            self.sort_name_fr,
            self.power_value,
            self.toughness_value,
            self.loyalty_value,
        ) = card_derived_fields(self.name, self.name_fr, self.power, self.toughness, self.loyalty)

    @property
    def scryfall_url(self) -> str:
        """The card's Scryfall page, found from its Scryfall oracle id ("" without one)."""
        if not self.oracle_id:
            return ""
        return f"https://scryfall.com/search?q=oracleid%3A{self.oracle_id}"


def card_search_fields(name: str, name_fr: str, oracle_text: str) -> tuple[str, str]:
    """A card's ``search_name`` and ``search_text`` (accent-folded names and Oracle text);
    importers that write cards as rows compute them with this too.

    >>> card_search_fields("Burst Lightning", "Éclair explosif", "Kicker {4}")
    ('burst lightning eclair explosif', 'kicker {4}')
    """
    return fold(f"{name} {name_fr}".strip()), fold(oracle_text)


def card_derived_fields(
    name: str, name_fr: str, power: str, toughness: str, loyalty: str
) -> tuple[str, Decimal | None, Decimal | None, Decimal | None]:
    """A card's ``sort_name_fr`` and its power, toughness and loyalty as numbers; importers
    that write cards as rows compute them with this too.

    >>> card_derived_fields("Gnarlid Colony", "Colonie de gnarlides", "2", "2", "")
    ('colonie de gnarlides', Decimal('2.0'), Decimal('2.0'), None)
    """
    return (
        fold(name_fr or name),
        number_value(power),
        number_value(toughness),
        number_value(loyalty),
    )


NUMBER_RE = re.compile(r"^[+-]?\d+(?:\.\d+)?")


@lru_cache(maxsize=4096)  # a few hundred distinct values; an import reads 70,000 of them
def number_value(text: str) -> Decimal | None:
    """The number a power, toughness or loyalty compares as (``1+*`` → 1, ``*`` → None).

    >>> number_value("3"), number_value("1+*"), number_value("*"), number_value("-1")
    (Decimal('3.0'), Decimal('1.0'), None, Decimal('-1.0'))
    """
    match = NUMBER_RE.match(text.strip())
    if match is None:
        return None
    value = Decimal(match.group(0)).quantize(Decimal("0.1"))
    return value if abs(value) < 10000 else None


class Printing(models.Model):
    """One printing of a card in a set (from MTGJSON): where and how rare."""

    class Rarity(models.TextChoices):
        COMMON = "common", _("common")
        UNCOMMON = "uncommon", _("uncommon")
        RARE = "rare", _("rare")
        MYTHIC = "mythic", _("mythic rare")
        SPECIAL = "special", _("special")
        BONUS = "bonus", _("bonus")

    # No index of its own: the unique constraint's index starts with the card.
    card = models.ForeignKey(
        Card, on_delete=models.CASCADE, related_name="printings", db_index=False
    )
    set_code = models.CharField(max_length=10)
    set_name = models.CharField(max_length=200)
    released_on = models.DateField(null=True, blank=True)
    rarity = models.CharField(max_length=10, choices=Rarity.choices)
    collector_number = models.CharField(max_length=20, blank=True)

    class Meta:
        ordering = ["-released_on", "set_code", "collector_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["card", "set_code", "collector_number"], name="unique_printing"
            )
        ]
        indexes = [
            models.Index(fields=["set_code", "card"], name="cards_printing_set_idx"),
            models.Index(fields=["rarity", "card"], name="cards_printing_rarity_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.card_id} {self.set_code} #{self.collector_number}"


class Legality(models.Model):
    """A card's status in one format (MTGJSON ``legalities``; absent means not legal)."""

    class Status(models.TextChoices):
        LEGAL = "legal", _("legal")
        RESTRICTED = "restricted", _("restricted")
        BANNED = "banned", _("banned")

    # No index of its own: the unique constraint's index starts with the card.
    card = models.ForeignKey(
        Card, on_delete=models.CASCADE, related_name="legalities", db_index=False
    )
    format = models.CharField(max_length=30)
    status = models.CharField(max_length=12, choices=Status.choices)

    class Meta:
        ordering = ["format"]
        constraints = [models.UniqueConstraint(fields=["card", "format"], name="unique_legality")]
        indexes = [models.Index(fields=["format", "status", "card"], name="cards_legality_idx")]

    def __str__(self) -> str:
        return f"{self.card_id} {self.format}: {self.status}"


def ruling_hash(text_en: str) -> str:
    return hashlib.sha256(" ".join(text_en.split()).encode()).hexdigest()


class RulingQuerySet(models.QuerySet["Ruling"]):
    def newest_first(self) -> RulingQuerySet:
        return self.order_by("-published_on", "id")

    def official(self) -> RulingQuerySet:
        return self.exclude(source=Ruling.Source.COMMUNITY)

    def current(self) -> RulingQuerySet:
        """Clarifications the sources still give (withdrawn ones are kept for curators)."""
        return self.filter(withdrawn_on__isnull=True)

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

    published_on = models.DateField(_("published on"))
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
    previous_text_en = models.TextField(
        blank=True,
        help_text=_("the English the French was written for, kept when an import re-worded it"),
    )
    previous_status = models.CharField(
        max_length=20,
        choices=TranslationStatus.choices,
        blank=True,
        help_text=_("the review status the French had for the earlier English"),
    )
    withdrawn_on = models.DateField(
        null=True,
        blank=True,
        help_text=_("when an import found that the source no longer gives this clarification"),
    )
    search_text = models.TextField(
        blank=True, editable=False, help_text="accent-folded English and French text"
    )
    cards = models.ManyToManyField(Card, related_name="rulings", blank=True)
    keyword = models.ForeignKey(
        Keyword,
        verbose_name=_("keyword"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="rulings",
    )
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords(m2m_fields=[cards], excluded_fields=["search_text"])

    objects = RulingQuerySet.as_manager()

    class Meta:
        ordering = ["-published_on", "id"]
        verbose_name = _("clarification")
        verbose_name_plural = _("clarifications")
        permissions = [
            ("edit_official", _("Can edit or delete official clarifications (WotC, Scryfall)"))
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["published_on", "source", "text_hash"], name="unique_ruling_text"
            )
        ]

    def __str__(self) -> str:
        return f"{self.published_on} {self.text_en[:60]}"

    def save(self, *args: object, **kwargs: object) -> None:
        self.refresh_derived_fields()
        super().save(*args, **kwargs)  # type: ignore[arg-type]

    def refresh_derived_fields(self) -> None:
        """Recompute the hash and the folded search text (bulk writers call this)."""
        self.text_hash = ruling_hash(self.text_en)
        self.search_text = fold(f"{self.text_en}\n{self.text_fr}")

    @property
    def is_official(self) -> bool:
        return self.source != self.Source.COMMUNITY

    @property
    def is_machine_translated(self) -> bool:
        return self.translation_status in {
            self.TranslationStatus.MACHINE,
            self.TranslationStatus.NEEDS_REVIEW,
        }

    @property
    def french_state(self) -> str:
        """What readers are told about the French: ``reviewed``, ``earlier_wording`` (reviewed
        for an earlier English text that WotC re-worded), ``machine``, ``unreviewed`` or
        ``missing``."""
        status = self.TranslationStatus
        if not self.text_fr:
            return "missing"
        if self.translation_status == status.REVIEWED:
            return "reviewed"
        if (
            self.translation_status == status.NEEDS_REVIEW
            and self.previous_text_en
            and self.previous_status == status.REVIEWED
        ):
            return "earlier_wording"
        if self.translation_status == status.MACHINE or self.previous_status == status.MACHINE:
            return "machine"
        return "unreviewed"


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

    number = models.CharField(_("number"), max_length=20, unique=True)
    sort_key = models.CharField(max_length=60, db_index=True, editable=False)
    title = models.CharField(_("title"), max_length=200, blank=True)
    text_en = models.TextField()
    text_fr = models.TextField(blank=True)
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="children"
    )
    edition = models.CharField(
        _("edition"), max_length=40, blank=True, help_text=_("effective date of the CR")
    )
    former_number = models.CharField(
        max_length=20, blank=True, help_text=_("number in older editions, e.g. 702.30 for 702.33")
    )
    history = HistoricalRecords()

    objects = RuleQuerySet.as_manager()

    class Meta:
        ordering = ["sort_key"]
        verbose_name = _("rule")
        verbose_name_plural = _("rules")

    def __str__(self) -> str:
        return f"{self.number} {self.title}".strip()

    def save(self, *args: object, **kwargs: object) -> None:
        self.sort_key = rule_sort_key(self.number)
        super().save(*args, **kwargs)  # type: ignore[arg-type]

    def get_absolute_url(self) -> str:
        return reverse("cards:rule_detail", args=[self.number])

    @property
    def title_fr(self) -> str:
        """The French title, where stored: a titled rule's text is its title ("Kick" for 702.33
        Kicker)."""
        return self.text_fr if self.title else ""


class RuleEdition(models.Model):
    """One edition of the Comprehensive Rules, by its effective date. Every edition imported
    is kept: its rules' texts are :class:`RuleVersion` rows; :class:`Rule` is the newest's."""

    effective_on = models.DateField(unique=True)
    source = models.CharField(max_length=200, blank=True, help_text=_("file it was read from"))
    imported_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["effective_on"]

    def __str__(self) -> str:
        return self.effective_on.isoformat()


class RuleVersionQuerySet(models.QuerySet["RuleVersion"]):
    def lineage_of(self, number: str) -> list[RuleVersion]:
        """The versions of the rule numbered ``number`` in the newest edition that has it,
        through every edition on file (following renumberings), oldest first."""
        newest = self.filter(number=number).order_by("-edition__effective_on").first()
        if newest is None:
            return []
        return list(
            self.filter(lineage=newest.lineage)
            .select_related("edition", "previous")
            .order_by("edition__effective_on")
        )


class RuleVersion(models.Model):
    """The text of one rule in one edition, linked to the same rule in the edition before
    (``previous``: the same number, or the number it had before it was renumbered)."""

    class Change(models.TextChoices):
        ADDED = "added", _("added")
        CHANGED = "changed", _("changed")
        RENUMBERED = "renumbered", _("renumbered")
        UNCHANGED = "unchanged", _("unchanged")

    edition = models.ForeignKey(RuleEdition, on_delete=models.CASCADE, related_name="versions")
    number = models.CharField(max_length=20)
    sort_key = models.CharField(max_length=60, editable=False)
    title = models.CharField(max_length=200, blank=True)
    text_en = models.TextField()
    parent_number = models.CharField(max_length=20, blank=True)
    previous = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="next_versions"
    )
    change = models.CharField(max_length=12, choices=Change.choices, default=Change.ADDED)
    #: "<edition>/<number>" of the rule's first version on file, shared by all its versions
    lineage = models.CharField(max_length=40, blank=True, db_index=True)

    objects = RuleVersionQuerySet.as_manager()

    class Meta:
        ordering = ["edition__effective_on", "sort_key"]
        constraints = [
            models.UniqueConstraint(fields=["edition", "number"], name="unique_rule_version")
        ]
        indexes = [models.Index(fields=["number"], name="cards_ruleversion_number_idx")]

    def __str__(self) -> str:
        return f"{self.number} ({self.edition_id})"


class GlossaryTerm(models.Model):
    """An entry of the Comprehensive Rules glossary (newest edition imported)."""

    slug = models.SlugField(max_length=120, unique=True)
    term = models.CharField(max_length=200)
    text_en = models.TextField()
    text_fr = models.TextField(blank=True)
    edition = models.CharField(max_length=40, blank=True)

    class Meta:
        ordering = ["term"]

    def __str__(self) -> str:
        return self.term

    def get_absolute_url(self) -> str:
        return reverse("cards:glossary_term", args=[self.slug])
