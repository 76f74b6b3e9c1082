"""Explorers & Pirates (Land Ho!) through the web: the new-game form's core and scenario, the
sea board drawn (sea, face-down hexes by area, ships with their cargo, harbour settlements),
each player's gold and points, the active phone's phase and its ship controls, the reveal
form on the ship owner's phone, refusals as clear errors, in English and Polish."""
import re

import pytest
from django.urls import reverse
from django.utils import translation

from companion import engine
from companion.machinery import hands
from companion.models import Game, Record

from .helpers import host, joined_phones, new_game_form, state_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]

TABLE = {"role": "table"}


def _form(players=3, **extra):
    return new_game_form(players, **{"rules": "explorers_pirates", "scenario": "land_ho", "board": "beginner",
                                     "target": "", **extra})


def _post(client, game, kind, role="table", **args):
    return client.post(reverse("act", args=[game.code]),
                       {"as": role, "type": kind, "idem": f"{kind}-{Record.objects.count()}-{sorted(args.items())}",
                        **args})


def _page(client, game, role="seat"):
    return client.get(reverse("table" if role == "table" else "seat", args=[game.code])).content.decode()


def test_the_form_offers_explorers_and_pirates_and_land_ho_plays_to_8(client):
    page = client.get(reverse("home")).content.decode()
    assert 'value="explorers_pirates"' in page and 'value="land_ho"' in page
    assert "explorers_pirates:8" in page  # the Game select carries each core's target
    host(client)
    assert client.post(reverse("new_game"), _form()).status_code == 302
    game = Game.objects.get()
    assert game.config["rules"] == "explorers_pirates" and game.config["scenario"] == "land_ho"
    assert game.config["target"] == 8
    table = _page(client, game, "table")
    assert 'data-testid="ep-layer"' in table
    assert "terrain-unexplored" in table and "area-north" in table and "area-south" in table


def _axial(position: str) -> tuple[float, float]:
    q, r = (int(v) for v in position.split(","))
    return q, r


def _distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) / 2


STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def _towards_unexplored(state: dict, edges: list[str]) -> str:
    """Of the paths a ship may sail to, the one whose ends come nearest a face-down hex."""
    hexes = state["board"]["layout"]["hexes"]
    down = [_axial(h) for h, x in hexes.items() if x["terrain"] == "unexplored"]

    def nearness(edge):
        a, b = (_axial(p) for p in edge.split("|"))
        ends = {(a[0] + dq, a[1] + dr) for dq, dr in STEPS} & {(b[0] + dq, b[1] + dr) for dq, dr in STEPS}
        return min(_distance(p, d) for p in (a, b, *ends) for d in down)

    def middle(edge):
        a, b = (_axial(p) for p in edge.split("|"))
        return min(_distance(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), d) for d in down)
    return min(edges, key=lambda e: (nearness(e), middle(e), e))


def _game(client, players=3, **extra):
    host(client)
    assert client.post(reverse("new_game"), _form(players, **extra)).status_code == 302
    game = Game.objects.get()
    return game, joined_phones(game)


def _sail_to_a_discovery(phone, game, table):
    """Ala's phone sails her ship towards the face-down hexes until it points at one: 2 more
    points for a wool when she may, else on in her next turn (the others roll and pass)."""
    for _ in range(60):
        state = state_of(game)
        if state["phase"] == "reveal":
            return
        if state["phase"] == "roll":
            assert _post(table, game, "roll", die1="2", die2="3").status_code == 200
        elif state["turn"]["seat"] != 0:
            assert _post(table, game, "end_turn").status_code == 200
        elif state["phase"] == "main":
            assert _post(phone, game, "start_movement", role="seat").status_code == 200
        else:
            targets = engine.view(state, 0)["board"]["targets"]
            ep = state["explorers_pirates"]
            moving = next((s for s in ep["ships"] if s["id"] == ep["moving"]), None)
            paper = state["config"]["play_mode"] == "paper"
            if targets.get("sail"):
                edge = _towards_unexplored(state, targets["sail"])
                assert _post(phone, game, "move_ship", role="seat", edge=edge).status_code == 200
            elif targets.get("ship"):
                assert _post(phone, game, "choose_ship", role="seat", edge=targets["ship"][0]).status_code == 200
            elif moving and not moving["bonus"] and not moving["done"] and (paper or hands.hand(state, 0)["wool"]):
                assert _post(phone, game, "buy_moves", role="seat", ship=moving["id"]).status_code == 200
            else:
                assert _post(phone, game, "end_turn", role="seat").status_code == 200
    raise AssertionError("the ship never reached a face-down hex")


