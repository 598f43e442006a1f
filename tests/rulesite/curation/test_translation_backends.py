"""The DeepL backend against a local HTTP server speaking DeepL's /v2/translate protocol."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any

import pytest

from rulesite.curation.services.translation import DeepLBackend

RECEIVED: list[dict[str, Any]] = []


class FakeDeepL(BaseHTTPRequestHandler):
    def do_POST(self) -> None:  # noqa: N802 - http.server naming
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        RECEIVED.append({"auth": self.headers["Authorization"], **body})
        if self.headers["Authorization"] != "DeepL-Auth-Key good:fx":
            self.send_response(403)
            self.end_headers()
            return
        if self.path.endswith("/glossaries"):
            self._answer({"glossary_id": "g-1", "entry_count": body["entries"].count("\n") + 1})
            return
        answer = {
            "translations": [
                {"detected_source_language": "EN", "text": t.replace("Kicker", "Kick")}
                for t in body["text"]
            ]
        }
        self._answer(answer)

    def _answer(self, answer: dict[str, Any]) -> None:
        data = json.dumps(answer).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def deepl_url(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    server = HTTPServer(("127.0.0.1", 0), FakeDeepL)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_port}/v2/translate"
    monkeypatch.setenv("DEEPL_API_URL", url)
    RECEIVED.clear()
    yield url
    server.shutdown()
    server.server_close()


def test_deepl_backend_translates_and_keeps_mana_symbols(
    deepl_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DEEPL_AUTH_KEY", "good:fx")

    result = DeepLBackend().translate(["Kicker {2}{G} & more", "Two"], source="en", target="fr")

    assert result == ["Kick {2}{G} & more", "Two"]
    assert RECEIVED[0]["text"][0] == "Kicker <keep>{2}</keep><keep>{G}</keep> &amp; more"
    assert (RECEIVED[0]["source_lang"], RECEIVED[0]["target_lang"]) == ("EN", "FR")


def test_deepl_backend_reports_http_errors(deepl_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEEPL_AUTH_KEY", "bad")

    with pytest.raises(RuntimeError, match="HTTP 403"):
        DeepLBackend().translate(["One"])


def test_deepl_backend_needs_a_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DEEPL_AUTH_KEY", raising=False)

    with pytest.raises(RuntimeError, match="DEEPL_AUTH_KEY"):
        DeepLBackend()


def test_deepl_backend_sends_the_glossary_once_and_uses_it(
    deepl_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DEEPL_AUTH_KEY", "good:fx")
    backend = DeepLBackend()
    glossary = [("kicker", "kick"), ("stack", "pile")]

    backend.translate(["Kicker {R}"], glossary=glossary)
    backend.translate(["On the stack."], glossary=glossary)

    created = [r for r in RECEIVED if "entries" in r]
    assert len(created) == 1
    assert created[0]["entries"] == "kicker\tkick\nstack\tpile"
    assert (created[0]["source_lang"], created[0]["target_lang"]) == ("en", "fr")
    translations = [r for r in RECEIVED if "text" in r]
    assert [r["glossary_id"] for r in translations] == ["g-1", "g-1"]
