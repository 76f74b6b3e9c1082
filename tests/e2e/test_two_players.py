"""Catan for two in a real browser: the new-game form's option with a random board and hands
on phones, the neutral colours' settlements tapped on the board, the two players' setup tapped
on their phones, a turn with two production rolls that must differ, and a road that makes the
player build one for a neutral colour too.

The random board differs every run, so the test reads it from the page (each hex's terrain
and number) and steers the game by it: Ala's settlements touch a forest and a hills hex, and
the dice typed on the table are those two hexes' numbers, so she holds lumber and brick for
the road. Trade tokens are counted from the spots the page offered (on the coast 1, next to
the desert 2, both 3).
"""
import json
import re

import pytest
from playwright.sync_api import expect

from .harness import join_phones, new_table

pytestmark = pytest.mark.e2e
NEUTRALS = ("white", "orange")  # the first colours of the form's list nobody sits at


def status_version(page) -> int:
    return int(page.locator("#status").get_attribute("data-version"))


def wait_version(table, version: int) -> int:
    expect(table.locator("#status")).to_have_attribute("data-version", str(version))
    return version


def board_hexes(page) -> dict:
    """hex id -> (terrain, number or None), as the board picture draws them."""
    cells = page.locator("#board .hex").evaluate_all(
        """hexes => hexes.map(h => [h.dataset.hex,
              (h.querySelector('polygon.tile').getAttribute('class').match(/terrain-(\\w+)/) || [])[1],
              h.querySelector('.token text') ? h.querySelector('.token text').textContent : null])""")
    return {hex_id: (terrain, int(number) if number else None) for hex_id, terrain, number in cells}


def targets(page, selector: str, key: str) -> list[str]:
    """The ids (corner or edge) the tap targets matching `selector` post."""
    vals = page.locator(f"#board {selector}").evaluate_all("ts => ts.map(t => t.getAttribute('hx-vals'))")
    return [json.loads(v)[key] for v in vals]


def tap(page, selector: str, key: str, value: str) -> None:
    page.locator(f"#board {selector}[hx-vals*='\"{key}\": \"{value}\"']").click()


def touching(corner: str) -> list[str]:
    return corner.split("|")


def adjacent(a: str, b: str) -> bool:
    """Two corners one path apart share two of their three hex positions."""
    return a == b or len(set(touching(a)) & set(touching(b))) >= 2


def spot_tokens(hexes: dict, corner: str) -> int:
    land = [h for h in touching(corner) if h in hexes]
    desert = any(hexes[h][0] == "desert" for h in land)
    return (2 if desert else 0) + (1 if len(land) < 3 else 0)


def plan(hexes: dict, corners: list[str]) -> tuple[str, str, int, int]:
    """Ala's two setup corners, one touching a numbered forest, the other a numbered hills
    hex, and those numbers: the production rolls that give her lumber and brick."""
    def numbered(corner, terrain):
        return [hexes[h][1] for h in touching(corner) if h in hexes and hexes[h][0] == terrain and hexes[h][1]]
    for forest in corners:
        for hills in corners:
            if adjacent(forest, hills) or not numbered(forest, "forest") or not numbered(hills, "hills"):
                continue
            return forest, hills, numbered(forest, "forest")[0], numbered(hills, "hills")[0]
    raise AssertionError("no spots for a forest and a hills settlement")  # every rulebook board has them


def dice_for(total: int, avoid: tuple[int, int] | None = None) -> tuple[int, int]:
    """Two dice for `total`, other than `avoid` when the total has other pairs (not 2 or 12)."""
    pairs = [(a, total - a) for a in range(1, 7) if 1 <= total - a <= 6]
    return next((p for p in pairs if p != avoid), pairs[0])


def type_roll(table, dice: tuple[int, int]) -> None:
    table.locator(".die-row.d1 label").nth(dice[0] - 1).click()
    table.locator(".die-row.d2 label").nth(dice[1] - 1).click()


def hand(page, resource: str):
    return page.locator(f'[data-testid="my-hand"] [data-resource="{resource}"]')


