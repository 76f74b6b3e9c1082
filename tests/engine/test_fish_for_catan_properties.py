"""Random legal games of Fish for Catan: resources, gold, crews and the 6 fish shoals are
conserved, the records replay to the live state, undo/redo round trips, and no view shows
another seat's hand. The driver is Pirate Lairs' (Land Ho!'s taps and buttons, crews, pirates,
lairs) plus fish fields turned over, tries for a shoal, catches and deliveries."""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import IllegalAction, apply, view
from companion.layers.explorers_pirates import board as sea
from companion.layers.explorers_pirates import council, missions
from companion.layers.explorers_pirates import rules as ep
from companion.layers.fish_for_catan import rules as ff
from tests.engine import test_explorers_pirates_properties as land_ho_driver
from tests.engine import test_pirate_lairs_properties as lairs_driver
from tests.engine.played import Played

NUMBERS = land_ho_driver.NUMBERS
T = {"role": "table"}


def config(players: int, mode: str, board: str = "beginner") -> dict:
    colours = ("red", "blue", "white", "orange")[:players]
    return {"rules": "explorers_pirates", "scenario": "fish_for_catan", "play_mode": mode, "dice_source": "virtual",
            "board": board, "players": [{"name": f"P{i}", "color": c} for i, c in enumerate(colours)]}


def _reveal(data, g: Played) -> None:
    """What the face-down hex shows: fish (a free face), a gold river, sea or land."""
    state = g.state
    hex_ = state["explorers_pirates"]["reveal"]["hexes"][0]
    terrain = data.draw(st.sampled_from(["fish", "fish", "gold_river", "sea", "forest", "pasture"]),
                        label="turned over")
    if terrain == "fish":
        free = [f for f in range(1, 7) if f not in state["fish_mission"]["fields"].values()]
        if free and land_ho_driver.try_act(g, "reveal_hex", T, hex=hex_, terrain="fish",
                                           die=data.draw(st.sampled_from(free), label="face")):
            return
    if terrain == "gold_river" and land_ho_driver.try_act(g, "reveal_hex", T, hex=hex_, terrain="gold_river"):
        return
    area = state["board"]["layout"]["hexes"][hex_]["area"]
    if terrain in ("sea", "fish", "gold_river") or state["explorers_pirates"]["stacks"][area] == 0:
        g.act("reveal_hex", hex=hex_, terrain="sea")
    else:
        g.act("reveal_hex", hex=hex_, terrain=terrain, number=data.draw(st.sampled_from(NUMBERS)))


def step(data, g: Played) -> None:
    state = g.state
    phase = state["phase"]
    if phase == "reveal":
        _reveal(data, g)
        return
    if phase == "movement":
        e = state["explorers_pirates"]
        moving = next((s for s in e["ships"] if s["id"] == e["moving"]), None)
        if moving is not None and len(ep.ships_on(state, moving["edge"])) > ep.SHIPS_PER_PATH:
            # passing through a full path it must sail on first (the core offers other ships' taps
            # then too, which it refuses: reported to the lead)
            g.act("move_ship", edge=ep.sailing_targets(state, moving)[0])
            return
        board = view(state, "table")["board"]
        offered = [(kind, where) for kind in ("catch", "deliver") for where in board["targets"].get(kind) or ()]
        if offered and data.draw(st.integers(0, 4), label="fish at once?") > 0:
            kind, where = data.draw(st.sampled_from(offered), label="fishing tap")
            g.act(board["actions"][kind], **({"hex": where} if kind == "catch" else {"edge": where}))
            return  # what the board offers to tap is always allowed
        if ff.view(None, state, "table")[1]["can_draw"] and data.draw(st.booleans(), label="try for a shoal?"):
            typed = data.draw(st.one_of(st.none(), st.integers(1, 6)), label="die")
            # (refused only with the moving ship on a full path, which it must leave first)
            land_ho_driver.try_act(g, "draw_shoal", T, **({} if typed is None else {"die": typed}))
            return
    lairs_driver.step(data, g)


def shoals_out(state: dict) -> int:
    """Shoals on fish fields and aboard ships, counted on the board (not from the supply)."""
    aboard = sum(s["cargo"].count(ff.SHOAL) for s in state["explorers_pirates"]["ships"])
    return len(state["fish_mission"]["shoals"]) + aboard


