"""Pirate Lairs (Explorers & Pirates' second scenario) through the web: the new-game form's
scenario, the mission track with every player's marker and the +1 VP card's holder on the
table, the pirate ship placed on a 7 from the phone (its taps, the theft), crews built into a
dock and moved with a ship, the toll, a lair conquered (its number, the hero's roll) with the
markers moving on, refusals as clear words, in English and Polish."""
import re

import pytest
from django.urls import reverse

from companion import engine
from companion.layers.gold import rules as gold
from companion.machinery import hands
from companion.models import Game

from . import missions_web as web
from .helpers import host, joined_phones, state_of
from .missions_web import edit as _edit
from .missions_web import page as _page
from .missions_web import post as _post

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]


def _form(players=3, **extra):
    return web.form("pirate_lairs", players, **extra)


def _game(client, players=3, **extra):
    return web.new_game(client, "pirate_lairs", players, **extra)


def _give(state: dict, seat: int, cards: dict) -> None:
    for card, n in cards.items():
        state["bank"][card] -= n
        state["players"][seat]["hand"][card] += n


def _on_field(page: str, field: int, seat: int) -> bool:
    return web.on_field(page, "pirate_lairs", field, seat)


def test_the_form_offers_pirate_lairs_to_12_and_the_table_shows_the_mission(client):
    page = client.get(reverse("home")).content.decode()
    assert 'value="pirate_lairs"' in page
    game, _phones = _game(client)
    assert game.config["scenario"] == "pirate_lairs" and game.config["target"] == 12
    table = _page(client, game, "table")
    assert 'data-testid="ep-layer"' in table and 'data-testid="pl-layer"' in table
    assert 'data-testid="ep-track-pirate_lairs"' in table
    for seat in range(3):  # every marker starts on "S"
        assert _on_field(table, 0, seat)
    assert "Ala: 9 crews left" in table and "No pirate ship on the board yet" in table
    assert "6 lair tokens left" in table
    assert 'data-testid="ep-track-card-pirate_lairs"' not in table  # nobody has left "S"


def _targets(game, seat):
    state = state_of(game)
    return engine.view(state, seat)["board"]["targets"], state


def _ship_to(game, seat: int, hex_: str) -> str:
    """Put the seat's first ship on a sea path of `hex_` (a test's shortcut); its path."""
    from companion.machinery.board import geometry

    state = state_of(game)
    layout = state["board"]["layout"]
    hexes = layout["hexes"]
    edge = next(e for e in sorted(geometry(layout).edge_corners) if hex_ in e.split("|")
                and all((hexes.get(p) or {}).get("terrain") == "sea" for p in e.split("|")))

    def move(state):
        ship = next(s for s in state["explorers_pirates"]["ships"] if s["seat"] == seat)
        ship["edge"], ship["bow"] = edge, geometry(layout).edge_corners[edge][0]
    _edit(game, move)
    return edge


