"""The story of a finished game on the table screen, on the phones and in the exports.

The first-game board with hands on phones, played to 3 points as in tests/engine/test_story.py:
Bartek rolls a 7, puts the robber on the hills 6 and takes a card from Celina; Ala turns a
settlement into a city and wins. Which card was taken only Bartek's and Celina's phones may say.
"""
import json
import re

import pytest
from django.urls import reverse
from django.utils import translation

from companion import engine, services

from companion.web import rendering
from companion.machinery import board as boards
from companion.messages import cards_text

from .helpers import TABLE, host, joined_phones

pytestmark = pytest.mark.django_db
PLAYERS = [{"name": "Ala", "color": "red"}, {"name": "Bartek", "color": "blue"}, {"name": "Celina", "color": "white"}]
STORY = re.compile(r'<section id="story".*?</section>', re.S)


@pytest.fixture(autouse=True)
def fresh_caches():
    rendering.forget()
    yield
    rendering.forget()


def _ala_city_corner(game) -> str:
    state, _history = services.current_state(game)
    corners = boards.geometry("base").hex_corners["0,-2"]  # the mountains 10
    return next(c for c, s in state["board"]["pieces"]["settlements"].items() if s == 0 and c in corners)


@pytest.fixture
def finished(client):
    game = services.create_game({"rules": "base", "players": PLAYERS, "target": 3, "dice_source": "typed",
                                 "board": "beginner", "board_layout": boards.beginner_board(), "play_mode": "hands"},
                                seed=11)
    host(client, game)
    phones = joined_phones(game)
    steps = [(TABLE, "roll", {"dice": [4, 6]}), (TABLE, "end_turn", {}),
             (TABLE, "roll", {"dice": [3, 4]}), (TABLE, "move_robber", {"hex": "0,-1"}), (TABLE, "steal", {"victim": 2}),
             (TABLE, "end_turn", {}), (TABLE, "roll", {"dice": [5, 5]}), (TABLE, "end_turn", {}),
             (TABLE, "roll", {"dice": [6, 4]}), (TABLE, "end_turn", {}), (TABLE, "roll", {"dice": [2, 4]}),
             (TABLE, "end_turn", {}), (TABLE, "roll", {"dice": [3, 6]}), (TABLE, "end_turn", {}),
             (TABLE, "roll", {"dice": [1, 3]})]
    for actor, kind, args in steps:
        game = services.perform(game, actor, kind, args).game
    game = services.perform(game, {"seat": 0}, "build_city", {"corner": _ala_city_corner(game)}).game
    assert game.phase == "finished"
    state, _history = services.current_state(game)
    stolen = next(e for e in state["log"] if e["kind"] == "stole")["secret"]["params"]["card"]
    return game, client, phones, stolen


def _story(html: str) -> str:
    found = STORY.search(html)
    assert found, "no story section"
    return found.group(0)


def test_the_table_tells_the_story_from_public_data_only(finished):
    game, table, _phones, stolen = finished
    story = _story(table.get(reverse("table", args=[game.code])).content.decode())
    assert "The story of the game" in story and " hidden" not in story.split(">")[0]
    for words in ("Final score", "Victory points over the turns", "against the expected curve",
                  "Luck: what the dice brought", "The robber"):
        assert words in story
    assert story.count('class="vp-line') == 3
    assert ">3.9<" in story and ">3.7<" in story  # expected: 7 rolls of 20/36 and 19/36 of a card
    assert "+0.1" in story and "−3.7" in story     # Ala got 4, Celina nothing
    assert "Only on your phone" not in story
    with translation.override("en"):
        assert cards_text({stolen: 1}) not in story


def test_each_phone_adds_only_its_own_secrets(finished):
    game, _table, (ala, bartek, celina), stolen = finished
    with translation.override("en"):
        card = cards_text({stolen: 1})
    pages = {name: _story(phone.get(reverse("seat", args=[game.code])).content.decode())
             for name, phone in (("ala", ala), ("bartek", bartek), ("celina", celina))}
    assert all("Only on your phone" in page for page in pages.values())
    assert f"Cards you stole: {card}" in pages["bartek"]
    assert f"Cards stolen from you: {card}" in pages["celina"]
    assert card not in pages["ala"]


def test_pushed_story_fragments_keep_each_seats_secrets(finished):
    game, _table, _phones, stolen = finished
    with translation.override("en"):
        card = cards_text({stolen: 1})
    pushed = {}
    for viewer in (engine.TABLE, 0, 1, 2):
        screen = rendering.Screen(rendering.load_game(pk=game.pk), viewer, "en", "http://testserver")
        pushed[viewer] = _story(rendering.frame(screen, game.version, database=True))
    assert "Victory points over the turns" in pushed[engine.TABLE]
    assert card not in pushed[engine.TABLE] and card not in pushed[0]
    assert card in pushed[1] and card in pushed[2]


