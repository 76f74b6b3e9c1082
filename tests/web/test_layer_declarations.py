"""What the shared screens take from the layers' declarations instead of naming them: the dice
sources (the new-game form, the table's switches, the rules links, the dice reader), a
game's stylesheets, its points by source and the story's titles and battles."""
import re

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import reverse

from companion import engine, services
from companion.engine import story as engine_story
from companion.engine.points import vp_sources
from companion.web import forms
from companion.web.layer_styles import layer_styles

from .helpers import PLAYERS, finish_setup, host, new_game

pytestmark = pytest.mark.django_db


def _config(**more) -> dict:
    return {"rules": "base", "players": PLAYERS, "target": 10, "dice_source": "typed", "board": "none", **more}


def test_the_dice_sources_come_from_the_layers_in_composition_order():
    codes = [code for code, _label in forms.dice_source_choices()]
    assert codes == ["typed", "virtual", "reader", "events"]  # the base game's, then the Events deck's
    assert forms.NewGameForm.base_fields["dice_source"].choices == forms.dice_source_choices()
    assert forms.DICE_SOURCES["events"]["draws"] and not forms.DICE_SOURCES["typed"].get("draws")


@pytest.mark.parametrize("rules, current, switches", [
    ("base", "typed", ["virtual", "events"]),
    ("base", "events", ["typed", "virtual"]),
    ("base", "reader", ["typed", "virtual", "events"]),
    ("explorers_pirates", "virtual", ["typed"]),  # no Events deck with this core
])
def test_the_table_switches_to_the_sources_its_rules_offer(rules, current, switches):
    sources = engine.rules_for({"rules": rules}).dice_sources()
    shown = forms.dice_source_context({"config": {"dice_source": current}, "dice_sources": list(sources)})
    assert [switch["code"] for switch in shown["switches"]] == switches
    assert shown["draws"] == (current == "events")


def test_the_table_screen_offers_the_deck_and_back():
    game = new_game(dice_source="typed")
    finish_setup(game)
    client = host(Client(), game)
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="switch-to-events"' in table and 'data-testid="switch-to-virtual"' in table
    assert 'name="die1"' in table  # typed dice: the shared form
    services.perform(game, {"role": "table"}, "set_dice_source", {"source": "events"})
    table = client.get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="switch-to-typed"' in table and 'data-testid="switch-to-events"' not in table
    assert 'name="die1"' not in table and 'data-testid="reveal-event"' in table  # the deck draws: its own form


def test_the_rules_links_add_the_dice_sources_book():
    from companion.web.rule_links import rules_games

    assert rules_games(_config(dice_source="events")) == "base,traders-barbarians"
    assert rules_games(_config(dice_source="virtual")) == "base"


def test_a_pages_stylesheets_are_its_layers_own():
    base = engine.rules_for(_config()).names
    ck = engine.rules_for(_config(rules="cities_knights")).names
    ep = engine.rules_for(_config(rules="explorers_pirates")).names
    assert "cities_knights/cities_knights.css" in layer_styles(ck)
    assert "cities_knights/cities_knights.css" not in layer_styles(base)
    assert "events/events.css" in layer_styles(base) and "events/events.css" not in layer_styles(ep)
    for sheet in {*layer_styles(base), *layer_styles(ck)}:
        assert finders.find(sheet), sheet  # served from the layer's static folder


def test_the_table_page_links_its_layers_stylesheets():
    game = services.create_game(_config(rules="cities_knights", dice_source="virtual"), seed=3)
    client = host(Client(), game)
    page = client.get(reverse("table", args=[game.code])).content.decode()
    linked = re.findall(r'<link rel="stylesheet" href="([^"]+)"', page)
    assert any(href.endswith("/cities_knights/cities_knights.css") for href in linked)
    assert linked[:2] == ["/static/app.css", "/static/board.css"]  # the shared styles first, a layer's over them
    assert "style=" not in page.split("<body", 1)[0]  # no inline styles (the Content-Security-Policy)


def test_each_core_gives_its_points_by_source():
    for rules, sources in [("base", {"settlements", "cities", "longest_road", "largest_army", "vp_cards"}),
                           ("cities_knights", {"settlements", "cities", "ruined", "metropolises", "longest_road",
                                               "defenders", "progress", "merchant"})]:
        state = engine.new_game(_config(rules=rules))
        state["players"][0]["settlements"] = 2
        composed = engine.ruleset(state)
        found = vp_sources(composed, state, 0)
        assert set(found) == sources, rules
        assert sum(found.values()) == composed.vp_total(state, 0) == 2


def test_the_story_lists_what_the_games_layers_declare():
    base = engine.rules_for(_config())
    with_harbormaster = engine.rules_for(_config(variants={"harbormaster": True}))
    ck = engine.rules_for(_config(rules="cities_knights"))
    assert engine_story.story_kinds(base) == {"longest_road": "award", "largest_army": "award"}
    assert engine_story.story_kinds(with_harbormaster)["harbormaster"] == "award"
    assert engine_story.story_kinds(ck)["barbarians_won"] == "battle"
    assert "barbarians_won" not in engine_story.story_kinds(base)


def test_a_battle_is_told_in_its_layers_words():
    from companion.web.story import _award_text, _battle_text

    battle = {"turn": 4, "kind": "barbarians_won", "strength": 5, "defence": 3, "winner": "barbarians",
              "losers": [1], "defender": None, "tied": []}
    assert _battle_text(battle, ["Ala", "Bartek"]) == (
        "Turn 4: the barbarians (strength 5) beat the knights (3). Bartek loses a city.")
    assert _battle_text({"turn": 1, "kind": "unknown_battle"}, ["Ala"]) == "unknown_battle"
    award = {"turn": 2, "kind": "harbormaster", "seat": 0, "previous": None}
    assert _award_text(award, ["Ala"]) == "Turn 2: Ala takes the Harbormaster."


def test_the_dice_reader_reads_the_dice_a_source_still_rolls():
    def reader_dice(config):
        state = engine.new_game(config)
        composed = engine.ruleset(state)
        return [dice(composed, state) for dice in composed.hooks("reader_dice")]

    assert ("red", "event") in reader_dice(_config(rules="cities_knights", dice_source="events"))
    assert not any(reader_dice(_config(rules="cities_knights", dice_source="virtual")))
    assert not any(reader_dice(_config(dice_source="events")))  # the base game on the deck rolls no die
