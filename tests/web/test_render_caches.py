"""The caches that keep rendered fragments across versions never show a stale screen.

That includes fragments kept, and shared between screens, by what their templates read
(companion/render_cache.py): each screen keeps its last renders from version to version here,
as a websocket's screen does.

Random legal games of every kind (the engine's own random drivers, tests/engine) are
rendered at every version through every screen (the table, each phone, two languages),
once with the caches as play left them and once with every cache emptied: the fragments
must be the same, bar the idempotency keys (fresh on every render).
"""
import copy
import re
from collections import OrderedDict
from contextlib import contextmanager

import pytest
from django.utils import translation
from django.utils.safestring import mark_safe
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from companion import engine, services

from companion.web import render_cache, rendering
from companion.machinery.chance import seeded_secret
from companion.models import Game, Seat
from tests.engine import test_board_properties as board_play
from tests.engine import test_cities_knights_properties as ck_play
from tests.engine import test_ck_events_properties as ck_events_play
from tests.engine import test_events as events_paper
from tests.engine import test_events_hands as events_hands_play
from tests.engine import test_hands_properties as hands_play
from tests.engine import test_properties as paper_play
from tests.engine import test_two_players as two_play

pytestmark = pytest.mark.django_db

IDEM = re.compile(r"\b[0-9a-f]{32}\b")
CACHES = ("_shared", "_contexts", "_pictures", "_by_inputs", "_own")
SETTINGS = settings(max_examples=2, deadline=None, database=None, phases=[Phase.generate],  # no shrinking: slow here
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])


@pytest.fixture(autouse=True)
def fresh_caches():
    rendering.forget()
    yield
    rendering.forget()


@contextmanager
def _caches_emptied():
    """Every rendering cache empty within the block, as play left them after it."""
    kept = {name: OrderedDict(getattr(rendering, name)) for name in CACHES}
    families = OrderedDict(render_cache._families)  # renders kept by what they read, shared between screens
    blocks = OrderedDict(render_cache._blocks)  # {% kept %} blocks, kept by their inputs
    rendering.forget()
    try:
        yield
    finally:
        for name, entries in kept.items():
            cache = getattr(rendering, name)
            cache.clear()
            cache.update(entries)
        render_cache._families.clear()
        render_cache._families.update(families)
        render_cache._blocks.clear()
        render_cache._blocks.update(blocks)


class Stale(AssertionError):
    """Fragments that differ from a fresh render: (version, viewer, language, fragment name)."""

    def __init__(self, mismatches: list):
        super().__init__(f"stale fragments: {mismatches[:5]}")
        self.mismatches = mismatches


class Screens:
    """Every screen of a game row that shows the states a random driver reaches."""

    def __init__(self, config: dict, game: Game | None = None):
        if game is None:
            game = Game.objects.create(secret=b"\0" * 32, config=config)
            for index, player in enumerate(config["players"]):
                Seat.objects.create(game=game, index=index, name=player["name"], color=player["color"])
        self.game = rendering.load_game(pk=game.pk)
        viewers = [engine.TABLE, *range(len(config["players"]))]
        self.screens = [rendering.Screen(self.game, v, "en", "http://testserver") for v in viewers]
        self.screens += [rendering.Screen(self.game, v, "pl", "http://testserver") for v in viewers[:2]]
        self.version = 0
        self.mismatches: list = []

    def _render(self, state: dict, history: dict, screens=None) -> list:
        out = []
        with services.pinned_state(self.game, state, history):
            for screen in screens or self.screens:
                screen.kept.clear()
                with translation.override(screen.language):
                    fragments = rendering._fragments(screen, self.game)
                out.append([(name, IDEM.sub("-", rendering._text(piece))) for name, piece in fragments])
        return out

    def _fresh(self, state: dict, history: dict) -> list:
        """Each language's screens from empty caches (screens of one language share, as in play;
        a kept fragment of another language is not there)."""
        out = []
        own = [screen.renders for screen in self.screens]  # each screen's last renders, kept while it renders afresh
        for screen in self.screens:
            screen.renders = {}
        try:
            for language in ("en", "pl"):
                with _caches_emptied():
                    out += self._render(state, history, [s for s in self.screens if s.language == language])
        finally:
            for screen, renders in zip(self.screens, own):
                screen.renders = renders
        return out

    def check(self, state: dict, history: dict | None = None, records=()) -> None:
        """Render the state as a new version, with the caches and without."""
        self.version += 1
        self.game.version = self.version
        history = history if history is not None else engine.new_history()
        for record in records:  # who entered each action (undo and redo ask), as services keeps it
            if record["kind"] == "action":
                services.records.remember_actor(self.game, record["seq"], record["action"]["actor"])
        state, history = copy.deepcopy(state), copy.deepcopy(history)
        cached = self._render(state, history)
        fresh = self._fresh(state, history)
        for screen, a, b in zip(self.screens, cached, fresh):
            for (name, x), (_name, y) in zip(a, b):
                if x != y:
                    self.mismatches.append((self.version, screen.viewer, screen.language, name))
        if self.mismatches:
            raise Stale(self.mismatches)


