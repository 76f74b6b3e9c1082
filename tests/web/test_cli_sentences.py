"""The command line speaks in sentences: a refusal says in words what is wrong and what to
type instead, in the environment's language (Polish when it starts with "pl"), and keeps
its code for scripts (--json). `newgame` gives a scenario the board it is usually played
with, its --help lists every scenario by box with its player counts, and README's table of
command-line entry points is true to the commands' options."""
import ast
import io
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from django.core.management import call_command, load_command_class
from django.core.management.base import CommandError
from django.utils import translation

from companion import services
from companion.engine import IllegalAction
from companion.models import Game
from companion.web.forms import CORES, SCENARIOS, NewGameForm

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = ROOT / "companion" / "management" / "commands"
PLAYERS = "Ala:red,Bartek:blue,Celina:white"
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

pytestmark = pytest.mark.django_db


@pytest.fixture
def language(monkeypatch):
    """Set the environment's language the way a shell does (only LANG, unless told more)."""
    def set_language(lang: str, **more):
        for name in LANGUAGE_VARIABLES:
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv("LANG", lang)
        for name, value in more.items():
            monkeypatch.setenv(name, value)
    return set_language


def refusal_of(*args, **options) -> CommandError:
    with pytest.raises(CommandError) as refused:
        call_command(*args, stdout=io.StringIO(), stderr=io.StringIO(), **options)
    return refused.value


def typed_line(hint: str) -> list[str]:
    """The command line after "Type instead:" / "Wpisz zamiast tego:", as a shell splits it."""
    found = re.search(r"(?:Type instead|Wpisz zamiast tego): python3 manage\.py (\w+) (.*?)(?: \((?:or|albo) .*\))?$",
                      hint, re.M)
    assert found, hint
    return [found.group(1), *shlex.split(found.group(2))]


# -- refusals in words -----------------------------------------------------------------------


def test_a_refused_game_says_in_english_what_is_wrong_and_what_to_type_instead(language):
    language("en_GB.UTF-8")
    refused = refusal_of("newgame", "--rules", "base", "--scenario", "fishermen", "--board", "none",
                         "--players", PLAYERS)
    text = str(refused)
    assert "fishermen_needs_board" not in text  # a sentence, not a code
    assert "Fishermen of Catan needs the board in the app" in text
    assert "Type instead: python3 manage.py newgame" in text
    assert refused.code == "fishermen_needs_board"
    # What it says to type is a game the app takes.
    words = typed_line(text)
    assert "--board" in words and words[words.index("--board") + 1] != "none"
    call_command(*words, "--json", stdout=io.StringIO())
    assert Game.objects.get().config["scenario"] == "fishermen"


def test_a_refused_game_says_it_in_polish_when_the_environment_is_polish(language):
    language("pl_PL.UTF-8")
    refused = refusal_of("newgame", "--scenario", "fishermen", "--board", "none", "--players", PLAYERS)
    text = str(refused)
    assert "fishermen_needs_board" not in text
    assert "Rybacy z Catanu wymagają planszy w aplikacji" in text
    assert "Wpisz zamiast tego: python3 manage.py newgame" in text
    assert refused.code == "fishermen_needs_board"
    assert translation.get_language() == "en"  # the command's language ends with it


def test_the_language_is_the_first_variable_set_in_gettexts_order(language):
    language("en_US.UTF-8", LANGUAGE="pl:en")
    assert "Nie ma tu gry o kodzie ZZZZZZ" in str(refusal_of("export", "ZZZZZZ"))
    language("pl_PL.UTF-8", LC_ALL="C.UTF-8")
    assert "There is no game with code ZZZZZZ here" in str(refusal_of("export", "ZZZZZZ"))
    language("C.UTF-8", LC_MESSAGES="pl_PL.UTF-8")
    assert "Nie ma tu gry o kodzie ZZZZZZ" in str(refusal_of("export", "ZZZZZZ"))


def test_json_carries_the_code_and_the_sentences(language):
    language("pl_PL.UTF-8")
    out = io.StringIO()
    with pytest.raises(CommandError):
        call_command("newgame", "--scenario", "rivers", "--players", "Ala:red,Bartek:blue,C:white,D:orange,E:green",
                     "--json", stdout=out, stderr=io.StringIO())
    refused = json.loads(out.getvalue())
    assert refused["ok"] is False and refused["code"] == "rivers_players"
    assert refused["message"] and refused["code"] not in refused["message"]
    assert "--players" in refused["hint"] and "3–4 gracze" in refused["hint"]  # Polish plural of 4


