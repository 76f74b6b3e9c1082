"""Properties of Cities & Knights over random legal games (hypothesis), hands on phones.

- Conservation: for every resource bank + hands = 19, for every commodity 12; every
  progress card is in its deck (pile or under it) or in one hand: 54 in all.
- Barbarian strength always equals the cities on the board; the knights on the board
  are the players' knights; walls stand under own cities; metropolises on own cities.
- Replay: the records alone (outcomes included, no chance) rebuild the same state.
- Undo: undoing the latest action returns exactly to the state before it (test_properties).
- Privacy: a viewer's view does not change when other seats' progress cards, hands and
  secret log details are swapped for others of the same number (except what a Spy or a
  Master Merchant being played shows its player of the victim's cards).

Random games play every progress card (the Spy, Master Merchant, Commercial Harbor,
Deserter, Diplomat and Intrigue with their answers) and half of them the advanced battle.
"""
import json

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.engine import TABLE, fold, view
from companion.machinery import hands
from companion.layers.cores.base import rules as base
from companion.machinery import board as boards
from companion.layers.cores.cities_knights import rules as ck

from .test_board_properties import ChanceRng
from .test_hands_properties import Live, _some_cards
from .test_properties import SETTINGS as BASE_SETTINGS
from companion.machinery.chance import seeded_secret
from companion.engine.game import ruleset

SETTINGS = settings(BASE_SETTINGS, max_examples=25)  # long games: fewer of them
ARG = {"settlement": "corner", "city": "corner", "road": "edge", "robber": "hex",
       "knight": "corner", "relocate": "corner", "wall": "corner", "lose_city": "corner"}  # C&K taps (engine/views.py)
CARDS = sorted(ck.DECK_OF)


@st.composite
def ck_configs(draw):
    n = draw(st.sampled_from([3, 4, 5]), label="players")
    frame = "base_5_6" if n >= 5 else "base"
    rng = ChanceRng(f"board-{draw(st.integers(0, 2**16))}".encode())
    return {
        "rules": "cities_knights",
        "players": [{"name": f"Player {i}", "color": base.COLORS[i]} for i in range(n)],
        "board": "random",
        "play_mode": "hands",
        "board_layout": boards.random_board(frame, rng),
        **({"variants": {"advanced_battle": True}} if draw(st.booleans(), label="advanced battle") else {}),
    }


# ---------------------------------------------------------------- invariants


