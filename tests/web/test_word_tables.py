"""The layers' log lines as tables (companion/log_lines.py): every kind of every table is
worded, in English and in Polish, from the recorded games or a sample here; a few sentences
are checked word for word, as the if-chains worded them before the tables; and the table's
own rules (a kind worded once, params said by their table of names) hold."""
import importlib
import json
from pathlib import Path

import pytest
from django.utils.translation import override

from companion.layers import PACKAGES
from companion.log_lines import LogTable
from companion.messages import Params, log_text

NAMES = ["Ala", "Bartek", "Celina", "Darek"]
GAMES = Path(__file__).resolve().parents[1] / "corpus" / "games"


def _tables() -> dict:
    """Every layer's LogTable, by its package's last name."""
    tables = {}
    for package in PACKAGES:
        try:
            module = importlib.import_module(f"{package.__name__}.messages")
        except ModuleNotFoundError:
            continue
        if isinstance(getattr(module, "LOG", None), LogTable):
            tables[package.__name__.rsplit(".", 1)[-1]] = module
    return tables


def _corpus(prefix: str = "") -> list[dict]:
    return [entry for path in sorted(GAMES.glob(f"{prefix}*.json")) for entry in json.loads(path.read_text())["log_entries"]]


# Real entries (from the engine's tests) of the kinds the recorded games never write.
SAMPLES = {
    "base": [
        {"kind": "bank_short", "seat": None, "params": {"resources": ["ore"]}},
        {"kind": "board_entered", "seat": None, "params": {}},
        {"kind": "harbour_set", "seat": None, "params": {"edge": "1,1|1,2", "harbour": "wool"}},
        {"kind": "hex_set", "seat": None, "params": {"hex": "-2,2", "number": 5, "terrain": "hills"}},
        {"kind": "offer_withdrawn", "seat": 0, "params": {"offer": 1}},
    ],
    "cities_knights": [
        {"kind": "alchemist_dice", "seat": 0, "params": {"dice": [3, 4]}},
        {"kind": "aqueduct", "seat": None, "params": {"seats": [1]}},
        {"kind": "aqueduct_taken", "seat": 1, "params": {"got": 1, "resource": "ore"}},
        {"kind": "city_repaired", "seat": 1, "params": {}},
        {"kind": "defender_choice", "seat": 2, "params": {"deck": "trade"}},
        {"kind": "free_roads", "seat": 0, "params": {"roads": 2}},
        {"kind": "intrigue", "seat": 0, "params": {"corner": None, "victim": 1}},
        {"kind": "inventor", "seat": 0, "params": {"hexes": ["0,-2", "1,0"], "numbers": [3, 10]}},
        {"kind": "knight_lost", "seat": 1, "params": {"knight": 1}},
        {"kind": "knight_relocated", "seat": 1, "params": {"knight": None}},
        {"kind": "master_merchant", "seat": 0, "params": {"paper": True, "victim": 1}},
        {"kind": "master_merchant_took", "seat": 0, "params": {"count": 1, "victim": 1}},
        {"kind": "no_defender_left", "seat": 1, "params": {}},
        {"kind": "progress_deck_empty", "seat": 2, "params": {"deck": "science"}},
        {"kind": "sabotaged", "seat": 1, "params": {"cards": {"wool": 1}, "count": 1}},
        {"kind": "saboteur", "seat": 0, "params": {"seats": [1, 2]}},
        {"kind": "warlord", "seat": 0, "params": {"knights": 0}},
        {"kind": "wedding", "seat": 1, "params": {"seats": []}},
        {"kind": "wedding_gift", "seat": 1, "params": {"cards": {"coin": 1, "wool": 1}, "to": 0}},
    ],
    "barbarian_attack": [
        {"kind": "barbarian_card", "seat": 0, "params": {"card": "treason"}},
        {"kind": "barbarian_card_void", "seat": 1, "params": {"card": "knighthood"}},
        {"kind": "barbarian_deck", "seat": None,
         "params": {"black_knight": 2, "intrigue": 3, "knighthood": 10, "treason": 3}},
        {"kind": "barbarian_deck_shuffled", "seat": None, "params": {"cards": 2}},
        {"kind": "barbarian_moved_for_tokens", "seat": 1,
         "params": {"conquered": [], "freed": [], "hex": "1,1", "number": 8, "to": "-1,2", "to_number": 9, "tokens": 2}},
        {"kind": "barbarian_seven", "seat": 0, "params": {"victims": []}},
        {"kind": "barbarians_beaten", "seat": None,
         "params": {"colour": "green", "lost": [], "number": 6, "prisoners": {"2": 1}}},
        {"kind": "barbarians_landed", "seat": 0, "params": {"lost": [], "numbers": [4], "totals": [4]}},
        {"kind": "intrigue", "seat": 0, "params": {"freed": [], "hex": "2,0", "number": 6, "prisoners": 2}},
        {"kind": "knight_moves", "seat": 0, "params": {}},
        {"kind": "knight_moved", "seat": 1, "params": {"grain": False, "paths": 3}},
        {"kind": "knight_placed", "seat": 1, "params": {"card": "black_knight", "edge": "0,1|1,1"}},
        {"kind": "treason", "seat": 2, "params": {"source_numbers": [], "target_numbers": [12, 5]}},
        {"kind": "wandering_placed", "seat": 0, "params": {"edge": "0,-2|0,-1"}},
    ],
    "fishermen": [
        {"kind": "fish_caught", "seat": 0, "params": {"boot": True, "count": 2, "tokens": [1, 3]}},
        {"kind": "fish_dev_card", "seat": 0, "params": {}},
        {"kind": "fish_reshuffled", "seat": None, "params": {"tokens": 29}},
        {"kind": "fish_returned", "seat": 0, "params": {"tokens": [1]}},
        {"kind": "fish_spent", "seat": 0, "params": {"action": "robber", "cost": 2, "fish": 2, "tokens": [2]}},
        {"kind": "fish_stole", "seat": 1, "params": {"victim": 0}},
        {"kind": "fishing_ground_set", "seat": None, "params": {"number": 6, "sea": "2,1"}},
        {"kind": "old_boot_drawn", "seat": 0, "params": {}},
        {"kind": "old_boot_passed", "seat": 1, "params": {"to": 0}},
        {"kind": "robber_off_board", "seat": 0, "params": {"hex": "0,0"}},
    ],
    "traders_barbarians": [
        {"kind": "board_entered", "seat": None, "params": {"harbours": 9, "hexes": 19, "parts": {"barbarian_paths": 3}}},
        # the board entry's barbarians, as older records logged them
        {"kind": "tb_barbarian_set", "seat": None, "params": {"edge": "0,-2|1,-2"}},
        {"kind": "tb_barbarian_removed", "seat": None, "params": {"edge": "0,-2|1,-2"}},
        {"kind": "tb_wagon_moved", "seat": 0, "params": {"bank": 0, "left": 3, "mp": 1, "neutral": True, "opponent": 1,
                                                         "payee": 1, "to": "0,-2|0,-1|1,-2", "toll": 1}},
        {"kind": "tb_wagon_moved", "seat": 0, "params": {"left": 0, "mp": 1, "payee": 1, "to": "-1,-1|-1,0|0,-1", "toll": 1}},
        {"kind": "tb_wagon_moved", "seat": 0, "params": {"left": 2, "mp": 2, "to": "0,-2|0,-1|1,-2"}},
        {"kind": "tb_goods_taken", "seat": 0, "params": {"good": "marble", "target": "quarry", "to": "castle"}},
        {"kind": "tb_delivered", "seat": 0, "params": {"gold": 1, "good": "marble", "target": "castle"}},
        {"kind": "tb_stack_empty", "seat": 1, "params": {"target": "glassworks"}},
        {"kind": "tb_wagon_grain", "seat": 0, "params": {"left": 2}},
        {"kind": "tb_wagon_upgraded", "seat": 0, "params": {"cost": {"grain": 1, "wool": 1}, "level": 2}},
        {"kind": "tb_chase", "seat": 0, "params": {"chased": False, "die": 5, "edge": "0,0|1,-1"}},
        {"kind": "tb_chase", "seat": 0, "params": {"chased": True, "die": 6, "edge": "0,0|1,-1"}},
        {"kind": "tb_barbarian_moved", "seat": 0, "params": {"card": "ore", "edge": "-1,-1|0,-2", "victim": 1}},
        {"kind": "tb_barbarian_moved", "seat": 0, "params": {"edge": "0,2|1,1"}},
        {"kind": "tb_barbarian_moved", "seat": 1, "params": {"edge": "1,0|2,-1", "victim": 2}},
        {"kind": "tb_barbarian_moved", "seat": 0, "params": {"victim": 1}},
        {"kind": "tb_dev_deck", "seat": None, "params": {"as_shown": True, "knight": 14, "monopoly": 2, "road_building": 2,
                                                         "victory_point": 5, "year_of_plenty": 2}},
        {"kind": "tb_wagon_cards", "seat": None, "params": {"as_shown": True, "cards": [
            {"chase": [], "cost": {}, "gold": 1, "mp": 4}, {"chase": [6], "cost": {"grain": 1, "wool": 1}, "gold": 2, "mp": 5}]}},
        {"kind": "tb_wagon_cards", "seat": None, "params": {"as_shown": None}},
        {"kind": "tb_target_tokens", "seat": 0, "params": {"due": 1, "tokens": 1}},
        {"kind": "tb_tokens_barbarian", "seat": 0, "params": {"tokens": 1}},
        {"kind": "tb_rerolled", "seat": 0, "params": {"total": 12}},
    ],
    "catan_for_two": [
        {"kind": "knight_discarded", "seat": 0, "params": {"knights": 2}},
        {"kind": "largest_army_lost", "seat": 0, "params": {"holder": None, "knights": 2}},
        {"kind": "largest_army_lost", "seat": 0, "params": {"holder": 1, "knights": 2}},
        {"kind": "neutral_skipped", "seat": 1, "params": {"piece": "road"}},
        {"kind": "tokens_earned", "seat": 0, "params": {"due": 2, "limit": 7, "reason": "desert", "returned": 1, "tokens": 1}},
    ],
    "explorers_pirates": [
        {"kind": "pl_start_placed", "seat": 0, "params": {"corner": "0,0,n", "owner": 0, "piece": "harbour"}},
        {"kind": "pl_start_placed", "seat": 1, "params": {"corner": "0,0,n", "owner": 3, "piece": "settlement"}},
        {"kind": "ep_pirates_home", "seat": 2, "params": {}},
        {"kind": "ep_pirates_spared", "seat": 1, "params": {}},
        {"kind": "ep_track_moved", "seat": 0, "params": {"field": 3, "mission": "fish_for_catan", "vp": 1}},
    ],
    "events": [
        {"kind": "red_rolled", "seat": 0, "params": {"event": "blue", "red": 4, "source": "virtual"}},
        {"kind": "event_skipped", "seat": 0, "params": {"reason": "bank_empty"}},
        {"kind": "event_skipped", "seat": 1, "params": {"reason": "nobody_has_cards"}},
        {"kind": "event_skipped", "seat": 2, "params": {"reason": "no_cards"}},
        {"kind": "event_took", "seat": 0, "params": {"card": "ore", "event": "conflict", "victim": 1}},
        {"kind": "event_took", "seat": 0, "params": {"event": "conflict", "victim": 1}},
        {"kind": "event_took", "seat": 3, "params": {"event": "trade_advantage", "victim": None}},
    ],
}
# The recorded games whose entries each table words (Cities & Knights' roll only with its event die).
CORPUS = {"base": "", "cities_knights": "ck_", "catan_for_two": "two_players_", "explorers_pirates": "ep_",
          "events": "events_"}


