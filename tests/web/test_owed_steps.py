"""What a phone must do now is pinned in its bottom bar, with its form, and "End turn" waits
for it (issue 31; the layers' `owed` in their screen contracts, companion/machinery/contract.py).

Each moment is reached by legal actions, then the phone that owes the step renders its page,
in English and in Polish. The bar is the first element of #actions (so app.css fixes it to the
bottom of the phone: ".actions > .now"), marked data-testid="owed-step", and holds the step's
words and its form; nowhere on the page is an "End turn" while the step blocks the end:
- the Caravans' camel vote: every phone's secret bid; then the decider's camel, tapped on the
  board (the bar says so and offers to show the board);
- Explorers & Pirates: the ships' movement before the turn can end (then End turn comes back);
- Fishermen of Catan: the road bought with 5 fish, to place on the board;
- base trading: an offer of the active player's accepted by Bartek (trade with him, or withdraw);
- a discard on a 7;
- a Cities & Knights decision (the barbarians take one of Ala's cities).
"""
import html
import re
import uuid
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from companion import engine, services
from companion.machinery import board as boards
from companion.machinery import hands

from .helpers import PLAYERS, TABLE, host, joined_phones, new_game_form, state_of
from .scenario_web import (fishermen_game, hosted_game, roll_eights_until_ala_holds_five_fish, scenario_form,
                           setup_on_first_spots)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]

LANGUAGES = ("en", "pl")
# The beginner board's players (its pieces are laid out by colour).
BEGINNERS = [{"name": "Ala", "color": "red"}, {"name": "Bartek", "color": "blue"}, {"name": "Celina", "color": "orange"}]
END_TURN = 'name="type" value="end_turn"'


def _post(client, game, kind, role="seat", **args):
    response = client.post(reverse("act", args=[game.code]),
                           {"as": role, "type": kind, "idem": uuid.uuid4().hex, **args})
    assert response.status_code == 200, response.content.decode()[:500]
    return response


def _page(phone, game, language="en") -> str:
    return phone.get(reverse("seat", args=[game.code]), HTTP_ACCEPT_LANGUAGE=language).content.decode()


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Children(HTMLParser):
    """The direct children of section#actions: [(their attributes, their HTML)]."""

    def __init__(self, page: str):
        super().__init__(convert_charrefs=False)
        self.page, self.lines = page, [0]
        for line in page.splitlines(keepends=True):
            self.lines.append(self.lines[-1] + len(line))
        self.depth, self.inside, self.children, self.start = 0, None, [], None
        self.feed(page)

    def _offset(self) -> int:
        line, column = self.getpos()
        return self.lines[line - 1] + column

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if self.inside is None:
            if tag == "section" and attrs.get("id") == "actions":
                self.inside, self.depth = 0, 0
            return
        if tag in VOID:
            if self.depth == 0:
                self.children.append((attrs, self.get_starttag_text()))
            return
        if self.depth == 0:
            self.start = (attrs, self._offset())
        self.depth += 1

    def handle_endtag(self, tag):
        if self.inside is None or tag in VOID:
            return
        if self.depth == 0:  # the section's own end
            self.inside = None
            return
        self.depth -= 1
        if self.depth == 0:
            end = self.page.index(">", self._offset()) + 1
            self.children.append((self.start[0], self.page[self.start[1]:end]))


def _pinned(page: str) -> tuple[dict, str]:
    """The first child of #actions fixed to a phone's bottom (app.css: ".actions > .now")."""
    return next(((attrs, html) for attrs, html in _Children(page).children
                 if "now" in (attrs.get("class") or "").split()), ({}, ""))


def _bar(page: str) -> str:
    """The pinned bar's HTML: the first of #actions, marked as the owed step."""
    attrs, html = _pinned(page)
    assert attrs.get("data-testid") == "owed-step", f"the bar pins {attrs}, not the owed step"
    return html


def _owes(page: str, words: str, *forms: str) -> str:
    """The page pins the owed step with its words and forms (test ids), and offers no End turn."""
    bar = _bar(page)
    assert words in html.unescape(bar), bar[:600]
    for form in forms:
        assert f'data-testid="{form}"' in bar, f"{form} is not in the bar: {bar[:600]}"
        assert page.count(f'data-testid="{form}"') == 1, f"{form} is also outside the bar"
    assert END_TURN not in page
    return bar


# ---------------------------------------------------------------- the Caravans' camel vote


