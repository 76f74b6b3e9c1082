"""What the screens show for Cities & Knights (rules.py): the barbarian track and the
battle, each player's knights and city improvements, and on a player's own phone their
progress cards, commodities and the decisions they owe.

Everything comes from the view of one viewer (engine.view): a phone's progress cards are
only in that phone's view, so a template can't show another player's cards.
"""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from companion.machinery import board as boards
from companion.machinery.hands import COMMODITIES, RESOURCES
from companion.messages import CARD_NAMES, TERRAIN_NAMES, cards_text

from companion.layers.cores.cities_knights.messages import (COMMODITY_NAMES, DECK_NAMES, EVENT_DIE_NAMES, IMPROVEMENT_LEVELS, IMPROVEMENT_NAMES,
                       KNIGHT_LEVEL_NAMES, PROGRESS_NAMES, PROGRESS_TEXTS, ck_battle_lines)
from companion.layers.cores.cities_knights.rules import ABILITY_LEVEL, COMMODITY_OF, COSTS, DECK_OF, IMPROVEMENTS, MAX_LEVEL, METROPOLIS_LEVEL, PROGRESS_LIMIT
from companion.machinery.contract import Form, Option, Screens, Words, owes_pending
from companion.layers.cores.cities_knights import LAYERS, forms, messages

# The keys this layer adds to a screen's context, as the shared templates find them in other
# games: the development cards (C&K has progress cards instead), the base game's roll
# form (C&K rolls three dice, its own form) and the setup's piece (the second one is a city).
DEFAULTS = {"dev_cards": True, "roll_form": True, "setup_city": False}
# Its partials: the panel beside the board (its own fragment, "panel-cities_knights"), its actions,
# the commodities and progress cards in a phone's hand, its tap targets on the board (knights,
# walls, a lost city).
PARTIALS = {"panel": "cities_knights/panel.html", "actions": "cities_knights/actions.html",
            "hand_cards": "cities_knights/hand_cards.html", "hand": "cities_knights/hand.html",
            "board_targets": "cities_knights/board_targets.html"}
# What the scoreboard (a shared fragment kept by what it shows) reads of this layer's keys.
READS = {"scoreboard": ("dev_cards",)}

EVENT_DIE_FACES = ("ship", "blue", "green", "yellow")  # the typed entry's four choices
GATE_DECK = {"yellow": "trade", "blue": "politics", "green": "science"}
# Cards played from the phone, and what each asks for (see the engine's effects).
PROGRESS_ARGS = {
    "alchemist": "dice", "resource_monopoly": "resource", "trade_monopoly": "commodity",
    "merchant_fleet": "card_kind", "smithing": "knights", "medicine": "corner_city",
    "engineer": "corner_wall", "inventor": "two_hexes", "bishop": "hex", "merchant": "merchant_hex",
    "spy": "victim_progress", "master_merchant": "victim_richer", "deserter": "victim_knights",
    "diplomat": "road", "intrigue": "intrigue",
}
# Decisions a Cities & Knights screen shows (the phone answers its own; the table some of them).
PENDING_KINDS = ("lose_city", "defender_choice", "aqueduct", "relocate_knight", "progress_discard", "sabotage",
                 "wedding", "muster", "spy", "master_merchant", "harbor_offer", "harbor_answer", "deserter",
                 "deserter_place", "intrigue_back")
