"""Read-side helpers: turn a game into the context one screen renders."""
import io
from functools import lru_cache

import qrcode
import qrcode.image.svg
from django.utils.functional import SimpleLazyObject
from django.utils.safestring import mark_safe

from . import engine, services
from .board_svg import board_picture
from .machinery.hands import COMMODITIES, COSTS, RESOURCES
from .ck_screens import ck_context
from .event_screens import (event_choice_context, event_context, event_waiting, mark_damaged_roads, steadiness,
                            variant_context)
from .links import cached_reverse
from .layers.base.messages import BUILD_NAMES, DEV_CARD_NAMES, RESOURCE_NAMES
from .messages import (CARD_NAMES, PHASE_NAMES, READER_STATE_NAMES, board_problem_texts, cards_text, log_text,
                       production_text, reader_notice)
from .models import DiceReaderStatus, Game
from .two_screens import neutral_colors, neutral_names, two_context

# The board actions board.html tests, each present (a missing key costs Django a dir() per lookup).
NO_BOARD_ACTIONS = {"road": None, "robber": None, "settlement": None, "city": None, "neutral_settlement": None,
                    "neutral_road": None}
# Expected share of each 2d6 total, 2..12, in 36ths.
EXPECTED_2D6 = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]


@lru_cache(maxsize=512)  # ~8 ms each, and a free seat's QR was redrawn on every push
def qr_svg(url: str) -> str:
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    buffer = io.BytesIO()
    image.save(buffer)
    svg = buffer.getvalue().decode()
    return mark_safe(svg[svg.index("<svg"):])


def histogram(view: dict) -> dict:
    """Bars of this game's rolls against the expected 2d6 curve, scaled for an SVG."""
    counts = view["roll_counts"]
    total = view["rolls_total"]
    expected = [total * e / 36 for e in EXPECTED_2D6]
    top = max(max(counts, default=0), max(expected, default=0), 1)
    height = 100.0
    bars, curve = [], []
    for i, (count, exp) in enumerate(zip(counts, expected)):
        x = 10 + i * 28
        h = height * count / top
        bars.append({"total": i + 2, "count": count, "x": x, "y": 110 - h, "h": h, "label_y": 105 - h})
        curve.append(f"{x + 10:.1f},{110 - height * exp / top:.1f}")
    return {"bars": bars, "curve": " ".join(curve), "total": total}


def screen_context(game: Game, viewer, base_url: str = "") -> dict:
    """Everything a table screen or a phone renders, for that viewer only."""
    view = services.view_for(game, viewer)
    view.setdefault("ck", None)  # templates test view.ck: a missing key costs Django a dir() per lookup
    # Catan for two: seats 2 and 3 on the board are the neutral colours.
    names = [p["name"] for p in view["players"]] + neutral_names(view)
    # Lazy: most screens push the shared log fragment (companion/rendering.py) and never read theirs.
    log = SimpleLazyObject(lambda: [{"n": e["n"], "text": log_text(e, names), "turn": e["turn"]} for e in view["log"]])
    context = {
        "game": game,
        "view": view,
        "phase_name": PHASE_NAMES.get(view["phase"], view["phase"]),
        "active": view["players"][view["active_seat"]] if view["active_seat"] is not None else None,
        "histogram": histogram(view),
        "log": log,
        "dev_card_names": DEV_CARD_NAMES,
        "is_table": viewer == engine.TABLE,
        "ranking": sorted(view["players"], key=lambda p: -(p["vp_total"] or p["vp_public"])),
        "act_url": cached_reverse("act", game.code),
        "export_url": cached_reverse("export", game.code),
        "role": "table" if viewer == engine.TABLE else "seat",
    }
    board = view["board"]
    if board:
        colors = [p["color"] for p in view["players"]] + neutral_colors(view)
        targets, actions = board["targets"], board["actions"]
        if "hex" in actions:  # entering the board: hexes and coastal paths open an editor
            targets = {"robber": targets.get("hex", []), "road": targets.get("coast", [])}
            actions = {}
            context["board_edit_url"] = cached_reverse("board_editor", game.code)
            context["board_problems"] = board_problem_texts(board["problems"])
        context["board"] = board_picture({**board["layout"], "robber": board["robber"]}, board["pieces"], colors,
                                         targets)
        context["board_actions"] = {**NO_BOARD_ACTIONS, **actions}
        production = board["production"]
        if production:
            context["production_text"] = production_text(production["seats"], names)
            context["production_total"] = production["total"]
        context["victims"] = [view["players"][s] for s in board["victims"]]
    # Events of Catan: the card on view, the year, damaged roads; the numbers against the curve.
    context["event_deck"] = event_context(view, names)
    context["steadiness"] = steadiness(view)
    context["event_choice"] = event_choice_context(view)  # hands on phones: this phone's own choice
    context["event_waiting"] = event_waiting(view)
    mark_damaged_roads(context.get("board"), view["events"])
    context.update(variant_context(view))  # Traders & Barbarians game options
    context.update(two_context(view))  # Catan for two (two_screens.py)
    context.update(ck_context(view, names, context.get("board")))  # Cities & Knights (ck_screens.py)
    if view["me"]:
        context["my_cards"] = [
            {**c, "label": DEV_CARD_NAMES[c["card"]]} for c in view["me"]["dev_cards"]
        ]
        context["playable_cards"] = [c for c in context["my_cards"] if not c["new"] and c["card"] != "victory_point"]
        context["me_player"] = view["players"][view["me"]["seat"]]
        if "hand" in view["me"]:
            context.update(_hand_context(view))
    if view["bank"] is not None:
        context["bank"] = [{"code": r, "name": RESOURCE_NAMES[r], "count": view["bank"][r]} for r in RESOURCES]
        context["offers"] = _offers(view)
    if viewer == engine.TABLE:
        context["reader"] = _reader(game)
        seats = list(game.seats.all())
        context["seats"] = []
        for s in seats:
            join_path = cached_reverse("join", game.code, s.join_token)
            show_qr = bool(base_url) and (s.rejoin_open or not s.is_bound)
            context["seats"].append({
                "index": s.index,
                "name": s.name,
                "color": s.color,
                "bound": s.is_bound,
                "rejoin_open": s.rejoin_open,
                # Free seats, and seats whose phone was lost, show their join QR.
                "qr": qr_svg(base_url + join_path) if show_qr else None,
                "join_path": join_path if show_qr else None,
            })
    return context


