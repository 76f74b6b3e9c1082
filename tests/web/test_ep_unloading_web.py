"""Explorers & Pirates through the web: pieces taken off ships and out of docks (remove_piece)
from the active player's phone and from the table acting for them, in the trade-and-build
and movement phases; only the active player's screens offer it; the log says where each piece
went; refusals in clear words, in English and Polish."""
import pytest
from django.utils import translation

from companion.layers.cores.explorers_pirates import rules as ep
from companion.machinery.errors import IllegalAction
from companion.messages import refusal

from . import missions_web as web
from .helpers import state_of
from .missions_web import edit as _edit
from .missions_web import page as _page
from .missions_web import post as _post

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]


def _ship_of(state, seat):
    return next(s for s in state["explorers_pirates"]["ships"] if s["seat"] == seat)


def test_the_active_phone_takes_its_start_settler_off_and_the_log_says_where_it_went(client):
    game, (ala, bartek, _celina) = web.new_game(client, "fish_for_catan")
    assert _post(ala, game, "roll", role="seat", die1="2", die2="3").status_code == 200
    state = state_of(game)
    assert state["phase"] == "main"
    ship = _ship_of(state, 0)["id"]
    page = _page(ala, game)
    assert 'data-testid="ep-remove"' in page and f'data-testid="ep-remove-row-ship-{ship}"' in page
    assert f'data-testid="ep-remove-ship-{ship}-settler"' in page
    assert "Take the settler off (back to your supply)" in page
    assert "explorers_pirates/explorers_pirates.css" in page  # its folded list's 44 px summary
    assert 'data-testid="ep-remove"' not in _page(bartek, game)  # not their turn
    assert _post(ala, game, "remove_piece", role="seat", ship=str(ship), piece="settler").status_code == 200
    state = state_of(game)
    assert _ship_of(state, 0)["cargo"] == [] and state["explorers_pirates"]["settlers"][0] == 2
    table = _page(client, game, "table")
    assert f"Ala takes the settler off ship {ship}: it goes back to their supply." in table
    table = _page(client, game, "table", language="pl")
    assert f"Ala zdejmuje osadnika ze statku (statek {ship}): wraca do zasobów gracza." in table
    assert f'data-testid="ep-remove-row-ship-{ship}"' not in _page(ala, game)  # nothing aboard any more


def test_the_table_empties_a_dock_for_the_active_player_in_the_movement_phase(client):
    game, (ala, bartek, _celina) = web.new_game(client, "pirate_lairs")
    assert _post(ala, game, "roll", role="seat", die1="2", die2="3").status_code == 200
    assert _post(ala, game, "start_movement", role="seat").status_code == 200
    corner = ep.harbours_of(state_of(game), 0)[0]

    def crews_in_dock(state):
        state["explorers_pirates"]["docks"][corner] = ["crew", "crew"]
        state["ep_missions"]["crews"][0] -= 2
    _edit(game, crews_in_dock)
    table = _page(client, game, "table")
    assert 'data-testid="ep-remove-row-dock-1"' in table and "Harbour settlement by " in table
    assert "2 crews in the dock" in table and 'data-testid="ep-remove-dock-1-crew"' in table
    assert 'data-testid="ep-remove"' not in _page(bartek, game)
    assert _post(client, game, "remove_piece", corner=corner, piece="crew", count="2").status_code == 200
    state = state_of(game)
    assert state["explorers_pirates"]["docks"][corner] == [] and state["ep_missions"]["crews"][0] == 9
    assert state["phase"] == "movement"
    table = _page(client, game, "table")
    assert "Ala takes 2 crews out of a harbour settlement&#x27;s dock: back to their supply." in table
    assert 'data-testid="ep-remove-row-dock-1"' not in table


def test_refusals_in_english_and_polish(client):
    game, (ala, _bartek, _celina) = web.new_game(client, "pirate_lairs")
    assert _post(ala, game, "roll", role="seat", die1="2", die2="3").status_code == 200
    corner = ep.harbours_of(state_of(game), 0)[0]
    response = _post(ala, game, "remove_piece", role="seat", corner=corner)
    assert "There is nothing there to take off: that hold or dock is empty." in response.content.decode()
    ala.cookies["django_language"] = "pl"
    response = _post(ala, game, "remove_piece", role="seat", corner=corner)
    assert "Nie ma tam żadnego pionka do zdjęcia: w tej ładowni albo w tym doku nic nie ma." in response.content.decode()
    assert state_of(game)["explorers_pirates"]["docks"][corner] == []


WORDS = {
    "ep_not_own_dock": ("Pick one of your ships, or the dock of one of your harbour settlements.",
                        "Wybierz jeden ze swoich statków albo dok jednej ze swoich osad portowych."),
    "ep_which_piece": ("That load holds different pieces: say which one to take off.",
                       "W tym ładunku są różne pionki: wybierz, który zdjąć."),
    "ep_piece_not_there": ("That piece is not there: pick one of the pieces the ship or the dock holds.",
                           "Tego pionka tam nie ma: wybierz jeden z pionków, które są na statku albo w doku."),
    "ep_bad_remove_count": ("Take off at least 1 piece, and no more than there are.",
                            "Zdejmij co najmniej 1 pionek i nie więcej, niż ich tam jest."),
    "ep_cards_first": ("That player holds resource cards: the pirates take a card. Gold only from a player "
                       "without any.",
                       "Ten gracz ma karty surowców: piraci zabierają kartę. Złoto tylko od gracza, który nie ma "
                       "żadnej karty."),
}


@pytest.mark.parametrize("code", sorted(WORDS))
def test_every_new_refusal_has_its_words_in_both_languages(code):
    for language, words in zip(("en", "pl"), WORDS[code]):
        with translation.override(language):
            assert refusal(IllegalAction(code)) == words
