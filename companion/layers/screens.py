"""Every layer package's screen contract (its screens.py `SCREENS`), in the registry's order
(companion/layers/__init__.py, PACKAGES): the screens' side of the registry.

A second list beside PACKAGES because the registry is part of the engine and imports no
screens (no Django), and the shared screens find a layer's contract here, by no module's
name. Adding a layer package means a line in both (tests/web/test_contracts.py keeps them
in step). The app hands the contracts' words to companion/messages.py when it starts
(companion/apps.py): the layers' own words use that module, so it imports none of them.
"""
from companion.layers.cores.base import screens as base
from companion.layers.cores.cities_knights import screens as cities_knights
from companion.layers.cores.explorers_pirates import screens as explorers_pirates
from companion.layers.explorers_pirates_scenarios.finale import screens as finale
from companion.layers.explorers_pirates_scenarios.fish_for_catan import screens as fish_for_catan
from companion.layers.explorers_pirates_scenarios.land_ho import screens as land_ho
from companion.layers.explorers_pirates_scenarios.pirate_lairs import screens as pirate_lairs
from companion.layers.explorers_pirates_scenarios.spices_for_catan import screens as spices_for_catan
from companion.layers.gold import screens as gold
from companion.layers.options.catan_for_two import screens as catan_for_two
from companion.layers.options.events import screens as events
from companion.layers.options.friendly_robber import screens as friendly_robber
from companion.layers.options.harbormaster import screens as harbormaster
from companion.layers.options.travel_two_players import screens as travel_two_players
from companion.layers.traders_barbarians_scenarios.barbarian_attack import screens as barbarian_attack
from companion.layers.traders_barbarians_scenarios.caravans import screens as caravans
from companion.layers.traders_barbarians_scenarios.fishermen import screens as fishermen
from companion.layers.traders_barbarians_scenarios.rivers import screens as rivers
from companion.layers.traders_barbarians_scenarios.traders_barbarians import screens as traders_barbarians

CONTRACTS = tuple(module.SCREENS for module in (
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
))
