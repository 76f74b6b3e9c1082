"""The random-game driver and checks that the Explorers & Pirates missions share (Pirate Lairs,
Fish for Catan, Spices for Catan, and the scenario with all three).

A mission's property test describes its own part as a `Part` (the face-down fields it turns
over, the phases it adds, its buttons, what it holds and must keep); `driver(*parts)` makes a
step function of those parts on top of the shared ones (the reveal, the pirates' theft, a ship
sailing on from a full path, the crews' buttons) and Land Ho!'s driver (what the board offers
to tap, a phone's buttons), and `check_invariants`/`check_views` check them together."""
import json
from dataclasses import dataclass, field
from typing import Callable

from hypothesis import strategies as st

from companion.engine import IllegalAction, apply, rules_for, view
from companion.layers.cores.explorers_pirates import missions
from companion.layers.cores.explorers_pirates import rules as ep
from tests.engine import test_explorers_pirates_properties as land_ho_driver
from tests.engine.played import Played

NUMBERS = land_ho_driver.NUMBERS
LANDS = ("forest", "pasture", "mountains")
T = {"role": "table"}
try_act = land_ho_driver.try_act
SHIP_ACTIONS = ("load_crew", "unload_crew", "swap_cargo", "chase_pirates")


def config(scenario: str, players: int, mode: str, board: str = "beginner") -> dict:
    colours = ("red", "blue", "white", "orange")[:players]
    return {"rules": "explorers_pirates", "scenario": scenario, "play_mode": mode, "dice_source": "virtual",
            "board": board, "players": [{"name": f"P{i}", "color": c} for i, c in enumerate(colours)]}


def scenario(g: Played) -> dict:
    """The scenario's own numbers (its per-area counts of the missions' fields)."""
    return ep.scenario_of(rules_for(g.state["config"]))


def found_in(state: dict, hexes, area: str) -> int:
    layout = state["board"]["layout"]
    return sum(1 for h in hexes if layout["hexes"][h]["area"] == area)


@dataclass(frozen=True)
class Part:
    """One mission's part of the driver and of the checks."""
    view_key: str  # its part of every view (all public)
    track: str  # its mission card
    # terrain -> offer(data, g, hex, area): the reveal's args when that field may be turned over here, else None
    reveals: dict = field(default_factory=dict)
    phases: dict = field(default_factory=dict)  # phase -> step(data, g), for phases it adds
    movement: Callable | None = None  # step(data, g) -> bool (acted?), tried first in the movement phase
    main: tuple = ()  # acts(data, g, seat, actor) in the trade-and-build phase, besides building a crew
    ships: dict = field(default_factory=dict)  # ship action -> args(data, g, ship) (more than the ship's id)
    crews: Callable = lambda state, seat: 0  # the seat's crews it holds (off the ships and the supply)
    check: Callable = lambda g: None  # its own invariants


# ---------------------------------------------------------------- the step


def reveal(data, g: Played, offers: dict) -> None:
    """What the face-down hex shows: a mission's field (twice as likely), sea or land."""
    state = g.state
    hex_ = state["explorers_pirates"]["reveal"]["hexes"][0]
    area = state["board"]["layout"]["hexes"][hex_]["area"]
    terrain = data.draw(st.sampled_from([t for t in offers for _ in (0, 1)] + ["sea", *LANDS]), label="turned over")
    if terrain in offers:
        args = offers[terrain](data, g, hex_, area)
        if args is not None:  # allowed by the rules: never refused
            g.act("reveal_hex", hex=hex_, terrain=terrain, **args)
            return
    if terrain in offers or terrain == "sea" or state["explorers_pirates"]["stacks"][area] == 0:
        g.act("reveal_hex", hex=hex_, terrain="sea")
    else:
        g.act("reveal_hex", hex=hex_, terrain=terrain, number=data.draw(st.sampled_from(NUMBERS), label="token"))


def pirate_steal(data, g: Played) -> None:
    if data.draw(st.booleans(), label="steal?"):
        g.act("pirate_steal", victim=data.draw(st.sampled_from(g.state["ep_missions"]["placing"]["victims"]),
                                               label="victim"))
    else:
        g.act("pirate_spare")


