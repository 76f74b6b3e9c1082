"""Random legal games of Explorers & Pirates (Land Ho!): resources and gold are conserved,
the records replay to the live state, undo/redo round trips, and no view shows another
seat's hand. The driver plays what the board offers to tap and the buttons a phone has."""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import IllegalAction, view
from companion.layers.cores.explorers_pirates import board as sea
from companion.layers.cores.explorers_pirates import rules as ep
from companion.machinery import hands
from tests.engine.played import Played

RESOURCES = ep.RESOURCES
NUMBERS = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]


def config(players: int, mode: str) -> dict:
    colours = ("red", "blue", "white", "orange")[:players]
    return {"rules": "explorers_pirates", "scenario": "land_ho", "play_mode": mode, "dice_source": "virtual",
            "players": [{"name": f"P{i}", "color": c} for i, c in enumerate(colours)]}


def try_act(g: Played, kind: str, actor, **args) -> bool:
    try:
        g.act(kind, actor=actor, **args)
    except IllegalAction:
        return False
    return True


def _actor(g: Played, seat: int):
    return {"seat": seat} if hands.uses_hands(g.state) else {"role": "table"}


def step(data, g: Played) -> None:
    state = g.state
    phase = state["phase"]
    seat = state["turn"]["seat"]
    me = _actor(g, seat)
    if phase == "roll":
        if data.draw(st.booleans(), label="typed?"):
            g.act("roll", dice=[data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6))])
        else:
            g.act("roll")
        return
    if phase == "discard":
        pending = state["pending"][0]["seat"]
        if hands.uses_hands(state):
            held = dict(state["players"][pending]["hand"])
            due = sum(held.values()) // 2
            cards = {}
            for r in RESOURCES:
                take = min(held[r], due - sum(cards.values()))
                if take:
                    cards[r] = take
            g.act("discard", actor={"seat": pending}, cards=cards)
        else:
            g.act("discard", seat=pending, hand_size=data.draw(st.integers(0, 12), label="hand size"))
        return
    if phase == "reveal":
        hex_ = state["explorers_pirates"]["reveal"]["hexes"][0]
        terrain = data.draw(st.sampled_from(ep.REVEAL_TERRAINS), label="turned over")
        area = state["board"]["layout"]["hexes"][hex_]["area"]
        if terrain == "sea" or state["explorers_pirates"]["stacks"][area] == 0:
            g.act("reveal_hex", hex=hex_, terrain="sea")
        else:
            g.act("reveal_hex", hex=hex_, terrain=terrain, number=data.draw(st.sampled_from(NUMBERS)))
        return
    board = view(state, seat)["board"]
    taps = [(kind, where) for kind, places in board["targets"].items() for where in places]
    choices = []
    if taps:
        choices += ["tap"] * 6
    if phase == "main":
        choices += ["trade", "gold", "start_movement", "end_turn", "ship_rebuild", "remove"]
    if phase == "movement":
        choices += ["buy_moves", "unload", "end_turn", "remove"]
        if board["targets"].get("sail"):
            choices += ["explore"] * 6
    choice = data.draw(st.sampled_from(choices), label="choice")
    if choice == "tap":
        kind, where = data.draw(st.sampled_from(taps), label="tap")
        action = board["actions"][kind]
        field = "edge" if "|" in where and where.count("|") == 1 else ("hex" if "|" not in where else "corner")
        builder = me if action.startswith("build_") else {"role": "table"}
        assert try_act(g, action, builder, **{field: where}) or action in ("build_ship",), (action, where)
    elif choice == "explore":  # east, towards the face-down hexes
        east = max(board["targets"]["sail"], key=lambda e: sum(2 * int(p.split(",")[0]) + int(p.split(",")[1])
                                                                 for p in e.split("|")))
        g.act("move_ship", edge=east)
    elif choice == "trade":
        give, get = data.draw(st.sampled_from(RESOURCES)), data.draw(st.sampled_from(RESOURCES))
        if hands.uses_hands(state):
            try_act(g, "trade_bank", me, give=give, get=get)
    elif choice == "gold":
        if data.draw(st.booleans()):
            try_act(g, "buy_with_gold", me, resource=data.draw(st.sampled_from(RESOURCES)))
        else:
            try_act(g, "trade_gold", me, give=data.draw(st.sampled_from(RESOURCES)), get="gold")
    elif choice == "ship_rebuild":
        mine = ep.own_ships(state, seat)
        harbours = ep.harbours_of(state, seat)
        if mine and harbours:
            edges = sea.sea_paths_at(state["board"]["layout"], harbours[0])
            try_act(g, "build_ship", me, edge=edges[0], remove=mine[0]["id"] if len(mine) >= ep.SHIPS else None)
    elif choice == "buy_moves":
        mine = [s for s in ep.own_ships(state, seat) if not s["done"]]
        if mine:
            try_act(g, "buy_moves", me, ship=mine[0]["id"])
    elif choice == "remove":
        remove_piece(data, g, seat)
    elif choice == "unload":
        mine = ep.own_ships(state, seat)
        if mine:
            try_act(g, "unload_settler", {"role": "table"}, ship=mine[0]["id"])
    else:
        try_act(g, choice, {"role": "table"})


