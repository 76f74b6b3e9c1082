"""Traders & Barbarians with Catan for two and with the Events of Catan deck
(layers/traders_barbarians_scenarios/traders_barbarians/rules.py; catan_for_two and events are the layers it combines with).

From /work/shared/rulebooks/traders-and-barbarians-pl.txt, "KUPCY I BARBARZYŃCY",
"ŁĄCZENIE Z INNYMI WARIANTAMI":
- Catan for two: gold paid along neutral roads goes half to the bank (rounded up), half to
  the opponent (rounded down); with no robber to send to the desert, trade tokens move a
  barbarian to another path (not a road); a settlement on an intersection next to a target
  earns one trade token.
- Events of Catan: Robber Attack: hands above 7 give back half, whoever turned the card moves a
  barbarian to another path or a road and, on a road, takes a random resource card from its
  owner; Robber Flees: nothing happens; Earthquake: a wagon crossing a road on its side
  spends 2 movement points.
"""
import pytest

from companion.engine import IllegalAction, view
from companion.engine.game import new_game
from companion.layers.options.catan_for_two import rules as two
from companion.layers.options.events import rules as events
from companion.layers.traders_barbarians_scenarios.traders_barbarians import rules as tb
from tests.engine.played import Played
from tests.engine.test_traders_barbarians import BARBARIANS, CASTLE, G, answer_questions, config, corner_of, edge_between

A, B = {"seat": 0}, {"seat": 1}
TWO = {"two_players": True}


class Two(Played):
    """Ala (0) and Bartek (1), the neutral colours 2 and 3."""

    def __init__(self, seed=5, **kw):
        kw.setdefault("players", 2)
        kw.setdefault("variants", TWO)
        super().__init__(config(**kw), seed)
        answer_questions(self)  # the deck and the wagon cards as shown: the first roll waits for them

    def neutrals(self, corners=()):
        for i in range(2):
            spots = self.targets()["neutral_settlement"]
            self.act("place_neutral", corner=corners[i] if i < len(corners) else spots[0])

    def start(self, corners=()):
        self.neutrals()
        self.setup(corners)

    def gold(self, seat):
        return self.state["gold"]["held"][seat]

    def tokens(self):
        return list(self.state["two"]["tokens"])

    def wagon(self, seat):
        return self.state[tb.NAME]["wagons"][seat]


def test_two_players_with_catan_for_two_only():
    game = Two()
    assert len(game.state["players"]) == 2 and game.state["config"]["neutral_colors"]
    assert game.state["gold"]["held"] == [5, 5]
    assert game.state["two"]["to_place"] == [2, 3]
    with pytest.raises(IllegalAction) as info:
        new_game(config(players=2))
    assert info.value.code in ("tb_players", "two_players_need_variant")
    with pytest.raises(IllegalAction) as info:
        new_game(config(players=3, variants=TWO))
    assert info.value.code in ("tb_players", "two_players_count")


def test_no_neutral_settlement_on_a_targets_sea_corner_nor_neutral_road_on_its_sea_sides():
    game = Two()
    layout = game.state["board"]["layout"]
    sea = tb.sea_corners(layout)
    assert len(sea) == 6
    assert not sea & set(game.targets()["neutral_settlement"])
    assert game.refused("place_neutral", corner=sorted(sea)[0]) == "tb_target_corner"
    # A neutral settlement at the castle's coast: its neutral road never on a sea side.
    end = next(c for c in G.hex_corners[CASTLE] if c not in sea and len(G.corner_hexes[c]) == 2)
    game.neutrals([end])
    game.setup()
    game.act("roll", dice=[3, 2])
    game.act("roll", dice=[4, 4])
    game.state["two"]["build"] = {"seat": 0, "piece": "road", "neutral": 2, "back": "main"}
    game.state["pending"] = [{"seat": 0, "kind": two.NEUTRAL_BUILD}]
    game.state["phase"] = "neutral_build"
    closed = tb.road_closed(None, game.state)
    side = next(e for e in closed if end in G.edge_corners[e])
    assert side in two.neutral_targets(game.state, 2, "road")  # Catan for two alone would allow it
    assert side not in game.targets(0).get("neutral_road", [])
    assert game.refused("build_neutral", A, edge=side) == "road_closed"


