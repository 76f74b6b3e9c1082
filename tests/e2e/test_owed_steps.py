"""The step a phone owes is on screen when it arrives, on a phone of 360×740 (issue 31): the
bar pinned at the bottom (data-testid="owed-step", partials/owed_bar.html) lies wholly inside
the viewport without any scrolling, and its tap target is at least 44×44 CSS px:
- the Caravans' camel vote: a phone's secret bid; then the decider's camel, whose paths the
  page scrolls into view above the bar;
- Explorers & Pirates (Land Ho!): the ships' movement owed before the turn can end; then the
  movement's End turn in the bar;
- Fishermen of Catan: the road bought with 5 fish, whose paths come into view above the bar.

Each test plays its phone's turn tap by tap and counts the taps and the scrolling gestures
they needed (a control off screen, or under the bar, costs one gesture before its tap), then
checks that no owed step needed one. The counts are printed (pytest -s) for the issue's note.
No console errors on the way (the strict Content-Security-Policy allows no inline code).

The games are brought to their moments by the engine (services.perform in a separate process
on the database of a server of this module's own), then opened on the phones.
"""
import pytest
from playwright.sync_api import expect

from .harness import server_with_moments
from .test_layout_phases import RESYNCED

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 740}
PLAYERS = [{"name": "Ala", "color": "red"}, {"name": "Bartek", "color": "blue"}, {"name": "Celina", "color": "white"}]
TABLE = {"role": "table"}


# ---------------------------------------------------------------- games brought to a moment
# (run in a separate process: `python -c` with CATAN_DATA_DIR set to the server's folder)


def _state(game):
    from companion import services

    game.refresh_from_db()
    return services.current_state(game)[0]


def _caravans():
    """The Caravans on paper cards: setup on the first spots, Ala rolls, builds a city and ends
    her turn: every phone owes its bid in the camel vote."""
    from companion import engine, services

    game = services.create_game({"rules": "base", "players": PLAYERS, "target": 12, "dice_source": "typed",
                                 "board": "random", "play_mode": "paper", "scenario": "caravans"}, seed=4)
    for _ in range(2 * len(PLAYERS)):
        for kind, key, action in (("settlement", "corner", "place_settlement"), ("road", "edge", "place_road")):
            first = engine.view(_state(game), engine.TABLE)["board"]["targets"][kind][0]
            services.perform(game, TABLE, action, {key: first})
    services.perform(game, TABLE, "roll", {"dice": [2, 3]})
    corner = next(c for c, s in _state(game)["board"]["pieces"]["settlements"].items() if s == 0)
    services.perform(game, TABLE, "build_city", {"corner": corner})
    services.perform(game, TABLE, "end_turn")
    assert _state(game)["phase"] == "caravan_vote"
    return game


def _land_ho():
    """Land Ho! on paper cards: Ala's roll (a 5) typed on the table; she trades and builds."""
    from companion import services

    game = services.create_game({"rules": "explorers_pirates", "scenario": "land_ho", "players": PLAYERS,
                                 "dice_source": "typed", "board": "beginner", "play_mode": "paper"}, seed=4)
    services.perform(game, TABLE, "roll", {"dice": [2, 3]})
    assert _state(game)["phase"] == "main"
    return game


def _fishermen():
    """The Fishermen on the engine tests' board, hands on phones: every roll an 8 (Ala's
    settlement by the 8's fishing ground catches a token each time) until, in her turn, she
    holds 5 fish or more."""
    from tests.web.scenario_web import fishermen_game, roll_eights_until_ala_holds_five_fish

    game = fishermen_game()
    roll_eights_until_ala_holds_five_fish(game)
    return game


MOMENTS = {"caravans": _caravans, "land_ho": _land_ho, "fishermen": _fishermen}


@pytest.fixture(scope="module")
def prepared(tmp_path_factory, browser):
    with server_with_moments(tmp_path_factory, "tests.e2e.test_owed_steps", timeout=300) as served:
        yield served


# ---------------------------------------------------------------- the phone


