"""Events of Catan in a real browser: a game on the event deck, cards revealed from a phone
and from the table screen, the table shows them large with the year's progress; undo puts
the card back on top."""
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from .harness import close_join_codes, SCREENSHOTS

pytestmark = pytest.mark.e2e


def _phase(page) -> str:
    classes = page.locator("#status").get_attribute("class")
    return re.search(r"phase-(\w+)", classes).group(1)


def _version(page) -> int:
    return int(page.locator("#status").get_attribute("data-version"))


def finish_turn(table) -> None:
    """Whatever the card asked, answered on the table screen, then the turn ends.

    Tries again when a button is not there: a push rendered just before the latest change
    can arrive after the answer to the latest tap and show the screen one step behind for
    a moment (the next push puts it right)."""
    for _ in range(40):
        phase = _phase(table)
        if phase == "roll":
            if table.get_by_test_id("reveal-event").is_visible():
                return
            table.wait_for_timeout(200)
            continue
        before = _version(table)
        try:
            if phase == "discard":
                form = table.locator("#actions form:has(input[name=hand_size])").first
                form.locator("input[name=hand_size]").fill("0", timeout=3000)
                form.get_by_role("button", name="Confirm").click(timeout=3000)
            else:
                name = {"robber": "Nobody to rob", "event": "No card taken", "main": "End turn"}[phase]
                table.get_by_role("button", name=name).click(timeout=3000)
            expect(table.locator("#status")).not_to_have_attribute("data-version", str(before), timeout=5000)
        except (PlaywrightTimeout, AssertionError):
            continue
    raise AssertionError("the turn did not end")


def test_revealing_event_cards_from_a_phone_and_the_table(server, browser):
    table = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-GB").new_page()
    table.goto(server + "/")
    for i, (name, color) in enumerate([("Ala", "red"), ("Bartek", "blue"), ("Celina", "white")]):
        table.fill(f'input[name="name_{i}"]', name)
        table.select_option(f'select[name="color_{i}"]', color)
    table.select_option('select[name="dice_source"]', "events")
    table.click("button[type=submit].primary")
    expect(table).to_have_url(re.compile(r"/g/[A-Z0-9]+/table/$"))
    expect(table.locator("[data-testid=event-card]")).to_contain_text("No event card yet")
    close_join_codes(table)  # it plays on the table before every phone has joined

    path = table.locator('.qr[data-seat="0"]').get_attribute("data-join")
    ala = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB", is_mobile=True).new_page()
    ala.goto(server + path)
    expect(table.locator(".qr svg")).to_have_count(2)

    for version in range(1, 7):
        table.get_by_role("button", name=re.compile("placed a settlement and a road")).click()
        expect(table.locator("#status")).to_have_attribute("data-version", str(version))

    # Ala reveals on her phone: no dice to enter, one button.
    expect(ala.locator(".die-row")).to_have_count(0)
    ala.get_by_test_id("reveal-event").click()
    card = table.locator("#dice [data-testid=event-card]")
    expect(card.get_by_test_id("event-number")).to_have_text(re.compile(r"^(\d|1[0-2])$"))
    expect(card.get_by_test_id("event-year")).to_contain_text("Year 1: card 1 of 31")
    number = card.get_by_test_id("event-number").inner_text()
    name = card.get_by_test_id("event-name").inner_text()
    expect(table.locator("#log")).to_contain_text(f"Ala revealed a card: {number}")
    # Her phone shows the same card.
    expect(ala.locator("[data-testid=event-number]")).to_have_text(number)
    expect(ala.locator("[data-testid=event-name]")).to_have_text(name)
    expect(ala.get_by_test_id("reveal-event")).to_have_count(0)

    # Bartek has no phone: the table screen reveals for him.
    finish_turn(table)
    expect(table.locator("#status")).to_contain_text("Bartek")
    table.get_by_test_id("reveal-event").click()
    expect(card.get_by_test_id("event-year")).to_contain_text("card 2 of 31")
    second = (card.get_by_test_id("event-number").inner_text(), card.get_by_test_id("event-name").inner_text())
    expect(table.locator("#log")).to_contain_text(f"Bartek revealed a card: {second[0]}")

    # Undo puts the card back on top: revealing again shows the same card.
    table.get_by_role("button", name=re.compile("Undo")).click()
    expect(card.get_by_test_id("event-year")).to_contain_text("card 1 of 31")
    expect(table.get_by_test_id("reveal-event")).to_be_visible()
    table.get_by_test_id("reveal-event").click()
    expect(card.get_by_test_id("event-year")).to_contain_text("card 2 of 31")
    expect(card.get_by_test_id("event-number")).to_have_text(second[0])
    expect(card.get_by_test_id("event-name")).to_have_text(second[1])

    # Two more turns: the histogram counts the cards like rolls.
    for _ in range(2):
        finish_turn(table)
        table.get_by_test_id("reveal-event").click()
        expect(table.locator("#histogram h3")).to_contain_text(re.compile(r"[34] rolls"))
    expect(card.get_by_test_id("event-year")).to_contain_text("card 4 of 31")

    # For the screenshots: a few more turns until a card with an event that names players.
    for _ in range(10):
        if card.locator("[data-testid=event-lines]").count():
            break
        finish_turn(table)
        table.get_by_test_id("reveal-event").click()
        expect(table.locator("#status")).not_to_have_class(re.compile(r"phase-roll"))
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    table.screenshot(path=str(SCREENSHOTS / "events-table.png"))
    ala.screenshot(path=str(SCREENSHOTS / "events-phone.png"), full_page=True)
