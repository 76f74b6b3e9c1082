"""What each viewer may know: the public table, or one seat.

Private data (development cards in hand, hidden VP, a secret log entry's details) only
ever appears in the view of the seat it belongs to; never in the table's or another's.
"""
from companion import layers as registry
from companion.layers.cores.base import rules as base
from companion.layers.cores.base import trading
from companion.machinery import board as boards
from companion.machinery import hands
from companion.machinery.turns import active_seat

from companion.engine.game import allowed_actions, ruleset
from companion.engine.points import vp_sources

TABLE = "table"
LOG_SHOWN = 30


def public_part(state: dict) -> dict:
    """What every viewer's view of this state holds alike: the public table (each seat's
    counts, the dice, the bank, the board's pieces). The services compute it once per
    version and hand it to every viewer's `view`; nothing in it is any seat's secret."""
    rules = ruleset(state)
    finished = state["phase"] == "finished"
    with_hands = hands.uses_hands(state)
    players = []
    for seat, (p, cfg) in enumerate(zip(state["players"], state["config"]["players"])):
        players.append(
            {
                "seat": seat,
                "name": cfg["name"],
                "color": cfg["color"],
                "vp_public": rules.vp_public(state, seat),
                "settlements": p["settlements"],
                "cities": p["cities"],
                "roads": p["roads"],
                "pieces_left": {k: base.SUPPLY[k] - p[k] for k in base.SUPPLY},
                "knights_played": p["knights_played"],
                "dev_cards_in_hand": len(p["dev_hand"]),
                "cards_in_hand": hands.hand_size(state, seat) if with_hands else None,
                "longest_road": state["longest_road"] == seat,
                "largest_army": state["largest_army"] == seat,
                "is_active": seat == rules.active_seat(state) and not finished,
                "pending": [x["kind"] for x in state["pending"] if x["seat"] == seat],
                # At the end everything is revealed.
                "vp_total": rules.vp_total(state, seat) if finished else None,
                "vp_cards": rules.vp_hidden(state, seat) if finished else None,
            }
        )
    table = {
        # (the scenario only where there is one: views of older games stay as they were)
        "config": {k: state["config"][k] for k in ("rules", "target", "dice_source", "board", "play_mode", "scenario")
                   if k in state["config"]},
        "dice_sources": list(rules.dice_sources()),
        "phase": state["phase"],
        "active_seat": None if finished else rules.active_seat(state),
        "turn": {"number": state["turn"]["number"], "seat": state["turn"]["seat"], "rolled": state["turn"]["rolled"],
                 "dev_played": state["turn"]["dev_played"]},
        "setup_round": _setup_round(state),
        "last_roll": state["last_roll"],
        "roll_counts": state["roll_counts"][2:],
        "rolls_total": sum(state["roll_counts"]),
        "players": players,
        "dev_deck_left": rules.dev_deck_left(state),
        "longest_road": state["longest_road"],
        "largest_army": state["largest_army"],
        "winner": state["winner"],
        "bank": dict(state["bank"]) if with_hands else None,  # the bank lies open on the table
    }
    # What the table must still confirm before the first roll (a step of its own on the screens).
    questions = base.open_questions(rules, state) if base.before_first_roll(state) and not finished else []
    return {"table": table, "board": _public_board(rules, state), "questions": questions,
            "layers": rules.public_view_parts(state),  # the layers' parts given no viewer
            "log": shown_log(state, TABLE)}  # as the table reads it: nobody's secret


