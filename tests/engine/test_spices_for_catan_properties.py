"""Random legal games of Spices for Catan: resources, gold, crews and the 24 spice sacks are
conserved, the villages' merchants and building rights agree, the records replay to the live
state, undo/redo round trips, and no view shows another seat's hand. The driver is Land Ho!'s
(what the board offers to tap, a phone's buttons) plus crews, pirates, spice-field reveals,
merchants, deliveries and quick gold."""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import IllegalAction, view
from companion.layers.explorers_pirates import board as sea
from companion.layers.explorers_pirates import council, missions
from companion.layers.explorers_pirates import rules as ep
from companion.layers.spices_for_catan import rules as sp
from tests.engine import test_explorers_pirates_properties as land_ho_driver
from tests.engine.played import Played

NUMBERS = land_ho_driver.NUMBERS
RESOURCES = ("brick", "lumber", "wool", "grain", "ore")
T = {"role": "table"}


def config(players: int, mode: str, board: str = "beginner") -> dict:
    colours = ("red", "blue", "white", "orange")[:players]
    return {"rules": "explorers_pirates", "scenario": "spices_for_catan", "play_mode": mode,
            "dice_source": "virtual", "board": board,
            "players": [{"name": f"P{i}", "color": c} for i, c in enumerate(colours)]}


def _reveal(data, g: Played) -> None:
    state = g.state
    hex_ = state["explorers_pirates"]["reveal"]["hexes"][0]
    layout = state["board"]["layout"]
    area = layout["hexes"][hex_]["area"]
    terrain = data.draw(st.sampled_from(["spice", "spice", "fish", "sea", "forest", "pasture", "mountains"]),
                        label="turned over")
    if terrain == "fish" and land_ho_driver.try_act(g, "reveal_hex", T, hex=hex_, terrain="fish",
                                                    die=data.draw(st.integers(1, 6), label="die face")):
        return  # (the fish mission's own refusals: every face or field taken, then as sea below)
    found = sum(1 for h in state["spices_for_catan"]["villages"] if layout["hexes"][h]["area"] == area)
    left = [b for b, n in sp.benefits_left(state).items() if n > 0]
    if terrain == "spice" and found < sp.SPICES_PER_AREA and left:
        g.act("reveal_hex", hex=hex_, terrain="spice", benefit=data.draw(st.sampled_from(left), label="benefit"))
    elif terrain in ("spice", "fish", "sea") or state["explorers_pirates"]["stacks"][area] == 0:
        g.act("reveal_hex", hex=hex_, terrain="sea")
    else:
        g.act("reveal_hex", hex=hex_, terrain=terrain, number=data.draw(st.sampled_from(NUMBERS), label="token"))


def step(data, g: Played) -> None:
    state = g.state
    phase = state["phase"]
    seat = state["turn"]["seat"]
    try_act = land_ho_driver.try_act
    if phase == "reveal":
        _reveal(data, g)
        return
    if phase == "pirate_steal":
        if data.draw(st.booleans(), label="steal?"):
            g.act("pirate_steal", victim=data.draw(st.sampled_from(state["ep_missions"]["placing"]["victims"])))
        else:
            g.act("pirate_spare")
        return
    e = state["explorers_pirates"]
    moving = next((s for s in e["ships"] if s["id"] == e["moving"]), None)
    if phase == "movement" and moving and len(ep.ships_on(state, moving["edge"])) > ep.SHIPS_PER_PATH:
        # passing through a full path: it sails on (the core still offers other ships' taps,
        # which it refuses then: /tmp/requests_spices.md)
        g.act("move_ship", edge=data.draw(st.sampled_from(ep.sailing_targets(state, moving)), label="sail on"))
        return
    if phase in ("main", "movement") and data.draw(st.integers(0, 2), label="mission step") == 0:
        me = land_ho_driver._actor(g, seat)
        mine = ep.own_ships(state, seat)
        if phase == "main":
            if data.draw(st.integers(0, 2), label="crew or gold"):
                harbours = ep.harbours_of(state, seat)
                if harbours:
                    try_act(g, "build_crew", me, corner=harbours[0])
            else:
                try_act(g, "quick_gold", me, resource=data.draw(st.sampled_from(RESOURCES), label="resource"))
        elif mine:
            ship = data.draw(st.sampled_from(mine), label="ship")
            kind = data.draw(st.sampled_from(["load_crew", "load_crew", "swap_cargo", "swap_cargo", "unload_crew",
                                              "chase_pirates", "place_merchant", "deliver_spices"]), label="kind")
            villages = sorted(state["spices_for_catan"]["villages"])
            args = {"ship": ship["id"]}
            if kind == "place_merchant" and villages:
                args["hex"] = data.draw(st.sampled_from(villages), label="village")
            try_act(g, kind, T, **args)
        return
    land_ho_driver.step(data, g)


