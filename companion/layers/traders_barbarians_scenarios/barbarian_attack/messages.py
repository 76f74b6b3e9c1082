"""Barbarian Attack's words (a Traders & Barbarians scenario): its phases, refusals, log lines,
card names and gold reasons, in Polish and English (the package's own catalogue: locale/)."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from companion.log_lines import LogLine, LogTable
from companion.machinery.errors import IllegalAction
from companion.messages import Params, names_list, refusal_text

PHASE_NAMES = {
    "knight_moves": gettext_lazy("Knights move (end of the turn)"),
    "knight_place": gettext_lazy("Placing a knight"),
    "treason": gettext_lazy("Treason: moving barbarians"),
    "intrigue": gettext_lazy("Intrigue: taking a prisoner"),
    "wandering_place": gettext_lazy("Placing the wandering knight"),
}
BOARD_PROBLEMS = {
    "castle_not_on_coast": gettext_lazy("The castle lies on a corner of the outer ring, as in the rulebook's picture."),
    "desert_not_on_coast": gettext_lazy("The desert lies on the outer ring, opposite the castle."),
    "coastal_numbers": gettext_lazy("The ten coastal hexes carry the numbers 2, 3, 4, 5, 6, 8, 9, 10, 11 and 12, once each."),
}
REVEALED_TEXTS = {
    "barbarian_dice": gettext_lazy("everyone had seen the barbarians' dice; they come back when this turn builds again"),
    "battle_dice": gettext_lazy("everyone had seen the dice of the fight; they come back when this turn ends again"),
    "barbarian_card": gettext_lazy("everyone had seen the development card; it comes back when this turn buys one again"),
}
CARD_NAMES = {
    "knighthood": gettext_lazy("Knighting"),
    "black_knight": gettext_lazy("Black Knight"),
    "treason": gettext_lazy("Treason"),
    "intrigue": gettext_lazy("Intrigue"),
}
CARD_TEXTS = {
    "knighthood": gettext_lazy("Put one of your knights on a free path beside the castle."),
    "black_knight": gettext_lazy("Put one of your knights on any free path."),
    "treason": gettext_lazy("Take 2 gold and move 2 barbarians from 2 coastal hexes to 2 other unconquered ones."),
    "intrigue": gettext_lazy("Take 1 barbarian from a coastal hex as your prisoner."),
}
COLOUR_NAMES = {
    "green": gettext_lazy("green"),
    "brown": gettext_lazy("brown"),
    "purple": gettext_lazy("purple"),
}
GOLD_REASONS = {
    "lost_knight": gettext_lazy("a knight lost in the fight"),
    "no_prisoner": gettext_lazy("a fight without a prisoner"),
    "treason": gettext_lazy("the Treason card"),
}
# With Catan for two: a knight lost in a fight brings a trade token too (catan_for_two's log).
TOKEN_REASONS = {"lost_knight": gettext_lazy("a knight lost in the fight")}


def _name(names: list[str], seat) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def _numbers(values) -> str:
    return ", ".join(str(v) for v in values or ()) if isinstance(values, list) else "?"


def refusal(error: IllegalAction) -> str | None:
    """Why a Barbarian Attack action was refused; None for a code that is not this scenario's."""
    if error.code in ("board_incomplete", "board_layout") and error.params.get("problem") in BOARD_PROBLEMS:
        return str(BOARD_PROBLEMS[error.params["problem"]])
    texts = {
        "barbarian_attack_needs_board": _("Barbarian Attack is played on a board: pick a board mode."),
        "barbarian_attack_base_only": _("Barbarian Attack is played with the base game only."),
        "barbarian_attack_players": _("Barbarian Attack is played by 3 or 4 players, or by 2 with Catan for two."),
        "corner_conquered": _("No settlement may be built next to a conquered hex."),
        "bad_deck": _("Enter how many cards of each kind the deck holds (0 to 30, at least one card)."),
        "knight_path_taken": _("A knight stands on that path already."),
        "knight_beside_castle": _("Knighting puts the knight on a free path beside the castle."),
        "knight_not_here": _("Pick one of the marked paths."),
        "no_barbarian_there": _("Pick a coastal hex with a barbarian on it."),
        "bad_treason": _("Pick coastal hexes."),
        "treason_sources": _("Take barbarians from %(count)s different coastal hexes."),
        "treason_targets": _("Put the barbarians on %(count)s different coastal hexes, none of those they leave."),
        "treason_conquered": _("A barbarian can't go to a conquered hex."),
        "not_your_knight": _("That is not one of your knights."),
        "knight_moved": _("That knight has moved this turn already."),
        "knight_beside_castle_end": _("A knight may not end its move beside the castle."),
        "knight_too_far": _("A knight moves at most %(limit)s paths."),
        "knight_must_leave_castle": _("The knight placed beside the castle this turn must move away first."),
        "wandering_beside_castle": _("The wandering knight starts on a free path beside the castle."),
        "wandering_moves_last": _("Your own knights move first (away from the castle too), then the wandering knight."),
        "barbarian_attack_no_robber": _("There is no robber in this scenario: trade tokens move a barbarian instead."),
        "bad_barbarian_move": _("Pick the coastal hex the barbarian leaves and another one it goes to."),
    }
    return refusal_text(texts, error)


def card_name(card) -> str:
    return str(CARD_NAMES.get(card, card))


