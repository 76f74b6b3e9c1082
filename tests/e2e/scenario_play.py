"""Browser steps the Traders & Barbarians scenarios' e2e tests share (Barbarian Attack, The
Caravans, Traders & Barbarians, Rivers): the hexes of a manual board entered, an action's
button, setup tapped on the table on the first spots offered, the other players' turns, and
building on (cities, then settlements, else roads) until a win."""
from playwright.sync_api import expect

from .harness import hx_targets, tap_target
from .test_two_players import adjacent, type_roll, wait_version

NEUTRAL = '.target[data-testid="neutral-settlement-target"]'
BUILDS = ((".target-corner[hx-vals*='build_city']", "corner"),
          (".target-corner[hx-vals*='build_settlement']", "corner"),
          (".target-edge[hx-vals*='build_road']", "edge"))


def click_action(page, kind: str) -> None:
    page.locator(f"#actions form:has(input[name='type'][value='{kind}']) button").first.click()


def enter_hexes(table, version: int, hexes: dict, tap=None) -> int:
    """A manual board's hexes entered with the board editor's palettes (in the editor's own
    order): the marked hex's terrain, then, if it takes one, its number; the editor moves on
    by itself. `tap(selector)`: how a tap is made (a test may count them)."""
    tap = tap or (lambda selector: table.locator(selector).click())
    palette = table.locator('#actions [data-testid="terrain-palette"]')
    for _ in range(2 * len(hexes) + 1):
        current = palette.locator('input[name="hex"]').get_attribute("value")
        if not current:
            return version
        cell = hexes[current]
        tap(f'#actions [data-testid="terrain-{cell["terrain"]}"]')
        version = wait_version(table, version + 1)
        if cell["number"]:
            expect(palette.locator('input[name="hex"]')).to_have_value(current)  # its number next
            tap(f'#actions [data-testid="number-{cell["number"]}"]')
            version = wait_version(table, version + 1)
    raise AssertionError("the editor kept asking for hexes")


def others_then_first(table, version: int, others: int) -> int:
    """The `others` players after the first roll 2+3 and end their turns; the first player rolls 2+3."""
    for _ in range(others):
        type_roll(table, (2, 3))
        version = wait_version(table, version + 1)
        click_action(table, "end_turn")
        version = wait_version(table, version + 1)
    type_roll(table, (2, 3))
    return wait_version(table, version + 1)


def road_towards_a_spot(page, roads: list[str]) -> str:
    """A road with an end where a settlement could stand (no building next to it), if any."""
    built = page.locator("#board .buildings [data-corner]").evaluate_all("bs => bs.map(b => b.dataset.corner)")
    for edge in roads:
        if any(not any(adjacent(corner, b) for b in built) for corner in _ends(edge)):
            return edge
    return roads[0]


def _ends(edge: str) -> list[str]:
    """The two intersections of a path: its two hexes and each of their two common neighbours."""
    (q1, r1), (q2, r2) = (tuple(int(v) for v in h.split(",")) for h in edge.split("|"))
    steps = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    common = {(q1 + a, r1 + b) for a, b in steps} & {(q2 + a, r2 + b) for a, b in steps}
    return ["|".join(f"{q},{r}" for q, r in sorted({(q1, r1), (q2, r2), c})) for c in sorted(common)]


def setup_on_first_spots(table, version: int, rounds: int, neutrals: int = 0) -> int:
    """Setup tapped on the table: `neutrals` neutral settlements (Catan for two), then `rounds`
    settlements (or cities) each with a road, on the first spots offered; the last version."""
    for _ in range(neutrals):
        tap_target(table, NEUTRAL, "corner", hx_targets(table, NEUTRAL, "corner")[0])
        version = wait_version(table, version + 1)
    for _ in range(rounds):
        tap_target(table, ".target-corner", "corner", hx_targets(table, ".target-corner", "corner")[0])
        version = wait_version(table, version + 1)
        tap_target(table, ".target-edge", "edge", hx_targets(table, ".target-edge", "edge")[0])
        version = wait_version(table, version + 1)
    return version


def build_until_a_win(table, version: int, tries: int, when_stuck, pick_road=road_towards_a_spot) -> int:
    """Up to `tries` taps of the table's first build target (a city, else a settlement, else a
    road picked by `pick_road`) until the final score shows; with nothing to build,
    `when_stuck(version)` goes on (or fails the test). The last version."""
    for _ in range(tries):
        if table.locator(".final").count():
            break
        for selector, key in BUILDS:
            found = hx_targets(table, selector, key)
            if found:
                tap_target(table, selector, key, pick_road(table, found) if key == "edge" else found[0])
                version = wait_version(table, version + 1)
                break
        else:
            version = when_stuck(version)
    return version


def nothing_left_to_build(version: int) -> int:
    raise AssertionError("nothing left to build")
