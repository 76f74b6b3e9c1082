"""What each viewer may know: the public table, or one seat.

Private data (development cards in hand, hidden VP, a secret log entry's details) only
ever appears in the view of the seat it belongs to; never in the table's or another's.
"""
from . import base, events, hands, trading, two_players, variants
from .game import allowed_actions, ruleset

TABLE = "table"
LOG_SHOWN = 30


def view(state: dict, viewer, version: int = 0) -> dict:
    """`viewer` is "table" or a seat number."""
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
    result = {
        "viewer": viewer,
        "version": version,
        "config": {k: state["config"][k] for k in ("rules", "target", "dice_source", "board", "play_mode")},
        "dice_sources": list(base.dice_sources(state["config"]["rules"])),
        "phase": state["phase"],
        "active_seat": None if finished else rules.active_seat(state),
        "turn": {"number": state["turn"]["number"], "seat": state["turn"]["seat"], "rolled": state["turn"]["rolled"],
                 "dev_played": state["turn"]["dev_played"]},
        "setup_round": _setup_round(state),
        "last_roll": state["last_roll"],
        "roll_counts": state["roll_counts"][2:],
        "rolls_total": sum(state["roll_counts"]),
        "players": players,
        "dev_deck_left": sum(state["dev_deck"].values()),
        "longest_road": state["longest_road"],
        "largest_army": state["largest_army"],
        "winner": state["winner"],
        "log": [_redact(entry, viewer) for entry in state["log"][-LOG_SHOWN:]][::-1],
        "me": None,
        "bank": dict(state["bank"]) if with_hands else None,  # the bank lies open on the table
        "offers": trading.offers_for(state, viewer),
    }
    result["board"] = _board_view(state, viewer, finished)
    result["events"] = events.public_view(state)
    result["variants"] = variants.public_view(state)
    result["two"] = two_players.public_view(state)  # Catan for two: neutral colours, trade tokens, two rolls
    extra_view = getattr(rules, "extra_view", None)  # a ruleset's own public and private parts
    if extra_view is not None:
        result[rules.VIEW_KEY] = extra_view(state, viewer)
        if "ck" in state and not finished:
            result["ck"]["orders"] = ck_orders(state, viewer)
    if viewer == TABLE:
        result["allowed"] = sorted(allowed_actions(state, {"role": "table"}))
    else:
        seat = int(viewer)
        me = state["players"][seat]
        this_turn = state["turn"]["number"]
        result["allowed"] = sorted(allowed_actions(state, {"seat": seat}))
        result["me"] = {
            "seat": seat,
            "dev_cards": [
                {"card": c["card"], "new": c["turn"] == this_turn}
                for c in me["dev_hand"]
            ],
            "vp_hidden": rules.vp_hidden(state, seat),
            "vp_total": rules.vp_total(state, seat),
            "dev_played": list(me["dev_played"]),
            "trade_ratios": _trade_ratios(state, seat),
        }
        if with_hands:
            result["me"].update(_hand_view(state, seat))
    return result


BOARD_ACTIONS = {"settlement": ("place_settlement", "build_settlement"),
                 "road": ("place_road", "build_road", "damage_road"),  # damage_road: an Earthquake (events.py)
                 "city": ("build_city",), "robber": ("move_robber",), "hex": ("edit_hex",),
                 "coast": ("edit_harbour",),
                 # Cities & Knights (cities_knights.py): a new knight, a displaced knight, a wall, a lost city
                 "knight": ("build_knight",), "relocate": ("relocate_knight",), "wall": ("build_wall",),
                 "lose_city": ("lose_city",),
                 # Catan for two (two_players.py): the neutral colours' pieces
                 "neutral_settlement": ("place_neutral", "build_neutral"), "neutral_road": ("build_neutral",)}
CK_COSTS = {"knight": ("knight",), "wall": ("wall",)}  # board kinds paid from the hand in Cities & Knights


