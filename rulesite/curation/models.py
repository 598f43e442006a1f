"""What curation keeps beside the cards: import runs and the clarifications each one named,
French suggestions waiting for a curator, the French terminology, and reports about official
text.

The "curator" group is created after every ``migrate`` (see ``CurationConfig.ready``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from rulesite.cards.models import Card, Keyword, Ruling


class ImportRunQuerySet(models.QuerySet["ImportRun"]):
    def latest_first(self) -> ImportRunQuerySet:
        return self.order_by("-started_at", "-id")


class ImportRun(models.Model):
    """One import of card data that wrote something (dry runs and no-op runs leave no row)."""

    command = models.CharField(_("command"), max_length=60)
    sources = models.TextField(_("files"), blank=True)
    reason = models.CharField(
        _("change reason"),
        max_length=100,
        help_text=_("the change reason of the history records this import wrote"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    started_at = models.DateTimeField(_("started"), db_index=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    counts = models.JSONField(_("counts"), default=dict)
    lines = models.JSONField(_("report"), default=list)

    objects = ImportRunQuerySet.as_manager()

    class Meta:
        ordering = ["-started_at", "-id"]
        verbose_name = _("import")
        verbose_name_plural = _("imports")

    def __str__(self) -> str:
        return f"{self.command} {self.started_at:%Y-%m-%d %H:%M}"

    def get_absolute_url(self) -> str:
        return reverse("admin:curation_importrun_change", args=[self.pk])


class ImportEvent(models.Model):
    """A clarification an import re-worded, withdrew, removed or offered French to, by name.

    ``ruling_ref`` and ``other_ref`` keep the ids after a deletion, so that the history pages
    of deleted rows stay reachable.
    """

    class Kind(models.TextChoices):
        REWORDED = "reworded", _("re-worded: French kept, to review against the new English")
        WITHDRAWN = "withdrawn", _("withdrawn by the source: kept with its French")
        REMOVED = "removed", _("removed (it had no reviewed French)")
        SUGGESTED = "suggested", _("new: French of an older clarification offered")
        REINSTATED = "reinstated", _("given again by the source")

    run = models.ForeignKey(ImportRun, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(_("what happened"), max_length=20, choices=Kind.choices)
    ruling = models.ForeignKey(
        Ruling, null=True, blank=True, on_delete=models.SET_NULL, related_name="import_events"
    )
    ruling_ref = models.PositiveBigIntegerField(_("clarification id"))
    other_ref = models.PositiveBigIntegerField(_("related clarification id"), null=True, blank=True)
    text_en = models.TextField(_("English"))
    old_text_en = models.TextField(_("earlier English"), blank=True)
    card_names = models.TextField(_("cards"), blank=True)
    needs_attention = models.BooleanField(_("needs a curator"), default=False)
    resolved_at = models.DateTimeField(_("handled at"), null=True, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["run", "kind", "id"]
        verbose_name = _("clarification named by an import")
        verbose_name_plural = _("clarifications named by imports")
        indexes = [models.Index(fields=["needs_attention", "resolved_at"], name="event_open")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.text_en[:60]}"


class FrenchSuggestionQuerySet(models.QuerySet["FrenchSuggestion"]):
    def pending(self) -> FrenchSuggestionQuerySet:
        return self.filter(state=FrenchSuggestion.State.PENDING)


class FrenchSuggestion(models.Model):
    """French a curator may accept for a clarification: carried from an older clarification by
    an import, or found in the translation memory (the same English, reviewed elsewhere)."""

    class Kind(models.TextChoices):
        REWORDING = "rewording", _("French of the clarification this one re-words")
        WITHDRAWN = "withdrawn", _("French of a withdrawn clarification on the same cards")
        SPLIT = "split", _("French of the clarification this one was split from")
        MEMORY = "memory", _("translation memory: the same English, reviewed")

    class State(models.TextChoices):
        PENDING = "pending", _("waiting for a curator")
        ACCEPTED = "accepted", _("accepted")
        DISMISSED = "dismissed", _("dismissed")

    ruling = models.ForeignKey(Ruling, on_delete=models.CASCADE, related_name="french_suggestions")
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices)
    text_fr = models.TextField(_("suggested French"))
    source_text_en = models.TextField(_("English it was written for"))
    source_ruling = models.ForeignKey(
        Ruling, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    source_ref = models.PositiveBigIntegerField(_("from clarification id"), null=True, blank=True)
    score = models.FloatField(_("similarity"), default=1.0)
    run = models.ForeignKey(
        ImportRun, null=True, blank=True, on_delete=models.SET_NULL, related_name="suggestions"
    )
    state = models.CharField(
        _("state"), max_length=20, choices=State.choices, default=State.PENDING, db_index=True
    )
    created_at = models.DateTimeField(_("offered"), auto_now_add=True)
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    objects = FrenchSuggestionQuerySet.as_manager()

    class Meta:
        ordering = ["-score", "id"]
        verbose_name = _("French suggestion")
        verbose_name_plural = _("French suggestions")
        constraints = [
            models.UniqueConstraint(
                fields=["ruling", "text_fr"],
                condition=models.Q(state="pending"),
                name="one_pending_suggestion_per_text",
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.text_fr[:60]}"


class FrenchTerm(models.Model):
    """One entry of the official French terminology: an English term and its French (the
    Comprehensive Rules' own glossary of definitions is ``cards.GlossaryTerm``)."""

    class Source(models.TextChoices):
        KEYWORD = "keyword", _("keyword, from French printed cards")
        RULES = "rules", _("Comprehensive Rules term")
        CURATOR = "curator", _("added by a curator")

    term_en = models.CharField(_("English term"), max_length=100)
    term_fr = models.CharField(_("French term"), max_length=100)
    source = models.CharField(
        _("source"), max_length=20, choices=Source.choices, default=Source.CURATOR
    )
    keyword = models.OneToOneField(
        Keyword, null=True, blank=True, on_delete=models.SET_NULL, related_name="french_term"
    )
    note = models.TextField(_("note"), blank=True)
    curated = models.BooleanField(
        _("checked by a curator"),
        default=False,
        help_text=_("imports never change the French of a checked term"),
    )
    history = HistoricalRecords()

    class Meta:
        ordering = [Lower("term_en")]
        verbose_name = _("French term")
        verbose_name_plural = _("French terminology")
        constraints = [models.UniqueConstraint(Lower("term_en"), name="unique_french_term")]

    def __str__(self) -> str:
        return f"{self.term_en} → {self.term_fr}"


class ProblemReport(models.Model):
    """A curator's note that official text (WotC's English, Oracle text) looks wrong: curators
    don't edit official text, they report it; an editor with the right resolves the report."""

    class State(models.TextChoices):
        OPEN = "open", _("open")
        RESOLVED = "resolved", _("corrected")
        DECLINED = "declined", _("declined: the official text stays")

    ruling = models.ForeignKey(
        Ruling, null=True, blank=True, on_delete=models.CASCADE, related_name="problem_reports"
    )
    card = models.ForeignKey(
        Card, null=True, blank=True, on_delete=models.CASCADE, related_name="problem_reports"
    )
    description = models.TextField(_("what is wrong"), max_length=2000)
    proposed_text = models.TextField(_("proposed text"), blank=True, max_length=4000)
    state = models.CharField(
        _("state"), max_length=20, choices=State.choices, default=State.OPEN, db_index=True
    )
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("reported by"),
    )
    created_at = models.DateTimeField(_("reported"), auto_now_add=True)
    resolution = models.TextField(_("resolution"), blank=True, max_length=2000)

    class Meta:
        ordering = ["state", "-created_at"]
        verbose_name = _("problem with official text")
        verbose_name_plural = _("problems with official text")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ruling__isnull=False, card__isnull=True)
                | models.Q(ruling__isnull=True, card__isnull=False),
                name="problem_report_about_one_thing",
            )
        ]

    def __str__(self) -> str:
        subject = self.card or self.ruling
        return f"{subject}: {self.description[:60]}"
