"""Comprehensive Rules pages: the index and rules search, a rule's history across editions,
the changes between two editions, and the glossary."""

from __future__ import annotations

import datetime

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_safe

from rulesite.cards.models import GlossaryTerm, Rule, RuleEdition, RuleVersion
from rulesite.cards.rulebook import word_diff
from rulesite.cards.rulesearch import search_rules
from rulesite.core.cache import cached_page
from rulesite.core.language import is_french

MAX_QUERY_LENGTH = 200


@require_safe
@cached_page("rule_index")
def rule_index(request: HttpRequest) -> HttpResponse:
    """``/rules/``: the table of contents (chapters and sections), the editions on file, and
    ``?q=`` full-text search of the current rules."""
    query = request.GET.get("q", "").strip()[:MAX_QUERY_LENGTH].replace("\x00", "")
    hits = search_rules(query) if query else []
    chapters = list(
        Rule.objects.filter(parent__isnull=True).order_by("sort_key").prefetch_related("children")
    )
    editions = list(RuleEdition.objects.order_by("-effective_on"))
    return render(
        request,
        "cards/rule_index.html",
        {
            "query": query,
            "hits": hits,
            "chapters": chapters,
            "editions": editions,
            "edition_pairs": list(zip(editions[1:], editions, strict=False)),
            "french_first": is_french(),
        },
    )


def _steps(versions: list[RuleVersion]) -> list[dict[str, object]]:
    steps: list[dict[str, object]] = []
    for version in versions:
        previous = version.previous
        diff = (
            word_diff(previous.text_en, version.text_en)
            if previous is not None and previous.text_en != version.text_en
            else None
        )
        steps.append({"version": version, "previous": previous, "diff": diff})
    return steps


@require_safe
@cached_page("rule_history")
def rule_history(request: HttpRequest, number: str) -> HttpResponse:
    """A rule through every edition on file: added, changed (words marked), renumbered."""
    versions = RuleVersion.objects.lineage_of(number)
    if not versions:
        raise Http404(number)
    newest = RuleEdition.objects.order_by("-effective_on").first()
    last = versions[-1]
    removed_in = None
    if newest is not None and last.edition_id != newest.pk:
        removed_in = RuleEdition.objects.filter(effective_on__gt=last.edition.effective_on).first()
    others = (
        RuleVersion.objects.filter(number=number)
        .exclude(lineage=last.lineage)
        .select_related("edition")
        .order_by("edition__effective_on")
    )
    return render(
        request,
        "cards/rule_history.html",
        {
            "number": number,
            "steps": _steps(versions),
            "current": Rule.objects.filter(number=last.number).first(),
            "removed_in": removed_in,
            "same_number_elsewhere": list(others),
            "french_first": is_french(),
        },
    )


def _edition(value: str) -> RuleEdition:
    try:
        day = datetime.date.fromisoformat(value)
    except ValueError:
        raise Http404(value) from None
    return get_object_or_404(RuleEdition, effective_on=day)


@require_safe
def rule_changes_latest(request: HttpRequest) -> HttpResponse:
    editions = list(RuleEdition.objects.order_by("-effective_on")[:2])
    if len(editions) < 2:
        raise Http404("fewer than two editions")
    return redirect(
        "cards:rule_changes",
        old=editions[1].effective_on.isoformat(),
        new=editions[0].effective_on.isoformat(),
    )


@require_safe
@cached_page("rule_changes")
def rule_changes(request: HttpRequest, old: str, new: str) -> HttpResponse:
    """What changed from one edition to a later one: rules added, removed, renumbered, and
    changed with their words marked."""
    older, newer = _edition(old), _edition(new)
    if older.effective_on >= newer.effective_on:
        return redirect("cards:rule_changes", old=new, new=old)
    new_versions = {
        v.number: v for v in RuleVersion.objects.filter(edition=newer).order_by("sort_key")
    }
    old_versions = {
        v.number: v for v in RuleVersion.objects.filter(edition=older).order_by("sort_key")
    }
    # Follow each newer rule back to the older edition through the editions in between.
    lineage_old = {v.lineage: v for v in old_versions.values()}
    changed, renumbered, added = [], [], []
    matched_old: set[str] = set()
    for version in new_versions.values():
        before = lineage_old.get(version.lineage)
        if before is None:
            added.append(version)
            continue
        matched_old.add(before.number)
        text_changed = (before.title, before.text_en) != (version.title, version.text_en)
        entry = {
            "old": before,
            "new": version,
            "diff": word_diff(before.text_en, version.text_en) if text_changed else None,
        }
        if before.number != version.number:
            renumbered.append(entry)
        elif text_changed:
            changed.append(entry)
    removed = [v for n, v in old_versions.items() if n not in matched_old]
    return render(
        request,
        "cards/rule_changes.html",
        {
            "older": older,
            "newer": newer,
            "changed": changed,
            "renumbered": renumbered,
            "added": added,
            "removed": removed,
            "editions": list(RuleEdition.objects.order_by("-effective_on")),
            "french_first": is_french(),
        },
    )


@require_safe
@cached_page("glossary_index")
def glossary_index(request: HttpRequest) -> HttpResponse:
    terms = list(GlossaryTerm.objects.order_by("term").only("slug", "term"))
    letters: dict[str, list[GlossaryTerm]] = {}
    for term in terms:
        letters.setdefault(term.term[:1].upper(), []).append(term)
    return render(
        request,
        "cards/glossary_index.html",
        {"letters": letters, "count": len(terms), "french_first": is_french()},
    )


@require_safe
@cached_page("glossary_term")
def glossary_term(request: HttpRequest, slug: str) -> HttpResponse:
    term = get_object_or_404(GlossaryTerm, slug=slug)
    context = {
        "term": term,
        # The edition is stored as its ISO date; the page writes it as the rules index does
        # ("16 janvier 2026"), or as stored when it is not a date.
        "edition_date": _iso_date(term.edition),
        "french_first": is_french(),
    }
    return render(request, "cards/glossary_term.html", context)


def _iso_date(text: str) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        return None
