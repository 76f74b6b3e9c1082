from companion import services

PLAYERS = [{"name": "Ala", "color": "red"}, {"name": "Bartek", "color": "blue"}, {"name": "Celina", "color": "white"}]
TABLE = {"role": "table"}


def new_game(seed=7, dice_source="virtual", players=PLAYERS, target=10):
    return services.create_game(
        {"rules": "base", "players": players, "target": target, "dice_source": dice_source, "board": "none"},
        seed=seed,
    )


def finish_setup(game):
    for _ in range(2 * game.seats.count()):
        services.perform(game, TABLE, "place_setup")
    game.refresh_from_db()


def host(client, *games):
    """Make `client` the host of `games` (its session hosts them, as the new-game form does)."""
    from companion.views import HOSTED

    session = client.session
    session[HOSTED] = [game.code for game in games]
    session.save()
    return client


def joined_phones(game) -> list:
    """A browser per seat of `game`, in seat order, each joined by its seat's link."""
    from django.test import Client
    from django.urls import reverse

    phones = []
    for seat in game.seats.order_by("index"):
        phone = Client()
        assert phone.get(reverse("join", args=[game.code, seat.join_token])).status_code == 302
        phones.append(phone)
    return phones


def table_headers(game) -> list[tuple[bytes, bytes]]:
    """A websocket's headers for the host's table screen of `game` (a session that hosts it)."""
    from django.contrib.sessions.backends.db import SessionStore

    from companion.views import HOSTED

    session = SessionStore()
    session[HOSTED] = [game.code]
    session.create()
    return [(b"host", b"testserver"), (b"origin", b"http://testserver"),
            (b"cookie", f"sessionid={session.session_key}".encode())]
