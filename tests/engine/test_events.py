"""Events of Catan: the event deck as a dice source, and every event's effect (paper mode).

Source: /work/shared/rulebooks/traders-and-barbarians-pl.txt, section "Wydarzenia Catanu"
(quoted as "T&B"), digested in /work/shared/RULES-FACTS.md. Engine code under test:
companion/layers/options/events/rules.py (and the hooks it uses in base.py: resolve_total, road_blocked).

Board games use the first-game picture (board_setup.beginner_board, "beginner" mode: the
pieces stand on it already and turn 1 starts at once; 5th-edition positions, see
board_setup.BEGINNER_PIECES). Its 6s are the hills at 0,-1, next to settlements of seat 0
(red) and seat 2 (white), and the fields at -1,2, next to one of seat 3 (orange).
"""
import copy
import json
import math
from collections import Counter

import pytest

from companion.engine import (
    TABLE,
    Chance,
    IllegalAction,
    allowed_actions,
    apply,
    fold,
    new_game,
    seeded_secret,
    view,
)
from companion.engine.game import ruleset
from tests.engine.test_properties import same_play
from companion.layers.cores.base import rules as base
from companion.layers.options.events import rules as events
from companion.machinery import board as boards

TABLE_ACTOR = {"role": "table"}
CHANCE = Chance(seeded_secret(11))
COLOURS = ("red", "blue", "white", "orange")


def seat(i: int) -> dict:
    return {"seat": i}


def do(state: dict, kind: str, actor: dict = TABLE_ACTOR, chance=None, recorded=None, **args) -> dict:
    new_state, _ = apply(state, {"type": kind, "actor": actor, "args": args}, chance, recorded)
    return new_state


def refused(state: dict, kind: str, actor: dict = TABLE_ACTOR, **args) -> IllegalAction:
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as info:
        apply(state, {"type": kind, "actor": actor, "args": args}, CHANCE)
    assert state == before
    return info.value


def started(n: int = 3, dice_source: str = "events") -> dict:
    """A paper game (no board) after setup: seat 0 to reveal, 2 settlements and 2 roads each."""
    state = new_game({"players": [{"name": f"P{i}", "color": base.COLORS[i]} for i in range(n)],
                      "dice_source": dice_source})
    for _ in range(2 * n):
        state = do(state, "place_setup")
    assert state["phase"] == "roll"
    return state


def on_board() -> dict:
    """The beginner board, 4 players, seat 0 to reveal."""
    return new_game({"players": [{"name": c.title(), "color": c} for c in COLOURS], "board": "beginner", "play_mode": "paper",
                     "board_layout": boards.beginner_board(), "dice_source": "events"})


def card_id(event: str, number: int | None = None, among=None) -> int:
    ids = range(events.DECK_SIZE) if among is None else among
    return next(i for i in ids if events.CARDS[i]["event"] == event and number in (None, events.CARDS[i]["number"]))


def reveal(state: dict, event: str, number: int | None = None, actor: dict = TABLE_ACTOR) -> dict:
    """Reveal a card of `event` (and `number`): it is put on top of the deck first."""
    deck = state.get("events")
    if deck is None or not deck["deck"]:
        chosen = card_id(event, number)
        order = [chosen] + [i for i in range(events.DECK_SIZE) if i != chosen]
        return do(state, "reveal_event", actor, recorded={"deck": order})
    state = copy.deepcopy(state)
    chosen = card_id(event, number, among=state["events"]["deck"])
    state["events"]["deck"].remove(chosen)
    state["events"]["deck"].insert(0, chosen)
    return do(state, "reveal_event", actor)


def to_next_turn(state: dict) -> dict:
    """Finish the current turn whatever the card asked (discards of 0, robber anywhere)."""
    while state["phase"] != "roll":
        phase = state["phase"]
        if phase == "discard":
            state = do(state, "discard", seat=state["pending"][0]["seat"], hand_size=0)
        elif phase == "robber":
            state = do(state, "move_robber")
        elif phase == "event":
            p = state["pending"][0]
            state = do(state, "event_take", seat=p["seat"]) if p["kind"] == events.TAKE else state
            assert p["kind"] == events.TAKE
        elif phase == "main":
            state = do(state, "end_turn")
        else:
            raise AssertionError(phase)
    return state


def last_log(state: dict, kind: str) -> dict:
    return next(e for e in reversed(state["log"]) if e["kind"] == kind)


# ---------------------------------------------------------------- the deck (T&B, "Wydarzenia Catanu")


def test_the_36_numbers_are_the_2d6_distribution():
    numbers = Counter(card["number"] for card in events.CARDS)
    assert len(events.CARDS) == 36
    # 36 cards, one for each of the 36 equally likely throws of two dice.
    two_dice = Counter(a + b for a in range(1, 7) for b in range(1, 7))
    assert numbers == two_dice
    assert numbers == {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}


