"""The base game ruleset (CATAN, 2025 edition), scorekeeping mode.

Handlers receive a `Step`: the state to change in place, the action, and access to
chance outcomes. They validate first and change the state only once everything is legal.
"""
import copy
from collections.abc import Callable

from companion.machinery import board as boards
from companion.machinery import board_entry as entry
from companion.machinery import hands
from companion.machinery.composition import Actions, Layer, option, scenario
from companion.machinery.errors import IllegalAction
from companion.machinery.step import Step, add_log
from companion.machinery.turns import active_seat, seat_arg as _seat_arg, whole_number
from companion.layers.cores.base import trading

RESOURCES = ("brick", "lumber", "wool", "grain", "ore")
DEV_CARDS = ("knight", "victory_point", "monopoly", "road_building", "year_of_plenty")
DEV_DECK = {"knight": 14, "victory_point": 5, "monopoly": 2, "road_building": 2, "year_of_plenty": 2}
PLAYABLE_DEV_CARDS = ("knight", "monopoly", "road_building", "year_of_plenty")
SUPPLY = {"settlements": 5, "cities": 4, "roads": 15}
COLORS = ("red", "blue", "white", "orange", "green", "brown")
DICE_SOURCES = ("typed", "virtual", "reader", "events")  # events: the Events of Catan deck (layers/options/events)
BOARD_MODES = ("none", "beginner", "random", "balanced", "manual")
PLAY_MODES = ("hands", "paper")  # hands on phones (needs the board: production comes from it), paper cards
MIN_PLAYERS, MAX_PLAYERS = 2, 6
# A table of two plays a two-player variant (catan_for_two: two neutral colours): new games
# refuse two players without one (check_table). The engine itself still folds older
# two-player logs, and its tests use two-player games as small fixtures.
TWO_PLAYERS = 2
# The config["variants"] key of Catan for two (options/catan_for_two owns the option): the
# scenarios that play otherwise for two ask `for_two` here, never naming the option's layer.
FOR_TWO = "two_players"
LONGEST_ROAD_VP = LARGEST_ARMY_VP = 2
LARGEST_ARMY_MIN = 3
HAND_LIMIT = 7
SPECIAL_BUILD_PLAYERS = 5  # the 5-6 player extension's building phase between turns

_actions = Actions()
action = _actions.action


def for_two(config: dict) -> bool:
    """Is this game played with Catan for two (config["variants"]["two_players"])?"""
    return option(FOR_TWO)(config)


def scenario_for_two(key: str) -> Callable[[dict], bool]:
    """`applies` for a scenario's layer that plays it with Catan for two: that scenario (its
    `key`) and the option, both."""
    chosen = scenario(key)

    def both(config: dict) -> bool:
        return chosen(config) and for_two(config)
    return both


def dice_sources() -> tuple:
    return DICE_SOURCES


def check_dice_source(rules, source) -> None:
    """`source` must be a dice source this game's rules offer."""
    if source in DICE_SOURCES and source not in rules.dice_sources():
        raise IllegalAction("dice_source_not_in_rules", source=source)
    if source not in DICE_SOURCES:
        raise IllegalAction("dice_source", source=str(source)[:20])


# ---------------------------------------------------------------- setup of a game


def validate_config(config: dict, rules) -> dict:
    """Check a new game's settings and return them normalised (Cities & Knights reuses
    this check; each layer then checks its own part: Rules.validate_config)."""
    players = config.get("players") or []
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise IllegalAction("player_count", min=MIN_PLAYERS, max=MAX_PLAYERS)
    names, colors = set(), set()
    clean_players = []
    for p in players:
        name = str(p.get("name", "")).strip()
        color = str(p.get("color", "")).strip().lower()
        if not name or len(name) > 20:
            raise IllegalAction("player_name", name=name)
        if color not in COLORS:
            raise IllegalAction("player_color", color=color)
        if name.casefold() in names:
            raise IllegalAction("duplicate_name", name=name)
        if color in colors:
            raise IllegalAction("duplicate_color", color=color)
        names.add(name.casefold())
        colors.add(color)
        clean_players.append({"name": name, "color": color})
    try:
        target = int(config.get("target", 10))
    except (TypeError, ValueError):
        raise IllegalAction("target_vp") from None
    if not 3 <= target <= 30:
        raise IllegalAction("target_vp")
    dice_source = config.get("dice_source", "typed")
    check_dice_source(rules, dice_source)
    board = config.get("board", "none")
    if board not in BOARD_MODES:
        raise IllegalAction("board_mode", board=board)
    play_mode = config.get("play_mode") or ("paper" if board == "none" else "hands")
    if play_mode not in PLAY_MODES:
        raise IllegalAction("play_mode", mode=str(play_mode)[:20])
    if play_mode == "hands" and board == "none":
        raise IllegalAction("hands_need_board")
    clean = {
        "rules": rules.core.name,
        "players": clean_players,
        "target": target,
        "dice_source": dice_source,
        "board": board,
        "play_mode": play_mode,
    }
    if config.get("variants"):
        clean["variants"] = rules.clean_options(config["variants"])
    if rules.scenario is not None:
        clean["scenario"] = rules.scenario  # composing refused a scenario no layer has
    if board == "beginner":
        missing = [p["color"] for p in clean_players if p["color"] not in boards.BEGINNER_PIECES]
        if missing or len(clean_players) not in (3, 4):
            raise IllegalAction("beginner_board_players")
    if board != "none":
        # A board entered by hand is checked when the table says it is complete.
        clean["board_layout"] = _validate_layout(config.get("board_layout"), len(clean_players), rules,
                                                 complete=board != "manual")
        if isinstance(config.get("board_balance"), list):
            clean["board_balance"] = config["board_balance"]  # why the board counts as balanced
    return clean


def check_table(config: dict, rules) -> None:
    """A new table (not an old log replayed): 3 to 6 players, or 2 with a two-player
    variant (a layer that says `two_players` in its hooks)."""
    seated = len(config.get("players") or [])
    # Only where the core itself seats two (Cities & Knights says 3 to 6 on its own).
    if seated == TWO_PLAYERS and rules.core.seats[0] <= seated and not rules.sets_table_size():
        raise IllegalAction("two_players_need_variant")


