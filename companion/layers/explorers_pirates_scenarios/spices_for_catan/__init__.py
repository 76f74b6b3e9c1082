from companion.layers.explorers_pirates_scenarios.spices_for_catan.rules import LAYER, MISSION_LAYER

LAYERS = (MISSION_LAYER, LAYER)
