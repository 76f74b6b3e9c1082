"""Rivers of Catan's words: its refusals, the problems of a board being entered, its log
lines (bridges, the wealthiest and the poor settlers) and its reasons to pay gold (the gold
layer's log lines read GOLD_REASONS)."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from companion.machinery.errors import IllegalAction
from companion.messages import Params, names_list, refusal_text

# The board's own problems while the table enters it (check_board's codes).
BOARD_PROBLEMS = {
    "river_missing": gettext_lazy("Rivers: mark the paths along the rivers (tap a path, then \"river\")."),
    "bridge_sites_count": gettext_lazy("Rivers: mark the 7 bridge sites, the paths that cross a river."),
    "river_and_bridge": gettext_lazy("Rivers: a path is either along a river or a bridge site, not both."),
    "bridge_off_river": gettext_lazy("Rivers: every bridge site crosses a river, so it touches a path along one."),
    "river_unknown_edge": gettext_lazy("Rivers: a marked path is not on this board."),
    "two_beside_twelve": gettext_lazy("The \"2\" lies beside the \"12\": no hex takes the 2 as its own number."),
}
# The swamps are the robber's home on this board: how the words that send it home, find it
# there or build beside it say so (read by whichever layer words those: Catan for two's tokens).
ROBBER_HOME_WORDS = {
    "swamp": {"to": pgettext_lazy("robber's home", "to a swamp"),
              "on": pgettext_lazy("robber's home", "on a swamp"),
              "next_to": pgettext_lazy("robber's home", "next to a swamp")},
}
# Why gold is paid out here ("... takes 1 gold for <reason>"): read by the gold layer's words.
GOLD_REASONS = {
    "road": gettext_lazy("a road by the river"),
    "settlement": gettext_lazy("a settlement by the river"),
    "bridge": gettext_lazy("a bridge"),
}


def refusal(error: IllegalAction) -> str | None:
    """Why a Rivers of Catan action was refused; None for a code that is not this scenario's."""
    p = Params(error.params)
    if error.code in ("board_layout", "board_incomplete") and p.get("problem") in BOARD_PROBLEMS:
        return str(BOARD_PROBLEMS[p["problem"]])
    texts = {
        "rivers_manual_board": _("Rivers of Catan is played on the board with its rivers as it lies on the table: pick \"Enter the board laid out on the table\"."),
        "rivers_need_board": _("Rivers of Catan needs the board: the app pays gold for what is built by a river."),
        "rivers_base_only": _("Rivers of Catan is played with the base game, not with Cities & Knights."),
        "rivers_players": _("Rivers of Catan is played by 3 or 4 players (2 with Catan for two)."),
        "river_unknown_edge": _("That is not a path of this board."),
        "bad_river_kind": _("A path is along a river, a bridge site, or neither."),
        "bridge_sites_count": _("There are exactly %(expected)s bridge sites.") % p,
        "road_closed": _("No road may go on a bridge site: only a bridge crosses the river."),
        "not_bridge_site": _("A bridge goes only on one of the 7 bridge sites."),
        "bridge_site_taken": _("A bridge stands there already."),
        "no_bridges_left": ngettext("You have built your %(limit)s bridge already.",
                                    "You have built your %(limit)s bridges already.",
                                    p["limit"] if isinstance(p.get("limit"), int) else 3) % p,
        "bridge_not_connected": _("A bridge must touch your own road, settlement or city."),
    }
    return refusal_text(texts, error)


def _name(names: list[str], seat) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else _("nobody")


def log_text(entry: dict, names: list[str]) -> str | None:
    """A log line of Rivers of Catan; None for a kind that is not this scenario's."""
    p = Params(entry.get("params") or {})
    seat = entry.get("seat")
    who = _name(names, seat)
    kind = entry["kind"]
    parts = (entry.get("params") or {}).get("parts") or {}
    if kind == "board_entered" and isinstance(parts.get("bridge_sites"), int):
        # The board's one line (the base game's words), with the rivers counted in it.
        from companion.layers.cores.base.messages import board_entered_text
        river, sites = parts.get("river_paths", 0), parts["bridge_sites"]
        return board_entered_text(entry, (
            ngettext("%(n)s river path", "%(n)s river paths", river) % {"n": river},
            ngettext("%(n)s bridge site", "%(n)s bridge sites", sites) % {"n": sites}))
    if kind == "river_edge_set":
        marks = {"river": _("along a river"), "bridge": _("a bridge site")}
        return _("Board: a path is marked %(mark)s.") % {"mark": marks.get(p["river_kind"], _("neither river nor bridge site"))} \
            if p.get("river_kind") else _("Board: a path is no longer marked.")
    if kind == "built_bridge":
        return _("%(who)s builds a bridge.") % {"who": who}
    if kind == "rivers_titles":
        poor = p["poor"] or []
        if len(poor) == len(names):
            line = _("Setup is over and everyone has as much gold as the others: everyone takes a poor settler tile (-2 points).")
        else:
            line = ngettext("Setup is over: %(names)s takes the poor settler tile (-2 points).",
                            "Setup is over: %(names)s take the poor settler tiles (-2 points each).", len(poor)) % {
                "names": names_list([_name(names, s) for s in poor])}
        if p["wealthiest"] is not None:
            line += " " + _("%(who)s is the wealthiest settler (+1 point).") % {"who": _name(names, p["wealthiest"])}
        return line
    if kind == "wealthiest":
        if seat is None:
            return _("Nobody alone has the most gold: the wealthiest settler tile is set aside.")
        return _("%(who)s alone has the most gold: the wealthiest settler (+1 point).") % {"who": who}
    if kind == "poor":
        seats = p["seats"] or []
        if len(seats) == len(names):
            return _("Everyone has as much gold as the others: everyone is a poor settler (-2 points).")
        return ngettext("Poor settler (-2 points): %(names)s.", "Poor settlers (-2 points each): %(names)s.",
                        len(seats)) % {"names": names_list([_name(names, s) for s in seats])}
    return None
