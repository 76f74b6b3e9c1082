"""Events of Catan on the screens: the new game form, revealing from a phone or the table,
the card and the year on the table screen, event choices, texts for every event."""
import re

import pytest
from django.urls import reverse

from companion import services
from companion.engine import Chance, seeded_secret
from companion.layers.options.events import rules as events
from companion.web.dice_statistics import steadiness
from companion.layers.options.events.messages import EVENT_NAMES, EVENT_TEXTS, event_effect_lines
from companion.messages import log_text
from companion.models import Game

from .helpers import PLAYERS, TABLE, finish_setup, new_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache():
    """Rolled-back tests may give a new game the id (and version) of an earlier test's one:
    start without the earlier states in the in-process cache."""
    services.forget_cache()
    yield
    services.forget_cache()


def _host(client, game):
    client.get(reverse("table", args=[game.code]) + f"?key={game.host_token}")


def _join(client, game, index):
    client.get(reverse("join", args=[game.code, game.seats.get(index=index).join_token]))


def _seed_where(predicate) -> int:
    """A game seed whose first shuffle of the deck satisfies `predicate(card events, top first)`."""
    for seed in range(5000):
        order = events.shuffled_ids(Chance(seeded_secret(seed)), 0)
        if predicate([events.CARDS[i]["event"] for i in order]):
            return seed
    raise AssertionError("no such seed")


def _to_next_turn(game) -> None:
    """Whatever the card asked: discards of 0, the robber anywhere, no card taken; end the turn."""
    game.refresh_from_db()
    state, _ = services.current_state(game)
    while state["phase"] != "roll":
        kind = {"discard": "discard", "robber": "move_robber", "event": "event_take", "main": "end_turn"}[state["phase"]]
        args = {"seat": state["pending"][0]["seat"], "hand_size": 0} if state["pending"] else {}
        services.perform(game, TABLE, kind, args)
        game.refresh_from_db()
        state, _ = services.current_state(game)


def test_new_game_form_offers_the_event_deck(client):
    page = client.get(reverse("home")).content.decode()
    assert 'value="events"' in page and "Events of Catan cards" in page
    data = {"rules": "base", "target": 10, "dice_source": "events", "board": "none",
            "name_0": "Ala", "color_0": "red", "name_1": "Bartek", "color_1": "blue", "name_2": "Celina"}
    for i in range(2, 6):
        data.setdefault(f"name_{i}", "")
        data[f"color_{i}"] = ["white", "orange", "green", "brown"][i - 2]
    response = client.post(reverse("new_game"), data)
    game = Game.objects.get()
    assert response.status_code == 302 and game.config["dice_source"] == "events"
    table = client.get(response.url).content.decode()
    assert "No event card yet" in table


def test_a_phone_reveals_and_the_table_shows_the_card(client):
    game = new_game(dice_source="events")
    finish_setup(game)
    _join(client, game, 0)
    act = reverse("act", args=[game.code])
    phone = client.get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="reveal-event"' in phone
    assert 'data-die' not in phone and 'name="die1"' not in phone  # no dice entry with the deck
    response = client.post(act, {"as": "seat", "type": "reveal_event", "idem": "r1"})
    assert response.status_code == 200
    game.refresh_from_db()
    state, _ = services.current_state(game)
    card = events.CARDS[state["events"]["card"]]
    host = client.__class__()
    _host(host, game)
    table = host.get(reverse("table", args=[game.code])).content.decode()
    assert f'data-testid="event-number">{card["number"]}<' in table
    assert str(EVENT_NAMES[card["event"]]) in table
    assert "Year 1: card 1 of 31" in table
    assert 'value="1"' in table and '<progress max="31"' in table
    name = "revealed a card: %s" % card["number"]
    assert name in table  # the log


