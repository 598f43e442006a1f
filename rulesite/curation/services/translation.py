"""Machine translation of missing French (``manage.py translate_missing``) and its backends.

A backend is any class whose instances have::

    translate(texts: list[str], source: str = "en", target: str = "fr") -> list[str]

returning one translation per text, in order. A backend whose ``translate`` also takes a
``glossary`` keyword (a list of (English, French) pairs) is sent the site's glossary, so that
"kicker" comes back "kick" and "stack" "pile". ``RULESITE_TRANSLATION_BACKEND`` names the class
(dotted path); none is configured by default. :class:`DeepLBackend` is a ready one.
"""

from __future__ import annotations

import inspect
import json
import os
import re
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.module_loading import import_string

from rulesite.cards.models import Ruling
from rulesite.curation.services.glossary import glossary_entries
from rulesite.curation.services.history import record_rulings

DEEPL_BACKEND = "rulesite.curation.services.translation.DeepLBackend"


class TranslationError(RuntimeError):
    """The translation backend is missing, misconfigured or failed."""


def translation_backend(dotted_path: str | None = None) -> Any:
    """Instantiate the configured backend (``settings.RULESITE_TRANSLATION_BACKEND``)."""
    path = dotted_path if dotted_path is not None else settings.RULESITE_TRANSLATION_BACKEND
    if not path:
        raise TranslationError(
            "No machine-translation backend configured. rulesite provides DeepL's: set "
            f"RULESITE_TRANSLATION_BACKEND={DEEPL_BACKEND} and DEEPL_AUTH_KEY=<your DeepL API "
            "key> (DEEPL_API_URL optional), or pass --backend; any class with a "
            "translate(texts, source='en', target='fr') method will do."
        )
    try:
        backend_class = import_string(path)
    except ImportError as exc:
        raise TranslationError(f"RULESITE_TRANSLATION_BACKEND {path!r}: {exc}") from exc
    try:
        backend = backend_class()
    except Exception as exc:  # e.g. a missing API key
        raise TranslationError(f"{path}: {exc}") from exc
    if not callable(getattr(backend, "translate", None)):
        raise TranslationError(f"{path} has no translate(texts, source, target) method")
    return backend


@dataclass
class TranslationReport:
    translated: int = 0
    batches: int = 0
    remaining: int = 0
    glossary_terms: int = 0


def accepts_glossary(backend: Any) -> bool:
    try:
        parameters = inspect.signature(backend.translate).parameters
    except (TypeError, ValueError):
        return False
    return "glossary" in parameters


def translate_missing(
    *,
    backend: Any,
    limit: int | None = None,
    batch_size: int = 50,
    user: AbstractBaseUser | None = None,
) -> TranslationReport:
    """Fill the French of rulings whose translation is ``missing`` and mark them ``machine``.

    Each batch is committed on its own, so an interrupted run keeps what it translated.
    Community clarifications are included: they need French as much as official ones.
    """
    report = TranslationReport()
    options: dict[str, Any] = {}
    if accepts_glossary(backend):
        options["glossary"] = glossary_entries()
        report.glossary_terms = len(options["glossary"])
    # A French text typed by a person is never overwritten, whatever its status says.
    missing = Ruling.objects.filter(translation_status=Ruling.TranslationStatus.MISSING, text_fr="")
    queryset = missing.order_by("published_on", "id")
    ids = list(queryset.values_list("id", flat=True))
    if limit is not None:
        ids = ids[:limit]
    for start in range(0, len(ids), batch_size):
        batch = list(Ruling.objects.filter(pk__in=ids[start : start + batch_size]).order_by("id"))
        texts = [r.text_en for r in batch]
        try:
            translated = backend.translate(texts, source="en", target="fr", **options)
        except Exception as exc:  # a network or vendor error: keep what earlier batches wrote
            raise TranslationError(
                f"the translation backend failed after {report.translated} texts: {exc}"
            ) from exc
        if not isinstance(translated, list) or len(translated) != len(texts):
            got = len(translated) if isinstance(translated, list) else type(translated).__name__
            raise TranslationError(f"the backend returned {got} texts for {len(texts)}")
        with transaction.atomic():
            for ruling, text in zip(batch, translated, strict=True):
                ruling.text_fr = str(text).strip()
                ruling.translation_status = Ruling.TranslationStatus.MACHINE
                ruling.refresh_derived_fields()
            Ruling.objects.bulk_update(batch, ["text_fr", "translation_status", "search_text"])
            record_rulings(batch, history_type="~", user=user, reason="machine translation")
        report.translated += len(batch)
        report.batches += 1
    report.remaining = missing.count()
    return report


