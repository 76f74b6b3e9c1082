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
    from companion.web.views import HOSTED

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

    from companion.web.views import HOSTED

    session = SessionStore()
    session[HOSTED] = [game.code]
    session.create()
    return [(b"host", b"testserver"), (b"origin", b"http://testserver"),
            (b"cookie", f"sessionid={session.session_key}".encode())]


NAMES = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek"]
COLORS = ["red", "blue", "white", "orange", "green", "brown"]


def new_game_form(players=3, **extra) -> dict:
    """The new-game form as a browser posts it: `players` named rows, the others empty."""
    data = {"rules": "base", "target": 10, "dice_source": "typed", "board": "random", "play_mode": "hands"}
    for i in range(6):
        data.update({f"name_{i}": NAMES[i] if i < players else "", f"color_{i}": COLORS[i]})
    data.update(extra)
    return data


def state_of(game) -> dict:
    """The game's current state, read again from the database."""
    game.refresh_from_db()
    return services.current_state(game)[0]


async def socket_tap(communicator, **fields) -> str:
    """Send a tap over a screen's websocket the way static/app.js does; the screen's answer."""
    import json

    await communicator.send_to(text_data=json.dumps({"act": fields}))
    return await communicator.receive_from(timeout=5)


async def socket_version(game) -> int:
    """The game's version, read again from the database (from a socket test's event loop)."""
    from asgiref.sync import sync_to_async

    await sync_to_async(game.refresh_from_db)()
    return game.version
