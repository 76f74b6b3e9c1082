"""What a phone shows when a Cities & Knights decision is owed to it, measured in a real
browser: on phones of 360×740 and 390×844 nothing scrolls sideways and the answer's
controls are on screen at the top of the page and at its end (as tests/e2e/
test_layout_phases.py checks the lost city, a discard, a victim and an offer).

Covered, each in English and in Polish, on the phone that owes the answer:
- defender_choice: two players tie for the strongest knights once the barbarians are
  beaten (paper cards, no board): a button per progress deck;
- deserter, intrigue_back (paper cards, no board): Ala draws politics cards until she holds
  the card, plays it on Bartek and his two knights: a button per knight (and "it found a
  place");
- sabotage, wedding (politics), master_merchant (trade), with hands on phones on a random
  board: Bartek one city ahead; a number field per kind of card and the button;
- aqueduct (hands, board): Ala trades for paper up to science level 3, then a roll pays her
  nothing: a button per resource;
- deserter_place (hands, board): Bartek's only knight deserts, Ala picks where hers stands
  (a list and a button);
- relocate_knight (hands, board): Bartek builds roads up to the end of one of Ala's and a
  knight there, her Intrigue pushes it off: the corners he may tap lie inside the phone's
  width and above the bar at the top of the page (the bar's hint on screen at both ends).

Each game is reached only by legal actions (typed dice and event die, bank trades, builds,
progress cards drawn at the city gates as the game's seed deals them): no state is edited.

The games are brought to their moments by the engine itself (services.perform in a
separate process on the database of a server of this module's own), then opened in the
browser, each phone with its join link.
"""
import json

import pytest
from playwright.sync_api import expect

from .harness import server_with_games
from .test_layout_phases import (PLAYERS, _dice, _setup, _state, answers_on_screen, at_phone_sizes, control_on_screen,
                                 no_sideways_scroll, open_phone)

pytestmark = pytest.mark.e2e


# ---------------------------------------------------------------- games brought to a moment
# (run in a separate process: `python -c` with CATAN_DATA_DIR set to the server's folder)


def _tied_defenders(game):
    """Cities & Knights on paper cards: Ala and Bartek each build, promote and activate a
    knight in their first turn (strength 2 each against the 3 cities of the setup); the
    seventh ship lands and the knights win, the two tied for the strongest: each chooses a
    deck to draw a progress card from."""
    from companion import services

    for turn in range(7):
        services.perform(game, services.TABLE, "roll", {"dice": [1, 2], "event": "ship"})
        state = _state(game)
        if state["phase"] == "barbarian":
            return game
        if turn < 2:
            services.perform(game, services.TABLE, "build_knight")
            knight = _state(game)["players"][turn]["knights"][-1]
            services.perform(game, services.TABLE, "promote_knight", {"knight": knight["id"]})
            services.perform(game, services.TABLE, "activate_knight", {"knight": knight["id"]})
        services.perform(game, services.TABLE, "end_turn")
    raise AssertionError("the barbarians did not land")


def _politics_card(card: str):
    """Cities & Knights on paper cards: Ala takes the first level of politics; in her turns
    the event die shows the blue (politics) gate, red 1, so she draws a politics card each time;
    the others' turns show the green one (nobody draws) and Bartek builds two knights
    (one promoted) in his first turn. Once Ala holds `card` she plays it on Bartek, who
    then owes the answer. Beyond 4 cards she puts the first other one back."""
    def step(game):
        from companion import services

        for turn in range(60):
            state = _state(game)
            seat = state["turn"]["seat"]
            event = "blue" if seat == 0 and turn else "green"
            services.perform(game, services.TABLE, "roll", {"dice": [1, 2], "event": event})
            if turn == 0:
                services.perform(game, services.TABLE, "improve_city", {"chart": "politics"})
            if turn == 1:
                for _ in range(2):
                    services.perform(game, services.TABLE, "build_knight")
                knight = _state(game)["players"][1]["knights"][-1]
                services.perform(game, services.TABLE, "promote_knight", {"knight": knight["id"]})
            held = _state(game)["players"][0]["progress"]
            if seat == 0 and card in held:
                services.perform(game, {"seat": 0}, "play_progress", {"card": card, "victim": 1})
                return game
            while seat == 0 and len(held) > 4:
                services.perform(game, {"seat": 0}, "discard_progress", {"card": held[0]})
                held = _state(game)["players"][0]["progress"]
            services.perform(game, services.TABLE, "end_turn")
        raise AssertionError(f"no {card} drawn")
    return step