def test_catan_for_two_neutral_setup_two_rolls_and_a_neutral_road(server, browser):
    table = new_table(browser, server, [("Ala", "red"), ("Bartek", "blue")], board="random", play_mode="hands",
                      dice_source="typed", checks=("two_players",))
    expect(table.locator("#board_picture svg")).to_be_visible()
    expect(table.locator('[data-testid="neutral-row"]')).to_have_count(2)
    expect(table.locator('[data-testid="tokens-0"]')).to_have_text("5")
    expect(table.locator('[data-testid="tokens-1"]')).to_have_text("5")
    expect(table.locator('[data-testid="two-panel"]')).to_contain_text("pool 10")
    ala, bartek = join_phones(browser, server, table, 2)
    expect(ala.locator("#board_picture svg")).to_be_visible()
    expect(bartek.locator("#board_picture svg")).to_be_visible()

    hexes = board_hexes(table)
    assert len(hexes) == 19
    neutral_target = '.target[data-testid="neutral-settlement-target"]'
    expect(table.locator(neutral_target)).not_to_have_count(0)
    forest_spot, hills_spot, forest_number, hills_number = plan(hexes, targets(table, neutral_target, "corner"))
    keep_free = (forest_spot, hills_spot)

    def elsewhere(corners):
        return next(c for c in corners if not any(adjacent(c, k) for k in keep_free))

    # The neutral colours first: one settlement each, no road. The table and the phone of the
    # player whose turn it is may tap; the other phone waits.
    version = status_version(table)
    expect(table.locator('[data-testid="neutral-setup-hint"]')).to_contain_text("neutral white")
    expect(bartek.locator(f"#board {neutral_target}")).to_have_count(0)
    neutral_spots = []
    for neutral, screen in zip(NEUTRALS, (table, ala)):
        expect(screen.locator(f"#board {neutral_target}")).not_to_have_count(0)
        spot = elsewhere(targets(screen, neutral_target, "corner"))
        tap(screen, neutral_target, "corner", spot)
        neutral_spots.append(spot)
        version = wait_version(table, version + 1)
        expect(table.locator(f'#board .settlement.{neutral}[data-corner="{spot}"]')).to_have_count(1)
        expect(ala.locator(f'#board .settlement.{neutral}[data-corner="{spot}"]')).to_have_count(1)
        expect(table.locator("#log")).to_contain_text(f"Setup: neutral {neutral} gets a settlement.")
    expect(table.locator("#board .road")).to_have_count(0)
    expect(table.locator('[data-testid="neutral-setup-hint"]')).to_have_count(0)
    neutral_rows = table.locator('[data-testid="neutral-row"]')
    expect(neutral_rows.nth(0)).to_contain_text("neutral white")
    expect(neutral_rows.nth(1)).to_contain_text("neutral orange")

    # The players' setup, snake order Ala, Bartek, Bartek, Ala, each tapping on their own phone.
    tokens = [5, 5]
    pool = 10
    players = {0: ("Ala", ala, "red"), 1: ("Bartek", bartek, "blue")}
    settlement_target = ".target-corner:not(.target-neutral)"
    road_target = ".target-edge"
    for turn, seat in enumerate((0, 1, 1, 0)):
        name, phone, color = players[seat]
        other = players[1 - seat][1]
        expect(phone.locator(f"#board {settlement_target}")).not_to_have_count(0)
        expect(other.locator("#board .target")).to_have_count(0)
        corners = targets(phone, settlement_target, "corner")
        spot = {0: forest_spot, 3: hills_spot}.get(turn) or elsewhere(corners)
        assert spot in corners
        tap(phone, settlement_target, "corner", spot)
        version = wait_version(table, version + 1)
        expect(table.locator(f'#board .settlement.{color}[data-corner="{spot}"]')).to_have_count(1)
        earned = min(spot_tokens(hexes, spot), pool)
        tokens[seat] += earned
        pool -= earned
        for screen in (table, ala, bartek):
            expect(screen.locator(f'[data-testid="tokens-{seat}"]')).to_have_text(str(tokens[seat]))
        if earned:
            expect(table.locator("#log")).to_contain_text(re.compile(
                rf"{name} takes {earned} trade tokens? for a settlement"))
        expect(phone.locator(f"#board {road_target}")).not_to_have_count(0)
        phone.locator(f"#board {road_target}").first.click()
        version = wait_version(table, version + 1)
    expect(table.locator("#board .road.red")).to_have_count(2)
    expect(table.locator("#board .road.blue")).to_have_count(2)
    expect(table.locator("#board .settlement.white")).to_have_count(1)
    expect(table.locator("#board .settlement.orange")).to_have_count(1)
    expect(table.locator('[data-testid="two-panel"]')).to_contain_text(f"pool {pool}")
    expect(table.locator("#log")).to_contain_text("takes the starting resources")

    # Ala's turn, two production rolls typed on the table: the forest's number, the same total
    # again (refused), then the hills' number (or any other total when they are the same).
    first = forest_number
    second = hills_number if hills_number != forest_number else next(n for n in (6, 8, 5, 9, 4, 10) if n != first)
    lumber_before = int(hand(ala, "lumber").get_attribute("data-count"))
    rolls = table.locator('[data-testid="two-rolls"]')
    expect(rolls).to_contain_text("This turn's rolls: –")
    first_dice = dice_for(first)
    type_roll(table, first_dice)
    version = wait_version(table, version + 1)
    for screen in (table, ala, bartek):
        expect(screen.locator('[data-testid="two-rolls"]')).to_have_text(
            re.compile(rf"This turn's rolls: {first} · second roll to come"))
        expect(screen.locator("#log")).to_contain_text(f"Ala rolled {first} ({first_dice[0]} + {first_dice[1]}).")
    expect(table.locator("#dice .total")).to_have_text(str(first))
    expect(table.locator("#dice .production")).to_contain_text("Ala")
    expect(hand(ala, "lumber")).not_to_have_attribute("data-count", str(lumber_before))
    expect(table.locator(".die-row.d1")).to_be_visible()  # the second roll is asked at once

    type_roll(table, dice_for(first, avoid=first_dice))
    expect(table.locator("#flash")).to_contain_text(f"The second roll must differ from the first ({first}): roll again.")
    assert status_version(table) == version  # refused: nothing recorded
    expect(table.locator(".die-row input:checked")).to_have_count(0)  # the dice are asked afresh
    expect(rolls).to_contain_text("second roll to come")

    type_roll(table, dice_for(second))
    version = wait_version(table, version + 1)
    for screen in (table, ala, bartek):
        expect(screen.locator('[data-testid="two-rolls"]')).to_have_text(re.compile(rf"This turn's rolls: {first}, {second}$"))
    expect(table.locator("#log")).to_contain_text(re.compile(rf"Ala rolled {second} \(\d \+ \d\)\."))
    expect(ala.locator("#status")).to_contain_text("Trade and build")
    expect(table.locator("#dice .total")).to_have_text(str(second))
    expect(table.locator(".die-row")).to_have_count(0)  # two rolls: no third
    expect(hand(ala, "lumber")).not_to_have_attribute("data-count", "0")
    expect(hand(ala, "brick")).not_to_have_attribute("data-count", "0")
    lumber = int(hand(ala, "lumber").get_attribute("data-count"))
    brick = int(hand(ala, "brick").get_attribute("data-count"))
    cards = int(table.locator('.hand-count[data-seat="0"]').inner_text())

    # Ala builds a road on her phone, then one for a neutral colour of her choice, free.
    # A path away from the neutral settlements, so that both colours still have room for a road.
    ala_road = next(e for e in targets(ala, ".target-edge", "edge")
                    if not any(set(touching(e)) <= set(touching(n)) for n in neutral_spots))
    tap(ala, ".target-edge", "edge", ala_road)
    version = wait_version(table, version + 1)
    expect(table.locator(f'#board .road.red[data-edge="{ala_road}"]')).to_have_count(1)
    expect(hand(ala, "lumber")).to_have_attribute("data-count", str(lumber - 1))
    expect(hand(ala, "brick")).to_have_attribute("data-count", str(brick - 1))
    expect(table.locator('.hand-count[data-seat="0"]')).to_have_text(str(cards - 2))
    expect(ala.locator('[data-testid="neutral-build"]')).to_have_text("You built: now build a road for a neutral colour, free.")
    expect(table.locator("#actions")).to_contain_text("Ala builds a road for a neutral colour…")
    expect(bartek.locator("#actions")).to_contain_text("Ala builds a road for a neutral colour…")
    expect(table.locator("#board .target")).to_have_count(0)
    expect(bartek.locator("#board .target")).to_have_count(0)
    expect(ala.locator('[data-testid="choose-neutral-2"]')).to_contain_text("neutral white")
    ala.locator('[data-testid="choose-neutral-3"]').click()
    version = wait_version(table, version + 1)
    expect(ala.locator("#actions")).to_contain_text("Tap the path for the road of neutral orange.")
    neutral_road_target = '.target[data-testid="neutral-road-target"]'
    expect(ala.locator(f"#board {neutral_road_target}")).not_to_have_count(0)
    expect(bartek.locator("#board .target")).to_have_count(0)  # the builder's phone (or the table) taps
    neutral_road = targets(ala, neutral_road_target, "edge")[0]
    assert set(touching(neutral_road)) <= set(touching(neutral_spots[1]))  # beside orange's settlement
    tap(ala, neutral_road_target, "edge", neutral_road)
    version = wait_version(table, version + 1)
    for screen in (table, ala, bartek):
        expect(screen.locator(f'#board .road.orange[data-edge="{neutral_road}"]')).to_have_count(1)
    expect(table.locator("#log")).to_contain_text("Ala builds a road for neutral orange.")
    expect(neutral_rows.nth(1).locator("td").nth(4)).to_have_text("1")
    expect(neutral_rows.nth(0).locator("td").nth(4)).to_have_text("0")
    expect(ala.locator('[data-testid="neutral-build"]')).to_have_count(0)
    expect(table.locator("#status")).to_contain_text("Ala")
    # Trade tokens untouched by building; the phone offers the token actions at their price.
    expect(table.locator('[data-testid="tokens-0"]')).to_have_text(str(tokens[0]))
    expect(ala.locator('[data-testid="token-actions"]')).to_contain_text(f"Trade tokens: you have {tokens[0]}.")
    expect(ala.locator('[data-testid="forced-trade"]')).to_be_visible()