def check_invariants(state: dict) -> None:
    n = len(state["players"])
    for kind in hands.RESOURCES:
        assert state["bank"][kind] + sum(p["hand"][kind] for p in state["players"]) == 19, kind
    for kind in ck.COMMODITIES:
        assert state["bank"][kind] + sum(p["hand"][kind] for p in state["players"]) == 12, kind
    assert all(v >= 0 for p in state["players"] for v in p["hand"].values())
    assert all(v >= 0 for v in state["bank"].values())
    total = 0
    for deck, cards in ck.DECKS.items():
        pile = state["ck"]["decks"][deck]
        for card, count in cards.items():
            held = sum(p["progress"].count(card) + p["progress_vp"].count(card) for p in state["players"])
            assert pile["pile"][card] >= 0
            assert pile["pile"][card] + pile["under"].count(card) + held == count, card
            total += pile["pile"][card] + pile["under"].count(card) + held
    assert total == 54
    pieces = state["board"]["pieces"]
    assert ck.barbarian_strength(state) == len(pieces["cities"])
    if state["ck"].get("muster"):  # the advanced battle: the ship waits at Catan while players choose
        assert state["ck"]["ship"] == ck.TRACK and state["phase"] == "barbarian"
    else:
        assert 0 <= state["ck"]["ship"] < ck.TRACK
    assert state["ck"]["defenders"] + sum(p["defenders"] for p in state["players"]) == ck.DEFENDERS
    on_board = {}
    active = state["turn"]["seat"]
    for seat, p in enumerate(state["players"]):
        assert p["cities"] == sum(1 for s in pieces["cities"].values() if s == seat)
        assert p["ruined"] == sum(1 for s in state["ck"]["ruined"].values() if s == seat)
        assert p["settlements"] + p["ruined"] == sum(1 for s in pieces["settlements"].values() if s == seat)
        assert p["settlements"] <= 5 and p["cities"] + p["ruined"] <= 4
        for level in ck.KNIGHT_LEVELS:
            assert sum(1 for k in p["knights"] if k["level"] == level) <= ck.KNIGHTS_PER_LEVEL
        for knight in p["knights"]:
            assert knight["corner"] not in on_board
            on_board[knight["corner"]] = seat
        walls = [c for c, s in pieces["walls"].items() if s == seat]
        assert len(walls) == p["walls"] <= ck.WALL_LIMIT
        assert all(pieces["cities"].get(c) == seat for c in walls)
        assert all(0 <= level <= 5 for level in p["improvements"].values())
        if seat != active and state["phase"] not in ("barbarian", "progress_discard"):
            assert len(p["progress"]) <= ck.PROGRESS_LIMIT
        assert not set(p["progress"]) & set(ck.VP_CARDS)
        assert ruleset(state).vp_total(state, seat) == (
            p["settlements"] + 2 * p["cities"] + p["ruined"] + 2 * len(ck.metropolises(state, seat))
            + p["defenders"] + len(p["progress_vp"]) + (2 if state["longest_road"] == seat else 0)
            + (1 if state["ck"]["merchant"] and state["ck"]["merchant"]["seat"] == seat else 0))
    assert on_board == pieces["knights"]
    corners = []
    for chart, holder in state["ck"]["metropolis"].items():
        if holder is not None:
            assert state["players"][holder["seat"]]["improvements"][chart] >= ck.METROPOLIS_LEVEL
            assert pieces["cities"].get(holder["corner"]) == holder["seat"]
            corners.append(holder["corner"])
    assert len(corners) == len(set(corners))
    if state["phase"] in ck.ROLL_PHASES:
        assert state["pending"] and state["ck"]["roll"] is not None
    if state["phase"] in ("main", "roll", "setup"):
        assert state["pending"] == [] and state["ck"]["roll"] is None
        assert state["ck"]["card"] is None and state["ck"]["muster"] is None
    if state["phase"] == "card_answer":
        assert len(state["pending"]) >= 1
    json.dumps(state)


def _scrambled(state: dict, viewer) -> dict:
    """Other seats' secrets changed, their sizes kept: what `viewer` must not notice."""
    changed = json.loads(json.dumps(state))
    card = state["ck"]["card"]
    shown_to_viewer = None  # the victim whose cards a Spy or Master Merchant shows the viewer
    if card and card["kind"] in ("spy", "master_merchant") and {"seat": viewer, "kind": card["kind"]} in state["pending"]:
        shown_to_viewer = card["victim"]
    for seat, p in enumerate(changed["players"]):
        if seat in (viewer, shown_to_viewer):
            continue
        p["progress"] = ["spy"] * len(p["progress"])
        size = sum(p["hand"].values())
        p["hand"] = {k: 0 for k in p["hand"]}
        p["hand"]["coin"] = size
    for entry in changed["log"]:
        if "secret" in entry and viewer not in entry["secret"]["seats"]:
            entry["secret"]["params"] = {k: "other" for k in entry["secret"]["params"]}
    return changed


def check_views(state: dict) -> None:
    if state["phase"] == "finished":
        return
    for viewer in [TABLE, *range(len(state["players"]))]:
        shown = view(state, viewer)
        json.dumps(shown)
        mine = state["players"][viewer]["progress"] if viewer != TABLE else []
        assert (shown["cities_knights"]["me"] or {}).get("progress", []) == mine
        assert view(_scrambled(state, viewer), viewer) == shown


# ---------------------------------------------------------------- the driver


def _tap(data, live: Live, actor: dict, viewer) -> bool:
    shown = view(live.state, viewer)["board"]
    kinds = [k for k, places in shown["targets"].items() if places]
    if not kinds:
        return False
    kind = data.draw(st.sampled_from(kinds), label="tap")
    place = data.draw(st.sampled_from(shown["targets"][kind]), label=kind)
    return live.do(shown["actions"][kind], actor, **{ARG[kind]: place})