def test_a_settlement_next_to_a_target_earns_a_trade_token():
    game = Two()
    for _ in range(2):  # the neutral colours away from the targets
        layout = game.state["board"]["layout"]
        game.act("place_neutral", corner=next(c for c in game.targets()["neutral_settlement"]
                                              if len(G.corner_hexes[c]) == 3 and not tb.next_to_target(layout, c)))
    sea = tb.sea_corners(game.state["board"]["layout"])
    inland = next(c for c in G.hex_corners[CASTLE] if len(G.corner_hexes[c]) == 3)
    # the castle's other coastal corner, two paths from `inland`
    coast = next(c for c in reversed(G.hex_corners[CASTLE]) if c not in sea and len(G.corner_hexes[c]) == 2)
    assert tb.next_to_target(game.state["board"]["layout"], inland)
    assert game.tokens() == [5, 5]
    game.act("place_settlement", corner=inland)  # next to the castle, inland: 1 token
    assert game.tokens() == [6, 5] and game.state["two"]["pool"] == 9
    game.act("place_road", edge=game.targets()["road"][0])
    game.act("place_settlement", corner=coast)  # the castle and the coast: 1 + 1
    assert game.tokens() == [6, 7]
    assert [e["kind"] for e in game.state["log"] if e["kind"] in ("tokens_earned", "tb_target_tokens")][-2:] \
        == ["tokens_earned", "tb_target_tokens"]
    game.act("place_road", edge=game.targets()["road"][0])
    far = next(c for c in game.targets()["settlement"] if not tb.next_to_target(game.state["board"]["layout"], c)
               and len(G.corner_hexes[c]) == 3)
    before = game.tokens()
    game.act("place_settlement", corner=far)
    assert game.tokens() == before  # neither the coast nor a target


def neutral_road_game():
    """Ala in her main phase, her wagon at a corner with two neutral roads ahead."""
    game = Two()
    game.start()
    game.act("roll", dice=[3, 2])
    game.act("roll", dice=[4, 4])
    assert game.state["phase"] == "main"
    a, b, c = corner_of("0,-1", "1,-1", "1,-2"), corner_of("0,-1", "1,-2", "0,-2"), corner_of("0,-1", "-1,-1", "0,-2")
    roads = game.state["board"]["pieces"]["roads"]
    roads[edge_between(a, b)] = 2
    roads[edge_between(b, c)] = 3
    game.wagon(0)["at"] = a
    return game, a, b, c


def test_neutral_road_tolls_half_to_the_bank_rounded_up_half_to_the_opponent():
    game, a, b, c = neutral_road_game()
    assert tb.step_cost(game.state, 0, edge_between(a, b)) == (1, tb.NEUTRAL)
    game.act("move_wagon", A, to=b)  # 1 gold paid: 1 to the bank, 0 to Bartek
    assert (game.gold(0), game.gold(1), tb.mp_left(game.state, 0)) == (4, 5, 3)
    game.act("move_wagon", A, to=c)  # 2 paid this move: the second goes to Bartek
    assert (game.gold(0), game.gold(1), tb.mp_left(game.state, 0)) == (3, 6, 2)
    assert game.state[tb.NAME]["tolls"] == [0, 1]
    moved = [e for e in game.state["log"] if e["kind"] == "tb_wagon_moved"]
    assert [(e["params"]["bank"], e["params"]["opponent"]) for e in moved] == [(1, 0), (0, 1)]
    # A new turn starts a new count: the next turn's first neutral toll goes to the bank.
    game.act("end_turn", A)
    game.act("roll", dice=[3, 2])
    game.act("roll", dice=[4, 4])
    game.act("end_turn", B)
    game.act("roll", dice=[3, 2])
    game.act("roll", dice=[4, 4])
    game.act("move_wagon", A, to=b)
    assert (game.gold(0), game.gold(1)) == (2, 6)


def test_no_gold_no_passage_along_a_neutral_road():
    game, a, b, _c = neutral_road_game()
    game.state["gold"]["held"][0] = 0
    assert b not in tb.moves(game.state, 0)
    assert game.refused("move_wagon", A, to=b) == "not_enough_gold"


