"""Where rulesite meets the engine: card rows become engine definitions, scenarios get answers.

Everything that asks the engine a question goes through this module: the workbench page, the
``POST /api/v1/evaluate`` endpoint and stored scenarios. A *scenario* is the JSON request of
``/api/v1/evaluate`` (see ``docs/engine-contract.md``); the workbench form is converted to and
from the same structure by :func:`scenario_from_form` and :func:`initial_from_scenario`.
"""

from __future__ import annotations

import difflib
import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db.models import Q
from django.utils.translation import gettext as _

import engine
from rulesite.cards.models import Card
from rulesite.core.cache import content_version
from rulesite.core.text import fold
from rulesite.workbench.messages import add_translations

__all__ = [
    "MAX_BATTLEFIELD",
    "MAX_NAME_LENGTH",
    "MAX_STACK",
    "DatabaseCatalog",
    "Evaluation",
    "definition_for",
    "evaluate",
    "evaluate_scenario",
    "initial_from_scenario",
    "name_key",
    "scenario_card_names",
    "scenario_from_form",
]

MAX_BATTLEFIELD = 200
"""Most permanents a scenario may hold: enough for any real board, small enough to stay fast."""
MAX_STACK = 50
MAX_NAME_LENGTH = 200
PERMANENT_FLAGS = (
    "tapped",
    "summoning_sick",
    "attacking",
    "blocking",
    "face_down",
    "kicked",
    "convoke",
    "sacrifice",
)
MAX_SUGGESTIONS = 5
MAX_SUGGESTION_SEARCHES = 3
"""Unknown names a request gets suggestions for: each costs a search, so a request full of
made-up names stays cheap (the others are still reported, without suggestions)."""

_CARD_FIELDS = (
    "id",
    "name",
    "name_fr",
    "slug",
    "mana_cost",
    "type_line",
    "oracle_text",
    "power",
    "toughness",
    "colors",
)


@lru_cache(maxsize=4096)
def _parse_definition(
    name: str,
    name_fr: str,
    mana_cost: str,
    type_line: str,
    oracle_text: str,
    power: str,
    toughness: str,
    colors: str,
) -> engine.CardDefinition:
    """Parse one card's text; cached on every text field, so an edited card is parsed anew."""
    return engine.CardDefinition.parse(
        name=name,
        mana_cost=mana_cost,
        type_line=type_line,
        oracle_text=oracle_text,
        power=power or None,
        toughness=toughness or None,
        colors=colors,
        name_fr=name_fr or None,
    )


_folded = lru_cache(maxsize=4096)(fold)


def name_key(name: str) -> str:
    """How names are compared: case and accents ignored, spaces trimmed (``fold``, memoized:
    a request compares the same few names many times)."""
    return _folded(name).strip()


class UncastableCard(engine.EngineError):
    """A card whose printed cost the engine's notation can't express (Un-cards such as
    Gleemax's {1000000} or Little Girl's {HW}): shown, but not cast on the workbench."""


def definition_for(card: Card) -> engine.CardDefinition:
    """The engine's definition of ``card`` (parsed once per version of its text).

    :raises UncastableCard: when the stored text cannot be parsed (e.g. a bad mana cost).
    """
    try:
        return _parse_definition(
            card.name,
            card.name_fr,
            card.mana_cost,
            card.type_line,
            card.oracle_text,
            card.power,
            card.toughness,
            card.colors,
        )
    except engine.EngineError as exc:
        raise UncastableCard(
            _("%(name)s: this card's cost can't be cast here (%(reason)s).")
            % {"name": card.name, "reason": exc}
        ) from exc


CARDS_CACHE_PREFIX = "workbench:card:1"
"""Its last part changes whenever the cached columns (``_CARD_FIELDS``) do."""


def _card_cache_key(version: int, key: str) -> str:
    digest = hashlib.sha1(key.encode(), usedforsecurity=False).hexdigest()
    return f"{CARDS_CACHE_PREFIX}:{version}:{digest}"