def layout_problems(rules, layout: dict) -> list:
    """What keeps a layout from being the physical board of this game (a scenario's set and
    its own features included)."""
    problems = boards.validate_board(layout, rules.board_expected(layout["frame"], boards.expected_set(layout["frame"])))
    return problems or rules.board_problems(layout)


def _validate_layout(layout, players: int, rules, complete: bool = True) -> dict:
    """A board laid out on the table: the right frame for the player count, and complete."""
    if not isinstance(layout, dict) or layout.get("frame") not in boards.FRAMES:
        raise IllegalAction("board_layout")
    if (layout["frame"] == "base_5_6") != (players >= 5):
        raise IllegalAction("board_frame", frame=layout["frame"], players=players)
    try:
        problems = layout_problems(rules, layout)
    except (KeyError, TypeError, ValueError, AttributeError):
        raise IllegalAction("board_layout") from None
    if problems and complete:
        raise IllegalAction("board_layout", problem=problems[0][0])
    return layout


def new_state(config: dict) -> dict:
    """A new game's state from a validated config."""
    n = len(config["players"])
    state = {
        "config": config,
        "phase": "setup",
        # Snake order: round 1 clockwise, round 2 back from the last player.
        "setup": {"order": list(range(n)) + list(range(n - 1, -1, -1)), "index": 0},
        "turn": {"number": 0, "seat": 0, "rolled": False, "dev_played": False},
        "players": [
            {
                "settlements": 0,
                "cities": 0,
                "roads": 0,
                "dev_hand": [],
                "knights_played": 0,
                "dev_played": [],
                "discarded": 0,
                "hand": hands.empty_hand(),
            }
            for _ in range(n)
        ],
        "bank": hands.full_bank() if config["play_mode"] == "hands" else None,
        "offers": [],
        "dev_deck": dict(DEV_DECK),
        "counters": {"dice": 0, "dev": 0, "log": 0, "steal": 0, "offer": 0},
        "longest_road": None,
        "largest_army": None,
        "roll_counts": [0] * 13,
        "last_roll": None,
        "pending": [],
        "robber_return": None,
        "winner": None,
        "log": [],
        "board": None,
        "production": None,
        "special_build": [],
    }
    if config["board"] != "none":
        _lay_out_board(state, config)
    return state


def _lay_out_board(state: dict, config: dict) -> None:
    layout = copy.deepcopy(config["board_layout"])  # never shared with the caller's dict
    config["board_layout"] = layout
    state["board"] = {
        "layout": {k: v for k, v in layout.items() if k != "robber"},
        "robber": layout.get("robber"),
        "pieces": boards.empty_pieces(),
        "free_roads": 0,
        "victims": [],
        "road_lengths": {},  # each seat's longest trail, recounted only when a build changes it
    }
    state["setup"]["corner"] = None
    if config["board"] == "manual":
        state["phase"] = "board"  # the table enters the physical board first
    if config["board"] == "beginner":
        # The first-game picture's pieces stand on the board already: play starts at once.
        seat_of_colour = {p["color"]: seat for seat, p in enumerate(config["players"])}
        pieces = boards.beginner_pieces(seat_of_colour)
        state["board"]["pieces"] = pieces
        for seat, player in enumerate(state["players"]):
            player["settlements"] = sum(1 for s in pieces["settlements"].values() if s == seat)
            player["roads"] = sum(1 for s in pieces["roads"].values() if s == seat)
        state["phase"] = "roll"
        state["turn"] = {"number": 1, "seat": 0, "rolled": False, "dev_played": False}
        layout_board = state["board"]["layout"]
        for seat, player in enumerate(config["players"]):
            corner = boards.beginner_starred_settlement(player["color"])
            resources = boards.starting_resources(layout_board, corner)
            if hands.uses_hands(state):
                hands.take_from_bank(state, seat, resources)
            add_log(state, "starting_resources", seat=seat, resources=resources)
        add_log(state, "game_started", seat=0)


# ---------------------------------------------------------------- the board


def on_board(state: dict) -> bool:
    return state["board"] is not None


def _board_refusal(refusal) -> None:
    if refusal is not None:
        code, params = refusal
        raise IllegalAction(code, **{k: v for k, v in params.items() if isinstance(v, (int, str))})


def _place(state: dict, seat: int, kind: str, where: str) -> None:
    """Put a piece on the board (legality already checked) and keep the counts in step."""
    pieces = state["board"]["pieces"]
    player = state["players"][seat]
    if kind == "road":
        pieces["roads"][where] = seat
        player["roads"] += 1
    elif kind == "settlement":
        pieces["settlements"][where] = seat
        player["settlements"] += 1
    else:  # a city replaces the seat's settlement, which goes back to the supply
        del pieces["settlements"][where]
        pieces["cities"][where] = seat
        player["settlements"] -= 1
        player["cities"] += 1


def _update_longest_road(state: dict, step: Step, changed: list[int]) -> None:
    """Recount the trails of the seats a build can have changed, then apply the award rule.

    Only those seats: a road changes its builder's trail, a settlement the trails of the
    roads through its intersection. The others' lengths are kept in the state.
    """
    board = state["board"]
    lengths = board["road_lengths"]
    for seat in changed:
        lengths[str(seat)] = boards.longest_road(board["layout"], board["pieces"], seat, step.rules.road_weights(state))
    holder = boards.longest_road_award({int(s): n for s, n in lengths.items()}, state["longest_road"])
    if holder != state["longest_road"]:
        step.log("longest_road", seat=holder, previous=state["longest_road"],
                 length=lengths.get(str(holder), 0) if holder is not None else 0)
        state["longest_road"] = holder


def _seats_with_roads_at(state: dict, corner: str) -> list[int]:
    board = state["board"]
    edges = boards.geometry(board["layout"]).corner_edges[corner]
    return sorted({board["pieces"]["roads"][e] for e in edges if e in board["pieces"]["roads"]})


def _location(step: Step, key: str) -> str:
    value = step.args.get(key)
    if not isinstance(value, str) or not value or len(value) > 64:
        raise IllegalAction("pick_on_board", where=key)
    return value


def robber_hexes(rules, state: dict) -> list[str]:
    """The land hexes the robber may be moved to now (a layer may limit them)."""
    board = state["board"]
    hexes = [h for h, x in board["layout"]["hexes"].items() if x["terrain"] and h != board["robber"]]
    return rules.robber_limited(state, hexes)