def _roll_for(game, seat: int, event: str = "green", red: int | None = None, least: bool = False):
    """The roll (not 7) that pays `seat` the most (`least`: the least; with the red die
    `red` if given; the green gate draws nothing while nobody has science)."""
    from companion import services
    from companion.layers.cores.cities_knights.rules import production

    board = _state(game)["board"]
    totals = [t for t in range(2, 13) if t != 7 and (red is None or 1 <= t - red <= 6)]
    total = (min if least else max)(totals, key=lambda t: sum(
        production(board["layout"], board["pieces"], board["robber"], t).get(seat, {}).values()))
    dice = _dice(total) if red is None else [total - red, red]
    services.perform(game, services.TABLE, "roll", {"dice": dice, "event": event})
    return total


def _afford(game, seat: int, cost: dict) -> bool:
    """In the seat's turn: trade spare cards 4:1 with the bank for what `cost` lacks."""
    from companion import services
    from companion.machinery import hands

    for _ in range(20):
        held = hands.hand(_state(game), seat)
        missing = [k for k, n in cost.items() if held.get(k, 0) < n]
        if not missing:
            return True
        spare = next((k for k, n in held.items() if n - cost.get(k, 0) >= 4), None)
        if spare is None:
            return False
        services.perform(game, {"seat": seat}, "trade_bank", {"give": spare, "get": missing[0], "count": 1})
    return False


def _aqueduct(game):
    """Cities & Knights with hands on phones: rolls pay Ala (Bartek in the others' turns),
    the yellow gate drawing nothing; Ala trades for paper and takes science up to level 3
    (the aqueduct); then a roll that pays her nothing: she picks a resource."""
    from companion import services
    from companion.layers.cores.cities_knights import rules as ck

    paper = ck.COMMODITY_OF["science"]
    for _ in range(300):
        seat = _state(game)["turn"]["seat"]
        _roll_for(game, 0 if seat == 0 else 1, "yellow")
        assert _state(game)["phase"] == "main"
        level = _state(game)["players"][0]["improvements"]["science"]
        if seat == 0 and _afford(game, 0, {paper: level + 1}):
            services.perform(game, {"seat": 0}, "improve_city", {"chart": "science"})
            level += 1
        services.perform(game, services.TABLE, "end_turn")
        if level == 3:
            break
    else:
        raise AssertionError("no aqueduct")
    _roll_for(game, 0, "yellow", least=True)
    return game


def _road_to_ala(state) -> tuple[list, str | None]:
    """The shortest row of new roads from Bartek's roads (over free corners) to a free
    corner at the end of one of Ala's roads: (its edges in building order, that corner)."""
    from companion.machinery import board as boards

    pieces = state["board"]["pieces"]
    g = boards.geometry(state["board"]["layout"])

    def free(c):
        return boards.building_at(pieces, c) is None and c not in pieces["knights"]

    goals = {c for e, s in pieces["roads"].items() if s == 0 for c in g.edge_corners[e] if free(c)}
    starts = {c for e, s in pieces["roads"].items() if s == 1 for c in g.edge_corners[e]
              if free(c) or boards.building_at(pieces, c)[0] == 1}
    came = {c: None for c in starts}
    todo = sorted(starts)
    while todo:
        corner = todo.pop(0)
        if corner in goals:
            goal, path = corner, []
            while came[corner] is not None:
                edge, corner = came[corner]
                path.insert(0, edge)
            return path, goal
        for edge in g.corner_edges[corner]:
            far = g.other_corner(edge, corner)
            if edge not in pieces["roads"] and far not in came and free(far):
                came[far] = (edge, corner)
                todo.append(far)
    return [], None


