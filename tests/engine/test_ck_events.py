"""Cities & Knights with the Events of Catan deck (layers/options/events/ck_rules.py, rules.py).

Source: /work/shared/rulebooks/traders-and-barbarians-pl.txt, "Wydarzenia Catanu": every
event's "Miasta i Rycerze" paragraph, and the combination section: the active player
rolls the red die and the event die, the event die is resolved as usual, then an event
card is revealed and resolved. Each test says in our own words which rule it checks.

Paper games (no board) set the situation up directly in the state; board games use the
first-game terrain of test_board_play with hands on phones (as test_cities_knights).
"""
import copy

import pytest

from companion.engine import TABLE, fold, new_game, view
from companion.layers.cores.cities_knights import rules as ck
from companion.machinery import hands
from companion.layers.options.events import rules as events
from companion.machinery import board as boards
from companion.engine.game import allowed_actions

from .test_board_play import LAYOUT
from .test_cities_knights import CK, T, conserved, give, holding, knights
from .test_properties import same_play

# ---------------------------------------------------------------- helpers


def deck_game(n=4, **extra) -> CK:
    """A paper game (no board) on the event deck, set up."""
    game = CK(n, dice_source="events", **extra)
    while game.state["phase"] == "setup":
        game.act("place_setup")
    return game


def board_deck_game(n=3, play_mode="hands", seed=3) -> CK:
    game = CK(n, seed=seed, dice_source="events", board="random", play_mode=play_mode,
              board_layout=copy.deepcopy(LAYOUT))
    while game.state["phase"] == "setup":
        targets = view(game.state, TABLE)["board"]["targets"]
        if "settlement" in targets:
            game.act("place_settlement", corner=targets["settlement"][0])
        else:
            game.act("place_road", edge=targets["road"][0])
    return game


def order(*wanted) -> list[int]:
    """A shuffle of the 36 cards with `wanted` ((event, number) or event) on top, in order."""
    chosen = []
    for w in wanted:
        event, number = w if isinstance(w, tuple) else (w, None)
        chosen.append(next(i for i in range(events.DECK_SIZE) if i not in chosen
                           and events.CARDS[i]["event"] == event and number in (None, events.CARDS[i]["number"])))
    return chosen + [i for i in range(events.DECK_SIZE) if i not in chosen]


def roll(game: CK, *cards, red=1, face="blue", actor=T):
    """The first roll of the game (the deck is shuffled then): typed red die and event
    die; `cards` come up first, in this order."""
    return game.act("roll", actor=actor, recorded={"deck": order(*cards)} if cards else None, red=red, event=face)


def kinds(game: CK, kind: str) -> list[str]:
    return [e["kind"] for e in game.state["log"] if e["kind"] == kind]


def log_kinds(game: CK) -> list[str]:
    return [e["kind"] for e in game.state["log"]]


def city_by(game: CK, terrains, numbers) -> tuple[str, str]:
    """A free corner on a hex of one of `terrains` numbered one of `numbers` (and that hex)."""
    layout, pieces = game.state["board"]["layout"], game.state["board"]["pieces"]
    g = boards.geometry(layout)
    for h in sorted(g.hexes):
        cell = layout["hexes"][h]
        if cell["terrain"] in terrains and cell["number"] in numbers and h != game.state["board"]["robber"]:
            for corner in sorted(g.hex_corners[h]):
                if boards.check_settlement(layout, pieces, 0, corner, setup=True) is None:
                    return corner, h
    raise AssertionError("no such corner")


def put_city(game: CK, seat: int, corner: str) -> None:
    game.state["board"]["pieces"]["cities"][corner] = seat
    game.players[seat]["cities"] += 1


# ---------------------------------------------------------------- the deck as a dice source


