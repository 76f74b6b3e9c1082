"""The new-game form's scenario entry (companion/web/forms.py collects every layer's SCENARIO)."""
from django.utils.translation import gettext_lazy as _

from companion.layers.traders_barbarians_scenarios.fishermen.rules import NAME, TARGET

SCENARIO = {"key": NAME, "label": _("Fishermen of Catan: a lake and fishing grounds bring fish tokens"),
            "target": TARGET, "rulebook": "traders-barbarians"}
# The posted fields of its actions: a fish action, the tokens paid or given back ("3,2"),
# the place of the frame a fishing ground is set on.
ACTION_FIELDS = ("action", "tokens", "sea")
