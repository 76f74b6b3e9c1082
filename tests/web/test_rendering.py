"""Pushed fragments: shared where public, private where not, and only what changed."""
import re
import sys
from pathlib import Path

import pytest
from django.utils import translation

from companion import engine, services

from companion.web import render_cache, rendering
from companion.layers.cores.base.messages import DEV_CARD_NAMES
from companion.models import Seat
from companion.engine.game import ruleset
from companion.layers.cores.base import rules as base

from .helpers import PLAYERS, TABLE, finish_setup, new_game

pytestmark = pytest.mark.django_db
TEMPLATES = Path(__file__).resolve().parents[2] / "templates" / "partials"


@pytest.fixture(autouse=True)
def fresh_caches():
    rendering.forget()
    yield
    rendering.forget()


def _screen(game, viewer, language="en"):
    row = rendering.load_game(pk=game.pk)
    return rendering.Screen(row, viewer, language, "http://testserver")


def _push(screen):
    """What the consumer sends after hearing of the game's latest version."""
    latest = screen.game.__class__.objects.get(pk=screen.game.pk).version
    return rendering.frame(screen, latest, database=True)


def _cards(game, seat):
    return [DEV_CARD_NAMES[c["card"]] for c in services.view_for(game, seat)["me"]["dev_cards"]]


def _game_where_two_seats_hold_different_cards():
    """Seat 0 and seat 1 each bought development cards; at least one kind only one of them holds."""
    for seed in range(7, 40):
        game = new_game(seed=seed)
        finish_setup(game)
        services.perform(game, TABLE, "roll")
        game.refresh_from_db()
        if game.phase != "main":
            continue
        for _ in range(3):
            services.perform(game, {"seat": 0}, "buy_dev")
        services.perform(game, TABLE, "end_turn")
        services.perform(game, TABLE, "roll")
        game.refresh_from_db()
        if game.phase != "main":
            continue
        for _ in range(3):
            services.perform(game, {"seat": 1}, "buy_dev")
        game.refresh_from_db()
        zero, one = _cards(game, 0), _cards(game, 1)
        if set(zero) ^ set(one):
            return game, zero, one
    raise AssertionError("no seed gave the two seats different cards")


def _private_texts(cards):
    """What would give a seat's cards away: the card in the hand, and the log line naming it."""
    texts = []
    for label in cards:
        texts.append(f">{label} <span")                        # the hand's card link
        texts.append(f"bought a development card: {label}.")  # the log line only its buyer sees
    return texts


@pytest.mark.parametrize("first", [0, 1])
def test_shared_renders_never_hand_one_seats_cards_to_another(first):
    game, zero, one = _game_where_two_seats_hold_different_cards()
    Seat.objects.filter(game=game).update(session_key="bound")
    own = {0: zero, 1: one}
    frames = {}
    # Whoever renders first fills the shared store; the other must still get only its own.
    for seat in (first, 1 - first):
        frames[seat] = _push(_screen(game, seat))
    frames["table"] = _push(_screen(game, engine.TABLE))
    for seat in (0, 1):
        for text in _private_texts(own[seat]):
            assert text in frames[seat]
        for text in _private_texts(set(own[1 - seat]) - set(own[seat])):
            assert text not in frames[seat], f"seat {seat} was sent seat {1 - seat}'s {text!r}"
    for text in _private_texts(zero + one):
        assert text not in frames["table"]
    # And nothing private ever sits in the shared store.
    shared = "".join(html for entry in rendering._shared.values() for html in entry.html.values())
    assert shared
    for text in _private_texts(zero + one):
        assert text not in shared
    assert "/join/" not in shared  # the seats' join tokens are the table's alone


def test_a_seat_with_a_secret_in_its_log_gets_its_own_log():
    game, zero, _one = _game_where_two_seats_hold_different_cards()
    buyer = _push(_screen(game, 0))
    other = _push(_screen(game, 2))
    log = re.compile(r'<section id="log".*?</section>', re.S)
    assert log.search(buyer).group(0) != log.search(other).group(0)
    assert f"bought a development card: {zero[0]}." in log.search(buyer).group(0)


def _renders_counted(monkeypatch) -> list[str]:
    """The templates rendered from now on, by name (both ways rendering.py renders)."""
    rendered = []
    original, recorded = rendering.render_to_string, render_cache.render
    monkeypatch.setattr(rendering, "render_to_string", lambda name, *a, **k: rendered.append(name) or original(name, *a, **k))
    monkeypatch.setattr(render_cache, "render", lambda name, context: rendered.append(name) or recorded(name, context))
    return rendered


