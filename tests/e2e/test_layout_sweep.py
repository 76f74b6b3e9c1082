"""Every ruleset and every moment that has a screen, measured in a real browser: this file
sweeps the base game's family (the base game on paper and with hands, 5-6 players and the
special building phase, Cities & Knights, the Events of Catan deck, the friendly robber, the
Harbormaster, Catan for two and the travel edition's variant for two), and holds what the other
sweep files share: test_layout_sweep_tb.py sweeps the Traders & Barbarians scenarios,
test_layout_sweep_ep.py Explorers & Pirates (Land Ho! and the missions), each on a server of its
own (the two test workers share them); test_layout_sweep_checks.py makes every check fail once
on a page broken on purpose.

The moments come from the corpus (tests/corpus/games/*.json: random legal games of every
ruleset, recorded with their outcomes): each game's records are replayed by the engine and
the first record at which each distinct moment appears is kept, a moment being (the game,
its phase, the kinds of decision pending, whether some seat owes an answer). A bounded
selection of each file's moments (its MAX_MOMENTS) covers every phase and every pending kind
its corpus games reach in every family of rules (the rules and the scenario) and every game.

Each moment is re-created on the file's server: a game with the corpus game's config and
seed, its records up to that moment written into the database as the site stores them (with
their recorded outcomes: a live replay would draw other dice and cards from the engine's
chance as it is now) and folded by services.current_state, in a separate process. Then:
- the phone of each seat that must act (the pending seats, else the seats with an action,
  else the seat whose turn it is), opened with its join link at 360×740 and again (reloaded)
  at 390×844: nothing scrolls sideways; the step it owes (`[data-testid="owed-step"]`, the bar
  pinned at the bottom) wholly in the window on arrival, and there whenever the screen contract
  says the seat owes a step; every board target's hit area at least 44×44 CSS px as the phone
  shows the board (tests/e2e/page_checks.py hit-tests it); the board's box no wider than the
  phone and the action of the moment on screen at the top of the page and at its end (a tap on
  the board: its targets reachable without a sideways pan of the page);
- the table screen at 1366×768 and 1920×1080: one screen, nothing sideways, the essentials on it;
- on every page: no console error, no uncaught error, no Content Security Policy violation, and
  axe-core's audit (axe-playwright-python, run once a page, at the phone's 360 px and the
  table's 1366 px) without a serious or critical violation.
The moments alternate between English and Polish (the browser's language), so both are swept.
A moment's failures are reported together, page by page.

The moments checked are the parametrized tests' ids: game-r<records applied>-phase[kinds].
Pending kinds the corpus never reaches (most Cities & Knights decisions: lose_city,
aqueduct, wedding, deserter ..., Pirate Lairs' conquest) are not here; test_layout_phases.py
brings a game to a lost city by hand.
"""
import copy
import json
import warnings
from functools import lru_cache

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from . import page_checks
from .harness import ROOT, close_join_codes, server_with_games
from .test_layout import action_bar_on_screen, check_phone, check_table
from .test_layout_phases import PHONE_SIZES, RESYNCED, control_on_screen, no_sideways_scroll

pytestmark = pytest.mark.e2e

CORPUS = ROOT / "tests" / "corpus" / "games"
PART = "base"  # this file's games (part_of)
MAX_MOMENTS = 50  # every (rules, phase, pending kind) once and every game of the part are 41 now; the rest
# the moments of an option, the Events deck, 5-6 players ... (about 3.5 s a moment on this machine)
EVERY_GAME_PHASES = {"setup", "roll", "main", "finished"}
TRADE_ANSWERS = {"answer_offer", "counter_offer", "withdraw_offer"}  # open to everyone in a main phase
TABLE_SIZES = ((1366, 768), (1920, 1080))
LANGUAGES = {"en": "en-GB", "pl": "pl-PL"}
# The phone's pinned owed step (partials/owed_bar.html); checked once a template draws it.
OWED_STEP = 'data-testid="owed-step"'


@lru_cache(maxsize=1)
def owed_step_drawn() -> bool:
    return any(OWED_STEP in path.read_text(encoding="utf-8")
               for path in [*ROOT.glob("templates/**/*.html"), *ROOT.glob("companion/layers/**/templates/**/*.html")])


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
    a board or none, 5-6 players, a scenario."""
    features = {config["rules"], config["play_mode"], "board" if config.get("board", "none") != "none" else "no board"}
    if config.get("dice_source") == "events":
        features.add("events")
    if config.get("scenario"):
        features.add(f"scenario {config['scenario']}")
    features |= {name for name, on in (config.get("variants") or {}).items() if on}
    if len(config["players"]) >= 5:
        features.add("5-6 players")
    return features


def _family(config: dict) -> str:
    """Rules whose every phase and pending kind is checked once: the core and its scenario."""
    return "/".join(filter(None, (config["rules"], config.get("scenario"))))


def part_of(config: dict) -> str:
    """Which sweep file checks the game: Explorers & Pirates ("ep"), a scenario of Traders &
    Barbarians ("tb"), the base game's family ("base")."""
    if config["rules"] == "explorers_pirates":
        return "ep"
    return "tb" if config.get("scenario") else "base"


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
                          "features": sorted(_features(export["config"])), "family": _family(export["config"]),
                          "part": part_of(export["config"])})
    return tuple(found)