def sacks_everywhere(state: dict) -> int:
    s = state["spices_for_catan"]
    assert not any(sp.SACK in d for d in state["explorers_pirates"]["docks"].values())  # never ashore
    return s["supply"] + sum(v["sacks"] for v in s["villages"].values()) + sp.sacks_aboard(state)


def crews_everywhere(state: dict, seat: int) -> int:
    return (state["ep_missions"]["crews"][seat] + missions.crews_on_board(state, seat)
            + sp.crews_in_villages(state, seat))


def check_invariants(g: Played) -> None:
    land_ho_driver.check_invariants(g, None)
    state = g.state
    n = len(state["players"])
    assert sacks_everywhere(state) == sp.SACKS
    for seat in range(n):
        assert crews_everywhere(state, seat) == missions.CREWS
    e = state["explorers_pirates"]
    for load in [s["cargo"] for s in e["ships"]] + list(e["docks"].values()):
        assert missions.used(load) <= missions.PLACES
    layout = state["board"]["layout"]
    for hex_, village in state["spices_for_catan"]["villages"].items():
        assert len(set(village["crews"])) == len(village["crews"])  # one merchant a player
        assert layout["hexes"][hex_]["terrain"] == "spice"
        assert layout["hexes"][hex_]["open_to"] == sorted(village["crews"])  # building only with a merchant
        assert village["sacks"] == n - len(village["crews"])  # a sack a player, each merchant takes one
    for benefit, left in sp.benefits_left(state).items():
        assert 0 <= left <= sp.BENEFITS[benefit]
    for area in sea.AREAS:
        assert sum(1 for h in state["spices_for_catan"]["villages"] if layout["hexes"][h]["area"] == area) <= 3
    for corner, owner in state["board"]["pieces"]["settlements"].items():
        for p in sea.corner_positions(corner):
            cell = layout["hexes"].get(p) or {}
            assert "open_to" not in cell or owner in cell["open_to"] or owner >= n
    track = state["ep_missions"]["tracks"]["spices_for_catan"]
    assert sorted(s for stack in track["stacks"].values() for s in stack) == list(range(n))


def check_views(g: Played) -> None:
    land_ho_driver.check_views(g)
    state = g.state
    table = view(state, "table")
    for seat in range(len(state["players"])):
        seen = view(state, seat)
        assert seen["spices_for_catan"] == table["spices_for_catan"]  # all public
        assert '"hand"' not in json.dumps({k: v for k, v in seen.items() if k != "me"})


@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), players=st.sampled_from([2, 3, 4]), mode=st.sampled_from(["hands", "paper"]),
       board=st.sampled_from(["beginner", "free"]))
def test_random_games_keep_the_invariants(data, players, mode, board):
    g = Played(config(players, mode, board), seed=data.draw(st.integers(0, 1000), label="seed"))
    for _ in range(120):
        if g.state["phase"] == "finished":
            break
        step(data, g)
        check_invariants(g)
    check_views(g)
    g.check_replay_and_undo()