def test_the_events_are_the_rulebooks():
    cards = Counter((card["event"], card["number"]) for card in events.CARDS)
    assert cards == {
        ("robber_attack", 7): 6,                                   # Atak złodzieja: 6 × 7
        ("epidemic", 6): 1, ("epidemic", 8): 1,                    # Pomór: 6 and 8
        ("earthquake", 6): 1,                                      # Trzęsienie ziemi: 6
        ("good_neighbors", 6): 1,                                  # Dobre sąsiedztwo: 6
        ("tournament", 5): 1,                                      # Turniej rycerski: 5
        ("trade_advantage", 5): 1,                                 # Traktat handlowy: 5
        ("calm_sea", 9): 1, ("calm_sea", 12): 1,                   # Spokojne morze: 9 and 12
        ("robber_flees", 4): 2,                                    # Ucieczka złodzieja: 2 × 4
        ("neighborly_assistance", 10): 1, ("neighborly_assistance", 11): 1,  # Sąsiedzka pomoc
        ("conflict", 3): 1,                                        # Konflikt: 3
        ("plentiful_year", 2): 1,                                  # Urodzajny rok: 2
        # Without an event: 1 × 3, 1 × 4, 2 × 5, 2 × 6, 4 × 8, 3 × 9, 2 × 10, 1 × 11.
        ("no_event", 3): 1, ("no_event", 4): 1, ("no_event", 5): 2, ("no_event", 6): 2, ("no_event", 8): 4,
        ("no_event", 9): 3, ("no_event", 10): 2, ("no_event", 11): 1,
    }
    assert sum(1 for c in events.CARDS if c["event"] == "no_event") == 16
    assert len(set(events.EVENTS) - {"no_event"}) == 11  # "11 different events"


def test_a_year_is_31_cards_then_new_year_rebuilds_the_deck():
    state = started()
    revealed = []
    for turn in range(3 * 31 + 2):
        state = do(state, "reveal_event", chance=CHANCE)
        deck = state["events"]
        revealed.append(deck["revealed"][-1])
        year = turn // 31 + 1
        assert deck["year"] == year
        assert len(deck["revealed"]) == turn % 31 + 1
        assert len(deck["deck"]) + len(deck["revealed"]) == 31 and len(deck["under"]) == 5
        # Every card of the 36 exactly once: above New Year, under it, or face up.
        assert sorted(deck["deck"] + deck["under"] + deck["revealed"]) == list(range(36))
        if turn % 31 == 0 and turn:
            assert [e["kind"] for e in state["log"][-6:]].count("new_year") == 1
        state = to_next_turn(state)
    years = [revealed[i:i + 31] for i in range(0, 93, 31)]
    assert all(len(set(y)) == 31 for y in years)  # no card twice in a year
    assert len({tuple(y) for y in years}) == 3     # each year shuffled anew


def test_new_year_reveals_a_new_card_in_the_same_turn():
    state = started()
    for _ in range(31):
        state = to_next_turn(do(state, "reveal_event", chance=CHANCE))
    state = do(state, "reveal_event", chance=CHANCE)
    kinds = [e["kind"] for e in state["log"][-4:]]
    assert kinds.index("new_year") < kinds.index("event_revealed")
    assert state["events"]["year"] == 2 and len(state["events"]["revealed"]) == 1
    assert state["turn"]["rolled"]


def test_each_card_sits_out_a_year_equally_often():
    """Over 20,000 simulated years each of the 36 cards is among the 5 under New Year
    with frequency 5/36. The deck is shuffled exactly as the engine does (events.shuffled_ids,
    counters advancing by 35 per year); fixed seed; chi-square test with 35 degrees of freedom
    against its 0.1% critical value (66.6): a fair shuffle fails this one time in a thousand
    seeds, a biased one (say, one card 10% more often) nearly always."""
    chance = Chance(seeded_secret(2024))
    years = 20_000
    out = Counter()
    first = Counter()
    for year in range(years):
        order = events.shuffled_ids(chance, year * 35)
        assert sorted(order) == list(range(36))
        out.update(order[events.YEAR:])
        first[order[0]] += 1
    expected = years * 5 / 36
    chi2 = sum((out[c] - expected) ** 2 / expected for c in range(36))
    assert chi2 < 66.6, chi2
    assert all(abs(out[c] - expected) < 6 * math.sqrt(expected) for c in range(36))
    # The top card too: uniform over the 36.
    expected_first = years / 36
    assert sum((first[c] - expected_first) ** 2 / expected_first for c in range(36)) < 66.6


def test_the_engine_deals_the_recorded_shuffle():
    state = started()
    state, outcome = apply(state, {"type": "reveal_event", "actor": TABLE_ACTOR}, CHANCE)
    order = outcome["deck"]
    assert order == events.shuffled_ids(CHANCE, 0)
    assert state["events"]["revealed"] == [order[0]]
    assert state["events"]["deck"] == order[1:31] and state["events"]["under"] == order[31:]
    assert state["counters"]["events"] == 35
    # Only a new year draws: the next reveals have no outcome at all.
    state = to_next_turn(state)
    _, outcome = apply(state, {"type": "reveal_event", "actor": TABLE_ACTOR}, CHANCE)
    assert outcome == {}


