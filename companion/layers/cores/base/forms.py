"""The new-game form's entry for the base game as a core (companion/web/forms.py collects every core's)."""
from django.utils.translation import gettext_lazy as _

# The core's place in the form's Game select and its target; `help`: its words under the target.
CORE = {"key": "base", "rulebook": "base", "label": _("CATAN base game"), "target": 10,
        "help": _("Empty: 10 for the base game, 13 for Cities & Knights.")}