# Answers the table may enter too: always a lost city; with paper cards the knights' choices.
TABLE_KINDS = {"lose_city"}
PAPER_TABLE_KINDS = {"muster", "deserter", "deserter_place", "intrigue_back"}
# What each decision asks of the phone that owes it, in a few words for its bottom bar (the
# decision's own question and form follow: cities_knights/owed.html).
OWED_LABELS = {
    "lose_city": gettext_lazy("The barbarians won: pick the city you lose."),
    "defender_choice": gettext_lazy("Tied for the strongest knights: pick a deck to draw from."),
    "aqueduct": gettext_lazy("Aqueduct: take a resource."),
    "relocate_knight": gettext_lazy("Your knight was displaced: tap its new intersection on the board."),
    "progress_discard": gettext_lazy("Too many progress cards: put one back."),
    "sabotage": gettext_lazy("Saboteur: give back half of your cards."),
    "wedding": gettext_lazy("Wedding: give 2 cards."),
    "muster": gettext_lazy("The barbarians land: pick the knights who fight."),
    "spy": gettext_lazy("Spy: take a progress card."),
    "master_merchant": gettext_lazy("Master Merchant: take 2 cards."),
    "harbor_offer": gettext_lazy("Commercial Harbor: offer a resource."),
    "harbor_answer": gettext_lazy("Commercial Harbor: give a commodity."),
    "deserter": gettext_lazy("Deserter: remove one of your knights."),
    "deserter_place": gettext_lazy("Deserter: place the knight that joins you."),
    "intrigue_back": gettext_lazy("Intrigue: did your knight find a new place?"),
}
# The decisions answered by a tap on the board (when the game has one).
OWED_ON_BOARD = frozenset({"lose_city", "relocate_knight"})


def _missing(hand: dict | None, cost: dict) -> str:
    if hand is None:
        return ""
    short = {k: n - hand.get(k, 0) for k, n in cost.items() if hand.get(k, 0) < n}
    return cards_text(short) if short else ""


def corner_label(layout: dict, corner: str) -> str:
    """An intersection in words: the hexes around it with their numbers."""
    g = boards.geometry(layout)
    parts = []
    for h in g.corner_hexes.get(corner, ()):
        cell = layout["hexes"].get(h) or {}
        terrain = str(TERRAIN_NAMES.get(cell.get("terrain"), cell.get("terrain") or "?")).split(" (")[0]
        parts.append(f"{terrain} {cell['number']}" if cell.get("number") else terrain)
    return " · ".join(parts) or corner


def hex_label(layout: dict, hex_: str) -> str:
    cell = layout["hexes"].get(hex_) or {}
    terrain = str(TERRAIN_NAMES.get(cell.get("terrain"), cell.get("terrain") or "?")).split(" (")[0]
    return f"{terrain} {cell['number']}" if cell.get("number") else terrain


def shared(view: dict, names: list[str], picture: dict | None) -> dict:
    """The land hexes in words, for the cards that pick a hex on a phone: alike on every
    screen (worked out once per version, not once per phone)."""
    if not view["board"]:
        return {}
    layout = view["board"]["layout"]
    return {"ck_hexes": [{"id": h, "label": hex_label(layout, h)} for h in sorted(layout["hexes"])
                         if (layout["hexes"][h] or {}).get("terrain") not in (None, "sea")]}


def context(view: dict, names: list[str], picture: dict | None) -> dict:
    """The Cities & Knights part of a screen's context. `picture`: the board drawn for this
    screen (board_svg), whose knights get their level here."""
    ck = view["cities_knights"]
    if picture:
        _mark_pieces(picture, ck)
    players = view["players"]
    layout = view["board"]["layout"] if view["board"] else None
    context = {
        "dev_cards": False,
        "roll_form": False,
        "setup_city": view["setup_round"] == 2,  # the second placement of the setup is a city
        "ck_track": [{"n": i, "ship": i == ck["ship"], "catan": i == ck["track"]} for i in range(ck["track"] + 1)],
        "ck_battle": ck_battle_lines(ck["battle"], names) if ck["battle"] else None,
        "ck_players": [_player(row, players[row["seat"]], ck) for row in ck["players"]],
        "ck_event": None,
        "ck_event_faces": [{"code": f, "name": EVENT_DIE_NAMES[f]} for f in EVENT_DIE_FACES],
        "ck_decks": [{"code": d, "name": DECK_NAMES[d], "left": ck["decks_left"][d]} for d in IMPROVEMENTS],
        "ck_danger": ck["barbarian_strength"] > ck["defence"],
        "ck_muster": _muster(ck, names),
    }
    roll = view["last_roll"]
    if roll and roll.get("event"):
        context["ck_event"] = {"code": roll["event"], "name": EVENT_DIE_NAMES.get(roll["event"], roll["event"])}
        context["dice_partial"] = "cities_knights/dice.html"  # the yellow, red and event dice
    if view["bank"] is not None:
        context["ck_bank"] = [{"code": c, "name": COMMODITY_NAMES[c], "count": view["bank"].get(c, 0)}
                              for c in COMMODITIES]
    context["ck_board_targets"] = _board_targets(view, picture)
    context["ck_orders"] = _orders(view, layout)
    if view["me"] is not None and ck.get("me"):
        context.update(_phone(view, ck, layout))
    context["ck_pending"] = _pending(view, ck, layout)
    return context


