"""A board a thumb can hit (issue 31): on phones of 360×740 and 390×844, whenever a phone has
board targets, each target's hit area is at least 44×44 CSS px (the element that takes the
tap, measured, and the tap's landing checked at its centre and 21 px off it each way), the
board opens on the targets (the first one in view), and the page never scrolls sideways (the
board pans inside its own box); the zoom control shows the whole board, and back. With
nothing to tap the board is whole, except Explorers & Pirates' wide sea, which opens around
the viewer's own ships and harbour settlements. The numbers on the hexes are readable on the
phones and on a 1366×768 table.

The moments: the base game's setup (settlement spots), the Fishermen of Catan's setup, The
Caravans' camel paths (the decider's phone) and Land Ho!'s ships to move, each brought about
by the engine itself (services.perform in a separate process on the database of a server of
this module's own), then opened in the browser with each seat's join link.
"""
import re

import pytest
from playwright.sync_api import expect

from .harness import server_with_moments
from .thumbs import numbers_readable, open_phone, open_table

pytestmark = pytest.mark.e2e

PLAYERS = [{"name": "Ala", "color": "red"}, {"name": "Bartek", "color": "blue"}, {"name": "Celina", "color": "white"}]
PHONES = ((360, 740), (390, 844))
HIT = 44


# ---------------------------------------------------------------- games brought to a moment
# (run in a separate process: `python -c` with CATAN_DATA_DIR set to the server's folder)


def _state(game):
    from companion import services

    game.refresh_from_db()
    return services.current_state(game)[0]


def _table_targets(game) -> dict:
    from companion import engine

    return engine.view(_state(game), engine.TABLE)["board"]["targets"]


def _new(scenario=None, **more):
    from companion import services

    config = {"players": PLAYERS, "board": "random", "play_mode": "paper", "dice_source": "typed", **more}
    if scenario:
        config["scenario"] = scenario
    return services.create_game(config, seed=5)


def _base_setup():
    """The base game's first placement: Ala's phone shows every settlement spot."""
    return _new()


def _fishermen_setup():
    """Fishermen of Catan's first placement: Ala's phone shows the spots."""
    return _new("fishermen")


def _caravans_camel():
    """The Caravans: setup done, Ala builds a city and ends her turn, the vote (Ala bids most):
    her phone shows the paths leaving the oasis."""
    from companion import services

    game = _new("caravans")
    for _ in range(6):
        services.perform(game, services.TABLE, "place_settlement", {"corner": _table_targets(game)["settlement"][0]})
        services.perform(game, services.TABLE, "place_road", {"edge": _table_targets(game)["road"][0]})
    services.perform(game, services.TABLE, "roll", {"dice": [2, 3]})
    corner = next(c for c, s in _state(game)["board"]["pieces"]["settlements"].items() if s == 0)
    services.perform(game, services.TABLE, "build_city", {"corner": corner})
    services.perform(game, services.TABLE, "end_turn", {})
    for seat, count in ((0, 5), (1, 1), (2, 0)):
        services.perform(game, services.TABLE, "camel_bid", {"seat": seat, "count": count})
    return game


def _land_ho_movement():
    """Land Ho! (the beginner sea board): Ala rolls and starts moving her ships: her phone shows
    her ship to pick; the others have nothing to tap."""
    from companion import services

    config = {"rules": "explorers_pirates", "scenario": "land_ho", "board": "beginner"}
    game = _new(**config)
    services.perform(game, services.TABLE, "roll", {"dice": [1, 4]})
    services.perform(game, services.TABLE, "start_movement", {})
    return game


MOMENTS = {"base": _base_setup, "base_tap": _base_setup, "fishermen": _fishermen_setup, "caravans": _caravans_camel,
           "land_ho": _land_ho_movement}


# ---------------------------------------------------------------- the browser side


@pytest.fixture(scope="module")
def prepared(tmp_path_factory, browser):
    """A server of this module's own with the games above (`browser` first: no chromium, no server)."""
    with server_with_moments(tmp_path_factory, "tests.e2e.test_thumb_board", timeout=300) as served:
        yield served


@pytest.fixture
def pages():
    """The pages a test opens, closed after it (each holds a websocket)."""
    opened = []
    yield opened
    for page in opened:
        page.context.close()


def at_phone_sizes(phone):
    """The phone at 360×740, then at 390×844 (a turned or another phone: the board is laid out afresh)."""
    for width, height in PHONES:
        phone.set_viewport_size({"width": width, "height": height})
        yield f"{width}×{height}"


