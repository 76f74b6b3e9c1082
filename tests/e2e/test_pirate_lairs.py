"""Pirate Lairs (Explorers & Pirates) in a real browser, from the new-game form: the mission
track on the table with every marker on "S", the lair tokens and crews left, a 7 rolled on
the table, Ala's phone (360 px, never scrolling sideways) tapping a sea hex for her pirate
ship, the pirate ship drawn on every screen, the toll named on the table. And a game played
to a scored win by taps on the phones: crews built, a lair found and conquered, the hero's
dice, the mission track's markers and its +1 card."""

import pytest
from playwright.sync_api import expect

from .harness import SCREENSHOTS, hx_targets, tap_target
from .sea_play import (end_turn, expect_tracks_at_start, pass_turns, press, roll, sail_route, sea_game, settle,
                       sideways, start_movement, tap, vp)
from .test_two_players import status_version

pytestmark = pytest.mark.e2e


def test_pirate_lairs_from_the_form_a_7_and_the_pirate_ship_placed_from_the_phone(server, browser):
    table, ala, bartek, celina = sea_game(browser, server, "pirate_lairs", "hands", join_codes=True)
    expect(table.locator('[data-testid="pl-layer"]')).to_have_count(1)
    expect_tracks_at_start(table, ("pirate_lairs",))
    expect(table.locator('[data-testid="pl-panel"]')).to_contain_text("6 lair tokens left")
    expect(table.locator('[data-testid="ep-crews-left"]')).to_contain_text("Ala: 9 crews left")
    expect(table.locator('[data-testid="ep-pirates-owner"]')).to_contain_text("No pirate ship on the board yet")
    version = status_version(table)

    # A 7 on the table: Ala's phone places her pirate ship by tapping a marked sea hex.
    version = roll(table, version, ala, dice=(3, 4))
    expect(ala.locator('[data-testid="ep-place-pirates"]')).to_be_visible()
    expect(bartek.locator('#board .target-pirates')).to_have_count(0)
    expect(bartek.locator('[data-testid="ep-missions-actions"]')).to_contain_text("Ala places their pirate ship")
    assert sideways(ala) <= 0
    hexes = hx_targets(ala, ".target-pirates", "hex")
    assert hexes
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ala.screenshot(path=str(SCREENSHOTS / "pirate-lairs-phone-pirates.png"), full_page=True)
    tap_target(ala, ".target-pirates", "hex", hexes[0])
    version = settle(version + 1, table, ala, bartek, celina)
    for screen in (table, ala, bartek, celina):
        expect(screen.locator(f'#board [data-testid="ep-pirate-ship"][data-hex="{hexes[0]}"]')).to_have_count(1)
    expect(table.locator('[data-testid="ep-pirates-owner"]')).to_contain_text("The pirate ship on the board is Ala's")
    expect(table.locator("#log")).to_contain_text("Ala places their pirate ship.")
    expect(ala.locator('[data-testid="ep-stage"]')).to_contain_text("Trade and build")
    table.screenshot(path=str(SCREENSHOTS / "pirate-lairs-table.png"))


# The beginner board is fixed: Ala's and Celina's harbour settlements face the northern
# unexplored area, and four steps take either ship to the path pointing at 7,0 (and at no
# other face-down hex) without passing one that points at any.
LAIR = "7,0"
BESIDE_LAIR = "6,0|6,1"
CELINA_ROUTE = ("4,1|5,1", "5,0|5,1", "5,1|6,0", BESIDE_LAIR)
HOME = "4,0|4,1"  # Ala's ship at the start, beside her harbour settlement
ALA_ROUTE = (HOME, "4,1|5,0", "5,0|5,1", "5,1|6,0", BESIDE_LAIR)
# two steps from there a free corner of the start island where a settler may settle
TO_FOUND = ("3,1|4,0", "3,0|3,1")
FOUND = "2,1|3,0|3,1"


def buy(phone, resource: str) -> None:
    phone.locator('[data-testid="buy-with-gold"] select').select_option(resource)
    phone.locator('[data-testid="buy-with-gold"] button').click()


def gold_of(table, seat: int):
    return table.locator(f'[data-testid="gold-{seat}"]')


def marker(table, field: int, seat: int):
    """A seat's marker on a field of the mission track ("S" is 0)."""
    return table.locator(f'[data-testid="ep-track-field-pirate_lairs-{field}"] '
                         f'[data-testid="ep-marker-pirate_lairs-{seat}"]')