def check_open_road(rules, state: dict, seat, edge: str, setup_corner: str | None = None) -> None:
    """A road may go on `edge`: the board's rules, and no layer closes the path to roads."""
    board = state["board"]
    if edge in rules.road_closed(state):
        raise IllegalAction("road_closed", edge=edge)
    _board_refusal(boards.check_road(board["layout"], board["pieces"], seat, edge, setup_corner=setup_corner))


def open_road_edges(rules, state: dict, seat, setup_corner: str | None = None) -> list[str]:
    board = state["board"]
    closed = rules.road_closed(state)
    return [e for e in boards.legal_road_edges(board["layout"], board["pieces"], seat, setup_corner=setup_corner)
            if e not in closed]


def board_targets(rules, state: dict, seat: int) -> dict:
    """Where `seat` may put something now (for the tap targets on the board)."""
    board = state["board"]
    layout, pieces = board["layout"], board["pieces"]
    phase = state["phase"]
    if phase == "board":  # entering the board: every hex and every coastal path
        return {"hex": list(layout["hexes"]), "coast": list(boards.geometry(layout).coastal_edges)}
    if phase == "setup":
        corner = state["setup"]["corner"]
        if corner is None:
            return {"settlement": boards.legal_settlement_corners(layout, pieces, seat, setup=True)}
        return {"road": open_road_edges(rules, state, seat, setup_corner=corner)}
    if phase == "robber":
        return {"robber": robber_hexes(rules, state)}
    targets = {}
    if (phase in ("main", "special_build") or (phase == "roll" and board["free_roads"])) \
            and not rules.road_blocked(state, seat):
        targets["road"] = open_road_edges(rules, state, seat)
    if phase in ("main", "special_build"):
        targets["settlement"] = boards.legal_settlement_corners(layout, pieces, seat)
        targets["city"] = boards.legal_city_corners(layout, pieces, seat)
    return targets


# ---------------------------------------------------------------- scoring


def vp_base(state: dict, seat: int) -> int:
    """The points everyone sees on the table: buildings, Longest Road, Largest Army."""
    p = state["players"][seat]
    vp = p["settlements"] + 2 * p["cities"]
    if state["longest_road"] == seat:
        vp += LONGEST_ROAD_VP
    if state["largest_army"] == seat:
        vp += LARGEST_ARMY_VP
    return vp


def vp_hidden(state: dict, seat: int) -> int:
    return sum(1 for card in state["players"][seat]["dev_hand"] if card["card"] == "victory_point")


def vp_sources(rules, state: dict, seat: int) -> dict:
    """Where a seat's points come from, hidden cards too (engine.points: the final score's
    columns, a phone's breakdown): what `vp_base` and `vp_hidden` count, by source."""
    p = state["players"][seat]
    return {"settlements": p["settlements"], "cities": 2 * p["cities"],
            "longest_road": LONGEST_ROAD_VP if state["longest_road"] == seat else 0,
            "largest_army": LARGEST_ARMY_VP if state["largest_army"] == seat else 0,
            "vp_cards": rules.vp_hidden(state, seat)}


def story_kinds(rules) -> dict:
    """The log entries the story of a game lists (engine.story): the titles changing hands."""
    return {"longest_road": "award", "largest_army": "award"}


def victory(rules, state: dict, step: Step) -> None:
    """The active player wins as soon as they hold the target during their own turn.

    Not in the special building phase: that is nobody's own turn (the builder is checked
    when their turn comes). Nor while a layer says a step of its own is still being settled.
    """
    if state["phase"] in ("setup", "finished", "special_build"):
        return
    if any(waits(rules, state) for waits in rules.hooks("victory_waits")):
        return  # a layer's step still being settled (a lair's conquest: the hero's roll may move the card)
    seat = state["turn"]["seat"]
    award_if_won(state, step, seat, rules.vp_total(state, seat), rules.vp_hidden(state, seat), rules.target(state, seat))


def award_if_won(state: dict, step: Step, seat: int, vp: int, hidden: int, target: int) -> None:
    """End the game when `seat` holds `target` points (`hidden`: its points nobody saw yet)."""
    if vp >= target:
        state["winner"] = seat
        state["phase"] = "finished"
        state["pending"] = []
        step.log("won", seat=seat, vp=vp, vp_cards=hidden)


# ---------------------------------------------------------------- helpers


def _resource_arg(value) -> str:
    if value not in RESOURCES:
        raise IllegalAction("bad_resource", resource=value)
    return value


def _pieces_left(state: dict, seat: int, kind: str) -> int:
    return SUPPLY[kind] - state["players"][seat][kind]


def _check_pieces_left(state: dict, seat: int, kind: str) -> None:
    if _pieces_left(state, seat, kind) <= 0:
        raise IllegalAction("no_pieces_left", piece=kind, limit=SUPPLY[kind])


def _start_turn(state: dict, seat: int) -> None:
    state["turn"] = {
        "number": state["turn"]["number"] + 1,
        "seat": seat,
        "rolled": False,
        "dev_played": False,
    }
    state["phase"] = "roll"


def _award_largest_army(state: dict, step: Step, seat: int) -> None:
    knights = state["players"][seat]["knights_played"]
    holder = state["largest_army"]
    if holder == seat or knights < LARGEST_ARMY_MIN:
        return
    if holder is None or knights > state["players"][holder]["knights_played"]:
        state["largest_army"] = seat
        step.log("largest_army", seat=seat, knights=knights, previous=holder)


# ---------------------------------------------------------------- entering a physical board


@action("edit_hex", phases={"board"}, actors={"table"})
def edit_hex(step: Step) -> None:
    """Mirror one hex of the board on the table: its terrain and number token."""
    board = step.state["board"]
    hex_ = _location(step, "hex")
    terrain = step.args.get("terrain") or None
    number = step.args.get("number")
    untokened = step.rules.board_expected(board["layout"]["frame"], boards.expected_set(board["layout"]["frame"]))["untokened"]
    number = None if number in (None, "") or terrain in untokened else whole_number(number, "bad_number")
    try:
        layout = boards.set_number(boards.set_terrain(board["layout"], hex_, terrain, step.rules.terrains), hex_, number)
    except ValueError:
        raise IllegalAction("bad_hex_edit") from None
    board["layout"] = layout  # a new dict: layouts are shared between states, never changed
    # No log line a hex: board_done writes one for the whole board (the records keep each step).


