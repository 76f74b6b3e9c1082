"""The only bridge between the database and the engine: every write goes through here.

Split by what each part owns: the state of a game from its records (records), the writes
(commands), creating a game and its board (games), the table key and the seats (seats),
the broadcast to every screen (broadcast), the dice reader (dice_reader), and the story and
exports (exports). Callers use the names below, so a view or a consumer never needs to know
which part holds them.
"""
from companion.services import commands, exports, records
from companion.services.broadcast import broadcast, remember_server_loop
from companion.services.commands import command, perform, redo, undo
from companion.services.dice_reader import (apply_reader_roll, record_reader_status, save_reader_positions,
                                            set_dice_reader)
from companion.services.exports import export_records, export_seat_log, game_story
from companion.services.games import create_game, game_by_code, lay_out_board
from companion.services.records import (DEVICE, TABLE, Outcome, current_state, latest_cached, pinned_state, public_log,
                                        state_at, view_for)
from companion.services.seats import (HOSTED, IS_TABLE, TABLE_ENDED, Authority, NotAuthorized, bind_seat, host_table,
                                      new_join_token, recorded_generation, revoke_seat, rotate_host_key,
                                      seat_of_session, table_role, use_host_key)


__all__ = ["DEVICE", "HOSTED", "IS_TABLE", "TABLE", "TABLE_ENDED", "Authority", "NotAuthorized", "Outcome",
           "apply_reader_roll", "bind_seat", "broadcast", "command", "create_game", "current_state",
           "export_records", "export_seat_log", "forget_cache", "game_by_code", "game_story", "host_table",
           "latest_cached", "lay_out_board", "new_join_token", "perform", "pinned_state", "public_log", "recorded_generation",
           "record_reader_status", "redo", "remember_server_loop", "revoke_seat", "rotate_host_key",
           "save_reader_positions", "seat_of_session", "set_dice_reader", "state_at", "table_role", "undo",
           "use_host_key", "view_for"]


def forget_cache() -> None:
    """Drop every cached state and story (tests use it to prove that a restart loses nothing)."""
    records.forget_cache()
    exports.forget_stories()