def _put(state: dict, ship: dict, corner: str) -> None:
    """The ship on a free sea path at `corner` (a test's shortcut)."""
    layout = state["board"]["layout"]
    edge = next(e for e in sea.sea_paths_at(layout, corner) if len(ep.ships_on(state, e)) < 2)
    ship.update(edge=edge, bow=corner)


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), players=st.sampled_from([2, 3, 4]))
def test_merchants_and_deliveries_in_a_random_order_keep_the_sacks_and_the_track(data, players):
    """Spice fields found, then merchants of random players put into random villages and
    their sacks delivered: each player's marker moves once a sack, sacks come back."""
    g = Played(config(players, "hands"), seed=data.draw(st.integers(0, 1000), label="seed"))
    g.act("roll", dice=[2, 3])
    g.act("start_movement")
    layout = g.state["board"]["layout"]
    west = [sea.offset_to_axial(7, row) for row in (0, 1, 2, 4, 5, 6)]
    kinds = [b for b, n in sp.BENEFITS.items() for _ in range(n)]
    kinds = data.draw(st.permutations(kinds), label="benefits")
    for hex_, benefit in zip(west, kinds):
        g.state["explorers_pirates"]["reveal"] = {"ship": 1, "seat": 0, "hexes": [hex_]}
        g.state["phase"] = "reveal"
        g.act("reveal_hex", hex=hex_, terrain="spice", benefit=benefit)
    assert g.state["spices_for_catan"]["supply"] == sp.SACKS - 6 * players
    delivered = [0] * players
    for _ in range(data.draw(st.integers(1, 12), label="visits")):
        seat = g.state["turn"]["seat"]
        hex_ = data.draw(st.sampled_from(west), label="village")
        ship = ep.own_ships(g.state, seat)[0]
        g.state["explorers_pirates"]["settlers"][seat] += ship["cargo"].count("settler")
        g.state["ep_missions"]["crews"][seat] += ship["cargo"].count("crew")
        g.state["spices_for_catan"]["supply"] += ship["cargo"].count(sp.SACK)
        ship["cargo"] = []
        if g.state["ep_missions"]["crews"][seat] == 0:
            break
        g.state["ep_missions"]["crews"][seat] -= 1
        ship["cargo"] = ["crew"]
        _put(g.state, ship, sea.hex_corner(hex_, 4))  # south-west: open sea
        village = g.state["spices_for_catan"]["villages"][hex_]
        try:
            g.act("place_merchant", hex=hex_, ship=ship["id"])
        except IllegalAction as refused:
            assert refused.code == "sp_one_crew_per_village" and seat in village["crews"]
            continue
        if sp.SACK in ship["cargo"]:
            _put(g.state, ship, council.ports(layout)[data.draw(st.integers(0, 1), label="port")])
            g.act("deliver_spices", ship=ship["id"])
            delivered[seat] += 1
        assert sacks_everywhere(g.state) == sp.SACKS
        for s in range(players):
            assert crews_everywhere(g.state, s) == missions.CREWS
        if data.draw(st.booleans(), label="next player"):
            g.act("end_turn")
            g.act("roll", dice=[1, 2])
            g.act("start_movement")
    track = g.state["ep_missions"]["tracks"]["spices_for_catan"]
    assert track["at"] == delivered
    assert all(len(v["crews"]) + v["sacks"] == players for v in g.state["spices_for_catan"]["villages"].values())


def _distance(layout: dict, edge: str, targets: list[str]) -> tuple[int, int]:
    """How far a path is from the nearest of `targets` (axial positions): from the hexes at its
    two ends (0: it points at one), then from its two sides."""
    def apart(a, b):
        (q1, r1), (q2, r2) = sea.parse_hex_id(a), sea.parse_hex_id(b)
        return (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) // 2
    ends = {p for c in sea.edge_corners(layout, edge) for p in sea.corner_positions(c)}
    return (min(apart(p, t) for p in ends for t in targets),
            sum(min(apart(side, t) for t in targets) for side in edge.split("|")))


