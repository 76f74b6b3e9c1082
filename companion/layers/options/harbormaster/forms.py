"""The new-game form's checkbox for this option (companion/web/forms.py collects every layer's)."""
from django import forms
from django.utils.translation import gettext_lazy as _

OPTIONS = {"harbormaster": forms.BooleanField(
    label=_("Harbormaster: 2 victory points for the most harbour points (the target goes up by 1)"),
    required=False)}
TARGET_BONUS = {"harbormaster": 1}  # the rulebook: one more point to win