def test_the_table_reveals_and_switches_the_source_mid_game(client):
    game = new_game(dice_source="typed")
    finish_setup(game)
    _host(client, game)
    act = reverse("act", args=[game.code])
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="switch-to-events"' in table
    assert client.post(act, {"as": "table", "type": "reveal_event", "idem": "a"}).status_code == 422
    client.post(act, {"as": "table", "type": "set_dice_source", "source": "events", "idem": "b"})
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="reveal-event"' in table, table[table.find("id=\"actions\""):][:1500]
    assert 'name="die1"' not in table
    assert "Switch to physical dice" in table
    response = client.post(act, {"as": "table", "type": "reveal_event", "idem": "c"})
    assert response.status_code == 200 and 'data-testid="event-card"' in response.content.decode()
    # Rule links of a game on the deck include the Events of Catan entries.
    assert "games=base%2Ctraders-barbarians" in response.content.decode()


def test_trade_advantage_asks_the_holder_on_their_phone(client):
    # The 4th card is Trade Advantage; the three before it ask for nothing but production.
    seed = _seed_where(lambda order: order[3] == "trade_advantage"
                       and all(e in ("no_event", "plentiful_year", "epidemic", "good_neighbors") for e in order[:3]))
    game = new_game(seed=seed, dice_source="events")
    finish_setup(game)
    services.perform(game, TABLE, "reveal_event")
    for _ in range(3):  # Ala's roads grow to 5: she takes Longest Road
        services.perform(game, TABLE, "build_road")
    services.perform(game, TABLE, "set_longest_road", {"holder": 0})
    for _ in range(2):  # Bartek's and Celina's turns
        _to_next_turn(game)
        services.perform(game, TABLE, "reveal_event")
    _to_next_turn(game)
    state, _ = services.current_state(game)
    assert state["turn"]["seat"] == 0 and state["phase"] == "roll"
    _join(client, game, 0)
    act = reverse("act", args=[game.code])
    response = client.post(act, {"as": "seat", "type": "reveal_event", "idem": "r"})
    assert "Trade Advantage" in response.content.decode()
    phone = client.get(reverse("seat", args=[game.code])).content.decode()
    assert "Ala draws 1 random card" in phone
    assert re.search(r'name="victim" value="1"', phone) and 'name="victim" value=""' in phone
    other = client.__class__()
    _join(other, game, 1)
    assert "Waiting for Ala" in other.get(reverse("seat", args=[game.code])).content.decode()
    response = client.post(act, {"as": "seat", "type": "event_take", "seat": "0", "victim": "2", "idem": "t"})
    assert response.status_code == 200
    assert "Ala drew a random card from the hand of Celina." in response.content.decode()