class DatabaseCatalog:
    """The engine's ``Catalog`` over :class:`~rulesite.cards.models.Card` rows.

    Names are matched in English or French, ignoring case and accents. One catalog serves one
    request: :meth:`preload` fetches every name a scenario mentions in a single query; rows and
    definitions are remembered for the rest of the request. The rows found (and the names
    found to be no card) are also cached under the content version
    (:mod:`rulesite.core.cache`), which any write to the card tables changes.
    """

    def __init__(self) -> None:
        self._cards: dict[str, Card | None] = {}
        self._searches = 0
        self._version: int | None = None

    def _cache_keys(self, keys: Iterable[str]) -> dict[str, str]:
        if self._version is None:
            self._version = content_version()
        return {key: _card_cache_key(self._version, key) for key in keys}

    def preload(self, names: Iterable[str]) -> None:
        """Fetch the cards named ``names`` (English or French, any case or accents).

        Names as printed in English (what the picker offers) are found by the indexed
        ``name`` column, in one query; only the others (French, lower case, no accents) need
        the slower search over the folded names, in a second one. Names already in the cache
        need neither.
        """
        raw = {n.strip(): name_key(n) for n in names if isinstance(n, str) and n.strip()}
        # No card name holds a NUL character (and PostgreSQL can't even compare one).
        raw = {
            n: key
            for n, key in raw.items()
            if key not in self._cards and len(n) <= 200 and "\x00" not in n
        }
        if not raw:
            return
        cache_keys = self._cache_keys(set(raw.values()))
        cached = cache.get_many(list(cache_keys.values()))
        for key, cache_key in cache_keys.items():
            if cache_key in cached:
                self._cards[key] = cached[cache_key] or None
        raw = {n: key for n, key in raw.items() if key not in self._cards}
        if not raw:
            return
        for card in Card.objects.filter(name__in=list(raw)).only(*_CARD_FIELDS):
            self._remember(card, set(raw.values()))
        wanted = {key for key in raw.values() if key not in self._cards}
        if wanted:
            condition = Q()
            for key in wanted:
                condition |= Q(search_name__contains=key)
            for card in Card.objects.filter(condition).only(*_CARD_FIELDS):
                self._remember(card, wanted)
        for key in raw.values():
            self._cards.setdefault(key, None)
        cache.set_many(
            {cache_keys[key]: self._cards[key] or False for key in set(raw.values())},
            int(getattr(settings, "RULESITE_PAGE_CACHE_SECONDS", 600)),
        )

    def _remember(self, card: Card, wanted: set[str]) -> None:
        for key in (_folded(card.name), _folded(card.name_fr)):
            if key and key in wanted and self._cards.get(key) is None:
                self._cards[key] = card

    def card(self, name: str) -> Card | None:
        """The card row named ``name`` (English or French), or None."""
        if not isinstance(name, str):
            return None
        key = name_key(name)
        if key not in self._cards:
            self.preload([name])
        return self._cards.get(key)

    def cards(self) -> list[Card]:
        """Every card row this catalog has found so far."""
        seen: dict[int, Card] = {}
        for card in self._cards.values():
            if card is not None:
                seen.setdefault(card.pk, card)
        return list(seen.values())

    def get(self, name: str) -> engine.CardDefinition | None:
        """The engine definition of the card named ``name``, or None (Catalog protocol)."""
        card = self.card(name)
        return None if card is None else definition_for(card)

    def suggest(self, name: str) -> list[str]:
        """Up to five card names close to ``name``, for "unknown card" messages."""
        key = fold(name).strip()[:MAX_NAME_LENGTH]
        if not key or "\x00" in key or self._searches >= MAX_SUGGESTION_SEARCHES:
            return []
        self._searches += 1
        words = [w for w in key.replace(",", " ").split() if len(w) >= 3] or [key[:3]]
        condition = Q()
        for word in words[:6]:
            condition |= Q(search_name__contains=word[:6])
        rows = Card.objects.filter(condition).values_list("name", "name_fr")[:400]
        by_folded: dict[str, str] = {}
        for name_en, name_fr in rows:
            by_folded.setdefault(fold(name_en), name_en)
            if name_fr:
                by_folded.setdefault(fold(name_fr), name_fr)
        close = difflib.get_close_matches(key, list(by_folded), n=MAX_SUGGESTIONS, cutoff=0.6)
        if not close:
            close = [k for k in by_folded if k.startswith(key) or key in k][:MAX_SUGGESTIONS]
        return [by_folded[k] for k in close]


@dataclass
class Evaluation:
    """The engine's answer to a scenario, with the card rows it was built from."""

    scenario: dict[str, Any]
    response: dict[str, Any]
    catalog: DatabaseCatalog = field(repr=False)

    def card(self, name: object) -> Card | None:
        return self.catalog.card(name) if isinstance(name, str) else None


def scenario_card_names(scenario: Mapping[str, Any]) -> list[str]:
    """Every card name a scenario mentions: the action's card, the battlefield and the stack."""
    names: list[str] = []
    action = scenario.get("action")
    if isinstance(action, Mapping) and isinstance(action.get("card"), str):
        names.append(action["card"])
    for zone in ("battlefield", "stack"):
        rows = scenario.get(zone)
        if isinstance(rows, list):
            for row in rows:
                if isinstance(row, Mapping) and isinstance(row.get("card"), str):
                    names.append(row["card"])
    return names


