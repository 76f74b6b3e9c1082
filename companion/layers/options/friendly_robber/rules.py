"""The friendly robber ("Przyjacielski złodziej"), a game option from Traders & Barbarians
(traders-and-barbarians-pl.txt, "Warianty"): config["variants"]["friendly_robber"].

After a 7 or a Knight the robber may not go on a hex touching a settlement (or city) of a
player with only 2 victory points or fewer. When no hex is left it stays on, or goes back
to, the desert, and then nobody with 2 points is robbed there either. Discarding on a 7 is
unchanged. Points are the public ones, every kind the game's core and layers count (in
Cities & Knights: metropolises, Defenders of Catan, the merchant, progress-card points):
a hidden victory point card does not make its holder fair game.
"""
from companion.layers.cores.base import rules as base
from companion.machinery import board as boards
from companion.machinery.composition import Layer, option

NAME = "friendly_robber"
BEGINNER_VP = 2  # players with this many public points or fewer are spared


def spared_seats(rules, state: dict) -> list[int]:
    return [s for s in range(len(state["players"])) if rules.vp_public(state, s) <= BEGINNER_VP]


def friendly_hexes(rules, state: dict, hexes: list[str]) -> list[str]:
    spared = set(spared_seats(rules, state))
    if not spared:
        return hexes
    board = state["board"]
    g = boards.geometry(board["layout"])
    allowed = [h for h in hexes if not any(boards.owner_at(board["pieces"], c) in spared for c in g.hex_corners[h])]
    if allowed:
        return allowed
    # Nowhere to go: the robber stays on the desert, or goes back to it (a scenario's home
    # for it); where it has none, it may go where the rules let it.
    deserts = base.home_hexes(rules, board["layout"])
    if board["robber"] in deserts:
        return [board["robber"]]
    return deserts[:1] or hexes


def public_view(rules, state: dict) -> tuple[str, dict]:
    return "variants", {"friendly_robber": True, "spared": spared_seats(rules, state)}


LAYER = Layer(
    name=NAME,
    applies=option(NAME),
    hooks={"robber_limits": friendly_hexes, "robber_spares": spared_seats, "public_view": public_view},
    options=(NAME,),
    view_key="variants",
)
