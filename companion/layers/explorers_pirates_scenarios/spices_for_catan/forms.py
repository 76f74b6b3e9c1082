"""The new-game form's entry for Spices for Catan, Explorers & Pirates' fourth scenario
(companion/web/forms.py collects every layer's), and its posted field."""
from django.utils.translation import gettext_lazy as _

SCENARIO = {"key": "spices_for_catan",
            "label": _("Spices for Catan (Explorers & Pirates): fish and spices for the Council (15 points)"),
            "target": 15,
            "rulebook": "base,explorers-pirates"}
# reveal_hex of a spice field: the benefit of its village (which one the table turned over)
ACTION_FIELDS = ("benefit",)
