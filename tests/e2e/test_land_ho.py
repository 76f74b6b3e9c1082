"""Land Ho! (Explorers & Pirates) in a real browser, from the new-game form to a win at 8:
the game and the scenario picked on the home page (paper cards, typed dice), the sea board on
the table (the start island, 18 face-down hexes in two areas, a ship with a settler per
colour), three phones (one of 360 px that never scrolls sideways), a roll with compensation
gold, Ala's ship sailed by tapping the board on her phone (2 more points bought for a wool)
until it points at a face-down hex, the reveal form on her phone only (forest with a 9), building up to 7 points by
tapping the board, and her ship founding a settlement where its bow points: the 8th point."""

import pytest
from playwright.sync_api import expect

from .harness import SCREENSHOTS, hx_targets, new_table, tap_target
from .test_two_players import status_version, type_roll, wait_version

pytestmark = pytest.mark.e2e


def phones_of(browser, server: str, table, sizes) -> list:
    """Each seat's phone opens the join link its QR code holds, at its own size."""
    phones = []
    for i, (width, height) in enumerate(sizes):
        path = table.locator(f'.qr[data-seat="{i}"]').get_attribute("data-join")
        phone = browser.new_context(viewport={"width": width, "height": height}, locale="en-GB",
                                    is_mobile=True).new_page()
        phone.goto(server + path)
        phones.append(phone)
    return phones


def settle(version: int, *pages) -> int:
    """Every screen shows this version (the acting phone reads its next targets from it)."""
    for page in pages:
        wait_version(page, version)
    return version