def trade_ratios(view: dict) -> dict | None:
    """This phone's ratios with the bank, commodities too (the trading house, the merchant)."""
    return (view["cities_knights"].get("me") or {}).get("trade_ratios")


def _muster(ck: dict, names: list[str]) -> list[dict] | None:
    """The advanced battle being mustered: each deciding player, in order, with the
    strength they send once they have chosen."""
    muster = ck.get("muster")
    if not muster:
        return None
    levels = {row["seat"]: {k["id"]: k["level"] for k in row["knights"]} for row in ck["players"]}
    out = []
    for seat in muster["order"]:
        chosen = muster["chosen"].get(str(seat))
        out.append({"seat": seat, "name": names[seat], "decided": chosen is not None,
                    "strength": sum(levels[seat].get(i, 0) for i in chosen) if chosen is not None else None})
    return out


def _player(row: dict, player: dict, ck: dict) -> dict:
    knights = sorted(row["knights"], key=lambda k: (-k["level"], k["id"]))
    return {
        **row,
        "name": player["name"],
        "color": player["color"],
        "knights": [{**k, "name": KNIGHT_LEVEL_NAMES[k["level"]]} for k in knights],
        "charts": [{"code": k, "name": IMPROVEMENT_NAMES[k], "level": row["improvements"][k],
                    "building": IMPROVEMENT_LEVELS[k][row["improvements"][k] - 1] if row["improvements"][k] else "",
                    "metropolis": k in row["metropolises"]} for k in IMPROVEMENTS],
        "progress_vp_names": [PROGRESS_NAMES.get(c, c) for c in row["progress_vp"]],
        "merchant": bool(ck["merchant"] and ck["merchant"]["seat"] == row["seat"]),
    }


def _mark_pieces(picture: dict, ck: dict) -> None:
    """Each knight's level and helmet, the metropolises, on the drawn board."""
    knights = {k["corner"]: k for row in ck["players"] for k in row["knights"] if k["corner"]}
    for drawn in picture.get("knights") or ():
        k = knights.get(drawn["id"])
        if k:
            drawn.update(level=k["level"], active=k["active"])
    picture["metropolises"] = [m["corner"] for m in ck["metropolis"].values() if m and m.get("corner")]


def _board_targets(view: dict, picture: dict | None) -> list[dict]:
    board = view["board"]
    if not board or not picture:
        return []
    labels = {"knight": _("Place a new knight here"), "relocate": _("Move the displaced knight here"),
              "wall": _("Build a city wall here"), "lose_city": _("Give up this city")}
    groups = []
    for kind, label in labels.items():
        action = board["actions"].get(kind)
        if not action:
            continue
        seat = None
        if view["viewer"] == "table" and kind in ("relocate", "lose_city"):
            wanted = "relocate_knight" if kind == "relocate" else "lose_city"
            seat = next((p["seat"] for p in view["players"] if wanted in p["pending"]), None)
        groups.append({"kind": kind, "action": action, "label": label, "seat": seat,
                       "targets": picture["targets"].get(kind, [])})
    return groups


def _orders(view: dict, layout) -> dict | None:
    orders = view["cities_knights"].get("orders")
    if not orders:
        return None
    names = [p["name"] for p in view["players"]]
    knights = []
    for k in orders["knights"]:
        moves = [{"corner": m["corner"],
                  "label": (corner_label(layout, m["corner"]) if layout else m["corner"]) + (
                      " — " + _("displaces %(name)s") % {"name": names[m["displaces"]]}
                      if m["displaces"] is not None else "")} for m in k["moves"]]
        knights.append({**k, "name": KNIGHT_LEVEL_NAMES[k["level"]], "moves": moves,
                        "where": corner_label(layout, k["corner"]) if layout and k["corner"] else ""})
    return {"seat": orders["seat"], "knights": knights}


