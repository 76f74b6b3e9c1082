"""Traders & Barbarians over random legal games (hands on phones and paper, 3 and 4 players;
2 with Catan for two; the Events of Catan deck as the dice): resource cards are conserved
(bank + hands = 19 each), gold too (held = earned - spent + moved, moves sum to 0), the 36
goods tokens (stacks + wagons + delivered), the 20 trade tokens, three barbarians on three
different paths (one moved for trade tokens never onto a road, robbing nobody), the replay
gives the live state, undo and redo round trip, and a card taken by a barbarian is named
only to its taker and its victim."""
import json

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.engine import view
from companion.layers.cores.base import rules as base
from companion.layers.options.catan_for_two import rules as two
from companion.layers.options.events import rules as events
from companion.layers.traders_barbarians_scenarios.traders_barbarians import rules as tb

from .tb_driver import discard_step, hand_pick, main_step, play, setup_step
from .test_traders_barbarians import Game, drive, registered  # noqa: F401  (autouse: the package registered)


def _step(data, game) -> bool:
    state = game.state
    phase = state["phase"]
    if phase == "finished":
        return False
    if phase == "setup":
        setup_step(data, game)
        return True
    if phase in ("roll", "main") and "two" in state and data.draw(st.integers(0, 5)) == 0:
        _token_action(data, game)
        return True
    if phase == "roll" and state["config"]["dice_source"] == "events":
        game.act("reveal_event", actor={"seat": state["turn"]["seat"]})
        event(f"event card: {events.CARDS[game.state['events']['card']]['event']}")
        return True
    if phase == "roll":
        dice = [data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6))]
        if sum(dice) in (2, 12):
            assert game.refused("roll", actor={"seat": state["turn"]["seat"]}, dice=dice) == "tb_reroll"
            dice = [3, 4] if data.draw(st.booleans()) else [2, 4]
        first = two._rolls(state)[0]["total"] if "two" in state and two._rolls(state) else None
        if sum(dice) == first:  # Catan for two: the second roll differs from the first
            assert game.refused("roll", actor={"seat": state["turn"]["seat"]}, dice=dice) == "second_roll_same"
            dice = [4, 4] if first != 8 else [2, 4]
        game.act("roll", actor={"seat": state["turn"]["seat"]}, dice=dice)
        return True
    if phase == "neutral_build":  # Catan for two: the free piece for a neutral colour
        seat = state["two"]["build"]["seat"]
        targets = view(state, seat)["board"]["targets"]
        if state["two"]["build"]["neutral"] is None:
            game.act("choose_neutral", actor={"seat": seat},
                     neutral=data.draw(st.sampled_from(view(state, seat)["catan_for_two"]["build_options"])))
        else:
            kind = next(k for k in ("neutral_road", "neutral_settlement") if k in targets)
            where = data.draw(st.sampled_from(targets[kind]))
            assert where not in tb.road_closed(None, state) | tb.sea_corners(state["board"]["layout"])
            game.act("build_neutral", actor={"seat": seat}, **{"edge" if kind == "neutral_road" else "corner": where})
        return True
    if phase == "forced_trade":
        seat = state["two"]["forced"]["seat"]
        hand = state["players"][seat]["hand"]
        game.act("forced_give", actor={"seat": seat}, cards=hand_pick(hand, state["two"]["forced"]["due"]))
        return True
    if phase == "event":
        _event_answer(data, game)
        return True
    if phase == "discard":
        discard_step(data, game)
        return True
    if phase == tb.BARB:
        seat = state[tb.NAME]["move"]["seat"]
        targets = view(state, seat)["board"]["targets"]
        if "tb_pick" in targets:
            game.act("pick_barbarian", actor={"seat": seat}, edge=data.draw(st.sampled_from(targets["tb_pick"])))
        elif state[tb.NAME]["move"]["why"] == tb.TOKENS:  # trade tokens: a path without a road
            roads = state["board"]["pieces"]["roads"]
            assert not set(targets["tb_barbarian"]) & set(roads)
            hands_before = [dict(p["hand"]) for p in state["players"]]
            edge = data.draw(st.sampled_from(sorted(targets["tb_barbarian"])))
            game.act("move_barbarian", actor={"seat": seat}, edge=edge)
            assert [dict(p["hand"]) for p in game.state["players"]] == hands_before
            if roads:
                assert game.refused("pick_barbarian", actor={"seat": seat}, edge="x") != ""
            event("a barbarian moved for trade tokens")
        else:
            # often onto a road, to steal
            roads = [e for e in state["board"]["pieces"]["roads"] if e in targets["tb_barbarian"]]
            pool = roads if roads and data.draw(st.booleans()) else targets["tb_barbarian"]
            game.act("move_barbarian", actor={"seat": seat}, edge=data.draw(st.sampled_from(sorted(pool))))
        return True
    if phase == "main":
        main_step(data, game, ("drive", "drive", "drive", "grain", "upgrade", "chase", "buy_gold"), more=_wagon_choices,
                  act=lambda kind, actor, targets: _main_act(data, game, kind, actor, targets))
        return True
    return False


