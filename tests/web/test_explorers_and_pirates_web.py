"""Explorers & Pirates, the box's last scenario (all three missions at once), through the web:
the new-game form's entry in English and Polish, the 17-point game with the three mission
tracks, the Council of Catan and 32 face-down hexes on the table, the scenario's own panel, the
free placement, each phone with its own hand only, the reveal form on the finder's phone with
every mission's field (a gold-river field, a fish field with its die face, a spice field with
its village's benefit), and the rules links."""
import re

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import services
from companion.models import Game

from . import missions_web as web
from .helpers import host, joined_phones, state_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]

MISSIONS = ("pirate_lairs", "fish_for_catan", "spices_for_catan")
SCENARIO_SELECT = re.compile(r'<select name="scenario".*?</select>', re.S)


# The Explorers & Pirates web tests' shared setup (tests/web/missions_web.py), for this scenario.
_post, _edit, _on_field = web.post, web.edit, web.on_field


def _form(players=3, **extra):
    return web.form("finale", players, **extra)


def _page(client, game, role="seat", language="en"):
    return web.page(client, game, role, language)


def _game(client, players=3, **extra):
    return web.new_game(client, "finale", players, **extra)


def test_the_form_offers_the_scenario_in_english_and_polish(client):
    english = SCENARIO_SELECT.search(client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert english and 'value="finale"' in english.group(0)
    assert "Explorers &amp; Pirates (the box&#x27;s last scenario): lairs, fish and spices (17 points)" in \
        english.group(0)
    assert "finale:17" in english.group(0)  # the form's target follows the scenario
    polish = SCENARIO_SELECT.search(client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="pl").content.decode())
    assert "Odkrywcy i Piraci (ostatni scenariusz pudełka): obozy, ryby i przyprawy (17 punktów)" in polish.group(0)


def test_the_scenario_to_17_with_three_tracks_the_council_and_32_face_down_hexes(client):
    game, _phones = _game(client)
    assert game.config["scenario"] == "finale" and game.config["target"] == 17
    table = _page(client, game, "table")
    for layer in ("pl-layer", "ff-layer", "sp-layer", "pl-panel", "ff-panel", "sp-panel", "eap-panel"):
        assert f'data-testid="{layer}"' in table, layer
    for mission in MISSIONS:
        assert f'data-testid="ep-track-{mission}"' in table
        assert all(_on_field(table, mission, 0, seat) for seat in range(3))  # every marker on "S"
    assert table.count('data-testid="ep-council"') == 1 and table.count('data-testid="ep-council-port"') == 2
    assert table.count('data-testid="ep-face-down"') == 32
    state = state_of(game)
    areas = [cell["area"] for cell in state["board"]["layout"]["hexes"].values() if cell["terrain"] == "unexplored"]
    assert areas.count("north") == areas.count("south") == 16
    assert state["explorers_pirates"]["stacks"] == {"north": 6, "south": 6}
    assert ">Three missions at once</span> · fields turned over: 0/6 gold-river, 0/6 fish, 0/6 spice " in table
    assert "First to 17 VP in their own turn wins." in table
    assert "6 lair tokens left" in table and "6 fish shoals left" in table
    assert "24 of 24 spice sacks in the supply" in table
    polish = _page(client, game, "table", "pl")
    assert ">Trzy misje naraz</span> · odkryte pola: złotonośnej rzeki 0/6, ryb 0/6, przypraw 0/6 " in polish
    assert "Wygrywa, kto pierwszy w swojej turze zdobędzie 17 PZ." in polish
    assert 'title="Obozy Piratów, Ryby dla Catanu i Przyprawy dla Catanu"' in polish