def test_the_deck_is_a_dice_source_at_creation_and_mid_game():
    """T&B: the deck may be combined with C&K: a new game may pick it, a game may switch to it."""
    state = new_game({**deck_game(3).config})
    assert state["config"]["dice_source"] == "events"
    assert "events" in view(state, TABLE)["dice_sources"]
    game = CK(3)
    while game.state["phase"] == "setup":
        game.act("place_setup")
    game.act("set_dice_source", source="events")
    assert game.state["config"]["dice_source"] == "events"
    roll(game, ("no_event", 8), red=2, face="ship")
    assert game.state["last_roll"]["total"] == 8 and game.state["ck"]["ship"] == 1
    assert "reveal_event" not in allowed_actions(game.state, T)  # the roll reveals the card


def test_the_red_die_and_the_event_die_then_the_card():
    """T&B combination: the red die and the event die first, the event die resolved as
    usual (the ship moves), then the card revealed: its number is the turn's number."""
    game = deck_game(3)
    roll(game, ("no_event", 8), red=3, face="ship")
    last = game.state["last_roll"]
    assert (last["dice"], last["red"], last["event"], last["total"], last["card"]) == (None, 3, "ship", 8, "no_event")
    assert game.state["ck"]["ship"] == 1 and game.state["roll_counts"][8] == 1
    kinds_seen = [k for k in log_kinds(game) if k in ("red_rolled", "ship_moved", "event_revealed")]
    assert kinds_seen == ["red_rolled", "ship_moved", "event_revealed"]
    assert game.state["phase"] == "main" and game.state["turn"]["rolled"]


def test_the_roll_is_typed_virtual_or_read():
    """Typed: the red die and the event die; virtual: both drawn by the server; the dice
    reader reads the yellow die too, and only the red one counts."""
    game = deck_game(3)
    assert game.refuse("roll", event="ship").code == "bad_dice"  # the red die is needed
    assert game.refuse("roll", red=7, event="ship").code == "bad_die"
    assert game.refuse("roll", red=2, event="purple").code == "bad_event_die"
    assert game.refuse("roll", red=2).code == "bad_dice"  # and the event die
    roll(game, ("no_event", 5), ("no_event", 9), ("no_event", 10), red=2, face="yellow")
    game.act("end_turn")
    game.act("roll", actor={"role": "device"}, dice=[6, 4], event="ship", source="reader")
    assert game.state["last_roll"]["red"] == 4 and game.state["last_roll"]["rolled"] == "reader"
    game.act("end_turn")
    game.act("roll")
    outcome = game.records[-1]["outcome"]
    assert set(outcome) == {"red", "event"} and 1 <= outcome["red"] <= 6
    assert game.state["last_roll"]["rolled"] == "virtual"
    state, _ = fold(game.config, game.records)
    assert state == game.state


def test_a_gate_draws_progress_cards_with_the_red_die():
    """C&K: a gate lets those whose chart of its colour shows the red die's value draw;
    with the deck the red die still decides it, whatever the card's number."""
    game = deck_game(3)
    game.players[1]["improvements"]["science"] = 1  # shows red 1-2
    game.players[2]["improvements"]["science"] = 2  # shows red 1-3
    roll(game, ("no_event", 11), red=3, face="green")
    assert [len(p["progress"]) + len(p["progress_vp"]) for p in game.players] == [0, 0, 1]
    gate = [e for e in game.state["log"] if e["kind"] == "city_gate"][0]
    assert gate["params"]["red"] == 3 and gate["params"]["seats"] == [2]
    assert game.state["last_roll"]["total"] == 11
    assert log_kinds(game).index("city_gate") < log_kinds(game).index("event_revealed")
    conserved(game.state)