def test_a_7_brings_the_pirate_ship_placed_from_the_phone_and_a_ship_owner_robbed(client):
    game, (ala, bartek, celina) = _game(client)
    allowed = engine.view(state_of(game), 0)["ep_missions"]["pirate_hexes"]
    hex_ = next(h for h in allowed if any(_ok(game, h)))
    _ship_to(game, 1, hex_)  # Bartek's ship lies beside the hex Ala will pick
    before = [dict(hands.hand(state_of(game), s)) for s in range(3)]
    assert sum(before[1].values()) > 0
    assert _post(ala, game, "roll", role="seat", die1="3", die2="4").status_code == 200
    state = state_of(game)
    assert state["phase"] == "pirates"
    page = _page(ala, game)
    assert 'data-testid="ep-place-pirates"' in page and "target-pirates" in page
    assert "A 7: place the pirate ship" in page
    assert "target-pirates" not in _page(bartek, game)
    assert "Ala places their pirate ship…" in _page(bartek, game)
    # A sea hex beside the start island is refused in words.
    near = next(h for h, x in state["board"]["layout"]["hexes"].items() if x["terrain"] == "sea" and h not in allowed)
    response = _post(ala, game, "place_pirates", role="seat", hex=near)
    assert "The pirate ship goes on a sea hex of the board, not beside the start island." in response.content.decode()
    ala.cookies["django_language"] = "pl"  # the same refusal in Polish
    response = _post(ala, game, "place_pirates", role="seat", hex=near)
    assert "Statek piratów stawia się na polu morza na planszy, nie obok wyspy startowej." in response.content.decode()
    assert "Siódemka: postaw statek piratów" in _page(ala, game)
    ala.cookies["django_language"] = "en"
    assert state_of(game)["phase"] == "pirates"
    assert _post(ala, game, "place_pirates", role="seat", hex=hex_).status_code == 200
    state = state_of(game)
    assert state["ep_missions"]["pirates"] == {"hex": hex_, "seat": 0}
    assert state["phase"] == "pirate_steal"
    table = _page(client, game, "table")
    assert f'data-hex="{hex_}" data-seat="0" data-testid="ep-pirate-ship"' in table
    assert "The pirate ship on the board is Ala's" in table
    assert "Ala places their pirate ship." in table
    # Only Bartek's ship lies beside it: Ala's phone offers him (and nobody), Celina's nothing.
    page = _page(ala, game)
    assert 'data-testid="ep-steal-1"' in page and 'data-testid="ep-steal-2"' not in page
    assert 'data-testid="ep-pirate-spare"' in page
    assert 'data-testid="ep-steal-1"' not in _page(celina, game)
    response = _post(ala, game, "pirate_steal", role="seat", victim="2")
    assert "Pick the player who was robbed." in response.content.decode()
    assert _post(ala, game, "pirate_steal", role="seat", victim="1").status_code == 200
    state = state_of(game)
    after = [dict(hands.hand(state, s)) for s in range(3)]
    assert sum(after[1].values()) == sum(before[1].values()) - 1
    assert sum(after[0].values()) == sum(before[0].values()) + 1
    card = next(r for r in after[0] if after[0][r] == before[0][r] + 1)
    line = f"Ala&#x27;s pirates take 1 {card} from Bartek."
    assert line in _page(ala, game) and line in _page(bartek, game)
    assert line not in _page(celina, game) and line not in _page(client, game, "table")
    assert "Ala&#x27;s pirates take a random resource card from Bartek." in _page(client, game, "table")


def _ok(game, hex_):
    """Does `hex_` have a path with sea on both sides (where a ship may lie)?"""
    from companion.machinery.board import geometry

    layout = state_of(game)["board"]["layout"]
    hexes = layout["hexes"]
    return [e for e in geometry(layout).edge_corners if hex_ in e.split("|")
            and all((hexes.get(p) or {}).get("terrain") == "sea" for p in e.split("|"))]


def _roll_to_main(phone, game):
    assert _post(phone, game, "roll", role="seat", die1="2", die2="3").status_code == 200
    assert state_of(game)["phase"] == "main"


def test_a_crew_built_into_a_dock_swapped_aboard_and_the_ships_rows(client):
    game, (ala, bartek, _celina) = _game(client)
    _roll_to_main(ala, game)
    _edit(game, lambda s: [s["players"][0]["hand"].update({r: 0 for r in s["players"][0]["hand"]})])
    page = _page(ala, game)
    assert 'data-testid="ep-crew-cost"' in page and "1 ore, 1 wool" in page
    assert re.search(r'ep-crew-cost">.*?missing 1 (ore|wool)', page, re.S)
    _edit(game, lambda s: _give(s, 0, {"ore": 2, "wool": 2}))
    targets, state = _targets(game, 0)
    dock = targets["crew_dock"][0]
    assert "target-crew-dock" in _page(ala, game) and "target-crew-dock" not in _page(bartek, game)
    # Another player's dock is refused in words.
    theirs = next(c for c, s in state["explorers_pirates"]["harbours"].items() if s == 1)
    response = _post(ala, game, "build_crew", role="seat", corner=theirs)
    assert "A settler goes into the dock of one of your own harbour settlements." in response.content.decode()
    assert _post(ala, game, "build_crew", role="seat", corner=dock).status_code == 200
    state = state_of(game)
    assert state["explorers_pirates"]["docks"][dock] == ["crew"]
    assert state["ep_missions"]["crews"][0] == 8
    table = _page(client, game, "table")
    assert 'data-testid="ep-dock-crew"' in table and "Ala: 8 crews left" in table
    assert "Ala builds a crew and puts it in a harbour settlement&#x27;s dock." in table
    # Movement: the ship with its settler beside that harbour settlement swaps loads with the dock.
    assert _post(ala, game, "start_movement", role="seat").status_code == 200
    ship = next(s for s in state_of(game)["explorers_pirates"]["ships"]
                if s["seat"] == 0 and set(dock.split("|")) >= set(s["edge"].split("|")))
    page = _page(ala, game)
    assert f'data-testid="ep-swap-{ship["id"]}"' in page
    assert f'data-testid="ep-load-crew-{ship["id"]}"' not in page  # its settler fills the hold
    assert _post(ala, game, "swap_cargo", role="seat", ship=str(ship["id"])).status_code == 200
    state = state_of(game)
    assert state["explorers_pirates"]["docks"][dock] == ["settler"]
    assert next(s for s in state["explorers_pirates"]["ships"] if s["id"] == ship["id"])["cargo"] == ["crew"]
    page = _page(ala, game)
    assert "1 crew aboard" in page and 'data-testid="ep-ship-crew"' in page
    assert f'data-testid="ep-unload-crew-{ship["id"]}"' not in page  # the dock is full: its settler
    ala.cookies["django_language"] = "pl"
    page = _page(ala, game)
    assert "1 jednostka na pokładzie" in page and "Zamień ładunek z osadą portową" in page


