"""The result panel, drawn in Python (:mod:`rulesite.workbench.section`), as template tags:
``{% load results %}`` then ``{% result_section %}`` (the ``#cast-result`` section, with the
spoken status and the summary beside it on an htmx request), ``{% cast_summary %}``, and the
panel's lists ``{% clarifications panel.clarifications %}``, ``{% trace_steps panel.trace %}``
and ``{% cost_steps panel.cost_steps %}``; ``{% verdict answer %}`` is the verdict's word.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString

from rulesite.workbench.section import (
    clarification,
    clarifications,
    context_section,
    cost_steps,
    summary,
    trace_steps,
    verdict,
)

__all__ = ["clarification", "clarifications", "cost_steps", "trace_steps"]

register = template.Library()
register.simple_tag(clarification)
register.simple_tag(clarifications)
register.simple_tag(trace_steps)
register.simple_tag(cost_steps)
register.simple_tag(verdict)


@register.simple_tag(takes_context=True)
def result_section(context: Any) -> SafeString:
    """The ``#cast-result`` section of the page's ``panel``, ``has_errors``, ``lands`` and
    ``permalink``."""
    return context_section(context)


@register.simple_tag(takes_context=True)
def cast_summary(context: Any) -> SafeString:
    """The verdict and total cost kept in sight beside the form."""
    return summary(context.get("panel"))
