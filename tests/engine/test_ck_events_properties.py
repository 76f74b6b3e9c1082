"""Properties of Cities & Knights games on the Events of Catan deck (hypothesis), hands on
phones: random legal games where each roll is the red die and the event die, then a card.

- Conservation: for every resource bank + hands = 19, every commodity 12, 54 progress
  cards in decks and hands (test_cities_knights_properties.check_invariants); the 36
  event cards are the deck, the ones under New Year and this year's revealed pile.
- Every roll reveals exactly one card once it is resolved; the Alchemist is refused.
- Replay: the records alone rebuild the same state; undo returns exactly to the state
  before the undone action (test_hands_properties.Live checks it at every undo).
"""
from hypothesis import event, given
from hypothesis import strategies as st

from companion.engine import fold, view
from companion.layers.cores.base import rules as base
from companion.layers.options.events import rules as events
from companion.machinery.chance import seeded_secret
from companion.engine.game import allowed_actions

from . import test_cities_knights_properties as ck_play
from .test_hands_properties import Live


@st.composite
def deck_configs(draw):
    return {**draw(ck_play.ck_configs()), "dice_source": "events"}


def check(state: dict) -> None:
    ck_play.check_invariants(state)
    deck = state.get("events")
    if deck is None:
        return
    cards = deck["deck"] + deck["under"] + deck["revealed"]
    assert sorted(cards) == list(range(events.DECK_SIZE))
    assert len(deck["under"]) == events.UNDER
    last = state["last_roll"]
    if state["ck"]["roll"] is None and last and last.get("source") == "events" and state["phase"] != "roll":
        # A roll resolved: its card is on view and its number is the turn's number.
        assert deck["card"] is not None and events.CARDS[deck["card"]]["number"] == last["total"]
        assert events.CARDS[deck["card"]]["event"] == last["card"]


def _revealed(state: dict) -> int:
    """Cards revealed since the game began."""
    deck = state.get("events")
    return len(deck["revealed"]) + events.YEAR * (deck["year"] - 1) if deck else 0


def _event_answer(data, live: Live) -> None:
    state = live.state
    pending = data.draw(st.sampled_from(state["pending"]), label="pending")
    seat, kind = pending["seat"], pending["kind"]
    me = {"seat": seat}
    if kind == events.EARTHQUAKE:
        roads = view(state, seat)["board"]["targets"]["road"]
        assert live.do("damage_road", me, edge=data.draw(st.sampled_from(roads), label="road"))
        return
    choice = events.my_choice(state, seat)
    assert choice is not None and choice["kind"] == kind
    if kind == events.GAIN:
        assert live.do("event_gain", me, resource=data.draw(st.sampled_from(choice["bank"]), label="gain"))
    elif kind == events.GIVE:
        assert live.do("event_give", me, resource=data.draw(st.sampled_from(choice["held"]), label="give"))
    elif kind == events.HELP:
        assert live.do("event_help", me, resource=data.draw(st.sampled_from(choice["held"]), label="help"),
                       to=data.draw(st.sampled_from(choice["to_any_of"]), label="to"))
    else:
        victim = data.draw(st.sampled_from([None] + choice["victims"]), label="victim")
        assert live.do("event_take", me, victim=victim)
    event(f"answered {kind}")


def step(data, live: Live) -> bool:
    state = live.state
    phase = state["phase"]
    if phase == "roll":
        if live.history["effective"] and data.draw(st.integers(0, 30), label="undo?") == 0:
            live.undo()
            return True
        me = {"seat": base.active_seat(state)}
        if "alchemist" in state["players"][me["seat"]]["progress"]:
            live.refused("play_progress", me, card="alchemist", dice=[3, 4])
        revealed = _revealed(state)
        if data.draw(st.booleans(), label="typed?"):
            assert live.do("roll", me, red=data.draw(st.integers(1, 6), label="red"),
                           event=data.draw(st.sampled_from(["ship", "blue", "green", "yellow"]), label="event die"))
        else:
            assert live.do("roll", me)
        if live.state["ck"]["roll"] is None:  # resolved at once: one card more
            assert _revealed(live.state) == revealed + 1
            event(f"card {events.CARDS[live.state['events']['card']]['event']}")
        return True
    if phase == "event":
        _event_answer(data, live)
        return True
    if phase == "main" and "repair_road" in allowed_actions(state, {"seat": state["turn"]["seat"]}) \
            and data.draw(st.booleans(), label="repair?"):
        if live.do("repair_road", {"seat": state["turn"]["seat"]}):
            event("repaired a road")
        return True
    return ck_play.step(data, live)


@ck_play.SETTINGS
@given(data=st.data(), config=deck_configs(), seed=st.integers(0, 2**32), steps=st.integers(40, 160))
def test_conservation_replay_and_undo_on_the_deck(data, config, seed, steps):
    live = Live(config, seeded_secret(seed))
    for _ in range(steps):
        if not step(data, live):
            break
        check(live.state)
    event(f"attacks: {min(live.state['ck']['attacks'], 2)}")
    state, _history = fold(config, live.records)
    assert state == live.state
    assert live.replica == live.state


@ck_play.SETTINGS
@given(data=st.data(), config=deck_configs(), seed=st.integers(0, 2**32), steps=st.integers(20, 80))
def test_views_never_show_other_seats_secrets_on_the_deck(data, config, seed, steps):
    """Privacy with the deck too: the deck's order, the cards others picked to pass, their
    hands and progress cards never change what a viewer sees."""
    live = Live(config, seeded_secret(seed))
    for _ in range(steps):
        if not step(data, live):
            break
        ck_play.check_views(live.state)
        if live.state.get("events"):
            for viewer in ["table", *range(len(live.state["players"]))]:
                shown = view(live.state, viewer)["events"]
                assert "deck" not in shown and "under" not in shown and "passing" not in shown
