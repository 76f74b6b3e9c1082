"""The base game's words: its names, refusals and log lines, in Polish and English."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy, pgettext_lazy

from companion.log_lines import LogLine, LogTable
from companion.machinery.errors import IllegalAction
from companion.messages import CARD_NAMES, LayerNames, cards_text, parse_cards, production_text, refusal_text

RESOURCE_NAMES = {
    "brick": gettext_lazy("brick"),
    "lumber": gettext_lazy("lumber"),
    "wool": gettext_lazy("wool"),
    "grain": gettext_lazy("grain"),
    "ore": gettext_lazy("ore"),
}
HAND_CARD_NAMES = RESOURCE_NAMES  # the cards a hand holds (companion.messages.CARD_NAMES adds every layer's)
HAND_CARD_COUNTS = {  # a number of them, in the plural form the number takes
    "brick": ngettext_lazy("%(count)s brick", "%(count)s brick", "count"),
    "lumber": ngettext_lazy("%(count)s lumber", "%(count)s lumber", "count"),
    "wool": ngettext_lazy("%(count)s wool", "%(count)s wool", "count"),
    "grain": ngettext_lazy("%(count)s grain", "%(count)s grain", "count"),
    "ore": ngettext_lazy("%(count)s ore", "%(count)s ore", "count"),
}
DEV_CARD_NAMES = {
    "knight": gettext_lazy("Knight"),
    "victory_point": gettext_lazy("Victory point"),
    "monopoly": gettext_lazy("Monopoly"),
    "road_building": gettext_lazy("Road building"),
    "year_of_plenty": gettext_lazy("Year of plenty"),
}
COLOR_NAMES = {
    "red": gettext_lazy("red"),
    "blue": gettext_lazy("blue"),
    "white": gettext_lazy("white"),
    "orange": gettext_lazy("orange"),
    "green": gettext_lazy("green"),
    "brown": gettext_lazy("brown"),
}
PIECE_NAMES = {
    "settlements": gettext_lazy("settlements"),
    "cities": gettext_lazy("cities"),
    "roads": gettext_lazy("roads"),
    "walls": gettext_lazy("city walls"),
    "knight_1": gettext_lazy("basic knights"),
    "knight_2": gettext_lazy("strong knights"),
    "knight_3": gettext_lazy("mighty knights"),
}
BUILD_NAMES = {
    "road": gettext_lazy("Road"),
    "settlement": gettext_lazy("Settlement"),
    "city": gettext_lazy("City"),
    "dev": gettext_lazy("Development card"),
}
PHASE_NAMES = {
    "board": gettext_lazy("Enter the board"),
    "setup": gettext_lazy("Setup"),
    "roll": gettext_lazy("Roll the dice"),
    "discard": gettext_lazy("A 7: discard"),
    "robber": gettext_lazy("Move the robber"),
    "steal": gettext_lazy("Rob a player"),
    "main": gettext_lazy("Trade and build"),
    "special_build": gettext_lazy("Special building phase"),
    "finished": gettext_lazy("Game over"),
}
DICE_SOURCE_NAMES = {
    "typed": gettext_lazy("physical dice, typed in"),
    "virtual": gettext_lazy("virtual dice"),
    "reader": gettext_lazy("electronic dice reader"),
    "events": gettext_lazy("Events of Catan cards"),
}

# The robber's home as the board has it, by terrain, for every layer whose words send the
# robber home, find it there or build beside it (Catan for two's tokens, the Events deck's
# Robber Flees). Polish needs a case for each use: "to" (it goes back there), "on" (it
# stands there), "next_to" (a settlement beside it). The base game words its desert here;
# a layer that brings another home terrain (Rivers' swamps) words it in its own
# ROBBER_HOME_WORDS, declared as its screen words' names["robber_home"].
ROBBER_HOME_WORDS = {
    "desert": {"to": pgettext_lazy("robber's home", "to the desert"),
               "on": pgettext_lazy("robber's home", "on the desert"),
               "next_to": pgettext_lazy("robber's home", "next to the desert")},
}
HOME_WORDS = LayerNames("robber_home")  # every layer's ROBBER_HOME_WORDS, this one's included
# A terrain no layer words (never on the boards the app sets up): said without its name.
UNNAMED_HOME = {"to": pgettext_lazy("robber's home", "to its home hex"),
                "on": pgettext_lazy("robber's home", "on its home hex"),
                "next_to": pgettext_lazy("robber's home", "next to the robber's home hex")}


def home_words(terrain: str | None) -> dict:
    """How the robber's home hex is said on this board ("desert" when the record or the view
    names none: a game with a desert)."""
    return HOME_WORDS.get(terrain or "desert", UNNAMED_HOME)


def refusal(error: IllegalAction) -> str | None:
    """Why an action of the base game was refused; None for a code that is not the base game's."""
    texts = {
        "player_count": _("A game needs %(min)s to %(max)s players."),
        "player_name": _("Every player needs a name of at most 20 characters."),
        "player_color": _("Pick a colour for every player."),
        "duplicate_name": _("Two players have the same name."),
        "duplicate_color": _("Two players have the same colour."),
        "unknown_rules": _("This ruleset is not available."),
        "unknown_variant": _("This game option is not available."),
        "unknown_scenario": _("This scenario is not available."),
        "road_closed": _("No road may be built on this path."),
        "target_vp": _("The target must be between 3 and 30 victory points."),
        "dice_source": _("Unknown dice source."),
        "board_mode": _("Unknown board mode."),
        "wrong_phase": _("That can't be done now."),
        "not_your_turn": _("It is not your turn to do that."),
        "unknown_action": _("Unknown action."),
        "bad_action": _("The request could not be understood."),
        "bad_actor": _("The request could not be understood."),
        "bad_arguments": _("The request could not be understood."),
        "bad_die": _("Each die shows 1 to 6."),
        "bad_dice": _("Enter both dice."),
        "bad_seat": _("Pick a player."),
        "bad_victim": _("Pick the player who was robbed."),
        "rob_yourself": _("You can't rob yourself."),
        "bad_hand_size": _("Enter how many resource cards you hold (0 to 95)."),
        "nothing_pending": _("Nothing is waiting for this player."),
        "no_pieces_left": _("No %(piece)s left: each player has only %(limit)s."),
        "city_needs_settlement": _("A city replaces one of your settlements: you have none on the board."),
        "longest_road_too_short": _("Longest Road needs at least 5 road segments."),
        "nothing_changes": _("Nothing changes."),
        "dev_deck_empty": _("The development cards are all gone."),
        "bad_dev_card": _("That card can't be played."),
        "one_dev_card_per_turn": _("Only one development card may be played per turn."),
        "dev_card_not_held": _("You don't hold that card."),
        "dev_card_bought_this_turn": _("A development card can't be played in the turn it was bought."),
        "bad_resource": _("Pick a resource."),
        "year_of_plenty_two": _("Pick two resources."),
        "nothing_to_undo": _("There is nothing you can undo."),
        "nothing_to_redo": _("There is nothing you can redo."),
        "bad_outcome": _("The recorded outcome is impossible here."),
        "missing_outcome": _("The recorded outcome is missing."),
        "stale": _("The game moved on meanwhile; look again and retry."),
        "pick_on_board": _("Tap the place on the board."),
        "bad_hex_edit": _("Pick a terrain and a number token that exist."),
        "bad_harbour_edit": _("Harbours go on the coast."),
        "bad_number": _("Pick a number token."),
        "board_incomplete": _("The board does not match a complete set yet."),
        "terrain_used_up": _("The set has no more hexes of that terrain: change a hex entered before first."),
        "number_used_up": _("The set has no more tokens with that number: change a hex entered before first."),
        "no_token_there": _("This hex takes no number token."),
        "harbour_used_up": _("The frame has no more harbours of that kind: change a harbour entered before first."),
        "questions_first": _("Before the first roll the table answers the questions on its screen."),
        "no_board": _("This game has no board."),
        "place_road_first": _("Place the road next to the new settlement first."),
        "place_settlement_first": _("Place the settlement first."),
        "robber_off_land": _("The robber goes on a land hex."),
        "robber_must_move": _("The robber must move to another hex."),
        "longest_road_computed": _("Longest Road is worked out from the board."),
        "beginner_board_players": _("The beginner board is for 3 or 4 players in red, blue, white and orange."),
        "board_layout": _("The board is not complete."),
        "board_frame": _("5 and 6 players need the extension board; 3 and 4 the base board."),
        "unknown_corner": _("That is not an intersection of this board."),
        "unknown_edge": _("That is not a path of this board."),
        "occupied": _("Something already stands there."),
        "distance_rule": _("Too close: no settlement may stand next to another one (distance rule)."),
        "not_connected": _("It must join one of your own roads."),
        "not_at_new_settlement": _("The road must touch the settlement you just placed."),
        "blocked_by_building": _("Another player's building blocks that road."),
        "already_city": _("That is already a city."),
        "no_own_settlement": _("A city can only replace one of your own settlements."),
        "no_settlement_left": _("No settlements left: each player has only 5."),
        "no_city_left": _("No cities left: each player has only 4."),
        "no_road_left": _("No roads left: each player has only 15."),
        "play_mode": _("Unknown play mode."),
        "dice_source_not_in_rules": _("This game is not played with the Events of Catan cards yet: pick dice."),
        "hands_need_board": _("Hands on phones needs the board: production comes from it."),
        "cannot_afford": _("Not enough cards: %(missing)s missing."),
        "discard_on_phone": _("Each player picks the cards to give back on their own phone."),
        "bad_discard": _("Pick the cards to give back."),
        "discard_count": _("Give back exactly %(count)s cards."),
        "discard_not_held": _("You don't hold those cards: %(missing)s missing."),
        "bank_lacks": _("The bank has not enough %(resource)s left."),
        "trade_on_phone": _("Trades are made on the players' phones."),
        "build_on_phone": _("Building pays from the player's hand: tap it on their phone."),
        "bad_count": _("Pick how many cards."),
        "same_resource_both_sides": _("A trade swaps different resources."),
        "trade_terms": _("Name at least one card on each side, in whole numbers: no gifts."),
        "bad_trade_partner": _("Pick another player to trade with."),
        "counter_own_turn": _("It is your turn: make an offer instead."),
        "no_such_offer": _("That offer is no longer open."),
        "bad_answer": _("Accept or decline."),
        "offer_not_for_you": _("That offer is not addressed to you."),
        "confirm_counter": _("Take a counter-offer with its Trade button."),
        "partner_not_accepted": _("That player has not accepted this offer."),
        "partner_cannot_pay": _("The other player no longer holds the cards: %(missing)s missing."),
        "not_your_offer": _("Only the player who made an offer can withdraw it."),
        "too_many_offers": _("At most %(limit)s open offers: withdraw one first."),
    }
    return refusal_text(texts, error, piece=PIECE_NAMES, missing=lambda missing: cards_text(parse_cards(missing)),
                        resource=CARD_NAMES)