def test_the_camel_vote_is_pinned_on_every_phone_then_the_deciders_camel(client):
    game = hosted_game(client, scenario_form("caravans", play_mode="paper"))
    phones = joined_phones(game)
    setup_on_first_spots(game)
    state = state_of(game)
    corner = next(c for c, s in state["board"]["pieces"]["settlements"].items() if s == 0)
    _post(phones[0], game, "build_city", corner=corner)
    _post(phones[0], game, "end_turn")
    words = {"en": "Camel vote: how many grain and wool cards do you lay out?",
             "pl": "Głosowanie o wielbłąda: ile kart zboża i wełny wykładasz?"}
    for phone in phones:
        for language in LANGUAGES:
            _owes(_page(phone, game, language), words[language], "bid-form")
    for phone, count in zip(phones, ("1", "5", "0")):
        _post(phone, game, "camel_bid", count=count)
    assert state_of(game)["pending"] == [{"seat": 1, "kind": "camel_place"}]
    words = {"en": "Place the camel: tap a marked path on the board.",
             "pl": "Postaw wielbłąda: dotknij zaznaczonej trasy na planszy."}
    for language in LANGUAGES:
        page = _page(phones[1], game, language)
        bar = _owes(page, words[language], "show-board")
        assert 'href="#board"' in bar and "data-owed-board" in bar
        assert page.count('data-testid="camel-target"') == 3  # what the bar asks to tap
    assert 'data-testid="owed-step"' not in _page(phones[0], game)  # the others owe nothing now


# ---------------------------------------------------------------- Explorers & Pirates' movement


def _land_ho(client):
    host(client)
    form = new_game_form(3, rules="explorers_pirates", scenario="land_ho", board="beginner", target="")
    assert client.post(reverse("new_game"), form).status_code == 302
    from companion.models import Game
    game = Game.objects.get()
    return game, joined_phones(game)


def test_the_ships_movement_is_owed_before_the_turn_can_end(client):
    game, (ala, bartek, _celina) = _land_ho(client)
    _post(ala, game, "roll", die1="2", die2="3")
    assert state_of(game)["phase"] == "main"
    words = {"en": "Before your turn ends: your ships' movement.", "pl": "Przed końcem tury: ruch twoich statków."}
    for language in LANGUAGES:
        page = _page(ala, game, language)
        _owes(page, words[language], "ep-start-movement")
        assert "Trade and build" in page or "Handel i budowa" in page
    assert 'data-testid="owed-step"' not in _page(bartek, game) and END_TURN not in _page(bartek, game)
    # Moving the ships, the turn may end: End turn is the phone's bar now.
    _post(ala, game, "start_movement")
    page = _page(ala, game)
    assert 'data-testid="owed-step"' not in page and END_TURN in page
    assert _pinned(page)[0].get("data-testid") == "ep-end-turn"


# ---------------------------------------------------------------- Fishermen of Catan: the road bought with fish


def test_the_road_bought_with_fish_is_owed_on_the_board(client):
    game = fishermen_game()
    ala = joined_phones(game)[0]
    roll_eights_until_ala_holds_five_fish(game)
    page = _page(ala, game)
    way = re.search(r'data-testid="fish-road-([0-9,]+)"', page).group(1)
    assert END_TURN in page  # nothing owed yet
    _post(ala, game, "spend_fish", action="road", tokens=way)
    assert state_of(game)["board"]["free_roads"] == 1
    words = {"en": "Place your road: tap a marked path on the board.",
             "pl": "Postaw swoją drogę: stuknij zaznaczoną trasę na planszy."}
    for language in LANGUAGES:
        page = _page(ala, game, language)
        _owes(page, words[language], "show-board")
        assert re.search(r"target-edge[^>]*build_road", page)  # what the bar asks to tap
        assert "1 free now: tap a marked path" in page or "1 za darmo: stuknij zaznaczoną trasę" in page
        assert "missing 1 brick" not in page
    edge = engine.view(state_of(game), 0)["board"]["targets"]["road"][0]
    _post(ala, game, "build_road", edge=edge)
    page = _page(ala, game)
    assert 'data-testid="owed-step"' not in page and END_TURN in page


# ---------------------------------------------------------------- base trading: an accepted offer


def test_an_accepted_offer_is_owed_by_the_active_player(client):
    game = services.create_game({"rules": "base", "players": BEGINNERS, "dice_source": "typed", "board": "beginner",
                                 "board_layout": boards.beginner_board(), "play_mode": "hands"}, seed=11)
    table = host(client, game)
    ala, bartek, _celina = joined_phones(game)
    _post(table, game, "roll", role="table", die1="1", die2="3")  # a 4: a grain each for Bartek and Celina
    _post(ala, game, "offer_trade", give_lumber="1", get_grain="1")
    assert END_TURN in _page(ala, game)  # nobody answered yet: nothing owed
    offer = str(state_of(game)["offers"][0]["id"])
    _post(bartek, game, "answer_offer", offer=offer, answer="accept")
    words = {"en": "Bartek accepted your offer: trade, or withdraw it.",
             "pl": "Bartek przyjmuje twoją ofertę: wymień się albo ją wycofaj."}
    for language in LANGUAGES:
        bar = _owes(_page(ala, game, language), words[language], "owed-trade", "owed-withdraw")
        assert ("Trade with Bartek" if language == "en" else "Wymień z: Bartek") in bar
        assert f'name="partner" value="1"' in bar and f'name="offer" value="{offer}"' in bar
    _post(ala, game, "confirm_trade", offer=offer, partner="1")
    page = _page(ala, game)
    assert 'data-testid="owed-step"' not in page and END_TURN in page