def test_a_turn_through_the_phones_production_build_movement_and_a_discovery(client):
    game, phones = _game(client)
    ala, bartek, celina = phones
    # Production: a 12 pays only the hex with the 12 (if anyone at all): the others take 1 gold each.
    assert _post(ala, game, "roll", role="seat", die1="6", die2="6").status_code == 200
    state = state_of(game)
    paid = state["explorers_pirates"]["compensation"]
    assert paid and paid["total"] == 12 and paid["seats"]
    table = _page(client, game, "table")
    assert 'data-testid="ep-last-compensation"' in table and "Nothing from the 12" in table
    name = ["Ala", "Bartek", "Celina"][paid["seats"][0]]
    assert f"{name} takes 1 gold for getting nothing from the 12 (now 3)." in table  # 2 gold at the start + 1
    # Trade and build: the phone names the part of the turn and what the pieces cost.
    page = _page(ala, game)
    assert "Trade and build" in page and 'data-testid="ep-costs"' in page and 'data-testid="ep-start-movement"' in page
    assert "1 lumber, 1 wool" in page and "2 grain, 2 ore" in page  # a ship, a harbour settlement
    assert 'data-testid="ep-start-movement"' not in _page(bartek, game)
    # Hands on phones: what Ala's hand lacks for a harbour settlement (2 grain + 2 ore; she holds 1 ore).
    assert re.search(r'class="unaffordable"><b>Harbour settlement</b>: [^<]*<small class="missing">missing \d (grain|ore)', page)
    # Movement: the ship's points, tap targets for its next paths.
    assert _post(ala, game, "start_movement", role="seat").status_code == 200
    page = _page(ala, game)
    assert "Ship movement" in page and 'data-testid="ep-ships"' in page
    assert "4 movement points left" in page and "a settler aboard" in page
    assert 'data-testid="ep-buy-' not in page  # Ala holds no wool for 2 more points
    ship = next(s for s in state_of(game)["explorers_pirates"]["ships"] if s["seat"] == 0)
    assert _post(ala, game, "choose_ship", role="seat", ship=ship["id"]).status_code == 200
    page = _page(ala, game)
    assert "target-sail" in page and "4 points left" in page
    assert "target-sail" not in _page(bartek, game)
    _sail_to_a_discovery(ala, game, client)
    # The reveal form on the owner's phone only; the others wait.
    page = _page(ala, game)
    assert 'data-testid="ep-reveal-form"' in page and 'name="terrain"' in page and 'value="sea"' in page
    for other in (bartek, celina):
        assert 'data-testid="ep-reveal-form"' not in _page(other, game)
        assert "turns the discovered hex over" in _page(other, game)
    assert "turns the discovered hex over" in _page(client, game, "table")
    assert "ep-to-reveal" in _page(client, game, "table")
    hex_ = state_of(game)["explorers_pirates"]["reveal"]["hexes"][0]
    # Nonsense is refused with a clear message: a token on the sea, a land hex without one.
    response = _post(ala, game, "reveal_hex", role="seat", hex=hex_, terrain="sea", number="5")
    assert "A sea hex gets no number token." in response.content.decode()
    response = _post(ala, game, "reveal_hex", role="seat", hex=hex_, terrain="forest", number="")
    assert "A land hex gets a number token" in response.content.decode()
    assert state_of(game)["phase"] == "reveal"
    lumber = hands.hand(state_of(game), 0)["lumber"]
    assert _post(ala, game, "reveal_hex", role="seat", hex=hex_, terrain="forest", number="9").status_code == 200
    state = state_of(game)
    assert state["board"]["layout"]["hexes"][hex_] == {**state["board"]["layout"]["hexes"][hex_], "terrain": "forest",
                                                       "number": 9}
    table = _page(client, game, "table")
    assert "Ala discovers forest (lumber) with a 9 and takes 1 lumber." in table
    assert hands.hand(state, 0)["lumber"] == lumber + 1  # the discovery's reward: 1 of its resource


def _targets(game, seat):
    state = state_of(game)
    return engine.view(state, seat)["board"]["targets"], state


def _reveal_all(phone, game, terrain="forest", number="9"):
    while state_of(game)["phase"] == "reveal":
        hex_ = state_of(game)["explorers_pirates"]["reveal"]["hexes"][0]
        assert _post(phone, game, "reveal_hex", role="seat", hex=hex_, terrain=terrain, number=number).status_code == 200
        terrain, number = "sea", ""  # a second one: the sea


