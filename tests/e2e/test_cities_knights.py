"""Cities & Knights in a real browser: the beginner board is refused on the form with its
reason, then a game without a board (paper cards) where the table types the three dice.
The ship advances on every ship face until the barbarians reach Catan; nobody has an
active knight, so the barbarians win and the table explains who had which strength and
who lost a city. A second game plays a whole attack: knights built, promoted and activated
on the players' own phones, the ship typed in on the table, the knights win and the phones
follow (knights at rest, the ship home, the Defender of Catan). And a turn on the Events of
Catan deck: the red die and the event die, then the card.
"""
import re

import pytest
from playwright.sync_api import expect

from .harness import close_join_codes, join_phones, new_table

pytestmark = pytest.mark.e2e


def test_the_ship_sails_on_typed_event_dice_until_the_barbarians_attack(server, browser):
    players = [("Ala", "red"), ("Bartek", "blue"), ("Celina", "orange")]
    table = new_table(browser, server, players, rules="cities_knights", board="beginner")
    expect(table.locator(".error[role=alert]")).to_contain_text("not played on the beginner board")
    expect(table.locator('input[name="target"]')).to_have_value("13")  # follows the game choice
    table.select_option('select[name="board"]', "none")
    table.click("button[type=submit].primary")
    expect(table.locator('[data-testid="panel-cities_knights"]')).to_be_visible()
    close_join_codes(table)  # it plays on the table before every phone has joined
    ala = join_phones(browser, server, table, 1)[0]

    for _ in range(6):  # setup without a board: a settlement, then a city
        version = int(table.locator("#status").get_attribute("data-version"))
        table.locator('#actions button.primary').first.click()
        expect(table.locator("#status")).to_have_attribute("data-version", str(version + 1))
    expect(table.locator('[data-testid="ck-strength"]')).to_contain_text("Barbarians 3 (cities) against Catan 0")

    for move in range(1, 8):
        version = int(table.locator("#status").get_attribute("data-version"))
        dice = table.locator('[data-testid="ck-dice"]')
        dice.locator(".die-row.d1 label").nth(0).click()  # yellow 1
        dice.locator(".die-row.d2 label").nth(1).click()  # red 2
        dice.locator('[data-testid="event-ship"]').locator("xpath=..").click()
        expect(table.locator("#status")).to_have_attribute("data-version", str(version + 1))
        expect(table.locator('[data-testid="event-die"]')).to_be_visible()
        if move < 7:
            expect(table.locator('[data-testid="ship"]')).to_have_attribute("data-ship", str(move))
            table.get_by_role("button", name="End turn").click()
            expect(table.locator("#status")).to_have_attribute("data-version", str(version + 2))

    battle = table.locator('[data-testid="ck-battle"]')
    expect(battle).to_contain_text("Barbarians 3 against the knights of Catan 0 (Ala 0, Bartek 0, Celina 0).")
    expect(battle).to_contain_text("The barbarians win: Ala, Bartek and Celina had the weakest knights and each lose a city.")
    expect(table.locator('[data-testid="ship"]')).to_have_attribute("data-ship", "0")
    expect(table.locator('[data-testid="ck-strength"]')).to_contain_text("Barbarians 0 (cities) against Catan 0")
    expect(table.locator("#log")).to_contain_text("loses a city to the barbarians")
    expect(ala.locator('[data-testid="ck-battle"]')).to_contain_text("The barbarians win")


def version_of(page) -> int:
    return int(page.locator("#status").get_attribute("data-version"))


def synced(pages, version: int) -> None:
    """Every screen shows the game at `version`: pushed, never reloaded."""
    for page in pages:
        expect(page.locator("#status")).to_have_attribute("data-version", str(version))


def tap(phone, screens, name: str, version: int, within=None) -> int:
    """A button on a phone; every screen follows."""
    (within or phone.locator("#actions")).get_by_role("button", name=name, exact=True).click()
    synced(screens, version + 1)
    return version + 1


def ship_roll(table, screens, version: int, ship: int) -> int:
    """The table types yellow 1, red 2 (nobody produces) and the event die's ship."""
    dice = table.locator('[data-testid="ck-dice"]')
    dice.locator(".die-row.d1 label").nth(0).click()
    dice.locator(".die-row.d2 label").nth(1).click()
    dice.locator('[data-testid="event-ship"]').locator("xpath=..").click()
    synced(screens, version + 1)
    if ship:
        for page in screens:
            expect(page.locator('[data-testid="ship"]')).to_have_attribute("data-ship", str(ship))
    return version + 1


def knight_chips(page, seat: int):
    return page.locator(f'.ck-players tr[data-seat="{seat}"] [data-testid="ck-knights"] .knight-chip')