def test_chasing_another_players_pirates_from_the_phone_and_the_toll_for_leaving(client):
    game, (ala, bartek, _celina) = _game(client)
    allowed = engine.view(state_of(game), 0)["ep_missions"]["pirate_hexes"]
    hex_ = next(h for h in allowed if _ok(game, h))
    _ship_to(game, 0, hex_)  # Ala's ship beside Bartek's pirates

    def pirates(state):
        state["ep_missions"]["pirates"] = {"hex": hex_, "seat": 1}
    _edit(game, pirates)
    _roll_to_main(ala, game)
    assert _post(ala, game, "start_movement", role="seat").status_code == 200
    ship = next(s for s in state_of(game)["explorers_pirates"]["ships"] if s["seat"] == 0)
    page = _page(ala, game)
    assert "Bartek's pirates: a ship using a path beside them pays 1 gold" in page
    assert f'data-testid="ep-chase-{ship["id"]}"' in page and f'data-testid="ep-chase-die-{ship["id"]}"' in page
    assert f'data-testid="ep-chase-{ship["id"]}"' not in _page(bartek, game)
    response = _post(ala, game, "chase_pirates", role="seat", ship=str(ship["id"]), die="7")
    assert "Each die shows 1 to 6." in response.content.decode()
    assert _post(ala, game, "chase_pirates", role="seat", ship=str(ship["id"]), die="3").status_code == 200
    state = state_of(game)
    assert state["ep_missions"]["pirates"] == {"hex": hex_, "seat": 1}  # only a 6 drives them off
    page = _page(ala, game)
    assert f'Ala chases the pirates with ship {ship["id"]} and rolls a 3: not a 6, they stay.' in page
    assert "tried to chase the pirates this turn" in page
    response = _post(ala, game, "chase_pirates", role="seat", ship=str(ship["id"]), die="6")
    assert "That ship already tried to chase the pirates this turn." in response.content.decode()
    # Leaving the pirates' path costs the toll: 1 gold to the bank, once this turn.
    gold_before = gold.held(state, 0)
    assert _post(ala, game, "choose_ship", role="seat", ship=str(ship["id"])).status_code == 200
    targets, state = _targets(game, 0)
    assert _post(ala, game, "move_ship", role="seat", edge=targets["sail"][0]).status_code == 200
    table = _page(client, game, "table")
    assert f"Ala pays the toll to Bartek&#x27;s pirates for ship {ship['id']}." in table
    assert f"pays 1 gold for the pirates&#x27; toll (ship {ship['id']})" in table
    assert "toll paid this turn" in _page(ala, game)
    assert gold.held(state_of(game), 0) == gold_before - 1


def _lair_falls(game, crews: list[int]) -> str:
    """A face-down hex turned into a gold-river field with its lair, `crews` standing on it and
    the lair fallen this turn (a test's shortcut: the engine tests sail there)."""
    state = state_of(game)
    hex_ = state["explorers_pirates"]["unexplored"][0] if "unexplored" in state["explorers_pirates"] else next(
        h for h, x in state["board"]["layout"]["hexes"].items() if x["terrain"] == "unexplored")

    def fall(state):
        layout = dict(state["board"]["layout"])
        layout["hexes"] = {**layout["hexes"], hex_: {**layout["hexes"][hex_], "terrain": "gold_river", "number": None,
                                                      "lair": True}}
        state["board"]["layout"] = layout
        state["pirate_lairs"]["lairs"][hex_] = {"crews": list(crews), "beside": [], "conquered": False, "number": None}
        state["pirate_lairs"]["stack"] -= 1
        state["pirate_lairs"]["pending"] = [hex_]
        for seat in crews:
            state["ep_missions"]["crews"][seat] -= 1
    _edit(game, fall)
    return hex_


