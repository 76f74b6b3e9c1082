"""Properties of Fishermen of Catan over random legal games (hypothesis).

- Conservation: face-down pool + face-up tokens + tokens held (+ the old boot once drawn)
  = 30 at every step; no count negative; nobody holds more than 7 tokens once the game
  goes on (only while they owe the tokens above 7).
- Replay: the records alone (outcomes included, no chance) rebuild the same state.
- Undo / redo: undoing the latest action returns to the state before it, redoing gives
  the state it first gave (test_properties.Live checks both).
- Hands on phones play on virtual dice or the Events of Catan deck (its choices answered
  on the phones, tokens above 7 waiting for them), paper cards on virtual dice; 2 players
  with Catan for two.
- Privacy: a seat's view (and the table's) does not change when another seat's fish tokens
  are swapped for different ones of the same number.
"""
import copy
import json

from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st

from companion.engine import TABLE, fold, view
from companion.layers.cores.base import rules as base
from companion.layers.traders_barbarians_scenarios.fishermen import rules as fish
from companion.machinery import board as boards

from . import test_events_hands as events_hands
from . import test_hands_properties as hands_properties
from .test_board_properties import ChanceRng


clone = copy.deepcopy


@st.composite
def fishermen_configs(draw):
    two = draw(st.booleans(), label="catan for two")
    n = 2 if two else draw(st.sampled_from([3, 4]), label="players")
    rng = ChanceRng(f"fish-board-{draw(st.integers(0, 2**16))}".encode())
    layout = boards.random_board("base", rng)
    config = {
        "players": [{"name": f"Player {i}", "color": base.COLORS[i]} for i in range(n)],
        "target": draw(st.sampled_from([6, 10]), label="target"),
        "board": "random",
        "play_mode": draw(st.sampled_from(["hands", "hands", "paper"]), label="play mode"),
        "dice_source": "virtual",
        "scenario": "fishermen",
    }
    if config["play_mode"] == "hands":  # the Events of Catan deck asks its choices on the phones
        config["dice_source"] = draw(st.sampled_from(["virtual", "events"]), label="dice")
    if two:
        config["variants"] = {"two_players": True}
    from companion.engine.game import rules_for

    config["board_layout"] = rules_for(config).lay_out(layout, rng)
    return config


def check_invariants(state: dict) -> None:
    f = state["fish"]
    assert fish.counted(state) == fish.ALL_TOKENS == 30
    assert all(n >= 0 for n in f["pool"].values()) and all(n >= 0 for n in f["face_up"].values())
    assert f["pool"][fish.BOOT] + (1 if f["boot"] is not None else 0) == 1
    owing = {p["seat"] for p in state["pending"] if p["kind"] == fish.RETURN}
    for seat, tokens in enumerate(f["held"]):
        assert all(t in fish.TOKENS for t in tokens)
        assert len(tokens) <= fish.HOLD_LIMIT or seat in owing or state["phase"] == "finished"
    json.dumps(state)  # plain data


def check_privacy(state: dict) -> None:
    """Another seat's tokens swapped for others of the same number: nothing a viewer sees changes."""
    n = len(state["players"])
    # The log: a catch's fish only in its own seat's view.
    for viewer in [TABLE] + list(range(n)):
        for entry in view(state, viewer)["log"]:
            if entry["kind"] == "fish_caught":
                assert ("tokens" in entry["params"]) == (entry["seat"] == viewer), (viewer, entry)
    for other in range(n):
        held = state["fish"]["held"][other]
        if not held:
            continue
        swapped = clone(state)
        swapped["fish"]["held"][other] = [3 if t != 3 else 1 for t in held]
        for viewer in [TABLE] + [s for s in range(n) if s != other]:
            assert view(swapped, viewer) == view(state, viewer), (viewer, other)


