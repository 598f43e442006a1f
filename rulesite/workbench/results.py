"""What the result panel shows, read from the engine's typed answer, in the reader's language.

The engine says everything as messages (codes and parameters); this module renders them
through the catalogue (:mod:`rulesite.workbench.messages`), names the board's objects after
their cards and finds the clarifications that bear on the answer. It decides no rule.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import get_language, gettext, gettext_lazy

import engine
from engine.contract import Choice, Zone
from rulesite.cards.models import Card, Keyword, Ruling
from rulesite.cards.repeats import said_once, sameness
from rulesite.core import kept
from rulesite.core.cache import RecentValues, content_version
from rulesite.core.text import fold
from rulesite.workbench.labels import CHOICES
from rulesite.workbench.messages import card_label, one_language, phrase, render_kept
from rulesite.workbench.services import Evaluation


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


@dataclass(frozen=True)
class Clarification:
    ruling: RulingFacts
    card: Card
    bears: bool
    """The answer rests on it: the engine quoted it, or it names a rule the answer cites."""
    related: bool
    """It speaks of a mechanic whose rule the answer cites (named in its text)."""
    text: str
    machine_translated: bool


class Broken(NamedTuple):
    """A rule the action breaks, and why, in the reader's language."""

    rule: str
    message: str


class Prompt(NamedTuple):
    """A choice the action still needs (the answer's ``missing``), as a prompt in the
    reader's language, with the rule that asks for it and the id of the workbench control
    that answers it (the prompt links there)."""

    rule: str
    text: str
    control: str


PROMPT_CODES = frozenset(
    {
        engine.MessageCode.MISSING_TARGETS,
        engine.MessageCode.MISSING_MODES,
        engine.MessageCode.MISSING_X,
        engine.MessageCode.MISSING_COST_CHOICE,
        engine.MessageCode.MISSING_COST_OPTION,
        engine.MessageCode.MISSING_CHOSEN_VALUE,
    }
)
"""The violations that say a choice is still to be made (601.2b, 601.2c): shown as prompts."""
CONTROLS = {
    Choice.TARGETS: "id_targets",
    Choice.MODES: "id_modes",
    Choice.X: "id_x",
    Choice.SACRIFICE: "board",
    Choice.TAP: "board",
    Choice.RETURN: "board",
    Choice.COUNTER: "board",
    Choice.DISCARD: f"zone-{Zone.HAND.value}",
    Choice.REVEAL: f"zone-{Zone.HAND.value}",
    Choice.EXILE: f"zone-{Zone.GRAVEYARD.value}",
    Choice.CHOSEN: "cast-chosen",
}
"""Where each choice is made on the workbench: a cast field's id, or the board or zone whose
rows carry the flags that choose a cost's objects."""
COST_CHOICES = frozenset(CONTROLS) - {Choice.TARGETS, Choice.MODES, Choice.X, Choice.CHOSEN}
CODE_CONTROLS = {
    engine.MessageCode.MISSING_CHOSEN_VALUE: CONTROLS[Choice.CHOSEN],
    engine.MessageCode.MISSING_TARGETS: CONTROLS[Choice.TARGETS],
    engine.MessageCode.MISSING_MODES: CONTROLS[Choice.MODES],
    engine.MessageCode.MISSING_X: CONTROLS[Choice.X],
}


class Said(NamedTuple):
    """A step of the answer in the reader's language, with the rule it cites."""

    rule: str
    text: str


class CostLine(NamedTuple):
    """A step of the total cost: its rule, its label and the running total after it."""

    rule: str
    label: str
    cost: str


class Convoker(NamedTuple):
    name: str
    pays: str


@dataclass(frozen=True)
class PaymentLines:
    """The payment, each permanent named after its card."""

    pool: str
    lands: list[str]
    mana_abilities: list[str]
    convoke: list[Convoker]
    convoke_proposed: bool = False
    """The engine chose the creatures (``"convoke": "auto"``): a proposal, not the player's."""
    assumed: str = ""
    """The mana taken as available (``assume_mana``), what convoke left of the total cost."""
    life: int = 0
    objects: tuple[tuple[str, list[str]], ...] = ()
    """The objects paying costs that are not mana, by what is done to them (the site's
    words, see :data:`PAID_WITH`): ``("Sacrificed:", ["Grizzly Bears (p3)"])``."""

    @property
    def convoke_names(self) -> str:
        """The convoking creatures, listed: "Grizzly Bears (p1), Grizzly Bears (p2)"."""
        return ", ".join(creature.name for creature in self.convoke)


