from companion.layers.explorers_pirates_scenarios.land_ho.rules import LAYER

LAYERS = (LAYER,)
