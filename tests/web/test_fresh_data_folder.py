"""Every command-line entry point works on a fresh data folder (a new machine, a new
CATAN_DATA_DIR): it prepares the database first, instead of "no such table"."""
import json
import os
import subprocess
import sys

from tests.e2e.harness import ROOT

CORPUS_GAME = ROOT / "tests" / "corpus" / "games" / "base_paper_3.json"


def manage(data_dir, *args, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "CATAN_NO_BOOTSTRAP": "1", "CATAN_DATA_DIR": str(data_dir)}
    for name in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE"):
        env.pop(name, None)
    return subprocess.run([sys.executable, str(ROOT / "manage.py"), *args], cwd=ROOT, env=env, input=stdin,
                          capture_output=True, text=True, timeout=120)


def no_crash(done: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in done.stderr and "no such table" not in done.stderr, done.stderr


def test_newgame_on_a_fresh_data_folder(tmp_path):
    done = manage(tmp_path / "data", "newgame", "--players", "Ala:red,Bartek:blue,Celina:white", "--json")
    no_crash(done)
    assert done.returncode == 0
    game = json.loads(done.stdout)
    assert game["code"] and "?key=" in game["table_url"]
    # And the game is there for the next command.
    exported = manage(tmp_path / "data", "export", game["code"])
    assert exported.returncode == 0 and json.loads(exported.stdout)["config"]["players"][0]["name"] == "Ala"


def test_export_on_a_fresh_data_folder_says_there_is_no_such_game(tmp_path):
    done = manage(tmp_path / "data", "export", "ABCDEF")
    no_crash(done)
    assert done.returncode == 1 and "no game with code ABCDEF" in done.stderr


def test_replay_on_a_fresh_data_folder(tmp_path):
    export = json.loads(CORPUS_GAME.read_text(encoding="utf-8"))["export"]
    done = manage(tmp_path / "data", "replay", "-", "--json", stdin=json.dumps(export))
    no_crash(done)
    assert done.returncode == 0 and json.loads(done.stdout)["players"]


def test_dice_reader_on_a_fresh_data_folder_says_there_is_no_such_game(tmp_path):
    done = manage(tmp_path / "data", "dice_reader", "--device", "loop://", "--game", "ABCDEF", "--without-screens")
    no_crash(done)
    assert done.returncode == 1 and "no game with code ABCDEF" in done.stderr
