"""The new-game form's entry for the base game as a core (companion/web/forms.py collects every core's)."""
from django.utils.translation import gettext_lazy as _

from companion.layers.cores.base.messages import DICE_SOURCE_NAMES

# The core's place in the form's Game select and its target; `help`: its words under the target.
CORE = {"key": "base", "rulebook": "base", "label": _("CATAN base game"), "target": 10,
        "help": _("Empty: 10 for the base game, 13 for Cities & Knights.")}

# The dice sources of the base game, in the form's Dice select (and `newgame --dice`): each
# one's label and, for those the table may switch to mid-game with a button, that button's
# words (the dice reader is chosen in its own menu). A layer with a source of its own declares
# it the same way, in its screen contract's form (companion/web/forms.py: DICE_SOURCES says
# what an entry may hold).
DICE_SOURCES = {
    "typed": {"label": DICE_SOURCE_NAMES["typed"], "switch": _("Switch to physical dice")},
    "virtual": {"label": DICE_SOURCE_NAMES["virtual"], "switch": _("Switch to virtual dice")},
    "reader": {"label": DICE_SOURCE_NAMES["reader"]},
}
