"""The gold layer on its own (layers/gold/rules.py), under a made-up scenario that needs it:
"coins" finds gold (gold.earn) and pays tolls with it (gold.spend). What every Traders &
Barbarians scenario with gold shares (traders-and-barbarians-pl.txt, "Złoto"): 2 gold buy
any resource, at most twice a turn, in one's own turn after the roll; gold goes to the
bank like a resource, 4:1 or 3:1 at a 3:1 harbour, and the bank sells none; gold between
players (paper: recorded by the table; phones: offered and accepted); undo and replay."""
import copy
import json

import pytest

from companion import layers as registry
from companion.engine import IllegalAction, fold, view
from companion.engine import game as engine_game
from companion.engine.game import allowed_actions, ruleset
from companion.layers.gold import rules as gold
from companion.machinery import board as boards
from companion.machinery.composition import Actions, Layer, scenario
from companion.machinery.step import Step
from companion.machinery.turns import active_seat, whole_number
from tests.engine.played import Played
from tests.engine.test_properties import same_play

T = {"role": "table"}
A, B, C = {"seat": 0}, {"seat": 1}, {"seat": 2}
G = boards.geometry("base")

_actions = Actions()


@_actions.action("find_coins", phases={"main"}, actors={"table"})
def find_coins(step: Step) -> None:
    gold.earn(step.state, step, active_seat(step.state), whole_number(step.args.get("count"), "bad_count"), "found",
              where="hill")


@_actions.action("pay_toll", phases={"main"}, actors={"table"})
def pay_toll(step: Step) -> None:
    gold.spend(step.state, step, active_seat(step.state), whole_number(step.args.get("count"), "bad_count"), "toll")


COINS = Layer(name="coins", scenario="coins", applies=scenario("coins"), needs=("gold",), actions=_actions.table)
SELLING = Layer(name="coins_sold", applies=lambda config: config.get("scenario") == "coins" and
                bool((config.get("variants") or {}).get("coins_sold")), options=("coins_sold",),
                hooks={"gold_sold": lambda rules, state: True})


@pytest.fixture(autouse=True)
def coins_registry(monkeypatch):
    """The real registry (gold in it) with the made-up scenario after it."""
    monkeypatch.setattr(registry, "LAYERS", registry.LAYERS + (COINS, SELLING))
    monkeypatch.setattr(engine_game, "_COMPOSED", {})


def config(players=3, play_mode="hands", **more):
    names, colors = ["Ala", "Bartek", "Celina", "Darek"], ["red", "blue", "white", "orange"]
    return {"players": [{"name": names[i], "color": colors[i]} for i in range(players)], "scenario": "coins",
            "board": "random", "board_layout": boards.beginner_board(), "play_mode": play_mode, "dice_source": "typed",
            "target": 10, **more}


class Game(Played):
    def __init__(self, seed=5, **kw):
        super().__init__(config(**kw), seed)

    def held(self):
        return self.state["gold"]["held"]

    def give(self, seat, **cards):
        for r, n in cards.items():
            self.state["bank"][r] -= n
            self.state["players"][seat]["hand"][r] += n

    def ready(self):
        """Setup by the first free places, then Ala's roll: her turn, after the roll."""
        while self.state["phase"] == "setup":
            targets = self.targets()
            kind = "settlement" if targets.get("settlement") else "road"
            self.act(f"place_{kind}", **({"corner": targets["settlement"][0]} if kind == "settlement"
                                         else {"edge": targets["road"][0]}))
        self.act("roll", dice=[3, 3])
        assert self.state["phase"] == "main" and active_seat(self.state) == 0
        return self


def test_gold_comes_with_a_scenario_that_needs_it_and_never_alone():
    assert ruleset(Game().state).names[-2:] == ("gold", "coins")
    plain = {**config(), "scenario": None}
    assert "gold" not in engine_game.rules_for(plain).names
    state = Game().state
    assert state["gold"] == {"held": [0, 0, 0], "earned": [0, 0, 0], "spent": [0, 0, 0], "moved": [0, 0, 0],
                             "bought": {"turn": None, "count": 0}, "offers": [], "next_offer": 0}