@dataclass
class ResultPanel:
    """Everything the result partial renders, from the engine's typed answer."""

    outcome: engine.Outcome
    card: Card | None
    card_heading: str
    violations: list[Broken]
    cost_steps: list[CostLine]
    trace: list[Said]
    payment: PaymentLines | None
    kicked_with: list[str]
    clauses: tuple[engine.ClauseReport, ...]
    clarifications: list[Clarification] = field(default_factory=list)
    mana_assumed: bool = False
    """A cast judged with any mana assumed available: the panel says so."""
    lands_would_help: bool = False
    """Basic lands put on the battlefield would pay what is assumed or left unpaid (the
    "Put the lands to pay on the battlefield" control, :mod:`rulesite.workbench.lands`)."""
    prompts: list[Prompt] = field(default_factory=list)
    kicker: bool = False
    """The card has kicker or multikicker (702.33): only then do the facts say whether and
    how many times it was kicked."""
    copy_line: str = ""
    """Which copy the result is (707.10): the one a spell cast now makes as it resolves, or
    one made by an effect already resolving (``copy_spell``)."""

    @property
    def legal(self) -> bool:
        return self.outcome.legal

    @property
    def modelled(self) -> bool:
        """False when text the engine does not model could change the answer."""
        return self.outcome.modelled

    @property
    def only_choices_missing(self) -> bool:
        """Not legal only because choices are still to be made: a prompt, not a verdict."""
        return not self.legal and bool(self.prompts) and not self.violations

    @property
    def total_cost(self) -> str | None:
        total = self.outcome.total_cost
        return str(total.mana) if total is not None else None

    @property
    def additional_costs(self) -> tuple[str, ...]:
        total = self.outcome.total_cost
        return total.actions if total is not None else ()

    @property
    def mana_value(self) -> int | None:
        return self.outcome.mana_value

    @property
    def kicked(self) -> bool:
        return self.outcome.kick_count > 0

    @property
    def kick_count(self) -> int:
        return self.outcome.kick_count

    @property
    def split_second(self) -> bool:
        return self.outcome.split_second

    @property
    def targets_required(self) -> int:
        return self.outcome.targets_required

    @property
    def result(self) -> engine.Result | None:
        return self.outcome.result

    @property
    def counters(self) -> dict[str, int]:
        """The counters the result enters with, by kind."""
        return dict(self.outcome.result.counters) if self.outcome.result is not None else {}

    @property
    def not_understood(self) -> tuple[str, ...]:
        return self.outcome.not_understood


def card_name(card: Card, *, french: bool | None = None) -> str:
    """A card row's name in the active language (its French name on /fr/ when it has one)."""
    if french is None:
        french = (get_language() or "en").startswith("fr")
    return str(card.name_fr if french and card.name_fr else card.name)


def _cited_rules(outcome: engine.Outcome) -> set[str]:
    records: list[engine.Violation | engine.Step | engine.CostStep] = [
        *outcome.violations,
        *outcome.trace,
    ]
    if outcome.total_cost is not None:
        records.extend(outcome.total_cost.steps)
    return {record.rule for record in records if record.rule}


def _normal(text: str) -> str:
    """English text compared loosely: as one clarification's publications are
    (:func:`~rulesite.cards.repeats.sameness`), double quotes left out."""
    return sameness(text).replace('"', "")


def _bears_on(ruling: RulingFacts, cited: frozenset[str], quoted: str) -> bool:
    """Whether the answer rests on a ruling: the engine quoted it in its trace, or the ruling
    names a rule the answer cites."""
    if ruling.normal_en in quoted:
        return True
    return any(rule in ruling.text_en for rule in cited)


def _quotes(outcome: engine.Outcome) -> frozenset[str]:
    """The rulings the engine quoted in its trace (its :class:`engine.Quote` parameters)."""
    found: set[str] = set()
    params: list[object] = [p for step in outcome.trace for _name, p in step.text.params]
    while params:
        param = params.pop()
        if isinstance(param, engine.Quote):
            found.add(param.text)
        elif isinstance(param, tuple):
            params.extend(param)
    return frozenset(found)