def _samples(table: str) -> list[dict]:
    kinds = _tables()[table].LOG.kinds()
    recorded = [entry for entry in _corpus(CORPUS[table]) if entry["kind"] in kinds] if table in CORPUS else []
    return recorded + SAMPLES.get(table, [])


def test_every_table_has_samples():
    assert set(_tables()) == set(SAMPLES), "a layer's new LogTable needs samples of its kinds here"


@pytest.mark.parametrize("table", sorted(SAMPLES))
def test_every_kind_of_a_table_is_worded_in_both_languages(table):
    module = _tables()[table]
    samples = _samples(table)
    assert {entry["kind"] for entry in samples} == module.LOG.kinds()
    translated = set()
    for entry in samples:
        with override("en"):
            english = module.log_text(entry, NAMES)
        with override("pl"):
            polish = module.log_text(entry, NAMES)
        for text in (english, polish):
            assert isinstance(text, str) and text.strip(), entry
            assert "%(" not in text and "%s" not in text, (entry, text)
        if english != polish:
            translated.add(entry["kind"])
    assert translated == module.LOG.kinds()  # every kind has its Polish words


# Sentences as the if-chains worded them, before the tables.
VERBATIM = [
    ("base", {"kind": "rolled", "seat": 0, "params": {"dice": [3, 4], "total": 7}},
     "Ala rolled 7 (3 + 4).", "Ala: rzut 7 (3 + 4)."),
    ("cities_knights", {"kind": "rolled", "seat": 1, "params": {"dice": [2, 5], "total": 7, "event": "ship", "alchemist": True}},
     "Bartek rolled 7 (yellow 2 + red 5) and the barbarian ship. (The number dice were set by the Alchemist.)",
     "Bartek: rzut 7 (żółta 2 + czerwona 5), kość wydarzeń: statek barbarzyńców. (Kości z oczkami ustawił Alchemik.)"),
    ("base", {"kind": "discarded", "seat": 2, "params": {"count": 4, "cards": {"brick": 2, "ore": 2}}},
     "Celina gives back 4 cards: 2 brick, 2 ore.", "Celina oddaje karty (4): 2 gliny, 2 rudy."),
    ("base", {"kind": "discarded", "seat": 2, "params": {"count": 0, "hand_size": 5}},
     "Celina holds 5 cards: nothing to discard.", "Celina nic nie oddaje (kart na ręce: 5)."),
    ("base", {"kind": "offer_made", "seat": 0, "params": {"give": {"wool": 2}, "get": {"ore": 1}, "to": 1}},
     "Ala offers Bartek 2 wool for 1 ore.", "Ala oferuje graczowi Bartek: 2 wełny za 1 ruda."),
    ("base", {"kind": "monopoly_taken", "seat": 1, "params": {"resource": "grain", "total": 3, "taken": {"0": 2, "2": 1}}},
     "Bartek takes 3 grain (Ala 2, Celina 1).", "Bartek zabiera surowiec zboże: 3 (Ala 2, Celina 1)."),
    ("base", {"kind": "longest_road", "seat": None, "params": {}},
     "Nobody holds Longest Road now.", "Teraz nikt nie ma Najdłuższej drogi handlowej."),
    ("base", {"kind": "dice_source", "seat": None, "params": {"source": "virtual"}},
     "Dice now come from: virtual dice.", "Źródło rzutów od teraz: wirtualne kości."),
    ("cities_knights", {"kind": "city_gate", "seat": None, "params": {"deck": "science", "red": 4, "seats": [0, 2]}},
     "The science (green) city gate with a red 4: Ala and Celina each draw a progress card.",
     "Brama miejska – wiedza (zielony), czerwona kość 4. Kartę postępu dobierają: Ala i Celina."),
    ("cities_knights", {"kind": "knight_deserted", "seat": 1, "params": {"level": 2, "to": 0, "replaced": 1}},
     "Bartek removes a strong knight; Ala puts in a basic knight.",
     "Bartek zdejmuje rycerza (silny rycerz); Ala wystawia rycerza (słaby rycerz)."),
    ("cities_knights", {"kind": "improved", "seat": 0, "params": {"chart": "politics", "level": 3}},
     "Ala improved Politics to level 3: Fortress.", "Ala rozbudowuje miasta – Polityka, etap 3: Twierdza."),
    ("cities_knights", {"kind": "bishop", "seat": 0,
                        "params": {"victims": [1, 2], "robbed": [1, 2], "taken": {"1": "ore", "2": "paper"}}},
     "Ala moves the robber and takes a random card from each of Bartek and Celina (Bartek: ore; Celina: paper).",
     "Ala przestawia złodzieja i zabiera po losowej karcie graczom: Bartek i Celina (Bartek: ruda; Celina: papier)."),
    ("cities_knights", {"kind": "progress_drawn", "seat": 3, "params": {"deck": "trade", "card": "merchant_fleet"}},
     "Darek draws Merchant Fleet (trade (yellow)).",
     "Darek dobiera kartę postępu Flota handlowa z talii: handel (żółty)."),
    ("barbarian_attack", {"kind": "knight_moved", "seat": 0, "params": {"grain": True, "paths": 4, "wandering": True}},
     "Ala moves the wandering knight 4 paths. (paid 1 grain)", "Ala przesuwa błędnego rycerza o 4 trasy. (płaci 1 zboże)"),
    ("barbarian_attack", {"kind": "barbarians_landed", "seat": 0, "params": {"totals": [4, 9, 6], "numbers": [4, 9], "lost": [9]}},
     "The barbarians land (dice: 4, 9, 6): 2 barbarians on the coast at 4, 9. Conquered: the coastal hex 9.",
     "Barbarzyńcy lądują (kostki: 4, 9, 6): 2 barbarzyńców na wybrzeżu, pola 4, 9. Podbite: pole wybrzeża 9."),
    ("events", {"kind": "event_effect", "seat": None, "params": {"event": "conflict", "measure": "largest_army", "taker": 2}},
     "Conflict: Celina (Largest Army) draws 1 random card, never a development card, from the hand of a player of their choice.",
     "Konflikt: Celina (Najwyższa władza rycerska) losuje 1 kartę, nigdy kartę rozwoju, z ręki wybranego gracza."),
    ("events", {"kind": "event_effect", "seat": None, "params": {"event": "tournament", "nobody": "no_knights"}},
     "Tournament: Nobody has played a Knight card: nobody gets anything.",
     "Turniej rycerski: Nikt nie zagrał karty Rycerz: nikt nic nie dostaje."),
    ("traders_barbarians", {"kind": "tb_wagon_moved", "seat": 0,
                            "params": {"left": 3, "neutral": True, "opponent": 0, "payee": 1, "toll": 1}},
     "Ala's wagon moves along a neutral road and pays 1 gold toll to the bank (3 movement points left).",
     "Wóz gracza Ala jedzie neutralną drogą i płaci 1 złoto myta do banku (zostały 3 punkty ruchu)."),
    ("traders_barbarians", {"kind": "tb_wagon_moved", "seat": 2, "params": {"left": 1, "payee": 3, "toll": 1}},
     "Celina's wagon moves along Darek's road and pays 1 gold toll (1 movement point left).",
     "Wóz gracza Celina jedzie drogą gracza Darek i płaci 1 złoto (został 1 punkt ruchu)."),
    ("traders_barbarians", {"kind": "tb_goods_taken", "seat": 1, "params": {"good": "marble", "target": "quarry", "to": "castle"}},
     "Bartek takes a goods token at the quarry: marble, to carry to the castle.",
     "Bartek bierze żeton towaru (kamieniołom): marmur, do zawiezienia: zamek."),
    ("traders_barbarians", {"kind": "tb_delivered", "seat": 0, "params": {"gold": 2, "good": "glass", "target": "castle"}},
     "Ala delivers glass to the castle: 1 victory point and 2 gold.",
     "Ala dostarcza towar (szkło) do celu: zamek: 1 punkt zwycięstwa i 2 złote monety."),
    ("traders_barbarians", {"kind": "tb_barbarian_moved", "seat": 3, "params": {"victim": 1, "empty": True}},
     "Darek moves a barbarian onto Bartek's road; Bartek has no card to take.",
     "Darek przestawia barbarzyńcę na drogę gracza Bartek; Bartek nie ma kart do zabrania."),
    ("traders_barbarians", {"kind": "board_entered", "seat": None,
                            "params": {"harbours": 9, "hexes": 19, "parts": {"barbarian_paths": 3}}},
     "Board entered: 19 hexes, 9 harbours, 3 barbarian paths. Setup begins.",
     "Plansza wprowadzona: 19 heksów, 9 portów, 3 ścieżki barbarzyńców. Zaczyna się rozstawianie."),
    ("catan_for_two", {"kind": "forced_trade", "seat": 0,
                       "params": {"count": 3, "drawn": ["ore", "grain", "ore"], "tokens": 2, "victim": 1}},
     "Ala pays 2 trade tokens for a forced trade and takes 2 ore, 1 grain from Bartek.",
     "Ala płaci 2 żetony handlu za wymuszony handel i zabiera graczowi Bartek karty: 2 rudy, 1 zboże."),
    ("catan_for_two", {"kind": "forced_trade", "seat": 1, "params": {"count": 2, "tokens": 1, "victim": 0}},
     "Bartek pays 1 trade token for a forced trade and takes 2 random cards from Ala.",
     "Bartek płaci 1 żeton handlu za wymuszony handel i zabiera graczowi Ala 2 losowe karty."),
    ("catan_for_two", {"kind": "tokens_earned", "seat": 0, "params": {"due": 2, "reason": "desert_coast", "tokens": 1}},
     "Ala takes 1 trade token for a settlement next to the desert and on the coast (the pool had no more).",
     "Ala bierze 1 żeton handlu za osadę przy pustyni i na wybrzeżu (w puli nie było więcej)."),
    ("catan_for_two", {"kind": "robber_to_desert", "seat": 0, "params": {"hex": None, "tokens": 2}},
     "Ala pays 2 trade tokens: the robber goes back to the desert, nobody is robbed.",
     "Ala płaci 2 żetony handlu: złodziej wraca na pustynię, nikt nie jest okradziony."),
    ("catan_for_two", {"kind": "neutral_built", "seat": 1, "params": {"neutral": 3, "piece": "road"}},
     "Bartek builds a road for Darek.", "Bartek buduje drogę dla koloru Darek."),
    ("catan_for_two", {"kind": "forced_gave", "seat": 1, "params": {"cards": {"wool": 2, "ore": 1}, "count": 3, "to": 0}},
     "Bartek gives Ala 2 wool, 1 ore back (forced trade).",
     "Bartek oddaje graczowi Ala: 2 wełny, 1 ruda (wymuszony handel)."),
    ("explorers_pirates", {"kind": "pl_start_placed", "seat": 1, "params": {"owner": 3, "piece": "settlement"}},
     "Bartek places a settlement for Darek.", "Bartek stawia osadę w kolorze: Darek."),
    ("explorers_pirates", {"kind": "ep_ship_moved", "seat": 1, "params": {"ship": 2, "points": 2, "paths": 3}},
     "Bartek sails ship 2 along 3 sea paths (2 movement points left).",
     "Bartek płynie: statek 2 przepływa 3 ścieżki morskie (zostały 2 punkty ruchu)."),
    ("explorers_pirates", {"kind": "ep_pieces_removed", "seat": 2, "params": {"piece": "sack", "count": 2, "ship": 3}},
     "Celina takes 2 spice sacks off ship 3: back to the bank.",
     "Celina zdejmuje 2 worki przypraw ze statku (statek 3): wracają do banku."),
    ("explorers_pirates", {"kind": "ep_track_moved", "seat": 0, "params": {"field": 3, "mission": "fish_for_catan", "vp": 1}},
     "Ala moves their marker on the mission “Fish for Catan” to field 3 (1 point).",
     "Ala przesuwa znacznik na misji „Ryby dla Catanu” na pole 3 (1 punkt)."),
    ("events", {"kind": "red_rolled", "seat": 0, "params": {"event": "blue", "red": 4}},
     "Ala rolled 4 on the red die and the blue city gate.",
     "Ala: czerwona kość 4, kość wydarzeń: niebieska brama miejska."),
    ("events", {"kind": "event_skipped", "seat": 1, "params": {"reason": "nobody_has_cards"}},
     "Bartek draws no card: no other player holds a resource card.",
     "Bartek nie dobiera karty: nikt inny nie ma kart surowców."),
    ("events", {"kind": "event_took", "seat": 0, "params": {"card": "ore", "victim": 1}},
     "Ala drew 1 ore from the hand of Bartek.", "Ala losuje kartę z ręki gracza Bartek: ruda."),
]


