"""Hands on phones: the engine holds the bank and every hand, pays, charges and steals.

Numbers come from the rulebooks (base-2025-edition-pl.txt, "2025"; the travel edition's
almanac, "travel") and RULES-FACTS.md: 19 cards of each resource, the building costs, a
9-card hand gives back 4 on a 7, bank trades 4:1, 3:1 at a harbour and 2:1 at a harbour
for its resource ("Marek puts 4 ore back in the bank and takes 1 lumber"). The bank
shortage rule is the one the issue states: nobody gets a resource the bank cannot pay in
full, unless only one player is owed it, who then takes what is left.
"""
import pytest

from companion.engine import TABLE, IllegalAction, apply, fold, view
from companion.machinery import hands
from companion.layers.cores.base import rules as base
from companion.engine.game import ruleset

from .test_board_play import FOREST3, G, LAYOUT, TABLE_ACTOR, Game, seat

ORANGE, RED, BLUE = 0, 1, 2
RED_SECOND = "-2,0|-1,-1|-1,0"  # fields 9, fields 12, forest 11
WOOL_HARBOUR_CORNER = G.edge_corners["1,1|1,2"][0]


def hands_game(colours=("orange", "red"), spots=None, **kwargs) -> Game:
    """Orange: the top and bottom-right corners of the forest 3; red: its bottom-left
    corner and a corner of fields 9 / fields 12 / forest 11 (as in test_board_play)."""
    game = Game(colours, play_mode="hands", **kwargs)
    game.setup(spots or [FOREST3[0], FOREST3[4], RED_SECOND, FOREST3[2]])
    return game


def deal(game: Game, seat_: int, **cards) -> None:
    """Give cards from the bank (a test shortcut that keeps bank + hands = 19)."""
    hands.take_from_bank(game.state, seat_, cards)


def hand(game: Game, seat_: int) -> dict:
    return {r: n for r, n in game.state["players"][seat_]["hand"].items() if n}


def assert_conserved(state: dict) -> None:
    for r in hands.RESOURCES:
        assert state["bank"][r] + sum(p["hand"][r] for p in state["players"]) == 19
    dev = sum(state["dev_deck"].values())
    dev += sum(len(p["dev_hand"]) + len(p["dev_played"]) for p in state["players"])
    assert dev == 25


# ---------------------------------------------------------------- the mode


def test_hands_on_phones_is_the_default_with_a_board_and_needs_one():
    assert Game(("orange", "red"), play_mode="hands").state["config"]["play_mode"] == "hands"
    from companion.engine import new_game

    config = {"players": [{"name": "A", "color": "red"}, {"name": "B", "color": "blue"}], "board": "random",
              "board_layout": LAYOUT}
    assert new_game(config)["config"]["play_mode"] == "hands"
    assert new_game({**config, "board": "none"})["config"]["play_mode"] == "paper"
    with pytest.raises(IllegalAction) as info:
        new_game({**config, "board": "none", "play_mode": "hands"})
    assert info.value.code == "hands_need_board"
    with pytest.raises(IllegalAction) as info:
        new_game({**config, "play_mode": "cards"})
    assert info.value.code == "play_mode"


def test_the_bank_starts_with_19_of_each_and_empty_hands():
    game = Game(("orange", "red"), play_mode="hands")
    assert game.state["bank"] == dict.fromkeys(base.RESOURCES, 19)
    assert all(sum(p["hand"].values()) == 0 for p in game.state["players"])


def test_the_second_settlement_takes_its_starting_cards_from_the_bank():
    """2025: after the second settlement each player takes 1 card per terrain next to it."""
    game = hands_game()
    assert hand(game, ORANGE) == {"lumber": 1, "ore": 1, "wool": 1}  # forest 3, mountains 8, pasture 5
    assert hand(game, RED) == {"grain": 2, "lumber": 1}  # fields 9, fields 12, forest 11
    assert game.state["bank"] == {"brick": 19, "lumber": 17, "wool": 18, "grain": 17, "ore": 18}
    assert_conserved(game.state)


def test_beginner_board_players_start_with_their_cards_in_hand():
    from companion.machinery import board as boards

    game = Game(("red", "blue", "orange"), mode="beginner", layout=boards.beginner_board(), play_mode="hands")
    for s, colour in enumerate(("red", "blue", "orange")):
        expected = boards.starting_resources(game.board["layout"], boards.beginner_starred_settlement(colour))
        assert hand(game, s) == expected
    assert_conserved(game.state)


