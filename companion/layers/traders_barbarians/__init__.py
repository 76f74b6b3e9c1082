from .rules import LAYER, LAYER_TWO

LAYERS = (LAYER, LAYER_TWO)
