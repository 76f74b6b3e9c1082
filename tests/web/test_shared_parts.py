"""What every screen of a version shares is worked out once, and is only ever public.

- The public table of a view (engine.public_part: the seats' counts, the dice, the bank, the
  board's pieces) is computed once per version and handed to every viewer's view, with what
  the views work out alike (the active seat's build targets, found once): each
  viewer's view is still exactly the one worked out for it alone, and no screen's push
  changes the shared part (a change there would reach every other screen).
- A layer's part of the views given no viewer (its `public_view` hook) is worked out once per
  version, in the public part: the views are the ones worked out for each viewer alone.
- A layer's `shared` context keys (its drawings alike on every screen), and the shell's
  (screen_context.ALIKE: the dice's statistics, the dice source), are worked out once per
  version, from the table's view: worked out from any seat's own view they must come out the
  same, or they held something that is not public.

Played on recorded random games (tests/bench/corpus_tables.py) of the kinds that share.
"""
import copy

import pytest
from django.utils import translation

from companion import engine, services
from companion.web import rendering
from companion.web.screen_context import ALIKE, screen_context
from companion.services import records
from tests.bench.corpus_tables import playable, tap

pytestmark = pytest.mark.django_db

GAMES = ("base_beginner_hands_4", "ck_events_hands_4", "two_players_events_hands", "ep_land_ho_hands_4",
         "ep_pirate_lairs_hands_4", "ep_spices_for_catan_hands_4", "tb_caravans_hands_4", "tb_barbarian_attack_hands_4")
TAPS = 60
WHOLE_LOG = '<section id="log" hx-swap-oob="true"'


@pytest.fixture(autouse=True)
def fresh_caches():
    rendering.forget()
    yield
    rendering.forget()


def _push(screen):
    latest = screen.game.__class__.objects.get(pk=screen.game.pk).version
    return rendering.frame(screen, latest, database=True)


@pytest.mark.parametrize("name", GAMES)
def test_every_viewer_gets_its_own_view_and_the_shared_public_part_stays_as_it_was(name):
    config, seed, taps = playable(name, TAPS)
    game = services.create_game(config, seed=seed)
    viewers = [engine.TABLE, *range(len(game.config["players"]))]
    screens = [rendering.Screen(rendering.load_game(pk=game.pk), viewer, "pl", "http://testserver")
               for viewer in viewers]
    shared_layer_keys = targets_found = public_layers = secrets = 0
    for screen_of, fields in taps:
        tap(game, screen_of, fields)
        game.refresh_from_db()
        for screen in screens:
            _push(screen)
        state = services.current_state(game)[0]
        kept_state, public, found = records._public[game.pk]
        assert kept_state is state  # the pushes shared one public part
        pushed_public = copy.deepcopy(public)
        assert pushed_public == engine.public_part(state), "a push changed the public part every screen shares"
        targets_found += len(found)
        for viewer in viewers:
            shared_view = engine.view(state, viewer, version=game.version, public=public, found=found)
            assert shared_view == engine.view(state, viewer, version=game.version), (name, viewer)
            # the public entries shared, each secret worked out for the viewer: the log as it reads it
            assert shared_view["log"] == engine.shown_log(state, viewer), (name, viewer)
            secrets += sum(1 for entry in state["log"][-engine.views.LOG_SHOWN:] if entry.get("secret") or entry.get("secret_each"))
        public_layers += len(public["layers"])
        with translation.override("pl"):
            table = screen_context(game, engine.TABLE, "")
            shared_layer_keys += len(table["layer_shared"])
            pushed_public = rendering._public_context(game, "seat", "pl")
            for seat in viewers[1:]:
                # Worked out from the seat's own view, with its own tap targets on its picture.
                own = screen_context(game, seat, "")
                assert own["layer_shared"] == table["layer_shared"], (name, seat)
                for key in ALIKE:  # the shell's keys alike on every screen
                    assert own[key] == table[key], (name, seat, key)
                # As a push builds it, from the public context of the version (its drawing, its words
                # of the production, the layers' shared keys): the same, key by key.
                pushed = screen_context(game, seat, "", pushed_public)
                assert pushed.keys() == own.keys(), (name, seat)
                for key in own:
                    assert pushed[key] == own[key], (name, seat, key)
    if name.startswith("ep_"):
        assert shared_layer_keys, "Explorers & Pirates shares its drawing: the test must see it"
    if name.startswith(("ep_", "ck_")):
        assert public_layers, "the core's part of the views is worked out once per version: the test must see it"
    if name.startswith(("base_", "ck_")):
        assert secrets, "a log entry with a secret (a card bought, a card stolen): the test must see one"
    if name.startswith("base_"):
        assert targets_found, "the build targets were found once for the views that share them: the test must see it"


