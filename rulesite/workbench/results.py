"""Turn the engine's response into what the result panel shows, in the reader's language.

The engine already says everything (with French beside English); this module only picks the
language, names the scenario's ids after their cards and finds the clarifications that bear on
the answer. It decides no rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from django.utils.translation import get_language

from rulesite.cards.models import Card, Keyword, Ruling
from rulesite.core.text import fold
from rulesite.workbench.casting import Evaluation, definition_for


@dataclass
class Clarification:
    ruling: Ruling
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


def _bears_on(ruling: Ruling, cited: set[str], quoted: str) -> bool:
    """Whether the answer rests on a ruling: the engine quoted it in its trace, or the ruling
    names a rule the answer cites."""
    if _normal(ruling.text_en) in quoted:
        return True
    return any(rule in ruling.text_en for rule in cited)


KEYWORDS_CACHE_KEY = "workbench:keyword-rules"


def _cited_keyword_names(cited: set[str]) -> list[str]:
    """Folded names of the keywords whose rules the answer cites (kicker for 702.33d…)."""
    keywords: list[tuple[str, str]] | None = cache.get(KEYWORDS_CACHE_KEY)
    if keywords is None:
        keywords = [
            (number, fold(name))
            for number, name in Keyword.objects.exclude(rule_number="").values_list(
                "rule_number", "name_en"
            )
        ]
        cache.set(KEYWORDS_CACHE_KEY, keywords, 300)
    return [name for number, name in keywords if any(r.startswith(number) for r in cited)]


def _related(ruling: Ruling, cited: set[str], names: list[str]) -> bool:
    """Whether a ruling is about a mechanic whose rule the answer cites: by its keyword, or by
    the keyword's name in its text."""
    if ruling.keyword is not None and ruling.keyword.rule_number:
        return any(rule.startswith(ruling.keyword.rule_number) for rule in cited)
    text = _normal(ruling.text_en)
    return any(name in text for name in names)


def clarifications_for(
    cards: list[Card], response: Mapping[str, Any], *, french: bool
) -> list[Clarification]:
    """The official clarifications of ``cards`` (one query), those that bear on the answer
    first, each once even when several of the cards share it."""
    if not cards:
        return []
    cited = _cited_rules(response)
    quoted = " ".join(
        _normal(str(step.get("text", "")))
        for step in response.get("trace") or []
        if isinstance(step, Mapping)
    )
    names = _cited_keyword_names(cited)
    by_pk = {card.pk: card for card in cards}
    links = (
        Ruling.cards.through.objects.filter(card_id__in=list(by_pk))
        .exclude(ruling__source=Ruling.Source.COMMUNITY)
        .select_related("ruling", "ruling__keyword")
        .order_by("-ruling__published_on", "ruling_id")
    )
    order = {pk: index for index, pk in enumerate(by_pk)}
    found: dict[int, Clarification] = {}
    for link in sorted(links, key=lambda link: order[link.card_id]):
        ruling = link.ruling
        if ruling.pk in found:
            continue
        use_french = french and bool(ruling.text_fr)
        found[ruling.pk] = Clarification(
            ruling=ruling,
            card=by_pk[link.card_id],
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
