"""A machine-translation backend for the tests: deterministic, no network."""

from __future__ import annotations


class FakeBackend:
    calls: list[list[str]] = []

    def translate(self, texts: list[str], source: str = "en", target: str = "fr") -> list[str]:
        FakeBackend.calls.append(list(texts))
        return [f"[{source}→{target}] {text}" for text in texts]


class ShortBackend:
    """Returns one text too few: a broken vendor answer."""

    def translate(self, texts: list[str], source: str = "en", target: str = "fr") -> list[str]:
        return texts[:-1]


class NoMethod:
    pass


class GlossaryBackend:
    """Takes a glossary, as DeepL does."""

    glossaries: list[list[tuple[str, str]]] = []

    def translate(
        self,
        texts: list[str],
        source: str = "en",
        target: str = "fr",
        glossary: list[tuple[str, str]] | None = None,
    ) -> list[str]:
        GlossaryBackend.glossaries.append(list(glossary or []))
        return [f"[fr] {text}" for text in texts]