def _live_checker(live, screens: Screens):
    return lambda *_: screens.check(live.state, live.history, live.records)


def _steps(data, live, screens, step, steps):
    screens.check(live.state, live.history, live.records)
    for _ in range(steps):
        if not step(data, live):
            break
        screens.check(live.state, live.history, live.records)


STEPS = st.integers(15, 50)


@SETTINGS
@given(data=st.data(), config=paper_play.configs(), seed=st.integers(0, 2**32), steps=STEPS)
def test_paper_games(data, config, seed, steps):
    live = paper_play.Live(config, seeded_secret(seed))
    screens = Screens(config)
    paper_play.play(data, live, steps, check=_live_checker(live, screens))


@SETTINGS
@given(data=st.data(), config=events_paper.event_configs(), seed=st.integers(0, 2**32), steps=STEPS)
def test_paper_games_on_the_event_deck(data, config, seed, steps):
    live = paper_play.Live(config, seeded_secret(seed))
    screens = Screens(config)
    paper_play.play(data, live, steps, check=_live_checker(live, screens))


@SETTINGS
@given(data=st.data(), config=board_play.board_configs(), seed=st.integers(0, 2**32), steps=STEPS)
def test_board_games(data, config, seed, steps):
    live = board_play.Live(config, seeded_secret(seed))
    _steps(data, live, Screens(config), board_play.step, steps)


@SETTINGS
@given(data=st.data(), config=hands_play.hands_configs(), seed=st.integers(0, 2**32), steps=st.integers(30, 70))
def test_hands_games(data, config, seed, steps):
    live = hands_play.Live(config, seed.to_bytes(8, "big"))
    _steps(data, live, Screens(config), hands_play.step, steps)


@SETTINGS
@given(data=st.data(), config=events_hands_play.events_hands_configs(), seed=st.integers(0, 2**32),
       steps=st.integers(30, 70))
def test_hands_games_on_the_event_deck(data, config, seed, steps):
    live = hands_play.Live(config, seed.to_bytes(8, "big"))
    _steps(data, live, Screens(config), events_hands_play._event_step, steps)


@SETTINGS
@given(data=st.data(), config=ck_play.ck_configs(), seed=st.integers(0, 2**32), steps=st.integers(20, 60))
def test_cities_and_knights_games(data, config, seed, steps):
    live = ck_play.Live(config, seeded_secret(seed))
    screens = Screens(config)
    screens.check(live.state, live.history, live.records)
    ck_play.play(data, live, steps, _live_checker(live, screens))


@SETTINGS
@given(data=st.data(), config=ck_events_play.deck_configs(), seed=st.integers(0, 2**32), steps=st.integers(20, 60))
def test_cities_and_knights_games_on_the_event_deck(data, config, seed, steps):
    live = ck_play.Live(config, seeded_secret(seed))
    _steps(data, live, Screens(config), ck_events_play.step, steps)