def test_a_bad_recorded_shuffle_is_refused():
    state = started()
    for order in ([0] * 36, list(range(35)), list(range(1, 37)), [True] + list(range(1, 36))):
        with pytest.raises(IllegalAction) as info:
            apply(state, {"type": "reveal_event", "actor": TABLE_ACTOR}, recorded={"deck": order})
        assert info.value.code == "bad_outcome"


# ---------------------------------------------------------------- as a dice source


def test_the_number_does_what_a_roll_does():
    state = reveal(started(), "no_event", 8)
    assert state["last_roll"] == {"dice": None, "total": 8, "seat": 0, "source": "events", "turn": 1,
                                  "event": "no_event"}
    assert state["roll_counts"][8] == 1 and state["turn"]["rolled"] and state["phase"] == "main"
    assert last_log(state, "event_revealed")["params"] == {"number": 8, "event": "no_event", "year": 1, "nth": 1}


def test_who_may_reveal():
    state = started()
    assert "reveal_event" in allowed_actions(state, seat(0))
    assert "reveal_event" in allowed_actions(state, TABLE_ACTOR)
    assert "reveal_event" not in allowed_actions(state, seat(1))
    assert refused(state, "reveal_event", seat(1)).code == "not_your_turn"
    assert "reveal_event" not in allowed_actions(state, {"role": "device"})
    state = reveal(state, "no_event", 5, actor=seat(0))
    assert refused(state, "reveal_event").code == "wrong_phase"  # once per turn


def test_only_with_the_events_deck_as_dice_source():
    dice = started(dice_source="typed")
    assert refused(dice, "reveal_event").code == "wrong_phase"
    switched = do(dice, "set_dice_source", source="events")
    assert switched["config"]["dice_source"] == "events"
    switched = do(switched, "reveal_event", chance=CHANCE)
    assert switched["events"]["year"] == 1
    # And back to dice mid-game: the deck keeps its place for a later switch.
    back = do(to_next_turn(switched), "set_dice_source", source="virtual")
    assert "reveal_event" not in allowed_actions(back, TABLE_ACTOR)
    again = do(do(to_next_turn(do(back, "roll", chance=CHANCE)), "set_dice_source", source="events"),
               "reveal_event", chance=CHANCE)
    assert again["events"]["revealed"][:1] == switched["events"]["revealed"]
    assert len(again["events"]["revealed"]) == 2


def test_undo_puts_the_card_back_on_top():
    config = {"players": [{"name": f"P{i}", "color": base.COLORS[i]} for i in range(3)], "dice_source": "events"}
    records = [{"seq": i + 1, "kind": "action", "action": {"type": "place_setup", "actor": TABLE_ACTOR}}
               for i in range(6)]
    records.append({"seq": 7, "kind": "action", "action": {"type": "reveal_event", "actor": seat(0)}})
    live, _ = fold(config, records, CHANCE)
    first = live["events"]["revealed"][0]
    before, _ = fold(config, records[:6])
    undone, history = fold(config, records + [{"seq": 8, "kind": "undo", "target": 7}], Chance(seeded_secret(99)))
    # No deck, no counter moved: the card is back on top (the undo only keeps the card for
    # this turn and says publicly that it had been shown: docs/undo.md).
    assert same_play(undone, before)
    assert undone["log"][-1]["kind"] == "undone_revealing"
    assert undone["kept"]["pins"][str(undone["turn"]["number"])]["action"] == "reveal_event"
    assert history["undone"] == [7]
    # Revealing again (even with another secret at hand) shows the same card.
    again, _ = fold(config, records + [{"seq": 8, "kind": "undo", "target": 7},
                                      {"seq": 9, "kind": "action", "action": {"type": "reveal_event",
                                                                              "actor": seat(0)}}], CHANCE)
    assert again["events"]["revealed"] == [first]


def test_undo_mid_year_puts_the_card_back_on_top():
    state = to_next_turn(do(started(), "reveal_event", chance=CHANCE))
    top = state["events"]["deck"][0]
    after = do(state, "reveal_event", chance=Chance(seeded_secret(5)))  # no draw mid-year
    assert after["events"]["revealed"][-1] == top
    assert top not in after["events"]["deck"]


def test_replay_reveals_the_same_cards():
    config = {"players": [{"name": f"P{i}", "color": base.COLORS[i]} for i in range(3)], "dice_source": "events"}
    state = new_game(config)
    records = []

    def act(action):
        nonlocal state
        state, outcome = apply(state, action, CHANCE)
        records.append({"seq": len(records) + 1, "kind": "action", "action": action, "outcome": outcome})

    for _ in range(6):
        act({"type": "place_setup", "actor": TABLE_ACTOR})
    for _ in range(40):  # over a New Year
        act({"type": "reveal_event", "actor": TABLE_ACTOR})
        while state["phase"] != "main":
            if state["phase"] == "discard":
                act({"type": "discard", "actor": TABLE_ACTOR, "args": {"seat": state["pending"][0]["seat"],
                                                                      "hand_size": 3}})
            elif state["phase"] == "robber":
                act({"type": "move_robber", "actor": TABLE_ACTOR, "args": {}})
            else:
                act({"type": "event_take", "actor": TABLE_ACTOR, "args": {"seat": state["pending"][0]["seat"]}})
        act({"type": "end_turn", "actor": TABLE_ACTOR})
    replayed, _ = fold(config, records)  # no chance at all: the outcomes are in the records
    assert replayed == state
    revealed = [e["params"]["number"] for e in replayed["log"] if e["kind"] == "event_revealed"]
    assert revealed == [e["params"]["number"] for e in state["log"] if e["kind"] == "event_revealed"]
    assert state["events"]["year"] == 2


