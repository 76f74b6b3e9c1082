from companion.layers.traders_barbarians_scenarios.traders_barbarians.rules import LAYER, LAYER_TWO

LAYERS = (LAYER, LAYER_TWO)
