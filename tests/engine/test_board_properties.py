"""Property tests: random legal play on a random board, driven by what the views offer.

A driver plays the way the site does: it asks the view (of the table or of the active seat)
where it may tap, picks a target kind and a location at random and applies the action
through `advance` with live chance (virtual dice), answers discards, moves the robber,
steals, plays development cards, ends turns, and now and then undoes the last action or
taps a place that is not offered (which must be refused). After every step it checks:

* the pieces on the board match each player's counters;
* no two buildings break the distance rule, no corner holds two buildings;
* every road belongs to a network that reaches one of its owner's buildings;
* the Longest Road holder is what board_rules.longest_road_holder gives from the pieces and
  the previous holder (and it is a fixed point of it);
* replaying the records gives the live state: each new record is replayed on a replica by
  exactly what `fold` does per record (advance without chance, recorded outcomes only);
  `fold` itself runs over the whole log at the end of each example;
* an undo record returns the state before the last effective action (on the replica every
  step; through `fold` at the end);
* board targets are shown to the table and the active seat only (the same ones to both).
"""
import json

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.engine import (
    TABLE,
    Chance,
    IllegalAction,
    advance,
    fold,
    new_game,
    new_history,
    seeded_secret,
    view,
)
from companion.engine.game import _pin
from companion.layers.cores.base import rules as base
from companion.machinery import board as boards

from .test_properties import same_play

