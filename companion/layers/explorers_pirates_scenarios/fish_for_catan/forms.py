"""The new-game form's entry for Fish for Catan, Explorers & Pirates' third scenario
(companion/web/forms.py collects every layer's). Its posted fields are the core's (`die`: a shoal's
roll typed at the table, a fish field's face; `ship`)."""
from django.utils.translation import gettext_lazy as _

SCENARIO = {"key": "fish_for_catan",
            "label": _("Fish for Catan (Explorers & Pirates): lairs and fish for the Council (15 points)"),
            "target": 15,
            "rulebook": "base,explorers-pirates"}