def open_phone(browser, prepared, name: str, seat: int):
    """A seat's phone of 360×740 px, its console watched for errors."""
    url, games = prepared
    game = games[name]
    phone = browser.new_context(viewport=PHONE, locale="en-GB", is_mobile=True).new_page()
    phone.errors = []
    phone.on("console", lambda message: message.type == "error" and phone.errors.append(message.text))
    phone.on("pageerror", lambda error: phone.errors.append(str(error)))
    phone.add_init_script(RESYNCED)
    phone.goto(f"{url}/g/{game['code']}/join/{game['tokens'][seat]}/")
    expect(phone.locator("#status")).to_be_visible()
    expect(phone.locator("html[data-resynced]")).to_have_count(1)  # the socket's first push is swapped in
    return phone


# Where an element lies now: its box, and whether a tap on its middle reaches it (nothing, such
# as the bar fixed at the bottom, over it).
WHERE = """e => { const r = e.getBoundingClientRect(); const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
  const hit = document.elementFromPoint(x, y);
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height,
          inner: window.innerHeight, wide: window.innerWidth, scrollY: window.scrollY,
          reached: r.bottom > 0 && r.top < window.innerHeight && !!hit && (hit === e || e.contains(hit))}; }"""


class Turn:
    """A phone's turn, tap by tap: the taps, and the scrolling gestures they needed."""

    def __init__(self, phone):
        self.phone, self.taps, self.scrolls = phone, 0, 0

    def tap(self, locator) -> bool:
        """Tap `locator`, scrolling to it first when the player would have to; True when it was
        on screen and free to tap as it was."""
        where = locator.evaluate(WHERE)
        if not where["reached"]:
            self.scrolls += 1
        locator.click()
        self.taps += 1
        return where["reached"]

    def report(self, name: str) -> str:
        return f"{name}: {self.taps} taps, {self.scrolls} scrolling gestures"


def owed_on_arrival(phone, words: str, target: str) -> None:
    """The owed step's bar, with `words`, lies wholly in the viewport as the page is (nothing
    scrolled by the test), and its tap target `target` (inside it) is at least 44×44 px."""
    bar = phone.get_by_test_id("owed-step")
    expect(bar).to_contain_text(words)
    where = bar.evaluate(WHERE)
    assert where["top"] >= 0 and where["bottom"] <= where["inner"] + 0.5, where
    assert where["left"] >= 0 and where["right"] <= where["wide"] + 0.5, where
    assert bar.evaluate("e => getComputedStyle(e).position") == "fixed"
    control = bar.locator(target).first
    box = control.evaluate(WHERE)
    assert box["width"] >= 44 and box["height"] >= 44, box
    assert box["reached"], f"the bar's {target} is covered: {box}"


def target_in_view(phone, selector: str) -> None:
    """A board target of `selector` lies on screen above the bar, free to tap, once the step
    arrived (the page scrolled it into view)."""
    targets = phone.locator(f"#board {selector}")
    expect(targets.first).to_be_attached()
    reached = targets.evaluate_all("ts => ts.map(t => { const r = t.getBoundingClientRect();"
                                   " const h = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);"
                                   " return !!h && (h === t || t.contains(h)); })")
    assert any(reached), f"no {selector} target on screen above the bar"


def no_console_errors(*phones) -> None:
    for phone in phones:
        assert phone.errors == [], phone.errors


# ---------------------------------------------------------------- the Caravans


