"""What every screen of a version shares is worked out once, and is only ever public.

- The public table of a view (engine.public_part: the seats' counts, the dice, the bank, the
  board's pieces) is computed once per version and handed to every viewer's view: each
  viewer's view is still exactly the one worked out for it alone, and no screen's push
  changes the shared part (a change there would reach every other screen).
- A layer's `shared` context keys (its drawings alike on every screen) are worked out once
  per version, from the table's view: worked out from any seat's own view they must come
  out the same, or they held something that is not public.

Played on recorded random games (tests/bench/corpus_tables.py) of the kinds that share.
"""
import copy

import pytest
from django.utils import translation
from django.utils.datastructures import MultiValueDict

from companion import engine, services
from companion.web import rendering
from companion.web.forms import action_args
from companion.web.screen_context import screen_context
from companion.services import records
from tests.bench.corpus_tables import playable

pytestmark = pytest.mark.django_db

GAMES = ("base_beginner_hands_4", "ck_events_hands_4", "two_players_events_hands", "ep_land_ho_hands_4",
         "ep_pirate_lairs_hands_4", "ep_spices_for_catan_hands_4", "tb_caravans_hands_4", "tb_barbarian_attack_hands_4")
TAPS = 60


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
    shared_layer_keys = 0
    for screen_of, fields in taps:
        actor = services.TABLE if screen_of == "table" else {"seat": screen_of}
        post = MultiValueDict({k: v if isinstance(v, list) else [v] for k, v in fields.items()})
        services.command(game, actor, fields["type"], action_args(post))
        game.refresh_from_db()
        for screen in screens:
            _push(screen)
        state = services.current_state(game)[0]
        kept_state, public = records._public[game.pk]
        assert kept_state is state  # the pushes shared one public part
        pushed_public = copy.deepcopy(public)
        assert pushed_public == engine.public_part(state), "a push changed the public part every screen shares"
        for viewer in viewers:
            shared_view = engine.view(state, viewer, version=game.version, public=public)
            assert shared_view == engine.view(state, viewer, version=game.version), (name, viewer)
        with translation.override("pl"):
            table = screen_context(game, engine.TABLE, "")["layer_shared"]
            shared_layer_keys += len(table)
            for seat in viewers[1:]:
                # Worked out from the seat's own view, with its own tap targets on its picture.
                assert screen_context(game, seat, "")["layer_shared"] == table, (name, seat)
    if name.startswith("ep_"):
        assert shared_layer_keys, "Explorers & Pirates shares its drawing: the test must see it"