# ---------------------------------------------------------------- privacy


def test_views_never_show_the_order_of_the_deck():
    state = to_next_turn(do(started(), "reveal_event", chance=CHANCE))
    shuffled = copy.deepcopy(state)
    deck = shuffled["events"]
    rest = deck["deck"] + deck["under"]
    rest.reverse()
    deck["deck"], deck["under"] = rest[:len(deck["deck"])], rest[len(deck["deck"]):]
    for viewer in (TABLE, 0, 1, 2):
        shown = view(state, viewer)
        assert view(shuffled, viewer) == shown  # the order changes nothing anyone sees
        assert shown["events"]["revealed"] == 1 and shown["events"]["left"] == 30
        assert shown["events"]["year_length"] == 31
        assert set(shown["events"]) == {"year", "revealed", "year_length", "left", "card", "effect", "pile",
                                        "damaged"}
        json.dumps(shown)


def test_the_table_sees_the_card_and_the_year():
    state = started()
    assert view(state, TABLE)["events"] == {"year": 0, "revealed": 0, "year_length": 31, "left": 31, "card": None,
                                            "effect": None, "pile": [], "damaged": []}
    assert view(started(dice_source="typed"), TABLE)["events"] is None
    state = reveal(state, "plentiful_year")
    shown = view(state, TABLE)["events"]
    assert shown["card"] == {"event": "plentiful_year", "number": 2}
    assert shown["effect"] == {"gains": [0, 1, 2]}
    assert shown["pile"] == [2] and shown["revealed"] == 1


# ---------------------------------------------------------------- the events (T&B, "Dodatkowe zasady")


def test_robber_attack_is_a_seven():
    """Atak złodzieja: discard half above 7, move the robber, rob a neighbour of it."""
    state = reveal(started(), "robber_attack")
    assert state["last_roll"]["total"] == 7 and state["roll_counts"][7] == 1
    assert state["phase"] == "discard"
    assert sorted(p["seat"] for p in state["pending"]) == [0, 1, 2]
    for s in range(3):
        state = do(state, "discard", seat=s, hand_size=9)
    assert state["phase"] == "robber"
    state = do(state, "move_robber", victim=1)
    assert state["phase"] == "main"


def test_epidemic_cities_produce_one():
    """Pomór: every city produces only 1 resource."""
    state = on_board()
    city = "0,-2|0,-1|1,-2"  # red's settlement at the hills 6 becomes a city
    state["board"]["pieces"]["cities"][city] = state["board"]["pieces"]["settlements"].pop(city)
    state["players"][0]["settlements"] -= 1
    state["players"][0]["cities"] += 1
    normal = reveal(state, "no_event", 6)
    assert normal["production"]["seats"] == {"0": {"brick": 2}, "2": {"brick": 1}, "3": {"grain": 1}}
    sick = reveal(state, "epidemic", 6)
    assert sick["production"]["seats"]["0"] == {"brick": 1}
    # Settlements (white's at the same hills, orange's at the fields) produce as ever.
    assert sick["production"]["seats"] == {"0": {"brick": 1}, "2": {"brick": 1}, "3": {"grain": 1}}
    assert last_log(sick, "event_effect")["params"] == {"event": "epidemic", "city_yield": 1}
    assert sick["phase"] == "main"


def test_epidemic_without_a_board_says_so():
    state = reveal(started(), "epidemic", 8)
    assert state["events"]["effect"] == {"city_yield": 1}
    assert state["roll_counts"][8] == 1 and state["phase"] == "main"


def test_earthquake_on_paper():
    """Trzęsienie ziemi: everyone turns a road on its side; repair (1 lumber + 1 brick) before
    building new roads."""
    state = reveal(started(), "earthquake")
    assert state["phase"] == "main" and state["roll_counts"][6] == 1
    assert state["events"]["damaged"] == [{"seat": s, "edge": None} for s in range(3)]
    assert refused(state, "build_road").code == "repair_road_first"
    state = do(state, "build_settlement")  # other builds go on
    # A Road Building card can't lay roads either.
    state["players"][0]["dev_hand"].append({"card": "road_building", "turn": 0})
    assert refused(state, "play_dev", seat(0), card="road_building").code == "repair_road_first"
    assert "repair_road" in allowed_actions(state, seat(0))
    assert "repair_road" not in allowed_actions(state, seat(1))  # not their turn
    state = do(state, "repair_road", seat(0))
    assert last_log(state, "road_repaired")["seat"] == 0
    assert "repair_road" not in allowed_actions(state, seat(0))
    assert refused(state, "repair_road").code == "wrong_phase"
    state = do(state, "build_road")
    assert state["players"][0]["roads"] == 3
    # The others still have theirs damaged in their turns.
    state = do(state, "end_turn")
    state = do(state, "roll", dice=[2, 3])
    assert refused(state, "build_road").code == "repair_road_first"