def _hands_card(card: str, chart: str, args: dict, bartek: str = "city"):
    """Cities & Knights with hands on phones, on a random board: every roll pays the seat
    whose turn it is the most (Bartek in the others' turns), the green gate drawing nothing.
    Bartek turns his settlement into a city (one point more than Ala), or with `bartek`
    "knight" builds a knight on a corner his roads reach, with "meet" builds roads up to a
    free corner at the end of one of Ala's roads and a knight there (`args` then name that
    corner); Ala trades for the
    commodity of `chart` and takes its first level, then in her turns the event die shows
    its gate (red 2) so she draws from its deck. Once she holds `card` (and Bartek more than
    2 cards) she plays it with `args`."""
    assert bartek in ("city", "knight", "meet")
    gate = {"politics": "blue", "trade": "yellow"}[chart]

    def step(game):
        nonlocal args
        from companion import services
        from companion.layers.cores.cities_knights import rules as ck
        from companion.machinery import hands

        for _ in range(200):
            state = _state(game)
            seat = state["turn"]["seat"]
            level = state["players"][0]["improvements"][chart]
            if seat == 0 and level:
                _roll_for(game, 0, gate, red=2)
            else:
                _roll_for(game, 0 if seat == 0 else 1)
            state = _state(game)
            assert state["phase"] == "main", state["phase"]
            pieces = state["board"]["pieces"]
            if bartek == "city":
                ready = list(pieces["cities"].values()).count(1) > 1  # the setup's city and one more
                if seat == 1 and not ready and _afford(game, 1, ck.COSTS["city"]):
                    corner = next(c for c, s in pieces["settlements"].items() if s == 1)
                    services.perform(game, {"seat": 1}, "build_city", {"corner": corner})
            elif bartek == "meet":  # roads up to the end of one of Ala's, and a knight there
                ready = bool(state["players"][1]["knights"])
                while seat == 1 and not ready:
                    path, goal = _road_to_ala(_state(game))
                    assert goal, "no way to Ala's roads"
                    if path and _afford(game, 1, hands.COSTS["road"]):
                        services.perform(game, {"seat": 1}, "build_road", {"edge": path[0]})
                    elif not path and _afford(game, 1, ck.COSTS["knight"]):
                        services.perform(game, {"seat": 1}, "build_knight", {"corner": goal})
                        ready = True
                        args = {"corner": goal}
                    else:
                        break
            else:
                ready = bool(state["players"][1]["knights"])
                if seat == 1 and not ready and _afford(game, 1, ck.COSTS["knight"]):
                    corner = ck.knight_corners(state, 1)[0]
                    services.perform(game, {"seat": 1}, "build_knight", {"corner": corner})
            if seat == 0 and not level and _afford(game, 0, {ck.COMMODITY_OF[chart]: 1}):
                services.perform(game, {"seat": 0}, "improve_city", {"chart": chart})
            held = _state(game)["players"][0]["progress"]
            if seat == 0 and card in held and ready and hands.hand_size(_state(game), 1) > 2:
                services.perform(game, {"seat": 0}, "play_progress", {"card": card, **args})
                return game
            while len(held) > 4:
                services.perform(game, {"seat": 0}, "discard_progress",
                                 {"card": next(c for c in held if c != card)})
                held = _state(game)["players"][0]["progress"]
            services.perform(game, services.TABLE, "end_turn")
        raise AssertionError(f"no {card} played")
    return step


