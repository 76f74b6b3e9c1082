"""Write the corpus of recorded games (tests/corpus/games/*.json) from the engine as it is now.

Run from the project root:

    python3 -m tests.corpus.make_corpus            # every game
    python3 -m tests.corpus.make_corpus ck_paper_4 # only these

Each game is a random legal game, played as the site plays it (`advance` with live chance
from a fixed secret, undo and redo records among the actions), by the drivers of the
property tests (tests/engine/test_*properties.py, test_events*.py, test_two_players.py;
the Traders & Barbarians scenarios: their property tests' steps, tb_driver.py's among them;
Explorers & Pirates: test_explorers_pirates_properties.py and the missions' DRIVERs,
missions_driver.py; those acting on a Played through `_PlayedLike`),
fed from a seeded random.Random instead of hypothesis. Rivers of Catan and the scenario Traders &
Barbarians are played on their engine tests' boards, given whole in the config (the site has
the table enter such a board by hand). A file holds the game's export in
the site's format (services.export_records: config and records, outcomes included) and
what the engine gives now at a few points of the log: the summary (reveal=True), the
history, every viewer's view and every seat's log. test_corpus.py replays the records
(recorded outcomes only) and compares.

Deterministic: fixed seeds and secrets, and PYTHONHASHSEED=0 (the script re-runs itself
with it), so rerunning writes the same files. Only rerun it on purpose: the corpus is
what the engine gave *before* a change, not after.
"""
import contextlib
import json
import os
import random
import subprocess
import sys
import zlib
from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from typing import Callable

from companion.engine import TABLE, Chance, IllegalAction, advance, allowed_actions, apply, fold, log_for, \
    new_game, new_history, seeded_secret, view
from companion.engine import rules_for
from companion.layers.cores.base import rules as base
from companion.layers.cores.cities_knights import rules as ck
from companion.machinery import board as boards
from companion.machinery import hands
from companion.machinery import step as step_module
from companion.engine.summary import summary
from tests.engine.test_properties import same_play

GAMES = Path(__file__).resolve().parent / "games"
FORMAT = {"format": "catan-companion/actions", "format_version": 1}
TABLE_ACTOR = {"role": "table"}
NAMES = ("Ala", "Bartek", "Michał", "Żaneta", "Ola", "Piotr")


def clone(data):
    return json.loads(json.dumps(data))


def as_stored(data):
    """As a file of the corpus gives it back: sorted keys. The engine's output may follow
    the config's key order (the robber's target hexes follow the layout's), so the games
    are played and the expected results computed from the config as stored."""
    return json.loads(json.dumps(data, sort_keys=True))


# ---------------------------------------------------------------- hypothesis, stood in for


class Reject(Exception):
    """A draw from an empty choice (hypothesis would drop the example): the step is skipped."""


class Strategies:
    """The few hypothesis strategies the drivers use, as functions of a random.Random."""

    @staticmethod
    def integers(low, high):
        return lambda rng: rng.randint(low, high)

    @staticmethod
    def sampled_from(elements):
        items = sorted(elements) if isinstance(elements, (set, frozenset)) else list(elements)

        def draw(rng):
            if not items:
                raise Reject()
            return items[rng.randrange(len(items))]

        return draw

    @staticmethod
    def booleans():
        return lambda rng: rng.random() < 0.5

    @staticmethod
    def none():
        return lambda rng: None

    @staticmethod
    def one_of(*options):
        return lambda rng: options[rng.randrange(len(options))](rng)

    @staticmethod
    def permutations(values):
        items = list(values)
        return lambda rng: rng.sample(items, len(items))

    @staticmethod
    def lists(elements, min_size=0, max_size=None, unique=False):
        def draw(rng):
            size = rng.randint(min_size, min_size + 4 if max_size is None else max_size)
            out = []
            for _ in range(3 * size):
                if len(out) == size:
                    break
                try:
                    item = elements(rng)
                except Reject:
                    break
                if not (unique and item in out):
                    out.append(item)
            if len(out) < min_size:
                raise Reject()
            return out

        return draw