def test_a_lair_conquered_its_number_the_heros_roll_as_the_rulebooks_example_and_the_tracks(client):
    game, (ala, bartek, celina) = _game(client)
    _roll_to_main(ala, game)
    assert _post(ala, game, "start_movement", role="seat").status_code == 200
    # The rulebook's example: red (Ala) landed 2 crews, blue (Bartek) 1: the lair falls.
    hex_ = _lair_falls(game, [1, 0, 0])
    table = _page(client, game, "table")
    assert f'data-hex="{hex_}" data-testid="pl-lair"' in table and table.count('data-testid="pl-lair-crew"') == 3
    assert 'data-testid="pl-river"' in table
    assert "1 pirate lair stands" in table and "5 lair tokens left" in table
    gold_before = [gold.held(state_of(game), s) for s in range(3)]
    # It is settled when Ala's movement ends.
    assert _post(ala, game, "end_turn", role="seat").status_code == 200
    assert state_of(game)["phase"] == "conquest"
    page = _page(ala, game)
    assert 'data-testid="pl-conquest"' in page and 'data-testid="pl-conquer"' in page
    assert "Ala: 2 crews" in page and "Bartek: 1 crew" in page
    response = _post(client, game, "conquer", number="7")
    assert "Pick a number token." in response.content.decode()  # a lair's token never shows a 7
    assert state_of(game)["pirate_lairs"]["conquest"]["stage"] == "number"
    assert _post(client, game, "conquer", number="5").status_code == 200
    state = state_of(game)
    assert state["pirate_lairs"]["lairs"][hex_]["conquered"] and state["pirate_lairs"]["lairs"][hex_]["number"] == 5
    assert [gold.held(state, s) - gold_before[s] for s in range(3)] == [2, 2, 0]
    assert state["ep_missions"]["tracks"]["pirate_lairs"]["at"] == [1, 1, 0]
    # The hero: red rolls a 5, blue a 6: 7 to 7, red wins with more crews.
    page = _page(client, game, "table")
    assert 'data-testid="pl-hero-roll"' in page and 'data-testid="pl-hero-die-0"' in page
    assert _post(client, game, "hero_roll", dice=["5", "6"]).status_code == 200
    state = state_of(game)
    assert state["ep_missions"]["tracks"]["pirate_lairs"]["at"] == [2, 1, 0]
    assert state["pirate_lairs"]["lairs"][hex_]["beside"] == [1, 0]  # the hero's one crew went home
    assert state["phase"] == "roll" and state["turn"]["seat"] == 1
    table = _page(client, game, "table")
    assert "Rolls for the hero: Ala 5 (total 7), Bartek 6 (total 7)." in table
    assert "Ala is the hero of the conquest" in table
    assert _on_field(table, 2, 0) and _on_field(table, 1, 1) and _on_field(table, 0, 2)
    assert not _on_field(table, 0, 0) and not _on_field(table, 1, 0)
    assert "Ala holds its +1 VP card" in table
    assert "0 pirate lairs stand" in table and "1 conquered" in table
    # The phone's points by source: the mission's (field 2 + the +1 card).
    vp = engine.view(state, 0)["me"]["vp_sources"]["mission_pirate_lairs"]
    assert vp == state["ep_missions"]["track_vp"]["pirate_lairs"][2] + 1
    assert "Mission “Pirate Lairs” (its track and +1 VP card)" in _page(ala, game)
    # In Polish.
    table = client.get(reverse("table", args=[game.code]), HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "Misja „Obozy Piratów”" in table and "Ala ma jej kartę +1 PZ" in table
    assert "Ala zostaje bohaterem podboju" in table and "stoi 0 Obozów Piratów" in table


def test_the_free_placement_from_the_phones_harbour_settlements_first(client):
    """The form's board "free" (the scenario's own way to start, offered by its SCENARIO); the
    base game and Land Ho! refuse it in words."""
    host(client)
    assert 'value="free"' in client.get(reverse("home")).content.decode()
    for other in ({"rules": "base", "scenario": ""}, {"scenario": "land_ho"}):
        response = client.post(reverse("new_game"), _form(board="free", dice_source="typed", **other))
        assert response.status_code == 422 and Game.objects.count() == 0
    assert client.post(reverse("new_game"), _form(board="free", dice_source="typed")).status_code == 302
    game = Game.objects.get()
    ala, bartek, _celina = joined_phones(game)
    state = state_of(game)
    assert state["phase"] == "placement"
    page = _page(ala, game)
    assert 'data-testid="pl-placement"' in page and "Free placement, step 1 of" in page
    assert "Ala places their harbour settlement." in page and "target-start-harbour" in page
    assert "target-start-harbour" not in _page(bartek, game)
    targets, state = _targets(game, 0)
    response = _post(bartek, game, "place_start", role="seat", corner=targets["start_harbour"][0])
    assert "It is not your turn to do that." in response.content.decode()
    assert _post(ala, game, "place_start", role="seat", corner=targets["start_harbour"][0]).status_code == 200
    assert "Ala places their harbour settlement." in _page(client, game, "table")
    assert "Bartek places their harbour settlement." in _page(bartek, game)
    assert "target-start-harbour" in _page(bartek, game)


# Random legal games rendered every few steps, in English and Polish: never a bare log kind.
RAW_KIND = re.compile(r"\b(?:ep|pl|gold)_[a-z_]+\b")
test_every_screen_of_random_games_renders_in_english_and_polish = web.random_screens_test(
    "tests.engine.test_pirate_lairs_properties", 12, ("ep-stage", "ep-panel"), RAW_KIND)


def test_crews_landed_on_a_lair_by_tapping_it_on_the_phone(client):
    from companion.layers.cores.explorers_pirates import board as sea
    from companion.machinery.board import geometry

    game, (ala, bartek, _celina) = _game(client)
    state = state_of(game)
    layout = state["board"]["layout"]
    hexes = layout["hexes"]
    g = geometry(layout)
    sea_paths = [e for e in sorted(g.edge_corners) if all((hexes.get(p) or {}).get("terrain") == "sea" for p in e.split("|"))]
    hex_, edge = next((h, e) for h in sorted(hexes) if hexes[h]["terrain"] == "unexplored" for e in sea_paths
                      if set(g.edge_corners[e]) & {sea.hex_corner(h, i) for i in range(6)})

    def lair(state):
        layout = dict(state["board"]["layout"])
        layout["hexes"] = {**layout["hexes"], hex_: {**layout["hexes"][hex_], "terrain": "gold_river", "number": None,
                                                      "lair": True}}
        state["board"]["layout"] = layout
        state["pirate_lairs"]["lairs"][hex_] = {"crews": [1], "beside": [], "conquered": False, "number": None}
        state["pirate_lairs"]["stack"] -= 1
        state["ep_missions"]["crews"][1] -= 1
        state["ep_missions"]["crews"][0] -= 2
        ship = next(s for s in state["explorers_pirates"]["ships"] if s["seat"] == 0)
        ship.update(edge=edge, bow=g.edge_corners[edge][0], cargo=["crew", "crew"])
        state["explorers_pirates"]["settlers"][0] += 1  # its settler back to the supply
    _edit(game, lair)
    _roll_to_main(ala, game)
    assert _post(ala, game, "start_movement", role="seat").status_code == 200
    page = _page(ala, game)
    assert f'"type": "land_crews", "hex": "{hex_}"' in page and 'data-testid="pl-land-hint"' in page
    assert "target-land" not in _page(bartek, game)
    response = _post(ala, game, "land_crews", role="seat", hex=edge.split("|")[0])
    assert "Tap a pirate lair: crews land only on a lair&#x27;s token." in response.content.decode() or \
        "Tap a pirate lair: crews land only on a lair's token." in response.content.decode()
    assert _post(ala, game, "land_crews", role="seat", hex=hex_).status_code == 200
    state = state_of(game)
    assert state["pirate_lairs"]["lairs"][hex_]["crews"] == [1, 0, 0] and state["pirate_lairs"]["pending"] == [hex_]
    table = _page(client, game, "table")
    assert "Ala lands 2 crews on the pirate lair (3 of 3 there)." in table
    assert "The pirate lair falls to Ala, Bartek: it is settled when the movement ends." in table
    assert table.count('data-testid="pl-lair-crew"') == 3