def _card_args(data, state: dict, seat: int, card: str) -> dict:
    resource = data.draw(st.sampled_from(hands.RESOURCES), label="resource")
    pieces = state["board"]["pieces"]
    own_corners = sorted(c for c, s in list(pieces["cities"].items()) + list(pieces["settlements"].items()) if s == seat)
    args = {"resource": resource, "commodity": data.draw(st.sampled_from(ck.COMMODITIES), label="commodity"),
            "dice": [data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6))],
            "knights": [k["id"] for k in state["players"][seat]["knights"]][:2]}
    hexes = sorted(h for h, x in state["board"]["layout"]["hexes"].items() if x.get("number"))
    args["other_hex"] = data.draw(st.sampled_from(hexes), label="other hex")
    args["victim"] = data.draw(st.sampled_from([s for s in range(len(state["players"])) if s != seat]), label="victim")
    if card == "diplomat":
        args["edge"] = data.draw(st.sampled_from(ck.open_roads(state) or sorted(pieces["roads"])), label="road")
    if card == "intrigue" and ck.intrigue_targets(state, seat):
        args["corner"] = data.draw(st.sampled_from(ck.intrigue_targets(state, seat)), label="intrigue")
        return args
    if own_corners:
        args["corner"] = data.draw(st.sampled_from(own_corners), label="corner")
        g = boards.geometry(state["board"]["layout"])
        args["hex"] = data.draw(st.sampled_from(sorted(g.corner_hexes[args["corner"]])), label="hex")
    return args