def _count(resources: list) -> dict:
    cards: dict = {}
    for r in resources:
        cards[r] = cards.get(r, 0) + 1
    return cards


def board_entered_text(entry: dict, more: tuple = ()) -> str:
    """The one line of a board entered by hand: its hexes and harbours, then `more`, the
    words of a scenario's own pieces ("8 river paths": its log_text words the line)."""
    p = entry.get("params") or {}
    if not isinstance(p.get("hexes"), int):  # a log from before the line counted the board
        return _("The board is entered: setup begins.")
    parts = [ngettext("%(n)s hex", "%(n)s hexes", p["hexes"]) % {"n": p["hexes"]}]
    if isinstance(p.get("harbours"), int) and p["harbours"]:
        parts.append(ngettext("%(n)s harbour", "%(n)s harbours", p["harbours"]) % {"n": p["harbours"]})
    return _("Board entered: %(parts)s. Setup begins.") % {"parts": ", ".join([*parts, *more])}


# The base game's log lines: a sentence to fill in with the entry's params and %(who)s, the
# acting player (its card lists and dice source worded by `words`), or a function of the line.
LOG = LogTable({
    "game_started": gettext_lazy("Setup done: %(who)s starts."),
    "built_road": gettext_lazy("%(who)s built a road."),
    "built_settlement": gettext_lazy("%(who)s built a settlement."),
    "built_city": gettext_lazy("%(who)s built a city."),
    "largest_army": gettext_lazy("%(who)s takes Largest Army with %(knights)s knights."),
    "turn_ended": gettext_lazy("%(who)s ended the turn."),
    "dice_source": gettext_lazy("Dice now come from: %(source)s."),
    "robber_placed": gettext_lazy("%(who)s moved the robber."),
    "special_build": gettext_lazy("Special building phase: %(who)s may build now."),
    "hex_set": gettext_lazy("A hex of the board was set."),
    "harbour_set": gettext_lazy("A harbour of the board was set."),
    "bank_trade": gettext_lazy("%(who)s traded %(gave)s with the bank for %(got)s (%(ratio)s:1)."),
    "offer_withdrawn": gettext_lazy("%(who)s withdrew an offer."),
    "won": gettext_lazy("%(who)s wins with %(vp)s victory points!"),
}, words={"source": DICE_SOURCE_NAMES, "cards": cards_text, "gave": cards_text, "got": cards_text,
          "give": cards_text, "get": cards_text})