SYMBOL_RE = re.compile(r"\{[^{}]{1,8}\}")
KEEP_RE = re.compile(r"<keep>(.*?)</keep>")


def protect_symbols(text: str) -> str:
    """Wrap mana and tap symbols so that the translator leaves them alone.

    >>> protect_symbols("Kicker {2}{G}")
    'Kicker <keep>{2}</keep><keep>{G}</keep>'
    """
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return SYMBOL_RE.sub(lambda m: f"<keep>{m.group(0)}</keep>", escaped)


def restore_symbols(text: str) -> str:
    """
    >>> restore_symbols("Kick <keep>{2}</keep><keep>{G}</keep> &amp; plus")
    'Kick {2}{G} & plus'
    """
    plain = KEEP_RE.sub(lambda m: m.group(1), text)
    return plain.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


class DeepLBackend:
    """DeepL's REST API (``/v2/translate``). Environment: ``DEEPL_AUTH_KEY`` (required) and
    ``DEEPL_API_URL`` (default: the free API for ``…:fx`` keys, the paid one otherwise)."""

    timeout = 30.0

    def __init__(self) -> None:
        self.key = os.environ.get("DEEPL_AUTH_KEY", "")
        if not self.key:
            raise RuntimeError("DeepLBackend needs the DEEPL_AUTH_KEY environment variable")
        default = (
            "https://api-free.deepl.com/v2/translate"
            if self.key.endswith(":fx")
            else "https://api.deepl.com/v2/translate"
        )
        self.url = os.environ.get("DEEPL_API_URL", default)
        self._glossary: tuple[tuple[tuple[str, str], ...], str] | None = None

    def translate(
        self,
        texts: list[str],
        source: str = "en",
        target: str = "fr",
        glossary: list[tuple[str, str]] | None = None,
    ) -> list[str]:
        if not texts:
            return []
        body: dict[str, Any] = {
            "text": [protect_symbols(t) for t in texts],
            "source_lang": source.upper(),
            "target_lang": target.upper(),
            "tag_handling": "xml",
            "ignore_tags": ["keep"],
        }
        if glossary:
            body["glossary_id"] = self._glossary_id(glossary, source, target)
        payload = self._post(self.url, body)
        translations = payload.get("translations") if isinstance(payload, dict) else None
        if not isinstance(translations, list) or len(translations) != len(texts):
            raise RuntimeError("DeepL returned an unexpected answer")
        return [restore_symbols(str(t.get("text", ""))) for t in translations]

    def _glossary_id(self, glossary: list[tuple[str, str]], source: str, target: str) -> str:
        """A DeepL glossary with the site's terms, created once per backend instance."""
        entries = tuple(sorted({(en.strip(), fr.strip()) for en, fr in glossary if en and fr}))
        if self._glossary is None or self._glossary[0] != entries:
            answer = self._post(
                self.url.rsplit("/", 1)[0] + "/glossaries",
                {
                    "name": "rulesite",
                    "source_lang": source.lower(),
                    "target_lang": target.lower(),
                    "entries": "\n".join(f"{en}\t{fr}" for en, fr in entries),
                    "entries_format": "tsv",
                },
            )
            glossary_id = answer.get("glossary_id") if isinstance(answer, dict) else None
            if not isinstance(glossary_id, str):
                raise RuntimeError("DeepL did not create the glossary")
            self._glossary = (entries, glossary_id)
        return self._glossary[1]

    def _post(self, url: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(
            url,
            data=json.dumps(body).encode(),
            method="POST",
            headers={
                "Authorization": f"DeepL-Auth-Key {self.key}",
                "Content-Type": "application/json",
                "User-Agent": "rulesite-curation/1.0",
            },
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:  # noqa: S310
                return json.load(response)
        except urllib.error.HTTPError as exc:
            raise RuntimeError(f"DeepL answered HTTP {exc.code}: {exc.reason}") from exc
        except (urllib.error.URLError, TimeoutError, ValueError) as exc:
            raise RuntimeError(f"DeepL request failed: {exc}") from exc
