from .rules import LAYER

LAYERS = (LAYER,)
