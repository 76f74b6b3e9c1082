"""Barbarian Attack with Catan for two (layers/traders_barbarians_scenarios/barbarian_attack/rules.py, LAYER_TWO).

From /work/shared/rulebooks/traders-and-barbarians-pl.txt, "Atak barbarzyńców", "Łączenie z
wariantem Catan dla dwojga": 1. one wandering knight, usable by both players, comes beside the
castle with the first knight placed; the player moves their own knights, then may move it; it
is never removed after a victory. 2. a settlement and then a neutral settlement: the landing
for the first, then for the second. 3. no robber: trade tokens move barbarians, 1 token (2 for
the player ahead on points). 4. too few prisoners and the wandering knight fought: its roll is
"3", no dice for it. 5. a lost knight pays 2 gold and 1 trade token instead of 3 gold.
"""
import pytest

from companion.engine import IllegalAction, view
from companion.engine import game as engine_game
from companion.layers.traders_barbarians_scenarios.barbarian_attack import rules as ba
from companion.layers.gold import rules as gold
from companion.machinery import board as boards
from tests.engine.test_barbarian_attack import G, LAYOUT, buy, coastal, config, conquer, faces
from tests.engine.test_barbarian_attack import Game as ThreeGame


def two_config(**more):
    return config(players=2, variants={"two_players": True}, **more)


class Game(ThreeGame):
    def __init__(self, seed=5, **kw):
        kw.setdefault("players", 2)
        kw.setdefault("variants", {"two_players": True})
        super().__init__(seed, **kw)

    def setup(self):
        for _ in range(2):  # Catan for two: a settlement for each neutral colour first
            self.act("place_neutral", corner=self.targets()["neutral_settlement"][0])
        super().setup()

    def to_main(self, dice=(3, 2), second=(4, 2)):
        self.act("roll", dice=list(dice))
        assert self.state["phase"] == "roll"  # Catan for two: a second roll, another total
        self.act("roll", dice=list(second))
        assert self.state["phase"] == "main"

    def tokens(self, seat):
        return self.state["two"]["tokens"][seat]


def castle_paths():
    return list(G.hex_edges[ba.castle_of(LAYOUT)])


def far_path(*avoid):
    near = set(castle_paths())
    return next(e for e in G.edges if e not in near and e not in avoid)


def test_two_players_with_catan_for_two_make_a_game_and_other_sizes_are_refused():
    state = engine_game.new_game(two_config())
    assert state["config"]["variants"] == {"two_players": True}
    assert state["two"]["robber_off"] is True
    b = ba.part(state)
    assert b["wandering"] is None and b["wandering_prisoners"] == 0
    assert b["barbarians"] == {coastal(2): 1, coastal(12): 1}
    with pytest.raises(IllegalAction) as info:  # two players without Catan for two
        engine_game.new_game(config(players=2))
    assert info.value.code in ("barbarian_attack_players", "two_players_need_variant")
    five = config(players=4)
    five["players"] = five["players"] + [{"name": "Ewa", "color": "green"}]
    with pytest.raises(IllegalAction) as info:
        engine_game.new_game(five)
    assert info.value.code in ("barbarian_attack_players", "board_frame")
    with pytest.raises(IllegalAction) as info:  # Catan for two with three
        engine_game.new_game(config(players=3, variants={"two_players": True}))
    assert info.value.code == "two_players_count"


def test_the_wandering_knight_comes_beside_the_castle_with_the_first_knight():
    game = Game()
    game.setup()
    game.to_main()
    seat = buy(game, "black_knight")
    far = far_path()
    game.act("place_knight", actor={"seat": seat}, edge=far)
    assert game.state["phase"] == ba.WANDER_PHASE
    assert game.state["pending"] == [{"seat": seat, "kind": ba.WANDER_PHASE}]
    assert sorted(game.targets(str(seat))["wandering"]) == sorted(castle_paths())
    assert game.targets(str(1 - seat)) == {}
    assert game.refused("place_wandering", actor={"seat": seat}, edge=far_path(far)) == "wandering_beside_castle"
    assert game.refused("place_wandering", actor={"seat": seat}, edge=far) == "knight_path_taken"
    edge = castle_paths()[0]
    game.act("place_wandering", actor={"seat": seat}, edge=edge)
    assert game.b["wandering"] == edge and game.state["phase"] == "main"
    # a second knight brings no second wandering knight, and may not stand on its path
    seat = buy(game, "knighthood")
    assert game.refused("place_knight", actor={"seat": seat}, edge=edge) == "knight_path_taken"
    assert edge not in ba.knight_paths(game.state, "knighthood")
    game.act("place_knight", actor={"seat": seat}, edge=castle_paths()[1])
    assert game.state["phase"] == "main" and game.b["wandering"] == edge