def _wagon_choices(state, targets) -> list:
    """The wagon off its shortest way; a road into a target's centre (twice as likely)."""
    return (["wander"] if targets.get("tb_wagon") else []) + (["spoke", "spoke"] if targets.get("tb_spoke") else [])


def _main_act(data, game, kind, actor, targets) -> bool:
    state, seat = game.state, actor["seat"]
    if kind == "drive":
        event("driven")
        drive(state, seat, lambda to: (game.act("move_wagon", actor=actor, to=to), game.state)[1])
    elif kind == "wander":
        game.act("move_wagon", actor=actor, to=data.draw(st.sampled_from(targets["tb_wagon"])))
    elif kind == "grain":
        game.act("wagon_grain", actor=actor)
    elif kind == "upgrade":
        game.act("upgrade_wagon", actor=actor)
        event("upgraded")
    elif kind == "chase":
        edges = view(state, seat)[tb.NAME]["chaseable"]
        game.act("chase_barbarian", actor=actor, edge=data.draw(st.sampled_from(edges or ["none"])),
                 die=data.draw(st.integers(1, 6)))
        event("chased")
    elif kind == "buy_gold":
        game.act("buy_with_gold", actor=actor, resource=data.draw(st.sampled_from(base.RESOURCES)))
    elif kind == "spoke":
        game.act("build_road", actor=actor, edge=data.draw(st.sampled_from(targets["tb_spoke"])))
        event("a road into a target's centre")
    else:
        return False
    return True


def _token_action(data, game) -> None:
    """Catan for two's token actions: a barbarian moved (the robber's action here), a forced trade."""
    state = game.state
    seat = state["turn"]["seat"]
    kind = data.draw(st.sampled_from(["robber_to_desert", "forced_trade"]))
    game.act(kind, actor={"seat": seat})
    if kind == "robber_to_desert":
        assert game.state["phase"] == tb.BARB and game.state[tb.NAME]["move"]["why"] == tb.TOKENS


def _event_answer(data, game) -> None:
    """An Events of Catan card's question, answered on the chooser's phone."""
    state = game.state
    p = data.draw(st.sampled_from(state["pending"]))
    who, kind = p["seat"], p["kind"]
    me = {"seat": who}
    seen = view(state, who)
    if kind == events.EARTHQUAKE:
        game.act("damage_road", actor=me, edge=data.draw(st.sampled_from(seen["board"]["targets"]["road"])))
        event("earthquake")
        return
    choice = seen["me"]["event_choice"]
    if kind == events.GAIN:
        game.act("event_gain", actor=me, resource=data.draw(st.sampled_from(choice["bank"])))
    elif kind == events.GIVE:
        game.act("event_give", actor=me, resource=data.draw(st.sampled_from(choice["held"])))
    elif kind == events.HELP:
        game.act("event_help", actor=me, resource=data.draw(st.sampled_from(choice["held"])),
                 to=data.draw(st.sampled_from(choice["to_any_of"])))
    else:
        game.act("event_take", actor=me, victim=data.draw(st.sampled_from(choice["victims"] + [None])))


