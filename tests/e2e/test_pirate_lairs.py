"""Pirate Lairs (Explorers & Pirates) in a real browser, from the new-game form: the mission
track on the table with every marker on "S", the lair tokens and crews left, a 7 rolled on
the table, Ala's phone (360 px, never scrolling sideways) tapping a sea hex for her pirate
ship, the pirate ship drawn on every screen, the toll named on the table."""

import pytest
from playwright.sync_api import expect

from .harness import SCREENSHOTS, hx_targets, new_table, tap_target
from .test_land_ho import phones_of, settle, sideways
from .test_two_players import status_version, type_roll

pytestmark = pytest.mark.e2e


def test_pirate_lairs_from_the_form_a_7_and_the_pirate_ship_placed_from_the_phone(server, browser):
    table = new_table(browser, server, [("Ala", "red"), ("Bartek", "blue"), ("Celina", "white")],
                      rules="explorers_pirates", scenario="pirate_lairs", board="beginner", play_mode="hands",
                      dice_source="typed", join_codes=True)
    ala, bartek, celina = phones_of(browser, server, table, ((360, 740), (390, 844), (390, 844)))
    expect(table.locator('[data-testid="pl-layer"]')).to_have_count(1)
    expect(table.locator('[data-testid="ep-track-pirate_lairs"]')).to_be_visible()
    for seat in range(3):
        expect(table.locator(f'[data-testid="ep-track-field-pirate_lairs-0"] [data-testid="ep-marker-pirate_lairs-{seat}"]')
               ).to_have_count(1)
    expect(table.locator('[data-testid="pl-panel"]')).to_contain_text("6 lair tokens left")
    expect(table.locator('[data-testid="ep-crews-left"]')).to_contain_text("Ala: 9 crews left")
    expect(table.locator('[data-testid="ep-pirates-owner"]')).to_contain_text("No pirate ship on the board yet")
    version = status_version(table)

    # A 7 on the table: Ala's phone places her pirate ship by tapping a marked sea hex.
    type_roll(table, (3, 4))
    version = settle(version + 1, table, ala)
    expect(ala.locator('[data-testid="ep-place-pirates"]')).to_be_visible()
    expect(bartek.locator('#board .target-pirates')).to_have_count(0)
    expect(bartek.locator('[data-testid="ep-missions-actions"]')).to_contain_text("Ala places their pirate ship")
    assert sideways(ala) <= 0
    hexes = hx_targets(ala, ".target-pirates", "hex")
    assert hexes
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ala.screenshot(path=str(SCREENSHOTS / "pirate-lairs-phone-pirates.png"), full_page=True)
    tap_target(ala, ".target-pirates", "hex", hexes[0])
    version = settle(version + 1, table, ala, bartek, celina)
    for screen in (table, ala, bartek, celina):
        expect(screen.locator(f'#board [data-testid="ep-pirate-ship"][data-hex="{hexes[0]}"]')).to_have_count(1)
    expect(table.locator('[data-testid="ep-pirates-owner"]')).to_contain_text("The pirate ship on the board is Ala's")
    expect(table.locator("#log")).to_contain_text("Ala places their pirate ship.")
    expect(ala.locator('[data-testid="ep-stage"]')).to_contain_text("Trade and build")
    table.screenshot(path=str(SCREENSHOTS / "pirate-lairs-table.png"))
