"""The Caravans in a real browser, from the new-game form to a scored win: the scenario
picked on the home page (a random board: the oasis in the middle with its arrows, the
robber beside the board, 22 camels), setup tapped on the table, a city and the turn's end
starting the camel vote, each of the three phones laying out its bid (paper cards: a
count), shown only once all are in, who decides, the camel tapped on one of the
3 paths leaving the oasis, and building on to 12 points."""

import pytest
from playwright.sync_api import expect

from .harness import hx_targets, join_phones, new_table, tap_target
from .scenario_play import build_until_a_win, click_action, nothing_left_to_build, others_then_first, setup_on_first_spots
from .test_two_players import status_version, type_roll, wait_version

pytestmark = pytest.mark.e2e


def test_caravans_from_the_form_to_a_win(server, browser):
    table = new_table(browser, server, [("Ala", "red"), ("Bartek", "blue"), ("Celina", "white")],
                      board="random", play_mode="paper", dice_source="typed", scenario="caravans",
                      join_codes=True)
    ala, bartek, celina = join_phones(browser, server, table, 3)
    expect(table.locator('[data-testid="caravans-panel"]')).to_contain_text("22 camels left")
    expect(table.locator("#board .terrain-oasis")).to_have_count(1)
    expect(table.locator("#board .oasis-arrow")).to_have_count(3)
    version = status_version(table)

    version = setup_on_first_spots(table, version, 6)  # setup: the first places each time

    # Ala upgrades a settlement and ends her turn: the camel vote.
    type_roll(table, (2, 3))
    version = wait_version(table, version + 1)
    city = hx_targets(table, ".target-corner[hx-vals*='build_city']", "corner")[0]
    tap_target(table, ".target-corner[hx-vals*='build_city']", "corner", city)
    version = wait_version(table, version + 1)
    click_action(table, "end_turn")
    version = wait_version(table, version + 1)
    expect(table.locator('[data-testid="caravan-vote"]')).to_be_visible()

    # Each phone lays out its cards, secret until all are in: Ala 5, Bartek 1, Celina 0.
    ala.locator('[data-testid="bid-count"]').fill("5")
    ala.locator('[data-testid="bid-submit"]').click()
    version = wait_version(table, version + 1)
    expect(ala.locator('[data-testid="my-bid"]')).to_contain_text("5 cards")
    expect(table.locator('[data-testid="vote-bidders"]')).to_contain_text("cards laid out")
    for screen in (table, bartek, celina):
        expect(screen.locator('[data-testid="caravan-vote"]')).not_to_contain_text("5 cards")
    for phone, count in ((bartek, "1"), (celina, "0")):
        phone.locator('[data-testid="bid-count"]').fill(count)
        phone.locator('[data-testid="bid-submit"]').click()
        version = wait_version(table, version + 1)
    expect(table.locator('[data-testid="vote-bids"]')).to_contain_text("5")
    expect(table.locator('[data-testid="vote-decision"]')).to_contain_text("Ala has more votes")
    expect(ala.locator("#board .target-camel")).to_have_count(3)  # the 3 paths leaving the oasis
    ala.locator("#board .target-camel").first.click()
    version = wait_version(table, version + 1)
    expect(table.locator("#board .camel")).to_have_count(1)
    expect(table.locator('[data-testid="caravans-panel"]')).to_contain_text("21 camels left")

    # Bartek and Celina roll and end; then Ala builds on to 12 points.
    version = others_then_first(table, version, 2)
    build_until_a_win(table, version, 60, nothing_left_to_build)
    expect(table.locator(".final")).to_be_visible()
    expect(table.locator(".final")).to_contain_text("Ala")