def test_own_knights_move_first_then_the_wandering_knight_which_must_leave_the_castle():
    game = Game()
    game.setup()
    game.to_main()
    seat = buy(game, "knighthood")
    own = castle_paths()[0]
    game.act("place_knight", actor={"seat": seat}, edge=own)
    wandering = castle_paths()[3]
    game.act("place_wandering", actor={"seat": seat}, edge=wandering)
    game.act("end_turn", actor={"seat": seat})
    assert game.state["phase"] == ba.MOVES
    assert set(ba.must_leave(game.state, seat)) == {own, wandering}
    shown = view(game.state, str(seat))["barbarian_attack"]
    assert set(shown["moves"]) == {own, wandering} and shown["wandering"] == wandering
    out = next(e for e, d in ba.knight_destinations(game.state, wandering).items() if d <= 3)
    assert game.refused("move_knight", actor={"seat": seat}, **{"from": wandering, "to": out}) \
        == "wandering_moves_last"
    assert game.refused("knights_done", actor={"seat": seat}) == "knight_must_leave_castle"
    mine = next(e for e, d in ba.knight_destinations(game.state, own).items() if d <= 3 and e != out)
    game.act("move_knight", actor={"seat": seat}, **{"from": own, "to": mine})
    game.act("move_knight", actor={"seat": seat}, **{"from": wandering, "to": out})
    assert game.b["wandering"] == out and game.b["knights"] == {mine: seat}
    assert game.refused("move_knight", actor={"seat": seat}, **{"from": out, "to": wandering}) == "knight_moved"
    game.act("knights_done", actor={"seat": seat})
    other = game.state["turn"]["seat"]
    assert other != seat
    # the other player has no knight of their own, but moves the wandering knight too
    game.to_main()
    game.act("end_turn", actor={"seat": other})
    assert game.state["phase"] == ba.MOVES
    assert ba.movers(game.state, other) == [out]
    assert game.refused("move_knight", actor={"seat": other}, **{"from": mine, "to": wandering}) \
        == "not_your_knight"
    to = next(e for e, d in ba.knight_destinations(game.state, out).items() if d == 1)
    game.act("move_knight", actor={"seat": other}, edge=to)  # a tap: the only knight that can move
    assert game.b["wandering"] == to
    game.act("knights_done", actor={"seat": other})
    assert game.state["turn"]["seat"] == seat


def fight(game, h, knights, wandering_side, script):
    sides = G.hex_edges[h]
    for i, s in knights.items():
        game.b["knights"][sides[i]] = s
    game.b["wandering"] = sides[wandering_side]
    game.chance.script["barbarians"] = list(script)
    game.b["moves_done"] = game.state["turn"]["number"]  # no moves: straight to the check
    game.act("end_turn", actor={"seat": game.state["turn"]["seat"]})
    return sides


def test_too_few_prisoners_the_wandering_knight_rolls_3_and_is_never_removed():
    game = Game()
    game.setup()
    game.to_main()
    h = coastal(2)  # one barbarian; seat 0's knight and the wandering knight fight it
    before = gold.held(game.state, 0)
    # seat 0 rolls 3: a tie with the wandering knight's 3, again; then 4; the colour die: brown
    sides = fight(game, h, {0: 0}, 1, faces(3, 4) + [1])
    assert game.b["prisoners"] == [1, 0] and game.b["wandering_prisoners"] == 0
    battle = game.b["battles"][0]
    assert battle["rolls"] == {"-1": [3, 3], "0": [3, 4]}
    assert battle["colour"] == "brown"  # sides 1 and 4: the wandering knight stays
    assert game.b["wandering"] == sides[1]
    assert gold.held(game.state, 0) == before
    assert game.b["pool"] + sum(game.b["barbarians"].values()) + sum(game.b["prisoners"]) \
        + game.b["wandering_prisoners"] == ba.BARBARIANS


