"""The new-game form's entry for Land Ho!, Explorers & Pirates' first scenario (companion/web/forms.py
collects every layer's)."""
from django.utils.translation import gettext_lazy as _

SCENARIO = {"key": "land_ho", "label": _("Land Ho! (Explorers & Pirates): sail out, discover, settle (8 points)"),
            "target": 8}
