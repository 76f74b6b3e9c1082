"""Fishermen of Catan in a real browser, from the new-game form to a scored win: the
scenario picked on the form, the lake and the six fishing grounds on the board, the fish
panel on the table (pool, old boot, each player's token count), the robber beside the
board, a settlement by a fishing ground catching a token on its number (its fish shown on
its owner's phone only), 4 fish paid on her phone for a resource from the bank, and Ala
winning with a city (the game played to 3 points)."""
import re

import pytest
from playwright.sync_api import expect

from .harness import close_join_codes, join_phones
from .test_two_players import adjacent, board_hexes, dice_for, hand, status_version, targets, touching, type_roll

pytestmark = pytest.mark.e2e
TARGET = 3
PLAYERS = [("Ala", "red"), ("Bartek", "blue"), ("Celina", "white")]


def new_fishermen_table(browser, server):
    table = browser.new_context(viewport={"width": 1500, "height": 1100}, locale="en-GB").new_page()
    table.goto(server + "/")
    for i, (name, color) in enumerate(PLAYERS):
        table.fill(f'input[name="name_{i}"]', name)
        table.select_option(f'select[name="color_{i}"]', color)
    table.select_option('select[name="board"]', "random")
    table.select_option('select[name="play_mode"]', "hands")
    table.select_option('select[name="dice_source"]', "typed")
    table.select_option('select[name="scenario"]', "fishermen")
    table.fill('input[name="target"]', str(TARGET))
    table.click("button[type=submit].primary")
    close_join_codes(table)
    return table


def grounds(page) -> dict:
    """sea hex -> number of each fishing ground drawn on the board."""
    found = page.locator("#board .fishing-ground").evaluate_all(
        "gs => gs.map(g => [g.dataset.sea, g.dataset.number])")
    return {sea: int(number) for sea, number in found}


def wait_turn(table, version: int, *phones) -> int:
    """Wait for the table's status to move past `version`, and each phone's to catch up
    with it (what the loop reads on a phone must not be a version behind); returns the
    new version."""
    table.wait_for_function(f"() => +document.querySelector('#status').dataset.version > {version}")
    now = status_version(table)
    for phone in phones:
        phone.wait_for_function(f"() => +document.querySelector('#status').dataset.version >= {now}")
    return now


