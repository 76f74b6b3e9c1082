from companion.layers.options.friendly_robber.rules import LAYER

LAYERS = (LAYER,)
