"""The question's Markdown subset is rendered safely: HTML in the source is text."""

from __future__ import annotations

import pytest

from rulesite.scenarios.text import render_question

XSS_PAYLOADS = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    '<a href="javascript:alert(1)">click</a>',
    "<svg onload=alert(1)>",
    "<iframe src=https://evil.example></iframe>",
]


@pytest.mark.parametrize("payload", XSS_PAYLOADS)
def test_html_in_question_is_shown_as_text(payload: str) -> None:
    html = str(render_question(payload))

    assert "<script" not in html
    assert "<img" not in html
    assert "<svg" not in html
    assert "<iframe" not in html
    assert "&lt;" in html


def test_markdown_subset_renders_emphasis_lists_and_code() -> None:
    html = str(render_question("Is it **kicked**?\n\n- *once*\n- `{4}`"))

    assert "<strong>kicked</strong>" in html
    assert "<li><em>once</em></li>" in html
    assert "<code>{4}</code>" in html


def test_markdown_links_keep_only_http_and_get_nofollow() -> None:
    html = str(render_question("[rules](https://magic.wizards.com) [bad](javascript:alert(1))"))

    assert 'href="https://magic.wizards.com"' in html
    assert "javascript:" not in html
    assert 'rel="nofollow ugc noopener noreferrer"' in html


def test_markdown_images_are_dropped() -> None:
    html = str(render_question("![x](https://tracker.example/pixel.png)"))

    assert "<img" not in html
    assert "tracker.example" not in html