def test_earn_and_spend_log_their_reasons_and_refuse_what_is_not_there():
    game = Game().ready()
    game.act("find_coins", count=5)
    entry = game.state["log"][-1]
    assert entry["kind"] == "gold_earned" and entry["params"] == {"gold": 5, "reason": "found", "total": 5,
                                                                  "where": "hill"}
    assert gold.held(game.state, 0) == 5
    game.act("pay_toll", count=2)
    assert game.state["log"][-1]["kind"] == "gold_spent" and game.state["log"][-1]["params"]["reason"] == "toll"
    assert game.held() == [3, 0, 0]
    with pytest.raises(IllegalAction) as short:
        game.act("pay_toll", count=4)
    assert short.value.code == "not_enough_gold" and short.value.params == {"need": 4, "have": 3}
    g = game.state["gold"]
    assert (g["earned"], g["spent"], g["moved"]) == ([5, 0, 0], [2, 0, 0], [0, 0, 0])


def test_move_goes_between_seats_and_never_below_nothing():
    game = Game().ready()
    game.act("find_coins", count=3)
    state = copy.deepcopy(game.state)
    gold.move(state, 0, 2, 2)
    assert state["gold"]["held"] == [1, 0, 2] and state["gold"]["moved"] == [-2, 0, 2]
    with pytest.raises(IllegalAction) as short:
        gold.move(state, 1, 0, 1)
    assert short.value.code == "not_enough_gold"


def test_two_gold_buy_a_resource_twice_a_turn_after_the_roll():
    game = Game()
    game.ready()
    game.act("find_coins", count=7)
    assert game.refused("buy_with_gold", T, resource="ore") == "gold_on_phone"  # hands: on the phone
    assert game.refused("buy_with_gold", B, resource="ore") in ("not_your_turn", "not_active")
    ore = game.state["players"][0]["hand"]["ore"]
    game.act("buy_with_gold", A, resource="ore")
    game.act("buy_with_gold", A, resource="wool")
    assert game.refused("buy_with_gold", A, resource="ore") == "gold_buys_used"
    assert game.held()[0] == 3 and game.state["players"][0]["hand"]["ore"] == ore + 1
    assert view(game.state, 0)["gold"]["buys_left"] == 0
    # Bartek's turn: two more for him, none before his roll.
    game.act("end_turn", A)
    game.state["gold"]["held"][1] = game.state["gold"]["earned"][1] = 3
    assert "buy_with_gold" not in allowed_actions(game.state, B)
    assert game.refused("buy_with_gold", B, resource="brick") in ("wrong_phase", "not_allowed_now")
    game.act("roll", B, dice=[2, 3])
    game.act("buy_with_gold", B, resource="brick")
    assert game.refused("buy_with_gold", B, resource="brick") == "not_enough_gold"
    assert game.refused("buy_with_gold", B, resource="gold") == "bad_resource"


def test_gold_to_the_bank_4_to_1_3_to_1_at_a_harbour_and_the_bank_sells_none():
    game = Game().ready()
    game.act("find_coins", count=5)
    assert view(game.state, 0)["gold"]["ratio"] == 4
    game.act("trade_gold", A, give="gold", get="ore")
    assert game.held()[0] == 1
    game.give(0, grain=4)
    assert game.refused("trade_gold", A, give="grain", get="gold") == "bank_sells_no_gold"
    assert game.refused("trade_gold", A, give="gold", get="gold") == "gold_trade_sides"
    assert game.refused("trade_gold", A, give="gold", get="ore") == "not_enough_gold"
    # A settlement on a 3:1 harbour: 3 gold for 1.
    edge = next(e for e, kind in game.state["board"]["layout"]["harbours"].items() if kind == boards.GENERIC)
    game.state["board"]["pieces"]["settlements"][G.edge_corners[edge][0]] = 0
    game.act("find_coins", count=5)
    assert view(game.state, 0)["gold"]["ratio"] == 3 and view(game.state, TABLE_VIEW)["gold"]["ratios"][0] == 3
    game.act("trade_gold", A, give="gold", get="brick", count=2)
    assert game.held()[0] == 0 and game.state["log"][-1]["params"]["gave"] == {"gold": 6}


