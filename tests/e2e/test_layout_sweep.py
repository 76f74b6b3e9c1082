"""Every ruleset and every moment that has a screen, measured on phones in a real browser.

The moments come from the corpus (tests/corpus/games/*.json: random legal games of every
ruleset, recorded with their outcomes): each game's records are replayed by the engine and
the first record at which each distinct moment appears is kept, a moment being (the game,
its phase, the kinds of decision pending, whether some seat owes an answer). A bounded
selection of them (MAX_MOMENTS) covers every phase and every pending kind the corpus
reaches in every ruleset it plays: the base game on paper and with hands, 5-6 players and
the special building phase, Cities & Knights (its decisions: spy, harbour offer and answer,
mustering knights, progress discard ...), the Events of Catan deck (its choices), the
friendly robber, the Harbormaster, Catan for two.

Each moment is re-created on a server of this module's own: a game with the corpus game's
config and seed, its records up to that moment written into the database as the site
stores them (with their recorded outcomes: a live replay would draw other dice and cards
from the engine's chance as it is now) and folded by services.current_state, in a
separate process. Then the phone of each seat that must act (the pending seats, else the
seats with an action, else the seat whose turn it is) is opened with its join link at
360×740 and 390×844: nothing scrolls sideways, a board is no wider than the phone, and
the action of the moment (`#actions > .now`) has its first control on screen at the top of
the page and at its end (a tap on the board: its targets within the phone's width). The
table screen of each corpus game is checked once, at its first moment (1366×768 and
1920×1080: one screen, nothing sideways, the essentials on it).

The moments checked are the parametrized test's ids: game-r<records applied>-phase[kinds].
Pending kinds the corpus never reaches (most Cities & Knights decisions: lose_city,
aqueduct, wedding, deserter ...) are not here; test_layout_phases.py brings a game to a
lost city by hand.
"""
import copy
import json
from functools import lru_cache

import pytest

from .harness import ROOT, close_join_codes, server_with_games
from .test_layout import action_bar_on_screen, check_phone, check_table
from .test_layout_phases import at_phone_sizes, control_on_screen, no_sideways_scroll, open_phone, open_table

pytestmark = pytest.mark.e2e

CORPUS = ROOT / "tests" / "corpus" / "games"
MAX_MOMENTS = 50  # every (rules, phase, pending kind) once and every corpus game: 47 with Explorers & Pirates
EVERY_GAME_PHASES = {"setup", "roll", "main", "finished"}
TRADE_ANSWERS = {"answer_offer", "counter_offer", "withdraw_offer"}  # open to everyone in a main phase


# ---------------------------------------------------------------- the corpus's moments (engine only)


def _load(name: str) -> dict:
    return json.loads((CORPUS / f"{name}.json").read_text(encoding="utf-8"))


def _replayed(export: dict):
    """(records applied, state, history) at the start and after each record, with recorded
    outcomes (the same objects, changed as the game goes on: copy what is kept)."""
    from companion.engine import advance, new_game, new_history
    from companion.engine.game import copy_state

    state, history, before, by_seq = new_game(export["config"]), new_history(), {}, {}
    yield 0, state, history
    for index, record in enumerate(export["records"]):
        record = copy.deepcopy(record)
        by_seq[record["seq"]] = record
        if record["kind"] == "redo":
            record["original"] = by_seq[record["target"]]
        if record["kind"] == "action":
            before[record["seq"]] = copy_state(state)
        state = advance(state, history, record, lambda seq: copy_state(before[seq]))
        yield index + 1, state, history


def _actors(state: dict) -> list[int]:
    """The seats that must act: those owing an answer, else those with an action (trade
    answers aside), else the seat whose turn it is."""
    from companion.engine import view

    pending = sorted({p["seat"] for p in state["pending"]})
    if pending:
        return pending
    acting = [seat for seat in range(len(state["players"]))
              if set(view(state, seat)["allowed"]) - TRADE_ANSWERS]
    return acting or [state["turn"]["seat"]]


def _features(config: dict) -> set[str]:
    """What makes a game's screens differ: rules, the Events deck, options, paper or hands,
    a board or none, 5-6 players."""
    features = {config["rules"], config["play_mode"], "board" if config.get("board", "none") != "none" else "no board"}
    if config.get("dice_source") == "events":
        features.add("events")
    features |= {name for name, on in (config.get("variants") or {}).items() if on}
    if len(config["players"]) >= 5:
        features.add("5-6 players")
    return features


