"""The new-game form's target follows the game and the scenario chosen (each core's and each
scenario's own target, from the selects' data), until the table types its own."""
import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def test_the_target_follows_the_game_and_the_scenario_until_the_table_types_one(server, browser):
    page = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB").new_page()
    page.goto(server + "/")
    target = page.locator('input[name="target"]')
    expect(target).to_have_value("10")
    page.select_option('select[name="rules"]', "cities_knights")
    expect(target).to_have_value("13")
    expect(page.locator('select[name="board"]')).to_have_value("none")
    page.select_option('select[name="rules"]', "explorers_pirates")
    expect(target).to_have_value("8")  # Land Ho!'s, the core's first scenario
    # Explorers & Pirates is played on its sea board: chosen with it, and hands on phones offered again
    expect(page.locator('select[name="board"]')).to_have_value("beginner")
    expect(page.locator('select[name="play_mode"] option[value="hands"]')).to_be_enabled()
    page.select_option('select[name="rules"]', "base")
    expect(target).to_have_value("10")
    page.select_option('select[name="scenario"]', "traders_barbarians")
    expect(target).to_have_value("13")
    page.select_option('select[name="scenario"]', "")
    expect(target).to_have_value("10")
    target.fill("15")  # the table's own number stays whatever is chosen next
    page.select_option('select[name="rules"]', "cities_knights")
    page.select_option('select[name="scenario"]', "fishermen")
    expect(target).to_have_value("15")
    page.context.close()
