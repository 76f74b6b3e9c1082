"""The new-game form's entry for Pirate Lairs, Explorers & Pirates' second scenario
(companion/web/forms.py collects every layer's), and its posted list field."""
from django.utils.translation import gettext_lazy as _

SCENARIO = {"key": "pirate_lairs",
            "label": _("Pirate Lairs (Explorers & Pirates): crews, pirates, conquer the lairs (12 points)"),
            "target": 12}
# hero_roll with typed dice: one die per player still rolling for the hero ("dice", posted once each).
LIST_FIELDS = ("dice",)
