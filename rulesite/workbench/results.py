"""Turn the engine's response into what the result panel shows, in the reader's language.

The engine already says everything (with French beside English); this module only picks the
language, names the scenario's ids after their cards and finds the clarifications that bear on
the answer. It decides no rule.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import get_language

from rulesite.cards.models import Card, Keyword, Ruling
from rulesite.core.cache import content_version
from rulesite.core.text import fold
from rulesite.workbench.casting import Evaluation, definition_for


class RulingFacts(NamedTuple):
    """What the result panel needs of one official clarification (cached: see
    :func:`_rulings_by_card`)."""

    pk: int
    published_on: datetime.date
    text_en: str
    text_fr: str
    is_machine_translated: bool
    keyword_rule: str
    """The rule number of the clarification's keyword, or ``""``."""
    normal_en: str
    """The English text compared loosely (see :func:`_normal`)."""


@dataclass
class Clarification:
    ruling: RulingFacts
    card: Card
    bears: bool
    """The answer rests on it: the engine quoted it, or it names a rule the answer cites."""
    related: bool
    """It speaks of a mechanic whose rule the answer cites (named in its text)."""
    text: str
    machine_translated: bool


@dataclass
class ResultPanel:
    """Everything the result partial renders."""

    response: Mapping[str, Any]
    card: Card | None
    violations: list[dict[str, str]]
    cost_steps: list[dict[str, str]]
    trace: list[dict[str, str]]
    clauses: list[Mapping[str, Any]]
    payment: dict[str, Any] | None
    kicked_with: list[str]
    clarifications: list[Clarification] = field(default_factory=list)
    not_understood: list[str] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return bool(self.response.get("legal"))


def _pick(item: Mapping[str, Any], key: str, french: bool) -> str:
    if french and item.get(f"{key}_fr"):
        return str(item[f"{key}_fr"])
    return str(item.get(key) or "")


def _object_names(scenario: Mapping[str, Any], evaluation: Evaluation) -> dict[str, str]:
    """Scenario id → a readable name (``Llanowar Elves (p1)``)."""
    names: dict[str, str] = {}
    for zone in ("battlefield", "stack"):
        rows = scenario.get(zone)
        if not isinstance(rows, list):
            continue
        for row in rows:
            if isinstance(row, Mapping) and isinstance(row.get("id"), str):
                card = evaluation.card(row.get("card"))
                label = card_name(card) if card else str(row.get("card", "?"))
                names[row["id"]] = f"{label} ({row['id']})"
    return names


def card_name(card: Card, *, french: bool | None = None) -> str:
    if french is None:
        french = (get_language() or "en").startswith("fr")
    return str(card.name_fr if french and card.name_fr else card.name)


def _cited_rules(response: Mapping[str, Any]) -> set[str]:
    rules: set[str] = set()
    for key in ("violations", "cost_steps", "trace"):
        for item in response.get(key) or []:
            if isinstance(item, Mapping) and item.get("rule"):
                rules.add(str(item["rule"]))
    return rules


def _normal(text: str) -> str:
    """English text compared loosely: case, curly or straight quotes and spacing ignored.
    (Rulings and the engine's quotes are English: no accents to fold, so this stays cheap.)"""
    return " ".join(text.replace("’", "'").replace('"', "").casefold().split())


def _bears_on(ruling: RulingFacts, cited: set[str], quoted: str) -> bool:
    """Whether the answer rests on a ruling: the engine quoted it in its trace, or the ruling
    names a rule the answer cites."""
    if ruling.normal_en in quoted:
        return True
    return any(rule in ruling.text_en for rule in cited)


KEYWORDS_CACHE_KEY = "workbench:keyword-rules"
RULINGS_CACHE_PREFIX = "workbench:card-rulings:1"
"""Its last part changes whenever :class:`RulingFacts` does, so no older entry is read."""


def _cache_seconds() -> int:
    return int(getattr(settings, "RULESITE_PAGE_CACHE_SECONDS", 600))


def _cited_keyword_names(cited: set[str], version: int) -> list[str]:
    """Folded names of the keywords whose rules the answer cites (kicker for 702.33d…)."""
    key = f"{KEYWORDS_CACHE_KEY}:{version}"
    keywords: list[tuple[str, str]] | None = cache.get(key)
    if keywords is None:
        keywords = [
            (number, fold(name))
            for number, name in Keyword.objects.exclude(rule_number="").values_list(
                "rule_number", "name_en"
            )
        ]
        cache.set(key, keywords, _cache_seconds())
    return [name for number, name in keywords if any(r.startswith(number) for r in cited)]


def _related(ruling: RulingFacts, cited: set[str], names: list[str]) -> bool:
    """Whether a ruling is about a mechanic whose rule the answer cites: by its keyword, or by
    the keyword's name in its text."""
    if ruling.keyword_rule:
        return any(rule.startswith(ruling.keyword_rule) for rule in cited)
    return any(name in ruling.normal_en for name in names)


