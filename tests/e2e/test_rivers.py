"""Rivers of Catan in a real browser, from the new-game form to a scored win: the scenario
picked on the home page (a manual board), the board entered on the table screen (hexes
with the swamps, the 2 going beside the 12 by itself, the paths along the rivers and the
7 bridge sites, a tap each), setup with gold for a settlement and a road by the river, the wealthiest
and poor settlers on the scoreboard, a bridge tapped on the board (3 gold), gold spent on
a resource, and building on to 10 points with paper cards (the app keeps the gold)."""
import pytest
from playwright.sync_api import expect

from tests.engine.test_rivers import BANKS, G, LAYOUT, SITES

from .harness import SCREENSHOTS, hx_targets, join_phones, new_table, tap_target
from .scenario_play import build_until_a_win, enter_hexes, nothing_left_to_build
from .test_two_players import status_version, type_roll, wait_version

pytestmark = pytest.mark.e2e


def test_rivers_from_the_form_to_a_win(server, browser):
    table = new_table(browser, server, [("Ala", "red"), ("Bartek", "blue"), ("Celina", "white")],
                      board="manual", play_mode="paper", dice_source="typed", scenario="rivers")
    expect(table.locator('[data-testid="rivers-board"]')).to_be_visible()
    version = status_version(table)

    # The hexes, as they lie on the table (the swamps take no number).
    version = enter_hexes(table, version, LAYOUT["hexes"])
    expect(table.locator("#board .extra-number")).to_have_count(1)  # the 2 beside the 12, by itself

    # One path along a river beside each bridge site is enough for the rules; mark a few more.
    # A path is one tap on the board: along a river, or (the editor's other mode) a bridge site.
    site, corner, road = "1,-1|2,-1", "1,-1|2,-2|2,-1", "1,-1|2,-2"  # Ala's setup by river one
    banks = sorted({road} | {next(e for e in sorted(BANKS) if set(G.edge_corners[e]) & set(G.edge_corners[s]))
                             for s in SITES})
    for edge in banks:
        table.locator(f'#board [data-testid="river-edge-target"][data-edge="{edge}"]').click()
        version = wait_version(table, version + 1)
    table.locator('[data-testid="rivers-board"] label:has([data-testid="mode-bridge"])').click()
    for edge in SITES:
        table.locator(f'#board [data-testid="bridge-site-target"][data-edge="{edge}"]').click()
        version = wait_version(table, version + 1)
    expect(table.locator('[data-testid="rivers-board"]')).to_contain_text("bridge site (7 of 7)")
    table.locator('button:has-text("The board is ready")').click()
    version = wait_version(table, version + 1)
    expect(table.locator('[data-testid="rivers-layer"] .bridge-site')).to_have_count(7)

    # Setup: Ala by the river at a bridge site (1 gold for the settlement, 1 for the road).
    assert road in BANKS and corner in G.edge_corners[site] and corner in G.edge_corners[road]
    placed = [corner]
    tap_target(table, ".target-corner", "corner", corner)
    version = wait_version(table, version + 1)
    tap_target(table, ".target-edge", "edge", road)
    version = wait_version(table, version + 1)
    dry = [c for c in G.corners if not any(c in G.edge_corners[e] for e in list(BANKS) + SITES)]
    for _ in range(5):
        spot = next(c for c in hx_targets(table, ".target-corner", "corner") if c in dry)
        tap_target(table, ".target-corner", "corner", spot)
        version = wait_version(table, version + 1)
        edges = hx_targets(table, ".target-edge", "edge")
        tap_target(table, ".target-edge", "edge", next((e for e in edges if e not in BANKS), edges[0]))
        version = wait_version(table, version + 1)
        placed.append(spot)
    expect(table.locator('[data-testid="gold-0"]')).not_to_have_text("0")
    expect(table.locator('[data-testid="wealthiest"]')).to_be_visible()
    expect(table.locator('[data-testid="poor-1"]')).to_be_visible()
    # The three phones join: each sees its own gold and the titles on the scoreboard.
    phones = join_phones(browser, server, table, 3)
    for seat, phone in enumerate(phones):
        expect(phone.locator('[data-testid="my-gold"]')).to_contain_text(
            table.locator(f'[data-testid="gold-{seat}"]').inner_text())
        expect(phone.locator('[data-testid="wealthiest"]')).to_be_visible()

    # Ala's turn: a roll, a bridge (3 gold), a resource bought with gold.
    type_roll(table, (2, 3))
    version = wait_version(table, version + 1)
    gold = int(table.locator('[data-testid="gold-0"]').inner_text())
    tap_target(table, ".target-bridge", "edge", site)
    version = wait_version(table, version + 1)
    expect(table.locator('[data-testid="gold-0"]')).to_have_text(str(gold + 3))
    table.locator('[data-testid="buy-with-gold"] select').select_option("ore")
    table.locator('[data-testid="buy-with-gold"] button').click()
    version = wait_version(table, version + 1)
    expect(table.locator('[data-testid="gold-0"]')).to_have_text(str(gold + 1))
    expect(table.locator("#log")).to_contain_text("takes 1 ore from the bank")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    table.screenshot(path=str(SCREENSHOTS / "rivers-table.png"), full_page=True)

    # Building on, paper cards: cities first, then settlements, else roads, until she wins.
    build_until_a_win(table, version, 40, nothing_left_to_build, pick_road=lambda page, roads: roads[0])
    expect(table.locator(".final")).to_be_visible()
    expect(table.locator(".final")).to_contain_text("Ala")
    for phone in phones:  # the phones show the final score too, with the scenario's columns
        expect(phone.locator(".final")).to_contain_text("Ala")
        expect(phone.locator("#story")).to_contain_text("Poor settler")
    table.screenshot(path=str(SCREENSHOTS / "rivers-final.png"), full_page=True)
    expect(table.locator("#log")).to_contain_text("Ala")
