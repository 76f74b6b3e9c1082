"""The Events of Catan deck on the new-game form: a dice source (its screen contract's form;
companion/web/forms.py collects every layer's)."""
from django.utils.translation import gettext_lazy as _

# The deck as a dice source: its label, the table's button to switch to it mid-game, the
# rulebook's book of its rules (Traders & Barbarians), and that it draws a card instead of
# rolling (the deck's own partial shows the reveal, not the shared dice form).
DICE_SOURCES = {"events": {"label": _("Events of Catan cards"), "switch": _("Switch to the event cards"),
                           "rulebook": "traders-barbarians", "draws": True}}