def sail_on(data, g: Played) -> bool:
    """A ship passing through a full path sails on first (the core still offers other ships'
    taps then, which it refuses)."""
    state = g.state
    e = state["explorers_pirates"]
    moving = next((s for s in e["ships"] if s["id"] == e["moving"]), None)
    if moving is None or len(ep.ships_on(state, moving["edge"])) <= ep.SHIPS_PER_PATH:
        return False
    g.act("move_ship", edge=data.draw(st.sampled_from(ep.sailing_targets(state, moving)), label="sail on"))
    return True


def build_crew(data, g: Played, seat: int, actor) -> None:
    harbours = ep.harbours_of(g.state, seat)
    if harbours:
        try_act(g, "build_crew", actor, corner=harbours[0])


def remove_in_main(data, g: Played, seat: int, actor) -> None:
    """Room made while building: a piece off a loaded ship or out of a dock (the core's remove_piece)."""
    land_ho_driver.remove_piece(data, g, seat)


def remove_args(data, g: Played, ship: dict) -> dict:
    """A ship's remove_piece: one kind of what it carries (its only kind may be left out)."""
    kinds = sorted(set(ship["cargo"]))
    if len(kinds) == 1 and data.draw(st.booleans(), label="name the piece?"):
        return {}
    return {"piece": data.draw(st.sampled_from(kinds), label="piece")} if kinds else {}


def crew_step(data, g: Played, main: tuple, ships: dict) -> bool:
    """Now and then a phone's crew button: a crew built, a piece taken off (or a mission's own
    main-phase act), or a ship's load, unload, swap, chase, a piece taken off (or a mission's
    own ship action)."""
    state = g.state
    phase = state["phase"]
    if phase not in ("main", "movement") or data.draw(st.integers(0, 2), label="mission step") != 0:
        return False
    seat = state["turn"]["seat"]
    if phase == "main":
        act = data.draw(st.sampled_from((build_crew, build_crew, remove_in_main) + main), label="main act")
        act(data, g, seat, land_ho_driver._actor(g, seat))
        return True
    mine = ep.own_ships(state, seat)
    if mine:
        ship = data.draw(st.sampled_from(mine), label="ship")
        kind = data.draw(st.sampled_from(SHIP_ACTIONS + tuple(ships)), label="ship action")
        args = ships[kind](data, g, ship) if kind in ships else {}
        try_act(g, kind, T, ship=ship["id"], **args)
    return True


def explore(data, g: Played) -> bool:
    """Now and then straight on to the movement and a ship sailing east, towards the
    face-down hexes (so that more games turn the missions' fields over)."""
    state = g.state
    if state["phase"] == "main" and data.draw(st.integers(0, 3), label="move on?") == 0:
        return try_act(g, "start_movement", T)
    if state["phase"] != "movement" or not data.draw(st.booleans(), label="explore?"):
        return False
    sail = view(state, state["turn"]["seat"])["board"]["targets"].get("sail")
    if not sail:
        return False
    g.act("move_ship", edge=max(sail, key=lambda e: sum(2 * int(p.split(",")[0]) + int(p.split(",")[1])
                                                          for p in e.split("|"))))
    return True


def driver(*parts: Part, explorer: bool = False) -> Callable:
    """The step function of a game with these missions (`explorer`: heading for the face-down
    hexes more often than Land Ho!'s driver does)."""
    offers = {t: offer for p in parts for t, offer in p.reveals.items()}
    phases = {phase: go for p in parts for phase, go in p.phases.items()}
    main = tuple(act for p in parts for act in p.main)
    ships = {"remove_piece": remove_args, **{kind: args for p in parts for kind, args in p.ships.items()}}

    def step(data, g: Played) -> None:
        phase = g.state["phase"]
        if phase == "reveal":
            reveal(data, g, offers)
        elif phase == "pirate_steal":
            pirate_steal(data, g)
        elif phase in phases:
            phases[phase](data, g)
        elif phase == "movement" and sail_on(data, g):
            pass
        elif explorer and explore(data, g):
            pass
        elif phase == "movement" and any(p.movement(data, g) for p in parts if p.movement):
            pass
        elif not crew_step(data, g, main, ships):
            land_ho_driver.step(data, g)
    return step


