"""Card, search, keyword and rule pages in both languages, and their query counts."""

from __future__ import annotations

import datetime
import re

import pytest
from django.test import Client

from rulesite.cards.formats import FORMAT_NAMES
from rulesite.cards.models import Card, Ruling
from rulesite.cards.search import FORMATS
from rulesite.cards.views import CARDS_PER_PAGE

pytestmark = pytest.mark.usefixtures("demo_data")

SEED_FRENCH_KICKER = [
    "Si le coût de kick du sort a été payé, le sort est « kické ».",
    "La capacité de kick ne vous permet pas de payer plus d&#x27;une fois un coût de kick.",
    "Si vous mettez un permanent avec une capacité de kick sur le champ de bataille sans le "
    "lancer, vous ne pouvez pas le kicker.",
    "Si vous copiez un sort kické sur la pile, la copie est également kickée.",
    "Si une carte ou un jeton arrive en tant que copie d&#x27;un permanent, le nouveau "
    "permanent n&#x27;est pas kické, même si l&#x27;original l&#x27;était.",
    "Pour déterminer le coût total d&#x27;un sort, commencez par le coût de mana",
]


def page(client: Client, url: str, **headers: str) -> str:
    response = client.get(url, headers=headers)
    assert response.status_code == 200, url
    return response.content.decode()


def without_glossary_links(html: str) -> str:
    """The page with its glossary links unwrapped, to find sentences that contain terms."""
    return re.sub(r'<a class="glossary-link" href="[^"]*">([^<]*)</a>', r"\1", html)


def test_burst_lightning_in_french_shows_french_name_and_seed_french_rulings(
    client: Client,
) -> None:
    html = page(client, "/fr/cards/burst-lightning/")

    assert '<h1><span lang="fr">Éclair explosif</span></h1>' in html
    assert html.count('class="ruling"') == 6
    for text in SEED_FRENCH_KICKER:
        assert text in html
    assert html.count("Traduction automatique") == 6
    assert html.count('datetime="2024-11-08"') == 6


def test_a_card_with_no_french_printing_keeps_its_english_name_on_fr_marked_english(
    client: Client,
) -> None:
    html = page(client, "/fr/cards/huddle-up/")
    listed = page(client, "/fr/cards/?q=huddle")

    assert '<h1><span lang="en">Huddle Up</span></h1>' in html
    assert '<p class="other-name"' not in html
    assert '<span lang="en">Huddle Up</span></a>' in listed


def test_search_in_french_marks_an_english_type_line_as_english(client: Client) -> None:
    listed = page(client, "/fr/cards/?q=huddle")

    assert '<span lang="en">Sorcery</span>' in listed


def test_card_page_fr_shows_french_before_english_and_en_the_reverse(client: Client) -> None:
    french = page(client, "/fr/cards/burst-lightning/")
    english = page(client, "/en/cards/burst-lightning/")

    assert french.index('class="ruling-text ruling-fr"') < french.index(
        'class="ruling-text ruling-en"'
    )
    assert english.index('class="ruling-text ruling-en"') < english.index(
        'class="ruling-text ruling-fr"'
    )


def test_card_page_en_shows_machine_translation_notice_on_french_text(client: Client) -> None:
    html = page(client, "/en/cards/burst-lightning/")

    assert "<h1>Burst Lightning</h1>" in html
    assert "Traduction automatique" in html
    assert "machine-translated" in html


def test_kavu_primarch_shows_convoke_and_kicker_clarifications_newest_first(
    client: Client,
) -> None:
    html = page(client, "/en/cards/kavu-primarch/")

    dates = re.findall(r'<time datetime="([\d-]+)"', html)
    assert dates.count("2024-11-08") == 6
    assert dates.count("2024-01-12") == 6
    assert dates == sorted(dates, reverse=True)
    assert "Because convoke isn&#x27;t an alternative cost" in without_glossary_links(html)
    assert "Comme la convocation n&#x27;est pas un coût alternatif" in html