def test_paper_cards_a_game_to_8_with_a_settlement_founded_by_ship(client):
    game, phones = _game(client, play_mode="paper", dice_source="typed")
    ala = phones[0]
    assert _post(client, game, "roll", die1="2", die2="3").status_code == 200
    assert _post(ala, game, "start_movement", role="seat").status_code == 200
    _sail_to_a_discovery(ala, game, client)
    _reveal_all(ala, game)
    assert _post(ala, game, "end_turn", role="seat").status_code == 200
    for _ in range(2):  # Bartek and Celina roll and pass
        assert _post(client, game, "roll", die1="2", die2="3").status_code == 200
        assert _post(client, game, "end_turn").status_code == 200
    assert _post(client, game, "roll", die1="2", die2="3").status_code == 200
    # Ala builds (paper cards: the table trusts the cards laid down) up to 7 points ...
    for _ in range(30):
        if engine.view(state_of(game), 0)["players"][0]["vp_public"] >= 7:
            break
        targets, _state = _targets(game, 0)
        for kind, field, action in (("harbour", "corner", "build_harbour"), ("settlement", "corner", "build_settlement"),
                                    ("road", "edge", "build_road")):
            if targets.get(kind):
                assert _post(ala, game, action, role="seat", **{field: targets[kind][0]}).status_code == 200
                break
        else:
            raise AssertionError(f"nothing to build: {targets}")
    assert engine.view(state_of(game), 0)["players"][0]["vp_public"] == 7
    # ... then her ship founds a settlement where it points: the 8th point.
    assert _post(ala, game, "start_movement", role="seat").status_code == 200
    for _ in range(12):
        targets, state = _targets(game, 0)
        if state["phase"] == "finished":
            break
        if state["phase"] == "reveal":
            _reveal_all(ala, game)
        elif targets.get("found"):
            assert 'target-found' in _page(ala, game)
            assert _post(ala, game, "found_settlement", role="seat", corner=targets["found"][0]).status_code == 200
        elif targets.get("sail"):
            assert _post(ala, game, "move_ship", role="seat", edge=_towards_unexplored(state, targets["sail"])).status_code == 200
        elif targets.get("ship"):
            assert _post(ala, game, "choose_ship", role="seat", edge=targets["ship"][0]).status_code == 200
        else:
            raise AssertionError(f"no way to found a settlement: {targets}")
    state = state_of(game)
    assert state["phase"] == "finished" and state["winner"] == 0
    assert "founds a settlement from ship" in _page(client, game, "table")


def test_land_ho_with_the_base_game_or_the_core_alone_is_refused_in_words(client):
    response = client.post(reverse("new_game"), _form(rules="base"))
    assert response.status_code == 422
    assert "Land Ho! is a scenario of Explorers &amp; Pirates" in response.content.decode()
    response = client.post(reverse("new_game"), _form(scenario=""))
    assert response.status_code == 422
    assert "Explorers &amp; Pirates is played with one of its scenarios" in response.content.decode()
    assert not Game.objects.exists()


def test_the_base_and_cities_and_knights_choices_and_targets_are_unchanged(client):
    page = client.get(reverse("home")).content.decode()
    assert '<option value="base" selected>CATAN base game</option>' in page
    assert '<option value="cities_knights">Cities &amp; Knights (3–6 players)</option>' in page
    assert "Empty: 10 for the base game, 13 for Cities &amp; Knights." in page
    assert client.post(reverse("new_game"), new_game_form(3, rules="cities_knights")).status_code == 302
    assert Game.objects.get().config["target"] == 13


def test_newgame_command_takes_every_core_and_land_ho():
    from django.core.management import call_command

    call_command("newgame", "--rules", "explorers_pirates", "--scenario", "land_ho", "--players",
                 "Ala:red,Bartek:blue", "--board", "beginner", "--json", stdout=open("/dev/null", "w"))
    game = Game.objects.get()
    assert game.config["rules"] == "explorers_pirates" and game.config["target"] == 8
    assert state_of(game)["phase"] == "roll"


