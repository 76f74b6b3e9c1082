"""What the screens show of gold (rules.py): every player's gold on the scoreboard (coins lie
open on the table), a phone's own gold, and the forms to buy and trade with gold (the
active player's on its phone, or the table's with paper cards), and the gold offers
between phones. No points of its own: a scenario's titles are its own."""
from companion.messages import CARD_NAMES, cards_text

from companion.layers.gold import rules
from companion.layers.gold.messages import gold_text
from companion.machinery.contract import Screens, Words
from companion.layers.gold import LAYERS, messages

# The keys this layer adds to a screen's context, as the templates find them in other games.
DEFAULTS = {"gold": None, "gold_scores": None}
PARTIALS = {"actions": "gold/actions.html", "scoreboard": "gold/scoreboard.html", "hand": "gold/hand.html"}
# What the scoreboard (a shared fragment kept by what it shows) reads: the public part only.
READS = {"scoreboard": ("gold_scores",)}


def context(view: dict, names: list[str], picture: dict | None) -> dict:
    g = view.get("gold")
    if not g:
        return {}
    players = view["players"]
    me = (view.get("me") or {}).get("seat")
    active = view["active_seat"]
    rows = [{"player": p, "gold": g["held"][p["seat"]]} for p in players]
    out = {
        "rows": rows,
        "hands": view["config"]["play_mode"] == "hands",
        "buys_left": g["buys_left"],
        "buy_price": rules.BUY_PRICE,
        "buy_price_text": gold_text(rules.BUY_PRICE),
        "sells_gold": g["sells_gold"],
        "active_gold": g["held"][active] if active is not None else 0,
        "active_ratio": g["ratios"][active] if active is not None else 0,
        # A layer's own exchange may sell no resources for gold (Explorers & Pirates: only 2 a piece)
        "active_buys_resources": active is None or (g.get("buys_resources") or [True] * len(players))[active],
        "me": None,
        "offers": [],
    }
    out["active_ratio_text"] = gold_text(out["active_ratio"])
    if me is not None:
        out["me"] = {"seat": me, "gold": g["held"][me], "gold_text": gold_text(g["held"][me]), "ratio": g["ratio"],
                     "can_buy": g["buys_left"] > 0 and g["held"][me] >= rules.BUY_PRICE,
                     # what the offer's list shows of them (a whole player changes on every action)
                     "partners": [{"seat": p["seat"], "name": p["name"], "is_active": p["is_active"]}
                                  for p in players if p["seat"] != me]}
    for offer in g["offers"]:
        out["offers"].append({
            **offer, "maker": players[offer["from"]], "addressee": players[offer["to"]],
            "gold_text": gold_text(offer["gold"]), "cards_text": cards_text(offer["cards"]),
            "maker_gives_gold": offer["gold_by"] == offer["from"],
            "mine": me == offer["from"], "for_me": me == offer["to"]})
    out["resources"] = [{"code": code, "name": CARD_NAMES[code]} for code in rules.base.RESOURCES]
    return {"gold": out, "gold_scores": {"rows": rows}}


# Its screen contract (companion/machinery/contract.py), listed in companion/layers/screens.py.
SCREENS = Screens(
    layers=LAYERS, context=context, defaults=DEFAULTS, partials=PARTIALS, reads=READS,
    words=Words(messages.refusal, messages.log_text),
)
