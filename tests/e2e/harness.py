"""A real server (daphne, as `serve` runs it) and a real browser (Debian's chromium).

The fixtures are registered once in tests/conftest.py: one browser per test session.
"""
import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# The README's screenshots are taken by `manage.py screenshots` (it sets this to
# docs/screenshots); a test run keeps them in a temporary folder and never rewrites them.
SCREENSHOTS = Path(os.environ.get("CATAN_SCREENSHOTS") or Path(tempfile.gettempdir()) / "catan-screenshots")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, process, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("server did not start")


def start_server(data_dir: Path, env_extra: dict | None = None, port: int | None = None):
    port = port or free_port()
    env = {**os.environ, "CATAN_NO_BOOTSTRAP": "1", "CATAN_DATA_DIR": str(data_dir), **(env_extra or {})}
    log = open(data_dir / f"server-{port}.log", "w")
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "manage.py"), "serve", "--host", "127.0.0.1", "--port", str(port), "--no-qr"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    wait_for_port(port, process)
    return process, f"http://127.0.0.1:{port}"


def stop_server(process) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()


@contextlib.contextmanager
def server_with_games(data_dir: Path, make: str, stdin: str | None = None, timeout: float = 300):
    """A server of its own on `data_dir`, and the games `make` made on its database: Python
    run after django.setup() in a separate process on that folder, printing them as JSON
    (its last line). Yields (url, games)."""
    process, url = start_server(data_dir)
    env = {**os.environ, "CATAN_NO_BOOTSTRAP": "1", "CATAN_DATA_DIR": str(data_dir),
           "DJANGO_SETTINGS_MODULE": "catan_site.settings"}
    try:
        done = subprocess.run([sys.executable, "-c", "import django, json, sys; django.setup(); " + make], cwd=ROOT,
                              env=env, capture_output=True, text=True, input=stdin, timeout=timeout)
        assert done.returncode == 0, done.stderr[-3000:]
        yield url, json.loads(done.stdout.strip().splitlines()[-1])
    finally:
        stop_server(process)


@contextlib.contextmanager
def server_with_moments(tmp_path_factory, module: str, timeout: float = 300):
    """server_with_games on a folder of its own, with the games of `module`'s MOMENTS (see
    made_games). Yields (url, games)."""
    make = (f"from {module} import MOMENTS; from tests.e2e.harness import made_games; "
            "print(json.dumps(made_games(MOMENTS)))")
    with server_with_games(tmp_path_factory.mktemp(module.rsplit(".", 1)[-1]), make, timeout=timeout) as served:
        yield served


def made_games(moments: dict) -> dict:
    """Each moment's game made (`moments`: name -> a function making it, run where
    server_with_games runs `make`), as what opens its screens: its code, the table's key and
    each seat's join token."""
    made = {}
    for name, make in moments.items():
        game = make()
        made[name] = {"code": game.code, "key": game.host_token,
                      "tokens": [s.join_token for s in game.seats.order_by("index")]}
    return made


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    data_dir = tmp_path_factory.mktemp("e2e-data")
    process, url = start_server(data_dir)
    yield url
    stop_server(process)


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian's chromium is not installed (python manage.py runtests installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def new_table(browser, server: str, players, viewport=(1500, 1100), checks=(), join_codes=False, fills=None,
              **choices):
    """The table screen of a new game made on the home page: players as (name, colour),
    `choices` for the form's selects (board="beginner", play_mode="hands" ...), `checks`
    the names of the check boxes to tick (two_players ...), `fills` fields typed in last
    ({"target": 9}: after the selects, which may set it). The join codes cover the
    table until every seat has joined: closed at once unless `join_codes`, so that a test
    may play with fewer phones."""
    table = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, locale="en-GB").new_page()
    table.goto(server + "/")
    for i, (name, color) in enumerate(players):
        table.fill(f'input[name="name_{i}"]', name)
        table.select_option(f'select[name="color_{i}"]', color)
    for field, value in choices.items():
        table.select_option(f'select[name="{field}"]', value)
    for field in checks:
        table.check(f'input[name="{field}"]')
    for field, value in (fills or {}).items():
        table.fill(f'input[name="{field}"]', str(value))
    table.click("button[type=submit].primary")
    if not join_codes:
        close_join_codes(table)
    return table


def close_join_codes(table) -> None:
    """Close the join codes' overlay on a new game's table screen."""
    table.wait_for_load_state()  # app.js (deferred) handles the close button
    # Shown only while open: after a reload it stays closed if the host had closed it.
    if table.locator("#seats.waiting").count() and table.locator("#seats .seats-close").is_visible():
        table.locator("#seats .seats-close").click()
        table.locator("#seats").wait_for(state="hidden")


def join_phones(browser, server: str, table, count: int, height: int = 844) -> list:
    """Each seat's phone opens the join link its QR code holds."""
    paths = [table.locator(f'.qr[data-seat="{i}"]').get_attribute("data-join") for i in range(count)]
    phones = []
    for path in paths:
        phone = browser.new_context(viewport={"width": 390, "height": height}, locale="en-GB",
                                    is_mobile=True).new_page()
        phone.goto(server + path)
        phones.append(phone)
    return phones


def hx_targets(page, selector: str, key: str) -> list[str]:
    """The `key` of every tap target on the board matching `selector` (as its hx-vals say)."""
    vals = page.locator(f"#board {selector}").evaluate_all("ts => ts.map(t => t.getAttribute('hx-vals'))")
    return [json.loads(v)[key] for v in vals]


def tap_target(page, selector: str, key: str, value: str) -> None:
    """Tap the board's target matching `selector` whose `key` is `value`."""
    page.locator(f"#board {selector}[hx-vals*='\"{key}\": \"{value}\"']").click()
