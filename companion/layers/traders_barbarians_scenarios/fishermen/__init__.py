from companion.layers.traders_barbarians_scenarios.fishermen.rules import LAYER, LAYER_TWO

LAYERS = (LAYER, LAYER_TWO)
