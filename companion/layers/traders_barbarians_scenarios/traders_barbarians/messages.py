"""Traders & Barbarians' words (the campaign's fifth scenario): its phase, refusals, board
problems, gold reasons and log lines, in English and Polish (the package's catalogue: locale/)."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from companion.log_lines import LogLine, LogTable
from companion.machinery.errors import IllegalAction
from companion.messages import Params, cards_text, refusal_text

PHASE_NAMES = {"tb_barbarian": gettext_lazy("A barbarian moves")}
BOARD_PROBLEMS = {
    "tb_target_coast": gettext_lazy("Each target hex (castle, quarry, glassworks) lies on the coast with three sides to the sea."),
    "tb_barbarians_count": gettext_lazy("Tap the three paths where the barbarians start."),
}
# Why gold was earned ("... takes 2 gold for <reason>").
GOLD_REASONS = {"tb_delivery": gettext_lazy("a delivery")}
GOODS = {
    "glass": gettext_lazy("glass"),
    "tools": gettext_lazy("tools"),
    "sand": gettext_lazy("sand"),
    "marble": gettext_lazy("marble"),
}
TARGETS = {
    "castle": gettext_lazy("the castle"),
    "quarry": gettext_lazy("the quarry"),
    "glassworks": gettext_lazy("the glassworks"),
}


def _name(names: list[str], seat) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def good_name(good) -> str:
    return str(GOODS.get(good, "?"))


def target_name(target) -> str:
    return str(TARGETS.get(target, "?"))


def wagon_cards_text(cards) -> str:
    """The wagon cards, level by level ("Level 2: 5 movement points, 2 gold, chase on 6, costs 1 wool, 1 grain")."""
    if not isinstance(cards, list):
        return ""
    lines = []
    for level, c in enumerate(cards, start=1):
        if not isinstance(c, dict):
            continue
        chase = ", ".join(str(n) for n in c.get("chase") or ()) or "–"
        cost = cards_text(c["cost"]) if c.get("cost") else "–"
        lines.append(_("Level %(level)s: %(mp)s movement points, %(gold)s gold, chase on %(chase)s, costs %(cost)s.") % {
            "level": level, "mp": c.get("mp", "?"), "gold": c.get("gold", "?"), "chase": chase, "cost": cost})
    return " ".join(lines)


QUESTIONS = {
    "tb_dev_deck": gettext_lazy("the development deck's mix"),
    "tb_wagon_cards": gettext_lazy("the wagon cards' numbers"),
}


def refusal(error: IllegalAction) -> str | None:
    """Why a Traders & Barbarians action was refused; None for another scenario's code."""
    if error.code == "questions_first" and error.params.get("question") in QUESTIONS:
        return _("Before the first roll the table confirms %(question)s: answer it on the table screen (or accept it as shown).") % {
            "question": QUESTIONS[error.params["question"]]}
    if error.code in ("board_incomplete", "board_layout") and error.params.get("problem") in BOARD_PROBLEMS:
        return str(BOARD_PROBLEMS[error.params["problem"]])
    texts = {
        "tb_needs_board": _("Traders & Barbarians is played on a board: pick a board mode."),
        "tb_players": _("Traders & Barbarians is played by 3 or 4 players, or by 2 with Catan for two."),
        "tb_base_only": _("Traders & Barbarians is played with the base game only."),
        "tb_manual_board": _("The rulebook places the targets and the barbarians only in its picture: enter the board by hand (board mode: manual)."),
        "tb_unknown_path": _("That is not a path of this board."),
        "tb_barbarians_count": _("Three barbarians start on the board: tap one again to take it off first."),
        "tb_target_coast": str(BOARD_PROBLEMS["tb_target_coast"]),
        "tb_not_now": _("Not now."),
        "tb_bad_deck": _("Give each kind of development card as a whole number from 0 to 25."),
        "tb_deck_size": _("The scenario's deck holds %(expected)s development cards, not %(actual)s."),
        "tb_after_moving": _("The wagon moves at the end of the turn: after it has moved, no more building or trading this turn."),
        "tb_target_corner": _("No settlement on a target's corner that touches only the sea: its paths take no road."),
        "tb_not_adjacent": _("The wagon moves one path at a time: pick a marked intersection next to it."),
        "tb_no_points": _("Not enough movement points: that path costs %(need)s, %(left)s left."),
        "tb_grain_used": _("Only one grain a turn buys more movement points."),
        "tb_top_level": _("The wagon is at its top level already."),
        "tb_no_barbarian": _("No barbarian stands on that path."),
        "tb_chase_level": _("Chasing a barbarian needs a wagon of level 2 or more."),
        "tb_chase_not_beside": _("The wagon must stand at an end of the barbarian's path."),
        "tb_chase_tried": _("You have tried to chase this barbarian this turn already."),
        "tb_pick_barbarian": _("First pick the barbarian that moves."),
        "tb_path_taken": _("Pick another path with no barbarian on it."),
        "tb_spoke_not_open": _("No road there: a road into a target's centre joins your own building or road at its corner, or your road on another path into the same centre."),
        "tb_tokens_no_road": _("Trade tokens move a barbarian to a path without a road only."),
        "tb_no_free_path": _("No free path without a road is left for a barbarian."),
        "tb_reroll": _("A %(total)s is rolled again in this scenario: roll the dice again."),
        "tb_bad_wagon_mp": _("Wagon card level %(level)s: movement points are a whole number from 1 to 12."),
        "tb_first_wagon_mp": _("The level 1 wagon card has %(mp)s movement points (the rulebook says so)."),
        "tb_bad_wagon_gold": _("Wagon card level %(level)s: gold per delivery is a whole number from 0 to 9."),
        "tb_bad_wagon_chase": _("Wagon card level %(level)s: the chase numbers are die numbers from 1 to 6, e.g. 5, 6."),
        "tb_bad_wagon_cost": _("Wagon card level %(level)s: each resource of the cost is a whole number from 0 to 5."),
    }
    return refusal_text(texts, error)


