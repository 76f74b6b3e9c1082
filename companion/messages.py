"""Human words for the engine's codes: refusals and log entries, in Polish and English."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from .engine import IllegalAction

RESOURCE_NAMES = {
    "brick": gettext_lazy("brick"),
    "lumber": gettext_lazy("lumber"),
    "wool": gettext_lazy("wool"),
    "grain": gettext_lazy("grain"),
    "ore": gettext_lazy("ore"),
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
    "event": gettext_lazy("Event: waiting for choices"),
    "finished": gettext_lazy("Game over"),
}
DICE_SOURCE_NAMES = {
    "typed": gettext_lazy("physical dice, typed in"),
    "virtual": gettext_lazy("virtual dice"),
    "reader": gettext_lazy("electronic dice reader"),
    "events": gettext_lazy("Events of Catan cards"),
}


# ---------------------------------------------------------------- Events of Catan (engine/events.py)

EVENT_NAMES = {
    "robber_attack": gettext_lazy("Robber Attack"),
    "epidemic": gettext_lazy("Epidemic"),
    "earthquake": gettext_lazy("Earthquake"),
    "good_neighbors": gettext_lazy("Good Neighbours"),
    "tournament": gettext_lazy("Tournament"),
    "trade_advantage": gettext_lazy("Trade Advantage"),
    "calm_sea": gettext_lazy("Calm Sea"),
    "robber_flees": gettext_lazy("Robber Flees"),
    "neighborly_assistance": gettext_lazy("Neighbourly Assistance"),
    "conflict": gettext_lazy("Conflict"),
    "plentiful_year": gettext_lazy("Plentiful Year"),
    "no_event": gettext_lazy("No event"),
    "new_year": gettext_lazy("New Year"),
}
# What a card does, in our own words (the table screen shows it under the card).
EVENT_TEXTS = {
    "robber_attack": gettext_lazy("Just like a 7: everyone with more than 7 resource cards gives back half of them, then the robber moves and robs one player next to it."),
    "epidemic": gettext_lazy("The number produces, but every city brings only 1 resource instead of 2."),
    "earthquake": gettext_lazy("Every player lays one of their roads on its side. It still counts for Longest Road, but its owner builds no new road until it is repaired for 1 lumber + 1 brick."),
    "good_neighbors": gettext_lazy("Everyone passes 1 resource card of their choice to the player on their left."),
    "tournament": gettext_lazy("Whoever has played the most Knight cards takes 1 resource of their choice from the bank (on a tie, each of them)."),
    "trade_advantage": gettext_lazy("The Longest Road holder draws 1 random card (never a development card) from the hand of a player of their choice."),
    "calm_sea": gettext_lazy("Whoever has the most settlements and cities at harbours takes 1 resource of their choice from the bank (on a tie, each of them)."),
    "robber_flees": gettext_lazy("The robber goes straight back to the desert. Nobody is robbed."),
    "neighborly_assistance": gettext_lazy("The leader in victory points gives 1 resource card of their choice to a player of their choice with fewer points (on a tie, each leader)."),
    "conflict": gettext_lazy("The Largest Army holder, or else the one player with the most Knight cards played, draws 1 random card (never a development card) from a player of their choice."),
    "plentiful_year": gettext_lazy("Everyone takes 1 resource of their choice from the bank."),
    "no_event": gettext_lazy("Only the number counts this time: no event."),
}
# The cards with a Cities & Knights paragraph, worded for that game (the 7 is its own 7).
EVENT_TEXTS_CK = {
    "robber_attack": gettext_lazy("The Cities & Knights 7: everyone with more than 7 cards (commodities count, 2 more per city wall) gives back half of them; the robber moves and robs only after the barbarians' first attack."),
    "epidemic": gettext_lazy("The number produces, but every city brings only 1 resource and no commodity."),
    "good_neighbors": gettext_lazy("Everyone passes 1 card of their choice, a resource or a commodity, to the player on their left."),
    "tournament": gettext_lazy("Whoever has the strongest active knights in total takes 1 resource of their choice from the bank, never a commodity (on a tie, each of them)."),
    "trade_advantage": gettext_lazy("The Longest Road holder draws 1 random card (never a progress card) from the hand of a player of their choice."),
    "calm_sea": gettext_lazy("Whoever has the most settlements and cities at harbours takes 1 resource of their choice from the bank, never a commodity (on a tie, each of them)."),
    "neighborly_assistance": gettext_lazy("The leader in victory points gives 1 card of their choice, a resource or a commodity, to a player of their choice with fewer points (on a tie, each leader)."),
    "conflict": gettext_lazy("The one player with the strongest active knights in total may draw 1 random card (never a progress card) from a player of their choice."),
    "plentiful_year": gettext_lazy("Everyone takes 1 resource of their choice from the bank, never a commodity."),
}
EVENT_REFUSALS = ("repair_road_first", "not_your_road", "road_already_damaged", "no_damaged_road",
                  "robber_spares", "unknown_variant")  # the last two: game options (engine/variants.py)
EVENT_LOG_KINDS = ("red_rolled", "event_revealed", "new_year", "event_effect", "road_damaged", "road_repaired", "event_took",
                   "harbormaster", "event_gained", "event_picked", "event_gave", "event_skipped")


def event_refusal(code: str) -> str:
    texts = {
        "repair_road_first": _("Repair your damaged road first (1 lumber + 1 brick)."),
        "not_your_road": _("Tap one of your own roads."),
        "road_already_damaged": _("That road is damaged already."),
        "no_damaged_road": _("You have no damaged road to repair."),
        "robber_spares": _("Friendly robber: it spares players with 2 victory points or fewer."),
        "unknown_variant": _("This game option is not available."),
    }
    return texts[code]


def _names_of(seats, names: list[str]) -> str:
    return ", ".join(names[s] if 0 <= s < len(names) else "?" for s in seats)


def event_effect_lines(event: str, plan: dict, names: list[str]) -> list[str]:
    """Who does what for an event card, one sentence per player or group; a Cities &
    Knights card ("ck" in its plan) says what its paragraph changes."""
    plan = plan or {}
    lines = _event_effect_lines(event, plan, names)
    if plan.get("ck") and lines:
        if event in ("tournament", "calm_sea", "plentiful_year") and (plan.get("gains") or plan.get("nobody") == "no_board"):
            lines.append(_("Cities & Knights: the card taken is a resource, never a commodity."))
        if event in ("good_neighbors", "neighborly_assistance") and not plan.get("nobody"):
            lines.append(_("Cities & Knights: the card given may be a commodity too."))
    return lines


def _event_effect_lines(event: str, plan: dict, names: list[str]) -> list[str]:

    def name(s):
        return names[s] if s is not None and 0 <= s < len(names) else "?"

    basis = plan.get("basis") or {}
    nobody = plan.get("nobody")
    if event == "epidemic":
        if plan.get("ck"):
            return [_("Every city produces only 1 resource this time, and no commodity.")]
        return [_("Every city produces only 1 resource this time.")]
    if event == "earthquake":
        if not plan.get("damage"):
            return [_("Nobody has a road yet.")]
        return [_("%(names)s: each turns one of their roads on its side.") % {"names": _names_of(plan["damage"], names)},
                _("A damaged road still counts for Longest Road; no new road until it is repaired for 1 lumber + 1 brick.")]
    if event == "good_neighbors":
        return [_("%(giver)s gives 1 resource card of their choice to %(receiver)s.") % {
            "giver": name(a), "receiver": name(b)} for a, b in plan.get("gives", [])]
    if event in ("tournament", "calm_sea"):
        if nobody == "no_board":
            return [_("Count the settlements and cities at harbours: whoever has the most takes 1 resource of their choice from the bank (on a tie, each of them).")]
        if nobody == "no_knights":
            return [_("Nobody has played a Knight card: nobody gets anything.")]
        if nobody == "no_strength":
            return [_("Nobody has an active knight: nothing happens.")]
        if nobody:
            return [_("Nobody has a settlement or city at a harbour: nobody gets anything.")]
        if plan.get("measure") == "strength":
            text = _("%(who)s (active knights' strength: %(n)s) takes 1 resource of their choice from the bank.")
        elif event == "tournament":
            text = _("%(who)s (Knight cards played: %(n)s) takes 1 resource of their choice from the bank.")
        else:
            text = _("%(who)s (settlements and cities at harbours: %(n)s) takes 1 resource of their choice from the bank.")
        return [text % {"who": name(s), "n": basis.get(str(s), "?")} for s in plan.get("gains", [])]
    if event in ("trade_advantage", "conflict"):
        if nobody == "no_longest_road":
            return [_("Nobody holds Longest Road: nothing happens.")]
        if nobody == "no_knights":
            return [_("Nobody has played a Knight card: nothing happens.")]
        if nobody == "knights_tied":
            return [_("No single player has played the most Knight cards: nothing happens.")]
        if nobody == "no_strength":
            return [_("Nobody has an active knight: nothing happens.")]
        if nobody == "strength_tied":
            return [_("No single player has the strongest active knights: nothing happens.")]
        taker = plan.get("taker")
        measure = plan.get("measure")
        if measure == "longest_road" and plan.get("ck"):
            return [_("%(who)s (Longest Road) may draw 1 random card, never a progress card, from the hand of a player of their choice.") % {"who": name(taker)}]
        if measure == "strength":
            return [_("%(who)s (active knights' strength: %(n)s) may draw 1 random card, never a progress card, from the hand of a player of their choice.") % {"who": name(taker), "n": basis.get(str(taker), "?")}]
        if measure == "longest_road":
            return [_("%(who)s (Longest Road) may draw 1 random card, never a development card, from the hand of a player of their choice.") % {"who": name(taker)}]
        if measure == "largest_army":
            return [_("%(who)s (Largest Army) draws 1 random card, never a development card, from the hand of a player of their choice.") % {"who": name(taker)}]
        return [_("%(who)s (Knight cards played: %(n)s) draws 1 random card, never a development card, from the hand of a player of their choice.") % {"who": name(taker), "n": basis.get(str(taker), "?")}]
    if event == "robber_flees":
        if plan.get("robber") == "desert":
            return [_("Put the robber back on the desert. Nobody is robbed.")]
        if plan.get("robber") is not None and plan.get("from") == plan.get("robber"):
            return [_("The robber stays on the desert. Nobody is robbed.")]
        return [_("The robber goes back to the desert. Nobody is robbed.")]
    if event == "neighborly_assistance":
        if nobody:
            return [_("Everyone has the same number of victory points: nothing happens.")]
        others = _names_of(plan.get("to_any_of", []), names)
        return [_("%(who)s (%(vp)s VP) gives 1 resource card of their choice to one of: %(others)s.") % {
            "who": name(s), "vp": basis.get(str(s), "?"), "others": others} for s in plan.get("helpers", [])]
    if event == "plentiful_year":
        return [_("Everyone takes 1 resource of their choice from the bank.")]
    return []


def event_log_text(entry: dict, names: list[str]) -> str:
    p = _Params(entry.get("params") or {})
    seat = entry.get("seat")
    who = names[seat] if seat is not None and 0 <= seat < len(names) else ""
    kind = entry["kind"]
    if kind == "red_rolled":  # Cities & Knights on the event deck: the card comes next
        return _("%(who)s rolled %(red)s on the red die and the %(event)s.") % {
            "who": who, "red": p["red"], "event": EVENT_DIE_NAMES.get(p["event"], p["event"])}
    if kind == "event_revealed":
        if p["event"] == "no_event":
            return _("%(who)s revealed a card: %(number)s (no event).") % {"who": who, "number": p["number"]}
        return _("%(who)s revealed a card: %(number)s, %(event)s.") % {
            "who": who, "number": p["number"], "event": EVENT_NAMES.get(p["event"], p["event"])}
    if kind == "new_year":
        return _("New Year: all 36 cards are shuffled and 5 of them go face down under the New Year card (year %(year)s).") % {"year": p["year"]}
    if kind == "event_effect":
        lines = event_effect_lines(p["event"], dict(p), names)
        return "%s: %s" % (EVENT_NAMES.get(p["event"], p["event"]), " ".join(lines))
    if kind == "road_damaged":
        return _("%(who)s turned a road on its side (Earthquake).") % {"who": who}
    if kind == "road_repaired":
        return _("%(who)s repaired a damaged road (1 lumber + 1 brick).") % {"who": who}
    if kind == "harbormaster":
        if seat is None:
            return _("Nobody holds the Harbormaster card now.")
        if p.get("points") is not None:
            return _("%(who)s takes the Harbormaster card (harbour points: %(points)s).") % {"who": who, "points": p["points"]}
        return _("%(who)s takes the Harbormaster card.") % {"who": who}
    if kind == "event_gained":
        return _("%(who)s takes 1 %(resource)s from the bank.") % {
            "who": who, "resource": RESOURCE_NAMES.get(p["resource"], p["resource"])}
    if kind == "event_picked":
        return _("%(who)s has picked the card to pass.") % {"who": who}
    if kind == "event_gave":
        to = p.get("to")
        receiver = names[to] if isinstance(to, int) and 0 <= to < len(names) else "?"
        if "card" in p:  # only giver and receiver see which card
            return _("%(who)s gave 1 %(card)s to %(to)s.") % {
                "who": who, "card": CARD_NAMES.get(p["card"], p["card"]), "to": receiver}
        return _("%(who)s gave a resource card to %(to)s.") % {"who": who, "to": receiver}
    if kind == "event_skipped":
        reason = p.get("reason")
        if reason == "bank_empty":
            return _("%(who)s gets nothing: the bank is empty.") % {"who": who}
        if reason == "nobody_has_cards":
            return _("%(who)s draws no card: no other player holds a resource card.") % {"who": who}
        return _("%(who)s holds no resource card and gives nothing.") % {"who": who}
    if kind == "event_took":
        victim = p.get("victim")
        if victim is None:
            return _("%(who)s took no card.") % {"who": who}
        return _("%(who)s drew a random card from the hand of %(victim)s.") % {
            "who": who, "victim": names[victim] if 0 <= victim < len(names) else "?"}
    return kind


# ---------------------------------------------------------------- Cities & Knights (engine/cities_knights.py)

COMMODITY_NAMES = {
    "paper": gettext_lazy("paper"),
    "cloth": gettext_lazy("cloth"),
    "coin": gettext_lazy("coin"),
}
CARD_NAMES = {**RESOURCE_NAMES, **COMMODITY_NAMES}  # everything a Cities & Knights hand holds
PROGRESS_NAMES = {
    "alchemist": gettext_lazy("Alchemist"),
    "road_building": gettext_lazy("Road Building"),
    "printer": gettext_lazy("Printer"),
    "crane": gettext_lazy("Crane"),
    "mining": gettext_lazy("Mining"),
    "engineer": gettext_lazy("Engineer"),
    "irrigation": gettext_lazy("Irrigation"),
    "medicine": gettext_lazy("Medicine"),
    "smithing": gettext_lazy("Smithing"),
    "inventor": gettext_lazy("Inventor"),
    "bishop": gettext_lazy("Bishop"),
    "deserter": gettext_lazy("Deserter"),
    "diplomat": gettext_lazy("Diplomat"),
    "intrigue": gettext_lazy("Intrigue"),
    "constitution": gettext_lazy("Constitution"),
    "saboteur": gettext_lazy("Saboteur"),
    "spy": gettext_lazy("Spy"),
    "wedding": gettext_lazy("Wedding"),
    "warlord": gettext_lazy("Warlord"),
    "merchant_fleet": gettext_lazy("Merchant Fleet"),
    "merchant": gettext_lazy("Merchant"),
    "master_merchant": gettext_lazy("Master Merchant"),
    "resource_monopoly": gettext_lazy("Resource Monopoly"),
    "trade_monopoly": gettext_lazy("Trade Monopoly"),
    "commercial_harbor": gettext_lazy("Commercial Harbor"),
}
# What a progress card asks for when played from the phone (what the engine does with it).
PROGRESS_TEXTS = {
    "alchemist": gettext_lazy("Before your roll: set both number dice yourself; the event die is still rolled."),
    "road_building": gettext_lazy("Build 2 roads for free."),
    "crane": gettext_lazy("Your next city improvement this turn costs one commodity less."),
    "mining": gettext_lazy("2 ore for each mountains hex next to your buildings."),
    "irrigation": gettext_lazy("2 grain for each fields hex next to your buildings."),
    "engineer": gettext_lazy("A city wall for free."),
    "medicine": gettext_lazy("A city for 2 ore and 1 grain."),
    "smithing": gettext_lazy("Promote up to 2 knights for free."),
    "inventor": gettext_lazy("Swap two number tokens (not 2, 6, 8 or 12)."),
    "bishop": gettext_lazy("Move the robber and take a random card from each player next to it."),
    "saboteur": gettext_lazy("Every player with at least as many points as you gives back half their cards."),
    "wedding": gettext_lazy("Every player with more points gives you 2 cards of their choice."),
    "warlord": gettext_lazy("Activate all your knights for free."),
    "merchant_fleet": gettext_lazy("This turn, trade one kind of card 2:1 with the bank."),
    "merchant": gettext_lazy("Put the merchant next to your building: 1 VP and 2:1 for that hex's resource."),
    "spy": gettext_lazy("Look at another player's progress cards and take one of them."),
    "master_merchant": gettext_lazy("Look at the hand of a player with more points and take 2 cards of your choice."),
    "commercial_harbor": gettext_lazy("Offer each other player a resource; whoever holds a commodity gives you one of their choice for it."),
    "deserter": gettext_lazy("Another player removes one of their knights; you put in a knight of the same level."),
    "diplomat": gettext_lazy("Remove an open road; your own one you may build again for free."),
    "intrigue": gettext_lazy("Displace another player's knight that stands on one of your roads."),
    "resource_monopoly": gettext_lazy("Every other player gives you up to 2 of a resource."),
    "trade_monopoly": gettext_lazy("Every other player gives you 1 of a commodity."),
}
DECK_NAMES = {
    "trade": gettext_lazy("trade (yellow)"),
    "politics": gettext_lazy("politics (blue)"),
    "science": gettext_lazy("science (green)"),
}
IMPROVEMENT_NAMES = {
    "trade": pgettext_lazy("city improvement", "Trade"),
    "politics": gettext_lazy("Politics"),
    "science": gettext_lazy("Science"),
}
# The building each level of a chart adds (the rulebook's chart).
IMPROVEMENT_LEVELS = {
    "trade": (gettext_lazy("Market"), gettext_lazy("Trading House"), gettext_lazy("Merchant Guild"),
              gettext_lazy("Bank"), gettext_lazy("Great Exchange")),
    "politics": (gettext_lazy("Town Hall"), gettext_lazy("Church"), gettext_lazy("Fortress"),
                 gettext_lazy("Cathedral"), gettext_lazy("High Assembly")),
    "science": (gettext_lazy("Abbey"), gettext_lazy("Library"), gettext_lazy("Aqueduct"),
                gettext_lazy("Theater"), gettext_lazy("University")),
}
KNIGHT_LEVEL_NAMES = {1: gettext_lazy("basic knight"), 2: gettext_lazy("strong knight"),
                      3: gettext_lazy("mighty knight")}
EVENT_DIE_NAMES = {
    "ship": gettext_lazy("barbarian ship"),
    "blue": gettext_lazy("blue city gate"),
    "green": gettext_lazy("green city gate"),
    "yellow": gettext_lazy("yellow city gate"),
}
CK_PHASE_NAMES = {
    "barbarian": gettext_lazy("The barbarians attacked: waiting for choices"),
    "progress_discard": gettext_lazy("Too many progress cards: discard"),
    "aqueduct": gettext_lazy("Aqueduct: pick a resource"),
    "relocate": gettext_lazy("A knight was displaced"),
    "card_answer": gettext_lazy("Progress card: waiting for answers"),
}
PHASE_NAMES.update(CK_PHASE_NAMES)
PHASE_NAMES.update({  # Catan for two (engine/two_players.py)
    "neutral_build": gettext_lazy("Build for a neutral colour"),
    "forced_trade": gettext_lazy("Forced trade: cards to give back"),
})
CK_REFUSALS = (
    "ck_beginner_board", "bad_event_die", "alchemist_set_dice", "alchemist_no_dice", "alchemist_before_roll", "progress_after_roll",
    "progress_not_held", "progress_not_playable", "progress_on_phone", "progress_over_limit",
    "progress_within_limit", "bad_deck", "bad_commodity", "bad_improvement", "bad_lost_city", "repair_city_first",
    "wall_needs_city", "wall_already", "improvement_max", "improvement_needs_city", "improvement_needs_free_city",
    "metropolis_city", "knight_corner", "no_such_knight", "knight_active", "knight_mighty",
    "knight_promoted_this_turn", "mighty_needs_fortress", "knight_resting", "knight_activated_this_turn",
    "knight_acted_this_turn", "knight_cannot_reach", "knight_not_stronger", "robber_locked", "robber_not_adjacent",
    "crane_already", "smithing_knights", "inventor_hexes", "merchant_hex",
    "pick_opponent", "spy_no_cards", "spy_card", "master_merchant_richer", "victim_no_cards", "bad_take", "take_count",
    "take_not_held", "harbor_not_held", "harbor_commodity_not_held", "deserter_no_knights", "diplomat_open_road",
    "intrigue_knight", "muster_on_phone", "muster_knights", "variant_not_in_rules",
)
CK_LOG_KINDS = (
    "setup_city", "ship_moved", "ship_returned", "barbarians_won", "knights_won", "defender_of_catan",
    "no_defender_left", "defender_choice", "city_lost", "city_repaired", "city_gate", "progress_drawn", "progress_vp",
    "progress_deck_empty", "progress_discarded", "played_progress", "alchemist_dice", "free_roads", "harvest",
    "warlord", "merchant_fleet", "merchant_placed", "inventor", "bishop", "saboteur", "sabotaged", "wedding",
    "wedding_gift", "aqueduct", "aqueduct_taken", "robber_locked", "robber_chased", "built_knight",
    "activated_knight", "promoted_knight", "knight_moved", "knight_relocated", "knight_lost", "built_wall",
    "improved", "metropolis",
    "muster_started", "mustered", "spy", "spy_took", "master_merchant", "master_merchant_took", "commercial_harbor",
    "harbor_skipped", "harbor_no_commodity", "harbor_trade", "deserter", "knight_deserted", "deserter_knight",
    "diplomat", "intrigue",
)


def ck_refusal(error: IllegalAction) -> str:
    p = _Params(error.params)
    if "chart" in p:
        p["chart"] = IMPROVEMENT_NAMES.get(p["chart"], p["chart"])
    if "card" in p:
        p["card"] = PROGRESS_NAMES.get(p["card"], p["card"])
    texts = {
        "ck_beginner_board": _("Cities & Knights is not played on the beginner board: pick a random, balanced or entered board, or none."),
        "bad_event_die": _("Tap the event die: the ship or a city gate (blue, green or yellow)."),
        "alchemist_set_dice": _("The Alchemist has set the number dice: enter only the event die."),
        "alchemist_before_roll": _("The Alchemist is played before the roll."),
        "alchemist_no_dice": _("With the Events of Catan cards the card's number produces: there are no number dice for the Alchemist to set."),
        "progress_after_roll": _("Progress cards are played after the roll (only the Alchemist before it)."),
        "progress_not_held": _("You don't hold that progress card."),
        "progress_not_playable": _("%(card)s can't be played in this app: play it at the table."),
        "progress_on_phone": _("Progress cards are secret: choose them on the player's own phone."),
        "progress_over_limit": _("At most %(limit)s progress cards: put one back under its deck before ending the turn."),
        "progress_within_limit": _("You hold no more than %(limit)s progress cards: nothing to put back."),
        "bad_deck": _("Pick a progress deck: trade, politics or science."),
        "bad_commodity": _("Pick a commodity: paper, cloth or coin."),
        "bad_improvement": _("Pick a city improvement: trade, politics or science."),
        "bad_lost_city": _("Pick one of your cities that is not a metropolis."),
        "repair_city_first": _("Repair your city laid down by the barbarians first."),
        "wall_needs_city": _("A city wall goes under one of your own cities without a wall."),
        "wall_already": _("That city already has a wall."),
        "improvement_max": _("%(chart)s is already at the top level."),
        "improvement_needs_city": _("City improvements need at least one city."),
        "improvement_needs_free_city": _("%(chart)s level 4 needs a city without a metropolis."),
        "metropolis_city": _("Pick the city that becomes the %(chart)s metropolis."),
        "knight_corner": _("A new knight goes on a free intersection next to one of your roads."),
        "no_such_knight": _("Pick one of your knights."),
        "knight_active": _("That knight is active already."),
        "knight_mighty": _("A mighty knight can't be promoted further."),
        "knight_promoted_this_turn": _("A knight is promoted at most once per turn."),
        "mighty_needs_fortress": _("A mighty knight needs the fortress (politics level 3)."),
        "knight_resting": _("Only an active knight takes orders: activate it first (1 grain)."),
        "knight_activated_this_turn": _("A knight activated this turn takes no order until your next turn."),
        "knight_acted_this_turn": _("That knight already took an order this turn."),
        "knight_cannot_reach": _("The knight can't get there along your roads."),
        "knight_not_stronger": _("Only a stronger knight can displace another one."),
        "robber_locked": _("The robber stays on the desert until the barbarians first reach Catan."),
        "robber_not_adjacent": _("The knight must stand next to the robber's hex to chase it."),
        "crane_already": _("The Crane is already in use this turn."),
        "smithing_knights": _("Pick one or two different knights to promote."),
        "inventor_hexes": _("Pick two different hexes with number tokens other than 2, 6, 8 and 12."),
        "merchant_hex": _("The merchant goes on a land hex next to one of your buildings."),
        "pick_opponent": _("Pick another player."),
        "spy_no_cards": _("That player holds no progress cards."),
        "spy_card": _("Pick one of the progress cards you are shown."),
        "master_merchant_richer": _("The Master Merchant takes from a player with more victory points than you."),
        "victim_no_cards": _("That player holds no cards."),
        "bad_take": _("Pick the cards to take."),
        "take_count": _("Take exactly %(count)s cards."),
        "take_not_held": _("That player doesn't hold those cards: %(missing)s missing."),
        "harbor_not_held": _("You don't hold that resource."),
        "harbor_commodity_not_held": _("You don't hold that commodity."),
        "deserter_no_knights": _("That player has no knight."),
        "diplomat_open_road": _("Pick an open road: one end free of buildings, knights and its owner's other roads."),
        "intrigue_knight": _("Pick another player's knight on an intersection one of your roads reaches."),
        "muster_on_phone": _("Each player picks the knights that fight on their own phone."),
        "muster_knights": _("Pick different knights of yours that are active."),
        "variant_not_in_rules": _("This game option is only for Cities & Knights."),
    }
    return texts[error.code] % p


def _names_list(seats, name) -> str:
    return ", ".join(name(s) for s in seats or ()) or _("nobody")


def ck_battle_lines(report: dict, names: list[str]) -> list[str]:
    """Who had what strength in a barbarian attack, and what came of it."""
    def name(s):
        return names[s] if s is not None and 0 <= s < len(names) else _("nobody")

    strengths = ", ".join(f"{name(int(s))} {n}" for s, n in sorted(report["knights"].items(), key=lambda x: int(x[0])))
    lines = [_("Barbarians %(strength)s against the knights of Catan %(defence)s (%(list)s).") % {
        "strength": report["strength"], "defence": report["defence"], "list": strengths}]
    if report["winner"] == "barbarians":
        if report["losers"]:
            lines.append(_("The barbarians win: %(list)s had the weakest knights and lose a city.") % {
                "list": _names_list(report["losers"], name)})
        else:
            lines.append(_("The barbarians win, but nobody has a city they could take."))
    elif report["defender"] is not None:
        lines.append(_("Catan is saved: %(who)s had the strongest knights and becomes the Defender of Catan.") % {
            "who": name(report["defender"])})
    elif report["tied"]:
        lines.append(_("Catan is saved: %(list)s tied for the strongest knights and each draws a progress card.") % {
            "list": _names_list(report["tied"], name)})
    else:
        lines.append(_("Catan is saved."))
    if report.get("held_back"):
        held = ", ".join(f"{name(int(s))} {n}" for s, n in sorted(report["held_back"].items(), key=lambda x: int(x[0])))
        lines.append(_("Kept out of the battle (still active): %(list)s.") % {"list": held})
    return lines


def ck_log_text(entry: dict, names: list[str]) -> str:
    p = _Params(entry.get("params") or {})
    seat = entry.get("seat")
    who = names[seat] if seat is not None and 0 <= seat < len(names) else ""

    def name(s):
        return names[s] if s is not None and 0 <= s < len(names) else _("nobody")

    def deck(d):
        return DECK_NAMES.get(d, d)

    def card(c):
        return PROGRESS_NAMES.get(c, c)

    def knight(level):
        return KNIGHT_LEVEL_NAMES.get(level, _("knight"))

    kind = entry["kind"]
    if kind == "setup_city":
        return _("%(who)s placed a city.") % {"who": who}
    if kind == "ship_moved":
        if p["position"] >= p["track"]:
            return _("The barbarian ship reaches Catan!")
        return _("The barbarian ship sails on: %(position)s of %(track)s.") % {
            "position": p["position"], "track": p["track"]}
    if kind == "ship_returned":
        if p.get("advanced"):
            return _("The barbarian ship goes back to its start; the knights that fought rest.")
        return _("The barbarian ship goes back to its start; every knight rests.")
    if kind == "muster_started":
        return _("Advanced battle: %(list)s choose in turn which active knights fight.") % {
            "list": _names_list(p["seats"], name)}
    if kind == "mustered":
        return _("%(who)s sends knights of strength %(strength)s to fight and keeps %(kept)s back.") % {
            "who": who, "strength": p["strength"], "kept": p["kept"]}
    if kind == "spy":
        return _("%(who)s looks at the progress cards of %(other)s (Spy).") % {"who": who, "other": name(p["victim"])}
    if kind == "spy_took":
        if "card" in p:  # the spy and the victim see the card
            return _("%(who)s takes %(card)s from %(other)s (Spy).") % {
                "who": who, "card": card(p["card"]), "other": name(p["victim"])}
        return _("%(who)s takes a progress card from %(other)s (Spy).") % {"who": who, "other": name(p["victim"])}
    if kind == "master_merchant":
        if p.get("paper"):
            return _("%(who)s looks at the hand of %(other)s and takes 2 cards of their choice (Master Merchant): do it at the table.") % {"who": who, "other": name(p["victim"])}
        return _("%(who)s looks at the hand of %(other)s (Master Merchant).") % {"who": who, "other": name(p["victim"])}
    if kind == "master_merchant_took":
        if "cards" in p:
            return _("%(who)s takes %(cards)s from %(other)s (Master Merchant).") % {
                "who": who, "cards": cards_text(p["cards"]), "other": name(p["victim"])}
        return _("%(who)s takes %(count)s cards from %(other)s (Master Merchant).") % {
            "who": who, "count": p["count"], "other": name(p["victim"])}
    if kind == "commercial_harbor":
        if p.get("paper"):
            return _("Commercial Harbor: %(who)s may give each of %(list)s one resource card of their choice; whoever holds a commodity gives back one of their own choice; with no commodity there is no exchange.") % {
                "who": who, "list": _names_list(p["seats"], name)}
        return _("Commercial Harbor: %(who)s offers each other player a resource for a commodity.") % {"who": who}
    if kind == "harbor_skipped":
        return _("%(who)s offers %(other)s nothing (Commercial Harbor).") % {"who": who, "other": name(p["other"])}
    if kind == "harbor_no_commodity":
        return _("%(other)s holds no commodity: no exchange with %(who)s (Commercial Harbor).") % {
            "who": who, "other": name(p["other"])}
    if kind == "harbor_trade":
        if "resource" in p:
            return _("%(who)s gives %(other)s %(resource)s for %(commodity)s (Commercial Harbor).") % {
                "who": who, "other": name(p["other"]), "resource": CARD_NAMES.get(p["resource"], p["resource"]),
                "commodity": CARD_NAMES.get(p["commodity"], p["commodity"])}
        return _("%(who)s gives %(other)s a resource for a commodity (Commercial Harbor).") % {
            "who": who, "other": name(p["other"])}
    if kind == "deserter":
        return _("Deserter: %(other)s removes one of their knights for %(who)s.") % {"who": who, "other": name(p["victim"])}
    if kind == "knight_deserted":
        if p.get("replaced") is None:
            return _("%(who)s removes a %(knight)s; %(other)s can't put in a knight for it.") % {
                "who": who, "knight": knight(p["level"]), "other": name(p["to"])}
        return _("%(who)s removes a %(knight)s; %(other)s puts in a %(new)s.") % {
            "who": who, "knight": knight(p["level"]), "other": name(p["to"]), "new": knight(p["replaced"])}
    if kind == "deserter_knight":
        if p.get("active"):
            return _("%(who)s puts in an active %(knight)s (Deserter).") % {"who": who, "knight": knight(p["level"])}
        return _("%(who)s puts in a resting %(knight)s (Deserter).") % {"who": who, "knight": knight(p["level"])}
    if kind == "diplomat":
        if p.get("edge") is None:
            return _("%(who)s removes an open road (Diplomat): do it at the table; their own road they may build again for free.") % {"who": who}
        if p["owner"] == entry.get("seat"):
            return _("%(who)s removes their own open road and may build it again for free (Diplomat).") % {"who": who}
        return _("%(who)s removes an open road of %(other)s (Diplomat).") % {"who": who, "other": name(p["owner"])}
    if kind == "intrigue":
        if p.get("corner") is None:
            return _("%(who)s displaces a knight of %(other)s (Intrigue): %(other)s moves it to a free intersection on their roads, or takes it back if there is none.") % {"who": who, "other": name(p["victim"])}
        return _("%(who)s displaces a knight of %(other)s (Intrigue).") % {"who": who, "other": name(p["victim"])}
    if kind in ("barbarians_won", "knights_won"):
        return " ".join(ck_battle_lines(dict(p), names))
    if kind == "defender_of_catan":
        return _("%(who)s becomes the Defender of Catan (1 VP; %(left)s cards left).") % {"who": who, "left": p["left"]}
    if kind == "no_defender_left":
        return _("%(who)s had the strongest knights, but no Defender of Catan card is left.") % {"who": who}
    if kind == "defender_choice":
        return _("%(who)s draws a progress card from the %(deck)s deck.") % {"who": who, "deck": deck(p["deck"])}
    if kind == "city_lost":
        if p.get("ruined"):
            return _("%(who)s loses a city to the barbarians: it is laid down until repaired.") % {"who": who}
        if p.get("wall"):
            return _("%(who)s loses a city and its wall to the barbarians: it becomes a settlement.") % {"who": who}
        return _("%(who)s loses a city to the barbarians: it becomes a settlement.") % {"who": who}
    if kind == "city_repaired":
        return _("%(who)s repaired a city.") % {"who": who}
    if kind == "city_gate":
        return _("The %(deck)s city gate with a red %(red)s: %(list)s draw a progress card.") % {
            "deck": deck(p["deck"]), "red": p["red"], "list": _names_list(p["seats"], name)}
    if kind == "progress_drawn":
        if "card" in p:  # only the drawer sees the card
            return _("%(who)s draws %(card)s (%(deck)s).") % {"who": who, "card": card(p["card"]), "deck": deck(p["deck"])}
        return _("%(who)s draws a %(deck)s progress card.") % {"who": who, "deck": deck(p["deck"])}
    if kind == "progress_vp":
        return _("%(who)s draws %(card)s and shows it: 1 victory point.") % {"who": who, "card": card(p["card"])}
    if kind == "progress_deck_empty":
        return _("The %(deck)s progress deck is empty: %(who)s draws nothing.") % {"who": who, "deck": deck(p["deck"])}
    if kind == "progress_discarded":
        return _("%(who)s puts a %(deck)s progress card back under its deck.") % {"who": who, "deck": deck(p["deck"])}
    if kind == "played_progress":
        return _("%(who)s plays %(card)s.") % {"who": who, "card": card(p["card"])}
    if kind == "alchemist_dice":
        return _("%(who)s sets the number dice to %(a)s and %(b)s (Alchemist).") % {
            "who": who, "a": p["dice"][0], "b": p["dice"][1]}
    if kind == "free_roads":
        return _("%(who)s may build %(roads)s free roads.") % {"who": who, "roads": p["roads"]}
    if kind == "harvest":
        terrain = TERRAIN_NAMES.get(p["terrain"], p["terrain"])
        if p.get("hexes") is None:
            return _("%(who)s takes 2 cards for each %(terrain)s hex next to their buildings.") % {
                "who": who, "terrain": terrain}
        return _("%(who)s takes %(got)s %(resource)s (%(hexes)s %(terrain)s hexes).") % {
            "who": who, "got": p["got"], "resource": CARD_NAMES.get(p["resource"], p["resource"]),
            "hexes": p["hexes"], "terrain": terrain}
    if kind == "warlord":
        return _("%(who)s activates all their knights (%(knights)s).") % {"who": who, "knights": p["knights"]}
    if kind == "merchant_fleet":
        return _("%(who)s trades %(resource)s 2:1 with the bank this turn.") % {
            "who": who, "resource": CARD_NAMES.get(p["resource"], p["resource"])}
    if kind == "merchant_placed":
        return _("%(who)s places the merchant (1 VP).") % {"who": who}
    if kind == "inventor":
        if p.get("hexes") is None:
            return _("%(who)s swaps two number tokens.") % {"who": who}
        return _("%(who)s swaps the number tokens %(a)s and %(b)s.") % {"who": who, "a": p["numbers"][1], "b": p["numbers"][0]}
    if kind == "bishop":
        if p.get("victims") is None:
            return _("%(who)s moves the robber and takes a card from each player next to it.") % {"who": who}
        return _("%(who)s moves the robber and takes a card from: %(list)s.") % {
            "who": who, "list": _names_list(p["victims"], name)}
    if kind == "saboteur":
        return _("Saboteur: %(list)s give back half their cards.") % {"list": _names_list(p["seats"], name)}
    if kind == "sabotaged":
        return _("%(who)s gives back %(count)s cards: %(cards)s.") % {
            "who": who, "count": p["count"], "cards": cards_text(p["cards"])}
    if kind == "wedding":
        return _("Wedding: %(list)s give %(who)s 2 cards each.") % {"who": who, "list": _names_list(p["seats"], name)}
    if kind == "wedding_gift":
        if "cards" in p:  # giver and receiver see the cards
            return _("%(who)s gives %(to)s %(cards)s (Wedding).") % {"who": who, "to": name(p["to"]),
                                                                    "cards": cards_text(p["cards"])}
        return _("%(who)s gives %(to)s a wedding gift.") % {"who": who, "to": name(p["to"])}
    if kind == "aqueduct":
        return _("Aqueduct: %(list)s got nothing and take a resource of their choice.") % {
            "list": _names_list(p["seats"], name)}
    if kind == "aqueduct_taken":
        return _("%(who)s takes %(resource)s (Aqueduct).") % {
            "who": who, "resource": CARD_NAMES.get(p["resource"], p["resource"])}
    if kind == "robber_locked":
        return _("The robber stays on the desert until the barbarians first reach Catan.")
    if kind == "robber_chased":
        return _("%(who)s's knight chases the robber away.") % {"who": who}
    if kind == "built_knight":
        return _("%(who)s built a basic knight.") % {"who": who}
    if kind == "activated_knight":
        return _("%(who)s activated a %(knight)s.") % {"who": who, "knight": knight(p["level"])}
    if kind == "promoted_knight":
        return _("%(who)s promoted a knight to a %(knight)s.") % {"who": who, "knight": knight(p["level"])}
    if kind == "knight_moved":
        if p.get("displaced") is not None:
            return _("%(who)s's knight displaces a knight of %(other)s.") % {"who": who, "other": name(p["displaced"])}
        return _("%(who)s moved a knight.") % {"who": who}
    if kind == "knight_relocated":
        return _("%(who)s put the displaced knight on another intersection.") % {"who": who}
    if kind == "knight_lost":
        return _("%(who)s's displaced knight had nowhere to go and is removed.") % {"who": who}
    if kind == "built_wall":
        return _("%(who)s built a city wall (hand limit now %(limit)s).") % {"who": who, "limit": p["limit"]}
    if kind == "improved":
        chart = p["chart"]
        level = p["level"]
        levels = IMPROVEMENT_LEVELS.get(chart, ())
        building = levels[level - 1] if isinstance(level, int) and 0 < level <= len(levels) else ""
        return _("%(who)s improved %(chart)s to level %(level)s: %(building)s.") % {
            "who": who, "chart": IMPROVEMENT_NAMES.get(chart, chart), "level": level, "building": building}
    if kind == "metropolis":
        chart = IMPROVEMENT_NAMES.get(p["chart"], p["chart"])
        if p.get("previous") is not None:
            return _("%(who)s takes the %(chart)s metropolis from %(previous)s.") % {
                "who": who, "chart": chart, "previous": name(p["previous"])}
        return _("%(who)s builds the %(chart)s metropolis (2 VP).") % {"who": who, "chart": chart}
    return kind


def refusal(error: IllegalAction) -> str:
    """Why an action was refused, in the active language."""
    if error.code in EVENT_REFUSALS:
        return event_refusal(error.code)
    if error.code in CK_REFUSALS:
        return ck_refusal(error)
    if error.code in TWO_REFUSALS:
        return two_refusal(error)
    p = _Params(error.params)
    if "piece" in p:
        p["piece"] = PIECE_NAMES.get(p["piece"], p["piece"])
    if "missing" in p:
        p["missing"] = cards_text(_parse_cards(p["missing"]))
    if "resource" in p:
        p["resource"] = CARD_NAMES.get(p["resource"], p["resource"])
    texts = {
        "player_count": _("A game needs %(min)s to %(max)s players."),
        "player_name": _("Every player needs a name of at most 20 characters."),
        "player_color": _("Pick a colour for every player."),
        "duplicate_name": _("Two players have the same name."),
        "duplicate_color": _("Two players have the same colour."),
        "unknown_rules": _("This ruleset is not available."),
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
        # Events of Catan with hands on phones (engine/events.py)
        "event_choice_on_phone": _("Each player makes this choice on their own phone."),
        "card_not_held": _("You hold no %(resource)s."),
        "bad_receiver": _("Pick a player with fewer victory points."),
        "victim_has_no_cards": _("That player holds no resource card."),
    }
    return texts.get(error.code, _("That is not allowed.")) % p


class _Params(dict):
    """Formatting parameters that never raise for a missing key."""

    def __missing__(self, key):
        return "?"


def log_text(entry: dict, names: list[str]) -> str:
    """One game log line for a viewer (the view already redacted secrets)."""
    if entry["kind"] in TWO_LOG_KINDS:
        return two_log_text(entry, names)
    if entry["kind"] in EVENT_LOG_KINDS:
        return event_log_text(entry, names)
    if entry["kind"] in CK_LOG_KINDS:
        return ck_log_text(entry, names)
    p = dict(entry.get("params") or {})
    seat = entry.get("seat")
    who = names[seat] if seat is not None and 0 <= seat < len(names) else ""

    def name(s):
        return names[s] if s is not None and 0 <= s < len(names) else _("nobody")

    kind = entry["kind"]
    if kind == "setup_placed":
        return _("%(who)s placed a settlement and a road (round %(round)s).") % {"who": who, "round": p["round"]}
    if kind == "game_started":
        return _("Setup done: %(who)s starts.") % {"who": who}
    if kind == "rolled" and p.get("event"):  # Cities & Knights: the event die too
        text = _("%(who)s rolled %(total)s (yellow %(a)s + red %(b)s) and the %(event)s.") % {
            "who": who, "total": p["total"], "a": p["dice"][0], "b": p["dice"][1],
            "event": EVENT_DIE_NAMES.get(p["event"], p["event"])}
        if p.get("alchemist"):
            text += " " + _("(The number dice were set by the Alchemist.)")
        return text
    if kind == "rolled":
        return _("%(who)s rolled %(total)s (%(a)s + %(b)s).") % {
            "who": who, "total": p["total"], "a": p["dice"][0], "b": p["dice"][1]}
    if kind == "discarded" and "cards" in p:
        return _("%(who)s gives back %(count)s cards: %(cards)s.") % {
            "who": who, "count": p["count"], "cards": cards_text(p["cards"])}
    if kind == "discarded":
        if p["count"]:
            return _("%(who)s holds %(hand)s cards and discards %(count)s.") % {
                "who": who, "hand": p["hand_size"], "count": p["count"]}
        return _("%(who)s holds %(hand)s cards: nothing to discard.") % {"who": who, "hand": p["hand_size"]}
    if kind == "robber_moved":
        if p.get("victim") is None:
            return _("%(who)s moved the robber and robbed nobody.") % {"who": who}
        return _("%(who)s moved the robber and stole a card from %(victim)s.") % {
            "who": who, "victim": name(p["victim"])}
    if kind == "built_road":
        return _("%(who)s built a road.") % {"who": who}
    if kind == "built_settlement":
        return _("%(who)s built a settlement.") % {"who": who}
    if kind == "built_city":
        return _("%(who)s built a city.") % {"who": who}
    if kind == "bought_dev":
        if "card" in p:
            return _("%(who)s bought a development card: %(card)s.") % {
                "who": who, "card": DEV_CARD_NAMES.get(p["card"], p["card"])}
        return _("%(who)s bought a development card.") % {"who": who}
    if kind == "played_dev":
        card = p["card"]
        if card == "monopoly":
            return _("%(who)s played Monopoly on %(resource)s: everyone hands over all their %(resource)s.") % {
                "who": who, "resource": RESOURCE_NAMES[p["resource"]]}
        if card == "year_of_plenty":
            return _("%(who)s played Year of plenty: %(cards)s from the bank.") % {
                "who": who, "cards": cards_text(_count(p["resources"]))}
        if card == "road_building":
            return _("%(who)s played Road building: %(roads)s free roads.") % {"who": who, "roads": p["roads"]}
        return _("%(who)s played a Knight.") % {"who": who}
    if kind == "largest_army":
        return _("%(who)s takes Largest Army with %(knights)s knights.") % {"who": who, "knights": p["knights"]}
    if kind == "longest_road":
        if seat is None:
            return _("Nobody holds Longest Road now.")
        if p.get("length"):
            return _("%(who)s takes Longest Road (%(length)s roads).") % {"who": who, "length": p["length"]}
        return _("%(who)s takes Longest Road.") % {"who": who}
    if kind == "turn_ended":
        return _("%(who)s ended the turn.") % {"who": who}
    if kind == "dice_source":
        return _("Dice now come from: %(source)s.") % {"source": DICE_SOURCE_NAMES.get(p["source"], p["source"])}
    if kind == "starting_resources":
        return _("%(who)s takes the starting resources: %(cards)s.") % {"who": who, "cards": cards_text(p["resources"])}
    if kind == "produced":
        return _("Production: %(list)s.") % {"list": production_text(p["production"], names)}
    if kind == "robber_placed":
        return _("%(who)s moved the robber.") % {"who": who}
    if kind == "special_build":
        return _("Special building phase: %(who)s may build now.") % {"who": who}
    if kind == "hex_set":
        return _("A hex of the board was set.")
    if kind == "harbour_set":
        return _("A harbour of the board was set.")
    if kind == "board_entered":
        return _("The board is entered: setup begins.")
    if kind == "stole":
        if "card" in p:  # only thief and victim see this
            return _("%(who)s took 1 %(card)s from %(victim)s.") % {
                "who": who, "card": CARD_NAMES.get(p["card"], p["card"]), "victim": name(p["victim"])}
        return _("%(who)s took a random card.") % {"who": who}
    if kind == "monopoly_taken":
        given = ", ".join(f"{name(int(s))} {n}" for s, n in p["taken"].items()) or _("nobody had any")
        return _("%(who)s takes %(total)s %(resource)s (%(list)s).") % {
            "who": who, "total": p["total"], "resource": CARD_NAMES.get(p["resource"], p["resource"]),
            "list": given}
    if kind == "bank_short":
        short = ", ".join(str(CARD_NAMES.get(r, r)) for r in p["resources"])
        return _("The bank ran short of %(list)s: only a player owed it alone gets the rest.") % {"list": short}
    if kind == "bank_trade":
        return _("%(who)s traded %(gave)s with the bank for %(got)s (%(ratio)s:1).") % {
            "who": who, "gave": cards_text(p["gave"]), "got": cards_text(p["got"]), "ratio": p["ratio"]}
    if kind == "offer_made":
        terms = {"who": who, "give": cards_text(p["give"]), "get": cards_text(p["get"]), "to": name(p.get("to"))}
        if p.get("to") is None:
            return _("%(who)s offers %(give)s for %(get)s.") % terms
        return _("%(who)s offers %(to)s %(give)s for %(get)s.") % terms
    if kind == "offer_answered":
        if p["answer"] == "accept":
            return _("%(who)s accepts the offer.") % {"who": who}
        return _("%(who)s declines the offer.") % {"who": who}
    if kind == "offer_declined":
        return _("%(who)s turns down the counter-offer of %(maker)s.") % {"who": who, "maker": name(p["maker"])}
    if kind == "offer_withdrawn":
        return _("%(who)s withdrew an offer.") % {"who": who}
    if kind == "traded":
        return _("%(who)s gave %(partner)s %(gave)s for %(got)s.") % {
            "who": who, "partner": name(p["partner"]), "gave": cards_text(p["gave"]), "got": cards_text(p["got"])}
    if kind == "won":
        return _("%(who)s wins with %(vp)s victory points!") % {"who": who, "vp": p["vp"]}
    return kind


READER_STATE_NAMES = {
    "connected": gettext_lazy("connected"),
    "rolling": gettext_lazy("dice rolling…"),
    "lost": gettext_lazy("lost: reconnecting"),
    "stale": gettext_lazy("silent: no heartbeat"),
    "stopped": gettext_lazy("stopped"),
    "idle": gettext_lazy("waiting for the reader"),
}


def reader_notice(notice: dict | None) -> str:
    """Why the dice reader's last roll was not applied, for the table screen."""
    if not notice:
        return ""
    dice = notice.get("dice") or [None, None]
    p = {"a": dice[0] if dice[0] is not None else "?", "b": dice[1] if dice[1] is not None else "?"}
    kind = notice.get("kind")
    if kind == "not_expected":
        return _("A roll of %(a)s + %(b)s arrived when no roll was expected: shown, not applied.") % p
    if kind == "missing_die":
        return _("The reader sent a roll without both dice (%(a)s + %(b)s): roll again.") % p
    if kind == "rejected_roll":
        reason = notice.get("reason")
        if reason == "tilt":
            return _("A die landed tilted: roll again.")
        if reason == "nodie":
            return _("The reader did not see every die: roll again.")
        return _("A die could not be read: roll again.")
    if kind == "device_error":
        return _("The reader reports a problem (%(code)s).") % {"code": notice.get("code")}
    if kind == "not_reader_source":
        return _("The reader sent %(a)s + %(b)s, but this table's dice are not set to the reader.") % p
    return refusal(IllegalAction(kind or "unknown"))


