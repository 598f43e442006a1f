"""The question of a scenario: plain text or a small Markdown subset, rendered to safe HTML.

Raw HTML in the source is never passed through: Python-Markdown's raw-HTML handling is
switched off, so ``<script>`` is shown as text, and the output is then cleaned by nh3 with a
short allow-list (paragraphs, emphasis, code, lists, quotes, http(s) links).
"""

from __future__ import annotations

import markdown
import nh3
from django.utils.safestring import SafeString, mark_safe

ALLOWED_TAGS = {"p", "br", "em", "strong", "code", "pre", "ul", "ol", "li", "blockquote", "a"}
ALLOWED_ATTRIBUTES = {"a": {"href"}}
ALLOWED_URL_SCHEMES = {"http", "https"}


def _markdown() -> markdown.Markdown:
    md = markdown.Markdown(extensions=["nl2br", "sane_lists"], output_format="html")
    md.preprocessors.deregister("html_block")
    md.inlinePatterns.deregister("html")
    return md


def render_question(source: str) -> SafeString:
    """Render a scenario question to sanitized HTML.

    >>> str(render_question("Is it **kicked**?"))
    '<p>Is it <strong>kicked</strong>?</p>'
    >>> str(render_question("<script>alert(1)</script>"))
    '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'
    """
    html = _markdown().convert(source)
    cleaned = nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes=ALLOWED_URL_SCHEMES,
        link_rel="nofollow ugc noopener noreferrer",
        strip_comments=True,
    )
    return mark_safe(cleaned)  # noqa: S308 - nh3 output with an allow-list
