"""Events of Catan with hands on phones: every event moves the cards the engine holds.

Source: /work/shared/rulebooks/traders-and-barbarians-pl.txt, "Wydarzenia Catanu" (digest in
/work/shared/RULES-FACTS.md). Engine code under test: companion/layers/options/events/rules.py (apply_plan,
event_gain, event_give, event_help, event_take, damage_road, repair_road, my_choice), with
hands.py (bank and hands) and base.py (resolve_total, start_discards, _take_random_card).

Games use the first-game picture (beginner mode, 5th-edition pieces), 4 players, the event
deck as dice source and hands on phones. The starred settlements pay the starting hands:
  seat 0 red    fields 9, forest 8, forest 11       -> 1 grain, 2 lumber
  seat 1 blue   forest 8, hills 5, mountains 3      -> 1 lumber, 1 brick, 1 ore
  seat 2 white  forest 3, pasture 5, mountains 8    -> 1 lumber, 1 wool, 1 ore
  seat 3 orange mountains 3, fields 6, fields 4     -> 1 ore, 2 grain
After every event: for each resource, bank + all hands = 19.
"""
import copy
import json

from companion.engine import TABLE, allowed_actions, apply, fold, view
from companion.machinery import hands
from companion.layers.options.events import rules as events
from companion.machinery import board as boards

from .test_board_play import TABLE_ACTOR, Game, board_config, seat

COLOURS = ("red", "blue", "white", "orange")
RED, BLUE, WHITE, ORANGE = range(4)
START = {
    RED: {"grain": 1, "lumber": 2},
    BLUE: {"lumber": 1, "brick": 1, "ore": 1},
    WHITE: {"lumber": 1, "wool": 1, "ore": 1},
    ORANGE: {"ore": 1, "grain": 2},
}


class EventsGame(Game):
    """The beginner board with hands on phones and the event deck; records kept for replay."""

    def __init__(self, seed: int = 7):
        super().__init__(COLOURS, mode="beginner", layout=boards.beginner_board(), seed=seed, play_mode="hands")
        self.config = {**board_config(COLOURS, "beginner", boards.beginner_board(), 10, "hands"),
                       "dice_source": "events"}
        from companion.engine import new_game

        self.state = new_game(self.config)
        self.states = [self.state]

    def reveal_in_order(self, *wanted) -> None:
        """The first reveal: the deck is shuffled so that `wanted` ((event, number) or event)
        come up in this order, first of all now."""
        chosen = []
        for w in wanted:
            event, number = w if isinstance(w, tuple) else (w, None)
            chosen.append(next(i for i in range(events.DECK_SIZE) if i not in chosen
                               and events.CARDS[i]["event"] == event and number in (None, events.CARDS[i]["number"])))
        order = chosen + [i for i in range(events.DECK_SIZE) if i not in chosen]
        self.act("reveal_event", seat(self.state["turn"]["seat"]), recorded={"deck": order})

    def reveal(self) -> None:
        self.act("reveal_event", seat(self.state["turn"]["seat"]))

    def hand(self, s: int) -> dict:
        return {r: n for r, n in self.state["players"][s]["hand"].items() if n}

    def choice(self, s: int):
        return view(self.state, s)["me"]["event_choice"]

    def replays(self) -> None:
        replayed, _history = fold(self.config, self.records)
        assert replayed == self.state


def conserved(state: dict) -> None:
    for r in hands.RESOURCES:
        assert state["bank"][r] >= 0 and all(p["hand"][r] >= 0 for p in state["players"])
        assert state["bank"][r] + sum(p["hand"][r] for p in state["players"]) == hands.CARDS_PER_RESOURCE, r


def size(state: dict, s: int) -> int:
    return hands.hand_size(state, s)


def plus(a: dict, b: dict, sign: int = 1) -> dict:
    out = dict(a)
    for r, n in b.items():
        out[r] = out.get(r, 0) + sign * n
    return {r: n for r, n in out.items() if n}


