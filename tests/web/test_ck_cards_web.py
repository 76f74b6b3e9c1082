"""Cities & Knights' cards that act on other players, and the advanced battle, on the
screens: what the Spy and the Master Merchant show reaches only their player's socket
(real websocket traffic), the phones' answers, the new game option, and forged posts
refused with a reason and nothing recorded.

The games are played from the start through the services (state = the records), with
typed dice; a seed is picked by playing the same script in the bare engine until the
progress cards drawn are the ones the test needs.
"""
import copy

import pytest
from asgiref.sync import sync_to_async
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from companion import services
from companion.engine import Chance, apply, new_game, seeded_secret
from companion.machinery import board as boards
from companion.engine import view as engine_view
from companion.layers.cores.cities_knights.messages import PROGRESS_NAMES
from companion.messages import CARD_NAMES
from companion.models import Game

from .helpers import TABLE
from .test_ck_web import PLAYERS, clients, post
from .traffic import Traffic

ALA, BARTEK, CELINA = 0, 1, 2


class EngineGame:
    """The script's target in the bare engine (to find a seed)."""

    def __init__(self, config, seed):
        self.state = new_game(config)
        self.chance = Chance(seeded_secret(seed))

    def do(self, actor, kind, **args):
        self.state, _ = apply(self.state, {"type": kind, "actor": actor, "args": args}, self.chance)


class ServiceGame:
    """The same script through the services: the records are the game."""

    def __init__(self, config, seed):
        self.game = services.create_game(config, seed=seed)

    def do(self, actor, kind, **args):
        self.game = services.perform(self.game, actor, kind, args).game

    @property
    def state(self):
        return services.current_state(self.game)[0]


def _setup(g) -> None:
    while g.state["phase"] == "setup":
        if g.state["board"] is None:
            g.do(TABLE, "place_setup")
            continue
        targets = engine_view(g.state, "table")["board"]["targets"]
        if "settlement" in targets:
            g.do(TABLE, "place_settlement", corner=targets["settlement"][0])
        else:
            g.do(TABLE, "place_road", edge=targets["road"][0])


def _to_turn(g, seat, red=6, event="green") -> None:
    """End turns (rolling a number that pays nothing special) until `seat` has rolled."""
    while True:
        state = g.state
        if state["phase"] == "roll":
            g.do(TABLE, "roll", dice=[1, red] if red != 6 else [2, 6], event=event)
            if state["turn"]["seat"] == seat:
                return
        g.do(TABLE, "end_turn")


# ---------------------------------------------------------------- the Spy, paper cards


def spy_script(g) -> None:
    """Ala and Bartek build the town hall (politics 1: red 1-2 draw blue cards); a blue
    gate with a red 1 deals each a politics card; in Ala's next turn she holds the Spy."""
    _setup(g)
    _to_turn(g, ALA)
    g.do(TABLE, "improve_city", chart="politics")
    _to_turn(g, BARTEK)
    g.do(TABLE, "improve_city", chart="politics")
    g.do(TABLE, "end_turn")
    _to_turn(g, CELINA, red=1, event="blue")


def spy_ready(state) -> bool:
    ala, bartek = state["players"][ALA]["progress"], state["players"][BARTEK]["progress"]
    return ala == ["spy"] and len(bartek) == 1 and bartek[0] not in ("spy", "constitution")


def paper_config():
    return {"rules": "cities_knights", "players": PLAYERS, "dice_source": "typed", "board": "none",
            "play_mode": "paper"}


def spy_game():
    """A Cities & Knights game in Ala's turn, a Spy in her hand, Bartek holding progress cards."""
    config = paper_config()
    g = ServiceGame(config, find_seed(config, spy_script, spy_ready))
    spy_script(g)
    g.do(TABLE, "end_turn")
    g.do(TABLE, "roll", dice=[2, 6], event="green")  # Ala's turn
    return g.game