def _check(game):
    state = game.state
    p = state[tb.NAME]
    if state["bank"] is not None:
        for r in base.RESOURCES:
            assert state["bank"][r] + sum(pl["hand"][r] for pl in state["players"]) == 19
    g = state["gold"]
    assert sum(g["moved"]) == 0
    for s in range(len(state["players"])):
        assert g["held"][s] == g["earned"][s] - g["spent"][s] + g["moved"][s] >= 0
    tokens = sum(sum(stack.values()) for stack in p["stacks"].values())
    tokens += sum(1 for w in p["wagons"] if w["cargo"]) + sum(len(w["delivered"]) for w in p["wagons"])
    assert tokens == 36
    assert len(p["barbarians"]) == len(set(p["barbarians"])) == 3
    for seat, player in enumerate(state["players"]):  # the 15 roads: on the board's paths and the spokes
        on_board = sum(1 for s in state["board"]["pieces"]["roads"].values() if s == seat)
        assert player["roads"] == on_board + sum(1 for s in tb.spoke_roads(state).values() if s == seat) <= 15
    assert set(tb.spoke_roads(state)) <= set(tb.all_spokes(state["board"]["layout"]))
    assert state["longest_road"] is None
    assert state["phase"] in ("setup", "roll", "main", "discard", tb.BARB, "finished", "neutral_build",
                              "forced_trade", "event")
    if "two" in state:
        assert sum(state["two"]["tokens"]) + state["two"]["pool"] == two.TOKENS_TOTAL
        assert min(state["two"]["tokens"] + [state["two"]["pool"]]) >= 0
        pieces = state["board"]["pieces"]
        closed = tb.road_closed(None, state)
        assert not closed & set(pieces["roads"])
        assert not tb.sea_corners(state["board"]["layout"]) & (set(pieces["settlements"]) | set(pieces["cities"]))
    last = state["log"][-1] if state["log"] else None
    if last and last["kind"] == "tb_barbarian_moved" and "victim" in (last.get("shown") or {}):
        for viewer in range(len(state["players"])):
            seen = view(state, viewer)["log"][-1]
            if viewer in (last["seat"], last["shown"]["victim"]):
                continue
            assert "card" not in json.dumps(seen.get("params") or {})
        event("a card taken by a barbarian")


def _play(data, game, steps, step=_step):
    return play(data, game, steps, step, _check)


def _round_trip(game, states):
    delivered = sum(len(w["delivered"]) for w in game.state[tb.NAME]["wagons"])
    event(f"deliveries: {min(delivered, 3)}+")
    game.check_replay_and_undo()


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data(), st.sampled_from(["hands", "paper"]), st.sampled_from([3, 4]))
def test_random_games_keep_cards_gold_goods_and_secrets(data, play_mode, players):
    game = Game(players=players, play_mode=play_mode)
    states = _play(data, game, 160)
    _round_trip(game, states)


@settings(max_examples=5, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_random_games_with_the_servers_dice(data):
    """The server rolls (2 and 12 rolled again) and draws the goods tokens and chase dice."""
    game = Game(players=3, dice_source="virtual", seed=data.draw(st.integers(0, 1000)))

    def step(data, game) -> bool:
        state = game.state
        if state["phase"] == "roll":
            game.act("roll", actor={"seat": state["turn"]["seat"]})
            assert game.state["last_roll"]["total"] not in (2, 12)
        elif state["phase"] == "main" and view(state, state["turn"]["seat"])[tb.NAME]["chaseable"] \
                and data.draw(st.booleans()):
            seat = state["turn"]["seat"]
            game.act("chase_barbarian", actor={"seat": seat},
                     edge=view(state, seat)[tb.NAME]["chaseable"][0])
        else:
            return _step(data, game)
        return True

    states = _play(data, game, 140, step)
    _round_trip(game, states)


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data(), st.sampled_from(["typed", "virtual"]), st.sampled_from(["hands", "paper"]))
def test_random_games_for_two_with_catan_for_two(data, dice, play_mode):
    """Two players and Catan for two: neutral pieces, two rolls a turn, trade tokens."""
    game = Game(players=2, variants={"two_players": True}, dice_source=dice, play_mode=play_mode,
                seed=data.draw(st.integers(0, 1000)))

    def step(data, game) -> bool:
        state = game.state
        if state["phase"] == "roll" and dice == "virtual" and data.draw(st.integers(0, 5)):
            game.act("roll", actor={"seat": state["turn"]["seat"]})
            rolls = two._rolls(game.state)
            assert all(r["total"] not in (2, 12) for r in rolls)
            assert len(rolls) < 2 or rolls[0]["total"] != rolls[1]["total"]
            return True
        return _step(data, game)

    states = _play(data, game, 160, step)
    _round_trip(game, states)


@settings(max_examples=5, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data(), st.sampled_from([2, 3]))
def test_random_games_on_the_events_deck(data, players):
    """The Events of Catan deck as the dice (with Catan for two too): Robber Attack moves a
    barbarian, Robber Flees does nothing, an Earthquake's roads cost a wagon 2 points."""
    more = {"variants": {"two_players": True}} if players == 2 else {}
    game = Game(players=players, dice_source="events", seed=data.draw(st.integers(0, 1000)), **more)
    states = _play(data, game, 160)
    for d in (game.state.get("events") or {}).get("damaged", []):
        if d["edge"]:
            assert tb.step_cost(game.state, d["seat"], d["edge"])[0] >= tb.DAMAGED_MP
    _round_trip(game, states)