def test_the_wandering_knight_beats_a_roll_of_2_the_player_takes_3_gold():
    game = Game()
    game.setup()
    game.to_main()
    h = coastal(12)
    before = gold.held(game.state, 1)
    fight(game, h, {0: 1}, 2, faces(2) + [1])  # seat 1 rolls 2; the colour die: brown (sides 1, 4)
    assert game.b["prisoners"] == [0, 0] and game.b["wandering_prisoners"] == 1
    assert game.b["battles"][0]["gold"] == [1]
    assert gold.held(game.state, 1) == before + ba.NO_PRISONER_GOLD
    assert h not in game.b["barbarians"]


def test_a_knight_lost_to_the_colour_die_pays_2_gold_and_1_trade_token():
    game = Game()
    game.setup()
    game.to_main()
    h = coastal(9)
    conquer(game, h)
    gold_before, tokens_before = gold.held(game.state, 0), game.tokens(0)
    # seat 0: 3 knights (sides 0, 1, 2), the wandering knight on side 3: 4 against 3.
    # Prisoners: seat 0 and the wandering knight one each, the spare to seat 0 (more knights).
    # The colour die: green, sides 0 and 3: seat 0's knight goes, the wandering knight stays.
    sides = fight(game, h, {0: 0, 1: 0, 2: 0}, 3, [0])
    assert game.b["prisoners"] == [2, 0] and game.b["wandering_prisoners"] == 1
    assert game.b["battles"][0]["lost"] == [[sides[0], 0]]
    assert game.b["wandering"] == sides[3]
    assert gold.held(game.state, 0) == gold_before + ba.TWO_LOST_KNIGHT_GOLD
    assert game.tokens(0) == tokens_before + ba.TWO_LOST_KNIGHT_TOKENS
    assert sum(game.state["two"]["tokens"]) + game.state["two"]["pool"] == 20
    assert ba.conquered(game.state) == []


def spot(game, seat, avoid=None):
    """A corner where `seat` may build: a road of theirs laid beside a free corner (not at
    `avoid` nor next to it)."""
    board = game.state["board"]
    layout, pieces = board["layout"], board["pieces"]
    closed = ba.closed_corners(game.state)
    near = {c for e in G.corner_edges[avoid] for c in G.edge_corners[e]} if avoid else set()
    for corner in sorted(G.corners):
        if corner in closed or corner in near or boards.check_settlement(layout, pieces, seat, corner, setup=True):
            continue
        edge = next((e for e in G.corner_edges[corner] if e not in pieces["roads"]), None)
        if edge is None:
            continue
        pieces["roads"][edge] = seat
        if corner in boards.legal_settlement_corners(layout, pieces, seat):
            return corner
        del pieces["roads"][edge]
    raise AssertionError("no spot")


def test_a_settlement_then_a_neutral_settlement_land_twice_in_that_order():
    game = Game()
    game.setup()
    game.to_main()
    seat = game.state["turn"]["seat"]
    corner = spot(game, seat)
    neutral_corner = spot(game, 2, avoid=corner)  # a neutral road leading to a free corner
    game.give(seat, brick=1, lumber=1, wool=1, grain=1)
    game.dice(*faces(3, 4, 5))  # the player's landing
    game.act("build_settlement", actor={"seat": seat}, corner=corner)
    assert game.b["landing"]["placed"] == [coastal(3), coastal(4), coastal(5)]
    assert game.state["phase"] == "neutral_build"
    build = game.state["two"]["build"]
    assert build["piece"] == "settlement"
    if build["neutral"] != 2:
        game.act("choose_neutral", actor={"seat": seat}, neutral=2)
    neutral = game.state["two"]["build"]["neutral"]
    assert neutral_corner in game.targets(str(seat))["neutral_settlement"]
    where = neutral_corner
    game.dice(*faces(3, 6, 8, 9))  # the neutral settlement's landing: 3 again does not count
    game.act("build_neutral", actor={"seat": seat}, corner=where)
    assert game.state["board"]["pieces"]["settlements"][where] == neutral
    assert game.b["landing"]["placed"] == [coastal(3), coastal(6), coastal(8)]
    assert game.b["barbarians"][coastal(3)] == 2
    landings = [e for e in game.state["log"] if e["kind"] == "barbarians_landed"]
    assert [e["params"]["totals"] for e in landings[-2:]] == [[3, 4, 5], [3, 6, 8]]
    assert game.state["phase"] == "main"


