"""Rule lookup pages, through Django's test client.

The views need no database. They are tested under a test URLconf (rules/ only) and a
minimal test base.html, so they don't depend on the rest of the site; one test renders
with the project's own base.html and URLconf, which include the rules at rules/.
"""
import copy
from pathlib import Path

import pytest
from django.urls import reverse

from companion.rulebook import search

TEST_TEMPLATES = Path(__file__).resolve().parent / "templates"


@pytest.fixture
def rb(settings):
    """Test URLconf and test base.html (put first, so it shadows the project's)."""
    settings.ROOT_URLCONF = "tests.rulebook.urls"
    templates = copy.deepcopy(settings.TEMPLATES)
    templates[0]["DIRS"] = [TEST_TEMPLATES, *templates[0]["DIRS"]]
    settings.TEMPLATES = templates
    return settings


def get(client, url, lang="en", **headers):
    return client.get(url, HTTP_ACCEPT_LANGUAGE=lang, **headers)


def test_url_names(rb):
    assert reverse("rulebook:index") == "/rules/"
    assert reverse("rulebook:search") == "/rules/search/"
    assert reverse("rulebook:context") == "/rules/context/"
    assert reverse("rulebook:entry", args=["base-robber-seven"]) == "/rules/base-robber-seven/"


def test_index_lists_every_game_and_entry(rb, client):
    response = get(client, "/rules/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-test-base="rulebook"' in html  # extends base.html
    for label in ("Base game", "Cities &amp; Knights", "Traders &amp; Barbarians", "Explorers &amp; Pirates"):
        assert label in html
    for entry in search.all_entries():
        assert f'href="/rules/{entry.slug}/"' in html
    # search as you type
    assert 'hx-get="/rules/search/"' in html
    assert 'hx-trigger="input changed delay:150ms, search"' in html
    assert 'hx-target="#rb-results"' in html
    assert "rulebook.css" in html


def test_index_in_polish(rb, client):
    html = get(client, "/rules/", lang="pl").content.decode()
    assert "<title>Zasady</title>" in html
    assert "Gra podstawowa" in html and "Miasta i Rycerze" in html
    assert "Przestawianie złodzieja" in html
    assert "Szukaj w zasadach" in html


def test_index_one_game(rb, client):
    html = get(client, "/rules/?game=cities-knights").content.decode()
    assert "/rules/ck-progress-alchemist/" in html
    assert "/rules/base-robber-seven/" not in html


def test_search_full_page_polish_without_diacritics(rb, client):
    response = get(client, "/rules/search/?q=zlodziej", lang="pl")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" in html
    assert "Przestawianie <mark>złodzieja</mark>" in html
    assert 'href="/rules/base-robber-move/?q=zlodziej"' in html
    assert "Znaleziono" in html


def test_search_partial_for_htmx(rb, client):
    response = get(client, "/rules/search/?q=knights", HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html
    assert 'class="rb-hits"' in html and "/rules/ck-knights/" in html
    assert "HX-Request" in response["Vary"]


def test_search_history_restore_gets_the_full_page(rb, client):
    html = get(client, "/rules/search/?q=knights", HTTP_HX_REQUEST="true",
               HTTP_HX_HISTORY_RESTORE_REQUEST="true").content.decode()
    assert "<html" in html


def test_search_empty_and_no_match(rb, client):
    assert 'class="rb-hits"' not in get(client, "/rules/search/?q=", HTTP_HX_REQUEST="true").content.decode()
    html = get(client, "/rules/search/?q=xyzzyqq", HTTP_HX_REQUEST="true").content.decode()
    assert "No rules match “xyzzyqq”." in html
    html = get(client, "/rules/search/?q=xyzzyqq", lang="pl", HTTP_HX_REQUEST="true").content.decode()
    assert "Brak zasad pasujących do „xyzzyqq”." in html


def test_search_escapes_the_query(rb, client):
    html = get(client, "/rules/search/?q=<script>alert(1)</script>").content.decode()
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;" in html


def test_search_game_filter(rb, client):
    html = get(client, "/rules/search/?q=robber&game=base", HTTP_HX_REQUEST="true").content.decode()
    assert "/rules/base-robber-move/" in html
    assert "/rules/ck-robber-seven/" not in html and "/rules/event-robber-flees/" not in html


def test_entry_page(rb, client):
    response = get(client, "/rules/base-longest-road-break/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Longest Road: broken roads and ties</h1>" in html
    assert "A settlement does break a road." in html
    assert "Related rules" in html and 'href="/rules/base-longest-road/"' in html
    html = get(client, "/rules/base-longest-road-break/", lang="pl").content.decode()
    assert "Osada przerywa drogę." in html and "Powiązane zasady" in html


def test_entry_lists_render_as_lists(rb, client):
    html = get(client, "/rules/base-building-costs/").content.decode()
    assert "<li>Road: 1 brick + 1 lumber</li>" in html


def test_entry_highlights_the_search_terms(rb, client):
    html = get(client, "/rules/base-robber-move/?q=pustynia", lang="pl").content.decode()
    assert "<mark>pustyni</mark>" in html


def test_unknown_entry_is_404(rb, client):
    assert get(client, "/rules/no-such-rule/").status_code == 404


def test_every_entry_renders_in_both_languages(rb, client):
    for entry in search.all_entries():
        for lang in ("en", "pl"):
            response = get(client, f"/rules/{entry.slug}/", lang=lang)
            assert response.status_code == 200, (entry.slug, lang)
            assert entry.title(lang).replace("&", "&amp;") in response.content.decode().replace("&#x27;", "'")


def test_context_page(rb, client):
    response = get(client, "/rules/context/?keys=phase:robber,dev-card:knight")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" in html and "Rules for this moment" in html
    first, second = html.index("Moving the robber"), html.index("Knight (development card)")
    assert first < second
    assert html.count("<details") >= 3


def test_context_partial_large_and_games(rb, client):
    html = get(client, "/rules/context/?keys=phase:robber&games=base&large=1", HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in html
    assert "rb-large" in html
    assert "ck-robber-seven" not in html
    assert 'href="/rules/base-robber-move/?large=1"' in html


def test_context_in_polish_and_barbarians(rb, client):
    html = get(client, "/rules/context/?keys=barbarian-attack", lang="pl").content.decode()
    assert html.index("Atak barbarzyńców: barbarzyńcy kontra rycerze") < html.index("Nie można mobilizować rycerzy")


def test_context_without_keys(rb, client):
    html = get(client, "/rules/context/").content.decode()
    assert "No rules for this situation." in html


def test_table_flag_is_large_too(rb, client):
    html = get(client, "/rules/?table=1").content.decode()
    assert 'class="rb rb-large"' in html


def test_post_is_not_allowed(rb, client):
    assert client.post("/rules/search/", {"q": "x"}).status_code == 405


@pytest.mark.django_db
def test_with_the_project_base_and_urls(client):
    """With the real base.html and URLconf: the project includes the rules at rules/."""
    assert reverse("rulebook:index") == "/rules/"
    assert reverse("rulebook:entry", args=["base-city"]) == "/rules/base-city/"
    response = get(client, "/rules/", lang="pl")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Gra podstawowa" in html and "rulebook.css" in html
    assert 'href="/rules/"' in html  # the "Rules" link in the site's top bar
    html = get(client, "/rules/base-longest-road-break/?large=1").content.decode()
    assert "Longest Road: broken roads and ties" in html and "rb-large" in html
    html = get(client, "/rules/search/?q=zlodziej", lang="pl").content.decode()
    assert "Przestawianie <mark>złodzieja</mark>" in html
    html = get(client, "/rules/context/?keys=phase:robber&games=base").content.decode()
    assert "Moving the robber" in html and "ck-robber-seven" not in html


def test_one_letter_asks_to_keep_typing(rb, client):
    html = get(client, "/rules/search/?q=z", lang="pl", HTTP_HX_REQUEST="true").content.decode()
    assert "Pisz dalej…" in html and "Brak zasad" not in html


def test_a_search_from_a_game_ranks_its_entries_first(rb, client):
    """The game's rules links name its games (?playing=…), the pages carry them on, and a
    search made there lists the game played first."""
    html = get(client, "/rules/search/?q=robber&playing=base").content.decode()
    assert html.index("/rules/base-robber-move/") < html.index("/rules/event-robber-attack/")
    assert 'name="playing" value="base"' in html
    assert 'href="/rules/base-robber-move/?q=robber&amp;playing=base"' in html
    context = get(client, "/rules/context/?keys=phase:robber&games=base").content.decode()
    assert 'href="/rules/?playing=base"' in context  # "All rules", and its search
    assert 'name="playing" value="base"' in get(client, "/rules/?playing=base").content.decode()
