"""The request checks' fast paths give the answers of the full checks: JSON nesting depth and
the text check of API bodies."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from rulesite.core.middleware import json_nesting_depth

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ab\u00e9'),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=30,
)


def depth(value: object) -> int:
    if isinstance(value, list):
        return 1 + max((depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((depth(v) for v in value.values()), default=0)
    return 0


@given(json_values, st.booleans())
def test_nesting_depth_of_any_json_is_its_parsed_depth(value: object, ascii_only: bool) -> None:
    raw = json.dumps(value, ensure_ascii=ascii_only).encode()

    assert json_nesting_depth(raw) == depth(value)


def test_brackets_and_escaped_quotes_inside_strings_do_not_nest() -> None:
    raw = json.dumps({"a": ['[[{{"\\', {"b": "}]"}]}).encode()

    assert json_nesting_depth(raw) == 3
