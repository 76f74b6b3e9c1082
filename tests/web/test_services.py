"""Services against the database: records, idempotency, snapshots, restarts, undo."""
import pytest

from companion import engine, services
from companion.engine import IllegalAction
from companion.models import Record, Snapshot

from .helpers import TABLE, finish_setup, new_game

pytestmark = pytest.mark.django_db


def test_actions_append_records_and_move_the_version():
    game = new_game()
    finish_setup(game)
    assert game.version == 6
    assert list(game.records.values_list("seq", flat=True)) == [1, 2, 3, 4, 5, 6]
    assert game.phase == "roll"


def test_same_idempotency_key_acts_once():
    game = new_game()
    first = services.perform(game, TABLE, "place_setup", idempotency_key="tap-1")
    second = services.perform(game, TABLE, "place_setup", idempotency_key="tap-1")
    assert not first.duplicate and second.duplicate
    assert Record.objects.filter(game=game).count() == 1


def test_illegal_action_writes_nothing():
    game = new_game()
    with pytest.raises(IllegalAction) as refused:
        services.perform(game, TABLE, "roll")
    assert refused.value.code == "wrong_phase"
    game.refresh_from_db()
    assert game.version == 0 and not game.records.exists()


def test_chance_outcomes_are_recorded_and_a_restart_continues_exactly():
    game = new_game()
    finish_setup(game)
    game = services.perform(game, {"seat": 0}, "roll").game
    record = game.records.order_by("-seq").first()
    assert set(record.payload["outcome"]) == {"die1", "die2"}
    before = services.view_for(game, 0)
    services.forget_cache()  # a restarted server has nothing in memory
    game.refresh_from_db()
    assert services.view_for(game, 0) == before


def test_snapshots_make_loading_match_a_full_replay():
    game = new_game(dice_source="typed")
    finish_setup(game)
    for turn in range(30):
        services.perform(game, TABLE, "roll", {"dice": [2, 3]})
        services.perform(game, TABLE, "end_turn")
    game.refresh_from_db()
    assert game.version == 66
    assert Snapshot.objects.filter(game=game, seq=50).exists()
    services.forget_cache()
    loaded, _ = services.current_state(game)
    records = [r.as_engine_record() for r in game.records.all()]
    replayed, _ = engine.fold(game.config, records)
    assert loaded == replayed


def test_snapshots_stored_by_an_older_version_are_replayed_instead():
    """A snapshot written before hands on phones lacks the bank, hands and offers: loading
    must not trust it, but rebuild the state from the records."""
    game = new_game(dice_source="typed")
    finish_setup(game)
    for turn in range(27):
        services.perform(game, TABLE, "roll", {"dice": [2, 3]})
        services.perform(game, TABLE, "end_turn")
    game.refresh_from_db()
    expected, _ = services.current_state(game)
    for snapshot in Snapshot.objects.filter(game=game):
        old = snapshot.state
        for key in ("schema", "bank", "offers"):
            old.pop(key, None)
        for player in old["players"]:
            player.pop("hand", None)
        snapshot.save()
    services.forget_cache()
    loaded, _ = services.current_state(game)
    assert loaded == expected and loaded["offers"] == []
    services.perform(game, TABLE, "roll", {"dice": [2, 3]})  # and play goes on


def test_undo_restores_and_redo_returns_the_same_outcome():
    game = new_game()
    finish_setup(game)
    game = services.perform(game, {"seat": 0}, "roll").game
    rolled = services.view_for(game, "table")["last_roll"]
    services.undo(game, TABLE)
    game.refresh_from_db()
    assert services.view_for(game, "table")["last_roll"] is None
    services.redo(game, TABLE)
    game.refresh_from_db()
    assert services.view_for(game, "table")["last_roll"] == rolled
    kinds = list(game.records.values_list("kind", flat=True))
    assert kinds[-2:] == ["undo", "redo"]  # nothing is deleted: the log is the audit trail


