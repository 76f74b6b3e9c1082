"""Land Ho!'s screen contract: its words and its entry on the new-game form. What it shows is
the core's (companion/layers/cores/explorers_pirates/screens.py)."""
from companion.machinery.contract import Form, Screens, Words

from companion.layers.explorers_pirates_scenarios.land_ho import LAYERS, forms, messages

SCREENS = Screens(layers=LAYERS, words=Words(messages.refusal, messages.log_text), form=Form(scenario=forms.SCENARIO))
