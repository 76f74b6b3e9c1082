"""One screen contract per layer package (companion/machinery/contract.py), and the shell that
loops over them: the screens' registry in step with the rules' one, no module found by its
name, the steps a viewer owes, and a panel of its own for each layer that has one."""
import ast
import re
from pathlib import Path

import pytest
from django.template.loader import get_template

from companion import engine, services
from companion.layers import PACKAGES
from companion.layers.screens import CONTRACTS
from companion.machinery import board as boards
from companion.machinery.contract import Screens, Words
from companion.web import contracts, rendering
from companion.web.screen_context import screen_context

from .helpers import TABLE

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = [{"name": "Ala", "color": "red"}, {"name": "Bartek", "color": "blue"}, {"name": "Celina", "color": "orange"}]


def test_every_layer_package_has_one_contract_in_the_registrys_order():
    assert [contract.layers for contract in CONTRACTS] == [package.LAYERS for package in PACKAGES]
    assert all(isinstance(contract, Screens) for contract in CONTRACTS)


@pytest.mark.parametrize("contract", CONTRACTS, ids=lambda contract: contract.name)
def test_a_contracts_partials_exist(contract):
    for template in contract.partials.values():
        get_template(template)  # raises when it is not there


def test_a_contract_refuses_a_slot_or_a_table_it_does_not_know():
    with pytest.raises(ValueError):
        Screens(layers=(), partials={"sidebar": "x.html"})
    with pytest.raises(ValueError):
        Screens(layers=(), reads={"hand": ("x",)})
    with pytest.raises(ValueError):
        Words(names={"PHASE_NAMES": {}})
    from companion.messages import LayerNames
    with pytest.raises(ValueError):
        LayerNames("GOLD_REASONS")  # the old attribute's name: a table is declared in a contract


SHELL = [ROOT / "companion" / "messages.py", *sorted((ROOT / "companion" / "web").glob("*.py"))]


@pytest.mark.parametrize("path", SHELL, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_the_shell_finds_no_module_by_its_name(path):
    """No module found by a name built from a package's (find_spec, import_module of an
    f-string or of a __name__), no hook looked up on a module (getattr/hasattr on a module,
    a screens or a package): the shell reads the contracts' fields. (Django's own settings
    may name a module: the session engine.)"""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
        where = f"{path.name}:{node.lineno}"
        assert called != "find_spec", where
        if called == "import_module":
            argument = node.args[0]
            assert not isinstance(argument, ast.JoinedStr), where
            assert "__name__" not in ast.unparse(argument), where
        if called in ("getattr", "hasattr"):
            target = node.args[0]
            assert not (isinstance(target, ast.Name) and target.id in ("module", "screens", "package")), \
                f"{where} looks a hook up on a module"


def test_the_shell_check_would_see_a_discovery(tmp_path):
    """Not vacuous: the old discovery of a layer's screens module is caught."""
    planted = tmp_path / "planted.py"
    planted.write_text('import importlib\nfrom companion.layers import PACKAGES\n'
                       'found = [importlib.import_module(f"{p.__name__}.screens") for p in PACKAGES]\n')
    with pytest.raises(AssertionError):
        test_the_shell_finds_no_module_by_its_name(planted)


# ---------------------------------------------------------------- the steps a viewer owes


def _hands_game():
    return services.create_game({"rules": "base", "players": PLAYERS, "dice_source": "typed", "board": "beginner",
                                 "board_layout": boards.beginner_board(), "play_mode": "hands"}, seed=11)


@pytest.mark.parametrize("contract", CONTRACTS, ids=lambda contract: contract.name)
def test_a_layer_that_asks_for_decisions_says_who_owes_them(contract):
    from companion.machinery.contract import owes_nothing
    asks = any(layer.pending for layer in contract.layers)
    # (a layer may owe steps of its own beside pending decisions: Explorers & Pirates' movement)
    assert contract.owed is not owes_nothing or not asks


@pytest.mark.django_db
def test_a_pending_decision_is_the_step_its_seat_owes_and_no_one_elses():
    game = _hands_game()
    for dice in ([1, 3], [2, 2], [3, 1]):  # three 4s: Celina holds 9 cards
        services.perform(game, TABLE, "roll", {"dice": dice})
        services.perform(game, TABLE, "end_turn")
    services.perform(game, TABLE, "roll", {"dice": [3, 4]})
    game.refresh_from_db()
    celina = screen_context(game, 2)
    assert celina["owed"] == {"kind": "discard", "label": "A 7: give back 4 cards.",
                              "partial": "partials/owed_forms.html", "blocks_end": True, "board": False}
    assert celina["owed_steps"] == [celina["owed"]]
    for viewer in (0, 1, engine.TABLE):
        context = screen_context(game, viewer)
        assert context["owed"] is None and context["owed_steps"] == []


# ---------------------------------------------------------------- a panel of its own


def _ck_game():
    game = services.create_game({"rules": "cities_knights", "players": PLAYERS, "dice_source": "typed",
                                 "board": "none", "play_mode": "paper"}, seed=5)
    for _ in range(2 * len(PLAYERS)):
        services.perform(game, TABLE, "place_setup")
    game.refresh_from_db()
    return game


def _screen(game, viewer):
    return rendering.Screen(rendering.load_game(pk=game.pk), viewer, "en", "http://testserver")


def _push(screen):
    latest = screen.game.__class__.objects.get(pk=screen.game.pk).version
    return rendering.frame(screen, latest, database=True)


def test_a_layers_panel_is_a_fragment_of_its_own_after_the_dice():
    names = engine.rules_for({"rules": "cities_knights"}).names
    for kind, how in (("table", rendering.SHARED), ("seat", rendering.PRIVATE)):
        fragments = rendering.fragments_for(kind, names)
        after_dice = [name for name, _how in fragments].index("dice") + 1
        assert fragments[after_dice] == ("panel-cities_knights", how)
        assert [entry for entry in fragments if not entry[0].startswith("panel-")] == list(rendering.FRAGMENTS[kind])
    assert rendering.fragments_for("table", engine.rules_for({"rules": "base"}).names) == rendering.FRAGMENTS["table"]


@pytest.mark.django_db
@pytest.mark.parametrize("viewer", [engine.TABLE, 0])
def test_a_panels_push_replaces_only_its_own_element(viewer):
    game = _ck_game()
    screen = _screen(game, viewer)
    first = _push(screen)
    panel = re.findall(r'<section id="panel-cities_knights" hx-swap-oob="true"[^>]*>', first)
    assert len(panel) == 1 and 'id="ck"' not in first and 'id="panels"' not in first
    services.perform(game, TABLE, "roll", {"dice": [1, 2], "event": "ship"})  # the barbarians' ship moves
    second = _push(screen)
    shown = re.search(r'<section id="panel-cities_knights".*?</section>', second, re.S)
    assert shown and 'data-ship="1"' in shown.group(0)
    assert _push(screen) == ""  # nothing new: the panel is not sent again


@pytest.mark.django_db
def test_the_full_page_holds_every_panel_in_its_place():
    game = _ck_game()
    html = rendering.render_to_string("partials/seat_fragments.html", screen_context(game, 0))
    assert re.search(r'<div id="panels" class="panels"[^>]*><section id="panel-cities_knights"', html)
    base = services.create_game({"rules": "base", "players": PLAYERS, "dice_source": "typed", "board": "none"}, seed=1)
    empty = rendering.render_to_string("partials/seat_fragments.html", screen_context(base, 0))
    assert re.search(r'<div id="panels" class="panels"[^>]*></div>', empty)  # nothing inside: .panels:empty hides it
