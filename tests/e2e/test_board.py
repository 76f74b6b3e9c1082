"""A mirrored board: set it up on the table screen, place the setup pieces by tapping on
the phones, roll, and read who produces what on the table screen."""
import re

import pytest
from playwright.sync_api import expect

from .harness import SCREENSHOTS, join_phones, new_table

pytestmark = pytest.mark.e2e


def test_setup_by_tapping_on_phones_then_production(server, browser):
    table = new_table(browser, server, [("Ala", "red"), ("Bartek", "blue"), ("Celina", "white")], (1500, 1000),
                      board="balanced")
    expect(table.locator("#board_picture svg")).to_be_visible()
    expect(table.locator("#board .hex")).to_have_count(19)
    phones = join_phones(browser, server, table, 3)

    # Snake order 0 1 2 2 1 0: the player whose turn it is taps a spot for the settlement,
    # then a path beside it for the road, on their own phone.
    version = 0
    for turn, seat in enumerate([0, 1, 2, 2, 1, 0]):
        phone = phones[seat]
        expect(phone.locator("#board .target")).not_to_have_count(0)
        # Spread the settlements out so the distance rule always leaves room.
        expect(phone.locator("#status")).to_have_attribute("data-version", str(version))  # its targets are now's
        targets = phone.locator("#board .target")
        targets.nth((turn * 7) % targets.count()).click()
        version += 1
        expect(table.locator("#status")).to_have_attribute("data-version", str(version))
        # The phone's road targets, not the spots it showed a moment ago (a tap on one is refused).
        expect(phone.locator("#status")).to_have_attribute("data-version", str(version))
        phone.locator("#board .target").first.click()
        version += 1
        expect(table.locator("#status")).to_have_attribute("data-version", str(version))
        waiting = {0, 1, 2} - {[0, 1, 2, 2, 1, 0][min(turn + 1, 5)]}
        for other in waiting:  # only the player whose turn it is gets tap targets
            expect(phones[other].locator("#board .target")).to_have_count(0)
    expect(table.locator("#board .settlement")).to_have_count(6)
    expect(table.locator("#board .road")).to_have_count(6)
    expect(table.locator("#log")).to_contain_text("takes the starting resources")

    # Ala rolls 8 on the table screen: the table announces who produces what.
    table.locator(".die-row.d1 label").nth(3).click()
    table.locator(".die-row.d2 label").nth(3).click()
    expect(table.locator("#dice .production")).to_be_visible()
    expect(table.locator("#dice .production")).to_have_text(re.compile(r"(\w+: \d .+|Nobody produces anything\.)"))
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    table.screenshot(path=str(SCREENSHOTS / "board.png"))


def test_a_board_target_answers_the_enter_key_and_no_policy_is_violated(server, browser):
    """The targets act from the keyboard without htmx evaluating code: the page's
    Content-Security-Policy allows no eval, and the browser reports no violation."""
    table = new_table(browser, server, [("Ala", "red"), ("Bartek", "blue"), ("Celina", "white")], (1500, 1000),
                      board="balanced")
    violations = []
    phones = join_phones(browser, server, table, 3)
    for page in (table, *phones):
        page.on("console", lambda message: violations.append(message.text)
                if "Content Security Policy" in message.text or "unsafe-eval" in message.text else None)
    phones[0].reload()  # loaded again with the listener on: a violation at load time counts too
    expect(phones[0].locator("#board .target")).not_to_have_count(0)
    version = int(table.locator("#status").get_attribute("data-version"))
    target = phones[0].locator("#board .target").first
    target.focus()
    phones[0].keyboard.press("Enter")
    expect(table.locator("#status")).to_have_attribute("data-version", str(version + 1))
    phones[0].keyboard.press("Tab")  # another key does nothing
    phones[0].wait_for_timeout(300)
    expect(table.locator("#status")).to_have_attribute("data-version", str(version + 1))
    assert violations == []