def moments_of(part: str) -> tuple[dict, ...]:
    return tuple(m for m in corpus_moments() if m["part"] == part)


def select(moments, limit: int = MAX_MOMENTS) -> list[dict]:
    """A bounded choice: first every (phase, pending kind) of the corpus once in each family
    of rules (the base game, Cities & Knights, each scenario), then greedily
    the moments that add the most (feature, phase, kinds) not yet covered, a feature of few
    games (an option, the Events deck, 5-6 players) weighing more than a common one, a
    moment that asks something more than one every game has all the time; every
    game at least once."""
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


def language_of(moments: list[dict], moment: dict) -> str:
    """Every other moment of a file in Polish."""
    return "pl" if moments.index(moment) % 2 else "en"


MOMENTS = select(moments_of(PART))


# ---------------------------------------------------------------- the games, made on the server's database
# (run in a separate process: `python -c` with CATAN_DATA_DIR set to the server's folder)


def make_moments(ids) -> dict:
    """Each moment's game: created with the corpus game's config and seed, its records up
    to the moment stored as the site stores them, folded by services; its code, host key,
    join tokens, what services say of it, and the steps each seat owes (the screen contracts)."""
    from companion import engine, services
    from companion.engine.game import copy_state
    from companion.models import Record, Snapshot
    from companion.web import contracts

    wanted = {moment_id(m): m for m in corpus_moments()}
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
        layers = engine.rules_for(state["config"]).names
        made[moment_key] = {"code": game.code, "key": game.host_token,
                            "tokens": [s.join_token for s in game.seats.order_by("index")],
                            "phase": state["phase"], "active": state["turn"]["seat"],
                            "pending": sorted({(p["seat"], p["kind"]) for p in state["pending"]}),
                            "owes": {str(seat): [step.kind for step in contracts.owed(layers, engine.view(state, seat),
                                                                                       seat)]
                                     for seat in range(len(state["players"]))}}
    return made


def sweep_server(moments: list[dict], name: str):
    """A module's fixture `prepared`: a server of the module's own and every moment's game made
    on its database (`browser` first: without chromium the tests are skipped before anything
    starts)."""

    @pytest.fixture(scope="module")
    def prepared(tmp_path_factory, browser):
        make = ("from tests.e2e.test_layout_sweep import make_moments; "
                "print(json.dumps(make_moments(json.loads(sys.stdin.read()))))")
        with server_with_games(tmp_path_factory.mktemp(name), make,
                               stdin=json.dumps([moment_id(m) for m in moments])) as (url, games):
            yield url, games

    return prepared


prepared = sweep_server(MOMENTS, "layout-sweep")


# ---------------------------------------------------------------- the checks


def check_coverage(part: str, moments: list[dict], limit: int) -> None:
    """Every phase and pending kind the part's corpus games reach is among the moments
    checked, in at most `limit` moments, and every game of the part is among them."""
    everything = moments_of(part)
    assert everything, f"no corpus game for the sweep of {part!r}"
    assert len(moments) <= limit, f"{len(moments)} moments, more than {limit}"
    assert {m["game"] for m in moments} == {m["game"] for m in everything}
    reached = {(m["family"], m["phase"], kind) for m in everything for kind in m["kinds"] or (None,)}
    checked = {(m["family"], m["phase"], kind) for m in moments for kind in m["kinds"] or (None,)}
    assert reached <= checked, f"not checked: {sorted(reached - checked, key=str)}"
    print("\n".join([f"moments checked ({part}):", *(f"  {moment_id(m)} seats {m['seats']}" for m in moments)]))


def test_the_sweep_covers_every_phase_and_pending_kind():
    check_coverage(PART, MOMENTS, MAX_MOMENTS)


def test_the_sweep_parts_hold_every_corpus_game():
    """Every corpus game is swept by one of the files (a new kind of game needs a part)."""
    assert {m["part"] for m in corpus_moments()} == {"base", "tb", "ep"}


@pytest.mark.parametrize("moment", MOMENTS, ids=moment_id)
def test_every_moment_passes_the_checks(prepared, browser, moment):
    sweep_moment(prepared, browser, moment, language_of(MOMENTS, moment))


