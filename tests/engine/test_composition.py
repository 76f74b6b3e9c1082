"""Rules composed per game from layers (companion/machinery/composition.py).

- the structure: no import cycles among the engine's modules, and no module writes into
  another module's tables (both read from the source, so a new layer is checked too);
- which layers combine, from the rulebooks, and that every refused combination is
  refused when the game is created, with a code that says why;
- random legal games for every allowed combination keep the invariants: replay gives
  the live state, undo/redo round trips (the drivers check them as they play), cards are
  conserved, every phase and pending decision is one a layer of the game declares, and a
  seat's view shows no other seat's hidden cards;
- the bugs the composition fixed: Harbormaster in Cities & Knights, the friendly robber
  counting every kind of Cities & Knights point.
"""
import ast
import itertools
import json
import pathlib

import pytest

from companion import layers as registry
from companion.engine import TABLE, IllegalAction, apply, fold, new_game, rules_for, ruleset, view
from companion.layers.cores.base import rules as base
from companion.layers.options.friendly_robber import rules as friendly_robber
from companion.layers.options.harbormaster import rules as harbormaster
from companion.machinery import board as boards
from companion.machinery import hands
from tests.corpus import make_corpus
from tests.engine.test_traders_barbarians import tb_layout  # the scenario's board, targets and barbarians

ROOT = pathlib.Path(__file__).resolve().parents[2]
PURE = [ROOT / "companion" / "engine", ROOT / "companion" / "machinery", ROOT / "companion" / "layers"]
PRESENTATION = {"messages.py", "screens.py", "forms.py"}
T = {"role": "table"}


def pure_modules() -> dict[str, pathlib.Path]:
    found = {}
    for folder in PURE:
        for path in folder.rglob("*.py"):
            if path.name in PRESENTATION or "templates" in path.parts:
                continue
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imports_of(name: str, path: pathlib.Path, modules: dict) -> set[str]:
    """The engine modules `name` imports (a `from package import module` names the module)."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name in modules}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                source = node.module
            for alias in node.names:
                if f"{source}.{alias.name}" in modules:
                    found.add(f"{source}.{alias.name}")
                elif source in modules:
                    found.add(source)
    return found - {name}


def test_no_import_cycles_in_the_engine_and_layers():
    modules = pure_modules()
    graph = {name: imports_of(name, path, modules) for name, path in modules.items()}
    assert graph["companion.engine.game"] >= {"companion.layers"}, "the engine composes from the registry"
    cycles, state = [], {}

    def visit(node, stack):
        state[node] = "open"
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                cycles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, stack + [nxt])
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    assert not cycles, f"import cycles: {cycles}"


def test_the_cycle_check_would_see_a_cycle(tmp_path):
    """Not vacuous: two modules importing each other are found."""
    (tmp_path / "a.py").write_text("from pkg import b\n")
    (tmp_path / "b.py").write_text("from pkg.a import thing\n")
    modules = {"pkg.a": tmp_path / "a.py", "pkg.b": tmp_path / "b.py"}
    assert imports_of("pkg.a", modules["pkg.a"], modules) == {"pkg.b"}
    assert imports_of("pkg.b", modules["pkg.b"], modules) == {"pkg.a"}


def writes_into_other_modules(path: pathlib.Path) -> list[str]:
    """Module-level statements that change a name taken from another module: `x.T[k] = v`,
    `x.T.append(...)`, `x.T.update(...)`, `x.name = ...` where x is an imported module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = set()
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            imported |= {alias.asname or alias.name.split(".")[0] for alias in node.names}
    found = []

    def root_name(node):
        while isinstance(node, (ast.Attribute, ast.Subscript)):
            node = node.value
        return node.id if isinstance(node, ast.Name) else None

    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        targets = []
        if isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            targets = [t for t in targets if isinstance(t, (ast.Attribute, ast.Subscript))]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in ("append", "extend", "update", "insert", "setdefault", "add", "pop"):
            targets = [node.func.value] if isinstance(node.func.value, ast.Attribute) else []
        found += [f"{path.name}:{node.lineno}" for t in targets if root_name(t) in imported]
    return found