def find_seed(config, script, ready) -> int:
    for seed in range(300):
        g = EngineGame(config, seed)
        script(g)
        if ready(g.state):
            return seed
    raise AssertionError("no seed deals the cards")


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_spy_sees_the_victims_progress_cards_alone():
    traffic = await Traffic.open(await sync_to_async(spy_game)())
    state = await traffic.state()
    assert spy_ready(state) and state["turn"]["seat"] == ALA and state["phase"] == "main"
    secret = state["players"][BARTEK]["progress"][0]
    name = str(PROGRESS_NAMES[secret])
    await traffic.act({"seat": ALA}, "play_progress", card="spy", victim=BARTEK)
    # Ala's phone lists Bartek's card; nobody else's screen names it.
    assert any(f'data-card="{secret}"' in payload for payload in traffic.received[ALA])
    for other in ("table", CELINA):
        assert not any(name in payload for payload in traffic.received[other]), other
        assert not any(f'data-card="{secret}"' in payload for payload in traffic.received[other]), other
    await traffic.act({"seat": ALA}, "spy_take", card=secret)
    state = await traffic.state()
    assert state["players"][ALA]["progress"] == [secret] and state["players"][BARTEK]["progress"] == []
    for other in ("table", CELINA):
        assert not any(name in payload for payload in traffic.received[other]), other
    assert any(name in payload for payload in traffic.received[BARTEK])  # the victim learns what went
    await traffic.close()


# ---------------------------------------------------------------- the Master Merchant, hands on phones


def hands_config():
    return {"rules": "cities_knights", "players": PLAYERS, "dice_source": "typed", "board": "random",
            "play_mode": "hands", "board_layout": copy.deepcopy(boards.beginner_board())}


def _paying_total(state, seat) -> int:
    """A dice total (not 7) that pays `seat` from a hex next to their city."""
    layout, pieces = state["board"]["layout"], state["board"]["pieces"]
    g = boards.geometry(layout)
    for corner, owner in sorted(pieces["cities"].items()):
        if owner == seat:
            for h in g.corner_hexes[corner]:
                number = (layout["hexes"].get(h) or {}).get("number")
                if number and number != 7 and h != state["board"]["robber"]:
                    return number
    raise AssertionError("no paying hex")


def _dice(total):
    return [min(6, total - 1), total - min(6, total - 1)]


def _gather_cloth(g, seat) -> None:
    """In `seat`'s turns: roll their numbers until they trade 4 of a kind (or use a cloth)."""
    for _ in range(12):
        state = g.state
        if state["phase"] == "roll":
            total = _paying_total(state, seat) if state["turn"]["seat"] == seat else 12
            g.do(TABLE, "roll", dice=_dice(total), event="green")
        state = g.state
        hand = state["players"][seat]["hand"]
        if state["turn"]["seat"] == seat:
            if hand["cloth"] == 0:
                kind = max(("brick", "lumber", "wool", "grain", "ore", "paper", "coin"), key=lambda k: hand[k])
                if hand[kind] >= 4:
                    g.do({"seat": seat}, "trade_bank", give=kind, get="cloth")
            if g.state["players"][seat]["hand"]["cloth"]:
                g.do({"seat": seat}, "improve_city", chart="trade")
                g.do(TABLE, "end_turn")
                return
        g.do(TABLE, "end_turn")
    raise AssertionError("no cloth")


def merchant_script(g) -> None:
    """Ala and Bartek build a market (trade 1); a yellow gate with red 1 deals each a trade
    card: Bartek places the Merchant (1 VP more than Ala), Ala then plays the Master
    Merchant on him."""
    _setup(g)
    _gather_cloth(g, ALA)
    _gather_cloth(g, BARTEK)
    while g.state["turn"]["seat"] != CELINA or g.state["phase"] != "roll":
        if g.state["phase"] == "roll":
            g.do(TABLE, "roll", dice=[2, 6 if g.state["turn"]["seat"] != CELINA else 1], event="green")
        g.do(TABLE, "end_turn")
    g.do(TABLE, "roll", dice=[2, 1], event="yellow")  # Celina's roll deals the trade cards


