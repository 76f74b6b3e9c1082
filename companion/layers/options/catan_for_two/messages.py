"""Catan for two's words: the neutral colours, trade tokens, its refusals and log lines, in Polish and English."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from companion.log_lines import LogLine, LogTable
from companion.machinery.errors import IllegalAction
from companion.messages import LayerNames, Params, cards_text, refusal_text
from companion.layers.cores.base.messages import COLOR_NAMES, HOME_WORDS, home_words

PHASE_NAMES = {
    "neutral_build": gettext_lazy("Build for a neutral colour"),
    "forced_trade": gettext_lazy("Forced trade: cards to give back"),
}
NEUTRAL_PIECE_NAMES = {"road": gettext_lazy("a road"), "settlement": gettext_lazy("a settlement")}


# Every layer's words for its own reasons to take trade tokens ("... for <reason>"), in its
# messages' TOKEN_REASONS: Catan for two never names a scenario. (Named so as not to be one
# of the tables it reads.)
REASON_WORDS = LayerNames("token_reason")

# The robber's home as the board has it is worded by the base game's home_words (its desert,
# and every layer's ROBBER_HOME_WORDS); Catan for two asks the board which one it has.


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


def _name(names: list[str], seat) -> str:
    """Another seat's name; "nobody" for no seat (or a param that is no seat)."""
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else _("nobody")


# Catan for two's log lines: a sentence to fill in with the entry's params and %(who)s, the
# acting player (its neutral pieces named by `words`), or a function of the line.
LOG = LogTable({
    "neutral_skipped": gettext_lazy("No neutral colour has room for %(piece)s: nothing is built for them."),
    "roll_repeated": gettext_lazy("%(who)s rolled %(total)s again, the same as the first roll: rolling once more."),
    "event_ignored": gettext_lazy("%(who)s revealed a second card with the same number %(number)s: it is ignored."),
}, params=Params, words={"piece": NEUTRAL_PIECE_NAMES}, name=_name)

# Catan for two's own reasons to take trade tokens (a scenario's come from REASON_WORDS).
_OWN_REASONS = {
    "knight": gettext_lazy("a knight given up"),
    "coast": gettext_lazy("a settlement on the coast"),
}


@LOG.kind("tokens_earned")
def _tokens_earned(line: LogLine) -> str:
    p = line.p
    reason = p["reason"]
    words = _OWN_REASONS.get(reason)
    reason = str(words) if words is not None else _home_reason(reason) or REASON_WORDS.get(reason, reason)
    n = p["tokens"] if isinstance(p["tokens"], int) else 0
    if n < p["due"]:
        return line.say(ngettext("%(who)s takes %(n)s trade token for %(reason)s (the pool had no more).",
                                 "%(who)s takes %(n)s trade tokens for %(reason)s (the pool had no more).", n),
                        n=n, reason=reason)
    return line.say(ngettext("%(who)s takes %(n)s trade token for %(reason)s.",
                             "%(who)s takes %(n)s trade tokens for %(reason)s.", n), n=n, reason=reason)


@LOG.kind("knight_discarded")
def _knight_discarded(line: LogLine) -> str:
    return line.say(_("%(who)s gives up a played knight (%(n)s left)."), n=line.p["knights"])


@LOG.kind("largest_army_lost")
def _largest_army_lost(line: LogLine) -> str:
    if line.p.get("holder") is None:
        return line.say(_("%(who)s gives up Largest Army: nobody holds it now."))
    return line.say(_("%(who)s gives up Largest Army to %(holder)s."), holder=line.name(line.p["holder"]))


@LOG.kind("forced_trade")
def _forced_trade(line: LogLine) -> str:
    p = line.p
    if "count" not in p:  # a forced trade made at the table: no cards drawn in the app
        return line.say(ngettext("%(who)s pays %(n)s trade token for a forced trade with %(victim)s.",
                                 "%(who)s pays %(n)s trade tokens for a forced trade with %(victim)s.", p["tokens"]),
                        n=p["tokens"], victim=line.name(p["victim"]))
    # hands on phones: the cards drawn, in one line
    terms = {"victim": line.name(p["victim"]),
             "tokens": ngettext("%(n)s trade token", "%(n)s trade tokens", p["tokens"]) % {"n": p["tokens"]}}
    if "drawn" in p:  # only the two players see the cards
        return line.say(ngettext("%(who)s pays %(tokens)s for a forced trade and takes %(cards)s from %(victim)s.",
                                 "%(who)s pays %(tokens)s for a forced trade and takes %(cards)s from %(victim)s.",
                                 p["count"]), cards=cards_text(_counted(p["drawn"])), **terms)
    return line.say(ngettext("%(who)s pays %(tokens)s for a forced trade and takes %(count)s random card from %(victim)s.",
                             "%(who)s pays %(tokens)s for a forced trade and takes %(count)s random cards from %(victim)s.",
                             p["count"]), **terms)


@LOG.kind("forced_gave")
def _forced_gave(line: LogLine) -> str:
    to = line.name(line.p["to"])
    if "cards" in line.p:  # only the two players see the cards
        return line.say(_("%(who)s gives %(to)s %(cards)s back (forced trade)."), to=to, cards=cards_text(line.p["cards"]))
    return line.say(_("%(who)s gives %(to)s %(count)s cards back (forced trade)."), to=to)


@LOG.kind("robber_to_desert")
def _robber_to_desert(line: LogLine) -> str:
    p = line.p
    if p.get("off"):
        return line.say(ngettext("%(who)s pays %(n)s trade token: the robber leaves the board, nobody is robbed.",
                                 "%(who)s pays %(n)s trade tokens: the robber leaves the board, nobody is robbed.",
                                 p["tokens"]), n=p["tokens"])
    # the home is named in the record when it is not the desert
    return line.say(ngettext("%(who)s pays %(n)s trade token: the robber goes back %(home)s, nobody is robbed.",
                             "%(who)s pays %(n)s trade tokens: the robber goes back %(home)s, nobody is robbed.",
                             p["tokens"]), n=p["tokens"], home=home_words(p.get("home"))["to"])


@LOG.kind("neutral_built")
def _neutral_built(line: LogLine) -> str:
    neutral = line.name(line.p["neutral"])
    if line.seat is None:
        return line.say(_("Setup: %(neutral)s gets a settlement."), neutral=neutral)
    return line.say(_("%(who)s builds %(piece)s for %(neutral)s."), neutral=neutral)


def log_text(entry: dict, names: list[str]) -> str | None:
    """A log line of Catan for two; None for a kind that is not this layer's."""
    return LOG.text(entry, names)
