"""Random legal games of Pirate Lairs: resources, gold, crews and lair tokens are conserved,
the records replay to the live state, undo/redo round trips, and no view shows another seat's
hand. The driver is the missions' shared one (tests/engine/missions_driver.py: Land Ho!'s taps
and buttons, crews, pirates) plus this mission's part: gold-river reveals and the conquest."""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.layers.cores.explorers_pirates import missions
from companion.layers.explorers_pirates_scenarios.pirate_lairs import rules as pl
from tests.engine import missions_driver as shared
from tests.engine.played import Played

NUMBERS = shared.NUMBERS


def config(players: int, mode: str, board: str = "beginner") -> dict:
    return shared.config("pirate_lairs", players, mode, board)


def lair_offer(data, g: Played, hex_: str, area: str):
    """A gold-river field while a lair token is left and the area has room for one."""
    lairs = g.state["pirate_lairs"]
    rivers = (shared.scenario(g).get("rivers") or {}).get(area, pl.RIVERS_PER_AREA)
    return {} if lairs["stack"] > 0 and shared.found_in(g.state, lairs["lairs"], area) < rivers else None


def conquest(data, g: Played) -> None:
    """The fallen lair's number, then the hero's roll (typed dice or the server's)."""
    conquest = g.state["pirate_lairs"]["conquest"]
    if conquest["stage"] == "number":
        g.act("conquer", number=data.draw(st.sampled_from(NUMBERS), label="lair number"))
    elif data.draw(st.booleans(), label="typed?"):
        g.act("hero_roll", dice=[data.draw(st.integers(1, 6)) for _ in conquest["tied"]])
    else:
        g.act("hero_roll")


def lair_crews(state: dict, seat: int) -> int:
    return sum(l["crews"].count(seat) + l["beside"].count(seat) for l in state["pirate_lairs"]["lairs"].values())


def check_lairs(g: Played) -> None:
    lairs = g.state["pirate_lairs"]
    assert lairs["stack"] + len(lairs["lairs"]) == pl.LAIRS
    for hex_, lair in lairs["lairs"].items():
        assert len(lair["crews"]) <= pl.CREWS_TO_CONQUER
        assert g.state["board"]["layout"]["hexes"][hex_]["terrain"] == "gold_river"


# Pirate Lairs' own part: gold-river fields turned over, the conquest, the crews on lairs (the
# board's "land" and "collect" taps are Land Ho!'s driver's).
PART = shared.Part(view_key="pirate_lairs", track="pirate_lairs", reveals={"gold_river": lair_offer},
                   phases={"conquest": conquest}, crews=lair_crews, check=check_lairs)
DRIVER = shared.Driver(PART)
step, crews_everywhere = DRIVER.step, DRIVER.crews_everywhere
check_invariants, check_views = DRIVER.check_invariants, DRIVER.check_views


@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), players=st.sampled_from([2, 3, 4]), mode=st.sampled_from(["hands", "paper"]),
       board=st.sampled_from(["beginner", "free"]))
def test_random_games_keep_the_invariants(data, players, mode, board):
    DRIVER.play(data, config(players, mode, board), 80)


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
    shared.garbage_action(data, g, OWN_ACTIONS, FIELDS, [hex_ or "0,0", "7", 1, 2, [1, 2], [9]])
