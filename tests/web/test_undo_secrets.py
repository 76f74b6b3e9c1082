"""Look, then undo: over the real websocket traffic, a phone cannot undo an action that
showed it something hidden (the Spy, a development card bought, a steal, a virtual roll,
an Events card); the table can, and then every screen's log says publicly that it was
undone and who had seen what, never the secret itself. What was undone buys nothing: a
card drawn goes back into its deck and the next draw is a fresh one, a roll comes back
unchanged and nobody acts on knowing it first.
"""
import json
import re

import pytest
from asgiref.sync import sync_to_async

from companion import services
from companion.layers.cores.base.messages import DEV_CARD_NAMES
from companion.layers.cores.cities_knights.messages import PROGRESS_NAMES
from companion.machinery import board as boards
from companion.models import Game

from .helpers import PLAYERS, TABLE
from .test_ck_cards_web import spy_game
from .test_consumers import _drain
from .traffic import Traffic, _keys, form_fields

ALA, BARTEK, CELINA = 0, 1, 2
UNDONE_LINE = re.compile(r"The table undid an action of [^<]*")


async def refused(traffic: Traffic, actor: dict, kind: str, **args) -> str:
    """Tap on the actor's own screen an action that must be refused: the refusal's words."""
    name = "table" if actor == TABLE else actor["seat"]
    idem = f"refused-{next(_keys)}"
    fields = {"as": "table" if name == "table" else "seat", "type": kind, "idem": idem, **form_fields(args)}
    version = traffic.game.version
    await traffic.screens[name].send_to(text_data=json.dumps({"act": fields}))
    # The answer may be slow on a loaded machine: wait for it, then for anything after it.
    frames = []
    while not any(f'data-ack="{idem}"' in frame for frame in frames):
        frames.append(await traffic.screens[name].receive_from(timeout=10))
    frames += await _drain(traffic.screens[name], quiet=0.2)
    traffic.received[name] += frames
    answer = next(frame for frame in frames if f'data-ack="{idem}"' in frame)
    assert 'data-ok="1"' not in answer, f"{kind} was not refused"
    assert (await sync_to_async(Game.objects.get)(pk=traffic.game.pk)).version == version  # nothing recorded
    return re.search(r'<div class="error">(.*?)</div>', answer).group(1)


def undone_lines(traffic: Traffic, screen) -> list[str]:
    return UNDONE_LINE.findall(traffic.payload(screen))


async def phone_may_not_table_may(traffic: Traffic, seat: int) -> None:
    """The phone's undo is refused with the reason; the table's goes through."""
    assert "Only the table screen can undo this" in await refused(traffic, {"seat": seat}, "undo")
    view = await sync_to_async(services.view_for)(traffic.game, seat)
    assert not view["can_undo"]  # and its screen offers no undo
    for screen in traffic.received:
        traffic.received[screen].clear()
    await traffic.act(TABLE, "undo")


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_spy_cannot_look_and_undo_and_the_table_undo_is_told_to_everyone():
    traffic = await Traffic.open(await sync_to_async(spy_game)())
    secret = (await traffic.state())["players"][BARTEK]["progress"][0]
    await traffic.act({"seat": ALA}, "play_progress", card="spy", victim=BARTEK)
    assert any(f'data-card="{secret}"' in frame for frame in traffic.received[ALA])  # she saw it

    await phone_may_not_table_may(traffic, ALA)
    state = await traffic.state()
    assert state["players"][ALA]["progress"] == ["spy"] and state["phase"] == "main"  # the Spy is back in hand
    # Every screen is told, in the log, that Ala had seen Bartek's progress cards; nobody
    # but Bartek's own phone names the card.
    for screen in ("table", ALA, BARTEK, CELINA):
        assert undone_lines(traffic, screen) == [
            "The table undid an action of Ala: Ala had seen the progress cards of Bartek."], screen
    for screen in ("table", CELINA):
        assert str(PROGRESS_NAMES[secret]) not in traffic.payload(screen)
    await traffic.close()