def _phone(view: dict, ck: dict, layout) -> dict:
    """A phone's own part: progress cards, commodities, what each build still lacks."""
    me = view["me"]
    seat = me["seat"]
    row = ck["players"][seat]
    hand = me.get("hand")
    crane = ck["crane"] and view["active_seat"] == seat
    charts = []
    for kind in IMPROVEMENTS:
        level = row["improvements"][kind]
        nxt = level + 1
        cost = {COMMODITY_OF[kind]: max(nxt - (1 if crane else 0), 0)} if nxt <= MAX_LEVEL else {}
        holder = ck["metropolis"][kind]
        takes = nxt <= MAX_LEVEL and ((nxt == METROPOLIS_LEVEL and holder is None) or (
            nxt == MAX_LEVEL and (holder is None or holder["seat"] != seat)))
        charts.append({
            "code": kind, "name": IMPROVEMENT_NAMES[kind], "level": level, "next": nxt if nxt <= MAX_LEVEL else None,
            "building": IMPROVEMENT_LEVELS[kind][nxt - 1] if nxt <= MAX_LEVEL else "",
            "cost": cards_text(cost) if cost else _("free"), "missing": _missing(hand, cost),
            "ability": nxt == ABILITY_LEVEL, "metropolis": takes,
        })
    builds = [{"item": item, "name": name, "cost": cards_text(COSTS[item]), "missing": _missing(hand, COSTS[item])}
              for item, name in (("knight", _("Basic knight")), ("promote", _("Promote a knight")),
                                 ("activate", _("Activate a knight")), ("wall", _("City wall")))]
    cards = []
    for card in ck["me"]["progress"]:
        cards.append({"card": card, "deck": DECK_OF.get(card), "name": PROGRESS_NAMES.get(card, card), "text": PROGRESS_TEXTS.get(card, ""),
                      "args": PROGRESS_ARGS.get(card), "playable": card in PROGRESS_TEXTS})
    context = {
        "ck_me": row,
        "ck_charts": charts,
        "ck_builds": builds,
        "ck_cards": cards,
        "ck_over_limit": len(ck["me"]["progress"]) > PROGRESS_LIMIT,
        "ck_progress_limit": PROGRESS_LIMIT,
        "ck_card_kinds": [{"code": k, "name": CARD_NAMES[k]} for k in RESOURCES + COMMODITIES],
        "ck_commodities": [{"code": c, "name": COMMODITY_NAMES[c]} for c in COMMODITIES],
    }
    if hand is not None:
        context["my_commodities"] = [{"code": c, "name": COMMODITY_NAMES[c], "count": hand.get(c, 0),
                                      "gained": me["gained"].get(c, 0)} for c in COMMODITIES]
    context.update(_card_targets(view, ck, layout, seat))
    if layout:
        pieces = view["board"]["pieces"]
        context["ck_my_settlements"] = [{"id": c, "label": corner_label(layout, c)}
                                        for c, s in sorted(pieces["settlements"].items()) if s == seat]
        context["ck_my_cities"] = [{"id": c, "label": corner_label(layout, c)}
                                   for c, s in sorted(pieces["cities"].items()) if s == seat]
    return context


def _knight_label(knight: dict, layout) -> str:
    text = str(KNIGHT_LEVEL_NAMES[knight["level"]])
    text += " (" + (_("active") if knight["active"] else _("resting")) + ")"
    if layout and knight.get("corner"):
        text += " — " + corner_label(layout, knight["corner"])
    return text


def edge_label(layout: dict, edge: str) -> str:
    """A path in words: the hexes on either side of it."""
    g = boards.geometry(layout)
    return " | ".join(hex_label(layout, h) for h in g.edge_hexes.get(edge, ())) or edge


