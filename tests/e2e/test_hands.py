"""Hands on phones in a real browser: production lands on the phones, two phones trade
with each other, a 7 makes one of them pick cards to give back, and the table screen shows
only the card counts change.

The beginner board (5th edition) puts everybody's pieces down at once: red (Ala) starts
with grain + 2 lumber, blue (Bartek) with brick + lumber + ore, orange (Celina) with ore +
2 grain. A 4 pays Celina 1 grain (fields 4) and 1 wool (pasture 4), Bartek 1 grain.
"""

import pytest
from playwright.sync_api import expect

from .harness import SCREENSHOTS, join_phones, new_table

pytestmark = pytest.mark.e2e


def count(page, resource: str):
    return page.locator(f'[data-testid="my-hand"] [data-resource="{resource}"]')


def roll(table, version, a: int, b: int) -> int:
    table.locator(".die-row.d1 label").nth(a - 1).click()
    table.locator(".die-row.d2 label").nth(b - 1).click()
    version += 1
    expect(table.locator("#status")).to_have_attribute("data-version", str(version))
    return version


def end_turn(table, version) -> int:
    table.get_by_role("button", name="End turn").click()
    version += 1
    expect(table.locator("#status")).to_have_attribute("data-version", str(version))
    return version


def test_two_phones_trade_and_a_seven_makes_one_discard(server, browser):
    table = new_table(browser, server, [("Ala", "red"), ("Bartek", "blue"), ("Celina", "orange")],
                      board="beginner", play_mode="hands")
    expect(table.locator("#board_picture svg")).to_be_visible()
    phones = join_phones(browser, server, table, 3, height=900)
    ala, bartek, celina = phones
    expect(count(ala, "lumber")).to_have_attribute("data-count", "2")
    expect(count(celina, "grain")).to_have_attribute("data-count", "2")
    # The table shows counts and the open bank, never a hand.
    expect(table.locator('.hand-count[data-seat="2"]')).to_have_text("3")
    expect(table.locator('[data-testid="my-hand"]')).to_have_count(0)
    expect(table.locator("#market .bank .rescard.grain .count")).to_have_text(str(19 - 1 - 2))

    version = int(table.locator("#status").get_attribute("data-version"))
    version = roll(table, version, 1, 3)  # a 4
    expect(count(celina, "wool")).to_have_attribute("data-count", "1")
    expect(celina.locator('[data-resource="wool"] .plus')).to_have_text("+1")
    expect(table.locator('.hand-count[data-seat="2"]')).to_have_text("5")

    # Ala (on turn) offers 1 lumber for 1 grain to everyone; Celina accepts; Ala trades.
    offer = ala.locator('[data-testid="offer-form"]')
    offer.locator('input[name="give_lumber"]').fill("1")
    offer.locator('input[name="get_grain"]').fill("1")
    offer.get_by_role("button", name="Offer").click()
    version += 1
    expect(celina.locator(".offer.for-me")).to_contain_text("Ala offers everyone: 1 lumber for 1 grain")
    expect(table.locator("#market .offers")).to_contain_text("Ala offers everyone")
    celina.locator('[data-testid="accept-offer"]').click()
    version += 1
    expect(ala.locator('[data-testid="confirm-trade"]')).to_have_text("Trade with Celina")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ala.screenshot(path=str(SCREENSHOTS / "hand-trade.png"), full_page=True)
    ala.locator('[data-testid="confirm-trade"]').click()
    version += 1
    expect(table.locator("#status")).to_have_attribute("data-version", str(version))
    expect(count(ala, "lumber")).to_have_attribute("data-count", "1")
    expect(count(ala, "grain")).to_have_attribute("data-count", "2")
    expect(count(celina, "lumber")).to_have_attribute("data-count", "1")
    expect(count(celina, "grain")).to_have_attribute("data-count", "2")
    expect(table.locator("#log")).to_contain_text("Ala gave Celina 1 lumber for 1 grain.")
    expect(table.locator("#market .offers")).to_have_count(0)
    # Bartek never saw Celina's cards, only her count.
    expect(bartek.locator('[data-testid="my-hand"] [data-resource]')).to_have_count(5)
    assert "Celina" not in bartek.locator('[data-testid="my-hand"]').inner_text()

    # Two more 4s: Celina holds 9 cards. Then Ala rolls a 7: only Celina gives back 4.
    version = end_turn(table, version)
    version = roll(table, version, 2, 2)
    version = end_turn(table, version)
    version = roll(table, version, 3, 1)
    version = end_turn(table, version)
    expect(table.locator('.hand-count[data-seat="2"]')).to_have_text("9")
    version = roll(table, version, 3, 4)
    # Her phone owes the discard: pinned in its bar, with its form.
    expect(celina.locator('[data-testid="owed-step"]')).to_contain_text("A 7: give back 4 cards.")
    expect(celina.locator('[data-testid="owed-step"] [data-testid="discard-form"]')).to_have_count(1)
    expect(ala.locator('[data-testid="discard-form"]')).to_have_count(0)
    expect(table.locator("#actions")).to_contain_text("Celina is choosing (9 cards)")
    celina.screenshot(path=str(SCREENSHOTS / "hand-discard.png"), full_page=True)
    form = celina.locator('[data-testid="discard-form"]')
    form.locator('input[name="cards_grain"]').fill("3")  # one too few: refused, nothing lost
    form.get_by_role("button", name="Give back").click()
    expect(celina.locator("#flash")).to_contain_text("Give back exactly 4 cards.")
    expect(table.locator('.hand-count[data-seat="2"]')).to_have_text("9")
    # A reload in the middle of the discard keeps what was typed (for this tab only).
    form.locator('input[name="cards_grain"]').fill("2")
    celina.reload()
    form = celina.locator('[data-testid="discard-form"]')
    expect(form.locator('input[name="cards_grain"]')).to_have_value("2")
    form.locator('input[name="cards_grain"]').fill("4")
    form.get_by_role("button", name="Give back").click()
    expect(table.locator('.hand-count[data-seat="2"]')).to_have_text("5")
    kept = "Object.keys(sessionStorage).filter(function (k) { return k.indexOf('kept:') === 0; }).length"
    expect(celina.locator('[data-testid="discard-form"]')).to_have_count(0)
    assert celina.evaluate(kept) == 0  # given back: nothing left to put back
    expect(table.locator("#log")).to_contain_text("Celina gives back 4 cards: 4 grain.")
    expect(table.locator("#status")).to_contain_text("Move the robber")
    table.screenshot(path=str(SCREENSHOTS / "hands-table.png"))
