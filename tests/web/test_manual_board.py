"""Entering the physical board by hand: tap a hex, pick terrain and number; harbours; done."""
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


def test_a_board_is_entered_hex_by_hex_then_setup_starts(client):
    game = _manual_game(client)
    assert game.phase == "board"
    page = client.get(reverse("table", args=[game.code]))
    assert page.content.count(b'class="target target-hex"') == 19
    assert b"The board is ready" in page.content and b" disabled" in page.content

    physical = boards.random_board("base", Draws())  # what lies on the table
    act = reverse("act", args=[game.code])
    # Refused before it is complete, with the reason.
    refused = client.post(act, {"as": "table", "type": "board_done", "idem": "early"})
    assert refused.status_code == 422 and b"complete set" in refused.content
    for i, (hex_id, tile) in enumerate(physical["hexes"].items()):
        editor = client.get(reverse("board_editor", args=[game.code]), {"hex": hex_id})
        assert b'name="terrain"' in editor.content
        response = client.post(act, {"as": "table", "type": "edit_hex", "hex": hex_id, "terrain": tile["terrain"],
                                     "number": tile["number"] or "", "idem": f"hex-{i}"})
        assert response.status_code == 200, response.content[:300]
    state, _ = services.current_state(game.__class__.objects.get(pk=game.pk))
    assert {h: (x["terrain"], x["number"]) for h, x in state["board"]["layout"]["hexes"].items()} == {
        h: (x["terrain"], x["number"]) for h, x in physical["hexes"].items()}
    response = client.post(act, {"as": "table", "type": "board_done", "idem": "done"})
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.phase == "setup"
    state, _ = services.current_state(game)
    desert = next(h for h, x in physical["hexes"].items() if x["terrain"] == "desert")
    assert state["board"]["robber"] == desert


def test_harbours_can_be_moved_and_bad_edits_are_refused(client):
    game = _manual_game(client)
    act = reverse("act", args=[game.code])
    state, _ = services.current_state(game)
    edge = next(iter(state["board"]["layout"]["harbours"]))
    editor = client.get(reverse("board_editor", args=[game.code]), {"edge": edge})
    assert b'name="harbour"' in editor.content
    assert client.post(act, {"as": "table", "type": "edit_harbour", "edge": edge, "harbour": "",
                             "idem": "h1"}).status_code == 200
    game.refresh_from_db()
    state, _ = services.current_state(game)
    assert edge not in state["board"]["layout"]["harbours"]
    for data in ({"type": "edit_hex", "hex": "0,0", "terrain": "lava"},
                 {"type": "edit_hex", "hex": "9,9", "terrain": "hills"},
                 {"type": "edit_hex", "hex": "0,0", "terrain": "hills", "number": "7"},
                 {"type": "edit_harbour", "edge": "0,0|1,0", "harbour": "generic"}):
        assert client.post(act, {"as": "table", "idem": str(data), **data}).status_code == 422, data
    # Only the table screen enters the board.
    phone = client.__class__()
    phone.get(reverse("join", args=[game.code, game.seats.get(index=0).join_token]))
    assert phone.post(act, {"as": "seat", "type": "edit_hex", "hex": "0,0", "terrain": "hills"}).status_code == 422
