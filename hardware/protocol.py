"""The DR1 dice reader line protocol: framing, checksums, validation.

One ASCII line per message, framed like NMEA 0183: ``$`` body ``*`` HH, where HH is
the XOR of the body's bytes in hex. The body is ``DR1,<seq>,<TYPE>[,key=value]...``.
docs/dice-protocol.md is the specification; this module is its reference codec.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

VERSION = "DR1"
MAX_FRAME_LENGTH = 80  # bytes from "$" to the checksum; the line ending is not counted
SEQ_MODULUS = 65536

HELLO = "HELLO"
ROLL = "ROLL"
MOTION = "MOTION"
HEARTBEAT = "HB"
ERROR = "ERR"
KNOWN_TYPES = frozenset({HELLO, ROLL, MOTION, HEARTBEAT, ERROR})

UNREADABLE = "?"
PIP_VALUES = ("1", "2", "3", "4", "5", "6")
# The Cities & Knights event die: three ship faces and one city gate per colour.
EVENT_FACES = ("SHIP", "BLUE", "GREEN", "YELLOW")
DIE_KEYS = ("Y", "R", "E")
DIE_NAMES = {"Y": "yellow", "R": "red", "E": "event"}

# Stable, machine-readable reasons a line is rejected. Callers may count and display them.
REASONS = (
    "too_long",       # frame longer than MAX_FRAME_LENGTH
    "not_ascii",      # a byte outside printable ASCII (0x20-0x7E) before the line ending
    "empty",          # nothing but a line ending
    "no_frame",       # not "$...*HH"
    "bad_checksum",   # HH is not the XOR of the body in upper-case hex
    "bad_version",    # body does not start with "DR1,"
    "bad_seq",        # seq is not a decimal number 0-65535
    "bad_type",       # type is missing or not an upper-case word
    "bad_field",      # a field is not key=value, or a key repeats
    "missing_field",  # a field the type requires is absent
    "bad_value",      # a known key of a known type has a value outside its range
)

_FRAME = re.compile(rb"\$([^$*]*)\*([0-9A-Fa-f]{2})")
_SEQ = re.compile(r"0|[1-9][0-9]{0,4}")
_TYPE = re.compile(r"[A-Z][A-Z0-9_]{0,15}")
_KEY = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,15}")
# Printable ASCII without space and the characters that carry structure.
_VALUE = re.compile(r"[!-~]+")
_VALUE_FORBIDDEN = frozenset("$*,=")
_ERROR_CODE = re.compile(r"[A-Z][A-Z0-9_]{0,15}")


class ProtocolError(ValueError):
    """A line or message that breaks the protocol; `reason` is one of REASONS."""

    def __init__(self, reason: str, detail: str = ""):
        self.reason = reason
        self.detail = detail
        super().__init__(f"{reason}: {detail}" if detail else reason)


@dataclass(frozen=True)
class Message:
    """One parsed line. `fields` keeps every key, known or not, in line order."""

    seq: int
    type: str
    fields: Mapping[str, str] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        # A read-only copy, so a Message can be shared between threads safely.
        object.__setattr__(self, "fields", MappingProxyType(dict(self.fields)))

    def get(self, key: str, default: str | None = None) -> str | None:
        return self.fields.get(key, default)

    def encode(self, eol: bytes = b"\r\n") -> bytes:
        return encode(self.seq, self.type, eol=eol, **self.fields)


@dataclass(frozen=True)
class DiceRoll:
    """The settled faces of one roll.

    A die is None when the message did not report it, or when it was reported
    unreadable ("?"); `unreadable` names the latter ("yellow", "red", "event").
    """

    yellow: int | None = None
    red: int | None = None
    event: str | None = None
    unreadable: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name in ("yellow", "red"):
            value = getattr(self, name)
            if value is not None and (type(value) is not int or not 1 <= value <= 6):
                raise ValueError(f"{name} die must be 1-6, not {value!r}")
        if self.event is not None and self.event not in EVENT_FACES:
            raise ValueError(f"event die must be one of {EVENT_FACES}, not {self.event!r}")
        object.__setattr__(self, "unreadable", tuple(self.unreadable))
        for name in self.unreadable:
            if name not in DIE_NAMES.values():
                raise ValueError(f"unknown die {name!r}")
            if getattr(self, name) is not None:
                raise ValueError(f"the {name} die cannot be both read and unreadable")

    @classmethod
    def from_message(cls, message: Message) -> DiceRoll:
        if message.type != ROLL:
            raise ValueError(f"not a {ROLL} message: {message.type}")
        _validate_known(message.type, message.fields)
        faces: dict[str, int | str | None] = {}
        unreadable = []
        for key in DIE_KEYS:
            value = message.fields.get(key)
            name = DIE_NAMES[key]
            if value == UNREADABLE:
                unreadable.append(name)
            elif value is not None:
                faces[name] = value if key == "E" else int(value)
        return cls(**faces, unreadable=tuple(unreadable))

    @property
    def is_readable(self) -> bool:
        """True when no die was reported unreadable."""
        return not self.unreadable

    @property
    def total(self) -> int | None:
        """Yellow plus red, the number that produces resources; None unless both were read."""
        if self.yellow is None or self.red is None:
            return None
        return self.yellow + self.red

    def to_fields(self) -> dict[str, str]:
        """The ROLL fields for this roll, for encode()."""
        fields = {}
        for key, name in DIE_NAMES.items():
            value = getattr(self, name)
            if value is not None:
                fields[key] = str(value)
            elif name in self.unreadable:
                fields[key] = UNREADABLE
        return fields


def checksum(body: str) -> str:
    """The two upper-case hex digits of the XOR of the body's ASCII bytes."""
    value = 0
    for byte in body.encode("ascii"):
        value ^= byte
    return f"{value:02X}"