def step(data, live: Live) -> bool:
    state = live.state
    phase = state["phase"]
    if phase == "finished":
        return False
    active = base.active_seat(state)
    me = {"seat": active}
    if live.history["effective"] and data.draw(st.integers(0, 30), label="undo?") == 0:
        live.undo()
        return True
    if phase == "setup":
        _tap(data, live, {"role": "table"}, TABLE)
    elif phase == "roll":
        held = state["players"][active]["progress"]
        if "alchemist" in held and data.draw(st.booleans(), label="alchemist?"):
            assert live.do("play_progress", me, card="alchemist", dice=[data.draw(st.integers(1, 6)), 4])
        elif data.draw(st.integers(0, 2), label="typed?") == 0:
            event_face = data.draw(st.sampled_from(["ship", "blue", "green", "yellow"]), label="event")
            dice = None if state["ck"]["alchemist"] else [data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6))]
            assert live.do("roll", me, **({"dice": dice} if dice else {}), event=event_face)
        else:
            assert live.do("roll", me)
    elif phase == "discard":
        seat = data.draw(st.sampled_from(sorted(p["seat"] for p in state["pending"])), label="discarder")
        held = state["players"][seat]["hand"]
        assert live.do("discard", {"seat": seat}, cards=_some_cards(data, held, sum(held.values()) // 2, "discard"))
    elif phase == "robber":
        assert _tap(data, live, me, active)
    elif phase == "steal":
        assert live.do("steal", me, victim=data.draw(st.sampled_from(state["board"]["victims"]), label="victim"))
    elif phase in ck.ROLL_PHASES:
        pending = data.draw(st.sampled_from(state["pending"]), label="pending")
        seat, kind = pending["seat"], pending["kind"]
        if kind == "lose_city":
            corner = data.draw(st.sampled_from(ck._losable(state, seat)), label="lost city")
            assert live.do("lose_city", {"seat": seat}, corner=corner)
            event("lost a city by choice")
        elif kind == "defender_choice":
            assert live.do("defender_choice", {"seat": seat}, deck=data.draw(st.sampled_from(ck.IMPROVEMENTS)))
            event("tie of defenders")
        elif kind == "muster":
            active_ids = [k["id"] for k in state["players"][seat]["knights"] if k["active"]]
            sent = data.draw(st.lists(st.sampled_from(active_ids), unique=True), label="sent")
            assert live.do("muster_knights", {"seat": seat}, knights=sent)
            event("advanced battle: knights chosen")
        elif kind == "progress_discard":
            card = data.draw(st.sampled_from(state["players"][seat]["progress"]), label="card")
            assert live.do("discard_progress", {"seat": seat}, card=card)
            event("fifth card discarded")
        else:
            assert live.do("aqueduct", {"seat": seat}, resource=data.draw(st.sampled_from(hands.RESOURCES)))
            event("aqueduct")
    elif phase == "relocate":
        options = state["ck"]["displaced"]["options"]
        seat = state["pending"][0]["seat"]
        assert live.do("relocate_knight", {"seat": seat}, corner=data.draw(st.sampled_from(options), label="to"))
        event("knight displaced")
    elif phase == "card_answer":
        pending = data.draw(st.sampled_from(state["pending"]), label="pending")
        if pending["kind"] in ("sabotage", "wedding"):
            held = state["players"][pending["seat"]]["hand"]
            due = sum(held.values()) // 2 if pending["kind"] == "sabotage" else 2
            assert live.do("card_answer", {"seat": pending["seat"]}, cards=_some_cards(data, held, due, "cards"))
        else:
            card_answer(data, live, pending)
        event(f"answered {pending['kind']}")
    elif phase == "special_build":
        if not _tap(data, live, me, active):
            assert live.do("done_building", me)
    else:
        main_step(data, live, active)
    return True


def card_answer(data, live: Live, pending: dict) -> None:
    """An answer to the Spy, Master Merchant, Commercial Harbor or Deserter."""
    state = live.state
    seat, kind, card = pending["seat"], pending["kind"], state["ck"]["card"]
    actor = {"seat": seat}
    if kind == "spy":
        taken = data.draw(st.sampled_from(state["players"][card["victim"]]["progress"]), label="spied")
        assert live.do("spy_take", actor, card=taken)
    elif kind == "master_merchant":
        held = state["players"][card["victim"]]["hand"]
        assert live.do("master_merchant_take", actor, cards=_some_cards(data, held, 2, "taken"))
    elif kind == "harbor_offer":
        held = [r for r in hands.RESOURCES if state["players"][seat]["hand"][r]]
        assert live.do("harbor_offer", actor, resource=data.draw(st.sampled_from(held + [""]), label="offer"))
    elif kind == "harbor_answer":
        held = [c for c in ck.COMMODITIES if state["players"][seat]["hand"][c]]
        assert live.do("harbor_answer", actor, commodity=data.draw(st.sampled_from(held), label="commodity"))
    elif kind == "deserter":
        knight = data.draw(st.sampled_from(state["players"][seat]["knights"]), label="deserter")
        assert live.do("desert_knight", actor, knight=knight["id"])
    else:
        assert live.do("place_deserter", actor, corner=data.draw(st.sampled_from(card["options"]), label="at"))


def main_step(data, live: Live, active: int) -> None:
    state = live.state
    me = {"seat": active}
    player = state["players"][active]
    choice = data.draw(st.sampled_from(
        ["build", "build", "knight", "knight", "activate", "promote", "improve", "improve", "wall", "progress",
         "progress", "bank", "order", "order", "end", "end"]), label="what to do")
    if choice == "build":
        _tap(data, live, me, active)
    elif choice == "knight":
        corners = ck.knight_corners(state, active)
        if corners and live.do("build_knight", me, corner=data.draw(st.sampled_from(corners), label="knight at")):
            event("built a knight")
    elif choice in ("activate", "promote") and player["knights"]:
        knight = data.draw(st.sampled_from(player["knights"]), label="knight")
        if live.do(f"{choice}_knight", me, knight=knight["id"]):
            event(f"{choice}d a knight")
    elif choice == "improve":
        chart = data.draw(st.sampled_from(ck.IMPROVEMENTS), label="chart")
        corners = sorted(ck.free_cities(state, active)) or [None]
        if live.do("improve_city", me, chart=chart, corner=data.draw(st.sampled_from(corners), label="metropolis")):
            event("improved a city")
    elif choice == "wall":
        cities = sorted(c for c, s in state["board"]["pieces"]["cities"].items() if s == active)
        if cities:
            live.do("build_wall", me, corner=data.draw(st.sampled_from(cities), label="wall"))
    elif choice == "progress" and player["progress"]:
        card = data.draw(st.sampled_from(player["progress"]), label="card")
        if live.do("play_progress", me, card=card, **_card_args(data, state, active, card)):
            event(f"played {card}")
    elif choice == "order" and player["knights"]:
        knight = data.draw(st.sampled_from(player["knights"]), label="knight")
        if knight["active"] and data.draw(st.booleans(), label="chase?"):
            if live.do("chase_robber", me, knight=knight["id"]):
                event("chased the robber")
        elif knight["active"]:
            options = sorted(ck.reachable_corners(state, active, knight["corner"]))
            if options and live.do("move_knight", me, knight=knight["id"],
                                   to=data.draw(st.sampled_from(options), label="to")):
                event("moved a knight")
    elif choice == "bank":
        give = max(hands.kinds(state), key=lambda r: player["hand"][r])
        get = data.draw(st.sampled_from([k for k in hands.kinds(state) if k != give]), label="get")
        live.do("trade_bank", me, give=give, get=get)
    else:
        if len(player["progress"]) > ck.PROGRESS_LIMIT:
            card = data.draw(st.sampled_from(player["progress"]), label="fifth")
            assert live.do("discard_progress", me, card=card)
        assert live.do("end_turn", me)


def play(data, live: Live, steps: int, check) -> None:
    for _ in range(steps):
        if not step(data, live):
            break
        check(live.state)


# ---------------------------------------------------------------- the properties


@SETTINGS
@given(data=st.data(), config=ck_configs(), seed=st.integers(0, 2**32), steps=st.integers(40, 160))
def test_conservation_replay_and_undo(data, config, seed, steps):
    live = Live(config, seeded_secret(seed))
    play(data, live, steps, check_invariants)
    event(f"attacks: {min(live.state['ck']['attacks'], 2)}")
    event(f"phase at the end: {live.state['phase']}")
    state, history = fold(config, live.records)
    assert state == live.state
    assert live.replica == live.state


@SETTINGS
@given(data=st.data(), config=ck_configs(), seed=st.integers(0, 2**32), steps=st.integers(20, 100))
def test_views_never_show_other_seats_secrets(data, config, seed, steps):
    live = Live(config, seeded_secret(seed))
    play(data, live, steps, check_views)
    event(f"progress cards held: {min(sum(len(p['progress']) for p in live.state['players']), 3)}")


ASKING = ("spy", "spy", "master_merchant", "commercial_harbor", "deserter", "diplomat", "intrigue")


def _deal_progress(data, live: Live) -> None:
    """Test set-up: each player gets progress cards straight from the decks, the cards
    that ask other players among them, in the live state and in its replica alike (the
    random games rarely reach them otherwise)."""
    n = len(live.state["players"])
    hands_dealt = [data.draw(st.lists(st.sampled_from(ASKING + ("warlord", "bishop", "wedding")), min_size=1,
                                      max_size=ck.PROGRESS_LIMIT), label=f"progress {s}") for s in range(n)]
    for state in (live.state, live.replica):
        for seat, cards in enumerate(hands_dealt):
            for card in cards:
                pile = state["ck"]["decks"][ck.DECK_OF[card]]["pile"]
                if pile[card] > 0:
                    pile[card] -= 1
                    state["players"][seat]["progress"].append(card)


@settings(SETTINGS, max_examples=15,
          suppress_health_check=[*SETTINGS.suppress_health_check, HealthCheck.large_base_example])
@given(data=st.data(), config=ck_configs(), seed=st.integers(0, 2**32), steps=st.integers(20, 80))
def test_cards_that_ask_other_players_keep_the_invariants_and_the_secrets(data, config, seed, steps):
    live = Live(config, seeded_secret(seed))
    while live.state["phase"] == "setup":
        step(data, live)
    _deal_progress(data, live)

    def check(state):
        check_invariants(state)
        check_views(state)

    play(data, live, steps, check)
    played = {e["params"].get("card") for e in live.state["log"] if e["kind"] == "played_progress"}
    for card in sorted(played & set(ASKING)):
        event(f"played {card}")
    assert live.replica == live.state