def test_paper_cards_building_a_harbour_a_settler_and_a_ship_and_buying_moves(client):
    game, phones = _game(client, play_mode="paper", dice_source="typed")
    ala = phones[0]
    assert _post(client, game, "roll", die1="2", die2="3").status_code == 200
    # A settler into an empty dock, drawn beside the harbour settlement.
    targets, state = _targets(game, 0)
    assert targets["settler_dock"] and "target-settler-dock" in _page(ala, game)
    assert _post(ala, game, "build_settler", role="seat", corner=targets["settler_dock"][0]).status_code == 200
    assert 'data-testid="ep-dock-settler"' in _page(client, game, "table")
    # A ship on a path beside a harbour settlement (its tap lies in the water, off the road's).
    targets, state = _targets(game, 0)
    assert set(targets["ship_site"]) & set(targets["road"])  # coastal paths offer both
    assert _post(ala, game, "build_ship", role="seat", edge=targets["ship_site"][0]).status_code == 200
    assert len([s for s in state_of(game)["explorers_pirates"]["ships"] if s["seat"] == 0]) == 2
    table = _page(client, game, "table")
    assert table.count('data-testid="ep-ship"') == 4 and "Ala builds a ship (ship 4)." in table
    # Roads and a settlement by the sea, then a harbour settlement there: 2 points instead of 1.
    for _ in range(12):
        targets, state = _targets(game, 0)
        if targets.get("harbour"):
            break
        kind, field, action = next((k, f, a) for k, f, a in (("settlement", "corner", "build_settlement"),
                                                               ("road", "edge", "build_road")) if targets.get(k))
        assert _post(ala, game, action, role="seat", **{field: targets[kind][0]}).status_code == 200
    points = engine.view(state_of(game), 0)["players"][0]["vp_public"]
    assert "target-harbour" in _page(ala, game)
    assert _post(ala, game, "build_harbour", role="seat", corner=targets["harbour"][0]).status_code == 200
    assert engine.view(state_of(game), 0)["players"][0]["vp_public"] == points + 1
    assert "Ala upgrades a settlement to a harbour settlement (2 victory points)." in _page(client, game, "table")
    # Movement: the new (empty) ship beside the harbour settlement takes the dock's settler
    # aboard (a tap on the harbour settlement), and puts it back (a button).
    assert _post(ala, game, "start_movement", role="seat").status_code == 200
    targets, state = _targets(game, 0)
    assert targets["load"] and "target-load" in _page(ala, game)
    assert _post(ala, game, "load_settler", role="seat", corner=targets["load"][0]).status_code == 200
    new_ship = next(s for s in state_of(game)["explorers_pirates"]["ships"] if s["id"] == 4)
    assert new_ship["cargo"] == ["settler"] and "Ala takes a settler aboard ship 4." in _page(client, game, "table")
    assert 'data-testid="ep-unload-4"' in _page(ala, game)
    assert _post(ala, game, "unload_settler", role="seat", ship="4").status_code == 200
    assert state_of(game)["explorers_pirates"]["docks"][targets["load"][0]] == ["settler"]
    # 2 more points for 1 wool, once per ship and turn.
    ship = next(s for s in state_of(game)["explorers_pirates"]["ships"] if s["seat"] == 0 and s["cargo"])
    assert _post(ala, game, "buy_moves", role="seat", ship=ship["id"]).status_code == 200
    page = _page(ala, game)
    assert "6 movement points left" in page and f'data-testid="ep-buy-{ship["id"]}"' not in page
    response = _post(ala, game, "buy_moves", role="seat", ship=ship["id"])
    assert "That ship already got its 2 extra points this turn." in response.content.decode()
    # A step that is not next to the ship is refused in words.
    assert _post(ala, game, "choose_ship", role="seat", ship=ship["id"]).status_code == 200
    far = next(e for e in state_of(game)["board"]["pieces"]["roads"])
    response = _post(ala, game, "move_ship", role="seat", edge=far)
    text = response.content.decode()
    assert "A ship moves one path at a time" in text or "A ship sails on sea paths only." in text


def test_two_players_the_unused_colours_stay_as_obstacles(client):
    game, phones = _game(client, players=2)
    state = state_of(game)
    neutral = state["explorers_pirates"]["neutral"]
    assert sorted(neutral.values()) == ["orange", "white"]
    table = _page(client, game, "table")
    assert table.count('data-testid="ep-ship"') == 2  # only the players' ships sail
    assert table.count('data-testid="ep-harbour"') == 4  # the unused colours' harbour settlements stay
    assert 'class="settlement white"' in table and 'class="settlement orange"' in table


