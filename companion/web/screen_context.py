"""Read-side helpers: turn a game into the context one screen renders.

Each layer package declares its screen contract (companion/machinery/contract.py: its
context, defaults, partials, reads, words, form entries and the steps a viewer owes) and has
a `templates/` folder (its partials); the shared context and templates loop over the
contracts of the game's layers (companion/web/contracts.py). The context holds:

- every layer's keys (its `context`, over every layer's `defaults`), in composition order;
- `layer_partials`: {slot: templates}, every partial of a slot (the layers' first, then the
  cores', each in composition order, as the base game's own controls follow the layers' in
  the templates); `layer_panels`: the panels beside the board, a fragment each;
- `owed_steps`: the steps this viewer owes now, every layer's (each {"kind", "label",
  "partial", "blocks_end", "board"}), and `owed`: the first of them (None: nothing owed),
  which the phone pins in its bottom bar (partials/owed_bar.html), and `owed_kind` its kind
  (None: nothing owed), whose form the layers' own places then leave out; `owed_blocks_end`:
  one of them must be done before the turn can end (no "End turn" is offered).
"""
import functools
import io

import qrcode
import qrcode.image.svg
from django.utils.functional import SimpleLazyObject
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import get_language

from companion import engine, services
from companion.board_svg import board_picture
from companion.engine.views import LOG_SHOWN
from companion.web.forms import dice_source_context
from companion.web.join_links import join_base
from companion.web.layer_styles import layer_styles
from companion.web import contracts
from companion.layers import LAYERS
from companion.layers.cores.base.messages import BUILD_NAMES, DEV_CARD_NAMES, RESOURCE_NAMES
from companion.web.rule_links import cached_reverse
from companion.machinery.hands import COMMODITIES, COSTS, RESOURCES
from companion.messages import (CARD_NAMES, PHASE_NAMES, READER_STATE_NAMES, board_problem_texts, cards_text, log_text,
                       production_text, reader_notice, said)
from companion.models import DiceReaderStatus, Game
from companion.web.story import source_names, story_context
from companion.web.dice_statistics import histogram, steadiness

# The board actions the templates test, each present (a missing key costs Django a dir() per lookup).
NO_BOARD_ACTIONS = {kind: None for layer in LAYERS for kind in layer.board_actions}


@functools.lru_cache(maxsize=512)  # ~8 ms each, and a free seat's QR was redrawn on every push
def qr_svg(url: str) -> str:
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    buffer = io.BytesIO()
    image.save(buffer)
    svg = buffer.getvalue().decode()
    return mark_safe(svg[svg.index("<svg"):])


# The shell's keys alike on every screen of a version: worked out from the public part of the
# view only (the dice's statistics, the dice source and its switches).
ALIKE = ("dice_source", "steadiness", "histogram")


class _Words:
    """The tables of names a screen writes, as plain text in the active language (messages.said)."""

    __slots__ = ("resources", "cards", "builds", "dev_cards", "phases")

    def __init__(self, language: str | None):
        self.resources, self.cards = said(RESOURCE_NAMES, language), said(CARD_NAMES, language)
        self.builds, self.dev_cards = said(BUILD_NAMES, language), said(DEV_CARD_NAMES, language)
        self.phases = said(PHASE_NAMES, language)


