"""Community scenarios: a board and an action set up on the workbench, a question about it,
and the engine's answer — stored when it was published and re-checked whenever the engine
changes."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from rulesite.cards.models import Card, Keyword

# The parts of an engine answer that decide what a player is told. Wording (trace texts,
# messages) may improve without the answer changing; these may not.
DECISIVE_FIELDS = (
    "legal",
    "mana_value",
    "total_cost",
    "additional_costs",
    "kicked",
    "kick_count",
    "kicked_with",
    "split_second",
    "targets_required",
    "result",
)


def answer_key(answer: dict[str, Any] | None) -> dict[str, Any]:
    """The decisive content of an engine answer, for comparing two answers.

    >>> answer_key({"legal": False, "violations": [{"rule": "702.61a", "message": "x"}],
    ...             "trace": [{"rule": "601.2", "text": "y"}]})["violations"]
    ['702.61a']
    """
    answer = answer or {}
    key: dict[str, Any] = {name: answer.get(name) for name in DECISIVE_FIELDS}
    key["violations"] = sorted(
        str(v.get("rule", "")) for v in answer.get("violations") or [] if isinstance(v, dict)
    )
    key["payable"] = answer.get("payment") is not None
    return key


def answer_differences(old: dict[str, Any] | None, new: dict[str, Any] | None) -> list[str]:
    """Names of the decisive fields that differ between two answers."""
    a, b = answer_key(old), answer_key(new)
    return [name for name in a if a[name] != b.get(name)]


class ScenarioQuerySet(models.QuerySet["Scenario"]):
    def published(self) -> ScenarioQuerySet:
        return self.filter(status=Scenario.Status.PUBLISHED)

    def newest_first(self) -> ScenarioQuerySet:
        return self.order_by("-created", "-id")

    def for_card(self, card: Card) -> ScenarioQuerySet:
        return self.filter(cards=card)

    def for_keyword(self, keyword: Keyword) -> ScenarioQuerySet:
        return self.filter(keywords=keyword)

    def changed(self) -> ScenarioQuerySet:
        return self.filter(answer_changed=True)

    def moderation_order(self) -> ScenarioQuerySet:
        """Pending first, then the most flagged, then newest."""
        pending_first = models.Case(
            models.When(status=Scenario.Status.PENDING, then=models.Value(0)),
            default=models.Value(1),
            output_field=models.IntegerField(),
        )
        return self.order_by(pending_first, "-flag_count", "-created", "-id")

    def with_cards(self) -> ScenarioQuerySet:
        return self.prefetch_related("cards", "keywords")

    def for_listing(self) -> ScenarioQuerySet:
        """What a list of scenarios shows: no stored scenario or answers, card names only
        (English and French)."""
        return self.defer("scenario", "answer", "answer_today", "recheck_errors").prefetch_related(
            models.Prefetch("cards", queryset=Card.objects.only("id", "name", "name_fr", "slug"))
        )


class Scenario(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        PUBLISHED = "published", _("published")
        REJECTED = "rejected", _("rejected")

    class Language(models.TextChoices):
        EN = "en", _("English")
        FR = "fr", _("French")

    class Recheck(models.TextChoices):
        UNCHECKED = "unchecked", _("not re-checked yet")
        SAME = "same", _("same answer")
        CHANGED = "changed", _("answer changed")
        INVALID = "invalid", _("no longer a valid scenario")
        KNOWN_ISSUE = "known_issue", _("known issue: old answer kept")

    title = models.CharField(_("title"), max_length=120)
    question = models.TextField(_("question"), max_length=4000)
    language = models.CharField(
        _("language"), max_length=2, choices=Language.choices, default=Language.EN
    )
    scenario = models.JSONField(_("scenario"), help_text=_("the evaluate request"))
    answer = models.JSONField(_("stored answer"), help_text=_("the engine's answer when shared"))
    answer_today = models.JSONField(
        _("answer today"),
        null=True,
        blank=True,
        help_text=_("the current engine's answer, kept when it differs from the stored one"),
    )
    answer_changed = models.BooleanField(_("answer changed"), default=False, db_index=True)
    recheck = models.CharField(
        _("re-check"), max_length=20, choices=Recheck.choices, default=Recheck.UNCHECKED
    )
    recheck_errors = models.JSONField(_("re-check errors"), default=list, blank=True)
    rechecked_at = models.DateTimeField(_("re-checked at"), null=True, blank=True)
    known_issue_note = models.TextField(_("known issue note"), blank=True, max_length=2000)
    author = models.CharField(_("author"), max_length=60, blank=True)
    created = models.DateTimeField(_("created"), auto_now_add=True, db_index=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PENDING, db_index=True
    )
    moderated_at = models.DateTimeField(_("moderated at"), null=True, blank=True)
    cards = models.ManyToManyField(Card, related_name="scenarios", blank=True)
    keywords = models.ManyToManyField(Keyword, related_name="scenarios", blank=True)
    flag_count = models.PositiveIntegerField(_("flags"), default=0)
    demo_key = models.SlugField(
        max_length=60,
        unique=True,
        null=True,
        blank=True,
        editable=False,
        help_text="identifies a demo scenario, so loading the demo twice changes nothing",
    )

    objects = ScenarioQuerySet.as_manager()

    class Meta:
        ordering = ["-created", "-id"]
        indexes = [models.Index(fields=["status", "-created"], name="scenario_status_created")]
        verbose_name = _("scenario")
        verbose_name_plural = _("scenarios")

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("scenarios:scenario_detail", args=[self.pk])

    @property
    def is_published(self) -> bool:
        return self.status == self.Status.PUBLISHED

    @property
    def changed_fields(self) -> list[str]:
        if not self.answer_changed or self.answer_today is None:
            return []
        return answer_differences(self.answer, self.answer_today)


class ScenarioFlag(models.Model):
    """A reader's report that a published scenario is wrong or unsuitable, with the reason."""

    class Reason(models.TextChoices):
        WRONG_ANSWER = "wrong_answer", _("The answer is wrong")
        UNCLEAR = "unclear", _("The question is unclear")
        DUPLICATE = "duplicate", _("It repeats another scenario")
        UNSUITABLE = "unsuitable", _("Offensive or unsuitable")
        OTHER = "other", _("Something else")

    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="flags")
    reason = models.CharField(_("reason"), max_length=20, choices=Reason.choices)
    note = models.TextField(_("details"), max_length=500, blank=True)
    created = models.DateTimeField(_("flagged at"), auto_now_add=True)

    class Meta:
        ordering = ["-created", "-id"]
        verbose_name = _("flag")
        verbose_name_plural = _("flags")

    def __str__(self) -> str:
        return f"{self.get_reason_display()}: {self.note[:60]}".rstrip(": ")


class ModerationDecision(models.Model):
    """Who approved, rejected or re-judged a scenario, when, and why."""

    class Action(models.TextChoices):
        PUBLISHED = "published", _("approved (published)")
        REJECTED = "rejected", _("rejected")
        ACCEPTED_NEW_ANSWER = "accepted_new_answer", _("accepted today's answer")
        KEPT_OLD_ANSWER = "kept_old_answer", _("kept the stored answer (known issue)")

    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="decisions")
    moderator = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("moderator"),
    )
    action = models.CharField(_("decision"), max_length=30, choices=Action.choices)
    reason = models.TextField(_("reason"), max_length=2000, blank=True)
    created = models.DateTimeField(_("decided at"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created", "-id"]
        verbose_name = _("moderation decision")
        verbose_name_plural = _("moderation decisions")

    def __str__(self) -> str:
        return f"{self.get_action_display()} — {self.scenario_id}"