SETTINGS = settings(
    max_examples=30,
    deadline=None,
    database=None,  # write no example database into the project
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def clone(data):
    """A deep copy of plain JSON data (states are JSON: much faster than copy.deepcopy)."""
    return json.loads(json.dumps(data))


class ChanceRng:
    def __init__(self, secret: bytes):
        self.chance = Chance(secret)
        self.counter = 0

    def randint(self, n: int) -> int:
        self.counter += 1
        return self.chance.randint("board", self.counter, n)


@st.composite
def board_configs(draw):
    n = draw(st.sampled_from([4, 5, 6, 3, 2]), label="players")
    frame = "base_5_6" if n >= 5 else "base"
    seed = draw(st.integers(0, 2**16), label="board seed")
    rng = ChanceRng(f"board-{seed}".encode())
    mode = draw(st.sampled_from(["random", "balanced"]), label="board mode")
    if mode == "random":
        layout = boards.random_board(frame, rng, shuffle_harbours=draw(st.booleans()))
    else:
        layout = boards.balanced_board(frame, rng)[0]
    return {
        "players": [{"name": f"Player {i}", "color": base.COLORS[i]} for i in range(n)],
        "target": draw(st.sampled_from([10, 14, 30]), label="target"),
        "board": mode,
        "play_mode": "paper",  # hands on phones has its own properties (test_hands_properties)
        "board_layout": layout,
    }


# ---------------------------------------------------------------- the driver


class Live:
    """A board game played live (records, history, snapshots) and its replica, which is
    rebuilt from the records only, as `fold` does."""

    def __init__(self, config: dict, secret: bytes):
        self.config = config
        self.chance = Chance(secret)
        self.state = new_game(config)
        self.history = new_history()
        self.records: list[dict] = []
        self.by_seq: dict[int, dict] = {}
        self.before: dict[int, dict] = {}  # state just before action seq
        self.replica = new_game(config)
        self.replica_history = new_history()
        self.previous = clone(self.state)  # the state before the latest step
        self.refusals = 0
        self._views: tuple[int, dict] = (-1, {})

    def board_view(self, viewer) -> dict:
        """The board part of `viewer`'s view of the current state (kept until it changes)."""
        key, views = self._views
        if key != len(self.records):
            views = {}
            self._views = (len(self.records), views)
        if viewer not in views:
            views[viewer] = view(self.state, viewer)["board"]
        return views[viewer]

    def _state_before(self, seq: int) -> dict:
        return clone(self.before[seq])

    def act(self, action: dict, outcome: dict | None = None) -> bool:
        """Apply an action live; False (and nothing changes) if the engine refuses it."""
        record = {"seq": len(self.records) + 1, "kind": "action", "action": action}
        if outcome:
            record["outcome"] = dict(outcome)
        candidate, candidate_history = clone(self.state), clone(self.history)
        try:
            advance(candidate, candidate_history, record, self._state_before, self.chance)
        except IllegalAction:
            return False
        self._commit(record, candidate, candidate_history)
        self.before[record["seq"]] = self.previous
        return True

    def undo(self) -> None:
        target = self.history["effective"][-1]
        record = {"seq": len(self.records) + 1, "kind": "undo", "target": target}
        state = advance(clone(self.state), self.history, record, self._state_before, self.chance)
        self._commit(record, state, self.history)

    def _commit(self, record: dict, state: dict, history: dict) -> None:
        self.previous = self.state
        self.state, self.history = state, history
        self.records.append(record)
        self.by_seq[record["seq"]] = record
        # The replica: the stored record (outcomes included) replayed without chance.
        stored = clone(record)
        self.replica = advance(clone(self.replica), self.replica_history, stored, self._state_before)


def refused(live: Live, action: dict) -> None:
    """An action the views did not offer: the engine must refuse it."""
    assert not live.act(action), action
    live.refusals += 1


def _actor(data, state: dict) -> dict:
    if data.draw(st.booleans(), label="tap on the table screen"):
        return {"role": "table"}
    return {"seat": base.active_seat(state)}


def _viewer(actor: dict):
    return TABLE if actor.get("role") == "table" else actor["seat"]


ARG = {"settlement": "corner", "city": "corner", "road": "edge", "robber": "hex"}
TAP_WEIGHT = {"settlement": 2, "city": 1, "road": 5, "robber": 2}


def _everywhere(state: dict, kind: str) -> list[str]:
    g = boards.geometry(state["board"]["layout"])
    if kind == "road":
        return list(g.edges)
    if kind == "robber":
        return list(g.hexes) + list(g.sea_ring[:3])
    return list(g.corners)


def step(data, live: Live) -> bool:
    """One step of play. False when the game is over."""
    state = live.state
    phase = state["phase"]
    if phase == "finished":
        return False
    if live.history["effective"] and data.draw(st.integers(0, 24), label="undo?") == 0:
        live.undo()
        event("undo")
        return True
    if phase == "discard":
        pending = sorted(p["seat"] for p in state["pending"])
        who = data.draw(st.sampled_from(pending), label="discarding seat")
        actor = data.draw(st.sampled_from([{"seat": who}, {"role": "table"}]), label="discard actor")
        args = {"hand_size": data.draw(st.integers(0, 15), label="hand size")}
        if "seat" not in actor:
            args["seat"] = who
        assert live.act({"type": "discard", "actor": actor, "args": args})
        return True
    if phase == "steal":
        victims = state["board"]["victims"]
        assert victims
        if data.draw(st.integers(0, 5), label="steal from a bystander?") == 0:
            others = [s for s in range(len(state["players"])) if s not in victims]
            refused(live, {"type": "steal", "actor": {"role": "table"},
                           "args": {"victim": data.draw(st.sampled_from(others))}})
            return True
        victim = data.draw(st.sampled_from(victims), label="victim")
        assert live.act({"type": "steal", "actor": _actor(data, state), "args": {"victim": victim}})
        event("stole")
        return True

    actor = _actor(data, state)
    shown = live.board_view(_viewer(actor))
    # Roads most often, so that Longest Road changes hands now and then.
    choices = [("tap", kind) for kind, places in shown["targets"].items() if places for _ in range(TAP_WEIGHT[kind])]
    choices += [("miss", kind) for kind in shown["targets"]]
    seat = state["turn"]["seat"]
    player = state["players"][seat]
    playable = sorted({c["card"] for c in player["dev_hand"]
                       if c["turn"] != state["turn"]["number"] and c["card"] != "victory_point"})
    if phase in ("roll", "main") and playable and not state["turn"]["dev_played"]:
        choices += [("play_dev", None)] * 4
    if phase == "roll":
        choices += [("roll", None)] * 2
    if phase == "main":
        choices += [("end_turn", None)] * 3 + [("buy_dev", None)] * 2
    if phase == "special_build":  # 5-6 players: the others build between two turns
        choices += [("done_building", None)] * 2 + [("buy_dev", None)]
    choice, kind = data.draw(st.sampled_from(choices), label="what to do")

    if choice == "tap":
        place = data.draw(st.sampled_from(shown["targets"][kind]), label=kind)
        action = {"type": shown["actions"][kind], "actor": actor, "args": {ARG[kind]: place}}
        assert live.act(action), action  # whatever the view offers is legal
        event(f"tapped {kind}")
    elif choice == "miss":
        offered = set(shown["targets"][kind])
        elsewhere = [p for p in _everywhere(state, kind) if p not in offered]
        if elsewhere:
            place = data.draw(st.sampled_from(elsewhere), label=f"not a {kind} target")
            refused(live, {"type": shown["actions"][kind], "actor": actor, "args": {ARG[kind]: place}})
    elif choice == "roll":
        if data.draw(st.integers(0, 5), label="typed dice?") == 0:
            dice = [data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6))]
            assert live.act({"type": "roll", "actor": actor, "args": {"dice": dice}})
        else:
            assert live.act({"type": "roll", "actor": actor, "args": {}})  # virtual: chance decides
        event(f"rolled a 7: {live.state['last_roll']['total'] == 7}")
    elif choice in ("end_turn", "done_building"):
        assert live.act({"type": choice, "actor": actor, "args": {}})
    elif choice == "buy_dev":
        deck = state["dev_deck"]
        left = [c for c in base.DEV_CARDS if deck[c]]
        if left:
            # Now and then the card is forced (as a recorded outcome) so that road building
            # and knights come up often enough.
            forced = [c for c in ("road_building", "knight") if deck[c]] * 2
            card = data.draw(st.sampled_from(forced + left + [None]), label="card bought")
            assert live.act({"type": "buy_dev", "actor": actor, "args": {}}, {"card": card} if card else None)
    elif choice == "play_dev":
        card = data.draw(st.sampled_from(playable), label="card played")
        args = {"card": card, "resource": "ore", "resources": ["grain", "wool"]}
        roads_left = base.SUPPLY["roads"] - player["roads"]
        ok = live.act({"type": "play_dev", "actor": {"seat": seat}, "args": args})
        # Refused too before an undone roll is taken again (docs/undo.md).
        assert ok or (card == "road_building" and roads_left == 0) or _pin(state) is not None
        if ok:
            event(f"played {card}")
    return True


