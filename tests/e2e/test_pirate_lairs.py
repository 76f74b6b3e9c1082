"""Pirate Lairs (Explorers & Pirates) in a real browser, from the new-game form: the mission
track on the table with every marker on "S", the lair tokens and crews left, a 7 rolled on
the table, Ala's phone (360 px, never scrolling sideways) tapping a sea hex for her pirate
ship, the pirate ship drawn on every screen, the toll named on the table. And a game played
to a scored win by taps on the phones: crews built, a lair found and conquered, the hero's
dice, the mission track's markers and its +1 card."""

import pytest
from playwright.sync_api import expect

from .harness import SCREENSHOTS, hx_targets, new_table, tap_target
from .test_land_ho import phones_of, settle, sideways, vp
from .test_two_players import status_version, type_roll

pytestmark = pytest.mark.e2e


def test_pirate_lairs_from_the_form_a_7_and_the_pirate_ship_placed_from_the_phone(server, browser):
    table = new_table(browser, server, [("Ala", "red"), ("Bartek", "blue"), ("Celina", "white")],
                      rules="explorers_pirates", scenario="pirate_lairs", board="beginner", play_mode="hands",
                      dice_source="typed", join_codes=True)
    ala, bartek, celina = phones_of(browser, server, table, ((360, 740), (390, 844), (390, 844)))
    expect(table.locator('[data-testid="pl-layer"]')).to_have_count(1)
    expect(table.locator('[data-testid="ep-track-pirate_lairs"]')).to_be_visible()
    for seat in range(3):
        expect(table.locator(f'[data-testid="ep-track-field-pirate_lairs-0"] [data-testid="ep-marker-pirate_lairs-{seat}"]')
               ).to_have_count(1)
    expect(table.locator('[data-testid="pl-panel"]')).to_contain_text("6 lair tokens left")
    expect(table.locator('[data-testid="ep-crews-left"]')).to_contain_text("Ala: 9 crews left")
    expect(table.locator('[data-testid="ep-pirates-owner"]')).to_contain_text("No pirate ship on the board yet")
    version = status_version(table)

    # A 7 on the table: Ala's phone places her pirate ship by tapping a marked sea hex.
    type_roll(table, (3, 4))
    version = settle(version + 1, table, ala)
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