def test_the_barbarians_attack_before_the_cards_production():
    """C&K: the ship's arrival is resolved before production; with the deck the card comes
    after it, so a city the barbarians took produces as a settlement (no commodity)."""
    game = board_deck_game(3)
    layout = game.state["board"]["layout"]
    corner, hex_ = city_by(game, ("mountains", "forest", "pasture"), (3, 4, 5, 6, 8, 9, 10, 11))
    put_city(game, 0, corner)
    number = layout["hexes"][hex_]["number"]
    game.state["ck"]["ship"] = ck.TRACK - 1
    before = dict(game.players[0]["hand"])
    game.act("roll", red=1, event="ship")
    # Nobody has knights: everyone loses a city; seat 0 picks which (two cities).
    assert game.state["phase"] == "barbarian" and game.state.get("events") is None
    assert view(game.state, TABLE)["events"]["card"] is None  # the card is not revealed yet
    # The card is revealed (the deck shuffled) by the answer that lets the roll go on.
    game.act("lose_city", actor={"seat": 0}, corner=corner, recorded={"deck": order(("no_event", number))})
    assert game.state["last_roll"]["total"] == number
    kinds_seen = log_kinds(game)
    assert kinds_seen.index("barbarians_won") < kinds_seen.index("event_revealed") < kinds_seen.index("produced")
    expected = ck.production(layout, game.state["board"]["pieces"], game.state["board"]["robber"], number)
    got = {k: game.players[0]["hand"][k] - before[k] for k in before if game.players[0]["hand"][k] != before[k]}
    assert got == expected.get(0, {})
    assert not any(got.get(c) for c in ck.COMMODITIES)
    conserved(game.state)