def test_earthquake_on_the_board_each_player_taps_a_road():
    state = on_board()
    state = reveal(state, "earthquake")
    assert state["phase"] == "event"
    assert sorted(p["seat"] for p in state["pending"]) == [0, 1, 2, 3]
    assert state["production"]["total"] == 6  # the 6 produced first
    red_road = "0,-1|1,-2"
    blue_road = "-2,2|-1,1"
    # Each phone sees (and may tap) only its own roads; the table sees every pending one.
    assert view(state, 1)["board"]["targets"] == {"road": sorted(e for e, s in
                                                               state["board"]["pieces"]["roads"].items() if s == 1)}
    assert view(state, 1)["board"]["actions"] == {"road": "damage_road"}
    assert len(view(state, TABLE)["board"]["targets"]["road"]) == 8
    assert refused(state, "damage_road", seat(1), edge=red_road).code == "not_your_road"
    assert refused(state, "damage_road", seat(1), edge="nowhere").code == "not_your_road"
    state = do(state, "damage_road", seat(1), edge=blue_road)
    assert refused(state, "damage_road", seat(1), edge="0,1|1,1").code == "not_your_turn"  # blue is done
    assert refused(state, "damage_road", edge=blue_road).code == "nothing_pending"
    state = do(state, "damage_road", edge=red_road)  # the table taps for red
    assert state["phase"] == "event"
    for edge, owner in sorted(state["board"]["pieces"]["roads"].items()):
        if owner in (2, 3) and any(p["seat"] == owner for p in state["pending"]):
            state = do(state, "damage_road", seat(owner), edge=edge)
    assert state["phase"] == "main" and state["pending"] == []
    assert {d["edge"] for d in state["events"]["damaged"]} >= {red_road, blue_road}
    assert len(state["events"]["damaged"]) == 4
    # Red builds no road (none offered on the board) until the damaged one is repaired.
    assert "road" not in view(state, 0)["board"]["targets"]
    assert refused(state, "build_road", seat(0), edge="-2,0|-1,0").code == "repair_road_first"
    state = do(state, "repair_road", seat(0), edge=red_road)
    assert "road" in view(state, 0)["board"]["targets"]
    state = do(state, "build_road", seat(0), edge=view(state, 0)["board"]["targets"]["road"][0])


def test_a_damaged_road_still_counts_for_longest_road():
    state = on_board()
    state = reveal(state, "no_event", 8)
    # Red lays a trail of 5 (each time the road that makes its longest trail longest).
    layout = state["board"]["layout"]
    for _ in range(4):
        edge = max(view(state, 0)["board"]["targets"]["road"],
                   key=lambda e: boards.longest_road(layout, boards.with_road(state["board"]["pieces"], e, 0), 0))
        state = do(state, "build_road", seat(0), edge=edge)
    assert state["longest_road"] == 0
    length = state["board"]["road_lengths"]["0"]
    assert length >= 5
    state = to_next_turn(state)
    state = reveal(state, "earthquake")
    for p in list(state["pending"]):
        mine = sorted(e for e, s in state["board"]["pieces"]["roads"].items() if s == p["seat"])
        state = do(state, "damage_road", seat(p["seat"]), edge=mine[0])
    assert state["longest_road"] == 0
    assert boards.longest_road(state["board"]["layout"], state["board"]["pieces"], 0) == length


def test_good_neighbours_everyone_gives_to_the_left():
    """Dobre sąsiedztwo: each player gives 1 resource card to the neighbour on their left
    (the next player clockwise)."""
    state = reveal(started(4), "good_neighbors")
    assert state["events"]["effect"] == {"gives": [[0, 1], [1, 2], [2, 3], [3, 0]]}
    assert state["phase"] == "main"
    assert last_log(state, "event_effect")["params"]["gives"] == [[0, 1], [1, 2], [2, 3], [3, 0]]


def _knights(state: dict, counts: dict) -> dict:
    state = copy.deepcopy(state)
    for s, k in counts.items():
        state["players"][s]["knights_played"] = k
        state["players"][s]["dev_played"] = ["knight"] * k
    return state


def test_tournament_most_knights_take_a_resource():
    """Turniej rycerski: the player(s) with the most played knights take 1 resource."""
    state = started(4)
    assert reveal(state, "tournament")["events"]["effect"] == {"gains": [], "nobody": "no_knights"}
    one = reveal(_knights(state, {2: 1}), "tournament")["events"]["effect"]
    assert one == {"gains": [2], "basis": {"2": 1}, "measure": "knights"}
    tie = reveal(_knights(state, {1: 2, 3: 2, 0: 1}), "tournament")["events"]["effect"]
    assert tie["gains"] == [1, 3]
    assert reveal(state, "tournament")["roll_counts"][5] == 1