def test_shared_fragments_are_rendered_once_per_version_and_kind(monkeypatch):
    game = new_game()
    finish_setup(game)
    screens = [_screen(game, seat) for seat in range(len(PLAYERS))] + [_screen(game, engine.TABLE)]
    rendered = _renders_counted(monkeypatch)
    for screen in screens:
        _push(screen)
    assert rendered.count("partials/scoreboard.html") == 1  # seats and table alike until the game is over
    assert rendered.count("partials/status.html") == 2
    # Per viewer, but shared by viewers whose actions read the same values (companion/render_cache.py):
    # the active seat's own, the table's own, one for the seats that wait.
    assert len(PLAYERS) == 3 and rendered.count("partials/actions.html") == 3


def test_the_status_is_rendered_again_only_when_what_it_says_changes_and_always_carries_the_version(monkeypatch):
    # The version each screen is up to date with is written into the kept status, not read by it:
    # a version that changes neither the phase nor whose turn it is renders no status.
    from tests.bench.corpus_tables import playable, tap

    config, seed, taps = playable("base_beginner_hands_4", 40)
    game = services.create_game(config, seed=seed)
    screens = [_screen(game, engine.TABLE), _screen(game, 0)]
    for screen in screens:
        _push(screen)
    rendered = _renders_counted(monkeypatch)
    versions = 0
    for screen_of, fields in taps:
        tap(game, screen_of, fields)
        game.refresh_from_db()
        versions += 1
        for screen in screens:
            status = re.search(r'<section id="status"[^>]*>', _push(screen)).group(0)
            assert f'data-version="{game.version}"' in status
    assert 0 < rendered.count("partials/status.html") < 2 * versions


def test_a_push_sends_only_what_changed_and_a_resync_sends_everything():
    game = new_game()
    finish_setup(game)
    screen = _screen(game, 1)
    first = _push(screen)
    assert all(f'id="{name}"' in first for name, _how in rendering.FRAGMENTS["seat"])
    assert _push(screen) == ""  # nothing new
    services.perform(game, TABLE, "roll")
    game.refresh_from_db()
    second = _push(screen)
    assert f'data-version="{game.version}"' in second
    assert 'id="dice"' in second and 'id="flash"' in second  # the flash clears an old error
    assert 'id="hand"' not in second  # nothing of seat 1's hand changed
    screen.resync()  # what a reconnect or "resync" does
    everything = _push(screen)
    assert all(f'id="{name}"' in everything for name, _how in rendering.FRAGMENTS["seat"])


def test_a_push_from_the_cache_asks_the_database_nothing(django_assert_num_queries):
    game = new_game()
    finish_setup(game)
    screens = [_screen(game, 0), _screen(game, engine.TABLE)]
    for screen in screens:
        _push(screen)
    services.perform(game, TABLE, "roll")
    game.refresh_from_db()
    services.current_state(game)  # what the write's commit leaves in the cache
    services.view_for(game, engine.TABLE)  # who entered the roll: remembered once
    with django_assert_num_queries(0):
        for screen in screens:
            assert f'data-version="{game.version}"' in rendering.frame(screen, game.version, database=False)


def test_a_version_this_process_does_not_hold_needs_the_database():
    game = new_game()
    finish_setup(game)
    screen = _screen(game, 0)
    services.forget_cache()
    with pytest.raises(rendering.NeedsDatabase):
        rendering.frame(screen, game.version, database=False)
    assert f'data-version="{game.version}"' in rendering.frame(screen, game.version, database=True)


def test_languages_are_shared_separately():
    game = new_game()
    finish_setup(game)
    english = _push(_screen(game, 0, "en"))
    polish = _push(_screen(game, 1, "pl"))
    assert "Turn" in english or "round" in english
    assert english.count('id="status"') == polish.count('id="status"') == 1
    with translation.override("pl"):
        assert rendering._shared_for(game, game.version).html[("seat", "pl", "status")] != \
            rendering._shared_for(game, game.version).html[("seat", "en", "status")]


@pytest.mark.parametrize("board", ["none", "beginner"])
def test_fragments_shared_by_both_kinds_read_nothing_kind_specific(board):
    game = services.create_game({"rules": "base", "players": PLAYERS, "target": 10, "dice_source": "virtual",
                                 "board": board}, seed=7)
    state, history = services.current_state(game)
    with services.pinned_state(game, state, history):
        table, seat = (rendering._public_context(game, kind, "en") for kind in ("table", "seat"))
        for name in rendering.ANY_KIND:
            assert rendering.render_to_string(f"partials/{name}.html", table) == \
                rendering.render_to_string(f"partials/{name}.html", seat), name


