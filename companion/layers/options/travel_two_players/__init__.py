from companion.layers.options.travel_two_players.rules import LAYER

LAYERS = (LAYER,)