@action("edit_harbour", phases={"board"}, actors={"table"})
def edit_harbour(step: Step) -> None:
    board = step.state["board"]
    edge = _location(step, "edge")
    kind = step.args.get("harbour") or None
    try:
        board["layout"] = boards.set_harbour(board["layout"], edge, kind)
    except ValueError:
        raise IllegalAction("bad_harbour_edit") from None


# The fast editor (machinery/board_entry.py): two taps a hex, one a harbour, the next one
# chosen by itself. For a standard frame (a board of its own shape enters its hexes as its
# core says). A player's phone may enter the board too: whoever sits beside it.
def fast_entry(state: dict) -> bool:
    return state["board"] is not None and "shape" not in state["board"]["layout"]


def _expected(rules, layout: dict) -> dict:
    return rules.board_expected(layout["frame"], boards.expected_set(layout["frame"]))


def _progress(board: dict) -> dict:
    """The entry's memory (the hex entered last, the harbours entered so far)."""
    if "entry" not in board:
        board["entry"] = entry.new_progress()
    return board["entry"]


@action("enter_hex", phases={"board"}, actors={"table", "seat"}, when=fast_entry)
def enter_hex(step: Step) -> None:
    """One tap of the editor: a hex's terrain, or its number token (the other one kept). A
    terrain given to a hex that had one is the hex entered again: its number comes next.
    Only what the set still has: a terrain or a number used up is refused."""
    board = step.state["board"]
    layout = board["layout"]
    hex_ = _location(step, "hex")
    if hex_ not in layout["hexes"]:
        raise IllegalAction("bad_hex_edit")
    expected = _expected(step.rules, layout)
    cell = layout["hexes"][hex_]
    terrain, number = cell.get("terrain"), cell.get("number")
    if step.args.get("terrain"):
        wanted = step.args["terrain"]
        left = entry.terrains_left(layout, expected, skip=hex_)
        if wanted not in left:
            raise IllegalAction("bad_hex_edit")  # not a terrain of this set
        if left[wanted] < 1:
            raise IllegalAction("terrain_used_up", terrain=wanted)
        if terrain is not None or wanted in expected["untokened"]:
            number = None
        terrain = wanted
    elif step.args.get("number") not in (None, ""):
        wanted = whole_number(step.args["number"], "bad_number")
        if wanted not in boards.NUMBERS:
            raise IllegalAction("bad_number")
        if terrain in expected["untokened"]:
            raise IllegalAction("no_token_there", terrain=terrain)
        if entry.tokens_left(layout, expected, skip=hex_).get(wanted, 0) < 1:
            raise IllegalAction("number_used_up", number=wanted)
        number = wanted
    else:
        raise IllegalAction("bad_hex_edit")
    try:
        board["layout"] = boards.set_number(boards.set_terrain(layout, hex_, terrain, step.rules.terrains),
                                            hex_, number)
    except ValueError:
        raise IllegalAction("bad_hex_edit") from None
    _progress(board)["hex"] = hex_


@action("enter_harbour", phases={"board"}, actors={"table", "seat"}, when=fast_entry)
def enter_harbour(step: Step) -> None:
    """One tap of the editor: the type of the harbour at one of the frame's positions."""
    board = step.state["board"]
    layout = board["layout"]
    edge = _location(step, "edge")
    if edge not in entry.harbour_order(layout):
        raise IllegalAction("bad_harbour_edit")
    kind = step.args.get("harbour")
    progress = _progress(board)
    left = entry.harbours_left(layout, progress, skip=edge)
    if kind not in left:
        raise IllegalAction("bad_harbour_edit")  # not a harbour of this frame
    if left[kind] < 1:
        raise IllegalAction("harbour_used_up", harbour=kind)
    try:
        board["layout"] = boards.set_harbour(layout, edge, kind)
    except ValueError:
        raise IllegalAction("bad_harbour_edit") from None
    progress["harbours"] = [e for e in progress["harbours"] if e != edge] + [edge]


def entry_view(rules, state: dict) -> dict | None:
    """The fast editor's view while the board is entered (None: not now, or not this board)."""
    if state["phase"] != "board" or not fast_entry(state):
        return None
    board = state["board"]
    return entry.entry_view(board["layout"], _expected(rules, board["layout"]), board.get("entry"))


def board_problems(rules, state: dict) -> list:
    """What still differs from a complete board (the robber goes where the set says)."""
    layout = state["board"]["layout"]
    return layout_problems(rules, {**layout, "robber": _robber_start(rules, layout)})


def home_hexes(rules, layout: dict) -> list[str]:
    """The hexes the robber calls home: the desert, a scenario's swamps; none where it waits
    beside the board (the Fishermen's lake took the desert's place)."""
    terrain = rules.board_expected(layout["frame"], boards.expected_set(layout["frame"])).get("robber_on")
    return [h for h, x in layout["hexes"].items() if terrain and x["terrain"] == terrain]


def desert_hex(rules, state: dict) -> str | None:
    """Where the fleeing robber goes: the desert it is on, else the desert it started on (a
    scenario's home for it: a swamp; None where it waits beside the board)."""
    board = state["board"]
    deserts = home_hexes(rules, board["layout"])
    if board["robber"] in deserts:
        return board["robber"]
    start = (state["config"].get("board_layout") or {}).get("robber")
    return start if start in deserts else (deserts[0] if deserts else None)


def _robber_start(rules, layout: dict) -> str | None:
    return boards.robber_start(layout, rules.board_expected(layout["frame"], boards.expected_set(layout["frame"])))


@action("board_done", phases={"board"}, actors={"table", "seat"})
def board_done(step: Step) -> None:
    state = step.state
    problems = board_problems(step.rules, state)
    if problems:
        raise IllegalAction("board_incomplete", problem=problems[0][0])
    board = state["board"]
    board["robber"] = _robber_start(step.rules, board["layout"])
    board.pop("entry", None)
    state["phase"] = "setup"
    # One log line for the whole board: what it holds, each layer's own pieces after the hexes.
    layout = board["layout"]
    parts = {key: n for summary in step.rules.hooks("board_summary") for key, n in summary(step.rules, layout).items()}
    step.log("board_entered", hexes=len(layout["hexes"]), harbours=len(layout.get("harbours") or {}), parts=parts)