def test_knights_built_and_activated_on_phones_save_catan_and_make_a_defender(server, browser):
    """Paper cards, no board: the app keeps the knights per player by level and state, and
    each player builds, promotes and activates their own knights on their phone in their
    turn. Three cities make the barbarians 3 strong. Ala ends with a strong and a basic
    knight active (3), Bartek with a basic one (1), Celina's basic knight never gets its
    grain (0): Catan's 4 beats the barbarians' 3, Ala alone was strongest and becomes the
    Defender of Catan (1 VP); every knight rests again and the ship goes back to the start.
    """
    players = [("Ala", "red"), ("Bartek", "blue"), ("Celina", "orange")]
    table = new_table(browser, server, players, rules="cities_knights", board="none", play_mode="paper")
    expect(table.locator('[data-testid="panel-cities_knights"]')).to_be_visible()
    phones = join_phones(browser, server, table, 3)
    ala, bartek, celina = phones
    screens = [table, *phones]
    for phone in phones:
        expect(phone.locator('[data-testid="panel-cities_knights"]')).to_be_visible()
        phone.evaluate("window.loadedOnce = true")  # gone if the page ever reloads

    version = version_of(table)
    for _ in range(6):  # setup without a board: everybody a settlement, then a city
        table.locator("#actions button.primary").first.click()
        version += 1
        synced([table], version)
    synced(screens, version)
    expect(table.locator('[data-testid="ck-strength"]')).to_contain_text("Barbarians 3 (cities) against Catan 0")
    expect(table.locator("#status .whose")).to_have_text("Ala")

    # Turn 1, Ala: a basic knight, then its helmet (1 ore + 1 wool, 1 grain: paper cards).
    version = ship_roll(table, screens, version, 1)
    expect(bartek.locator('[data-testid="ck-build"]')).to_have_count(0)  # not his turn: no knight buttons
    version = tap(ala, screens, "Basic knight", version)
    knight = ala.locator('[data-testid="my-knight"]')
    expect(knight).to_have_count(1)
    expect(knight).to_contain_text("basic knight (resting)")
    version = tap(ala, screens, "Activate", version, within=knight)
    expect(knight).to_contain_text("basic knight (active)")
    expect(knight_chips(table, 0).and_(table.locator(".active"))).to_have_count(1)
    expect(table.locator('[data-testid="ck-strength"]')).to_contain_text("Barbarians 3 (cities) against Catan 1")
    version = tap(ala, screens, "End turn", version)

    # Turn 2, Bartek: a basic knight, activated.
    version = ship_roll(table, screens, version, 2)
    version = tap(bartek, screens, "Basic knight", version)
    version = tap(bartek, screens, "Activate", version, within=bartek.locator('[data-testid="my-knight"]'))
    expect(celina.locator('.ck-players tr[data-seat="1"] .knight-chip.active')).to_have_count(1)
    version = tap(bartek, screens, "End turn", version)

    # Turn 3, Celina: a basic knight she leaves resting.
    version = ship_roll(table, screens, version, 3)
    version = tap(celina, screens, "Basic knight", version)
    expect(celina.locator('[data-testid="my-knight"]')).to_contain_text("basic knight (resting)")
    version = tap(celina, screens, "End turn", version)

    # Turn 4, Ala: her knight becomes a strong knight; a second basic knight, activated.
    version = ship_roll(table, screens, version, 4)
    version = tap(ala, screens, "Promote", version, within=ala.locator('[data-testid="my-knight"]'))
    expect(ala.locator('[data-testid="my-knight"]')).to_contain_text("strong knight (active)")
    version = tap(ala, screens, "Basic knight", version)
    resting = ala.locator('[data-testid="my-knight"]').filter(has_text="(resting)")
    version = tap(ala, screens, "Activate", version, within=resting)
    expect(ala.locator('[data-testid="my-knight"].active')).to_have_count(2)
    version = tap(ala, screens, "End turn", version)

    # Turns 5 and 6: the ship sails on; the table ends the turns.
    for ship in (5, 6):
        version = ship_roll(table, screens, version, ship)
        version = tap(table, screens, "End turn", version)
    strength = table.locator('[data-testid="ck-strength"]')
    expect(strength).to_contain_text("Barbarians 3 (cities) against Catan 4 (active knights)")
    for seat, chips, active in ((0, 2, 2), (1, 1, 1), (2, 1, 0)):
        for page in screens:
            expect(knight_chips(page, seat)).to_have_count(chips)
            expect(page.locator(f'.ck-players tr[data-seat="{seat}"] .knight-chip.active')).to_have_count(active)
    expect(table.locator('[data-testid="ck-battle"]')).to_have_count(0)

    # Turn 7, Ala rolls the seventh ship: the barbarians land.
    version = ship_roll(table, screens, version, 0)
    battle = table.locator('[data-testid="ck-battle"]')
    expect(battle).to_contain_text("Barbarians 3 against the knights of Catan 4 (Ala 3, Bartek 1, Celina 0).")
    expect(battle).to_contain_text("Catan is saved: Ala had the strongest knights and becomes the Defender of Catan.")
    expect(battle).to_contain_text("attacks so far: 1")
    expect(strength).to_contain_text("Barbarians 3 (cities) against Catan 0 (active knights)")
    expect(table.locator('.ck-players tr[data-seat="0"]')).to_contain_text("Defender of Catan")
    expect(table.locator("#log")).to_contain_text("Defender of Catan")

    # The phones followed without a reload: the ship is home, every knight rests, Ala holds
    # the Defender of Catan (3 VP from her settlement and city, 1 from the card).
    for phone in phones:
        expect(phone.locator('[data-testid="ship"]')).to_have_attribute("data-ship", "0")
        expect(phone.locator(".knight-chip")).to_have_count(4)
        expect(phone.locator(".knight-chip.active")).to_have_count(0)
        expect(phone.locator('[data-testid="ck-battle"]')).to_contain_text(
            "Catan is saved: Ala had the strongest knights and becomes the Defender of Catan.")
        expect(phone.locator('.ck-players tr[data-seat="0"] .badge')).to_have_text("Defender of Catan")
        expect(phone.locator('.ck-players tr[data-seat="1"] .badge')).to_have_count(0)
        expect(phone.locator("#scoreboard tbody tr").nth(0).locator(".vp")).to_have_text("4")
        expect(phone.locator("#scoreboard tbody tr").nth(1).locator(".vp")).to_have_text("3")
    expect(ala.locator(".my-vp b")).to_have_text("4")
    expect(bartek.locator(".my-vp b")).to_have_text("3")
    expect(celina.locator(".my-vp b")).to_have_text("3")
    assert all(phone.evaluate("window.loadedOnce === true") for phone in phones)
    # It is still Ala's turn: both her knights wait for a new helmet.
    expect(ala.locator('[data-testid="my-knight"]')).to_have_count(2)
    expect(ala.locator('[data-testid="my-knight"].active')).to_have_count(0)
    expect(ala.locator('[data-testid="my-knight"]').get_by_role("button", name="Activate")).to_have_count(2)


