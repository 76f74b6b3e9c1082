"""Explorers & Pirates' words (rules.py): its phases, refusals and log lines, and its reasons
for gold, in English and Polish (the package's own catalogue: locale/)."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from companion.log_lines import LogLine, LogTable
from companion.machinery.errors import IllegalAction
from companion.messages import CARD_NAMES, TERRAIN_NAMES, Params, cards_text, refusal_text

PHASE_NAMES = {
    "movement": gettext_lazy("Ship movement"),
    "reveal": gettext_lazy("Turn over the discovered hex"),
    # later scenarios
    "pirates": gettext_lazy("A 7: place the pirate ship"),
    "pirate_steal": gettext_lazy("The pirates rob a ship's owner"),
    "conquest": gettext_lazy("A pirate lair falls"),
    "placement": gettext_lazy("Free placement on the start island"),
}
# The three parts of a turn (the view's `stage`), as a phone names them.
STAGE_NAMES = {
    "production": gettext_lazy("Production"),
    "build": gettext_lazy("Trade and build"),
    "movement": gettext_lazy("Ship movement"),
    "reveal": gettext_lazy("Discovery: turn the hex over"),
    "discard": gettext_lazy("A 7: discard"),
    "board": gettext_lazy("Check the start island"),
    "finished": gettext_lazy("Game over"),
    # later scenarios
    "pirates": gettext_lazy("A 7: place the pirate ship"),
    "pirate_steal": gettext_lazy("The pirates rob a ship's owner"),
    "conquest": gettext_lazy("A pirate lair falls"),
    "placement": gettext_lazy("Free placement on the start island"),
}
# Why gold was paid ("… takes 2 gold for <reason>").
GOLD_REASONS = {
    "compensation": gettext_lazy("getting nothing from the %(roll)s"),  # the roll's total
    "discovery": gettext_lazy("a discovery"),
    "start": gettext_lazy("the start"),
    "pirate_toll": gettext_lazy("the pirates' toll (ship %(ship)s)"),  # later scenarios
}
# A hex turned over: land terrains by the base game's names, and the sea.
SEA_NAME = gettext_lazy("sea")
AREA_NAMES = {"north": gettext_lazy("north"), "south": gettext_lazy("south")}
AREA_IN = {"north": gettext_lazy("in the northern area"), "south": gettext_lazy("in the southern area")}
CARGO_NAMES = {"settler": gettext_lazy("a settler"), "crew": gettext_lazy("a crew")}
# What stays aboard until a ship reaches the Council of Catan (missions.ASHORE: never a dock).
STAYS_ABOARD = {"shoal": gettext_lazy("A fish shoal stays aboard until it reaches the Council of Catan."),
                "sack": gettext_lazy("A spice sack stays aboard until it reaches the Council of Catan.")}
# The missions of the later scenarios (their tracks on the table screen).
MISSION_NAMES = {"pirate_lairs": gettext_lazy("Pirate Lairs"), "fish_for_catan": gettext_lazy("Fish for Catan"),
                 "spices_for_catan": gettext_lazy("Spices for Catan")}

# The pieces of the free placement at the start: a player's own, a neutral colour's (2 players).
PLACED = {"harbour": gettext_lazy("%(who)s places their harbour settlement."),
          "settlement": gettext_lazy("%(who)s places their settlement."),
          "road": gettext_lazy("%(who)s places their road."),
          "ship": gettext_lazy("%(who)s places their ship with a settler aboard.")}
PLACED_NEUTRAL = {"harbour": gettext_lazy("%(who)s places a harbour settlement for %(owner)s."),
                  "settlement": gettext_lazy("%(who)s places a settlement for %(owner)s.")}


def placement_text(piece, who: str, owner: str | None = None) -> str:
    """`who` places a piece at the start (for a neutral `owner`, when given)."""
    if owner is not None and piece in PLACED_NEUTRAL:
        return str(PLACED_NEUTRAL[piece]) % {"who": who, "owner": owner}
    return str(PLACED.get(piece, PLACED["settlement"])) % {"who": who}


def _name(names: list[str], seat) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


GOLD_RIVER_NAME = gettext_lazy("gold-river field")  # later scenarios: land without a resource
# The later scenarios' fields (their missions: fish shoals, spice villages).
FIELD_NAMES = {"fish": gettext_lazy("fish field"), "spice": gettext_lazy("spice field")}


def terrain_name(code) -> str:
    if code == "sea":
        return str(SEA_NAME)
    if code == "gold_river":
        return str(GOLD_RIVER_NAME)
    if code in FIELD_NAMES:
        return str(FIELD_NAMES[code])
    return str(TERRAIN_NAMES.get(code, code))


def area_name(code) -> str:
    return str(AREA_NAMES.get(code, code))


def area_in(code) -> str:
    return str(AREA_IN.get(code, code))


def refusal(error: IllegalAction) -> str | None:
    """Why an Explorers & Pirates action was refused; None for a code that is not its own."""
    texts = {
        "ep_needs_scenario": _("Explorers & Pirates is played with one of its scenarios: pick Land Ho!."),
        "land_ho_explorers_pirates_only": _("Land Ho! is a scenario of Explorers & Pirates: pick that game."),
        "ep_color": _("Explorers & Pirates has red, blue, white and orange pieces only."),
        "ep_board_mode": _("Land Ho! has its own board: pick the prepared board, or enter the start island as it lies."),
        "ep_not_start_island": _("Only the start island's hexes are set by hand: the others lie face down."),
        "ep_closed_to_you": _("You may not build there yet: that island opens only to players with a crew in its village."),
        "pl_not_start_island": _("At the start, pieces go on the start island only."),
        "pl_road_at_settlement": _("The first road goes beside your ordinary settlement."),
        "ep_land_only": _("The start island holds land hexes only."),
        "ep_next_to_unexplored": _("Nothing may be built next to a face-down hex: explore it with a ship first."),
        "ep_first_by_ship": _("The first settlement %(area)s must be founded by a ship carrying a settler."),
        # the gold layer's code, given only where a core's gold_exchange hook says so (here)
        "gold_not_for_resources": _("Gold buys resources only at 2 gold each, at most twice a turn."),
        "ep_not_own_settlement": _("Tap one of your own settlements."),
        "ep_not_coastal": _("A harbour settlement stands on the coast: pick a settlement beside the sea."),
        "ep_no_harbours_left": _("No harbour settlements left: each player has only %(limit)s."),
        "ep_not_sea_path": _("A ship sails on sea paths only."),
        "ep_not_at_harbour": _("A new ship goes on a sea path beside one of your harbour settlements."),
        "ep_path_full": _("At most 2 ships may stop on one path: sail on, or pick another path."),
        "ep_ships_all_out": _("All 3 of your ships are out: say which one leaves the board for the new one."),
        "ep_bad_ship": _("Pick one of your ships."),
        "ep_no_settlers_left": _("You have no settler left in your supply."),
        "ep_dock_full": _("That harbour settlement's dock is full."),
        "ep_not_own_harbour": _("A settler goes into the dock of one of your own harbour settlements."),
        "ep_ship_not_empty": _("That ship's hold is full."),
        "ep_ship_not_at_harbour": _("The ship must lie beside one of your harbour settlements."),
        "ep_ship_done": _("That ship has finished its move this turn."),
        "ep_no_points": _("That ship has no movement points left: buy 2 more for 1 wool, or move another ship."),
        "ep_not_next_path": _("A ship moves one path at a time: tap a path next to it."),
        "ep_bonus_used": _("That ship already got its 2 extra points this turn."),
        "ep_no_settler_here": _("There is no settler in a dock where this ship points."),
        "ep_no_settler_aboard": _("That ship carries no settler."),
        "ep_not_ship_end": _("The ship founds a settlement only where its bow points."),
        "ep_not_land": _("A settlement stands on an intersection touching land."),
        "ep_token_needed": _("A land hex gets a number token: pick the one you drew."),
        "ep_stack_empty": _("That area's stack of number tokens is empty."),
        "ep_no_token_on_sea": _("A sea hex gets no number token."),
        "ep_not_to_reveal": _("Turn over one of the marked face-down hexes."),
        "ep_bad_terrain": _("Pick what the hex shows: a land terrain or the sea."),
        # taking pieces off a ship or out of a dock (remove_piece)
        "ep_not_own_dock": _("Pick one of your ships, or the dock of one of your harbour settlements."),
        "ep_nothing_to_remove": _("There is nothing there to take off: that hold or dock is empty."),
        "ep_which_piece": _("That load holds different pieces: say which one to take off."),
        "ep_piece_not_there": _("That piece is not there: pick one of the pieces the ship or the dock holds."),
        "ep_bad_remove_count": _("Take off at least 1 piece, and no more than there are."),
        # later scenarios: crews, the pirate ship (missions.py)
        "ep_no_crews_left": _("You have no crew left in your supply (each player has %(limit)s)."),
        "ep_no_room": _("No room there: a hold or a dock takes 2 crews, or 1 settler."),
        "ep_no_crew_here": _("There is no crew in a dock where this ship points."),
        "ep_no_crew_aboard": _("That ship carries no crew."),
        "ep_nothing_to_swap": _("Neither the ship nor the dock holds anything to swap."),
        "ep_pirates_not_here": _("The pirate ship goes on a sea hex of the board, not beside the start island."),
        "ep_pirates_elsewhere": _("Your pirate ship is already there: move it to another sea hex."),
        "ep_nothing_to_steal": _("That player has neither resource cards nor gold."),
        "ep_cards_first": _("That player holds resource cards: the pirates take a card. Gold only from a player without any."),
        "ep_no_pirates": _("There is no other player's pirate ship to chase."),
        "ep_not_fit": _("Only a ship that has not moved this turn and points at the pirates' hex (or lies beside it) may chase them."),
        "ep_chased": _("That ship already tried to chase the pirates this turn."),
        "ep_bad_count": _("Pick how many crews (1 or 2)."),
        "ep_next_to_lair": _("Nothing may be built beside a pirate lair that still stands: conquer it first."),
    }
    if error.code == "ep_stays_aboard":  # a mission's load goes to the council only
        return str(STAYS_ABOARD.get(error.params.get("cargo"), STAYS_ABOARD["shoal"]))
    return refusal_text(texts, error, area=area_in)


def _ship_text(ship) -> str:
    """A ship by its number, as the log lines say it ("ship 2")."""
    return _("ship %(n)s") % {"n": ship}


def _whole(p: Params, key: str, default: int) -> int:
    """A count of the entry's params; `default` for one that is not a whole number."""
    return p[key] if isinstance(p[key], int) else default