@SETTINGS
@given(data=st.data(), seed=st.integers(0, 2**32), steps=st.integers(20, 60),
       source=st.sampled_from(["virtual", "events"]))
def test_games_for_two(data, seed, steps, source):
    """As tests/engine/test_two_players.py's random driver (no undo there: an empty history)."""
    game = two_play.Game(seed=seed % 10000, dice_source=source)
    screens = Screens(game.config)
    screens.check(game.state)
    for _ in range(steps):
        if game.state["phase"] == "finished":
            break
        choices = two_play._choices(game.state)
        if not choices:
            break
        kind, i = data.draw(st.sampled_from(choices))
        actor = two_play.ACTORS[i]
        args = two_play._arguments(data, game.state, kind, actor)
        try:
            game.act(kind, actor, **args)
        except engine.IllegalAction:
            continue
        screens.check(game.state)


# ---------------------------------------------------------------- the check itself


FOUR = {"players": [{"name": n, "color": c} for n, c in
                     (("Ala", "red"), ("Bartek", "blue"), ("Celina", "white"), ("Darek", "orange"))],
        "dice_source": "virtual"}


def _played_paper_game(actions: int) -> Screens:
    """A scripted paper game of four (rolls, robbers, turn ends) through services, rendered at every version."""
    game = services.create_game(FOUR, seed=7)
    screens = Screens(FOUR, game)
    for i in range(actions):
        game.refresh_from_db()
        state, history = services.current_state(game)
        phase = state["phase"]
        if phase == "discard":
            seat = min(p["seat"] for p in state["pending"])
            kind, args = "discard", {"seat": seat, "hand_size": 0}
        else:
            kind, args = {"setup": ("place_setup", {}), "roll": ("roll", {}), "robber": ("move_robber", {"victim": None}),
                          "special_build": ("done_building", {})}.get(phase, ("end_turn", {}))
        services.perform(game, services.TABLE, kind, args)
        game.refresh_from_db()
        screens.check(*services.current_state(game))
    return screens


def test_a_scripted_game_through_services():
    assert not _played_paper_game(40).mismatches


@pytest.mark.parametrize("name, dropped", [("histogram", 0), ("scoreboard", 0)])
def test_the_check_finds_a_key_that_misses_an_input(monkeypatch, name, dropped):
    """With one input left out of a fragment's key, a kept fragment goes stale and the check says so."""
    original = rendering.INPUTS[name]
    monkeypatch.setitem(rendering.INPUTS, name, lambda context: tuple(
        value for i, value in enumerate(original(context)) if i != dropped))
    with pytest.raises(Stale) as failed:
        _played_paper_game(40)
    assert {mismatch[3] for mismatch in failed.value.mismatches} == {name}


def test_the_kept_fragments_are_used(monkeypatch):
    rendered = []
    original = rendering.render_to_string
    monkeypatch.setattr(rendering, "render_to_string", lambda name, *a, **k: rendered.append(name) or original(name, *a, **k))
    monkeypatch.setattr(Screens, "_fresh", lambda self, state, history: [])  # count the kept renders only
    _played_paper_game(40)
    # 40 versions in two languages (and two screen kinds for the scoreboard): a roll leaves the
    # scoreboard, a turn's end the histogram, as it was.
    assert rendered.count("partials/scoreboard.html") <= 40
    assert rendered.count("partials/histogram.html") <= 40


# What a fragment kept by its inputs reads, as plain data: strings (safe or not), numbers,
# booleans, None, nested in dicts, lists and tuples.
_LEAF = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from([0.0, 1.0, -0.5]),
                  st.sampled_from(["", "1", "a", "<b>"]).flatmap(lambda text: st.sampled_from([text, mark_safe(text)])))
_PLAIN = st.recursive(_LEAF, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.lists(inner, max_size=3).map(tuple),
    st.dictionaries(st.sampled_from(["a", "b", "1"]), inner, max_size=3)), max_leaves=8)