def _check_size(scenario: object) -> None:
    """Refuse scenarios too large to be a real board, before touching the database."""
    if not isinstance(scenario, Mapping):
        raise engine.RequestError(
            [engine.FieldError(field="body", message="the request must be a JSON object")]
        )
    errors = []
    for zone, limit in (("battlefield", MAX_BATTLEFIELD), ("stack", MAX_STACK)):
        rows = scenario.get(zone)
        if isinstance(rows, list) and len(rows) > limit:
            errors.append(
                engine.FieldError(
                    field=zone, message=f"too many objects: {len(rows)} (at most {limit})"
                )
            )
    if errors:
        raise engine.RequestError(errors)


def evaluate(scenario: dict[str, Any], *, catalog: DatabaseCatalog | None = None) -> Evaluation:
    """Answer ``scenario`` and keep the card rows, for pages that show cards and rulings.

    :raises engine.RequestError: for malformed input (each error names its field).
    """
    _check_size(scenario)
    catalog = catalog or DatabaseCatalog()
    catalog.preload(scenario_card_names(scenario))
    try:
        request = engine.Request.from_dict(scenario, catalog)
        outcome = engine.judge(request.board, request.action)
    except engine.RequestError:
        raise
    except engine.EngineError as exc:
        # A card whose stored text the engine cannot read, or notation it rejects deep inside:
        # still the request's problem, reported with its field rather than as a server error.
        raise engine.RequestError([engine.FieldError(field="", message=str(exc))]) from exc
    response = add_translations(outcome.to_dict(), outcome)
    return Evaluation(scenario=scenario, response=response, catalog=catalog)


def evaluate_scenario(scenario: dict[str, Any]) -> dict[str, Any]:
    """Answer ``scenario`` (the ``POST /api/v1/evaluate`` request) with the engine's response.

    :raises engine.RequestError: for malformed input (each error names its field).
    """
    return evaluate(scenario).response


# --- The workbench form ⇄ the scenario ------------------------------------------------------


def _mana_list(value: object) -> list[str]:
    if isinstance(value, list):
        return [str(v) for v in value if str(v).strip()]
    return []


def _kicker_list(data: Mapping[str, Any]) -> list[int]:
    """Counts per printed kicker cost, in printed order: ``kicker_0``, ``kicker_1``… (ticked
    or not), then ``multikicker`` (a number of times)."""
    counts: list[int] = []
    index = 0
    while f"kicker_{index}" in data:
        counts.append(1 if data[f"kicker_{index}"] else 0)
        index += 1
    if data.get("multikicker") is not None:
        counts.append(int(data["multikicker"]))
    return counts


def scenario_from_form(cleaned_data: Mapping[str, Any]) -> dict[str, Any]:
    """Build the evaluate request from the workbench form's cleaned data.

    ``cleaned_data`` holds the main form's fields plus ``battlefield`` and ``stack``: lists of
    the row forms' cleaned data (rows marked for removal or left blank already dropped).
    """
    battlefield: list[dict[str, Any]] = []
    convoke: list[str] = []
    sacrifice: list[str] = []
    for row in cleaned_data.get("battlefield") or []:
        # The form gives the on/off states as one list, ``flags``; single booleans work too.
        flags = {str(f) for f in row.get("flags") or []}
        flags |= {f for f in PERMANENT_FLAGS if row.get(f) is True}
        permanent: dict[str, Any] = {
            "id": row["id"],
            "card": row["card"],
            "controller": row.get("controller") or "you",
        }
        for flag in ("tapped", "summoning_sick", "attacking", "blocking", "face_down"):
            if flag in flags:
                permanent[flag] = True
        if "kicked" in flags:
            permanent["kicker"] = [1]
        if row.get("counters"):
            permanent["counters"] = {"+1/+1": int(row["counters"])}
        battlefield.append(permanent)
        if "convoke" in flags:
            convoke.append(row["id"])
        if "sacrifice" in flags:
            sacrifice.append(row["id"])
    stack: list[dict[str, Any]] = []
    for row in cleaned_data.get("stack") or []:
        spell: dict[str, Any] = {
            "id": row["id"],
            "card": row["card"],
            "controller": row.get("controller") or "opponent",
        }
        if row.get("kicked"):
            spell["kicker"] = [1]
        if row.get("x"):
            spell["x"] = int(row["x"])
        stack.append(spell)

    kind = cleaned_data.get("kind") or "cast"
    action: dict[str, Any] = {"kind": kind, "player": cleaned_data.get("player") or "you"}
    if cleaned_data.get("card"):
        action["card"] = cleaned_data["card"]
    kicker = _kicker_list(cleaned_data)
    if any(kicker):
        action["kicker"] = kicker
    if cleaned_data.get("x") is not None:
        action["x"] = int(cleaned_data["x"])
    if cleaned_data.get("without_paying"):
        action["alternative_cost"] = "{0}"
    elif cleaned_data.get("alternative_cost"):
        action["alternative_cost"] = cleaned_data["alternative_cost"]
    for key in ("cost_increases", "cost_reductions"):
        costs = _mana_list(cleaned_data.get(key))
        if costs:
            action[key] = costs
    if convoke:
        action["convoke"] = convoke
    if sacrifice:
        action["sacrifice"] = sacrifice
    targets = list(cleaned_data.get("targets") or [])
    if targets:
        action["targets"] = targets
    for key in ("copy_of", "source"):
        if cleaned_data.get(key):
            action[key] = cleaned_data[key]

    scenario: dict[str, Any] = {"action": action}
    if battlefield:
        scenario["battlefield"] = battlefield
    if stack:
        scenario["stack"] = stack
    if cleaned_data.get("mana_pool"):
        scenario["mana_pool"] = cleaned_data["mana_pool"]
    if cleaned_data.get("assume_mana"):
        scenario["assume_mana"] = True
    scenario["turn"] = {
        "active_player": cleaned_data.get("active_player") or "you",
        "phase": cleaned_data.get("phase") or "main1",
    }
    return scenario