def _sail(data, g: Played, ship_id: int, targets, done) -> None:
    """Red's ship sails (legal steps only, over turns if need be) towards `targets()` until
    `done()`; a face-down hex it points at is turned over by `reveal(hex)`."""
    for _ in range(60):
        if done():
            return
        state = g.state
        if state["phase"] == "reveal":
            return
        ship = next(s for s in state["explorers_pirates"]["ships"] if s["id"] == ship_id)
        if state["turn"]["seat"] != 0 or state["phase"] != "movement":
            if state["phase"] == "roll":
                g.act("roll", dice=[1, 2])
            elif state["phase"] == "main" and state["turn"]["seat"] == 0:
                g.act("start_movement")
            else:
                g.act("end_turn")
            continue
        paths = ep.sailing_targets(state, ship)
        if paths:
            layout = state["board"]["layout"]
            best = min(_distance(layout, e, targets()) for e in paths)
            g.act("move_ship", ship=ship_id, edge=data.draw(
                st.sampled_from([e for e in paths if _distance(layout, e, targets()) == best]), label="path"))
        elif not ship["bonus"] and not ship["done"]:
            g.act("buy_moves", ship=ship_id)
        else:
            g.act("end_turn")
    raise AssertionError("the ship did not get there")


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), players=st.sampled_from([2, 3, 4]))
def test_a_whole_spice_round_with_legal_actions_replays(data, players):
    """Paper cards, legal actions only: red builds a crew, swaps it aboard, sails out, turns a
    face-down hex over as a spice field, puts the merchant there, sails to the council and
    delivers the sack; the records replay, undo and redo."""
    g = Played(config(players, "paper"), seed=data.draw(st.integers(0, 1000), label="seed"))
    g.act("roll", dice=[2, 3])
    g.act("build_crew", corner=ep.harbours_of(g.state, 0)[0])
    g.act("start_movement")
    ship_id = ep.own_ships(g.state, 0)[0]["id"]
    g.act("swap_cargo", ship=ship_id)
    benefit = data.draw(st.sampled_from(sorted(sp.BENEFITS)), label="benefit")

    def face_down():
        return [h for h, x in g.state["board"]["layout"]["hexes"].items() if x["terrain"] == "unexplored"]
    _sail(data, g, ship_id, face_down, lambda: g.state["phase"] == "reveal")
    for k, hex_ in enumerate(list(g.state["explorers_pirates"]["reveal"]["hexes"])):
        if k == 0:
            g.act("reveal_hex", hex=hex_, terrain="spice", benefit=benefit)
            village = hex_
        else:
            g.act("reveal_hex", hex=hex_, terrain="sea")
    assert g.state["spices_for_catan"]["villages"][village]["sacks"] == players
    assert sp.targets(g.state, 0)["village"] == [village]
    g.act("place_merchant", hex=village)
    assert sp.benefits_of(g.state, 0) == [benefit]
    ports = council.ports(g.state["board"]["layout"])
    near_ports = sorted({p for c in ports for p in sea.corner_positions(c)})

    def at_port():
        ship = next(s for s in g.state["explorers_pirates"]["ships"] if s["id"] == ship_id)
        return g.state["turn"]["seat"] == 0 and g.state["phase"] == "movement" and council.port_at(g.state, ship)
    while not at_port():
        if g.state["phase"] == "reveal":
            for hex_ in list(g.state["explorers_pirates"]["reveal"]["hexes"]):
                g.act("reveal_hex", hex=hex_, terrain="sea")
            continue
        _sail(data, g, ship_id, lambda: near_ports, at_port)
    g.act("deliver_spices", ship=ship_id)
    assert g.state["ep_missions"]["tracks"]["spices_for_catan"]["at"][0] == 1
    assert sacks_everywhere(g.state) == sp.SACKS
    assert crews_everywhere(g.state, 0) == missions.CREWS
    g.check_replay_and_undo()


OWN_ACTIONS = ("place_merchant", "deliver_spices", "quick_gold", "reveal_hex", "build_crew", "load_crew",
               "swap_cargo", "chase_pirates", "move_ship", "build_ship", "end_turn")
FIELDS = ("edge", "corner", "hex", "ship", "count", "resource", "terrain", "number", "benefit", "die", "remove")


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), phase=st.sampled_from(["main", "movement", "reveal"]))
def test_bad_input_is_refused_with_a_code_never_an_error(data, phase):
    g = Played(config(3, "hands"))
    g.act("roll", dice=[2, 3])
    hex_ = sea.offset_to_axial(7, 1)
    if phase in ("movement", "reveal"):
        g.act("start_movement")
        g.state["explorers_pirates"]["reveal"] = {"ship": 1, "seat": 0, "hexes": [hex_]}
        g.state["phase"] = "reveal"
        if phase == "movement":
            g.act("reveal_hex", hex=hex_, terrain="spice", benefit="quick_gold")
    kind = data.draw(st.sampled_from(OWN_ACTIONS), label="action")
    garbage = st.one_of(land_ho_driver.GARBAGE, st.sampled_from([hex_, "spice", "quick_gold", "fast_travel", 1, 2]))
    args = {f: data.draw(garbage, label=f) for f in FIELDS if data.draw(st.booleans(), label=f"with {f}")}
    actor = data.draw(st.sampled_from([{"role": "table"}, {"seat": 0}, {"seat": 1}]), label="actor")
    try:
        g.act(kind, actor=actor, **args)
    except IllegalAction as refused:
        assert refused.code
