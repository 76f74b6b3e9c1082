"""Entering the physical board by hand: a hex is its terrain then its number, a harbour one tap,
the editor moving on by itself; on the table screen or a phone beside the board; done."""
import re

import pytest
from django.urls import reverse

from companion import services
from companion.engine import Chance
from companion.machinery import board as boards

from .helpers import PLAYERS

pytestmark = pytest.mark.django_db


class Draws:
    def __init__(self):
        self.n = 0

    def randint(self, n):
        self.n += 1
        return Chance(b"table").randint("board", self.n, n)


def _manual_game(client):
    game = services.create_game({"rules": "base", "players": PLAYERS, "board": "manual"}, seed=5)
    client.get(reverse("table", args=[game.code]) + f"?key={game.host_token}")
    return game


def _next(page: bytes, form: str, field: str) -> str:
    """What the editor's palette (its data-testid `form`) sets next, as the page says."""
    found = re.search(rf'data-testid="{form}".*?name="{field}" value="([^"]*)"', page.decode(), re.S)
    return found.group(1)


def test_a_board_is_entered_two_taps_a_hex_then_setup_starts(client):
    game = _manual_game(client)
    assert game.phase == "board"
    page = client.get(reverse("table", args=[game.code])).content
    assert page.count(b'class="target target-hex target-entry') == 19  # a hex tapped: the palette's next
    assert b'data-testid="terrain-palette"' in page and b'data-testid="number-pad"' in page
    assert b"The board is ready" in page and b" disabled" in page

    physical = boards.random_board("base", Draws())  # what lies on the table
    act = reverse("act", args=[game.code])
    # Refused before it is complete, with the reason.
    refused = client.post(act, {"as": "table", "type": "board_done", "idem": "early"})
    assert refused.status_code == 422 and b"complete set" in refused.content
    taps = 0
    while True:
        hex_id = _next(page, "terrain-palette", "hex")
        if not hex_id:
            break
        tile = physical["hexes"][hex_id]
        terrain_set = f'class="terrain terrain-{tile["terrain"]} chosen"'.encode() in page
        data = {"number": tile["number"]} if terrain_set else {"terrain": tile["terrain"]}
        response = client.post(act, {"as": "table", "type": "enter_hex", "hex": hex_id, "idem": f"tap-{taps}", **data})
        assert response.status_code == 200, response.content[:300]
        taps += 1
        page = client.get(reverse("table", args=[game.code])).content
    assert taps == 2 * 18 + 1
    state, _ = services.current_state(game.__class__.objects.get(pk=game.pk))
    assert {h: (x["terrain"], x["number"]) for h, x in state["board"]["layout"]["hexes"].items()} == {
        h: (x["terrain"], x["number"]) for h, x in physical["hexes"].items()}
    assert b"All 19 hexes entered." in page and b"Hexes: 19 of 19" in page
    response = client.post(act, {"as": "table", "type": "board_done", "idem": "done"})
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.phase == "setup"
    state, _ = services.current_state(game)
    desert = next(h for h, x in physical["hexes"].items() if x["terrain"] == "desert")
    assert state["board"]["robber"] == desert
    assert [e["kind"] for e in state["log"]] == ["board_entered"]


def test_harbours_one_tap_each_bad_edits_refused_and_a_phone_enters_too(client):
    game = _manual_game(client)
    act = reverse("act", args=[game.code])
    page = client.get(reverse("table", args=[game.code])).content
    frame = boards.get_frame("base")
    assert _next(page, "harbour-palette", "edge") == frame.harbour_edges[0]
    assert page.count(b'data-testid="harbour-target"') == 9
    assert client.post(act, {"as": "table", "type": "enter_harbour", "edge": frame.harbour_edges[0],
                             "harbour": "ore", "idem": "h1"}).status_code == 200
    page = client.get(reverse("table", args=[game.code])).content
    assert _next(page, "harbour-palette", "edge") == frame.harbour_edges[1]
    assert b'data-testid="harbour-ore" data-left="0" disabled' in page
    game.refresh_from_db()
    state, _ = services.current_state(game)
    assert state["board"]["layout"]["harbours"][frame.harbour_edges[0]] == "ore"
    for data in ({"type": "enter_hex", "hex": "0,0", "terrain": "lava"},
                 {"type": "enter_hex", "hex": "9,9", "terrain": "hills"},
                 {"type": "enter_hex", "hex": "0,0", "number": "7"},
                 {"type": "enter_harbour", "edge": frame.harbour_edges[1], "harbour": "ore"},
                 {"type": "enter_harbour", "edge": "0,0|1,0", "harbour": "generic"},
                 {"type": "edit_hex", "hex": "0,0", "terrain": "lava"},
                 {"type": "edit_harbour", "edge": "0,0|1,0", "harbour": "generic"}):
        assert client.post(act, {"as": "table", "idem": str(data), **data}).status_code == 422, data
    # A phone beside the board enters it too, with the same editor.
    phone = client.__class__()
    phone.get(reverse("join", args=[game.code, game.seats.get(index=0).join_token]))
    page = phone.get(reverse("seat", args=[game.code])).content
    assert b'data-testid="terrain-palette"' in page and b'name="as" value="seat"' in page
    assert phone.post(act, {"as": "seat", "type": "enter_hex", "hex": "0,-2", "terrain": "hills",
                            "idem": "phone-1"}).status_code == 200
    game.refresh_from_db()
    state, _ = services.current_state(game)
    assert state["board"]["layout"]["hexes"]["0,-2"]["terrain"] == "hills"
    # A browser that is not part of the game does not.
    stranger = client.__class__()
    assert stranger.post(act, {"as": "seat", "type": "enter_hex", "hex": "1,-2", "terrain": "hills"}).status_code == 403