def drain_bank(game: EventsGame, keep: dict) -> None:
    """Hand everything but `keep` from the bank to white (a test shortcut; still 19 each)."""
    for r in hands.RESOURCES:
        hands.take_from_bank(game.state, WHITE, {r: game.state["bank"][r] - keep.get(r, 0)})
    conserved(game.state)


def test_the_starting_hands():
    game = EventsGame()
    assert {s: game.hand(s) for s in range(4)} == START
    conserved(game.state)


# ---------------------------------------------------------------- Plentiful Year (Urodzajny rok)


def test_plentiful_year_everyone_picks_from_the_bank_on_their_phone():
    game = EventsGame()
    game.reveal_in_order("plentiful_year")
    # The 2 produces first: red's settlement at the pasture 2.
    assert game.state["production"]["seats"] == {"0": {"wool": 1}}
    assert game.state["phase"] == "event"
    assert game.state["pending"] == [{"seat": s, "kind": events.GAIN} for s in range(4)]
    # Each phone sees its own choice; the table who still has to choose.
    for s in range(4):
        assert game.choice(s) == {"kind": events.GAIN, "bank": list(hands.RESOURCES)}
        assert "event_gain" in allowed_actions(game.state, seat(s))
    table = view(game.state, TABLE)
    assert table["me"] is None
    assert [p["pending"] for p in table["players"]] == [["event_gain"]] * 4
    assert "end_turn" not in allowed_actions(game.state, seat(RED))
    # The table may not choose for a player.
    assert game.refuse("event_gain", TABLE_ACTOR, seat=BLUE, resource="ore").code == "event_choice_on_phone"
    assert game.refuse("event_gain", seat(BLUE), resource="gold").code == "bad_resource"
    # All at once, in any order.
    bank = dict(game.state["bank"])
    game.act("event_gain", seat(ORANGE), resource="ore")
    assert game.hand(ORANGE) == {"ore": 2, "grain": 2}
    assert game.state["bank"]["ore"] == bank["ore"] - 1
    assert game.logged("event_gained")[-1]["seat"] == ORANGE
    assert game.logged("event_gained")[-1]["params"] == {"resource": "ore"}
    assert game.refuse("event_gain", seat(ORANGE), resource="ore").code == "not_your_turn"  # done
    assert game.choice(ORANGE) is None
    assert [p["pending"] for p in view(game.state, TABLE)["players"]] == [["event_gain"]] * 3 + [[]]
    game.act("event_gain", seat(BLUE), resource="brick")
    game.act("event_gain", seat(RED), resource="wool")
    assert game.state["phase"] == "event"
    game.act("event_gain", seat(WHITE), resource="grain")
    assert game.state["phase"] == "main" and game.state["pending"] == []
    assert {s: game.hand(s) for s in range(4)} == {
        RED: plus(START[RED], {"wool": 2}), BLUE: plus(START[BLUE], {"brick": 1}),
        WHITE: plus(START[WHITE], {"grain": 1}), ORANGE: plus(START[ORANGE], {"ore": 1})}
    conserved(game.state)
    game.replays()


def test_plentiful_year_the_bank_limits_the_choice():
    game = EventsGame()
    drain_bank(game, {"brick": 1, "ore": 1})
    game.reveal_in_order("plentiful_year")  # the pasture 2 owes red a wool the bank lacks
    assert game.state["production"]["withheld"] == ["wool"]
    assert game.choice(RED) == {"kind": events.GAIN, "bank": ["brick", "ore"]}
    assert game.refuse("event_gain", seat(RED), resource="wool").code == "bank_lacks"
    game.act("event_gain", seat(RED), resource="brick")
    assert game.choice(BLUE)["bank"] == ["ore"]
    assert game.refuse("event_gain", seat(BLUE), resource="brick").code == "bank_lacks"
    game.act("event_gain", seat(BLUE), resource="ore")
    # The bank is empty: the others are not asked any more.
    assert game.state["phase"] == "main" and game.state["pending"] == []
    skipped = game.logged("event_skipped")
    assert [(e["seat"], e["params"]) for e in skipped] == [(WHITE, {"reason": "bank_empty"}),
                                                            (ORANGE, {"reason": "bank_empty"})]
    conserved(game.state)