def test_the_tables_seats_are_rendered_again_only_when_the_seats_change():
    game = new_game()
    screen = _screen(game, engine.TABLE)
    assert screen.game.seats.all()[0].session_key == ""
    first = _push(screen)
    assert 'data-seat="0"' in first  # a free seat shows its QR code
    seat = game.seats.get(index=0)
    services.bind_seat(game, seat.join_token, "phone-session")
    assert 'id="seats"' not in _push(screen)  # not told yet: nothing to show
    screen.seats_changed(rendering.load_game(pk=game.pk))  # what the seats_changed message does
    again = _push(screen)
    assert 'id="seats"' in again and 'data-seat="0"' not in again


def test_a_command_that_worked_answers_with_the_posters_screen_but_the_seats(client, monkeypatch):
    game = new_game()
    client.get(f"/g/{game.code}/table/?key={game.host_token}")
    response = client.post(f"/g/{game.code}/act/", {"as": "table", "type": "place_setup", "idem": "k1"})
    html = response.content.decode()
    assert response.status_code == 200
    sent = re.findall(r'<(?:section|div) id="(\w+)"', html)
    assert sent == [name for name, _how in rendering.FRAGMENTS["table"] if name != "seats"]
    assert 'data-version="1"' in html and "phase-setup" in html
    # A socket's push of that version reuses what the reply rendered.
    rendered = _renders_counted(monkeypatch)
    pushed = _push(_screen(game, engine.TABLE))
    assert "partials/status.html" not in rendered and "partials/scoreboard.html" not in rendered
    # and the table's own fragments too (the same screen at the same version), but its
    # seats, which change without a new version; its dice reader is looked at again and
    # kept, for it read the same status
    assert set(rendered) == {"partials/seats.html"}
    actions = re.compile(r'<section id="actions".*?</section>', re.S)
    assert actions.search(pushed).group(0) == actions.search(html).group(0)
    refused = client.post(f"/g/{game.code}/act/", {"as": "table", "type": "roll", "idem": "k2"})
    assert refused.status_code == 422 and 'id="seats"' in refused.content.decode()  # a refusal shows it all


@pytest.mark.parametrize("kind", ["table", "seat"])
def test_fragment_lists_match_the_full_screen_templates(kind):
    """A fragment added to a *_fragments.html template must be pushed too."""
    pushed = [name for name, _how in rendering.FRAGMENTS[kind]]

    def included(template: str) -> list[str]:  # a partial that is no fragment (the board's section) holds some
        names = re.findall(r'{%\s*include\s+"partials/(\w+)\.html"', (TEMPLATES / f"{template}.html").read_text())
        return [inner for name in names for inner in ([name] if name in pushed else included(name))]

    assert included(f"{kind}_fragments") == pushed


def _beginner_game():
    game = services.create_game({"rules": "base", "players": PLAYERS, "target": 10, "dice_source": "typed",
                                 "board": "beginner"}, seed=7)
    assert game.phase == "roll"  # the beginner board starts with its pieces placed
    return game


def test_the_board_picture_is_drawn_again_only_when_what_it_shows_changes(monkeypatch):
    game = _beginner_game()
    screens = [_screen(game, engine.TABLE), _screen(game, 0)]
    drawn = []
    original = rendering.render_to_string
    monkeypatch.setattr(rendering, "render_to_string",
                        lambda name, *a, **k: drawn.append(name) or original(name, *a, **k))
    before = [_push(screen) for screen in screens]
    assert drawn.count("partials/board_picture.html") == 1  # shared by the table and the phones
    services.perform(game, {"seat": 0}, "roll", {"dice": [2, 4]})  # the pieces stay where they are
    game.refresh_from_db()
    for screen in screens:
        _push(screen)
    assert drawn.count("partials/board_picture.html") == 1
    rendering.forget()  # from scratch, the kept picture is what a fresh drawing gives
    picture = re.compile(r'<svg class="board-svg".*?(?=<g class="targets">|</svg>)', re.S)
    fresh = _push(_screen(game, engine.TABLE))
    assert picture.search(fresh).group(0) == picture.search(before[0]).group(0)