# ---------------------------------------------------------------- questions before play


def open_questions(rules, state: dict) -> list[str]:
    """What the table still has to confirm before the first roll (each layer's `questions`:
    a scenario's deck, its cards' printed numbers), in the order the layers ask them."""
    return [code for ask in rules.hooks("questions") for code in ask(rules, state)]


def before_first_roll(state: dict) -> bool:
    return sum(state["roll_counts"]) == 0


# ---------------------------------------------------------------- setup rounds


@action("place_setup", phases={"setup"}, actors={"active", "table"}, when=lambda s: s["board"] is None)
def place_setup(step: Step) -> None:
    state = step.state
    if on_board(state):
        raise IllegalAction("pick_on_board", where="corner")
    seat = active_seat(state)
    setup = state["setup"]
    n = len(state["players"])
    round_number = 1 if setup["index"] < n else 2
    player = state["players"][seat]
    player["settlements"] += 1
    player["roads"] += 1
    step.log("setup_placed", seat=seat, round=round_number)
    setup["index"] += 1
    if setup["index"] == len(setup["order"]):
        state["turn"]["number"] = 0
        _start_turn(state, setup["order"][0])
        step.log("game_started", seat=state["turn"]["seat"])


def setup_corner(step: Step) -> tuple[int, str]:
    """The active seat and the corner of its setup building on the board, checked (the
    distance rule only; its road comes first if one is owed). Cities & Knights' too."""
    state = step.state
    if state["setup"]["corner"] is not None:
        raise IllegalAction("place_road_first")
    corner = _location(step, "corner")
    seat = active_seat(state)
    board = state["board"]
    _board_refusal(boards.check_settlement(board["layout"], board["pieces"], seat, corner, setup=True))
    return seat, corner


def pay_starting_resources(step: Step, seat: int, corner: str) -> None:
    """The second setup building pays one card for each terrain next to it."""
    state = step.state
    resources = boards.starting_resources(state["board"]["layout"], corner)
    if hands.uses_hands(state):
        hands.take_from_bank(state, seat, resources)
    step.log("starting_resources", seat=seat, resources=resources)


@action("place_settlement", phases={"setup"}, actors={"active", "table"},
        when=lambda s: s["board"] is not None and s["setup"]["corner"] is None)
def place_settlement(step: Step) -> None:
    """Setup on the board, step 1: the settlement (distance rule only)."""
    state = step.state
    if not on_board(state):
        raise IllegalAction("no_board")
    seat, corner = setup_corner(step)
    _place(state, seat, "settlement", corner)
    state["setup"]["corner"] = corner
    round_number = 1 if state["setup"]["index"] < len(state["players"]) else 2
    if round_number == 2:
        pay_starting_resources(step, seat, corner)


@action("place_road", phases={"setup"}, actors={"active", "table"},
        when=lambda s: s["board"] is not None and s["setup"]["corner"] is not None)
def place_road(step: Step) -> None:
    """Setup on the board, step 2: a road touching the settlement just placed."""
    state = step.state
    if not on_board(state):
        raise IllegalAction("no_board")
    corner = state["setup"]["corner"]
    if corner is None:
        raise IllegalAction("place_settlement_first")
    edge = _location(step, "edge")
    seat = active_seat(state)
    board = state["board"]
    check_open_road(step.rules, state, seat, edge, setup_corner=corner)
    _place(state, seat, "road", edge)
    state["setup"]["corner"] = None
    setup = state["setup"]
    # A layer may have put a city there (Cities & Knights' second round): the line says so.
    piece = {"piece": "city"} if corner in board["pieces"]["cities"] else {}
    step.log("setup_placed", seat=seat, round=1 if setup["index"] < len(state["players"]) else 2, **piece)
    setup["index"] += 1
    if setup["index"] == len(setup["order"]):
        _start_turn(state, setup["order"][0])
        step.log("game_started", seat=state["turn"]["seat"])


# ---------------------------------------------------------------- the roll


def _die(value) -> int:
    die = whole_number(value, "bad_die", value=value)
    if not 1 <= die <= 6:
        raise IllegalAction("bad_die", value=value)
    return die


@action("roll", phases={"roll"}, actors={"active", "table", "device"})
def roll(step: Step) -> None:
    state = step.state
    typed = step.args.get("dice")
    if typed is not None:
        if not isinstance(typed, (list, tuple)) or len(typed) != 2:
            raise IllegalAction("bad_dice")
        dice = [_die(typed[0]), _die(typed[1])]
        source = step.args.get("source", "typed")
        if source not in ("typed", "reader"):
            raise IllegalAction("bad_dice")
    else:
        counter = state["counters"]["dice"]
        dice = [
            step.outcome("die1", lambda c: c.randint("dice", counter, 6) + 1, _valid_die),
            step.outcome("die2", lambda c: c.randint("dice", counter + 1, 6) + 1, _valid_die),
        ]
        state["counters"]["dice"] = counter + 2
        source = "virtual"
        step.reveal("dice", keys=("die1", "die2"))
    rolled(step, dice, source)


def rolled(step: Step, dice: list, source: str) -> None:
    """Two dice have fallen: show them and do what their total does."""
    state = step.state
    seat = state["turn"]["seat"]
    total = dice[0] + dice[1]
    state["last_roll"] = {"dice": dice, "total": total, "seat": seat, "source": source, "turn": state["turn"]["number"]}
    step.log("rolled", seat=seat, dice=dice, total=total, source=source)
    resolve_total(step, total)


def resolve_total(step: Step, total: int, paid: dict | None = None) -> None:
    """What a rolled number does, whatever produced it (dice or an event card).

    `paid`: the production when an event changes it (Epidemic), else the board's."""
    state = step.state
    # Nothing the table was asked to confirm is skipped: no first roll before its answers.
    # A new roll only (live): records entered before the questions existed replay as they were.
    if step.chance is not None and before_first_roll(state):
        questions = open_questions(step.rules, state)
        if questions:
            raise IllegalAction("questions_first", question=questions[0])
    state["roll_counts"][total] += 1
    state["turn"]["rolled"] = True
    if on_board(state):
        board = state["board"]
        if paid is None:  # an event card may have computed it already (Epidemic)
            paid = boards.production(board["layout"], board["pieces"], board["robber"], total) if total != 7 else {}
        pay_production(step, total, paid)
    if total == 7:
        start_discards(state, robber_return="main")
    else:
        state["phase"] = "main"