def _games() -> dict:
    """name -> (config, seed, the steps after setup)."""
    paper = {"rules": "cities_knights", "players": PLAYERS, "target": 13, "dice_source": "typed", "board": "none",
             "play_mode": "paper"}
    hands = {**paper, "board": "random", "play_mode": "hands"}
    return {
        "sabotage": (hands, 5, (_hands_card("saboteur", "politics", {}),)),
        "wedding": (hands, 5, (_hands_card("wedding", "politics", {}),)),
        "master_merchant": (hands, 5, (_hands_card("master_merchant", "trade", {"victim": 1}),)),
        "aqueduct": (hands, 5, (_aqueduct,)),
        "relocate_knight": (hands, 5, (_hands_card("intrigue", "politics", {}, bartek="meet"),)),
        "deserter_place": (hands, 5, (_hands_card("deserter", "politics", {"victim": 1}, bartek="knight"),)),
        "defender_choice": (paper, 5, (_tied_defenders,)),
        "deserter": (paper, 5, (_politics_card("deserter"),)),
        "intrigue_back": (paper, 5, (_politics_card("intrigue"),)),
    }


def make_games(names) -> dict:
    """Each named game brought to its moment: its code, host key, join tokens and what is owed."""
    from companion import services

    made = {}
    for name in names:
        config, seed, steps = _games()[name]
        game = _setup(services.create_game(json.loads(json.dumps(config)), seed=seed))
        for step in steps:
            game = step(game)
        state = _state(game)
        made[name] = {"code": game.code, "key": game.host_token,
                      "tokens": [s.join_token for s in game.seats.order_by("index")],
                      "phase": state["phase"], "active": state["turn"]["seat"],
                      "pending": [[p["seat"], p["kind"]] for p in state["pending"]]}
    return made


# ---------------------------------------------------------------- the browser side


@pytest.fixture(scope="module")
def prepared(tmp_path_factory, browser):
    """A server of this module's own and the games above, made on its database (`browser`
    first: without chromium the tests are skipped before anything starts)."""
    make = ("from tests.e2e.test_layout_decisions import make_games, _games; "
            "print(json.dumps(make_games(list(_games()))))")
    with server_with_games(tmp_path_factory.mktemp("layout-decisions"), make, timeout=120) as (url, games):
        yield url, games, {}


def test_tied_defenders_choose_a_deck_on_their_phones(prepared, browser):
    _url, games, _phones = prepared
    game = games["defender_choice"]
    assert game["phase"] == "barbarian"
    assert game["pending"] == [[0, "defender_choice"], [1, "defender_choice"]], game["pending"]
    for seat, language in ((0, "en"), (1, "pl")):
        phone = open_phone(browser, prepared, "defender_choice", seat, language)
        buttons = phone.get_by_test_id("ck-pending-defender_choice").locator("button[name=deck]")
        expect(buttons).to_have_count(3)
        answers_on_screen(phone, buttons, f"defender choice, seat {seat} ({language})", check=no_sideways_scroll)


@pytest.mark.parametrize("name, testid", [("deserter", "deserter-form"), ("intrigue_back", "intrigue-back-form")])
def test_a_knight_asked_for_by_a_politics_card(prepared, browser, name, testid):
    """Deserter: Bartek picks which knight leaves; Intrigue (no board): Bartek says whether
    the displaced knight found a place, or which one went back."""
    _url, games, _phones = prepared
    game = games[name]
    assert game["phase"] == "card_answer" and game["pending"] == [[1, name]], game["pending"]
    for language in ("en", "pl"):
        phone = open_phone(browser, prepared, name, 1, language)
        buttons = phone.get_by_test_id(f"ck-pending-{name}").get_by_test_id(testid).locator("button[name=knight]")
        expect(buttons).to_have_count(2 if name == "deserter" else 3)
        answers_on_screen(phone, buttons, f"{name} ({language})", check=no_sideways_scroll)