def encode(seq: int, msg_type: str, /, *, eol: bytes = b"\r\n", **fields: object) -> bytes:
    """A complete framed line, e.g. encode(41, "ROLL", Y=3, R=4) == b"$DR1,41,ROLL,Y=3,R=4*33\\r\\n".

    Raises ProtocolError (a ValueError) for anything parse_line would reject, so
    every line this returns parses back to the same message.
    """
    if eol not in (b"\n", b"\r\n"):
        raise ValueError("eol must be LF or CRLF")
    if isinstance(seq, bool) or not isinstance(seq, int) or not 0 <= seq < SEQ_MODULUS:
        raise ProtocolError("bad_seq", repr(seq))
    if not isinstance(msg_type, str) or not _TYPE.fullmatch(msg_type):
        raise ProtocolError("bad_type", repr(msg_type))
    text_fields = {key: str(value) for key, value in fields.items()}
    for key, value in text_fields.items():
        _check_field(key, value)
    _validate_known(msg_type, text_fields)
    body = ",".join([VERSION, str(seq), msg_type, *(f"{k}={v}" for k, v in text_fields.items())])
    frame = f"${body}*{checksum(body)}"
    if len(frame) > MAX_FRAME_LENGTH:
        raise ProtocolError("too_long", f"{len(frame)} bytes")
    return frame.encode("ascii") + eol


def parse_line(raw: bytes) -> Message:
    """Parse one line (with or without its LF / CRLF ending) or raise ProtocolError."""
    line = bytes(raw)
    if line.endswith(b"\n"):
        line = line[:-1]
    if line.endswith(b"\r"):
        line = line[:-1]
    if len(line) > MAX_FRAME_LENGTH:
        raise ProtocolError("too_long", f"{len(line)} bytes")
    if any(byte < 0x20 or byte > 0x7E for byte in line):
        raise ProtocolError("not_ascii")
    if not line:
        raise ProtocolError("empty")
    frame = _FRAME.fullmatch(line)
    if frame is None:
        raise ProtocolError("no_frame")
    body = frame.group(1).decode("ascii")
    digits = frame.group(2).decode("ascii")
    if digits != digits.upper():
        # Strict, like NMEA 0183: "1d" is not "1D". A sender that gets the case wrong
        # would otherwise pass here and fail on stricter parsers.
        raise ProtocolError("bad_checksum", "lower-case hex digits")
    if checksum(body) != digits:
        raise ProtocolError("bad_checksum", f"expected {checksum(body)}")

    parts = body.split(",")
    if parts[0] != VERSION:
        raise ProtocolError("bad_version", parts[0][:8])
    if len(parts) < 2 or not _SEQ.fullmatch(parts[1]) or int(parts[1]) >= SEQ_MODULUS:
        raise ProtocolError("bad_seq")
    if len(parts) < 3 or not _TYPE.fullmatch(parts[2]):
        raise ProtocolError("bad_type")
    fields: dict[str, str] = {}
    for part in parts[3:]:
        key, sep, value = part.partition("=")
        if not sep:
            raise ProtocolError("bad_field", part[:16])
        _check_field(key, value)
        if key in fields:
            raise ProtocolError("bad_field", f"{key} repeats")
        fields[key] = value
    _validate_known(parts[2], fields)
    return Message(int(parts[1]), parts[2], fields)


def seq_is_newer(seq: int, last: int) -> bool:
    """Serial-number arithmetic (RFC 1982): is seq after last, allowing for the wrap at 65536?"""
    return 0 < (seq - last) % SEQ_MODULUS < SEQ_MODULUS // 2


def _check_field(key: str, value: str) -> None:
    if not _KEY.fullmatch(key):
        raise ProtocolError("bad_field", f"bad key {key[:16]!r}")
    if not _VALUE.fullmatch(value) or _VALUE_FORBIDDEN.intersection(value):
        raise ProtocolError("bad_field", f"bad value for {key}")


def _validate_known(msg_type: str, fields: Mapping[str, str]) -> None:
    """Check the keys this version knows; unknown types and keys pass untouched."""
    if msg_type == ROLL:
        present = [key for key in DIE_KEYS if key in fields]
        if not present:
            raise ProtocolError("missing_field", "a ROLL needs at least one die")
        for key in present:
            allowed = EVENT_FACES if key == "E" else PIP_VALUES
            if fields[key] != UNREADABLE and fields[key] not in allowed:
                raise ProtocolError("bad_value", f"{key}={fields[key]}")
    elif msg_type == HELLO:
        if "boot" not in fields:
            raise ProtocolError("missing_field", "a HELLO needs boot=")
        dice = fields.get("dice")
        if dice is not None and (set(dice) - set(DIE_KEYS) or len(set(dice)) != len(dice)):
            raise ProtocolError("bad_value", f"dice={dice}")
    elif msg_type == ERROR:
        if "code" not in fields:
            raise ProtocolError("missing_field", "an ERR needs code=")
        if not _ERROR_CODE.fullmatch(fields["code"]):
            raise ProtocolError("bad_value", f"code={fields['code']}")
        if "die" in fields and fields["die"] not in DIE_KEYS:
            raise ProtocolError("bad_value", f"die={fields['die']}")