class Draws:
    """hypothesis' `data` object: draw(strategy) from a seeded random.Random."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def draw(self, strategy, label=None):
        return strategy(self.rng)


def _quiet(*args, **kwargs):
    pass


@contextlib.contextmanager
def driven():
    """The property tests' drivers, their `st` and `event` replaced by the stand-ins while
    the block runs, and put back after it (pytest runs the same modules with hypothesis)."""
    from tests.engine import missions_driver, tb_driver, test_barbarian_attack_properties, test_board_properties, \
        test_caravans_properties, test_cities_knights_properties, test_ck_events_properties, test_events, \
        test_events_hands, test_explorers_and_pirates_properties, test_explorers_pirates_properties, \
        test_fish_for_catan_properties, test_fishermen_properties, test_hands_properties, \
        test_pirate_lairs_properties, test_properties, test_rivers_properties, test_spices_for_catan_properties, \
        test_traders_barbarians_properties, test_two_players

    modules = SimpleNamespace(paper=test_properties, hands=test_hands_properties, board=test_board_properties,
                              ck=test_cities_knights_properties, ck_events=test_ck_events_properties,
                              events=test_events, events_hands=test_events_hands, two=test_two_players,
                              ep=test_explorers_pirates_properties,
                              # the scenarios' drivers (Traders & Barbarians, the Explorers & Pirates missions)
                              tb=tb_driver, fishermen=test_fishermen_properties, rivers=test_rivers_properties,
                              caravans=test_caravans_properties, barbarian_attack=test_barbarian_attack_properties,
                              traders_barbarians=test_traders_barbarians_properties, missions=missions_driver,
                              pirate_lairs=test_pirate_lairs_properties, fish_for_catan=test_fish_for_catan_properties,
                              spices_for_catan=test_spices_for_catan_properties,
                              explorers_pirates=test_explorers_and_pirates_properties)
    saved = []
    for module in vars(modules).values():
        for name, stand_in in (("st", Strategies), ("event", _quiet), ("note", _quiet)):
            if name == "st" or hasattr(module, name):
                saved.append((module, name, getattr(module, name, None)))
                setattr(module, name, stand_in)
    try:
        yield modules
    finally:
        for module, name, original in reversed(saved):
            setattr(module, name, original)


# ---------------------------------------------------------------- a game played live


class Live:
    """A game played as the site plays it: records as stored (outcomes included), the
    history, the states before each action (for undo). The union of the property tests'
    Live classes: act/do/refused/undo/redo/board_view."""

    def __init__(self, config: dict, secret: bytes):
        self.config = config
        self.chance = Chance(secret)
        self.state = new_game(config)
        self.history = new_history()
        self.records: list[dict] = []
        self.by_seq: dict[int, dict] = {}
        self.before: dict[int, dict] = {}
        self.after: dict[int, dict] = {}
        self.previous = clone(self.state)
        self.refusals = 0
        self.kinds = Counter()  # log entry kinds written (the log itself keeps only the latest)
        self.reasons = Counter()  # ... and of gold earned, why (compensation, discovery)

    def _state_before(self, seq: int) -> dict:
        return clone(self.before[seq])

    def _note_log(self, old: dict) -> None:
        last = old["counters"]["log"]
        self.kinds.update(e["kind"] for e in self.state["log"] if e["n"] > last)
        self.reasons.update(e["params"].get("reason") for e in self.state["log"]
                            if e["n"] > last and e["kind"] == "gold_earned")

    def act(self, action: dict, outcome: dict | None = None):
        """Apply an action live; its record, or None (and nothing changes) when refused."""
        record = {"seq": len(self.records) + 1, "kind": "action", "action": action}
        if outcome:
            record["outcome"] = dict(outcome)
        candidate, candidate_history = clone(self.state), clone(self.history)
        try:
            advance(candidate, candidate_history, record, self._state_before, self.chance)
        except IllegalAction:
            return None
        self.before[record["seq"]] = self.state
        self.after[record["seq"]] = clone(candidate)
        self.previous = self.state
        self.state, self.history = candidate, candidate_history
        self.records.append(record)
        self.by_seq[record["seq"]] = record
        self._note_log(self.previous)
        return record

    def do(self, kind: str, actor: dict, **args) -> bool:
        return self.act({"type": kind, "actor": actor, "args": args}) is not None

    def refused(self, kind: str, actor: dict, **args) -> None:
        before = clone(self.state)
        assert not self.do(kind, actor, **args), (kind, actor, args)
        assert self.state == before
        self.refusals += 1

    def undo(self) -> int:
        target = self.history["effective"][-1]
        record = {"seq": len(self.records) + 1, "kind": "undo", "target": target, "actor": TABLE_ACTOR}
        self.previous = self.state
        self.state = advance(clone(self.state), self.history, record, self._state_before)
        self.records.append(record)
        # The state before the action, but for what an undo keeps and says (docs/undo.md).
        assert same_play(self.state, self.before[target])
        return target

    def redo(self) -> int:
        target = self.history["undone"][-1]
        record = {"seq": len(self.records) + 1, "kind": "redo", "target": target, "actor": TABLE_ACTOR}
        self.previous = self.state
        self.state = advance(clone(self.state), self.history, dict(record, original=self.by_seq[target]),
                             self._state_before)
        self.records.append(record)
        self._note_log(self.previous)
        assert same_play(self.state, self.after[target])
        return target

    def board_view(self, viewer) -> dict:
        return view(self.state, viewer)["board"]


# ---------------------------------------------------------------- drivers of our own


def _actors(state: dict) -> list[dict]:
    return [TABLE_ACTOR] + [{"seat": s} for s in range(len(state["players"]))]


def _pending_seat(state: dict, actor: dict, kind: str | None = None) -> int:
    if "seat" in actor:
        return actor["seat"]
    seats = [p["seat"] for p in state["pending"] if kind is None or p["kind"] == kind]
    return seats[0] if seats else state["turn"]["seat"]


CK_WEIGHTS = {"end_turn": 3, "improve_city": 3, "play_progress": 4, "build_knight": 2, "activate_knight": 2,
              "promote_knight": 2, "build_city": 2, "build_settlement": 2, "build_road": 2, "set_dice_source": 0,
              "set_longest_road": 1}


def _ck_paper_args(rng: random.Random, state: dict, actor: dict, kind: str) -> dict:
    """Plausible arguments for a Cities & Knights action without a board."""
    n = len(state["players"])
    seat = _pending_seat(state, actor) if state["pending"] else state["turn"]["seat"]
    player = state["players"][seat]
    knights = [k["id"] for k in player["knights"]]
    args: dict = {}
    if "seat" not in actor and state["pending"]:
        args["seat"] = seat
    if kind == "roll":
        if rng.random() < 0.3:
            args.update(event=rng.choice(["ship", "blue", "green", "yellow"]))
            if state["ck"]["alchemist"] is None:
                args["dice"] = [rng.randint(1, 6), rng.randint(1, 6)]
        return args
    if kind == "discard":
        return {**args, "hand_size": rng.randint(0, 16)}
    if kind == "improve_city":
        return {"chart": rng.choice(ck.IMPROVEMENTS)}
    if kind in ("activate_knight", "promote_knight", "desert_knight") and knights:
        return {**args, "knight": rng.choice(knights)}
    if kind == "muster_knights":
        active = [k["id"] for k in player["knights"] if k["active"]]
        return {**args, "knights": rng.sample(active, rng.randint(0, len(active)))}
    if kind == "lose_city":
        return {**args, "city": rng.choice(ck._losable(state, seat) or ["no_wall"])}
    if kind == "defender_choice":
        return {"deck": rng.choice(ck.IMPROVEMENTS)}
    if kind == "aqueduct":
        return {"resource": rng.choice(hands.RESOURCES)}
    if kind == "discard_progress" and player["progress"]:
        return {"card": rng.choice(player["progress"])}
    if kind == "set_longest_road":
        return {"holder": rng.choice([None, *range(n)])}
    if kind in ("play_progress", "spy_take", "card_answer", "master_merchant_take", "harbor_offer", "harbor_answer",
                "intrigue_back"):
        card = state["ck"]["card"] or {}
        pool = player["progress"]
        if kind == "spy_take" and card.get("victim") is not None:
            pool = state["players"][card["victim"]]["progress"]
        args.update(resource=rng.choice(hands.RESOURCES), commodity=rng.choice(ck.COMMODITIES),
                    dice=[rng.randint(1, 6), rng.randint(1, 6)], knights=knights[:2],
                    victim=rng.choice([s for s in range(n) if s != seat]))
        if pool:
            args["card"] = rng.choice(pool)
        if knights:
            args["knight"] = rng.choice(knights)
        return args
    return args


def ck_paper_step(draws: Draws, live: Live) -> bool:
    """Cities & Knights without a board: any legal action, arguments from _ck_paper_args."""
    state = live.state
    if state["phase"] == "finished":
        return False
    rng = draws.rng
    pairs = [(a, k) for a in _actors(state) for k in sorted(allowed_actions(state, a))
             for _ in range(CK_WEIGHTS.get(k, 1))]
    if not pairs:
        return False
    for _ in range(12):
        actor, kind = rng.choice(pairs)
        if live.do(kind, actor, **_ck_paper_args(rng, state, actor, kind)):
            break
    return True


def two_players_step(modules) -> Callable:
    """Catan for two (test_two_players' random games, without its gifts of cards that the
    records would not hold): any legal action of the two seats, arguments from the views;
    bank trades and development cards too."""
    two = modules.two

    def step(draws: Draws, live: Live) -> bool:
        state = live.state
        if state["phase"] == "finished":
            return False
        if state["phase"] == "event":  # an Events of Catan card asks the phones (test_events_hands)
            return modules.events_hands._event_step(draws, live)
        rng = draws.rng
        choices = two._choices(state)
        for seat in range(2):
            allowed = allowed_actions(state, {"seat": seat})
            choices += [(k, seat) for k in ("trade_bank", "play_dev") if k in allowed] * 2
        if not choices:
            return False
        for _ in range(8):
            kind, i = rng.choice(choices)
            actor = two.ACTORS[i]
            held = state["players"][i]["hand"]
            if kind == "trade_bank":
                give = max(hands.RESOURCES, key=lambda r: held[r])
                args = {"give": give, "get": rng.choice([r for r in hands.RESOURCES if r != give])}
            elif kind == "play_dev":
                cards = [c["card"] for c in state["players"][i]["dev_hand"]] or ["knight"]
                args = {"card": rng.choice(cards), "resource": rng.choice(hands.RESOURCES),
                        "resources": [rng.choice(hands.RESOURCES), rng.choice(hands.RESOURCES)]}
            else:
                try:
                    args = two._arguments(draws, state, kind, actor)
                except Reject:
                    continue
            if live.do(kind, actor, **args):
                break
        return True

    return step


class _PlayedLike:
    """What the Explorers & Pirates driver acts on (tests/engine/played.py's Played: `state`,
    `act` raising IllegalAction on a refusal), played on a Live game."""

    def __init__(self, live: Live):
        self.live = live

    @property
    def state(self) -> dict:
        return self.live.state

    def act(self, kind: str, actor: dict = TABLE_ACTOR, **args):
        if not self.live.do(kind, actor, **args):
            raise IllegalAction("refused")  # nothing changed: the driver goes on as after a refusal

    def refused(self, kind: str, actor: dict = TABLE_ACTOR, **args) -> str:
        """The refusal's code ("" when the engine would take it); nothing is recorded."""
        try:
            apply(clone(self.live.state), {"type": kind, "actor": actor, "args": args}, self.live.chance)
        except IllegalAction as refusal:
            return refusal.code
        return ""


