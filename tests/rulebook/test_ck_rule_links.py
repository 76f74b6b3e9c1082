"""The rule links of a Cities & Knights game open the Cities & Knights rules.

A link ("?" next to the phase, the 7, the robber, trading …) carries the game's rulebook
games (`rule_links.rules_games`): "base,cities-knights" in a C&K game, "base" in a base game as
before. With Cities & Knights among the games, the rule lookup lists C&K's own version of
a situation's rules first (contexts.toml's [first.cities-knights]), so the entry that
opens is the C&K one.

The C&K facts asserted come from /work/shared/rulebooks/cities-and-knights-pl.txt:
"Wyrzucenie „7”: Przystawienie złodzieja" (the robber stays on the desert until the
barbarians first land; a 7 only checks hands), "Towary handlowe … wliczają się do limitów,
kiedy zostaje wyrzucona „7”", "Mury miejskie" (each wall raises the safe hand by 2), and
"HANDEL" (commodities trade 4:1 / 3:1 like resources).
"""
import html as htmllib
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from django.template import Context, Template
from django.test import Client
from django.urls import reverse

from companion.web import rule_links
from companion.rulebook import search
from companion.web.views import HOSTED
from tests.rulebook.test_entry_files import entry, load_error, write
from tests.web.helpers import finish_setup, new_game
from tests.web.test_ck_web import ck_game, clients, post
from tests.web.test_ck_web import setup as setup_ck

RULEBOOK = Path("/work/shared/rulebooks/cities-and-knights-pl.txt")
CK_GAMES = "base,cities-knights"
RULE_LINK = re.compile(r'href="(/rules/context/\?[^"]*)"')


def links_on(page: str) -> list[str]:
    return [htmllib.unescape(m) for m in RULE_LINK.findall(page)]


def query(link: str) -> dict:
    return {k: v[0] for k, v in parse_qs(urlsplit(link).query).items()}


def first_slugs(page: str, n: int = 2) -> list[str]:
    return re.findall(r'<details class="rb-context-entry" id="ctx-([a-z0-9-]+)"', page)[:n]


def open_entries(page: str) -> list[str]:
    return re.findall(r'<details class="rb-context-entry" id="ctx-([a-z0-9-]+)" open>', page)


def get(client, url, lang="en"):
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200, url
    return response.content.decode()


def rules_url(config: dict | None, *keys, is_table=False) -> str:
    """The rules_url tag as the screens use it (the view's config in the context)."""
    tag = "{% load companion_tags %}{% rules_url " + " ".join(f"'{k}'" for k in keys) + " %}"
    context = {"is_table": is_table}
    if config is not None:
        context["view"] = {"config": config}
    return htmllib.unescape(Template(tag).render(Context(context)))


def rulebook_says(*phrases):
    if not RULEBOOK.exists():
        pytest.skip("the shared rulebook is not here")
    text = RULEBOOK.read_text(encoding="utf-8")
    for phrase in phrases:
        assert phrase in text, phrase


# ---------------------------------------------------------------- the screens of a game