def _typed(value):
    """The value with every type spelled out: what a template renders differently."""
    if isinstance(value, dict):
        return ("dict", [(_typed(k), _typed(v)) for k, v in value.items()])
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, [_typed(v) for v in value])
    return (type(value).__name__, repr(value))


@settings(max_examples=300, deadline=None)
@given(_PLAIN, _PLAIN)
def test_a_kept_fragments_key_tells_apart_exactly_what_renders_apart(first, second):
    # Equal keys for values alike down to every type (a safe string is not a plain one, 1 is
    # not 1.0 nor True), different keys otherwise: a stale fragment would come from a key too loose.
    assert (render_cache.exact_key(first) == render_cache.exact_key(second)) == (_typed(first) == _typed(second))


def test_a_key_reads_values_not_objects_and_what_cannot_be_keyed_is_not_kept():
    from django.utils.translation import gettext_lazy

    assert render_cache.exact_key([gettext_lazy("Roll")]) == render_cache.exact_key([gettext_lazy("Roll")])
    # the same text as one object or as two: alike (a new version's view builds its own strings)
    one = "".join(["Al", "a"])
    assert render_cache.exact_key([one, one]) == render_cache.exact_key(["".join(["A", "la"]), "".join(["Ala", ""])])
    assert render_cache.exact_key([gettext_lazy("Roll")]) != render_cache.exact_key([gettext_lazy("End turn")])
    with pytest.raises(render_cache.NotPlain):
        render_cache.exact_key({"drawn": lambda: "a"})


def _template(source: str):
    from django.template import engines

    return engines["django"].from_string("{% load i18n companion_tags %}" + source)


def test_a_kept_block_is_written_from_its_inputs_alone():
    template = _template("{% kept name=who %}[{{ name }}|{{ secret }}|{{ who }}]{% endkept %}{{ secret }}")
    # nothing of the context but the named inputs reaches the block
    assert template.render({"who": "Ala", "secret": "s"}) == "[Ala||]s"


def test_a_kept_block_is_kept_by_its_inputs_and_language():
    template = _template('{% kept n=count %}{% blocktranslate count n=n %}{{ n }} card{% plural %}'
                         '{{ n }} cards{% endblocktranslate %}{% endkept %}')
    with translation.override("en"):
        assert template.render({"count": 1}) == "1 card"
        assert template.render({"count": 2}) == "2 cards"
    with translation.override("pl"):
        polish = template.render({"count": 2})
    assert polish == "2 karty"  # the app's own words for cards, in Polish's plural for 2
    assert len(render_cache._blocks) == 3
    with translation.override("en"):  # the same inputs again: the kept HTML, nothing new kept
        assert template.render({"count": 2}) == "2 cards"
    assert len(render_cache._blocks) == 3
    # autoescaping is part of the key too
    escaping = _template("{% kept text=t %}{{ text }}{% endkept %}")
    assert escaping.render({"t": "<b>"}) == "&lt;b&gt;"
    assert _template("{% autoescape off %}{% kept text=t %}{{ text }}{% endkept %}{% endautoescape %}").render(
        {"t": "<b>"}) == "<b>"


def test_a_kept_block_of_inputs_that_cannot_be_keyed_is_written_every_time():
    class Words:  # a class of a function's own: no pickle, so no key
        def __init__(self, text):
            self.text = text

        def __str__(self):
            return self.text

    template = _template("{% kept words=w %}{{ words }}{% endkept %}")
    assert template.render({"w": Words("one")}) == "one"
    assert template.render({"w": Words("two")}) == "two"
    assert not render_cache._blocks


def test_a_kept_block_names_its_inputs():
    from django.template import TemplateSyntaxError

    with pytest.raises(TemplateSyntaxError):
        _template("{% kept %}x{% endkept %}")
    with pytest.raises(TemplateSyntaxError):
        _template("{% kept board %}x{% endkept %}")

