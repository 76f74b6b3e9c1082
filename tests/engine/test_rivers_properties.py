"""Rivers of Catan over random legal games (layers/traders_barbarians_scenarios/rivers/rules.py, with the gold layer's
state["gold"]): gold is conserved (what each seat holds is what the river, the bridges and
the bank paid it, minus what it spent, plus what other players gave it), the titles always follow the gold, the cards of the
bank and the hands are conserved, replaying the records gives the live state, undo and
redo round trip, and no view shows another seat's hand."""
import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import TABLE, fold, view
from companion.engine.game import ruleset
from companion.layers.cores.base import rules as base
from companion.layers.gold import rules as gold_layer
from companion.layers.traders_barbarians_scenarios.rivers import rules as rivers
from companion.machinery import board as boards
from companion.machinery import hands

from .test_properties import same_play
from .test_rivers import Game, T


def card_totals(state):
    totals = dict(state["bank"])
    for seat in range(len(state["players"])):
        for kind, n in hands.hand(state, seat).items():
            totals[kind] += n
    return totals


def candidates(game) -> list:
    """(type, actor, args) of legal-looking actions now (the engine may still refuse one)."""
    state = game.state
    phase = state["phase"]
    rules = ruleset(state)
    with_hands = hands.uses_hands(state)
    active = rules.active_seat(state)
    me = {"seat": active} if with_hands else T
    out = []
    if phase == "setup":
        t = view(state, TABLE)["board"]["targets"]
        out += [("place_neutral", T, {"corner": c}) for c in t.get("neutral_settlement", [])]
        out += [("place_settlement", T, {"corner": c}) for c in t.get("settlement", [])]
        out += [("place_road", T, {"edge": e}) for e in t.get("road", [])]
    elif phase == "roll":
        out.append(("roll", T, {}))
    elif phase == "discard":
        for pending in state["pending"]:
            seat = pending["seat"]
            if with_hands:
                due, cards = hands.hand_size(state, seat) // 2, {}
                for kind, n in hands.hand(state, seat).items():
                    take = min(n, due - sum(cards.values()))
                    if take:
                        cards[kind] = take
                out.append(("discard", {"seat": seat}, {"cards": cards}))
            else:
                out.append(("discard", T, {"seat": seat, "hand_size": 5}))
    elif phase == "robber":
        out += [("move_robber", T, {"hex": h}) for h in view(state, TABLE)["board"]["targets"].get("robber", [])]
    elif phase == "neutral_build":  # Catan for two: the free piece for a neutral colour
        built = state["two"]["build"]
        if built["neutral"] is None:
            out += [("choose_neutral", T, {"neutral": n}) for n in (2, 3)]
        else:
            t = view(state, TABLE)["board"]["targets"]
            out += [("build_neutral", T, {"edge": e}) for e in t.get("neutral_road", [])]
            out += [("build_neutral", T, {"corner": c}) for c in t.get("neutral_settlement", [])]
            if built["piece"] == "road":  # never on a bridge site: refused
                out += [("build_neutral", T, {"edge": e}) for e in rivers.bridge_sites(state["board"]["layout"])]
    elif phase == "forced_trade":
        seat = state["pending"][0]["seat"]
        due, cards = state["two"]["forced"]["due"], {}
        for kind, n in hands.hand(state, seat).items():
            take = min(n, due - sum(cards.values()))
            if take:
                cards[kind] = take
        out.append(("forced_give", {"seat": seat}, {"cards": cards}))
    elif phase == "steal":
        out += [("steal", T, {"victim": v}) for v in state["board"]["victims"]]
    elif phase == "main":
        t = view(state, active)["board"]["targets"]
        for kind, action, key in (("road", "build_road", "edge"), ("settlement", "build_settlement", "corner"),
                                  ("city", "build_city", "corner"), ("bridge", "build_bridge", "edge")):
            out += [(action, me, {key: x}) for x in t.get(kind, [])] * 3
        gold = state["gold"]["held"][active]
        if gold >= gold_layer.BUY_PRICE:
            out += [("buy_with_gold", me, {"resource": r}) for r in base.RESOURCES]
        if gold >= gold_layer.ratio(state, active):
            out += [("trade_gold", me, {"give": "gold", "get": r}) for r in base.RESOURCES]
        ratios = boards.harbour_ratios(state["board"]["layout"], state["board"]["pieces"], active)
        for r in base.RESOURCES:
            if not with_hands or hands.hand(state, active)[r] >= ratios[r]:
                out.append(("trade_gold", me, {"give": r, "get": "gold"}))
        others = [s for s in range(len(state["players"])) if s != active]
        if with_hands:
            for other in others:
                held = [r for r, n in hands.hand(state, other).items() if n]
                if gold and held:
                    out.append(("offer_gold", {"seat": active}, {"to": other, "count": 1, "cards": {held[0]: 1},
                                                                  "give": "gold"}))
                if state["gold"]["held"][other] and held:
                    out.append(("offer_gold", {"seat": other}, {"to": active, "count": 1, "cards": {held[0]: 1},
                                                                 "give": "cards"}))
            for offer in state["gold"]["offers"]:
                out.append(("answer_gold", {"seat": offer["to"]}, {"offer": offer["id"], "answer": "accept"}))
                out.append(("answer_gold", {"seat": offer["from"]}, {"offer": offer["id"], "answer": "withdraw"}))
        else:
            for other in others:
                if gold:
                    out.append(("give_gold", T, {"seat": active, "to": other, "count": 1}))
                if state["gold"]["held"][other]:
                    out.append(("give_gold", {"seat": other}, {"to": active, "count": 1}))
        if "two" in state:
            out += [("forced_trade", me, {}), ("robber_to_desert", T, {})]
        out += [("end_turn", T, {})] * 4
    return out


