"""Small fixes measured in a real browser (issue 31): Traders & Barbarians' board (wagons,
barbarians, a road into a target's centre) draws nothing the page's Content-Security-Policy
blocks, so the table and the active phone log no console error across an update; Explorers &
Pirates' discovery form puts each terrain's radio and its name on one line, a hit area at
least 44 px tall; the number tokens of Land Ho!'s wide sea board are readable (at least 14 CSS
px tall) on a 1366x768 table and on a 360 px phone's whole-board view.

The games are brought to their moments by the engine itself (services.perform in a separate
process on the database of a server of this module's own), then opened in the browser: the
table screen with its key, each phone with its join link.
"""
import json

import pytest
from playwright.sync_api import expect

from .harness import server_with_moments
from .thumbs import numbers_readable, open_phone, open_table

pytestmark = pytest.mark.e2e

PLAYERS = [{"name": "Ala", "color": "red"}, {"name": "Bartek", "color": "blue"}, {"name": "Celina", "color": "white"}]


# ---------------------------------------------------------------- games brought to a moment
# (run in a separate process: `python -c` with CATAN_DATA_DIR set to the server's folder)


def _state(game):
    from companion import services

    game.refresh_from_db()
    return services.current_state(game)[0]


def _tb_in_progress():
    """Traders & Barbarians on paper: the board laid out as the engine's tests have it, the
    questions answered, setup with Ala's first settlement on a corner of the quarry's
    roads into its centre, rolled: her phone has the wagon's targets and that road to tap."""
    from companion import services
    from companion.layers.traders_barbarians_scenarios.traders_barbarians import rules as tb
    from tests.engine.test_traders_barbarians import QUARRY, config, tb_layout
    from tests.web.scenario_web import setup_on_first_spots

    game = services.create_game(json.loads(json.dumps(config(PLAYERS, play_mode="paper"))), seed=5)
    services.perform(game, services.TABLE, "set_dev_deck", dict(_state(game)["dev_deck"]))
    services.perform(game, services.TABLE, "set_wagon_cards", {})
    setup_on_first_spots(game, first_corner=tb.spokes(tb_layout(), QUARRY)[0])
    return game


def _land_ho_discovery():
    """Land Ho! on paper (the beginner sea board): Ala rolls, then sails her ship east until
    it points at a face-down hex: her phone asks what is on it."""
    from companion import services
    from companion.layers.cores.explorers_pirates import board as sea
    from companion.layers.cores.explorers_pirates import rules as ep

    config = {"rules": "explorers_pirates", "scenario": "land_ho", "play_mode": "paper", "board": "beginner",
              "dice_source": "typed", "players": PLAYERS}
    game = services.create_game(config, seed=5)
    services.perform(game, services.TABLE, "roll", {"dice": [1, 4]})
    services.perform(game, services.TABLE, "start_movement", {})
    for _ in range(16):
        state = _state(game)
        if state["phase"] == "reveal":
            return game
        ship = next(s for s in state["explorers_pirates"]["ships"] if s["seat"] == 0)
        targets = ep.sailing_targets(state, ship)
        if not targets:
            services.perform(game, services.TABLE, "buy_moves", {"ship": ship["id"]})
            continue
        east = max(targets, key=lambda e: sum(2 * sea.parse_hex_id(p)[0] + sea.parse_hex_id(p)[1]
                                              for p in e.split("|")))
        services.perform(game, services.TABLE, "move_ship", {"ship": ship["id"], "edge": east})
    raise AssertionError("no discovery")


MOMENTS = {"tb": _tb_in_progress, "land_ho": _land_ho_discovery}


# ---------------------------------------------------------------- the browser side


@pytest.fixture(scope="module")
def prepared(tmp_path_factory, browser):
    """A server of this module's own with the games above (`browser` first: no chromium, no server)."""
    with server_with_moments(tmp_path_factory, "tests.e2e.test_phone_small_fixes", timeout=180) as served:
        yield served


def version(page) -> int:
    return int(page.locator("#status").get_attribute("data-version"))


# ---------------------------------------------------------------- Traders & Barbarians


def test_traders_and_barbarians_board_logs_no_console_error_across_an_update(browser, prepared):
    url, games = prepared
    problems = []
    table = open_table(browser, url, games["tb"], problems=problems)
    ala = open_phone(browser, url, games["tb"], 0, problems=problems)
    for page in (table, ala):
        expect(page.locator('#board [data-testid="tb-barbarian"]')).to_have_count(3)
        expect(page.locator('#board [data-testid^="tb-wagon-"] rect.tb-wagon-body')).to_have_count(3)
    # Ala builds the road into the quarry's centre on her phone: every screen is pushed the update.
    seen = version(table)
    ala.locator('#board [data-testid="tb-spoke-target"]').first.click()
    expect(table.locator("#status")).to_have_attribute("data-version", str(seen + 1))
    expect(ala.locator("#status")).to_have_attribute("data-version", str(seen + 1))
    expect(table.locator('#board [data-testid="tb-spoke-road"]')).to_have_count(1)
    assert problems == []  # (an inline style= is refused with a console error on every render)
    for page in (table, ala):
        road = page.locator('#board [data-testid="tb-spoke-road"] line').last  # the road's colour over its outline
        expect(road).to_have_count(1)
        # drawn in Ala's red (var(--red) of static/app.css), not the default black of an unstyled line
        assert road.evaluate("l => getComputedStyle(l).stroke") == "rgb(211, 58, 44)"
        wagon = page.locator('#board [data-testid="tb-wagon-0"] rect.tb-wagon-body')
        assert wagon.evaluate("r => getComputedStyle(r).fill") == "rgb(211, 58, 44)"
    # ... then her wagon moves: another update.
    ala.locator("#board .target-wagon").first.click()
    expect(table.locator("#status")).to_have_attribute("data-version", str(seen + 2))
    expect(ala.locator("#status")).to_have_attribute("data-version", str(seen + 2))
    assert problems == []


