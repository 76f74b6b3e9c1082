"""The new-game form's entry for Explorers & Pirates as a core (companion/web/forms.py collects every
core's): its place in the Game select, its target (its first scenario's, Land Ho!: 8) and its
words under the target; and the posted fields of its actions."""
from django.utils.translation import gettext_lazy as _

CORE = {"key": "explorers_pirates", "rulebook": "base,explorers-pirates", "label": _("Explorers & Pirates (2–4 players, with a scenario)"), "target": 8,
        "help": _("Explorers & Pirates: its scenario's target (Land Ho!: 8)."),
        "board": "beginner",  # always on its sea board: the scenario's start island as printed
        # the later scenarios' own start (explorers_pirates/placement.py; Land Ho! refuses it)
        "boards": {"free": _("Free placement on the start island (the later scenarios, as the rulebook starts them)")}}
# The posted fields of its own actions (companion/forms.action_args passes them on; edge, corner,
# hex, terrain and number are the base game's): the ship acted with, the ship a rebuild takes off.
ACTION_FIELDS = ("ship", "remove", "die", "take")  # die: a chase typed at the table; take: a paper theft (card | gold)
