"""Every core and layer the app knows, in composition order: one package each, grouped the
way the game shelf is.

Adding a scenario or a game option means adding its package and one line here; the
engine composes a game's rules from the layers that apply to its config, and the shared
screens loop over the same layers (their messages, screens and partials).
"""
from companion.layers import gold
from companion.layers.cores import base, cities_knights, explorers_pirates
from companion.layers.explorers_pirates_scenarios import fish_for_catan, finale, land_ho, pirate_lairs, spices_for_catan
from companion.layers.options import catan_for_two, events, friendly_robber, harbormaster, travel_two_players
from companion.layers.traders_barbarians_scenarios import (barbarian_attack, caravans, fishermen, rivers,
                                                           traders_barbarians)

PACKAGES = (
    # the cores
    base, cities_knights, explorers_pirates,
    # game options and variants
    events, friendly_robber, harbormaster, catan_for_two, travel_two_players,
    # the gold mechanism the scenarios share
    gold,
    # Traders & Barbarians: its scenarios
    fishermen, rivers, caravans, barbarian_attack, traders_barbarians,
    # Explorers & Pirates: its scenarios (and the missions they bring)
    land_ho, pirate_lairs, fish_for_catan, spices_for_catan, finale,
)
LAYERS = tuple(layer for package in PACKAGES for layer in package.LAYERS)
