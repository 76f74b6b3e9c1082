from companion.layers.traders_barbarians_scenarios.barbarian_attack.rules import LAYER, LAYER_TWO

LAYERS = (LAYER, LAYER_TWO)