def screen_context(game: Game, viewer, base_url: str = "", public: dict | None = None) -> dict:
    """Everything a table screen or a phone renders, for that viewer only.

    `public`: another screen's context of this version and language (the pushes work out the
    table's public one once per version): the keys alike on every screen are taken from it,
    the shell's (ALIKE) and the layers' (their contracts' `shared`, as `layer_shared`)."""
    view = services.view_for(game, viewer)
    words = _Words(get_language())
    layers = engine.rules_for(game.config).names
    screens = contracts.in_game(layers)
    # Seats on the board after the players' (Catan for two: the neutral colours).
    extra_seats = [seat for contract in screens if contract.extra_seats for seat in contract.extra_seats(view)]
    names = [p["name"] for p in view["players"]] + [seat["name"] for seat in extra_seats]
    # Lazy: most screens push the shared log fragment, or only its new entries (companion/web/rendering.py).
    log = SimpleLazyObject(lambda: log_lines(view["log"], names))
    context = {
        **contracts.defaults(),
        "layer_partials": contracts.partials(layers),
        "layer_panels": contracts.panels(layers),
        "layer_reads": contracts.reads(layers),
        "layer_styles": layer_styles(layers),  # the layers' own stylesheets (the page links them)
        "extra_seats": extra_seats,
        "game": game,
        "view": view,
        # The status writes the version here; a push writes it in afterwards (rendering.VERSION_MARK).
        "version_mark": view["version"],
        "phase_name": words.phases.get(view["phase"], view["phase"]),
        "active": view["players"][view["active_seat"]] if view["active_seat"] is not None else None,
        "story": story_context(game, viewer, view),  # once the game is over
        "log": log,
        "log_shown": LOG_SHOWN,
        "seat_names": names,
        "dev_card_names": words.dev_cards,
        "is_table": viewer == engine.TABLE,
        "ranking": sorted(view["players"], key=lambda p: -(p["vp_total"] or p["vp_public"])),
        # The same on every screen of a game: the public context's, when given.
        "act_url": public["act_url"] if public is not None else cached_reverse("act", game.code),
        "export_url": public["export_url"] if public is not None else cached_reverse("export", game.code),
        "role": "table" if viewer == engine.TABLE else "seat",
    }
    board = view["board"]
    if board:
        colors = [p["color"] for p in view["players"]] + [seat["color"] for seat in extra_seats]
        targets, actions = board["targets"], board["actions"]
        if "hex" in actions:  # entering the board: hexes and coastal paths open an editor
            # (a layer's own kinds stay: its partial opens its editor for them)
            targets = {**{kind: found for kind, found in targets.items() if kind not in ("hex", "coast")},
                       "robber": targets.get("hex", []), "road": targets.get("coast", [])}
            actions = {}
            context["board_edit_url"] = cached_reverse("board_editor", game.code)
            context["board_problems"] = board_problem_texts(board["problems"])
        # Every view of a version holds the same board and pieces (engine.public_part): drawn for the
        # public context already, so only this viewer's targets are its own.
        drawn = public is not None and public.get("board") and _same_board(board, public["view"]["board"]) \
            and colors == public["board_colors"]
        context["board"] = board_picture({**board["layout"], "robber": board["robber"]}, board["pieces"], colors,
                                         targets, key=public["board"]["drawing_key"] if drawn else None)
        context["board_colors"] = colors
        context["board_actions"] = {**NO_BOARD_ACTIONS, **actions}
        production = board["production"]
        if production:
            said = drawn and names == public["seat_names"] and "production_text" in public
            context["production_text"] = public["production_text"] if said else production_text(production["seats"], names)
            context["production_total"] = production["total"]
        context["victims"] = [view["players"][s] for s in board["victims"]]
    if public is None:
        context.update(dice_source=dice_source_context(view),  # what the dice source does, and the switches to the others
                       steadiness=steadiness(view), histogram=histogram(view))
        shared = {}
        for contract in screens:
            shared.update(contract.shared(view, names, context.get("board")))
    else:
        context.update({key: public[key] for key in ALIKE})
        shared = public["layer_shared"]
    context["layer_shared"] = shared
    context.update(shared)
    for contract in screens:  # each layer's part, in composition order
        context.update(contract.context(view, names, context.get("board")))
    steps = contracts.owed(layers, view, viewer)
    if steps:
        context["owed_steps"] = [_owed_step(step, view) for step in steps]
        context["owed"] = context["owed_steps"][0]
        context["owed_kind"] = steps[0].kind  # what the layers' own places leave to the bar
        context["owed_blocks_end"] = any(step.blocks_end for step in steps)
    if view["me"]:
        context["my_cards"] = [
            {**c, "label": words.dev_cards[c["card"]]} for c in view["me"]["dev_cards"]
        ]
        context["playable_cards"] = [c for c in context["my_cards"] if not c["new"] and c["card"] != "victory_point"]
        context["me_player"] = view["players"][view["me"]["seat"]]
        labels = source_names()
        context["vp_rows"] = [{"label": labels.get(key, key), "points": points}
                              for key, points in view["me"]["vp_sources"].items() if points]
        if "hand" in view["me"]:
            context.update(_hand_context(view, screens, words))
    if view["bank"] is not None:
        context["bank"] = [{"code": r, "name": words.resources[r], "count": view["bank"][r]} for r in RESOURCES]
        offers = context["offers"] = _offers(view)
        # A phone's offers in three lists: those it still owes an answer (first, pinned), those
        # it answered (they leave the first list; the answer may still change), and the rest.
        context["offers_to_answer"] = [o for o in offers if o["to_answer"]]
        context["offers_answered"] = [o for o in offers if o["for_me"] and not o["to_answer"]]
        context["offers_open"] = [o for o in offers if not o["for_me"]]
    if viewer == engine.TABLE:
        context.update(table_part(game, base_url))
    return context


