"""The table's dice reader: its rolls applied as if typed in, its status and notices."""
from django.db import transaction

from companion import engine
from companion.engine import IllegalAction
from companion.models import DiceReaderStatus, Game
from companion.services.broadcast import broadcast
from companion.services.commands import perform
from companion.services.records import DEVICE, TABLE, current_state

# ---------------------------------------------------------------- the dice reader

READER_STATES = {"connected": "connected", "silent": "stale", "disconnected": "lost",
                 "connecting": "lost", "stopped": "stopped", "idle": "stopped"}


def apply_reader_roll(game: Game, yellow, red, device_key: str, event=None) -> str:
    """A settled roll from the table's dice reader: apply it as if typed in, or explain why not.

    `device_key` names the roll uniquely (device, boot id, sequence number): it is the
    action's idempotency key, so a roll the reader repeats is never applied twice.
    `event`: the Cities & Knights event die, when the reader read one.
    """
    game.refresh_from_db()
    deck = _reader_feeds_deck(game)
    if current_state(game)[0]["config"]["dice_source"] != "reader" and not deck:
        return _reader_notice(game, "not_reader_source", yellow, red)
    if red is None or (yellow is None and not deck):  # on the deck only the red die counts
        return _reader_notice(game, "missing_die", yellow, red)
    if game.phase != "roll":
        # A bumped die or a second roll: shown, never applied.
        return _reader_notice(game, "not_expected", yellow, red)
    # The last notice goes before the roll is applied: the roll's own push then shows the
    # table without it (cleared after, it stayed up until the reader's next change).
    DiceReaderStatus.objects.filter(game=game, notice__isnull=False).update(notice=None)
    try:
        args = {"dice": [yellow, red], "source": "reader"}
        if event is not None:
            args["event"] = event
        outcome = perform(game, DEVICE, "roll", args, device_key)
    except IllegalAction as refused:
        return _reader_notice(game, refused.code, yellow, red)
    if outcome.duplicate:
        return "duplicate"
    return "applied"


def _reader_feeds_deck(game: Game) -> bool:
    """Does the game's dice source, though not the reader, still roll dice the reader reads
    (a layer's `reader_dice`: Cities & Knights on the Events of Catan deck rolls the red die
    and the event die)? A table with a dice reader then takes them from it (the source stays)."""
    if not game.dice_device:
        return False
    state = current_state(game)[0]
    rules = engine.rules_for(state["config"])
    return any(dice(rules, state) for dice in rules.hooks("reader_dice"))


def _reader_notice(game: Game, kind: str, yellow=None, red=None, **extra) -> str:
    notice = {"kind": kind, "dice": [yellow, red], **extra}
    DiceReaderStatus.objects.update_or_create(game=game, defaults={"notice": notice})
    transaction.on_commit(lambda: broadcast(game, table_only=True))
    return kind


def record_reader_status(game: Game, status: dict) -> None:
    """The reader's connection state for the table screen; written only when it changes."""
    state = READER_STATES.get(status.get("state"), "lost")
    if state == "connected" and status.get("motion"):
        state = "rolling"
    current = DiceReaderStatus.objects.filter(game=game).first()
    notice = current.notice if current else None
    event = status.get("event")
    rejected = status.get("rejected_roll") or {}
    if event == "rejected_roll" and rejected.get("reason"):
        # unreadable (a "?" die), tilt, nodie: the throw has no result, roll again.
        notice = {"kind": "rejected_roll", "reason": rejected["reason"], "dice": [None, None]}
    elif event == "device_error" and status.get("last_error"):
        notice = {"kind": "device_error", "code": status["last_error"].get("code"), "dice": [None, None]}
    elif event == "repeated_roll" and status.get("repeated_roll"):
        # A line heard again (a bridge's replay, a restart): counted once, said so.
        notice = {"kind": "repeated_roll", "dice": _reader_faces(status["repeated_roll"].get("faces"))}
    elif event == "roll_failed":
        notice = {"kind": "roll_failed", "dice": _reader_faces(status.get("failed_roll"))}
    device = status.get("device")
    if current and (current.state, current.notice, current.device) == (state, notice, device):
        return
    DiceReaderStatus.objects.update_or_create(game=game, defaults={"state": state, "notice": notice, "device": device})
    broadcast(game, table_only=True)


def save_reader_positions(game_pk: int, positions: list) -> None:
    """Where the table's dice reader had got to in each boot of its device: a reader that
    restarts reads a line it had already applied as a repeat."""
    DiceReaderStatus.objects.update_or_create(game_id=game_pk, defaults={"positions": [list(p) for p in positions]})


def _reader_faces(faces: dict | None) -> list:
    """[yellow, red] from a ROLL's fields ({"Y": "3", "R": "4"}), None for a die not read."""
    faces = faces or {}
    return [int(faces[key]) if str(faces.get(key, "")).isdigit() else None for key in ("Y", "R")]


def set_dice_reader(game: Game, device_url: str) -> Game:
    """Point the table at a dice reader (or at none with "") and make it the dice source."""
    device_url = device_url.strip()
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        game.dice_device = device_url
        game.save(update_fields=["dice_device", "updated_at"])
        if not device_url:
            DiceReaderStatus.objects.filter(game=game).delete()
        # Table screens keep the game's row between pushes: tell them it changed.
        transaction.on_commit(lambda: broadcast(game, table_only=True))
    if device_url and current_state(game)[0]["config"]["dice_source"] != "reader" and not _reader_feeds_deck(game):
        game = perform(game, TABLE, "set_dice_source", {"source": "reader"}).game
    return game