def ep_step(modules) -> Callable:
    """Explorers & Pirates (Land Ho!): test_explorers_pirates_properties' step, which taps
    what the board offers and the buttons a phone has (sailing east, to the face-down hexes)."""
    driver = modules.ep

    def step(draws: Draws, live: Live) -> bool:
        if live.state["phase"] == "finished":
            return False
        try:
            driver.step(draws, _PlayedLike(live))
        except IllegalAction:
            pass  # a refused step changes nothing: the next one draws again
        return True

    return step


def played_step(step_of: Callable) -> Callable:
    """A property test's step(data, game) that acts on a tests/engine/played.py Played (the
    Traders & Barbarians scenarios', the Explorers & Pirates missions'), played on a Live game;
    its False (no move in this phase) ends the game."""

    def step(draws: Draws, live: Live) -> bool:
        if live.state["phase"] == "finished":
            return False
        try:
            return step_of(draws, _PlayedLike(live)) is not False
        except IllegalAction:
            return True  # a refused step changes nothing: the next one draws again

    return step


def rivers_step(modules) -> Callable:
    """Rivers of Catan: test_rivers_properties' legal-looking actions, one drawn at a time."""

    def step(draws: Draws, live: Live) -> bool:
        if live.state["phase"] == "finished":
            return False
        options = modules.rivers.candidates(_PlayedLike(live))
        if not options:
            return False
        kind, actor, args = options[draws.rng.randrange(len(options))]
        live.do(kind, actor, **args)
        return True

    return step