def test_trade_advantage_the_longest_road_draws_a_card():
    """Traktat handlowy: the Longest Road holder may draw 1 card from any player's hand."""
    state = started(3)
    nobody = reveal(state, "trade_advantage")
    assert nobody["events"]["effect"] == {"taker": None, "nobody": "no_longest_road"}
    assert nobody["phase"] == "main"
    state["longest_road"] = 1
    state = reveal(state, "trade_advantage")
    assert state["phase"] == "event" and state["pending"] == [{"seat": 1, "kind": "event_take"}]
    assert "end_turn" not in allowed_actions(state, seat(0))
    assert "event_take" in allowed_actions(state, seat(1))
    assert "event_take" not in allowed_actions(state, seat(2))
    assert refused(state, "event_take", seat(2), victim=0).code == "not_your_turn"
    assert refused(state, "event_take", seat(1), victim=1).code == "rob_yourself"
    assert refused(state, "event_take", victim=0).code == "bad_seat"  # the table names the taker
    took = do(state, "event_take", seat(1), victim=2)
    assert took["phase"] == "main" and took["pending"] == []
    assert last_log(took, "event_took")["params"] == {"victim": 2, "event": "trade_advantage"}
    # It is "may": taking nothing is fine.
    none = do(state, "event_take", seat="1", victim="")
    assert last_log(none, "event_took")["params"]["victim"] is None


def test_calm_sea_most_buildings_at_harbours():
    """Spokojne morze: the player(s) with the most settlements/cities at harbours take 1 resource."""
    state = on_board()
    assert reveal(state, "calm_sea", 9)["events"]["effect"] == {"gains": [], "nobody": "no_harbour_buildings"}
    g = boards.geometry(state["board"]["layout"])
    harbour_corners = [c for e in sorted(state["board"]["layout"]["harbours"]) for c in g.edge_corners[e]]
    pieces = state["board"]["pieces"]
    pieces["settlements"][harbour_corners[0]] = 2
    pieces["cities"][harbour_corners[2]] = 2
    pieces["settlements"][harbour_corners[4]] = 1
    assert events.harbour_buildings(state) == {0: 0, 1: 1, 2: 2, 3: 0}
    shown = reveal(state, "calm_sea", 12)
    assert shown["events"]["effect"] == {"gains": [2], "basis": {"2": 2}, "measure": "harbour_buildings"}
    assert shown["roll_counts"][12] == 1
    pieces["settlements"][harbour_corners[6]] = 1
    assert reveal(state, "calm_sea", 9)["events"]["effect"]["gains"] == [1, 2]
    # Without a board the table counts the harbours itself.
    assert reveal(started(), "calm_sea")["events"]["effect"] == {"gains": None, "nobody": "no_board"}


def test_robber_flees_back_to_the_desert():
    """Ucieczka złodzieja: the robber goes back to the desert at once; nobody is robbed."""
    state = on_board()
    state["board"]["robber"] = "1,-1"  # the pasture 4, where orange has a settlement
    fled = reveal(state, "robber_flees")
    assert fled["board"]["robber"] == "0,0"
    assert fled["phase"] == "main" and fled["board"]["victims"] == []
    # The robber left before production: the pasture 4 produces (and the fields 4).
    assert fled["production"]["seats"]["3"] == {"wool": 1, "grain": 1}
    assert fled["production"]["seats"] == {"1": {"grain": 1}, "3": {"wool": 1, "grain": 1}}
    # With the robber still there, a 4 gives orange no wool.
    assert reveal(state, "no_event", 4)["production"]["seats"] == {"1": {"grain": 1}, "3": {"grain": 1}}
    assert last_log(fled, "event_effect")["params"] == {"event": "robber_flees", "robber": "0,0", "from": "1,-1"}
    stays = reveal(on_board(), "robber_flees")
    assert stays["board"]["robber"] == "0,0" and stays["events"]["effect"]["from"] == "0,0"
    assert reveal(started(), "robber_flees")["events"]["effect"] == {"robber": "desert"}


def test_neighbourly_assistance_the_leaders_give():
    """Sąsiedzka pomoc: the player(s) with most VP give 1 resource to a player with fewer VP."""
    state = started(4)
    assert reveal(state, "neighborly_assistance")["events"]["effect"] == {
        "helpers": [], "to_any_of": [], "nobody": "all_tied"}
    state["players"][1]["settlements"] += 1
    state["players"][3]["settlements"] += 1
    effect = reveal(state, "neighborly_assistance", 11)["events"]["effect"]
    assert effect == {"helpers": [1, 3], "to_any_of": [0, 2], "basis": {"1": 3, "3": 3}, "measure": "vp"}
    # Hidden victory point cards don't count: the table can't see them.
    state["players"][0]["dev_hand"] += [{"card": "victory_point", "turn": 0}] * 3
    assert reveal(state, "neighborly_assistance", 10)["events"]["effect"]["helpers"] == [1, 3]