@pytest.mark.parametrize("name, seat", [("sabotage", 1), ("wedding", 1), ("master_merchant", 0)])
def test_cards_asked_for_by_a_progress_card(prepared, browser, name, seat):
    """Saboteur and Wedding: Bartek picks the cards he gives; Master Merchant: Ala picks
    the 2 cards she takes from Bartek's hand. A number field per kind of card, then the
    button: the last field and the button on screen."""
    _url, games, _phones = prepared
    game = games[name]
    assert game["phase"] == "card_answer" and game["pending"][0] == [seat, name], game["pending"]
    for language in ("en", "pl"):
        phone = open_phone(browser, prepared, name, seat, language)
        form = phone.get_by_test_id(f"ck-pending-{name}").locator("form")
        expect(form.locator("input[type=number]")).not_to_have_count(0)
        answers_on_screen(phone, [form.locator("button[type=submit]"), form.locator("input[type=number]").last],
                          f"{name} ({language})", check=no_sideways_scroll)


def test_the_aqueduct_asks_for_a_resource(prepared, browser):
    """A roll that paid Ala nothing, her aqueduct: a button per resource."""
    _url, games, _phones = prepared
    game = games["aqueduct"]
    assert game["phase"] == "aqueduct" and game["pending"] == [[0, "aqueduct"]], game["pending"]
    for language in ("en", "pl"):
        phone = open_phone(browser, prepared, "aqueduct", 0, language)
        buttons = phone.get_by_test_id("ck-pending-aqueduct").locator("button[name=resource]")
        expect(buttons).to_have_count(5)
        answers_on_screen(phone, buttons, f"aqueduct ({language})", check=no_sideways_scroll)


def test_the_deserter_is_placed_from_a_list(prepared, browser):
    """Bartek's only knight deserted: Ala picks where hers stands (a list of corners)."""
    _url, games, _phones = prepared
    game = games["deserter_place"]
    assert game["phase"] == "card_answer" and game["pending"] == [[0, "deserter_place"]], game["pending"]
    for language in ("en", "pl"):
        phone = open_phone(browser, prepared, "deserter_place", 0, language)
        form = phone.get_by_test_id("ck-pending-deserter_place").get_by_test_id("deserter-place-form")
        answers_on_screen(phone, [form.locator("select[name=corner]"), form.locator("button[type=submit]")],
                          f"deserter_place ({language})", check=no_sideways_scroll)


def test_a_displaced_knight_is_moved_on_the_board(prepared, browser):
    """Ala's Intrigue pushed Bartek's knight off: he taps where it goes. What to do stays on
    screen in the bar; every corner offered can be brought above the bar, within the phone's
    width, without a sideways pan of the page."""
    _url, games, _phones = prepared
    game = games["relocate_knight"]
    assert game["phase"] == "relocate" and game["pending"] == [[1, "relocate_knight"]], game["pending"]
    for language in ("en", "pl"):
        phone = open_phone(browser, prepared, "relocate_knight", 1, language)
        targets = phone.locator("#board .target")
        expect(targets).not_to_have_count(0)
        for size in at_phone_sizes(phone):
            where = f"relocate_knight ({language}), {size}"
            no_sideways_scroll(phone, where)
            control_on_screen(phone, phone.get_by_test_id("ck-pending-relocate_knight").locator("h3"), where)
            width = phone.viewport_size["width"]
            bar_top = phone.locator("#actions > .now").first.bounding_box()["y"]
            for i in range(targets.count()):
                # The board opens on its targets at a thumb's scale; one that does not fit with
                # the first is brought into view inside the board's own box, never by a sideways pan.
                targets.nth(i).evaluate("t => t.scrollIntoView({block: 'center', inline: 'center'})")
                bar_top = phone.locator("#actions > .now").first.bounding_box()["y"]
                box = targets.nth(i).bounding_box()
                assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"{where}: a corner needs a sideways pan"
                assert box["y"] + box["height"] / 2 <= bar_top, f"{where}: a corner lies under the bar"
