"""An answered trade offer leaves the phone's list of offers to answer (issue 34).

Hands on phones, the beginner board: Ala (on turn) offers everyone 1 lumber for 1 grain
after a 4 (which pays Bartek and Celina a grain each). Before, an offer a player had
answered went back among the other open offers on their phone, still showing Accept and
Decline as if nothing had been said; now it moves to "Your answers", with the answer given
and the other answer still possible. The active player sees the answers on their own offer,
and a counter-offer they decline leaves their screen.
"""
import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from companion import services
from companion.machinery import board as boards
from companion.models import Game

from .helpers import host, joined_phones

PLAYERS = [{"name": "Ala", "color": "red"}, {"name": "Bartek", "color": "blue"}, {"name": "Celina", "color": "orange"}]
LISTS = ("offers-to-answer", "offers-answered", "offers-open")

pytestmark = pytest.mark.django_db


def _game() -> Game:
    return services.create_game({"rules": "base", "players": PLAYERS, "dice_source": "typed", "board": "beginner",
                                 "board_layout": boards.beginner_board(), "play_mode": "hands"}, seed=11)


def _post(client: Client, game: Game, **fields):
    fields.setdefault("as", "seat")
    fields.setdefault("idem", uuid.uuid4().hex)
    response = client.post(reverse("act", args=[game.code]), fields)
    assert response.status_code == 200, response.content.decode()[:300]
    return response


def _trade(client: Client, game: Game) -> str:
    """The phone's trade section."""
    page = client.get(reverse("seat", args=[game.code])).content.decode()
    return page.split('id="trade"', 1)[1].split("</section>", 1)[0]


def _lists(client: Client, game: Game) -> dict[str, str]:
    """The phone's trade section, list by list: {list's test id: its HTML} for those shown."""
    trade = _trade(client, game)
    return {name: trade.split(f'data-testid="{name}"', 1)[1].split("</ul>", 1)[0]
            for name in LISTS if f'data-testid="{name}"' in trade}


def _offer_ids(html: str) -> list[str]:
    return re.findall(r'data-testid="offer-(\d+)"', html)


def _open_offer(game: Game) -> int:
    game.refresh_from_db()
    return services.current_state(game)[0]["offers"][0]["id"]


@pytest.fixture
def offered(client):
    game = _game()
    table = host(client, game)
    ala, bartek, celina = joined_phones(game)
    _post(table, game, type="roll", die1="1", die2="3", **{"as": "table"})  # a 4: a grain each for Bartek, Celina
    _post(ala, game, type="offer_trade", give_lumber="1", get_grain="1")
    return game, ala, bartek, celina, str(_open_offer(game))


def test_an_offer_made_to_a_phone_waits_in_its_list_to_answer(offered):
    game, _ala, bartek, _celina, offer = offered
    lists = _lists(bartek, game)
    assert _offer_ids(lists["offers-to-answer"]) == [offer]
    assert 'data-testid="accept-offer"' in lists["offers-to-answer"]
    assert "offers-answered" not in lists and "offers-open" not in lists


def test_an_accepted_offer_leaves_the_list_to_answer_and_says_so(offered):
    game, _ala, bartek, _celina, offer = offered
    _post(bartek, game, type="answer_offer", offer=offer, answer="accept")
    trade = _trade(bartek, game)
    assert trade.count(f'data-testid="offer-{offer}"') == 1
    # Said once is enough: no Accept offered again, nor shown as an offer waiting for him.
    assert 'data-testid="accept-offer"' not in trade and 'value="accept"' not in trade
    assert "for-me" not in trade
    lists = _lists(bartek, game)
    assert "offers-to-answer" not in lists  # nothing is left to answer: nothing pinned at the bottom
    assert offer not in _offer_ids(lists.get("offers-open", ""))  # nor back among the other offers
    answered = lists["offers-answered"]
    assert _offer_ids(answered) == [offer]
    assert "You accepted: Ala may trade with you." in answered
    assert 'value="decline"' in answered and 'value="accept"' not in answered  # the other answer, still possible
    assert "for-me" not in answered  # not styled (nor pinned) as waiting for an answer


def test_a_declined_offer_leaves_the_list_and_the_answer_may_change(offered):
    game, _ala, _bartek, celina, offer = offered
    _post(celina, game, type="answer_offer", offer=offer, answer="decline")
    trade = _trade(celina, game)
    assert "for-me" not in trade and 'value="decline"' not in trade  # no Decline asked of her again
    lists = _lists(celina, game)
    assert "offers-to-answer" not in lists
    assert _offer_ids(lists["offers-answered"]) == [offer] and "You declined." in lists["offers-answered"]
    # She changes her mind: still answered, now as an acceptance.
    _post(celina, game, type="answer_offer", offer=offer, answer="accept")
    lists = _lists(celina, game)
    assert "offers-to-answer" not in lists
    assert "You accepted: Ala may trade with you." in lists["offers-answered"]


def test_the_active_player_sees_the_answers_and_a_declined_counter_offer_leaves(offered):
    game, ala, bartek, celina, offer = offered
    _post(bartek, game, type="answer_offer", offer=offer, answer="accept")
    _post(celina, game, type="answer_offer", offer=offer, answer="decline")
    lists = _lists(ala, game)
    assert "offers-to-answer" not in lists and "offers-answered" not in lists
    own = lists["offers-open"]
    assert _offer_ids(own) == [offer]
    assert "Trade with Bartek" in own and "Trade with Celina" not in own
    assert re.search(r"declined by\s*Celina", own)
    # Celina proposes her own terms: Ala owes an answer to that one, and only to that one.
    _post(celina, game, type="counter_offer", offer=offer, give_grain="1", get_brick="1")
    game.refresh_from_db()
    counter = str(services.current_state(game)[0]["offers"][-1]["id"])
    lists = _lists(ala, game)
    assert _offer_ids(lists["offers-to-answer"]) == [counter]
    assert _offer_ids(lists["offers-open"]) == [offer]
    _post(ala, game, type="answer_offer", offer=counter, answer="decline")
    lists = _lists(ala, game)
    assert "offers-to-answer" not in lists and counter not in _offer_ids("".join(lists.values()))