def test_players_undo_only_their_own_entries():
    game = new_game(dice_source="typed")  # a typed roll showed nothing hidden
    finish_setup(game)
    services.perform(game, {"seat": 0}, "roll", {"dice": [3, 4]})
    with pytest.raises(IllegalAction):
        services.undo(game, {"seat": 1})
    services.undo(game, {"seat": 0})


def test_undo_of_a_dev_card_purchase_puts_the_card_back_and_the_next_draw_is_fresh():
    """What was seen stays seen, and buys nothing (docs/undo.md): the buyer's phone can't
    undo the purchase; the table can, the card goes back into a deck shuffled again, and the
    next purchase draws from a new epoch of chance, not the undone card's number."""
    from companion.layers.cores.base.rules import _draw_dev_card

    game = new_game(dice_source="typed")
    finish_setup(game)
    game = services.perform(game, TABLE, "roll", {"dice": [3, 3]}).game
    deck_before = dict(services.current_state(game)[0]["dev_deck"])
    game = services.perform(game, {"seat": 0}, "buy_dev").game
    assert services.view_for(game, 0)["me"]["dev_cards"]
    assert not services.view_for(game, 0)["can_undo"]
    with pytest.raises(IllegalAction) as refused:
        services.undo(game, {"seat": 0})
    assert refused.value.code == "undo_revealed"

    services.undo(game, TABLE)
    game.refresh_from_db()
    state, _history = services.current_state(game)
    assert state["dev_deck"] == deck_before  # the card is back in the deck
    assert not services.view_for(game, 0)["me"]["dev_cards"]
    assert state["kept"]["epoch"] == 1  # and the deck counts as shuffled again
    undone_line = state["log"][-1]
    assert undone_line["kind"] == "undone_revealing" and undone_line["seat"] == 0
    assert "secret" not in undone_line and "card" not in undone_line["params"]  # never the card

    fresh = _draw_dev_card(state, engine.Chance(bytes(game.secret)).epoch(1))
    game = services.perform(game, {"seat": 0}, "buy_dev").game
    assert services.view_for(game, 0)["me"]["dev_cards"][0]["card"] == fresh


def test_join_tokens_work_once_and_revoke_frees_the_seat():
    game = new_game()
    seat = game.seats.get(index=1)
    token = seat.join_token
    assert len(token) >= 43  # 256 bits, URL-safe
    bound = services.bind_seat(game, token, "session-a")
    assert bound.index == 1
    assert services.bind_seat(game, token, "session-b") is None  # used up
    assert services.seat_of_session(game, "session-a").index == 1
    services.revoke_seat(game, 1)
    assert services.seat_of_session(game, "session-a") is None


def test_rejoin_replaces_the_lost_phone():
    game = new_game()
    services.bind_seat(game, game.seats.get(index=0).join_token, "old-phone")
    fresh = services.new_join_token(game, 0)
    assert fresh.rejoin_open
    services.bind_seat(game, fresh.join_token, "new-phone")
    assert services.seat_of_session(game, "old-phone") is None
    assert services.seat_of_session(game, "new-phone").index == 0


def test_snapshots_stored_before_the_layers_change_are_replayed_and_play_goes_on():
    """Snapshots written before rules were composed from layers (schema 2) are not
    trusted: the records are the truth, replayed through the composed rules."""
    game = new_game(dice_source="typed")
    finish_setup(game)
    for _turn in range(26):
        services.perform(game, TABLE, "roll", {"dice": [2, 3]})
        services.perform(game, TABLE, "end_turn")
    game.refresh_from_db()
    expected, _ = services.current_state(game)
    assert expected["schema"] == engine.game.STATE_SCHEMA
    for snapshot in Snapshot.objects.filter(game=game):
        snapshot.state["schema"] = 2
        snapshot.save()
    services.forget_cache()
    assert not engine.current_schema(Snapshot.objects.filter(game=game).last().state)
    loaded, _ = services.current_state(game)
    assert loaded == expected
    services.perform(game, TABLE, "roll", {"dice": [2, 3]})  # and play goes on