# ---------------------------------------------------------------- production


def test_production_lands_in_the_hands():
    """A 3: orange's two settlements at the forest 3 give 2 lumber, red's one gives 1."""
    game = hands_game()
    game.roll(1, 2)
    assert hand(game, ORANGE) == {"lumber": 3, "ore": 1, "wool": 1}
    assert hand(game, RED) == {"grain": 2, "lumber": 2}
    me = view(game.state, ORANGE)["me"]
    assert me["gained"] == {"lumber": 2} and me["cards_in_hand"] == 5
    assert view(game.state, RED)["me"]["gained"] == {"lumber": 1}
    game.end_turn()
    assert view(game.state, RED)["me"]["gained"] == {}  # the highlight lasts for the turn of the roll
    assert_conserved(game.state)


def test_bank_short_of_a_resource_owed_to_several_players_pays_nobody():
    game = hands_game()
    deal(game, RED, lumber=15)  # the bank keeps 2 lumber; orange is owed 2, red 1
    game.roll(1, 2)
    assert hand(game, ORANGE)["lumber"] == 1 and hand(game, RED)["lumber"] == 16
    assert game.state["bank"]["lumber"] == 2
    assert game.state["production"]["withheld"] == ["lumber"]
    assert game.logged("bank_short")[-1]["params"] == {"resources": ["lumber"]}
    assert_conserved(game.state)


def test_bank_short_of_a_resource_owed_to_one_player_pays_what_is_left():
    game = hands_game(target=30)
    deal(game, ORANGE, grain=2, ore=2)
    game.roll(1, 1)
    game.act("build_city", seat(ORANGE), corner=FOREST3[2])  # the city at the mountains 8 now yields 2 ore
    deal(game, RED, ore=game.state["bank"]["ore"] - 1)
    game.end_turn()
    game.roll(4, 4)
    assert game.state["production"]["seats"] == {"0": {"ore": 1}}
    assert game.state["production"]["withheld"] == ["ore"]
    assert game.state["bank"]["ore"] == 0
    assert_conserved(game.state)


def test_enough_in_the_bank_pays_in_full_even_when_it_empties():
    game = hands_game()
    deal(game, RED, lumber=14)  # 3 left, exactly the 3 owed
    game.roll(1, 2)
    assert game.state["bank"]["lumber"] == 0
    assert game.state["production"]["withheld"] == []


# ---------------------------------------------------------------- building pays


def test_a_road_is_paid_from_the_hand_into_the_bank():
    game = hands_game()
    game.roll(1, 2)  # orange: 3 lumber
    assert "road" not in view(game.state, ORANGE)["board"]["targets"]  # nothing to tap without the cards
    edge = base.board_targets(ruleset(game.state), game.state, ORANGE)["road"][0]
    error = game.refuse("build_road", seat(ORANGE), edge=edge)
    assert error.code == "cannot_afford" and error.params == {"missing": "brick:1"}
    deal(game, ORANGE, brick=1)
    assert edge in view(game.state, ORANGE)["board"]["targets"]["road"]
    bank = dict(game.state["bank"])
    game.act("build_road", seat(ORANGE), edge=edge)
    assert hand(game, ORANGE) == {"lumber": 2, "ore": 1, "wool": 1}
    assert game.state["bank"] == {**bank, "brick": bank["brick"] + 1, "lumber": bank["lumber"] + 1}
    assert_conserved(game.state)


def test_the_seat_view_lists_what_each_build_is_missing():
    game = hands_game()
    missing = view(game.state, ORANGE)["me"]["missing"]
    assert missing["road"] == {"brick": 1}
    assert missing["settlement"] == {"brick": 1, "grain": 1}
    assert missing["city"] == {"grain": 2, "ore": 2}
    assert missing["dev"] == {"grain": 1}


def test_settlement_city_and_development_card_costs():
    """2025: settlement = brick + lumber + wool + grain; city = 3 ore + 2 grain;
    development card = ore + wool + grain."""
    game = hands_game(target=30)
    game.roll(1, 1)
    deal(game, ORANGE, grain=3, ore=3)
    game.act("build_city", seat(ORANGE), corner=FOREST3[2])
    assert hand(game, ORANGE) == {"lumber": 1, "wool": 1, "grain": 1, "ore": 1}
    game.act("buy_dev", seat(ORANGE))
    assert hand(game, ORANGE) == {"lumber": 1} and len(game.state["players"][ORANGE]["dev_hand"]) == 1
    assert game.refuse("buy_dev", seat(ORANGE)).params == {"missing": "wool:1 grain:1 ore:1"}
    assert_conserved(game.state)