@LOG.kind("starting_resources")
def _starting_resources(line: LogLine) -> str:
    return line.say(_("%(who)s takes the starting resources: %(cards)s."), cards=cards_text(line.p["resources"]))


@LOG.kind("setup_placed")
def _setup_placed(line: LogLine) -> str:
    if line.p.get("piece") == "city":  # Cities & Knights' second round
        return line.say(_("%(who)s placed a city and a road (round %(round)s)."))
    return line.say(_("%(who)s placed a settlement and a road (round %(round)s)."))


@LOG.kind("rolled")
def _rolled(line: LogLine) -> str:
    return line.say(_("%(who)s rolled %(total)s (%(a)s + %(b)s)."), a=line.p["dice"][0], b=line.p["dice"][1])


@LOG.kind("discarded")
def _discarded(line: LogLine) -> str:
    p = line.p
    if "cards" in p:  # hands on phones: the cards given back
        return line.say(_("%(who)s gives back %(count)s cards: %(cards)s."))
    if p["count"]:
        return line.say(_("%(who)s holds %(hand)s cards and discards %(count)s."), hand=p["hand_size"])
    return line.say(_("%(who)s holds %(hand)s cards: nothing to discard."), hand=p["hand_size"])


@LOG.kind("robber_moved")
def _robber_moved(line: LogLine) -> str:
    if line.p.get("victim") is None:
        return line.say(_("%(who)s moved the robber and robbed nobody."))
    return line.say(_("%(who)s moved the robber and stole a card from %(victim)s."), victim=line.name(line.p["victim"]))


