"""Events of Catan's words: the cards, what they do, its refusals and log lines, in Polish and English."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from companion.log_lines import LogLine, LogTable
from companion.machinery.errors import IllegalAction
from companion.messages import CARD_NAMES, Params, refusal_text
from companion.layers.cores.base.messages import RESOURCE_NAMES, home_words
from companion.layers.cores.cities_knights.messages import EVENT_DIE_NAMES

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
PHASE_NAMES = {
    "event": gettext_lazy("Event: waiting for choices"),
}


def refusal(error: IllegalAction) -> str | None:
    """Why an Events of Catan action was refused; None for a code that is not this layer's."""
    texts = {
        "repair_road_first": _("Repair your damaged road first (1 lumber + 1 brick)."),
        "not_your_road": _("Tap one of your own roads."),
        "road_already_damaged": _("That road is damaged already."),
        "no_damaged_road": _("You have no damaged road to repair."),
        # Events of Catan with hands on phones
        "event_choice_on_phone": _("Each player makes this choice on their own phone."),
        "card_not_held": _("You hold no %(resource)s."),
        "bad_receiver": _("Pick a player with fewer victory points."),
        "victim_has_no_cards": _("That player holds no resource card."),
    }
    return refusal_text(texts, error, resource=CARD_NAMES)


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


# What each card does, worded per player: event -> function(event, plan, names) -> lines.
_EFFECTS: dict = {}


def _effect(*events: str):
    def register(function):
        for event in events:
            _EFFECTS[event] = function
        return function
    return register


def _event_effect_lines(event: str, plan: dict, names: list[str]) -> list[str]:
    effect = _EFFECTS.get(event)
    return [] if effect is None else effect(event, plan, names)


def _seat(names: list[str], s) -> str:
    return names[s] if s is not None and 0 <= s < len(names) else "?"


def _nobody_text(texts: dict, nobody):
    """The words for why nobody gains, by the plan's `nobody` code (None for another code)."""
    return texts.get(nobody) if isinstance(nobody, str) else None


@_effect("epidemic")
def _epidemic(event: str, plan: dict, names: list[str]) -> list[str]:
    if plan.get("ck"):
        return [_("Every city produces only 1 resource this time, and no commodity.")]
    return [_("Every city produces only 1 resource this time.")]


@_effect("earthquake")
def _earthquake(event: str, plan: dict, names: list[str]) -> list[str]:
    if not plan.get("damage"):
        return [_("Nobody has a road yet.")]
    return [_("%(names)s: each turns one of their roads on its side.") % {"names": _names_of(plan["damage"], names)},
            _("A damaged road still counts for Longest Road; no new road until it is repaired for 1 lumber + 1 brick.")]


@_effect("good_neighbors")
def _good_neighbors(event: str, plan: dict, names: list[str]) -> list[str]:
    return [_("%(giver)s gives 1 resource card of their choice to %(receiver)s.") % {
        "giver": _seat(names, a), "receiver": _seat(names, b)} for a, b in plan.get("gives", [])]


# Tournament and Calm Sea: why nobody takes a resource (any other code: no harbour).
NOBODY_GAINS = {
    "no_board": gettext_lazy("Count the settlements and cities at harbours: whoever has the most takes 1 resource of their choice from the bank (on a tie, each of them)."),
    "no_knights": gettext_lazy("Nobody has played a Knight card: nobody gets anything."),
    "no_strength": gettext_lazy("Nobody has an active knight: nothing happens."),
}


@_effect("tournament", "calm_sea")
def _most_gains(event: str, plan: dict, names: list[str]) -> list[str]:
    nobody = plan.get("nobody")
    if nobody:
        text = _nobody_text(NOBODY_GAINS, nobody)
        return [str(text) if text is not None else _("Nobody has a settlement or city at a harbour: nobody gets anything.")]
    if plan.get("measure") == "strength":
        text = _("%(who)s (active knights' strength: %(n)s) takes 1 resource of their choice from the bank.")
    elif event == "tournament":
        text = _("%(who)s (Knight cards played: %(n)s) takes 1 resource of their choice from the bank.")
    else:
        text = _("%(who)s (settlements and cities at harbours: %(n)s) takes 1 resource of their choice from the bank.")
    basis = plan.get("basis") or {}
    return [text % {"who": _seat(names, s), "n": basis.get(str(s), "?")} for s in plan.get("gains", [])]


