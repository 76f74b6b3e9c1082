"""What people see, measured in a real browser, for the two-player rulesets and for the
moments that ask a player something: Catan for two and the travel edition for two on phones
and on the table screen (as tests/e2e/test_layout.py checks the other rulesets); a 7 with a
discard, the robber and its victim, a trade offer received, a Cities & Knights barbarian
attack that asks which city to lose, an Events of Catan card that asks every phone for a
card: on phones of 360 and 390 px nothing scrolls sideways and the answer owed is on screen
without scrolling, in English and in Polish; the table screen still fits one screen while it
waits for the answers. The scoreboard fits its card in English and in Polish.

The games are brought to those moments by the engine itself (services.perform in a
separate process on the database of a server of this module's own), then opened in the
browser: the table screen with its key, each phone with its join link.
"""
import json

import pytest
from playwright.sync_api import expect

from .harness import join_phones, new_table, server_with_games
from .test_layout import EMOJI, action_bar_on_screen, check_phone, check_table, on_screen, sideways_overflow

pytestmark = pytest.mark.e2e

PHONE_SIZES = ((360, 740), (390, 844))
PLAYERS = [{"name": "Ala", "color": "red"}, {"name": "Bartek", "color": "blue"}, {"name": "Celina", "color": "orange"}]
TWO = PLAYERS[:2]


# ---------------------------------------------------------------- games brought to a moment
# (run in a separate process: `python -c` with CATAN_DATA_DIR set to the server's folder)


