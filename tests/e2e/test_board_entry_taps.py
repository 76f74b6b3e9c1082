"""The board on the table in two minutes (issue 32): a whole board entered on a 1366×768 table
screen, the taps counted. A hex costs its terrain and its number (the editor moves on by
itself, row by row), a harbour one tap of its type, a river path, a bridge site and a
barbarian's path one tap each on the board; "The board is ready" one more.

Before the fast editor, the existing browser tests (test_rivers.py, test_traders_barbarians.py)
needed, counting each click or pick in a list as one tap: Rivers of Catan 105 taps to "board
ready" (4 a hex, 3 a swamp; 2 for each of 8 river paths and 7 bridge sites), Traders &
Barbarians 81 (4 a hex, 3 a target, 2 a barbarian, the ready button, the wagon cards), a
manual base board with 9 harbours 103 (no test did it: 4 a hex, 3 the desert, 3 a harbour).
Now: at most 60, 50 and 50, and every control the entry needs is in view, inside no box that
scrolls. Traders & Barbarians' questions (its deck, its wagon cards) are a step of their own
after the board, beside the dice and the scores: the first roll is not offered until both are
answered, and each answer is in sight when it is asked.
"""
import time

import pytest
from playwright.sync_api import expect

from companion.machinery import board as boards
from tests.engine.test_rivers import BANKS, G, LAYOUT as RIVERS_LAYOUT, SITES
from tests.engine.test_traders_barbarians import BARBARIANS, tb_layout

from .harness import close_join_codes, join_phones, new_table
from .scenario_play import enter_hexes
from .test_two_players import status_version, wait_version

pytestmark = pytest.mark.e2e

TABLE = (1366, 768)
PLAYERS = [("Ala", "red"), ("Bartek", "blue"), ("Celina", "white")]
# Each element: in the viewport, inside no box that scrolls or clips what it holds (nor the page).
IN_VIEW = """el => {
  const r = el.getBoundingClientRect();
  const hidden = [];
  for (let box = el.parentElement; box; box = box.parentElement) {
    const style = getComputedStyle(box);
    const clips = /(auto|scroll|hidden)/.test(style.overflowY + " " + style.overflowX);
    if (clips && (box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1)) {
      hidden.push(box.id || box.className || box.tagName);
    }
  }
  const page = document.scrollingElement;
  if (page.scrollHeight > window.innerHeight + 1 || page.scrollWidth > window.innerWidth + 1) hidden.push("the page");
  return {inView: r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight + 0.5
                  && r.right <= window.innerWidth + 0.5, hidden: hidden, box: [r.left, r.top, r.right, r.bottom]};
}"""
# Each element: in the viewport, and inside the visible part of every box that clips it (a box
# may scroll, as long as the element is not scrolled away).
IN_SIGHT = """el => {
  const r = el.getBoundingClientRect();
  const away = [];
  for (let box = el.parentElement; box; box = box.parentElement) {
    const style = getComputedStyle(box);
    if (!/(auto|scroll|hidden)/.test(style.overflowY + " " + style.overflowX)) continue;
    const b = box.getBoundingClientRect();
    if (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5 || r.left < b.left - 0.5 || r.right > b.right + 0.5) {
      away.push(box.id || box.className || box.tagName);
    }
  }
  return {inView: r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight + 0.5
                  && r.right <= window.innerWidth + 0.5, away: away, box: [r.left, r.top, r.right, r.bottom]};
}"""
ENTRY = ('#board_picture svg.board-svg', '[data-testid="terrain-palette"]', '[data-testid="number-pad"]',
         '[data-testid="harbour-palette"]', '[data-testid="entry-checklist"]', '[data-testid="board-ready"] button')


class Taps:
    """Every tap of the board's entry goes through here, and is counted."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def __call__(self, selector: str) -> None:
        self.page.locator(selector).click()
        self.count += 1


def _measured(page, selector: str, script: str, holds, seconds: float = 5.0) -> dict:
    """The script's measure of the element once `holds` is true of it, or its last one after
    `seconds`. A push may replace the element between finding it and measuring it (the socket's
    first frame after a reload sends the whole screen), and a detached element measures zero."""
    deadline = time.monotonic() + seconds
    while True:
        found = page.locator(selector).first.evaluate(script)
        if holds(found) or time.monotonic() > deadline:
            return found
        page.wait_for_timeout(100)


def assert_in_view(page, selectors, where: str) -> None:
    for selector in selectors:
        found = _measured(page, selector, IN_VIEW, lambda found: found["inView"] and not found["hidden"])
        assert found["inView"], f"{where}: {selector} is not in view {found['box']}"
        assert not found["hidden"], f"{where}: {selector} sits in a box that scrolls: {found['hidden']}"


def assert_in_sight(page, selectors, where: str) -> None:
    """In the first screen as it opens: in the viewport, and not scrolled away in any box."""
    for selector in selectors:
        found = _measured(page, selector, IN_SIGHT, lambda found: found["inView"] and not found["away"])
        assert found["inView"], f"{where}: {selector} is not in view {found['box']}"
        assert not found["away"], f"{where}: {selector} is scrolled out of sight in {found['away']}"


def assert_finger_sized(page, selector: str) -> None:
    """Every visible target of the kind is at least 44×44 CSS px."""
    boxes = page.locator(f"#board {selector}").evaluate_all(
        "ts => ts.filter(t => t.getBoundingClientRect().width > 0).map(t => { const r = t.getBoundingClientRect(); return [r.width, r.height]; })")
    assert boxes, selector
    assert min(min(b) for b in boxes) >= 44, f"{selector}: {min(min(b) for b in boxes):.1f} px"


def watch_console(pages) -> list:
    """Every console error and page error of `pages` from now on (reloaded: their load counts
    too). The page's Content-Security-Policy reports an inline style or script there."""
    found = []
    for page in pages:
        page.on("console", lambda message: found.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: found.append(str(error)))
        page.reload()
    return found