def fishermen_step(modules) -> Callable:
    """Fishermen of Catan: test_fishermen_properties' fish decisions, else its step of any phase."""
    fishermen = modules.fishermen

    def step(draws: Draws, live: Live) -> bool:
        if live.state["phase"] == "finished":
            return False
        if not fishermen.fish_step(draws, live):
            fishermen.step(draws, live)
        return True

    return step


def with_redo(step) -> Callable:
    """A driver's step, with undos now and then and redos after most undos."""

    def wrapped(draws: Draws, live: Live) -> bool:
        rng = draws.rng
        if live.history["undone"] and rng.random() < 0.5:
            live.redo()
            return True
        if live.history["effective"] and live.state["phase"] != "finished" and rng.random() < 0.025:
            live.undo()
            return True
        return step(draws, live)

    return wrapped


# ---------------------------------------------------------------- the games


class BoardDraws:
    """The board generators' randint(n), as services.lay_out_board draws it."""

    def __init__(self, secret: bytes):
        self.chance = Chance(secret)
        self.count = 0

    def randint(self, n: int) -> int:
        self.count += 1
        return self.chance.randint("board", self.count, n)


def make_config(players: int, board: str = "none", seed: int = 0, **extra) -> dict:
    """A new game's config as the site stores it: the board laid out, then validated."""
    config = {"players": [{"name": NAMES[i], "color": base.COLORS[i]} for i in range(players)],
              "board": board, **extra}
    frame = "base_5_6" if players >= 5 else "base"
    draws = BoardDraws(seeded_secret(seed))
    if "board_layout" in extra:  # a whole board given (as an imported game's config holds it)
        pass
    elif board == "beginner":
        config["board_layout"] = boards.beginner_board()
    elif board == "random":
        config["board_layout"] = boards.random_board(frame, draws)
    elif board == "balanced":
        config["board_layout"], config["board_balance"] = boards.balanced_board(frame, draws)
    if extra.get("scenario") and "board_layout" in config:  # the scenario makes the board its own, as the site does
        config["board_layout"] = rules_for(config).lay_out(config["board_layout"], draws)
    base.check_table(config, rules_for(config))
    return as_stored(new_game(config)["config"])


def ep_config(players: int, seed: int = 0, scenario: str = "land_ho", **extra) -> dict:
    """An Explorers & Pirates game (Land Ho! unless said): the scenario's own board (the engine
    lays it out), the four colours the box has."""
    config = {"rules": "explorers_pirates", "scenario": scenario, "board": "beginner",
              "players": [{"name": NAMES[i], "color": base.COLORS[i]} for i in range(players)], **extra}
    return as_stored(new_game(config)["config"])


def rivers_board() -> dict:
    """Rivers of Catan's board: the rulebook lays its rivers by a picture (the site has the table
    enter such a board by hand); the rivers' engine tests' board, given whole."""
    from tests.engine.test_rivers import rivers_layout

    return rivers_layout()


def traders_barbarians_board() -> dict:
    """The scenario Traders & Barbarians' board: placed by the rulebook's picture (the site has the
    table enter it by hand); its engine tests' board, given whole."""
    from tests.engine.test_traders_barbarians import tb_layout

    return tb_layout()