def test_conflict_largest_army_or_most_knights_draws_a_card():
    """Konflikt: the player with the most played knights or Largest Army draws 1 random card."""
    state = started(4)
    assert reveal(state, "conflict")["events"]["effect"] == {"taker": None, "nobody": "no_knights"}
    tied = reveal(_knights(state, {0: 2, 2: 2}), "conflict")
    assert tied["events"]["effect"]["nobody"] == "knights_tied" and tied["phase"] == "main"
    one = reveal(_knights(state, {0: 1, 2: 2}), "conflict")
    assert one["events"]["effect"] == {"taker": 2, "basis": {"2": 2}, "measure": "knights"}
    assert one["pending"] == [{"seat": 2, "kind": "event_take"}] and one["phase"] == "event"
    army = _knights(state, {1: 3, 2: 3})
    army["largest_army"] = 1
    effect = reveal(army, "conflict")["events"]["effect"]
    assert effect == {"taker": 1, "measure": "largest_army"}
    took = do(reveal(army, "conflict"), "event_take", seat(1), victim=3)
    assert last_log(took, "event_took")["params"] == {"victim": 3, "event": "conflict"}
    assert took["roll_counts"][3] == 1


def test_plentiful_year_everyone_takes_a_resource():
    """Urodzajny rok: every player takes 1 resource of their choice."""
    state = reveal(started(5), "plentiful_year")
    assert state["events"]["effect"] == {"gains": [0, 1, 2, 3, 4]}
    assert state["roll_counts"][2] == 1 and state["phase"] == "main"


def test_no_event_is_just_the_number():
    state = reveal(started(), "no_event", 10)
    assert state["events"]["effect"] == {}
    assert not any(e["kind"] == "event_effect" for e in state["log"])


def test_every_event_has_a_plan():
    state = on_board()
    for event in events.EVENTS:
        plan = events.PLANS[event](ruleset(state), state)
        json.dumps(plan)


# ---------------------------------------------------------------- random games (hypothesis)

from hypothesis import event as note  # noqa: E402
from hypothesis import given, strategies as st  # noqa: E402

from tests.engine import test_board_properties as board_play  # noqa: E402
from tests.engine import test_properties as paper_play  # noqa: E402


def check_deck(state: dict) -> None:
    """The deck's invariants, and that nobody's view depends on its hidden order."""
    deck = state.get("events")
    if deck is None:
        return
    if deck["year"] == 0:
        assert deck["deck"] == deck["under"] == deck["revealed"] == [] and deck["card"] is None
    else:
        # Each of the 36 cards exactly once: above New Year, under it, or face up this year.
        assert sorted(deck["deck"] + deck["under"] + deck["revealed"]) == list(range(events.DECK_SIZE))
        assert len(deck["under"]) == events.UNDER
        assert 1 <= len(deck["revealed"]) <= events.YEAR == len(deck["revealed"]) + len(deck["deck"])
        assert deck["card"] == deck["revealed"][-1]
        assert state["counters"]["events"] == 35 * deck["year"]
    edges = [d["edge"] for d in deck["damaged"] if d["edge"] is not None]
    assert len(edges) == len(set(edges))
    for s in range(len(state["players"])):
        mine = events.damaged_roads(state, s)
        assert len(mine) <= state["players"][s]["roads"]
        if state["board"] is not None:
            assert all(state["board"]["pieces"]["roads"].get(d["edge"]) == s for d in mine)
    if state["phase"] == "event":
        assert state["last_roll"]["source"] == "events"
        asks = ("earthquake", "trade_advantage", "conflict")
        if state["config"].get("play_mode") == "hands":  # the cards move: more events ask
            asks += ("plentiful_year", "good_neighbors", "tournament", "calm_sea", "neighborly_assistance")
        assert events.CARDS[deck["card"]]["event"] in asks
    # Privacy: another order of the face-down cards changes no view.
    if deck["deck"] or deck["under"]:
        other = copy.deepcopy(state)
        rest = other["events"]["deck"] + other["events"]["under"]
        rest = rest[1:] + rest[:1]
        other["events"]["deck"], other["events"]["under"] = rest[:len(deck["deck"])], rest[len(deck["deck"]):]
        for viewer in (TABLE, base.active_seat(state)):
            assert view(other, viewer) == view(state, viewer)


@st.composite
def event_configs(draw):
    n = draw(st.integers(2, 6))
    return {
        "players": [{"name": f"Player {i}", "color": base.COLORS[i]} for i in range(n)],
        "target": draw(st.sampled_from([10, 5, 8, 12])),
        "dice_source": "events",
    }


@paper_play.SETTINGS
@given(data=st.data(), config=event_configs(), seed=st.integers(0, 2**32), steps=st.integers(30, 150))
def test_random_paper_games_on_the_event_deck(data, config, seed, steps):
    """The base game's random driver (any legal action, undo, redo, dice source switches) on
    the event deck: the base invariants, the deck's, privacy, and replay by fold."""
    live = paper_play.Live(config, seeded_secret(seed))

    def check(state):
        paper_play.check_invariants(state)
        check_deck(state)

    play_steps = paper_play.play
    play_steps(data, live, steps, check=check)
    deck = live.state.get("events")
    note(f"years: {deck['year'] if deck else 0}")
    note(f"damaged roads: {bool(deck and deck['damaged'])}")
    paper_play.check_views(live.state)
    state, history = fold(config, live.records)
    assert state == live.state and history == live.history


