"""The Caravans over random legal games (hands on phones and paper, 3-4 players and Catan for
two): cards are conserved through the votes, camels too (on the board + left = 22, each
path at most one, every caravan a chain from its arrow), the replay gives the live state,
undo and redo round trip, and no bid is seen by anyone else before the reveal."""
import json

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.engine import TABLE, view
from companion.engine.game import allowed_actions
from companion.layers.cores.base import rules as base
from companion.layers.traders_barbarians_scenarios.caravans import rules as caravans
from companion.machinery import board as boards

from .tb_driver import common_step, main_step, play
from .test_caravans import Game, registered  # noqa: F401  (autouse: the package registered)

G = boards.geometry("base")


def _actors(state):
    n = len(state["players"])
    return [{"seat": s} for s in range(n)] + [{"role": "table"}]


def _step(data, game) -> bool:
    """One random legal action (refused tries are dropped); False when nothing can be done."""
    state = game.state
    phase = state["phase"]
    hands_mode = state["bank"] is not None
    if phase == "finished":
        return False
    if common_step(data, game, neutrals=[2, 3]):
        return True
    if phase == "robber":
        game.act("move_robber", hex=data.draw(st.sampled_from(view(state, "table")["board"]["targets"]["robber"])))
        return True
    if phase == caravans.VOTE:
        seat = data.draw(st.sampled_from([p["seat"] for p in state["pending"]]))
        if hands_mode:
            hand = state["players"][seat]["hand"]
            bid = {"grain": data.draw(st.integers(0, hand["grain"])), "wool": data.draw(st.integers(0, hand["wool"]))}
            game.act("camel_bid", actor={"seat": seat}, cards=bid)
        else:
            game.act("camel_bid", actor={"seat": seat}, count=data.draw(st.integers(0, 5)))
        return True
    if phase == caravans.CAMEL:
        seat = state["pending"][0]["seat"]
        choose = state["caravans"]["vote"]["choose"]
        if choose:  # a path joining two caravans was tapped: which one it extends
            event("a camel joined two caravans' ends")
            game.act("place_camel", actor={"seat": seat}, edge=choose["edge"],
                     caravan=data.draw(st.sampled_from(choose["caravans"])))
            return True
        game.act("place_camel", actor={"seat": seat},
                 edge=data.draw(st.sampled_from(view(state, seat)["board"]["targets"]["camel"])))
        return True
    if phase == "main":
        main_step(data, game, trade_for=("grain", "wool", "ore", "brick", "lumber"))
        return True
    return False


def _check(game, start):
    state = game.state
    c = state["caravans"]
    placed = [e for r in c["routes"] for e in r["camels"]]
    assert len(placed) == len(set(placed)) and len(placed) + c["camels_left"] == caravans.CAMELS
    layout = state["board"]["layout"]
    starts = {caravans.straight_path(layout, "0,0", r["arrow"]) for r in c["routes"]}
    for route in c["routes"]:  # each caravan starts straight from its arrow
        if route["camels"]:
            assert route["camels"][0] == caravans.straight_path(layout, "0,0", route["arrow"])
    for path in placed:  # every camel touches another, or leaves an arrow
        others = {corner for e in placed if e != path for corner in G.edge_corners[e]}
        assert path in starts or others & set(G.edge_corners[path])
    if state["bank"] is not None:
        for r in base.RESOURCES:
            assert state["bank"][r] + sum(p["hand"][r] for p in state["players"]) == 19
    vote = c["vote"]
    if vote is not None and not vote["revealed"]:
        for viewer in ["table"] + list(range(len(state["players"]))):
            seen = view(state, viewer)
            assert seen["caravans"]["vote"]["bids"] is None
            mine = seen["caravans"]["vote"]["mine"]
            own = vote["bids"].get(str(viewer)) if viewer != "table" else None
            assert mine == own
            text = json.dumps([e for e in seen["log"] if e["kind"] == "camel_bid" and e["seat"] != viewer])
            assert "grain" not in text and "wool" not in text and "count" not in text
    assert state["phase"] in ("setup", "roll", "main", "discard", "robber", "steal", "neutral_build", "event",
                              caravans.VOTE, caravans.CAMEL, "finished")


