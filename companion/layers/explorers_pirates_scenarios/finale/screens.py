"""What the screens show of the scenario Explorers & Pirates itself (rules.py): a line in the
scoreboard (table and phones) with its three missions, how many of each mission's fields are
turned over, with its rules (the goal is the shared scoreboard's). The missions' own screens are their packages'
(pirate_lairs, fish_for_catan, spices_for_catan); the crews, pirates and tracks the core's."""

from companion.layers.explorers_pirates_scenarios.finale.rules import PER_AREA
from companion.machinery.contract import Form, Screens, Words
from companion.layers.explorers_pirates_scenarios.finale import LAYERS, forms, messages

DEFAULTS = {"eap": None}
PARTIALS = {"scoreboard": "finale/scoreboard.html"}
READS = {"scoreboard": ("eap",)}
# How a mission's field turned over lies on the board: a lair stands on a gold-river field; a
# fish field is sea with its die face (fish_for_catan/rules.py).
FIELDS = {"lairs": lambda cell: cell.get("terrain") == "gold_river",
          "fish": lambda cell: cell.get("fish") is not None,
          "spices": lambda cell: cell.get("terrain") == "spice"}


def context(view: dict, names: list[str], picture: dict | None) -> dict:
    board = view.get("board") or {}
    hexes = (board.get("layout") or {}).get("hexes") or {}
    total = sum(PER_AREA.values())  # of each kind, over both areas
    return {"eap": {"total": total,
                    **{key: sum(1 for cell in hexes.values() if is_field(cell)) for key, is_field in FIELDS.items()}}}


# Its screen contract (companion/machinery/contract.py), listed in companion/layers/screens.py.
SCREENS = Screens(
    layers=LAYERS, context=context, defaults=DEFAULTS, partials=PARTIALS, reads=READS,
    words=Words(messages.refusal, messages.log_text),
    form=Form(scenario=forms.SCENARIO),
)
