"""Traders & Barbarians in a real browser, from the new-game form to a scored win: the
scenario picked on the home page (a manual board), the board entered on the table screen
(the castle, quarry and glassworks among the hexes, the three barbarians' paths), setup (a
settlement, then a city with the wagon beside it), three phones joined; Ala's phone upgrades
her wagon to level 5 (paper cards: the table keeps no hands), drives it by tapping the
board's marked intersections to a target (a goods token) and on to where the goods are
needed (a delivery: 1 point and gold), then the table builds on to 13 points. With Catan
for two (hands on phones): the neutral colours' settlements, the setup, a barbarian moved for
a trade token on Ala's phone (to a path without a road) between the turn's two rolls."""
import pytest
from playwright.sync_api import expect

from companion.layers.traders_barbarians_scenarios.traders_barbarians import rules as tb
from companion.machinery import board as boards
from tests.engine.test_traders_barbarians import BARBARIANS, tb_layout

from .harness import SCREENSHOTS, hx_targets, join_phones, new_table, tap_target
from .scenario_play import build_until_a_win, click_action, enter_hexes, others_then_first, setup_on_first_spots
from .test_two_players import status_version, type_roll, wait_version

pytestmark = pytest.mark.e2e

LAYOUT = tb_layout()
G = boards.geometry("base")
HEX_OF = {str(name): h for name, h in (("the castle", "0,-2"), ("the quarry", "-2,0"), ("the glassworks", "0,2"))}


def distances(goal: str) -> dict:
    """Paths from every intersection (and target centre) to `goal`."""
    dist, frontier = {goal: 0}, [goal]
    while frontier:
        nxt = []
        for node in frontier:
            for other, _ in tb.neighbours(LAYOUT, node):
                if other not in dist:
                    dist[other] = dist[node] + 1
                    nxt.append(other)
        frontier = nxt
    return dist


def road_towards_a_spot(page, roads: list[str]) -> str:
    """A road with an end where a settlement could stand (no building on or next to it)."""
    built = set(page.locator("#board .buildings [data-corner]").evaluate_all("bs => bs.map(b => b.dataset.corner)"))
    closed = tb.sea_corners(LAYOUT)
    for edge in roads:
        for corner in G.edge_corners[edge]:
            if corner not in built and corner not in closed and not set(G.corner_corners[corner]) & built:
                return edge
    return roads[0]


def test_traders_and_barbarians_from_the_form_to_a_win(server, browser):
    table = new_table(browser, server, [("Ala", "red"), ("Bartek", "blue"), ("Celina", "white")],
                      board="manual", play_mode="paper", dice_source="typed", scenario="traders_barbarians")
    # The wagon cards' numbers are printed only: the table confirms the app's (the defaults).
    version = enter_board(table, status_version(table))
    expect(table.locator('[data-testid="tb-barbarian"]')).to_have_count(3)
    expect(table.locator('[data-testid="tb-target"]')).to_have_count(3)
    expect(table.locator('[data-testid="tb-cards-confirmed"]')).to_be_attached()

    # Setup: a settlement and a road, then a city and a road (the wagon at the city).
    version = setup_on_first_spots(table, version, 6)
    expect(table.locator('[data-testid^="tb-wagon-"] rect')).to_have_count(3)
    phones = join_phones(browser, server, table, 3)
    ala = phones[0]
    expect(ala.locator('[data-testid="tb-mine"]')).to_contain_text("level 1")

    # Ala upgrades her wagon to level 5 on her phone, then drives it.
    type_roll(table, (2, 3))
    version = wait_version(table, version + 1)
    for level in range(2, 6):
        # The phone taps once it shows the last upgrade, so the tap never meets that push swapping
        # its button out (once in a full run under load, a tap here did not move the version).
        wait_version(ala, version)
        ala.locator('[data-testid="tb-upgrade"] button').click()
        version = wait_version(table, version + 1)
        expect(table.locator('[data-testid="tb-level-0"]')).to_have_text(str(level))
    delivered = False
    for turn in range(12):
        if turn:
            version = others_then_first(table, version, 2)
        for _ in range(8):  # a level-5 wagon: 8 points, at least 4 paths
            wait_version(ala, version)  # the phone's board shows the wagon where it is now
            cargo = table.locator('[data-testid="tb-cargo-0"]').inner_text()
            if " to " in cargo:
                goal = HEX_OF[cargo.rsplit(" to ", 1)[1].strip()]
                dist = distances(goal)
            else:
                tables = [distances(h) for h in HEX_OF.values()]
                dist = {n: min(t.get(n, 99) for t in tables) for n in tables[0]}
            options = hx_targets(ala, ".target-wagon", "to")
            if not options:
                break
            best = min(options, key=lambda n: dist.get(n, 99))
            tap_target(ala, ".target-wagon", "to", best)
            version = wait_version(table, version + 1)
            if table.locator('[data-testid="tb-delivered-0"]').inner_text() == "1":
                delivered = True
                break
        if delivered:
            break
        click_action(table, "end_turn")
        version = wait_version(table, version + 1)
    assert delivered
    expect(table.locator("#log")).to_contain_text("delivers")
    expect(table.locator('[data-testid="gold-0"]')).not_to_have_text("5")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    table.screenshot(path=str(SCREENSHOTS / "traders-barbarians-table.png"), full_page=True)

    # Her next turn (the wagon moves after building): building on, paper cards: cities
    # first, then settlements, else roads, until she wins at 13.
    click_action(table, "end_turn")
    version = wait_version(table, version + 1)
    version = others_then_first(table, version, 2)
    def stuck(version):
        table.screenshot(path=str(SCREENSHOTS / "traders-barbarians-stuck.png"), full_page=True)
        raise AssertionError("nothing left to build: " + table.locator("#scoreboard").inner_text()[:600])

    build_until_a_win(table, version, 40, stuck, pick_road=road_towards_a_spot)
    expect(table.locator(".final")).to_be_visible()
    expect(table.locator(".final")).to_contain_text("Ala")
    for phone in phones:
        expect(phone.locator(".final")).to_contain_text("Ala")
    expect(phones[0].locator("#story")).to_contain_text("Deliveries")
    table.screenshot(path=str(SCREENSHOTS / "traders-barbarians-final.png"), full_page=True)
    table.screenshot(path=str(SCREENSHOTS / "story-table.png"))  # the README's story of a game
    phones[0].locator("#story").scroll_into_view_if_needed()
    phones[0].screenshot(path=str(SCREENSHOTS / "story-phone.png"))


