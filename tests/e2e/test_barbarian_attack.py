"""Barbarian Attack in a real browser, from the new-game form to a scored win: the scenario
picked on the home page (the castle and the desert on the outer ring, 2 barbarians on the
coast, 34 in the pool), the table entering its deck (all knighting here, so that the cards
drawn are known), setup tapped on the table, a city bringing the barbarians ashore, a
knight card resolved by tapping a path beside the castle, the knight moved away at the end
of the turn from Ala's phone (the other phones have no such form), and building on to a
target of 9 set on the form."""
import pytest
from playwright.sync_api import expect

from .harness import hx_targets, join_phones, new_table, tap_target
from .scenario_play import build_until_a_win, click_action, others_then_first, setup_on_first_spots
from .test_two_players import status_version, type_roll, wait_version

pytestmark = pytest.mark.e2e
TARGET = 9


def _all_knighting(table, version: int) -> int:
    """The table enters its deck as 26 knighting cards (none of the others), so that the test
    knows what is drawn."""
    table.locator('[data-testid="ba-deck-knighthood"]').fill("26")
    for card in ("black_knight", "treason", "intrigue"):
        table.locator(f'[data-testid="ba-deck-{card}"]').fill("0")
    table.locator('[data-testid="ba-deck-submit"]').click()
    return wait_version(table, version + 1)


def test_barbarian_attack_from_the_form_to_a_win(server, browser):
    # Played to 9 rather than the scenario's 12: on some boards the barbarians conquer enough
    # of Ala's hexes that her buildings alone never reach 12 (the knights would have to win
    # them back), and the board and the landings are the server's draws.
    table = new_table(browser, server, [("Ala", "red"), ("Bartek", "blue"), ("Celina", "white")],
                      board="random", play_mode="paper", dice_source="typed", scenario="barbarian_attack",
                      join_codes=True, fills={"target": TARGET})
    ala, bartek, celina = join_phones(browser, server, table, 3)
    expect(table.locator('[data-testid="ba-panel"]')).to_contain_text("34 barbarians in the pool")
    expect(table.locator("#scoreboard")).to_contain_text(f"First to {TARGET} VP")
    expect(table.locator("#board .terrain-castle")).to_have_count(1)
    expect(table.locator('#board [data-testid="ba-barbarians"]')).to_have_count(2)
    version = status_version(table)

    # The table's deck: every card a knighting, so the test knows what is drawn.
    version = _all_knighting(table, version)

    version = setup_on_first_spots(table, version, 6)  # a settlement then a city for each, the first spots

    # Ala upgrades her settlement: the barbarians land.
    type_roll(table, (2, 3))
    version = wait_version(table, version + 1)
    city = hx_targets(table, ".target-corner[hx-vals*='build_city']", "corner")[0]
    tap_target(table, ".target-corner[hx-vals*='build_city']", "corner", city)
    version = wait_version(table, version + 1)
    expect(table.locator('[data-testid="ba-landing"]')).to_be_visible()

    # A development card: knighting, resolved at once on the board beside the castle.
    table.locator("#actions button[value='buy_dev']").first.click()
    version = wait_version(table, version + 1)
    expect(ala.locator('[data-testid="ba-card"]')).to_contain_text("Knighting")
    expect(ala.locator("#board .target-ba-knight")).not_to_have_count(0)
    expect(bartek.locator("#board .target-ba-knight")).to_have_count(0)
    ala.locator("#board .target-ba-knight").first.click()
    version = wait_version(table, version + 1)
    expect(table.locator('#board [data-testid="ba-knight"]')).to_have_count(1)

    # The end of the turn: the knight must leave the castle (Ala's phone only).
    click_action(table, "end_turn")
    version = wait_version(table, version + 1)
    expect(ala.locator('[data-testid="ba-moves"]')).to_be_visible()
    expect(bartek.locator('[data-testid="ba-moves"]')).to_have_count(0)
    expect(ala.locator('[data-testid="ba-moves"]')).to_contain_text("must leave the castle")
    ala.locator('[data-testid="ba-move-submit"]').first.click()
    version = wait_version(table, version + 1)
    ala.locator('[data-testid="ba-knights-done-submit"]').click()
    version = wait_version(table, version + 1)

    def end_the_turn(version):  # nothing to build: the turn ends, round to Ala again
        click_action(table, "end_turn")
        version = wait_version(table, version + 1)
        if table.locator('[data-testid="ba-knights-done"]').count():
            click_action(table, "knights_done")
            version = wait_version(table, version + 1)
        return others_then_first(table, version, 2)  # Bartek and Celina: no knights, no moves

    version = others_then_first(table, version, 2)
    # Ala builds on to the target (ending her turns when nothing is left to build).
    build_until_a_win(table, version, 150, end_the_turn)
    expect(table.locator(".final")).to_be_visible()
    expect(table.locator(".final")).to_contain_text("Ala")


