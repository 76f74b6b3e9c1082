"""A game driven action by action in engine tests, its records kept so it can be replayed.

Each module's `Game` builds its own config and passes it here (see test_two_players.py).
"""
import copy

import pytest

from companion.engine import Chance, IllegalAction, apply, seeded_secret, view

T = {"role": "table"}


class Played:
    def __init__(self, config: dict, seed: int = 5):
        from companion.engine import new_game

        self.config = config
        self.state = new_game(self.config)
        self.chance = Chance(seeded_secret(seed))
        self.records = []

    def act(self, kind, actor=T, **args):
        action = {"type": kind, "actor": actor, "args": args}
        self.state, outcome = apply(self.state, action, self.chance)
        self.records.append({"seq": len(self.records) + 1, "kind": "action", "action": action, "outcome": outcome})
        return outcome

    def refused(self, kind, actor=T, **args) -> str:
        """The refusal's code; the state is left exactly as it was."""
        before = copy.deepcopy(self.state)
        with pytest.raises(IllegalAction) as info:
            apply(self.state, {"type": kind, "actor": actor, "args": args}, self.chance)
        assert self.state == before
        return info.value.code

    def targets(self, viewer="table"):
        return view(self.state, viewer)["board"]["targets"]
