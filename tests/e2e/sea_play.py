"""Browser steps the Explorers & Pirates e2e tests share (Land Ho!, Pirate Lairs, Fish for
Catan, Spices for Catan and the scenario with all three): the phones joined, every screen
waited on, a roll typed on the table, the other players' turns passed there, a phone's
movement started and its turn ended, its ship sailed (along a route or towards a goal) and a
discovered hex turned over on the finder's phone."""
from collections import deque

from playwright.sync_api import expect

from companion.layers.cores.explorers_pirates import board as sea

from .harness import hx_targets, new_table, tap_target
from .scenario_play import click_action
from .test_two_players import status_version, type_roll, wait_version

REVEAL_FORM = '[data-testid="ep-reveal-form"]'
BUY_MOVES = '[data-testid^="ep-buy-"] button'
PLAYERS = [("Ala", "red"), ("Bartek", "blue"), ("Celina", "white")]
SIZES = ((360, 740), (390, 844), (390, 844))  # Ala's phone the narrowest


def sea_game(browser, server: str, scenario: str, play_mode: str, sizes=SIZES, **more) -> tuple:
    """A new game of `scenario` for Ala, Bartek and Celina made on the home page (the beginner
    board, dice typed on the table; `more` for new_table): the table and the three phones."""
    table = new_table(browser, server, PLAYERS, rules="explorers_pirates", scenario=scenario, board="beginner",
                      play_mode=play_mode, dice_source="typed", **more)
    return table, *phones_of(browser, server, table, sizes)


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


def expect_tracks_at_start(table, missions, seats: int = 3) -> None:
    """Each mission's track on the table with every seat's marker on its "S" field."""
    for mission in missions:
        expect(table.locator(f'[data-testid="ep-track-{mission}"]')).to_be_visible()
        for seat in range(seats):
            expect(table.locator(f'[data-testid="ep-track-field-{mission}-0"] '
                                 f'[data-testid="ep-marker-{mission}-{seat}"]')).to_have_count(1)


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


def steps_to(layout: dict, goals) -> dict:
    """Each sea path's fewest steps to one of the paths `goals` over the board's sea paths (the
    unreachable ones left out)."""
    steps = {e: 0 for e in goals}
    queue = deque(goals)
    while queue:
        edge = queue.popleft()
        for nxt in sea.next_paths(layout, edge):
            if nxt not in steps and sea.is_sea_path(layout, nxt):
                steps[nxt] = steps[edge] + 1
                queue.append(nxt)
    return steps


def face_down(table) -> list[str]:
    return table.locator('#board [data-testid="ep-face-down"]').evaluate_all("fs => fs.map(f => f.dataset.hex)")


def vp(table, seat: int) -> int:
    return int(table.locator("#scoreboard tbody tr").nth(seat).locator("td.vp").inner_text())


def end_turn(page) -> None:
    """The end-of-turn button of the actions bar (the table's, or a phone's)."""
    click_action(page, "end_turn")


def roll(table, version: int, *phones, dice=(2, 3)) -> int:
    """`dice` typed on the table (a 5 unless told); the version once every screen shows it."""
    type_roll(table, dice)
    return settle(version + 1, table, *phones)


def pass_turns(table, version: int, count: int, *phones) -> int:
    """`count` players one after the other roll a 5 on the table and end their turns there."""
    for _ in range(count):
        version = roll(table, version, *phones)
        end_turn(table)
        version = settle(version + 1, table, *phones)
    return version


def press(phone, table, version: int, testid: str) -> int:
    """The phone's button in the block `testid` (the first, where the name is a prefix `x-`)."""
    match = f'[data-testid^="{testid}"]' if testid.endswith("-") else f'[data-testid="{testid}"]'
    phone.locator(f"{match} button").first.click()
    return settle(version + 1, table, phone)


def start_movement(phone, table, version: int) -> int:
    """The phone ends trading and building: its ships' movement."""
    return press(phone, table, version, "ep-start-movement")


def end_own_turn(phone, table, version: int) -> int:
    """The phone ends its turn (its movement's button)."""
    return press(phone, table, version, "ep-end-turn")


def tap(phone, table, version: int, selector: str, key: str, value: str | None = None) -> int:
    """The phone taps the board's target (`value`, else the first of them)."""
    tap_target(phone, selector, key, value if value is not None else hx_targets(phone, selector, key)[0])
    return settle(version + 1, table, phone)


def sail_route(phone, table, version: int, route) -> int:
    """The phone's chosen ship sails along `route`, a path a tap."""
    for edge in route:
        version = tap(phone, table, version, ".target-sail", "edge", edge)
    return version


def sail_until(phone, table, version: int, pick, until, tries: int, bought=lambda: None) -> int:
    """Up to `tries` taps until `until()` holds: a path the ship may sail on (`pick(paths)`
    chooses), else a ship to sail (a new turn's first tap), else 2 more movement points for a
    wool (then `bought()` checks the screens), else nothing more to tap."""
    for _ in range(tries):
        if until():
            break
        paths = hx_targets(phone, ".target-sail", "edge")
        if paths:
            tap_target(phone, ".target-sail", "edge", pick(paths))
        elif hx_targets(phone, ".target-ship", "edge"):
            tap_target(phone, ".target-ship", "edge", hx_targets(phone, ".target-ship", "edge")[0])
        elif phone.locator(BUY_MOVES).count():
            phone.locator(BUY_MOVES).first.click()
            bought()
        else:
            break
        version = settle(version + 1, table, phone)
    return version


def revealing(phone) -> bool:
    """A reveal form on the phone: its ship points at a face-down hex."""
    return bool(phone.locator(REVEAL_FORM).count())


def sail_to_face_down(phone, table, version: int, tries: int, bought=lambda: None, until=None) -> int:
    """The phone taps its ship and sails it towards the face-down hexes until it points at one
    (its reveal form shows), or until `until()`."""
    version = tap(phone, table, version, ".target-ship", "edge")
    return sail_until(phone, table, version, lambda paths: nearest(paths, face_down(table)),
                      until or (lambda: revealing(phone)), tries, bought)


def reveal(phone, terrain: str, number: str | None = None, die: str | None = None) -> str:
    """The phone's first reveal form sent with `terrain` (and a number token or a die face): the hex."""
    form = phone.locator(REVEAL_FORM).first
    hex_ = form.locator('input[name="hex"]').get_attribute("value")
    form.locator(f'[data-testid="ep-terrain-{terrain}"]').check()
    if number:
        form.locator('[data-testid="ep-number"]').select_option(number)
    if die:
        form.locator('[data-testid="ep-die"]').select_option(die)
    form.locator('[data-testid="ep-reveal-submit"]').click()
    return hex_


def reveal_spice(phone, benefit: str, hex_: str | None = None) -> None:
    """The phone's spice form (of `hex_`, else the first) sent with the village's benefit."""
    if hex_:
        form = phone.locator(f'[data-testid="sp-reveal-form"]:has(input[name="hex"][value="{hex_}"])')
    else:
        form = phone.locator('[data-testid="sp-reveal-form"]').first
    form.locator(f'[data-testid="sp-benefit-{benefit}"]').check()
    form.locator('[data-testid="sp-reveal-submit"]').click()


def sea_reveals(phone) -> None:
    """Any face-down hex the phone's ship points at turns out sea, each waited for on #status."""
    while revealing(phone):
        version = status_version(phone)
        reveal(phone, "sea")
        expect(phone.locator("#status")).not_to_have_attribute("data-version", str(version))
