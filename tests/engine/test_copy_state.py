"""copy_state shares what never changes (the board layout, written log entries): no action may change them."""
import json

from hypothesis import given
from hypothesis import strategies as st

from companion.engine import IllegalAction, advance, copy_state, seeded_secret

from .test_properties import SETTINGS, Live, configs, play


class SharingLive(Live):
    """The site's way: each action applied to copy_state(state); the state before must stay as it was."""

    def act(self, action: dict) -> dict | None:
        before = json.dumps(self.state, sort_keys=True)
        record = {"seq": self._next_seq(), "kind": "action", "action": action}
        candidate, candidate_history = copy_state(self.state), json.loads(json.dumps(self.history))
        try:
            advance(candidate, candidate_history, record, self._state_before, self.chance)
        except IllegalAction:
            assert json.dumps(self.state, sort_keys=True) == before, f"a refused {action['type']} changed the state"
            return None
        assert json.dumps(self.state, sort_keys=True) == before, f"{action['type']} changed the state it copied"
        self.before[record["seq"]] = self.state
        self.after[record["seq"]] = json.loads(json.dumps(candidate))
        self.state, self.history = candidate, candidate_history
        self.records.append(record)
        self.by_seq[record["seq"]] = record
        return record


@SETTINGS
@given(data=st.data(), config=configs(), seed=st.integers(0, 2**32), steps=st.integers(20, 100))
def test_an_action_never_changes_the_state_it_was_copied_from(data, config, seed, steps):
    live = SharingLive(config, seeded_secret(seed))
    play(data, live, steps)


def test_copies_share_log_entries_but_not_the_log():
    from companion.engine import new_game

    state = new_game({"players": [{"name": "A", "color": "red"}, {"name": "B", "color": "blue"}],
                      "dice_source": "virtual"})
    copied = copy_state(state)
    assert copied == state
    assert copied["log"] is not state["log"]
    assert all(a is b for a, b in zip(copied["log"], state["log"]))
