"""The reference firmware's protocol part (hardware/firmware/dice_reader/dr1.c), built with this
machine's C compiler: every line it can produce is one hardware/protocol.py accepts, and says
what the firmware meant."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from hardware.protocol import DIE_KEYS, DiceRoll, parse_line

FIRMWARE = Path(__file__).resolve().parents[2] / "hardware" / "firmware" / "dice_reader"
CC = shutil.which("gcc") or shutil.which("cc")

pytestmark = pytest.mark.skipif(CC is None, reason="no C compiler")

# Prints every kind of line, every face of every die, the seq wrap, and what typed text becomes.
DRIVER = r"""
#include <stdio.h>
#include "dr1.h"

static char line[DR1_LINE_SIZE];

static void out(const char *what, size_t n) { printf("%s\t%s", what, n ? line : "-\r\n"); }

int main(int argc, char **argv) {
    dr1_device d;
    int y, r, e, i;
    static const char *codes[] = {"TILT", "NODIE", "LOWBAT", "LINK"};
    static const char dies[] = {0, 'Y', 'R', 'E'};
    dr1_begin(&d, 0x7F3A91C2u);
    out("hello", dr1_hello(&d, line, "ref-1.1", "AA:BB:CC:DD:EE:FF", "YRE"));
    out("hello", dr1_hello(&d, line, NULL, NULL, NULL));
    out("hb", dr1_heartbeat(&d, line));
    out("motion", dr1_motion(&d, line));
    for (y = -1; y <= 6; y++) for (r = -1; r <= 6; r++) for (e = 0; e <= 5; e++) {
        dr1_throw t = {y, r, (enum dr1_event)e};
        char what[32];
        snprintf(what, sizeof what, "roll %d %d %d", y, r, e);
        out(what, dr1_roll(&d, line, &t));
    }
    for (i = 0; i < 16; i++) {
        char what[32];
        snprintf(what, sizeof what, "err %s %c", codes[i % 4], dies[i / 4] ? dies[i / 4] : '-');
        out(what, dr1_error(&d, line, codes[i % 4], dies[i / 4]));
    }
    out("bad", dr1_error(&d, line, "tilt", 0));
    out("bad", dr1_error(&d, line, "TILT", 'X'));
    out("bad", dr1_hello(&d, line, "1 2", NULL, NULL));
    d.seq = 65533;
    for (i = 0; i < 5; i++) out("wrap", dr1_heartbeat(&d, line));
    for (i = 1; i < argc; i++) {
        dr1_throw t;
        char what[64];
        snprintf(what, sizeof what, "typed %s", argv[i]);
        out(what, dr1_parse_typed(argv[i], &t) ? dr1_roll(&d, line, &t) : 0);
    }
    return 0;
}
"""

TYPED = {"3 4": DiceRoll(3, 4), "34": DiceRoll(3, 4), "6 2 ship": DiceRoll(6, 2, "SHIP"),
         "? 4": DiceRoll(red=4, unreadable=("yellow",)), "5+1 blue": DiceRoll(5, 1, "BLUE"),
         "seven": None, "7 1": None, "3": None, "3 4 purple": None}
EVENTS = [None, "SHIP", "BLUE", "GREEN", "YELLOW", "?"]


@pytest.fixture(scope="module")
def lines(tmp_path_factory) -> list[tuple[str, bytes]]:
    build = tmp_path_factory.mktemp("firmware")  # never in the checkout
    (build / "driver.c").write_text(DRIVER)
    program = build / "driver"
    subprocess.run([CC, "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", f"-I{FIRMWARE}",
                    str(FIRMWARE / "dr1.c"), str(build / "driver.c"), "-o", str(program)],
                   check=True, capture_output=True, text=True)
    output = subprocess.run([str(program), *TYPED], check=True, capture_output=True).stdout
    result = []
    for row in output.split(b"\n")[:-1]:
        what, _, line = row.partition(b"\t")
        result.append((what.decode(), line + b"\n"))
    return result


def produced(lines):
    return [(what, line) for what, line in lines if line != b"-\r\n"]


def test_every_line_the_firmware_produces_is_accepted(lines):
    assert len(produced(lines)) > 300
    for what, line in produced(lines):
        message = parse_line(line)  # raises ProtocolError on anything the app would refuse
        assert line.endswith(b"\r\n") and len(line) - 2 <= 80, what
        if message.type != "HELLO":
            assert message.get("boot") == "7F3A91C2", what  # revision 1.1: every line names its boot


def test_the_lines_say_what_the_firmware_meant(lines):
    hello = parse_line(next(line for what, line in lines if what == "hello"))
    assert hello.type == "HELLO" and hello.get("sn") == "AA:BB:CC:DD:EE:FF" and hello.get("dice") == "YRE"
    seqs = [parse_line(line).seq for _, line in produced(lines)]
    assert seqs[:4] == [0, 1, 2, 3]
    wrap = [parse_line(line).seq for what, line in lines if what == "wrap"]
    assert wrap == [65533, 65534, 65535, 0, 1]
    for what, line in lines:
        if not what.startswith("roll "):
            continue
        y, r, e = (int(part) for part in what.split()[1:])
        valid = all(v in (-1, 0, *range(1, 7)) for v in (y, r)) and (y, r, e) != (0, 0, 0)
        assert (line != b"-\r\n") == valid, what
        if valid:
            fields = parse_line(line).fields
            assert fields.get("Y") == {-1: "?", 0: None}.get(y, str(y)), what
            assert fields.get("R") == {-1: "?", 0: None}.get(r, str(r)), what
            assert fields.get("E") == EVENTS[e], what
            assert [key for key in fields if key in DIE_KEYS] == [k for k, v in zip("YRE", (y, r, e)) if v], what
    errors = [parse_line(line) for what, line in lines if what.startswith("err ")]
    assert [(m.get("code"), m.get("die")) for m in errors][:5] == [
        ("TILT", None), ("NODIE", None), ("LOWBAT", None), ("LINK", None), ("TILT", "Y")]
    assert [line for what, line in lines if what == "bad"] == [b"-\r\n"] * 3


def test_the_mock_turns_typed_dice_into_rolls(lines):
    by_what = dict(lines)
    for typed, roll in TYPED.items():
        line = by_what[f"typed {typed}"]
        if roll is None:
            assert line == b"-\r\n", typed
        else:
            assert DiceRoll.from_message(parse_line(line)) == roll, typed
