"""A game driven action by action in engine tests, its records kept so it can be replayed.

Each module's `Game` builds its own config and passes it here (see test_two_players.py).
"""
import copy
import json

import pytest

from companion.engine import Chance, IllegalAction, apply, fold, seeded_secret, view

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

    def give(self, seat, **cards):
        """Cards from the bank into a seat's hand (a test's shortcut)."""
        for r, n in cards.items():
            self.state["bank"][r] -= n
            self.state["players"][seat]["hand"][r] += n

    def setup(self, corners=()):
        """The setup rounds on the table: settlements at the given corners, else the first legal ones."""
        n = len(self.state["players"])
        for i in range(2 * n):
            corner = corners[i] if i < len(corners) else self.targets()["settlement"][0]
            self.act("place_settlement", corner=corner)
            self.act("place_road", edge=self.targets()["road"][0])
        assert self.state["phase"] == "roll"

    def check_replay_and_undo(self) -> None:
        """The records alone give the live state; undoing the last record gives the state
        before it (but for what an undo keeps and says, docs/undo.md), redoing it this one."""
        from .test_properties import same_play

        replayed, _history = fold(json.loads(json.dumps(self.config)), json.loads(json.dumps(self.records)))
        assert replayed == self.state
        if not self.records:
            return
        undo = {"seq": len(self.records) + 1, "kind": "undo", "target": self.records[-1]["seq"]}
        undone, _ = fold(self.config, self.records + [undo])
        before, _ = fold(self.config, self.records[:-1])
        assert same_play(undone, before)
        redo = {"seq": len(self.records) + 2, "kind": "redo", "target": self.records[-1]["seq"]}
        assert same_play(fold(self.config, self.records + [undo, redo])[0], self.state)
