"""The random-game driver's steps the Traders & Barbarians scenarios' property tests share
(Barbarian Attack, The Caravans, Traders & Barbarians): each step draws from `data` exactly
as the scenario files drew before they were joined here, so the games explored stay the same."""
from hypothesis import strategies as st

from companion.engine import IllegalAction, view
from companion.engine.game import ruleset
from companion.layers.cores.base import rules as base


def hand_pick(hand: dict, total: int) -> dict:
    """`total` cards taken from `hand` (as many as it holds), in the order of the resources."""
    cards, left = {}, total
    for r in base.RESOURCES:
        take = min(hand[r], left)
        if take:
            cards[r] = take
            left -= take
    return cards


def setup_step(data, game) -> None:
    """Setup: a neutral colour's settlement (Catan for two) first, a settlement, its road."""
    targets = view(game.state, "table")["board"]["targets"]
    if "neutral_settlement" in targets:
        game.act("place_neutral", corner=data.draw(st.sampled_from(targets["neutral_settlement"])))
    elif "settlement" in targets:
        game.act("place_settlement", corner=data.draw(st.sampled_from(targets["settlement"])))
    else:
        game.act("place_road", edge=data.draw(st.sampled_from(targets["road"])))


def roll_step(data, game) -> None:
    """Typed dice, any two faces."""
    game.act("roll", actor={"seat": game.state["turn"]["seat"]},
             dice=[data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6))])


def paper_event_step(data, game) -> None:
    """The Events deck's answers in paper mode: an earthquake's road, a card taken from a victim."""
    state = game.state
    p = state["pending"][0]
    if p["kind"] == "earthquake":
        damaged = {d["edge"] for d in state["events"]["damaged"]}
        own = sorted(e for e, s in state["board"]["pieces"]["roads"].items() if s == p["seat"] and e not in damaged)
        game.act("damage_road", actor={"seat": p["seat"]}, edge=data.draw(st.sampled_from(own)))
    else:
        others = [s for s in range(len(state["players"])) if s != p["seat"]]
        game.act(p["kind"], actor={"seat": p["seat"]}, victim=data.draw(st.sampled_from(others)))


def discard_step(data, game) -> None:
    """Half the hand (phones) or a hand size typed on the table (paper)."""
    state = game.state
    p = state["pending"][0]
    if state["bank"] is not None:
        hand = state["players"][p["seat"]]["hand"]
        game.act("discard", actor={"seat": p["seat"]}, cards=hand_pick(hand, sum(hand.values()) // 2))
    else:
        game.act("discard", actor={"seat": p["seat"]}, hand_size=data.draw(st.integers(0, 12)))


def steal_step(data, game) -> None:
    game.act("steal", victim=data.draw(st.sampled_from(game.state["board"]["victims"])))


def neutral_build_step(data, game, neutrals=None) -> None:
    """Catan for two's free piece for a neutral colour: which colour (from `neutrals`, else the
    options the builder's view offers), then where."""
    state = game.state
    seat = state["pending"][0]["seat"]
    build = state["two"]["build"]
    if build["neutral"] is None:
        options = neutrals if neutrals is not None else view(state, seat)["catan_for_two"]["build_options"]
        game.act("choose_neutral", actor={"seat": seat}, neutral=data.draw(st.sampled_from(options)))
        return
    where = data.draw(st.sampled_from(view(state, seat)["board"]["targets"][f"neutral_{build['piece']}"]))
    game.act("build_neutral", actor={"seat": seat}, **{"corner" if build["piece"] == "settlement" else "edge": where})


def main_step(data, game, extra=(), more=None, act=None, trade_for=base.RESOURCES) -> None:
    """The main phase: a drawn choice among ending the turn, the scenario's `extra` choices, the
    builds that have a target, `more(state, targets)` (choices that depend on the board), a 4:1
    trade when the phones hold four of a kind (for one of `trade_for`). `act(kind, actor, targets)`
    does the scenario's own choices (True when it did); a refused choice ends the turn."""
    state = game.state
    seat = state["turn"]["seat"]
    actor = {"seat": seat}
    targets = view(state, seat)["board"]["targets"]
    choices = ["end_turn", *extra] + [k for k in ("city", "settlement", "road") if targets.get(k)]
    if more is not None:
        choices += more(state, targets)
    if state["bank"] is not None and any(n >= 4 for n in state["players"][seat]["hand"].values()):
        choices.append("trade")
    kind = data.draw(st.sampled_from(choices))
    try:
        if act is not None and act(kind, actor, targets):
            return
        if kind == "end_turn":
            game.act("end_turn", actor=actor)
        elif kind == "trade":
            hand = state["players"][seat]["hand"]
            give = next(r for r in base.RESOURCES if hand[r] >= 4)
            get = data.draw(st.sampled_from([r for r in trade_for if r != give]))
            game.act("trade_bank", actor=actor, give=give, get=get)
        elif kind == "road":
            game.act("build_road", actor=actor, edge=data.draw(st.sampled_from(targets["road"])))
        else:
            game.act(f"build_{kind}", actor=actor, corner=data.draw(st.sampled_from(targets[kind])))
    except IllegalAction:
        game.act("end_turn", actor=actor)


def play(data, game, steps, step, check=None, stop=None) -> list:
    """Up to `steps` of `step` (refused tries dropped, False ends the game), `check` after each,
    until `stop(game, states)`; the states passed through."""
    states = [game.state]
    for _ in range(steps):
        try:
            if not step(data, game):
                break
        except IllegalAction:
            continue
        states.append(game.state)
        if check is not None:
            check(game)
        if stop is not None and stop(game, states):
            break
    return states


# The table's answer to a scenario's question before play, as shown (base.open_questions).
ANSWERS = {"tb_dev_deck": lambda state: ("set_dev_deck", dict(state["dev_deck"])),
           "tb_wagon_cards": lambda state: ("set_wagon_cards", {})}


def answer_step(game) -> bool:
    """The table answers the first question still open before the first roll (False: none)."""
    state = game.state
    questions = base.open_questions(ruleset(state), state) if base.before_first_roll(state) else []
    if not questions:
        return False
    kind, args = ANSWERS[questions[0]](state)
    game.act(kind, **args)
    return True


def common_step(data, game, neutrals=None) -> bool:
    """The steps every one of these scenarios takes alike: the table's answers before the first
    roll, setup, the roll (typed dice, or the Events deck's card revealed), the paper Events
    answers, a discard, a steal, a neutral colour's free piece. False when the phase is none
    of these."""
    state = game.state
    phase = state["phase"]
    if phase in ("setup", "roll") and answer_step(game):
        return True
    if phase == "setup":
        setup_step(data, game)
    elif phase == "roll" and state["config"]["dice_source"] == "events":
        game.act("reveal_event", actor={"seat": state["turn"]["seat"]})
    elif phase == "roll":
        roll_step(data, game)
    elif phase == "event":
        paper_event_step(data, game)
    elif phase == "discard":
        discard_step(data, game)
    elif phase == "steal":
        steal_step(data, game)
    elif phase == "neutral_build":
        neutral_build_step(data, game, neutrals)
    else:
        return False
    return True