def test_molten_disaster_shows_split_second_and_its_2007_ruling(client: Client) -> None:
    html = page(client, "/fr/cards/molten-disaster/")

    assert "Désastre en fusion" in html
    assert html.count('datetime="2021-03-19"') == 6
    assert 'datetime="2007-05-01"' in html
    assert "Molten Disaster has split second as long as it&#x27;s on the stack." in (
        without_glossary_links(html)
    )
    assert "il a la fraction de seconde tant qu&#x27;il est sur la pile" in html
    dates = re.findall(r'<time datetime="([\d-]+)"', html)
    assert dates[-1] == "2007-05-01"


@pytest.mark.parametrize(
    ("lang", "spoken"),
    [("en", "X generic mana, two red mana"), ("fr", "X manas génériques, deux manas rouges")],
)
def test_card_page_speaks_mana_symbols_in_the_page_language(
    client: Client, lang: str, spoken: str
) -> None:
    html = page(client, f"/{lang}/cards/molten-disaster/")

    assert f'role="img" aria-label="{spoken}" lang="{lang}" title="{{X}}{{R}}{{R}}"' in html
    assert '<i class="ms ms-cost ms-r" aria-hidden="true"></i>' in html


def test_card_page_restores_the_line_breaks_of_french_printed_text(client: Client) -> None:
    html = page(client, "/fr/cards/molten-disaster/")

    printed = html.split('class="printed-text"', 1)[1].split("</div>", 1)[0]
    assert "ce sort.)<br>Si le Désastre" in printed
    assert "Kick <span" in printed


def test_card_page_labels_french_printed_text_as_not_kept_up_to_date(client: Client) -> None:
    html = page(client, "/fr/cards/gnarlid-colony/")

    assert "Colonie de gnarlides" in html
    assert "Créature : bête" in html
    assert "pas tenu à jour" in html
    assert "elle a le piétinement." in html


def test_card_page_links_keywords_and_the_workbench(client: Client) -> None:
    html = page(client, "/fr/cards/kavu-primarch/")

    assert '<a href="/fr/keywords/convoke/">Convocation</a>' in html
    assert '<a href="/fr/keywords/kicker/">Kick</a>' in html
    assert 'href="/fr/workbench/?card=kavu-primarch"' in html


def test_card_page_has_exactly_one_h1(client: Client) -> None:
    for url in [
        "/en/cards/kavu-primarch/",
        "/fr/cards/?q=kick",
        "/en/keywords/convoke/",
        "/fr/rules/601.2/",
    ]:
        assert page(client, url).count("<h1") == 1, url


def test_card_page_query_count_does_not_grow_with_rulings(
    client: Client, django_assert_max_num_queries
) -> None:
    card = Card.objects.get(slug="burst-lightning")
    for day in range(1, 41):
        ruling = Ruling.objects.create(
            published_on=datetime.date(2020, 1, 1) + datetime.timedelta(days=day),
            text_en=f"Extra clarification number {day}, see rule 601.2f.",
        )
        ruling.cards.add(card)

    # card, rulings, keywords, printings, legalities, Oracle history, glossary terms, scenarios
    with django_assert_max_num_queries(8):
        html = page(client, "/en/cards/burst-lightning/")

    assert html.count('class="ruling"') == 46
    assert 'href="/en/rules/601.2f/"' in html


def test_unknown_card_is_a_helpful_404(client: Client) -> None:
    response = client.get("/en/cards/no-such-card/")

    assert response.status_code == 404
    assert b'role="search"' in response.content


def test_search_finds_french_name_without_accents(client: Client) -> None:
    html = page(client, "/en/cards/?q=eclair")

    assert "2 cards" in html  # Éclair explosif, Hache d'éclairs
    assert 'href="/en/cards/burst-lightning/"' in html