def _same_board(board: dict, public_board: dict | None) -> bool:
    """Is this view's board the public context's (the same layout and pieces of one version)?"""
    return public_board is not None and board["layout"] is public_board["layout"] \
        and board["pieces"] is public_board["pieces"] and board["robber"] == public_board["robber"] \
        and board["production"] is public_board["production"]


def table_part(game: Game, base_url: str) -> dict:
    """What only the table screen shows: the dice reader, and the seats with their join codes."""
    join_url, join_warning = join_base(base_url)  # never localhost on a phone
    seats = []
    for s in game.seats.all():
        join_path = cached_reverse("join", game.code, s.join_token)
        show_qr = bool(base_url) and (s.rejoin_open or not s.is_bound)
        seats.append({
            "index": s.index,
            "name": s.name,
            "color": s.color,
            "bound": s.is_bound,
            "rejoin_open": s.rejoin_open,
            # Free seats, and seats whose phone was lost, show their join QR.
            "qr": qr_svg(join_url + join_path) if show_qr else None,
            "join_path": join_path if show_qr else None,
            "join_url": join_url + join_path if show_qr else None,
        })
    return {"reader": _reader(game), "seats": seats, "join_warning": join_warning}


def _owed_step(step, view: dict) -> dict:
    """A step owed, as the templates read it: worded by its layer, else by its phase's name."""
    label = step.label or PHASE_NAMES.get(step.kind) or PHASE_NAMES.get(view["phase"]) or _("must choose")
    return {"kind": step.kind, "label": str(label), "partial": step.partial, "blocks_end": step.blocks_end,
            "board": step.board}


def log_lines(entries: list[dict], names: list[str]) -> list[dict]:
    """Log entries as a screen lists them, in its language."""
    return [{"n": e["n"], "text": log_text(e, names), "turn": e["turn"]} for e in entries]


def _hand_context(view: dict, screens: tuple, words: _Words) -> dict:
    """A phone's hand with hands on phones: its cards, what each build lacks, bank trades."""
    me = view["me"]
    hand = me["hand"]
    # A layer may trade at its own ratios (Cities & Knights: commodities, the trading house, the merchant).
    own = (contract.trade_ratios(view) for contract in screens if contract.trade_ratios)
    ratios = next((r for r in own if r), None) or me["trade_ratios"] or {}
    kinds = [k for k in RESOURCES + COMMODITIES if k in hand]
    bank = view["bank"] or {}
    return {
        "my_resources": [{"code": r, "name": words.resources[r], "count": hand[r], "gained": me["gained"].get(r, 0)}
                         for r in RESOURCES],
        "build_costs": [{"item": item, "name": words.builds[item], "cost": cards_text(cost),
                         "missing": cards_text(me["missing"][item]) if me["missing"][item] else ""}
                        for item, cost in COSTS.items()],
        "bank_gives": [{"code": r, "name": words.cards[r], "ratio": ratios.get(r, 4)}
                       for r in kinds if hand[r] >= ratios.get(r, 4)],
        "bank_gets": [{"code": r, "name": words.cards[r], "count": bank.get(r, 0)} for r in kinds],
        "trade_kinds": [{"code": r, "name": words.cards[r], "count": hand[r]} for r in kinds],
        "my_ratios": [{"name": words.cards[r], "ratio": ratios[r]} for r in kinds if r in ratios],
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
