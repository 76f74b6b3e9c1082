"""The new-game form's scenario entry (companion/web/forms.py collects every layer's SCENARIO)."""
from django.utils.translation import gettext_lazy as _

from companion.layers.traders_barbarians_scenarios.rivers.rules import NAME, TARGET

SCENARIO = {"key": NAME, "target": TARGET, "rulebook": "traders-barbarians",
            "label": _("Rivers of Catan: gold by the rivers, bridges, the wealthiest and the poor settlers (enter the board as it lies on the table)")}