def test_the_rules_links_name_the_box_and_the_scenario(client):
    game, (ala, _bartek, _celina) = _game(client)
    table, phone = _page(client, game, "table"), _page(ala, game)
    assert 'class="rules-link" href="/rules/?playing=base%2Cexplorers-pirates&amp;large=1"' in table
    assert 'class="rules-link" href="/rules/?playing=base%2Cexplorers-pirates"' in phone
    link = "/rules/context/?keys=scenario%3Aexplorers-pirates&amp;games=base%2Cexplorers-pirates"
    assert f'{link}&amp;large=1"' in table
    for mission in ("pirate-lairs", "fish-for-catan", "spices-for-catan"):
        assert f"keys=scenario%3A{mission}&amp;games=base%2Cexplorers-pirates" in table
    rules = client.get(link.replace("&amp;", "&"))
    assert rules.status_code == 200
    text = rules.content.decode()
    for entry in ("Explorers &amp; Pirates scenarios and win targets", "17 points"):
        assert entry in text, entry


def test_the_free_placement_board(client):
    assert 'value="free"' in client.get(reverse("home")).content.decode()
    game, (ala, bartek, _celina) = _game(client, board="free", dice_source="typed")
    assert game.config["board"] == "free"
    state = state_of(game)
    assert state["phase"] == "placement"
    assert sum(cell["terrain"] == "unexplored" for cell in state["board"]["layout"]["hexes"].values()) == 32
    page = _page(ala, game)
    assert "target-start-harbour" in page and "Ala places their harbour settlement." in page
    assert "target-start-harbour" not in _page(bartek, game)
    corner = re.search(r'target-start-harbour[^>]*hx-vals=\'\{[^}]*"corner": "([^"]+)"', page)
    corner = corner or re.search(r'hx-vals=\'\{[^}]*"corner": "([^"]+)"[^>]*target-start-harbour', page)
    assert corner
    assert _post(ala, game, "place_start", role="seat", corner=corner.group(1)).status_code == 200
    assert state_of(game)["explorers_pirates"]["harbours"] == {corner.group(1): 0}
    assert "target-start-harbour" in _page(bartek, game)
    assert 'data-testid="eap-panel"' in _page(client, game, "table")


def test_each_phone_shows_its_own_hand_only(client):
    game, phones = _game(client)
    hands = [{"brick": 4, "lumber": 0, "wool": 0, "grain": 0, "ore": 0},
             {"brick": 0, "lumber": 0, "wool": 3, "grain": 0, "ore": 0},
             {"brick": 0, "lumber": 0, "wool": 0, "grain": 0, "ore": 2}]

    def deal(state):
        for seat, hand in enumerate(hands):
            state["players"][seat]["hand"] = dict(hand)
    _edit(game, deal)
    for seat, phone in enumerate(phones):
        page = _page(phone, game)
        shown = dict(re.findall(r'data-resource="(\w+)" data-count="(\d+)"', page))
        assert {r: int(n) for r, n in shown.items()} == hands[seat]
    assert 'data-testid="my-hand"' not in _page(client, game, "table")


def _reveal_pending(game, seat=0):
    """The seat's ship has just sailed up to a face-down hex of the north (a test's shortcut); the hex."""
    hex_ = sorted(h for h, x in state_of(game)["board"]["layout"]["hexes"].items()
                  if x["terrain"] == "unexplored" and x["area"] == "north")[0]

    def pending(state):
        ship = next(s for s in state["explorers_pirates"]["ships"] if s["seat"] == seat)
        state["explorers_pirates"]["reveal"] = {"ship": ship["id"], "seat": seat, "hexes": [hex_]}
        state["turn"]["rolled"] = True
        state["phase"] = "reveal"
    _edit(game, pending)
    return hex_


