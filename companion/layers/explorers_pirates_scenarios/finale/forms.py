"""The new-game form's entry for the scenario Explorers & Pirates, the box's last (all three
missions; companion/web/forms.py collects every layer's)."""
from django.utils.translation import gettext_lazy as _

SCENARIO = {"key": "finale",
            "label": _("Explorers & Pirates (the box's last scenario): lairs, fish and spices (17 points)"),
            "target": 17,
            "rulebook": "base,explorers-pirates"}