def fish_step(data, live) -> bool:
    """A fish decision or action when there is one to take; False to let the usual driver act."""
    state = live.state
    phase = state["phase"]
    if phase == fish.RETURN:
        seat = data.draw(st.sampled_from(sorted(p["seat"] for p in state["pending"])), label="returner")
        due = len(state["fish"]["held"][seat]) - fish.HOLD_LIMIT
        live.refused("fish_return", {"seat": seat}, tokens=state["fish"]["held"][seat][:due + 1])
        if data.draw(st.booleans(), label="table answers?"):
            assert live.do("fish_return", {"role": "table"}, seat=seat)
        else:
            tokens = data.draw(st.permutations(state["fish"]["held"][seat]), label="return")[:due]
            assert live.do("fish_return", {"seat": seat}, tokens=tokens)
        event("gave fish back")
        return True
    if phase != "main":
        return False
    seat = state["turn"]["seat"]
    me = {"seat": seat}
    if state["fish"]["boot"] == seat and data.draw(st.integers(0, 3), label="pass boot?") == 0:
        to = data.draw(st.sampled_from([s for s in range(len(state["players"])) if s != seat]), label="boot to")
        if live.do("pass_boot", me, to=to):
            event("passed the boot")
        return True
    if not state["fish"]["held"][seat] or data.draw(st.integers(0, 2), label="fish?") != 0:
        return False
    mine = view(state, seat)["fishermen"]["mine"]
    payable = [a for a, ways in mine["payments"].items() if ways]
    if not payable:
        live.refused("spend_fish", me, action="dev_card", tokens=state["fish"]["held"][seat])
        return False
    action = data.draw(st.sampled_from(payable), label="fish action")
    tokens = data.draw(st.sampled_from(mine["payments"][action]), label="pay")
    others = [s for s in range(len(state["players"])) if s != seat]
    args = {"action": action, "tokens": tokens, "victim": data.draw(st.sampled_from(others), label="victim"),
            "resource": data.draw(st.sampled_from(base.RESOURCES), label="resource")}
    live.refused("spend_fish", {"role": "table"}, **args)  # the tokens are secret: from the phone only
    if live.do("spend_fish", me, **args):
        event(f"fish: {action}")
    return True


ARG = {"settlement": "corner", "city": "corner", "road": "edge", "robber": "hex", "neutral_settlement": "corner",
       "neutral_road": "edge"}


def tap(data, live, actor: dict, viewer) -> bool:
    """Something tapped on the board among the places it offers `viewer` now."""
    shown = view(live.state, viewer)["board"]
    kinds = [k for k, places in shown["targets"].items() if places and k in ARG]
    if not kinds:
        return False
    kind = data.draw(st.sampled_from(kinds), label="tap")
    place = data.draw(st.sampled_from(shown["targets"][kind]), label=kind)
    return live.do(shown["actions"][kind], actor, **{ARG[kind]: place})


def step(data, live) -> None:
    """One legal move of any phase of these games (Catan for two's included)."""
    state = live.state
    phase = state["phase"]
    seat = base.active_seat(state)
    me = {"seat": seat}
    paper = state["config"]["play_mode"] == "paper"
    if live.history["effective"] and data.draw(st.integers(0, 25), label="undo?") == 0:
        live.undo()
    elif state["config"]["dice_source"] == "events" and phase in ("roll", "event"):
        events_hands._event_step(data, live)
    elif phase in ("setup", "robber"):
        tap(data, live, {"role": "table"}, TABLE)
    elif phase == "roll":
        live.do("roll", {"role": "table"})
    elif phase == "discard":
        who = data.draw(st.sampled_from(sorted(p["seat"] for p in state["pending"])), label="discarder")
        if paper:
            assert live.do("discard", {"seat": who}, hand_size=data.draw(st.integers(0, 12), label="hand"))
        else:
            held = state["players"][who]["hand"]
            due = sum(held.values()) // 2
            assert live.do("discard", {"seat": who}, cards=hands_properties._some_cards(data, held, due, "discard"))
    elif phase == "steal":
        assert live.do("steal", me, victim=data.draw(st.sampled_from(state["board"]["victims"]), label="victim"))
    elif phase == "neutral_build":
        build = state["two"]["build"]
        actor = {"seat": build["seat"]}
        if build["neutral"] is None:
            options = view(state, build["seat"])["catan_for_two"]["build_options"]
            assert live.do("choose_neutral", actor, neutral=data.draw(st.sampled_from(options), label="neutral"))
        else:
            assert tap(data, live, actor, build["seat"])
    elif phase in ("main", "special_build"):
        choice = data.draw(st.sampled_from(["build", "build", "buy_dev", "end"]), label="main")
        if choice == "build":
            tap(data, live, me, seat)
        elif choice == "buy_dev":
            live.do("buy_dev", me)
        else:
            assert live.do("end_turn" if phase == "main" else "done_building", me)
    else:
        raise AssertionError(f"no move for phase {phase}")


@settings(max_examples=25, deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate], suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(fishermen_configs(), st.data())
def test_random_fishermen_games_conserve_tokens_replay_undo_and_keep_secrets(config, data):
    live = hands_properties.Live(config, f"fish-{json.dumps(config['players'])}".encode())
    check_invariants(live.state)
    for number in range(90):
        if live.state["phase"] == "finished":
            break
        if live.history["undone"] and data.draw(st.integers(0, 6), label="redo?") == 0:
            live.redo()
            live._replay(live.records[-1] | {"original": live.by_seq[live.records[-1]["target"]]})
        elif not fish_step(data, live):
            step(data, live)
        check_invariants(live.state)
        assert live.replica == live.state
        if number % 15 == 0:
            check_privacy(live.state)
    check_privacy(live.state)
    replayed, history = fold(json.loads(json.dumps(config)), json.loads(json.dumps(live.records)))
    assert replayed == live.state and history == live.history
