"""The new-game form's scenario entry (companion/web/forms.py collects every layer's SCENARIO),
and the fields this scenario's actions post."""
from django.utils.translation import gettext_lazy as _

from companion.layers.traders_barbarians_scenarios.barbarian_attack.rules import CARDS, NAME, TARGET

SCENARIO = {"key": NAME, "target": TARGET, "rulebook": "traders-barbarians",
            "label": _("Barbarian Attack: barbarians conquer the coast, knights from the castle drive them off (12 points)")}
# A knight's move (from one path to another); the deck the table enters, one count per card.
ACTION_FIELDS = ("from", *(f"deck_{card}" for card in CARDS))
# Treason: the coastal hexes the barbarians leave and those they go to.
LIST_FIELDS = ("sources", "targets")
