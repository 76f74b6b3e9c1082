"""Cities & Knights' words: commodities, progress cards, knights, its refusals and log lines, in Polish and English."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy, pgettext_lazy

from companion.log_lines import LogLine, LogTable
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
# Where Cities & Knights' own points come from (rules.vp_sources): the final score's columns.
VP_SOURCE_NAMES = {
    "ruined": gettext_lazy("Ruined cities"),
    "metropolises": gettext_lazy("Metropolises"),
    "defenders": gettext_lazy("Defender of Catan"),
    "progress": gettext_lazy("Progress cards"),
    "merchant": gettext_lazy("Merchant"),
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


def story_text(battle: dict, names: list[str]) -> str | None:
    """A barbarian attack in the story of a finished game (engine.story: the attack's log
    entry, with its turn), in one line; None for an item that is not a barbarian attack."""
    if battle.get("kind") not in ("barbarians_won", "knights_won"):
        return None
    values = {"turn": battle["turn"], "strength": battle["strength"], "defence": battle["defence"]}
    if battle["winner"] == "barbarians":
        text = _("Turn %(turn)s: the barbarians (strength %(strength)s) beat the knights (%(defence)s).") % values
        losers = [names[s] for s in battle.get("losers") or []]
        if losers:
            text += " " + ngettext("%(names)s loses a city.", "%(names)s lose a city each.",
                                   len(losers)) % {"names": names_list(losers)}
        return text
    text = _("Turn %(turn)s: the knights (%(defence)s) beat the barbarians (strength %(strength)s).") % values
    if battle.get("defender") is not None:
        text += " " + _("%(name)s is the Defender of Catan.") % {"name": names[battle["defender"]]}
    elif battle.get("tied"):
        tied = [names[s] for s in battle["tied"]]
        text += " " + ngettext("%(names)s draws a progress card.", "%(names)s each draw a progress card.",
                               len(tied)) % {"names": names_list(tied)}
    return text


# Cities & Knights' log lines: a sentence to fill in with the entry's params and %(who)s, the
# acting player (decks, progress cards, cards and card lists worded by `words`), or a function of the line.
LOG = LogTable({
    "setup_city": gettext_lazy("%(who)s placed a city."),
    "mustered": gettext_lazy("%(who)s sends knights of strength %(strength)s to fight and keeps %(kept)s back."),
    "defender_of_catan": gettext_lazy("%(who)s becomes the Defender of Catan (1 VP; %(left)s cards left)."),
    "no_defender_left": gettext_lazy("%(who)s had the strongest knights, but no Defender of Catan card is left."),
    "defender_choice": gettext_lazy("%(who)s draws a progress card from the %(deck)s deck."),
    "city_repaired": gettext_lazy("%(who)s repaired a city."),
    "progress_vp": gettext_lazy("%(who)s draws %(card)s and shows it: 1 victory point."),
    "progress_deck_empty": gettext_lazy("The %(deck)s progress deck is empty: %(who)s draws nothing."),
    "progress_discarded": gettext_lazy("%(who)s puts a %(deck)s progress card back under its deck."),
    "played_progress": gettext_lazy("%(who)s plays %(card)s."),
    "free_roads": gettext_lazy("%(who)s may build %(roads)s free roads."),
    "warlord": gettext_lazy("%(who)s activates all their knights (%(knights)s)."),
    "merchant_fleet": gettext_lazy("%(who)s trades %(resource)s 2:1 with the bank this turn."),
    "merchant_placed": gettext_lazy("%(who)s places the merchant (1 VP)."),
    "sabotaged": gettext_lazy("%(who)s gives back %(count)s cards: %(cards)s."),
    "aqueduct_taken": gettext_lazy("%(who)s takes %(resource)s (Aqueduct)."),
    "robber_locked": gettext_lazy("The robber stays on the desert until the barbarians first reach Catan."),
    "robber_chased": gettext_lazy("%(who)s's knight chases the robber away."),
    "built_knight": gettext_lazy("%(who)s built a basic knight."),
    "knight_relocated": gettext_lazy("%(who)s put the displaced knight on another intersection."),
    "knight_lost": gettext_lazy("%(who)s's displaced knight had nowhere to go and is removed."),
    "built_wall": gettext_lazy("%(who)s built a city wall (hand limit now %(limit)s)."),
}, params=Params, words={"deck": DECK_NAMES, "card": PROGRESS_NAMES, "resource": CARD_NAMES,
                         "commodity": CARD_NAMES, "cards": cards_text})


def _knight(level) -> str:
    return KNIGHT_LEVEL_NAMES.get(level, _("knight"))


@LOG.kind("rolled")
def _rolled(line: LogLine) -> str | None:
    p = line.p
    if not p.get("event"):  # the base game's roll
        return None
    text = line.say(_("%(who)s rolled %(total)s (yellow %(a)s + red %(b)s) and the %(event)s."),
                    a=p["dice"][0], b=p["dice"][1], event=EVENT_DIE_NAMES.get(p["event"], p["event"]))
    if p.get("alchemist"):
        text += " " + _("(The number dice were set by the Alchemist.)")
    return text


@LOG.kind("ship_moved")
def _ship_moved(line: LogLine) -> str:
    if line.p["position"] >= line.p["track"]:
        return _("The barbarian ship reaches Catan!")
    return line.say(_("The barbarian ship sails on: %(position)s of %(track)s."))


@LOG.kind("ship_returned")
def _ship_returned(line: LogLine) -> str:
    if line.p.get("advanced"):
        return _("The barbarian ship goes back to its start; the knights that fought rest.")
    return _("The barbarian ship goes back to its start; every knight rests.")


@LOG.kind("muster_started")
def _muster_started(line: LogLine) -> str:
    seats = line.p["seats"]
    return line.say(ngettext("Advanced battle: %(list)s chooses which active knights fight.",
                             "Advanced battle: %(list)s choose in turn which active knights fight.",
                             _many(seats)), list=_names_list(seats, line.name))


@LOG.kind("spy")
def _spy(line: LogLine) -> str:
    return line.say(_("%(who)s looks at the progress cards of %(other)s (Spy)."), other=line.name(line.p["victim"]))


@LOG.kind("spy_took")
def _spy_took(line: LogLine) -> str:
    other = line.name(line.p["victim"])
    if "card" in line.p:  # the spy and the victim see the card
        return line.say(_("%(who)s takes %(card)s from %(other)s (Spy)."), other=other)
    return line.say(_("%(who)s takes a progress card from %(other)s (Spy)."), other=other)


@LOG.kind("master_merchant")
def _master_merchant(line: LogLine) -> str:
    other = line.name(line.p["victim"])
    if line.p.get("paper"):
        return line.say(_("%(who)s looks at the hand of %(other)s and takes 2 cards of their choice (Master Merchant): do it at the table."), other=other)
    return line.say(_("%(who)s looks at the hand of %(other)s (Master Merchant)."), other=other)


@LOG.kind("master_merchant_took")
def _master_merchant_took(line: LogLine) -> str:
    other = line.name(line.p["victim"])
    if "cards" in line.p:
        return line.say(_("%(who)s takes %(cards)s from %(other)s (Master Merchant)."), other=other)
    return line.say(_("%(who)s takes %(count)s cards from %(other)s (Master Merchant)."), other=other)


@LOG.kind("commercial_harbor")
def _commercial_harbor(line: LogLine) -> str:
    if line.p.get("paper"):
        return line.say(_("Commercial Harbor: %(who)s may give each of %(list)s one resource card of their choice; whoever holds a commodity gives back one of their own choice; with no commodity there is no exchange."),
                        list=_names_list(line.p["seats"], line.name))
    return line.say(_("Commercial Harbor: %(who)s offers each other player a resource for a commodity."))


@LOG.kind("harbor_skipped")
def _harbor_skipped(line: LogLine) -> str:
    return line.say(_("%(who)s offers %(other)s nothing (Commercial Harbor)."), other=line.name(line.p["other"]))


@LOG.kind("harbor_no_commodity")
def _harbor_no_commodity(line: LogLine) -> str:
    return line.say(_("%(other)s holds no commodity: no exchange with %(who)s (Commercial Harbor)."),
                    other=line.name(line.p["other"]))


@LOG.kind("harbor_trade")
def _harbor_trade(line: LogLine) -> str:
    other = line.name(line.p["other"])
    if "resource" in line.p:
        return line.say(_("%(who)s gives %(other)s %(resource)s for %(commodity)s (Commercial Harbor)."), other=other)
    return line.say(_("%(who)s gives %(other)s a resource for a commodity (Commercial Harbor)."), other=other)


@LOG.kind("deserter")
def _deserter(line: LogLine) -> str:
    return line.say(_("Deserter: %(other)s removes one of their knights for %(who)s."), other=line.name(line.p["victim"]))


@LOG.kind("knight_deserted")
def _knight_deserted(line: LogLine) -> str:
    p = line.p
    if p.get("replaced") is None:
        return line.say(_("%(who)s removes a %(knight)s; %(other)s can't put in a knight for it."),
                        knight=_knight(p["level"]), other=line.name(p["to"]))
    return line.say(_("%(who)s removes a %(knight)s; %(other)s puts in a %(new)s."),
                    knight=_knight(p["level"]), other=line.name(p["to"]), new=_knight(p["replaced"]))


@LOG.kind("deserter_knight")
def _deserter_knight(line: LogLine) -> str:
    knight = _knight(line.p["level"])
    if line.p.get("active"):
        return line.say(_("%(who)s puts in an active %(knight)s (Deserter)."), knight=knight)
    return line.say(_("%(who)s puts in a resting %(knight)s (Deserter)."), knight=knight)


@LOG.kind("diplomat")
def _diplomat(line: LogLine) -> str:
    p = line.p
    if p.get("edge") is None:
        return line.say(_("%(who)s removes an open road (Diplomat): do it at the table; their own road they may build again for free."))
    if p["owner"] == line.seat:
        return line.say(_("%(who)s removes their own open road and may build it again for free (Diplomat)."))
    return line.say(_("%(who)s removes an open road of %(other)s (Diplomat)."), other=line.name(p["owner"]))


@LOG.kind("intrigue")
def _intrigue(line: LogLine) -> str:
    other = line.name(line.p["victim"])
    if line.p.get("corner") is None:
        return line.say(_("%(who)s displaces a knight of %(other)s (Intrigue): %(other)s moves it to a free intersection on their roads, or takes it back if there is none."), other=other)
    return line.say(_("%(who)s displaces a knight of %(other)s (Intrigue)."), other=other)


@LOG.kind("barbarians_won", "knights_won")
def _battle(line: LogLine) -> str:
    return " ".join(ck_battle_lines(dict(line.p), line.names))


@LOG.kind("city_lost")
def _city_lost(line: LogLine) -> str:
    if line.p.get("ruined"):
        return line.say(_("%(who)s loses a city to the barbarians: it is laid down until repaired."))
    if line.p.get("wall"):
        return line.say(_("%(who)s loses a city and its wall to the barbarians: it becomes a settlement."))
    return line.say(_("%(who)s loses a city to the barbarians: it becomes a settlement."))


@LOG.kind("city_gate")
def _city_gate(line: LogLine) -> str:
    drawers = line.p.get("seats") or ()
    gate = {"deck": DECK_NAMES.get(line.p["deck"], line.p["deck"]), "list": _names_list(drawers, line.name)}
    if not drawers:
        return line.say(_("The %(deck)s city gate with a red %(red)s: nobody draws a progress card."), **gate)
    return line.say(ngettext("The %(deck)s city gate with a red %(red)s: %(list)s draws a progress card.",
                             "The %(deck)s city gate with a red %(red)s: %(list)s each draw a progress card.",
                             len(drawers)), **gate)


@LOG.kind("progress_drawn")
def _progress_drawn(line: LogLine) -> str:
    if "card" in line.p:  # only the drawer sees the card
        return line.say(_("%(who)s draws %(card)s (%(deck)s)."))
    return line.say(_("%(who)s draws a %(deck)s progress card."))


@LOG.kind("alchemist_dice")
def _alchemist_dice(line: LogLine) -> str:
    return line.say(_("%(who)s sets the number dice to %(a)s and %(b)s (Alchemist)."),
                    a=line.p["dice"][0], b=line.p["dice"][1])


@LOG.kind("harvest")
def _harvest(line: LogLine) -> str:
    p = line.p
    terrain = TERRAIN_NAMES.get(p["terrain"], p["terrain"])
    if p.get("hexes") is None:
        return line.say(_("%(who)s takes 2 cards for each %(terrain)s hex next to their buildings."), terrain=terrain)
    return line.say(_("%(who)s takes %(cards)s (%(hexes)s %(terrain)s hexes)."),
                    cards=card_count(p["resource"], p["got"]), terrain=terrain)


@LOG.kind("inventor")
def _inventor(line: LogLine) -> str:
    if line.p.get("hexes") is None:
        return line.say(_("%(who)s swaps two number tokens."))
    return line.say(_("%(who)s swaps the number tokens %(a)s and %(b)s."), a=line.p["numbers"][1], b=line.p["numbers"][0])


@LOG.kind("bishop")
def _bishop(line: LogLine) -> str:
    p = line.p
    if p.get("victims") is None:
        return line.say(_("%(who)s moves the robber and takes a card from each player next to it."))
    if "robbed" not in p:  # paper cards (taken at the table), or a line from before the one-line Bishop
        return line.say(_("%(who)s moves the robber and takes a card from: %(list)s."),
                        list=_names_list(p["victims"], line.name))
    return _bishop_text(p, line.who, line.name)


@LOG.kind("saboteur")
def _saboteur(line: LogLine) -> str:
    seats = line.p["seats"]
    return line.say(ngettext("Saboteur: %(list)s gives back half their cards.",
                             "Saboteur: %(list)s give back half their cards.", _many(seats)),
                    list=_names_list(seats, line.name))


@LOG.kind("wedding")
def _wedding(line: LogLine) -> str:
    seats = line.p["seats"]
    return line.say(ngettext("Wedding: %(list)s gives %(who)s 2 cards.", "Wedding: %(list)s give %(who)s 2 cards each.",
                             _many(seats)), list=_names_list(seats, line.name))


@LOG.kind("wedding_gift")
def _wedding_gift(line: LogLine) -> str:
    if "to" not in line.p:  # logged before the receiver was shown to all (a game's older snapshot)
        return line.say(_("%(who)s gives a wedding gift."))
    to = line.name(line.p["to"])
    if "cards" in line.p:  # giver and receiver see the cards
        return line.say(_("%(who)s gives %(to)s %(cards)s (Wedding)."), to=to)
    return line.say(_("%(who)s gives %(to)s a wedding gift."), to=to)


@LOG.kind("aqueduct")
def _aqueduct(line: LogLine) -> str:
    seats = line.p["seats"]
    return line.say(ngettext("Aqueduct: %(list)s got nothing and takes a resource of their choice.",
                             "Aqueduct: %(list)s got nothing and each take a resource of their choice.",
                             _many(seats)), list=_names_list(seats, line.name))


@LOG.kind("activated_knight")
def _activated_knight(line: LogLine) -> str:
    return line.say(_("%(who)s activated a %(knight)s."), knight=_knight(line.p["level"]))


@LOG.kind("promoted_knight")
def _promoted_knight(line: LogLine) -> str:
    return line.say(_("%(who)s promoted a knight to a %(knight)s."), knight=_knight(line.p["level"]))


@LOG.kind("knight_moved")
def _knight_moved(line: LogLine) -> str:
    if line.p.get("displaced") is not None:
        return line.say(_("%(who)s's knight displaces a knight of %(other)s."), other=line.name(line.p["displaced"]))
    return line.say(_("%(who)s moved a knight."))


@LOG.kind("improved")
def _improved(line: LogLine) -> str:
    chart = line.p["chart"]
    level = line.p["level"]
    levels = IMPROVEMENT_LEVELS.get(chart, ())
    building = levels[level - 1] if isinstance(level, int) and 0 < level <= len(levels) else ""
    return line.say(_("%(who)s improved %(chart)s to level %(level)s: %(building)s."),
                    chart=IMPROVEMENT_NAMES.get(chart, chart), building=building)


@LOG.kind("metropolis")
def _metropolis(line: LogLine) -> str:
    chart = IMPROVEMENT_NAMES.get(line.p["chart"], line.p["chart"])
    if line.p.get("previous") is not None:
        return line.say(_("%(who)s takes the %(chart)s metropolis from %(previous)s."),
                        chart=chart, previous=line.name(line.p["previous"]))
    return line.say(_("%(who)s builds the %(chart)s metropolis (2 VP)."), chart=chart)


def log_text(entry: dict, names: list[str]) -> str | None:
    """A log line of Cities & Knights; None for a kind that is not this layer's."""
    return LOG.text(entry, names)