def test_plentiful_year_with_an_empty_bank_asks_nobody():
    game = EventsGame()
    drain_bank(game, {})
    game.reveal_in_order("plentiful_year")
    assert game.state["phase"] == "main" and game.state["pending"] == []
    assert [e["seat"] for e in game.logged("event_skipped")] == [0, 1, 2, 3]
    conserved(game.state)


# ---------------------------------------------------------------- Good Neighbours (Dobre sąsiedztwo)


def test_good_neighbours_every_card_passes_left_at_the_same_moment():
    game = EventsGame()
    game.reveal_in_order("good_neighbors")
    # The 6 produces first: the hills 6 (red, white), the fields 6 (orange).
    assert game.state["production"]["seats"] == {"0": {"brick": 1}, "2": {"brick": 1}, "3": {"grain": 1}}
    before = {s: game.hand(s) for s in range(4)}
    assert game.state["pending"] == [{"seat": s, "kind": events.GIVE} for s in range(4)]
    assert game.choice(RED) == {"kind": events.GIVE, "to": BLUE, "held": ["brick", "lumber", "grain"]}
    assert game.choice(ORANGE) == {"kind": events.GIVE, "to": RED, "held": ["grain", "ore"]}
    assert game.refuse("event_give", TABLE_ACTOR, seat=RED, resource="lumber").code == "event_choice_on_phone"
    assert game.refuse("event_give", seat(RED), resource="ore").code == "card_not_held"
    # Red picks a lumber: it stays in red's hand, and only red knows which card it is.
    picked = copy.deepcopy(game)
    game.act("event_give", seat(RED), resource="lumber")
    picked.act("event_give", seat(RED), resource="brick")
    assert game.hand(RED) == before[RED]
    assert game.choice(RED) == {"kind": "passing", "card": "lumber", "to": BLUE}
    for viewer in (TABLE, BLUE, WHITE, ORANGE):
        assert view(game.state, viewer) == view(picked.state, viewer)
    assert [p["pending"] for p in view(game.state, TABLE)["players"]] == [[]] + [["event_give"]] * 3
    # Blue holds no wool yet: nobody passes on a card that is still on its way.
    assert game.refuse("event_give", seat(BLUE), resource="wool").code == "card_not_held"
    game.act("event_give", seat(BLUE), resource="ore")
    game.act("event_give", seat(ORANGE), resource="grain")
    assert game.state["phase"] == "event" and {s: game.hand(s) for s in range(4)} == before
    game.act("event_give", seat(WHITE), resource="wool")
    assert game.state["phase"] == "main" and "passing" not in game.state["events"]
    assert {s: game.hand(s) for s in range(4)} == {
        RED: plus(plus(before[RED], {"lumber": 1}, -1), {"grain": 1}),
        BLUE: plus(plus(before[BLUE], {"ore": 1}, -1), {"lumber": 1}),
        WHITE: plus(plus(before[WHITE], {"wool": 1}, -1), {"ore": 1}),
        ORANGE: plus(plus(before[ORANGE], {"grain": 1}, -1), {"wool": 1}),
    }
    conserved(game.state)
    # Who gave whom is public; which card, only the two of them know.
    gave = game.logged("event_gave")
    assert [(e["seat"], e["params"]["to"]) for e in gave] == [(0, 1), (1, 2), (2, 3), (3, 0)]
    assert gave[0]["secret"] == {"seats": [0, 1], "params": {"card": "lumber"}}
    shown = {v: [e for e in view(game.state, v)["log"] if e["kind"] == "event_gave"] for v in (TABLE, 0, 1, 2)}
    red_gift = {v: next(e for e in shown[v] if e["seat"] == RED)["params"] for v in shown}
    assert red_gift[TABLE] == red_gift[WHITE] == {"to": BLUE}
    assert red_gift[RED] == red_gift[BLUE] == {"to": BLUE, "card": "lumber"}
    game.replays()