def _parse_cards(text) -> dict:
    """The engine's "brick:1 ore:2" refusal parameter back into a bundle."""
    cards = {}
    for part in str(text).split():
        resource, _sep, count = part.partition(":")
        if resource in CARD_NAMES and count.isdigit():
            cards[resource] = int(count)
    return cards


def _count(resources: list) -> dict:
    cards: dict = {}
    for r in resources:
        cards[r] = cards.get(r, 0) + 1
    return cards


def cards_text(resources: dict) -> str:
    """{"grain": 2, "ore": 1} -> "2 grain, 1 ore" in the active language."""
    return ", ".join(f"{count} {CARD_NAMES.get(name, name)}" for name, count in resources.items() if count) or "–"


def production_text(production: dict, names: list[str]) -> str:
    """Who gets what from a roll: "Ala: 2 grain, 1 ore; Bartek: 1 lumber"."""
    parts = []
    for seat, resources in production.items():
        index = int(seat)
        name = names[index] if 0 <= index < len(names) else "?"
        parts.append(f"{name}: {cards_text(resources)}")
    return "; ".join(parts)


def balance_reasons(reasons: list[dict]) -> list[str]:
    """Why a generated board counts as balanced, one line per check, for the table screen."""
    lines = []
    for reason in reasons or []:
        check = reason.get("check")
        if check == "red_numbers_apart":
            lines.append(_("No 6 or 8 stands next to another 6 or 8."))
        elif check == "equal_numbers_apart":
            lines.append(_("No two neighbouring hexes carry the same number."))
        elif check == "pips_per_resource":
            values = ", ".join(
                f"{RESOURCE_NAMES.get(r, r)} {v} ({reason['bands'][r][0]}–{reason['bands'][r][1]})"
                for r, v in reason.get("values", {}).items())
            lines.append(_("Every resource gets a fair share of the dice (pips, with the accepted range): %(values)s.")
                         % {"values": values})
        elif check == "red_numbers_per_resource":
            lines.append(_("No resource has more than %(max)s of the 6s and 8s.") % {"max": reason.get("max")})
        elif check == "terrain_clusters":
            lines.append(_("No more than %(max)s hexes of one terrain touch each other.") % {"max": reason.get("max")})
    return lines


