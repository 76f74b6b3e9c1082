"""Translatable names of games and topics (the entry texts themselves live in entries/)."""
from django.utils.translation import pgettext_lazy

from companion.layers.screens import CONTRACTS
from companion.rulebook import search


GAME_LABELS = {
    "base": pgettext_lazy("rulebook", "Base game"),
    "cities-knights": pgettext_lazy("rulebook", "Cities & Knights"),
    "traders-barbarians": pgettext_lazy("rulebook", "Traders & Barbarians"),
    "explorers-pirates": pgettext_lazy("rulebook", "Explorers & Pirates"),
}

TOPIC_LABELS = {
    "setup": pgettext_lazy("rulebook", "Setup"),
    "turn": pgettext_lazy("rulebook", "Turn and production"),
    "building": pgettext_lazy("rulebook", "Building"),
    "trading": pgettext_lazy("rulebook", "Trading"),
    "robber": pgettext_lazy("rulebook", "Robber and the 7"),
    "development-cards": pgettext_lazy("rulebook", "Development cards"),
    "knights": pgettext_lazy("rulebook", "Knights"),
    "barbarians": pgettext_lazy("rulebook", "Barbarians"),
    "city-improvements": pgettext_lazy("rulebook", "City improvements"),
    "progress-cards": pgettext_lazy("rulebook", "Progress cards"),
    "ships": pgettext_lazy("rulebook", "Ships and exploring"),
    "missions": pgettext_lazy("rulebook", "Missions"),
    "scenario": pgettext_lazy("rulebook", "Scenarios"),
    "variants": pgettext_lazy("rulebook", "Variants"),
    "scoring": pgettext_lazy("rulebook", "Points and winning"),
}
for contract in CONTRACTS:  # the topics the layers bring, named by their screen contracts
    TOPIC_LABELS.update(contract.rule_topics)

assert set(GAME_LABELS) == set(search.GAMES)
assert set(TOPIC_LABELS) == set(search.TOPICS)


def game_label(game: str):
    return GAME_LABELS.get(game, game)


def topic_label(topic: str):
    return TOPIC_LABELS.get(topic, topic)
