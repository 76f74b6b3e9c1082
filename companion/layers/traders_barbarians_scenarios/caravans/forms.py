"""The new-game form's entry for this scenario (companion/web/forms.py collects every layer's)."""
from django.utils.translation import gettext_lazy as _

from companion.layers.traders_barbarians_scenarios.caravans.rules import NAME, TARGET

SCENARIO = {"key": NAME, "label": _("The Caravans: camels from the oasis, voted with grain and wool (12 points)"),
            "target": TARGET, "rulebook": "traders-barbarians"}
ACTION_FIELDS = ("orientation", "caravan")  # which way the oasis lies; the caravan a camel extends
