"""The table key and the seats: which phone holds which seat, and taking a seat back."""
from django.db import transaction
from django.utils import timezone

from companion.models import Game, Seat, new_token
from companion.services.broadcast import broadcast


def use_host_key(game: Game, key: str) -> bool:
    """Exchange the table key, once: True if it was the game's, which is replaced then."""
    if not key or len(key) > 64:
        return False
    return Game.objects.filter(pk=game.pk, host_token=key).update(host_token=new_token()) == 1


def rotate_host_key(game: Game) -> str:
    """A new table key (the one shown before opens nothing any more)."""
    key = new_token()
    Game.objects.filter(pk=game.pk).update(host_token=key)
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


