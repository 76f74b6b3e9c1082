"""Cities & Knights in a real browser: the beginner board is refused on the form with its
reason, then a game without a board (paper cards) where the table types the three dice.
The ship advances on every ship face until the barbarians reach Catan; nobody has an
active knight, so the barbarians win and the table explains who had which strength and
who lost a city. And a turn on the Events of Catan deck: the red die and the event die,
then the card.
"""
import re

import pytest
from playwright.sync_api import expect

from .harness import join_phones, new_table

pytestmark = pytest.mark.e2e


def test_the_ship_sails_on_typed_event_dice_until_the_barbarians_attack(server, browser):
    players = [("Ala", "red"), ("Bartek", "blue"), ("Celina", "orange")]
    table = new_table(browser, server, players, rules="cities_knights", board="beginner")
    expect(table.locator(".error[role=alert]")).to_contain_text("not played on the beginner board")
    expect(table.locator('input[name="target"]')).to_have_value("13")  # follows the game choice
    table.select_option('select[name="board"]', "none")
    table.click("button[type=submit].primary")
    expect(table.locator('[data-testid="ck-panel"]')).to_be_visible()
    ala = join_phones(browser, server, table, 1)[0]

    for _ in range(6):  # setup without a board: a settlement, then a city
        version = int(table.locator("#status").get_attribute("data-version"))
        table.locator('#actions button.primary').first.click()
        expect(table.locator("#status")).to_have_attribute("data-version", str(version + 1))
    expect(table.locator('[data-testid="ck-strength"]')).to_contain_text("Barbarians 3 (cities) against Catan 0")

    for move in range(1, 8):
        version = int(table.locator("#status").get_attribute("data-version"))
        dice = table.locator('[data-testid="ck-dice"]')
        dice.locator(".die-row.d1 label").nth(0).click()  # yellow 1
        dice.locator(".die-row.d2 label").nth(1).click()  # red 2
        dice.locator('[data-testid="event-ship"]').locator("xpath=..").click()
        expect(table.locator("#status")).to_have_attribute("data-version", str(version + 1))
        expect(table.locator('[data-testid="event-die"]')).to_be_visible()
        if move < 7:
            expect(table.locator('[data-testid="ship"]')).to_have_attribute("data-ship", str(move))
            table.get_by_role("button", name="End turn").click()
            expect(table.locator("#status")).to_have_attribute("data-version", str(version + 2))

    battle = table.locator('[data-testid="ck-battle"]')
    expect(battle).to_contain_text("Barbarians 3 against the knights of Catan 0 (Ala 0, Bartek 0, Celina 0).")
    expect(battle).to_contain_text("The barbarians win: Ala, Bartek, Celina had the weakest knights and lose a city.")
    expect(table.locator('[data-testid="ship"]')).to_have_attribute("data-ship", "0")
    expect(table.locator('[data-testid="ck-strength"]')).to_contain_text("Barbarians 0 (cities) against Catan 0")
    expect(table.locator("#log")).to_contain_text("loses a city to the barbarians")
    expect(ala.locator('[data-testid="ck-battle"]')).to_contain_text("The barbarians win")


def test_a_turn_on_the_event_deck_red_die_and_event_die_then_the_card(server, browser):
    """Cities & Knights with the Events of Catan deck: the table taps the red die and the
    event die; the ship moves, then the top card is revealed: the table and a phone show
    both dice and the card, and the log says it in that order."""
    players = [("Ala", "red"), ("Bartek", "blue"), ("Celina", "orange")]
    table = new_table(browser, server, players, rules="cities_knights", board="none", dice_source="events")
    expect(table.locator('[data-testid="ck-panel"]')).to_be_visible()
    expect(table.locator("[data-testid=event-card]")).to_contain_text("No event card yet")
    ala = join_phones(browser, server, table, 1)[0]
    for _ in range(6):
        version = int(table.locator("#status").get_attribute("data-version"))
        table.locator('#actions button.primary').first.click()
        expect(table.locator("#status")).to_have_attribute("data-version", str(version + 1))

    version = int(table.locator("#status").get_attribute("data-version"))
    dice = table.locator('[data-testid="ck-deck-dice"]')
    expect(dice.locator(".die-row.d1")).to_have_count(0)  # no yellow die with the deck
    dice.locator(".die-row.red label").nth(3).click()  # red 4
    dice.locator('[data-testid="event-ship"]').locator("xpath=..").click()
    expect(table.locator("#status")).to_have_attribute("data-version", str(version + 1))
    expect(table.locator('[data-testid="ship"]')).to_have_attribute("data-ship", "1")
    panel = table.locator("#dice")
    expect(panel.get_by_test_id("red-die")).to_have_text("4")
    expect(panel.get_by_test_id("event-die")).to_be_visible()
    expect(panel.get_by_test_id("event-number")).to_have_text(re.compile(r"^(\d|1[0-2])$"))
    number = panel.get_by_test_id("event-number").inner_text()
    expect(table.locator("#log")).to_contain_text("Ala rolled 4 on the red die and the barbarian ship.")
    expect(table.locator("#log")).to_contain_text(f"Ala revealed a card: {number}")
    expect(ala.locator("#dice").get_by_test_id("red-die")).to_have_text("4")
    expect(ala.locator("#dice").get_by_test_id("event-number")).to_have_text(number)