def _family(config: dict) -> str:
    return config["rules"]


@lru_cache(maxsize=1)
def corpus_moments() -> tuple[dict, ...]:
    """Every game's moments, each at the first record where it appears."""
    found = []
    for path in sorted(CORPUS.glob("*.json")):
        name, export = path.stem, _load(path.stem)["export"]
        seen = set()
        for index, state, _history in _replayed(export):
            kinds = tuple(sorted({p["kind"] for p in state["pending"]}))
            key = (state["phase"], kinds, bool(state["pending"]))
            if key in seen:
                continue
            seen.add(key)
            found.append({"game": name, "index": index, "phase": key[0], "kinds": kinds, "owed": key[2],
                          "seats": _actors(state), "board": state["board"] is not None,
                          "features": sorted(_features(export["config"])), "family": _family(export["config"])})
    return tuple(found)


def select(moments, limit: int = MAX_MOMENTS) -> list[dict]:
    """A bounded choice: first every (phase, pending kind) of the corpus once in each family
    of rules (the base game, Cities & Knights), then greedily
    the moments that add the most (feature, phase, kinds) not yet covered, a feature of few
    games (an option, the Events deck, 5-6 players) weighing more than a common one, a
    moment that asks something more than one every game has all the time; every
    game at least once (its table screen is checked at its first moment)."""
    games_with = {}
    for game, features in {m["game"]: m["features"] for m in moments}.items():
        for feature in features:
            games_with[feature] = games_with.get(feature, 0) + 1
    chosen, covered = [], set()

    def pairs(moment):
        return {(feature, moment["phase"], moment["kinds"]) for feature in moment["features"]}

    def gain(moment):  # a moment that asks something weighs more than a roll or a setup step
        weight = 1 if moment["phase"] not in EVERY_GAME_PHASES else 0.5
        return weight * sum(1 / games_with[feature] for feature, *_ in pairs(moment) - covered)

    def take(moment):
        chosen.append(moment)
        covered.update(pairs(moment))

    shapes = set()
    for moment in moments:
        family = moment["family"]
        shape = {(family, moment["phase"], ())} | {(family, moment["phase"], kind) for kind in moment["kinds"]}
        if not shape <= shapes:
            shapes |= shape
            take(moment)
    for game in dict.fromkeys(m["game"] for m in moments):
        if not any(m["game"] == game for m in chosen):
            take(max((m for m in moments if m["game"] == game), key=gain))
    while len(chosen) < limit:
        best = max((m for m in moments if m not in chosen), key=gain, default=None)
        if best is None or not gain(best):
            break
        take(best)
    return sorted(chosen, key=lambda m: (m["game"], m["index"]))


def moment_id(moment: dict) -> str:
    kinds = f"[{'+'.join(moment['kinds'])}]" if moment["kinds"] else ""
    return f"{moment['game']}-r{moment['index']}-{moment['phase']}{kinds}"


MOMENTS = select(corpus_moments())
TABLE_CHECKED = {m["game"]: moment_id(m) for m in reversed(MOMENTS)}  # each game's first moment


# ---------------------------------------------------------------- the games, made on the server's database
# (run in a separate process: `python -c` with CATAN_DATA_DIR set to the server's folder)


def make_moments(ids) -> dict:
    """Each moment's game: created with the corpus game's config and seed, its records up
    to the moment stored as the site stores them, folded by services; its code, host key,
    join tokens and what services say of it."""
    from companion import services
    from companion.engine.game import copy_state
    from companion.models import Record, Snapshot

    wanted = {moment_id(m): m for m in MOMENTS}
    made = {}
    for moment_key in ids:
        moment = wanted[moment_key]
        corpus = _load(moment["game"])
        export = corpus["export"]
        game = services.create_game(copy.deepcopy(export["config"]), seed=corpus["generated"]["seed"])
        records = export["records"][:moment["index"]]
        Record.objects.bulk_create([Record(game=game, seq=r["seq"], kind=r["kind"],
                                           payload={k: v for k, v in r.items() if k not in ("seq", "kind")})
                                    for r in records])
        # A snapshot every SNAPSHOT_EVERY records, as the site keeps them (an undo folds
        # from the nearest one before it).
        for index, state, history in _replayed(export):
            if index and index % services.records.SNAPSHOT_EVERY == 0 and index < len(records):
                Snapshot.objects.create(game=game, seq=records[index - 1]["seq"], state=copy_state(state),
                                        history=copy.deepcopy(history))
            if index == len(records):
                break
        game.version = records[-1]["seq"] if records else 0
        game.save(update_fields=["version"])
        state, history = services.current_state(game)
        game.phase = state["phase"]
        game.save(update_fields=["phase"])
        if game.version:
            Snapshot.objects.create(game=game, seq=game.version, state=state, history=history)
        made[moment_key] = {"code": game.code, "key": game.host_token,
                            "tokens": [s.join_token for s in game.seats.order_by("index")],
                            "phase": state["phase"], "active": state["turn"]["seat"],
                            "pending": sorted({(p["seat"], p["kind"]) for p in state["pending"]})}
    return made