# Explorers & Pirates' log lines: a sentence to fill in with the entry's params (a ship by
# its number, a terrain, a card by their names) and %(who)s, the acting player, or a function
# of the line. The crews, the pirate ship and the mission tracks are the later scenarios'.
LOG = LogTable({
    "ep_harbour_built": gettext_lazy("%(who)s upgrades a settlement to a harbour settlement (2 victory points)."),
    "ep_movement": gettext_lazy("%(who)s ends trading and building: ship movement."),
    "ep_ship_chosen": gettext_lazy("%(who)s moves %(ship)s."),
    "ep_moves_bought": gettext_lazy("%(who)s pays 1 wool: %(ship)s gets 2 more movement points."),
    "ep_settler_loaded": gettext_lazy("%(who)s takes a settler aboard %(ship)s."),
    "ep_settler_unloaded": gettext_lazy("%(who)s puts the settler from %(ship)s into the dock."),
    "ep_discovery_bank_short": gettext_lazy(
        "The bank has no %(resource)s left: %(who)s gets no card for the discovery."),
    "ep_cargo_swapped": gettext_lazy("%(who)s swaps the loads of %(ship)s and the harbour settlement's dock."),
    "ep_pirates_spared": gettext_lazy("%(who)s's pirates rob nobody."),
    "ep_pirates_home": gettext_lazy("%(who)s's pirate ship goes back to its owner."),
}, params=Params, words={"ship": _ship_text, "terrain": terrain_name, "area": area_in, "reward": cards_text,
                         "card": CARD_NAMES, "resource": CARD_NAMES, "mission": MISSION_NAMES},
   who=_name, name=_name)