def test_trade_tokens_move_a_barbarian_to_a_path_without_a_road():
    game = Two()
    game.start()
    game.act("roll", dice=[3, 2])  # the first roll: the second is still to come
    assert game.state["phase"] == "roll"
    hands = [dict(p["hand"]) for p in game.state["players"]]
    tokens, pool = game.tokens(), game.state["two"]["pool"]
    game.act("robber_to_desert", A)
    assert game.tokens() == [tokens[0] - 1, tokens[1]] and game.state["two"]["pool"] == pool + 1
    assert game.state["phase"] == tb.BARB and game.state[tb.NAME]["move"]["why"] == tb.TOKENS
    assert game.refused("forced_trade", A) in ("wrong_phase", "not_now", "one_token_action_per_turn")
    game.act("pick_barbarian", A, edge=BARBARIANS[0])
    roads = game.state["board"]["pieces"]["roads"]
    road = next(e for e, s in roads.items() if s == 1)
    assert road not in game.targets(0)["tb_barbarian"]
    assert set(game.targets(0)["tb_barbarian"]) == set(tb.free_paths(game.state, roads=False))
    assert game.refused("move_barbarian", A, edge=road) == "tb_tokens_no_road"
    free = next(e for e in G.edges if e not in roads and e not in BARBARIANS)
    game.act("move_barbarian", A, edge=free)
    assert game.state["phase"] == "roll"  # back to the second roll
    assert free in game.state[tb.NAME]["barbarians"] and BARBARIANS[0] not in game.state[tb.NAME]["barbarians"]
    assert [dict(p["hand"]) for p in game.state["players"]] == hands  # nobody is robbed
    assert game.refused("robber_to_desert", A) == "one_token_action_per_turn"


def test_a_player_ahead_pays_two_tokens():
    game = Two()
    game.start()
    game.act("roll", dice=[3, 2])
    game.act("roll", dice=[4, 4])
    game.wagon(0)["delivered"] = ["glass"]  # a delivery: 1 point ahead
    assert two.cost(_rules(game), game.state, 0) == 2
    tokens = game.tokens()
    game.act("robber_to_desert", A)
    assert game.tokens() == [tokens[0] - 2, tokens[1]]


def _rules(game):
    from companion.engine.game import rules_for
    return rules_for(game.state["config"])


def test_two_rolls_a_turn_never_2_12_nor_the_first_total_again():
    game = Two()
    game.start()
    assert game.refused("roll", dice=[1, 1]) == "tb_reroll"
    game.act("roll", dice=[3, 3])
    assert game.refused("roll", dice=[2, 4]) == "second_roll_same"
    assert game.refused("roll", dice=[6, 6]) == "tb_reroll"
    game.act("roll", dice=[4, 4])
    assert game.state["phase"] == "main"
    for seed in range(25):  # the server's dice: two different totals, never 2 or 12
        g = Two(seed=seed, dice_source="virtual")
        g.start()
        g.act("roll")
        first = g.state["last_roll"]["total"]
        if g.state["phase"] != "roll":
            continue  # a 7: a barbarian moves first
        g.act("roll")
        second = g.state["last_roll"]["total"]
        assert first not in (2, 12) and second not in (2, 12) and second != first
        assert g.state["phase"] in ("main", tb.BARB, "discard")
        g.check_replay_and_undo()


def test_a_seven_moves_a_barbarian_then_the_second_roll():
    game = Two()
    game.start()
    for seat in (0, 1):
        for r in game.state["players"][seat]["hand"]:
            game.state["bank"][r] += game.state["players"][seat]["hand"][r]
            game.state["players"][seat]["hand"][r] = 0
    game.give(1, ore=1)
    game.act("roll", dice=[3, 4])
    assert game.state["phase"] == tb.BARB
    game.act("pick_barbarian", A, edge=BARBARIANS[0])
    road = next(e for e, s in game.state["board"]["pieces"]["roads"].items() if s == 1)
    game.act("move_barbarian", A, edge=road)
    assert game.state["players"][0]["hand"]["ore"] == 1  # a 7 still robs the road's owner
    assert game.state["phase"] == "roll"
    game.act("roll", dice=[4, 4])
    assert game.state["phase"] == "main"


