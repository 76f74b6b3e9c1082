"""The DR1 line codec: checksums, framing, validation, and properties over any input."""
from __future__ import annotations

import dataclasses

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from hardware.protocol import (
    EVENT_FACES,
    MAX_FRAME_LENGTH,
    REASONS,
    DiceRoll,
    Message,
    ProtocolError,
    checksum,
    encode,
    parse_line,
    seq_is_newer,
)

SEVEN = b"$DR1,41,ROLL,Y=3,R=4*33"
SHIP = b"$DR1,42,ROLL,Y=6,R=2,E=SHIP*65"


def framed(body: str) -> bytes:
    """A line with a correct checksum around any body, to reach the checks after framing."""
    return f"${body}*{checksum(body)}\r\n".encode()


# -- the examples in docs/dice-protocol.md -------------------------------------------


def test_checksum_of_the_documented_examples():
    assert checksum("DR1,41,ROLL,Y=3,R=4") == "33"
    assert checksum("DR1,42,ROLL,Y=6,R=2,E=SHIP") == "65"


def test_checksum_is_two_uppercase_hex_digits():
    assert checksum("") == "00"
    assert checksum("A") == "41"
    assert checksum("AA") == "00"
    assert checksum("DR1,0,HB") == checksum("DR1,0,HB").upper()


def test_a_base_game_seven_parses():
    message = parse_line(SEVEN + b"\r\n")
    assert message == Message(41, "ROLL", {"Y": "3", "R": "4"})
    roll = DiceRoll.from_message(message)
    assert roll == DiceRoll(yellow=3, red=4)
    assert roll.total == 7 and roll.event is None and roll.is_readable


def test_an_event_die_alone_parses():
    # The Alchemist: the player sets yellow and red, only the event die is rolled.
    roll = DiceRoll.from_message(parse_line(framed("DR1,43,ROLL,E=GREEN")))
    assert roll == DiceRoll(event="GREEN") and roll.is_readable and roll.total is None


def test_a_cities_and_knights_roll_parses():
    roll = DiceRoll.from_message(parse_line(SHIP + b"\n"))
    assert (roll.yellow, roll.red, roll.event, roll.total) == (6, 2, "SHIP", 8)


def test_encode_produces_the_documented_lines():
    assert encode(41, "ROLL", Y=3, R=4) == SEVEN + b"\r\n"
    assert encode(42, "ROLL", Y=6, R=2, E="SHIP", eol=b"\n") == SHIP + b"\n"


@pytest.mark.parametrize("ending", [b"", b"\n", b"\r\n"])
def test_line_endings_lf_crlf_or_none(ending):
    assert parse_line(SEVEN + ending).seq == 41


def test_lowercase_checksum_digits_are_rejected():
    assert checksum("DR1,0,HB") == "1D"
    assert parse_line(b"$DR1,0,HB*1D").type == "HB"
    with pytest.raises(ProtocolError) as caught:
        parse_line(b"$DR1,0,HB*1d\r\n")  # the right value in the wrong case is still wrong
    assert caught.value.reason == "bad_checksum" and "lower-case" in caught.value.detail


# -- every rejection reason --------------------------------------------------------------