@LOG.kind("pl_start_placed")  # the free placement (placement.py; its codes from Pirate Lairs)
def _start_placed(line: LogLine) -> str:
    owner = line.p["owner"]
    neutral = owner is not None and owner != line.seat
    return placement_text(line.p["piece"], line.who, line.name(owner) if neutral else None)


@LOG.kind("ep_ship_built")
def _ship_built(line: LogLine) -> str:
    if line.p.get("removed") is not None:
        return line.say(_("%(who)s takes ship %(old)s off the board and builds a new one (%(ship)s)."),
                        old=line.p["removed"])
    return line.say(_("%(who)s builds a ship (%(ship)s)."))


@LOG.kind("ep_settler_built")
def _settler_built(line: LogLine) -> str:
    if line.p.get("where") == "ship":
        return line.say(_("%(who)s builds a settler and puts it aboard %(ship)s."))
    return line.say(_("%(who)s builds a settler and puts it in a harbour settlement's dock."))


@LOG.kind("ep_ship_moved")  # one line per ship movement: `paths` steps (rules._log_sailing)
def _ship_moved(line: LogLine) -> str:
    n = _whole(line.p, "points", 0)
    paths = _whole(line.p, "paths", 1)
    if paths <= 1:
        return line.say(ngettext("%(who)s sails %(ship)s on (%(n)s point left).",
                                 "%(who)s sails %(ship)s on (%(n)s points left).", n), n=n)
    left = ngettext("%(n)s movement point left", "%(n)s movement points left", n) % {"n": n}
    return line.say(ngettext("%(who)s sails %(ship)s along %(paths)s sea path (%(left)s).",
                             "%(who)s sails %(ship)s along %(paths)s sea paths (%(left)s).", paths),
                    paths=paths, left=left)