def test_fishermen_from_the_form_to_a_win(server, browser):
    table = new_fishermen_table(browser, server)
    expect(table.locator("#board_picture svg")).to_be_visible()
    expect(table.locator("#board .fishing-ground")).to_have_count(6)
    expect(table.locator("#board .terrain-lake")).to_have_count(1)
    panel = table.locator('[data-testid="fish-panel"]')
    expect(panel).to_contain_text("fish pool: 30 tokens face down")
    expect(panel).to_contain_text("The old boot still lies in the pool.")
    expect(table.locator('[data-testid="robber-off"]')).to_be_visible()
    ala, bartek, celina = join_phones(browser, server, table, 3)
    hexes = board_hexes(table)
    laid = grounds(table)
    assert sorted(laid.values()) == [4, 5, 6, 8, 9, 10]

    def numbers(corner, terrain):
        return [hexes[h][1] for h in touching(corner) if h in hexes and hexes[h][0] == terrain and hexes[h][1]]

    def by_ground(corner):
        return next((laid[s] for s in touching(corner) if s in laid), None)

    # Setup, tapped on the table in snake order: Ala by a fishing ground first, then by
    # fields and mountains; the others where they may.
    version = status_version(table)
    setup = [0, 1, 2, 2, 1, 0]
    ala_corners = []
    for seat in setup:
        corners = targets(table, ".target-corner", "corner")
        if seat == 0 and not ala_corners:
            corner = next(c for c in corners if by_ground(c) is not None and numbers(c, "mountains") + numbers(c, "fields"))
        elif seat == 0:
            # Whatever the first corner lacks: she needs both mountains and fields between them.
            first = ala_corners[0]
            corner = max(corners, key=lambda c: (
                bool(numbers(c, "mountains") + numbers(first, "mountains"))
                + bool(numbers(c, "fields") + numbers(first, "fields")),
                len(numbers(c, "mountains"))))
        else:
            corner = next(c for c in corners if not any(adjacent(c, a) for a in ala_corners) and by_ground(c) is None)
        table.locator(f"#board .target-corner[hx-vals*='\"corner\": \"{corner}\"']").click()
        version = wait_turn(table, version)
        table.locator("#board .target-edge").first.click()
        version = wait_turn(table, version)
        if seat == 0:
            ala_corners.append(corner)
    expect(table.locator("#status .phase")).to_contain_text("Roll")

    ground = by_ground(ala_corners[0])
    expect(table.locator("#log")).to_contain_text("Setup done")
    pool = int(re.search(r"fish pool: (\d+)", panel.inner_text()).group(1))  # a second settlement may have fished
    held = int(re.search(r"(\d+) fish token", table.locator('[data-testid="fish-count-0"]').inner_text()).group(1))
    # The fishing ground's number: Ala's settlement catches a token; her phone shows its fish.
    type_roll(table, dice_for(ground))
    version = wait_turn(table, version, ala)
    expect(panel).to_contain_text(f"fish pool: {pool - 1} token")
    if "The old boot: Ala" not in panel.inner_text():  # 1 in 30: the old boot came up instead
        expect(table.locator('[data-testid="fish-count-0"]')).to_contain_text(f"{held + 1} fish token")
        expect(ala.locator('[data-testid="my-fish"]')).to_contain_text(f"Your fish tokens: {held + 1}")
        expect(bartek.locator('[data-testid="fish-count-0"]')).to_contain_text(f"{held + 1} fish token")
    # Bartek's phone shows his own tokens only (a settlement by the lake may have fished).
    his = int(re.search(r"(\d+) fish token", table.locator('[data-testid="fish-count-1"]').inner_text()).group(1))
    expect(bartek.locator('[data-testid="my-fish"]')).to_contain_text(f"Your fish tokens: {his}")
    expect(bartek.locator("[data-fish]")).to_have_count(his)  # nobody else sees Ala's fish

    # Then the ground's number until Ala has 4 fish, and she buys ore with them on her phone;
    # then her mountains and fields until she can build a city in her turn.
    mountains = sorted({n for c in ala_corners for n in numbers(c, "mountains")})
    fields = sorted({n for c in ala_corners for n in numbers(c, "fields")})
    assert mountains and fields, (ala_corners, hexes)

    def fish_total():
        total = ala.locator('[data-testid="my-fish-total"]')
        return int(total.inner_text()) if total.count() else 0

    spent = False
    for _ in range(60):
        if table.locator(".final").count():
            break
        phase = table.locator("#status .phase").inner_text()
        ore = int(hand(ala, "ore").get_attribute("data-count"))
        if "Roll" in phase:
            total = ground if not spent and fish_total() < 4 else mountains[0] if ore < 3 else fields[0]
            type_roll(table, dice_for(total))
            version = wait_turn(table, version, ala)
            continue
        whose = table.locator("#status .whose").inner_text()
        grain = int(hand(ala, "grain").get_attribute("data-count"))
        if "Ala" in whose and ala.locator('[data-testid="pass-boot-1"]').count():
            # Ala drew the old boot (one point more to win): she passes it on to Bartek.
            ala.locator('[data-testid="pass-boot-1"]').click()
            version = wait_turn(table, version, ala)
            expect(panel).to_contain_text("The old boot: Bartek")
            continue
        if "Ala" in whose and not spent and fish_total() >= 4:
            form = ala.locator('[data-testid="fish-resource"]')
            expect(form).to_be_visible()
            form.locator('select[name="resource"]').select_option("ore" if ore < 3 else "grain")
            form.locator("button[name=tokens]").first.click()
            version = wait_turn(table, version, ala)
            expect(table.locator("#log")).to_contain_text("from the bank.")
            expect(panel).to_contain_text("face up")
            spent = True
            continue
        # The city only once the fish are spent: a ground that shares its number with her
        # mountains could give her the city's cards before she has 4 fish.
        if "Ala" in whose and spent and ore >= 3 and grain >= 2:
            city = ala.locator("#board .target-corner[hx-vals*='build_city']")
            expect(city).not_to_have_count(0)
            city.first.click()
            version = wait_turn(table, version, ala)
            break
        table.locator('form.act.now button[type=submit]', has_text="End turn").click()
        version = wait_turn(table, version, ala)
    assert spent
    expect(table.locator(".final")).to_be_visible()
    expect(table.locator(".final")).to_contain_text("Ala")
    expect(ala.locator(".final")).to_contain_text("Final score")
