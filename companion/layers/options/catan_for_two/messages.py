"""Catan for two's words: the neutral colours, trade tokens, its refusals and log lines, in Polish and English."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from companion.machinery.errors import IllegalAction
from companion.messages import LayerNames, Params, cards_text, refusal_text
from companion.layers.cores.base.messages import COLOR_NAMES

PHASE_NAMES = {
    "neutral_build": gettext_lazy("Build for a neutral colour"),
    "forced_trade": gettext_lazy("Forced trade: cards to give back"),
}
NEUTRAL_PIECE_NAMES = {"road": gettext_lazy("a road"), "settlement": gettext_lazy("a settlement")}


# Every layer's words for its own reasons to take trade tokens ("... for <reason>"), in its
# messages' TOKEN_REASONS: Catan for two never names a scenario. (Named so as not to be one
# of the tables it reads.)
REASON_WORDS = LayerNames("token_reason")

# The robber's home as the board has it, by terrain: the layer that brings a terrain the
# robber lives on words it in its messages' ROBBER_HOME_WORDS (Polish needs a case for each
# use): "to" (it goes back there), "on" (it stands there), "next_to" (a settlement beside it).
# The base game's desert is worded here; Catan for two asks the board which one it has.
ROBBER_HOME_WORDS = {
    "desert": {"to": pgettext_lazy("robber's home", "to the desert"),
               "on": pgettext_lazy("robber's home", "on the desert"),
               "next_to": pgettext_lazy("robber's home", "next to the desert")},
}
HOME_WORDS = LayerNames("robber_home")  # every layer's ROBBER_HOME_WORDS (its words' names["robber_home"])
# A terrain no layer words (never on the boards the app sets up): said without its name.
UNNAMED_HOME = {"to": pgettext_lazy("robber's home", "to its home hex"),
                "on": pgettext_lazy("robber's home", "on its home hex"),
                "next_to": pgettext_lazy("robber's home", "next to the robber's home hex")}


def home_words(terrain: str | None) -> dict:
    """How the robber's home hex is said on this board ("desert" when the record or the view
    names none: a game with a desert)."""
    return HOME_WORDS.get(terrain or "desert", UNNAMED_HOME)


def _home_reason(reason) -> str | None:
    """A settlement's tokens by the robber's home: the reason is its terrain ("desert",
    "swamp"), with "_coast" when on the coast too."""
    if not isinstance(reason, str):
        return None
    terrain, coast = (reason[:-len("_coast")], True) if reason.endswith("_coast") else (reason, False)
    if terrain not in HOME_WORDS:
        return None
    home = home_words(terrain)["next_to"]
    if coast:
        return _("a settlement %(home)s and on the coast") % {"home": home}
    return _("a settlement %(home)s") % {"home": home}


def robber_home_button(terrain: str | None) -> str:
    """The token action that sends the robber home, as the board has it (None: beside it)."""
    if terrain is None:
        return _("The robber off the board")
    return _("The robber back %(home)s") % {"home": home_words(terrain)["to"]}


def neutral_name(color: str) -> str:
    """How the screens name a neutral colour: "neutral white"."""
    return _("neutral %(color)s") % {"color": COLOR_NAMES.get(color, color)}



def refusal(error: IllegalAction) -> str | None:
    """Why a Catan for two action was refused; None for a code that is not this layer's."""
    p = Params(error.params)
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
        "robber_on_desert": _("The robber is %(home)s already.") % {"home": home_words(p.get("home"))["on"]},
        "robber_off_board": _("The robber is beside the board already."),
        "bad_spot": _("Say where the settlement stands: next to the desert, on the coast, or both."),
        "neutral_settlements_first": _("First each neutral colour gets its settlement."),
        "bad_neutral": _("Pick one of the two neutral colours."),
        "neutral_cannot_build": _("That neutral colour has no place for this piece: pick the other one."),
        "choose_neutral_first": _("First pick the neutral colour that gets the piece."),
        "second_roll_same": _("The second roll must differ from the first (%(total)s): roll again."),
    }
    return refusal_text(texts, error)


def _counted(cards: list) -> dict:
    """["grain", "ore", "grain"] -> {"grain": 2, "ore": 1}, in the order first drawn."""
    counted: dict = {}
    for card in cards:
        counted[card] = counted.get(card, 0) + 1
    return counted


def log_text(entry: dict, names: list[str]) -> str | None:
    """A log line of Catan for two; None for a kind that is not this layer's."""
    p = Params(entry.get("params") or {})
    seat = entry.get("seat")
    who = names[seat] if seat is not None and 0 <= seat < len(names) else ""

    def name(s):
        return names[s] if isinstance(s, int) and 0 <= s < len(names) else _("nobody")

    kind = entry["kind"]
    if kind == "tokens_earned":
        reasons = {
            "knight": _("a knight given up"),
            "coast": _("a settlement on the coast"),
        }
        reason = reasons.get(p["reason"]) or _home_reason(p["reason"]) or REASON_WORDS.get(p["reason"], p["reason"])
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
    if kind == "forced_trade" and "count" in p:  # hands on phones: the cards drawn, in one line
        terms = {"who": who, "victim": name(p["victim"]), "count": p["count"],
                 "tokens": ngettext("%(n)s trade token", "%(n)s trade tokens", p["tokens"]) % {"n": p["tokens"]}}
        if "drawn" in p:  # only the two players see the cards
            terms["cards"] = cards_text(_counted(p["drawn"]))
            return ngettext("%(who)s pays %(tokens)s for a forced trade and takes %(cards)s from %(victim)s.",
                            "%(who)s pays %(tokens)s for a forced trade and takes %(cards)s from %(victim)s.",
                            p["count"]) % terms
        return ngettext("%(who)s pays %(tokens)s for a forced trade and takes %(count)s random card from %(victim)s.",
                        "%(who)s pays %(tokens)s for a forced trade and takes %(count)s random cards from %(victim)s.",
                        p["count"]) % terms
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
    if kind == "robber_to_desert" and p.get("off"):
        return ngettext("%(who)s pays %(n)s trade token: the robber leaves the board, nobody is robbed.",
                        "%(who)s pays %(n)s trade tokens: the robber leaves the board, nobody is robbed.",
                        p["tokens"]) % {"who": who, "n": p["tokens"]}
    if kind == "robber_to_desert":  # the home is named in the record when it is not the desert
        return ngettext("%(who)s pays %(n)s trade token: the robber goes back %(home)s, nobody is robbed.",
                        "%(who)s pays %(n)s trade tokens: the robber goes back %(home)s, nobody is robbed.",
                        p["tokens"]) % {"who": who, "n": p["tokens"], "home": home_words(p.get("home"))["to"]}
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
    return None