# ---------------------------------------------------------------- invariants


def _connected_to_a_building(layout: dict, pieces: dict, seat: int) -> bool:
    """Every road of `seat` lies in a group of its roads (joined at any corner) that reaches
    one of its buildings. Roads are only ever built next to the own network, and a later
    opponent's settlement does not take them off it."""
    g = boards.geometry(layout)
    parent: dict[str, str] = {}

    def find(c):
        while parent.setdefault(c, c) != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    own = [e for e, s in pieces["roads"].items() if s == seat]
    for e in own:
        a, b = g.edge_corners[e]
        parent[find(a)] = find(b)
    anchored = {find(c) for c in parent if boards.owner_at(pieces, c) == seat}
    return all(find(g.edge_corners[e][0]) in anchored for e in own)


def check(live: Live) -> None:
    state = live.state
    board = state["board"]
    layout, pieces = board["layout"], board["pieces"]
    g = boards.geometry(layout)
    n = len(state["players"])
    assert boards.pieces_problems(layout, pieces) == []
    # Pieces on the board == the counters, within the supply.
    for seat, p in enumerate(state["players"]):
        counted = {kind: sum(1 for s in pieces[kind].values() if s == seat)
                   for kind in ("settlements", "cities", "roads")}
        assert counted == {k: p[k] for k in counted}, (seat, counted)
        assert all(0 <= p[k] <= base.SUPPLY[k] for k in base.SUPPLY)
    owners = set(pieces["roads"].values()) | set(pieces["settlements"].values()) | set(pieces["cities"].values())
    assert owners <= set(range(n))
    # The distance rule.
    buildings = set(pieces["settlements"]) | set(pieces["cities"])
    for corner in buildings:
        assert not set(g.corner_corners[corner]) & buildings, corner
    # Every road on its owner's network.
    for seat in range(n):
        assert _connected_to_a_building(layout, pieces, seat), seat
    # Longest Road: what the rules give from the pieces and the previous holder.
    seats = range(n)
    expected = boards.longest_road_holder(layout, pieces, seats, live.previous["longest_road"])
    if live.records and live.records[-1]["kind"] == "undo":
        expected = live.before[live.records[-1]["target"]]["longest_road"]
    assert state["longest_road"] == expected
    assert boards.longest_road_holder(layout, pieces, seats, state["longest_road"]) == state["longest_road"]
    if state["longest_road"] is not None:
        lengths = boards.longest_road_lengths(layout, pieces, seats)
        assert lengths[state["longest_road"]] == max(lengths.values()) >= boards.LONGEST_ROAD_MIN
    # The robber and its victims.
    assert board["robber"] in g.hexes
    if state["phase"] == "steal":
        expected_victims = boards.robber_victims(layout, pieces, board["robber"], exclude=state["turn"]["seat"])
        assert board["victims"] == expected_victims != []
    else:
        assert board["victims"] == []
    assert 0 <= board["free_roads"] <= 2
    # The production of the latest roll is what the board pays.
    last = live.records[-1] if live.records else None
    if last and last["kind"] == "action" and last["action"]["type"] == "roll":
        total = state["last_roll"]["total"]
        paid = boards.production(layout, pieces, board["robber"], total) if total != 7 else {}
        assert state["production"]["total"] == total
        assert state["production"]["seats"] == {str(s): r for s, r in sorted(paid.items())}
    # Replaying the records gives the live state; an undo returns the state before.
    assert live.replica == state
    assert live.replica_history == live.history
    if live.history["effective"]:
        target = live.history["effective"][-1]
        undo = {"seq": len(live.records) + 1, "kind": "undo", "target": target}
        undone = advance(clone(live.replica), clone(live.replica_history), undo, live._state_before)
        assert same_play(undone, live.before[target])
    # Board targets only for the table and the active seat (one other seat in turn is
    # looked at after each step, to keep the run short).
    if state["phase"] != "finished":
        active = base.active_seat(state)
        other = (active + 1 + len(live.records) % (n - 1)) % n
        assert other != active
        for viewer in (TABLE, active, other):
            shown = live.board_view(viewer)
            if viewer == other:
                assert shown["targets"] == {} and shown["actions"] == {}, viewer
            assert set(shown["targets"]) == set(shown["actions"])
        if _pin(state) is None:
            assert live.board_view(active)["targets"] == live.board_view(TABLE)["targets"]
        else:  # an undone roll to take again first: the table may still act, its seat not yet
            assert live.board_view(active)["targets"].items() <= live.board_view(TABLE)["targets"].items()
    json.dumps(state)


