"""Random legal games of the scenario Explorers & Pirates (all three missions at once):
resources, gold, crews, lair tokens, the 6 fish shoals and the 24 spice sacks are conserved,
each face-down hex becomes at most one mission's field, the records replay to the live state,
undo/redo round trips, and no view shows another seat's hand. The driver is the three
missions' parts (tests/engine/missions_driver.py) on top of Land Ho!'s."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine import missions_driver as shared
from tests.engine import test_fish_for_catan_properties as fish_driver
from tests.engine import test_pirate_lairs_properties as lairs_driver
from tests.engine import test_spices_for_catan_properties as spices_driver
from tests.engine.played import Played

MISSION_FIELDS = {"gold_river": ("pirate_lairs", "lairs"), "fish": ("fish_mission", "fields"),
                  "spice": ("spices_for_catan", "villages")}


def config(players: int, mode: str, board: str = "beginner") -> dict:
    return shared.config("finale", players, mode, board)


def check_fields(g: Played) -> None:
    """Each turned-over hex is recorded once, and a mission's field is that mission's only."""
    state = g.state
    revealed = state["explorers_pirates"]["revealed"]
    assert len({r["hex"] for r in revealed}) == len(revealed)
    held = {terrain: set(state[key][name]) for terrain, (key, name) in MISSION_FIELDS.items()}
    assert sum(len(h) for h in held.values()) == len(set().union(*held.values()))  # never two missions' field
    for terrain, hexes in held.items():
        assert hexes == {r["hex"] for r in revealed if r["terrain"] == terrain}
    for record in revealed:
        if record["terrain"] == "fish":
            assert state["fish_mission"]["fields"][record["hex"]] == record["fish"]
        if record["terrain"] in MISSION_FIELDS:
            assert record["number"] is None  # no number token (a conquered lair's comes later, on the cell)


# (explorer: the board is larger, so the ships head east more often)
DRIVER = shared.Driver(lairs_driver.PART, fish_driver.PART, spices_driver.PART, explorer=True,
                       checks=(check_fields,))
step, check_invariants = DRIVER.step, DRIVER.check_invariants


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), players=st.sampled_from([2, 3, 4]), mode=st.sampled_from(["hands", "paper"]),
       board=st.sampled_from(["beginner", "free"]))
def test_random_games_keep_the_invariants(data, players, mode, board):
    g = DRIVER.play(data, config(players, mode, board), 140, watch=fish_driver.shoals_watch)
    assert g.state["config"]["target"] == 17


OWN_ACTIONS = tuple(sorted(set(lairs_driver.OWN_ACTIONS + fish_driver.OWN_ACTIONS + spices_driver.OWN_ACTIONS)))
FIELDS = tuple(sorted(set(lairs_driver.FIELDS + fish_driver.FIELDS + spices_driver.FIELDS)))


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), phase=st.sampled_from(["main", "movement", "pirates", "reveal"]))
def test_bad_input_is_refused_with_a_code_never_an_error(data, phase):
    """Any mission's action with garbage fields, from any actor, in a phase of the game with
    all three missions (a face-down hex waiting, or each mission's field turned over)."""
    g = Played(config(3, "hands"))
    g.act("roll", dice=[3, 4] if phase == "pirates" else [2, 3])
    hexes = []
    if phase in ("movement", "reveal"):
        g.act("start_movement")
        layout = g.state["board"]["layout"]
        hexes = sorted(h for h, x in layout["hexes"].items() if x["terrain"] == "unexplored")[:3]
        g.state["explorers_pirates"]["reveal"] = {"ship": 1, "seat": 0, "hexes": list(hexes)}
        g.state["phase"] = "reveal"
        if phase == "movement":
            g.act("reveal_hex", hex=hexes[0], terrain="gold_river")
            g.act("reveal_hex", hex=hexes[1], terrain="fish", die=3)
            g.act("reveal_hex", hex=hexes[2], terrain="spice", benefit="quick_gold")
    shared.garbage_action(data, g, OWN_ACTIONS, FIELDS,
                          [*hexes, "0,0", "gold_river", "fish", "spice", "quick_gold", 3, 7, [1, 2]])
    check_invariants(g)