# Trade Advantage and Conflict: why nobody draws a card.
NOBODY_DRAWS = {
    "no_longest_road": gettext_lazy("Nobody holds Longest Road: nothing happens."),
    "no_knights": gettext_lazy("Nobody has played a Knight card: nothing happens."),
    "knights_tied": gettext_lazy("No single player has played the most Knight cards: nothing happens."),
    "no_strength": gettext_lazy("Nobody has an active knight: nothing happens."),
    "strength_tied": gettext_lazy("No single player has the strongest active knights: nothing happens."),
}


@_effect("trade_advantage", "conflict")
def _one_draws(event: str, plan: dict, names: list[str]) -> list[str]:
    text = _nobody_text(NOBODY_DRAWS, plan.get("nobody"))
    if text is not None:
        return [str(text)]
    taker = plan.get("taker")
    measure = plan.get("measure")
    terms = {"who": _seat(names, taker)}
    if measure not in ("longest_road", "largest_army"):  # the strength or the Knight cards it has
        terms["n"] = (plan.get("basis") or {}).get(str(taker), "?")
    if measure == "longest_road" and plan.get("ck"):
        return [_("%(who)s (Longest Road) may draw 1 random card, never a progress card, from the hand of a player of their choice.") % terms]
    if measure == "strength":
        return [_("%(who)s (active knights' strength: %(n)s) may draw 1 random card, never a progress card, from the hand of a player of their choice.") % terms]
    if measure == "longest_road":
        return [_("%(who)s (Longest Road) may draw 1 random card, never a development card, from the hand of a player of their choice.") % terms]
    if measure == "largest_army":
        return [_("%(who)s (Largest Army) draws 1 random card, never a development card, from the hand of a player of their choice.") % terms]
    return [_("%(who)s (Knight cards played: %(n)s) draws 1 random card, never a development card, from the hand of a player of their choice.") % terms]


@_effect("robber_flees")
def _robber_flees(event: str, plan: dict, names: list[str]) -> list[str]:
    if plan.get("nobody") == "no_robber":  # a scenario played without the robber (layer hook event_plan)
        return [_("There is no robber in this game: nothing happens.")]
    if plan.get("off"):  # a board without a home for it (a scenario's lake or oasis)
        return [_("The robber waits beside the board until the next 7 or Knight. Nobody is robbed.")]
    # Its home as the board has it: the plan names a scenario's terrain (a swamp), else a desert.
    home = home_words(plan.get("home"))
    if plan.get("robber") == "desert":
        return [_("Put the robber back %(home)s. Nobody is robbed.") % {"home": home["on"]}]
    if plan.get("robber") is not None and plan.get("from") == plan.get("robber"):
        return [_("The robber stays %(home)s. Nobody is robbed.") % {"home": home["on"]}]
    return [_("The robber goes back %(home)s. Nobody is robbed.") % {"home": home["to"]}]


def event_text(event: str, plan: dict | None, ck: bool = False) -> str:
    """What a card on view does, in our own words: its Cities & Knights paragraph in that game;
    Robber Flees as the board has the robber's home (a swamp, or none: beside the board)."""
    plan = plan or {}
    if event == "robber_flees" and not plan.get("nobody"):
        if plan.get("off"):
            return _("The robber leaves the board at once and waits beside it. Nobody is robbed.")
        if plan.get("home"):
            return _("The robber goes straight back %(home)s. Nobody is robbed.") % {
                "home": home_words(plan["home"])["to"]}
    return str((ck and EVENT_TEXTS_CK.get(event)) or EVENT_TEXTS.get(event, ""))


