"""The new-game form's entry for Cities & Knights as a core and the checkbox for its own option
(companion/web/forms.py collects every layer's)."""
from django import forms
from django.utils.translation import gettext_lazy as _

OPTIONS = {"advanced_battle": forms.BooleanField(
    label=_("Cities & Knights, advanced battle: each player picks which active knights fight the barbarians"),
    required=False)}

# The core's place in the form's Game select and its target (its words under the target are the
# base game's sentence, which names both).
CORE = {"key": "cities_knights", "rulebook": "base,cities-knights", "label": _("Cities & Knights (3–6 players)"), "target": 13}