def end_turn(page) -> None:
    page.locator("#actions form:has(input[name='type'][value='end_turn']) button").first.click()


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
    table = new_table(browser, server, [("Ala", "red"), ("Bartek", "blue"), ("Celina", "white")],
                      rules="explorers_pirates", scenario="pirate_lairs", board="beginner", play_mode="hands",
                      dice_source="typed", fills={"target": 6})
    ala, bartek, celina = phones_of(browser, server, table, ((390, 844),) * 3)
    expect(table.locator('[data-testid="pl-panel"]')).to_contain_text("6 lair tokens left")
    expect(table.locator("#scoreboard")).to_contain_text("First to 6 VP in their own turn wins.")
    expect(table.locator(f'#board [data-testid="ep-face-down"][data-hex="{LAIR}"]')).to_have_count(1)
    for seat in range(3):
        expect(gold_of(table, seat)).to_have_text("2")
    crews = table.locator('[data-testid="ep-crews-left"]')
    version = status_version(table)

    # Ala: a 10 brings her ore; she buys a wool with her 2 gold and builds a crew into her
    # harbour settlement's dock by tapping it on her phone.
    type_roll(table, (4, 6))
    version = settle(version + 1, table, ala)
    expect(gold_of(table, 1)).to_have_text("3")  # Bartek got nothing from the 10
    buy(ala, "wool")
    version = settle(version + 1, table, ala)
    expect(gold_of(table, 0)).to_have_text("0")
    docks = hx_targets(ala, ".target-crew-dock", "corner")
    assert len(docks) == 1
    tap_target(ala, ".target-crew-dock", "corner", docks[0])
    version = settle(version + 1, table, ala)
    expect(crews).to_contain_text("Ala: 8 crews left")
    expect(table.locator("#log")).to_contain_text("Ala builds a crew and puts it in a harbour settlement's dock.")
    end_turn(ala)
    version = settle(version + 1, table, ala)

    # Bartek rolls a 5 (nobody's number: 1 gold each) and passes on the table.
    type_roll(table, (2, 3))
    version = settle(version + 1, table)
    end_turn(table)
    version = settle(version + 1, table, celina)

    # Celina: another 5; a crew for bought wool, her settler swapped ashore for it, and her
    # ship sails to the north until it points at a face-down hex.
    type_roll(table, (2, 3))
    version = settle(version + 1, table, celina)
    expect(gold_of(table, 0)).to_have_text("2")
    expect(gold_of(table, 2)).to_have_text("4")
    buy(celina, "wool")
    version = settle(version + 1, table, celina)
    tap_target(celina, ".target-crew-dock", "corner", hx_targets(celina, ".target-crew-dock", "corner")[0])
    version = settle(version + 1, table, celina)
    expect(crews).to_contain_text("Celina: 8 crews left")
    celina.locator('[data-testid="ep-start-movement"] button').click()
    version = settle(version + 1, table, celina)
    celina.locator('[data-testid^="ep-swap-"] button').click()
    version = settle(version + 1, table, celina)
    expect(table.locator("#log")).to_contain_text("Celina swaps the loads of")
    tap_target(celina, ".target-ship", "edge", hx_targets(celina, ".target-ship", "edge")[0])
    version = settle(version + 1, table, celina)
    for edge in CELINA_ROUTE:
        tap_target(celina, ".target-sail", "edge", edge)
        version = settle(version + 1, table, celina)

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
    tap_target(celina, ".target-land", "hex", LAIR)
    version = settle(version + 1, table, celina)
    expect(table.locator("#log")).to_contain_text("Celina lands 1 crew on the pirate lair (1 of 3 there).")
    expect(table.locator(f'#board [data-testid="pl-lair"][data-hex="{LAIR}"] [data-testid="pl-lair-crew"]')
           ).to_have_count(1)
    end_turn(celina)
    version = settle(version + 1, table, ala)

    # Ala: a 5 (1 gold), a second crew for bought wool, both crews swapped aboard for her
    # settler, four steps to the lair and two crews landed: the third one, the lair falls.
    type_roll(table, (2, 3))
    version = settle(version + 1, table, ala)
    expect(gold_of(table, 0)).to_have_text("3")
    buy(ala, "wool")
    version = settle(version + 1, table, ala)
    tap_target(ala, ".target-crew-dock", "corner", docks[0])
    version = settle(version + 1, table, ala)
    expect(crews).to_contain_text("Ala: 7 crews left")
    ala.locator('[data-testid="ep-start-movement"] button').click()
    version = settle(version + 1, table, ala)
    expect(ala.locator('[data-testid="ep-crew-ships"]')).to_be_visible()
    ala.locator('[data-testid^="ep-swap-"] button').click()
    version = settle(version + 1, table, ala)
    tap_target(ala, ".target-ship", "edge", HOME)
    version = settle(version + 1, table, ala)
    for edge in ALA_ROUTE[1:]:
        tap_target(ala, ".target-sail", "edge", edge)
        version = settle(version + 1, table, ala)
    assert hx_targets(ala, ".target-land", "hex") == [LAIR]
    tap_target(ala, ".target-land", "hex", LAIR)
    version = settle(version + 1, table, ala)
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
    for _ in range(2):
        type_roll(table, (2, 3))
        version = settle(version + 1, table)
        end_turn(table)
        version = settle(version + 1, table, ala)

    # Ala: her empty ship sails home, takes the settler from the dock, 2 more points for a
    # wool, and founds a settlement on the start island: her 6th point, in her own turn.
    type_roll(table, (2, 3))
    version = settle(version + 1, table, ala)
    buy(ala, "wool")
    version = settle(version + 1, table, ala)
    ala.locator('[data-testid="ep-start-movement"] button').click()
    version = settle(version + 1, table, ala)
    tap_target(ala, ".target-ship", "edge", BESIDE_LAIR)
    version = settle(version + 1, table, ala)
    for edge in ALA_ROUTE[-2::-1]:
        tap_target(ala, ".target-sail", "edge", edge)
        version = settle(version + 1, table, ala)
    tap_target(ala, ".target-load", "corner", docks[0])
    version = settle(version + 1, table, ala)
    ala.locator('[data-testid^="ep-buy-"] button').first.click()
    version = settle(version + 1, table, ala)
    for edge in TO_FOUND:
        tap_target(ala, ".target-sail", "edge", edge)
        version = settle(version + 1, table, ala)
    assert hx_targets(ala, ".target-found", "corner") == [FOUND]
    tap_target(ala, ".target-found", "corner", FOUND)
    version = settle(version + 1, table, ala)
    expect(table.locator("#log")).to_contain_text("Ala founds a settlement from ship")
    expect(table.locator(".final")).to_be_visible()
    expect(table.locator(".final")).to_contain_text("Ala")
    expect(ala.locator(".final")).to_contain_text("Final score")
    assert vp(table, 0) == 6