def board_ready(table, taps: Taps, version: int) -> int:
    ready = table.locator('[data-testid="board-ready"] button')
    if not ready.is_enabled():
        raise AssertionError("the board is not ready: " + table.locator('[data-testid="entry-checklist"]').inner_text())
    taps('[data-testid="board-ready"] button')
    return wait_version(table, version + 1)


def test_rivers_of_catan_in_at_most_60_taps(server, browser):
    table = new_table(browser, server, PLAYERS, TABLE, board="manual", play_mode="paper", dice_source="typed",
                      scenario="rivers")
    problems = watch_console([table])
    close_join_codes(table)
    taps = Taps(table)
    version = status_version(table)
    assert_in_view(table, (*ENTRY, '[data-testid="rivers-board"]'), "Rivers, 1366×768, empty board")
    assert_finger_sized(table, ".target-entry-edge")
    assert_finger_sized(table, ".target-entry-harbour")
    assert_finger_sized(table, ".target-entry.target-hex")

    version = enter_hexes(table, version, RIVERS_LAYOUT["hexes"], taps)
    assert taps.count == 17 * 2 + 2  # two swamps: their terrain only
    expect(table.locator("#board .extra-number")).to_have_count(1)  # the 2 beside the 12, by itself

    # The rivers: one path along a river beside each bridge site is enough for the rules.
    banks = sorted({next(e for e in sorted(BANKS) if set(G.edge_corners[e]) & set(G.edge_corners[s])) for s in SITES})
    for edge in banks:
        taps(f'#board [data-testid="river-edge-target"][data-edge="{edge}"]')
        version = wait_version(table, version + 1)
        expect(table.locator(f'#board .river-path[data-edge="{edge}"]')).to_have_count(1)
    taps('[data-testid="rivers-board"] label:has([data-testid="mode-bridge"])')
    for edge in SITES:
        taps(f'#board [data-testid="bridge-site-target"][data-edge="{edge}"]')
        version = wait_version(table, version + 1)
    expect(table.locator('[data-testid="rivers-board"]')).to_contain_text(f"{len(SITES)} of 7")
    assert_in_view(table, (*ENTRY, '[data-testid="rivers-board"]'), "Rivers, 1366×768, board complete")
    version = board_ready(table, taps, version)

    assert taps.count <= 60, taps.count
    assert taps.count == 2 * 17 + 2 + len(banks) + 1 + len(SITES) + 1
    expect(table.locator('[data-testid="rivers-layer"] .bridge-site')).to_have_count(7)
    # One line in the log for the whole board.
    expect(table.locator("#log")).to_contain_text(
        f"Board entered: 19 hexes, 9 harbours, {len(banks)} river paths, 7 bridge sites.")
    expect(table.locator("#log li")).to_have_count(1)
    assert problems == []