def _card_targets(view: dict, ck: dict, layout, seat: int) -> dict:
    """What the cards that act on other players offer the phone: the opponents (with their
    progress cards, points and knights, all public), open roads, knights to displace."""
    players = view["players"]
    mine = players[seat]["vp_public"]
    opponents = []
    for row in ck["players"]:
        if row["seat"] == seat:
            continue
        p = players[row["seat"]]
        opponents.append({"seat": row["seat"], "name": p["name"], "progress": row["progress_count"],
                          "richer": p["vp_public"] > mine, "knights": len(row["knights"]),
                          "knight_list": [{"id": k["id"], "label": _knight_label(k, layout)} for k in row["knights"]]})
    names = [p["name"] for p in players]
    owners = {}
    if view["board"]:
        owners = view["board"]["pieces"]["roads"]
    knights_at = {k["corner"]: (row["seat"], k) for row in ck["players"] for k in row["knights"] if k["corner"]}
    me = ck["me"]
    return {
        "ck_opponents": opponents,
        "ck_open_roads": [{"id": e, "label": f"{names[owners[e]]}: {edge_label(layout, e)}"}
                          for e in me.get("open_roads", ()) if e in owners],
        "ck_intrigue_targets": [{"id": c, "label": f"{names[knights_at[c][0]]}: {_knight_label(knights_at[c][1], layout)}"}
                                for c in me.get("intrigue_targets", ()) if c in knights_at],
    }


def _pending(view: dict, ck: dict, layout) -> list[dict]:
    """The decisions owed now, each with who owes it; the phone answers its own."""
    out = []
    me = view["me"]["seat"] if view["me"] else None
    secrets = (ck.get("me") or {}) if me is not None else {}
    card = ck.get("card") or {}
    names = [p["name"] for p in view["players"]]
    paper = view["config"]["play_mode"] != "hands"
    for p in view["players"]:
        for kind in p["pending"]:
            if kind not in PENDING_KINDS:
                continue
            item = {"kind": kind, "seat": p["seat"], "name": p["name"], "color": p["color"], "mine": p["seat"] == me,
                    "cards_in_hand": p["cards_in_hand"],
                    "table": kind in TABLE_KINDS or (paper and kind in PAPER_TABLE_KINDS)}
            if kind == "sabotage" and p["cards_in_hand"] is not None:
                item["due"] = p["cards_in_hand"] // 2
            if kind == "wedding":
                item["due"] = 2
            if card.get("kind") == kind:
                for role in ("victim", "other", "seat"):
                    if card.get(role) is not None:
                        item[f"{role}_name"] = names[card[role]]
            if kind == "muster":
                row = ck["players"][p["seat"]]
                item["knights"] = [{"id": k["id"], "label": _knight_label(k, layout)}
                                   for k in row["knights"] if k["active"]]
            elif kind == "spy" and item["mine"]:
                item["cards"] = [{"card": c, "name": PROGRESS_NAMES.get(c, c)} for c in secrets.get("spy_cards", ())]
            elif kind == "master_merchant" and item["mine"]:
                item["hand"] = [{"code": k, "name": CARD_NAMES[k], "count": n}
                                for k, n in secrets.get("victim_hand", {}).items() if n]
            elif kind == "harbor_answer" and secrets.get("harbor_resource"):
                item["resource"] = CARD_NAMES[secrets["harbor_resource"]]
            elif kind in ("deserter", "intrigue_back"):
                row = ck["players"][p["seat"]]
                item["knights"] = [{"id": k["id"], "label": _knight_label(k, layout)} for k in row["knights"]]
            elif kind == "deserter_place":
                item["level"] = KNIGHT_LEVEL_NAMES.get(card.get("level"), "")
                item["options"] = [{"id": c, "label": corner_label(layout, c) if layout else c}
                                   for c in card.get("options", ())]
            out.append(item)
    return out


# Its screen contract (companion/machinery/contract.py), listed in companion/layers/screens.py.
SCREENS = Screens(
    layers=LAYERS, context=context, shared=shared, defaults=DEFAULTS, partials=PARTIALS, reads=READS, trade_ratios=trade_ratios,
    words=Words(messages.refusal, messages.log_text, story_text=messages.story_text,
                names={"card": messages.HAND_CARD_NAMES, "card_count": messages.HAND_CARD_COUNTS,
                       "phase": messages.PHASE_NAMES, "vp_source": messages.VP_SOURCE_NAMES}),
    form=Form(core=forms.CORE, options={name: Option(field) for name, field in forms.OPTIONS.items()}),
    owed=owes_pending(LAYERS, partial="cities_knights/owed.html", labels=OWED_LABELS, board=OWED_ON_BOARD),
)