def merchant_ready(state) -> bool:
    return (state["players"][ALA]["progress"] == ["master_merchant"]
            and state["players"][BARTEK]["progress"] == ["merchant"])


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_master_merchant_sees_the_victims_hand_alone():
    config = hands_config()
    seed = find_seed(config, merchant_script, merchant_ready)

    def prepare():
        g = ServiceGame(config, seed)
        merchant_script(g)
        g.do(TABLE, "end_turn")
        g.do(TABLE, "roll", dice=[2, 6], event="green")  # Ala's turn: nothing to do
        g.do(TABLE, "end_turn")
        g.do(TABLE, "roll", dice=[_paying_total(g.state, BARTEK) - 1, 1], event="green")  # Bartek's turn
        state = g.state
        corner = next(c for c, s in state["board"]["pieces"]["cities"].items() if s == BARTEK)
        hex_ = next(h for h in boards.geometry(state["board"]["layout"]).corner_hexes[corner]
                    if (state["board"]["layout"]["hexes"].get(h) or {}).get("number"))
        g.do({"seat": BARTEK}, "play_progress", card="merchant", hex=hex_)
        g.do(TABLE, "end_turn")
        g.do(TABLE, "roll", dice=[2, 6], event="green")  # Celina
        g.do(TABLE, "end_turn")
        g.do(TABLE, "roll", dice=[2, 6], event="green")  # Ala
        return g.game

    traffic = await Traffic.open(await sync_to_async(prepare)())
    state = await traffic.state()
    bartek = {k: n for k, n in state["players"][BARTEK]["hand"].items() if n}
    assert state["turn"]["seat"] == ALA and sum(bartek.values()) >= 3, bartek
    await traffic.act({"seat": ALA}, "play_progress", card="master_merchant", victim=BARTEK)
    state = await traffic.state()
    assert state["pending"] == [{"seat": ALA, "kind": "master_merchant"}]
    # Ala's phone shows Bartek's hand, card by card; the table's and Celina's screens don't.
    last_ala = traffic.received[ALA][-1]
    assert 'data-testid="master-merchant-form"' in last_ala
    for kind, n in bartek.items():
        assert f'name="cards_{kind}" min="0" max="{n}"' in last_ala
    for other in ("table", CELINA):
        assert not any("master-merchant-form" in payload for payload in traffic.received[other])
        assert not any('name="cards_' in payload and "master_merchant_take" in payload
                       for payload in traffic.received[other])
    kinds = sorted(bartek, key=lambda k: -bartek[k])
    take = {kinds[0]: 2} if bartek[kinds[0]] >= 2 else {kinds[0]: 1, kinds[1]: 1}
    await traffic.act({"seat": ALA}, "master_merchant_take", cards=take)
    state = await traffic.state()
    assert sum(state["players"][BARTEK]["hand"].values()) == sum(bartek.values()) - 2
    taken_name = str(CARD_NAMES[kinds[0]])
    log_lines = [p for p in traffic.received[CELINA] if "Master Merchant" in p and "takes" in p]
    assert log_lines and all("takes 2 cards from" in p for p in log_lines)
    assert any(taken_name in p and "(Master Merchant)" in p for p in traffic.received[BARTEK])
    await traffic.close()


# ---------------------------------------------------------------- forms and forged posts


@pytest.mark.django_db
def test_spy_forms_and_forged_answers():
    config = paper_config()
    seed = find_seed(config, spy_script, spy_ready)
    g = ServiceGame(config, seed)
    spy_script(g)
    g.do(TABLE, "end_turn")
    g.do(TABLE, "roll", dice=[2, 6], event="green")
    game = g.game
    browsers = clients(game)
    phone = browsers[ALA].get(reverse("seat", args=[game.code])).content.decode()
    assert 'data-testid="progress-spy"' in phone and 'name="victim"' in phone
    assert "play it at the table" not in phone.lower() and "Play it at the table" not in phone
    count = game.records.count()
    # Forged: the spy on herself, on a player without cards, from the table, from another phone.
    for client, as_, fields, text in (
            (browsers[ALA], "seat", {"victim": "0"}, "Pick another player."),
            (browsers[ALA], "seat", {"victim": "2"}, "That player holds no progress cards."),
            (browsers[ALA], "seat", {"victim": "x"}, "Pick another player."),
            (browsers["table"], "table", {"victim": "1"}, ""),
            (browsers[BARTEK], "seat", {"victim": "0"}, "It is not your turn")):
        response = post(client, game, "play_progress", as_=as_, card="spy", **fields)
        assert response.status_code == 422, response.content.decode()[:300]
        assert text in response.content.decode()
    assert game.records.count() == count
    response = post(browsers[ALA], game, "play_progress", card="spy", victim="1")
    assert response.status_code == 200
    assert 'data-testid="spy-form"' in response.content.decode()
    count = game.records.count()
    response = post(browsers[ALA], game, "spy_take", card="printer")
    assert response.status_code == 422 and "Pick one of the progress cards you are shown." in response.content.decode()
    response = post(browsers[BARTEK], game, "spy_take", card="spy")
    assert response.status_code == 422
    assert game.records.count() == count


