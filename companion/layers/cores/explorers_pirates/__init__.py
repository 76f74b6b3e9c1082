from companion.layers.cores.explorers_pirates import missions
from companion.layers.cores.explorers_pirates.rules import LAYER

# The core, and the later scenarios' general rules (crews, pirates, tracks, free placement)
# that their scenario and mission layers bring in by `needs`.
LAYERS = (LAYER, missions.LAYER)
