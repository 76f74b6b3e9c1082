"""What people see, measured in a real browser for the base game, Cities & Knights and the
Events of Catan deck: phones of 360 and 390 px never scroll sideways, the board's box fits
their width (a board drawn bigger for its tap targets pans inside it) with the targets in
view, the action of the moment is on screen without scrolling; the table screen holds everything the table needs during play in one screen of
1366×768 and 1920×1080, with the join codes over it until every seat has joined (and from a
button later); no emoji anywhere (they render as empty boxes without an emoji font).
"""
import re

import pytest
from playwright.sync_api import expect

from .harness import join_phones, new_table

pytestmark = pytest.mark.e2e

PLAYERS = [("Ala", "red"), ("Bartek", "blue"), ("Celina", "orange")]
RULESETS = {
    "base": {},
    "cities_knights": {"rules": "cities_knights"},
    "events": {"dice_source": "events"},
}
EMOJI = re.compile("[\u2190-\u21ff\u2300-\u23ff\u2600-\u27bf\u2b00-\u2bff\U0001f000-\U0001faff]")


def sideways_overflow(page) -> int:
    """How many pixels the page scrolls sideways (0: none)."""
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")


def on_screen(page, locator) -> bool:
    """The element lies wholly inside the viewport as it is now (nothing scrolled)."""
    box = locator.bounding_box()
    size = page.viewport_size
    return (box is not None and box["x"] >= -1 and box["y"] >= -1
            and box["x"] + box["width"] <= size["width"] + 1 and box["y"] + box["height"] <= size["height"] + 1)


def pieces_lie_on_the_picture(page, where: str) -> None:
    """The pieces' <svg> covers the picture's exactly: a target drawn over a corner is on it.
    Both boxes come from one script run, once both have one: a push that swaps a fragment
    between two separate measurements left one of them with no box (seen once in a full run)."""
    boxes = page.wait_for_function("""() => {
      const box = selector => {
        const svg = document.querySelector(selector);
        const r = svg && svg.getBoundingClientRect();
        return r && r.width > 0 ? {x: r.x, y: r.y, width: r.width, height: r.height} : null;
      };
      const picture = box("#board_picture svg.board-svg"), pieces = box("#board_pieces svg.board-svg");
      return picture && pieces && {picture, pieces};
    }""").json_value()
    picture, pieces = boxes["picture"], boxes["pieces"]
    assert all(abs(picture[k] - pieces[k]) < 1 for k in ("x", "y", "width", "height")), \
        f"{where}: the pieces {pieces} are not over the picture {picture}"


def check_phone(phone, where: str) -> None:
    """Nothing sideways; the board's box no wider than the phone (a board drawn bigger for its
    targets pans inside it: static/board_zoom.js)."""
    assert sideways_overflow(phone) == 0, f"{where}: the phone scrolls sideways"
    box = phone.locator("#board").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= phone.viewport_size["width"], \
        f"{where}: the board is wider than the phone"
    pieces_lie_on_the_picture(phone, where)
    assert not EMOJI.search(phone.locator("body").inner_text()), f"{where}: an emoji in the text"


def action_bar_on_screen(phone, where: str) -> None:
    """The action of the moment is on screen at the top of the page and at its end."""
    bar = phone.locator("#actions > .now").first
    expect(bar).to_be_visible()
    for scroll in ("0", "document.documentElement.scrollHeight"):
        phone.evaluate(f"window.scrollTo(0, {scroll})")
        assert on_screen(phone, bar), f"{where}: the action of the moment is off screen"
        assert on_screen(phone, bar.locator("button, label").first), f"{where}: its first control is off screen"
    phone.evaluate("window.scrollTo(0, 0)")


CONTRAST = """el => {
  const rgb = s => s.match(/[\\d.]+/g).map(Number);
  const page = [29, 35, 48];
  let opacity = 1, bg = null;
  for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
    const style = getComputedStyle(n);
    opacity *= parseFloat(style.opacity);
    const b = rgb(style.backgroundColor);
    if (!bg && (b.length < 4 || b[3] > 0.5)) bg = b;
  }
  bg = bg || page;
  const fg = rgb(getComputedStyle(el).color);
  const mix = (c, base, a) => c.slice(0, 3).map((v, i) => v * a + base[i] * (1 - a));
  const f = mix(mix(fg, bg, fg.length > 3 ? fg[3] : 1), page, opacity), b = mix(bg, page, opacity);
  const lum = c => { const l = c.map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
                     return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]; };
  const [hi, lo] = [lum(f), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}"""