def test_traders_and_barbarians_in_at_most_50_taps_then_its_questions(server, browser):
    table = new_table(browser, server, PLAYERS, TABLE, board="manual", play_mode="paper", dice_source="typed",
                      scenario="traders_barbarians")
    taps = Taps(table)
    version = status_version(table)
    assert_in_view(table, (*ENTRY, '[data-testid="tb-board"]'), "Traders & Barbarians, 1366×768")
    layout = tb_layout()
    version = enter_hexes(table, version, layout["hexes"], taps)
    for placed, edge in enumerate(BARBARIANS, start=1):
        taps(f'#board [data-testid="tb-start-target"][data-edge="{edge}"]')
        version = wait_version(table, version + 1)
        expect(table.locator('#board [data-testid="tb-barbarian"]')).to_have_count(placed)
    assert_in_view(table, (*ENTRY, '[data-testid="tb-board"]'), "Traders & Barbarians, 1366×768, board complete")
    table.set_viewport_size({"width": 1920, "height": 1080})
    assert_in_view(table, (*ENTRY, '[data-testid="tb-board"]'), "Traders & Barbarians, 1920×1080")
    table.set_viewport_size({"width": TABLE[0], "height": TABLE[1]})
    version = board_ready(table, taps, version)
    board_taps = taps.count
    assert board_taps <= 50, board_taps
    assert board_taps == 16 * 2 + 3 + 3 + 1

    # The deck's mix and the wagon cards' numbers: a step of their own, the roll not offered.
    step = table.locator('[data-testid="questions-step"]')
    expect(step).to_be_visible()
    # The questions share the column with the dice and the scores (the table looks at them):
    # the step may scroll, but its heading and its first answer are in sight as it opens.
    assert_in_sight(table, ('[data-testid="questions-step"] h3', '[data-testid="tb-dev-deck-accept"] button'),
                    "the questions")
    expect(table.locator('#actions form:has(input[name="type"][value="roll"])')).not_to_be_visible()
    taps('[data-testid="tb-dev-deck-accept"] button')
    version = wait_version(table, version + 1)
    expect(table.locator('[data-testid="question-tb-dev-deck"]')).to_have_count(0)
    expect(step).to_be_visible()  # the wagon cards are still asked
    assert_in_sight(table, ('[data-testid="tb-wagon-cards-accept"] button',), "the wagon cards' question")
    taps('[data-testid="tb-wagon-cards-accept"] button')
    version = wait_version(table, version + 1)
    expect(step).to_have_count(0)
    assert taps.count <= 50, taps.count
    expect(table.locator("#log")).to_contain_text("The table confirms the development deck as the app showed it")
    expect(table.locator("#log")).to_contain_text("The table confirms the wagon cards as the app showed them")
    expect(table.locator("#log")).to_contain_text("Board entered: 19 hexes, 9 harbours, 3 barbarian paths.")


def test_a_manual_base_board_with_its_nine_harbours_in_at_most_50_taps(server, browser):
    table = new_table(browser, server, PLAYERS, TABLE, board="manual", play_mode="paper", dice_source="typed")
    taps = Taps(table)
    version = status_version(table)
    assert_in_view(table, ENTRY, "base game, 1366×768")
    physical = boards.beginner_board()
    version = enter_hexes(table, version, physical["hexes"], taps)
    assert taps.count == 18 * 2 + 1
    # The frame's harbours as this table laid them: each type moved on by two places.
    frame = boards.get_frame("base")
    laid = dict(zip(frame.harbour_edges, frame.harbour_types[2:] + frame.harbour_types[:2]))
    palette = table.locator('#actions [data-testid="harbour-palette"]')
    for edge, kind in laid.items():
        expect(palette.locator('input[name="edge"]')).to_have_value(edge)  # the editor's next harbour
        taps(f'#actions [data-testid="harbour-{kind}"]')
        version = wait_version(table, version + 1)
    expect(palette.locator('input[name="edge"]')).to_have_value("")
    assert_in_view(table, ENTRY, "base game, 1366×768, board complete")
    version = board_ready(table, taps, version)
    assert taps.count <= 50, taps.count
    assert taps.count == 18 * 2 + 1 + 9 + 1
    drawn = table.locator("#board .harbour").evaluate_all("hs => hs.map(h => h.getAttribute('class'))")
    assert sorted(drawn) == sorted(f"harbour harbour-{kind}" for kind in laid.values())
    expect(table.locator("#log")).to_contain_text("Board entered: 19 hexes, 9 harbours.")


def test_a_phone_beside_the_board_enters_it_and_the_table_shows_it_live(server, browser):
    table = new_table(browser, server, PLAYERS, TABLE, board="manual", play_mode="paper", dice_source="typed",
                      join_codes=True)
    phone = join_phones(browser, server, table, 1)[0]
    problems = watch_console([table, phone])
    table.locator("#seats .seats-close").click()
    version = status_version(table)
    physical = boards.beginner_board()
    first = phone.locator('#actions [data-testid="terrain-palette"] input[name="hex"]').get_attribute("value")
    cell = physical["hexes"][first]
    phone.locator(f'#actions [data-testid="terrain-{cell["terrain"]}"]').click()
    version = wait_version(table, version + 1)
    phone.locator(f'#actions [data-testid="number-{cell["number"]}"]').click()
    version = wait_version(table, version + 1)
    expect(table.locator(f'#board .hex[data-hex="{first}"] .token text')).to_have_text(str(cell["number"]))
    # Both screens' editors have moved on to the next hex.
    for page in (table, phone):
        expect(page.locator('#actions [data-testid="terrain-palette"] input[name="hex"]')).not_to_have_value(first)
    # A hex tapped on the phone's board is the one its palettes set next; the table's undo takes it back.
    phone.locator(f'#board .target-entry[data-value="{first}"]').click()
    expect(phone.locator('#actions [data-testid="number-pad"] input[name="hex"]')).to_have_value(first)
    table.locator('#actions button[value="undo"]').click()
    version = wait_version(table, version + 1)
    expect(table.locator(f'#board .hex[data-hex="{first}"] .token')).to_have_count(0)
    assert problems == []