# Barbarian Attack's log lines: a sentence to fill in with the entry's params and %(who)s, the
# acting player (its cards named by `words`), or a function of the line.
LOG = LogTable({
    "barbarian_card": gettext_lazy("%(who)s buys a development card: %(card)s."),
    "barbarian_card_void": gettext_lazy("%(card)s has no effect now and is discarded."),
    "barbarian_deck_shuffled": gettext_lazy("The discarded development cards are shuffled into a new deck."),
    "knight_placed": gettext_lazy("%(who)s puts a knight on the board."),
    "knight_moves": gettext_lazy("%(who)s ends the turn: the knights move."),
    "intrigue": gettext_lazy("%(who)s takes a barbarian from the coastal hex %(number)s as a prisoner."),
    "wandering_placed": gettext_lazy("%(who)s puts the wandering knight beside the castle."),
    "barbarian_seven": gettext_lazy("No robber in this scenario: %(who)s draws a card from an opponent."),
}, params=Params, words={"card": card_name}, who=_name, name=_name)


def _conquered(where, count: int) -> str:
    return ngettext("Conquered: the coastal hex %(where)s.", "Conquered: the coastal hexes %(where)s.",
                    count) % {"where": where}


@LOG.kind("barbarians_landed")
def _barbarians_landed(line: LogLine) -> str:
    p = line.p
    totals = _numbers(p["totals"])
    placed = p["numbers"] if isinstance(p["numbers"], list) else []
    if not placed:
        text = _("The barbarians land (dice: %(totals)s): no barbarian placed.") % {"totals": totals}
    else:
        text = ngettext("The barbarians land (dice: %(totals)s): %(n)s barbarian on the coast at %(where)s.",
                        "The barbarians land (dice: %(totals)s): %(n)s barbarians on the coast at %(where)s.",
                        len(placed)) % {"totals": totals, "n": len(placed), "where": _numbers(placed)}
    lost = p["lost"] if isinstance(p["lost"], list) else []
    if lost:
        text += " " + _conquered(_numbers(lost), len(lost))
    return text


@LOG.kind("barbarian_deck")
def _barbarian_deck(line: LogLine) -> str:
    p = line.p
    return _("The deck: %(k)s knighting, %(b)s black knight, %(t)s treason, %(i)s intrigue.") % {
        "k": p["knighthood"], "b": p["black_knight"], "t": p["treason"], "i": p["intrigue"]}


@LOG.kind("knight_moved")
def _knight_moved(line: LogLine) -> str:
    n = line.p["paths"] if isinstance(line.p["paths"], int) else 0
    if line.p.get("wandering") is True:
        text = line.say(ngettext("%(who)s moves the wandering knight %(n)s path.",
                                 "%(who)s moves the wandering knight %(n)s paths.", n), n=n)
    else:
        text = line.say(ngettext("%(who)s moves a knight %(n)s path.", "%(who)s moves a knight %(n)s paths.", n), n=n)
    if line.p["grain"] is True:
        text += " " + _("(paid 1 grain)")
    return text


@LOG.kind("treason")
def _treason(line: LogLine) -> str:
    return line.say(_("%(who)s moves barbarians from %(sources)s to %(targets)s."),
                    sources=_numbers(line.p["source_numbers"]) or _("the supply"),
                    targets=_numbers(line.p["target_numbers"]))


@LOG.kind("barbarian_moved_for_tokens")
def _barbarian_moved_for_tokens(line: LogLine) -> str:
    p = line.p
    n = p["tokens"] if isinstance(p["tokens"], int) else 1
    text = line.say(ngettext("%(who)s pays %(n)s trade token: a barbarian moves from the coastal hex %(from)s to %(to)s.",
                             "%(who)s pays %(n)s trade tokens: a barbarian moves from the coastal hex %(from)s to %(to)s.",
                             n), n=n, **{"from": p["number"], "to": p["to_number"]})
    if p["conquered"]:
        text += " " + _conquered(p["to_number"], 1)
    if p["freed"]:
        text += " " + _("Freed: the coastal hex %(where)s.") % {"where": p["number"]}
    return text


@LOG.kind("barbarians_beaten")
def _barbarians_beaten(line: LogLine) -> str:
    p = line.p
    prisoners = p["prisoners"] if isinstance(p["prisoners"], dict) else {}
    wanderer = _("the wandering knight")  # Catan for two: its prisoners are nobody's
    shared = ", ".join(f"{line.name(int(s)) if str(s).isdigit() else wanderer} {n}"
                       for s, n in prisoners.items() if str(s).lstrip("-").isdigit())
    text = _("The knights beat the barbarians at the coastal hex %(number)s. Prisoners: %(shared)s.") % {
        "number": p["number"], "shared": shared or "–"}
    lost = p["lost"] if isinstance(p["lost"], list) else []
    colour = str(COLOUR_NAMES.get(p["colour"], p["colour"]))
    owners = [line.name(x[1]) for x in lost if isinstance(x, list) and len(x) == 2]
    if owners:
        text += " " + _("The colour die shows %(colour)s: knights lost by %(who)s.") % {
            "colour": colour, "who": names_list(owners)}
    else:
        text += " " + _("The colour die shows %(colour)s: no knight lost.") % {"colour": colour}
    return text


def log_text(entry: dict, names: list[str]) -> str | None:
    """A log line of Barbarian Attack; None for a kind that is not this scenario's."""
    return LOG.text(entry, names)