def pay_production(step: Step, total: int, owed: dict) -> dict:
    """Announce a roll's production and, with hands on phones, pay it from the bank (its
    shortage rule applied). Returns what each seat really got."""
    state = step.state
    # Pieces of a seat beyond the players (the neutral colours of Catan for two) produce nothing.
    owed = {s: r for s, r in owed.items() if 0 <= s < len(state["players"])}
    paid, withheld = hands.pay_production(state, owed) if hands.uses_hands(state) else (owed, [])
    state["production"] = {"total": total, "seats": {str(s): r for s, r in sorted(paid.items())},
                           "withheld": withheld, "turn": state["turn"]["number"]}
    if paid:
        step.log("produced", production=state["production"]["seats"])
    if withheld:
        step.log("bank_short", resources=withheld)
    return paid


def start_discards(state: dict, robber_return: str) -> None:
    """A 7: who holds too many cards gives half back, all at once; then the robber moves.

    With paper cards every seat answers (the app cannot count their hands); with hands on
    phones only those above the limit are asked."""
    n = len(state["players"])
    if hands.uses_hands(state):
        seats = [s for s in range(n) if hands.hand_size(state, s) > HAND_LIMIT]
    else:
        seats = list(range(n))
    state["pending"] = [{"seat": s, "kind": "discard"} for s in seats]
    state["robber_return"] = robber_return
    state["phase"] = "discard" if seats else "robber"


def _valid_die(value) -> bool:
    return isinstance(value, int) and 1 <= value <= 6


@action("discard", phases={"discard"}, actors={"pending", "table"})
def discard(step: Step) -> None:
    state = step.state
    if hands.uses_hands(state):
        _discard_from_hand(step)
        return
    seat = step.seat_for_pending("discard")
    hand_size = whole_number(step.args.get("hand_size"), "bad_hand_size")
    if not 0 <= hand_size <= 95:
        raise IllegalAction("bad_hand_size")
    # More than 7 cards: give back half, rounded down (9 cards -> 4).
    count = hand_size // 2 if hand_size > HAND_LIMIT else 0
    state["pending"] = [p for p in state["pending"] if p["seat"] != seat]
    state["players"][seat]["discarded"] += count
    step.log("discarded", seat=seat, hand_size=hand_size, count=count)
    if not state["pending"]:
        state["phase"] = "robber"


def _discard_from_hand(step: Step) -> None:
    """The player picks which half of their hand goes back to the bank (from their phone)."""
    state = step.state
    if "seat" not in step.actor:
        raise IllegalAction("discard_on_phone")  # only the owner knows the hand
    seat = step.seat_for_pending("discard")
    cards = hands.bundle(step.args.get("cards"), "bad_discard", kinds=hands.kinds(state))
    due = hands.hand_size(state, seat) // 2
    if sum(cards.values()) != due:
        raise IllegalAction("discard_count", count=due)
    hands.pay_to_bank(state, seat, cards, code="discard_not_held")
    state["pending"] = [p for p in state["pending"] if p["seat"] != seat]
    state["players"][seat]["discarded"] += due
    step.log("discarded", seat=seat, count=due, cards=cards)
    if not state["pending"]:
        state["phase"] = "robber"


@action("move_robber", phases={"robber"}, actors={"active", "table"})
def move_robber(step: Step) -> None:
    state = step.state
    seat = state["turn"]["seat"]
    if on_board(state):
        _move_robber_on_board(step, seat)
        return
    victim = _seat_arg(state, step.args.get("victim"), "bad_victim")
    if victim == seat:
        raise IllegalAction("rob_yourself")
    if victim in step.rules.robber_spared(state):
        raise IllegalAction("robber_spares", victim=victim)
    step.log("robber_moved", seat=seat, victim=victim)
    state["phase"] = state["robber_return"] or "main"
    state["robber_return"] = None


def _move_robber_on_board(step: Step, seat: int) -> None:
    state = step.state
    board = state["board"]
    hex_ = _location(step, "hex")
    tile = board["layout"]["hexes"].get(hex_)
    if tile is None or not tile.get("terrain"):
        raise IllegalAction("robber_off_land")
    if hex_ not in robber_hexes(step.rules, state):
        raise IllegalAction("robber_must_move" if hex_ == board["robber"] else "robber_spares")
    board["robber"] = hex_
    spared = step.rules.robber_spared(state)
    victims = [v for v in boards.robber_victims(board["layout"], board["pieces"], hex_, exclude=seat)
               if v not in spared and v < len(state["players"])]  # neutral colours hold no cards
    if hands.uses_hands(state):
        victims = [v for v in victims if hands.hand_size(state, v)]  # nothing to take from an empty hand
    step.log("robber_placed", seat=seat, hex=hex_, victims=victims)
    if victims:
        board["victims"] = victims
        state["phase"] = "steal"
    else:
        state["phase"] = state["robber_return"] or "main"
        state["robber_return"] = None


@action("steal", phases={"steal"}, actors={"active", "table"})
def steal(step: Step) -> None:
    """After the robber moved: the roller picks whom to rob among those next to it."""
    state = step.state
    seat = state["turn"]["seat"]
    victim = _seat_arg(state, step.args.get("victim"), "bad_victim")
    if victim not in state["board"]["victims"]:
        raise IllegalAction("bad_victim")
    # One line: everyone reads whom the card was taken from, thief and victim which card.
    if hands.uses_hands(state):
        card = _take_random_card(step, seat, victim)
        step.log("stole", seat=seat, secret_for=[seat, victim], shown={"victim": victim}, victim=victim, card=card)
    else:
        step.log("stole", seat=seat, victim=victim)
    state["board"]["victims"] = []
    state["phase"] = state["robber_return"] or "main"
    state["robber_return"] = None


