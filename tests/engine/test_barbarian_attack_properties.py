"""Barbarian Attack over random legal games (hands on phones and paper, 3-4 players, and 2 with
Catan for two: its neutral builds, the wandering knight, barbarians moved for trade tokens): the
barbarians are conserved (pool + on the coast + prisoners = 36, at most 3 on a hex, only on
coastal hexes), knights too (at most 6 a player, only on paths, never beside the castle
after the end of a turn), the cards (bank + hands) and the scenario's deck (deck + discards
+ the card being resolved = 26), gold never below 0; the replay gives the live state, undo
and redo round trip, and no player's view shows a card stolen from someone else."""
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.engine import view
from companion.layers.traders_barbarians_scenarios.barbarian_attack import rules as ba
from companion.layers.cores.base import rules as base
from companion.layers.gold import rules as gold

from .tb_driver import common_step, main_step, play
from .test_barbarian_attack import LAYOUT, Game, registered  # noqa: F401  (autouse: the package registered)


def _step(data, game) -> bool:
    state = game.state
    phase = state["phase"]
    hands_mode = state["bank"] is not None
    b = state["barbarian_attack"]
    if phase == "finished":
        return False
    if common_step(data, game):
        return True
    if phase == ba.KNIGHT_PHASE:
        seat = b["card"]["seat"]
        game.act("place_knight", actor={"seat": seat},
                 edge=data.draw(st.sampled_from(view(state, seat)["board"]["targets"]["knight"])))
        return True
    if phase == ba.WANDER_PHASE:
        seat = state["pending"][0]["seat"]
        game.act("place_wandering", actor={"seat": seat},
                 edge=data.draw(st.sampled_from(view(state, seat)["board"]["targets"]["wandering"])))
        return True
    if phase == ba.INTRIGUE:
        game.act("barbarian_intrigue", actor={"seat": b["card"]["seat"]},
                 hex=data.draw(st.sampled_from(sorted(b["barbarians"]))))
        return True
    if phase == ba.TREASON:
        coast = ba.coastal_hexes(state["board"]["layout"])
        standing = sorted(b["barbarians"])
        sources = data.draw(st.permutations(standing))[:2]
        moving = len(sources) + min(2 - len(sources), b["pool"])
        open_ = [h for h in coast if h not in sources and b["barbarians"].get(h, 0) < ba.CONQUER]
        targets = data.draw(st.permutations(open_))[:moving]
        game.act("barbarian_treason", actor={"seat": b["card"]["seat"]}, sources=list(sources), targets=list(targets))
        return True
    if phase == ba.MOVES:
        seat = state["turn"]["seat"]
        moves = view(state, seat)["barbarian_attack"]["moves"]
        if moves and data.draw(st.booleans()):
            start = data.draw(st.sampled_from(sorted(moves)))
            to, paths = data.draw(st.sampled_from(moves[start]))
            if paths > ba.MOVE and hands_mode and not state["players"][seat]["hand"]["grain"]:
                to = next((t for t, n in moves[start] if n <= ba.MOVE), None)
                if to is None:
                    game.act("knights_done", actor={"seat": seat})
                    return True
            game.act("move_knight", actor={"seat": seat}, **{"from": start, "to": to})
            return True
        game.act("knights_done", actor={"seat": seat})
        return True
    if phase == "main":
        main_step(data, game, ("dev", "dev"), more=_token_choice, act=lambda kind, actor, targets: _main_act(
            data, game, kind, actor))
        return True
    return False


def _token_choice(state, targets) -> list:
    """Catan for two: a trade token moves a barbarian."""
    return ["token_move_barbarian"] if "two" in state and state["barbarian_attack"]["barbarians"] else []


def _main_act(data, game, kind, actor) -> bool:
    b = game.state["barbarian_attack"]
    if kind == "dev":
        game.act("buy_dev", actor=actor)
    elif kind == "token_move_barbarian":
        source = data.draw(st.sampled_from(sorted(b["barbarians"])))
        open_ = [h for h in ba.coastal_hexes(game.state["board"]["layout"])
                 if h != source and b["barbarians"].get(h, 0) < ba.CONQUER]
        to = data.draw(st.sampled_from(open_))
        game.act("token_move_barbarian", actor=actor, **{"from": source, "to": to})
    else:
        return False
    return True