# Each visible target of the board, measured where it is now: its middle, the element a tap
# there lands on, and whether taps 22 px off its middle (each way and across) land on it too.
# `scroll`: each target brought to the middle of the board's box and of the screen first.
HIT_AREAS = """scroll => {
  const shown = [...document.querySelectorAll('#board .target')].filter(t => t.getClientRects().length);
  return shown.map((t, i) => {
    if (scroll) t.scrollIntoView({block: 'center', inline: 'center'});
    const r = t.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    const at = (dx, dy) => { const e = document.elementFromPoint(x + dx, y + dy); return e && e.closest('.target') === t; };
    const taker = document.elementFromPoint(x, y);
    const box = taker && taker.closest('.target') === t ? taker.getBoundingClientRect() : null;
    const off = [[-22, 0], [22, 0], [0, -22], [0, 22], [-22, -22], [22, 22], [-22, 22], [22, -22]].filter(([dx, dy]) => !at(dx, dy));
    return {i, label: t.getAttribute('aria-label'), middle: [Math.round(x), Math.round(y)],
            taker: box ? [box.width, box.height] : null, missed: off};
  });
}"""

# Where the first target is on arrival: on the screen, inside the board's box and not under
# anything (a tap at its middle lands on it).
FIRST_IN_VIEW = """() => {
  const t = [...document.querySelectorAll('#board .target')].find(t => t.getClientRects().length);
  const r = t.getBoundingClientRect(), b = document.getElementById('board').getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const e = document.elementFromPoint(x, y);
  return {middle: [x, y], screen: [innerWidth, innerHeight], board: [b.left, b.top, b.right, b.bottom],
          inView: x >= 0 && x <= innerWidth && y >= 0 && y <= innerHeight && x >= b.left && x <= b.right
                  && y >= b.top && y <= b.bottom && !!e && e.closest('.target') === t};
}"""

# The whole drawing inside the board's box, which does not scroll.
WHOLE = """() => {
  const b = document.getElementById('board'), s = b.querySelector('#board_picture svg.board-svg');
  const o = b.getBoundingClientRect(), r = s.getBoundingClientRect();
  return {whole: r.left >= o.left - 1 && r.right <= o.right + 1 && r.top >= o.top - 1 && r.bottom <= o.bottom + 1
                 && b.scrollWidth <= b.clientWidth + 1 && b.scrollHeight <= b.clientHeight + 1 && r.right <= innerWidth + 1,
          drawing: [r.left, r.top, r.right, r.bottom], box: [o.left, o.top, o.right, o.bottom]};
}"""

# Which of the viewer's ships (their colour) lie inside the visible part of the board's box.
SHIPS_IN_VIEW = """colour => {
  const o = document.getElementById('board').getBoundingClientRect();
  return [...document.querySelectorAll('#board .ep-ship.' + colour)].map(s => {
    const r = s.getBoundingClientRect();
    return r.left >= o.left && r.right <= o.right && r.top >= o.top && r.bottom <= o.bottom && r.right <= innerWidth;
  });
}"""


