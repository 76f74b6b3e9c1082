"""The travel edition's two-player variant ("Catan dla dwojga" in the travel edition with
its almanac, base-travel-edition-with-almanac-pl.txt, pages 10–11):
config["variants"]["travel_two_players"], on top of Catan for two (catan_for_two).

Everything is Catan for two (neutral colours, two rolls, building for the neutrals, the
forced trade, the robber sent to the desert, what a settlement at the desert or the coast
earns) but the trade tokens are the box's 14 trade cards: 4 for each player at the start
(6 left in the pool) and at most 7 held; what would take a player above 7 goes back to
the pool (catan_for_two's _earn with state["two"]["limit"]). Trade cards are not resource
cards: never counted on a 7, never stolen, never part of a forced trade.
"""
from companion.machinery.composition import Layer, option
from companion.machinery.errors import IllegalAction

NAME = "travel_two_players"
CARDS_TOTAL = 14
CARDS_START = 4
CARDS_LIMIT = 7


def check_config(config: dict, rules) -> None:
    if not rules.has("catan_for_two"):
        raise IllegalAction("travel_needs_two_players")


def new_state(state: dict) -> None:
    """Catan for two has laid out its tokens: the travel box has fewer, and a limit."""
    two = state["two"]
    two["tokens"] = [CARDS_START, CARDS_START]
    two["pool"] = CARDS_TOTAL - 2 * CARDS_START
    two["limit"] = CARDS_LIMIT


def public_view(rules, state: dict) -> tuple[str, dict]:
    return NAME, {"cards": CARDS_TOTAL, "start": CARDS_START, "limit": CARDS_LIMIT}


LAYER = Layer(
    name=NAME,
    applies=option(NAME),
    hooks={"check_config": check_config, "new_state": new_state, "public_view": public_view},
    options=(NAME,),
    cores=frozenset({"base"}),
    core_refusal="two_players_base_only",
    seats=(2, 2),
    view_key=NAME,
)