TABLE_VIEW = "table"


def test_a_layer_may_have_the_bank_sell_gold():
    game = Game(variants={"coins_sold": True}).ready()
    game.give(0, grain=4)
    game.act("trade_gold", A, give="grain", get="gold")
    assert game.held()[0] == 1 and game.state["players"][0]["hand"]["grain"] >= 0
    assert game.state["gold"]["earned"][0] == 1


def test_offers_between_phones_with_the_active_player_only():
    game = Game().ready()
    game.state["gold"]["held"][1] = game.state["gold"]["earned"][1] = 4
    game.give(0, wool=2)
    # Bartek offers Ala 2 gold for 2 wool; Celina cannot accept it, Ala does.
    game.act("offer_gold", B, to=0, count=2, cards={"wool": 2}, give="gold")
    offer = game.state["gold"]["offers"][0]
    assert view(game.state, 2)["gold"]["offers"][0]["id"] == offer["id"]  # said aloud: public
    assert game.refused("answer_gold", C, offer=offer["id"], answer="accept") == "offer_not_for_you"
    wool = game.state["players"][1]["hand"]["wool"]
    game.act("answer_gold", A, offer=offer["id"], answer="accept")
    assert game.held() == [2, 2, 0] and game.state["players"][1]["hand"]["wool"] == wool + 2
    assert game.state["gold"]["moved"] == [2, -2, 0] and not game.state["gold"]["offers"]
    # Not between two players who are not on turn; not more gold than one has.
    assert game.refused("offer_gold", B, to=2, count=1, cards={"ore": 1}, give="gold") == "trade_with_active"
    assert game.refused("offer_gold", B, to=0, count=3, cards={"wool": 1}, give="gold") == "not_enough_gold"
    # Ala asks Celina for gold she lacks: Celina cannot accept; Ala withdraws it.
    game.give(0, ore=1)
    game.act("offer_gold", A, to=2, count=1, cards={"ore": 1}, give="cards")
    offer = game.state["gold"]["offers"][0]
    assert game.refused("answer_gold", C, offer=offer["id"], answer="accept") == "not_enough_gold"
    game.act("answer_gold", A, offer=offer["id"], answer="withdraw")
    assert not game.state["gold"]["offers"]
    # An offer lasts for its turn only.
    game.act("offer_gold", A, to=1, count=1, cards={"ore": 1}, give="gold")
    game.act("end_turn", A)
    assert not game.state["gold"]["offers"]


def test_paper_the_table_records_gold_that_changed_hands():
    game = Game(play_mode="paper").ready()
    assert "offer_gold" not in allowed_actions(game.state, A) and "give_gold" in allowed_actions(game.state, T)
    game.act("find_coins", count=4)
    game.act("buy_with_gold", T, resource="ore")  # the table buys: the player takes the card
    assert game.state["log"][-1]["kind"] == "bought_with_gold" and game.held()[0] == 2
    game.act("give_gold", T, seat=0, to=1, count=1)
    game.act("give_gold", B, to=0, count=1)  # a phone records its own payment too
    assert game.held() == [2, 0, 0]
    assert game.refused("give_gold", T, seat=1, to=2, count=1) == "trade_with_active"
    assert game.refused("give_gold", T, seat=0, to=0, count=1) == "bad_trade_partner"
    assert game.refused("give_gold", T, seat=0, to=1, count=3) == "not_enough_gold"
    assert game.refused("give_gold", T, seat=0, to=1, count=0) == "bad_count"