def _take_random_card(step: Step, thief: int, victim: int, several: bool = False) -> str:
    """The server draws the card; only thief and victim learn which. Returns the card.

    `several`: one action takes more than one card (C&K's Bishop, Catan for two's forced
    trade), so each draw is recorded under its own outcome key. The caller writes the card
    into its action's one log line, secret for thief and victim (never a line per card)."""
    state = step.state
    victim_hand = hands.hand(state, victim)
    counter = state["counters"]["steal"]

    def draw(chance):
        index = chance.randint("steal", counter, hands.hand_size(state, victim))
        for r in hands.kinds(state):  # a fixed order keeps the draw reproducible
            if index < victim_hand[r]:
                return r
            index -= victim_hand[r]
        raise AssertionError("index beyond the hand")

    key = f"stolen:{counter}" if several else "stolen"
    card = step.outcome(key, draw, lambda v: v in hands.kinds(state) and victim_hand[v] > 0)
    state["counters"]["steal"] = counter + 1
    step.reveal("stolen_card", [thief], about=victim, keys=(key,))
    hands.move(state, victim, thief, {card: 1})
    return card


# ---------------------------------------------------------------- building


def _pay(state: dict, seat: int, item: str) -> None:
    if hands.uses_hands(state):
        hands.pay_to_bank(state, seat, hands.COSTS[item])


def _check_builder(step: Step) -> None:
    """With hands on phones a build spends the player's own cards: it comes from their phone."""
    if hands.uses_hands(step.state) and "seat" not in step.actor:
        raise IllegalAction("build_on_phone")


def _build(step: Step, kind: str, log_kind: str) -> int:
    state = step.state
    seat = active_seat(state)  # the special builder too
    _check_pieces_left(state, seat, kind)
    state["players"][seat][kind] += 1
    step.log(log_kind, seat=seat)
    return seat


def _build_at_corner(step: Step, item: str, check) -> str:
    """A settlement or a city on the board: from the builder's phone (hands), a piece left, a
    corner `check` (boards.check_settlement or check_city) allows, paid, placed and logged
    (built_<item>). Its corner."""
    state = step.state
    seat = active_seat(state)  # the special builder too
    _check_builder(step)
    corner = _location(step, "corner")
    _check_pieces_left(state, seat, {"settlement": "settlements", "city": "cities"}[item])
    board = state["board"]
    _board_refusal(check(board["layout"], board["pieces"], seat, corner))
    _pay(state, seat, item)
    _place(state, seat, item, corner)
    step.log(f"built_{item}", seat=seat)
    return corner


@action("build_road", phases={"main", "roll", "special_build"}, actors={"active", "table"},
        when=lambda s: s["phase"] != "roll" or bool(s["board"] and s["board"]["free_roads"]))
def build_road(step: Step) -> None:
    state = step.state
    board = state["board"]
    # Before the roll only the free roads of Road Building may be built.
    if state["phase"] == "roll" and not (board and board["free_roads"]):
        raise IllegalAction("wrong_phase", action="build_road", phase="roll")
    blocked = step.rules.road_blocked(state, active_seat(state))
    if blocked:
        raise IllegalAction(blocked)
    if not on_board(state):
        _build(step, "roads", "built_road")
        return
    seat = active_seat(state)  # the special builder too
    _check_builder(step)
    edge = _location(step, "edge")
    _check_pieces_left(state, seat, "roads")
    check_open_road(step.rules, state, seat, edge)
    free = board["free_roads"] > 0
    if free:
        board["free_roads"] -= 1
    else:
        _pay(state, seat, "road")
    _place(state, seat, "road", edge)
    step.log("built_road", seat=seat, free=free)
    _update_longest_road(state, step, [seat])


@action("build_settlement", phases={"main", "special_build"}, actors={"active", "table"})
def build_settlement(step: Step) -> None:
    state = step.state
    if not on_board(state):
        _build(step, "settlements", "built_settlement")
        return
    corner = _build_at_corner(step, "settlement", boards.check_settlement)
    _update_longest_road(state, step, _seats_with_roads_at(state, corner))  # it may break a road


@action("build_city", phases={"main", "special_build"}, actors={"active", "table"})
def build_city(step: Step) -> None:
    state = step.state
    if on_board(state):
        _build_at_corner(step, "city", boards.check_city)
        return
    seat = active_seat(state)  # the special builder too
    if state["players"][seat]["settlements"] <= 0:
        raise IllegalAction("city_needs_settlement")
    _check_pieces_left(state, seat, "cities")
    # The settlement goes back to the player's supply.
    state["players"][seat]["settlements"] -= 1
    state["players"][seat]["cities"] += 1
    step.log("built_city", seat=seat)


@action("set_longest_road", phases={"roll", "main"}, actors={"active", "table"}, when=lambda s: s["board"] is None)
def set_longest_road(step: Step) -> None:
    state = step.state
    if on_board(state):
        raise IllegalAction("longest_road_computed")
    holder = _seat_arg(state, step.args.get("holder"))
    if holder is not None and state["players"][holder]["roads"] < 5:
        raise IllegalAction("longest_road_too_short", minimum=5)
    if holder == state["longest_road"]:
        raise IllegalAction("nothing_changes")
    step.log("longest_road", seat=holder, previous=state["longest_road"])
    state["longest_road"] = holder


# ---------------------------------------------------------------- development cards


def _draw_dev_card(state: dict, chance) -> str:
    deck = state["dev_deck"]
    index = chance.randint("dev", state["counters"]["dev"], sum(deck.values()))
    for card in DEV_CARDS:  # a fixed order keeps the draw reproducible
        if index < deck[card]:
            return card
        index -= deck[card]
    raise AssertionError("index beyond the deck")


@action("buy_dev", phases={"main", "special_build"}, actors={"active", "table"})
def buy_dev(step: Step) -> None:
    state = step.state
    seat = active_seat(state)  # the special builder too
    _check_builder(step)
    if sum(state["dev_deck"].values()) == 0:
        raise IllegalAction("dev_deck_empty")
    _pay(state, seat, "dev")
    card = step.outcome(
        "card",
        lambda c: _draw_dev_card(state, c),
        lambda v: v in DEV_DECK and state["dev_deck"][v] > 0,
    )
    state["counters"]["dev"] += 1
    step.reveal("dev_card", [seat], keys=("card",))
    state["dev_deck"][card] -= 1
    state["players"][seat]["dev_hand"].append({"card": card, "turn": state["turn"]["number"]})
    step.log("bought_dev", seat=seat, secret_for=[seat], card=card)


