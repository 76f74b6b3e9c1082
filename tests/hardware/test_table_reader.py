"""A table's dice reader on a real pseudo-terminal: every throw applied exactly once across
restarts, long ids and the seq wrap; every throw lost shown on the table screen; the reader
leaving the port and other readers alone when it should."""
from __future__ import annotations

import os
import time

import pytest
import serial
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import translation

from companion import services
from companion.dice_reader import TableReader
from companion.messages import reader_notice
from companion.models import DiceReaderStatus, Game, Record
from hardware.protocol import HEARTBEAT, HELLO, MOTION, ROLL, encode
from tests.web.helpers import TABLE, finish_setup, new_game, table_headers
from tests.web.test_dice_reader import wait_until

from .conftest import RawPty

pytestmark = [pytest.mark.django_db(transaction=True),
              pytest.mark.skipif(not hasattr(os, "openpty"), reason="POSIX only")]

MAC = "AA:BB:CC:DD:EE:FF"
UUID = "0f8e2c4a-6b1d-4e37-9a55-3c2d1b0e9f71"


def rolls(game):
    return [r.payload["action"]["args"]["dice"] for r in Record.objects.filter(game=game).order_by("seq")
            if r.payload.get("action", {}).get("type") == "roll"]


def status(game):
    return DiceReaderStatus.objects.filter(game=game).first()


def notice(game):
    row = status(game)
    return (row.notice or {}) if row else {}


@pytest.fixture
def pty():
    device = RawPty()
    yield device
    device.close()


@pytest.fixture
def game():
    game = new_game(dice_source="typed")
    finish_setup(game)
    return game


def start_reader(game, device, **options):
    game = services.set_dice_reader(game, device)
    reader = TableReader(game, device, reconnect_delay=0.05, poll_interval=0.05, **options).start()
    assert wait_until(lambda: status(game) is not None and status(game).state == "connected")
    return game, reader


def next_turn(game):
    """After a roll that is not a 7: end the turn, so the next throw is expected."""
    game.refresh_from_db()
    assert game.phase == "main"
    services.perform(game, TABLE, "end_turn")


# -- exactly once --------------------------------------------------------------------------------


def test_a_line_replayed_after_the_reader_restarts_is_not_applied_again(game, pty):
    game, reader = start_reader(game, pty.url)
    pty.write(encode(0, HELLO, sn=MAC, boot=UUID) + encode(1, HEARTBEAT, boot=UUID) + encode(2, ROLL, Y=2, R=3))
    assert wait_until(lambda: rolls(game) == [[2, 3]])
    reader.stop()  # the process dies; a new one starts and has heard nothing yet

    reader = TableReader(game, pty.url, reconnect_delay=0.05, poll_interval=0.05).start()
    try:
        assert wait_until(lambda: status(game).state == "connected" and status(game).positions)
        pty.write(encode(2, ROLL, Y=2, R=3))  # the bridge resends its last line, before any HELLO
        assert wait_until(lambda: notice(game).get("kind") == "repeated_roll")
        assert notice(game)["dice"] == [2, 3]
        assert rolls(game) == [[2, 3]]
    finally:
        reader.stop()


def test_long_device_names_and_boot_ids_keep_every_throw(game, pty, tmp_path):
    # No sn, a by-id name as long as udev makes them, a 32-hex boot id: the old key cut all
    # of it to the same 64 characters and dropped every roll after the first.
    by_id = tmp_path / "usb-Silicon_Labs_CP2102N_USB_to_UART_Bridge_Controller_4c2a8f1e0b9d3e11-if00-port0"
    by_id.symlink_to(pty.url)
    boot = "9b1f4e2c7a3d48e6b05c1f2a9e8d7c6b"
    game, reader = start_reader(game, str(by_id))
    try:
        pty.write(encode(0, HELLO, boot=boot) + encode(1, ROLL, Y=1, R=2))
        assert wait_until(lambda: rolls(game) == [[1, 2]])
        next_turn(game)
        pty.write(encode(2, ROLL, Y=2, R=2))
        assert wait_until(lambda: rolls(game) == [[1, 2], [2, 2]])
        next_turn(game)
        # With a MAC as sn and a UUID as boot id, seq 106 was cut to seq 10.
        pty.write(encode(3, HELLO, sn=MAC, boot=UUID) + encode(10, ROLL, Y=1, R=3))
        assert wait_until(lambda: rolls(game)[-1] == [1, 3])
        next_turn(game)
        pty.write(encode(106, ROLL, Y=4, R=4))
        assert wait_until(lambda: rolls(game)[-1] == [4, 4])
        keys = list(Record.objects.filter(game=game, idempotency_key__startswith="reader:")
                    .values_list("idempotency_key", flat=True))
        assert len(keys) == len(set(keys)) == 4 and all(len(key) <= 64 for key in keys)
    finally:
        reader.stop()


