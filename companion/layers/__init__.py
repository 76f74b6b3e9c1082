"""Every core and layer the app knows, in composition order: one package each.

Adding a scenario or a game option means adding its package and its name here; the
engine composes a game's rules from the layers that apply to its config, and the shared
screens loop over the same layers (their messages, screens and partials).
"""
from . import (barbarian_attack, base, caravans, catan_for_two, cities_knights, events, explorers_and_pirates,
               explorers_pirates, fish_for_catan, fishermen, friendly_robber, gold, harbormaster, land_ho, pirate_lairs,
               rivers, spices_for_catan, traders_barbarians, travel_two_players)

PACKAGES = (base, cities_knights, explorers_pirates, events, friendly_robber, harbormaster, catan_for_two,
            travel_two_players, gold, fishermen, rivers, caravans, barbarian_attack, traders_barbarians, land_ho,
            pirate_lairs, fish_for_catan, spices_for_catan, explorers_and_pirates)
LAYERS = tuple(layer for package in PACKAGES for layer in package.LAYERS)
