from companion.layers.traders_barbarians_scenarios.caravans.rules import LAYER

LAYERS = (LAYER,)
