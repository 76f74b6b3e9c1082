"""Every websocket payload each screen of a game receives: the table and every phone,
connected the way browsers connect (session cookies, Origin). For privacy tests."""
from asgiref.sync import sync_to_async

from companion import services
from companion.views import HOSTED

from .test_consumers import _connect, _drain, _session


class Traffic:
    """`await Traffic.open(game)`, then `await traffic.act(actor, kind, **args)`; what each
    screen got is in `received[name]` (name: "table" or a seat index)."""

    def __init__(self, game, screens):
        self.game = game
        self.screens = screens
        self.received = {name: [] for name in screens}

    @classmethod
    async def open(cls, game) -> "Traffic":
        screens = {"table": _connect(f"/ws/g/{game.code}/table/",
                                     await sync_to_async(_session)(**{HOSTED: [game.code]}))}
        for seat in await sync_to_async(list)(game.seats.all()):
            key = await sync_to_async(_session)()
            await sync_to_async(services.bind_seat)(game, seat.join_token, key)
            screens[seat.index] = _connect(f"/ws/g/{game.code}/seat/", key)
        for communicator in screens.values():
            assert (await communicator.connect())[0]
        return cls(game, screens)

    async def act(self, actor: dict, kind: str, **args):
        self.game = (await sync_to_async(services.perform)(self.game, actor, kind, args)).game
        for name, communicator in self.screens.items():
            self.received[name] += await _drain(communicator, quiet=0.2)
        return self.game

    async def state(self) -> dict:
        return (await sync_to_async(services.current_state)(self.game))[0]

    def payload(self, name) -> str:
        return "".join(self.received[name])

    async def close(self) -> None:
        for communicator in self.screens.values():
            await communicator.disconnect()