def test_the_phone_speaks_polish(client):
    game, phones = _game(client, play_mode="paper")
    ala = phones[0]
    assert _post(client, game, "roll", die1="2", die2="3").status_code == 200
    assert _post(ala, game, "start_movement", role="seat").status_code == 200
    ala.cookies["django_language"] = "pl"
    with translation.override("pl"):
        page = _page(ala, game)
    assert "Faza ruchu statków" in page and "zostały 4 punkty ruchu" in page and "Przesuń ten statek" in page
    table = client.get(reverse("table", args=[game.code]), HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "Odkrywcy i Piraci" in table or "Faza ruchu statków" in table


def test_with_all_three_ships_out_a_new_one_replaces_one(client):
    game, phones = _game(client, play_mode="paper", dice_source="typed")
    ala = phones[0]
    assert _post(client, game, "roll", die1="2", die2="3").status_code == 200
    for _ in range(2):
        targets, state = _targets(game, 0)
        assert _post(ala, game, "build_ship", role="seat", edge=targets["ship_site"][0]).status_code == 200
    page = _page(ala, game)
    assert 'data-testid="ep-rebuild-ship"' in page and 'name="remove"' in page
    old = next(s for s in state_of(game)["explorers_pirates"]["ships"] if s["seat"] == 0 and s["cargo"])
    edge = re.search(r'<select name="edge"><option value="([^"]+)"', page).group(1)
    response = _post(ala, game, "build_ship", role="seat", edge=edge)
    assert "All 3 of your ships are out" in response.content.decode()
    assert _post(ala, game, "build_ship", role="seat", edge=edge, remove=str(old["id"])).status_code == 200
    ships = [s for s in state_of(game)["explorers_pirates"]["ships"] if s["seat"] == 0]
    assert len(ships) == 3 and old["id"] not in [s["id"] for s in ships]
    assert f"Ala takes ship {old['id']} off the board and builds a new one" in _page(client, game, "table")


def test_the_form_in_polish_names_every_core(client):
    page = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "CATAN – gra podstawowa" in page and "Odkrywcy i Piraci (2–4 graczy, ze scenariuszem)" in page
    assert "Puste: 10 w grze podstawowej, 13 w Miastach i Rycerzach. Odkrywcy i Piraci: cel ich scenariusza" in page
    assert "Ląd na horyzoncie (Odkrywcy i Piraci)" in page


def test_no_board_on_the_form_means_the_sea_board_with_hands_on_phones(client):
    """Explorers & Pirates is always played on its sea board: "No board" (the form's default) is
    its start island as printed, so hands on phones stay possible."""
    host(client)
    assert client.post(reverse("new_game"), _form(board="none", play_mode="hands")).status_code == 302
    game = Game.objects.get()
    assert game.config["board"] == "beginner" and game.config["play_mode"] == "hands"
    assert state_of(game)["board"]["layout"]["frame"] == "land_ho"
    assert 'data-boards="explorers_pirates:beginner"' in client.get(reverse("home")).content.decode()


def test_gold_buys_no_resource_at_a_ratio_but_three_cards_buy_a_gold(client):
    """The gold panel of an E&P game: buying a resource for 2 gold, and 3 equal cards for 1 gold;
    no form to give the bank gold at a ratio (gold is not traded 3:1)."""
    game, phones = _game(client)
    seat = state_of(game)["turn"]["seat"]
    assert _post(phones[seat], game, "roll", role="seat", die1="3", die2="4").status_code == 200
    for _ in range(4):  # a 7: everyone above 7 cards gives back half first
        state = state_of(game)
        if state["phase"] != "discard":
            break
        pending = state["pending"][0]["seat"]
        hand = dict(state["players"][pending]["hand"])
        due, cards = sum(hand.values()) // 2, {}
        for resource, n in hand.items():
            cards[resource] = min(n, due - sum(cards.values()))
        _post(phones[pending], game, "discard", role="seat", **{f"cards_{r}": n for r, n in cards.items()})
    assert state_of(game)["phase"] == "main"
    page = _page(phones[seat], game)
    assert 'data-testid="buy-with-gold"' in page and 'data-testid="resource-for-gold"' in page
    assert 'data-testid="gold-for-resource"' not in page
    refused = _post(phones[seat], game, "trade_gold", role="seat", give="gold", get="ore", count="1")
    assert "2 gold" in refused.content.decode()


def test_the_scoreboard_has_no_cities_column_but_the_base_games_keeps_it(client):
    game, _phones = _game(client)
    assert ">Cities<" not in _page(client, game, "table")
    Game.objects.all().delete()
    assert client.post(reverse("new_game"), new_game_form(3)).status_code == 302
    assert ">Cities<" in _page(client, Game.objects.get(), "table")