def _board_view(state: dict, viewer, finished: bool):
    """The board, its pieces and, for whoever may act now, where they can tap."""
    board = state["board"]
    if board is None:
        return None
    targets, actions = {}, {}
    seat = base.active_seat(state)
    actor = {"role": "table"} if viewer == TABLE else {"seat": int(viewer)}
    allowed = allowed_actions(state, actor) if not finished else set()
    unaffordable = set()
    if hands.uses_hands(state) and state["phase"] in ("main", "special_build", "roll"):
        if viewer == TABLE:  # builds spend a hand: they are tapped on the player's phone
            unaffordable = {"road", "settlement", "city"}
        else:
            cards = hands.hand(state, seat)
            unaffordable = {k for k in ("road", "settlement", "city") if hands.missing(cards, hands.COSTS[k])}
            if board["free_roads"]:
                unaffordable.discard("road")
    tappable = any(a in allowed for acts in BOARD_ACTIONS.values() for a in acts)
    targets_now = two_players.board_targets(state, viewer)  # Catan for two's own steps, else None
    if targets_now is None and not tappable:
        # Nothing to tap for this viewer (most phones, most of the time): finding where the
        # active player could build is the costly part of a view.
        targets_now = {}
    elif targets_now is None:
        targets_now = events.board_targets(state, viewer) if state["phase"] == "event" else base.board_targets(state, seat)
    if "ck" in state and tappable:  # Cities & Knights: knights, walls and its own decisions on the board
        targets_now = {**targets_now, **_ck_targets(state, viewer, seat)}
        if hands.uses_hands(state) and state["phase"] == "main":
            if viewer == TABLE:
                unaffordable |= {"knight", "wall"}
            else:
                from . import cities_knights as ck
                cards = hands.hand(state, seat)
                unaffordable |= {k for k in CK_COSTS if hands.missing(cards, ck.COSTS[k])}
    for kind, locations in targets_now.items():
        action = next((a for a in BOARD_ACTIONS[kind] if a in allowed), None)
        if action and kind not in unaffordable:  # no tap targets for what the hand can't pay
            targets[kind] = locations
            actions[kind] = action
    return {
        "layout": board["layout"],
        "robber": board["robber"],
        "pieces": board["pieces"],
        "victims": list(board["victims"]),
        "free_roads": board["free_roads"],
        "production": state["production"],
        "targets": targets,
        "actions": actions,
        "problems": [code for code, _details in base.board_problems(state)] if state["phase"] == "board" else [],
    }


def _ck_targets(state: dict, viewer, seat: int) -> dict:
    """Cities & Knights corners to tap: where a new knight may stand, a city that may get a
    wall, where a displaced knight may go, which city a beaten player gives up."""
    from . import cities_knights as ck

    pieces = state["board"]["pieces"]
    targets = {}
    if state["phase"] == "main":
        targets["knight"] = ck.knight_corners(state, seat)
        targets["wall"] = sorted(c for c, s in pieces["cities"].items() if s == seat and c not in pieces["walls"])
    pending_seats = [p["seat"] for p in state["pending"]
                     if viewer == TABLE or p["seat"] == int(viewer)]
    displaced = state["ck"]["displaced"]
    if state["phase"] == "relocate" and displaced and displaced["seat"] in pending_seats:
        targets["relocate"] = list(displaced["options"])
    if state["phase"] == "barbarian":
        losers = [p["seat"] for p in state["pending"] if p["kind"] == "lose_city" and p["seat"] in pending_seats]
        if losers:
            targets["lose_city"] = ck.free_cities(state, losers[0])
    return targets


def ck_orders(state: dict, viewer) -> dict | None:
    """What the active player's knights may do now, for their phone (or the table in paper
    mode): each knight with its place, where it may move, whether it may chase the robber,
    be activated or promoted. Knights lie open on the table: nothing here is secret."""
    if "ck" not in state or state["phase"] not in ("main", "roll"):
        return None
    from . import cities_knights as ck

    seat = state["turn"]["seat"]
    if viewer != TABLE and int(viewer) != seat:
        return None
    turn = state["turn"]["number"]
    on_board = state["board"] is not None
    g = base.boards.geometry(state["board"]["layout"]) if on_board else None
    knights = []
    for k in state["players"][seat]["knights"]:
        ready = k["active"] and k["activated"] != turn and k["acted"] != turn and state["phase"] == "main"
        moves, chase = [], False
        if ready and on_board and k["corner"]:
            pieces = state["board"]["pieces"]
            for corner in sorted(ck.reachable_corners(state, seat, k["corner"])):
                if base.boards.building_at(pieces, corner):
                    continue
                other = pieces["knights"].get(corner)
                if other is None:
                    moves.append({"corner": corner, "displaces": None})
                elif other != seat:
                    _other_seat, theirs = ck._owner_knight_at(state, corner)
                    if theirs["level"] < k["level"]:
                        moves.append({"corner": corner, "displaces": other})
            chase = not ck.robber_locked(state) and state["board"]["robber"] in g.corner_hexes[k["corner"]]
        promotion = ck._promotion_refusal(state, seat, k)
        knights.append({**k, "ready": ready, "moves": moves, "chase": chase,
                        "promotable": promotion is None, "promotion_refusal": promotion[0] if promotion else None})
    return {"seat": seat, "knights": knights}


def _hand_view(state: dict, seat: int) -> dict:
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
        "event_choice": events.my_choice(state, seat),  # what an event card asks of this seat
    }


def _trade_ratios(state: dict, seat: int):
    if state["board"] is None:
        return None
    return base.boards.harbour_ratios(state["board"]["layout"], state["board"]["pieces"], seat)


def _setup_round(state: dict):
    if state["phase"] != "setup":
        return None
    return 1 if state["setup"]["index"] < len(state["players"]) else 2


def log_for(state: dict, viewer) -> list[dict]:
    """Every log entry the game keeps, oldest first, as `viewer` may read it."""
    return [_redact(entry, viewer) for entry in state["log"]]


def _redact(entry: dict, viewer) -> dict:
    shown = {k: entry[k] for k in ("n", "turn", "kind", "seat", "params")}
    secret = entry.get("secret")
    if secret and viewer != TABLE and int(viewer) in secret["seats"]:
        shown["params"] = {**entry["params"], **secret["params"]}
    return shown