def _hand_context(view: dict) -> dict:
    """A phone's hand with hands on phones: its cards, what each build lacks, bank trades."""
    me = view["me"]
    hand = me["hand"]
    # Cities & Knights trades commodities too, at its own ratios (trading house, merchant).
    ck_me = (view.get("ck") or {}).get("me") or {}
    ratios = ck_me.get("trade_ratios") or me["trade_ratios"] or {}
    kinds = [k for k in RESOURCES + COMMODITIES if k in hand]
    bank = view["bank"] or {}
    return {
        "my_resources": [{"code": r, "name": RESOURCE_NAMES[r], "count": hand[r], "gained": me["gained"].get(r, 0)}
                         for r in RESOURCES],
        "build_costs": [{"item": item, "name": BUILD_NAMES[item], "cost": cards_text(cost),
                         "missing": cards_text(me["missing"][item]) if me["missing"][item] else ""}
                        for item, cost in COSTS.items()],
        "bank_gives": [{"code": r, "name": CARD_NAMES[r], "ratio": ratios.get(r, 4)}
                       for r in kinds if hand[r] >= ratios.get(r, 4)],
        "bank_gets": [{"code": r, "name": CARD_NAMES[r], "count": bank.get(r, 0)} for r in kinds],
        "trade_kinds": [{"code": r, "name": CARD_NAMES[r], "count": hand[r]} for r in kinds],
        "my_ratios": [{"name": CARD_NAMES[r], "ratio": ratios[r]} for r in kinds if r in ratios],
        "trade_partners": [p for p in view["players"] if p["seat"] != me["seat"]],
    }


def _offers(view: dict) -> list[dict]:
    players = view["players"]
    shown = []
    for offer in view["offers"]:
        shown.append({
            **offer,
            "maker": players[offer["from"]],
            "addressee": players[offer["to"]] if offer["to"] is not None else None,
            "give_text": cards_text(offer["give"]),
            "get_text": cards_text(offer["get"]),
            "accepted_players": [players[s] for s in offer["accepted"]],
            "declined_players": [players[s] for s in offer["declined"]],
        })
    return shown


def _reader(game: Game) -> dict | None:
    if not game.dice_device:
        return None
    status = DiceReaderStatus.objects.filter(game=game).first()
    state = status.state if status else "idle"
    return {
        "device": game.dice_device,
        "state": state,
        "state_name": READER_STATE_NAMES.get(state, state),
        "notice": reader_notice(status.notice if status else None),
        "firmware": (status.device or {}).get("fw") if status and status.device else None,
    }


def reader_devices() -> list[dict]:
    """Serial devices on this machine, for choosing the table's dice reader."""
    from hardware.ports import list_devices

    try:
        return list_devices()
    except OSError:
        return []