def test_every_event_has_a_name_a_text_and_log_lines():
    names = [p["name"] for p in PLAYERS]
    assert set(EVENT_NAMES) == set(events.EVENTS) | {"new_year"}
    assert set(EVENT_TEXTS) == set(events.EVENTS)
    plans = {
        "epidemic": [{"city_yield": 1}],
        "earthquake": [{"damage": [0, 2]}, {"damage": [], "nobody": "no_roads"}],
        "good_neighbors": [{"gives": [[0, 1], [1, 2], [2, 0]]}],
        "tournament": [{"gains": [1], "basis": {"1": 2}, "measure": "knights"}, {"gains": [], "nobody": "no_knights"}],
        "trade_advantage": [{"taker": 1, "measure": "longest_road"}, {"taker": None, "nobody": "no_longest_road"}],
        "calm_sea": [{"gains": [0, 2], "basis": {"0": 1, "2": 1}, "measure": "harbour_buildings"},
                     {"gains": [], "nobody": "no_harbour_buildings"}, {"gains": None, "nobody": "no_board"}],
        "robber_flees": [{"robber": "desert"}, {"robber": "0,0", "from": "1,1"}, {"robber": "0,0", "from": "0,0"}],
        "neighborly_assistance": [{"helpers": [1], "to_any_of": [0, 2], "basis": {"1": 5}, "measure": "vp"},
                                  {"helpers": [], "to_any_of": [], "nobody": "all_tied"}],
        "conflict": [{"taker": 0, "measure": "largest_army"}, {"taker": 2, "basis": {"2": 2}, "measure": "knights"},
                     {"taker": None, "nobody": "knights_tied"}, {"taker": None, "nobody": "no_knights"}],
        "plentiful_year": [{"gains": [0, 1, 2]}],
    }
    seen = set()
    for event, cases in plans.items():
        for plan in cases:
            lines = event_effect_lines(event, plan, names)
            assert lines and all(line and "?" not in line for line in lines), (event, plan)
            entry = {"n": 1, "turn": 1, "kind": "event_effect", "seat": None, "params": {"event": event, **plan}}
            text = log_text(entry, names)
            assert text.startswith(str(EVENT_NAMES[event]) + ": ")
            seen.add(text)
    assert "Ala gives 1 resource card of their choice to Bartek." in " ".join(seen)
    assert "Bartek (VP" not in " ".join(seen) and "Bartek (5 VP) gives" in " ".join(seen)
    for kind, params in (("event_revealed", {"number": 6, "event": "earthquake", "year": 1, "nth": 3}),
                         ("event_revealed", {"number": 8, "event": "no_event", "year": 1, "nth": 3}),
                         ("new_year", {"year": 2}), ("road_damaged", {}), ("road_repaired", {"left": 0}),
                         ("event_took", {"victim": 1, "event": "conflict"}), ("event_took", {"victim": None})):
        text = log_text({"n": 1, "turn": 1, "kind": kind, "seat": 0, "params": params}, names)
        assert text and text != kind and "?" not in text, kind
    assert log_text({"kind": "event_revealed", "seat": 0, "params": {"number": 6, "event": "earthquake"}},
                    names) == "Ala revealed a card: 6, Earthquake."


def test_event_refusals_are_explained(client):
    from companion.engine import IllegalAction
    from companion.messages import refusal

    assert refusal(IllegalAction("repair_road_first")) == "Repair your damaged road first (1 lumber + 1 brick)."
    for code in ("not_your_road", "road_already_damaged", "no_damaged_road"):
        assert refusal(IllegalAction(code)) != "That is not allowed."


def test_the_histogram_says_how_steady_the_numbers_are(client):
    assert steadiness({"roll_counts": [0] * 11, "rolls_total": 0}) is None
    perfect = steadiness({"roll_counts": [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1], "rolls_total": 36})
    assert perfect["off"] == 0 and 10 < perfect["dice"] < 30
    skewed = steadiness({"roll_counts": [0, 0, 0, 0, 0, 36, 0, 0, 0, 0, 0], "rolls_total": 36})
    assert skewed["off"] == 83
    game = new_game(dice_source="events")
    finish_setup(game)
    for _ in range(8):
        services.perform(game, TABLE, "reveal_event")
        _to_next_turn(game)
    _host(client, game)
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="steadiness"' in table and "fair dice: about" in table


def test_earthquake_on_paper_offers_the_repair(client):
    game = new_game(seed=_seed_where(lambda order: order[0] == "earthquake"), dice_source="events")
    finish_setup(game)
    _join(client, game, 0)
    act = reverse("act", args=[game.code])
    revealed = client.post(act, {"as": "seat", "type": "reveal_event", "idem": "e"}).content.decode()
    assert "Earthquake" in revealed and "Ala, Bartek, Celina: each turns one of their roads on its side." in revealed
    phone = client.get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="repair-road"' in phone
    assert "Damaged roads (repair before building roads): Ala, Bartek, Celina" in phone
    refused = client.post(act, {"as": "seat", "type": "build_road", "idem": "b"})
    assert refused.status_code == 422 and "Repair your damaged road first" in refused.content.decode()
    repaired = client.post(act, {"as": "seat", "type": "repair_road", "idem": "r"})
    assert repaired.status_code == 200 and "Ala repaired a damaged road" in repaired.content.decode()
    assert 'data-testid="repair-road"' not in repaired.content.decode()
    assert client.post(act, {"as": "seat", "type": "build_road", "idem": "b2"}).status_code == 200