def _play(data, game, steps, stop=None):
    start = game.state
    return play(data, game, steps, _step, lambda game: _check(game, start), stop)


def _round_trip(game, states):
    event(f"camels placed: {min(caravans.CAMELS - game.state['caravans']['camels_left'], 3)}+")
    game.check_replay_and_undo()


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data(), st.sampled_from(["hands", "paper"]), st.sampled_from([3, 4]))
def test_random_caravan_games_keep_cards_camels_and_secrets(data, play_mode, players):
    game = Game(players=players, play_mode=play_mode, orientation=data.draw(st.sampled_from([0, 1])))
    states = _play(data, game, 260)
    _round_trip(game, states)


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_random_caravan_games_with_the_events_deck(data):
    """Paper cards, the Events of Catan deck instead of dice: Robber Flees sends the robber
    beside the board; every card's answer is given as the driver goes."""
    game = Game(players=3, play_mode="paper", dice_source="events")
    states = _play(data, game, 220)
    _round_trip(game, states)
    event(f"robber beside the board after flees: {any(e['kind'] == 'event_effect' and e['params'].get('off') for e in game.state['log'])}")


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_random_caravan_games_for_two(data):
    game = Game(players=2, variants={"two_players": True})
    states = _play(data, game, 220)
    _round_trip(game, states)


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_votes_are_reached_and_undone_in_the_middle(data):
    """Play until a vote is open, then every prefix of the game replays, and undoing the
    latest action gives the state before it."""
    game = Game(players=3, play_mode="paper")
    states = play(data, game, 400, _step, stop=lambda game, states: game.state["phase"] in (caravans.VOTE, caravans.CAMEL))
    _round_trip(game, states)
    assert allowed_actions(game.state, {"role": "table"}) is not None
    assert view(game.state, TABLE)["caravans"]["camels_left"] <= caravans.CAMELS


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data(), st.sampled_from([0, 1]))
def test_camels_laid_at_random_make_three_unbranched_caravans(data, orientation):
    """All 22 camels (or until no caravan can go on), each on a random legal path extending a
    random caravan it may extend: never two camels on a path, never more than 2 paths at a
    caravan's end (6 in all), every end at a camel, the joined caravans going on as one."""
    game = Game(orientation=orientation, play_mode="paper")
    state = game.state
    layout = state["board"]["layout"]
    joined = False
    while True:
        paths = caravans.legal_paths(state)
        routes = state["caravans"]["routes"]
        taken = caravans.camel_edges(state)
        assert len(paths) <= 6 and not set(paths) & set(taken)
        leaders = [i for i, r in enumerate(routes) if r["into"] is None]
        for i in leaders:
            mine = [p for j, p, _ in caravans.options(state) if j == i]
            assert len(mine) <= 2
            for end in routes[i]["ends"]:
                assert set(G.corner_edges[end]) & set(taken)
        if not paths:
            break
        path = data.draw(st.sampled_from(paths))
        able = caravans.caravans_for(state, path)
        joined |= len(able) > 1
        caravans.place(state, path, data.draw(st.sampled_from(able)))
        placed = [e for r in routes for e in r["camels"]]
        assert len(placed) == len(set(placed)) == caravans.CAMELS - state["caravans"]["camels_left"]
        for r in routes:
            if r["camels"]:
                assert r["camels"][0] == caravans.straight_path(layout, "0,0", r["arrow"])
    event(f"camels left at the end: {'0' if not state['caravans']['camels_left'] else 'some'}")
    event(f"two caravans joined: {joined or any(r['into'] is not None for r in state['caravans']['routes'])}")