def test_road_building_roads_are_free():
    game = hands_game()
    _give_dev(game, ORANGE, "road_building")
    game.roll(1, 1)
    game.act("play_dev", seat(ORANGE), card="road_building")
    before = hand(game, ORANGE)
    for _ in range(2):
        game.act("build_road", seat(ORANGE), edge=view(game.state, ORANGE)["board"]["targets"]["road"][0])
    assert hand(game, ORANGE) == before
    assert "road" not in view(game.state, ORANGE)["board"]["targets"]
    assert game.refuse("build_road", seat(ORANGE), edge=base.board_targets(ruleset(game.state), game.state, ORANGE)["road"][0]
                       ).code == "cannot_afford"


# ---------------------------------------------------------------- a 7


def seven_with(game: Game, **hand_sizes) -> None:
    for name, size in hand_sizes.items():
        s = {"orange": ORANGE, "red": RED, "blue": BLUE}[name]
        while hands.hand_size(game.state, s) < size:
            r = max(hands.RESOURCES, key=lambda r: game.state["bank"][r])
            deal(game, s, **{r: 1})
    game.act("roll", dice=[3, 4])


def test_only_players_above_seven_cards_discard_half_rounded_down():
    """2025: more than 7 cards: give back half, rounded down (9 cards -> 4)."""
    game = hands_game()
    seven_with(game, orange=9, red=7)
    assert game.state["phase"] == "discard"
    assert game.state["pending"] == [{"seat": ORANGE, "kind": "discard"}]
    assert view(game.state, ORANGE)["me"]["discard_due"] == 4
    assert view(game.state, RED)["me"]["discard_due"] == 0
    held = hand(game, ORANGE)
    some = next(iter(held))
    assert game.refuse("discard", seat(ORANGE), cards={some: 1}).code == "discard_count"
    assert game.refuse("discard", seat(ORANGE), cards={"brick": 4} if not held.get("brick") else {"x": 4}).code in (
        "discard_not_held", "bad_resource")
    assert game.refuse("discard", TABLE_ACTOR, seat=ORANGE, cards={some: 4}).code == "discard_on_phone"
    assert game.refuse("discard", seat(RED), cards={}).code == "not_your_turn"
    cards, left = {}, 4
    for r, n in held.items():
        take = min(n, left)
        if take:
            cards[r] = take
            left -= take
    bank = dict(game.state["bank"])
    game.act("discard", seat(ORANGE), cards=cards)
    assert hands.hand_size(game.state, ORANGE) == 5
    assert all(game.state["bank"][r] == bank[r] + cards.get(r, 0) for r in hands.RESOURCES)
    assert game.state["phase"] == "robber"
    assert game.logged("discarded")[-1]["params"] == {"count": 4, "cards": cards}
    assert_conserved(game.state)


def test_nobody_above_seven_goes_straight_to_the_robber():
    game = hands_game()
    game.act("roll", dice=[3, 4])
    assert game.state["phase"] == "robber" and game.state["pending"] == []


def test_several_players_discard_in_any_order():
    game = hands_game(("orange", "red", "blue"), spots=[
        FOREST3[0], FOREST3[4], "0,-2|1,-3|1,-2", "-2,2|-2,3|-1,2", RED_SECOND, FOREST3[2]])
    seven_with(game, orange=8, red=10, blue=11)
    assert {p["seat"] for p in game.state["pending"]} == {ORANGE, RED, BLUE}
    for s, due in ((BLUE, 5), (ORANGE, 4), (RED, 5)):
        cards, left = {}, due
        for r, n in hand(game, s).items():
            cards[r] = min(n, left)
            left -= cards[r]
        game.act("discard", seat(s), cards={r: n for r, n in cards.items() if n})
    assert game.state["phase"] == "robber"
    assert [hands.hand_size(game.state, s) for s in (ORANGE, RED, BLUE)] == [4, 5, 6]


