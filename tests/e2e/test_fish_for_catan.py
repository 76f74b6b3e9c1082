"""Fish for Catan (Explorers & Pirates) in a real browser, from the new-game form (a target of
5 typed over the scenario's 15, paper cards, typed dice) to a win: both mission tracks and the
fish panel on the table, Ala's phone (360 px, never scrolling sideways) putting her settler
ashore and sailing her empty ship to a face-down hex that turns out a fish field (its die face
picked in the reveal form), a die typed on her phone drawing a shoal onto it, the shoal caught
by tapping it, and, a round later, her ship sailed to a port of the Council of Catan and the
shoal delivered by a tap: the fish track's field 1 and its +1 card make her 5 points."""
import pytest
from playwright.sync_api import expect

from companion.layers.cores.explorers_pirates import board as sea
from companion.layers.explorers_pirates_scenarios.fish_for_catan import rules as ff

from .harness import SCREENSHOTS, hx_targets
from .sea_play import (end_own_turn, nearest, pass_turns, press, reveal, revealing, roll, sail_to_face_down, sail_until,
                       sea_game, settle, sideways, start_movement, steps_to, tap, vp)
from .test_two_players import status_version

pytestmark = pytest.mark.e2e


def to_council(edges: list[str]) -> str:
    """The path among `edges` with the fewest steps to a path at a council port (over the
    printed board's sea paths), then the nearest to the council's hex."""
    layout = ff.layout()
    ports = set(layout["council"]["ports"])
    goal = {e for p in ports for e in sea.sea_paths_at(layout, p)}
    steps = steps_to(layout, goal)
    best = min(steps.get(e, 99) for e in edges)
    return nearest([e for e in edges if steps.get(e, 99) == best], [layout["council"]["hex"]])


def test_fish_for_catan_from_the_form_to_a_delivered_shoal_and_a_win(server, browser):
    table, ala, bartek, celina = sea_game(browser, server, "fish_for_catan", "paper",
                                          join_codes=True, fills={"target": 5})
    expect(table.locator('[data-testid="ff-layer"]')).to_have_count(1)
    expect(table.locator('#board [data-testid="ep-face-down"]')).to_have_count(22)
    for mission in ("pirate_lairs", "fish_for_catan"):
        expect(table.locator(f'[data-testid="ep-track-{mission}"]')).to_be_visible()
    expect(table.locator('[data-testid="ff-panel"]')).to_contain_text("6 fish shoals left")
    assert [vp(table, seat) for seat in range(3)] == [3, 3, 3]
    version = status_version(table)

    # Ala's turn: a 5, then her settler goes ashore (a shoal wants an empty hold) and she sails.
    version = roll(table, version, ala)
    version = start_movement(ala, table, version)
    version = press(ala, table, version, "ep-unload-")
    # (its points used up: 2 more for a wool, the paper cards laid down on the table)
    version = sail_to_face_down(ala, table, version, 12)
    # The first hex turned over is a fish field showing 4 pips; any other one, open sea.
    found = None
    while revealing(ala):
        if found is None:
            found = reveal(ala, "fish", die="4")
        else:
            reveal(ala, "sea")
        version = settle(version + 1, table, ala)
    expect(table.locator(f'#board [data-testid="ff-field"][data-hex="{found}"]')).to_have_attribute("data-face", "4")
    expect(table.locator("#log")).to_contain_text("Ala finds a fish field showing a 4.")
    expect(table.locator("#log")).to_contain_text("Ala takes 2 gold for finding a fish field")

    # A 4 typed on her phone: a shoal on the fish field, on every screen.
    expect(ala.locator('[data-testid="ff-draw"]')).to_be_visible()
    assert sideways(ala) <= 0
    ala.locator('[data-testid="ff-die"]').select_option("4")
    ala.locator('[data-testid="ff-draw"] button').click()
    version = settle(version + 1, table, ala, bartek, celina)
    for screen in (table, ala, bartek, celina):
        expect(screen.locator(f'#board [data-testid="ff-field"][data-hex="{found}"] [data-testid="ff-shoal"]')
               ).to_have_count(1)
    expect(table.locator('[data-testid="ff-panel"]')).to_contain_text("5 fish shoals left")
    expect(ala.locator('[data-testid="ff-tried"]')).to_be_visible()
    # Her ship points at the fish field: she taps the shoal and it goes aboard.
    assert hx_targets(ala, ".target-catch", "hex") == [found]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ala.screenshot(path=str(SCREENSHOTS / "fish-for-catan-phone-catch.png"), full_page=True)
    version = tap(ala, table, version, ".target-catch", "hex", found)
    expect(table.locator('#board [data-testid="ff-shoal-aboard"]')).to_have_count(1)
    expect(table.locator("#log")).to_contain_text("takes a fish shoal aboard")
    version = end_own_turn(ala, table, version)

    # Round by round her ship sails to a port of the Council of Catan; a tap delivers the shoal.
    for _ in range(4):
        version = pass_turns(table, version, 2, ala)
        version = roll(table, version, ala)
        version = start_movement(ala, table, version)
        version = sail_until(ala, table, version, to_council,
                             lambda: bool(hx_targets(ala, ".target-deliver", "edge")), 8)
        if hx_targets(ala, ".target-deliver", "edge"):
            break
        version = end_own_turn(ala, table, version)
    table.screenshot(path=str(SCREENSHOTS / "fish-for-catan-table.png"))
    version = tap(ala, table, version, ".target-deliver", "edge")
    expect(table.locator("#log")).to_contain_text("delivers a fish shoal to the Council of Catan")
    expect(table.locator('[data-testid="ep-track-field-fish_for_catan-1"] [data-testid="ep-marker-fish_for_catan-0"]')
           ).to_have_count(1)
    expect(table.locator(".final")).to_be_visible()
    expect(table.locator(".final")).to_contain_text("Ala")
    assert vp(table, 0) == 5  # 3 + the fish track's field 1 (1) + its +1 card