KEYWORDS_CACHE_KEY = "workbench:keyword-rules:2"
"""Its last part changes whenever the cached shape does (each keyword's folded name by its rule)."""
RULINGS_CACHE_PREFIX = "workbench:card-rulings:1"
"""Its last part changes whenever :class:`RulingFacts` does, so no older entry is read."""


def _cache_seconds() -> int:
    return int(getattr(settings, "RULESITE_PAGE_CACHE_SECONDS", 600))


_SECTION_END = re.compile(r"(?<=\d)(?=\D)")


def _sections(cited: Iterable[str]) -> set[str]:
    """The cited rules and the sections they belong to: 702.33d is in 702.33 and 702, never
    in 702.3 (a keyword's rule is one of these, or not cited)."""
    return {
        rule[:end]
        for rule in cited
        for end in [*(m.start() for m in _SECTION_END.finditer(rule)), len(rule)]
    }


def _cited_keyword_names(
    sections: set[str], key: str, keywords: dict[str, str] | None
) -> list[str]:
    """Folded names of the keywords whose rules the answer cites (kicker for 702.33d…), from
    each keyword's name by its rule, cached under ``key`` (``keywords``; read when None)."""
    if keywords is None:
        keywords = {
            number: fold(name)
            for number, name in Keyword.objects.exclude(rule_number="").values_list(
                "rule_number", "name_en"
            )
        }
        kept.set_many(cache, {key: keywords}, _cache_seconds())
    return [keywords[number] for number in sections if number in keywords]


def _related(ruling: RulingFacts, sections: set[str], names: list[str]) -> bool:
    """Whether a ruling is about a mechanic whose rule the answer cites: by its keyword, or by
    the keyword's name in its text."""
    if ruling.keyword_rule:
        return ruling.keyword_rule in sections
    return any(name in ruling.normal_en for name in names)


def _rulings_key(version: int, pk: int) -> str:
    return f"{RULINGS_CACHE_PREFIX}:{version}:{pk}"


def _rulings_by_card(keys: dict[int, str], cached: dict[str, Any]) -> dict[int, list[RulingFacts]]:
    """The official clarifications of each card, newest first.

    Cached per card under the content version (:mod:`rulesite.core.cache`), which any write to
    a card, clarification or keyword changes (``keys``, each card's key; ``cached``, what the
    cache holds of them); the cards missing from the cache are read in one query, only the
    columns the panel shows.
    """
    found = {pk: cached[key] for pk, key in keys.items() if key in cached}
    missing = [pk for pk in keys if pk not in found]
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
        fresh = {pk: said_once(rows) for pk, rows in fresh.items()}
        kept.set_many(cache, {keys[pk]: rows for pk, rows in fresh.items()}, _cache_seconds())
        found.update(fresh)
    return found


_kept_clarifications = RecentValues(size=512)


def clarifications_for(
    cards: Iterable[Card], outcome: engine.Outcome, *, french: bool
) -> list[Clarification]:
    """The official clarifications of ``cards`` (cached, else one query), those that bear on
    the answer first, each once even when several of the cards share it.

    They depend on the cards, the rules the answer cites and the rulings the engine quoted,
    in the reader's language, at the content version: a process keeps the last few hundred,
    as it keeps recent pages (most changes on the workbench keep the card and the rules its
    answer cites)."""
    by_pk = {card.pk: card for card in cards}
    if not by_pk:
        return []
    version = content_version()
    key = (version, french, tuple(by_pk), frozenset(_cited_rules(outcome)), _quotes(outcome))
    found: tuple[Clarification, ...] | None = _kept_clarifications.get(key)
    if found is None:
        found = _clarifications(by_pk, key[3], key[4], version, french=french)
        _kept_clarifications.put(key, found)
    return list(found)


