"""The new-game form's checkbox for this option (companion/web/forms.py collects every layer's)."""
from django import forms
from django.utils.translation import gettext_lazy as _

OPTIONS = {"travel_two_players": forms.BooleanField(
    label=_("Travel edition for two: Catan for two with 14 trade cards, 4 each at the start, at most 7 held"),
    required=False)}
IMPLIES = {"travel_two_players": ("two_players",)}  # it is Catan for two with the travel box's cards
