"""The new-game form's checkbox for this option (companion/web/forms.py collects every layer's)."""
from django import forms
from django.utils.translation import gettext_lazy as _

OPTIONS = {"two_players": forms.BooleanField(
    label=_("Catan for two: two players, two neutral colours, two rolls a turn, trade tokens (base game only)"),
    required=False)}
