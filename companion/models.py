"""Games and their append-only record logs.

The engine's state is never stored as the truth: it is the fold of the records, with
snapshots so that loading a long game does not replay it from the start.
"""
import secrets

from django.db import models

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud at a table


def new_game_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))


def new_token() -> str:
    """An unguessable token: 256 bits, URL-safe."""
    return secrets.token_urlsafe(32)


class Game(models.Model):
    code = models.CharField(max_length=12, unique=True, default=new_game_code)
    # HMAC key of the game's chance; it never leaves the server.
    secret = models.BinaryField(max_length=32)
    host_token = models.CharField(max_length=64, default=new_token)
    # Which table sessions are still the table: a browser is the table screen while the
    # generation its session recorded is this one. Replacing the table key counts it up,
    # which ends every other table session (services.seats.rotate_host_key).
    table_generation = models.PositiveIntegerField(default=0)
    config = models.JSONField()
    version = models.PositiveIntegerField(default=0)  # seq of the latest record
    phase = models.CharField(max_length=24, default="setup")
    # The dice reader's pyserial URL when this table's dice come from one.
    dice_device = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return self.code

    @property
    def group_name(self) -> str:
        return f"game.{self.pk}"


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=20)
    color = models.CharField(max_length=12)
    join_token = models.CharField(max_length=64, unique=True, default=new_token)
    session_key = models.CharField(max_length=64, blank=True, default="")
    bound_at = models.DateTimeField(null=True, blank=True)
    # The host asked for a fresh QR while a phone still holds the seat.
    rejoin_open = models.BooleanField(default=False)

    class Meta:
        ordering = ["index"]
        constraints = [models.UniqueConstraint(fields=["game", "index"], name="unique_seat_index")]

    def __str__(self) -> str:
        return f"{self.game.code}#{self.index} {self.name}"

    @property
    def is_bound(self) -> bool:
        return bool(self.session_key)


class Record(models.Model):
    """One entry of a game's log: an action with its outcomes, an undo or a redo."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="records")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=8)  # action | undo | redo
    payload = models.JSONField()
    # The form's key: a double tap or a resent request never acts twice.
    idempotency_key = models.CharField(max_length=64, null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="unique_record_seq"),
            models.UniqueConstraint(fields=["game", "idempotency_key"], name="unique_record_idempotency"),
        ]

    def as_engine_record(self) -> dict:
        return {"seq": self.seq, "kind": self.kind, **self.payload}


class Snapshot(models.Model):
    """The folded state and history after record `seq`."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="snapshots")
    seq = models.PositiveIntegerField()
    state = models.JSONField()
    history = models.JSONField()

    class Meta:
        ordering = ["seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="unique_snapshot_seq")]


class DiceReaderStatus(models.Model):
    """What the table's dice reader last said, written by whichever process owns the port."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="reader_status")
    state = models.CharField(max_length=16, default="idle")  # connected, motion, lost, stale, stopped
    device = models.JSONField(null=True, blank=True)
    # The latest roll refused or ignored, with the reason, for the table to explain.
    notice = models.JSONField(null=True, blank=True)
    # Where the device's lines had got to: [[sn, boot, ext_seq], ...], the current boot last
    # (hardware.reader.DiceReader.positions()). Kept with the game so that a reader started
    # again (a restarted process) still knows a repeated line for what it is.
    positions = models.JSONField(default=list, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
