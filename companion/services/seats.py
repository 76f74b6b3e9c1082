"""The table key, the table sessions and the seats: which browsers are the table screen,
which phone holds which seat, and taking either back."""
from dataclasses import dataclass

from django.db import connection, transaction
from django.db.models import Exists, F, OuterRef, Q
from django.utils import timezone

from companion.models import Game, Seat, new_token
from companion.services.broadcast import broadcast

# A browser session's game codes it was made the table of (by creating the game or by the
# table key), newest first; the home page lists them.
HOSTED = "hosted_games"
# {code: the game's table_generation when this session became (or stayed) its table}. A code
# in HOSTED without an entry here counts as generation 0: the table of a game whose key
# was never replaced.
TABLE_GENERATIONS = "table_generations"
MAX_HOSTED = 50

IS_TABLE = "table"      # this session is the game's table screen
TABLE_ENDED = "ended"   # it was, until the table key was replaced on another screen


class NotAuthorized(Exception):
    """The screen no longer acts for whom it did: its phone's seat was freed or given to another
    device, or its table session was ended (or moved to a new table generation) meanwhile."""


@dataclass(frozen=True)
class Authority:
    """Whom a screen's write acts for, checked by the write itself (companion/services/commands.py):
    in the statement that appends the record when the process holds the newest state, else under
    the game's lock. No read before the write, and nothing acts between a check and its write.

    A phone: its seat's index and the session that holds it. The table: the table generation its
    session recorded (the game's, until the key is replaced)."""

    seat: int | None = None
    session_key: str = ""
    table_generation: int | None = None

    @classmethod
    def of_seat(cls, index: int, session_key: str | None) -> "Authority":
        return cls(seat=index, session_key=session_key or "")

    @classmethod
    def of_table(cls, generation: int) -> "Authority":
        return cls(table_generation=generation)

    def condition(self) -> Q:
        """The game rows this authority may write: a filter of the game's own row."""
        if self.seat is None:
            return Q(table_generation=self.table_generation)
        held = Seat.objects.filter(game=OuterRef("pk"), index=self.seat, session_key=self.session_key)
        return Q(Exists(held)) if self.session_key else Q(pk__in=[])

    def where(self, game_id: int) -> tuple[str, list]:
        """`condition` as SQL on the game's row, for the write in one statement (PostgreSQL): on
        the row itself, so that a write waiting for the row's lock checks it again."""
        if self.seat is None:
            return "table_generation = %s", [self.table_generation]
        if not self.session_key:
            return "FALSE", []
        quote = connection.ops.quote_name
        return (f"EXISTS (SELECT 1 FROM {quote(Seat._meta.db_table)} WHERE game_id = %s AND {quote('index')} = %s "
                f"AND session_key = %s)", [game_id, self.seat, self.session_key])

    def check(self, game: Game) -> None:
        """Under the game's lock (`game` read with it): raise NotAuthorized when it no longer holds.
        The same filter as the write's, on the locked row."""
        if not Game.objects.filter(pk=game.pk).filter(self.condition()).exists():
            raise NotAuthorized


def recorded_generation(session, game: Game) -> int | None:
    """The table generation `session` recorded for `game` (None: never its table)."""
    if session is None or game.code not in session.get(HOSTED, []):
        return None
    return (session.get(TABLE_GENERATIONS) or {}).get(game.code, 0)


def use_host_key(game: Game, key: str) -> bool:
    """Exchange the table key, once: True if it was the game's, which is replaced then."""
    if not key or len(key) > 64:
        return False
    return Game.objects.filter(pk=game.pk, host_token=key).update(host_token=new_token()) == 1


def _generation(game: Game) -> int | None:
    # Read afresh: a socket's game object is as old as the socket.
    return Game.objects.filter(pk=game.pk).values_list("table_generation", flat=True).first()


def host_table(session, game: Game, generation: int | None = None) -> None:
    """Make the browser of `session` (a Django session) a table screen of `game` from now on."""
    hosted = [game.code] + [code for code in session.get(HOSTED, []) if code != game.code]
    hosted = hosted[:MAX_HOSTED]
    generations = {code: value for code, value in dict(session.get(TABLE_GENERATIONS) or {}).items()
                   if code in hosted}
    generations[game.code] = _generation(game) if generation is None else generation
    session[HOSTED] = hosted
    session[TABLE_GENERATIONS] = generations


def table_role(session, game: Game) -> str | None:
    """IS_TABLE while `session` is a table session of `game`; TABLE_ENDED once the table key was
    replaced by another table screen; None for a browser that never was its table."""
    recorded = recorded_generation(session, game)
    if recorded is None:
        return None
    return IS_TABLE if recorded == _generation(game) else TABLE_ENDED


def rotate_host_key(game: Game, session=None) -> str:
    """A new table key (the one shown before opens nothing any more), and every table
    session but `session`'s (the screen that asked) ended: a key that leaked, and any
    screen it opened, are done with. Their sockets hear it and close."""
    key = new_token()
    with transaction.atomic():
        Game.objects.filter(pk=game.pk).update(host_token=key, table_generation=F("table_generation") + 1)
        generation = _generation(game)
        transaction.on_commit(lambda: broadcast(game, tables_ended=True))
    if session is not None:
        host_table(session, game, generation)
    return key


def bind_seat(game: Game, token: str, session_key: str) -> Seat | None:
    """Bind the phone holding `session_key` to the seat whose join token this is.

    A join token works once: it is replaced as soon as it is used, and any earlier phone
    of that seat loses its binding.
    """
    with transaction.atomic():
        seat = Seat.objects.select_for_update().filter(game=game, join_token=token).first()
        if seat is None or not token:
            return None
        seat.session_key = session_key
        seat.bound_at = timezone.now()
        seat.join_token = Seat._meta.get_field("join_token").default()
        seat.rejoin_open = False
        seat.save(update_fields=["session_key", "bound_at", "join_token", "rejoin_open"])
        transaction.on_commit(lambda: broadcast(game, seats_changed=True))
    return seat


def new_join_token(game: Game, index: int) -> Seat:
    """A fresh QR for a seat (its phone was lost); the old token stops working."""
    with transaction.atomic():
        seat = Seat.objects.select_for_update().get(game=game, index=index)
        seat.join_token = Seat._meta.get_field("join_token").default()
        seat.rejoin_open = True
        seat.save(update_fields=["join_token", "rejoin_open"])
        transaction.on_commit(lambda: broadcast(game, seats_changed=True))
    return seat


def revoke_seat(game: Game, index: int) -> Seat:
    """The host frees a seat: its phone can no longer act or see the hand."""
    with transaction.atomic():
        seat = Seat.objects.select_for_update().get(game=game, index=index)
        seat.session_key = ""
        seat.bound_at = None
        seat.join_token = Seat._meta.get_field("join_token").default()
        seat.rejoin_open = False
        seat.save(update_fields=["session_key", "bound_at", "join_token", "rejoin_open"])
        transaction.on_commit(lambda: broadcast(game, seats_changed=True, revoked=index))
    return seat


def seat_of_session(game: Game, session_key: str | None) -> Seat | None:
    if not session_key:
        return None
    return game.seats.filter(session_key=session_key).first()


