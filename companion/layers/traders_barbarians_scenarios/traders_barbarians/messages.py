"""Traders & Barbarians' words (the campaign's fifth scenario): its phase, refusals, board
problems, gold reasons and log lines, in English and Polish (the package's catalogue: locale/)."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

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


def log_text(entry: dict, names: list[str]) -> str | None:
    """A log line of Traders & Barbarians; None for a kind that is not this scenario's."""
    p = Params(entry.get("params") or {})
    who = _name(names, entry.get("seat"))
    kind = entry["kind"]
    parts = (entry.get("params") or {}).get("parts") or {}
    if kind == "board_entered" and isinstance(parts.get("barbarian_paths"), int):
        # The board's one line (the base game's words), with the barbarians counted in it.
        from companion.layers.cores.base.messages import board_entered_text
        n = parts["barbarian_paths"]
        return board_entered_text(entry, (ngettext("%(n)s barbarian path", "%(n)s barbarian paths", n) % {"n": n},))
    if kind == "tb_barbarian_set":
        return _("A barbarian starts on a path.")
    if kind == "tb_barbarian_removed":
        return _("A barbarian was taken off the board.")
    if kind == "tb_wagon_moved":
        left = p["left"] if isinstance(p["left"], int) else 0
        if entry["params"].get("neutral"):  # Catan for two: a neutral road's toll is split
            terms = {"who": who, "opponent": _name(names, p["payee"]), "n": left}
            if entry["params"].get("opponent"):
                return ngettext("%(who)s's wagon moves along a neutral road and pays 1 gold toll to %(opponent)s (%(n)s movement point left).",
                                "%(who)s's wagon moves along a neutral road and pays 1 gold toll to %(opponent)s (%(n)s movement points left).",
                                left) % terms
            return ngettext("%(who)s's wagon moves along a neutral road and pays 1 gold toll to the bank (%(n)s movement point left).",
                            "%(who)s's wagon moves along a neutral road and pays 1 gold toll to the bank (%(n)s movement points left).",
                            left) % terms
        if entry["params"].get("payee") is not None:
            return ngettext("%(who)s's wagon moves along %(payee)s's road and pays 1 gold toll (%(n)s movement point left).",
                            "%(who)s's wagon moves along %(payee)s's road and pays 1 gold toll (%(n)s movement points left).",
                            left) % {"who": who, "payee": _name(names, p["payee"]), "n": left}
        return ngettext("%(who)s's wagon moves (%(n)s movement point left).",
                        "%(who)s's wagon moves (%(n)s movement points left).", left) % {"who": who, "n": left}
    if kind == "tb_goods_taken":
        return _("%(who)s takes a goods token at %(source)s: %(good)s, to carry to %(target)s.") % {
            "who": who, "source": target_name(p["target"]), "good": good_name(p["good"]), "target": target_name(p["to"])}
    if kind == "tb_delivered":
        amount = p["gold"] if isinstance(p["gold"], int) else 0
        return ngettext("%(who)s delivers %(good)s to %(target)s: 1 victory point and %(n)s gold.",
                        "%(who)s delivers %(good)s to %(target)s: 1 victory point and %(n)s gold.", amount) % {
            "who": who, "good": good_name(p["good"]), "target": target_name(p["target"]), "n": amount}
    if kind == "tb_stack_empty":
        return _("No goods tokens are left at %(target)s.") % {"target": target_name(p["target"])}
    if kind == "tb_wagon_grain":
        return _("%(who)s gives 1 grain: 2 more movement points for the wagon.") % {"who": who}
    if kind == "tb_wagon_upgraded":
        cost = p["cost"] if isinstance(p["cost"], dict) else {}
        return _("%(who)s upgrades the wagon to level %(level)s (%(cost)s).") % {
            "who": who, "level": p["level"], "cost": cards_text(cost) if cost else "-"}
    if kind == "tb_chase":
        if p["chased"] is True:
            return _("%(who)s rolls %(die)s and chases the barbarian away.") % {"who": who, "die": p["die"]}
        return _("%(who)s rolls %(die)s: the barbarian stays.") % {"who": who, "die": p["die"]}
    if kind == "tb_barbarian_moved":
        victim = entry["params"].get("victim")
        if victim is None:
            return _("%(who)s moves a barbarian.") % {"who": who}
        if entry["params"].get("card"):
            return _("%(who)s moves a barbarian onto %(victim)s's road and takes a %(card)s.") % {
                "who": who, "victim": _name(names, victim), "card": cards_text({p["card"]: 1})}
        if entry["params"].get("empty"):
            return _("%(who)s moves a barbarian onto %(victim)s's road; %(victim)s has no card to take.") % {
                "who": who, "victim": _name(names, victim)}
        return _("%(who)s moves a barbarian onto %(victim)s's road and takes a random resource card from them.") % {
            "who": who, "victim": _name(names, victim)}
    if kind == "tb_dev_deck":
        deck = {k: p[k] for k in ("knight", "victory_point", "monopoly", "road_building", "year_of_plenty")}
        if entry["params"].get("as_shown") is True:
            return _("The table confirms the development deck as the app showed it: %(knight)s Knights, %(victory_point)s victory points, %(monopoly)s Monopoly, %(road_building)s Road Building, %(year_of_plenty)s Year of Plenty.") % deck
        return _("The development deck: %(knight)s Knights, %(victory_point)s victory points, %(monopoly)s Monopoly, %(road_building)s Road Building, %(year_of_plenty)s Year of Plenty.") % deck
    if kind == "tb_wagon_cards":
        if entry["params"].get("as_shown") is True:
            return _("The table confirms the wagon cards as the app showed them.") + " " + wagon_cards_text(p["cards"])
        if entry["params"].get("as_shown") is False:
            return _("The table enters its own wagon cards.") + " " + wagon_cards_text(p["cards"])
        return _("The wagon cards are confirmed as the table's printed cards.")
    if kind == "tb_target_tokens":
        n = p["tokens"] if isinstance(p["tokens"], int) else 0
        if n < (p["due"] if isinstance(p["due"], int) else 0):
            return _("%(who)s's settlement stands next to a target, but the pool has no trade token left.") % {"who": who}
        return ngettext("%(who)s takes %(n)s trade token for a settlement next to a target.",
                        "%(who)s takes %(n)s trade tokens for a settlement next to a target.", n) % {"who": who, "n": n}
    if kind == "tb_tokens_barbarian":
        n = p["tokens"] if isinstance(p["tokens"], int) else 0
        return ngettext("%(who)s pays %(n)s trade token to move a barbarian to a path without a road.",
                        "%(who)s pays %(n)s trade tokens to move a barbarian to a path without a road.", n) % {
            "who": who, "n": n}
    if kind == "tb_rerolled":
        return _("A %(total)s: the dice are rolled again.") % {"total": p["total"]}
    return None