def enter_board(table, version: int) -> int:
    """The board entered on the table screen: its hexes, the barbarians' paths (a tap each);
    then the table's questions, a step of their own: the deck and the wagon cards, as shown."""
    version = enter_hexes(table, version, LAYOUT["hexes"])
    for placed, edge in enumerate(BARBARIANS, start=1):
        table.locator(f'#board .target-barbarian-start[data-edge="{edge}"]').click()
        version = wait_version(table, version + 1)
        expect(table.locator('#board [data-testid="tb-barbarian"]')).to_have_count(placed)
    ready = table.locator('button:has-text("The board is ready")')
    if not ready.is_enabled():  # what the table screen says is missing
        raise AssertionError("the board is not ready: " + table.locator('[data-testid="entry-checklist"]').inner_text())
    ready.click()
    version = wait_version(table, version + 1)
    step = table.locator('[data-testid="questions-step"]')
    expect(step.locator('[data-testid="question-tb-wagon-cards"] tr[data-testid^="tb-card-"]')).to_have_count(10)
    step.locator('[data-testid="tb-dev-deck-accept"] button').click()
    version = wait_version(table, version + 1)
    step.locator('[data-testid="tb-wagon-cards-accept"] button').click()
    version = wait_version(table, version + 1)
    expect(step).to_have_count(0)
    return version


def test_traders_and_barbarians_for_two_a_barbarian_moved_for_a_trade_token(server, browser):
    table = new_table(browser, server, [("Ala", "red"), ("Bartek", "blue")], checks=("two_players",),
                      board="manual", play_mode="hands", dice_source="typed", scenario="traders_barbarians")
    version = enter_board(table, status_version(table))
    # The neutral colours' settlements first (never on a target's corner that only the sea touches).
    neutral = '.target[data-testid="neutral-settlement-target"]'
    sea = tb.sea_corners(LAYOUT)
    for _ in range(2):
        spots = hx_targets(table, neutral, "corner")
        assert spots and not set(spots) & sea
        tap_target(table, neutral, "corner", spots[0])
        version = wait_version(table, version + 1)
    version = setup_on_first_spots(table, version, 4)  # the players' settlement and city, each with a road
    expect(table.locator('[data-testid^="tb-wagon-"] rect')).to_have_count(2)
    ala, _bartek = join_phones(browser, server, table, 2)
    type_roll(table, (2, 3))  # the first roll; the second is still to come
    version = wait_version(table, version + 1)
    tokens = int(table.locator('[data-testid="tokens-0"]').inner_text())
    button = ala.locator('[data-testid="robber-to-desert"]')
    expect(button).to_contain_text("Move a barbarian to another path without a road")
    button.click()
    version = wait_version(table, version + 1)
    wait_version(ala, version)
    tap_target(ala, ".target-barbarian[data-testid='tb-pick-target']", "edge", BARBARIANS[0])
    version = wait_version(table, version + 1)
    wait_version(ala, version)
    expect(ala.locator('[data-testid="tb-barbarian-move"]')).to_contain_text("a free path without a road")
    paths = hx_targets(ala, "[data-testid='tb-barbarian-target']", "edge")
    roads = set(table.locator("#board .road[data-edge]").evaluate_all("rs => rs.map(r => r.dataset.edge)"))
    assert paths and not set(paths) & roads
    tap_target(ala, "[data-testid='tb-barbarian-target']", "edge", paths[0])
    version = wait_version(table, version + 1)
    expect(table.locator('[data-testid="tokens-0"]')).to_have_text(str(tokens - 1))
    expect(table.locator("#log")).to_contain_text("trade token to move a barbarian to a path without a road")
    type_roll(table, (4, 4))  # the second roll, a different number
    version = wait_version(table, version + 1)
    expect(ala.locator('[data-testid="tb-wagon-actions"]')).to_be_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    table.screenshot(path=str(SCREENSHOTS / "traders-barbarians-two-table.png"), full_page=True)