def view(state: dict, viewer, version: int = 0, public: dict | None = None, found: dict | None = None) -> dict:
    """`viewer` is "table" or a seat number. `public`: this state's `public_part`, when the
    caller has it already (every screen of a version shares it: the views are the same).
    `found`: a dict the caller keeps with this state for what its views work out alike (the
    active seat's build targets: the table's view and that seat's both need them)."""
    if public is None:
        public = public_part(state)
    rules = ruleset(state)
    finished = state["phase"] == "finished"
    with_hands = hands.uses_hands(state)
    table = public["table"]
    result = {
        "viewer": viewer,
        "version": version,
        **{key: table[key] for key in _BEFORE_LOG},
        "log": _log_of(state, viewer, public["log"]),
        "me": None,
        "bank": table["bank"],
        "offers": trading.offers_for(state, viewer),
    }
    actor = {"role": "table"} if viewer == TABLE else {"seat": int(viewer)}
    allowed = allowed_actions(state, actor)
    result["board"] = _board_view(rules, state, viewer, finished, public["board"], allowed, found)
    # the key only while something is asked (views of other games stay as they were)
    if public["questions"]:
        result["questions"] = public["questions"]
    # Each layer's own part, public and private, under its key (None: not in this game).
    result.update({key: None for key in VIEW_KEYS})
    result.update(rules.view_parts(state, viewer, public["layers"]))
    result["allowed"] = sorted(allowed)
    if viewer != TABLE:
        seat = int(viewer)
        me = state["players"][seat]
        this_turn = state["turn"]["number"]
        result["me"] = {
            "seat": seat,
            "dev_cards": [
                {"card": c["card"], "new": c["turn"] == this_turn}
                for c in me["dev_hand"]
            ],
            "vp_hidden": rules.vp_hidden(state, seat),
            "vp_total": rules.vp_total(state, seat),
            "vp_sources": vp_sources(rules, state, seat),  # its own points only: hidden cards too
            "dev_played": list(me["dev_played"]),
            "trade_ratios": _trade_ratios(state, seat),
        }
        if with_hands:
            result["me"].update(_hand_view(rules, state, seat))
    return result


VIEW_KEYS = tuple(dict.fromkeys(layer.view_key for layer in registry.LAYERS if layer.view_key))
# The public table's keys in a view, in their order before the log.
_BEFORE_LOG = ("config", "dice_sources", "phase", "active_seat", "turn", "setup_round", "last_roll", "roll_counts",
               "rolls_total", "players", "dev_deck_left", "longest_road", "largest_army", "winner")


def _public_board(rules, state: dict) -> dict | None:
    """The board as every viewer sees it: its pieces, never anyone's tap targets."""
    board = state["board"]
    if board is None:
        return None
    shown = {
        "layout": board["layout"],
        "robber": board["robber"],
        "pieces": board["pieces"],
        "victims": list(board["victims"]),
        "free_roads": board["free_roads"],
        "production": state["production"],
        "problems": [code for code, _details in base.board_problems(rules, state)] if state["phase"] == "board" else [],
    }
    if state["phase"] == "board":  # the fast editor's (None: a board of its own shape), while the board is entered
        shown["entry"] = base.entry_view(rules, state)
    return shown


