"""What the screens show for the Harbormaster: who holds the card (a badge on the
scoreboard; without a board, the table sets it)."""
from django.utils.translation import gettext_lazy as _
from companion.machinery.contract import Form, Option, Screens, Words
from companion.layers.options.harbormaster import LAYERS, forms, messages

# The keys this layer adds to a screen's context, as the templates find them in other games.
DEFAULTS = {"harbormaster_holder": None}
# Its partials: the badge beside its holder on the scoreboard, the table's form without a board.
PARTIALS = {"actions": "harbormaster/actions.html", "badges": "harbormaster/badge.html"}
# What the scoreboard (a shared fragment kept by what it shows) reads of this layer's keys.
READS = {"scoreboard": ("harbormaster_holder",)}
# Its column of the final score.
VP_SOURCES = {"harbormaster": _("Harbormaster")}


def context(view: dict, names: list[str], picture: dict | None) -> dict:
    return {"harbormaster_holder": view["variants"]["holder"]}


# Its screen contract (companion/machinery/contract.py), listed in companion/layers/screens.py.
SCREENS = Screens(
    layers=LAYERS, context=context, defaults=DEFAULTS, partials=PARTIALS, reads=READS,
    words=Words(messages.refusal, messages.log_text, names={"vp_source": VP_SOURCES}),
    form=Form(options={name: Option(field, target_bonus=forms.TARGET_BONUS.get(name, 0))
                       for name, field in forms.OPTIONS.items()}),
)