def _setup(game):
    """Every setup step, entered by the table: the first legal spot each time (the neutral
    colours' settlements too)."""
    from companion import engine, services

    for _ in range(100):
        game.refresh_from_db()
        state, _ = services.current_state(game)
        if state["phase"] != "setup":
            return game
        if state["board"] is None:
            services.perform(game, services.TABLE, "place_setup")
            continue
        board = engine.view(state, engine.TABLE)["board"]
        kind = next(iter(board["targets"]))
        spots = board["targets"][kind]
        key = "edge" if kind.endswith("road") else "corner"
        services.perform(game, services.TABLE, board["actions"][kind], {key: spots[len(spots) // 3]})
    raise AssertionError("setup did not end")


def _state(game):
    from companion import services

    game.refresh_from_db()
    return services.current_state(game)[0]


def _dice(total: int) -> list[int]:
    return [min(6, total - 1), total - min(6, total - 1)]


def _richest_roll(state, seat: int) -> int:
    """The total (not 7) that pays `seat` the most from the board."""
    from companion.machinery import board as boards

    board = state["board"]

    def paid(total):
        owed = boards.production(board["layout"], board["pieces"], board["robber"], total)
        return sum(owed.get(seat, {}).values())
    return max((t for t in range(2, 13) if t != 7), key=paid)


def _to_a_seven(game, holder: int = 0):
    """Turns of rolls that pay `holder` until they hold more than 7 cards, then a 7."""
    from companion import services
    from companion.machinery import hands

    for _ in range(40):
        state = _state(game)
        if hands.hand_size(state, holder) > 7:
            break
        services.perform(game, services.TABLE, "roll", {"dice": _dice(_richest_roll(state, holder))})
        services.perform(game, services.TABLE, "end_turn")
    else:
        raise AssertionError("no hand above 7 cards")
    services.perform(game, services.TABLE, "roll", {"dice": [3, 4]})
    return game


def _discard_all(game):
    """Every player asked gives back the first cards of their hand."""
    from companion import services
    from companion.machinery import hands

    state = _state(game)
    for pending in list(state["pending"]):
        seat = pending["seat"]
        due = hands.hand_size(state, seat) // 2
        cards = {}
        for resource, count in hands.hand(state, seat).items():
            take = min(count, due - sum(cards.values()))
            if take > 0:
                cards[resource] = take
        services.perform(game, {"seat": seat}, "discard", {"cards": cards})
        state = _state(game)
    return game


def _move_robber_to_a_victim(game):
    from companion import services
    from companion.machinery import board as boards
    from companion.machinery import hands

    state = _state(game)
    board, seat = state["board"], state["turn"]["seat"]
    for hex_id, tile in board["layout"]["hexes"].items():
        if hex_id == board["robber"] or not tile.get("terrain"):
            continue
        victims = [v for v in boards.robber_victims(board["layout"], board["pieces"], hex_id, exclude=seat)
                   if v < len(state["players"]) and hands.hand_size(state, v)]
        if victims:
            services.perform(game, services.TABLE, "move_robber", {"hex": hex_id})
            return game
    raise AssertionError("no hex with a victim")


def _offer_to_everyone(game):
    """The first player rolls what pays them most and offers 1 card of theirs for 1 other."""
    from companion import services
    from companion.machinery import hands

    state = _state(game)
    services.perform(game, services.TABLE, "roll", {"dice": _dice(_richest_roll(state, 0))})
    held = {r: n for r, n in hands.hand(_state(game), 0).items() if n}
    give = next(iter(held))
    get = next(r for r in hands.RESOURCES if r != give)
    services.perform(game, {"seat": 0}, "offer_trade", {"give": {give: 1}, "get": {get: 1}})
    return game


def _barbarians_take_a_city(game):
    """Cities & Knights on paper cards: Ala builds a second city and a wall, nobody has a
    knight, the seventh ship lands: she chooses which city she loses."""
    from companion import services

    for turn in range(7):
        services.perform(game, services.TABLE, "roll", {"dice": [1, 2], "event": "ship"})
        if turn == 0:
            services.perform(game, services.TABLE, "build_city")
            services.perform(game, services.TABLE, "build_wall")
        state = _state(game)
        if state["phase"] == "barbarian":
            return game
        services.perform(game, services.TABLE, "end_turn")
    raise AssertionError("the barbarians did not land")


def _reveal_good_neighbours(game):
    from companion import services

    services.perform(game, services.TABLE, "reveal_event")
    return game


def _events_seed(event: str) -> int:
    from companion.engine import seeded_secret
    from companion.layers.options.events import rules as events
    from companion.machinery.chance import Chance

    for seed in range(5000):
        order = events.shuffled_ids(Chance(seeded_secret(seed)), 0)
        if events.CARDS[order[0]]["event"] == event:
            return seed
    raise AssertionError("no such seed")


def _games() -> dict:
    """name -> (config, seed, the steps after setup)."""
    base = {"rules": "base", "players": PLAYERS, "target": 10, "dice_source": "typed", "board": "beginner",
            "play_mode": "hands"}
    return {
        "two_players": ({**base, "players": TWO, "board": "random", "variants": {"two_players": True}}, 3, ()),
        "travel_two_players": ({**base, "players": TWO, "board": "random",
                                "variants": {"travel_two_players": True, "two_players": True}}, 4, ()),
        "discard": (base, 5, (_to_a_seven,)),
        "robber": (base, 5, (_to_a_seven, _discard_all)),
        "steal": (base, 5, (_to_a_seven, _discard_all, _move_robber_to_a_victim)),
        "trade": (base, 5, (_offer_to_everyone,)),
        "barbarians": ({**base, "rules": "cities_knights", "target": 13, "board": "none", "play_mode": "paper"},
                       5, (_barbarians_take_a_city,)),
        "events": ({**base, "dice_source": "events"}, "good_neighbors", (_reveal_good_neighbours,)),
    }


def make_games(names) -> dict:
    """Each named game brought to its moment: its code, host key and join tokens."""
    from companion import services

    made = {}
    for name in names:
        config, seed, steps = _games()[name]
        if isinstance(seed, str):
            seed = _events_seed(seed)
        game = _setup(services.create_game(json.loads(json.dumps(config)), seed=seed))
        for step in steps:
            game = step(game)
        game.refresh_from_db()
        state = services.current_state(game)[0]
        made[name] = {"code": game.code, "key": game.host_token,
                      "tokens": [s.join_token for s in game.seats.order_by("index")],
                      "phase": state["phase"], "active": state["turn"]["seat"],
                      "pending": [p["seat"] for p in state["pending"]]}
    return made


# ---------------------------------------------------------------- the browser side


@pytest.fixture(scope="module")
def prepared(tmp_path_factory, browser):
    """A server of this module's own and the games above, made on its database (`browser`
    first: without chromium the tests are skipped before anything starts)."""
    make = "from tests.e2e.test_layout_phases import make_games, _games; print(json.dumps(make_games(list(_games()))))"
    with server_with_games(tmp_path_factory.mktemp("layout-phases"), make, timeout=120) as (url, games):
        yield url, games, {}


# A page counts as settled once its socket's resync (a push of every part on connecting) has
# been swapped in: a mark in the DOM, waited for with a locator (the page's CSP forbids the
# eval that polling a JavaScript predicate needs).
RESYNCED = ("document.addEventListener('htmx:wsAfterMessage', () => "
            "{ document.documentElement.dataset.resynced = 'yes'; });")


def open_table(browser, url: str, game: dict, viewport=(1366, 768)):
    table = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, locale="en-GB").new_page()
    table.add_init_script(RESYNCED)
    table.goto(f"{url}/g/{game['code']}/table/?key={game['key']}")
    expect(table.locator("#status")).to_be_visible()
    expect(table.locator("html[data-resynced]")).to_have_count(1)
    return table


def open_phone(browser, prepared, name: str, seat: int, language: str = "en"):
    """The phone of a seat of a prepared game (a join link works once: opened once, kept),
    in `language` (switched with the topbar's buttons)."""
    url, games, phones = prepared
    game = games[name]
    phone = phones.get((name, seat))
    if phone is None:
        phone = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB",
                                    is_mobile=True).new_page()
        phone.context.kept_for_module = True  # tests/conftest.py: closed when the module ends
        phone.add_init_script(RESYNCED)
        phone.goto(f"{url}/g/{game['code']}/join/{game['tokens'][seat]}/")
        phones[name, seat] = phone
    if phone.locator("html").get_attribute("lang") != language:
        phone.locator(f'.topbar .lang button[value="{language}"]').click()
    expect(phone.locator("html")).to_have_attribute("lang", language)
    expect(phone.locator("#status")).to_be_visible()
    expect(phone.locator("html[data-resynced]")).to_have_count(1)  # the socket's first push is swapped in
    return phone


def at_phone_sizes(phone, sideways: bool = False):
    """Each phone size in turn (the page laid out again for it); `sideways`: then the phone
    of 390 px turned sideways as well."""
    sizes = PHONE_SIZES + (((844, 390),) if sideways else ())
    for width, height in sizes:
        phone.set_viewport_size({"width": width, "height": height})
        phone.evaluate("window.dispatchEvent(new Event('resize'))")
        yield f"{width}×{height} px"


def no_sideways_scroll(phone, where: str) -> None:
    assert sideways_overflow(phone) == 0, f"{where}: the phone scrolls sideways"
    assert not EMOJI.search(phone.locator("body").inner_text()), f"{where}: an emoji in the text"


def control_on_screen(phone, control, where: str) -> None:
    """A control that answers what is asked: on screen at the top of the page and at its end."""
    expect(control).to_be_visible()
    for scroll in ("0", "document.documentElement.scrollHeight"):
        phone.evaluate(f"window.scrollTo(0, {scroll})")
        assert on_screen(phone, control), f"{where}: {control} is off screen"
    phone.evaluate("window.scrollTo(0, 0)")


def answers_on_screen(phone, controls, label: str, check=check_phone) -> None:
    """At each phone size: the page's own checks, the action bar, and every answer on screen.
    `controls`: a locator (every element it matches) or a list of locators."""
    for size in at_phone_sizes(phone):
        where = f"{label}, {size}"
        check(phone, where)
        action_bar_on_screen(phone, where)
        for control in controls if isinstance(controls, list) else [controls.nth(i) for i in range(controls.count())]:
            control_on_screen(phone, control, where)


# Which cells of the scoreboard stick out of its card, and how far the card scrolls sideways.
SCOREBOARD_OVERFLOW = """section => {
  const card = section.getBoundingClientRect();
  const cells = [...section.querySelectorAll('th, td')].map(c => [c.textContent.trim(), c.getBoundingClientRect()])
    .filter(([_, box]) => box.right > card.right + 0.5 || box.left < card.left - 0.5).map(([text]) => text);
  return {cells, scrolls: section.scrollWidth - section.clientWidth};
}"""


# ---------------------------------------------------------------- the two-player rulesets


@pytest.mark.parametrize("variant", ["two_players", "travel_two_players"])
def test_two_player_rulesets_fit_phones_and_table(prepared, browser, variant):
    url, games, _phones = prepared
    # Made on the home page: the neutral colours' setup on the table and on both phones.
    table = new_table(browser, url, [("Ala", "red"), ("Bartek", "blue")], viewport=(1366, 768), board="random",
                      play_mode="hands", checks=(variant,))
    expect(table.locator('[data-testid="neutral-row"]')).to_have_count(2)
    phones = join_phones(browser, url, table, 2, height=740)
    for phone in phones:
        phone.add_init_script(RESYNCED)
        phone.reload()
        expect(phone.locator("html[data-resynced]")).to_have_count(1)
        for size in at_phone_sizes(phone):
            check_phone(phone, f"{variant}, neutral setup, {size}")
    check_table(table, variant, f"{variant}, neutral setup")
    for page in (table, *phones):
        page.context.close()

    # The first roll, after the setup (made by the engine).
    game = games[variant]
    assert game["phase"] == "roll" and game["active"] == 0
    table = open_table(browser, url, game)
    for seat in (0, 1):
        phone = open_phone(browser, prepared, variant, seat)
        for size in at_phone_sizes(phone):
            check_phone(phone, f"{variant}, first roll, seat {seat}, {size}")
            if seat == 0:
                action_bar_on_screen(phone, f"{variant}, first roll, {size}")
    check_table(table, variant, f"{variant}, first roll")
    overflow = table.locator("#scoreboard").evaluate(SCOREBOARD_OVERFLOW)
    assert not overflow["cells"], f"{variant}, table screen: scoreboard cells cut off: {overflow['cells']}"
    table.context.close()


# ---------------------------------------------------------------- the moments that ask


def test_a_seven_discard_robber_and_victim_on_phones(prepared, browser):
    url, games, _phones = prepared
    discard = games["discard"]
    assert discard["phase"] == "discard" and 0 in discard["pending"]
    for seat in discard["pending"]:
        for language in ("en", "pl"):
            phone = open_phone(browser, prepared, "discard", seat, language)
            form = phone.get_by_test_id("discard-form")
            answers_on_screen(phone, [form.locator("button[type=submit]"), form.locator("input[type=number]").last],
                              f"discard, seat {seat} ({language})", check=no_sideways_scroll)
    table = open_table(browser, url, discard)  # who is still choosing
    check_table(table, "base", "discard")
    table.context.close()

    robber = games["robber"]
    assert robber["phase"] == "robber"
    phone = open_phone(browser, prepared, "robber", robber["active"])
    targets = phone.locator("#board .target")
    expect(targets).not_to_have_count(0)
    for size in at_phone_sizes(phone):
        where = f"robber, {size}"
        check_phone(phone, where)
        width = phone.viewport_size["width"]
        hint = phone.locator("#actions > .now h3")  # what to do, in the bar at the bottom
        control_on_screen(phone, hint, where)
        bar_top = phone.locator("#actions > .now").bounding_box()["y"]
        for i in range(targets.count()):
            targets.nth(i).evaluate("t => t.scrollIntoView({block: 'center', inline: 'center'})")  # the board pans in its box
            box = targets.nth(i).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"{where}: a robber hex needs a sideways pan"
            assert box["y"] + box["height"] / 2 <= bar_top, f"{where}: a robber hex lies under the bar"

    steal = games["steal"]
    assert steal["phase"] == "steal"
    phone = open_phone(browser, prepared, "steal", steal["active"])
    buttons = phone.locator("#actions > .now button[name=victim]")
    expect(buttons).not_to_have_count(0)
    answers_on_screen(phone, buttons, "victim")


def test_a_trade_offer_received_on_another_phone(prepared, browser):
    _url, games, _phones = prepared
    game = games["trade"]
    assert game["phase"] == "main" and game["active"] == 0
    for seat, language in ((1, "en"), (2, "pl")):
        phone = open_phone(browser, prepared, "trade", seat, language)
        offer = phone.locator("#trade .offer.for-me")
        expect(offer).to_have_count(1)
        for size in at_phone_sizes(phone):
            where = f"trade offer, seat {seat} ({language}), {size}"
            check_phone(phone, where)
            control_on_screen(phone, offer.get_by_test_id("accept-offer"), where)
            control_on_screen(phone, offer.locator(".offer-actions button").last, where)
        # Once answered, the offer leaves the offers to answer: nothing left to answer at the bottom.
        assert offer.evaluate("o => getComputedStyle(o).position") == "fixed", f"seat {seat}: the offer is not pinned"
        offer.locator(".offer-actions button").last.click()  # Decline: a seat that can't pay may answer too
        expect(offer).to_have_count(0)
        answered = phone.locator('#trade [data-testid="offers-answered"] .offer.answered')
        expect(answered).to_have_count(1)
        assert answered.evaluate("o => getComputedStyle(o).position") != "fixed", f"seat {seat}: an answered offer stays pinned"


def test_a_city_lost_to_the_barbarians_on_the_phone(prepared, browser):
    _url, games, _phones = prepared
    game = games["barbarians"]
    assert game["phase"] == "barbarian" and game["pending"] == [0]
    for language in ("en", "pl"):
        phone = open_phone(browser, prepared, "barbarians", 0, language)
        choice = phone.get_by_test_id("ck-pending-lose_city")
        buttons = choice.locator("button")
        expect(buttons).to_have_count(2)
        answers_on_screen(phone, buttons, f"barbarians ({language})", check=no_sideways_scroll)


def test_an_event_card_asks_every_phone(prepared, browser):
    url, games, _phones = prepared
    game = games["events"]
    assert game["phase"] == "event" and len(game["pending"]) == 3
    for seat, language in ((0, "en"), (1, "pl")):
        phone = open_phone(browser, prepared, "events", seat, language)
        buttons = phone.get_by_test_id("event-give-form").locator("button")
        expect(buttons).not_to_have_count(0)
        answers_on_screen(phone, buttons, f"event choice, seat {seat} ({language})")
    table = open_table(browser, url, game)  # the card and who is still choosing
    check_table(table, "events", "event choice")
    table.context.close()


# ---------------------------------------------------------------- the scoreboard


@pytest.mark.parametrize("language", ["en", "pl"])
def test_the_scoreboard_fits_its_card(prepared, browser, language):
    """Every column of the scoreboard inside its card, none cut off nor scrolled to, on a
    phone of 360 and 390 px and turned sideways: the base game with hands on phones (its
    widest table), Cities & Knights, Catan for two (the neutral colours' rows)."""
    for name in ("trade", "barbarians", "two_players"):
        phone = open_phone(browser, prepared, name, 1, language)
        board = phone.locator("#scoreboard")
        expect(board.locator("th")).not_to_have_count(0)
        for size in at_phone_sizes(phone, sideways=True):
            overflow = board.evaluate(SCOREBOARD_OVERFLOW)
            where = f"{name} ({language}), {size}"
            assert not overflow["cells"], f"{where}: scoreboard cells cut off: {overflow['cells']}"
            assert overflow["scrolls"] <= 0, f"{where}: the scoreboard scrolls by {overflow['scrolls']} px"
            assert sideways_overflow(phone) == 0, f"{where}: the phone scrolls sideways"