def test_good_neighbours_a_player_without_cards_passes_nothing():
    game = EventsGame()
    hands.pay_to_bank(game.state, BLUE, START[BLUE])
    game.reveal_in_order("good_neighbors")
    assert [p["seat"] for p in game.state["pending"]] == [RED, WHITE, ORANGE]
    assert game.logged("event_skipped")[-1]["seat"] == BLUE
    assert game.logged("event_skipped")[-1]["params"] == {"reason": "no_cards"}
    assert game.choice(BLUE) is None
    for s, r in ((RED, "grain"), (WHITE, "lumber"), (ORANGE, "ore")):
        game.act("event_give", seat(s), resource=r)
    assert game.state["phase"] == "main"
    assert game.hand(BLUE) == {"grain": 1}      # red's card arrived
    assert game.hand(WHITE) == {"wool": 1, "ore": 1, "brick": 1}  # nothing from blue; its lumber went on
    conserved(game.state)


# ---------------------------------------------------------------- Neighbourly Assistance (Sąsiedzka pomoc)


def _leaders(game: EventsGame, *seats_) -> None:
    for s in seats_:  # one more settlement each (counted, as the test shortcut in test_events)
        game.state["players"][s]["settlements"] += 1


def test_neighbourly_assistance_the_leaders_pick_a_card_and_a_receiver():
    game = EventsGame()
    _leaders(game, BLUE, ORANGE)
    game.reveal_in_order(("neighborly_assistance", 10))  # the mountains 10 pay red 1 ore
    assert game.state["events"]["effect"]["helpers"] == [BLUE, ORANGE]
    assert game.state["pending"] == [{"seat": BLUE, "kind": events.HELP}, {"seat": ORANGE, "kind": events.HELP}]
    assert game.choice(BLUE) == {"kind": events.HELP, "to_any_of": [RED, WHITE], "held": ["brick", "lumber", "ore"]}
    assert game.choice(RED) is None
    assert game.refuse("event_help", TABLE_ACTOR, seat=BLUE, resource="ore", to=RED).code == "event_choice_on_phone"
    assert game.refuse("event_help", seat(BLUE), resource="ore", to=ORANGE).code == "bad_receiver"  # no fewer VP
    assert game.refuse("event_help", seat(BLUE), resource="ore", to=BLUE).code == "bad_receiver"
    assert game.refuse("event_help", seat(BLUE), resource="ore", to="").code == "bad_receiver"
    assert game.refuse("event_help", seat(BLUE), resource="wool", to=RED).code == "card_not_held"
    assert game.refuse("event_help", seat(RED), resource="ore", to=WHITE).code == "not_your_turn"
    red = game.hand(RED)
    game.act("event_help", seat(BLUE), resource="brick", to=RED)
    assert game.hand(BLUE) == {"lumber": 1, "ore": 1} and game.hand(RED) == plus(red, {"brick": 1})
    entry = game.logged("event_gave")[-1]
    assert entry["params"] == {"to": RED} and entry["secret"] == {"seats": [BLUE, RED], "params": {"card": "brick"}}
    assert game.state["phase"] == "event"
    game.act("event_help", seat(ORANGE), resource="grain", to=WHITE)
    assert game.state["phase"] == "main"
    assert game.hand(WHITE) == plus(START[WHITE], {"grain": 1})
    conserved(game.state)


def test_neighbourly_assistance_a_leader_without_cards_gives_nothing():
    game = EventsGame()
    _leaders(game, BLUE)
    hands.pay_to_bank(game.state, BLUE, START[BLUE])
    game.state["board"]["robber"] = "0,2"  # the pasture 11 pays blue nothing
    game.reveal_in_order(("neighborly_assistance", 11))
    assert game.state["phase"] == "main" and game.state["pending"] == []
    assert game.logged("event_skipped")[-1]["params"] == {"reason": "no_cards"}
    conserved(game.state)


# ---------------------------------------------------------------- Trade Advantage, Conflict


