"""Writes on scenarios: submit, moderate, flag, re-check against the current engine, and the
demo set. Every multi-step write is one transaction; the engine is asked before any write, so
a scenario the engine refuses leaves nothing behind."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

import engine
from rulesite.cards.models import Card, Keyword
from rulesite.scenarios.models import ModerationDecision, Scenario, ScenarioFlag, answer_key
from rulesite.workbench.services import Evaluation, evaluate

TITLE_MAX = 120
QUESTION_MAX = 4000
AUTHOR_MAX = 60
NOTE_MAX = 2000
SCENARIO_MAX_BYTES = 16 * 1024
RECHECK_BATCH = 200


class SubmissionError(ValueError):
    """A submission was refused; ``errors`` is a list of ``(field, message)`` pairs."""

    def __init__(self, errors: Sequence[tuple[str, str]]) -> None:
        super().__init__("; ".join(f"{f}: {m}" for f, m in errors))
        self.errors: list[tuple[str, str]] = list(errors)


class ModerationError(ValueError):
    """A curator action that does not apply to this scenario in its current state."""


def request_errors(exc: engine.RequestError) -> list[tuple[str, str]]:
    """``(field, message)`` pairs of a refused request, fields prefixed ``scenario.``."""
    pairs = [(f"scenario.{e.field}" if e.field else "scenario", e.message) for e in exc.errors]
    return pairs or [("scenario", str(exc) or _("This scenario is not valid."))]


def _clean_text(value: object, *, name: str, max_length: int, required: bool) -> tuple[str, str]:
    if value is None:
        value = ""
    if not isinstance(value, str):
        return "", _("Must be text.")
    text = value.replace("\r\n", "\n").replace("\r", "\n").strip()
    if name != "question":
        text = " ".join(text.split())
    if any(ord(c) < 32 and c not in "\n\t" for c in text) or "\x7f" in text:
        return "", _("Must not contain control characters.")
    if required and not text:
        return "", _("This field is required.")
    if len(text) > max_length:
        return "", _("At most %(max)d characters (this has %(n)d).") % {
            "max": max_length,
            "n": len(text),
        }
    return text, ""


def _cites(rule: str, section: str) -> bool:
    """Whether rule ``rule`` (e.g. ``702.61a``) is ``section`` (``702.61``) or inside it."""
    return rule == section or (rule.startswith(section) and rule[len(section) :].isalpha())


def _derive_links(evaluation: Evaluation) -> tuple[list[Card], list[Keyword]]:
    """The cards a scenario involves (basic lands left out: they would fill every land's page)
    and its keywords: those of the cards it is about — the card acted on, the spells on the
    stack, the permanent it copies or whose ability it is — and those whose rule decided a
    violation (a Shock refused under a kicked Molten Disaster is about split second)."""
    board, action = evaluation.request.board, evaluation.request.action
    definitions = [action.card, *(p.card for p in board.battlefield)]
    definitions += [s.card for s in board.stack]
    principal = [evaluation.acted_on, action.card, *(s.card for s in board.stack)]
    for ident in (action.copy_of, action.source):
        permanent = board.permanent(ident or "")
        if permanent is not None:
            principal.append(permanent.card)
    rows: dict[int, Card] = {}
    for definition in definitions:
        row = evaluation.row(definition)
        if row is not None and not row.type_line.startswith("Basic "):
            rows.setdefault(row.pk, row)
    principal_rows = {row.pk for d in principal if (row := evaluation.row(d)) is not None}
    keywords: dict[int, Keyword] = {
        k.pk: k for k in Keyword.objects.filter(cards__in=principal_rows & set(rows)).distinct()
    }
    violated = [v.rule for v in evaluation.outcome.violations]
    if violated:
        for keyword in Keyword.objects.exclude(rule_number=""):
            if any(_cites(rule, keyword.rule_number) for rule in violated):
                keywords[keyword.pk] = keyword
    return list(rows.values()), list(keywords.values())


def submit_scenario(
    *, title: str, question: str, language: str, author: str, scenario: dict[str, Any]
) -> Scenario:
    """Store a shared scenario as pending, with the engine's answer. The texts are those a
    ``ScenarioSubmissionForm`` cleaned (the page and the API both use one).

    :raises SubmissionError: with the scenario's problems, each field prefixed ``scenario.``
        exactly as the evaluate contract words them; nothing is stored.
    """
    try:
        evaluation = evaluate(scenario)
    except engine.RequestError as exc:
        raise SubmissionError(request_errors(exc)) from exc
    cards, keywords = _derive_links(evaluation)
    with transaction.atomic():
        stored = Scenario.objects.create(
            title=title,
            question=question,
            language=language,
            author=author,
            scenario=scenario,
            answer=evaluation.answer,
        )
        stored.cards.set(cards)
        stored.keywords.set(keywords)
    return stored


def _public_content_changed() -> None:
    """Cached pages (card and keyword pages list published scenarios) must not outlive a bulk
    write to a published scenario, which sends no model signals: bump the content version once
    the transaction commits."""
    from rulesite.core.cache import bump_content_version

    transaction.on_commit(bump_content_version)


def _decision_reason(reason: str) -> str:
    text, problem = _clean_text(reason, name="reason", max_length=NOTE_MAX, required=False)
    if problem:
        raise ModerationError(problem)
    return text


def _moderate(
    scenarios: Iterable[Scenario], status: str, action: str, moderator: Any, reason: str
) -> int:
    text = _decision_reason(reason)
    ids = [s.pk for s in scenarios]
    with transaction.atomic():
        before = dict(
            Scenario.objects.select_for_update()
            .filter(pk__in=ids)
            .exclude(status=status)
            .values_list("pk", "status")
        )
        changed = list(before)
        count = Scenario.objects.filter(pk__in=changed).update(
            status=status, moderated_at=timezone.now()
        )
        ModerationDecision.objects.bulk_create(
            ModerationDecision(scenario_id=pk, moderator=moderator, action=action, reason=text)
            for pk in changed
        )
        published = Scenario.Status.PUBLISHED
        if count and (status == published or published in before.values()):
            _public_content_changed()
    return count


def publish_scenarios(
    *, scenarios: Iterable[Scenario], moderator: Any = None, reason: str = ""
) -> int:
    """Approve: the scenarios become public (page, API, card and keyword pages). Each one
    changed gets a decision record naming the moderator and the reason."""
    return _moderate(
        scenarios, Scenario.Status.PUBLISHED, ModerationDecision.Action.PUBLISHED, moderator, reason
    )


def reject_scenarios(
    *, scenarios: Iterable[Scenario], moderator: Any = None, reason: str = ""
) -> int:
    """Reject: the scenarios are hidden from the public, wherever they were shown."""
    return _moderate(
        scenarios, Scenario.Status.REJECTED, ModerationDecision.Action.REJECTED, moderator, reason
    )


FLAG_NOTE_MAX = 500


def flag_scenario(*, scenario: Scenario, reason: str, note: str = "") -> int:
    """A reader flags a published scenario as wrong or unsuitable, saying why; returns the new
    count. The flag and its reason are kept for the moderators."""
    if not scenario.is_published:
        raise ModerationError(_("Only published scenarios can be flagged."))
    if reason not in ScenarioFlag.Reason.values:
        raise ModerationError(_("Choose why you flag this scenario."))
    text, problem = _clean_text(note, name="note", max_length=FLAG_NOTE_MAX, required=False)
    if problem:
        raise ModerationError(problem)
    with transaction.atomic():
        ScenarioFlag.objects.create(scenario=scenario, reason=reason, note=text)
        Scenario.objects.filter(pk=scenario.pk).update(flag_count=F("flag_count") + 1)
    scenario.refresh_from_db(fields=["flag_count"])
    return scenario.flag_count


def accept_new_answer(*, scenario: Scenario, moderator: Any = None, reason: str = "") -> Scenario:
    """The curator agrees with today's engine: today's answer becomes the stored answer."""
    text = _decision_reason(reason)
    with transaction.atomic():
        locked = Scenario.objects.select_for_update().get(pk=scenario.pk)
        if locked.answer_today is None or locked.recheck not in (
            Scenario.Recheck.CHANGED,
            Scenario.Recheck.KNOWN_ISSUE,
        ):
            raise ModerationError(_("This scenario has no new answer to accept."))
        locked.answer = locked.answer_today
        locked.answer_changed = False
        locked.recheck = Scenario.Recheck.SAME
        locked.known_issue_note = ""
        locked.save(update_fields=["answer", "answer_changed", "recheck", "known_issue_note"])
        ModerationDecision.objects.create(
            scenario=locked,
            moderator=moderator,
            action=ModerationDecision.Action.ACCEPTED_NEW_ANSWER,
            reason=text,
        )
    return locked


def keep_old_answer(*, scenario: Scenario, note: str = "", moderator: Any = None) -> Scenario:
    """The curator holds the stored answer right: today's differing answer is a known issue
    of the engine. Both answers stay; the scenario keeps showing the difference."""
    text, problem = _clean_text(note, name="question", max_length=NOTE_MAX, required=False)
    if problem:
        raise ModerationError(problem)
    with transaction.atomic():
        locked = Scenario.objects.select_for_update().get(pk=scenario.pk)
        if locked.recheck not in (Scenario.Recheck.CHANGED, Scenario.Recheck.INVALID):
            raise ModerationError(_("Only a changed answer can be kept as a known issue."))
        locked.recheck = Scenario.Recheck.KNOWN_ISSUE
        locked.known_issue_note = text or locked.known_issue_note
        locked.save(update_fields=["recheck", "known_issue_note"])
        ModerationDecision.objects.create(
            scenario=locked,
            moderator=moderator,
            action=ModerationDecision.Action.KEPT_OLD_ANSWER,
            reason=text,
        )
    return locked


@dataclass
class RecheckReport:
    checked: int = 0
    same: int = 0
    changed: int = 0
    known_issue: int = 0
    invalid: int = 0
    changed_ids: list[int] = field(default_factory=list)

    @property
    def needs_curator(self) -> int:
        return self.changed + self.invalid


def _recheck_one(scenario: Scenario, now: Any) -> str:
    """Re-evaluate one scenario in memory; return the bucket it falls in."""
    scenario.rechecked_at = now
    try:
        today = evaluate(scenario.scenario).answer
    except engine.RequestError as exc:
        scenario.answer_today = None
        scenario.recheck_errors = [{"field": f, "message": m} for f, m in request_errors(exc)]
        scenario.answer_changed = True
        if scenario.recheck != Scenario.Recheck.KNOWN_ISSUE:
            scenario.recheck = Scenario.Recheck.INVALID
            return "invalid"
        return "known_issue"
    scenario.recheck_errors = []
    if answer_key(today) == answer_key(scenario.answer):
        scenario.answer_today = today
        scenario.answer_changed = False
        scenario.recheck = Scenario.Recheck.SAME
        scenario.known_issue_note = ""
        return "same"
    kept = scenario.recheck == Scenario.Recheck.KNOWN_ISSUE and answer_key(
        scenario.answer_today
    ) == answer_key(today)
    scenario.answer_today = today
    scenario.answer_changed = True
    if kept:
        return "known_issue"
    scenario.recheck = Scenario.Recheck.CHANGED
    return "changed"


def recheck_scenarios(*, include_rejected: bool = False) -> RecheckReport:
    """Re-evaluate every scenario with the current engine. A scenario whose decisive answer
    differs is marked changed with both answers kept; the stored answer is never replaced
    here (a curator accepts the new answer or keeps the old as a known issue). A known issue
    stays a known issue while today's answer is the one the curator saw."""
    report = RecheckReport()
    scenarios = Scenario.objects.order_by("pk")
    if not include_rejected:
        scenarios = scenarios.exclude(status=Scenario.Status.REJECTED)
    now = timezone.now()
    fields = [
        "answer_today",
        "answer_changed",
        "recheck",
        "recheck_errors",
        "rechecked_at",
        "known_issue_note",
    ]
    batch: list[Scenario] = []
    published = 0
    for scenario in scenarios.iterator(chunk_size=RECHECK_BATCH):
        published += scenario.is_published
        bucket = _recheck_one(scenario, now)
        setattr(report, bucket, getattr(report, bucket) + 1)
        report.checked += 1
        if bucket in ("changed", "invalid"):
            report.changed_ids.append(scenario.pk)
        batch.append(scenario)
        if len(batch) >= RECHECK_BATCH:
            Scenario.objects.bulk_update(batch, fields)
            batch = []
    if batch:
        Scenario.objects.bulk_update(batch, fields)
    if published:
        _public_content_changed()
    return report


@dataclass
class DemoReport:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        head = (
            f"scenarios: {self.created} created, {self.updated} updated, "
            f"{self.unchanged} unchanged, {len(self.skipped)} skipped"
        )
        return [head, *(f"  skipped {reason}" for reason in self.skipped)]


def load_demo_scenarios() -> DemoReport:
    """Load the committed demo scenarios as published, answers computed by the engine now.

    Idempotent: an existing demo scenario keeps its stored answer (re-checking is
    ``recheck_scenarios``' job); only its texts are brought up to date. A demo scenario the
    engine refuses is skipped and reported, never stored half-way.
    """
    from rulesite.scenarios.demo import DEMO_SCENARIOS

    report = DemoReport()
    existing = {s.demo_key: s for s in Scenario.objects.filter(demo_key__isnull=False)}
    for demo in DEMO_SCENARIOS:
        key = demo["key"]
        current = existing.get(key)
        texts = {
            "title": demo["title"],
            "question": demo["question"],
            "language": demo["language"],
            "author": demo.get("author", ""),
        }
        if (
            current is not None
            and current.scenario == demo["scenario"]
            and all(getattr(current, k) == v for k, v in texts.items())
        ):
            report.unchanged += 1
            continue
        try:
            evaluation = evaluate(demo["scenario"])
        except engine.RequestError as exc:
            # A refused demo scenario is reported; the rest of the demo data still loads.
            report.skipped.append(f"{key}: {type(exc).__name__}: {exc}")
            continue
        cleaned = {**texts, "scenario": demo["scenario"]}
        answer = evaluation.answer
        cards, keywords = _derive_links(evaluation)
        with transaction.atomic():
            if current is None:
                current = Scenario.objects.create(
                    demo_key=key,
                    scenario=cleaned["scenario"],
                    answer=answer,
                    status=Scenario.Status.PUBLISHED,
                    moderated_at=timezone.now(),
                    **{k: cleaned[k] for k in texts},
                )
                report.created += 1
            else:
                for name in texts:
                    setattr(current, name, cleaned[name])
                if current.scenario != cleaned["scenario"]:
                    current.scenario = cleaned["scenario"]
                    current.answer = answer
                    current.answer_today = None
                    current.answer_changed = False
                    current.recheck = Scenario.Recheck.UNCHECKED
                current.save()
                report.updated += 1
            current.cards.set(cards)
            current.keywords.set(keywords)
    return report
