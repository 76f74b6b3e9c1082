"""Every websocket payload each screen of a game receives: the table and every phone,
connected the way browsers connect (session cookies, Origin). For privacy tests.

Each action is tapped on its actor's own screen and travels over that screen's websocket,
as in the browser: the acting screen's answer is part of the traffic too.
"""
import asyncio
import itertools
import json
import re

from asgiref.sync import sync_to_async

from companion import services
from companion.models import Game
from companion.web.views import HOSTED

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
        name = "table" if actor == services.TABLE else actor["seat"]
        idem = f"traffic-{next(_keys)}"
        fields = {"as": "table" if name == "table" else "seat", "type": kind, "idem": idem, **form_fields(args)}
        await self.screens[name].send_to(text_data=json.dumps({"act": fields}))
        await self._drain_every_screen(quiet=0.2)
        answer = next((frame for frame in self.received[name] if f'data-ack="{idem}"' in frame), None)
        for _ in range(20):  # a loaded machine answers late: wait for the answer itself
            if answer is not None:
                break
            frame = await self.screens[name].receive_from(timeout=5)
            self.received[name].append(frame)
            answer = frame if f'data-ack="{idem}"' in frame else None
        assert answer is not None, f"{kind}: no answer on the acting screen"
        await self.settle(quiet=0.2)  # and what the other screens got meanwhile
        if 'data-ok="1"' not in answer:
            error = re.search(r'<div class="error">(.*?)</div>', answer)
            raise AssertionError(f"{kind} refused: {error.group(1) if error else answer[-300:]}")
        self.game = await sync_to_async(Game.objects.get)(pk=self.game.pk)
        return self.game

    async def settle(self, quiet: float = 1.0) -> None:
        """Take in what every screen still gets (a loaded machine pushes late)."""
        await self._drain_every_screen(quiet)

    async def _drain_every_screen(self, quiet: float) -> None:
        """Every screen's frames until it has been quiet for `quiet` seconds: the screens
        drained side by side, so that an action waits out one quiet spell, not one a screen."""
        drained = await asyncio.gather(*(_drain(communicator, quiet=quiet) for communicator in self.screens.values()))
        for screen, frames in zip(self.screens, drained):
            self.received[screen] += frames

    async def state(self) -> dict:
        return (await sync_to_async(services.current_state)(self.game))[0]

    def payload(self, name) -> str:
        return "".join(self.received[name])

    async def close(self) -> None:
        for communicator in self.screens.values():
            await communicator.disconnect()


_keys = itertools.count(1)


def form_fields(args: dict) -> dict:
    """Engine arguments as the fields of the form a screen would send (companion.web.forms.action_args
    turns them back)."""
    fields = {}
    for name, value in args.items():
        if name == "dice":
            fields["die1"], fields["die2"] = (str(v) for v in value)
        elif isinstance(value, dict):  # card bundles: give_brick=1 ...
            fields.update({f"{name}_{card}": str(count) for card, count in value.items()})
        elif isinstance(value, list):
            fields[name] = [str(v) for v in value]
        else:
            fields[name] = "" if value is None else str(value)
    return fields