def test_trade_advantage_the_server_draws_the_card_only_thief_and_victim_see():
    game = EventsGame()
    game.state["longest_road"] = BLUE
    game.reveal_in_order("trade_advantage")  # a 5: hills 5 and pasture 5 pay blue and white
    assert game.state["pending"] == [{"seat": BLUE, "kind": events.TAKE}]
    assert game.choice(BLUE) == {"kind": events.TAKE, "victims": [RED, WHITE, ORANGE]}
    assert game.refuse("event_take", TABLE_ACTOR, seat=BLUE, victim=RED).code == "event_choice_on_phone"
    assert game.refuse("event_take", seat(BLUE), victim=BLUE).code == "rob_yourself"
    hands.pay_to_bank(game.state, WHITE, game.hand(WHITE))
    assert game.choice(BLUE)["victims"] == [RED, ORANGE]
    assert game.refuse("event_take", seat(BLUE), victim=WHITE).code == "victim_has_no_cards"
    before = {s: game.hand(s) for s in range(4)}
    game.act("event_take", seat(BLUE), victim=ORANGE)
    assert game.state["phase"] == "main"
    (card,) = [r for r in before[ORANGE] if game.hand(ORANGE).get(r, 0) < before[ORANGE][r]]
    assert game.hand(BLUE) == plus(before[BLUE], {card: 1})
    assert size(game.state, ORANGE) == sum(before[ORANGE].values()) - 1
    # One line for the card taken: everyone reads from whom, thief and victim which card.
    took = game.logged("event_took")[-1]
    assert took["params"] == {"victim": ORANGE, "event": "trade_advantage"} and not game.logged("stole")
    assert took["secret"] == {"seats": [BLUE, ORANGE],
                              "params": {"victim": ORANGE, "event": "trade_advantage", "card": card}}
    for viewer in (TABLE, RED, WHITE):
        entry = next(e for e in view(game.state, viewer)["log"] if e["kind"] == "event_took")
        assert entry["params"] == {"victim": ORANGE, "event": "trade_advantage"}
    for viewer in (BLUE, ORANGE):
        assert next(e for e in view(game.state, viewer)["log"] if e["kind"] == "event_took")["params"]["card"] == card
    conserved(game.state)


def test_conflict_the_card_drawn_replays_and_taking_none_is_allowed():
    game = EventsGame()
    game.reveal_in_order(("no_event", 8), "conflict")
    game.act("end_turn", seat(RED))
    # Blue plays its first knight in its turn (the test gives blue the card).
    game.state["dev_deck"]["knight"] -= 1
    game.state["players"][BLUE]["dev_hand"].append({"card": "knight", "turn": 0})
    game.act("play_dev", seat(BLUE), card="knight")
    game.act("move_robber", seat(BLUE), hex="2,-2")  # orange's forest 9: nobody else there
    if game.state["phase"] == "steal":
        game.act("steal", seat(BLUE), victim=ORANGE)
    assert game.state["phase"] == "roll"
    game.reveal()
    assert game.state["events"]["effect"] == {"taker": BLUE, "basis": {"1": 1}, "measure": "knights"}
    with_none = copy.deepcopy(game)
    with_none.act("event_take", seat(BLUE), victim="")
    assert with_none.state["phase"] == "main" and with_none.logged("event_took")[-1]["params"]["victim"] is None
    assert {s: with_none.hand(s) for s in range(4)} == {s: game.hand(s) for s in range(4)}
    game.act("event_take", seat(BLUE), victim=RED)
    outcome = game.records[-1]["outcome"]
    assert outcome["stolen"] in hands.RESOURCES
    conserved(game.state)
    # The drawn card is in the record: applied again without any chance, the same card moves.
    again, _ = apply(game.states[-2], game.records[-1]["action"], None, outcome)
    assert again == game.state


