"""Creating a game (its board laid out from the game's own chance) and finding one."""
import secrets

from django.db import transaction

from companion import engine
from companion.layers.cores.base.rules import check_table
from companion.machinery import board as board_model
from companion.models import Game, Seat, Snapshot



class _BoardDraws:
    """The board generators' randint(n), drawn from the game's chance."""

    def __init__(self, secret: bytes):
        self.chance = engine.Chance(secret)
        self.count = 0

    def randint(self, n: int) -> int:
        self.count += 1
        return self.chance.randint("board", self.count, n)


def lay_out_board(config: dict, secret: bytes) -> dict:
    """Put the chosen board into the config, so replaying the log rebuilds the same one."""
    mode = config.get("board", "none")
    if mode == "none" or config.get("board_layout"):
        return config
    frame = "base_5_6" if len(config.get("players") or []) >= 5 else "base"
    draws = _BoardDraws(secret)
    if mode == "beginner":
        layout = board_model.beginner_board()
    elif mode == "random":
        layout = board_model.random_board(frame, draws)
    elif mode == "manual":
        # Blank hexes to fill in from the physical board; harbours where the frame has them.
        frame_data = board_model.get_frame(frame)
        layout = board_model.empty_board(frame)
        layout["harbours"] = dict(zip(frame_data.harbour_edges, frame_data.harbour_types))
    elif mode == "balanced":
        layout, reasons = board_model.balanced_board(frame, draws)
        config = {**config, "board_balance": reasons}
    else:
        return config
    # A scenario makes the board its own (a lake for the desert, fishing grounds...); on a
    # blank manual board it only adds what the table then enters.
    laid = engine.rules_for(config).lay_out(layout, draws)
    if "board_balance" in config and laid["hexes"] != layout["hexes"]:
        # The scenario moved hexes (the Fishermen's lake goes inland): say what holds of the
        # board on the table, not of the one drawn before.
        config = {**config, "board_balance": board_model.balance_report(laid)}
    return {**config, "board_layout": laid}


@transaction.atomic
def create_game(config: dict, seed: int | None = None) -> Game:
    secret = engine.seeded_secret(seed) if seed is not None else secrets.token_bytes(32)
    check_table(config, engine.rules_for(config))  # two players only with a two-player variant
    state = engine.new_game(lay_out_board(config, secret))  # validates; raises IllegalAction
    game = Game.objects.create(secret=secret, config=state["config"], phase=state["phase"])
    for index, player in enumerate(state["config"]["players"]):
        Seat.objects.create(game=game, index=index, name=player["name"], color=player["color"])
    history = engine.new_history()
    Snapshot.objects.create(game=game, seq=0, state=state, history=history)
    return game


def game_by_code(code: str) -> Game:
    return Game.objects.get(code=str(code).upper())

