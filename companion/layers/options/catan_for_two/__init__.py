from companion.layers.options.catan_for_two.rules import LAYER

LAYERS = (LAYER,)
