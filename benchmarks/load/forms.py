"""Fetch a page with a form and rebuild the POST a browser would send (CSRF cookie included)."""

from __future__ import annotations

import http.cookiejar
import urllib.parse
import urllib.request
from html.parser import HTMLParser


class _FormReader(HTMLParser):
    """The fields of the first ``<form method="post">`` (or of the form with ``form_id``)."""

    def __init__(self, form_id: str | None) -> None:
        super().__init__(convert_charrefs=True)
        self.form_id = form_id
        self.inside = False
        self.done = False
        self.action: str | None = None
        self.fields: list[tuple[str, str]] = []
        self._select: str | None = None
        self._select_value: str | None = None
        self._select_first: str | None = None
        self._textarea: str | None = None
        self._text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and not self.done and not self.inside:
            matches = a.get("id") == self.form_id if self.form_id else True
            if matches and a.get("method", "get").lower() == "post":
                self.inside = True
                self.action = a.get("action", "")
            return
        if not self.inside:
            return
        name = a.get("name")
        if tag == "input" and name:
            kind = a.get("type", "text").lower()
            if kind in {"submit", "button", "image", "reset", "file"}:
                return
            if kind in {"checkbox", "radio"} and "checked" not in a:
                return
            self.fields.append((name, a.get("value", "on" if kind == "checkbox" else "")))
        elif tag == "select" and name:
            self._select, self._select_value, self._select_first = name, None, None
        elif tag == "option" and self._select is not None:
            value = a.get("value", "")
            if self._select_first is None:
                self._select_first = value
            if "selected" in a:
                self._select_value = value
        elif tag == "textarea" and name:
            self._textarea, self._text = name, ""

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self._text += data

    def handle_endtag(self, tag: str) -> None:
        if not self.inside:
            return
        if tag == "select" and self._select is not None:
            value = self._select_value if self._select_value is not None else self._select_first
            self.fields.append((self._select, value or ""))
            self._select = None
        elif tag == "textarea" and self._textarea is not None:
            self.fields.append((self._textarea, self._text))
            self._textarea = None
        elif tag == "form":
            self.inside = False
            self.done = True


def browser_post(
    base: str, page_path: str, form_id: str | None = None
) -> tuple[str, bytes, dict[str, str]]:
    """(path to post to, urlencoded body, headers incl. the CSRF cookie) for the page's form."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    with opener.open(base + page_path, timeout=30) as response:
        html = response.read().decode("utf-8")
        final_path = urllib.parse.urlsplit(response.url).path
    reader = _FormReader(form_id)
    reader.feed(html)
    if not reader.fields:
        raise RuntimeError(f"no POST form found on {page_path}")
    action = urllib.parse.urljoin(final_path, reader.action or final_path)
    cookies = "; ".join(f"{c.name}={c.value}" for c in jar)
    body = urllib.parse.urlencode(reader.fields).encode()
    headers = {
        "Content-Type": "application/x-www-form-urlencoded",
        "Cookie": cookies,
        "Referer": base + page_path,
    }
    return urllib.parse.urlsplit(action).path, body, headers