def test_search_in_french_lists_french_names(client: Client) -> None:
    html = page(client, "/fr/cards/?q=kw%3Akicker+t%3Ainstant+mv%3C%3D1")

    assert "Éclair explosif" in html
    assert "Colonie de gnarlides" not in html


def test_search_with_bad_query_is_a_200_with_a_clear_message(client: Client) -> None:
    response = client.get("/en/cards/", {"q": "mv<=banana"})

    assert response.status_code == 200
    assert "“banana” is not a number" in response.content.decode()


def test_search_with_htmx_returns_only_the_results_partial(client: Client) -> None:
    response = client.get("/en/cards/", {"q": "eclair"}, headers={"HX-Request": "true"})

    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="search-results"')
    assert "<html" not in html
    assert "burst-lightning" in html


def test_search_without_htmx_returns_the_full_page(client: Client) -> None:
    html = page(client, "/en/cards/?q=eclair")

    assert "<html" in html
    assert 'id="search-results"' in html


def test_search_paginates(client: Client, django_assert_max_num_queries) -> None:
    with django_assert_max_num_queries(3):
        first = page(client, "/en/cards/")
    second = page(client, "/en/cards/?page=2")
    beyond = page(client, "/en/cards/?page=999")

    assert 'rel="next"' in first
    assert 'rel="prev"' in second
    last = -(-Card.objects.count() // CARDS_PER_PAGE)
    assert last >= 2
    assert f"Page {last} of {last}" in beyond


def test_keyword_page_shows_explanation_rule_rulings_and_every_card(
    client: Client, django_assert_max_num_queries
) -> None:
    with django_assert_max_num_queries(7):
        html = page(client, "/fr/keywords/kicker/")

    assert '<h1><span lang="fr">Kick</span></h1>' in html
    assert "coût supplémentaire facultatif" in html
    assert 'href="/fr/rules/702.33a/"' in html
    assert html.count('class="ruling"') == 6
    assert "Éclair explosif" in html
    assert "Primarque kavru" in html


def test_keyword_page_en_for_split_second(client: Client) -> None:
    html = page(client, "/en/keywords/split-second/")

    assert "<h1>Split second</h1>" in html
    assert "Sudden Shock" in html
    assert html.count('datetime="2021-03-19"') == 6


def test_rule_page_shows_rule_with_parent_and_subrules(
    client: Client, django_assert_max_num_queries
) -> None:
    # rule and family (3), its history, the same number in older editions (2)
    with django_assert_max_num_queries(7):
        html = page(client, "/en/rules/601.2/")

    assert "Rule 601.2" in html
    assert 'href="/en/rules/601.2f/"' in html
    assert 'href="/en/rules/601/"' in html
    assert "To cast a spell is to take it" in html


def test_rule_page_in_french_shows_seed_french_and_former_number(client: Client) -> None:
    html = page(client, "/fr/rules/702.33a/")

    assert "Le kick est une capacité statique" in html
    assert "702.30a" in html
    # The French text first (the breadcrumbs above may hold English titles, marked English).
    assert html.index('class="rule-text" lang="fr"') < html.index('class="rule-text" lang="en"')


def test_rule_former_number_redirects_to_todays_number(client: Client) -> None:
    response = client.get("/en/rules/702.30a/")

    assert response.status_code == 302
    assert response["Location"] == "/en/rules/702.33a/?from=702.30a"
    assert "702.30a" in page(client, response["Location"])


def test_rule_mentions_in_rulings_link_to_rule_pages(client: Client) -> None:
    html = page(client, "/en/rules/702.33d/")

    assert '<a class="rule-link" href="/en/rules/601.2b/">rule 601.2b</a>' in html


def test_missing_rule_is_a_404_that_explains_and_offers_search(client: Client) -> None:
    response = client.get("/en/rules/999.9z/")

    html = response.content.decode()
    assert response.status_code == 404
    assert (
        "Rule 999.9z is not in our copy of the Comprehensive Rules effective Jan. 16, 2026." in html
    )
    assert '<a href="/en/rules/">Browse and search the Comprehensive Rules</a>' in html
    assert 'role="search" action="/en/rules/"' in html
    assert "import_rules" not in html
    assert "manage.py" not in html


def test_missing_rule_404_in_french_names_the_edition_by_its_french_date(client: Client) -> None:
    response = client.get("/fr/rules/999.9z/")

    html = response.content.decode()
    assert response.status_code == 404
    assert (
        "La règle 999.9z n'est pas dans notre copie des règles complètes en vigueur depuis "
        "le 16 janvier 2026." in html
    )
    assert '<a href="/fr/rules/">Parcourir les règles complètes et y chercher</a>' in html


def test_missing_rule_404_quotes_a_long_number_cut_short(client: Client) -> None:
    number = "9" * 5000

    response = client.get(f"/en/rules/{number}/")

    html = response.content.decode()
    assert response.status_code == 404
    assert f"Rule {'9' * 79}… is not in our copy" in html
    assert f"Rule {'9' * 80}" not in html


def test_glossary_term_dates_its_edition_as_the_rules_index_does(client: Client) -> None:
    html = page(client, "/fr/glossary/mana-value/")

    assert "Règles complètes en vigueur au 16 janvier 2026." in html
    assert "2026-01-16" not in html
    assert "Comprehensive Rules effective Jan. 16, 2026." in page(
        client, "/en/glossary/mana-value/"
    )


def test_rule_number_with_trailing_dot_redirects(client: Client) -> None:
    response = client.get("/en/rules/601.2./")

    assert response.status_code == 302
    assert response["Location"] == "/en/rules/601.2/"


def test_land_page_has_no_cast_link(client: Client) -> None:
    html = page(client, "/en/cards/forest/")

    assert "<h1>Forest</h1>" in html
    assert "Cast this spell" not in html


def test_search_query_is_escaped_everywhere_it_is_shown(client: Client) -> None:
    html = page(client, "/en/cards/?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E")

    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_format_legality_shows_the_formats_by_their_names(client: Client) -> None:
    english = page(client, "/en/cards/burst-lightning/")
    french = page(client, "/fr/cards/burst-lightning/")

    assert "<dt>Pauper Commander</dt>" in english
    assert "<dt>Duel Commander</dt>" in english
    assert "<dt>Standard Brawl</dt>" in english
    assert "<dt>PreDH</dt>" in english
    assert "Paupercommander" not in english
    assert "<dt>Historique</dt>" in french
    assert "<dt>Pauper Commander</dt>" in french


def test_every_format_of_the_legality_grid_has_a_name() -> None:
    assert set(FORMAT_NAMES) == set(FORMATS)


def test_printing_dates_are_marked_as_release_dates_that_do_not_wrap(client: Client) -> None:
    html = page(client, "/fr/cards/burst-lightning/")

    assert '<td class="released">2020-09-26</td>' in html


def test_rule_page_in_french_shows_its_french_title_and_subrules(client: Client) -> None:
    html = page(client, "/fr/rules/702.33/")
    subrules = html.split('id="subrules"')[1]

    assert 'Règle 702.33 — <span lang="fr">Kick</span></h1>' in html
    assert '702 <span lang="en">Keyword Abilities</span></a>' in html
    assert '<span lang="fr">Le kick est une capacité statique' in subrules
    assert "Kicker is a static ability" not in subrules


def test_rule_page_in_english_keeps_english_title_and_subrules(client: Client) -> None:
    html = page(client, "/en/rules/702.33/")
    subrules = html.split('id="subrules"')[1]

    assert "Rule 702.33 — Kicker</h1>" in html
    assert '<span lang="en">Kicker is a static ability' in subrules
    assert "Le kick" not in subrules


def test_rule_index_in_french_has_a_french_search_placeholder(client: Client) -> None:
    html = page(client, "/fr/rules/")

    assert 'placeholder="en anglais : kicker cost, total cost, split second"' in html