def _check(game):
    state = game.state
    b = state["barbarian_attack"]
    coast = set(ba.coastal_hexes(LAYOUT))
    assert b["pool"] >= 0
    assert b["pool"] + sum(b["barbarians"].values()) + sum(b["prisoners"]) + b.get("wandering_prisoners", 0) \
        == ba.BARBARIANS
    assert set(b["barbarians"]) <= coast and all(1 <= n <= ba.CONQUER for n in b["barbarians"].values())
    for seat in range(len(state["players"])):
        assert 0 <= ba.knights_left(state, seat) <= ba.KNIGHTS
        assert gold.held(state, seat) >= 0
    in_play = 1 if b["card"] else 0
    assert sum(b["deck"].values()) + sum(b["discards"].values()) + in_play == sum(ba.DECK.values())
    if state["bank"] is not None:
        for r in base.RESOURCES:
            assert state["bank"][r] + sum(p["hand"][r] for p in state["players"]) == 19
    if state["phase"] == "roll":  # a turn has ended: nobody stays beside the castle
        assert not set(b["knights"]) & ba.castle_paths(state)
    if "two" in state:  # Catan for two: 20 trade tokens; the wandering knight shares no path
        assert sum(state["two"]["tokens"]) + state["two"]["pool"] == 20 and min(state["two"]["tokens"]) >= 0
        assert b["wandering"] not in b["knights"]
        if state["phase"] == "roll":  # placed beside the castle, it has left at the end of that turn
            assert b["wandering"] not in ba.castle_paths(state)
    assert state["phase"] in ("setup", "roll", "main", "discard", "steal", "event", ba.MOVES, ba.KNIGHT_PHASE, ba.TREASON,
                              ba.INTRIGUE, "neutral_build", ba.WANDER_PHASE, "finished")


def _no_leaks(state):
    for seat in range(len(state["players"])):
        seen = view(state, seat)
        for e in seen["log"]:
            if e["kind"] == "stole" and seat not in (e["seat"], e["params"].get("victim")):
                assert "card" not in e["params"]


def _play(data, game, steps, stop=None):
    return play(data, game, steps, _step, _check, stop)


def _round_trip(game, states):
    _no_leaks(game.state)
    b = game.state["barbarian_attack"]
    event(f"knights on the board: {min(len(b['knights']), 3)}+")
    event(f"prisoners taken: {bool(sum(b['prisoners']))}")
    event(f"hexes conquered: {bool(ba.conquered(game.state))}")
    game.check_replay_and_undo()


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data(), st.sampled_from(["hands", "paper"]), st.sampled_from([3, 4]))
def test_random_barbarian_games_keep_barbarians_knights_cards_and_gold(data, play_mode, players):
    game = Game(players=players, play_mode=play_mode, seed=data.draw(st.integers(0, 10 ** 6)))
    states = _play(data, game, 220)
    _round_trip(game, states)


@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data(), st.sampled_from(["hands", "paper"]))
def test_random_two_player_barbarian_games_with_catan_for_two(data, play_mode):
    """Two players with Catan for two: the same invariants, its trade tokens conserved."""
    game = Game(players=2, variants={"two_players": True}, play_mode=play_mode,
                seed=data.draw(st.integers(0, 10 ** 6)))
    states = _play(data, game, 220)
    _round_trip(game, states)
    event(f"wandering knight placed: {game.state['barbarian_attack']['wandering'] is not None}")


@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_random_barbarian_games_with_the_events_deck(data):
    """Paper cards, the Events of Catan deck instead of dice: its 7s draw from an opponent,
    Robber Flees does nothing, Conflict compares the knights on the board."""
    game = Game(players=3, play_mode="paper", dice_source="events", seed=data.draw(st.integers(0, 10 ** 6)))
    states = _play(data, game, 200)
    _round_trip(game, states)
    assert all(p["knights_played"] == 0 for p in game.state["players"])


@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_undo_in_the_middle_of_a_card_or_the_knight_moves(data):
    """Play until a card is being resolved or the knights move, then replay and undo."""
    game = Game(players=3, play_mode="paper", seed=data.draw(st.integers(0, 10 ** 6)))
    states = _play(data, game, 500, stop=lambda game, states: game.state["phase"] in (
        ba.MOVES, ba.KNIGHT_PHASE, ba.TREASON, ba.INTRIGUE) and len(states) > 40)
    _round_trip(game, states)