# ---------------------------------------------------------------- the checks


def crews_everywhere(state: dict, seat: int, parts) -> int:
    return (state["ep_missions"]["crews"][seat] + missions.crews_on_board(state, seat)
            + sum(p.crews(state, seat) for p in parts))


def check_invariants(g: Played, *parts: Part) -> None:
    """Land Ho!'s (resources, gold, settlers, ships), the crews (9 a player, wherever they
    are), holds within their places, the pirate ship whole, every marker once on each track,
    then each mission's own."""
    land_ho_driver.check_invariants(g, None)
    state = g.state
    n = len(state["players"])
    for seat in range(n):
        assert crews_everywhere(state, seat, parts) == missions.CREWS
    e = state["explorers_pirates"]
    for load in [s["cargo"] for s in e["ships"]] + list(e["docks"].values()):
        assert missions.used(load) <= missions.PLACES
    pirates = state["ep_missions"]["pirates"]
    assert (pirates["hex"] is None) == (pirates["seat"] is None)
    for p in parts:
        track = state["ep_missions"]["tracks"][p.track]
        assert sorted(s for stack in track["stacks"].values() for s in stack) == list(range(n))
        p.check(g)


def check_views(g: Played, *parts: Part) -> None:
    """Land Ho!'s, and every mission's part the same for every seat, no hand in it."""
    land_ho_driver.check_views(g)
    state = g.state
    table = view(state, "table")
    for seat in range(len(state["players"])):
        seen = view(state, seat)
        for p in parts:
            assert seen[p.view_key] == table[p.view_key]  # all public
        assert '"hand"' not in json.dumps({k: v for k, v in seen.items() if k != "me"})


class Driver:
    """A game's missions: its step function and its checks, for a test module to name."""

    def __init__(self, *parts: Part, explorer: bool = False, checks: tuple = ()):
        self.parts = parts
        self.checks = checks  # the game's own invariants, besides its missions'
        self.step = driver(*parts, explorer=explorer)

    def check_invariants(self, g: Played) -> None:
        check_invariants(g, *self.parts)
        for check in self.checks:
            check(g)

    def check_views(self, g: Played) -> None:
        check_views(g, *self.parts)

    def crews_everywhere(self, state: dict, seat: int) -> int:
        return crews_everywhere(state, seat, self.parts)

    def play(self, data, config: dict, steps: int, watch=None) -> Played:
        """A random legal game of at most `steps` steps, the invariants checked after each
        (and `watch(g)`'s check: it looks before a step and returns what to check after it),
        then the views, the replay and undo/redo."""
        g = Played(config, seed=data.draw(st.integers(0, 1000), label="seed"))
        for _ in range(steps):
            if g.state["phase"] == "finished":
                break
            after = watch(g) if watch else None
            self.step(data, g)
            self.check_invariants(g)
            if after:
                after()
        self.check_views(g)
        g.check_replay_and_undo()
        return g


def garbage_action(data, g: Played, actions: tuple, fields: tuple, more: list) -> None:
    """One of `actions` with garbage (Land Ho!'s, or one of `more`) in random `fields`, from
    the table or a seat: refused with a code, or done, never an error."""
    kind = data.draw(st.sampled_from(actions), label="action")
    garbage = st.one_of(land_ho_driver.GARBAGE, st.sampled_from(more))
    args = {f: data.draw(garbage, label=f) for f in fields if data.draw(st.booleans(), label=f"with {f}")}
    actor = data.draw(st.sampled_from([{"role": "table"}, {"seat": 0}, {"seat": 1}]), label="actor")
    try:
        g.act(kind, actor=actor, **args)
    except IllegalAction as refused:
        assert refused.code


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
