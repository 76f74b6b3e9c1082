"""Explorers & Pirates in a real browser: a player makes room by taking a piece off a ship
(remove_piece). Land Ho! with hands on phones: after a roll typed on the table, Ala's phone
(360 px wide) opens "Make room" under its actions, takes the start ship's settler off, and every
screen shows it gone; the other phones never offer it."""

import pytest
from playwright.sync_api import expect

from .sea_play import roll, sea_game, settle, sideways
from .test_two_players import status_version

pytestmark = pytest.mark.e2e


def test_a_phone_takes_its_settler_off_the_ship(server, browser):
    table, ala, bartek, _celina = sea_game(browser, server, "land_ho", "hands")
    version = roll(table, status_version(table), ala, bartek)
    room = ala.locator('[data-testid="ep-remove"]')
    expect(room).to_be_visible()
    expect(bartek.locator('[data-testid="ep-remove"]')).to_have_count(0)
    summary = room.locator("summary")
    assert summary.bounding_box()["height"] >= 44  # a thumb's target
    summary.click()
    button = room.locator('[data-testid="ep-remove-ship-1-settler"] button')
    expect(button).to_have_text("Take the settler off (back to your supply)")
    assert sideways(ala) <= 0
    button.click()
    settle(version + 1, table, ala, bartek)
    expect(ala.locator('[data-testid="ep-remove-row-ship-1"]')).to_have_count(0)
    expect(table.locator('#board [data-testid="ep-ship-settler"]')).to_have_count(2)  # Bartek's and Celina's
    expect(table.locator("#log")).to_contain_text("Ala takes the settler off ship 1: it goes back to their supply.")