def module_level(path: pathlib.Path) -> pathlib.Path:
    """The same module with its function bodies emptied: only what runs at import."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            node.body = [ast.Pass()]
    return tree


@pytest.mark.parametrize("name", sorted(pure_modules()))
def test_no_module_writes_into_another_modules_tables(name, tmp_path):
    path = pure_modules()[name]
    stripped = tmp_path / path.name
    stripped.write_text(ast.unparse(module_level(path)), encoding="utf-8")
    assert writes_into_other_modules(stripped) == []


def test_the_patching_check_would_see_a_patch(tmp_path):
    patch = tmp_path / "patch.py"
    patch.write_text("from pkg import base\nbase.ACTIONS['x'] = 1\nbase.HOOKS.append(print)\n")
    assert len(writes_into_other_modules(patch)) == 2


def test_a_layers_tables_are_its_own_and_compositions_do_not_share_them():
    plain = rules_for({"rules": "base"})
    options = rules_for({"rules": "base", "variants": {"harbormaster": True}})
    assert "set_harbormaster" in options.actions and "set_harbormaster" not in plain.actions
    assert "buy_dev" not in rules_for({"rules": "cities_knights"}).actions and "buy_dev" in plain.actions
    assert base.LAYER.actions is not plain.actions
    with pytest.raises(TypeError):
        plain.actions["x"] = None  # a composition is read-only


def test_every_layer_declares_its_phases_and_the_registry_has_each_once():
    names = [layer.name for layer in registry.LAYERS]
    assert len(names) == len(set(names))
    cores = [layer for layer in registry.LAYERS if layer.core]
    assert {c.name for c in cores} >= {"base", "cities_knights"}
    for layer in registry.LAYERS:
        for spec in layer.actions.values():
            assert spec.phases, f"{layer.name}.{spec.name} names no phase"


def test_a_layers_view_key_is_its_name():
    """One name per concept (issue 30): a layer's part of a view lies under its own name, or
    another's of its package (a mission's: its scenario's; the Events deck's Cities & Knights
    edition: the deck's). Only the game options share a key, "variants". Its part of the state
    may keep an older key (`state_key`: saved games hold it), never the view's."""
    for package in registry.PACKAGES:
        names = {layer.name for layer in package.LAYERS} | {layer.scenario for layer in package.LAYERS if layer.scenario}
        for layer in package.LAYERS:
            if layer.view_key == "variants":
                assert layer.options and not layer.core, layer.name
            elif layer.view_key is not None:
                assert layer.view_key in names, (layer.name, layer.view_key)
            assert layer.state_key is None or layer.state_key not in (layer.name, layer.view_key), layer.name


# ---------------------------------------------------------------- which layers combine

PLAYERS = [{"name": n, "color": c} for n, c in zip(("Ala", "Bartek", "Celina", "Darek"), base.COLORS)]
BASE_OPTIONS = ("friendly_robber", "harbormaster")
TWO_PLAYER_OPTIONS = ("two_players", "travel_two_players")
CK_OPTIONS = ("friendly_robber", "harbormaster", "advanced_battle")


def options_subsets(options):
    return [dict.fromkeys(chosen, True) for n in range(len(options) + 1) for chosen in itertools.combinations(options, n)]


@pytest.mark.parametrize("variants", options_subsets(BASE_OPTIONS + TWO_PLAYER_OPTIONS),
                         ids=lambda v: "+".join(v) or "none")
@pytest.mark.parametrize("core", ["base", "cities_knights"])
def test_every_combination_is_composed_or_refused_with_a_reason(core, variants):
    two = any(name in variants for name in TWO_PLAYER_OPTIONS)
    players = PLAYERS[:2] if two else PLAYERS[:4]
    config = {"rules": core, "players": players, "variants": variants}
    if core == "cities_knights" and two:
        with pytest.raises(IllegalAction) as caught:
            new_game(config)
        assert caught.value.code == "two_players_base_only"  # the rulebook leaves C&K for two to a download
        return
    if "travel_two_players" in variants and "two_players" not in variants:
        with pytest.raises(IllegalAction) as caught:
            new_game(config)
        assert caught.value.code == "travel_needs_two_players"  # the travel cards are Catan for two's tokens
        return
    state = new_game(config)
    rules = ruleset(state)
    assert rules.core.name == core
    assert set(rules.options) >= set(variants)