def test_a_seven_card_is_the_cities_and_knights_seven():
    """C&K 7 with the deck (Robber Attack): above 7 cards (commodities count, +2 per
    wall) give half back; the robber stays on the desert until the first attack."""
    game = board_deck_game(3)
    give(game, 0, coin=4, paper=4)
    give(game, 1, cloth=9 - hands.hand_size(game.state, 1))  # 9: safe behind one wall
    city = next(c for c, s in game.state["board"]["pieces"]["cities"].items() if s == 1)
    game.state["board"]["pieces"]["walls"][city] = 1
    game.players[1]["walls"] = 1
    sizes = [hands.hand_size(game.state, s) for s in range(3)]
    assert sizes[0] > 7 and sizes[1] == 9
    robber = game.state["board"]["robber"]
    roll(game, "robber_attack", red=2, face="blue")
    assert game.state["last_roll"]["total"] == 7 and game.state["phase"] == "discard"
    assert game.state["pending"] == [{"seat": 0, "kind": "discard"}]
    game.act("discard", actor={"seat": 0}, cards={"coin": 4, "paper": sizes[0] // 2 - 4})
    assert game.state["phase"] == "main" and kinds(game, "robber_locked")
    assert game.state["board"]["robber"] == robber
    conserved(game.state)


def test_a_seven_card_after_the_first_attack_moves_the_robber():
    game = deck_game(3)
    game.state["ck"]["attacks"] = 1
    roll(game, "robber_attack")
    for seat in range(3):
        game.act("discard", seat=seat, hand_size=4)
    assert game.state["phase"] == "robber"


def test_the_alchemist_has_no_number_dice_to_set():
    """C&K Alchemist: it sets the two number dice. With the deck the card's number
    produces and there are no number dice: it can't be played (it stays in the hand)."""
    game = deck_game(3)
    holding(game, 0, "alchemist")
    assert game.refuse("play_progress", actor={"seat": 0}, card="alchemist", dice=[3, 4]).code == "alchemist_no_dice"
    assert "alchemist" in game.players[0]["progress"]


def test_the_aqueduct_then_the_cards_event():
    """C&K aqueduct: a number (not 7) that gives its owner nothing gives a resource of
    their choice; with the deck the card's number is that number, and the card's event
    comes after production."""
    game = board_deck_game(3)
    layout = game.state["board"]["layout"]
    producing = {layout["hexes"][h]["number"] for c, s in
                 list(game.state["board"]["pieces"]["settlements"].items()) + list(game.state["board"]["pieces"]["cities"].items())
                 if s == 1 for h in boards.geometry(layout).corner_hexes[c] if layout["hexes"][h].get("number")}
    assert 2 not in producing
    game.players[1]["improvements"]["science"] = ck.ABILITY_LEVEL
    roll(game, "plentiful_year", face="ship")  # a 2
    assert game.state["phase"] == "aqueduct" and game.state["pending"] == [{"seat": 1, "kind": "aqueduct"}]
    game.act("aqueduct", actor={"seat": 1}, resource="ore")
    assert game.state["phase"] == "event"
    assert sorted(p["seat"] for p in game.state["pending"]) == [0, 1, 2]
    assert log_kinds(game).index("aqueduct_taken") < log_kinds(game).index("event_effect")
    conserved(game.state)


# ---------------------------------------------------------------- each event's C&K paragraph


def test_epidemic_cities_give_one_resource_and_no_commodity():
    """Epidemic, C&K: every city gives only 1 resource card, and nobody gets a commodity."""
    game = board_deck_game(3)
    corner, hex_ = city_by(game, ("mountains", "forest", "pasture"), (6, 8))
    put_city(game, 0, corner)
    number = game.state["board"]["layout"]["hexes"][hex_]["number"]
    terrain = game.state["board"]["layout"]["hexes"][hex_]["terrain"]
    before = dict(game.players[0]["hand"])
    roll(game, ("epidemic", number))
    got = {k: game.players[0]["hand"][k] - before[k] for k in before if game.players[0]["hand"][k] != before[k]}
    assert got[boards.TERRAIN_RESOURCE[terrain]] >= 1
    assert not any(got.get(c) for c in ck.COMMODITIES)
    assert game.state["events"]["effect"]["ck"] is True
    for seat, cards in game.state["production"]["seats"].items():
        assert not set(cards) & set(ck.COMMODITIES)
    conserved(game.state)


def test_good_neighbours_may_pass_a_commodity():
    """Good Neighbours, C&K: the card passed to the left may be a commodity."""
    game = board_deck_game(3)
    for seat in range(3):
        game.players[seat]["hand"] = {k: 0 for k in game.players[seat]["hand"]}
    game.state["bank"] = {**hands.full_bank(), **{c: ck.COMMODITY_CARDS for c in ck.COMMODITIES}}
    give(game, 0, coin=1)
    give(game, 1, paper=1)
    give(game, 2, brick=1)
    roll(game, "good_neighbors")  # a 6: production first, then the cards pass
    produced = [dict(p["hand"]) for p in game.players]
    assert "coin" in view(game.state, 0)["me"]["event_choice"]["held"]
    game.act("event_give", actor={"seat": 0}, resource="coin")
    assert game.refuse("event_give", actor={"seat": 1}, resource="cloth").code == "card_not_held"
    game.act("event_give", actor={"seat": 1}, resource="paper")
    game.act("event_give", actor={"seat": 2}, resource="brick")
    change = [{k: n - produced[s][k] for k, n in p["hand"].items() if n != produced[s][k]}
              for s, p in enumerate(game.players)]
    assert change == [{"coin": -1, "brick": 1}, {"paper": -1, "coin": 1}, {"brick": -1, "paper": 1}]
    conserved(game.state)


def test_tournament_the_strongest_active_knights_take_a_resource():
    """Tournament, C&K: the player(s) whose active knights are strongest in total take a
    resource of their choice, never a commodity. Resting knights don't count."""
    game = deck_game(4)
    knights(game, 0, 2)
    knights(game, 1, 3, active=False)
    knights(game, 2, 1, 1)
    knights(game, 3, 1)
    roll(game, "tournament")
    effect = game.state["events"]["effect"]
    assert effect["gains"] == [0, 2] and effect["measure"] == "strength" and effect["basis"] == {"0": 2, "2": 2}
    nobody = deck_game(3)
    knights(nobody, 1, 3, active=False)
    roll(nobody, "tournament")
    assert nobody.state["events"]["effect"] == {"gains": [], "nobody": "no_strength", "ck": True}


def test_tournament_with_hands_refuses_a_commodity():
    game = board_deck_game(3)
    knights(game, 1, 1)
    roll(game, "tournament")
    assert game.state["pending"] == [{"seat": 1, "kind": "event_gain"}]
    assert game.refuse("event_gain", actor={"seat": 1}, resource="coin").code == "bad_resource"
    game.act("event_gain", actor={"seat": 1}, resource="wool")
    assert game.state["phase"] == "main"
    conserved(game.state)


def test_trade_advantage_never_takes_a_progress_card():
    """Trade Advantage, C&K: the Longest Road holder draws a card from a player of their
    choice, never a progress card (a commodity may come)."""
    game = board_deck_game(3)
    game.state["longest_road"] = 0
    for kind, n in game.players[2]["hand"].items():  # seat 2 holds one coin, nothing else
        game.state["bank"][kind] += n
        game.players[2]["hand"][kind] = 0
    give(game, 2, coin=1)
    game.players[2]["progress"] = ["spy", "bishop"]
    game.state["ck"]["decks"]["politics"]["pile"]["spy"] -= 1
    game.state["ck"]["decks"]["politics"]["pile"]["bishop"] -= 1
    roll(game, "trade_advantage")
    assert game.state["events"]["effect"] == {"taker": 0, "measure": "longest_road", "ck": True}
    game.act("event_take", actor={"seat": 0}, victim=2)
    assert game.players[2]["progress"] == ["spy", "bishop"]
    assert game.players[0]["hand"]["coin"] == 1 and game.players[2]["hand"]["coin"] == 0
    conserved(game.state)


def test_calm_sea_and_plentiful_year_take_a_resource_not_a_commodity():
    """Calm Sea and Plentiful Year, C&K: the card taken is a resource, never a commodity."""
    game = board_deck_game(3)
    roll(game, "plentiful_year")
    assert game.state["events"]["effect"] == {"gains": [0, 1, 2], "ck": True}
    for seat in range(3):
        assert view(game.state, seat)["me"]["event_choice"]["bank"] == list(hands.RESOURCES)
        assert game.refuse("event_gain", actor={"seat": seat}, resource="cloth").code == "bad_resource"
        game.act("event_gain", actor={"seat": seat}, resource="grain")
    conserved(game.state)
    sea = deck_game(3)
    roll(sea, ("calm_sea", 12))
    assert sea.state["events"]["effect"] == {"gains": None, "nobody": "no_board", "ck": True}


def test_neighbourly_assistance_counts_cities_and_knights_points_and_may_give_a_commodity():
    """Neighbourly Assistance, C&K: the leaders in (C&K) victory points each give a card of
    their choice, which may be a commodity, to a player of their choice with fewer."""
    game = board_deck_game(3)
    game.players[2]["defenders"] = 1  # a Defender of Catan point: the only leader
    give(game, 2, cloth=1)
    roll(game, "neighborly_assistance")
    effect = game.state["events"]["effect"]
    assert effect["helpers"] == [2] and effect["to_any_of"] == [0, 1] and effect["basis"] == {"2": 4}
    assert "cloth" in view(game.state, 2)["me"]["event_choice"]["held"]
    game.act("event_help", actor={"seat": 2}, resource="cloth", to=1)
    assert game.players[1]["hand"]["cloth"] == 1 and game.state["phase"] == "main"
    conserved(game.state)


def test_conflict_the_strongest_active_knights_may_steal():
    """Conflict, C&K: the one player with the strongest active knights may take a card from
    an opponent (never a progress card); a tie gives nobody; no Largest Army in C&K."""
    game = deck_game(3)
    knights(game, 1, 2, 1)
    knights(game, 2, 2)
    roll(game, "conflict")
    assert game.state["events"]["effect"] == {"taker": 1, "basis": {"1": 3}, "measure": "strength", "ck": True}
    assert game.state["pending"] == [{"seat": 1, "kind": "event_take"}]
    game.act("event_take", victim=None, seat=1)  # "may": paper mode, the table says none was taken
    assert game.state["phase"] == "main"
    tied = deck_game(3)
    knights(tied, 0, 2)
    knights(tied, 2, 1, 1)
    roll(tied, "conflict")
    assert tied.state["events"]["effect"]["nobody"] == "strength_tied" and tied.state["phase"] == "main"


def test_earthquake_as_in_the_base_game():
    """Earthquake (no C&K paragraph): every player turns a road on its side and builds no
    new road until it is repaired (1 lumber + 1 brick)."""
    game = board_deck_game(3)
    roll(game, "earthquake")
    assert "ck" not in game.state["events"]["effect"]
    assert sorted(p["seat"] for p in game.state["pending"]) == [0, 1, 2]
    for seat in range(3):
        edge = next(e for e, s in game.state["board"]["pieces"]["roads"].items() if s == seat)
        game.act("damage_road", actor={"seat": seat}, edge=edge)
    assert game.state["phase"] == "main"
    give(game, 0, lumber=2, brick=2)
    target = next(iter(view(game.state, 0)["board"]["targets"].get("road", [])), None)
    assert target is None  # no new road before the repair
    game.act("repair_road", actor={"seat": 0})
    assert view(game.state, 0)["board"]["targets"].get("road")
    conserved(game.state)


def test_robber_flees_back_to_the_desert_before_production():
    """Robber Flees (as in the base game): after the first attack the robber may stand on
    a hex; the card sends it back to the desert before its number produces."""
    game = board_deck_game(3)
    layout = game.state["board"]["layout"]
    corner, hex_ = city_by(game, ("hills", "fields", "mountains", "forest", "pasture"), (4,))
    put_city(game, 0, corner)
    desert = game.state["board"]["robber"]
    game.state["ck"]["attacks"] = 1
    game.state["board"]["robber"] = hex_
    roll(game, "robber_flees")
    assert game.state["board"]["robber"] == desert
    assert boards.TERRAIN_RESOURCE[layout["hexes"][hex_]["terrain"]] in game.state["production"]["seats"]["0"]
    conserved(game.state)


# ---------------------------------------------------------------- paper mode, replay, undo


def test_paper_mode_the_table_answers_and_the_records_replay():
    """Paper cards: the table enters who was robbed; the whole game replays from records."""
    game = deck_game(3)
    roll(game, "robber_attack", ("no_event", 9), red=4, face="ship")
    for seat in range(3):
        game.act("discard", seat=seat, hand_size=9)
    assert game.state["phase"] == "main" and game.players[0]["discarded"] == 4
    game.act("end_turn")
    game.act("roll", red=5, event="yellow")
    assert game.state["last_roll"]["total"] == 9
    state, _history = fold(game.config, game.records)
    assert state == game.state


def test_undo_a_roll_puts_the_card_back_on_top():
    """An undone roll leaves its card on top: the next roll reveals the same card."""
    from companion.engine import Chance, advance, seeded_secret

    config = deck_game(3).config
    game = deck_game(3)
    roll(game, ("no_event", 6), ("no_event", 10))
    game.act("end_turn")
    game.act("roll", red=3, event="yellow")
    assert game.state["last_roll"]["total"] == 10
    records = game.records
    state, history = fold(config, records)
    before_roll, _ = fold(config, records[:-1])
    undo = {"seq": len(records) + 1, "kind": "undo", "target": records[-1]["seq"]}
    undone = advance(state, history, undo, lambda seq: fold(config, records[:seq - 1])[0])
    assert same_play(undone, before_roll)  # but for what the undo keeps and says (docs/undo.md)
    redo = {"kind": "action", "seq": len(records) + 2,
            "action": {"type": "roll", "actor": T, "args": {"red": 2, "event": "blue"}}}
    again = advance(undone, history, redo, None, Chance(seeded_secret(1)))
    assert again["last_roll"]["total"] == 10 and again["last_roll"]["red"] == 2


@pytest.mark.parametrize("event", ["epidemic", "good_neighbors", "tournament", "trade_advantage", "calm_sea",
                                   "neighborly_assistance", "conflict", "plentiful_year"])
def test_the_cities_and_knights_paragraphs_mark_the_plan(event):
    """The eight events with a C&K paragraph are marked for the screens; the others not."""
    game = deck_game(3)
    knights(game, 0, 1)
    game.state["longest_road"] = 0
    roll(game, event)
    assert game.state["events"]["effect"].get("ck") is True
    assert set(events.CK_VERSIONS) | {"earthquake", "robber_flees", "robber_attack", "no_event"} == set(events.EVENTS)