# ---------------------------------------------------------------- the properties


@SETTINGS
@given(data=st.data(), config=board_configs(), seed=st.integers(0, 2**32), steps=st.integers(40, 120))
def test_random_play_on_a_random_board(data, config, seed, steps):
    live = Live(config, seeded_secret(seed))
    check(live)
    for _ in range(steps):
        if not step(data, live):
            break
        check(live)
    state = live.state
    event(f"players: {len(state['players'])}")
    event(f"phase at the end: {state['phase']}")
    event(f"turns: {'<5' if state['turn']['number'] < 5 else '5-9' if state['turn']['number'] < 10 else '10+'}")
    event(f"longest road held: {state['longest_road'] is not None}")
    event(f"roads on the board: {'<15' if len(state['board']['pieces']['roads']) < 15 else '15+'}")
    event(f"untargeted taps refused: {'none' if not live.refusals else 'some'}")

    # The whole log through fold: no chance needed, every outcome is in the records.
    folded, history = fold(config, live.records)
    assert folded == state
    assert history == live.history
    # An undo record at the end returns to the state before the last effective action.
    if live.history["effective"]:
        target = live.history["effective"][-1]
        undo = {"seq": len(live.records) + 1, "kind": "undo", "target": target}
        undone, _ = fold(config, live.records + [undo], Chance(seeded_secret(seed + 1)))
        assert same_play(undone, live.before[target])
