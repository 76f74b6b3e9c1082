"""The travel edition's two-player variant in a real browser: the new-game form's option
(Catan for two comes with it), 14 trade cards with 4 for each player on the table and on
both phones, the neutral colours' setup and the players' setup tapped on their phones, the
trade cards each settlement earns (at most 7 held), the log's words for trade cards, and a
phone-sized window."""
import re

import pytest
from playwright.sync_api import expect

from .harness import join_phones, new_table
from .test_two_players import NEUTRALS, board_hexes, spot_tokens, status_version, tap, targets, wait_version

pytestmark = pytest.mark.e2e
LIMIT = 7


def test_travel_edition_for_two_trade_cards_on_the_phones(server, browser):
    table = new_table(browser, server, [("Ala", "red"), ("Bartek", "blue")], board="random", play_mode="hands",
                      dice_source="typed", checks=("travel_two_players",))
    expect(table.locator("#board_picture svg")).to_be_visible()
    expect(table.locator('[data-testid="neutral-row"]')).to_have_count(2)  # Catan for two came with it
    panel = table.locator('[data-testid="two-panel"]')
    expect(panel).to_contain_text("Trade cards")
    expect(panel).to_contain_text("pool 6")
    expect(panel).to_contain_text("at most 7")
    for seat in (0, 1):
        expect(table.locator(f'[data-testid="tokens-{seat}"]')).to_have_text("4")
    ala, bartek = join_phones(browser, server, table, 2)  # phone-sized: 390 × 844
    for phone in (ala, bartek):
        expect(phone.locator('[data-testid="tokens-0"]')).to_have_text("4")

    hexes = board_hexes(table)
    neutral_target = '.target[data-testid="neutral-settlement-target"]'
    version = status_version(table)
    taken = []
    for neutral, screen in zip(NEUTRALS, (table, ala)):
        wait_version(screen, version)  # its targets are of this version, not before the last placement
        expect(screen.locator(f"#board {neutral_target}")).not_to_have_count(0)
        spot = targets(screen, neutral_target, "corner")[0]
        tap(screen, neutral_target, "corner", spot)
        taken.append(spot)
        version = wait_version(table, version + 1)

    # The players' setup: the settlement with the most trade cards each time, so the
    # limit of 7 is in reach; every screen shows the same counts.
    cards, pool = [4, 4], 6
    players = {0: ("Ala", ala), 1: ("Bartek", bartek)}
    settlement_target = ".target-corner:not(.target-neutral)"
    for seat in (0, 1, 1, 0):
        name, phone = players[seat]
        wait_version(phone, version)
        expect(phone.locator(f"#board {settlement_target}")).not_to_have_count(0)
        corners = targets(phone, settlement_target, "corner")
        spot = max(corners, key=lambda c: spot_tokens(hexes, c))
        tap(phone, settlement_target, "corner", spot)
        version = wait_version(table, version + 1)
        due = spot_tokens(hexes, spot)
        kept = min(due, LIMIT - cards[seat], pool)
        cards[seat] += kept
        pool -= kept
        for screen in (table, ala, bartek):
            expect(screen.locator(f'[data-testid="tokens-{seat}"]')).to_have_text(str(cards[seat]))
        if due:
            expect(table.locator("#log")).to_contain_text(re.compile(rf"{name} takes {kept} trade cards?\."))
        phone.locator("#board .target-edge").first.click()
        version = wait_version(table, version + 1)
    assert sum(cards) + pool == 14 and max(cards) <= LIMIT
    expect(panel).to_contain_text(f"pool {pool}")
    expect(ala.locator('[data-testid="token-actions"] h3')).to_have_text(f"Trade cards: you have {cards[0]}.")
    for phone in (ala, bartek):  # a phone-sized page never scrolls sideways
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