def _clarifications(
    by_pk: dict[int, Card],
    cited: frozenset[str],
    quotes: frozenset[str],
    version: int,
    *,
    french: bool,
) -> tuple[Clarification, ...]:
    # The engine quotes rulings in English, as published: compare with its own English.
    quoted = "\x1f".join(sorted(_normal(text) for text in quotes))
    # One read of the cache for the keywords' names and every card's clarifications.
    keyword_key = f"{KEYWORDS_CACHE_KEY}:{version}"
    keys = {pk: _rulings_key(version, pk) for pk in by_pk}
    cached = kept.get_many(cache, [keyword_key, *keys.values()])
    sections = _sections(cited)
    names = _cited_keyword_names(sections, keyword_key, cached.get(keyword_key))
    rulings = _rulings_by_card(keys, cached)
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
                related=_related(ruling, sections, names),
                text=ruling.text_fr if use_french else ruling.text_en,
                machine_translated=use_french and ruling.is_machine_translated,
            )
    return tuple(sorted(found.values(), key=lambda c: (not c.bears, not c.related)))


def _named(board: engine.Board, ident: str) -> str:
    """An object of the board by its card's name in the reader's language: "Forêt (p5)"."""
    permanent = board.permanent(ident)
    if permanent is not None:
        return f"{card_label(permanent.card.ref)} ({ident})"
    found = board.card_in(ident)
    return f"{card_label(found[1].card.ref)} ({ident})" if found is not None else ident


PAID_WITH = (
    ("sacrifice", gettext_lazy("Sacrificed:")),
    ("discard", gettext_lazy("Discarded:")),
    ("exile", gettext_lazy("Exiled:")),
    ("tap", gettext_lazy("Tapped to pay a cost:")),
    ("return_", gettext_lazy("Returned to their owner's hand:")),
    ("reveal", gettext_lazy("Revealed:")),
    ("counter", gettext_lazy("Given a -1/-1 counter:")),
    ("delve", gettext_lazy("Exiled for delve:")),
    ("improvise", gettext_lazy("Tapped for improvise:")),
)
"""The payment's lists of objects, each with what is done to them."""


def unpaid_mana(outcome: engine.Outcome) -> engine.ManaCost | None:
    """What the board leaves unpaid of a cast's mana, as the engine's 601.2h "can't pay"
    violation says it; None when no payment was found wanting."""
    for violation in outcome.violations:
        if violation.message.code is engine.MessageCode.CANT_PAY:
            unpaid = dict(violation.message.params).get("unpaid")
            return engine.ManaCost.parse(str(unpaid)) if unpaid else None
    return None


def _payment(
    board: engine.Board, payment: engine.Payment | None, *, assumed: bool
) -> PaymentLines | None:
    if payment is None:
        return None
    return PaymentLines(
        pool=str(payment.pool),
        lands=[_named(board, i) for i in payment.lands],
        mana_abilities=[_named(board, i) for i in payment.mana_abilities],
        convoke=[Convoker(_named(board, i), pays) for i, pays in payment.convoke],
        convoke_proposed=payment.convoke_proposed,
        assumed=str(payment.mana) if assumed else "",
        life=payment.life,
        objects=tuple(
            (str(label), [_named(board, i) for i in getattr(payment, key)])
            for key, label in PAID_WITH
            if getattr(payment, key)
        ),
    )


def _kicked_with(definition: engine.CardDefinition | None, counts: Iterable[int]) -> list[str]:
    """The kicker costs paid, as printed: ``{1}{G}``, ``{R} ×3`` (multikicker)."""
    if definition is None:
        return []
    paid = zip(definition.announce_costs, counts, strict=False)
    return [f"{cost} ×{count}" if count > 1 else str(cost) for cost, count in paid if count]


def _prompts(outcome: engine.Outcome, said: list[engine.Violation]) -> list[Prompt]:
    """What is still to choose: the engine's own prompts ("Choose 1 target(s) for Shock."),
    and the site's words for any choice it lists in ``missing`` without one."""
    if said or not outcome.missing:
        costs = [c for c in outcome.missing if c in COST_CHOICES]
        return [Prompt(v.rule, render_kept(v.message), prompt_control(v, costs)) for v in said]
    return [Prompt("601.2b", str(CHOICES[choice]), CONTROLS[choice]) for choice in outcome.missing]


