"""Machine-translation backends for ``manage.py translate_missing``.

A backend is any class whose instances have::

    translate(texts: list[str], source: str = "en", target: str = "fr") -> list[str]

returning one translation per text, in order. ``RULESITE_TRANSLATION_BACKEND`` names the class
(dotted path); none is configured by default. :class:`DeepLBackend` is a ready one.
"""

from __future__ import annotations

import json
import os
import re
import urllib.error
import urllib.request
from typing import Protocol

SYMBOL_RE = re.compile(r"\{[^{}]{1,8}\}")
KEEP_RE = re.compile(r"<keep>(.*?)</keep>")


class TranslationBackend(Protocol):
    def translate(self, texts: list[str], source: str = "en", target: str = "fr") -> list[str]: ...


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

    def translate(self, texts: list[str], source: str = "en", target: str = "fr") -> list[str]:
        if not texts:
            return []
        body = json.dumps(
            {
                "text": [protect_symbols(t) for t in texts],
                "source_lang": source.upper(),
                "target_lang": target.upper(),
                "tag_handling": "xml",
                "ignore_tags": ["keep"],
            }
        ).encode()
        request = urllib.request.Request(
            self.url,
            data=body,
            method="POST",
            headers={
                "Authorization": f"DeepL-Auth-Key {self.key}",
                "Content-Type": "application/json",
                "User-Agent": "rulesite-curation/1.0",
            },
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:  # noqa: S310
                payload = json.load(response)
        except urllib.error.HTTPError as exc:
            raise RuntimeError(f"DeepL answered HTTP {exc.code}: {exc.reason}") from exc
        except (urllib.error.URLError, TimeoutError, ValueError) as exc:
            raise RuntimeError(f"DeepL request failed: {exc}") from exc
        translations = payload.get("translations") if isinstance(payload, dict) else None
        if not isinstance(translations, list) or len(translations) != len(texts):
            raise RuntimeError("DeepL returned an unexpected answer")
        return [restore_symbols(str(t.get("text", ""))) for t in translations]
