"""What the screens show for the friendly robber: whom it spares (no victim to pick among them)."""
from companion.machinery.contract import Form, Option, Screens, Words
from companion.layers.options.friendly_robber import LAYERS, forms, messages

# The keys this layer adds to a screen's context, as the templates find them in other games.
DEFAULTS = {"robber_spared": []}
# Its partial: the hint beside the robber's move.
PARTIALS = {"actions": "friendly_robber/actions.html"}


def context(view: dict, names: list[str], picture: dict | None) -> dict:
    return {"robber_spared": view["variants"]["spared"] or []}


# Its screen contract (companion/machinery/contract.py), listed in companion/layers/screens.py.
SCREENS = Screens(
    layers=LAYERS, context=context, defaults=DEFAULTS, partials=PARTIALS,
    words=Words(messages.refusal, messages.log_text),
    form=Form(options={name: Option(field) for name, field in forms.OPTIONS.items()}),
)