def test_a_turn_on_the_event_deck_red_die_and_event_die_then_the_card(server, browser):
    """Cities & Knights with the Events of Catan deck: the table taps the red die and the
    event die; the ship moves, then the top card is revealed: the table and a phone show
    both dice and the card, and the log says it in that order."""
    players = [("Ala", "red"), ("Bartek", "blue"), ("Celina", "orange")]
    table = new_table(browser, server, players, rules="cities_knights", board="none", dice_source="events")
    expect(table.locator('[data-testid="panel-cities_knights"]')).to_be_visible()
    expect(table.locator("[data-testid=event-card]")).to_contain_text("No event card yet")
    ala = join_phones(browser, server, table, 1)[0]
    for _ in range(6):
        version = int(table.locator("#status").get_attribute("data-version"))
        table.locator('#actions button.primary').first.click()
        expect(table.locator("#status")).to_have_attribute("data-version", str(version + 1))

    version = int(table.locator("#status").get_attribute("data-version"))
    dice = table.locator('[data-testid="ck-deck-dice"]')
    expect(dice.locator(".die-row.d1")).to_have_count(0)  # no yellow die with the deck
    dice.locator(".die-row.red label").nth(3).click()  # red 4
    dice.locator('[data-testid="event-ship"]').locator("xpath=..").click()
    expect(table.locator("#status")).to_have_attribute("data-version", str(version + 1))
    expect(table.locator('[data-testid="ship"]')).to_have_attribute("data-ship", "1")
    panel = table.locator("#dice")
    expect(panel.get_by_test_id("red-die")).to_have_text("4")
    expect(panel.get_by_test_id("event-die")).to_be_visible()
    expect(panel.get_by_test_id("event-number")).to_have_text(re.compile(r"^(\d|1[0-2])$"))
    number = panel.get_by_test_id("event-number").inner_text()
    expect(table.locator("#log")).to_contain_text("Ala rolled 4 on the red die and the barbarian ship.")
    expect(table.locator("#log")).to_contain_text(f"Ala revealed a card: {number}")
    expect(ala.locator("#dice").get_by_test_id("red-die")).to_have_text("4")
    expect(ala.locator("#dice").get_by_test_id("event-number")).to_have_text(number)