REJECTED = [
    ("too_long", b"$" + b"A" * 80 + b"*00"),
    ("not_ascii", SEVEN[:-3] + "é".encode() + b"*33"),
    ("not_ascii", b"$DR1,41,ROLL,Y=3\x00,R=4*33"),
    ("not_ascii", b"\xff\xfe\r\n"),
    ("not_ascii", b"\x00$DR1,0,HB*1D"),
    ("not_ascii", b"$DR1,41,ROLL\r,Y=3,R=4*33\r\n"),
    ("empty", b"\r\n"),
    ("empty", b""),
    ("no_frame", b"DR1,41,ROLL,Y=3,R=4*33"),
    ("no_frame", b"$DR1,41,ROLL,Y=3,R=4"),
    ("no_frame", b"$DR1,41,ROLL,Y=3,R=4*3"),
    ("no_frame", b"$DR1,41,ROLL,Y=3,R=4*3G"),
    ("no_frame", b"$DR1,41,ROLL,Y=3,R=4*33 "),
    ("no_frame", b"$DR1,41,$ROLL*33"),
    ("no_frame", b"hello world"),
    ("bad_checksum", b"$DR1,41,ROLL,Y=3,R=4*34"),
    ("bad_checksum", b"$DR1,41,ROLL,Y=3,R=5*33"),
    ("bad_checksum", b"$DR1,0,HB*1d"),  # lower-case hex
    ("bad_version", framed("dr1,41,ROLL,Y=3,R=4")),
    ("bad_version", framed("DR1.1,41,ROLL,Y=3,R=4")),
    ("bad_version", framed("DR10,41,ROLL,Y=3,R=4")),
    ("bad_version", framed("DR2,41,ROLL,Y=3,R=4")),
    ("bad_version", framed("")),
    ("bad_version", framed("GPGGA,1,2")),
    ("bad_seq", framed("DR1")),
    ("bad_seq", framed("DR1,,ROLL,Y=3")),
    ("bad_seq", framed("DR1,65536,ROLL,Y=3")),
    ("bad_seq", framed("DR1,-1,ROLL,Y=3")),
    ("bad_seq", framed("DR1,007,ROLL,Y=3")),
    ("bad_seq", framed("DR1,4x,ROLL,Y=3")),
    ("bad_type", framed("DR1,41")),
    ("bad_type", framed("DR1,41,")),
    ("bad_type", framed("DR1,41,roll,Y=3")),
    ("bad_field", framed("DR1,41,ROLL,Y")),
    ("bad_field", framed("DR1,41,ROLL,Y=")),
    ("bad_field", framed("DR1,41,ROLL,=3")),
    ("bad_field", framed("DR1,41,ROLL,Y=3,Y=4")),
    ("bad_field", framed("DR1,41,ROLL,Y=3,R=4,Y=3")),  # a repeated key, even with the same value
    ("bad_field", framed("DR1,41,ROLL,Y=3,conf=9,conf=9")),  # unknown keys too
    ("bad_field", framed("DR1,1,HB,boot=A1,boot=B2")),
    ("bad_field", framed("DR1,41,ROLL,Y=3,,R=4")),
    ("bad_field", framed("DR1,41,ROLL,Y=3=3")),
    ("bad_field", framed("DR1,41,ROLL,Y=3 ,R=4")),
    ("missing_field", framed("DR1,41,ROLL")),
    ("missing_field", framed("DR1,41,ROLL,G=5")),
    ("missing_field", framed("DR1,0,HELLO,fw=1.0")),
    ("missing_field", framed("DR1,9,ERR,die=R")),
    ("bad_value", framed("DR1,41,ROLL,Y=7,R=4")),
    ("bad_value", framed("DR1,41,ROLL,Y=0,R=4")),
    ("bad_value", framed("DR1,41,ROLL,Y=03,R=4")),
    ("bad_value", framed("DR1,41,ROLL,Y=3,R=4,E=PURPLE")),
    ("bad_value", framed("DR1,41,ROLL,Y=3,R=4,E=ship")),
    ("bad_value", framed("DR1,0,HELLO,boot=1,dice=YRG")),
    ("bad_value", framed("DR1,0,HELLO,boot=1,dice=YY")),
    ("bad_value", framed("DR1,9,ERR,code=tilt")),
    ("bad_value", framed("DR1,9,ERR,code=TILT,die=G")),
]


@pytest.mark.parametrize("reason, line", REJECTED, ids=[f"{r}-{i}" for i, (r, _) in enumerate(REJECTED)])
def test_rejected_lines_name_their_reason(reason, line):
    with pytest.raises(ProtocolError) as caught:
        parse_line(line)
    assert caught.value.reason == reason


def test_every_reason_is_exercised():
    assert {reason for reason, _ in REJECTED} == set(REASONS)


