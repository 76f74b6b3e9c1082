"""The venue configuration: PostgreSQL + the Redis channel layer + several server processes.

Two daphne processes share one PostgreSQL database and one Redis: an action taken
through one process reaches screens connected to the other, and a process killed
mid-game comes back with every game intact.
"""
import json
import os
import re
import secrets
import socket
import subprocess
import sys

import pytest
from playwright.sync_api import expect

from tests.e2e.harness import ROOT, close_join_codes, start_server, stop_server

pytestmark = [pytest.mark.venue, pytest.mark.e2e]

PG_ADMIN = os.environ.get("VENUE_PG_ADMIN_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
REDIS_URL = os.environ.get("VENUE_REDIS_URL", "redis://127.0.0.1:6379/7")


def _reachable(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


@pytest.fixture
def venue_env(tmp_path):
    if not _reachable("127.0.0.1", 5432):
        pytest.skip("PostgreSQL is not running on 127.0.0.1:5432")
    if not _reachable("127.0.0.1", 6379):
        pytest.skip("Redis is not running on 127.0.0.1:6379")
    import psycopg

    name = f"catan_venue_{secrets.token_hex(4)}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    database_url = PG_ADMIN.rsplit("/", 1)[0] + "/" + name
    env = {"DATABASE_URL": database_url, "REDIS_URL": REDIS_URL, "CATAN_NO_BOOTSTRAP": "1", "LOG_LEVEL": "INFO",
           "CATAN_DATA_DIR": str(tmp_path)}
    subprocess.run([sys.executable, str(ROOT / "manage.py"), "migrate", "-v0"], cwd=ROOT,
                   env={**os.environ, **env}, check=True)
    yield env
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_two_processes_share_games_through_postgres_and_redis(venue_env, browser, tmp_path):
    process_a, url_a = start_server(tmp_path, venue_env)
    process_b, url_b = start_server(tmp_path, venue_env)
    try:
        created = subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), "newgame", "--players", "Ala:red,Bartek:blue,Celina:white",
             "--dice", "virtual", "--seed", "3", "--json", "--base-url", url_a],
            cwd=ROOT, env={**os.environ, **venue_env}, capture_output=True, text=True, check=True,
        )
        game = json.loads(created.stdout)
        table = browser.new_context().new_page()
        table.goto(game["table_url"])  # served by process A
        phone = browser.new_context(is_mobile=True, viewport={"width": 390, "height": 800}).new_page()
        phone.goto(game["seats"][0]["join_url"].replace(url_a, url_b))  # served by process B
        expect(phone).to_have_url(re.compile(r"/seat/$"))
        expect(table.locator(".qr svg")).to_have_count(2)  # A heard B's join through Redis: 2 seats left
        close_join_codes(table)  # the host plays before every seat has joined

        # The phone (process B) acts; the table (process A) updates.
        phone.get_by_role("button", name=re.compile("placed a settlement")).click()
        expect(table.locator("#log")).to_contain_text("Ala placed a settlement and a road (round 1).")
        # The table (process A) acts; the phone (process B) updates.
        table.get_by_role("button", name=re.compile("placed a settlement")).click()
        expect(phone.locator("#log")).to_contain_text("Bartek placed a settlement and a road (round 1).")

        # Kill process A mid-game and start it again on the same port: nothing is lost.
        port_a = int(url_a.rsplit(":", 1)[1])
        process_a.kill()
        process_a.wait()
        process_a, _ = start_server(tmp_path, venue_env, port=port_a)
        # The kill may have eaten the answer to the table's last tap, whose form (and its
        # idempotency key) is then still on the page: a tap on it would be a retry of an
        # action already recorded. Reloading is what a person would do after "server down".
        table.reload()
        close_join_codes(table)
        table.get_by_role("button", name=re.compile("placed a settlement")).click()
        expect(phone.locator("#log")).to_contain_text("Celina placed a settlement and a road (round 1).")
        expect(table.locator("#log")).to_contain_text("Celina placed a settlement and a road (round 1).")
        table.get_by_role("button", name=re.compile("placed a settlement")).click()
        expect(phone.locator("#log")).to_contain_text("(round 2)")
        expect(table.locator("#status")).to_contain_text("Bartek")
    finally:
        stop_server(process_a)
        stop_server(process_b)