def test_the_robber_takes_a_random_card_only_thief_and_victim_see():
    """2025: the roller takes 1 random card from the hidden hand of a player next to the hex."""
    game = hands_game(("orange", "red", "blue"), spots=[
        FOREST3[0], FOREST3[4], "0,-2|1,-3|1,-2", "-2,2|-2,3|-1,2", RED_SECOND, FOREST3[2]])
    game.act("roll", dice=[3, 4])
    game.act("move_robber", seat(ORANGE), hex="1,0")  # red's settlement touches the forest 3
    assert game.board["victims"] == [RED]
    before = hand(game, RED)
    game.act("steal", seat(ORANGE), victim=RED)
    (card,) = [r for r in before if hand(game, RED).get(r, 0) < before[r]]
    assert hands.hand_size(game.state, RED) == sum(before.values()) - 1
    entry = game.logged("stole")[-1]
    assert entry["secret"]["params"] == {"victim": RED, "card": card}
    shown = {viewer: next(e for e in view(game.state, viewer)["log"] if e["kind"] == "stole")
             for viewer in (TABLE, ORANGE, RED, BLUE)}
    assert shown[ORANGE]["params"]["card"] == card and shown[RED]["params"]["card"] == card
    assert "card" not in shown[TABLE]["params"] and "card" not in shown[BLUE]["params"]
    assert_conserved(game.state)
    # The recorded outcome replays the same card.
    replayed, _history = fold(game.config, game.records)
    assert replayed["players"] == game.state["players"]


def test_a_steal_is_one_log_line_for_every_viewer():
    """Moving the robber is one line; taking the card is one more, never a second or third
    line repeating it: thief and victim read which card, everyone else from whom."""
    from django.utils.translation import override

    from companion.engine import log_for
    from companion.messages import log_text

    game = hands_game(("orange", "red", "blue"), spots=[
        FOREST3[0], FOREST3[4], "0,-2|1,-3|1,-2", "-2,2|-2,3|-1,2", RED_SECOND, FOREST3[2]])
    game.act("roll", dice=[3, 4])
    game.act("move_robber", seat(ORANGE), hex="1,0")
    first = len(game.state["log"])
    game.act("steal", seat(ORANGE), victim=RED)
    (entry,) = game.state["log"][first:]
    card = entry["secret"]["params"]["card"]
    names = ["Ala", "Bartek", "Celina"]
    with override("en"):
        lines = {viewer: [log_text(e, names) for e in log_for(game.state, viewer)[first - len(game.state["log"]):]]
                 for viewer in (TABLE, ORANGE, RED, BLUE)}
    assert lines[ORANGE] == lines[RED] == [f"Ala took 1 {card} from Bartek."]
    assert lines[TABLE] == lines[BLUE] == ["Ala took a random card from Bartek."]


def test_a_player_with_no_cards_cannot_be_robbed():
    game = hands_game()
    for r, n in hand(game, RED).items():
        hands.pay_to_bank(game.state, RED, {r: n})
    game.act("roll", dice=[3, 4])
    game.act("move_robber", seat(ORANGE), hex="1,0")
    assert game.state["phase"] == "main" and game.board["victims"] == []


# ---------------------------------------------------------------- development cards


def _give_dev(game: Game, s: int, card: str) -> None:
    game.state["dev_deck"][card] -= 1
    game.state["players"][s]["dev_hand"].append({"card": card, "turn": -1})


def test_monopoly_takes_every_card_of_the_kind_openly():
    """Travel: monopoly: all other players give the player all their cards of one resource."""
    game = hands_game(("orange", "red", "blue"), spots=[
        FOREST3[0], FOREST3[4], "0,-2|1,-3|1,-2", "-2,2|-2,3|-1,2", RED_SECOND, FOREST3[2]])
    _give_dev(game, ORANGE, "monopoly")
    deal(game, RED, lumber=2)
    deal(game, BLUE, lumber=1)
    red_lumber, blue_lumber = hand(game, RED)["lumber"], hand(game, BLUE)["lumber"]
    mine = hand(game, ORANGE)["lumber"]
    game.act("play_dev", seat(ORANGE), card="monopoly", resource="lumber")
    assert hand(game, ORANGE)["lumber"] == mine + red_lumber + blue_lumber
    assert "lumber" not in hand(game, RED) and "lumber" not in hand(game, BLUE)
    assert game.logged("monopoly_taken")[-1]["params"] == {
        "resource": "lumber", "taken": {"1": red_lumber, "2": blue_lumber}, "total": red_lumber + blue_lumber}
    assert_conserved(game.state)