@LOG.kind("ep_pieces_removed")
def _pieces_removed(line: LogLine) -> str:
    """Pieces taken off a ship or out of a dock: where they went (the owner's supply, the bank)."""
    n = _whole(line.p, "count", 1)
    piece = line.p["piece"]
    if line.p.get("ship") is not None:
        if piece == "settler":
            return line.say(_("%(who)s takes the settler off %(ship)s: it goes back to their supply."))
        if piece == "crew":
            return line.say(ngettext("%(who)s takes %(n)s crew off %(ship)s: back to their supply.",
                                     "%(who)s takes %(n)s crews off %(ship)s: back to their supply.", n), n=n)
        if piece == "shoal":
            return line.say(_("%(who)s takes the fish shoal off %(ship)s: it goes back to the bank."))
        return line.say(ngettext("%(who)s takes %(n)s spice sack off %(ship)s: back to the bank.",
                                 "%(who)s takes %(n)s spice sacks off %(ship)s: back to the bank.", n), n=n)
    if piece == "settler":
        return line.say(_("%(who)s takes the settler out of a harbour settlement's dock: it goes back to their supply."))
    return line.say(ngettext("%(who)s takes %(n)s crew out of a harbour settlement's dock: back to their supply.",
                             "%(who)s takes %(n)s crews out of a harbour settlement's dock: back to their supply.", n),
                    n=n)


@LOG.kind("ep_settlement_founded")
def _settlement_founded(line: LogLine) -> str:
    if line.p.get("first") and line.p.get("area"):
        return line.say(_("%(who)s founds a settlement from %(ship)s: the first %(area)s."))
    return line.say(_("%(who)s founds a settlement from %(ship)s."))