@LOG.kind("bought_dev")
def _bought_dev(line: LogLine) -> str:
    if "card" in line.p:  # only the buyer sees the card
        return line.say(_("%(who)s bought a development card: %(card)s."),
                        card=DEV_CARD_NAMES.get(line.p["card"], line.p["card"]))
    return line.say(_("%(who)s bought a development card."))


@LOG.kind("played_dev")
def _played_dev(line: LogLine) -> str:
    p = line.p
    card = p["card"]
    if card == "monopoly":
        return line.say(_("%(who)s played Monopoly on %(resource)s: everyone hands over all their %(resource)s."),
                        resource=RESOURCE_NAMES[p["resource"]])
    if card == "year_of_plenty":
        return line.say(_("%(who)s played Year of plenty: %(cards)s from the bank."), cards=cards_text(_count(p["resources"])))
    if card == "road_building":
        return line.say(_("%(who)s played Road building: %(roads)s free roads."))
    return line.say(_("%(who)s played a Knight."))


@LOG.kind("longest_road")
def _longest_road(line: LogLine) -> str:
    if line.seat is None:
        return _("Nobody holds Longest Road now.")
    if line.p.get("length"):
        return line.say(_("%(who)s takes Longest Road (%(length)s roads)."))
    return line.say(_("%(who)s takes Longest Road."))


@LOG.kind("produced")
def _produced(line: LogLine) -> str:
    return _("Production: %(list)s.") % {"list": production_text(line.p["production"], line.names)}


@LOG.kind("board_entered")
def _board_entered(line: LogLine) -> str:
    return board_entered_text(line.entry)


@LOG.kind("stole")
def _stole(line: LogLine) -> str:
    p = line.p
    if "card" in p:  # only thief and victim see this
        return line.say(_("%(who)s took 1 %(card)s from %(victim)s."), card=CARD_NAMES.get(p["card"], p["card"]),
                        victim=line.name(p["victim"]))
    if "victim" in p:  # the robber's steal: everyone reads from whom
        return line.say(_("%(who)s took a random card from %(victim)s."), victim=line.name(p["victim"]))
    # A card of a Bishop or a forced trade, in a log kept from before those wrote one line each.
    return line.say(_("%(who)s took a random card."))


@LOG.kind("monopoly_taken")
def _monopoly_taken(line: LogLine) -> str:
    p = line.p
    given = ", ".join(f"{line.name(int(s))} {n}" for s, n in p["taken"].items()) or _("nobody had any")
    return line.say(_("%(who)s takes %(total)s %(resource)s (%(list)s)."),
                    resource=CARD_NAMES.get(p["resource"], p["resource"]), list=given)


@LOG.kind("bank_short")
def _bank_short(line: LogLine) -> str:
    short = ", ".join(str(CARD_NAMES.get(r, r)) for r in line.p["resources"])
    return _("The bank ran short of %(list)s: only a player owed it alone gets the rest.") % {"list": short}


@LOG.kind("offer_made")
def _offer_made(line: LogLine) -> str:
    to = line.name(line.p.get("to"))
    if line.p.get("to") is None:
        return line.say(_("%(who)s offers %(give)s for %(get)s."), to=to)
    return line.say(_("%(who)s offers %(to)s %(give)s for %(get)s."), to=to)


@LOG.kind("offer_answered")
def _offer_answered(line: LogLine) -> str:
    if line.p["answer"] == "accept":
        return line.say(_("%(who)s accepts the offer."))
    return line.say(_("%(who)s declines the offer."))


@LOG.kind("offer_declined")
def _offer_declined(line: LogLine) -> str:
    return line.say(_("%(who)s turns down the counter-offer of %(maker)s."), maker=line.name(line.p["maker"]))


@LOG.kind("traded")
def _traded(line: LogLine) -> str:
    return line.say(_("%(who)s gave %(partner)s %(gave)s for %(got)s."), partner=line.name(line.p["partner"]))


def log_text(entry: dict, names: list[str]) -> str | None:
    """A log line of the base game; None for a kind that is not the base game's."""
    return LOG.text(entry, names)
