"""The dice reader feeding real games: the simulator on a TCP port, the real reader thread,
services writing records, and the websocket push reaching the table screen."""
import time

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.urls import reverse

from catan_site.asgi import application
from companion import services
from companion.dice_reader import TableReader
from companion.models import DiceReaderStatus, Record
from hardware.simulator import Simulator, TcpTransport

from .helpers import finish_setup, new_game, table_headers

pytestmark = pytest.mark.django_db(transaction=True)


def wait_until(condition, timeout=5.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return False


@pytest.fixture
def table_with_reader():
    game = new_game(dice_source="typed")
    finish_setup(game)
    simulator = Simulator(TcpTransport(), dice="YR", seed=1, hello_delay=0.05).start()
    game = services.set_dice_reader(game, simulator.url)
    reader = TableReader(game, simulator.url, reconnect_delay=0.05).start()
    assert simulator.wait_for_host(5)
    assert wait_until(lambda: DiceReaderStatus.objects.filter(game=game, state="connected").exists())
    yield game, simulator
    reader.stop()
    simulator.close()


def rolls(game):
    return [r.payload for r in Record.objects.filter(game=game) if r.payload.get("action", {}).get("type") == "roll"]


def test_a_physical_roll_is_applied_once_as_if_typed(table_with_reader):
    game, simulator = table_with_reader
    simulator.roll(3, 4)
    assert wait_until(lambda: len(rolls(game)) == 1)
    record = rolls(game)[0]
    assert record["action"]["args"] == {"dice": [3, 4], "source": "reader"}
    assert record["action"]["actor"] == {"role": "device"}
    game.refresh_from_db()
    assert game.phase == "discard"  # a 7: the game moves on exactly as with typed dice
    simulator.repeat_last()  # the device repeats its line: never applied twice
    time.sleep(0.3)
    assert len(rolls(game)) == 1


def test_a_roll_when_none_is_expected_is_shown_and_ignored(table_with_reader):
    game, simulator = table_with_reader
    simulator.roll(2, 2)
    assert wait_until(lambda: len(rolls(game)) == 1)
    simulator.roll(5, 6)  # a bumped die during trading
    assert wait_until(lambda: (DiceReaderStatus.objects.get(game=game).notice or {}).get("kind") == "not_expected")
    assert DiceReaderStatus.objects.get(game=game).notice["dice"] == [5, 6]
    assert len(rolls(game)) == 1


def test_unreadable_and_tilted_dice_ask_for_a_reroll(table_with_reader):
    game, simulator = table_with_reader
    simulator.roll("?", 4)
    assert wait_until(lambda: (DiceReaderStatus.objects.get(game=game).notice or {}).get("reason") == "unreadable")
    simulator.error("TILT", "Y")
    assert wait_until(lambda: (DiceReaderStatus.objects.get(game=game).notice or {}).get("reason") == "tilt")
    assert rolls(game) == []
    simulator.roll(1, 1)  # the re-roll is applied and the notice clears
    assert wait_until(lambda: len(rolls(game)) == 1)
    assert wait_until(lambda: DiceReaderStatus.objects.get(game=game).notice is None)


def test_unplugged_reader_shows_lost_then_connected(table_with_reader):
    game, simulator = table_with_reader
    simulator.unplug()
    assert wait_until(lambda: DiceReaderStatus.objects.get(game=game).state == "lost")
    assert simulator.wait_for_host(5)
    assert wait_until(lambda: DiceReaderStatus.objects.get(game=game).state == "connected")
    simulator.roll(6, 6)
    assert wait_until(lambda: len(rolls(game)) == 1)


@pytest.mark.asyncio
async def test_a_reader_roll_reaches_the_table_screen_and_a_reconnecting_one(table_with_reader):
    game, simulator = table_with_reader
    headers = await sync_to_async(table_headers)(game)
    table = WebsocketCommunicator(application, f"/ws/g/{game.code}/table/", headers=headers)
    assert (await table.connect())[0]
    await table.receive_from(timeout=3)
    await sync_to_async(simulator.roll)(4, 5)
    pushed = ""
    while 'class="total">9<' not in pushed:
        pushed = await table.receive_from(timeout=5)
    await table.disconnect()
    again = WebsocketCommunicator(application, f"/ws/g/{game.code}/table/", headers=headers)
    assert (await again.connect())[0]
    assert 'class="total">9<' in await again.receive_from(timeout=3)  # full resync
    await again.disconnect()


def test_reader_setup_refuses_what_is_not_a_device(client):
    game = new_game()
    client.get(reverse("table", args=[game.code]) + f"?key={game.host_token}")
    response = client.post(reverse("reader_setup", args=[game.code]), {"url": "http://example.com"})
    assert response.status_code == 422
    game.refresh_from_db()
    assert game.dice_device == ""
    response = client.post(reverse("reader_setup", args=[game.code]), {"url": "socket://127.0.0.1:9"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.dice_device == "socket://127.0.0.1:9"
    assert services.current_state(game)[0]["config"]["dice_source"] == "reader"
    client.post(reverse("reader_setup", args=[game.code]), {"stop": "1"})
    game.refresh_from_db()
    assert game.dice_device == ""
