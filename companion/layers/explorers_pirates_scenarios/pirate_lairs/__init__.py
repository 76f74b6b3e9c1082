from companion.layers.explorers_pirates_scenarios.pirate_lairs.rules import LAYER, MISSION_LAYER

# The mission first: a scenario's new_state (its board and start) runs after its missions'.
LAYERS = (MISSION_LAYER, LAYER)