def test_a_frame_of_exactly_the_limit_is_accepted():
    body_len = MAX_FRAME_LENGTH - 4  # "$" + body + "*HH"
    base = "DR1,1,HB,x="
    line = framed(base + "a" * (body_len - len(base)))
    assert len(line.rstrip()) == MAX_FRAME_LENGTH
    assert parse_line(line).fields["x"] == "a" * (body_len - len(base))
    with pytest.raises(ProtocolError, match="too_long"):
        parse_line(framed(base + "a" * (body_len - len(base) + 1)))


def test_protocol_error_is_a_value_error_with_a_reason():
    error = ProtocolError("bad_value", "Y=7")
    assert isinstance(error, ValueError)
    assert error.reason == "bad_value" and "Y=7" in str(error)


# -- forward compatibility ---------------------------------------------------------------


def test_unknown_types_and_keys_pass_through():
    message = parse_line(framed("DR1,5,BATTERY,level=80,charging=no"))
    assert message.type == "BATTERY" and message.fields == {"level": "80", "charging": "no"}
    roll = DiceRoll.from_message(parse_line(framed("DR1,6,ROLL,Y=2,R=5,G=6,conf=97")))
    assert roll == DiceRoll(yellow=2, red=5)


def test_message_fields_are_read_only():
    message = parse_line(SEVEN)
    with pytest.raises(TypeError):
        message.fields["Y"] = "6"  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        message.seq = 1  # type: ignore[misc]
    assert hash(message) == hash(parse_line(SEVEN))


# -- DiceRoll ----------------------------------------------------------------------------


def test_unreadable_dice_are_named_and_left_out():
    roll = DiceRoll.from_message(parse_line(framed("DR1,7,ROLL,Y=?,R=4,E=?")))
    assert roll == DiceRoll(red=4, unreadable=("yellow", "event"))
    assert not roll.is_readable and roll.total is None
    assert roll.to_fields() == {"Y": "?", "R": "4", "E": "?"}


def test_a_die_not_in_the_message_is_none_but_not_unreadable():
    roll = DiceRoll.from_message(parse_line(framed("DR1,8,ROLL,E=BLUE")))
    assert roll == DiceRoll(event="BLUE") and roll.is_readable and roll.total is None


@pytest.mark.parametrize(
    "kwargs",
    [{"yellow": 7}, {"red": 0}, {"yellow": True}, {"yellow": 3.0}, {"event": "PURPLE"},
     {"unreadable": ("green",)}, {"red": 3, "unreadable": ("red",)}],
)
def test_dice_roll_checks_its_values(kwargs):
    with pytest.raises(ValueError):
        DiceRoll(**kwargs)


def test_from_message_wants_a_roll():
    with pytest.raises(ValueError):
        DiceRoll.from_message(Message(1, "HB", {}))
    with pytest.raises(ProtocolError, match="bad_value"):
        DiceRoll.from_message(Message(1, "ROLL", {"Y": "9"}))


# -- encode refuses what parse_line would reject -----------------------------------------


@pytest.mark.parametrize(
    "args, fields, reason",
    [
        ((65536, "ROLL"), {"Y": 1}, "bad_seq"),
        ((-1, "ROLL"), {"Y": 1}, "bad_seq"),
        ((True, "ROLL"), {"Y": 1}, "bad_seq"),
        ((1, "roll"), {"Y": 1}, "bad_type"),
        ((1, "ROLL"), {"Y": 7}, "bad_value"),
        ((1, "ROLL"), {}, "missing_field"),
        ((1, "HB"), {"note": "a,b"}, "bad_field"),
        ((1, "HB"), {"note": ""}, "bad_field"),
        ((1, "HB"), {"note": "x" * 80}, "too_long"),
    ],
)
def test_encode_refuses_invalid_messages(args, fields, reason):
    with pytest.raises(ProtocolError) as caught:
        encode(*args, **fields)
    assert caught.value.reason == reason


def test_encode_refuses_other_line_endings():
    with pytest.raises(ValueError):
        encode(1, "HB", eol=b"\r")


