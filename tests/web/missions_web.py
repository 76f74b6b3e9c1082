"""What the Explorers & Pirates missions' web tests share (Pirate Lairs, Fish for Catan, Spices
for Catan): a new game of a scenario from the form with its phones joined, actions posted as
a phone or the table posts them, pages read, the stored state changed by a test's shortcut,
a marker looked up on a mission track, and random games' screens rendered in both languages."""
import copy
import importlib
import re

from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import services
from companion.models import Game, Record, Snapshot

from .helpers import host, joined_phones, new_game_form


def form(scenario: str, players=3, /, **extra) -> dict:
    """The new-game form for `scenario` (`extra` may name another core or scenario)."""
    return new_game_form(players, **{"rules": "explorers_pirates", "scenario": scenario, "board": "beginner",
                                     "target": "", **extra})


def post(client, game, kind, role="table", **args):
    return client.post(reverse("act", args=[game.code]),
                       {"as": role, "type": kind, "idem": f"{kind}-{Record.objects.count()}-{sorted(args.items())}",
                        **args})


def page(client, game, role="seat", language=None) -> str:
    """The table's screen (role "table") or the client's phone, in `language` if named."""
    more = {"HTTP_ACCEPT_LANGUAGE": language} if language else {}
    return client.get(reverse("table" if role == "table" else "seat", args=[game.code]), **more).content.decode()


def new_game(client, scenario: str, players=3, /, **extra):
    """The host's client posts the form; the game and its joined phones, in seat order."""
    host(client)
    assert client.post(reverse("new_game"), form(scenario, players, **extra)).status_code == 302
    game = Game.objects.get()
    return game, joined_phones(game)


def edit(game, change) -> None:
    """Change the current state (a test's shortcut, as the engine tests do): stored as a
    snapshot at the game's version, so the records before it are not replayed over it."""
    game.refresh_from_db()
    state, history = services.current_state(game)
    state = copy.deepcopy(state)
    change(state)
    Snapshot.objects.update_or_create(game=game, seq=game.version,
                                      defaults={"state": state, "history": copy.deepcopy(history)})
    services.forget_cache()


def on_field(page: str, mission: str, field: int, seat: int) -> bool:
    """Does the page's track of `mission` show the seat's marker on that field?"""
    return bool(re.search(rf'data-testid="ep-track-field-{mission}-{field}">(?:(?!ep-track-field).)*?'
                          rf'data-testid="ep-marker-{mission}-{seat}"', page, re.S))


LOG = re.compile(r'<section id="log".*?</section>', re.S)


def random_screens(client, data, mode: str, config, step, target: int, layer_ids: tuple, raw_kind) -> None:
    """Random legal games (an engine test's driver: its `config` and `step`): every few steps
    the table and a phone render, in English and Polish, with one of `layer_ids` drawn and
    every log line in words (never a bare log kind, which `raw_kind` matches)."""
    from tests.engine.played import Played

    Game.objects.all().delete()
    services.forget_cache()
    cfg = {**config(3, mode, data.draw(st.sampled_from(["beginner", "free"]), label="board")), "target": target}
    game = services.create_game({**cfg, "dice_source": "virtual"}, seed=1)
    host(client, game)
    phone = joined_phones(game)[0]
    g = Played(cfg, seed=data.draw(st.integers(0, 1000), label="seed"))
    for n in range(48):
        if g.state["phase"] == "finished":
            break
        step(data, g)
        if n % 16 == 15:
            edit(game, lambda s: (s.clear(), s.update(g.state)))
            for language in ("en", "pl"):
                for screen in (client.get(reverse("table", args=[game.code]), HTTP_ACCEPT_LANGUAGE=language),
                               phone.get(reverse("seat", args=[game.code]), HTTP_ACCEPT_LANGUAGE=language)):
                    assert screen.status_code == 200
                    html = screen.content.decode()
                    assert any(f'data-testid="{testid}"' in html for testid in layer_ids)
                    log = LOG.search(html)
                    assert log and not raw_kind.search(log.group(0)), raw_kind.search(log.group(0) if log else "")


def random_screens_test(driver: str, target: int, layer_ids: tuple, raw_kind):
    """A web test module's random-screens test: `random_screens` over the engine tests' driver
    in the module named `driver` (its `config` and `step`)."""
    @settings(max_examples=2, deadline=None, suppress_health_check=list(HealthCheck))
    @given(data=st.data(), mode=st.sampled_from(["hands", "paper"]))
    def test(client, data, mode):
        """Random legal games (the engine tests' driver): every few steps the table and a phone
        render, in English and Polish, every log line in words (never a bare log kind)."""
        module = importlib.import_module(driver)
        random_screens(client, data, mode, module.config, module.step, target, layer_ids, raw_kind)
    return test
