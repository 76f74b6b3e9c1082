"""The new-game form's checkbox for this option (companion/web/forms.py collects every layer's)."""
from django import forms
from django.utils.translation import gettext_lazy as _

OPTIONS = {"friendly_robber": forms.BooleanField(
    label=_("Friendly robber: it spares players with 2 victory points or fewer"), required=False)}
