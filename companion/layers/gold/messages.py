"""Gold's words: its refusals and its log lines (buying and trading with gold, gold between
players, gold earned and spent). Why gold was earned or spent is worded by the layer that
paid it, in its messages' GOLD_REASONS ({reason: text}): gold never names a scenario."""
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from companion.machinery.errors import IllegalAction
from companion.messages import CARD_NAMES, LayerNames, Params, cards_text, refusal_text

# Every layer's words for its reasons to pay or take gold ("... takes 1 gold for <reason>").
# (Named so as not to be one of the tables it reads.)
REASONS = LayerNames("gold_reason")  # every layer's GOLD_REASONS (its words' names["gold_reason"])


def gold_text(n: int) -> str:
    return ngettext("%(n)s gold", "%(n)s gold", n) % {"n": n}


def _number(value, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def goods_text(bundle: dict) -> str:
    """{"gold": 4} or {"grain": 4}: "4 gold" / "4 grain"."""
    bundle = dict(bundle or {})
    gold = bundle.pop("gold", 0)
    parts = [gold_text(_number(gold))] if gold else []
    if bundle:
        parts.append(cards_text(bundle))
    return ", ".join(parts)


def refusal(error: IllegalAction) -> str | None:
    """Why a gold action was refused; None for a code that is not gold's."""
    p = Params(error.params)
    need = _number(p.get("need"), 2)
    texts = {
        "not_enough_gold": ngettext("That takes %(need)s gold; you have %(have)s.",
                                    "That takes %(need)s gold; you have %(have)s.", need),
        "gold_buys_used": ngettext("Gold buys at most %(limit)s resource a turn.",
                                   "Gold buys at most %(limit)s resources a turn.", _number(p.get("limit"), 2)),
        "gold_on_phone": _("Gold is spent on the player's own phone: the cards go into their hand."),
        "gold_trade_sides": _("Trade gold for a resource, or a resource for gold."),
        "bank_sells_no_gold": _("The bank sells no gold: it is earned in play and traded with other players."),
        "trade_with_active": _("Trades are made with the player whose turn it is."),
    }
    return refusal_text(texts, error)


def _name(names: list[str], seat) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else _("nobody")


def _reason(code, params: dict) -> str:
    """A layer's words for why gold moved; they may name the entry's params ("nothing from the
    %(roll)s"), and words missing a param are shown as they are rather than failing."""
    text = str(REASONS.get(code, code))
    if "%(" in text:
        try:
            return text % params
        except (KeyError, TypeError, ValueError):
            return text
    return text


def log_text(entry: dict, names: list[str]) -> str | None:
    """A log line of gold; None for a kind that is not gold's."""
    p = Params(entry.get("params") or {})
    seat = entry.get("seat")
    who = _name(names, seat)
    kind = entry["kind"]
    if kind in ("gold_earned", "gold_spent"):
        n = _number(p["gold"])
        words = {"who": who, "n": n, "reason": _reason(p["reason"], dict(entry.get("params") or {})), "total": p["total"]}
        if kind == "gold_earned":
            return ngettext("%(who)s takes %(n)s gold for %(reason)s (now %(total)s).",
                            "%(who)s takes %(n)s gold for %(reason)s (now %(total)s).", n) % words
        return ngettext("%(who)s pays %(n)s gold for %(reason)s (now %(total)s).",
                        "%(who)s pays %(n)s gold for %(reason)s (now %(total)s).", n) % words
    if kind == "bought_with_gold":
        return _("%(who)s pays %(gold)s and takes 1 %(resource)s from the bank.") % {
            "who": who, "gold": gold_text(_number(p["gold"], 2)),
            "resource": CARD_NAMES.get(p["resource"], p["resource"])}
    if kind == "gold_traded":
        return _("%(who)s trades %(gave)s with the bank for %(got)s.") % {
            "who": who, "gave": goods_text(p["gave"]), "got": goods_text(p["got"])}
    if kind == "gold_given":
        return _("%(who)s gives %(to)s %(gold)s (a trade at the table).") % {
            "who": who, "to": _name(names, p["to"]), "gold": gold_text(_number(p["gold"]))}
    if kind == "gold_offered":
        words = {"who": who, "to": _name(names, p["to"]), "gold": gold_text(_number(p["gold"])),
                 "cards": cards_text(p["cards"] or {})}
        if p["gold_by"] == seat:
            return _("%(who)s offers %(to)s %(gold)s for %(cards)s.") % words
        return _("%(who)s offers %(to)s %(cards)s for %(gold)s.") % words
    if kind == "gold_offer_closed":
        if p["answer"] == "withdraw":
            return _("%(who)s withdraws the gold offer.") % {"who": who}
        return _("%(who)s declines the gold offer.") % {"who": who}
    if kind == "gold_traded_players":
        return _("%(who)s gives %(to)s %(gold)s for %(cards)s.") % {
            "who": who, "to": _name(names, p["to"]), "gold": gold_text(_number(p["gold"])),
            "cards": cards_text(p["cards"] or {})}
    return None
