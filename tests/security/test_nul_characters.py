"""A NUL character, which PostgreSQL text fields refuse, gets a clear answer — never a 500."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.mark.parametrize(
    "path",
    [
        "/en/cards/?q=burst%00lightning",
        "/en/workbench/cards/?q=%00",
        "/en/workbench/?card=%00",
        "/en/scenarios/?card=%00",
    ],
)
def test_nul_in_a_query_string_is_answered(client: Client, demo_data: None, path: str) -> None:
    response = client.get(path)

    assert response.status_code in {200, 400, 404}


def test_nul_in_the_workbench_card_field_is_a_form_answer(client: Client, demo_data: None) -> None:
    response = client.post("/en/workbench/", {"card": "Burst\x00Lightning", "action": "cast"})

    assert response.status_code == 200
