"""The story of a finished game as a screen shows it (templates/partials/story.html).

The engine tells the story (companion/engine/story.py); here it becomes words in the
screen's language and the coordinates of its SVG pictures. The table's is built from the
public part only; a phone's adds its own private part (engine.story.for_viewer).
"""
import functools
from collections.abc import Mapping
from types import MappingProxyType

from django.utils.formats import number_format
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from companion import engine, services
from companion.engine import story as engine_story
from companion.web.dice_statistics import histogram, steadiness
from companion.web.contracts import vp_sources
from companion.layers.cores.base.messages import DEV_CARD_NAMES
from companion.messages import cards_text, layer_words, log_text

# The SVG of the points over the turns: its size and the room for the axes' labels.
WIDTH, HEIGHT = 320, 170
LEFT, RIGHT, TOP, BOTTOM = 24, 30, 8, 20


def source_names() -> Mapping:
    """Where points come from: the words of each source (engine.points), in the active language."""
    return _source_names(get_language())


@functools.lru_cache(maxsize=16)  # every phone's points list asks, on every push: once per language
def _source_names(language: str) -> Mapping:
    return MappingProxyType({key: str(words) for key, words in _source_words().items()})


def _source_words() -> dict:
    return {
        "settlements": _("Settlements"),
        "cities": _("Cities"),
        "longest_road": _("Longest Road"),
        "largest_army": _("Largest Army"),
        "vp_cards": _("Victory point cards"),
        # each layer's own sources (its words' names["vp_source"]: a core's, the Harbormaster, a scenario's)
        **vp_sources(),
        "other": _("Other"),
    }


def story_context(game, viewer, view: dict) -> dict | None:
    """The story part of a screen's context: None until the game is over."""
    if view["phase"] != "finished":
        return None
    story = engine_story.for_viewer(services.game_story(game), viewer)
    players = view["players"]
    names = [p["name"] for p in players]
    mine = story["mine"]
    me = None if viewer == engine.TABLE else int(viewer)
    return {
        "turns": story["turns"][-1] if story["turns"] else 0,
        "scores": _scores(story, players),
        "chart": _chart(story, players, me),
        "dice": _dice(story["rolls"]),
        "luck": _luck(story, players),
        "on_board": story["on_board"],
        "robber": [{"name": p["name"], "color": p["color"], **story["players"][p["seat"]]["robber"]} for p in players],
        "awards": [_award_text(award, names) for award in story["awards"]],
        "battles": [_battle_text(battle, names) for battle in story["battles"]],
        # what the table confirmed before play (a scenario's cards), in the log's words
        "answers": [log_text(answer, names) for answer in story.get("answers", ())],
        "mine": _mine(mine) if mine is not None else None,
    }


def _scores(story: dict, players: list) -> dict:
    """The final score, a column per source of points that anyone has."""
    labels = source_names()
    # in the order the layers give them (engine.points: a core's own, then each layer's; "other" last)
    given = dict.fromkeys(key for p in story["players"] for key in p["sources"])
    used = [key for key in given if key in labels and any(p["sources"].get(key) for p in story["players"])]
    rows = []
    for entry in sorted(story["players"], key=lambda p: -p["vp"]):
        player = players[entry["seat"]]
        rows.append({"name": player["name"], "color": player["color"], "vp": entry["vp"],
                     "winner": entry["seat"] == story["winner"],
                     "sources": [entry["sources"].get(key, 0) for key in used]})
    return {"columns": [labels[key] for key in used], "rows": rows}


