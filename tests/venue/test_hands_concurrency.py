"""Hands on phones under concurrency, on the venue configuration (PostgreSQL + Redis + two
server processes): simultaneous discards from two phones, and two players accepting one
offer at once, each end in one consistent state. The phones post to different processes
at the same moment; the records in PostgreSQL are then replayed by the engine to check
that every card is accounted for and exactly what was acknowledged happened.
"""
import json
import os
import re
import secrets
import subprocess
import sys
import threading

import psycopg
import pytest

from companion.engine import fold

from companion.machinery import hands
from tests.bench import client
from tests.e2e.harness import ROOT, start_server, stop_server

from .test_venue_configuration import venue_env  # noqa: F401  (fixture)

pytestmark = [pytest.mark.venue]


class Browser(client.Browser):
    """The table screen or one phone, posting to the game's act endpoint."""

    def act(self, code: str, fields: dict, base: str | None = None) -> tuple[int, str]:
        return self.post_answer(f"/g/{code}/act/", {"idem": secrets.token_hex(8), **fields}, base)


def at_once(*calls):
    """Run the calls in threads released by one barrier: the requests race for real."""
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def run(i, call):
        barrier.wait()
        results[i] = call()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return results


def replay(database_url: str, code: str) -> dict:
    """The game as PostgreSQL holds it, folded again by the engine."""
    with psycopg.connect(database_url) as db:
        game_id, config = db.execute("SELECT id, config FROM companion_game WHERE code = %s", (code,)).fetchone()
        rows = db.execute("SELECT seq, kind, payload FROM companion_record WHERE game_id = %s ORDER BY seq",
                          (game_id,)).fetchall()
    records = [{"seq": seq, "kind": kind, **payload} for seq, kind, payload in rows]
    state, _history = fold(config, records)
    for r in hands.RESOURCES:
        assert state["bank"][r] + sum(p["hand"][r] for p in state["players"]) == 19
    return state


def test_simultaneous_discards_and_a_contested_offer(venue_env, tmp_path):  # noqa: F811
    process_a, url_a = start_server(tmp_path, venue_env)
    process_b, url_b = start_server(tmp_path, venue_env)
    try:
        created = subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), "newgame", "--players", "Ala:red,Bartek:blue,Celina:orange",
             "--board", "beginner", "--play-mode", "hands", "--dice", "typed", "--json", "--base-url", url_a],
            cwd=ROOT, env={**os.environ, **venue_env}, capture_output=True, text=True, check=True)
        game = json.loads(created.stdout)
        code = game["code"]
        table = Browser(url_a)
        table.get(game["table_url"])
        phones = []
        for seat, base in zip(game["seats"], (url_a, url_b, url_b)):
            phone = Browser(base)
            phone.get(seat["join_url"].replace(url_a, base))
            phones.append(phone)
        ala, bartek, celina = phones

        def table_act(**fields):
            status, body = table.act(code, {"as": "table", **fields})
            assert status == 200, re.sub(r"\s+", " ", body)[:300]

        # Five rounds of 4s: Bartek gets 1 grain a time (8 cards), Celina 1 grain + 1 wool (13).
        for _ in range(5):
            table_act(type="roll", die1="1", die2="3")
            table_act(type="end_turn")
        state = replay(venue_env["DATABASE_URL"], code)
        assert [hands.hand_size(state, s) for s in range(3)] == [3, 8, 13]
        # Celina rolls a 2 (Ala's pasture: 1 wool), then Ala rolls a 7. Bartek gives back 4,
        # Celina 6, at once, through the two processes.
        assert state["turn"]["seat"] == 2 and state["phase"] == "roll"
        table_act(type="roll", die1="1", die2="1")
        table_act(type="end_turn")
        table_act(type="roll", die1="3", die2="4")
        state = replay(venue_env["DATABASE_URL"], code)
        assert sorted(p["seat"] for p in state["pending"]) == [1, 2]
        bartek_hand, celina_hand = dict(state["players"][1]["hand"]), dict(state["players"][2]["hand"])
        answers = at_once(
            lambda: bartek.act(code, {"type": "discard", "cards_grain": str(4)}, base=url_a),
            lambda: celina.act(code, {"type": "discard", "cards_grain": str(6)}, base=url_b),
        )
        assert [status for status, _ in answers] == [200, 200]
        state = replay(venue_env["DATABASE_URL"], code)
        assert state["phase"] == "robber" and state["pending"] == []
        assert state["players"][1]["hand"]["grain"] == bartek_hand["grain"] - 4
        assert state["players"][2]["hand"]["grain"] == celina_hand["grain"] - 6

        # The robber goes to the desert's neighbour the mountains 10 (Ala's own hex: no victim).
        table_act(type="move_robber", hex="0,-2")
        state = replay(venue_env["DATABASE_URL"], code)
        assert state["phase"] == "main", state["phase"]

        # Ala offers 1 lumber for 1 grain to everyone; Bartek and Celina accept at once.
        status, _body = ala.act(code, {"type": "offer_trade", "give_lumber": "1", "get_grain": "1"})
        assert status == 200
        offer = replay(venue_env["DATABASE_URL"], code)["offers"][0]["id"]
        answers = at_once(
            lambda: bartek.act(code, {"type": "answer_offer", "offer": offer, "answer": "accept"}, base=url_a),
            lambda: celina.act(code, {"type": "answer_offer", "offer": offer, "answer": "accept"}, base=url_b),
        )
        assert [status for status, _ in answers] == [200, 200]
        state = replay(venue_env["DATABASE_URL"], code)
        assert sorted(state["offers"][0]["accepted"]) == [1, 2]
        before = [dict(p["hand"]) for p in state["players"]]

        # Two taps of Ala's at once (two tabs), one per partner: exactly one trade happens.
        answers = at_once(
            lambda: ala.act(code, {"type": "confirm_trade", "offer": offer, "partner": "1"}, base=url_a),
            lambda: ala.act(code, {"type": "confirm_trade", "offer": offer, "partner": "2"}, base=url_b),
        )
        assert sorted(status for status, _ in answers) == [200, 422]
        refused = next(body for status, body in answers if status == 422)
        assert "That offer is no longer open." in refused
        state = replay(venue_env["DATABASE_URL"], code)
        trades = [e for e in state["log"] if e["kind"] == "traded"]
        assert len(trades) == 1 and state["offers"] == []
        partner = trades[0]["params"]["partner"]
        after = [p["hand"] for p in state["players"]]
        assert after[0]["lumber"] == before[0]["lumber"] - 1 and after[0]["grain"] == before[0]["grain"] + 1
        assert after[partner]["grain"] == before[partner]["grain"] - 1
        assert after[partner]["lumber"] == before[partner]["lumber"] + 1
        other = 3 - partner
        assert after[other] == before[other]
    finally:
        stop_server(process_a)
        stop_server(process_b)
