from companion.layers.cores.cities_knights.rules import LAYER

LAYERS = (LAYER,)