def test_a_refusal_from_the_command_line_prints_json_and_sentences_without_a_traceback(tmp_path):
    env = {**os.environ, "CATAN_NO_BOOTSTRAP": "1", "CATAN_DATA_DIR": str(tmp_path / "data"), "LANG": "pl_PL.UTF-8"}
    for name in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        env.pop(name, None)
    done = subprocess.run([sys.executable, str(ROOT / "manage.py"), "newgame", "--scenario", "traders_barbarians",
                           "--board", "random", "--players", PLAYERS, "--json"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr and "CommandError" not in done.stderr
    refused = json.loads(done.stdout)
    assert refused["code"] == "tb_manual_board"
    assert refused["message"] in done.stderr and "tb_manual_board" not in done.stderr
    assert "--board manual" in refused["hint"]


def test_argparse_refusals_are_worded_too(language):
    language("en_US.UTF-8")
    refused = refusal_of("newgame", "--players", PLAYERS, "--scenario", "fishermn")
    assert refused.code == "invalid_choice" and "invalid choice" not in str(refused)
    assert "Type instead: --scenario fishermen" in str(refused)
    language("pl_PL.UTF-8")
    refused = refusal_of("newgame", "--scenario", "rivers")
    assert refused.code == "missing_argument"
    assert "Brakuje --players" in str(refused) and "Wpisz na przykład:" in str(refused)
    refused = refusal_of("newgame", "--players", PLAYERS, "--seed", "x")
    assert refused.code == "invalid_value" and "liczbę całkowitą" in str(refused)


def test_the_other_commands_refuse_in_words_with_their_codes(language, tmp_path):
    language("pl_PL.UTF-8")
    out = io.StringIO()
    with pytest.raises(CommandError) as refused:
        call_command("export", "NOSUCH", "--json", stdout=out)
    assert json.loads(out.getvalue())["code"] == refused.value.code == "unknown_game"
    assert "Nie ma tu gry o kodzie NOSUCH" in str(refused.value)
    missing = refusal_of("replay", str(tmp_path / "nothing.json"))
    assert missing.code == "unreadable_file" and "Nie można odczytać" in str(missing)
    (tmp_path / "list.json").write_text("[1, 2]", encoding="utf-8")
    assert refusal_of("replay", str(tmp_path / "list.json")).code == "log_without_config"
    language("en_US.UTF-8")
    game = services.create_game({"rules": "base", "players": [{"name": "Ala", "color": "red"},
                                                               {"name": "Bartek", "color": "blue"},
                                                               {"name": "Celina", "color": "white"}]})
    Game.objects.filter(pk=game.pk).update(phase="finished")
    finished = refusal_of("dice_reader", "--device", "loop://", "--game", game.code, "--without-screens")
    assert finished.code == "game_finished" and "is finished" in str(finished)
    bad = refusal_of("dice_reader", "--device", "nonsense", "--game", game.code, "--without-screens")
    assert bad.code == "bad_device" and "--device" in str(bad)


# -- a scenario's usual board ----------------------------------------------------------------


GENERATED = ("random", "balanced", "beginner")
# What the rulebooks say, for the scenarios the app knows now (a new scenario is checked by
# the general rule below): Rivers and Traders & Barbarians are only pictured in the rulebook.
BY_HAND = {"rivers", "traders_barbarians"}


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_a_scenario_without_board_gets_its_usual_board(scenario, language):
    language("en_US.UTF-8")
    out = io.StringIO()
    call_command("newgame", "--scenario", scenario, "--players", PLAYERS, "--seed", "3", stdout=out)
    game = Game.objects.get()
    board = game.config["board"]
    core = game.config["rules"]
    assert game.config["scenario"] == scenario
    if scenario in BY_HAND:
        assert board == "manual"
    if CORES[core].get("board"):  # a game always played on its own board
        assert board == CORES[core]["board"]
    elif board == "manual":  # only where the app cannot lay the board out
        assert game.phase == "board"  # the table enters it by hand
        assert "enter it as it lies on the table" in out.getvalue()
        for mode in GENERATED:
            with pytest.raises(IllegalAction):
                services.create_game({**game.config, "board": mode, "board_layout": None})
    else:
        assert scenario not in BY_HAND
        assert board in GENERATED
        assert game.config["board_layout"]["hexes"] and game.phase != "board"
        assert "Board: " in out.getvalue()


# -- newgame --help ------------------------------------------------------------------------


def help_text(command: str = "newgame") -> str:
    return load_command_class("companion", command).create_parser("manage.py", command).format_help()


def scenario_block(text: str, key: str) -> str:
    found = re.search(rf"^  {key}: (.*?)(?=^  \w+: |^\S|\Z)", text, re.S | re.M)
    assert found, key
    return " ".join(found.group(0).split())


def test_help_lists_every_scenario_by_box_with_player_counts_and_usual_board(language):
    language("en_US.UTF-8")
    text = help_text()
    for key, scenario in SCENARIOS.items():
        block = scenario_block(text, key)
        assert " ".join(str(scenario["label"]).split()) in block
        assert "box: " in block and "player" in block
        usual = re.search(r"without --board: --board (\w+)", block).group(1)
        call_command("newgame", "--scenario", key, "--players", PLAYERS, "--json", stdout=io.StringIO())
        assert Game.objects.latest("created_at").config["board"] == usual  # what help says is what it does
    flat = " ".join(text.split())
    assert "fishermen: Fishermen of Catan" in flat
    assert "box: Traders & Barbarians; 3–4 players; 2 players with --variant two_players" in " ".join(
        scenario_block(text, "fishermen").split())
    assert "box: Traders & Barbarians; 3–6 players" in scenario_block(text, "caravans")
    assert "box: Explorers & Pirates; 2–4 players" in scenario_block(text, "land_ho")
    assert "--board manual: the rulebook only pictures this board" in scenario_block(text, "rivers")
    # Grouped by box, in the form's order: the Traders & Barbarians scenarios, then Explorers & Pirates'.
    headers = [line for line in text.splitlines() if re.match(r"^\S.*\(--rules \w+, ", line)]
    assert [h.split(" (")[0] for h in headers] == ["Traders & Barbarians", "Explorers & Pirates"]
    order = [key for key in re.findall(r"^  (\w+): ", text, re.M) if key in SCENARIOS]
    assert order == list(SCENARIOS)


def test_help_in_polish_with_plural_forms(language):
    language("pl_PL.UTF-8")
    text = help_text()
    assert "Scenariusze (--scenario)" in text
    assert "3–4 gracze" in scenario_block(text, "fishermen")  # 2–4: "gracze"
    assert "3–6 graczy" in scenario_block(text, "caravans")  # 5 and more: "graczy"
    assert "pudełko: Kupcy i Barbarzyńcy" in scenario_block(text, "fishermen")


def test_newgames_choices_are_the_new_game_forms():
    parser = load_command_class("companion", "newgame").create_parser("manage.py", "newgame")
    actions = {a.option_strings[-1]: a for a in parser._actions if a.option_strings}
    form = NewGameForm()
    assert list(actions["--dice"].choices) == [value for value, _label in form.fields["dice_source"].choices]
    assert list(actions["--board"].choices) == [value for value, _label in form.fields["board"].choices]
    assert list(actions["--rules"].choices) == [value for value, _label in form.fields["rules"].choices]
    assert list(actions["--scenario"].choices) == [value for value, _label in form.fields["scenario"].choices if value]


# -- README --------------------------------------------------------------------------------


DJANGO_OPTIONS = {"--help", "--version", "--verbosity", "--settings", "--pythonpath", "--traceback", "--no-color",
                  "--force-color", "--skip-checks"}


def readme_commands() -> dict[str, str]:
    """{command: its cell} from README's table of command-line entry points."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Command-line entry points", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        found = re.match(r"^\| `python3 manage\.py (\w+)(.*?)` \|", line)
        if found:
            rows[found.group(1)] = found.group(2).replace("\\|", "|")
    return rows


def test_readmes_table_of_entry_points_is_true_to_the_commands_options():
    rows = readme_commands()
    commands = sorted(p.stem for p in COMMANDS.glob("*.py") if not p.stem.startswith("_"))
    assert sorted(rows) == commands, "every command in README's table, and only those"
    for name, cell in rows.items():
        parser = load_command_class("companion", name).create_parser("manage.py", name)
        actions = {option: action for action in parser._actions for option in action.option_strings
                   if option.startswith("--") and option not in DJANGO_OPTIONS}
        documented = set(re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*)", cell))
        assert documented - set(actions) == set(), f"{name}: README documents options it does not have"
        assert set(actions) - documented == set(), f"{name}: options README does not document"
        for option, values in re.findall(r"(--[a-z][a-z0-9-]*) ([\w]+(?:\|[\w]+)+)", cell):
            assert values.split("|") == [str(c) for c in actions[option].choices], f"{name} {option}"


# -- the words are in both catalogues --------------------------------------------------------


def command_msgids() -> set[str]:
    msgids = set()
    for path in COMMANDS.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "ngettext"):
                msgids.update(a.value for a in node.args[:2] if isinstance(a, ast.Constant) and isinstance(a.value, str))
    return msgids


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_every_word_of_the_commands_is_in_the_catalogue(lang):
    catalogue = polib.pofile(str(ROOT / "companion" / "locale" / lang / "LC_MESSAGES" / "django.po"))
    entries = {entry.msgid: entry for entry in catalogue}
    entries.update({entry.msgid_plural: entry for entry in catalogue if entry.msgid_plural})
    assert {"Type instead: %(line)s", "%(counts)s players"} <= command_msgids()  # the commands speak in words
    missing = sorted(m for m in command_msgids() if m not in entries)
    assert not missing, missing
    if lang == "pl":
        untranslated = sorted(m for m in command_msgids()
                              if not (entries[m].msgstr or all(entries[m].msgstr_plural.values())))
        assert not untranslated, untranslated
        plurals = [entries[m] for m in command_msgids() if entries[m].msgid_plural]
        assert plurals and all(len(e.msgstr_plural) == 3 for e in plurals)  # Polish: one, few, many