def test_polish_story_has_dots_in_svg_and_plural_forms(finished):
    game, table, _phones, _stolen = finished
    story = _story(table.get(reverse("table", args=[game.code]), HTTP_ACCEPT_LANGUAGE="pl").content.decode())
    assert "Historia gry" in story and "7 tur" in story and "7 rzutów" in story
    assert ">3,9<" in story  # numbers in words take the language's decimal comma
    svg_numbers = re.findall(r'\b(?:x|y|y1|y2|height|width)="([^"]*)"', story)
    assert svg_numbers and [v for v in svg_numbers if re.search(r"\d,\d", v)] == []


def test_exports_carry_the_story(finished):
    game, table, (ala, _bartek, celina), stolen = finished
    whole = json.loads(table.get(reverse("export", args=[game.code])).content)
    assert whole["story"]["winner"] == 0 and [p["vp"] for p in whole["story"]["players"]] == [3, 2, 2]
    assert whole["story"]["private"][2]["stolen_from_me"] == {stolen: 1}
    mine = json.loads(celina.get(reverse("export", args=[game.code])).content)["story"]
    assert "private" not in mine and mine["mine"]["stolen_from_me"] == {stolen: 1}
    assert mine["players"][0]["luck"] == {"expected": 3.89, "received": 4, "difference": 0.11}
    alas = json.loads(ala.get(reverse("export", args=[game.code])).content)["story"]
    assert alas["mine"]["stolen_from_me"] == {} and stolen not in json.dumps(alas["mine"])


def test_the_home_page_links_a_finished_game_to_its_story(finished):
    game, table, _phones, _stolen = finished
    home = table.get(reverse("home")).content.decode()
    assert f'/g/{game.code}/table/#story' in home and "The story of the game" in home


def test_no_story_before_the_end(client):
    game = services.create_game({"rules": "base", "players": PLAYERS, "target": 10, "dice_source": "typed",
                                 "board": "beginner", "board_layout": boards.beginner_board(), "play_mode": "hands"},
                                seed=11)
    host(client, game)
    story = _story(client.get(reverse("table", args=[game.code])).content.decode())
    assert " hidden" in story.split(">")[0] and "The story of the game" not in story


def _stored(name: str):
    """A corpus game in the database, as if played here (its records, a snapshot at 0)."""
    from pathlib import Path

    from companion.models import Game, Record, Snapshot, Seat

    export = json.loads((Path(__file__).resolve().parents[1] / "corpus" / "games" / f"{name}.json").read_text())["export"]
    state = engine.new_game(export["config"])
    records = export["records"]
    game = Game.objects.create(secret=b"x" * 32, config=state["config"], version=records[-1]["seq"])
    for index, player in enumerate(state["config"]["players"]):
        Seat.objects.create(game=game, index=index, name=player["name"], color=player["color"])
    Snapshot.objects.create(game=game, seq=0, state=state, history=engine.new_history())
    for index, record in enumerate(records, 1):
        Record.objects.create(game=game, seq=record["seq"], kind=record["kind"],
                              payload={k: v for k, v in record.items() if k not in ("seq", "kind")})
        if record["seq"] % services.records.SNAPSHOT_EVERY == 0 or index == len(records):  # as the site keeps them
            folded, history = engine.fold(export["config"], records[:index])
            Snapshot.objects.create(game=game, seq=record["seq"], state=folded, history=history)
    game.phase = services.current_state(game)[0]["phase"]
    game.save()
    return game


@pytest.mark.parametrize("language, words", [("en", ("The barbarians", "beat the", "Longest Road</figcaption>")),
                                             ("pl", ("Barbarzyńcy", "Tura ", "Najdłuższa droga handlowa</figcaption>"))])
def test_cities_and_knights_story_tells_the_barbarian_attacks(language, words):
    from django.template.loader import render_to_string

    from companion.web.screen_context import screen_context
    from companion.web.story import story_context

    game = _stored("ck_board_hands_4")  # not over yet: its story is told as if it were
    with translation.override(language):
        context = screen_context(game, 2)
        context["story"] = story_context(game, 2, {**context["view"], "phase": "finished"})
        html = render_to_string("partials/story.html", context)
    assert len(context["story"]["battles"]) == 4
    for word in words:
        assert word in html
    assert "Largest Army" not in html and "Najwyższa władza" not in html  # no such card in Cities & Knights
    assert "Only on your phone" in html or "Tylko na twoim telefonie" in html


def test_a_finished_paper_game_without_a_board_says_luck_cant_be_known(client):
    game = _stored("base_paper_3")
    assert game.phase == "finished"
    host(client, game)
    story = _story(client.get(reverse("table", args=[game.code])).content.decode())
    assert "can't be known" in story and "Victory point cards" in story and "Longest Road" in story