@pytest.fixture(scope="module")
def prepared(tmp_path_factory, browser):
    """A server of this module's own and every moment's game made on its database."""
    make = ("from tests.e2e.test_layout_sweep import make_moments; "
            "print(json.dumps(make_moments(json.loads(sys.stdin.read()))))")
    with server_with_games(tmp_path_factory.mktemp("layout-sweep"), make,
                           stdin=json.dumps([moment_id(m) for m in MOMENTS])) as (url, games):
        yield url, games, {}


# ---------------------------------------------------------------- the checks


def test_the_sweep_covers_every_phase_and_pending_kind():
    """Every phase and pending kind the corpus reaches is among the moments checked, in at
    most MAX_MOMENTS moments, and every corpus game is among them."""
    everything = corpus_moments()
    assert len(MOMENTS) <= MAX_MOMENTS
    assert {m["game"] for m in MOMENTS} == {m["game"] for m in everything}
    reached = {(m["phase"], kind) for m in everything for kind in m["kinds"] or (None,)}
    checked = {(m["phase"], kind) for m in MOMENTS for kind in m["kinds"] or (None,)}
    assert reached <= checked, f"not checked: {sorted(reached - checked, key=str)}"
    print("\n".join(["moments checked:", *(f"  {moment_id(m)} seats {m['seats']}" for m in MOMENTS)]))


@pytest.mark.parametrize("moment", MOMENTS, ids=moment_id)
def test_every_moment_fits_the_phones(prepared, browser, moment):
    url, games, phones = prepared
    key = moment_id(moment)
    game = games[key]
    assert game["phase"] == moment["phase"], f"{key}: services replayed it to {game['phase']}"
    assert sorted({kind for _seat, kind in game["pending"]}) == list(moment["kinds"]), game["pending"]
    if TABLE_CHECKED[moment["game"]] == key:
        table = open_table(browser, url, game)
        close_join_codes(table)  # the phones are not joined: the codes would cover the table
        try:
            check_table(table, "cities_knights" if "cities_knights" in moment["features"] else "base",
                        f"{key}, table screen", board=moment["board"])
        finally:
            table.context.close()
    for seat in moment["seats"]:
        phone = open_phone(browser, prepared, key, seat)
        phone.set_default_timeout(5000)
        try:
            for size in at_phone_sizes(phone):
                where = f"{key}, seat {seat}, {size}"
                if moment["board"]:
                    check_phone(phone, where)  # nothing sideways, the board no wider than the phone
                else:
                    no_sideways_scroll(phone, where)
                check_action_of_the_moment(phone, where)
        finally:
            phones.pop((key, seat)).context.close()


def check_action_of_the_moment(phone, where: str) -> None:
    """The phone's action of the moment on screen at the top of the page and at its end: the
    first control of its bar; when the action is a tap on the board (a setup step, the
    robber's hex, a road an earthquake damages, a neutral piece), the bar that says so if
    there is one, and the board's targets within the phone's width (no sideways pan).
    Nothing when the phone has nothing to do (paper cards: the table enters it)."""
    bar = phone.locator("#actions > .now")
    if bar.count() and bar.first.locator("button, label").count():
        action_bar_on_screen(phone, where)
        return
    targets = phone.locator("#board .target")
    if bar.count():
        control_on_screen(phone, bar.first, where)
        assert targets.count(), f"{where}: the action of the moment has no control and the board no target"
    width = phone.viewport_size["width"]
    for i in range(targets.count()):
        targets.nth(i).evaluate("t => t.scrollIntoView({block: 'center', inline: 'center'})")  # the board pans in its box
        box = targets.nth(i).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"{where}: a board target needs a sideways pan"