def test_year_of_plenty_takes_two_from_the_bank_limited_by_what_it_holds():
    game = hands_game()
    _give_dev(game, ORANGE, "year_of_plenty")
    deal(game, RED, brick=18)  # one brick left in the bank
    assert game.refuse("play_dev", seat(ORANGE), card="year_of_plenty", resources=["brick", "brick"]
                       ).code == "bank_lacks"
    assert game.refuse("play_dev", seat(ORANGE), card="year_of_plenty", resources=["brick"]
                       ).code == "year_of_plenty_two"
    game.act("play_dev", seat(ORANGE), card="year_of_plenty", resources=["brick", "ore"])
    assert hand(game, ORANGE)["brick"] == 1 and hand(game, ORANGE)["ore"] == 2
    assert game.state["bank"]["brick"] == 0
    assert_conserved(game.state)


def test_knight_moves_the_robber_and_steals_before_the_roll():
    game = hands_game()
    _give_dev(game, ORANGE, "knight")
    game.act("play_dev", seat(ORANGE), card="knight")
    game.act("move_robber", seat(ORANGE), hex="1,0")
    game.act("steal", seat(ORANGE), victim=RED)
    assert hands.hand_size(game.state, RED) == 2 and hands.hand_size(game.state, ORANGE) == 4
    assert game.state["phase"] == "roll"


# ---------------------------------------------------------------- trading with the bank


def test_bank_trade_four_to_one_and_at_harbours():
    """Travel: Marek puts 4 ore back in the bank and takes 1 lumber; a 2:1 harbour for its
    resource; 2025: a 3:1 harbour for any 3 equal cards."""
    game = hands_game(spots=[WOOL_HARBOUR_CORNER, FOREST3[4], RED_SECOND, FOREST3[2]])
    game.roll(1, 1)
    deal(game, ORANGE, ore=4, wool=3)
    game.act("trade_bank", seat(ORANGE), give="ore", get="lumber")
    assert game.logged("bank_trade")[-1]["params"] == {"gave": {"ore": 4}, "got": {"lumber": 1}, "ratio": 4}
    wool = hand(game, ORANGE)["wool"]
    game.act("trade_bank", seat(ORANGE), give="wool", get="brick", count=2)  # 2:1 at the wool harbour
    assert hand(game, ORANGE).get("wool", 0) == wool - 4 and hand(game, ORANGE)["brick"] == 2
    assert game.refuse("trade_bank", seat(ORANGE), give="ore", get="lumber").code == "cannot_afford"
    assert game.refuse("trade_bank", seat(ORANGE), give="brick", get="brick").code == "same_resource_both_sides"
    assert game.refuse("trade_bank", seat(RED), give="grain", get="ore").code == "not_your_turn"
    assert game.refuse("trade_bank", seat(ORANGE), give="gold", get="ore").code == "bad_resource"
    assert game.refuse("trade_bank", seat(ORANGE), give="brick", get="ore", count=0).code == "bad_count"
    assert_conserved(game.state)


def test_no_trading_before_the_roll_or_in_the_special_building_phase():
    game = hands_game()
    deal(game, ORANGE, ore=4)
    assert game.refuse("trade_bank", seat(ORANGE), give="ore", get="lumber").code == "wrong_phase"


# ---------------------------------------------------------------- trading between players


def test_a_trade_between_players_changes_both_hands_at_once():
    game = hands_game(("orange", "red", "blue"), spots=[
        FOREST3[0], FOREST3[4], "0,-2|1,-3|1,-2", "-2,2|-2,3|-1,2", RED_SECOND, FOREST3[2]])
    game.roll(1, 1)
    deal(game, ORANGE, ore=2)
    deal(game, RED, grain=1)
    deal(game, BLUE, grain=2)
    game.act("offer_trade", seat(ORANGE), give={"ore": 2}, get={"grain": 2})
    (offer,) = game.state["offers"]
    assert offer["to"] is None and offer["accepted"] == []
    game.act("answer_offer", seat(BLUE), offer=offer["id"], answer="accept")
    game.act("answer_offer", seat(RED), offer=offer["id"], answer="decline")
    assert game.state["offers"][0]["accepted"] == [BLUE] and game.state["offers"][0]["declined"] == [RED]
    assert game.refuse("confirm_trade", seat(ORANGE), offer=offer["id"], partner=RED).code == "partner_not_accepted"
    orange, blue = hand(game, ORANGE), hand(game, BLUE)
    game.act("confirm_trade", seat(ORANGE), offer=offer["id"], partner=BLUE)
    assert hand(game, ORANGE).get("ore", 0) == orange["ore"] - 2
    assert hand(game, ORANGE)["grain"] == orange.get("grain", 0) + 2
    assert hand(game, BLUE)["ore"] == blue.get("ore", 0) + 2 and hand(game, BLUE).get("grain", 0) == blue["grain"] - 2
    assert game.state["offers"] == []
    assert game.logged("traded")[-1]["params"] == {"partner": BLUE, "gave": {"ore": 2}, "got": {"grain": 2}}
    assert_conserved(game.state)


