"""Random legal games of Pirate Lairs: resources, gold and crews are conserved, the records
replay to the live state, undo/redo round trips, and no view shows another seat's hand. The
driver is Land Ho!'s (what the board offers to tap, a phone's buttons) plus the crews, the
pirates, gold-river reveals and the conquest."""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import view
from companion.layers.explorers_pirates import missions
from companion.layers.explorers_pirates import rules as ep
from tests.engine import test_explorers_pirates_properties as land_ho_driver
from tests.engine.played import Played

NUMBERS = land_ho_driver.NUMBERS
T = {"role": "table"}


def config(players: int, mode: str, board: str = "beginner") -> dict:
    colours = ("red", "blue", "white", "orange")[:players]
    return {"rules": "explorers_pirates", "scenario": "pirate_lairs", "play_mode": mode, "dice_source": "virtual",
            "board": board, "players": [{"name": f"P{i}", "color": c} for i, c in enumerate(colours)]}


def step(data, g: Played) -> None:
    state = g.state
    phase = state["phase"]
    seat = state["turn"]["seat"]
    try_act = land_ho_driver.try_act
    if phase == "reveal":
        hex_ = state["explorers_pirates"]["reveal"]["hexes"][0]
        terrain = data.draw(st.sampled_from(["gold_river", "gold_river", "sea", "forest", "pasture", "mountains"]),
                            label="turned over")
        area = state["board"]["layout"]["hexes"][hex_]["area"]
        layout = state["board"]["layout"]
        rivers = sum(1 for h in state["pirate_lairs"]["lairs"] if layout["hexes"][h]["area"] == area)
        if terrain == "gold_river" and state["pirate_lairs"]["stack"] > 0 and rivers < 3:
            g.act("reveal_hex", hex=hex_, terrain=terrain)
        elif terrain == "sea" or terrain == "gold_river" or state["explorers_pirates"]["stacks"][area] == 0:
            g.act("reveal_hex", hex=hex_, terrain="sea")
        else:
            g.act("reveal_hex", hex=hex_, terrain=terrain, number=data.draw(st.sampled_from(NUMBERS)))
        return
    if phase == "pirate_steal":
        if data.draw(st.booleans(), label="steal?"):
            victim = data.draw(st.sampled_from(state["ep_missions"]["placing"]["victims"]), label="victim")
            g.act("pirate_steal", victim=victim)
        else:
            g.act("pirate_spare")
        return
    if phase == "conquest":
        conquest = state["pirate_lairs"]["conquest"]
        if conquest["stage"] == "number":
            g.act("conquer", number=data.draw(st.sampled_from(NUMBERS), label="lair number"))
        elif data.draw(st.booleans(), label="typed?"):
            g.act("hero_roll", dice=[data.draw(st.integers(1, 6)) for _ in conquest["tied"]])
        else:
            g.act("hero_roll")
        return
    if phase in ("main", "movement") and data.draw(st.integers(0, 3), label="crew step") == 0:
        mine = ep.own_ships(state, seat)
        me = land_ho_driver._actor(g, seat)
        if phase == "main":
            harbours = ep.harbours_of(state, seat)
            if harbours:
                try_act(g, "build_crew", me, corner=harbours[0])
        elif mine:
            ship = data.draw(st.sampled_from(mine), label="ship")
            kind = data.draw(st.sampled_from(["load_crew", "unload_crew", "swap_cargo", "chase_pirates"]))
            try_act(g, kind, T, ship=ship["id"])
        return
    land_ho_driver.step(data, g)


def crews_everywhere(state: dict, seat: int) -> int:
    lairs = sum(l["crews"].count(seat) + l["beside"].count(seat) for l in state["pirate_lairs"]["lairs"].values())
    return state["ep_missions"]["crews"][seat] + missions.crews_on_board(state, seat) + lairs


def check_invariants(g: Played) -> None:
    land_ho_driver.check_invariants(g, None)
    state = g.state
    for seat in range(len(state["players"])):
        assert crews_everywhere(state, seat) == missions.CREWS
    e = state["explorers_pirates"]
    for load in [s["cargo"] for s in e["ships"]] + list(e["docks"].values()):
        assert missions.used(load) <= missions.PLACES
    for lair in state["pirate_lairs"]["lairs"].values():
        assert len(lair["crews"]) <= 3
    pirates = state["ep_missions"]["pirates"]
    assert (pirates["hex"] is None) == (pirates["seat"] is None)
    track = state["ep_missions"]["tracks"]["pirate_lairs"]
    assert sorted(s for stack in track["stacks"].values() for s in stack) == list(range(len(state["players"])))


def check_views(g: Played) -> None:
    land_ho_driver.check_views(g)
    state = g.state
    table = view(state, "table")
    for seat in range(len(state["players"])):
        seen = view(state, seat)
        assert seen["pirate_lairs"] == table["pirate_lairs"]  # all public
        assert '"hand"' not in json.dumps({k: v for k, v in seen.items() if k != "me"})