TERRAIN_NAMES = {
    "hills": gettext_lazy("hills (brick)"),
    "forest": gettext_lazy("forest (lumber)"),
    "pasture": gettext_lazy("pasture (wool)"),
    "fields": gettext_lazy("fields (grain)"),
    "mountains": gettext_lazy("mountains (ore)"),
    "desert": gettext_lazy("desert"),
}
HARBOUR_NAMES = {
    "generic": gettext_lazy("3:1 any resource"),
    "brick": gettext_lazy("2:1 brick"),
    "lumber": gettext_lazy("2:1 lumber"),
    "wool": gettext_lazy("2:1 wool"),
    "grain": gettext_lazy("2:1 grain"),
    "ore": gettext_lazy("2:1 ore"),
}


def board_problem_texts(codes: list[str]) -> list[str]:
    """What is still missing from a board being entered, for the table screen."""
    texts = {
        "terrain_missing": _("Some hexes have no terrain yet."),
        "terrain_counts": _("The terrains don't match the set (count the hexes of each kind)."),
        "token_missing": _("Some hexes have no number token yet."),
        "token_counts": _("The number tokens don't match the set."),
        "token_on_desert": _("The desert takes no number token."),
        "harbour_counts": _("The harbours don't match the set."),
        "harbours_share_corner": _("Two harbours share an intersection."),
    }
    seen = []
    for code in codes:
        text = texts.get(code, _("The board is not complete."))
        if text not in seen:
            seen.append(text)
    return seen


