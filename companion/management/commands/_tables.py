"""What a new table may be, for `newgame`: asked of the app itself, never written down twice.

The new-game form's data (companion/web/forms.py: the cores, the scenarios, the game options,
the dice and board choices) says what there is; whether a table is possible is asked of
`services.create_game` in a transaction that is rolled back (the engine's and the layers'
own checks decide, nothing here repeats them). From that come a scenario's usual board,
the player counts it takes, the boards it also takes, and, when a game is refused, a
command line that works. Shared code: it loops over the scenarios and names none.
"""
import functools

from django.db import transaction

from companion import layers, services
from companion.engine import IllegalAction
from companion.web import forms

# The board a scenario gets without --board, in this order: the rulebook's random setup, the
# balanced generator, then the form's other boards that the app lays out itself, and last
# the board entered by hand (a scenario the rulebook only pictures). "none" is never usual.
PREFERRED_BOARDS = ("random", "balanced")
BY_HAND = "manual"
NO_BOARD = "none"


class _RolledBack(Exception):
    pass


def form_choices(field: str) -> list[tuple[str, str]]:
    """The new-game form's choices for one of its fields: [(value, label)]."""
    return [(str(value), str(label)) for value, label in forms.NewGameForm.base_fields[field].choices]


def form_initial(field: str):
    return forms.NewGameForm.base_fields[field].initial


def board_modes() -> list[str]:
    return [value for value, _label in form_choices("board")]


def board_label(mode: str) -> str:
    return dict(form_choices("board")).get(mode, mode)


def first_core() -> str:
    return next(iter(forms.CORES))


def scenario_layer(scenario: str):
    return next((layer for layer in layers.LAYERS if layer.scenario == scenario), None)


def scenario_cores(scenario: str) -> list[str]:
    """The cores a scenario is played with (its layer's `cores`; every one when it names none)."""
    layer = scenario_layer(scenario)
    return [key for key in forms.CORES if layer is None or layer.cores is None or key in layer.cores]


def scenario_core(scenario: str | None) -> str:
    """The core `newgame --scenario` takes without --rules: the scenario's own, else the first."""
    cores = scenario_cores(scenario) if scenario else []
    return cores[0] if len(cores) == 1 else first_core()


def scenario_box(scenario: str) -> str:
    """The box a scenario comes in, as the rulebook names its games: the game its rule links
    add to its core's (SCENARIO "rulebook"), or else its core's own last game."""
    core_games = (forms.CORES[scenario_core(scenario)].get("rulebook") or "").split(",")
    games = (forms.SCENARIOS[scenario].get("rulebook") or "").split(",")
    added = [game for game in games if game and game not in core_games]
    return added[-1] if added else core_games[-1]


def box_label(box: str) -> str:
    from companion.rulebook.labels import game_label

    return str(game_label(box))


def scenario_groups() -> list[tuple[str, str, list[str]]]:
    """[(box, core, [scenario keys])]: the scenarios in the form's order, by box and core."""
    groups: dict[tuple[str, str], list[str]] = {}
    for key in forms.SCENARIOS:
        groups.setdefault((scenario_box(key), scenario_core(key)), []).append(key)
    return [(box, core, keys) for (box, core), keys in groups.items()]


def parse_players(text: str) -> list[dict]:
    players = []
    for part in (text or "").split(","):
        name, _, color = part.strip().partition(":")
        players.append({"name": name.strip(), "color": color.strip().lower()})
    return players


def dummy_players(count: int) -> str:
    return ",".join(f"P{i + 1}:{color}" for i, color in enumerate(forms.DEFAULT_COLORS[:count]))


def default_board(rules: str, scenario: str | None) -> str:
    """The board of a game without --board: the one its core is always played on, a
    scenario's usual one, or none (the score only)."""
    return forms.CORES.get(rules, {}).get("board") or (usual_board(scenario) if scenario else NO_BOARD)


def game_config(o: dict) -> dict:
    """newgame's options (parsed; None where not given) -> the config create_game takes."""
    scenario = o.get("scenario") or None
    rules = o.get("rules") or scenario_core(scenario)
    target = o.get("target")
    config = {
        "rules": rules,
        "players": parse_players(o["players"]),
        "target": target or forms.TARGETS.get(rules, forms.BASE_TARGET),
        "dice_source": o.get("dice") or form_initial("dice_source"),
        "board": o.get("board") or default_board(rules, scenario),
        "play_mode": o.get("play_mode"),
    }
    if scenario:
        config["scenario"] = scenario
        config["target"] = target or (forms.SCENARIOS.get(scenario) or {}).get("target", config["target"])
    if o.get("variant"):
        config["variants"] = {name: True for name in o["variant"]}
        for name in o["variant"]:
            config["variants"].update(dict.fromkeys(forms.IMPLIES.get(name, ()), True))
        config["target"] += sum(forms.TARGET_BONUS.get(name, 0) for name in config["variants"])
    return config


def refused(config: dict) -> IllegalAction | None:
    """Why create_game would refuse this game, or None: it is created and rolled back."""
    try:
        with transaction.atomic():
            services.create_game(config, seed=0)
            raise _RolledBack
    except _RolledBack:
        return None
    except IllegalAction as error:
        return error


def _takes(rules: str, scenario: str | None, board: str, players: int, variants: tuple = ()) -> bool:
    o = {"rules": rules, "scenario": scenario, "board": board, "players": dummy_players(players),
         "variant": list(variants)}
    return refused(game_config(o)) is None


def _table_sizes() -> range:
    return range(getattr(forms, "MIN_PLAYERS", 2), getattr(forms, "MAX_PLAYERS", 6) + 1)


@functools.cache
def boards_taken(scenario: str, rules: str | None = None) -> tuple[str, ...]:
    """The board modes a scenario's game takes (at some table size), in the form's order."""
    rules = rules or scenario_core(scenario)
    return tuple(mode for mode in board_modes() if mode != NO_BOARD
                 and any(_takes(rules, scenario, mode, n) for n in (3, 4)))


@functools.cache
def usual_board(scenario: str) -> str:
    """The board a scenario is usually played with: its core's own; a generated one where
    the app lays it out; else entered by hand (the rulebook only pictures it)."""
    rules = scenario_core(scenario)
    core_board = forms.CORES.get(rules, {}).get("board")
    if core_board:
        return core_board
    taken = boards_taken(scenario, rules)
    order = [*PREFERRED_BOARDS, *(m for m in board_modes() if m not in PREFERRED_BOARDS and m != BY_HAND), BY_HAND]
    return next((mode for mode in order if mode in taken), NO_BOARD)


@functools.cache
def player_counts(rules: str, scenario: str | None, board: str) -> tuple[tuple[int, ...], dict]:
    """(the table sizes taken as they are, {size: the game options that make it possible})."""
    plain, optional = [], {}
    for n in _table_sizes():
        if _takes(rules, scenario, board, n):
            plain.append(n)
            continue
        options = [name for name in forms.OPTION_FIELDS if _takes(rules, scenario, board, n, (name,))]
        if options:
            optional[n] = tuple(options)
    return tuple(plain), optional


def ranges(counts) -> str:
    """[2, 3, 4, 6] -> "2–4, 6"."""
    counts = sorted(counts)
    parts, start = [], None
    for i, n in enumerate(counts):
        start = n if start is None else start
        if i + 1 == len(counts) or counts[i + 1] != n + 1:
            parts.append(str(n) if n == start else f"{start}–{n}")
            start = None
    return ", ".join(parts)