def check(game, start_cards, bought_gold):
    state = game.state
    r, g = state["rivers"], state["gold"]
    n = len(state["players"])
    # Gold: held = earned - spent + received from players; players' gold only moves between them.
    for s in range(n):
        assert g["held"][s] >= 0
        assert g["held"][s] == g["earned"][s] - g["spent"][s] + g["moved"][s]
    assert sum(g["moved"]) == 0
    # What the supply paid: 1 a river road or building, 3 a bridge, and the bank's gold.
    pieces = state["board"]["pieces"]
    for s in range(n):
        river = sum(1 for e in r["paid"]["edges"] if pieces["roads"].get(e) == s)
        river += sum(1 for c in r["paid"]["corners"] if boards.owner_at(pieces, c) == s)
        bridges = sum(1 for seat in r["bridges"].values() if seat == s)
        assert g["earned"][s] == river + rivers.BRIDGE_GOLD * bridges + bought_gold[s]
        assert bridges <= rivers.BRIDGES_EACH
    # A bridge site never holds an ordinary road: every road there is a bridge.
    assert {e for e in rivers.bridge_sites(state["board"]["layout"]) if e in pieces["roads"]} == set(r["bridges"])
    # The titles follow the gold once setup is over.
    if state["phase"] not in ("setup", "board"):
        assert r["titled"]
        if state["phase"] != "finished":
            assert (r["wealthiest"], r["poor"]) == rivers.titles(g["held"])
    if hands.uses_hands(state):
        assert card_totals(state) == start_cards
    # Views: the rivers' and the gold's parts are public (the same for everyone but the
    # seat's own ratio); a seat sees only its own hand.
    table = view(state, TABLE)
    for s in range(n):
        seen = view(state, s)
        assert seen["rivers"] == table["rivers"]
        assert {k: v for k, v in seen["gold"].items() if k != "ratio"} == \
            {k: v for k, v in table["gold"].items() if k != "ratio"}
        assert seen["gold"]["held"] == g["held"]
        if hands.uses_hands(state):
            assert seen["me"]["hand"] == hands.hand(state, s)
            assert all("hand" not in p for p in seen["players"]) and "hand" not in seen["rivers"]
        assert seen["me"]["seat"] == s


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, 10 ** 6), min_size=30, max_size=110), st.sampled_from(["hands", "paper"]),
       st.integers(0, 50), st.sampled_from([3, 2]))
def test_random_games_keep_the_gold_the_titles_and_replay(choices, mode, seed, players):
    """Three players, or two with Catan for two (its neutral colours, two rolls, tokens)."""
    more = {"players": 2, "variants": {"two_players": True}} if players == 2 else {}
    game = Game(seed=seed, play_mode=mode, dice_source="virtual", **more)
    start_cards = card_totals(game.state) if mode == "hands" else None
    bought_gold = [0] * len(game.state["players"])
    states = [game.state]
    for choice in choices:
        options = candidates(game)
        if not options or game.state["phase"] == "finished":
            break
        kind, actor, args = options[choice % len(options)]
        try:
            game.act(kind, actor, **args)
        except Exception as error:  # noqa: BLE001
            from companion.engine import IllegalAction
            assert isinstance(error, IllegalAction), error
            continue
        if kind == "trade_gold" and args.get("get") == "gold":
            bought_gold[game.state["turn"]["seat"]] += 1
        states.append(game.state)
        check(game, start_cards, bought_gold)
    assert "rivers" in ruleset(game.state).names
    # Replay: the records alone give the live state.
    replayed, history = fold(json.loads(json.dumps(game.config)), json.loads(json.dumps(game.records)))
    assert replayed == game.state
    if not game.records:
        return
    # Undo the last action: the state before it; redo: the state after it.
    last = game.records[-1]
    undo = {"seq": last["seq"] + 1, "kind": "undo", "target": last["seq"]}
    undone, _ = fold(copy.deepcopy(game.config), copy.deepcopy(game.records) + [undo])
    assert same_play(undone, states[-2])
    redo = {"seq": last["seq"] + 2, "kind": "redo", "target": last["seq"], "original": copy.deepcopy(last)}
    redone, _ = fold(copy.deepcopy(game.config), copy.deepcopy(game.records) + [undo, redo])
    assert same_play(redone, game.state)


def test_a_long_game_reaches_bridges_and_titles_change_hands():
    """One seeded long game (the driver's path is fixed): gold and titles move."""
    game = Game(seed=3, play_mode="hands", dice_source="virtual")
    start_cards = card_totals(game.state)
    bought = [0, 0, 0]
    import random
    pick = random.Random(11)
    changes = 0
    for _ in range(900):
        options = candidates(game)
        if not options or game.state["phase"] == "finished":
            break
        kind, actor, args = pick.choice(options)
        try:
            game.act(kind, actor, **args)
        except Exception as error:  # noqa: BLE001
            from companion.engine import IllegalAction
            assert isinstance(error, IllegalAction), error
            continue
        if kind == "trade_gold" and args.get("get") == "gold":
            bought[game.state["turn"]["seat"]] += 1
        changes += game.state["log"][-1]["kind"] in ("wealthiest", "poor")
        check(game, start_cards, bought)
    assert sum(game.state["gold"]["earned"]) > 0 and changes > 0
    assert fold(copy.deepcopy(game.config), game.records)[0] == game.state