def prompt_control(violation: engine.Violation, costs: list[Choice]) -> str:
    """The id of the control that answers ``violation``: its field for targets, modes and X;
    for a cost's choice, the board or the zone its objects are chosen from (the board when
    the costs still to choose come from several places)."""
    code = violation.code
    if code in CODE_CONTROLS:
        return CODE_CONTROLS[code]
    places = {CONTROLS[c] for c in costs}
    if Choice.EXILE in costs and "hand" in str(dict(violation.message.params).get("cost", "")):
        places = (places - {CONTROLS[Choice.EXILE]}) | {CONTROLS[Choice.DISCARD]}
    return places.pop() if len(places) == 1 else CONTROLS[Choice.SACRIFICE]


def _copy_line(evaluation: Evaluation) -> str:
    result, action = evaluation.outcome.result, evaluation.request.action
    if result is None or result.copy_of is None:
        return ""
    spell = evaluation.request.board.spell(result.copy_of)
    if spell is None:
        return ""
    copied = engine.ObjectRef(result.copy_of, spell.card.ref)
    if action.kind.is_cast and action.card is not None:
        template = gettext("the copy of %(spell)s that %(card)s makes as it resolves")
        return phrase(template, spell=copied, card=action.card.ref)
    return phrase(gettext("a copy of %(spell)s made by an effect already resolving"), spell=copied)


def _kicker_matters(evaluation: Evaluation, shown: engine.CardDefinition | None) -> bool:
    """Whether the answer says if the spell is kicked: it was, or the card acted on, the
    permanent it enters as a copy of or the spell it copies has kicker (702.33, 707.10)."""
    board, action, outcome = evaluation.request.board, evaluation.request.action, evaluation.outcome
    if outcome.kick_count > 0:
        return True
    cards = [shown]
    permanent = board.permanent(action.copy_of or "")
    if permanent is not None:
        cards.append(permanent.card)
    copied = outcome.result.copy_of if outcome.result is not None else None
    spell = board.spell(copied) if copied is not None else None
    if spell is not None:
        cards.append(spell.card)
    return any(card is not None and card.has_kicker for card in cards)


def _involved(evaluation: Evaluation) -> list[engine.CardDefinition]:
    """Whose clarifications bear on the answer: the card acted on, the permanent it copies or
    whose ability it is, and every spell on the stack."""
    board, action = evaluation.request.board, evaluation.request.action
    found = [action.card] if action.card is not None else []
    for ident in (action.copy_of, action.source):
        permanent = board.permanent(ident or "")
        if permanent is not None:
            found.append(permanent.card)
    found += [spell.card for spell in board.stack]
    return found


def build_panel(evaluation: Evaluation, *, french: bool) -> ResultPanel:
    """The result panel of ``evaluation``, in the active language."""
    with one_language():
        return _panel(evaluation, french=french)


def _panel(evaluation: Evaluation, *, french: bool) -> ResultPanel:
    outcome, board = evaluation.outcome, evaluation.request.board
    shown = evaluation.acted_on
    card = evaluation.row(shown)
    cards: list[Card] = []
    for definition in _involved(evaluation):
        row = evaluation.row(definition)
        if row is not None and row not in cards:
            cards.append(row)
    total = outcome.total_cost
    action = evaluation.request.action
    casting = action.kind.is_cast and action.card is not None
    assumed = casting and action.assume_mana
    payment = _payment(board, outcome.payment, assumed=assumed)
    prompts = [v for v in outcome.violations if v.code in PROMPT_CODES]
    return ResultPanel(
        outcome=outcome,
        card=card,
        card_heading=phrase(gettext("The text of %(name)s"), name=shown.ref) if shown else "",
        violations=[
            Broken(v.rule, render_kept(v.message))
            for v in outcome.violations
            if v.code not in PROMPT_CODES
        ],
        prompts=_prompts(outcome, prompts),
        copy_line=_copy_line(evaluation),
        cost_steps=[
            CostLine(s.rule, render_kept(s.label), s.cost) for s in (total.steps if total else ())
        ],
        trace=[Said(t.rule, render_kept(t.text)) for t in outcome.trace],
        payment=payment,
        kicked_with=_kicked_with(shown, outcome.kicked_with),
        kicker=_kicker_matters(evaluation, shown),
        clauses=outcome.clauses,
        clarifications=clarifications_for(cards, outcome, french=french),
        mana_assumed=assumed,
        lands_would_help=casting
        and (bool(payment and payment.assumed) or unpaid_mana(outcome) is not None),
    )