def robbery_game() -> Game:
    """Celina has rolled a 7 and moved the robber next to Bartek (tests/web/test_hands_web.py)."""
    game = services.create_game({"rules": "base", "players": PLAYERS[:2] + [{"name": "Celina", "color": "orange"}],
                                 "dice_source": "typed", "board": "beginner",
                                 "board_layout": boards.beginner_board(), "play_mode": "hands"}, seed=11)
    for actor, kind, args in [(TABLE, "roll", {"dice": [1, 3]}), (TABLE, "end_turn", {}),
                              (TABLE, "roll", {"dice": [2, 2]}), (TABLE, "end_turn", {}),
                              (TABLE, "roll", {"dice": [3, 4]}), ({"seat": CELINA}, "move_robber", {"hex": "-1,1"})]:
        game = services.perform(game, actor, kind, args).game
    return game


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_thief_cannot_undo_a_steal_and_steals_afresh_after_the_tables_undo():
    traffic = await Traffic.open(await sync_to_async(robbery_game)())
    await traffic.act({"seat": CELINA}, "steal", victim=BARTEK)
    before = (await traffic.state())["players"]

    await phone_may_not_table_may(traffic, CELINA)
    state = await traffic.state()
    assert state["phase"] == "steal"
    assert [p["hand"] for p in state["players"]] != [p["hand"] for p in before]  # the card went back
    for screen in ("table", ALA, BARTEK, CELINA):
        assert undone_lines(traffic, screen) == [
            "The table undid an action of Celina: Celina had seen the card taken from Bartek."], screen
    # The next steal is a new draw: chance has moved to a new epoch (it is not the undone one again).
    assert state["kept"]["epoch"] == 1
    await traffic.act({"seat": CELINA}, "steal", victim=BARTEK)
    await traffic.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_development_card_bought_and_undone_goes_back_into_the_deck():
    def prepare():
        game = robbery_game()
        return services.perform(game, {"seat": CELINA}, "steal", {"victim": BARTEK}).game

    traffic = await Traffic.open(await sync_to_async(prepare)())
    deck = dict((await traffic.state())["dev_deck"])
    await traffic.act({"seat": CELINA}, "buy_dev")
    card = (await traffic.state())["players"][CELINA]["dev_hand"][0]["card"]
    assert str(DEV_CARD_NAMES[card]) in traffic.payload(CELINA)

    await phone_may_not_table_may(traffic, CELINA)
    state = await traffic.state()
    assert state["dev_deck"] == deck and state["players"][CELINA]["dev_hand"] == []
    for screen in ("table", ALA, BARTEK, CELINA):
        assert undone_lines(traffic, screen) == [
            "The table undid an action of Celina: Celina had seen the development card drawn; "
            "it went back into the deck, shuffled."], screen
    await traffic.close()


def _after_setup(dice_source: str):
    """A paper game of three whose setup is done, its dice from `dice_source`."""
    game = services.create_game({"rules": "base", "players": PLAYERS, "dice_source": dice_source, "board": "none"},
                                seed=5)
    for _ in range(6):
        game = services.perform(game, TABLE, "place_setup").game
    return game


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_virtual_roll_cannot_be_undone_by_its_phone_and_comes_back_unchanged():
    traffic = await Traffic.open(await sync_to_async(_after_setup)("virtual"))
    await traffic.act({"seat": ALA}, "roll")
    rolled = (await traffic.state())["last_roll"]["dice"]

    await phone_may_not_table_may(traffic, ALA)
    state = await traffic.state()
    assert state["phase"] == "roll" and state["turn"]["seat"] == ALA
    for screen in ("table", ALA, BARTEK, CELINA):
        assert undone_lines(traffic, screen) == [
            "The table undid an action of Ala: everyone had seen the roll; it comes back when this turn "
            "rolls again."], screen
    # Nobody acts on knowing it before it counts: only the roll itself is open to the players.
    assert "roll again before anything else" in await refused(traffic, {"seat": ALA}, "play_dev", card="knight")
    await traffic.act({"seat": ALA}, "roll")
    assert (await traffic.state())["last_roll"]["dice"] == rolled
    await traffic.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_an_events_card_cannot_be_undone_by_its_phone_and_comes_back_unchanged():
    traffic = await Traffic.open(await sync_to_async(_after_setup)("events"))
    await traffic.act({"seat": ALA}, "reveal_event")
    card = (await traffic.state())["events"]["revealed"][-1]

    await phone_may_not_table_may(traffic, ALA)
    for screen in ("table", ALA, BARTEK, CELINA):
        assert undone_lines(traffic, screen) == [
            "The table undid an action of Ala: everyone had seen the event card; it comes back when this "
            "turn reveals again."], screen
    await traffic.act({"seat": ALA}, "reveal_event")
    assert (await traffic.state())["events"]["revealed"][-1] == card
    await traffic.close()
