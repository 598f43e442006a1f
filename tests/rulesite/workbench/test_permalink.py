from __future__ import annotations

import pytest

from rulesite.workbench.permalink import PermalinkError, decode_scenario, encode_scenario


def test_permalink_round_trips_a_scenario_with_french_names() -> None:
    scenario = {
        "action": {"kind": "cast", "card": "Éclair explosif", "kicker": [1]},
        "battlefield": [
            {"id": "c1", "card": "Thalia, Guardian of Thraben", "controller": "opponent"}
        ],
    }

    encoded = encode_scenario(scenario)

    assert decode_scenario(encoded) == scenario
    assert encoded.isascii()
    assert "=" not in encoded


@pytest.mark.parametrize("value", ["", "!!!", "abc", encode_scenario({"a": 1})[:-3]])
def test_permalink_rejects_damaged_values(value: str) -> None:
    with pytest.raises(PermalinkError):
        decode_scenario(value)


def test_permalink_rejects_a_json_list() -> None:
    import base64
    import zlib

    value = base64.urlsafe_b64encode(zlib.compress(b"[1,2]")).decode()

    with pytest.raises(PermalinkError, match="does not hold a scenario"):
        decode_scenario(value)


def test_permalink_rejects_decompression_bombs() -> None:
    import base64
    import zlib

    value = base64.urlsafe_b64encode(zlib.compress(b'{"a":"' + b"x" * 200_000 + b'"}')).decode()

    with pytest.raises(PermalinkError):
        decode_scenario(value)
