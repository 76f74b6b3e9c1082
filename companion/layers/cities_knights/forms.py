"""The new-game form's checkbox for Cities & Knights' own option (companion/forms.py collects every layer's)."""
from django import forms
from django.utils.translation import gettext_lazy as _

OPTIONS = {"advanced_battle": forms.BooleanField(
    label=_("Cities & Knights, advanced battle: each player picks which active knights fight the barbarians"),
    required=False)}
