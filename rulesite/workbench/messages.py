"""The engine's messages in the visitor's language: each code's template through gettext, each
parameter rendered in that language — cards by their French name on /fr/, players as
"vous" and "l'adversaire" — with French elision ("le texte d'Éclair explosif").

The engine says every sentence as a code and parameters (:class:`engine.Message`); its own
English rendering is the catalogue's msgid, so English pages and the API's ``message`` read
exactly as the engine writes them. The French lives in ``locale/fr``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.utils.translation import get_language, gettext, pgettext
from django.utils.translation import override as language_override

import engine
from engine import CardRef, Message, ObjectRef, Param, Player, Quote
from rulesite.workbench.labels import PLAYER_WORDS

__all__ = [
    "add_translations",
    "card_label",
    "phrase",
    "render",
    "render_kept",
    "render_stored",
]

_PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
# French words that elide before a vowel: "de Éclair" → "d'Éclair", "le Éclair" → "l'Éclair".
_ELIDING = re.compile(r"(?:^|(?<=[\s(«“]))(de|le|la|que|ne|jusque|lorsque|puisque) $", re.I)
_VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüœæAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŒÆ")


_drawn_in: ContextVar[str | None] = ContextVar("rulesite_messages_language", default=None)
"""The active language while a panel is drawn (:func:`one_language`), else None."""


def _language() -> str:
    fixed = _drawn_in.get()
    return (get_language() or "") if fixed is None else fixed


@contextmanager
def one_language() -> Iterator[None]:
    """Within the block (one result panel, drawn in one language), messages read the active
    language once, as it was when the block began, instead of once per message and name
    (each read is a lookup in Django's per-thread state)."""
    token = _drawn_in.set(get_language() or "")
    try:
        yield
    finally:
        _drawn_in.reset(token)


def _french() -> bool:
    return (_language() or "en").startswith("fr")


def card_label(card: CardRef | None, *, french: bool | None = None) -> str:
    """A card's name in the active language: its French name on /fr/ when it has one."""
    if card is None:
        return ""
    if french is None:
        french = _french()
    return card.name_fr if french and card.name_fr else card.name


def _param(value: Param, *, name_objects: bool, french: bool) -> str:
    if isinstance(value, tuple):
        items = [_param(item, name_objects=name_objects, french=french) for item in value]
        return ", ".join(items) or pgettext("an empty list", "none")
    if isinstance(value, CardRef):
        return card_label(value, french=french)
    if isinstance(value, ObjectRef):
        if value.card is not None and (name_objects or value.named):
            return f"{card_label(value.card, french=french)} ({value.id})"
        return value.id
    if isinstance(value, Player):
        return str(PLAYER_WORDS[value])
    if isinstance(value, Quote):
        return gettext(value.text)
    return str(value)


def _is_name(value: Param) -> bool:
    return isinstance(value, CardRef | ObjectRef)


def _fill(template: str, values: Mapping[str, str], names: frozenset[str], french: bool) -> str:
    """``template`` with its placeholders filled, French elision applied before names."""
    out: list[str] = []
    last = 0
    for match in _PLACEHOLDER.finditer(template):
        before = template[last : match.start()]
        value = values.get(match.group(1), match.group(0))
        if french and match.group(1) in names and value[:1] in _VOWELS:
            elided = _ELIDING.search(before)
            if elided:
                before = before[: elided.start()] + elided.group(1)[:-1] + "'"
        out.append(before)
        out.append(value)
        last = match.end()
    out.append(template[last:])
    return "".join(out)


def render(message: Message, *, name_objects: bool = True) -> str:
    """``message`` in the active language.

    ``name_objects``: the board's objects read "Forêt (p5)" rather than "p5" (the API keeps
    the engine's own way, the pages name them).
    """
    french = _french()
    values = {
        key: _param(value, name_objects=name_objects, french=french)
        for key, value in message.params
    }
    names = frozenset(key for key, value in message.params if _is_name(value))
    return _fill(gettext(message.code.template), values, names, french)


_KEPT_RENDERINGS = 4096
_renderings: dict[tuple[int, str, bool], tuple[Message, str]] = {}


def render_kept(message: Message, *, name_objects: bool = True) -> str:
    """:func:`render`, remembered for the message object itself in the active language.

    The engine hands out the same message objects answer after answer (the steps it
    memoizes), so the rendering is kept by the object's identity: each entry holds its
    message, so the identity can't be reused while the entry lives. What a rendering reads
    (the code's template, the parameters, the catalogue) is the code's and the message's own,
    the same in every worker."""
    key = (id(message), _language(), name_objects)
    kept = _renderings.get(key)
    if kept is not None and kept[0] is message:
        return kept[1]
    text = render(message, name_objects=name_objects)
    if len(_renderings) >= _KEPT_RENDERINGS:
        _renderings.clear()
    _renderings[key] = (message, text)
    return text


def phrase(template: str, **params: Param) -> str:
    """A site sentence (already translated) with engine-style parameters, elision included:
    ``phrase(gettext("The text of %(card)s"), card=ref)`` → "Le texte d'Éclair explosif"."""
    french = _french()
    values = {key: _param(v, name_objects=True, french=french) for key, v in params.items()}
    names = frozenset(key for key, value in params.items() if _is_name(value))
    return _fill(template, values, names, french)


def render_stored(item: Mapping[str, Any], key: str) -> str:
    """A message of a stored answer (``violations[i]``, ``trace[i]``…) in the active language:
    rendered from its code and parameters when it has them, else the text stored for the
    language (answers stored before messages had codes)."""
    message = Message.from_dict(item) if "code" in item else None
    if message is not None:
        return render(message)
    if _french() and item.get(f"{key}_fr"):
        return str(item[f"{key}_fr"])
    return str(item.get(key) or "")


_TRANSLATED = (("violations", "message"), ("cost_steps", "label"), ("trace", "text"))


def add_translations(answer: dict[str, Any], outcome: engine.Outcome) -> dict[str, Any]:
    """``answer`` (``outcome.to_dict()``) with ``message_fr``, ``label_fr`` and ``text_fr``
    beside each English sentence, rendered from the catalogue as the API has always sent them.
    """
    records: dict[str, tuple[Any, ...]] = {
        "violations": outcome.violations,
        "cost_steps": outcome.total_cost.steps if outcome.total_cost is not None else (),
        "trace": outcome.trace,
    }
    token = _drawn_in.set(None)  # French, whatever language a panel is drawn in
    try:
        with language_override("fr"):
            for section, key in _TRANSLATED:
                for item, record in zip(answer[section], records[section], strict=True):
                    item[f"{key}_fr"] = render(getattr(record, key), name_objects=False)
    finally:
        _drawn_in.reset(token)
    return answer