def _chart(story: dict, players: list, me: int | None) -> dict:
    """A line per player of their points at the end of each turn; a phone's own line
    counts its hidden cards from the turn it drew them."""
    turns = story["turns"]
    series = [list(points) for points in story["vp"]]
    own_hidden = False
    if me is not None and story["mine"]["vp"] != series[me]:
        series[me] = list(story["mine"]["vp"])
        own_hidden = True
    top = max([story["target"], 1, *(v for points in series for v in points)])
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    span = max(len(turns) - 1, 1)

    def x(i: int) -> float:
        return round(LEFT + plot_w * i / span, 1)

    def y(v: float) -> float:
        return round(TOP + plot_h * (1 - v / top), 1)

    lines = []
    for seat, points in enumerate(series):
        lines.append({"name": players[seat]["name"], "color": players[seat]["color"], "own": seat == me,
                      "points": " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(points)),
                      "end_x": x(len(points) - 1) + 4, "end_y": y(points[-1]) + 3 if points else 0,
                      "vp": points[-1] if points else 0})
    step = max(1, round(len(turns) / 8))
    x_ticks = [{"x": x(i), "label": turn} for i, turn in enumerate(turns) if i % step == 0 or i == len(turns) - 1]
    y_step = 2 if top <= 12 else 5
    y_ticks = [{"y": y(v), "label": v} for v in range(0, top + 1, y_step)]
    return {"width": WIDTH, "height": HEIGHT, "lines": lines, "x_ticks": x_ticks, "y_ticks": y_ticks,
            "target_y": y(story["target"]), "left": LEFT, "right": WIDTH - RIGHT, "axis_y": HEIGHT - 6,
            "own_hidden": own_hidden}


def _dice(rolls: list) -> dict:
    counted = {"roll_counts": rolls, "rolls_total": sum(rolls)}
    return {**histogram(counted), "steadiness": steadiness(counted)}


def _luck(story: dict, players: list) -> list | None:
    """What the dice brought each player against what their buildings promised."""
    if not story["on_board"]:
        return None
    rows = []
    top = max([1.0, *(max(p["luck"]["expected"], p["luck"]["received"]) for p in story["players"])])
    for entry in story["players"]:
        luck, player = entry["luck"], players[entry["seat"]]
        difference = luck["difference"]
        rows.append({
            "name": player["name"], "color": player["color"],
            "expected": number_format(round(luck["expected"], 1), 1), "received": luck["received"],
            "difference": ("+" if difference >= 0 else "−") + number_format(round(abs(difference), 1), 1),
            "lucky": difference >= 0,
            # Bars in percent of the widest.
            "expected_w": round(100 * luck["expected"] / top), "received_w": round(100 * luck["received"] / top),
        })
    return rows


def _award_text(award: dict, names: list) -> str:
    def name(seat):
        return names[seat] if seat is not None and 0 <= seat < len(names) else "?"

    titles = source_names()  # a title is a source of points: Longest Road, a layer's (the Harbormaster)
    values = {"turn": award["turn"], "title": titles.get(award["kind"], award["kind"]), "name": name(award["seat"]),
              "previous": name(award["previous"])}
    if award["seat"] is None:
        return _("Turn %(turn)s: nobody holds the %(title)s any more (before: %(previous)s).") % values
    if award["previous"] is None:
        return _("Turn %(turn)s: %(name)s takes the %(title)s.") % values
    return _("Turn %(turn)s: %(name)s takes the %(title)s (before: %(previous)s).") % values


def _battle_text(battle: dict, names: list) -> str:
    """A battle in the words of the layer that fought it (its words' story_text)."""
    for words in layer_words():
        text = words.story_text(battle, names)
        if text is not None:
            return text
    return battle["kind"]


def _mine(mine: dict) -> dict:
    """A phone's own part: what nobody else saw."""
    bought = ", ".join(f"{DEV_CARD_NAMES.get(card, card)} ×{n}" if n > 1 else str(DEV_CARD_NAMES.get(card, card))
                       for card, n in mine["dev_bought"].items())
    return {
        "stolen_from_me": cards_text(mine["stolen_from_me"]) if mine["stolen_from_me"] else "",
        "stolen_by_me": cards_text(mine["stolen_by_me"]) if mine["stolen_by_me"] else "",
        "dev_bought": bought,
    }
