"""What the sockets push after a change: only what changed, and the table's own extras."""
import pytest
from asgiref.sync import sync_to_async

from companion import services

from .helpers import TABLE
from .test_consumers import _connect, _drain, _game_with_phones

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_a_phone_gets_only_the_fragments_that_changed():
    game, phones, host = await _game_with_phones()
    phone = _connect(f"/ws/g/{game.code}/seat/", phones[1])
    assert (await phone.connect())[0]
    first = await phone.receive_from(timeout=2)
    assert 'id="hand"' in first and 'id="scoreboard"' in first
    await sync_to_async(services.perform)(game, TABLE, "roll", {"dice": [3, 3]})
    pushed = "".join(await _drain(phone))
    assert f'data-version="{game.version + 1}"' in pushed and 'id="dice"' in pushed
    assert 'id="hand"' not in pushed  # seat 1's hand did not change
    await phone.send_to(text_data="resync")
    again = "".join(await _drain(phone))
    assert 'id="hand"' in again and 'id="scoreboard"' in again
    await phone.disconnect()


async def test_the_table_hears_of_a_new_dice_reader_without_a_reload():
    game, phones, host = await _game_with_phones()
    table = _connect(f"/ws/g/{game.code}/table/", host)
    assert (await table.connect())[0]
    assert "socket://127.0.0.1:9" not in await table.receive_from(timeout=2)
    await sync_to_async(services.set_dice_reader)(game, "socket://127.0.0.1:9")  # no reader started
    pushed = "".join(await _drain(table))
    assert 'id="reader"' in pushed and "socket://127.0.0.1:9" in pushed
    await table.disconnect()