def test_neutral_pieces_keep_off_conquered_land():
    game = Game()
    game.setup()
    game.to_main()
    seat = game.state["turn"]["seat"]
    h = coastal(6)
    conquer(game, h)
    closed = ba.closed_corners(game.state)
    state = game.state
    for n in (2, 3):
        assert not set(ba.two_rules.neutral_targets(state, n, "settlement", engine_game.rules_for(state["config"]))) \
            & closed
        assert not set(ba.two_rules.neutral_targets(state, n, "road", engine_game.rules_for(state["config"]))) \
            & set(G.hex_edges[h])
    # a neutral settlement owed: a conquered corner is refused even if tapped
    game.state["two"]["build"] = {"seat": seat, "piece": "settlement", "neutral": 2, "back": "main"}
    game.state["pending"] = [{"seat": seat, "kind": "neutral_build"}]
    game.state["phase"] = "neutral_build"
    corner = sorted(closed)[0]
    assert game.refused("build_neutral", actor={"seat": seat}, corner=corner) == "corner_conquered"
    assert corner not in game.targets(str(seat)).get("neutral_settlement", [])


def test_trade_tokens_move_a_barbarian_instead_of_the_robber():
    game = Game()
    game.setup()
    game.to_main()
    seat = game.state["turn"]["seat"]
    tokens = game.tokens(seat)
    assert game.refused("robber_to_desert", actor={"seat": seat}) == "barbarian_attack_no_robber"
    assert game.refused("token_move_barbarian", actor={"seat": seat}, **{"from": coastal(5), "to": coastal(6)}) \
        == "no_barbarian_there"
    assert game.refused("token_move_barbarian", actor={"seat": seat}, **{"from": coastal(2), "to": coastal(2)}) \
        == "bad_barbarian_move"
    conquer(game, coastal(8))
    assert game.refused("token_move_barbarian", actor={"seat": seat}, **{"from": coastal(2), "to": coastal(8)}) \
        == "treason_conquered"
    game.b["barbarians"][coastal(6)] = 2
    game.b["pool"] -= 2
    game.act("token_move_barbarian", actor={"seat": seat}, **{"from": coastal(2), "to": coastal(6)})
    assert game.tokens(seat) == tokens - 1  # not ahead on points: 1 token
    assert coastal(2) not in game.b["barbarians"] and game.b["barbarians"][coastal(6)] == 3
    assert coastal(6) in ba.conquered(game.state)
    entry = game.state["log"][-1]
    assert entry["kind"] == "barbarian_moved_for_tokens" and entry["params"]["conquered"] == [coastal(6)]
    assert game.refused("token_move_barbarian", actor={"seat": seat}, **{"from": coastal(8), "to": coastal(5)}) \
        == "one_token_action_per_turn"
    game.act("end_turn", actor={"seat": seat})
    other = game.state["turn"]["seat"]
    game.b["prisoners"][other] = 4  # 2 points ahead: 2 tokens
    before = game.tokens(other)
    game.act("token_move_barbarian", actor={"seat": other}, **{"from": coastal(8), "to": coastal(5)})
    assert game.tokens(other) == before - 2
    assert ba.conquered(game.state) == [coastal(6)]  # the 8 is freed
    assert sum(game.state["two"]["tokens"]) + game.state["two"]["pool"] == 20


def test_a_seven_without_anyone_to_rob_still_leaves_the_second_roll():
    game = Game()
    game.setup()
    seat = game.state["turn"]["seat"]
    other = 1 - seat
    hand = game.state["players"][other]["hand"]
    for r in list(hand):
        game.state["bank"][r] += hand[r]
        hand[r] = 0
    game.act("roll", dice=[3, 4])
    assert game.state["phase"] == "roll"  # nobody to draw from: the second roll is due
    game.act("roll", dice=[4, 4])
    assert game.state["phase"] == "main"


def test_the_wandering_knight_on_the_table_screen_and_replay():
    game = Game(play_mode="paper")
    game.setup()
    game.to_main()
    seat = buy(game, "knighthood")
    game.act("place_knight", actor={"seat": seat}, edge=castle_paths()[0])
    game.act("place_wandering", edge=castle_paths()[2])  # the table may tap it too
    part = view(game.state, "table")["barbarian_attack"]
    assert part["two_players"] and part["wandering"] == castle_paths()[2]
    assert part["knights"] == {castle_paths()[0]: seat}
    game.check_replay_and_undo()