def seen(*kinds, actions=(), turns=0, at_least=1, gold=()):
    """A game is kept when its log wrote these kinds, its records hold these actions, gold was
    earned for these reasons and it reached this turn."""

    def check(live: Live) -> bool:
        done = Counter(r["action"]["type"] for r in live.records if r["kind"] == "action")
        return (all(live.kinds[k] >= at_least for k in kinds) and all(done[a] for a in actions)
                and all(live.reasons[r] for r in gold) and live.state["turn"]["number"] >= turns)

    return check


def undone_and_redone(live: Live) -> bool:
    kinds = Counter(r["kind"] for r in live.records)
    return kinds["undo"] >= 2 and kinds["redo"] >= 1


GAMES_SPEC = [
    # name, description, config, driver, records wanted, what the game must show
    ("base_paper_3", "Base game, no board, paper cards, 3 players, virtual dice (the driver switches sources)",
     lambda s: make_config(3, dice_source="virtual"), "paper", 160,
     seen("rolled", "discarded", "bought_dev", "played_dev", "turn_ended", turns=6)),
    ("base_paper_4", "Base game, no board, paper cards, 4 players, typed dice",
     lambda s: make_config(4, dice_source="typed"), "paper", 200,
     seen("rolled", "discarded", "bought_dev", "played_dev", "robber_moved", turns=8)),
    ("base_beginner_hands_4", "Base game, beginner board, hands on phones, 4 players: trades, 7s, robber",
     lambda s: make_config(4, "beginner", s, play_mode="hands", dice_source="virtual"), "hands", 220,
     seen("discarded", "stole", "bought_dev", "traded", "bank_trade", turns=8)),
    ("base_random_board_paper_4", "Base game, random board, paper cards, 4 players (taps from the views)",
     lambda s: make_config(4, "random", s, play_mode="paper", dice_source="virtual"), "board", 200,
     seen("built_road", "robber_moved", "bought_dev", turns=8)),
    ("base_random_hands_5", "Base game, random board (5-6 extension), hands on phones, 5 players, special build phase",
     lambda s: make_config(5, "random", s, play_mode="hands", dice_source="virtual"), "hands", 240,
     seen("special_build", "traded", "discarded", turns=8)),
    ("base_balanced_hands_6", "Base game, balanced board (5-6 extension), hands on phones, 6 players, special build",
     lambda s: make_config(6, "balanced", s, play_mode="hands", dice_source="virtual"), "hands", 240,
     seen("special_build", "traded", turns=7)),
    ("ck_paper_4", "Cities & Knights without a board, paper cards, 4 players",
     lambda s: make_config(4, rules="cities_knights", dice_source="virtual"), "ck_paper", 200,
     seen("improved", "built_knight", "progress_drawn", "played_progress", "ship_moved", turns=6)),
    ("ck_board_hands_4", "Cities & Knights, random board, hands on phones, 4 players",
     lambda s: make_config(4, "random", s, rules="cities_knights", play_mode="hands", dice_source="virtual"), "ck", 240,
     seen("improved", "built_knight", "progress_drawn", "ship_moved", turns=8)),
    ("ck_advanced_battle_4", "Cities & Knights with the advanced battle, random board, hands on phones, 4 players",
     lambda s: make_config(4, "random", s, rules="cities_knights", play_mode="hands", dice_source="virtual",
                           variants={"advanced_battle": True}), "ck", 250,
     seen("muster_started", "mustered", "built_knight", turns=8)),
    ("events_paper_4", "Events of Catan deck, base game, no board, paper cards, 4 players",
     lambda s: make_config(4, dice_source="events"), "paper", 200,
     seen("event_revealed", "event_effect", "discarded", turns=8)),
    ("events_board_paper_4", "Events of Catan deck, beginner board, paper cards, 4 players",
     lambda s: make_config(4, "beginner", s, play_mode="paper", dice_source="events", target=12), "events_board",
     200, seen("event_revealed", "event_effect", turns=10)),
    ("events_hands_4", "Events of Catan deck, base game, random board, hands on phones, 4 players",
     lambda s: make_config(4, "random", s, play_mode="hands", dice_source="events"), "events_hands", 240,
     seen("event_revealed", "event_effect", "traded", turns=8)),
    ("ck_events_hands_4", "Events of Catan deck in Cities & Knights, random board, hands on phones, 4 players",
     lambda s: make_config(4, "random", s, rules="cities_knights", play_mode="hands", dice_source="events"),
     "ck_events", 240, seen("event_revealed", "improved", "ship_moved", turns=8)),
    ("friendly_robber_hands_4", "Option friendly robber, random board, hands on phones, 4 players",
     lambda s: make_config(4, "random", s, play_mode="hands", dice_source="virtual",
                           variants={"friendly_robber": True}), "hands", 220,
     seen("robber_moved", "discarded", "traded", turns=8)),
    ("harbormaster_board_paper_4", "Option Harbormaster (target 11), random board, paper cards, 4 players: "
     "builds are free on paper, so harbour points add up and the card changes hands",
     lambda s: make_config(4, "random", s, play_mode="paper", dice_source="virtual", target=11,
                           variants={"harbormaster": True}), "board", 200,
     seen("harbormaster", "robber_moved", turns=8, at_least=2)),
    ("two_players_hands", "Catan for two, random board, hands on phones, virtual dice",
     lambda s: make_config(2, "random", s, play_mode="hands", dice_source="virtual", variants={"two_players": True}),
     "two", 200, seen("neutral_built", "rolled", turns=8)),
    ("two_players_events_hands", "Catan for two on the Events of Catan deck, random board, hands on phones",
     lambda s: make_config(2, "random", s, play_mode="hands", dice_source="events", variants={"two_players": True}),
     "two", 180, seen("neutral_built", "event_revealed", turns=6)),
    ("ep_land_ho_hands_4", "Explorers & Pirates, Land Ho!, hands on phones, 4 players, virtual dice: ships sail "
     "east, face-down hexes are turned over, compensation gold",
     lambda s: ep_config(4, s, play_mode="hands", dice_source="virtual"), "ep", 240,
     seen("rolled", "ep_ship_built", "ep_movement", "ep_ship_moved", "ep_hex_revealed", "ep_settlement_founded",
          gold=("compensation", "discovery"), turns=8)),
    ("ep_land_ho_paper_3", "Explorers & Pirates, Land Ho!, paper cards, 3 players, virtual dice: builds are free on "
     "paper, harbours and settlers come quickly, a game to its end",
     lambda s: ep_config(3, s, play_mode="paper", dice_source="virtual"), "ep", 200,
     seen("rolled", "ep_harbour_built", "ep_settler_built", "ep_settler_loaded", "ep_ship_moved", "ep_hex_revealed",
          "ep_settlement_founded", "won", gold=("compensation", "discovery"), turns=8)),
    # Every scenario and the travel edition's variant for two (the layout sweep's moments come from here too)
    ("tb_fishermen_hands_4", "Traders & Barbarians, Fishermen of Catan, random board, hands on phones, 4 players",
     lambda s: make_config(4, "random", s, play_mode="hands", dice_source="virtual", scenario="fishermen"),
     "fishermen", 220, seen("fish_caught", "fish_spent", "old_boot_drawn", "fish_returned", turns=8)),
    ("tb_rivers_hands_4", "Traders & Barbarians, Rivers of Catan, a whole rivers board given, hands on phones, "
     "4 players",
     lambda s: make_config(4, "random", s, play_mode="hands", dice_source="virtual", scenario="rivers",
                           board_layout=rivers_board()),
     "rivers", 220, seen("gold_earned", "wealthiest", "poor", "built_bridge", turns=8)),
    ("tb_caravans_hands_4", "Traders & Barbarians, The Caravans, random board, hands on phones, 4 players, typed dice",
     lambda s: make_config(4, "random", s, play_mode="hands", dice_source="typed", scenario="caravans"),
     "caravans", 220, seen("camel_vote", "camel_placed", turns=8)),
    ("tb_barbarian_attack_hands_4", "Traders & Barbarians, Barbarian Attack, random board, hands on phones, 4 "
     "players, typed dice",
     lambda s: make_config(4, "random", s, play_mode="hands", dice_source="typed", scenario="barbarian_attack"),
     "barbarian_attack", 220,
     seen("knight_placed", "knight_moved", "treason", "intrigue", "barbarians_landed", turns=8)),
    ("tb_traders_barbarians_hands_4", "Traders & Barbarians, the scenario Traders & Barbarians, its board given "
     "whole, hands on phones, 4 players, typed dice",
     lambda s: make_config(4, "random", s, play_mode="hands", dice_source="typed", scenario="traders_barbarians",
                           board_layout=traders_barbarians_board()),
     "traders_barbarians", 220, seen("tb_delivered", "tb_barbarian_moved", "tb_wagon_upgraded", turns=8)),
    ("ep_pirate_lairs_hands_4", "Explorers & Pirates, Pirate Lairs, hands on phones, 4 players, virtual dice",
     lambda s: ep_config(4, s, scenario="pirate_lairs", play_mode="hands", dice_source="virtual"), "ep_pirate_lairs",
     220, seen("pl_lair_found", "pl_crews_landed", "ep_pirates_placed", turns=8)),
    ("ep_fish_for_catan_hands_4", "Explorers & Pirates, Fish for Catan, hands on phones, 4 players, virtual dice",
     lambda s: ep_config(4, s, scenario="fish_for_catan", play_mode="hands", dice_source="virtual"),
     "ep_fish_for_catan", 220, seen("ff_shoal_caught", "ep_pirates_stole", turns=8)),
    ("ep_spices_for_catan_hands_4", "Explorers & Pirates, Spices for Catan, hands on phones, 4 players, virtual dice",
     lambda s: ep_config(4, s, scenario="spices_for_catan", play_mode="hands", dice_source="virtual"),
     "ep_spices_for_catan", 220, seen("sp_spice_found", "sp_merchant_placed", turns=8)),
    ("ep_explorers_pirates_hands_4", "Explorers & Pirates, the scenario Explorers & Pirates (all three missions), "
     "hands on phones, 4 players, virtual dice",
     lambda s: ep_config(4, s, scenario="finale", play_mode="hands", dice_source="virtual"),
     "ep_explorers_pirates", 220, seen("pl_lair_found", "ff_fish_found", "sp_spice_found", turns=8)),
    ("travel_two_players_hands", "The travel edition's Catan for two (14 trade cards, at most 7 held), random "
     "board, hands on phones, virtual dice",
     lambda s: make_config(2, "random", s, play_mode="hands", dice_source="virtual",
                           variants={"two_players": True, "travel_two_players": True}),
     "two", 200, seen("neutral_built", "forced_gave", "tokens_earned", turns=8)),
]