@pytest.mark.parametrize("name", ["base_beginner_hands_4", "ck_events_hands_4", "ep_land_ho_hands_4"])
def test_the_tables_context_is_the_public_one_with_what_only_the_table_shows(name):
    # A push builds the table's context from the public one of the version (rendering.table_context):
    # it must be exactly the context the table would have had of its own.
    config, seed, taps = playable(name, 30)
    game = services.create_game(config, seed=seed)
    for screen_of, fields in taps:
        tap(game, screen_of, fields)
        table_game = rendering.load_game(pk=game.pk)
        for language in ("pl", "en"):
            with translation.override(language):
                pushed = rendering.table_context(table_game, language, "http://testserver")
                own = {**screen_context(table_game, engine.TABLE, "http://testserver"), "error": None, "notice": None}
            assert pushed.pop("game") is table_game and own.pop("game") is table_game
            assert pushed.keys() == own.keys()
            for key in own:
                assert pushed[key] == own[key], (name, language, key)


@pytest.mark.parametrize("name", ["base_beginner_hands_4", "ck_events_hands_4"])
def test_the_new_log_entries_are_rendered_once_and_each_screen_gets_its_own(name):
    # Screens one version behind get the entries new to them, rendered once per version and
    # language for all whose log is the public one; a seat whose log shows it a secret, its own.
    import re

    from django.template.loader import render_to_string

    from companion.web.screen_context import log_lines

    config, seed, taps = playable(name, TAPS)
    game = services.create_game(config, seed=seed)
    viewers = [engine.TABLE, *range(len(game.config["players"]))]
    screens = [rendering.Screen(rendering.load_game(pk=game.pk), viewer, language, "http://testserver")
               for viewer in viewers for language in ("pl", "en")]
    for screen in screens:
        _push(screen)
    added = 0
    for screen_of, fields in taps:
        tap(game, screen_of, fields)
        game.refresh_from_db()
        for screen in screens:
            shown = screen.log_mark[0] if screen.log_mark else -1
            frame = _push(screen)
            pushed = re.search(r'<ol id="log-entries" hx-swap-oob="afterbegin">.*?</ol>\n', frame, re.S)
            if pushed is None and WHOLE_LOG in frame:
                continue  # an entry it shows changed (or went with an undo): the whole log again
            view = services.view_for(game, screen.viewer)
            new = [entry for entry in view["log"] if entry["n"] > shown]
            if not new:
                continue
            names = [p["name"] for p in view["players"]]
            with translation.override(screen.language):
                expected = render_to_string("partials/log_added.html", {"entries": log_lines(new, names)})
            assert pushed is not None and pushed.group(0) == expected, (name, screen.viewer, screen.language)
            added += 1
    assert added


def test_a_cities_and_knights_phone_gets_the_land_hexes_in_words_in_its_language():
    # The cards that pick a hex (Inventor, Bishop) list the land hexes in words: worked out once
    # per version for every screen (the layer's shared part), each phone gets them all, in its language.
    from companion.layers.cores.cities_knights.screens import hex_label

    config, seed, taps = playable("ck_board_hands_4", 12)
    game = services.create_game(config, seed=seed)
    for screen_of, fields in taps:
        tap(game, screen_of, fields)
    game = rendering.load_game(pk=game.pk)
    layout = engine.view(services.current_state(game)[0], engine.TABLE)["board"]["layout"]
    land = sorted(h for h, cell in layout["hexes"].items() if (cell or {}).get("terrain") not in (None, "sea"))
    assert len(land) == 19
    words = {}
    for language in ("pl", "en"):
        with translation.override(language):
            public = rendering._public_context(game, "seat", language)
            for seat in range(len(game.config["players"])):
                hexes = screen_context(game, seat, "", public)["ck_hexes"]
                assert [h["id"] for h in hexes] == land
                assert [h["label"] for h in hexes] == [hex_label(layout, h) for h in land]
            words[language] = [h["label"] for h in hexes]
    assert words["pl"] != words["en"]


def test_the_words_of_the_sources_of_points_are_in_the_active_language():
    # Worked out once per language (every phone's points list asks on every push).
    from django.utils.translation import gettext

    from companion.web.story import source_names

    for language in ("pl", "en", "pl"):
        with translation.override(language):
            names = source_names()
            assert names["settlements"] == gettext("Settlements") and names["largest_army"] == gettext("Largest Army")
            assert all(type(words) is str for words in names.values())
    with translation.override("pl"):
        polish = source_names()["cities"]
    with translation.override("en"):
        assert source_names()["cities"] == "Cities" != polish