# -- sequence numbers --------------------------------------------------------------------


@pytest.mark.parametrize(
    "seq, last, newer",
    [(1, 0, True), (0, 0, False), (0, 1, False), (0, 65535, True), (5, 65530, True),
     (65535, 0, False), (32767, 0, True), (32768, 0, False), (100, 200, False)],
)
def test_seq_is_newer_handles_the_wrap(seq, last, newer):
    assert seq_is_newer(seq, last) is newer


# -- properties --------------------------------------------------------------------------

values = st.text("ABCXYZabcxyz0123456789.-_:/?!#", min_size=1, max_size=8)
extra_keys = st.from_regex(r"[a-z][a-z0-9_]{0,5}", fullmatch=True).filter(
    lambda k: k not in {"fw", "sn", "boot", "dice", "code", "die"}
)
extras = st.dictionaries(extra_keys, values, max_size=3)
pips = st.sampled_from(["1", "2", "3", "4", "5", "6", "?"])
faces = st.sampled_from([*EVENT_FACES, "?"])


@st.composite
def valid_messages(draw: st.DrawFn) -> Message:
    seq = draw(st.integers(0, 65535))
    kind = draw(st.sampled_from(["ROLL", "HELLO", "MOTION", "HB", "ERR", "OTHER"]))
    fields: dict[str, str] = {}
    if kind == "ROLL":
        dice = draw(st.dictionaries(st.sampled_from("YRE"), pips, min_size=1))
        fields = {key: (draw(faces) if key == "E" else value) for key, value in dice.items()}
    elif kind == "HELLO":
        fields = {"boot": draw(values), "dice": "".join(draw(st.permutations("YRE"))[: draw(st.integers(1, 3))])}
    elif kind == "ERR":
        fields = {"code": draw(st.from_regex(r"[A-Z][A-Z0-9_]{0,7}", fullmatch=True))}
        if draw(st.booleans()):
            fields["die"] = draw(st.sampled_from("YRE"))
    elif kind == "OTHER":
        kind = draw(st.from_regex(r"[A-Z][A-Z0-9_]{0,7}", fullmatch=True))
    fields.update(draw(extras))
    return Message(seq, kind, fields)


@given(valid_messages(), st.sampled_from([b"\n", b"\r\n"]))
def test_encode_then_parse_is_the_identity(message, eol):
    try:
        line = encode(message.seq, message.type, eol=eol, **message.fields)
    except ProtocolError as error:
        assert error.reason == "too_long"
        assume(False)
    assert parse_line(line) == message
    assert list(parse_line(line).fields) == list(message.fields)  # order kept too
    assert message.encode(eol) == line


@given(st.binary(max_size=120))
def test_parse_raises_only_protocol_errors_on_any_bytes(raw):
    try:
        parse_line(raw)
    except ProtocolError as error:
        assert error.reason in REASONS


@given(st.text(alphabet="DR1,0123456789ROLLHELOBYE=?SHIPx*$_ é\t", max_size=70))
def test_parse_raises_only_protocol_errors_on_near_valid_lines(body):
    # A correct checksum gets these past the framing checks into the body parser.
    try:
        raw = f"${body}*{checksum(body)}".encode()
    except UnicodeEncodeError:
        raw = f"${body}*00".encode()
    try:
        message = parse_line(raw)
    except ProtocolError as error:
        assert error.reason in REASONS
    else:
        assert parse_line(message.encode()) == message


@given(valid_messages(), st.data())
def test_any_single_byte_corruption_is_caught(message, data):
    try:
        line = encode(message.seq, message.type, eol=b"\n", **message.fields)[:-1]
    except ProtocolError:
        assume(False)
    index = data.draw(st.integers(0, len(line) - 1))
    replacement = data.draw(st.integers(0, 255).filter(lambda b: b != line[index]))
    corrupted = line[:index] + bytes([replacement]) + line[index + 1 :]
    with pytest.raises(ProtocolError):  # upper-case hex only, so not even a case change gets through
        parse_line(corrupted)