def sideways(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def check_thumb_sized(phone, where: str, arrival: bool = True) -> list[dict]:
    """Every visible target a hit area of 44×44 CSS px at least, of its own; the first in view on
    arrival; no sideways scroll of the page."""
    expect(phone.locator("#board")).to_have_attribute("data-view", re.compile("near|whole"))
    if arrival:
        first = phone.evaluate(FIRST_IN_VIEW)
        assert first["inView"], f"{where}: the first target is not in view on arrival: {first}"
    assert sideways(phone) <= 0, f"{where}: the page scrolls sideways"
    areas = phone.evaluate(HIT_AREAS, True)
    assert areas, f"{where}: no target"
    for area in areas:
        assert area["taker"] and min(area["taker"]) >= HIT, f"{where}: {area}"
        assert not area["missed"], f"{where}: a tap 22 px off the middle misses: {area}"
    assert sideways(phone) <= 0, f"{where}: the page scrolls sideways"
    return areas


def check_zoom_out_and_back(phone, where: str) -> None:
    """The zoom button shows the whole board (or, shown whole already, enlarges it), and back."""
    board = phone.locator("#board")
    zoom = phone.locator("[data-board-zoom]")
    box = zoom.bounding_box()
    assert box["width"] >= HIT and box["height"] >= HIT, f"{where}: the zoom button is {box}"
    shown = board.get_attribute("data-view")
    for view in (("whole", "near") if shown == "near" else ("near", "whole")):
        zoom.click()
        expect(board).to_have_attribute("data-view", view)
        if view == "whole":
            whole = phone.evaluate(WHOLE)
            assert whole["whole"], f"{where}: zoomed out, the board is not whole: {whole}"
        else:
            assert not phone.evaluate(WHOLE)["whole"], f"{where}: zoomed in, the board is still whole"
        numbers_readable(phone, f"{where}, {view}")
        assert sideways(phone) <= 0


@pytest.mark.parametrize("moment", ["base", "fishermen", "caravans", "land_ho"])
def test_every_board_target_is_thumb_sized_and_opens_in_view(browser, prepared, pages, moment):
    url, games = prepared
    problems = []
    phone = open_phone(browser, url, games[moment], 0, PHONES[0], problems, pages)
    for size in at_phone_sizes(phone):
        where = f"{moment}, {size}"
        check_thumb_sized(phone, where)
        numbers_readable(phone, where)
        check_zoom_out_and_back(phone, where)
    assert problems == []


def test_a_tap_brings_the_next_targets_in_view(browser, prepared, pages):
    """Ala's settlement tapped on her phone: the roads beside it arrive, opened on and thumb-sized."""
    url, games = prepared
    problems = []
    table = open_table(browser, url, games["base_tap"], problems=problems, pages=pages)
    phone = open_phone(browser, url, games["base_tap"], 0, PHONES[1], problems, pages)
    version = int(table.locator("#status").get_attribute("data-version"))
    # she zooms out: her choice holds while the targets stay the same
    phone.locator("[data-board-zoom]").click()
    expect(phone.locator("#board")).to_have_attribute("data-view", "whole")
    phone.locator("[data-board-zoom]").click()
    expect(phone.locator("#board")).to_have_attribute("data-view", "near")
    phone.locator("#board .target").nth(20).click()
    expect(table.locator("#status")).to_have_attribute("data-version", str(version + 1))
    expect(phone.locator("#status")).to_have_attribute("data-version", str(version + 1))
    expect(phone.locator("#board .target-edge")).not_to_have_count(0)
    areas = check_thumb_sized(phone, "the roads")
    assert len(areas) in (2, 3)
    assert problems == []


def test_with_nothing_to_tap_the_board_is_whole(browser, prepared, pages):
    url, games = prepared
    problems = []
    phone = open_phone(browser, url, games["base"], 1, PHONES[0], problems, pages)
    for size in at_phone_sizes(phone):
        where = f"base, nothing to tap, {size}"
        assert phone.locator("#board .target").count() == 0
        expect(phone.locator("#board")).to_have_attribute("data-view", "whole")
        whole = phone.evaluate(WHOLE)
        assert whole["whole"], f"{where}: {whole}"
        assert sideways(phone) <= 0
        numbers_readable(phone, where)
        # the zoom button enlarges it all the same, panning inside its box, and back
        phone.locator("[data-board-zoom]").click()
        expect(phone.locator("#board")).to_have_attribute("data-view", "near")
        assert phone.evaluate("document.getElementById('board').scrollWidth > document.getElementById('board').clientWidth")
        assert sideways(phone) <= 0
        phone.locator("[data-board-zoom]").click()
        expect(phone.locator("#board")).to_have_attribute("data-view", "whole")
    assert problems == []


def test_the_wide_sea_opens_on_the_viewers_own_ships(browser, prepared, pages):
    """Land Ho!: Bartek has nothing to tap while Ala moves her ships; his phone shows the part
    of the sea with his ships (and his harbour settlement beside them), the zoom button the whole sea."""
    url, games = prepared
    problems = []
    phone = open_phone(browser, url, games["land_ho"], 1, PHONES[0], problems, pages)
    for size in at_phone_sizes(phone):
        where = f"Land Ho!, nothing to tap, {size}"
        assert phone.locator("#board .target").count() == 0
        expect(phone.locator("#board")).to_have_attribute("data-view", "near")
        ships = phone.evaluate(SHIPS_IN_VIEW, "blue")
        assert ships and all(ships), f"{where}: his ships in view: {ships}"
        whole = phone.evaluate(WHOLE)
        assert not whole["whole"]  # a part of the sea, bigger than the whole would be
        assert sideways(phone) <= 0
        numbers_readable(phone, where)
        phone.locator("[data-board-zoom]").click()
        expect(phone.locator("#board")).to_have_attribute("data-view", "whole")
        assert phone.evaluate(WHOLE)["whole"]
        numbers_readable(phone, f"{where}, zoomed out")
        phone.locator("[data-board-zoom]").click()
        expect(phone.locator("#board")).to_have_attribute("data-view", "near")
    assert problems == []


@pytest.mark.parametrize("moment", ["base", "land_ho"])
def test_numbers_are_readable_on_the_table(browser, prepared, pages, moment):
    url, games = prepared
    problems = []
    table = open_table(browser, url, games[moment], problems=problems, pages=pages)
    assert len(numbers_readable(table, f"{moment}, table 1366×768")) >= 10
    assert problems == []