@pytest.mark.parametrize("layer, entry, english, polish", VERBATIM)
def test_sentences_are_worded_as_before(layer, entry, english, polish):
    module = importlib.import_module(next(p.__name__ for p in PACKAGES if p.__name__.endswith("." + layer)) + ".messages")
    with override("en"):
        assert module.log_text(entry, NAMES) == english
    with override("pl"):
        assert module.log_text(entry, NAMES) == polish


def test_a_roll_is_worded_by_the_layer_that_knows_its_dice():
    """Cities & Knights words a roll with its event die; without one, it leaves the roll to the base game."""
    plain = {"n": 1, "turn": 1, "kind": "rolled", "seat": 0, "params": {"dice": [3, 4], "total": 7}}
    with override("pl"):
        assert log_text(plain, NAMES) == "Ala: rzut 7 (3 + 4)."
        assert log_text({**plain, "params": {**plain["params"], "event": "blue"}}, NAMES) == (
            "Ala: rzut 7 (żółta 3 + czerwona 4), kość wydarzeń: niebieska brama miejska.")


def test_a_table_words_a_kind_once_and_none_it_does_not_know():
    table = LogTable({"built": "%(who)s built."})
    with pytest.raises(ValueError):
        table.kind("built")(lambda line: "again")

    @table.kind("passed")
    def _passed(line):
        return None  # not this layer's after all: a layer below words it

    assert table.kinds() == {"built", "passed"}
    assert table.text({"kind": "passed", "seat": 0, "params": {}}, NAMES) is None
    assert table.text({"kind": "unknown", "seat": 0, "params": {}}, NAMES) is None
    assert table.text({"kind": "built", "seat": 1, "params": {}}, NAMES) == "Bartek built."


