"""Random legal games of Fish for Catan: resources, gold, crews and the 6 fish shoals are
conserved, the records replay to the live state, undo/redo round trips, and no view shows
another seat's hand. The driver is the missions' shared one (tests/engine/missions_driver.py)
with Pirate Lairs' part and this mission's: fish fields turned over, tries for a shoal,
catches and deliveries."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import view
from companion.layers.cores.explorers_pirates import board as sea
from companion.layers.cores.explorers_pirates import council
from companion.layers.cores.explorers_pirates import rules as ep
from companion.layers.explorers_pirates_scenarios.fish_for_catan import rules as ff
from tests.engine import missions_driver as shared
from tests.engine import test_pirate_lairs_properties as lairs_driver
from tests.engine.played import Played

T = {"role": "table"}


def config(players: int, mode: str, board: str = "beginner") -> dict:
    return shared.config("fish_for_catan", players, mode, board)


def fish_offer(data, g: Played, hex_: str, area: str):
    """A fish field with a face no other shows, while the area has room for one."""
    fields = g.state["fish_mission"]["fields"]
    free = [f for f in ff.FACES if f not in fields.values()]
    most = (shared.scenario(g).get("fish") or ff.FISH_PER_AREA).get(area, 0)
    if not free or shared.found_in(g.state, fields, area) >= most:
        return None
    return {"die": data.draw(st.sampled_from(free), label="face")}


def fishing(data, g: Played) -> bool:
    """In the movement phase: often a catch or a delivery the board offers, sometimes a try
    for a shoal (a typed die or the server's)."""
    state = g.state
    board = view(state, "table")["board"]
    offered = [(kind, where) for kind in ("catch", "deliver") for where in board["targets"].get(kind) or ()]
    if offered and data.draw(st.integers(0, 4), label="fish at once?") > 0:
        kind, where = data.draw(st.sampled_from(offered), label="fishing tap")
        g.act(board["actions"][kind], **({"hex": where} if kind == "catch" else {"edge": where}))
        return True  # what the board offers to tap is always allowed
    if ff.view(None, state)[1]["can_draw"] and data.draw(st.booleans(), label="try for a shoal?"):
        typed = data.draw(st.one_of(st.none(), st.integers(1, 6)), label="die")
        g.act("draw_shoal", **({} if typed is None else {"die": typed}))  # (never from a full path: sailed on first)
        return True
    return False


def shoals_out(state: dict) -> int:
    """Shoals on fish fields and aboard ships, counted on the board (not from the supply)."""
    aboard = sum(s["cargo"].count(ff.SHOAL) for s in state["explorers_pirates"]["ships"])
    return len(state["fish_mission"]["shoals"]) + aboard


def shoals_moved(entries: list) -> int:
    """How many shoals the logged events brought onto the board, less those they sent back."""
    drawn = sum(1 for e in entries if e["kind"] == "ff_shoal_drawn" and e["params"]["result"] == "placed")
    back = sum(1 for e in entries if e["kind"] in ("ff_shoal_delivered", "ff_pirates_fish")
               or e["kind"] == "ep_pieces_removed" and e["params"]["piece"] == ff.SHOAL)
    lost = sum((e["params"].get("lost") or []).count(ff.SHOAL) for e in entries if e["kind"] == "ep_ship_built")
    return drawn - back - lost


def shoals_watch(g: Played):
    """A shoal comes onto the board only by a try, and leaves it only by a delivery, the
    pirates, a rebuild or being taken off a ship: what a step's log says of them is what moved."""
    out, seen = shoals_out(g.state), g.state["counters"]["log"]

    def after() -> None:
        assert shoals_out(g.state) - out == shoals_moved([e for e in g.state["log"] if e["n"] > seen])
    return after


def check_fish(g: Played) -> None:
    """The 6 shoals, one field a face within the area's count, a shoal filling a hold, never
    ashore."""
    state = g.state
    assert 0 <= shoals_out(state) <= ff.SHOALS and ff.supply(state) == ff.SHOALS - shoals_out(state)
    f = state["fish_mission"]
    layout = state["board"]["layout"]
    assert len(set(f["fields"].values())) == len(f["fields"])  # a face on one field only
    for area, most in (shared.scenario(g).get("fish") or ff.FISH_PER_AREA).items():
        assert shared.found_in(state, f["fields"], area) <= most
    for hex_, face in f["fields"].items():
        assert layout["hexes"][hex_]["terrain"] == "sea" and layout["hexes"][hex_]["fish"] == face
    assert len(set(f["shoals"])) == len(f["shoals"]) and set(f["shoals"]) <= set(f["fields"])
    assert state["ep_missions"]["pirates"]["hex"] not in f["shoals"] or state["phase"] != "pirates"
    for ship in state["explorers_pirates"]["ships"]:
        assert ff.SHOAL not in ship["cargo"] or ship["cargo"] == [ff.SHOAL]  # a shoal fills the hold
    for load in state["explorers_pirates"]["docks"].values():
        assert ff.SHOAL not in load


# Fish for Catan's own part: fish fields turned over, tries for a shoal, catches, deliveries.
PART = shared.Part(view_key="fish_for_catan", track="fish_for_catan", reveals={"fish": fish_offer}, movement=fishing,
                   check=check_fish)
DRIVER = shared.Driver(lairs_driver.PART, PART)  # the scenario plays Pirate Lairs too
step, check_invariants, check_views = DRIVER.step, DRIVER.check_invariants, DRIVER.check_views


@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), players=st.sampled_from([2, 3, 4]), mode=st.sampled_from(["hands", "paper"]),
       board=st.sampled_from(["beginner", "free"]))