def test_everyones_gold_is_public_and_each_phone_sees_its_own_ratio():
    game = Game().ready()
    game.act("find_coins", count=3)
    table = view(game.state, "table")["gold"]
    assert table["held"] == [3, 0, 0] and table["ratio"] is None and table["buys_left"] == 2
    for seat in range(3):
        seen = view(game.state, seat)["gold"]
        assert seen["held"] == [3, 0, 0] and seen["ratio"] == table["ratios"][seat]


def test_undo_and_replay():
    game = Game().ready()
    before = game.state
    game.act("find_coins", count=4)
    game.act("buy_with_gold", A, resource="ore")
    replayed, _history = fold(json.loads(json.dumps(game.config)), json.loads(json.dumps(game.records)))
    assert replayed == game.state
    last = game.records[-1]
    undo = {"seq": last["seq"] + 1, "kind": "undo", "target": last["seq"]}
    undone, _ = fold(copy.deepcopy(game.config), copy.deepcopy(game.records) + [undo])
    assert undone["gold"]["held"][0] == 4 and undone["gold"]["bought"]["count"] == 0
    redo = {"seq": last["seq"] + 2, "kind": "redo", "target": last["seq"], "original": copy.deepcopy(last)}
    redone, _ = fold(copy.deepcopy(game.config), copy.deepcopy(game.records) + [undo, redo])
    assert same_play(redone, game.state)
    assert before["gold"]["held"] == [0, 0, 0]


def test_every_gold_line_and_refusal_is_worded_in_english_and_polish():
    from django.utils import translation

    from companion import messages
    names = ["Ala", "Bartek", "Celina"]
    entries = [
        ("gold_earned", 0, {"gold": 3, "reason": "bridge", "where": "x", "total": 4}),
        ("gold_spent", 0, {"gold": 1, "reason": "toll", "total": 3}),
        ("bought_with_gold", 0, {"resource": "ore", "gold": 2, "total": 2}),
        ("gold_traded", 0, {"gave": {"gold": 4}, "got": {"ore": 1}, "ratio": 4}),
        ("gold_traded", 0, {"gave": {"grain": 4}, "got": {"gold": 1}, "ratio": 4}),
        ("gold_given", 0, {"to": 1, "gold": 1}),
        ("gold_offered", 0, {"to": 1, "gold": 2, "cards": {"wool": 1}, "gold_by": 0, "offer": 1}),
        ("gold_offered", 0, {"to": 1, "gold": 2, "cards": {"wool": 1}, "gold_by": 1, "offer": 1}),
        ("gold_offer_closed", 0, {"offer": 1, "answer": "withdraw"}),
        ("gold_offer_closed", 1, {"offer": 1, "answer": "decline"}),
        ("gold_traded_players", 0, {"to": 1, "gold": 1, "cards": {"wool": 1}, "offer": 1}),
    ]
    codes = [("not_enough_gold", {"need": 5, "have": 1}), ("gold_buys_used", {"limit": 2}), ("gold_on_phone", {}),
             ("gold_trade_sides", {}), ("bank_sells_no_gold", {}), ("trade_with_active", {})]
    for language in ("en", "pl"):
        with translation.override(language):
            for kind, seat, params in entries:
                text = messages.log_text({"kind": kind, "seat": seat, "params": params}, names)
                assert text != kind and "%(" not in text and "?" not in text, (language, kind, text)
            for code, params in codes:
                text = messages.refusal(IllegalAction(code, **params))
                assert text != messages.refusal(IllegalAction("no_such_code")) and "%(" not in text, (language, code)
    with translation.override("pl"):
        assert messages.refusal(IllegalAction("not_enough_gold", need=5, have=1)) == \
            "To wymaga 5 złotych monet; masz 1."
        # A layer words its own reasons (GOLD_REASONS: here the Rivers of Catan's bridge).
        line = messages.log_text({"kind": "gold_spent", "seat": 0, "params": entries[0][2]}, names)
        assert line == "Ala płaci 3 złote monety za most (ma teraz 4)."