@pytest.mark.django_db
def test_a_ck_games_screens_link_to_the_ck_rules():
    game = setup_ck(ck_game("paper", "random"))
    browsers = clients(game)
    table = get(browsers["table"], reverse("table", args=[game.code]))
    assert links_on(table), "the table shows the phase's rule link"
    for link in links_on(table):
        assert query(link)["games"] == CK_GAMES, link
    (roll,) = [link for link in links_on(table) if query(link)["keys"] == "phase:roll"]
    assert query(roll)["large"] == "1"
    page = get(browsers["table"], roll)
    assert open_entries(page) == ["base-turn", "ck-roll"]  # the turn, and C&K's three dice
    assert "ck-progress-alchemist" in page and "tb-events-deck" not in page and "ep-turn" not in page

    # A 7 before the first barbarian attack: the table and every phone link to the C&K 7.
    post(browsers["table"], game, "roll", as_="table", die1="3", die2="4", event="blue")
    screens = [get(browsers["table"], reverse("table", args=[game.code]))]
    screens += [get(browsers[seat], reverse("seat", args=[game.code])) for seat in (0, 1, 2)]
    seven = set()
    for page in screens:
        assert links_on(page)
        for link in links_on(page):
            assert query(link)["games"] == CK_GAMES, link
            if query(link)["keys"] in ("phase:discard", "phase:robber"):
                seven.add(link)
    assert seven, "a 7's screens link to the rules of the 7"
    for link in seven:
        page = get(browsers[0], link)
        assert first_slugs(page, 1) == ["ck-robber-seven"]
        assert "ck-robber-seven" in open_entries(page)
        assert page.index('id="ctx-ck-robber-seven"') < page.index('id="ctx-base-seven-discard"')
        assert "the robber stays on the desert" in page
        assert "resources and commodities together" in page
        assert "plus 2 for each of your city walls" in page
        assert "tb-friendly-robber" not in page and "ep-pirate-ship" not in page
        pl = get(browsers[0], link, lang="pl")
        assert "złodziej stoi na pustyni" in pl and "surowce i towary razem" in pl and "mur miejski" in pl
    rulebook_says("Złodziej pozostaje na pustyni", "wliczają się do limitów, kiedy zostaje wyrzucona „7”",
                  "Każdy pojedynczy mur miejski zwiększa bezpieczny limit kart na ręku o 2.")


@pytest.mark.django_db
def test_a_base_games_links_are_unchanged():
    game = new_game(dice_source="typed")
    finish_setup(game)
    client = Client()
    session = client.session
    session[HOSTED] = [game.code]
    session.save()
    table = get(client, reverse("table", args=[game.code]))
    links_ = links_on(table)
    assert links_
    for link in links_:
        assert query(link)["games"] == "base", link
    assert {"keys": "phase:roll", "games": "base", "large": "1"} in [query(link) for link in links_]
    page = get(client, "/rules/context/?keys=phase%3Arobber&games=base")
    assert first_slugs(page) == ["base-robber-move", "base-robber-steal"]
    assert "ck-robber-seven" not in page


# ---------------------------------------------------------------- the tag and the links


CK = {"rules": "cities_knights", "dice_source": "typed"}
BASE = {"rules": "base", "dice_source": "typed"}


@pytest.mark.parametrize("keys,first", [
    (("phase:robber",), "ck-robber-seven"),
    (("phase:discard",), "ck-robber-seven"),
    (("phase:seven",), "ck-robber-seven"),
    (("phase:setup",), "ck-setup"),
    (("phase:main",), "ck-building-costs"),
    (("build:city",), "ck-production"),
    (("trade:bank",), "ck-trading"),
    (("trade:player",), "ck-trading"),
    (("phase:finished",), "ck-winning"),
    (("phase:barbarian",), "ck-barbarian-attack"),  # C&K's own phases have rules too
    (("phase:progress_discard",), "ck-progress-play"),
    (("phase:aqueduct",), "ck-aqueduct"),
])
@pytest.mark.django_db
def test_ck_rule_links_open_the_ck_entry(client, keys, first):
    link = rules_url(CK, *keys)
    assert query(link) == {"keys": ",".join(keys), "games": CK_GAMES}
    assert first_slugs(get(client, link), 1) == [first]


@pytest.mark.parametrize("keys,first", [
    (("phase:robber",), "base-robber-move"),
    (("phase:discard",), "base-seven-discard"),
    (("build:city",), "base-city"),
    (("trade:bank",), "base-trade-bank"),
])
@pytest.mark.django_db
def test_base_rule_links_open_the_base_entry(client, keys, first):
    link = rules_url(BASE, *keys, is_table=True)
    assert query(link) == {"keys": ",".join(keys), "games": "base", "large": "1"}
    page = get(client, link)
    assert first_slugs(page, 1) == [first] and "rb-large" in page
    assert not re.search(r'id="ctx-(ck|tb|ep)-', page)