@LOG.kind("ep_must_reveal")
def _must_reveal(line: LogLine) -> str:
    hexes = line.p["hexes"] if isinstance(line.p["hexes"], list) else []
    return line.say(ngettext("%(who)s's %(ship)s points at a face-down hex: turn it over.",
                             "%(who)s's %(ship)s points at %(n)s face-down hexes: turn them over.", len(hexes)),
                    n=len(hexes))


@LOG.kind("ep_hex_revealed")
def _hex_revealed(line: LogLine) -> str:
    reward = line.p["reward"] if isinstance(line.p["reward"], dict) else {}
    if line.p.get("number") and reward:
        return line.say(_("%(who)s discovers %(terrain)s with a %(number)s and takes %(reward)s."))
    if line.p.get("number"):
        return line.say(_("%(who)s discovers %(terrain)s with a %(number)s."))
    # the gold it pays has its own line (gold_earned, "for a discovery")
    return line.say(_("%(who)s discovers %(terrain)s."))


# The later scenarios' crews, pirate ship and mission tracks (missions.py).

@LOG.kind("ep_crew_built")
def _crew_built(line: LogLine) -> str:
    if line.p.get("where") == "ship":
        return line.say(_("%(who)s builds a crew and puts it aboard %(ship)s."))
    return line.say(_("%(who)s builds a crew and puts it in a harbour settlement's dock."))


@LOG.kind("ep_crews_loaded")
def _crews_loaded(line: LogLine) -> str:
    n = _whole(line.p, "count", 1)
    return line.say(ngettext("%(who)s takes %(n)s crew aboard %(ship)s.",
                             "%(who)s takes %(n)s crews aboard %(ship)s.", n), n=n)


@LOG.kind("ep_crews_unloaded")
def _crews_unloaded(line: LogLine) -> str:
    n = _whole(line.p, "count", 1)
    return line.say(ngettext("%(who)s puts %(n)s crew from %(ship)s into the dock.",
                             "%(who)s puts %(n)s crews from %(ship)s into the dock.", n), n=n)


@LOG.kind("ep_pirates_placed")
def _pirates_placed(line: LogLine) -> str:
    replaced = line.p.get("replaced")
    if replaced is not None and replaced != line.seat:
        return line.say(_("%(who)s places their pirate ship; %(other)s's goes back to its owner."),
                        other=line.name(replaced))
    return line.say(_("%(who)s places their pirate ship."))


@LOG.kind("ep_pirates_stole")
def _pirates_stole(line: LogLine) -> str:
    victim = line.name(line.p["victim"])
    if line.p.get("gold"):
        return line.say(_("%(who)s's pirates take 1 gold from %(victim)s (no cards in hand)."), victim=victim)
    if line.p.get("card"):  # the thief's and the victim's own copy of the line
        return line.say(_("%(who)s's pirates take 1 %(card)s from %(victim)s."), victim=victim)
    return line.say(_("%(who)s's pirates take a random resource card from %(victim)s."), victim=victim)


@LOG.kind("ep_toll_paid")
def _toll_paid(line: LogLine) -> str:
    return line.say(_("%(who)s pays the toll to %(owner)s's pirates for %(ship)s."), owner=line.name(line.p["owner"]))


@LOG.kind("ep_chase")
def _chase(line: LogLine) -> str:
    if line.p.get("won"):
        return line.say(_("%(who)s chases the pirates with %(ship)s and rolls a %(die)s: they are driven off!"))
    return line.say(_("%(who)s chases the pirates with %(ship)s and rolls a %(die)s: not a 6, they stay."))


@LOG.kind("ep_track_moved")
def _track_moved(line: LogLine) -> str:
    n = _whole(line.p, "vp", 0)
    return line.say(ngettext("%(who)s moves their marker on the mission “%(mission)s” to field %(field)s (%(n)s point).",
                             "%(who)s moves their marker on the mission “%(mission)s” to field %(field)s (%(n)s points).", n),
                    n=n)


def log_text(entry: dict, names: list[str]) -> str | None:
    """A log line of Explorers & Pirates; None for a kind that is not its own."""
    return LOG.text(entry, names)