# ---------------------------------------------------------------- Catan for two (engine/two_players.py)

TWO_REFUSALS = (
    "two_players_base_only", "two_players_count", "two_players_need_variant", "one_token_action_per_turn",
    "not_enough_tokens", "one_knight_per_turn", "no_played_knight", "forced_trade_on_phone", "bad_forced_give",
    "forced_give_count", "robber_on_desert", "bad_spot", "neutral_settlements_first", "bad_neutral",
    "neutral_cannot_build", "choose_neutral_first", "second_roll_same",
)
TWO_LOG_KINDS = ("tokens_earned", "knight_discarded", "largest_army_lost", "forced_trade", "forced_gave",
                 "robber_to_desert", "neutral_built", "neutral_skipped", "roll_repeated", "event_ignored")
NEUTRAL_PIECE_NAMES = {"road": gettext_lazy("a road"), "settlement": gettext_lazy("a settlement")}


def neutral_name(color: str) -> str:
    """How the screens name a neutral colour: "neutral white"."""
    return _("neutral %(color)s") % {"color": COLOR_NAMES.get(color, color)}


def two_refusal(error: IllegalAction) -> str:
    p = _Params(error.params)
    texts = {
        "two_players_base_only": _("Catan for two is played with the base game only, not with Cities & Knights."),
        "two_players_count": _("Catan for two needs exactly two players."),
        "two_players_need_variant": _("A game needs 3 to 6 players; for two players pick the Catan for two option."),
        "one_token_action_per_turn": _("Only one trade token action a turn."),
        "not_enough_tokens": ngettext("That costs %(cost)s trade token; you have %(tokens)s.",
                                      "That costs %(cost)s trade tokens; you have %(tokens)s.",
                                      p["cost"] if isinstance(p["cost"], int) else 2),
        "one_knight_per_turn": _("Only one knight a turn can be given up for trade tokens."),
        "no_played_knight": _("You have no played knight to give up."),
        "forced_trade_on_phone": _("The forced trade is made on the player's own phone: the cards given back are secret."),
        "bad_forced_give": _("Pick the cards to give back."),
        "forced_give_count": _("Give back exactly %(count)s cards."),
        "robber_on_desert": _("The robber is on the desert already."),
        "bad_spot": _("Say where the settlement stands: next to the desert, on the coast, or both."),
        "neutral_settlements_first": _("First each neutral colour gets its settlement."),
        "bad_neutral": _("Pick one of the two neutral colours."),
        "neutral_cannot_build": _("That neutral colour has no place for this piece: pick the other one."),
        "choose_neutral_first": _("First pick the neutral colour that gets the piece."),
        "second_roll_same": _("The second roll must differ from the first (%(total)s): roll again."),
    }
    return texts[error.code] % p


