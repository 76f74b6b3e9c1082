"""Random legal games of Spices for Catan: resources, gold, crews and the 24 spice sacks are
conserved, the villages' merchants and building rights agree, the records replay to the live
state, undo/redo round trips, and no view shows another seat's hand. The driver is the
missions' shared one (tests/engine/missions_driver.py) with Fish for Catan's part and this
mission's: spice-field reveals, merchants, deliveries and quick gold."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import IllegalAction
from companion.layers.cores.explorers_pirates import board as sea
from companion.layers.cores.explorers_pirates import council, missions
from companion.layers.cores.explorers_pirates import rules as ep
from companion.layers.explorers_pirates_scenarios.spices_for_catan import rules as sp
from tests.engine import missions_driver as shared
from tests.engine import test_fish_for_catan_properties as fish_driver
from tests.engine.played import Played

RESOURCES = ("brick", "lumber", "wool", "grain", "ore")


def config(players: int, mode: str, board: str = "beginner") -> dict:
    return shared.config("spices_for_catan", players, mode, board)


def spice_offer(data, g: Played, hex_: str, area: str):
    """A spice field with a benefit still face down, while the area has room for one."""
    left = [b for b, n in sp.benefits_left(g.state).items() if n > 0]
    most = (shared.scenario(g).get("spices") or {}).get(area, sp.SPICES_PER_AREA)
    if not left or shared.found_in(g.state, g.state["spices_for_catan"]["villages"], area) >= most:
        return None
    return {"benefit": data.draw(st.sampled_from(left), label="benefit")}


def quick_gold(data, g: Played, seat: int, actor) -> None:
    shared.try_act(g, "quick_gold", actor, resource=data.draw(st.sampled_from(RESOURCES), label="resource"))


def merchant_args(data, g: Played, ship: dict) -> dict:
    villages = sorted(g.state["spices_for_catan"]["villages"])
    return {"hex": data.draw(st.sampled_from(villages), label="village")} if villages else {}


def sacks_everywhere(state: dict) -> int:
    s = state["spices_for_catan"]
    assert not any(sp.SACK in d for d in state["explorers_pirates"]["docks"].values())  # never ashore
    return s["supply"] + sum(v["sacks"] for v in s["villages"].values()) + sp.sacks_aboard(state)


def check_spices(g: Played) -> None:
    """The 24 sacks, one merchant a player a village, building only with a merchant there,
    the benefits and the area's count of villages."""
    state = g.state
    n = len(state["players"])
    assert sacks_everywhere(state) == sp.SACKS
    layout = state["board"]["layout"]
    for hex_, village in state["spices_for_catan"]["villages"].items():
        assert len(set(village["crews"])) == len(village["crews"])  # one merchant a player
        assert layout["hexes"][hex_]["terrain"] == "spice"
        assert layout["hexes"][hex_]["open_to"] == sorted(village["crews"])  # building only with a merchant
        assert village["sacks"] == n - len(village["crews"])  # a sack a player, each merchant takes one
    for benefit, left in sp.benefits_left(state).items():
        assert 0 <= left <= sp.BENEFITS[benefit]
    for area in sea.AREAS:
        assert shared.found_in(state, state["spices_for_catan"]["villages"], area) <= sp.SPICES_PER_AREA
    for corner, owner in state["board"]["pieces"]["settlements"].items():
        for p in sea.corner_positions(corner):
            cell = layout["hexes"].get(p) or {}
            assert "open_to" not in cell or owner in cell["open_to"] or owner >= n


# Spices for Catan's own part: spice fields turned over, merchants, deliveries, quick gold.
PART = shared.Part(view_key="spices_for_catan", track="spices_for_catan", reveals={"spice": spice_offer},
                   main=(quick_gold,), ships={"place_merchant": merchant_args, "deliver_spices": lambda *a: {}},
                   crews=sp.crews_in_villages, check=check_spices)
DRIVER = shared.Driver(fish_driver.PART, PART)  # the scenario plays Fish for Catan too
step, crews_everywhere = DRIVER.step, DRIVER.crews_everywhere
check_invariants, check_views = DRIVER.check_invariants, DRIVER.check_views


@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), players=st.sampled_from([2, 3, 4]), mode=st.sampled_from(["hands", "paper"]),
       board=st.sampled_from(["beginner", "free"]))
def test_random_games_keep_the_invariants(data, players, mode, board):
    DRIVER.play(data, config(players, mode, board), 120)


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
    shared.garbage_action(data, g, OWN_ACTIONS, FIELDS, [hex_, "spice", "quick_gold", "fast_travel", 1, 2])