def _board_step(data, live) -> bool:
    """One step of play on the board with the event deck, chosen from what the views offer."""
    state = live.state
    phase = state["phase"]
    if phase == "finished":
        return False
    if live.history["effective"] and data.draw(st.integers(0, 20), label="undo?") == 0:
        live.undo()
        return True
    active = base.active_seat(state)
    actor = data.draw(st.sampled_from([TABLE_ACTOR, seat(active)]), label="actor")
    if phase == "roll":
        assert live.act({"type": "reveal_event", "actor": actor, "args": {}})
        note(f"revealed {events.CARDS[live.state['events']['card']]['event']}")
        return True
    if phase == "discard":
        who = data.draw(st.sampled_from(sorted(p["seat"] for p in state["pending"])), label="discarding")
        assert live.act({"type": "discard", "actor": seat(who), "args": {"hand_size": data.draw(st.integers(0, 12))}})
        return True
    if phase == "steal":
        victim = data.draw(st.sampled_from(state["board"]["victims"]), label="victim")
        assert live.act({"type": "steal", "actor": actor, "args": {"victim": victim}})
        return True
    if phase == "event":
        pending = state["pending"][0]
        who = pending["seat"]
        viewer_actor = data.draw(st.sampled_from([TABLE_ACTOR, seat(who)]), label="event actor")
        if pending["kind"] == events.EARTHQUAKE:
            shown = live.board_view(TABLE if "role" in viewer_actor else who)
            mine = [e for e in shown["targets"]["road"] if state["board"]["pieces"]["roads"][e] == who]
            edge = data.draw(st.sampled_from(mine), label="road to damage")
            assert live.act({"type": "damage_road", "actor": viewer_actor, "args": {"edge": edge}})
            note("damaged a road")
        else:
            others = [None] + [s for s in range(len(state["players"])) if s != who]
            args = {"victim": data.draw(st.sampled_from(others), label="victim"), "seat": who}
            assert live.act({"type": "event_take", "actor": viewer_actor, "args": args})
        return True
    shown = live.board_view(TABLE if "role" in actor else active)
    choices = [("tap", kind) for kind, places in shown["targets"].items() if places for _ in range(3)]
    if phase == "robber":
        choices = [("tap", "robber")]
    if phase == "main":
        choices += [("end_turn", None)] * 2 + [("buy_dev", None)]
        if "repair_road" in allowed_actions(state, actor):
            choices += [("repair_road", None)] * 2
    if phase == "special_build":
        choices += [("done_building", None)]
    choice, kind = data.draw(st.sampled_from(choices), label="what to do")
    if choice == "tap":
        place = data.draw(st.sampled_from(shown["targets"][kind]), label=kind)
        action = {"type": shown["actions"][kind], "actor": actor, "args": {board_play.ARG[kind]: place}}
        assert live.act(action), action
    else:
        ok = live.act({"type": choice, "actor": actor, "args": {}})
        assert ok or choice == "buy_dev"
        if choice == "repair_road":
            note("repaired a road")
    return True


def _check_board(live) -> None:
    state = live.state
    check_deck(state)
    board = state["board"]
    layout, pieces = board["layout"], board["pieces"]
    n = len(state["players"])
    # Damaged roads count for Longest Road: the holder has the longest trail of all its roads.
    if state["longest_road"] is not None:
        lengths = boards.longest_road_lengths(layout, pieces, range(n))
        assert lengths[state["longest_road"]] == max(lengths.values()) >= 5
    active = base.active_seat(state) if state["phase"] != "finished" else None
    if active is not None and events.damaged_roads(state, active) and state["phase"] != "event":
        assert "road" not in live.board_view(active)["targets"]
    if state["phase"] == "event":
        earthquake = {p["seat"] for p in state["pending"] if p["kind"] == events.EARTHQUAKE}
        damaged = {d["edge"] for d in events.damaged_roads(state)}
        for s in range(n):
            targets = live.board_view(s)["targets"].get("road", [])
            assert set(targets) == ({e for e, o in pieces["roads"].items() if o == s} - damaged
                                    if s in earthquake else set())
    assert live.replica == state


@board_play.SETTINGS
@given(data=st.data(), seed=st.integers(0, 2**32), steps=st.integers(40, 160))
def test_random_board_games_on_the_event_deck(data, seed, steps):
    config = {"players": [{"name": c.title(), "color": c} for c in COLOURS], "board": "beginner", "play_mode": "paper",
              "board_layout": boards.beginner_board(), "dice_source": "events", "target": 12}
    live = board_play.Live(config, seeded_secret(seed))
    for _ in range(steps):
        if not _board_step(data, live):
            break
        _check_board(live)
    folded, history = fold(config, live.records)
    assert folded == live.state and history == live.history