# ---------------------------------------------------------------- the Events of Catan deck


def put_on_top(game, event):
    """The next card revealed is one of `event` (the deck built as a first reveal would)."""
    deck = game.state.get("events")
    if deck is None:
        order = list(range(events.DECK_SIZE))
        game.state["events"] = deck = {"year": 1, "deck": order[:events.YEAR], "under": order[events.YEAR:],
                                       "revealed": [], "card": None, "effect": None, "damaged": []}
        game.state["counters"].setdefault(events.STREAM, events.DECK_SIZE - 1)
    pool = deck["deck"] + deck["under"]
    chosen = next(i for i in pool if events.CARDS[i]["event"] == event)
    if chosen in deck["under"]:
        deck["under"].remove(chosen)
        deck["under"].append(deck["deck"].pop())
    else:
        deck["deck"].remove(chosen)
    deck["deck"].insert(0, chosen)


class Deck(Played):
    def __init__(self, seed=5, **kw):
        super().__init__(config(dice_source="events", **kw), seed)
        answer_questions(self)

    def gold(self, seat):
        return self.state["gold"]["held"][seat]


def test_robber_attack_halves_big_hands_and_moves_a_barbarian_robbing_on_a_road():
    game = Deck()
    game.setup()
    for seat in range(3):
        for r in game.state["players"][seat]["hand"]:
            game.state["bank"][r] += game.state["players"][seat]["hand"][r]
            game.state["players"][seat]["hand"][r] = 0
    game.give(1, ore=1)
    game.give(2, grain=5, wool=5)  # 10 cards: gives back 5
    put_on_top(game, "robber_attack")
    game.act("reveal_event")
    assert game.state["phase"] == "discard"
    game.act("discard", {"seat": 2}, cards={"grain": 3, "wool": 2})
    assert game.state["phase"] == tb.BARB and game.state[tb.NAME]["move"]["seat"] == 0
    game.act("pick_barbarian", A, edge=BARBARIANS[0])
    road = next(e for e, s in game.state["board"]["pieces"]["roads"].items() if s == 1)
    game.act("move_barbarian", A, edge=road)
    assert game.state["players"][0]["hand"]["ore"] == 1 and game.state["players"][1]["hand"]["ore"] == 0
    assert game.gold(1) == 5  # never gold
    assert game.state["phase"] == "main"


def test_robber_flees_does_nothing():
    game = Deck()
    game.setup()
    before = {k: game.state[k] for k in ("board", tb.NAME, "players")}
    put_on_top(game, "robber_flees")
    game.act("reveal_event")
    plan = game.state["events"]["effect"]
    assert plan == {"robber": None, "nobody": "no_robber"}
    assert game.state["board"]["robber"] is None
    assert game.state["board"] == before["board"] and game.state[tb.NAME]["barbarians"] == before[tb.NAME]["barbarians"]
    assert game.state["phase"] == "main"


def test_earthquake_a_road_on_its_side_costs_a_wagon_two_points():
    game = Deck()
    game.setup()
    put_on_top(game, "earthquake")
    game.act("reveal_event")
    assert game.state["phase"] == "event"
    for p in list(game.state["pending"]):
        road = next(e for e, s in game.state["board"]["pieces"]["roads"].items() if s == p["seat"])
        game.act("damage_road", {"seat": p["seat"]}, edge=road)
    assert game.state["phase"] == "main"
    mine = next(d["edge"] for d in events.damaged_roads(game.state, 0))
    theirs = next(d["edge"] for d in events.damaged_roads(game.state, 1))
    assert tb.step_cost(game.state, 0, mine) == (2, None)       # own road on its side: 2, not 1
    assert tb.step_cost(game.state, 0, theirs) == (2, 1)        # an opponent's: 2 and still the toll
    a, b = G.edge_corners[mine]
    game.state[tb.NAME]["wagons"][0]["at"] = a
    game.act("move_wagon", A, to=b)
    assert tb.mp_left(game.state, 0) == 2
    view(game.state, "table")  # the view holds