def test_a_sentence_says_its_params_by_their_table_and_only_those_it_uses():
    table = LogTable({"drew": "%(who)s drew %(card)s.", "rested": "%(who)s rests."},
                     params=Params, words={"card": {"spy": "the Spy"}})
    assert table.text({"kind": "drew", "seat": 0, "params": {"card": "spy"}}, NAMES) == "Ala drew the Spy."
    assert table.text({"kind": "drew", "seat": 0, "params": {"card": "new"}}, NAMES) == "Ala drew new."
    # a param the sentence does not use is never looked up (a list is no key of a table)
    assert table.text({"kind": "rested", "seat": 9, "params": {"card": ["spy"]}}, NAMES) == " rests."
    # Params say "?" for a missing one; plain params raise, as the if-chains did
    assert table.text({"kind": "drew", "seat": 2, "params": {}}, NAMES) == "Celina drew ?."
    with pytest.raises(KeyError):
        LogTable({"drew": "%(who)s drew %(card)s."}).text({"kind": "drew", "seat": 2, "params": {}}, NAMES)


def test_every_event_card_that_does_something_has_its_words():
    from companion.layers.options.events import messages

    quiet = {"robber_attack", "no_event", "new_year"}  # the 7's own words, the number alone, the reshuffle
    assert set(messages._EFFECTS) == set(messages.EVENT_NAMES) - quiet
    for event in sorted(messages._EFFECTS):
        for plan in ({}, {"nobody": "no_knights"}, {"gains": [0], "taker": 1, "measure": "strength", "basis": {"0": 3, "1": 4}}):
            with override("pl"):
                lines = messages.event_effect_lines(event, plan, NAMES)
            assert all(isinstance(line, str) and "%(" not in line for line in lines), (event, plan)