@pytest.mark.parametrize("config, code", [
    ({"rules": "base", "variants": {"advanced_battle": True}}, "variant_not_in_rules"),
    ({"rules": "base", "variants": {"no_such_option": True}}, "unknown_variant"),
    ({"rules": "base", "variants": {"two_players": True}}, "two_players_count"),
    ({"rules": "no_such_rules"}, "unknown_rules"),
    ({"rules": "base", "scenario": "no_such_scenario"}, "unknown_scenario"),
    # Traders & Barbarians' scenarios are played with the base game (the rulebook leaves other
    # combinations to changes it does not give), and with the board in the app.
    ({"rules": "cities_knights", "scenario": "fishermen"}, "fishermen_base_only"),
    ({"rules": "cities_knights", "scenario": "rivers"}, "rivers_base_only"),
    ({"rules": "cities_knights", "scenario": "caravans"}, "caravans_base_only"),
    ({"rules": "base", "scenario": "fishermen", "board": "none"}, "fishermen_needs_board"),
    ({"rules": "base", "scenario": "rivers", "board": "none"}, "rivers_need_board"),
    ({"rules": "base", "scenario": "caravans", "board": "none"}, "caravans_need_board"),
    ({"rules": "cities_knights", "scenario": "barbarian_attack"}, "barbarian_attack_base_only"),
    ({"rules": "base", "scenario": "barbarian_attack", "board": "none"}, "barbarian_attack_needs_board"),
    ({"rules": "cities_knights", "scenario": "traders_barbarians"}, "tb_base_only"),
    ({"rules": "base", "scenario": "traders_barbarians", "board": "none"}, "tb_needs_board"),
])
def test_refused_combinations_are_refused_at_creation(config, code):
    with pytest.raises(IllegalAction) as caught:
        new_game({"players": PLAYERS[:4], **config})
    assert caught.value.code == code


# ---------------------------------------------------------------- random games of every combination