# ---------------------------------------------------------------- Traders & Barbarians game options


def _form(**extra):
    data = {"rules": "base", "target": 10, "dice_source": "typed", "board": "none",
            "name_0": "Ala", "color_0": "red", "name_1": "Bartek", "color_1": "blue", "name_2": "Celina",
            "color_2": "white"}
    for i in range(3, 6):
        data.update({f"name_{i}": "", f"color_{i}": ["orange", "green", "brown"][i - 3]})
    data.update(extra)
    return data


def test_new_game_form_offers_the_variants(client):
    page = client.get(reverse("home")).content.decode()
    assert 'name="friendly_robber"' in page and 'name="harbormaster"' in page
    client.post(reverse("new_game"), _form(friendly_robber="on", harbormaster="on"))
    game = Game.objects.get()
    assert game.config["variants"] == {"friendly_robber": True, "harbormaster": True}
    assert game.config["target"] == 11  # Harbormaster: one more point to win
    client.post(reverse("new_game"), _form())
    assert "variants" not in Game.objects.order_by("-pk").first().config


def test_friendly_robber_and_harbormaster_on_the_table_screen(client):
    client.post(reverse("new_game"), _form(friendly_robber="on", harbormaster="on"))
    game = Game.objects.get()
    finish_setup(game)
    services.perform(game, TABLE, "roll", {"dice": [3, 4]})
    for seat in range(3):
        services.perform(game, TABLE, "discard", {"seat": seat, "hand_size": 0})
    game.refresh_from_db()
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert "Friendly robber: it may not go next to a player" in table
    assert "Rob Bartek" not in table and "Nobody to rob" in table  # everyone has 2 VP
    act = reverse("act", args=[game.code])
    refused = client.post(act, {"as": "table", "type": "move_robber", "victim": "1", "idem": "m"})
    assert refused.status_code == 422 and "Friendly robber: it spares" in refused.content.decode()
    client.post(act, {"as": "table", "type": "move_robber", "victim": "", "idem": "m2"})
    response = client.post(act, {"as": "table", "type": "set_harbormaster", "holder": "2", "idem": "h"})
    page = response.content.decode()
    assert 'data-testid="harbormaster"' in page and "Celina takes the Harbormaster card." in page
    assert "First to 11 VP" in page


def test_earthquake_on_a_board_phones_tap_their_roads(client):
    seed = _seed_where(lambda order: order[0] == "earthquake")
    game = services.create_game({"rules": "base", "target": 10, "dice_source": "events", "board": "beginner", "play_mode": "paper",
                                 "players": [{"name": n, "color": c} for n, c in
                                             (("Ala", "red"), ("Bartek", "blue"), ("Celina", "white"))]},
                                seed=seed)
    _join(client, game, 1)
    act = reverse("act", args=[game.code])
    services.perform(game, TABLE, "reveal_event")
    game.refresh_from_db()
    phone = client.get(reverse("seat", args=[game.code])).content.decode()
    assert "Earthquake: Bartek, tap the road you lay on its side." in phone
    assert phone.count('aria-label="Lay this road on its side"') == 2  # his two roads only
    state, _ = services.current_state(game)
    road = next(e for e, s in sorted(state["board"]["pieces"]["roads"].items()) if s == 1)
    response = client.post(act, {"as": "seat", "type": "damage_road", "edge": road, "idem": "d"})
    assert response.status_code == 200
    page = response.content.decode()
    assert f'class="road blue damaged" data-edge="{road}"' in page
    assert "Bartek turned a road on its side (Earthquake)." in page