def test_the_same_seq_after_the_wrap_is_a_new_throw(game, pty):
    game, reader = start_reader(game, pty.url)
    try:
        pty.write(encode(0, HELLO, boot="5EED0001") + encode(10, ROLL, Y=1, R=2))
        assert wait_until(lambda: rolls(game) == [[1, 2]])
        next_turn(game)
        # A day and a half of heartbeats, shortened to two gaps: the seq comes round to 10.
        pty.write(encode(30000, HEARTBEAT, boot="5EED0001") + encode(60000, HEARTBEAT, boot="5EED0001"))
        pty.write(encode(10, ROLL, Y=1, R=2))
        assert wait_until(lambda: rolls(game) == [[1, 2], [1, 2]])
    finally:
        reader.stop()


# -- throws lost, shown on the table screen ---------------------------------------------------------


async def table_socket(game):
    from catan_site.asgi import application

    headers = await sync_to_async(table_headers)(game)
    socket = WebsocketCommunicator(application, f"/ws/g/{game.code}/table/", headers=headers)
    assert (await socket.connect())[0]
    await socket.receive_from(timeout=3)
    return socket


async def pushed_within(socket, text, seconds=1.0):
    """The first frame to carry `text`, which must come within `seconds`."""
    deadline = time.monotonic() + seconds
    frame = ""
    while text not in frame:
        frame = await socket.receive_from(timeout=max(0.01, deadline - time.monotonic()))
    return frame


@pytest.mark.asyncio
async def test_a_corrupted_roll_after_motion_is_on_the_table_within_a_second(game, pty):
    game, reader = await sync_to_async(start_reader)(game, pty.url)
    socket = await table_socket(game)
    try:
        pty.write(encode(0, HELLO, boot="C0FFEE01") + encode(1, MOTION))
        await pushed_within(socket, "dice rolling…")
        pty.write(encode(2, ROLL, Y=6, R=5)[:-4] + b"1F\r\n")
        frame = await pushed_within(socket, "The reader couldn&#x27;t read the dice: roll again.")
        assert "dice rolling…" not in frame  # back to connected, not rolling for good
        pty.write(encode(3, ROLL, Y=2, R=3))  # the roll again: applied, the notice goes
        frame = await pushed_within(socket, 'class="total">5<')
        assert "roll again" not in frame
        pty.write(b"$DR1,4,ROLL,Y=0,R=4*00\r\n")  # a die of 0 (and so a bad checksum as well)
        await pushed_within(socket, "The reader couldn&#x27;t read the dice: roll again.")
        assert await sync_to_async(rolls)(game) == [[2, 3]]
    finally:
        await socket.disconnect()
        await sync_to_async(reader.stop)()


@pytest.mark.asyncio
async def test_motion_without_a_roll_is_a_lost_throw_on_the_table(game, pty):
    game, reader = await sync_to_async(start_reader)(game, pty.url, motion_timeout=0.4)
    socket = await table_socket(game)
    try:
        pty.write(encode(0, HELLO, boot="C0FFEE02") + encode(1, MOTION))
        await pushed_within(socket, "dice rolling…")
        frame = await pushed_within(socket, "the reader sent no roll: roll again.", seconds=1.5)
        assert "dice rolling…" not in frame
    finally:
        await socket.disconnect()
        await sync_to_async(reader.stop)()


def test_a_roll_too_long_is_a_lost_throw_on_the_table(game, pty):
    # 4 KB of a ROLL without its line end: too long to read, but it began as a ROLL, so the
    # table is told to roll again and nothing of it is applied. The next frame reads as usual.
    game, reader = start_reader(game, pty.url)
    try:
        pty.write(encode(0, HELLO, boot="C0FFEE04") + b"$DR1,1,ROLL,Y=6,R=6,note=" + b"x" * 4096)
        assert wait_until(lambda: notice(game).get("reason") == "garbled")
        with translation.override("en"):
            assert reader_notice(notice(game)) == "The reader couldn't read the dice: roll again."
        assert rolls(game) == []
        pty.write(encode(2, ROLL, Y=2, R=3))
        assert wait_until(lambda: rolls(game) == [[2, 3]])
    finally:
        reader.stop()