GAMES = [
    # (name, config maker, driver)
    *[(f"base_hands+{'+'.join(v) or 'none'}",
       lambda s, v=v: make_corpus.make_config(4, "random", s, play_mode="hands", dice_source="virtual", variants=v),
       "hands") for v in options_subsets(BASE_OPTIONS)],
    *[(f"base_events+{'+'.join(v) or 'none'}",
       lambda s, v=v: make_corpus.make_config(4, "random", s, play_mode="hands", dice_source="events", variants=v),
       "events_hands") for v in options_subsets(BASE_OPTIONS)],
    *[(f"ck_hands+{'+'.join(v) or 'none'}",
       lambda s, v=v: make_corpus.make_config(4, "random", s, rules="cities_knights", play_mode="hands",
                                              dice_source="virtual", variants=v),
       "ck") for v in options_subsets(CK_OPTIONS)],
    ("ck_events+harbormaster", lambda s: make_corpus.make_config(
        4, "random", s, rules="cities_knights", play_mode="hands", dice_source="events",
        variants={"harbormaster": True, "friendly_robber": True}), "ck_events"),
    ("two+none", lambda s: make_corpus.make_config(
        2, "random", s, play_mode="hands", dice_source="virtual", variants={"two_players": True}), "two"),
    ("two+friendly_robber+harbormaster", lambda s: make_corpus.make_config(
        2, "random", s, play_mode="hands", dice_source="virtual",
        variants={"two_players": True, "friendly_robber": True, "harbormaster": True}), "two"),
    ("two+events", lambda s: make_corpus.make_config(
        2, "random", s, play_mode="hands", dice_source="events", variants={"two_players": True}), "two"),
    ("travel+none", lambda s: make_corpus.make_config(
        2, "random", s, play_mode="hands", dice_source="virtual",
        variants={"two_players": True, "travel_two_players": True}), "two"),
    ("travel+friendly_robber+harbormaster+events", lambda s: make_corpus.make_config(
        2, "random", s, play_mode="hands", dice_source="events",
        variants={"two_players": True, "travel_two_players": True, "friendly_robber": True, "harbormaster": True}),
     "two"),
    ("barbarian_attack+two", lambda s: make_corpus.as_stored(new_game({
        "players": [{"name": n, "color": c} for n, c in (("Ala", "red"), ("Bartek", "blue"))], "board": "random",
        "play_mode": "hands", "dice_source": "virtual", "scenario": "barbarian_attack", "variants": {"two_players": True},
        "board_layout": registry.barbarian_attack.rules.lay_out(None, boards.random_board(
            "base", make_corpus.BoardDraws(make_corpus.seeded_secret(s))),
            make_corpus.BoardDraws(make_corpus.seeded_secret(s + 1)))})["config"]), "two"),
    *[(f"traders_barbarians+two+{source}", lambda s, source=source: make_corpus.as_stored(new_game({
        "players": [{"name": n, "color": c} for n, c in (("Ala", "red"), ("Bartek", "blue"))], "board": "random",
        "play_mode": "hands", "dice_source": source, "scenario": "traders_barbarians",
        "variants": {"two_players": True}, "board_layout": tb_layout()})["config"]), "two")
      for source in ("virtual", "events")],
    ("traders_barbarians+events", lambda s: make_corpus.as_stored(new_game({
        "players": [{"name": n, "color": c} for n, c in (("Ala", "red"), ("Bartek", "blue"), ("Celina", "white"))],
        "board": "random", "play_mode": "hands", "dice_source": "events", "scenario": "traders_barbarians",
        "board_layout": tb_layout()})["config"]), "events_hands"),
    *[(f"explorers_pirates+land_ho+{n}+{driver}", lambda s, n=n: make_corpus.as_stored(new_game({
        "rules": "explorers_pirates", "scenario": "land_ho", "play_mode": "hands", "dice_source": "virtual",
        "players": [{"name": f"P{i}", "color": c} for i, c in enumerate(("red", "blue", "white", "orange")[:n])]})
        ["config"]), driver) for n, driver in ((2, "paper"), (3, "paper"), (4, "paper"))],
    *[(f"explorers_pirates+pirate_lairs+{n}+{driver}", lambda s, n=n: make_corpus.as_stored(new_game({
        "rules": "explorers_pirates", "scenario": "pirate_lairs", "play_mode": "hands", "dice_source": "virtual",
        "players": [{"name": f"P{i}", "color": c} for i, c in enumerate(("red", "blue", "white", "orange")[:n])]})
        ["config"]), driver) for n, driver in ((2, "paper"), (4, "paper"))],
    # the later scenarios, and the free placement (board "free") that starts them in the rulebook
    *[(f"explorers_pirates+{scenario}+{board}", lambda s, scenario=scenario, board=board: make_corpus.as_stored(new_game({
        "rules": "explorers_pirates", "scenario": scenario, "play_mode": "hands", "dice_source": "virtual",
        "board": board, "players": [{"name": f"P{i}", "color": c} for i, c in enumerate(("red", "blue", "white"))]})
        ["config"]), "paper")
      for scenario, board in (("pirate_lairs", "free"), ("fish_for_catan", "beginner"), ("spices_for_catan", "free"),
                              ("explorers_pirates", "beginner"), ("explorers_pirates", "free"))],
]
RECORDS = 70


def card_totals(state: dict) -> dict:
    totals = dict(state["bank"])
    for seat in range(len(state["players"])):
        for kind, count in hands.hand(state, seat).items():
            totals[kind] = totals.get(kind, 0) + count
    return totals


@pytest.fixture
def drivers():
    with make_corpus.driven() as modules:  # the property tests' drivers, fed from a seeded random
        yield modules