def step_for(driver: str, modules):
    if driver.startswith("ep_"):  # an Explorers & Pirates scenario with missions: its property test's DRIVER
        return played_step(getattr(modules, driver[3:]).DRIVER.step)
    return {
        "fishermen": fishermen_step(modules),
        "rivers": rivers_step(modules),
        "caravans": played_step(modules.caravans._step),
        "barbarian_attack": played_step(modules.barbarian_attack._step),
        "traders_barbarians": played_step(modules.traders_barbarians._step),
        "hands": modules.hands.step,
        "board": modules.board.step,
        "ck": modules.ck.step,
        "ck_paper": ck_paper_step,
        "ck_events": modules.ck_events.step,
        "events_board": modules.events._board_step,
        "events_hands": modules.events_hands._event_step,
        "two": two_players_step(modules),
        "ep": ep_step(modules),
    }[driver]


def answering(step: Callable) -> Callable:
    """The table answers a scenario's questions before the first roll as the app shows them
    (the first roll waits for them: base.open_questions), then the driver's steps go on."""
    from tests.engine.tb_driver import ANSWERS

    def answered(draws: Draws, live: Live) -> bool:
        state = live.state
        if state["phase"] in ("setup", "roll") and base.before_first_roll(state):
            questions = base.open_questions(rules_for(state["config"]), state)
            if questions:
                kind, args = ANSWERS[questions[0]](state)
                assert live.do(kind, TABLE_ACTOR, **args)
                return True
        return step(draws, live)

    return answered


