"""A game driven action by action in engine tests, its records kept so it can be replayed.

Each module's `Game` builds its own config and passes it here (see test_two_players.py).
"""
import copy
import functools
import json
import re
from pathlib import Path

import pytest

from companion.engine import Chance, IllegalAction, apply, fold, seeded_secret, view

T = {"role": "table"}
ROOT = Path(__file__).resolve().parents[2]
# {% tap board_actions.<kind> "<field>" ... %}, or a partial's own hx-vals ("type": "{{ board_actions.<kind> }}", "<field>": ...)
_TAP_FIELD = re.compile(r'board_actions\.(\w+)(?: \}\}",)? "(\w+)"')


@functools.cache
def tap_fields() -> dict[str, str]:
    """The field each board tap kind posts, read from the partials that draw the taps (the one
    place that says it), so a random driver taps any layer's board as a phone does."""
    found = {}
    for path in sorted([*ROOT.glob("templates/**/*.html"), *ROOT.glob("companion/layers/*/templates/**/*.html")]):
        found.update(_TAP_FIELD.findall(path.read_text(encoding="utf-8")))
    return found


def tap_field(kind: str, place: str) -> str:
    """What a tap on `place` posts for `kind`. A place posted as what it is goes by its id's
    shape (a hex "q,r", an edge of two positions, a corner of three: one kind's name may mean a
    corner in one game and a path in another, as a knight does); the partials name the rest."""
    named = tap_fields().get(kind)
    return named if named not in (None, "hex", "edge", "corner") else ("hex", "edge", "corner")[place.count("|")]


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
