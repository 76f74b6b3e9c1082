from companion.layers.explorers_pirates_scenarios.finale.rules import LAYER

LAYERS = (LAYER,)