def test_a_taker_with_nobody_to_take_from_is_not_asked():
    game = EventsGame()
    game.state["largest_army"] = RED
    for s in (BLUE, WHITE, ORANGE):
        hands.pay_to_bank(game.state, s, START[s])
    # The 3 pays nobody: the robber on the mountains 3, white's settlement off the forest 3.
    game.state["board"]["robber"] = "-1,1"
    game.state["board"]["pieces"]["settlements"].pop("1,0|1,1|2,0")
    game.state["players"][WHITE]["settlements"] -= 1
    game.reveal_in_order("conflict")
    assert game.state["production"]["seats"] == {}
    assert game.state["events"]["effect"]["taker"] == RED
    assert game.state["phase"] == "main" and game.state["pending"] == []
    skipped = game.logged("event_skipped")[-1]
    assert skipped["seat"] == RED and skipped["params"] == {"reason": "nobody_has_cards"}
    conserved(game.state)


# ---------------------------------------------------------------- Tournament, Calm Sea


def test_tournament_the_winner_picks_from_the_bank():
    game = EventsGame()
    game.state["players"][WHITE]["knights_played"] = 1
    game.state["players"][WHITE]["dev_played"] = ["knight"]
    game.state["dev_deck"]["knight"] -= 1
    drain_bank(game, {"grain": 2, "wool": 3, "brick": 1})
    game.reveal_in_order("tournament")  # the hills 5 and pasture 5 pay blue a brick, white a wool
    assert game.state["pending"] == [{"seat": WHITE, "kind": events.GAIN}]
    assert game.choice(WHITE) == {"kind": events.GAIN, "bank": ["wool", "grain"]}
    assert game.choice(RED) is None
    assert game.refuse("event_gain", seat(RED), resource="grain").code == "not_your_turn"
    assert game.refuse("event_gain", seat(WHITE), resource="brick").code == "bank_lacks"
    white = game.hand(WHITE)
    game.act("event_gain", seat(WHITE), resource="grain")
    assert game.hand(WHITE) == plus(white, {"grain": 1}) and game.state["phase"] == "main"
    conserved(game.state)


def test_calm_sea_most_harbour_buildings_pick_from_the_bank():
    game = EventsGame()
    layout = game.state["board"]["layout"]
    g = boards.geometry(layout)
    corners = [c for e in sorted(layout["harbours"]) for c in g.edge_corners[e]]
    game.state["board"]["pieces"]["settlements"][corners[0]] = ORANGE
    game.state["board"]["pieces"]["settlements"][corners[2]] = RED
    game.state["players"][ORANGE]["settlements"] += 1
    game.state["players"][RED]["settlements"] += 1
    game.reveal_in_order(("calm_sea", 12))
    assert game.state["events"]["effect"]["gains"] == [RED, ORANGE]
    game.act("event_gain", seat(ORANGE), resource="wool")
    game.act("event_gain", seat(RED), resource="wool")
    assert game.hand(RED)["wool"] == 1 and game.hand(ORANGE)["wool"] == 1
    assert game.state["bank"]["wool"] == 19 - 1 - 2 and game.state["phase"] == "main"  # white's start wool
    conserved(game.state)


# ---------------------------------------------------------------- Robber Attack, Epidemic, Earthquake


def test_robber_attack_only_big_hands_discard_on_their_phones_then_the_server_steals():
    game = EventsGame()
    hands.take_from_bank(game.state, RED, {"brick": 3, "ore": 3})  # red: 9 cards
    game.reveal_in_order("robber_attack")
    assert game.state["phase"] == "discard"
    assert game.state["pending"] == [{"seat": RED, "kind": "discard"}]
    assert view(game.state, RED)["me"]["discard_due"] == 4
    assert game.refuse("discard", TABLE_ACTOR, seat=RED, cards={"brick": 3, "ore": 1}).code == "discard_on_phone"
    game.act("discard", seat(RED), cards={"brick": 3, "ore": 1})
    assert size(game.state, RED) == 5 and game.state["phase"] == "robber"
    game.act("move_robber", seat(RED), hex="-2,2")  # the hills 5: only blue
    assert game.state["phase"] == "steal" and game.state["board"]["victims"] == [BLUE]
    blue = game.hand(BLUE)
    game.act("steal", seat(RED), victim=BLUE)
    assert size(game.state, BLUE) == sum(blue.values()) - 1
    assert "card" in game.logged("stole")[-1]["secret"]["params"]
    assert game.state["phase"] == "main"
    conserved(game.state)