def remove_piece(data, g: Played, seat: int) -> bool:
    """A piece of one of the seat's loaded ships or docks taken off (remove_piece): always allowed
    in its trade-and-build and movement phases."""
    e = g.state["explorers_pirates"]
    loads = [("ship", s["id"], s["cargo"]) for s in ep.own_ships(g.state, seat) if s["cargo"]]
    loads += [("corner", c, e["docks"][c]) for c in ep.harbours_of(g.state, seat) if e["docks"][c]]
    if not loads:
        return False
    field, where, load = data.draw(st.sampled_from(loads), label="take off from")
    piece = data.draw(st.sampled_from(sorted(set(load))), label="piece")
    g.act("remove_piece", **{field: where, "piece": piece,
                             "count": data.draw(st.integers(1, load.count(piece)), label="how many")})
    return True


def check_invariants(g: Played, start: dict) -> None:
    state = g.state
    n = len(state["players"])
    if hands.uses_hands(state):
        for r in RESOURCES:
            assert state["bank"][r] + sum(state["players"][s]["hand"][r] for s in range(n)) == hands.CARDS_PER_RESOURCE
    gold = state["gold"]
    assert all(h >= 0 for h in gold["held"])
    assert sum(gold["held"]) == sum(gold["earned"]) - sum(gold["spent"]) and sum(gold["moved"]) == 0
    ep_part = state["explorers_pirates"]
    for seat in range(n):
        ships = ep.own_ships(state, seat)
        assert len(ships) <= ep.SHIPS
        aboard = sum(s["cargo"].count("settler") for s in ships)
        docked = sum(d.count("settler") for c, d in ep_part["docks"].items() if ep_part["harbours"][c] == seat)
        assert ep_part["settlers"][seat] + aboard + docked <= ep.SETTLERS
        assert ep_part["settlers"][seat] >= 0
    paths = {}
    for ship in ep_part["ships"]:
        paths[ship["edge"]] = paths.get(ship["edge"], 0) + 1
        assert sea.is_sea_path(state["board"]["layout"], ship["edge"])
    if state["phase"] != "movement" or ep_part["moving"] is None:
        assert all(count <= ep.SHIPS_PER_PATH for count in paths.values())
    lay = state["board"]["layout"]
    for corner in state["board"]["pieces"]["settlements"]:
        assert not sea.corner_touches_unexplored(lay, corner)
    for edge in state["board"]["pieces"]["roads"]:
        assert not sea.edge_touches_unexplored(lay, edge)


def check_views(g: Played) -> None:
    state = g.state
    n = len(state["players"])
    table = view(state, "table")
    assert table["me"] is None
    for seat in range(n):
        seen = view(state, seat)
        assert seen["explorers_pirates"] == table["explorers_pirates"]  # all of it lies open on the table
        assert seen["me"]["seat"] == seat
        if hands.uses_hands(state):
            assert seen["me"]["hand"] == state["players"][seat]["hand"]
        text = json.dumps({k: v for k, v in seen.items() if k != "me"})
        assert '"hand"' not in text


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), players=st.sampled_from([2, 3, 4]), mode=st.sampled_from(["hands", "paper"]))
def test_random_games_keep_the_invariants(data, players, mode):
    g = Played(config(players, mode), seed=data.draw(st.integers(0, 1000), label="seed"))
    start = json.loads(json.dumps(g.state))
    for _ in range(70):
        if g.state["phase"] == "finished":
            break
        step(data, g)
        check_invariants(g, start)
    check_views(g)
    g.check_replay_and_undo()


GARBAGE = st.one_of(st.none(), st.booleans(), st.integers(-5, 500), st.floats(allow_nan=False),
                    st.text(max_size=12), st.sampled_from(["0,0", "1,2|2,2", "0,2|1,1|1,2", "gold", "sea", "7"]),
                    st.lists(st.integers(0, 3), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(0, 3)))
OWN_ACTIONS = ("build_harbour", "build_ship", "build_settler", "start_movement", "choose_ship", "move_ship",
               "buy_moves", "load_settler", "unload_settler", "found_settlement", "reveal_hex", "build_road",
               "build_settlement", "trade_bank", "trade_gold", "edit_hex", "board_done", "end_turn", "remove_piece")
FIELDS = ("edge", "corner", "hex", "ship", "remove", "terrain", "number", "give", "get", "count", "piece")


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), phase=st.sampled_from(["board", "roll", "main", "movement"]))
def test_bad_input_is_refused_with_a_code_never_an_error(data, phase):
    g = Played({**config(3, "hands"), "board": "manual" if phase == "board" else "beginner"})
    if phase in ("main", "movement"):
        g.act("roll", dice=[1, 1])
    if phase == "movement":
        g.act("start_movement")
    kind = data.draw(st.sampled_from(OWN_ACTIONS), label="action")
    args = {f: data.draw(GARBAGE, label=f) for f in FIELDS if data.draw(st.booleans(), label=f"with {f}")}
    actor = data.draw(st.sampled_from([{"role": "table"}, {"seat": 0}, {"seat": 1}]), label="actor")
    try:
        g.act(kind, actor=actor, **args)
    except IllegalAction as refused:
        assert refused.code