def test_pirate_lairs_from_the_form_to_a_scored_win(server, browser):
    """Played to 6 points by taps only: Ala and Celina build crews on their phones (wool
    bought with gold); Celina's ship sails north and turns a hex over as a gold-river field
    with a lair, and lands a crew on it; Ala swaps two crews aboard for her settler, sails
    there and lands them. The lair falls at the end of her movement: its number entered on
    her phone, 2 gold and a track field each, the hero's dice (the rulebook's example: 7 to
    7, more crews win). Then her ship fetches the settler and founds her 6th point."""
    table, ala, bartek, celina = sea_game(browser, server, "pirate_lairs", "hands",
                                          ((390, 844),) * 3, fills={"target": 6})
    expect(table.locator('[data-testid="pl-panel"]')).to_contain_text("6 lair tokens left")
    expect(table.locator("#scoreboard")).to_contain_text("First to 6 VP in their own turn wins.")
    expect(table.locator(f'#board [data-testid="ep-face-down"][data-hex="{LAIR}"]')).to_have_count(1)
    for seat in range(3):
        expect(gold_of(table, seat)).to_have_text("2")
    crews = table.locator('[data-testid="ep-crews-left"]')
    version = status_version(table)

    # Ala: a 10 brings her ore; she buys a wool with her 2 gold and builds a crew into her
    # harbour settlement's dock by tapping it on her phone.
    version = roll(table, version, ala, dice=(4, 6))
    expect(gold_of(table, 1)).to_have_text("3")  # Bartek got nothing from the 10
    buy(ala, "wool")
    version = settle(version + 1, table, ala)
    expect(gold_of(table, 0)).to_have_text("0")
    docks = hx_targets(ala, ".target-crew-dock", "corner")
    assert len(docks) == 1
    version = tap(ala, table, version, ".target-crew-dock", "corner", docks[0])
    expect(crews).to_contain_text("Ala: 8 crews left")
    expect(table.locator("#log")).to_contain_text("Ala builds a crew and puts it in a harbour settlement's dock.")
    # Her ship is on the board: the turn ends only after its movement (pinned in her bar).
    version = start_movement(ala, table, version)
    end_turn(ala)
    version = settle(version + 1, table, ala)

    # Bartek rolls a 5 (nobody's number: 1 gold each) and passes on the table.
    version = pass_turns(table, version, 1, celina)

    # Celina: another 5; a crew for bought wool, her settler swapped ashore for it, and her
    # ship sails to the north until it points at a face-down hex.
    version = roll(table, version, celina)
    expect(gold_of(table, 0)).to_have_text("2")
    expect(gold_of(table, 2)).to_have_text("4")
    buy(celina, "wool")
    version = settle(version + 1, table, celina)
    version = tap(celina, table, version, ".target-crew-dock", "corner")
    expect(crews).to_contain_text("Celina: 8 crews left")
    version = start_movement(celina, table, version)
    version = press(celina, table, version, "ep-swap-")
    expect(table.locator("#log")).to_contain_text("Celina swaps the loads of")
    version = tap(celina, table, version, ".target-ship", "edge")
    version = sail_route(celina, table, version, CELINA_ROUTE)

    # The hex turned over is a gold-river field: no number token, a lair token on it.
    form = celina.locator('[data-testid="ep-reveal-form"]').first
    expect(form).to_be_visible()
    expect(ala.locator('[data-testid="ep-reveal-form"]')).to_have_count(0)
    form.locator('[data-testid="ep-terrain-gold_river"]').check()
    form.locator('[data-testid="ep-reveal-submit"]').click()
    version = settle(version + 1, table, celina, ala)
    for screen in (table, ala, bartek, celina):
        expect(screen.locator(f'#board [data-testid="pl-lair"][data-hex="{LAIR}"]:not(.conquered)')).to_have_count(1)
        expect(screen.locator(f'#board [data-testid="pl-river"][data-hex="{LAIR}"]')).to_have_count(1)
    expect(table.locator('[data-testid="pl-panel"]')).to_contain_text("1 pirate lair stands")
    expect(table.locator('[data-testid="pl-panel"]')).to_contain_text("5 lair tokens left")
    expect(table.locator("#log")).to_contain_text("Celina finds a pirate lair on a gold-river field")
    expect(gold_of(table, 2)).to_have_text("4")  # 2 for the wool, 2 for the lair

    # Her ship points at the lair: a tap lands her crew on its token.
    expect(celina.locator('[data-testid="pl-land-hint"]')).to_be_visible()
    version = tap(celina, table, version, ".target-land", "hex", LAIR)
    expect(table.locator("#log")).to_contain_text("Celina lands 1 crew on the pirate lair (1 of 3 there).")
    expect(table.locator(f'#board [data-testid="pl-lair"][data-hex="{LAIR}"] [data-testid="pl-lair-crew"]')
           ).to_have_count(1)
    end_turn(celina)
    version = settle(version + 1, table, ala)

    # Ala: a 5 (1 gold), a second crew for bought wool, both crews swapped aboard for her
    # settler, four steps to the lair and two crews landed: the third one, the lair falls.
    version = roll(table, version, ala)
    expect(gold_of(table, 0)).to_have_text("3")
    buy(ala, "wool")
    version = settle(version + 1, table, ala)
    version = tap(ala, table, version, ".target-crew-dock", "corner", docks[0])
    expect(crews).to_contain_text("Ala: 7 crews left")
    version = start_movement(ala, table, version)
    expect(ala.locator('[data-testid="ep-crew-ships"]')).to_be_visible()
    version = press(ala, table, version, "ep-swap-")
    version = tap(ala, table, version, ".target-ship", "edge", HOME)
    version = sail_route(ala, table, version, ALA_ROUTE[1:])
    assert hx_targets(ala, ".target-land", "hex") == [LAIR]
    version = tap(ala, table, version, ".target-land", "hex", LAIR)
    expect(table.locator("#log")).to_contain_text("Ala lands 2 crews on the pirate lair (3 of 3 there).")
    expect(table.locator("#log")).to_contain_text("The pirate lair falls to Ala, Celina")
    expect(table.locator(f'#board [data-testid="pl-lair"][data-hex="{LAIR}"] [data-testid="pl-lair-crew"]')
           ).to_have_count(3)

    # The end of her movement settles it: the number under the token, entered on her phone.
    ala.locator('[data-testid="ep-end-turn"] button').click()
    version = settle(version + 1, table, ala, celina)
    expect(table.locator('[data-testid="pl-conquest"]')).to_contain_text("Ala: 2 crews")
    expect(table.locator('[data-testid="pl-conquest"]')).to_contain_text("Celina: 1 crew")
    for phone in (bartek, celina):
        expect(phone.locator('[data-testid="pl-conquest"]')).to_be_visible()
        expect(phone.locator('[data-testid="pl-conquer"]')).to_have_count(0)
    conquer = ala.locator('[data-testid="pl-conquer"]')
    conquer.locator('[data-testid="pl-number"]').select_option("8")
    conquer.locator("button[type=submit]").click()
    version = settle(version + 1, table, ala)

    # 2 gold each and both markers on field 1, Ala's first (the active player moves first,
    # so hers lies at the bottom and holds the mission's +1 card): 5 points, one short.
    expect(table.locator("#log")).to_contain_text("8: the gold-river field is free (Ala, Celina).")
    expect(gold_of(table, 0)).to_have_text("3")  # 1 left after the wool, +2
    expect(ala.locator('[data-testid="my-gold"]')).to_contain_text("Your gold: 3")
    expect(gold_of(table, 2)).to_have_text("7")  # 4, +1 for the 5, +2
    for seat in (0, 2):
        expect(marker(table, 1, seat)).to_have_count(1)
    expect(marker(table, 0, 1)).to_have_count(1)
    expect(table.locator('[data-testid="ep-track-card-pirate_lairs"]')).to_contain_text("Ala holds its +1 VP card")
    assert vp(table, 0) == 5
    expect(table.locator(".final")).to_have_count(0)

    # The hero, as in the rulebook's example: Ala rolls 5, Celina 6; 7 to 7, Ala has more
    # crews there. Her marker moves on, one of her crews goes home, her turn is over.
    expect(table.locator('[data-testid="pl-conquest"]')).to_contain_text("The hero")
    hero = ala.locator('[data-testid="pl-hero-roll"]')
    hero.locator('[data-testid="pl-hero-die-0"]').select_option("5")
    hero.locator('[data-testid="pl-hero-die-2"]').select_option("6")
    hero.locator("button[type=submit]").click()
    version = settle(version + 1, table, ala)
    expect(table.locator("#log")).to_contain_text("Rolls for the hero: Ala 5 (total 7), Celina 6 (total 7).")
    expect(table.locator("#log")).to_contain_text("Ala is the hero of the conquest")
    expect(marker(table, 2, 0)).to_have_count(1)
    expect(marker(table, 1, 2)).to_have_count(1)
    expect(crews).to_contain_text("Ala: 8 crews left")
    lair = table.locator(f'#board [data-testid="pl-lair"].conquered[data-hex="{LAIR}"]')
    expect(lair).to_contain_text("8")
    expect(lair.locator('[data-testid="pl-beside-crew"]')).to_have_count(2)  # Ala's other one, Celina's
    expect(table.locator('[data-testid="pl-panel"]')).to_contain_text("1 conquered")
    expect(table.locator('[data-testid="pl-conquest"]')).to_have_count(0)
    expect(table.locator("#status .whose")).to_contain_text("Bartek")

    # Bartek and Celina roll a 5 and pass on the table.
    version = pass_turns(table, version, 2, ala)

    # Ala: her empty ship sails home, takes the settler from the dock, 2 more points for a
    # wool, and founds a settlement on the start island: her 6th point, in her own turn.
    version = roll(table, version, ala)
    buy(ala, "wool")
    version = settle(version + 1, table, ala)
    version = start_movement(ala, table, version)
    version = tap(ala, table, version, ".target-ship", "edge", BESIDE_LAIR)
    version = sail_route(ala, table, version, ALA_ROUTE[-2::-1])
    version = tap(ala, table, version, ".target-load", "corner", docks[0])
    version = press(ala, table, version, "ep-buy-")
    version = sail_route(ala, table, version, TO_FOUND)
    assert hx_targets(ala, ".target-found", "corner") == [FOUND]
    version = tap(ala, table, version, ".target-found", "corner", FOUND)
    expect(table.locator("#log")).to_contain_text("Ala founds a settlement from ship")
    expect(table.locator(".final")).to_be_visible()
    expect(table.locator(".final")).to_contain_text("Ala")
    expect(ala.locator(".final")).to_contain_text("Final score")
    assert vp(table, 0) == 6