@pytest.mark.parametrize("name, make, driver", GAMES, ids=[g[0] for g in GAMES])
def test_random_games_of_every_combination_keep_the_invariants(name, make, driver, drivers):
    config = make(7)
    live, _troubles = make_corpus.play(drivers, config, driver, RECORDS, 7)
    state = live.state
    assert len(live.records) >= RECORDS // 2 or state["phase"] == "finished", name
    rules = ruleset(state)
    # Replay: the records alone give the live state (no chance needed: outcomes are recorded).
    replayed, history = fold(json.loads(json.dumps(config)), json.loads(json.dumps(live.records)))
    assert replayed == state and history == live.history
    # Cards are conserved: the bank and the hands hold what the game started with.
    start = new_game(config)
    assert card_totals(state) == card_totals(start)
    if "two" in state:  # trade tokens (cards, in the travel edition) are conserved too, and capped
        two, at_start = state["two"], start["two"]
        assert sum(two["tokens"]) + two["pool"] == sum(at_start["tokens"]) + at_start["pool"]
        assert all(held <= two.get("limit", held) for held in two["tokens"])
    # Every phase and pending decision is one a layer of this game declares.
    assert state["phase"] in rules.phases
    assert {p["kind"] for p in state["pending"]} <= rules.pending
    # A seat's view shows no other seat's hand, development or progress cards.
    for seat in range(len(state["players"])):
        seen = view(state, seat)
        for other in range(len(state["players"])):
            if other == seat:
                continue
            hidden = [card["card"] for card in state["players"][other]["dev_hand"]]
            assert seen["me"]["seat"] == seat
            mine = json.dumps(seen["me"])
            assert f'"seat": {other},' not in mine or not hidden
        if "ck" in state and seen["cities_knights"]:
            assert seen["cities_knights"]["me"]["progress"] == state["players"][seat]["progress"]
    table = view(state, TABLE)
    assert table["me"] is None and (table["cities_knights"] is None or table["cities_knights"]["me"] is None)


# ---------------------------------------------------------------- what the composition fixed


def ck_board_game(**variants):
    """A Cities & Knights game on the beginner layout (the C&K rulebook refuses its own
    beginner board, so the layout is entered as a manual board), paper cards."""
    layout = boards.beginner_board()
    config = {"rules": "cities_knights", "players": PLAYERS[:4], "board": "random", "play_mode": "paper",
              "board_layout": layout, "variants": variants}
    return new_game(config)


def put_city(state: dict, seat: int, corner: str) -> None:
    state["board"]["pieces"]["cities"][corner] = seat
    state["players"][seat]["cities"] += 1


def harbour_corners(state: dict) -> list[str]:
    g = boards.geometry(state["board"]["layout"])
    return sorted({c for edge in state["board"]["layout"]["harbours"] for c in g.edge_corners[edge]})


def test_harbormaster_is_awarded_in_cities_and_knights():
    """Traders & Barbarians: Harbormaster combines unchanged with Cities & Knights. A city
    at a harbour is 2 harbour points; the first to 3 takes the card (2 VP); the target
    goes up by one (the form adds it)."""
    state = ck_board_game(harbormaster=True)
    rules = ruleset(state)
    assert "set_harbormaster" not in rules.actions or state["board"] is not None
    corners = harbour_corners(state)
    g = boards.geometry(state["board"]["layout"])
    first = corners[0]
    second = corners[-1]
    put_city(state, 1, first)
    state["phase"], state["turn"] = "main", {"number": 5, "seat": 0, "rolled": True, "dev_played": False}
    assert harbormaster.harbour_points(ruleset(state), state)[1] == 2
    before = rules.vp_total(state, 1)
    state, _ = apply(state, {"type": "end_turn", "actor": T})
    assert harbormaster.holder(state) is None  # 2 harbour points are not enough
    put_city(state, 1, second)
    state["phase"] = "main"  # the next player's turn, after their roll
    state, _ = apply(state, {"type": "end_turn", "actor": T})
    assert harbormaster.holder(state) == 1  # 4 harbour points: the card
    assert rules.vp_total(state, 1) == before + 2 + 2  # the second city, and the card's 2 VP
    assert view(state, TABLE)["players"][1]["vp_public"] == rules.vp_total(state, 1)
    assert view(state, TABLE)["variants"]["holder"] == 1