def test_trades_only_with_the_active_player_and_never_a_gift():
    game = hands_game(("orange", "red", "blue"), spots=[
        FOREST3[0], FOREST3[4], "0,-2|1,-3|1,-2", "-2,2|-2,3|-1,2", RED_SECOND, FOREST3[2]])
    game.roll(1, 1)
    assert game.refuse("offer_trade", seat(RED), give={"grain": 1}, get={"ore": 1}).code == "not_your_turn"
    assert game.refuse("offer_trade", seat(ORANGE), give={"lumber": 1}, get={}).code == "trade_terms"
    assert game.refuse("offer_trade", seat(ORANGE), give={}, get={"grain": 1}).code == "trade_terms"
    assert game.refuse("offer_trade", seat(ORANGE), give={"lumber": 1}, get={"lumber": 1}
                       ).code == "same_resource_both_sides"
    assert game.refuse("offer_trade", seat(ORANGE), give={"brick": 1}, get={"grain": 1}).code == "cannot_afford"
    assert game.refuse("offer_trade", seat(ORANGE), give={"lumber": 1}, get={"grain": 1}, to=ORANGE
                       ).code == "bad_trade_partner"
    assert game.refuse("offer_trade", seat(ORANGE), give={"lumber": -1}, get={"grain": 1}).code == "trade_terms"
    assert game.refuse("offer_trade", seat(ORANGE), give={"lumber": 1.5}, get={"grain": 1}).code == "trade_terms"
    assert game.refuse("offer_trade", TABLE_ACTOR, give={"lumber": 1}, get={"grain": 1}).code == "not_your_turn"
    # An offer to one player: the others may not accept it.
    game.act("offer_trade", seat(ORANGE), give={"lumber": 1}, get={"grain": 1}, to=RED)
    offer = game.state["offers"][0]["id"]
    assert game.refuse("answer_offer", seat(BLUE), offer=offer, answer="accept").code == "offer_not_for_you"
    assert game.refuse("answer_offer", seat(ORANGE), offer=offer, answer="accept").code == "offer_not_for_you"
    assert game.refuse("answer_offer", seat(RED), offer=offer, answer="maybe").code == "bad_answer"
    assert game.refuse("answer_offer", seat(RED), offer=999, answer="accept").code == "no_such_offer"
    assert game.refuse("withdraw_offer", seat(RED), offer=offer).code == "not_your_offer"
    game.act("withdraw_offer", seat(ORANGE), offer=offer)
    assert game.state["offers"] == []


def test_a_counter_offer_is_accepted_by_the_active_player():
    game = hands_game()
    game.roll(1, 1)
    game.act("offer_trade", seat(ORANGE), give={"wool": 1}, get={"grain": 2})
    offer = game.state["offers"][0]["id"]
    assert game.refuse("counter_offer", seat(ORANGE), give={"wool": 1}, get={"grain": 1}).code == "counter_own_turn"
    game.act("counter_offer", seat(RED), offer=offer, give={"grain": 1}, get={"wool": 1})
    counter = game.state["offers"][1]
    assert counter["from"] == RED and counter["to"] == ORANGE and counter["counter_to"] == offer
    assert game.refuse("answer_offer", seat(ORANGE), offer=counter["id"], answer="accept").code == "confirm_counter"
    game.act("confirm_trade", seat(ORANGE), offer=counter["id"])
    assert hand(game, ORANGE) == {"lumber": 1, "ore": 1, "grain": 1}
    assert hand(game, RED) == {"grain": 1, "lumber": 1, "wool": 1}
    # Orange's own offer can no longer be paid (no wool left): it vanished.
    assert game.state["offers"] == []
    assert_conserved(game.state)