@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), players=st.sampled_from([2, 3, 4]), mode=st.sampled_from(["hands", "paper"]),
       board=st.sampled_from(["beginner", "free"]))
def test_random_games_keep_the_invariants(data, players, mode, board):
    g = Played(config(players, mode, board), seed=data.draw(st.integers(0, 1000), label="seed"))
    for _ in range(80):
        if g.state["phase"] == "finished":
            break
        step(data, g)
        check_invariants(g)
    check_views(g)
    g.check_replay_and_undo()


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_conquest_in_a_random_game_keeps_the_invariants(data):
    """A lair with crews of random owners falls: gold, tracks and crews stay consistent."""
    g = Played(config(3, "hands"), seed=data.draw(st.integers(0, 1000), label="seed"))
    g.act("roll", dice=[2, 3])
    g.act("start_movement")
    layout = g.state["board"]["layout"]
    hex_ = sorted(h for h, x in layout["hexes"].items() if x["terrain"] == "unexplored")[0]
    g.state["explorers_pirates"]["reveal"] = {"ship": 1, "seat": 0, "hexes": [hex_]}
    g.state["phase"] = "reveal"
    g.act("reveal_hex", hex=hex_, terrain="gold_river")
    owners = [data.draw(st.integers(0, 2), label="crew owner") for _ in range(3)]
    for s in owners:
        g.state["ep_missions"]["crews"][s] -= 1
    g.state["pirate_lairs"]["lairs"][hex_]["crews"] = owners
    g.state["pirate_lairs"]["pending"] = [hex_]
    g.records.clear()  # (the shortcuts above are not actions: replay from here)
    g.config = None
    start = json.loads(json.dumps(g.state))
    gold_before = sum(start["gold"]["held"])
    g.act("end_turn")
    g.act("conquer", number=data.draw(st.sampled_from(NUMBERS)))
    while g.state["phase"] == "conquest":
        g.act("hero_roll")
    contributors = set(owners)
    assert sum(g.state["gold"]["held"]) == gold_before + 2 * len(contributors)
    track = g.state["ep_missions"]["tracks"]["pirate_lairs"]
    assert sum(track["at"]) == len(contributors) + 1
    for seat in range(3):
        assert crews_everywhere(g.state, seat) == missions.CREWS
    assert g.state["turn"]["seat"] == 1


OWN_ACTIONS = ("build_crew", "load_crew", "unload_crew", "swap_cargo", "place_pirates", "pirate_steal", "pirate_spare",
               "chase_pirates", "land_crews", "collect_crews", "conquer", "hero_roll", "reveal_hex", "move_ship",
               "end_turn")
FIELDS = ("edge", "corner", "hex", "ship", "count", "victim", "take", "die", "dice", "number", "terrain")


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), phase=st.sampled_from(["main", "movement", "pirates", "pirate_steal", "conquest", "reveal"]))
def test_bad_input_is_refused_with_a_code_never_an_error(data, phase):
    from companion.engine import IllegalAction
    g = Played(config(3, "hands"))
    hex_ = None
    if phase in ("pirates", "pirate_steal"):
        g.act("roll", dice=[3, 4])
        if phase == "pirate_steal":
            g.state["ep_missions"]["placing"].update(victims=[1], hex=missions.pirate_hexes(g.state)[0])
            g.state["phase"] = "pirate_steal"
    else:
        g.act("roll", dice=[2, 3])
    if phase in ("movement", "conquest", "reveal"):
        g.act("start_movement")
        layout = g.state["board"]["layout"]
        hex_ = sorted(h for h, x in layout["hexes"].items() if x["terrain"] == "unexplored")[0]
        g.state["explorers_pirates"]["reveal"] = {"ship": 1, "seat": 0, "hexes": [hex_]}
        g.state["phase"] = "reveal"
        if phase != "reveal":
            g.act("reveal_hex", hex=hex_, terrain="gold_river")
    if phase == "conquest":
        g.state["pirate_lairs"]["lairs"][hex_]["crews"] = [0, 1, 1]
        g.state["pirate_lairs"]["pending"] = [hex_]
        g.state["ep_missions"]["crews"][0] -= 1
        g.state["ep_missions"]["crews"][1] -= 2
        g.act("end_turn")
        if data.draw(st.booleans(), label="hero stage?"):
            g.act("conquer", number=5)
    kind = data.draw(st.sampled_from(OWN_ACTIONS), label="action")
    garbage = st.one_of(land_ho_driver.GARBAGE, st.sampled_from([hex_ or "0,0", "7", 1, 2, [1, 2], [9]]))
    args = {f: data.draw(garbage, label=f) for f in FIELDS if data.draw(st.booleans(), label=f"with {f}")}
    actor = data.draw(st.sampled_from([{"role": "table"}, {"seat": 0}, {"seat": 1}]), label="actor")
    try:
        g.act(kind, actor=actor, **args)
    except IllegalAction as refused:
        assert refused.code