def test_rules_games():
    assert rule_links.rules_games(BASE) == "base"
    assert rule_links.rules_games({**BASE, "dice_source": "events"}) == "base,traders-barbarians"
    assert rule_links.rules_games(CK) == CK_GAMES
    assert rule_links.rules_games({**CK, "dice_source": "events"}) == CK_GAMES + ",traders-barbarians"
    # a scenario's box (each scenario's forms.py names it), and each core's own
    assert rule_links.rules_games({**BASE, "scenario": "fishermen"}) == "base,traders-barbarians"
    assert rule_links.rules_games({**BASE, "scenario": "caravans", "dice_source": "events"}) == "base,traders-barbarians"
    assert rule_links.rules_games({"rules": "explorers_pirates", "scenario": "land_ho"}) == "base,explorers-pirates"
    assert rule_links.rules_games({"rules": "unknown"}) is None
    assert rule_links.rules_games({}) is None


def test_the_tag_without_a_game_lists_every_game():
    assert query(rules_url(None, "phase:robber")) == {"keys": "phase:robber"}


# ---------------------------------------------------------------- the lookup


def slugs(keys, games=None, n=None):
    return [e.slug for e in search.for_context(keys, games=games)][:n]


def test_cities_and_knights_puts_its_own_rules_first():
    assert slugs("phase:robber", ["base", "cities-knights"], 2) == ["ck-robber-seven", "ck-seven-first-attack"]
    assert slugs("phase:discard", ["cities-knights"], 2) == ["ck-robber-seven", "ck-city-walls"]
    assert slugs("trade", ["cities-knights"], 2) == ["ck-trading", "ck-commodities"]
    # the base entries still follow, and other expansions stay out
    ck = slugs("phase:robber", ["cities-knights"])
    assert {"base-robber-move", "base-robber-steal"} <= set(ck) and not any(s.startswith(("tb-", "ep-")) for s in ck)


def test_other_games_orders_are_unchanged():
    for key in ("phase:robber", "phase:discard", "build:city", "trade:bank", "phase:setup"):
        unfiltered = slugs(key)
        assert slugs(key, ["base"]) == [s for s in unfiltered if search.get(s).in_games({"base"})]
        assert not unfiltered[0].startswith("ck-")
        tb = slugs(key, ["base", "traders-barbarians"])
        assert tb == [s for s in unfiltered if search.get(s).in_games({"base", "traders-barbarians"})]


def test_first_lists_are_checked(tmp_path):
    entry(tmp_path, "base-a")
    entry(tmp_path, "ck-b", "cities-knights")
    write(tmp_path, "contexts.toml", '[contexts]\n"phase:x" = ["base-a", "ck-b"]\n[aliases]\n"x" = "phase:x"\n'
                                     '[first.cities-knights]\n"x" = ["ck-b"]\n')
    book = search._Rulebook(tmp_path)
    assert [e.slug for e in book.for_context(["phase:x"], ["cities-knights"], None)] == ["ck-b", "base-a"]
    assert [e.slug for e in book.for_context(["x"], None, None)] == ["base-a", "ck-b"]
    write(tmp_path, "contexts.toml", '[contexts]\n"phase:x" = ["base-a"]\n'
                                     '[first.cities-knights]\n"phase:x" = ["base-a", "ck-nope"]\n"phase:y" = ["ck-b"]\n'
                                     '[first.base]\n"phase:x" = ["base-a"]\n')
    message = load_error(tmp_path)
    assert "[first.base]: must be a table named after an expansion" in message
    write(tmp_path, "contexts.toml", '[contexts]\n"phase:x" = ["base-a"]\n'
                                     '[first.cities-knights]\n"phase:x" = ["base-a", "ck-nope"]\n"phase:y" = ["ck-b"]\n')
    message = load_error(tmp_path)
    assert "[first.cities-knights] phase:x: base-a is not an entry of cities-knights" in message
    assert "[first.cities-knights] phase:x: unknown entry id ck-nope" in message
    assert "[first.cities-knights] phase:y: unknown context" in message
