"""Scenario pages: the published list with its filters, one scenario, flagging; nothing
pending or rejected reaches the public."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from rulesite.cards.models import Card, Keyword
from rulesite.scenarios.models import Scenario, ScenarioFlag
from rulesite.workbench.services import evaluate
from tests.rate_windows import start_clear_of_window_end

pytestmark = pytest.mark.usefixtures("cards")

XSS_TITLE = "<script>alert(1)</script>"
XSS_QUESTION = "<img src=x onerror=alert(1)> and <script>alert(2)</script>"
XSS_AUTHOR = "<b onmouseover=alert(3)>me</b>"
FLAG = {"reason": "wrong_answer", "note": "Twincast copies whether it was kicked."}


def test_list_shows_published_newest_first(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    make_scenario(title="Older published")
    make_scenario(title="Newer published")

    response = client.get("/en/scenarios/")

    body = response.content.decode()
    assert response.status_code == 200
    assert body.index("Newer published") < body.index("Older published")


def test_list_hides_pending_and_rejected(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    make_scenario(title="Visible one")
    make_scenario(title="Waiting one", status=Scenario.Status.PENDING)
    make_scenario(title="Refused one", status=Scenario.Status.REJECTED)

    body = client.get("/en/scenarios/").content.decode()

    assert "Visible one" in body
    assert "Waiting one" not in body
    assert "Refused one" not in body


def test_list_filters_by_card(client: Client, make_scenario: Callable[..., Scenario]) -> None:
    burst = Card.objects.get(name="Burst Lightning")
    shock = Card.objects.get(name="Shock")
    make_scenario(title="About Burst", cards=[burst])
    make_scenario(title="About Shock", cards=[shock])

    body = client.get("/en/scenarios/", {"card": "burst-lightning"}).content.decode()

    assert "About Burst" in body
    assert "About Shock" not in body


def test_list_filters_by_keyword_language_and_changed(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    kicker = Keyword.objects.get(slug="kicker")
    make_scenario(title="Kicker FR changed", keywords=[kicker], language="fr", answer_changed=True)
    make_scenario(title="Kicker FR same", keywords=[kicker], language="fr")
    make_scenario(title="Kicker EN changed", keywords=[kicker], language="en", answer_changed=True)
    make_scenario(title="No keyword FR changed", language="fr", answer_changed=True)

    body = client.get(
        "/en/scenarios/", {"keyword": "kicker", "language": "fr", "changed": "on"}
    ).content.decode()

    assert "Kicker FR changed" in body
    assert "Kicker FR same" not in body
    assert "Kicker EN changed" not in body
    assert "No keyword FR changed" not in body


def test_list_shows_changed_answers_unless_the_box_is_ticked(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    make_scenario(title="Answer changed one", answer_changed=True)
    make_scenario(title="Answer same one")

    unfiltered = client.get("/en/scenarios/").content.decode()
    ticked = client.get("/en/scenarios/", {"changed": "on"}).content.decode()
    unchanged = client.get("/en/scenarios/", {"changed": "false"}).content.decode()

    assert "Answer changed one" in unfiltered
    assert "Answer same one" in unfiltered
    assert 'id="id_changed">' in unfiltered  # the box unticked
    assert "Answer changed one" in ticked
    assert "Answer same one" not in ticked
    assert 'id="id_changed" checked>' in ticked
    assert "Answer changed one" not in unchanged
    assert "Answer same one" in unchanged
    assert 'id="id_changed">' in unchanged


def test_list_changed_neither_yes_nor_no_is_a_form_error(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    make_scenario(title="Answer changed one", answer_changed=True)

    response = client.get("/en/scenarios/", {"changed": "maybe"})

    body = response.content.decode()
    assert response.status_code == 200
    assert "Must be true or false." in body
    assert "Answer changed one" not in body


def test_list_unknown_filter_value_is_a_form_error_not_a_500(client: Client) -> None:
    response = client.get("/en/scenarios/", {"card": "no-such-card", "language": "xx"})

    assert response.status_code == 200
    assert "not valid" in response.content.decode()


def test_list_is_paginated(client: Client, make_scenario: Callable[..., Scenario]) -> None:
    for i in range(25):
        make_scenario(title=f"Scenario number {i:02d}")

    first = client.get("/en/scenarios/").content.decode()
    second = client.get("/en/scenarios/", {"page": 2}).content.decode()

    assert "Scenario number 24" in first
    assert "Scenario number 04" not in first
    assert "Scenario number 04" in second
    assert "Scenario number 24" not in second
    assert 'rel="next"' in first


def test_list_query_count_does_not_grow_with_scenarios(
    client: Client,
    make_scenario: Callable[..., Scenario],
    django_assert_max_num_queries: Any,
) -> None:
    burst = Card.objects.get(name="Burst Lightning")
    kicker = Keyword.objects.get(slug="kicker")
    for i in range(20):
        make_scenario(title=f"S{i}", cards=[burst], keywords=[kicker])

    with django_assert_max_num_queries(8):
        response = client.get("/en/scenarios/", {"keyword": "kicker"})

    assert response.status_code == 200


def test_list_in_french_names_cards_and_keywords_in_french(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    burst = Card.objects.get(name="Burst Lightning")
    huddle = Card.objects.get(name="Huddle Up")  # no French name: its English one
    kicker = Keyword.objects.get(slug="kicker")
    make_scenario(title="Kicked copy", cards=[burst, huddle], keywords=[kicker])

    body = client.get("/fr/scenarios/").content.decode()

    assert '<a href="/fr/cards/burst-lightning/">Éclair explosif</a>' in body
    assert '<a href="/fr/cards/huddle-up/"><span lang="en">Huddle Up</span></a>' in body
    assert '<option value="burst-lightning">Éclair explosif</option>' in body
    assert '<option value="huddle-up">Huddle Up</option>' in body
    assert '<option value="kicker">Kick</option>' in body
    assert ">Burst Lightning<" not in body


def test_list_in_french_orders_the_filters_by_their_french_names(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    # Chalice of the Void is "Calice du vide", Burst Lightning "Éclair explosif".
    cards = list(Card.objects.filter(name__in=["Burst Lightning", "Chalice of the Void"]))
    keywords = list(Keyword.objects.filter(slug__in=["convoke", "kicker", "split-second"]))
    make_scenario(cards=cards, keywords=keywords)

    body = client.get("/fr/scenarios/").content.decode()

    assert body.index(">Calice du vide</option>") < body.index(">Éclair explosif</option>")
    assert body.index(">Convocation</option>") < body.index(">Fraction de seconde</option>")
    assert body.index(">Fraction de seconde</option>") < body.index(">Kick</option>")


def test_list_in_french_query_count_does_not_grow_with_scenarios(
    client: Client,
    make_scenario: Callable[..., Scenario],
    django_assert_max_num_queries: Any,
) -> None:
    burst = Card.objects.get(name="Burst Lightning")
    chalice = Card.objects.get(name="Chalice of the Void")
    kicker = Keyword.objects.get(slug="kicker")
    for i in range(20):
        make_scenario(title=f"S{i}", cards=[burst, chalice], keywords=[kicker])

    with django_assert_max_num_queries(8):
        response = client.get("/fr/scenarios/", {"keyword": "kicker"})

    assert response.status_code == 200
    assert response.content.decode().count(">Calice du vide</a>") == 20


def test_list_htmx_returns_only_the_results_partial(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    make_scenario(title="Partial one")

    response = client.get("/en/scenarios/", {"language": "en"}, headers={"HX-Request": "true"})

    body = response.content.decode()
    assert response.status_code == 200
    assert body.lstrip().startswith('<section id="scenario-results"')
    assert "Partial one" in body
    assert "<html" not in body


def test_list_without_htmx_is_the_full_page(client: Client) -> None:
    body = client.get("/en/scenarios/", {"language": "en"}).content.decode()

    assert "<html" in body
    assert 'id="scenario-results"' in body


def test_detail_shows_question_board_answer_and_workbench_link(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    scenario = make_scenario(
        cards=list(Card.objects.filter(name__in=["Burst Lightning", "Twincast"]))
    )

    response = client.get(f"/en/scenarios/{scenario.pk}/")

    body = response.content.decode()
    assert response.status_code == 200
    assert "<strong>Twincast</strong>" in body
    assert 'data-testid="board-stack"' in body
    assert 'href="/en/cards/burst-lightning/"' in body
    assert "deals 4 damage" in body
    assert "/en/workbench/?s=" in body


def test_detail_in_french_uses_french_answer_texts(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    scenario = make_scenario()

    body = client.get(f"/fr/scenarios/{scenario.pk}/").content.decode()

    assert "Une copie d&#x27;un sort copie le fait qu&#x27;il a été kické." in body


def test_707_10_detail_in_french_says_the_copy_is_kicked_once(
    client: Client, make_scenario: Callable[..., Scenario], twincast_scenario: dict[str, Any]
) -> None:
    scenario = make_scenario(scenario=twincast_scenario, answer=evaluate(twincast_scenario).answer)

    body = client.get(f"/fr/scenarios/{scenario.pk}/").content.decode()

    assert "La copie est kickée une fois." in body
    assert "La copie a les mêmes cibles : l&#x27;adversaire." in body
    assert "[1]" not in body


def test_601_2c_detail_in_french_quotes_any_target_as_the_card_says_it(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    board = {
        "battlefield": [{"id": "m1", "card": "Mountain", "controller": "you"}],
        "action": {"kind": "cast", "player": "you", "card": "Burst Lightning", "targets": ["m1"]},
    }
    scenario = make_scenario(scenario=board, answer=evaluate(board).answer)

    body = client.get(f"/fr/scenarios/{scenario.pk}/").content.decode()

    assert "Montagne (m1) n&#x27;est pas une cible légale pour « any target » d&#x27;Éclair" in body
    assert "target any target" not in body


@pytest.mark.parametrize("status", [Scenario.Status.PENDING, Scenario.Status.REJECTED])
def test_detail_of_unpublished_scenario_is_404_for_the_public(
    client: Client, make_scenario: Callable[..., Scenario], status: str
) -> None:
    scenario = make_scenario(status=status)

    response = client.get(f"/en/scenarios/{scenario.pk}/")

    assert response.status_code == 404


def test_detail_of_pending_scenario_is_shown_to_staff_with_notice(
    admin_client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    scenario = make_scenario(status=Scenario.Status.PENDING)

    response = admin_client.get(f"/en/scenarios/{scenario.pk}/")

    assert response.status_code == 200
    assert 'data-testid="pending-notice"' in response.content.decode()
    assert response["X-Robots-Tag"] == "noindex"


def test_detail_shows_todays_answer_when_it_changed(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    today = {**make_scenario().answer, "kicked": False, "result": {"kind": "spell", "damage": 2}}
    scenario = make_scenario(answer_today=today, answer_changed=True, recheck="changed")

    body = client.get(f"/en/scenarios/{scenario.pk}/").content.decode()

    assert 'data-testid="answer-changed"' in body
    assert "deals 2 damage" in body
    assert "deals 4 damage" in body
    assert "kicked" in body.split('data-testid="answer-changed"')[1]


def test_detail_hides_todays_answer_when_the_same(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    scenario = make_scenario(answer_today=make_scenario().answer, recheck="same")

    body = client.get(f"/en/scenarios/{scenario.pk}/").content.decode()

    assert 'data-testid="answer-changed"' not in body


def test_xss_in_title_question_author_is_shown_as_text(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    scenario = make_scenario(title=XSS_TITLE, question=XSS_QUESTION, author=XSS_AUTHOR)

    detail = client.get(f"/en/scenarios/{scenario.pk}/").content.decode()
    listing = client.get("/en/scenarios/").content.decode()

    for body in (detail, listing):
        assert "<script>alert" not in body
        assert "<img src=x" not in body
        assert "<b onmouseover" not in body
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body
    assert "&lt;img src=x onerror=alert(1)&gt;" in detail


def test_flag_increments_count_once_per_visitor(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    scenario = make_scenario()

    first = client.post(f"/en/scenarios/{scenario.pk}/flag/", FLAG)
    second = client.post(f"/en/scenarios/{scenario.pk}/flag/", FLAG)

    scenario.refresh_from_db()
    assert first.status_code == 302
    assert second.status_code == 302
    assert scenario.flag_count == 1


def test_flag_with_htmx_returns_the_flag_partial(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    scenario = make_scenario()

    response = client.post(
        f"/en/scenarios/{scenario.pk}/flag/", FLAG, headers={"HX-Request": "true"}
    )

    body = response.content.decode()
    assert response.status_code == 200
    assert body.lstrip().startswith('<div id="flag-form"')
    assert "Thank you" in body
    flag = ScenarioFlag.objects.get(scenario=scenario)
    assert (flag.reason, flag.note) == ("wrong_answer", "Twincast copies whether it was kicked.")


@pytest.mark.parametrize("htmx", [False, True])
def test_flag_without_a_reason_asks_for_one_and_counts_nothing(
    client: Client, make_scenario: Callable[..., Scenario], htmx: bool
) -> None:
    scenario = make_scenario()
    headers = {"HX-Request": "true"} if htmx else {}

    response = client.post(f"/en/scenarios/{scenario.pk}/flag/", {"note": "x"}, headers=headers)

    assert response.status_code == 200
    assert "Choose why you flag this scenario." in response.content.decode()
    scenario.refresh_from_db()
    assert scenario.flag_count == 0
    assert not ScenarioFlag.objects.exists()


def test_flag_form_offers_the_reasons_in_french(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    scenario = make_scenario()

    body = client.get(f"/fr/scenarios/{scenario.pk}/").content.decode()

    assert "La réponse est fausse" in body
    assert 'name="reason"' in body


def test_flag_requires_csrf_token(make_scenario: Callable[..., Scenario]) -> None:
    scenario = make_scenario()
    strict = Client(enforce_csrf_checks=True)

    response = strict.post(
        f"/en/scenarios/{scenario.pk}/flag/", FLAG, headers={"HX-Request": "true"}
    )

    assert response.status_code == 403
    scenario.refresh_from_db()
    assert scenario.flag_count == 0


def test_flag_of_pending_scenario_is_404(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    scenario = make_scenario(status=Scenario.Status.PENDING)

    response = client.post(f"/en/scenarios/{scenario.pk}/flag/")

    assert response.status_code == 404


def test_flags_are_rate_limited_per_client(
    client: Client, make_scenario: Callable[..., Scenario], settings: Any
) -> None:
    settings.RULESITE_SCENARIO_FLAG_RATE = "2/h"
    start_clear_of_window_end("2/h")
    scenarios = [make_scenario(title=f"F{i}") for i in range(3)]

    for scenario in scenarios:
        client.post(f"/en/scenarios/{scenario.pk}/flag/", FLAG)

    counts = sorted(Scenario.objects.values_list("flag_count", flat=True))
    assert counts == [0, 1, 1]


def test_card_page_tag_lists_only_published_scenarios(
    make_scenario: Callable[..., Scenario],
) -> None:
    from django.template import Context, Template

    burst = Card.objects.get(name="Burst Lightning")
    make_scenario(title="Public about Burst", cards=[burst])
    make_scenario(title="Pending about Burst", cards=[burst], status=Scenario.Status.PENDING)

    html = Template("{% load scenario_tags %}{% published_scenarios card %}").render(
        Context({"card": burst})
    )

    assert "Public about Burst" in html
    assert "Pending about Burst" not in html
    assert "?card=burst-lightning" in html


def test_card_page_lists_its_published_scenarios(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    burst = Card.objects.get(name="Burst Lightning")
    make_scenario(title="Burst question published", cards=[burst])
    make_scenario(title="Burst question pending", cards=[burst], status=Scenario.Status.PENDING)

    body = client.get("/en/cards/burst-lightning/").content.decode()

    assert "Burst question published" in body
    assert "Burst question pending" not in body


def test_approval_shows_scenario_on_a_cached_card_page(
    client: Client,
    make_scenario: Callable[..., Scenario],
    django_capture_on_commit_callbacks: Any,
) -> None:
    from rulesite.scenarios.services import publish_scenarios

    burst = Card.objects.get(name="Burst Lightning")
    pending = make_scenario(title="Approved later", cards=[burst], status="pending")
    client.get("/fr/cards/burst-lightning/")  # cached without it

    with django_capture_on_commit_callbacks(execute=True):
        publish_scenarios(scenarios=[pending])
    body = client.get("/fr/cards/burst-lightning/").content.decode()

    assert "Approved later" in body


def test_keyword_page_loads_its_scenarios_with_htmx_and_links_without(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    make_scenario(title="Kicker question", keywords=[Keyword.objects.get(slug="kicker")])

    page = client.get("/en/keywords/kicker/").content.decode()
    fragment = client.get(
        "/en/scenarios/", {"keyword": "kicker"}, headers={"HX-Request": "true"}
    ).content.decode()

    assert 'hx-get="/en/scenarios/?keyword=kicker"' in page
    assert 'href="/en/scenarios/?keyword=kicker"' in page
    assert "Kicker question" in fragment


def test_detail_query_count_is_bounded(
    client: Client,
    make_scenario: Callable[..., Scenario],
    django_assert_max_num_queries: Any,
) -> None:
    scenario = make_scenario(cards=list(Card.objects.all()[:20]))

    with django_assert_max_num_queries(4):
        response = client.get(f"/en/scenarios/{scenario.pk}/")

    assert response.status_code == 200


def test_list_page_is_cached_until_a_scenario_is_published(
    client: Client,
    make_scenario: Callable[..., Scenario],
    django_capture_on_commit_callbacks: Any,
) -> None:
    from rulesite.scenarios.services import publish_scenarios

    make_scenario(title="Already public")
    pending = make_scenario(title="Approved now", status=Scenario.Status.PENDING)
    first = client.get("/en/scenarios/")
    second = client.get("/en/scenarios/")

    with django_capture_on_commit_callbacks(execute=True):
        publish_scenarios(scenarios=[pending])
    third = client.get("/en/scenarios/")

    assert first["X-Rulesite-Cache"] == "miss"
    assert second["X-Rulesite-Cache"] == "hit"
    assert "Approved now" not in second.content.decode()
    assert "Approved now" in third.content.decode()


def test_keyword_box_gets_a_short_list_under_its_own_heading(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    multikicker = Keyword.objects.get(slug="multikicker")
    make_scenario(title="Chalice kicked three times", keywords=[multikicker])

    fragment = client.get(
        "/en/scenarios/",
        {"keyword": "multikicker"},
        headers={"HX-Request": "true", "HX-Target": "published-scenarios-list"},
    ).content.decode()

    assert "Chalice kicked three times" in fragment
    assert "<h2" not in fragment
    assert "not valid" not in fragment
    assert 'href="/en/scenarios/?keyword=multikicker"' in fragment


def test_a_keyword_without_scenarios_is_a_valid_filter_that_lists_none(client: Client) -> None:
    response = client.get("/en/scenarios/", {"keyword": "multikicker"})

    body = response.content.decode()
    assert "not valid" not in body
    assert "0 scenarios" in body
    assert '<option value="multikicker" selected>' in body


def test_question_shows_mana_symbols_spoken_and_links_rules(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    scenario = make_scenario(question="Does paying {4}{R} change rule 702.33a?")

    body = client.get(f"/en/scenarios/{scenario.pk}/").content.decode()
    question = body.split('data-testid="question"', 1)[1].split("</div>", 1)[0]

    assert "{4}{R}</span></span>" in question
    assert 'aria-label="four generic mana, one red mana"' in question
    assert 'href="/en/rules/702.33a/"' in question


def test_share_form_help_says_markdown_not_plain_text() -> None:
    from rulesite.scenarios.forms import ScenarioSubmitForm

    help_text = str(ScenarioSubmitForm().fields["question"].help_text)

    assert help_text.startswith("Markdown:")
    assert "Plain text" not in help_text


def test_titles_show_mana_symbols_on_the_list_and_the_scenario_page(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    scenario = make_scenario(title="Is {4}{R} the total cost?")

    listing = client.get("/en/scenarios/").content.decode()
    detail = client.get(f"/en/scenarios/{scenario.pk}/").content.decode()

    assert 'aria-label="four generic mana, one red mana"' in listing
    assert '<h1>Is <span class="mana" role="img"' in detail
    assert "<title>Is {4}{R} the total cost? · rulesite</title>" in detail


def test_detail_board_shows_the_zones_life_step_and_the_casts_own_choices(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    board = {
        "action": {
            "kind": "cast",
            "player": "you",
            "card": "Force of Will",
            "alternative_cost": "printed",
            "exile": ["h1"],
            "targets": ["s1"],
        },
        "hand": [{"id": "h1", "card": "Counterspell", "owner": "you"}],
        "graveyard": [{"id": "g1", "card": "Shock", "owner": "opponent"}],
        "stack": [{"id": "s1", "card": "Lightning Bolt", "controller": "opponent"}],
        "life": {"you": 7, "opponent": 20},
        "turn": {"active_player": "opponent", "phase": "combat", "step": "declare_attackers"},
    }
    scenario = make_scenario(scenario=board)

    response = client.get(f"/en/scenarios/{scenario.pk}/")

    body = response.content.decode()
    assert body.count('data-testid="board-zone"') == 2
    assert 'href="/en/cards/counterspell/">Counterspell</a>' in body
    assert "owner: opponent" in body
    assert "you 7, your opponent 20" in body
    assert ", Declare attackers</dd>" in body
    assert "rather than pay this spell&#x27;s mana cost.</dd>" in body
    assert "<dd>Counterspell (h1)</dd>" in body


def test_detail_answer_with_choices_missing_prompts_rather_than_says_illegal(
    client: Client, make_scenario: Callable[..., Scenario]
) -> None:
    board = {
        "action": {"kind": "cast", "player": "you", "card": "Cryptic Command"},
        "assume_mana": True,
    }
    scenario = make_scenario(scenario=board, answer=evaluate(board).answer)

    response = client.get(f"/en/scenarios/{scenario.pk}/")

    body = response.content.decode()
    assert '<p class="verdict-choices" data-testid="verdict">' in body
    assert "Choices to make" in body
    assert "Choose 2 mode(s) of Cryptic Command." in body
