"""Catan for two names the robber's home as the board has it (issue 34).

Rivers of Catan has swamps where the desert was (traders-and-barbarians-pl.txt: "Zamiast
odstawiać złodzieja na pustynię, należy go odłożyć na jedno z pól bagien"); the Caravans
have an oasis, no home for the robber, which waits beside the board. Catan for two's log
lines, refusals and its button say what the board has, in both languages: its words ask
the board which terrain is the robber's home and the layer that brings that terrain for
its name (ROBBER_HOME_WORDS), so no scenario words Catan for two's lines for it.
"""
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from companion import services
from companion.engine import IllegalAction, view
from companion.layers.options.catan_for_two import messages as two_messages
from tests.engine import test_caravans, test_rivers

from .helpers import host, joined_phones, state_of

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Ala", "Bartek"]
TABLE = {"role": "table"}


def _line(kind: str, **params) -> str:
    """Catan for two's own words for a log line (not a later layer's: it says them itself)."""
    return two_messages.log_text({"kind": kind, "seat": 0, "params": params}, NAMES)


@pytest.mark.parametrize("language, back, earned, already", [
    ("en", "Ala pays 1 trade token: the robber goes back to a swamp, nobody is robbed.",
     "Ala takes 3 trade tokens for a settlement next to a swamp and on the coast.",
     "The robber is on a swamp already."),
    ("pl", "Ala płaci 1 żeton handlu: złodziej wraca na bagno, nikt nie jest okradziony.",
     "Ala bierze 3 żetony handlu za osadę obok bagna i na wybrzeżu.",
     "Złodziej już stoi na bagnie."),
])
def test_catan_for_twos_own_words_name_a_swamp_where_the_board_has_one(language, back, earned, already):
    with translation.override(language):
        assert _line("robber_to_desert", tokens=1, hex="0,0", home="swamp") == back
        assert _line("tokens_earned", tokens=3, reason="swamp_coast", due=3) == earned
        assert two_messages.refusal(IllegalAction("robber_on_desert", home="swamp")) == already


@pytest.mark.parametrize("language, back, earned, already", [
    ("en", "Ala pays 2 trade tokens: the robber goes back to the desert, nobody is robbed.",
     "Ala takes 2 trade tokens for a settlement next to the desert.", "The robber is on the desert already."),
    ("pl", "Ala płaci 2 żetony handlu: złodziej wraca na pustynię, nikt nie jest okradziony.",
     "Ala bierze 2 żetony handlu za osadę przy pustyni.", "Złodziej już stoi na pustyni."),
])
def test_a_game_with_a_desert_reads_as_before(language, back, earned, already):
    # Its records name no home (robber_to_desert logs one only when it is not the desert).
    with translation.override(language):
        assert _line("robber_to_desert", tokens=2, hex="0,0") == back
        assert _line("tokens_earned", tokens=2, reason="desert", due=2) == earned
        assert two_messages.refusal(IllegalAction("robber_on_desert", home="desert")) == already


def test_the_swamps_scenario_words_its_terrain_not_catan_for_twos_lines():
    rivers = ROOT / "companion/layers/traders_barbarians_scenarios/rivers"
    source = (rivers / "messages.py").read_text() + (rivers / "screens.py").read_text()
    for code in ("robber_to_desert", "robber_on_desert", "two_robber"):
        assert code not in source, code


# ------------------------------------------------------------------ the button, on the phone


def _drive_to_the_second_roll(game) -> None:
    """Setup (the neutral colours' settlements, then the players') and both rolls of turn 1."""
    while state_of(game)["phase"] == "setup":
        targets = view(state_of(game), "table")["board"]["targets"]
        if targets.get("neutral_settlement"):
            services.perform(game, TABLE, "place_neutral", {"corner": targets["neutral_settlement"][0]})
        elif targets.get("settlement"):
            services.perform(game, TABLE, "place_settlement", {"corner": targets["settlement"][0]})
        else:
            services.perform(game, TABLE, "place_road", {"edge": targets["road"][0]})
    services.perform(game, TABLE, "roll", {"dice": [1, 2]})
    services.perform(game, TABLE, "roll", {"dice": [2, 2]})
    assert state_of(game)["phase"] == "main"


def _robber_button(config: dict, language: str) -> str:
    game = services.create_game(config, seed=5)
    host(Client(), game)
    ala = joined_phones(game)[0]
    _drive_to_the_second_roll(game)
    ala.cookies["django_language"] = language
    page = ala.get(reverse("seat", args=[game.code])).content.decode()
    button = page.split('data-testid="robber-to-desert"', 1)[1]
    return button.split(">", 1)[1].split("<small>", 1)[0]


def _base_config(players: int, variants: dict) -> dict:
    names = [{"name": "Ala", "color": "red"}, {"name": "Bartek", "color": "blue"}][:players]
    return {"rules": "base", "players": names, "variants": variants, "board": "random", "play_mode": "hands",
            "dice_source": "typed", "target": 10}


@pytest.mark.django_db
@pytest.mark.parametrize("board, variants, language, words", [
    ("base", {"two_players": True}, "en", "The robber back to the desert"),
    ("base", {"two_players": True}, "pl", "Złodziej z powrotem na pustynię"),
    ("rivers", {"two_players": True}, "en", "The robber back to a swamp"),
    ("rivers", {"two_players": True}, "pl", "Złodziej z powrotem na bagno"),
    # the travel edition's trade cards word the tokens, not the robber's home
    ("rivers", {"two_players": True, "travel_two_players": True}, "en", "The robber back to a swamp"),
    ("caravans", {"two_players": True}, "en", "The robber off the board"),
    ("caravans", {"two_players": True}, "pl", "Złodziej zdjęty z planszy"),
])
def test_the_token_button_names_what_the_board_has(board, variants, language, words):
    config = {"rivers": test_rivers.config, "caravans": test_caravans.config, "base": _base_config}[board]
    assert _robber_button(config(players=2, variants=variants), language) == words