# ---------------------------------------------------------------- a discard on a 7


def test_a_discard_on_a_seven_is_pinned_on_the_phones_that_owe_it(client):
    game = services.create_game({"rules": "base", "players": BEGINNERS, "dice_source": "typed", "board": "beginner",
                                 "board_layout": boards.beginner_board(), "play_mode": "hands"}, seed=11)
    phones = joined_phones(game)
    for dice in ([1, 3], [2, 2], [3, 1]):  # three 4s: Celina holds 9 cards
        services.perform(game, TABLE, "roll", {"dice": dice})
        services.perform(game, TABLE, "end_turn")
    services.perform(game, TABLE, "roll", {"dice": [3, 4]})
    state = state_of(game)
    assert [p["seat"] for p in state["pending"]] == [2] and hands.hand_size(state, 2) == 9
    words = {"en": "A 7: give back 4 cards.", "pl": "Wypadła 7: oddaj 4 karty."}
    for language in LANGUAGES:
        bar = _owes(_page(phones[2], game, language), words[language], "discard-form")
        assert 'name="cards_grain"' in bar
    for seat in (0, 1):
        page = _page(phones[seat], game)
        assert 'data-testid="owed-step"' not in page and 'data-testid="discard-form"' not in page


# ---------------------------------------------------------------- a Cities & Knights decision


def test_a_cities_and_knights_decision_is_pinned_on_its_phone(client):
    """The barbarians land with no knight against them: Ala, with a second city (and a wall),
    picks the one she loses."""
    game = services.create_game({"rules": "cities_knights", "players": BEGINNERS, "target": 13, "dice_source": "typed",
                                 "board": "none", "play_mode": "paper"}, seed=5)
    phones = joined_phones(game)
    for _ in range(2 * len(PLAYERS)):
        services.perform(game, TABLE, "place_setup")
    for turn in range(7):
        services.perform(game, TABLE, "roll", {"dice": [1, 2], "event": "ship"})
        if turn == 0:
            services.perform(game, TABLE, "build_city")
            services.perform(game, TABLE, "build_wall")
        if state_of(game)["phase"] == "barbarian":
            break
        services.perform(game, TABLE, "end_turn")
    state = state_of(game)
    assert {"seat": 0, "kind": "lose_city"} in state["pending"], state["pending"]
    words = {"en": "The barbarians won: pick the city you lose.",
             "pl": "Barbarzyńcy wygrali: wybierz miasto, które tracisz."}
    for language in LANGUAGES:
        bar = _owes(_page(phones[0], game, language), words[language], "ck-pending-lose_city")
        assert 'value="lose_city"' in bar and 'name="city"' in bar


# ---------------------------------------------------------------- the contract's steps


def test_only_the_first_step_is_pinned_and_the_table_owes_nothing(client):
    """A phone that owes two steps pins the first; the other stays in its place. The table's
    screen pins nothing (a seat owes steps, the table answers for phones that are away)."""
    from companion.web.screen_context import screen_context

    game = services.create_game({"rules": "base", "players": BEGINNERS, "dice_source": "typed", "board": "beginner",
                                 "board_layout": boards.beginner_board(), "play_mode": "hands"}, seed=11)
    services.perform(game, TABLE, "roll", {"dice": [1, 3]})
    services.perform(game, {"seat": 0}, "offer_trade", {"give": {"lumber": 1}, "get": {"grain": 1}})
    offer = state_of(game)["offers"][0]["id"]
    services.perform(game, {"seat": 1}, "answer_offer", {"offer": offer, "answer": "accept"})
    services.perform(game, {"seat": 2}, "answer_offer", {"offer": offer, "answer": "accept"})
    game.refresh_from_db()
    ala = screen_context(game, 0)
    assert [step["kind"] for step in ala["owed_steps"]] == ["trade_accepted"]
    assert ala["owed"]["label"] == "Your offer was accepted: pick whom to trade with, or withdraw it."
    assert ala["owed_kind"] == "trade_accepted" and ala["owed_blocks_end"] is True
    table = screen_context(game, engine.TABLE)
    assert table["owed"] is None and table["owed_kind"] is None and table["owed_blocks_end"] is False
    page = host(client, game).get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="owed-step"' not in page and END_TURN in page  # the table may still end the turn