class Findings:
    """A moment's failures, page by page, reported together at its end."""

    def __init__(self, key: str):
        self.key = key
        self.lines: list[str] = []

    def add(self, where: str, problems: list[str]) -> None:
        self.lines += [f"{where}: {problem}" for problem in problems]

    def check(self, where: str, check, *args) -> None:
        """An assertion-style check of test_layout.py's: its failure (or the browser's refusal of a
        locator it uses) recorded, the sweep goes on."""
        try:
            check(*args)
        except (AssertionError, PlaywrightError) as failure:
            self.lines.append(f"{where}: {str(failure).splitlines()[0]}")

    def report(self) -> None:
        assert not self.lines, f"{self.key}: {len(self.lines)} problems\n" + "\n".join(self.lines)


def open_page(browser, url: str, language: str, size, mobile: bool):
    """A new browser page, watched (console, page errors, CSP) from its first document."""
    page = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=LANGUAGES[language],
                               is_mobile=mobile).new_page()
    page.set_default_timeout(5000)
    watch = page_checks.Watch(page)
    page.add_init_script(RESYNCED)
    page.goto(url)
    settled(page, language)
    return page, watch


def settled(page, language: str) -> None:
    """The page in its language, its socket's first push (every part, on connecting) swapped in."""
    expect(page.locator("#status")).to_be_visible()
    expect(page.locator("html[data-resynced]")).to_have_count(1)
    expect(page.locator("html")).to_have_attribute("lang", language)


def sweep_moment(prepared, browser, moment: dict, language: str = "en") -> None:
    """Every check of the moment, on the table screen and on the phone of each seat that acts."""
    url, games = prepared
    key = moment_id(moment)
    game = games[key]
    assert game["phase"] == moment["phase"], f"{key}: services replayed it to {game['phase']}"
    assert sorted({kind for _seat, kind in game["pending"]}) == list(moment["kinds"]), game["pending"]
    found = Findings(key)
    check_table_screen(browser, url, game, moment, language, found)
    for seat in moment["seats"]:
        check_phone_screen(browser, url, game, moment, seat, language, found)
    found.report()


def check_table_screen(browser, url: str, game: dict, moment: dict, language: str, found: Findings) -> None:
    table, watch = open_page(browser, f"{url}/g/{game['code']}/table/?key={game['key']}", language,
                             TABLE_SIZES[0], mobile=False)
    try:
        close_join_codes(table)  # the phones are not joined: the codes would cover the table
        where = f"table ({language})"
        found.check(where, check_table, table, "cities_knights" if "cities_knights" in moment["features"] else "base",
                    where, moment["board"])  # both sizes, back at the first
        for width, height in TABLE_SIZES:
            table.set_viewport_size({"width": width, "height": height})
            found.add(f"{where}, {width}×{height}", page_checks.sideways(table))
        table.set_viewport_size({"width": TABLE_SIZES[0][0], "height": TABLE_SIZES[0][1]})
        found.add(where, watch.problems())
        found.add(f"{where}, {TABLE_SIZES[0][0]}×{TABLE_SIZES[0][1]}", page_checks.accessibility(table))
    finally:
        table.context.close()


def check_phone_screen(browser, url: str, game: dict, moment: dict, seat: int, language: str,
                       found: Findings) -> None:
    """The seat's phone at each size, each time as it arrives (opened, then reloaded at the next)."""
    owes = game["owes"][str(seat)]
    phone, watch = open_page(browser, f"{url}/g/{game['code']}/join/{game['tokens'][seat]}/", language,
                             PHONE_SIZES[0], mobile=True)
    try:
        for i, (width, height) in enumerate(PHONE_SIZES):
            if i:
                phone.set_viewport_size({"width": width, "height": height})
                phone.reload()
                settled(phone, language)
            where = f"seat {seat} ({language}), {width}×{height}"
            found.add(where, page_checks.sideways(phone))
            if owed_step_drawn():
                found.add(where, page_checks.owed_step_off_screen(phone, owes))  # on arrival, nothing scrolled
            elif owes:
                warnings.warn(f"{where}: the owed step {owes} is not checked: no template draws {OWED_STEP} yet")
            found.add(where, page_checks.small_targets(phone))
            found.check(where, check_phone if moment["board"] else no_sideways_scroll, phone, where)
            found.check(where, check_action_of_the_moment, phone, where)
            if not i:
                phone.evaluate("window.scrollTo(0, 0)")
                found.add(where, page_checks.accessibility(phone))
        found.add(f"seat {seat} ({language})", watch.problems())
    finally:
        phone.context.close()


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
    # Each target scrolled into view in turn (the board pans in its box), then measured: all in
    # one pass of the page's script (a round trip per target made this the sweep's slowest check).
    boxes = targets.evaluate_all("""ts => ts.map(t => {
        t.scrollIntoView({block: 'center', inline: 'center'});
        const b = t.getBoundingClientRect();
        return {x: b.x, width: b.width, height: b.height};
    })""")
    width = phone.viewport_size["width"]
    for box in boxes:
        assert box["width"] and box["height"], f"{where}: a board target is not drawn"
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"{where}: a board target needs a sideways pan"