@action("play_dev", phases={"roll", "main"}, actors={"active"})
def play_dev(step: Step) -> None:
    state = step.state
    seat = state["turn"]["seat"]
    player = state["players"][seat]
    card = step.args.get("card")
    if card not in PLAYABLE_DEV_CARDS:
        raise IllegalAction("bad_dev_card", card=card)
    if state["turn"]["dev_played"]:
        raise IllegalAction("one_dev_card_per_turn")
    this_turn = state["turn"]["number"]
    held = [i for i, c in enumerate(player["dev_hand"]) if c["card"] == card]
    if not held:
        raise IllegalAction("dev_card_not_held", card=card)
    playable = [i for i in held if player["dev_hand"][i]["turn"] != this_turn]
    if not playable:
        raise IllegalAction("dev_card_bought_this_turn", card=card)
    params = {}
    if card == "monopoly":
        params["resource"] = _resource_arg(step.args.get("resource"))
    elif card == "year_of_plenty":
        chosen = step.args.get("resources") or []
        if not isinstance(chosen, (list, tuple)) or not 1 <= len(chosen) <= 2:
            raise IllegalAction("year_of_plenty_two")
        params["resources"] = [_resource_arg(r) for r in chosen]
        _check_plenty(state, params["resources"])
    elif card == "road_building":
        if step.rules.road_blocked(state, seat):
            raise IllegalAction(step.rules.road_blocked(state, seat))
        roads = min(2, _pieces_left(state, seat, "roads"))
        if roads == 0:
            raise IllegalAction("no_pieces_left", piece="roads", limit=SUPPLY["roads"])
        params["roads"] = roads
    player["dev_hand"].pop(playable[0])  # the oldest one bought before this turn
    player["dev_played"].append(card)
    state["turn"]["dev_played"] = True
    step.log("played_dev", seat=seat, card=card, **params)
    if card == "monopoly" and hands.uses_hands(state):
        _monopoly(step, seat, params["resource"])
    elif card == "year_of_plenty" and hands.uses_hands(state):
        hands.take_from_bank(state, seat, _count(params["resources"]))
    if card == "knight":
        player["knights_played"] += 1
        _award_largest_army(state, step, seat)
        state["robber_return"] = state["phase"]
        state["phase"] = "robber"
    elif card == "road_building":
        if on_board(state):
            state["board"]["free_roads"] = params["roads"]  # placed on the board next
        else:
            player["roads"] += params["roads"]


def _count(resources: list) -> dict:
    cards = {}
    for r in resources:
        cards[r] = cards.get(r, 0) + 1
    return cards


def _check_plenty(state: dict, chosen: list) -> None:
    """Two cards of choice; with hands on phones only what the bank still holds, and one
    card only when the bank has a single card left."""
    if not hands.uses_hands(state):
        if len(chosen) != 2:
            raise IllegalAction("year_of_plenty_two")
        return
    bank = state["bank"]
    if any(bank[r] < n for r, n in _count(chosen).items()):
        raise IllegalAction("bank_lacks", resource=next(r for r, n in _count(chosen).items() if bank[r] < n))
    if len(chosen) < 2 and sum(bank.values()) >= 2:
        raise IllegalAction("year_of_plenty_two")


def _monopoly(step: Step, seat: int, resource: str) -> None:
    """Every other player hands over all their cards of that resource, openly."""
    state = step.state
    taken = {}
    for other in range(len(state["players"])):
        n = hands.hand(state, other)[resource]
        if other != seat and n:
            hands.move(state, other, seat, {resource: n})
            taken[str(other)] = n
    step.log("monopoly_taken", seat=seat, resource=resource, taken=taken, total=sum(taken.values()))


# ---------------------------------------------------------------- the turn


@action("end_turn", phases={"main"}, actors={"active", "table"})
def end_turn(step: Step) -> None:
    state = step.state
    seat = state["turn"]["seat"]
    step.log("turn_ended", seat=seat)
    state["offers"] = []  # offers last for the turn they were made in
    if on_board(state):
        state["board"]["free_roads"] = 0
    n = len(state["players"])
    if n >= SPECIAL_BUILD_PLAYERS:
        # 5-6 players: everyone else, in turn order, may build before the next turn.
        state["special_build"] = [(seat + k) % n for k in range(1, n)]
        state["phase"] = "special_build"
        step.log("special_build", seat=state["special_build"][0])
        return
    _start_turn(state, (seat + 1) % n)


@action("done_building", phases={"special_build"}, actors={"active", "table"})
def done_building(step: Step) -> None:
    """The special builder is done; the next one builds, or the next turn starts."""
    state = step.state
    state["special_build"].pop(0)
    if state["special_build"]:
        step.log("special_build", seat=state["special_build"][0])
        return
    _start_turn(state, (state["turn"]["seat"] + 1) % len(state["players"]))


@action("set_dice_source", phases={"board", "setup", "roll", "main", "discard", "robber", "steal", "special_build",
                                   "event"},
        actors={"table"})
def set_dice_source(step: Step) -> None:
    source = step.args.get("source")
    check_dice_source(step.rules, source)
    if source == step.state["config"]["dice_source"]:
        raise IllegalAction("nothing_changes")
    step.state["config"]["dice_source"] = source
    step.log("dice_source", source=source)


def _drop_unpayable_offers(rules, state: dict, step: Step) -> None:
    if state["offers"]:
        trading.drop_unpayable_offers(state)


def applies(config: dict) -> bool:
    return config.get("rules", "base") == "base"


LAYER = Layer(
    name="base",
    core=True,
    seats=(MIN_PLAYERS, MAX_PLAYERS),
    applies=applies,
    actions={**_actions.table, **trading.ACTIONS.table},
    hooks={"new_state": new_state, "validate_config": validate_config, "vp_base": vp_base, "vp_hidden": vp_hidden,
           "active_seat": active_seat, "victory": victory, "dice_sources": dice_sources,
           "after_action": _drop_unpayable_offers, "vp_sources": vp_sources, "story_kinds": story_kinds},
    phases=frozenset({"board", "setup", "roll", "main", "discard", "robber", "steal", "special_build", "finished"}),
    pending=frozenset({"discard"}),
    board_actions={"settlement": ("place_settlement", "build_settlement"), "road": ("place_road", "build_road"),
                   "city": ("build_city",), "robber": ("move_robber",), "hex": ("enter_hex", "edit_hex"),
                   "coast": ("edit_harbour",)},
)