def check_missing_hints(phone, where: str) -> None:
    """What a player lacks for a build reads clearly (WCAG AA: at least 4.5:1), also inside a
    dimmed row or a disabled button."""
    hints = phone.locator("#actions .missing")
    assert hints.count(), f"{where}: no build is missing anything (expected after one roll)"
    for i in range(hints.count()):
        ratio = hints.nth(i).evaluate(CONTRAST)
        assert ratio >= 4.5, f"{where}: {hints.nth(i).inner_text()!r} has a contrast of {ratio:.1f}:1"


def check_table(table, ruleset: str, where: str, board: bool = True) -> None:
    """`board`: the game has a board (without one the screen holds the rest)."""
    for width, height in ((1366, 768), (1920, 1080)):
        table.set_viewport_size({"width": width, "height": height})
        label = f"{where} at {width}×{height}"
        assert sideways_overflow(table) == 0, f"{label}: the table screen scrolls sideways"
        scrolls = table.evaluate("document.documentElement.scrollHeight - document.documentElement.clientHeight")
        assert scrolls <= 0, f"{label}: the table screen scrolls down by {scrolls} px"
        essentials = ["#status", "#dice", "#scoreboard table"] + (["#board_picture svg.board-svg"] if board else [])
        if ruleset == "cities_knights":
            essentials.append('[data-testid="ship"]')
        for selector in essentials:
            # (the first: a scenario's scoreboard may hold a table of its own after the players')
            assert on_screen(table, table.locator(selector).first), f"{label}: {selector} is not on the first screen"
        if board:
            box = table.locator("#board_picture svg.board-svg").bounding_box()
            assert box["height"] >= 0.6 * (height - 70), f"{label}: the board uses {box['height']:.0f} px of the height"
            pieces_lie_on_the_picture(table, label)
        assert not EMOJI.search(table.locator("body").inner_text()), f"{label}: an emoji in the text"
    table.set_viewport_size({"width": 1366, "height": 768})


def place_setup(phones, table) -> None:
    """Snake order 0 1 2 2 1 0, each on their own phone: a settlement, then a road; every
    tap lands on a target that is on screen without panning."""
    version = int(table.locator("#status").get_attribute("data-version"))
    for turn, seat in enumerate([0, 1, 2, 2, 1, 0]):
        phone = phones[seat]
        for pick in ((turn * 7), 0):
            expect(phone.locator("#status")).to_have_attribute("data-version", str(version))  # its board is current
            targets = phone.locator("#board .target")
            expect(targets).not_to_have_count(0)
            target = targets.nth(pick % targets.count())
            target.scroll_into_view_if_needed()
            box, width = target.bounding_box(), phone.viewport_size["width"]
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, "a tap target needs a sideways pan"
            target.click()
            version += 1
            expect(table.locator("#status")).to_have_attribute("data-version", str(version))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_phones_and_table_fit_their_screens(server, browser, ruleset):
    table = new_table(browser, server, PLAYERS, viewport=(1366, 768), join_codes=True, board="random",
                      play_mode="hands", **RULESETS[ruleset])
    expect(table.locator("#board_picture svg.board-svg")).to_be_visible()
    # The join codes cover the table until every seat has joined.
    seats = table.locator("#seats")
    expect(seats).to_be_visible()
    expect(seats.locator(".qr").first).to_be_in_viewport(ratio=1)
    phones = join_phones(browser, server, table, 3, height=740)
    phones[0].set_viewport_size({"width": 360, "height": 740})  # the others are 390 px wide
    expect(seats).to_be_hidden()
    # ...and come back from the topbar's button (a lost phone), until closed again.
    table.get_by_test_id("join-codes").click()
    expect(seats).to_be_visible()
    seats.locator(".seats-close").click()
    expect(seats).to_be_hidden()

    for seat, phone in enumerate(phones):
        check_phone(phone, f"{ruleset}, setup, seat {seat}")
    check_table(table, ruleset, f"{ruleset}, setup")
    place_setup(phones, table)

    ala = phones[0]
    expect(ala.locator("#actions > .now")).not_to_have_count(0)
    for seat, phone in enumerate(phones):
        check_phone(phone, f"{ruleset}, first roll, seat {seat}")
    action_bar_on_screen(ala, f"{ruleset}, first roll")
    check_table(table, ruleset, f"{ruleset}, first roll")

    if ruleset == "events":
        return  # the card revealed decides what comes next; test_events.py plays it
    version = int(table.locator("#status").get_attribute("data-version"))
    bar = ala.locator("#actions > .now").first
    bar.locator(".die-row.d1 label").nth(0).click()
    bar.locator(".die-row.d2 label").nth(2).click()  # a 4: no 7, no discards
    if ruleset == "cities_knights":
        bar.locator('[data-testid="event-ship"]').locator("xpath=..").click()
    expect(table.locator("#status")).to_have_attribute("data-version", str(version + 1))
    expect(ala.get_by_role("button", name="End turn")).to_be_visible()
    check_phone(ala, f"{ruleset}, after the roll")
    check_missing_hints(ala, f"{ruleset}, after the roll")
    action_bar_on_screen(ala, f"{ruleset}, after the roll")
    check_table(table, ruleset, f"{ruleset}, after the roll")


