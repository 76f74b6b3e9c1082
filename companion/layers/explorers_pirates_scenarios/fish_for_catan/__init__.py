from companion.layers.explorers_pirates_scenarios.fish_for_catan.rules import LAYER, MISSION_LAYER

LAYERS = (MISSION_LAYER, LAYER)