def play(modules, config: dict, driver: str, wanted: int, seed: int) -> tuple[Live, Counter]:
    live = Live(config, seeded_secret(seed))
    draws = Draws(seed)
    troubles = Counter()
    if driver == "paper":  # test_properties' own loop: any legal action, undo, redo, undo and repeat
        for _ in range(4 * wanted):
            if len(live.records) >= wanted or live.state["phase"] == "finished":
                break
            try:
                modules.paper.play(draws, live, 1)
            except Reject:
                troubles["rejected draw"] += 1
        return live, troubles
    step = answering(with_redo(step_for(driver, modules)))
    for _ in range(6 * wanted):
        if len(live.records) >= wanted or live.state["phase"] == "finished":
            break
        try:
            if not step(draws, live):
                break
        except Reject:
            troubles["rejected draw"] += 1
        except AssertionError as error:  # a driver's expectation, not the engine's state (it is unchanged)
            troubles[f"driver assertion {str(error)[:60]!r}"] += 1
    return live, troubles


# ---------------------------------------------------------------- what the engine gives now


def points_of(records: list[dict]) -> list[int]:
    """Where to look: after about 1/4, 1/2 and 3/4 of the records (right after an undo or
    a redo when one is near) and at the end."""
    n = len(records)
    points = []
    for fraction in (0.25, 0.5, 0.75):
        start = max(1, round(n * fraction))
        near = [k for k in range(start, min(n, start + n // 8) + 1) if records[k - 1]["kind"] in ("undo", "redo")]
        points.append(near[0] if near else start)
    return sorted(set(points + [n]))


def expected_at(config: dict, records: list[dict], k: int) -> dict:
    state, history = fold(as_stored(config), as_stored(records[:k]))  # no chance: the recorded outcomes only
    n = len(state["players"])
    return as_first_written(config, records[:k], clone({
        "records": k,
        "summary": summary(state, k, reveal=True),
        "history": history,
        "views": {str(viewer): view(state, viewer, version=k) for viewer in [TABLE, *range(n)]},
        "logs": {str(seat): log_for(state, seat) for seat in range(n)},
    }))


UNDONE_LINE = "undone_revealing"
# A file's logs hold a steal (the robber's, an Events card's, a Bishop's, a forced trade) in one
# line, as the engine writes it now; the files without this mark were written before, in two.
STEAL_LINES = {"steal_lines": "merged"}


def as_first_written(config: dict, records: list[dict], point: dict) -> dict:
    """A point in the corpus's first format, which test_corpus.py compares with (it takes what
    the engine added since out of the replay): the history without "revealing", a phone's view
    without "vp_sources", the logs without the "undone_revealing" lines and numbered as
    without them. A steal's and a several-cards line are written as the engine writes them now
    (one line each): the file says so (STEAL_LINES), and test_corpus.py splits them back only
    in the files written before."""
    saved = step_module.LOG_LIMIT
    step_module.LOG_LIMIT = 10**9
    try:
        whole = fold(as_stored(config), as_stored(records))[0]["log"]
    finally:
        step_module.LOG_LIMIT = saved
    lines = [e["n"] for e in whole if e["kind"] == UNDONE_LINE]

    def renumbered(log: list[dict]) -> list[dict]:
        return [{**e, "n": e["n"] - sum(1 for m in lines if m < e["n"])} for e in log if e["kind"] != UNDONE_LINE]

    point["history"].pop("revealing", None)
    for shown in point["views"].values():
        if shown.get("me"):
            shown["me"].pop("vp_sources", None)
        shown["log"] = renumbered(shown["log"])
    point["logs"] = {seat: renumbered(log) for seat, log in point["logs"].items()}
    return point


def shared_log_entries(points: list[dict]) -> dict:
    """The logs (each seat's, and the latest entries in each view) as indices into one list
    of the distinct entries: most entries are the same for every seat and at every point,
    and the files stay small. test_corpus.py puts the entries back before comparing."""
    entries, index = [], {}

    def ref(entry: dict) -> int:
        key = json.dumps(entry, sort_keys=True)
        if key not in index:
            index[key] = len(entries)
            entries.append(entry)
        return index[key]

    for point in points:
        for seat, log in point["logs"].items():
            point["logs"][seat] = [ref(e) for e in log]
        for shown in point["views"].values():
            shown["log"] = [ref(e) for e in shown["log"]]
    shared = share_subtrees(points)
    return {"log_entries": entries, "shared": shared, "points": points}


SHARED_MIN = 200  # characters of JSON: smaller parts are written where they are


def share_subtrees(points: list[dict]) -> list:
    """Parts of the views that recur (the players, the board: most of a seat's view is the
    table's too) are written once, in `shared`, and as {"$shared": i} where they were."""
    def canonical(node) -> str:
        return json.dumps(node, sort_keys=True, separators=(",", ":"))

    counts = Counter()

    def count(node) -> None:
        if isinstance(node, (dict, list)):
            counts[canonical(node)] += 1
            for child in (node.values() if isinstance(node, dict) else node):
                count(child)

    for point in points:
        for shown in point["views"].values():
            for part in shown.values():
                count(part)
    shared, index = [], {}

    def replace(node):
        if isinstance(node, dict):
            text = canonical(node)
            inner = {k: replace(v) for k, v in sorted(node.items())}
        elif isinstance(node, list):
            text = canonical(node)
            inner = [replace(v) for v in node]
        else:
            return node
        if counts[text] < 2 or len(text) < SHARED_MIN:
            return inner
        if text not in index:
            index[text] = len(shared)
            shared.append(inner)
        return {"$shared": index[text]}

    for point in points:
        for viewer in sorted(point["views"]):
            point["views"][viewer] = {k: replace(v) for k, v in sorted(point["views"][viewer].items())}
    return shared


def build(name: str, description: str, make, driver: str, wanted: int, keep, modules, tries: int = 60) -> dict:
    base_seed = zlib.crc32(name.encode()) % 100_000
    for attempt in range(tries):
        seed = base_seed + attempt
        config = make(seed)
        live, troubles = play(modules, config, driver, wanted, seed)
        if not (keep(live) and undone_and_redone(live)):
            continue
        records = as_stored(live.records)
        final, history = fold(config, as_stored(records))
        assert final == live.state and history == live.history, name
        kinds = Counter(r["kind"] for r in records)
        return {
            "name": name,
            "description": description,
            "generated": {"seed": seed, "secret": f"seeded_secret({seed})", "attempt": attempt,
                          "driver": driver, "driver_troubles": dict(sorted(troubles.items()))},
            "stats": {"records": len(records), "actions": kinds["action"], "undos": kinds["undo"],
                      "redos": kinds["redo"], "turn": live.state["turn"]["number"], "phase": live.state["phase"],
                      "log_kinds": dict(sorted(live.kinds.items()))},
            "export": {**FORMAT, "game": name.upper(), "config": config, "records": records},
            **STEAL_LINES,
            **shared_log_entries([expected_at(config, records, k) for k in points_of(records)]),
        }
    raise SystemExit(f"{name}: no game in {tries} tries showed what it must")


def main(argv: list[str]) -> None:
    if os.environ.get("PYTHONHASHSEED") != "0":  # set iteration order: the same files every run
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        sys.exit(subprocess.call([sys.executable, "-m", "tests.corpus.make_corpus", *argv], env=env))
    with driven() as modules:
        write_games(set(argv), modules)


def write_games(wanted: set, modules) -> None:
    unknown = wanted - {spec[0] for spec in GAMES_SPEC}
    if unknown:
        raise SystemExit(f"unknown games: {sorted(unknown)}")
    GAMES.mkdir(exist_ok=True)
    for name, description, make, driver, records, keep in GAMES_SPEC:
        if wanted and name not in wanted:
            continue
        game = build(name, description, make, driver, records, keep, modules)
        text = json.dumps(game, sort_keys=True, indent=1, ensure_ascii=False) + "\n"
        (GAMES / f"{name}.json").write_text(text, encoding="utf-8")
        stats = game["stats"]
        print(f"{name}: {stats['records']} records ({stats['undos']} undo, {stats['redos']} redo), "
              f"turn {stats['turn']}, {stats['phase']}, points {[p['records'] for p in game['points']]}, "
              f"{len(text.encode()) // 1024} KB, attempt {game['generated']['attempt']}"
              + (f", driver troubles {game['generated']['driver_troubles']}" if game["generated"]["driver_troubles"]
                 else ""), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