@pytest.mark.django_db
def test_the_advanced_battle_option_and_the_table_records_each_choice():
    client = Client()
    page = client.get(reverse("home")).content.decode()
    assert 'name="advanced_battle"' in page
    data = {"rules": "cities_knights", "target": "13", "dice_source": "typed", "board": "none", "play_mode": "paper",
            "advanced_battle": "on", "name_0": "Ala", "color_0": "red", "name_1": "Bartek", "color_1": "blue",
            "name_2": "Celina", "color_2": "white", "color_3": "orange", "color_4": "green", "color_5": "brown"}
    response = client.post(reverse("new_game"), {**data, "rules": "base", "target": "10"})
    assert response.status_code == 422 and "only for Cities &amp; Knights" in response.content.decode()
    assert not Game.objects.exists()
    response = client.post(reverse("new_game"), data)
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.config["variants"] == {"advanced_battle": True}
    g = ServiceGame.__new__(ServiceGame)
    g.game = game
    _setup(g)
    # Ala builds a knight and activates it (the table enters it with paper cards); six ships.
    _to_turn(g, ALA)
    g.do(TABLE, "build_knight")
    g.do(TABLE, "activate_knight", knight=1)
    for _ in range(6):
        g.do(TABLE, "end_turn")
        g.do(TABLE, "roll", dice=[2, 6], event="ship")
    g.do(TABLE, "end_turn")
    g.do(TABLE, "roll", dice=[2, 6], event="ship")
    game = g.game
    state = g.state
    assert state["phase"] == "barbarian" and state["pending"] == [{"seat": ALA, "kind": "muster"}]
    browsers = clients(game)
    table = browsers["table"].get(reverse("table", args=[game.code])).content.decode()
    assert 'data-testid="muster-form"' in table and 'data-testid="ck-muster"' in table
    assert 'data-testid="ck-advanced-battle"' in table
    count = game.records.count()
    for fields in ({"seat": "0", "knights": "5"}, {"seat": "1", "knights": "1"}, {"seat": "9"}):
        response = post(browsers["table"], game, "muster_knights", as_="table", **fields)
        assert response.status_code == 422
    response = post(browsers[BARTEK], game, "muster_knights", knights="1")
    assert response.status_code == 422
    assert game.records.count() == count
    response = post(browsers["table"], game, "muster_knights", as_="table", seat="0")  # Ala keeps it home
    assert response.status_code == 200, response.content.decode()[:300]
    game.refresh_from_db()
    state = services.current_state(game)[0]
    battle = state["ck"]["battle"]
    assert battle["defence"] == 0 and battle["held_back"] == {"0": 1}
    assert state["players"][ALA]["knights"][0]["active"]
    table = browsers["table"].get(reverse("table", args=[game.code])).content.decode()
    assert "Kept out of the battle (still active): Ala 1." in table


@pytest.mark.django_db
def test_newgame_command_takes_the_advanced_battle():
    call_command("newgame", "--rules", "cities_knights", "--players", "Ala:red,Bartek:blue,Celina:white",
                 "--variant", "advanced_battle", "--json", stdout=open("/dev/null", "w"))
    assert Game.objects.get().config["variants"] == {"advanced_battle": True}


@pytest.mark.django_db
def test_forged_master_merchant_and_commercial_harbor_posts_are_refused():
    config = hands_config()
    seed = find_seed(config, merchant_script, merchant_ready)
    g = ServiceGame(config, seed)
    merchant_script(g)
    g.do(TABLE, "end_turn")
    g.do(TABLE, "roll", dice=[2, 6], event="green")  # Ala's turn, Bartek no richer yet
    game = g.game
    browsers = clients(game)
    count = game.records.count()
    for client, kind, fields, text in (
            (browsers[ALA], "play_progress", {"card": "master_merchant", "victim": "1"},
             "The Master Merchant takes from a player with more victory points than you."),
            (browsers[ALA], "play_progress", {"card": "master_merchant", "victim": "0"}, "Pick another player."),
            (browsers[ALA], "master_merchant_take", {"cards_ore": "2"}, ""),
            (browsers[CELINA], "harbor_answer", {"commodity": "coin"}, ""),
            (browsers[ALA], "harbor_offer", {"resource": "wool"}, "")):
        response = post(client, game, kind, **fields)
        assert response.status_code == 422, (kind, response.content.decode()[:300])
        assert text in response.content.decode()
    game.refresh_from_db()
    assert game.records.count() == count
