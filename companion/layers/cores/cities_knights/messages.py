"""Cities & Knights' words: commodities, progress cards, knights, its refusals and log lines, in Polish and English."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy, pgettext_lazy

from companion.machinery.errors import IllegalAction
from companion.messages import CARD_NAMES, TERRAIN_NAMES, Params, card_count, cards_text, names_list, refusal_text

COMMODITY_NAMES = {
    "paper": gettext_lazy("paper"),
    "cloth": gettext_lazy("cloth"),
    "coin": gettext_lazy("coin"),
}
HAND_CARD_NAMES = COMMODITY_NAMES  # what a Cities & Knights hand holds besides resources
HAND_CARD_COUNTS = {
    "paper": ngettext_lazy("%(count)s paper", "%(count)s paper", "count"),
    "cloth": ngettext_lazy("%(count)s cloth", "%(count)s cloth", "count"),
    "coin": ngettext_lazy("%(count)s coin", "%(count)s coins", "count"),
}
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
PHASE_NAMES = {
    "barbarian": gettext_lazy("The barbarians attacked: waiting for choices"),
    "progress_discard": gettext_lazy("Too many progress cards: discard"),
    "aqueduct": gettext_lazy("Aqueduct: pick a resource"),
    "relocate": gettext_lazy("A knight was displaced"),
    "card_answer": gettext_lazy("Progress card: waiting for answers"),
}


def refusal(error: IllegalAction) -> str | None:
    """Why a Cities & Knights action was refused; None for a code that is not this layer's."""
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
    return refusal_text(texts, error, chart=IMPROVEMENT_NAMES, card=PROGRESS_NAMES)



def _names_list(seats, name) -> str:
    return names_list(name(s) for s in seats or ()) or _("nobody")


def _bishop_text(p: dict, who: str, name) -> str:
    """The Bishop with hands on phones, in one line: whom a card was taken from (everyone);
    which card (the thief every one, each victim only their own: "taken", victim -> card)."""
    robbed = p["robbed"] or []
    if not robbed:
        return _("%(who)s moves the robber: nobody next to it holds a card.") % {"who": who}
    terms = {"who": who, "list": _names_list(robbed, name)}
    taken = p.get("taken") or {}
    if taken:
        terms["cards"] = "; ".join(f"{name(int(s))}: {CARD_NAMES.get(c, c)}" for s, c in taken.items())
        return ngettext("%(who)s moves the robber and takes a random card from %(list)s (%(cards)s).",
                        "%(who)s moves the robber and takes a random card from each of %(list)s (%(cards)s).",
                        len(robbed)) % terms
    return ngettext("%(who)s moves the robber and takes a random card from %(list)s.",
                    "%(who)s moves the robber and takes a random card from each of %(list)s.",
                    len(robbed)) % terms


def _many(seats) -> int:
    """How many players a list names, for the plural form of its verb ("nobody" takes the singular)."""
    return len(seats or ()) or 1


def ck_battle_lines(report: dict, names: list[str]) -> list[str]:
    """Who had what strength in a barbarian attack, and what came of it."""
    def name(s):
        return names[s] if s is not None and 0 <= s < len(names) else _("nobody")

    strengths = ", ".join(f"{name(int(s))} {n}" for s, n in sorted(report["knights"].items(), key=lambda x: int(x[0])))
    lines = [_("Barbarians %(strength)s against the knights of Catan %(defence)s (%(list)s).") % {
        "strength": report["strength"], "defence": report["defence"], "list": strengths}]
    if report["winner"] == "barbarians":
        if report["losers"]:
            lines.append(ngettext("The barbarians win: %(list)s had the weakest knights and loses a city.",
                                  "The barbarians win: %(list)s had the weakest knights and each lose a city.",
                                  _many(report["losers"])) % {"list": _names_list(report["losers"], name)})
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


def log_text(entry: dict, names: list[str]) -> str | None:
    """A log line of Cities & Knights; None for a kind that is not this layer's."""
    p = Params(entry.get("params") or {})
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
    if kind == "rolled" and p.get("event"):  # the base game's roll, worded with the event die too
        text = _("%(who)s rolled %(total)s (yellow %(a)s + red %(b)s) and the %(event)s.") % {
            "who": who, "total": p["total"], "a": p["dice"][0], "b": p["dice"][1],
            "event": EVENT_DIE_NAMES.get(p["event"], p["event"])}
        if p.get("alchemist"):
            text += " " + _("(The number dice were set by the Alchemist.)")
        return text
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
        return ngettext("Advanced battle: %(list)s chooses which active knights fight.",
                        "Advanced battle: %(list)s choose in turn which active knights fight.",
                        _many(p["seats"])) % {"list": _names_list(p["seats"], name)}
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
        drawers = p.get("seats") or ()
        gate = {"deck": deck(p["deck"]), "red": p["red"], "list": _names_list(drawers, name)}
        if not drawers:
            return _("The %(deck)s city gate with a red %(red)s: nobody draws a progress card.") % gate
        return ngettext("The %(deck)s city gate with a red %(red)s: %(list)s draws a progress card.",
                        "The %(deck)s city gate with a red %(red)s: %(list)s each draw a progress card.",
                        len(drawers)) % gate
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
        return _("%(who)s takes %(cards)s (%(hexes)s %(terrain)s hexes).") % {
            "who": who, "cards": card_count(p["resource"], p["got"]), "hexes": p["hexes"], "terrain": terrain}
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
        if "robbed" not in p:  # paper cards (taken at the table), or a line from before the one-line Bishop
            return _("%(who)s moves the robber and takes a card from: %(list)s.") % {
                "who": who, "list": _names_list(p["victims"], name)}
        return _bishop_text(p, who, name)
    if kind == "saboteur":
        return ngettext("Saboteur: %(list)s gives back half their cards.", "Saboteur: %(list)s give back half their cards.",
                        _many(p["seats"])) % {"list": _names_list(p["seats"], name)}
    if kind == "sabotaged":
        return _("%(who)s gives back %(count)s cards: %(cards)s.") % {
            "who": who, "count": p["count"], "cards": cards_text(p["cards"])}
    if kind == "wedding":
        return ngettext("Wedding: %(list)s gives %(who)s 2 cards.", "Wedding: %(list)s give %(who)s 2 cards each.",
                        _many(p["seats"])) % {"who": who, "list": _names_list(p["seats"], name)}
    if kind == "wedding_gift":
        if "cards" in p:  # giver and receiver see the cards
            return _("%(who)s gives %(to)s %(cards)s (Wedding).") % {"who": who, "to": name(p["to"]),
                                                                    "cards": cards_text(p["cards"])}
        return _("%(who)s gives %(to)s a wedding gift.") % {"who": who, "to": name(p["to"])}
    if kind == "aqueduct":
        return ngettext("Aqueduct: %(list)s got nothing and takes a resource of their choice.",
                        "Aqueduct: %(list)s got nothing and each take a resource of their choice.",
                        _many(p["seats"])) % {"list": _names_list(p["seats"], name)}
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
    return None