@_effect("neighborly_assistance")
def _neighborly_assistance(event: str, plan: dict, names: list[str]) -> list[str]:
    if plan.get("nobody"):
        return [_("Everyone has the same number of victory points: nothing happens.")]
    others = _names_of(plan.get("to_any_of", []), names)
    basis = plan.get("basis") or {}
    return [_("%(who)s (%(vp)s VP) gives 1 resource card of their choice to one of: %(others)s.") % {
        "who": _seat(names, s), "vp": basis.get(str(s), "?"), "others": others} for s in plan.get("helpers", [])]


@_effect("plentiful_year")
def _plentiful_year(event: str, plan: dict, names: list[str]) -> list[str]:
    return [_("Everyone takes 1 resource of their choice from the bank.")]


def _player(names: list[str], seat) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


# The Events of Catan deck's log lines: a sentence to fill in with the entry's params (a
# card or a resource by its name) and %(who)s, the acting player (nobody: no name), or a
# function of the line.
LOG = LogTable({
    "new_year": gettext_lazy("New Year: all 36 cards are shuffled and 5 of them go face down under the New Year card (year %(year)s)."),
    "road_damaged": gettext_lazy("%(who)s turned a road on its side (Earthquake)."),
    "road_repaired": gettext_lazy("%(who)s repaired a damaged road (1 lumber + 1 brick)."),
    "event_gained": gettext_lazy("%(who)s takes 1 %(resource)s from the bank."),
    "event_picked": gettext_lazy("%(who)s has picked the card to pass."),
}, params=Params, words={"event": EVENT_NAMES, "resource": RESOURCE_NAMES, "card": CARD_NAMES}, name=_player)

# Why a player gets, gives or draws nothing (any other reason: a giver without cards).
SKIPPED = {
    "bank_empty": gettext_lazy("%(who)s gets nothing: the bank is empty."),
    "nobody_has_cards": gettext_lazy("%(who)s draws no card: no other player holds a resource card."),
}
GIVES_NOTHING = gettext_lazy("%(who)s holds no resource card and gives nothing.")


@LOG.kind("red_rolled")  # Cities & Knights on the event deck: the card comes next
def _red_rolled(line: LogLine) -> str:
    return line.say(_("%(who)s rolled %(red)s on the red die and the %(event)s."),
                    event=EVENT_DIE_NAMES.get(line.p["event"], line.p["event"]))


@LOG.kind("event_revealed")
def _event_revealed(line: LogLine) -> str:
    if line.p["event"] == "no_event":
        return line.say(_("%(who)s revealed a card: %(number)s (no event)."))
    return line.say(_("%(who)s revealed a card: %(number)s, %(event)s."))


@LOG.kind("event_effect")
def _event_effect(line: LogLine) -> str:
    event = line.p["event"]
    lines = event_effect_lines(event, dict(line.p), line.names)
    return "%s: %s" % (EVENT_NAMES.get(event, event), " ".join(lines))


@LOG.kind("event_gave")
def _event_gave(line: LogLine) -> str:
    receiver = line.name(line.p.get("to"))
    if "card" in line.p:  # only giver and receiver see which card
        return line.say(_("%(who)s gave 1 %(card)s to %(to)s."), to=receiver)
    return line.say(_("%(who)s gave a resource card to %(to)s."), to=receiver)


@LOG.kind("event_skipped")
def _event_skipped(line: LogLine) -> str:
    reason = line.p.get("reason")
    return line.say(SKIPPED.get(reason, GIVES_NOTHING) if isinstance(reason, str) else GIVES_NOTHING)


@LOG.kind("event_took")
def _event_took(line: LogLine) -> str:
    victim = line.p.get("victim")
    if victim is None:
        return line.say(_("%(who)s took no card."))
    if "card" in line.p:  # only thief and victim see which card
        return line.say(_("%(who)s drew 1 %(card)s from the hand of %(victim)s."), victim=line.name(victim))
    return line.say(_("%(who)s drew a random card from the hand of %(victim)s."), victim=line.name(victim))


def log_text(entry: dict, names: list[str]) -> str | None:
    """A log line of the Events of Catan deck; None for a kind that is not this layer's."""
    return LOG.text(entry, names)