def _board_view(rules, state: dict, viewer, finished: bool, public: dict | None, allowed: set, found: dict | None):
    """The board, its pieces and, for whoever may act now, where they can tap."""
    board = state["board"]
    if board is None:
        return None
    targets, actions = {}, {}
    seat = active_seat(state)
    if finished:
        allowed = set()
    unaffordable = set()
    if hands.uses_hands(state) and state["phase"] in ("main", "special_build", "roll"):
        if viewer == TABLE:  # builds spend a hand: they are tapped on the player's phone
            unaffordable = {"road", "settlement", "city"}
        else:
            cards = hands.hand(state, seat)
            unaffordable = {k for k in ("road", "settlement", "city") if hands.missing(cards, hands.COSTS[k])}
            if board["free_roads"]:
                unaffordable.discard("road")
    board_actions = rules.board_actions
    tappable = any(a in allowed for acts in board_actions.values() for a in acts)
    targets_now = None
    for own_targets in rules.hooks("board_targets"):  # a layer's own steps (None: not now)
        targets_now = own_targets(rules, state, viewer)
        if targets_now is not None:
            break
    if targets_now is None and not tappable:
        # Nothing to tap for this viewer (most phones, most of the time): finding where the
        # active player could build is the costly part of a view.
        targets_now = {}
    elif targets_now is None:
        key = ("build_targets", seat)
        targets_now = found.get(key) if found is not None else None
        if targets_now is None:
            targets_now = base.board_targets(rules, state, seat)
            if found is not None:
                found[key] = targets_now
    if tappable:  # a layer's own pieces on the board (knights, walls), and what the hand can't pay for them
        for more_targets in rules.hooks("more_board_targets"):
            extra, costly = more_targets(rules, state, viewer, seat)
            targets_now = {**targets_now, **extra}
            unaffordable |= costly
    for kind, locations in targets_now.items():
        action = next((a for a in board_actions[kind] if a in allowed), None)
        if action and kind not in unaffordable:  # no tap targets for what the hand can't pay
            targets[kind] = locations
            actions[kind] = action
    shown = {key: public[key] for key in ("layout", "robber", "pieces", "victims", "free_roads", "production")}
    shown.update(targets=targets, actions=actions, problems=public["problems"])
    if "entry" in public:
        shown["entry"] = public["entry"]
    return shown


def _hand_view(rules, state: dict, seat: int) -> dict:
    cards = hands.hand(state, seat)
    production = state["production"]
    gained = {}
    if production and production.get("turn") == state["turn"]["number"]:
        gained = production["seats"].get(str(seat), {})
    due = hands.hand_size(state, seat) // 2 if any(
        p["seat"] == seat and p["kind"] == "discard" for p in state["pending"]) else 0
    return {
        "hand": dict(cards),
        "cards_in_hand": sum(cards.values()),
        "gained": dict(gained),  # this turn's production, for the "+2 grain" highlight
        "missing": {item: hands.missing(cards, cost) for item, cost in hands.COSTS.items()},
        "discard_due": due,
        # A layer's own part of the hand (what an event card asks of this seat).
        **{key: part for hand_part in rules.hooks("hand_view") for key, part in [hand_part(rules, state, seat)]},
    }


def _trade_ratios(state: dict, seat: int):
    if state["board"] is None:
        return None
    return boards.harbour_ratios(state["board"]["layout"], state["board"]["pieces"], seat)


def _setup_round(state: dict):
    if state["phase"] != "setup":
        return None
    return 1 if state["setup"]["index"] < len(state["players"]) else 2


def shown_log(state: dict, viewer) -> list[dict]:
    """The log entries a view shows (the latest LOG_SHOWN), newest first, as `viewer` may read them."""
    return [_redact(entry, viewer) for entry in state["log"][-LOG_SHOWN:]][::-1]


def _log_of(state: dict, viewer, public_log: list[dict]) -> list[dict]:
    """shown_log, with the public part's entries where the viewer is shown nothing more (most
    entries, for every screen): only an entry with a secret is worked out for the viewer."""
    entries = state["log"][-LOG_SHOWN:][::-1]
    return [_redact(entry, viewer) if entry.get("secret") or entry.get("secret_each") else shown
            for entry, shown in zip(entries, public_log)]


def log_for(state: dict, viewer) -> list[dict]:
    """Every log entry the game keeps, oldest first, as `viewer` may read it."""
    return [_redact(entry, viewer) for entry in state["log"]]


def _redact(entry: dict, viewer) -> dict:
    shown = {k: entry[k] for k in ("n", "turn", "kind", "seat", "params")}
    secret = entry.get("secret")
    if secret and viewer != TABLE and int(viewer) in secret["seats"]:
        shown["params"] = {**entry["params"], **secret["params"]}
    own = (entry.get("secret_each") or {}).get(str(int(viewer))) if viewer != TABLE else None
    if own:  # what this seat alone was shown (its own card of several taken)
        shown["params"] = {**shown["params"], **own}
    return shown