# Traders & Barbarians' log lines: a sentence to fill in with the entry's params and %(who)s,
# the acting player (its goods and targets named by `words`), or a function of the line.
LOG = LogTable({
    "tb_barbarian_set": gettext_lazy("A barbarian starts on a path."),
    "tb_barbarian_removed": gettext_lazy("A barbarian was taken off the board."),
    "tb_stack_empty": gettext_lazy("No goods tokens are left at %(target)s."),
    "tb_wagon_grain": gettext_lazy("%(who)s gives 1 grain: 2 more movement points for the wagon."),
    "tb_rerolled": gettext_lazy("A %(total)s: the dice are rolled again."),
}, params=Params, words={"good": good_name, "target": target_name}, who=_name, name=_name)


def _count(value) -> int:
    """A number of the entry's params (0 for one that is not a number)."""
    return value if isinstance(value, int) else 0


@LOG.kind("board_entered")
def _board_entered(line: LogLine) -> str | None:
    parts = line.p.get("parts") or {}
    if not isinstance(parts.get("barbarian_paths"), int):
        return None  # a board without the barbarians: the base game's line
    # The board's one line (the base game's words), with the barbarians counted in it.
    from companion.layers.cores.base.messages import board_entered_text
    n = parts["barbarian_paths"]
    return board_entered_text(line.entry, (ngettext("%(n)s barbarian path", "%(n)s barbarian paths", n) % {"n": n},))


@LOG.kind("tb_wagon_moved")
def _wagon_moved(line: LogLine) -> str:
    p = line.p
    left = _count(p["left"])
    if p.get("neutral"):  # Catan for two: a neutral road's toll is split
        if p.get("opponent"):
            return line.say(ngettext("%(who)s's wagon moves along a neutral road and pays 1 gold toll to %(opponent)s (%(n)s movement point left).",
                                     "%(who)s's wagon moves along a neutral road and pays 1 gold toll to %(opponent)s (%(n)s movement points left).",
                                     left), opponent=line.name(p["payee"]), n=left)
        return line.say(ngettext("%(who)s's wagon moves along a neutral road and pays 1 gold toll to the bank (%(n)s movement point left).",
                                 "%(who)s's wagon moves along a neutral road and pays 1 gold toll to the bank (%(n)s movement points left).",
                                 left), n=left)
    if p.get("payee") is not None:
        return line.say(ngettext("%(who)s's wagon moves along %(payee)s's road and pays 1 gold toll (%(n)s movement point left).",
                                 "%(who)s's wagon moves along %(payee)s's road and pays 1 gold toll (%(n)s movement points left).",
                                 left), payee=line.name(p["payee"]), n=left)
    return line.say(ngettext("%(who)s's wagon moves (%(n)s movement point left).",
                             "%(who)s's wagon moves (%(n)s movement points left).", left), n=left)