def test_a_throw_the_device_goes_silent_in_is_a_lost_throw_on_the_table(game, pty):
    # MOTION, then nothing at all: the table goes "silent" first (heartbeat_timeout is shorter),
    # and is still told, when motion_timeout passes, that the throw was lost.
    game = services.set_dice_reader(game, pty.url)
    reader = TableReader(game, pty.url, reconnect_delay=0.05, poll_interval=0.05,
                         heartbeat_timeout=0.2, motion_timeout=0.6).start()
    try:
        assert wait_until(lambda: status(game) is not None and status(game).state in ("connected", "stale"))
        pty.write(encode(0, HELLO, boot="C0FFEE05") + encode(1, MOTION, boot="C0FFEE05"))
        assert wait_until(lambda: notice(game).get("reason") == "no_roll")
        assert status(game).state == "stale"
        with translation.override("en"):
            assert reader_notice(notice(game)) == "The dice moved but the reader sent no roll: roll again."
        assert rolls(game) == []
    finally:
        reader.stop()


def test_a_roll_the_table_was_told_is_lost_is_not_applied_when_it_comes(game, pty):
    # The ROLL's bytes stop for longer than motion_timeout: "roll again" on the table. Its end
    # comes after all: not applied, and the notice stays; the throw rolled again is applied.
    game, reader = start_reader(game, pty.url, motion_timeout=0.3)
    try:
        pty.write(encode(0, HELLO, boot="C0FFEE06") + encode(1, MOTION, boot="C0FFEE06"))
        line = encode(2, ROLL, Y=3, R=4, boot="C0FFEE06")
        pty.write(line[:12])
        assert wait_until(lambda: notice(game).get("reason") == "no_roll")
        pty.write(line[12:])
        assert wait_until(lambda: reader.reader.status()["rejected"].get("late_roll") == 1)
        assert notice(game).get("reason") == "no_roll" and rolls(game) == []
        pty.write(encode(3, MOTION, boot="C0FFEE06") + encode(4, ROLL, Y=5, R=1, boot="C0FFEE06"))
        assert wait_until(lambda: rolls(game) == [[5, 1]])
        assert rolls(game) == [[5, 1]] and not notice(game)
    finally:
        reader.stop()


def test_heartbeats_clear_silent(game, pty):
    game, reader = start_reader(game, pty.url, heartbeat_timeout=0.3)
    try:
        pty.write(encode(0, HELLO, boot="C0FFEE03"))
        assert wait_until(lambda: status(game).state == "stale")
        pty.write(encode(1, HEARTBEAT, boot="C0FFEE03"))
        assert wait_until(lambda: status(game).state == "connected", timeout=1.0)
    finally:
        reader.stop()


# -- the port and the game's end ----------------------------------------------------------------


def test_a_reader_refused_for_a_busy_port_leaves_the_other_ones_status(game, pty):
    game, owner = start_reader(game, pty.url)
    second = TableReader(game, pty.url, reconnect_delay=0.05, poll_interval=0.05).start()
    try:
        assert wait_until(lambda: second.reader.status()["last_error"] is not None)
        assert second.reader.status()["last_error"]["code"] == "port_busy"
        time.sleep(0.3)
        assert status(game).state == "connected"
        pty.write(encode(0, HELLO, boot="0B5E55ED") + encode(1, ROLL, Y=2, R=3))
        assert wait_until(lambda: rolls(game) == [[2, 3]])
    finally:
        second.stop()
        owner.stop()


def port_is_free(url):
    try:
        serial.Serial(url, exclusive=True).close()
    except serial.SerialException:
        return False
    return True


@pytest.mark.parametrize("ending", ["finished", "deleted"])
def test_the_reader_stops_and_frees_the_port_when_its_game_ends(game, pty, ending):
    game, reader = start_reader(game, pty.url)
    assert not port_is_free(pty.url)
    if ending == "finished":
        Game.objects.filter(pk=game.pk).update(phase="finished")
    else:
        Game.objects.filter(pk=game.pk).delete()
    assert wait_until(lambda: not reader.running, timeout=3)
    assert reader.ended.is_set()
    assert port_is_free(pty.url)


# -- manage.py dice_reader ----------------------------------------------------------------------


def test_the_command_refuses_where_its_rolls_would_reach_no_screen(game, pty):
    from django.core.management import CommandError, call_command

    with pytest.raises(CommandError, match="would reach no screen"):
        call_command("dice_reader", device=pty.url, game=game.code)
    game.refresh_from_db()
    assert game.dice_device == ""  # refused before it touched the game


def test_the_command_refuses_a_finished_game(game, pty):
    from django.core.management import CommandError, call_command

    Game.objects.filter(pk=game.pk).update(phase="finished")
    with pytest.raises(CommandError, match="finished"):
        call_command("dice_reader", device=pty.url, game=game.code, without_screens=True)
    assert port_is_free(pty.url)