def _as_list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _as_dict(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _count(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        return 0
    return value


def initial_from_scenario(scenario: Mapping[str, Any]) -> dict[str, Any]:
    """The workbench form's initial data for ``scenario`` (the inverse of scenario_from_form).

    Returns the main form's initial values plus ``battlefield`` and ``stack`` lists of row
    initial values. Values of the wrong type are dropped (the form then shows its default), so
    any decoded permalink gives a form, never an exception.
    """
    action = _as_dict(scenario.get("action"))
    turn = _as_dict(scenario.get("turn"))
    convoke = {str(i) for i in _as_list(action.get("convoke"))}
    sacrifice = {str(i) for i in _as_list(action.get("sacrifice"))}

    initial: dict[str, Any] = {
        "kind": action.get("kind") or "cast",
        "player": action.get("player") or "you",
        "card": action.get("card") if isinstance(action.get("card"), str) else "",
        "active_player": turn.get("active_player") or "you",
        "phase": turn.get("phase") or "main1",
        "mana_pool": scenario.get("mana_pool")
        if isinstance(scenario.get("mana_pool"), str)
        else "",
        "assume_mana": scenario.get("assume_mana") is True,
        "targets": [str(t) for t in _as_list(action.get("targets"))],
    }
    kicker = [_count(k) for k in _as_list(action.get("kicker"))]
    for index, count in enumerate(kicker):
        initial[f"kicker_{index}"] = count > 0
    if kicker:
        # A multikicker card has a single count; the form decides which field it fills.
        initial["multikicker"] = kicker[-1]
    x = action.get("x")
    if isinstance(x, int) and not isinstance(x, bool):
        initial["x"] = x
    alternative = action.get("alternative_cost")
    if alternative == "{0}":
        initial["without_paying"] = True
    elif isinstance(alternative, str):
        initial["alternative_cost"] = alternative
    for key in ("cost_increases", "cost_reductions"):
        initial[key] = " ".join(str(c) for c in _as_list(action.get(key)))
    for key in ("copy_of", "source"):
        if isinstance(action.get(key), str):
            initial[key] = action[key]

    battlefield = []
    for raw in _as_list(scenario.get("battlefield")):
        row = _as_dict(raw)
        if not isinstance(row.get("card"), str):
            continue
        ident = str(row.get("id") or "")
        counters = _as_dict(row.get("counters")).get("+1/+1")
        flags = [
            f
            for f in ("tapped", "summoning_sick", "attacking", "blocking", "face_down")
            if row.get(f) is True
        ]
        if any(_count(k) for k in _as_list(row.get("kicker"))):
            flags.append("kicked")
        if ident in convoke:
            flags.append("convoke")
        if ident in sacrifice:
            flags.append("sacrifice")
        battlefield.append(
            {
                "id": ident,
                "card": row["card"],
                "controller": row.get("controller") or "you",
                "flags": flags,
                "counters": _count(counters) or None,
            }
        )
    stack = []
    for raw in _as_list(scenario.get("stack")):
        row = _as_dict(raw)
        if not isinstance(row.get("card"), str):
            continue
        stack.append(
            {
                "id": str(row.get("id") or ""),
                "card": row["card"],
                "controller": row.get("controller") or "opponent",
                "kicked": any(_count(k) for k in _as_list(row.get("kicker"))),
                "x": _count(row.get("x")) or None,
            }
        )
    initial["battlefield"] = battlefield
    initial["stack"] = stack
    return initial