def shoals_moved(entries: list) -> int:
    """How many shoals the logged events brought onto the board, less those they sent back."""
    drawn = sum(1 for e in entries if e["kind"] == "ff_shoal_drawn" and e["params"]["result"] == "placed")
    back = sum(1 for e in entries if e["kind"] in ("ff_shoal_delivered", "ff_pirates_fish"))
    lost = sum((e["params"].get("lost") or []).count(ff.SHOAL) for e in entries if e["kind"] == "ep_ship_built")
    return drawn - back - lost


def check_invariants(g: Played) -> None:
    land_ho_driver.check_invariants(g, None)
    state = g.state
    for seat in range(len(state["players"])):
        assert lairs_driver.crews_everywhere(state, seat) == missions.CREWS
    assert 0 <= shoals_out(state) <= ff.SHOALS and ff.supply(state) == ff.SHOALS - shoals_out(state)
    f = state["fish_mission"]
    layout = state["board"]["layout"]
    assert len(set(f["fields"].values())) == len(f["fields"])  # a face on one field only
    for area, most in ff.FISH_PER_AREA.items():
        assert sum(1 for h in f["fields"] if layout["hexes"][h]["area"] == area) <= most
    for hex_, face in f["fields"].items():
        assert layout["hexes"][hex_]["terrain"] == "sea" and layout["hexes"][hex_]["fish"] == face
    assert len(set(f["shoals"])) == len(f["shoals"]) and set(f["shoals"]) <= set(f["fields"])
    assert state["ep_missions"]["pirates"]["hex"] not in f["shoals"] or state["phase"] != "pirates"
    for ship in state["explorers_pirates"]["ships"]:
        assert ff.SHOAL not in ship["cargo"] or ship["cargo"] == [ff.SHOAL]  # a shoal fills the hold
    for load in state["explorers_pirates"]["docks"].values():
        assert ff.SHOAL not in load
    track = state["ep_missions"]["tracks"]["fish_for_catan"]
    assert sorted(s for stack in track["stacks"].values() for s in stack) == list(range(len(state["players"])))


def check_views(g: Played) -> None:
    land_ho_driver.check_views(g)
    state = g.state
    table = view(state, "table")
    for seat in range(len(state["players"])):
        seen = view(state, seat)
        assert seen["fish"] == table["fish"]  # all public
        assert '"hand"' not in json.dumps({k: v for k, v in seen.items() if k != "me"})


@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), players=st.sampled_from([2, 3, 4]), mode=st.sampled_from(["hands", "paper"]),
       board=st.sampled_from(["beginner", "free"]))
def test_random_games_keep_the_invariants(data, players, mode, board):
    g = Played(config(players, mode, board), seed=data.draw(st.integers(0, 1000), label="seed"))
    for _ in range(120):
        if g.state["phase"] == "finished":
            break
        out, seen = shoals_out(g.state), g.state["counters"]["log"]
        step(data, g)
        check_invariants(g)
        # a shoal comes onto the board only by a try, and leaves it only by a delivery, the pirates or a rebuild
        assert shoals_out(g.state) - out == shoals_moved([e for e in g.state["log"] if e["n"] > seen])
    check_views(g)
    g.check_replay_and_undo()


class Replay:
    """Actions from a state the test set up by hand (a shortcut is no action): applied again to
    that state with the same chance, they give the live state."""

    def __init__(self, g: Played):
        self.g = g
        self.mark()

    def mark(self) -> None:
        self.start = json.loads(json.dumps(self.g.state))
        self.g.records.clear()

    def check(self) -> None:
        state = json.loads(json.dumps(self.start))
        for record in self.g.records:
            state, _ = apply(state, record["action"], self.g.chance)
        assert state == self.g.state


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
    kind = data.draw(st.sampled_from(OWN_ACTIONS), label="action")
    garbage = st.one_of(land_ho_driver.GARBAGE, st.sampled_from([hex_ or "0,0", "fish", 3, 0, 7, "6", [1, 2]]))
    args = {f: data.draw(garbage, label=f) for f in FIELDS if data.draw(st.booleans(), label=f"with {f}")}
    actor = data.draw(st.sampled_from([{"role": "table"}, {"seat": 0}, {"seat": 1}]), label="actor")
    try:
        g.act(kind, actor=actor, **args)
    except IllegalAction as refused:
        assert refused.code
    check_invariants(g)