def test_what_a_screen_marks_on_the_drawing_is_part_of_the_kept_picture():
    from companion.board_svg import board_picture

    game = _beginner_game()
    board = services.view_for(game, engine.TABLE)["board"]
    colors = [p["color"] for p in PLAYERS]
    layout = {**board["layout"], "robber": board["robber"]}
    plain = board_picture(layout, board["pieces"], colors)
    damaged = board_picture(layout, board["pieces"], colors)
    damaged["roads"][0]["damaged"] = True  # an Earthquake, marked by event_screens on this copy only
    assert plain["drawing_key"] == damaged["drawing_key"] and plain["roads"][0]["damaged"] is False
    with translation.override("en"):
        plain_html = rendering._board_picture({"board": plain}, "en")
        damaged_html = rendering._board_picture({"board": damaged}, "en")
    assert plain_html != damaged_html
    assert damaged_html == rendering.render_to_string("partials/board_picture.html", {"board": damaged})


def test_phones_with_nothing_to_tap_get_no_targets_and_the_active_phone_does():
    game = _beginner_game()
    services.perform(game, {"seat": 0}, "roll", {"dice": [2, 4]})
    game.refresh_from_db()
    state = services.current_state(game)[0]
    assert state["phase"] == "main"
    for idle in (1, 2):
        assert services.view_for(game, idle)["board"]["targets"] == {}
    # The active phone's targets: where the engine lets it build, for what its hand can pay.
    state = engine.copy_state(state)
    state["players"][0]["hand"] = {r: 5 for r in state["players"][0]["hand"]}
    active = engine.view(state, 0)["board"]
    assert active["targets"]["road"] == base.board_targets(ruleset(state), state, 0)["road"] != []
    assert active["actions"]["road"] == "build_road"


FOUR = [{"name": n, "color": c} for n, c in (("Ala", "red"), ("Bartek", "blue"), ("Celina", "white"),
                                               ("Darek", "orange"))]


def _paper_main():
    game = services.create_game({"players": FOUR, "dice_source": "typed"}, seed=3)
    finish_setup(game)
    services.perform(game, TABLE, "roll", {"dice": [2, 4]})
    services.perform(game, TABLE, "buy_dev")
    return game


def _hands_seven():
    game = services.create_game({"players": FOUR, "dice_source": "typed", "board": "beginner",
                                 "variants": {"friendly_robber": True, "harbormaster": True}}, seed=3)
    services.perform(game, {"seat": 0}, "roll", {"dice": [2, 4]})
    services.perform(game, {"seat": 0}, "end_turn")
    services.perform(game, {"seat": 1}, "roll", {"dice": [3, 4]})
    return game


def _hands_main():
    game = services.create_game({"players": FOUR, "dice_source": "typed", "board": "beginner"}, seed=3)
    services.perform(game, {"seat": 0}, "roll", {"dice": [2, 4]})
    return game


def _cities_knights_main():
    game = services.create_game({"rules": "cities_knights", "players": FOUR, "dice_source": "typed"}, seed=3)
    finish_setup(game)
    services.perform(game, TABLE, "roll", {"dice": [2, 4], "event": "blue"})
    return game


def _two_players_main():
    game = services.create_game({"players": FOUR[:2], "dice_source": "typed", "variants": {"two_players": True}},
                                seed=3)
    finish_setup(game)
    services.perform(game, TABLE, "roll", {"dice": [2, 4]})
    return game


def _events_fresh():
    return services.create_game({"players": FOUR, "dice_source": "events", "board": "beginner"}, seed=3)


@pytest.mark.parametrize("make", [_paper_main, _hands_seven, _hands_main, _cities_knights_main, _events_fresh,
                                  _two_players_main])
def test_templates_look_up_only_keys_that_are_there(make, monkeypatch):
    """A lookup of a missing key makes Django call dir() on the object (tens of µs each, on
    every render of every screen): the contexts carry every key the templates test."""
    import django.template.base as template_base

    failed = []

    def counting_dir(obj=None):
        lookup = sys._getframe(1).f_locals
        failed.append(str(getattr(lookup.get("self"), "var", lookup.get("bit"))))
        return dir(obj)

    game = make()
    game.refresh_from_db()
    monkeypatch.setattr(template_base, "dir", counting_dir, raising=False)
    for viewer in [engine.TABLE] + list(range(len(game.config["players"]))):
        screen = _screen(game, viewer)
        rendering.frame(screen, game.version, database=True)
    assert failed == []


@pytest.mark.django_db
def test_an_event_cards_rule_link_is_large_on_the_table_only_whoever_renders_first():
    game = new_game(dice_source="events")
    finish_setup(game)
    services.perform(game, TABLE, "reveal_event")
    phone, table = _screen(game, 0), _screen(game, engine.TABLE)
    phone_frame, table_frame = _push(phone), _push(table)  # the phone first: nothing of its render reaches the table

    def dice(frame):
        return re.search(r'<section id="dice".*?</section>', frame, re.S).group(0)

    assert "rules/" in dice(phone_frame) and "large=1" not in dice(phone_frame)
    assert "large=1" in dice(table_frame)