@pytest.mark.parametrize("language, giver_to_table, giver_to_receiver", [
    ("en", "Bartek gives Ala a wedding gift.", "Bartek gives Ala 1 grain, 1 ore (Wedding)."),
    ("pl", "Bartek daje graczowi Ala prezent weselny.", None),
])
def test_a_wedding_gift_reads_on_every_screen(language, giver_to_table, giver_to_receiver):
    """The Wedding's gift is secret in its cards, not in who gave to whom: the table and the
    other phones read the giver and the receiver (an entry without them raised TypeError
    on the table screen's log)."""
    from companion.engine.views import log_for
    from companion.engine import TABLE
    from companion.machinery.step import add_log

    state = {"counters": {"log": 0}, "turn": {"number": 3}, "log": []}
    add_log(state, "wedding_gift", seat=1, secret_for=[1, 0], shown={"to": 0}, to=0, cards={"grain": 1, "ore": 1})
    with override(language):
        assert log_text(log_for(state, TABLE)[0], NAMES) == giver_to_table
        assert log_text(log_for(state, 2)[0], NAMES) == giver_to_table
        if giver_to_receiver:
            assert log_text(log_for(state, 0)[0], NAMES) == giver_to_receiver



def test_a_wedding_gift_logged_without_its_receiver_still_reads():
    """A snapshot from before the receiver was shown to all holds the entry with no params."""
    entry = {"n": 1, "turn": 3, "kind": "wedding_gift", "seat": 1, "params": {}}
    with override("en"):
        assert log_text(entry, NAMES) == "Bartek gives a wedding gift."
    with override("pl"):
        assert log_text(entry, NAMES) == "Bartek daje prezent weselny."