def two_log_text(entry: dict, names: list[str]) -> str:
    p = _Params(entry.get("params") or {})
    seat = entry.get("seat")
    who = names[seat] if seat is not None and 0 <= seat < len(names) else ""

    def name(s):
        return names[s] if isinstance(s, int) and 0 <= s < len(names) else _("nobody")

    kind = entry["kind"]
    if kind == "tokens_earned":
        reasons = {
            "knight": _("a knight given up"),
            "desert": _("a settlement next to the desert"),
            "coast": _("a settlement on the coast"),
            "desert_coast": _("a settlement next to the desert and on the coast"),
        }
        reason = reasons.get(p["reason"], p["reason"])
        n = p["tokens"] if isinstance(p["tokens"], int) else 0
        if n < p["due"]:
            return ngettext("%(who)s takes %(n)s trade token for %(reason)s (the pool had no more).",
                            "%(who)s takes %(n)s trade tokens for %(reason)s (the pool had no more).", n) % {
                "who": who, "n": n, "reason": reason}
        return ngettext("%(who)s takes %(n)s trade token for %(reason)s.",
                        "%(who)s takes %(n)s trade tokens for %(reason)s.", n) % {"who": who, "n": n, "reason": reason}
    if kind == "knight_discarded":
        return _("%(who)s gives up a played knight (%(n)s left).") % {"who": who, "n": p["knights"]}
    if kind == "largest_army_lost":
        if p.get("holder") is None:
            return _("%(who)s gives up Largest Army: nobody holds it now.") % {"who": who}
        return _("%(who)s gives up Largest Army to %(holder)s.") % {"who": who, "holder": name(p["holder"])}
    if kind == "forced_trade":
        return ngettext("%(who)s pays %(n)s trade token for a forced trade with %(victim)s.",
                        "%(who)s pays %(n)s trade tokens for a forced trade with %(victim)s.", p["tokens"]) % {
            "who": who, "n": p["tokens"], "victim": name(p["victim"])}
    if kind == "forced_gave":
        if "cards" in p:  # only the two players see the cards
            return _("%(who)s gives %(to)s %(cards)s back (forced trade).") % {
                "who": who, "to": name(p["to"]), "cards": cards_text(p["cards"])}
        return _("%(who)s gives %(to)s %(count)s cards back (forced trade).") % {
            "who": who, "to": name(p["to"]), "count": p["count"]}
    if kind == "robber_to_desert":
        return ngettext("%(who)s pays %(n)s trade token: the robber goes back to the desert, nobody is robbed.",
                        "%(who)s pays %(n)s trade tokens: the robber goes back to the desert, nobody is robbed.",
                        p["tokens"]) % {"who": who, "n": p["tokens"]}
    if kind == "neutral_built":
        piece = NEUTRAL_PIECE_NAMES.get(p["piece"], p["piece"])
        if seat is None:
            return _("Setup: %(neutral)s gets a settlement.") % {"neutral": name(p["neutral"])}
        return _("%(who)s builds %(piece)s for %(neutral)s.") % {"who": who, "piece": piece, "neutral": name(p["neutral"])}
    if kind == "neutral_skipped":
        return _("No neutral colour has room for %(piece)s: nothing is built for them.") % {
            "piece": NEUTRAL_PIECE_NAMES.get(p["piece"], p["piece"])}
    if kind == "roll_repeated":
        return _("%(who)s rolled %(total)s again, the same as the first roll: rolling once more.") % {
            "who": who, "total": p["total"]}
    if kind == "event_ignored":
        return _("%(who)s revealed a second card with the same number %(number)s: it is ignored.") % {
            "who": who, "number": p["number"]}
    return kind