def test_the_finders_phone_offers_every_missions_field(client):
    game, (ala, bartek, celina) = _game(client)
    hex_ = _reveal_pending(game)
    page = _page(ala, game)
    form = re.search(r'<form[^>]*data-testid="ep-reveal-form".*?</form>', page, re.S).group(0)
    for choice in ("ep-terrain-gold_river", "ep-terrain-fish", "ep-terrain-sea", "ep-die", "ep-number"):
        assert f'data-testid="{choice}"' in form, choice
    assert 'data-testid="ep-terrain-spice"' not in form  # a spice field has its own form: the benefit
    spice = re.search(r'<form[^>]*data-testid="sp-reveal-form".*?</form>', page, re.S).group(0)
    assert f'value="{hex_}"' in spice
    for benefit in ("fast_travel", "pirates_4", "pirates_5", "quick_gold"):
        assert f'data-testid="sp-benefit-{benefit}"' in spice, benefit
    for other in (bartek, celina):  # the other phones (the table may enter it too)
        screen = _page(other, game)
        assert 'data-testid="ep-reveal-form"' not in screen and 'data-testid="sp-reveal-form"' not in screen
    assert "Korzyść na jego wiosce" in _page(ala, game, language="pl")
    # a fish field wants its die face; a gold-river field gets a lair
    response = _post(ala, game, "reveal_hex", role="seat", hex=hex_, terrain="fish")
    assert "Enter the die face printed on the fish field (1 to 6)." in response.content.decode()
    assert state_of(game)["phase"] == "reveal"
    assert _post(ala, game, "reveal_hex", role="seat", hex=hex_, terrain="gold_river").status_code == 200
    state = state_of(game)
    assert state["phase"] == "movement" and state["board"]["layout"]["hexes"][hex_]["terrain"] == "gold_river"
    table = _page(client, game, "table")
    assert f'data-hex="{hex_}"' in table and table.count('data-testid="pl-lair"') == 1
    assert "Ala finds a pirate lair on a gold-river field" in table
    assert "fields turned over: 1/6 gold-river, 0/6 fish, 0/6 spice" in table
    assert table.count('data-testid="ep-face-down"') == 31


LOG = re.compile(r'<section id="log".*?</section>', re.S)
RAW_KIND = re.compile(r"\b(?:ep|pl|ff|sp|gold)_[a-z_]+\b")
TURNED = re.compile(r"fields turned over: (\d+)/6 gold-river, (\d+)/6 fish, (\d+)/6 spice")


@settings(max_examples=2, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), mode=st.sampled_from(["hands", "paper"]))
def test_every_screen_of_random_games_renders_in_english_and_polish(client, data, mode):
    """Random legal games (the engine tests' driver): every few steps the table and a phone
    render, in English and Polish, every log line in words (never a bare log kind), and the
    scenario's panel counts the mission fields turned over as the engine recorded them."""
    from tests.engine.played import Played
    from tests.engine.test_explorers_and_pirates_properties import config, step

    Game.objects.all().delete()
    services.forget_cache()
    cfg = config(3, mode, data.draw(st.sampled_from(["beginner", "free"]), label="board"))
    game = services.create_game({**cfg, "dice_source": "virtual"}, seed=1)
    host(client, game)
    phone = joined_phones(game)[0]
    g = Played(cfg, seed=data.draw(st.integers(0, 1000), label="seed"))
    for n in range(192):
        if g.state["phase"] == "finished":
            break
        step(data, g)
        if n % 32 == 31:
            _edit(game, lambda s: (s.clear(), s.update(g.state)))
            kinds = [r["terrain"] for r in g.state["explorers_pirates"]["revealed"]]
            for language in ("en", "pl"):
                for page in (client.get(reverse("table", args=[game.code]), HTTP_ACCEPT_LANGUAGE=language),
                             phone.get(reverse("seat", args=[game.code]), HTTP_ACCEPT_LANGUAGE=language)):
                    assert page.status_code == 200
                    html = page.content.decode()
                    log = LOG.search(html)
                    assert log and not RAW_KIND.search(log.group(0)), RAW_KIND.search(log.group(0) if log else "")
            table = client.get(reverse("table", args=[game.code]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
            counts = TURNED.search(table).groups()
            assert [int(c) for c in counts] == [kinds.count(k) for k in ("gold_river", "fish", "spice")]