def test_the_command_refused_for_a_busy_port_leaves_the_owner_alone(game, pty):
    from django.core.management import CommandError, call_command

    game, owner = start_reader(game, pty.url)
    try:
        with pytest.raises(CommandError, match="in use"):
            call_command("dice_reader", device=pty.url, game=game.code, without_screens=True)
        time.sleep(0.3)
        assert status(game).state == "connected"
        assert owner.running
    finally:
        owner.stop()


def test_the_command_reads_at_the_chosen_baud_rate_and_ends_with_its_game(game, pty):
    import termios
    import threading

    from django.core.management import call_command

    def finish_once_reading():
        assert wait_until(lambda: status(game) is not None and status(game).state == "connected")
        pty.write(encode(0, HELLO, boot="BA0D9600") + encode(1, ROLL, Y=2, R=3))
        assert wait_until(lambda: rolls(game) == [[2, 3]])
        speeds.append(termios.tcgetattr(pty.slave)[4:6])
        Game.objects.filter(pk=game.pk).update(phase="finished")

    speeds = []
    helper = threading.Thread(target=finish_once_reading)
    helper.start()
    started = time.monotonic()
    call_command("dice_reader", device=pty.url, game=game.code, baudrate=9600, without_screens=True)
    helper.join(5)
    assert time.monotonic() - started < 8
    game.refresh_from_db()
    assert game.dice_device == f"{pty.url}?baudrate=9600"
    assert speeds == [[termios.B9600, termios.B9600]]
    assert port_is_free(pty.url)


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="watches the process through /proc")
def test_a_killed_reader_process_restarted_does_not_apply_a_replayed_line_again(game, pty):
    import subprocess
    import sys
    from pathlib import Path

    from django.conf import settings

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "SQLITE_PATH": str(settings.DATABASES["default"]["NAME"]), "REDIS_URL": "",
           "DICE_READER_IN_PROCESS": "0", "LOG_LEVEL": "ERROR"}

    def reader_process():
        process = subprocess.Popen(
            [sys.executable, str(root / "manage.py"), "dice_reader", "--device", pty.url, "--game", game.code,
             "--without-screens"], cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        # Looked at from outside, not by opening the port: that would race the process for it.
        assert wait_until(lambda: holds(process, pty.url), timeout=20), process.stderr.read1().decode()
        return process

    def holds(process, url):
        fds = Path(f"/proc/{process.pid}/fd")
        try:
            return any(os.readlink(fd) == url for fd in fds.iterdir())
        except OSError:
            return False

    killed_and_restarted(game, pty, reader_process)


def killed_and_restarted(game, pty, start) -> None:
    """A roll read by the process `start()` runs; the process killed and started again; the
    device sends the same line again: it counts once, and the table says so."""
    import signal

    process = start()
    try:
        assert wait_until(lambda: status(game) is not None and status(game).state == "connected", timeout=30)
        pty.write(encode(0, HELLO, sn=MAC, boot=UUID) + encode(1, ROLL, Y=2, R=3))
        assert wait_until(lambda: rolls(game) == [[2, 3]], timeout=10)
        process.send_signal(signal.SIGKILL)  # no goodbye: whatever it held in memory is gone
        process.wait(10)
        DiceReaderStatus.objects.filter(game=game).update(state="lost")  # as a dead process leaves it
        process = start()
        assert wait_until(lambda: status(game).state == "connected", timeout=30)
        pty.write(encode(1, ROLL, Y=2, R=3))  # the line again, with no HELLO before it
        assert wait_until(lambda: notice(game).get("kind") == "repeated_roll", timeout=10)
        assert rolls(game) == [[2, 3]]
    finally:
        process.kill()
        process.wait(10)


def test_a_killed_serve_restarted_does_not_apply_a_replayed_line_again(game, pty):
    """The embedded `serve` runs the table's reader in its own process: killed and started
    again, it resumes the reader, and the line the device sends again counts once."""
    import subprocess
    import sys
    from pathlib import Path

    from django.conf import settings

    from tests.e2e.harness import free_port

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "SQLITE_PATH": str(settings.DATABASES["default"]["NAME"]), "REDIS_URL": "",
           "DICE_READER_IN_PROCESS": "1", "LOG_LEVEL": "ERROR", "CATAN_NO_BOOTSTRAP": "1"}
    game = services.set_dice_reader(game, pty.url)  # the table chose it; serve resumes it on start

    def serve():
        return subprocess.Popen([sys.executable, str(root / "manage.py"), "serve", "--host", "127.0.0.1",
                                 "--port", str(free_port()), "--no-qr"], cwd=root, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    killed_and_restarted(game, pty, serve)
