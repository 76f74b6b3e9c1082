from companion.layers.traders_barbarians_scenarios.rivers.rules import LAYER, LAYER_TWO

LAYERS = (LAYER, LAYER_TWO)
