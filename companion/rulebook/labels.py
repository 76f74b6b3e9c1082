"""Translatable names of games and topics (the entry texts themselves live in entries/)."""
from django.utils.translation import gettext_lazy as _

from . import search

GAME_LABELS = {
    "base": _("Base game"),
    "cities-knights": _("Cities & Knights"),
    "traders-barbarians": _("Traders & Barbarians"),
    "explorers-pirates": _("Explorers & Pirates"),
}

TOPIC_LABELS = {
    "setup": _("Setup"),
    "turn": _("Turn and production"),
    "building": _("Building"),
    "trading": _("Trading"),
    "robber": _("Robber and the 7"),
    "development-cards": _("Development cards"),
    "knights": _("Knights"),
    "barbarians": _("Barbarians"),
    "city-improvements": _("City improvements"),
    "progress-cards": _("Progress cards"),
    "events": _("Events of Catan"),
    "ships": _("Ships and exploring"),
    "missions": _("Missions"),
    "scenario": _("Scenarios"),
    "variants": _("Variants"),
    "scoring": _("Points and winning"),
}

assert set(GAME_LABELS) == set(search.GAMES)
assert set(TOPIC_LABELS) == set(search.TOPICS)


def game_label(game: str):
    return GAME_LABELS.get(game, game)


def topic_label(topic: str):
    return TOPIC_LABELS.get(topic, topic)