# ---------------------------------------------------------------- Explorers & Pirates


# Each terrain label of the (first) discovery form: its box, its radio's and its name's
# (the text after the radio), as the page lays them out now.
MEASURED_LABELS = """(doc => {
  const rect = b => ({x: b.x, y: b.y, width: b.width, height: b.height});
  const form = doc.querySelector('[data-testid="ep-reveal-form"]');
  return [...form.querySelectorAll('.ep-terrains label')].map(l => {
    const name = doc.createRange();
    name.selectNodeContents(l);
    name.setStartAfter(l.querySelector('input'));
    return {box: rect(l.getBoundingClientRect()), dot: rect(l.querySelector('input[type="radio"]').getBoundingClientRect()),
            text: rect(name.getBoundingClientRect())};
  });
})"""


def test_the_discovery_forms_radios_sit_on_their_labels_line_44_px_tall(browser, prepared):
    url, games = prepared
    ala = open_phone(browser, url, games["land_ho"], 0, size=(360, 740))  # a join link works once: one page
    for language, size in (("en", (360, 740)), ("pl", (390, 844))):
        ala.set_viewport_size({"width": size[0], "height": size[1]})
        if language == "pl":
            ala.locator('.lang button[value="pl"]').click()
            expect(ala.locator("html")).to_have_attribute("lang", "pl")
            # The new page's socket sends the whole screen on connecting, which swaps the form:
            # measured and tapped after that, not while it is being swapped.
            expect(ala.locator("html[data-resynced]")).to_have_count(1)
        form = ala.locator('[data-testid="ep-reveal-form"]').first
        expect(form).to_be_visible()
        labels = form.locator(".ep-terrains label")
        assert labels.count() >= 6
        # Measured once the form has settled (a push may swap it right after the language
        # changes: a label being swapped out measures 0x0), all in one pass of the page's
        # script, so that no swap falls between two labels' figures.
        ala.wait_for_function(MEASURED_LABELS + "(document).every(l => l.text.width > 0 && l.text.height > 0)")
        measured = ala.evaluate(MEASURED_LABELS + "(document)")
        assert len(measured) >= 6
        for i, label in enumerate(measured):
            box, dot, text = label["box"], label["dot"], label["text"]
            assert box["height"] >= 44 and box["width"] >= 44, (language, i, box)
            # the radio and its name on one line: side by side, the radio's middle within the name's height
            assert dot["x"] + dot["width"] <= text["x"] + 1, (language, i, dot, text)
            middle = dot["y"] + dot["height"] / 2
            assert text["y"] <= middle <= text["y"] + text["height"], (language, i, dot, text)
        # a tap anywhere on the label picks its terrain (its far corner, away from the radio)
        at = 1 if language == "en" else 2
        pick = labels.nth(at)
        pick.click(position={"x": measured[at]["box"]["width"] - 4, "y": 4})  # the label's width as measured
        expect(pick.locator("input")).to_be_checked()
        assert ala.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0


def test_land_ho_numbers_are_readable_on_the_table_and_a_small_phone(browser, prepared):
    url, games = prepared
    table = open_table(browser, url, games["land_ho"], size=(1366, 768))
    assert len(numbers_readable(table, "table 1366x768")) >= 10  # the start island's tokens
    phone = open_phone(browser, url, games["land_ho"], 1, size=(360, 740))  # not the active phone: no targets
    # the whole board (a wide board opens near the viewer's own pieces: the zoom button shows it whole)
    if phone.locator('#board[data-view="near"]').count():
        phone.locator("[data-board-zoom]").first.click()
    expect(phone.locator('#board[data-view="whole"]')).to_have_count(1)
    assert len(numbers_readable(phone, "phone 360x740, whole")) >= 10
    # a token stays inside its hex: narrower than the hex it lies on
    widths = phone.locator("#board .hexes .hex").evaluate_all(
        "hs => hs.filter(h => h.querySelector('.token')).map(h => [h.querySelector('.token circle').getBoundingClientRect().width,"
        " h.querySelector('polygon').getBoundingClientRect().width])")
    assert all(token < hex_ for token, hex_ in widths), widths
