"""No draw can be predicted from an undone one (docs/undo.md).

Chance is counter-based, and an undo puts the counters back: before, the next draw after
an undone one used the same numbers and so gave the same card to whoever drew next. Now
an undo of an action that drew moves chance to a new epoch, and an undone roll or event
card comes back from what the undo kept, not from a repeated draw.
"""
from hypothesis import event, given
from hypothesis import strategies as st

from companion.engine import Chance, apply, fold, new_game, seeded_secret
from companion.engine.game import advance, new_history
from companion.layers.cores.base import rules as base

from .test_properties import SETTINGS, Live, clone, configs, play

TABLE = {"role": "table"}


class CountedChance(Chance):
    """Chance that notes every number it is asked for: (stream, epoch, counter)."""

    def __init__(self, secret: bytes, epoch: int = 0, asked: list | None = None):
        super().__init__(secret, epoch)
        self.asked = [] if asked is None else asked

    def epoch(self, epoch: int) -> "CountedChance":
        return CountedChance(self._secret, epoch, self.asked)

    def randint(self, stream: str, counter: int, n: int) -> int:
        self.asked.append((stream, self._epoch, counter))
        return super().randint(stream, counter, n)


@SETTINGS
@given(data=st.data(), config=configs(), seed=st.integers(0, 2**32), steps=st.integers(20, 80))
def test_no_number_of_chance_is_ever_drawn_twice(data, config, seed, steps):
    """Over random games with random undos (and redos, and chance actions undone and taken
    again): no (stream, epoch, counter) is asked twice, so no draw is a function of an
    undone one; and the records replay to the same game."""
    live = Live(config, seeded_secret(seed))
    live.chance = CountedChance(seeded_secret(seed))
    play(data, live, steps)
    asked = live.chance.asked
    assert len(asked) == len(set(asked))
    undone_draws = sum(1 for r in live.records if r["kind"] == "undo" and live.by_seq[r["target"]].get("outcome"))
    event(f"undone draws: {min(undone_draws, 3)}{'+' if undone_draws >= 3 else ''}")
    state, history = fold(config, live.records)
    assert state == live.state and history == live.history


def test_the_card_after_an_undone_purchase_is_a_fresh_draw():
    """Buy, let the table undo, buy again: the second card matches the undone one only as
    often as two independent draws from the deck do (before: every time)."""
    config = {"players": [{"name": f"P{i}", "color": base.COLORS[i]} for i in range(3)], "dice_source": "typed"}
    deck = base.DEV_DECK
    total = sum(deck.values())
    expected = sum((n / total) ** 2 for n in deck.values())  # 0.37 for 14/5/2/2/2
    same, games = 0, 200
    for seed in range(games):
        chance = Chance(seeded_secret(seed))
        state, history = new_game(config), new_history()
        for _ in range(6):
            state, _ = apply(state, {"type": "place_setup", "actor": TABLE, "args": {}}, chance)
        state = advance(state, history, {"seq": 1, "kind": "action",
                                         "action": {"type": "roll", "actor": TABLE, "args": {"dice": [2, 3]}}}, None)
        before, seq = clone(state), 2
        record = {"seq": seq, "kind": "action", "action": {"type": "buy_dev", "actor": TABLE, "args": {}}}
        state = advance(state, history, record, None, chance)
        first = record["outcome"]["card"]
        state = advance(state, history, {"seq": seq + 1, "kind": "undo", "target": seq}, lambda s: clone(before))
        assert state["dev_deck"] == before["dev_deck"]  # the card is back in the deck
        second = advance(state, history, {"seq": seq + 2, "kind": "action",
                                          "action": {"type": "buy_dev", "actor": TABLE, "args": {}}}, None, chance)
        second_card = second["players"][second["turn"]["seat"]]["dev_hand"][-1]["card"]
        same += first == second_card
    # Binomial(200, 0.37): the standard deviation is 0.034; 0.55 is five of them away.
    assert same / games < expected + 0.18, (same, games, expected)
