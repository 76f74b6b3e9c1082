from companion.layers.gold.rules import LAYER

LAYERS = (LAYER,)