def test_random_games_keep_the_invariants(data, players, mode, board):
    DRIVER.play(data, config(players, mode, board), 120, watch=shoals_watch)


Replay = shared.Replay


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_shoal_drawn_caught_and_delivered_in_a_random_game(data):
    """A fish field turned over, a try for a shoal (typed or the server's die), an empty ship at
    a random corner of its hex catching it, and a delivery at a random council port: the 6
    shoals are conserved, the marker moves one field, and the actions replay."""
    g = Played(config(data.draw(st.sampled_from([2, 3, 4]), label="players"), "hands"),
               seed=data.draw(st.integers(0, 1000), label="seed"))
    g.act("roll", dice=[2, 3])
    g.act("start_movement")
    seat = g.state["turn"]["seat"]
    ship = ep.own_ships(g.state, seat)[0]
    layout = g.state["board"]["layout"]
    hex_ = data.draw(st.sampled_from(sorted(h for h, x in layout["hexes"].items() if x["terrain"] == "unexplored")),
                     label="fish hex")
    g.state["explorers_pirates"]["reveal"] = {"ship": ship["id"], "seat": seat, "hexes": [hex_]}  # (sailed there)
    g.state["phase"] = "reveal"
    replay = Replay(g)
    face = data.draw(st.integers(1, 6), label="face")
    g.act("reveal_hex", hex=hex_, terrain="fish", die=face)
    typed = data.draw(st.one_of(st.none(), st.integers(1, 6)), label="die")
    g.act("draw_shoal", **({} if typed is None else {"die": typed}))
    die = next(e for e in reversed(g.state["log"]) if e["kind"] == "ff_shoal_drawn")["params"]["die"]
    assert (g.state["fish_mission"]["shoals"] == [hex_]) == (die == face)
    assert shoals_out(g.state) == (1 if die == face else 0)
    replay.check()
    if die != face:
        return
    layout = g.state["board"]["layout"]
    corner = sea.hex_corner(hex_, data.draw(st.integers(0, 5), label="corner"))
    paths = [e for e in sea.sea_paths_at(layout, corner) if not ep.ships_on(g.state, e)]
    if not paths:
        return
    ship = ep.own_ships(g.state, seat)[0]
    g.state["explorers_pirates"]["settlers"][seat] += ship["cargo"].count("settler")
    ship.update(edge=paths[0], cargo=[])  # (sailed there, its settler gone ashore)
    replay.mark()
    assert view(g.state, "table")["board"]["targets"]["catch"] == [hex_]
    g.act("catch_shoal", hex=hex_)
    assert g.state["fish_mission"]["shoals"] == [] and ep.own_ships(g.state, seat)[0]["cargo"] == [ff.SHOAL]
    assert shoals_out(g.state) == 1 and ff.supply(g.state) == ff.SHOALS - 1
    replay.check()
    port = council.ports(layout)[data.draw(st.integers(0, 1), label="port")]
    at_port = next(e for e in sea.sea_paths_at(layout, port) if not ep.ships_on(g.state, e))
    ep.own_ships(g.state, seat)[0]["edge"] = at_port  # (sailed there)
    replay.mark()
    assert view(g.state, "table")["board"]["targets"]["deliver"] == [at_port]
    before = list(g.state["ep_missions"]["tracks"]["fish_for_catan"]["at"])
    g.act("deliver_shoal", edge=at_port)
    after = g.state["ep_missions"]["tracks"]["fish_for_catan"]["at"]
    assert after[seat] == before[seat] + 1 and sum(after) == sum(before) + 1
    assert ff.supply(g.state) == ff.SHOALS and shoals_out(g.state) == 0
    replay.check()


OWN_ACTIONS = ("draw_shoal", "catch_shoal", "deliver_shoal", "reveal_hex", "place_pirates", "swap_cargo", "load_crew",
               "build_crew", "move_ship", "end_turn")
FIELDS = ("edge", "corner", "hex", "ship", "count", "die", "number", "terrain")


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), phase=st.sampled_from(["main", "movement", "pirates", "reveal"]))
def test_bad_input_is_refused_with_a_code_never_an_error(data, phase):
    g = Played(config(3, "hands"))
    g.act("roll", dice=[3, 4] if phase == "pirates" else [2, 3])
    hex_ = None
    if phase in ("movement", "reveal"):
        g.act("start_movement")
        layout = g.state["board"]["layout"]
        hex_ = sorted(h for h, x in layout["hexes"].items() if x["terrain"] == "unexplored")[0]
        g.state["explorers_pirates"]["reveal"] = {"ship": 1, "seat": 0, "hexes": [hex_]}
        g.state["phase"] = "reveal"
        if phase == "movement":
            g.act("reveal_hex", hex=hex_, terrain="fish", die=3)
            g.act("draw_shoal", die=data.draw(st.sampled_from([3, 4]), label="first try"))
    shared.garbage_action(data, g, OWN_ACTIONS, FIELDS, [hex_ or "0,0", "fish", 3, 0, 7, "6", [1, 2]])
    check_invariants(g)