def test_barbarian_attack_for_two_with_the_wandering_knight(server, browser):
    """Two players with Catan for two: the neutral colours' settlements first, two rolls a
    turn, the first knight brings the wandering knight (tapped beside the castle on Ala's
    phone), which then moves after Ala's own knight; a barbarian moved for a trade token."""
    table = new_table(browser, server, [("Ala", "red"), ("Bartek", "blue")], board="random", play_mode="paper",
                      dice_source="typed", scenario="barbarian_attack", checks=("two_players",), join_codes=True)
    ala, bartek = join_phones(browser, server, table, 2)
    expect(table.locator('[data-testid="ba-wandering"]')).to_contain_text("comes with the first knight")
    version = status_version(table)
    version = _all_knighting(table, version)
    version = setup_on_first_spots(table, version, 4, neutrals=2)  # the neutral colours' settlements first
    for dice in ((2, 3), (4, 4)):  # two rolls, two totals
        type_roll(table, dice)
        version = wait_version(table, version + 1)

    # A barbarian moved for a trade token (no robber to send home).
    expect(table.locator('[data-testid="robber-to-desert"]')).to_have_count(0)
    table.locator('[data-testid="ba-move-barbarian-submit"]').click()
    version = wait_version(table, version + 1)
    expect(table.locator("#log")).to_contain_text("a barbarian moves from the coastal hex")

    # Knighting: Ala's knight beside the castle, then the wandering knight.
    table.locator("#actions button[value='buy_dev']").first.click()
    version = wait_version(table, version + 1)
    ala.locator("#board .target-ba-knight").first.click()
    version = wait_version(table, version + 1)
    expect(ala.locator('[data-testid="ba-wandering-hint"]')).to_be_visible()
    expect(bartek.locator('[data-testid="ba-wandering-place"]')).to_contain_text("places the wandering knight")
    expect(bartek.locator('#board [data-testid="ba-wandering-target"]')).to_have_count(0)
    ala.locator('#board [data-testid="ba-wandering-target"]').first.click()
    version = wait_version(table, version + 1)
    expect(table.locator('#board [data-testid="ba-wandering"]')).to_have_count(1)
    expect(table.locator('#board [data-testid="ba-knight"]')).to_have_count(1)

    # The end of the turn: Ala's knight leaves the castle first, then the wandering knight.
    click_action(table, "end_turn")
    version = wait_version(table, version + 1)
    moves = ala.locator('[data-testid="ba-moves"]')
    expect(moves).to_contain_text("Wandering knight at")
    expect(bartek.locator('[data-testid="ba-moves"]')).to_have_count(0)
    moves.locator('[data-testid="ba-move-submit"]').first.click()  # her own knight (listed first)
    version = wait_version(table, version + 1)
    ala.locator('[data-testid="ba-move-submit"]').first.click()  # now the wandering knight
    version = wait_version(table, version + 1)
    ala.locator('[data-testid="ba-knights-done-submit"]').click()
    version = wait_version(table, version + 1)
    expect(table.locator("#log")).to_contain_text("moves the wandering knight")
