from companion.layers.cores.base.rules import LAYER

LAYERS = (LAYER,)