def test_epidemic_a_city_takes_one_card_from_the_bank():
    game = EventsGame()
    city = "0,-2|0,-1|1,-2"  # red's settlement at the hills 6 becomes a city
    pieces = game.state["board"]["pieces"]
    pieces["cities"][city] = pieces["settlements"].pop(city)
    game.state["players"][RED]["settlements"] -= 1
    game.state["players"][RED]["cities"] += 1
    game.reveal_in_order(("epidemic", 6))
    assert game.state["production"]["seats"] == {"0": {"brick": 1}, "2": {"brick": 1}, "3": {"grain": 1}}
    assert game.hand(RED) == plus(START[RED], {"brick": 1})
    assert game.state["bank"]["brick"] == 19 - 1 - 2  # blue's starting brick, red's and white's
    assert game.state["phase"] == "main"
    conserved(game.state)


def test_earthquake_roads_are_tapped_on_the_phones_and_repairs_paid_from_the_hand():
    game = EventsGame()
    game.reveal_in_order("earthquake", ("no_event", 8))
    assert view(game.state, TABLE)["board"]["targets"] == {}
    assert view(game.state, RED)["board"]["targets"] == {"road": ["-2,1|-1,0", "0,-1|1,-2"]}
    assert game.refuse("damage_road", TABLE_ACTOR, edge="0,-1|1,-2").code == "event_choice_on_phone"
    for s in range(4):
        edge = view(game.state, s)["board"]["targets"]["road"][0]
        game.act("damage_road", seat(s), edge=edge)
    assert game.state["phase"] == "main"
    # Red holds a brick (the 6) and 2 lumber: the repair costs 1 of each, from the phone.
    assert game.refuse("repair_road", TABLE_ACTOR).code == "build_on_phone"
    bank = dict(game.state["bank"])
    red = game.hand(RED)
    game.act("repair_road", seat(RED))
    assert game.hand(RED) == plus(red, {"brick": 1, "lumber": 1}, -1)
    assert game.state["bank"]["brick"] == bank["brick"] + 1 and game.state["bank"]["lumber"] == bank["lumber"] + 1
    game.act("end_turn", seat(RED))
    game.reveal()
    # Blue can't pay for a repair without a brick left.
    hands.pay_to_bank(game.state, BLUE, {"brick": game.hand(BLUE).get("brick", 0)})
    assert game.refuse("repair_road", seat(BLUE)).code == "cannot_afford"
    conserved(game.state)


# ---------------------------------------------------------------- a year of events, replayed


def test_a_sequence_of_events_replays_from_the_records():
    game = EventsGame(seed=3)
    game.reveal_in_order("plentiful_year", "good_neighbors", ("neighborly_assistance", 10), "robber_flees")
    for s in range(4):
        game.act("event_gain", seat(s), resource=hands.RESOURCES[s])
    game.act("end_turn", seat(RED))
    game.reveal()
    for s in range(4):
        game.act("event_give", seat(s), resource=view(game.state, s)["me"]["event_choice"]["held"][0])
    game.act("end_turn", seat(BLUE))
    game.reveal()
    for p in list(game.state["pending"]):
        choice = game.choice(p["seat"])
        game.act("event_help", seat(p["seat"]), resource=choice["held"][0], to=choice["to_any_of"][0])
    game.act("end_turn", seat(WHITE))
    game.reveal()
    assert game.state["phase"] == "main"
    conserved(game.state)
    game.replays()
    json.dumps(view(game.state, TABLE))


# ---------------------------------------------------------------- random hands games on the deck (hypothesis)

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import event as note  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from companion.layers.cores.base import rules as base  # noqa: E402

from . import test_events as paper_events  # noqa: E402
from . import test_hands_properties as hands_play  # noqa: E402


@st.composite
def events_hands_configs(draw):
    return {**draw(hands_play.hands_configs()), "dice_source": "events"}


