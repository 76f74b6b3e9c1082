"""Land Ho! (Explorers & Pirates) in a real browser, from the new-game form to a win at 8:
the game and the scenario picked on the home page (paper cards, typed dice), the sea board on
the table (the start island, 18 face-down hexes in two areas, a ship with a settler per
colour), three phones (one of 360 px that never scrolls sideways), a roll with compensation
gold, Ala's ship sailed by tapping the board on her phone (2 more points bought for a wool)
until it points at a face-down hex, the reveal form on her phone only (forest with a 9), building up to 7 points by
tapping the board, and her ship founding a settlement where its bow points: the 8th point."""

import pytest
from playwright.sync_api import expect

from .harness import SCREENSHOTS, hx_targets
from .sea_play import (end_own_turn, face_down, nearest, pass_turns, reveal, roll, sail_to_face_down, sea_game, settle,
                       sideways, start_movement, tap, vp)
from .test_two_players import status_version

pytestmark = pytest.mark.e2e


def test_land_ho_from_the_form_to_a_win(server, browser):
    table, ala, bartek, celina = sea_game(browser, server, "land_ho", "paper", join_codes=True)
    expect(table.locator('[data-testid="ep-layer"]')).to_be_visible()
    expect(table.locator('#board [data-testid="ep-face-down"]')).to_have_count(18)
    expect(table.locator('#board [data-testid="ep-ship"]')).to_have_count(3)
    expect(table.locator('#board [data-testid="ep-ship-settler"]')).to_have_count(3)
    expect(table.locator('[data-testid="ep-panel"]')).to_contain_text("18 hexes face down")
    expect(table.locator('[data-testid="gold-scores"]')).to_contain_text("2")
    assert [vp(table, seat) for seat in range(3)] == [3, 3, 3]  # a settlement and a harbour settlement each
    version = status_version(table)

    # Ala's turn: a 5 is rolled on the table; whoever gets nothing takes 1 gold.
    version = roll(table, version, ala)
    expect(table.locator('[data-testid="ep-last-compensation"]')).to_contain_text("Nothing from the 5")
    expect(ala.locator('[data-testid="ep-stage"]')).to_contain_text("Trade and build")
    assert sideways(ala) <= 0

    # Her phone ends building and sails her ship by tapping the board.
    version = start_movement(ala, table, version)
    expect(ala.locator('[data-testid="ep-stage"]')).to_contain_text("Ship movement")
    expect(ala.locator('[data-testid="ep-ships"]')).to_contain_text("4 movement points left")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ala.screenshot(path=str(SCREENSHOTS / "land-ho-phone-movement.png"), full_page=True)
    ala.locator("#board").scroll_into_view_if_needed()  # what a 360 px phone shows at the board (README)
    ala.screenshot(path=str(SCREENSHOTS / "scenario-phone.png"))
    # (the 4 points used up: 2 more for a wool, the paper cards laid down on the table)
    version = sail_to_face_down(ala, table, version, 10, bought=lambda: expect(
        ala.locator('[data-testid="ep-ships"]')).to_contain_text("2 movement points left"))
    # The reveal form is on her phone only; the others see her turning the hex over.
    expect(ala.locator('[data-testid="ep-reveal-form"]')).to_be_visible()
    assert sideways(ala) <= 0
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ala.screenshot(path=str(SCREENSHOTS / "land-ho-phone-reveal.png"), full_page=True)
    table.screenshot(path=str(SCREENSHOTS / "land-ho-table.png"))
    for screen in (table, bartek, celina):
        expect(screen.locator('[data-testid="ep-reveal"]')).to_contain_text("turns the discovered hex over")
    for phone in (bartek, celina):
        expect(phone.locator('[data-testid="ep-reveal-form"]')).to_have_count(0)
    expect(table.locator('[data-testid="ep-reveal-form"]').first).to_be_hidden()  # folded: for a player without a phone
    expect(table.locator("#board .ep-to-reveal")).to_have_count(1)
    reveal(ala, "forest", number="9")
    version = settle(version + 1, table, ala)
    expect(table.locator('#board [data-testid="ep-face-down"]')).to_have_count(17)
    expect(table.locator("#board polygon.terrain-forest")).to_have_count(5)  # 4 on the start island + 1
    expect(table.locator("#log")).to_contain_text("Ala discovers forest (lumber) with a 9 and takes 1 lumber.")
    version = end_own_turn(ala, table, version)

    # Bartek and Celina roll and pass on the table.
    version = pass_turns(table, version, 2, ala)

    # Ala again: she builds by tapping her phone's board (paper cards: the cards lie on the table) ...
    version = roll(table, version, ala)
    builds = ((".target-harbour", "corner"), (".target-corner[hx-vals*='build_settlement']", "corner"),
              (".target-edge[hx-vals*='build_road']", "edge"))
    for _ in range(30):
        if vp(table, 0) >= 7:
            break
        for selector, key in builds:
            found = hx_targets(ala, selector, key)
            if found:
                version = tap(ala, table, version, selector, key, found[0])
                break
        else:
            raise AssertionError("nothing left to build")
    assert vp(table, 0) == 7
    # ... then her ship founds a settlement where its bow points: 8 points, she wins.
    version = start_movement(ala, table, version)
    for _ in range(12):
        if table.locator(".final").count():
            break
        if ala.locator('[data-testid="ep-reveal-form"]').count():
            reveal(ala, "sea")
            version = settle(version + 1, table, ala)
        elif hx_targets(ala, ".target-found", "corner"):
            version = tap(ala, table, version, ".target-found", "corner")
        elif hx_targets(ala, ".target-sail", "edge"):
            version = tap(ala, table, version, ".target-sail", "edge",
                          nearest(hx_targets(ala, ".target-sail", "edge"), face_down(table)))
        else:
            version = tap(ala, table, version, ".target-ship", "edge")
    expect(table.locator(".final")).to_be_visible()
    expect(table.locator(".final")).to_contain_text("Ala")
    expect(table.locator("#log")).to_contain_text("Ala founds a settlement from ship")
    assert vp(table, 0) == 8