def _rulings_by_card(card_ids: list[int], version: int) -> dict[int, list[RulingFacts]]:
    """The official clarifications of each card, newest first.

    Cached per card under the content version (:mod:`rulesite.core.cache`), which any write to
    a card, clarification or keyword changes; the cards missing from the cache are read in one
    query, only the columns the panel shows.
    """
    keys = {pk: f"{RULINGS_CACHE_PREFIX}:{version}:{pk}" for pk in card_ids}
    cached: dict[str, list[RulingFacts]] = cache.get_many(list(keys.values()))
    found = {pk: cached[key] for pk, key in keys.items() if key in cached}
    missing = [pk for pk in card_ids if pk not in found]
    if missing:
        fresh: dict[int, list[RulingFacts]] = {pk: [] for pk in missing}
        links = (
            Ruling.cards.through.objects.filter(card_id__in=missing)
            .exclude(ruling__source=Ruling.Source.COMMUNITY)
            .order_by("-ruling__published_on", "ruling_id")
            .values_list(
                "card_id",
                "ruling_id",
                "ruling__published_on",
                "ruling__text_en",
                "ruling__text_fr",
                "ruling__translation_status",
                "ruling__keyword__rule_number",
            )
        )
        machine = {Ruling.TranslationStatus.MACHINE, Ruling.TranslationStatus.NEEDS_REVIEW}
        for card_id, pk, published_on, text_en, text_fr, status, keyword_rule in links:
            fresh[card_id].append(
                RulingFacts(
                    pk=pk,
                    published_on=published_on,
                    text_en=text_en,
                    text_fr=text_fr,
                    is_machine_translated=status in machine,
                    keyword_rule=keyword_rule or "",
                    normal_en=_normal(text_en),
                )
            )
        cache.set_many({keys[pk]: rows for pk, rows in fresh.items()}, _cache_seconds())
        found.update(fresh)
    return found


def clarifications_for(
    cards: list[Card], response: Mapping[str, Any], *, french: bool
) -> list[Clarification]:
    """The official clarifications of ``cards`` (cached, else one query), those that bear on
    the answer first, each once even when several of the cards share it."""
    if not cards:
        return []
    cited = _cited_rules(response)
    quoted = " ".join(
        _normal(str(step.get("text", "")))
        for step in response.get("trace") or []
        if isinstance(step, Mapping)
    )
    version = content_version()
    names = _cited_keyword_names(cited, version)
    by_pk = {card.pk: card for card in cards}
    rulings = _rulings_by_card(list(by_pk), version)
    found: dict[int, Clarification] = {}
    for pk, card in by_pk.items():
        for ruling in rulings[pk]:
            if ruling.pk in found:
                continue
            use_french = french and bool(ruling.text_fr)
            found[ruling.pk] = Clarification(
                ruling=ruling,
                card=card,
                bears=_bears_on(ruling, cited, quoted),
                related=_related(ruling, cited, names),
                text=ruling.text_fr if use_french else ruling.text_en,
                machine_translated=use_french and ruling.is_machine_translated,
            )
    return sorted(found.values(), key=lambda c: (not c.bears, not c.related))


def build_panel(evaluation: Evaluation, *, french: bool) -> ResultPanel:
    response = evaluation.response
    scenario = evaluation.scenario
    names = _object_names(scenario, evaluation)

    def name(ident: object) -> str:
        return names.get(str(ident), str(ident))

    payment = response.get("payment")
    shown_payment: dict[str, Any] | None = None
    if isinstance(payment, Mapping):
        shown_payment = {
            "lands": [name(i) for i in payment.get("lands") or []],
            "mana_abilities": [name(i) for i in payment.get("mana_abilities") or []],
            "pool": payment.get("pool") or "",
            "convoke": [
                {"name": name(c.get("id")), "pays": c.get("pays", "")}
                for c in payment.get("convoke") or []
                if isinstance(c, Mapping)
            ],
        }
    action = scenario.get("action") if isinstance(scenario.get("action"), Mapping) else {}
    card = evaluation.card(response.get("card") or (action or {}).get("card"))
    kicked_with: list[str] = []
    definition = None
    if card is not None:
        definition = definition_for(card)
    counts = response.get("kicked_with") or []
    if definition is not None:
        costs = [str(c) for c in definition.kicker_costs]
        if definition.multikicker_cost is not None:
            costs.append(str(definition.multikicker_cost))
        for cost, count in zip(costs, counts, strict=False):
            if count:
                kicked_with.append(f"{cost} ×{count}" if count > 1 else cost)

    # Whose clarifications bear on the answer: the card acted on, the permanent it copies or
    # whose ability it is, and every spell on the stack.
    cards: list[Card] = []
    names_by_id: dict[str, object] = {}
    for zone in ("battlefield", "stack"):
        rows = scenario.get(zone)
        for row in rows if isinstance(rows, list) else []:
            if isinstance(row, Mapping):
                names_by_id[str(row.get("id"))] = row.get("card")
    involved = [card] + [
        evaluation.card(names_by_id.get(str((action or {}).get(key))))
        for key in ("copy_of", "source")
    ]
    stack = scenario.get("stack")
    if isinstance(stack, list):
        involved += [evaluation.card(row.get("card")) for row in stack if isinstance(row, Mapping)]
    for candidate in involved:
        if candidate is not None and candidate not in cards:
            cards.append(candidate)
    return ResultPanel(
        response=response,
        card=card,
        violations=[
            {"rule": str(v.get("rule", "")), "message": _pick(v, "message", french)}
            for v in response.get("violations") or []
        ],
        cost_steps=[
            {
                "rule": str(s.get("rule", "")),
                "label": _pick(s, "label", french),
                "cost": str(s.get("cost", "")),
            }
            for s in response.get("cost_steps") or []
        ],
        trace=[
            {"rule": str(t.get("rule", "")), "text": _pick(t, "text", french)}
            for t in response.get("trace") or []
        ],
        clauses=[c for c in response.get("clauses") or [] if isinstance(c, Mapping)],
        payment=shown_payment,
        kicked_with=kicked_with,
        clarifications=clarifications_for(cards, response, french=french),
        not_understood=[str(s) for s in response.get("not_understood") or []],
    )
