"""The Caravans over random legal games (hands on phones and paper, 3-4 players and Catan for
two): cards are conserved through the votes, camels too (on the board + left = 22, each
path at most one, every caravan a chain from its arrow), the replay gives the live state,
undo and redo round trip, and no bid is seen by anyone else before the reveal."""
import json

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.engine import TABLE, IllegalAction, view
from companion.engine.game import allowed_actions
from companion.layers.base import rules as base
from companion.layers.caravans import rules as caravans
from companion.machinery import board as boards

from .test_caravans import Game, registered  # noqa: F401  (autouse: the package registered)

G = boards.geometry("base")


def _actors(state):
    n = len(state["players"])
    return [{"seat": s} for s in range(n)] + [{"role": "table"}]


def _hand_pick(data, hand: dict, total: int) -> dict:
    """`total` cards drawn from `hand` (as many as it holds)."""
    cards, left = {}, total
    for r in base.RESOURCES:
        take = min(hand[r], left)
        if take:
            cards[r] = take
            left -= take
    return cards


def _step(data, game) -> bool:
    """One random legal action (refused tries are dropped); False when nothing can be done."""
    state = game.state
    phase = state["phase"]
    hands_mode = state["bank"] is not None
    if phase == "finished":
        return False
    if phase == "setup":
        targets = view(state, "table")["board"]["targets"]
        if "neutral_settlement" in targets:
            game.act("place_neutral", corner=data.draw(st.sampled_from(targets["neutral_settlement"])))
        elif "settlement" in targets:
            game.act("place_settlement", corner=data.draw(st.sampled_from(targets["settlement"])))
        else:
            game.act("place_road", edge=data.draw(st.sampled_from(targets["road"])))
        return True
    if phase == "roll":
        if state["config"]["dice_source"] == "events":
            game.act("reveal_event", actor={"seat": state["turn"]["seat"]})
            return True
        game.act("roll", actor={"seat": state["turn"]["seat"]},
                 dice=[data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6))])
        return True
    if phase == "event":  # the Events deck's answers, paper mode: an earthquake, a card taken
        p = state["pending"][0]
        if p["kind"] == "earthquake":
            damaged = {d["edge"] for d in state["events"]["damaged"]}
            own = sorted(e for e, s in state["board"]["pieces"]["roads"].items() if s == p["seat"] and e not in damaged)
            game.act("damage_road", actor={"seat": p["seat"]}, edge=data.draw(st.sampled_from(own)))
        else:
            others = [s for s in range(len(state["players"])) if s != p["seat"]]
            game.act(p["kind"], actor={"seat": p["seat"]}, victim=data.draw(st.sampled_from(others)))
        return True
    if phase == "discard":
        p = state["pending"][0]
        if hands_mode:
            hand = state["players"][p["seat"]]["hand"]
            game.act("discard", actor={"seat": p["seat"]}, cards=_hand_pick(data, hand, sum(hand.values()) // 2))
        else:
            game.act("discard", actor={"seat": p["seat"]}, hand_size=data.draw(st.integers(0, 12)))
        return True
    if phase == "robber":
        game.act("move_robber", hex=data.draw(st.sampled_from(view(state, "table")["board"]["targets"]["robber"])))
        return True
    if phase == "steal":
        game.act("steal", victim=data.draw(st.sampled_from(state["board"]["victims"])))
        return True
    if phase == "neutral_build":
        seat = state["pending"][0]["seat"]
        build = state["two"]["build"]
        if build["neutral"] is None:
            game.act("choose_neutral", actor={"seat": seat}, neutral=data.draw(st.sampled_from([2, 3])))
            return True
        targets = view(state, seat)["board"]["targets"]
        kind = f"neutral_{build['piece']}"
        where = data.draw(st.sampled_from(targets[kind]))
        game.act("build_neutral", actor={"seat": seat}, **({"corner": where} if build["piece"] == "settlement"
                                                              else {"edge": where}))
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
        seat = state["turn"]["seat"]
        actor = {"seat": seat}
        targets = view(state, seat)["board"]["targets"]
        choices = ["end_turn"] + [k for k in ("city", "settlement", "road") if targets.get(k)]
        if hands_mode:
            hand = state["players"][seat]["hand"]
            if any(n >= 4 for n in hand.values()):
                choices.append("trade")
        kind = data.draw(st.sampled_from(choices))
        try:
            if kind == "end_turn":
                game.act("end_turn", actor=actor)
            elif kind == "trade":
                give = next(r for r in base.RESOURCES if hand[r] >= 4)
                get = data.draw(st.sampled_from([r for r in ("grain", "wool", "ore", "brick", "lumber") if r != give]))
                game.act("trade_bank", actor=actor, give=give, get=get)
            elif kind == "road":
                game.act("build_road", actor=actor, edge=data.draw(st.sampled_from(targets["road"])))
            else:
                game.act(f"build_{kind}", actor=actor, corner=data.draw(st.sampled_from(targets[kind])))
        except IllegalAction:
            game.act("end_turn", actor=actor)
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


def _play(data, game, steps):
    states = [game.state]
    start = game.state
    for _ in range(steps):
        try:
            if not _step(data, game):
                break
        except IllegalAction:
            continue
        states.append(game.state)
        _check(game, start)
    return states


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
    states = [game.state]
    for _ in range(400):
        try:
            if not _step(data, game):
                break
        except IllegalAction:
            continue
        states.append(game.state)
        if game.state["phase"] in (caravans.VOTE, caravans.CAMEL):
            break
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
