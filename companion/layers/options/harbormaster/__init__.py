from companion.layers.options.harbormaster.rules import LAYER

LAYERS = (LAYER,)