def test_the_friendly_robber_counts_every_cities_and_knights_point():
    """The friendly robber spares players with 2 points or fewer; in Cities & Knights the
    points include metropolises, the Defender of Catan, the merchant and progress-card
    points, so a player with one settlement and a metropolis (2 + 1 = ...) is fair game."""
    state = new_game({"rules": "cities_knights", "players": PLAYERS[:3], "variants": {"friendly_robber": True}})
    rules = ruleset(state)
    for player in state["players"]:
        player["settlements"] = 2
    assert friendly_robber.spared_seats(rules, state) == [0, 1, 2]
    state["players"][0]["defenders"] = 1  # a Defender of Catan card: 1 VP
    assert friendly_robber.spared_seats(rules, state) == [1, 2]
    state["ck"]["merchant"] = {"seat": 1, "hex": None}  # the merchant: 1 VP
    assert friendly_robber.spared_seats(rules, state) == [2]
    state["players"][2]["progress_vp"].append("printer")  # a progress card's point
    assert friendly_robber.spared_seats(rules, state) == []


# ---------------------------------------------------------------- phases and decisions are declared


def assigned_literals(path: pathlib.Path) -> tuple[set, set]:
    """The phases a module assigns (`...["phase"] = "x"`) and the pending kinds it asks
    for (`{"seat": s, "kind": "x"}`), as literals in its source."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    phases, kinds = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            for target in node.targets:
                if isinstance(target, ast.Subscript) and isinstance(target.slice, ast.Constant) \
                        and target.slice.value == "phase":
                    phases.add(node.value.value)
        if isinstance(node, ast.Dict):
            keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
            if "seat" in keys and "kind" in keys:
                value = node.values[keys.index("kind")]
                if isinstance(value, ast.Constant):
                    kinds.add(value.value)
    return phases, kinds


@pytest.mark.parametrize("package", registry.PACKAGES, ids=lambda p: p.__name__.rsplit(".", 1)[-1])
def test_every_phase_and_decision_a_layer_sets_is_declared_by_it(package):
    """A layer declares the phases and pending decisions it owns; what its rules assign
    must be among them, or be a phase of a core it is played on (play goes back to the
    core's turn: "roll", "main")."""
    own = package.LAYERS
    by_name = {layer.name: layer for layer in registry.LAYERS}
    below = [by_name[layer.extends] for layer in own if layer.extends]
    cores = [layer for layer in registry.LAYERS if layer.core
             and all(o.cores is None or layer.name in o.cores for o in own if not o.core)]
    cores += [by_name[core.extends] for core in cores if core.extends]  # and the core each is built on
    phases = frozenset().union(*(layer.phases for layer in [*own, *below, *cores]))
    pending = frozenset().union(*(layer.pending for layer in [*own, *below]))
    folder = pathlib.Path(package.__file__).parent
    for path in folder.glob("*.py"):
        if path.name in PRESENTATION:
            continue
        set_phases, asked = assigned_literals(path)
        assert set_phases <= phases, f"{path.name} sets phases it does not declare: {set_phases - phases}"
        assert asked <= pending, f"{path.name} asks for decisions it does not declare: {asked - pending}"


def test_the_declaration_check_reads_assignments():
    phases, kinds = assigned_literals(ROOT / "companion" / "layers" / "cores" / "base" / "rules.py")
    assert {"roll", "main", "robber", "steal"} <= phases and "discard" in kinds


def test_compositions_are_kept_per_kind_of_game_but_never_per_made_up_option():
    from companion.engine import game

    assert rules_for({"rules": "base", "variants": {"harbormaster": True}}) \
        is rules_for({"rules": "base", "variants": {"harbormaster": True}})
    kept = len(game._COMPOSED)
    for n in range(50):  # a hostile import may name any option: refused, and nothing kept
        with pytest.raises(IllegalAction):
            new_game({"players": PLAYERS[:3], "variants": {f"made_up_{n}": True}})
    assert len(game._COMPOSED) == kept