def board_view(phone) -> dict:
    """What the phone's board shows: its view (near or whole), the drawing's width, and how far
    its box scrolls each way."""
    return phone.locator("#board").evaluate(
        "b => ({view: b.dataset.view, width: b.querySelector('#board_picture svg.board-svg').getBoundingClientRect().width,"
        " pan: b.scrollWidth - b.clientWidth, left: b.scrollLeft})")


def test_the_phone_board_opens_where_the_player_may_build(server, browser):
    """Setup: the board opens big enough for a thumb on the spots, in view, panning inside its
    own box; the zoom button shows it whole, and back."""
    table = new_table(browser, server, PLAYERS[:2] + [("Celina", "white")], board="random", play_mode="hands")
    phone = join_phones(browser, server, table, 1, height=740)[0]
    phone.set_viewport_size({"width": 360, "height": 740})
    near = board_view(phone)
    assert near["view"] == "near" and near["pan"] > 0
    expect(phone.locator("body")).to_have_class(re.compile(r"\bboard-zoomed\b"))
    target = phone.locator("#board .target").first
    box = target.bounding_box()
    assert 0 <= box["x"] and box["x"] + box["width"] <= 360, "the board opens where the player may build"
    assert box["width"] >= 44 and box["height"] >= 44
    pieces_lie_on_the_picture(phone, "near")
    assert sideways_overflow(phone) == 0
    phone.locator("[data-board-zoom]").click()
    expect(phone.locator("#board")).to_have_attribute("data-view", "whole")
    whole = board_view(phone)
    assert whole["pan"] <= 0 and whole["width"] < near["width"] / 1.5
    phone.locator("[data-board-zoom]").click()
    expect(phone.locator("#board")).to_have_attribute("data-view", "near")
    assert abs(board_view(phone)["width"] - near["width"]) < 1
    pieces_lie_on_the_picture(phone, "near again")


def test_closed_join_codes_stay_closed_until_a_seat_shows_a_new_code(server, browser):
    """The host closes the join codes to play with fewer phones: neither a push of the seats
    (a phone joins) nor a reload brings them back; a new code to scan (a seat freed) does."""
    table = new_table(browser, server, PLAYERS, viewport=(1366, 768), join_codes=True, board="random",
                      play_mode="hands")
    seats = table.locator("#seats")
    expect(seats).to_be_visible()
    seats.locator(".seats-close").click()
    expect(seats).to_be_hidden()
    join_phones(browser, server, table, 1)  # the seats are pushed again: two codes still wait
    expect(table.locator('#seats .seat-card').first.locator(".badge.ok")).to_have_count(1)
    expect(seats).to_be_hidden()
    table.reload()
    expect(table.locator("#status")).to_be_visible()
    expect(seats).to_be_hidden()
    # A new code for Ala's seat (asked from another screen of the host's): shown at once.
    table.evaluate("""() => { const form = document.querySelector('#seats .seat-card form');
                              htmx.ajax('POST', form.action, {source: form, swap: 'none'}); }""")
    expect(table.locator('.qr[data-seat="0"]')).to_have_count(1)
    expect(seats).to_be_visible()
    table.context.close()


def test_a_wide_sea_opens_on_the_players_own_pieces(server, browser):
    """Explorers & Pirates' sea is 1.75 times as wide as the base game's board: with nothing to
    tap, a phone shows the part of it around the player's pieces, its hexes as big as a base
    game's whole board; the zoom button shows all of it, the pieces still on the picture."""
    table = new_table(browser, server, PLAYERS, rules="explorers_pirates", scenario="land_ho", board="beginner",
                      play_mode="hands", dice_source="typed")
    phone = join_phones(browser, server, table, 1, height=740)[0]
    phone.set_viewport_size({"width": 360, "height": 740})
    # Before the roll Ala has nothing to tap: the sea opens around her pieces, not at its edge.
    assert phone.locator("#board .target").count() == 0
    near = board_view(phone)
    assert near["view"] == "near" and near["pan"] > 0 and 0 < near["left"] < near["pan"]
    ship = phone.locator("#board .ep-ship.red").first.bounding_box()
    assert 0 <= ship["x"] and ship["x"] + ship["width"] <= 360
    pieces_lie_on_the_picture(phone, "near")
    assert sideways_overflow(phone) == 0
    phone.locator("[data-board-zoom]").click()
    expect(phone.locator("#board")).to_have_attribute("data-view", "whole")
    whole = board_view(phone)
    assert whole["pan"] <= 0 and whole["width"] * 1.6 < near["width"]
    pieces_lie_on_the_picture(phone, "whole")