def test_a_push_adds_only_the_new_log_entries_and_an_undo_sends_the_whole_log():
    game = new_game()
    screen = _screen(game, engine.TABLE)
    assert "Nothing has happened yet" in _push(screen)
    services.perform(game, TABLE, "place_setup")
    assert '<section id="log"' in _push(screen)  # the first entry replaces the placeholder
    services.perform(game, TABLE, "place_setup")
    added = _push(screen)
    assert '<section id="log"' not in added
    entries = re.search(r'<ol id="log-entries" hx-swap-oob="afterbegin">(.*?)</ol>', added, re.S).group(1)
    assert entries.count("<li>") == 1 and "Bartek" in entries
    services.undo(game, TABLE)
    assert '<section id="log"' in _push(screen)  # the entry it shows was taken back
    fresh = _screen(game, 1)
    assert '<section id="log"' in _push(fresh)  # a new screen gets it all
    services.perform(game, TABLE, "place_setup")
    services.perform(game, TABLE, "place_setup")
    both = re.search(r'<ol id="log-entries" hx-swap-oob="afterbegin">(.*?)</ol>', _push(fresh), re.S).group(1)
    assert both.count("<li>") == 2


SCENARIO_BOARDS = [("explorers_pirates", scenario) for scenario in
                   ("land_ho", "pirate_lairs", "fish_for_catan", "spices_for_catan", "explorers_pirates")] + \
                  [("base", scenario) for scenario in ("barbarian_attack", "caravans", "traders_barbarians")]


@pytest.mark.parametrize("rules,scenario", SCENARIO_BOARDS)
def test_the_waiting_phones_share_one_board_render_in_every_scenario_that_draws_on_it(monkeypatch, rules, scenario):
    """A layer's board partials read only what every screen has alike (its drawing, not its
    whole context, which holds a seat's own rows): the seats that wait get one render."""
    players = [{"name": n, "color": c} for n, c in (("Ala", "red"), ("Bartek", "blue"), ("Celina", "white"))]
    board = "manual" if scenario == "traders_barbarians" else "beginner"  # its board is entered by hand
    game = services.create_game({"rules": rules, "scenario": scenario, "players": players, "board": board,
                                 "play_mode": "hands", "dice_source": "typed"}, seed=7)
    screens = [_screen(game, seat) for seat in range(3)]
    rendered = _renders_counted(monkeypatch)
    for screen in screens:
        assert 'id="board_pieces"' in _push(screen)
    # the active seat's own (when it has taps) and one for the two that wait
    assert rendered.count("partials/board_pieces.html") <= 2


def test_a_ships_step_sends_the_pieces_over_the_picture_and_a_hex_turned_over_sends_the_picture():
    """Explorers & Pirates (a recorded random game of Land Ho!): the terrain, the face-down
    hexes and the council are the shared picture, sent only when one of them changes; a
    ship's step sends every screen the pieces' layer alone."""
    from tests.bench.corpus_tables import playable, tap

    config, seed, taps = playable("ep_land_ho_hands_4", 150)
    game = services.create_game(config, seed=seed)
    screens = [_screen(game, viewer) for viewer in (engine.TABLE, 0, 1, 2, 3)]
    for screen in screens:
        assert 'id="board_picture"' in _push(screen) and 'data-testid="ep-face-down"' in _push_all(screen)
    drawn = []
    original = rendering.render_to_string
    rendering.render_to_string = lambda name, *a, **k: drawn.append(name) or original(name, *a, **k)
    steps = reveals = 0
    try:
        for screen_of, fields in taps:
            face_down = _face_down(game)
            tap(game, screen_of, fields)
            game.refresh_from_db()
            del drawn[:]
            pushed = [_push(screen) for screen in screens]
            turned_over = _face_down(game) != face_down
            if fields["type"] == "move_ship" and not turned_over:
                steps += 1
                assert all('id="board_pieces"' in p and 'id="board_picture"' not in p for p in pushed if p)
                assert not any('data-testid="ep-face-down"' in p for p in pushed)  # they lie in the picture
                assert "partials/board_picture.html" not in drawn
            if turned_over:
                reveals += 1
                assert all('id="board_picture"' in p for p in pushed)  # every screen: one render shared
                assert drawn.count("partials/board_picture.html") == 1
    finally:
        rendering.render_to_string = original
    assert steps >= 10 and reveals >= 1


def _push_all(screen):
    screen.resync()
    return _push(screen)


def _face_down(game) -> list:
    return services.view_for(game, engine.TABLE)["explorers_pirates"]["unexplored"]