def sideways(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")


def axial(position: str) -> tuple[int, int]:
    q, r = position.split(",")
    return int(q), int(r)


STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def nearest(edges: list[str], hexes: list[str]) -> str:
    """The path whose ends come nearest one of `hexes` (hex distance on axial coordinates from
    the four positions around the path: its two sides and the two hexes at its ends)."""
    targets = [axial(h) for h in hexes]

    def distance(edge):
        a, b = (axial(p) for p in edge.split("|"))
        ends = {(a[0] + dq, a[1] + dr) for dq, dr in STEPS} & {(b[0] + dq, b[1] + dr) for dq, dr in STEPS}
        return min((abs(q - x) + abs(r - y) + abs(q + r - x - y)) / 2 for q, r in (a, b, *ends) for x, y in targets)

    def middle(edge):
        (q1, r1), (q2, r2) = (axial(p) for p in edge.split("|"))
        q, r = (q1 + q2) / 2, (r1 + r2) / 2
        return min((abs(q - x) + abs(r - y) + abs(q + r - x - y)) / 2 for x, y in targets)
    return min(edges, key=lambda edge: (distance(edge), middle(edge), edge))


def face_down(table) -> list[str]:
    return table.locator('#board [data-testid="ep-face-down"]').evaluate_all("fs => fs.map(f => f.dataset.hex)")


def vp(table, seat: int) -> int:
    return int(table.locator("#scoreboard tbody tr").nth(seat).locator("td.vp").inner_text())


def test_land_ho_from_the_form_to_a_win(server, browser):
    table = new_table(browser, server, [("Ala", "red"), ("Bartek", "blue"), ("Celina", "white")],
                      rules="explorers_pirates", scenario="land_ho", board="beginner", play_mode="paper",
                      dice_source="typed", join_codes=True)
    ala, bartek, celina = phones_of(browser, server, table, ((360, 740), (390, 844), (390, 844)))
    expect(table.locator('[data-testid="ep-layer"]')).to_be_visible()
    expect(table.locator('#board [data-testid="ep-face-down"]')).to_have_count(18)
    expect(table.locator('#board [data-testid="ep-ship"]')).to_have_count(3)
    expect(table.locator('#board [data-testid="ep-ship-settler"]')).to_have_count(3)
    expect(table.locator('[data-testid="ep-panel"]')).to_contain_text("18 hexes face down")
    expect(table.locator('[data-testid="gold-scores"]')).to_contain_text("2")
    assert [vp(table, seat) for seat in range(3)] == [3, 3, 3]  # a settlement and a harbour settlement each
    version = status_version(table)

    # Ala's turn: a 5 is rolled on the table; whoever gets nothing takes 1 gold.
    type_roll(table, (2, 3))
    version = settle(version + 1, table, ala)
    expect(table.locator('[data-testid="ep-last-compensation"]')).to_contain_text("Nothing from the 5")
    expect(ala.locator('[data-testid="ep-stage"]')).to_contain_text("Trade and build")
    assert sideways(ala) <= 0

    # Her phone ends building and sails her ship by tapping the board.
    ala.locator('[data-testid="ep-start-movement"] button').click()
    version = settle(version + 1, table, ala)
    expect(ala.locator('[data-testid="ep-stage"]')).to_contain_text("Ship movement")
    expect(ala.locator('[data-testid="ep-ships"]')).to_contain_text("4 movement points left")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ala.screenshot(path=str(SCREENSHOTS / "land-ho-phone-movement.png"), full_page=True)
    tap_target(ala, ".target-ship", "edge", hx_targets(ala, ".target-ship", "edge")[0])
    version = settle(version + 1, table, ala)
    for _ in range(10):
        if ala.locator('[data-testid="ep-reveal-form"]').count():
            break
        sail = hx_targets(ala, ".target-sail", "edge")
        if sail:
            tap_target(ala, ".target-sail", "edge", nearest(sail, face_down(table)))
        else:  # the 4 points are used up: 2 more for a wool (paper cards: laid down on the table)
            ala.locator('[data-testid^="ep-buy-"] button').first.click()
            expect(ala.locator('[data-testid="ep-ships"]')).to_contain_text("2 movement points left")
        version = settle(version + 1, table, ala)
    # The reveal form is on her phone only; the others see her turning the hex over.
    expect(ala.locator('[data-testid="ep-reveal-form"]')).to_be_visible()
    assert sideways(ala) <= 0
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ala.screenshot(path=str(SCREENSHOTS / "land-ho-phone-reveal.png"), full_page=True)
    table.screenshot(path=str(SCREENSHOTS / "land-ho-table.png"))
    for screen in (table, bartek, celina):
        expect(screen.locator('[data-testid="ep-reveal"]')).to_contain_text("turns the discovered hex over")
    for phone in (bartek, celina):
        expect(phone.locator('[data-testid="ep-reveal-form"]')).to_have_count(0)
    expect(table.locator('[data-testid="ep-reveal-form"]').first).to_be_hidden()  # folded: for a player without a phone
    expect(table.locator("#board .ep-to-reveal")).to_have_count(1)
    form = ala.locator('[data-testid="ep-reveal-form"]').first
    form.locator('[data-testid="ep-terrain-forest"]').check()
    form.locator('[data-testid="ep-number"]').select_option("9")
    form.locator('[data-testid="ep-reveal-submit"]').click()
    version = settle(version + 1, table, ala)
    expect(table.locator('#board [data-testid="ep-face-down"]')).to_have_count(17)
    expect(table.locator("#board polygon.terrain-forest")).to_have_count(5)  # 4 on the start island + 1
    expect(table.locator("#log")).to_contain_text("Ala discovers forest (lumber) with a 9 and takes 1 lumber.")
    ala.locator('[data-testid="ep-end-turn"] button').click()
    version = settle(version + 1, table, ala)

    # Bartek and Celina roll and pass on the table.
    for _ in range(2):
        type_roll(table, (2, 3))
        version = settle(version + 1, table, ala)
        table.locator("#actions form:has(input[name='type'][value='end_turn']) button").first.click()
        version = settle(version + 1, table, ala)

    # Ala again: she builds by tapping her phone's board (paper cards: the cards lie on the table) ...
    type_roll(table, (2, 3))
    version = settle(version + 1, table, ala)
    builds = ((".target-harbour", "corner"), (".target-corner[hx-vals*='build_settlement']", "corner"),
              (".target-edge[hx-vals*='build_road']", "edge"))
    for _ in range(30):
        if vp(table, 0) >= 7:
            break
        for selector, key in builds:
            found = hx_targets(ala, selector, key)
            if found:
                tap_target(ala, selector, key, found[0])
                version = settle(version + 1, table, ala)
                break
        else:
            raise AssertionError("nothing left to build")
    assert vp(table, 0) == 7
    # ... then her ship founds a settlement where its bow points: 8 points, she wins.
    ala.locator('[data-testid="ep-start-movement"] button').click()
    version = settle(version + 1, table, ala)
    for _ in range(12):
        if table.locator(".final").count():
            break
        if ala.locator('[data-testid="ep-reveal-form"]').count():
            form = ala.locator('[data-testid="ep-reveal-form"]').first
            form.locator('[data-testid="ep-terrain-sea"]').check()
            form.locator('[data-testid="ep-reveal-submit"]').click()
        elif hx_targets(ala, ".target-found", "corner"):
            tap_target(ala, ".target-found", "corner", hx_targets(ala, ".target-found", "corner")[0])
        elif hx_targets(ala, ".target-sail", "edge"):
            tap_target(ala, ".target-sail", "edge", nearest(hx_targets(ala, ".target-sail", "edge"), face_down(table)))
        else:
            tap_target(ala, ".target-ship", "edge", hx_targets(ala, ".target-ship", "edge")[0])
        version = settle(version + 1, table, ala)
    expect(table.locator(".final")).to_be_visible()
    expect(table.locator(".final")).to_contain_text("Ala")
    expect(table.locator("#log")).to_contain_text("Ala founds a settlement from ship")
    assert vp(table, 0) == 8