def test_acceptances_that_can_no_longer_be_paid_vanish_and_offers_end_with_the_turn():
    game = hands_game()
    game.roll(1, 1)
    game.act("offer_trade", seat(ORANGE), give={"ore": 1}, get={"grain": 2})
    offer = game.state["offers"][0]["id"]
    game.act("answer_offer", seat(RED), offer=offer, answer="accept")  # red holds 2 grain
    deal(game, ORANGE, brick=1, wool=1)
    game.act("offer_trade", seat(ORANGE), give={"brick": 1}, get={"lumber": 1}, to=RED)
    assert len(game.state["offers"]) == 2
    game.act("end_turn")
    assert game.state["offers"] == []


def test_an_acceptance_is_dropped_when_the_acceptor_spends_the_cards():
    game = hands_game()
    game.roll(1, 1)
    game.act("offer_trade", seat(ORANGE), give={"ore": 1}, get={"grain": 2})
    offer = game.state["offers"][0]["id"]
    game.act("answer_offer", seat(RED), offer=offer, answer="accept")
    game.act("counter_offer", seat(RED), give={"grain": 2}, get={"wool": 1})
    counter = game.state["offers"][1]["id"]
    game.act("confirm_trade", seat(ORANGE), offer=counter)  # red's 2 grain are gone
    assert game.state["offers"][0]["accepted"] == []
    assert game.refuse("confirm_trade", seat(ORANGE), offer=offer, partner=RED).code == "partner_not_accepted"


def test_a_refused_trade_changes_nothing():
    game = hands_game()
    game.roll(1, 1)
    before = apply(game.state, {"type": "offer_trade", "actor": seat(ORANGE),
                                "args": {"give": {"ore": 1}, "get": {"grain": 1}}})[0]
    assert before["offers"] and not game.state["offers"]  # apply works on a copy
    for args in ({"give": "ore", "get": {"grain": 1}}, {"give": {"ore": "x"}, "get": {"grain": 1}},
                 {"give": {"ore": 10**9}, "get": {"grain": 1}}, {"give": {"ore": True}, "get": {"grain": 1}}):
        assert game.refuse("offer_trade", seat(ORANGE), **args).code == "trade_terms"


# ---------------------------------------------------------------- views


def test_others_see_card_counts_never_the_cards():
    game = hands_game()
    game.roll(1, 2)
    table = view(game.state, TABLE)
    assert table["me"] is None
    assert [p["cards_in_hand"] for p in table["players"]] == [5, 4]
    assert table["bank"] == game.state["bank"]
    red = view(game.state, RED)
    assert red["me"]["hand"] == game.state["players"][RED]["hand"]
    assert all("hand" not in p for p in red["players"])
    assert all("hand" not in p for p in table["players"])


def test_paper_mode_has_no_hands_in_the_views():
    game = Game(("orange", "red"))
    game.setup([FOREST3[0], FOREST3[4], RED_SECOND, FOREST3[2]])
    table = view(game.state, TABLE)
    assert table["bank"] is None and all(p["cards_in_hand"] is None for p in table["players"])
    assert "hand" not in view(game.state, ORANGE)["me"]


def test_undo_of_a_trade_restores_both_hands():
    game = hands_game()
    game.roll(1, 1)
    game.act("offer_trade", seat(ORANGE), give={"wool": 1}, get={"grain": 1})
    game.act("answer_offer", seat(RED), offer=game.state["offers"][0]["id"], answer="accept")
    game.act("confirm_trade", seat(ORANGE), offer=game.state["offers"][0]["id"], partner=RED)
    records = game.records + [{"seq": len(game.records) + 1, "kind": "undo", "target": len(game.records)}]
    state, _history = fold(game.config, records)
    assert state["players"] == game.states[-2]["players"] and state["offers"] == game.states[-2]["offers"]


def test_builds_spend_a_hand_so_they_come_from_the_phone():
    game = hands_game()
    game.roll(1, 2)
    deal(game, ORANGE, brick=1, wool=1, grain=1, ore=1)
    edge = base.board_targets(ruleset(game.state), game.state, ORANGE)["road"][0]
    assert game.refuse("build_road", TABLE_ACTOR, edge=edge).code == "build_on_phone"
    assert game.refuse("buy_dev", TABLE_ACTOR).code == "build_on_phone"
    # The table screen offers no build targets: they would tell what the hand can pay.
    assert view(game.state, TABLE)["board"]["targets"] == {}
    assert "road" in view(game.state, ORANGE)["board"]["targets"]