@LOG.kind("tb_goods_taken")
def _goods_taken(line: LogLine) -> str:
    # The token's target is where it is carried to ("to"); "target" is where it was taken.
    return line.say(_("%(who)s takes a goods token at %(source)s: %(good)s, to carry to %(target)s."),
                    source=target_name(line.p["target"]), target=target_name(line.p["to"]))


@LOG.kind("tb_delivered")
def _delivered(line: LogLine) -> str:
    amount = _count(line.p["gold"])
    return line.say(ngettext("%(who)s delivers %(good)s to %(target)s: 1 victory point and %(n)s gold.",
                             "%(who)s delivers %(good)s to %(target)s: 1 victory point and %(n)s gold.", amount), n=amount)


@LOG.kind("tb_wagon_upgraded")
def _wagon_upgraded(line: LogLine) -> str:
    cost = line.p["cost"] if isinstance(line.p["cost"], dict) else {}
    return line.say(_("%(who)s upgrades the wagon to level %(level)s (%(cost)s)."), cost=cards_text(cost) if cost else "-")


@LOG.kind("tb_chase")
def _chase(line: LogLine) -> str:
    if line.p["chased"] is True:
        return line.say(_("%(who)s rolls %(die)s and chases the barbarian away."))
    return line.say(_("%(who)s rolls %(die)s: the barbarian stays."))


@LOG.kind("tb_barbarian_moved")
def _barbarian_moved(line: LogLine) -> str:
    p = line.p
    if p.get("victim") is None:
        return line.say(_("%(who)s moves a barbarian."))
    victim = line.name(p["victim"])
    if p.get("card"):  # only the mover and the victim see the card
        return line.say(_("%(who)s moves a barbarian onto %(victim)s's road and takes a %(card)s."),
                        victim=victim, card=cards_text({p["card"]: 1}))
    if p.get("empty"):
        return line.say(_("%(who)s moves a barbarian onto %(victim)s's road; %(victim)s has no card to take."), victim=victim)
    return line.say(_("%(who)s moves a barbarian onto %(victim)s's road and takes a random resource card from them."),
                    victim=victim)


@LOG.kind("tb_dev_deck")
def _dev_deck(line: LogLine) -> str:
    if line.p.get("as_shown") is True:
        return line.say(_("The table confirms the development deck as the app showed it: %(knight)s Knights, %(victory_point)s victory points, %(monopoly)s Monopoly, %(road_building)s Road Building, %(year_of_plenty)s Year of Plenty."))
    return line.say(_("The development deck: %(knight)s Knights, %(victory_point)s victory points, %(monopoly)s Monopoly, %(road_building)s Road Building, %(year_of_plenty)s Year of Plenty."))


@LOG.kind("tb_wagon_cards")
def _wagon_cards(line: LogLine) -> str:
    as_shown = line.p.get("as_shown")
    if as_shown is True:
        return _("The table confirms the wagon cards as the app showed them.") + " " + wagon_cards_text(line.p["cards"])
    if as_shown is False:
        return _("The table enters its own wagon cards.") + " " + wagon_cards_text(line.p["cards"])
    return _("The wagon cards are confirmed as the table's printed cards.")


@LOG.kind("tb_target_tokens")
def _target_tokens(line: LogLine) -> str:
    n = _count(line.p["tokens"])
    if n < _count(line.p["due"]):
        return line.say(_("%(who)s's settlement stands next to a target, but the pool has no trade token left."))
    return line.say(ngettext("%(who)s takes %(n)s trade token for a settlement next to a target.",
                             "%(who)s takes %(n)s trade tokens for a settlement next to a target.", n), n=n)


@LOG.kind("tb_tokens_barbarian")
def _tokens_barbarian(line: LogLine) -> str:
    n = _count(line.p["tokens"])
    return line.say(ngettext("%(who)s pays %(n)s trade token to move a barbarian to a path without a road.",
                             "%(who)s pays %(n)s trade tokens to move a barbarian to a path without a road.", n), n=n)


def log_text(entry: dict, names: list[str]) -> str | None:
    """A log line of Traders & Barbarians; None for a kind that is not this scenario's."""
    return LOG.text(entry, names)