def _event_step(data, live) -> bool:
    """One step of a hands game on the event deck: reveals and every event choice, made
    from the chooser's phone (the table's attempt refused); the rest as in test_hands_properties."""
    state = live.state
    if state["phase"] == "finished":
        return False
    if state["phase"] == "roll" and state["config"]["dice_source"] == "events":
        if live.history["effective"] and data.draw(st.integers(0, 30), label="undo?") == 0:
            live.undo()
            return True
        assert live.do("reveal_event", {"seat": base.active_seat(state)})
        note(f"revealed {events.CARDS[live.state['events']['card']]['event']}")
        return True
    if state["phase"] != "event":
        if state["phase"] == "main" and "repair_road" in allowed_actions(state, {"seat": base.active_seat(state)}) \
                and data.draw(st.booleans(), label="repair?"):
            active = base.active_seat(state)
            ok = live.do("repair_road", {"seat": active})
            assert ok == (not hands.missing(state["players"][active]["hand"], hands.COSTS["road"]))
            note("repaired a road")
            return True
        return hands_play.step(data, live)
    p = data.draw(st.sampled_from(state["pending"]), label="who chooses")
    who, kind = p["seat"], p["kind"]
    me = {"seat": who}
    choice = view(state, who)["me"]["event_choice"]
    if kind == events.EARTHQUAKE:
        edge = data.draw(st.sampled_from(view(state, who)["board"]["targets"]["road"]), label="road")
        live.refused("damage_road", TABLE_ACTOR, edge=edge)
        assert live.do("damage_road", me, edge=edge)
        return True
    assert choice["kind"] == kind
    if kind == events.GAIN:
        lacking = [r for r in hands.RESOURCES if r not in choice["bank"]]
        if lacking:
            live.refused("event_gain", me, resource=lacking[0])
        resource = data.draw(st.sampled_from(choice["bank"]), label="from the bank")
        live.refused("event_gain", TABLE_ACTOR, seat=who, resource=resource)
        assert live.do("event_gain", me, resource=resource)
    elif kind == events.GIVE:
        resource = data.draw(st.sampled_from(choice["held"]), label="card to pass")
        live.refused("event_give", TABLE_ACTOR, seat=who, resource=resource)
        assert live.do("event_give", me, resource=resource)
    elif kind == events.HELP:
        resource = data.draw(st.sampled_from(choice["held"]), label="card to give")
        to = data.draw(st.sampled_from(choice["to_any_of"]), label="receiver")
        live.refused("event_help", me, resource=resource, to=who)
        assert live.do("event_help", me, resource=resource, to=to)
    else:
        victim = data.draw(st.sampled_from(choice["victims"] + [None]), label="victim")
        live.refused("event_take", TABLE_ACTOR, seat=who, victim=victim)
        assert live.do("event_take", me, victim=victim)
    note(f"answered {kind}")
    return True


def _check_events(live) -> None:
    hands_play.check(live)  # bank + hands = 19 per resource, the replica rebuilt from the records
    state = live.state
    paper_events.check_deck(state)
    passing = (state.get("events") or {}).get("passing")
    if passing is not None:
        assert any(p["kind"] == events.GIVE for p in state["pending"])
        assert all(state["players"][int(s)]["hand"][r] >= 1 for s, r in passing.items())
    if state["phase"] == "event":
        for p in state["pending"]:
            if p["kind"] in (events.GIVE, events.HELP):
                assert hands.hand_size(state, p["seat"]) > 0


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data(), config=events_hands_configs(), seed=st.integers(0, 2**32), steps=st.integers(80, 300))
def test_random_hands_games_on_the_event_deck_keep_every_card_and_replay(data, config, seed, steps):
    live = hands_play.Live(config, seed.to_bytes(8, "big"))
    for _ in range(steps):
        if not _event_step(data, live):
            break
        _check_events(live)
    folded, history = fold(config, live.records)
    assert folded == live.state and history == live.history
    if live.state["phase"] not in ("finished", "event"):
        hands_play.check_privacy(data, live.state)
