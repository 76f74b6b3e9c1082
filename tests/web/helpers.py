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



def table_headers(game) -> list[tuple[bytes, bytes]]:
    """A websocket's headers for the host's table screen of `game` (a session that hosts it)."""
    from django.contrib.sessions.backends.db import SessionStore

    from companion.views import HOSTED

    session = SessionStore()
    session[HOSTED] = [game.code]
    session.create()
    return [(b"host", b"testserver"), (b"origin", b"http://testserver"),
            (b"cookie", f"sessionid={session.session_key}".encode())]