def test_the_camel_vote_and_the_camel_are_on_screen_on_arrival(prepared, browser):
    phones = [open_phone(browser, prepared, "caravans", seat) for seat in range(3)]
    for phone in phones:
        owed_on_arrival(phone, "Camel vote", '[data-testid="bid-submit"]')
        assert phone.evaluate("window.scrollY") == 0
    # Each phone lays out its bid: Ala 5, Bartek 1, Celina 0 (Ala decides alone).
    turns = []
    for phone, count in zip(phones, ("5", "1", "0")):
        turn = Turn(phone)
        bid = phone.get_by_test_id("owed-step").get_by_test_id("bid-count")
        assert turn.tap(bid), "the bid's field is not on screen"
        bid.fill(count)
        assert turn.tap(phone.get_by_test_id("owed-step").get_by_test_id("bid-submit"))
        expect(phone.get_by_test_id("bid-form")).to_have_count(0)
        version = phone.locator("#status").get_attribute("data-version")
        for other in phones:  # every phone shows the bid taken before the next one taps
            expect(other.locator("#status")).to_have_attribute("data-version", version)
        turns.append(turn)
    ala = phones[0]
    owed_on_arrival(ala, "Place the camel: tap a marked path on the board.", '[data-testid="show-board"]')
    target_in_view(ala, ".target-camel")  # the page brought the paths into view
    assert turns[0].tap(ala.locator("#board .target-camel").first), "the camel's paths are off screen"
    expect(ala.get_by_test_id("owed-step")).to_have_count(0)
    expect(ala.locator("#board .camel")).to_have_count(1)
    no_console_errors(*phones)
    print("\n" + turns[0].report("Caravans, the vote and the camel (Ala, the decider)"))
    assert turns[0].scrolls == 0


# ---------------------------------------------------------------- Explorers & Pirates: Land Ho!


def test_the_ships_movement_is_on_screen_before_the_turn_can_end(prepared, browser):
    ala = open_phone(browser, prepared, "land_ho", 0)
    owed_on_arrival(ala, "Before your turn ends: your ships' movement.", '[data-testid="ep-start-movement"] button')
    expect(ala.locator('#actions form:has(input[name="type"][value="end_turn"])')).to_have_count(0)
    turn = Turn(ala)
    assert turn.tap(ala.get_by_test_id("owed-step").get_by_test_id("ep-start-movement").locator("button"))
    # The movement: End turn is the bar now; the ship and its paths are tapped on the board.
    end = ala.get_by_test_id("ep-end-turn")
    expect(end).to_be_visible()
    box = end.locator("button").evaluate(WHERE)
    assert box["reached"] and box["height"] >= 44 and box["width"] >= 44, box
    turn.tap(ala.locator("#board .target-ship").first)
    expect(ala.locator("#board .target-sail").first).to_be_attached()
    version = ala.locator("#status").get_attribute("data-version")
    turn.tap(ala.locator("#board .target-sail").first)
    expect(ala.locator("#status")).not_to_have_attribute("data-version", version)
    assert turn.tap(ala.get_by_test_id("ep-end-turn").locator("button")), "End turn is off screen"
    expect(ala.get_by_test_id("ep-end-turn")).to_have_count(0)
    no_console_errors(ala)
    print("\n" + turn.report("Land Ho!, build then one ship sailing one path and the turn's end (Ala)"))


# ---------------------------------------------------------------- Fishermen of Catan


def test_the_road_bought_with_fish_is_on_screen_with_its_paths(prepared, browser):
    ala = open_phone(browser, prepared, "fishermen", 0)
    turn = Turn(ala)
    turn.tap(ala.locator('[data-testid^="fish-road-"]').first)  # 5 fish for a road, in the fish actions
    owed_on_arrival(ala, "Place your road: tap a marked path on the board.", '[data-testid="show-board"]')
    expect(ala.locator('#actions form:has(input[name="type"][value="end_turn"])')).to_have_count(0)
    target_in_view(ala, ".target-edge")  # the page brought the paths into view
    roads = ala.locator("#board .target-edge[hx-vals*='build_road']")
    assert turn.tap(roads.first), "the road's paths are off screen"
    expect(ala.get_by_test_id("owed-step")).to_have_count(0)
    end = ala.locator('#actions > form:has(input[name="type"][value="end_turn"]) button')
    expect(end).to_be_visible()
    assert turn.tap(end), "End turn is off screen"
    no_console_errors(ala)
    print("\n" + turn.report("Fishermen, a road for 5 fish placed and the turn's end (Ala)"))
