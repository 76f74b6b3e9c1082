"""Spices for Catan (Explorers & Pirates) in a real browser, from the new-game form (a lower
target: 5) to a scored win: both mission cards on the table with every marker on "S", 24 spice
sacks; Ala's phone (360 px, never scrolling sideways) builds a crew into her dock, swaps it
aboard for the settler, sails to a face-down hex and turns it over as a spice field (its
village's benefit picked on the form: fast travel), puts her merchant into the village by
tapping it (a sack comes aboard, her ships move 5 from then on), and in her next turn sails to
the Council of Catan and delivers the sack by tapping her ship: field 1 of the mission card
and its +1 card, 5 points, the win."""

import pytest
from playwright.sync_api import expect

from companion.layers.cores.explorers_pirates import board as sea
from companion.layers.explorers_pirates_scenarios.spices_for_catan import rules as sp

from .harness import SCREENSHOTS, hx_targets
from .sea_play import (end_own_turn, expect_tracks_at_start, nearest, pass_turns, press, reveal_spice, revealing, roll,
                       sail_to_face_down, sail_until, sea_game, sea_reveals, settle, sideways, start_movement, tap, vp)
from .test_two_players import status_version

pytestmark = pytest.mark.e2e

LAYOUT = sp.layout()
PORTS = set(LAYOUT["council"]["ports"])
# the sea hexes beside the council's ports (the ships' way in)
NEAR_PORTS = sorted({p for c in PORTS for p in sea.corner_positions(c)} - {LAYOUT["council"]["hex"]})


def toward_council(sail: list[str]) -> str:
    """A path with an end on a council port if one is offered, else the nearest to the ports."""
    at_port = [e for e in sail if set(sea.edge_corners(LAYOUT, e)) & PORTS]
    return at_port[0] if at_port else nearest(sail, NEAR_PORTS)


def test_spices_for_catan_from_the_form_to_a_win_by_a_delivered_sack(server, browser):
    table, ala, bartek, celina = sea_game(browser, server, "spices_for_catan", "paper",
                                          join_codes=True, fills={"target": 5})
    expect(table.locator('[data-testid="sp-layer"]')).to_have_count(1)
    expect(table.locator('[data-testid="sp-panel"]')).to_contain_text("24 of 24 spice sacks in the supply")
    expect_tracks_at_start(table, ("fish_for_catan", "spices_for_catan"))
    expect(table.locator('#board [data-testid="ep-face-down"]')).to_have_count(26)
    assert [vp(table, seat) for seat in range(3)] == [3, 3, 3]
    version = status_version(table)

    # Ala's turn: a crew into her dock (paper cards: paid on the table), swapped aboard for the settler.
    version = roll(table, version, ala)
    version = tap(ala, table, version, ".target-crew-dock", "corner")
    version = start_movement(ala, table, version)
    version = press(ala, table, version, "ep-swap-")
    expect(ala.locator('[data-testid="ep-crew-ships"]')).to_contain_text("1 crew aboard")

    # ... then sails east until her ship points at a face-down hex: a spice field, fast travel.
    version = sail_to_face_down(ala, table, version, 12,
                                until=lambda: bool(ala.locator('[data-testid="sp-reveal-form"]').count()))
    form = ala.locator('[data-testid="sp-reveal-form"]').first
    expect(form).to_be_visible()
    assert sideways(ala) <= 0
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ala.screenshot(path=str(SCREENSHOTS / "spices-phone-reveal.png"), full_page=True)
    for phone in (bartek, celina):
        expect(phone.locator('[data-testid="sp-reveal-form"]')).to_have_count(0)
    reveal_spice(ala, "fast_travel")
    version = settle(version + 1, table, ala)
    sea_reveals(ala)
    version = settle(status_version(ala), table, ala)
    expect(table.locator('#board [data-testid="sp-village"]')).to_have_count(1)
    expect(table.locator('#board [data-testid="sp-village-sack"]')).to_have_count(3)
    expect(table.locator("#log")).to_contain_text("Ala discovers a spice field.")
    expect(table.locator("#log")).to_contain_text("Its village offers “Fast travel”; 3 spice sacks go into it.")

    # Her merchant into the village: a tap on it; a sack comes aboard.
    villages = hx_targets(ala, ".target-village", "hex")
    assert len(villages) == 1
    version = tap(ala, table, version, ".target-village", "hex", villages[0])
    expect(table.locator('#board [data-testid="sp-merchant"]')).to_have_count(1)
    expect(table.locator('#board [data-testid="sp-ship-sack"]')).to_have_count(1)
    expect(table.locator('[data-testid="sp-benefits-0"]')).to_contain_text("Fast travel")
    expect(ala.locator('[data-testid="sp-mine"]')).to_contain_text("Your ships move 5 points a turn.")
    expect(table.locator("#log")).to_contain_text(
        "Ala puts a merchant into the spice village (“Fast travel”) and loads a spice sack.")
    assert sideways(ala) <= 0
    table.screenshot(path=str(SCREENSHOTS / "spices-table.png"))
    version = end_own_turn(ala, table, version)

    # Until the sack is delivered: Bartek and Celina pass; Ala sails for the council.
    for _turn in range(4):
        version = pass_turns(table, version, 2, ala)
        version = roll(table, version, ala)
        version = start_movement(ala, table, version)
        if _turn == 0:
            expect(ala.locator('[data-testid="ep-ships"]')).to_contain_text("5 movement points left")
        for _ in range(14):
            if table.locator(".final").count():
                break
            if revealing(ala):
                sea_reveals(ala)
                version = settle(status_version(ala), table, ala)
            elif hx_targets(ala, ".target-deliver-sacks", "edge"):
                version = tap(ala, table, version, ".target-deliver-sacks", "edge")
            else:  # a path towards the council, else her ship, else 2 more points for a wool
                tapped = sail_until(ala, table, version, toward_council, lambda: False, 1)
                if tapped == version:
                    break
                version = tapped
        if table.locator(".final").count():
            break
        version = end_own_turn(ala, table, version)
    expect(table.locator(".final")).to_be_visible()
    expect(table.locator(".final")).to_contain_text("Ala")
    expect(table.locator("#log")).to_contain_text("Ala delivers 1 spice sack to the Council of Catan.")
    expect(table.locator('[data-testid="ep-track-field-spices_for_catan-1"] '
                         '[data-testid="ep-marker-spices_for_catan-0"]')).to_have_count(1)
    assert vp(table, 0) == 5  # a harbour settlement (2), a settlement (1), field 1 (1), the mission's card (1)
    table.screenshot(path=str(SCREENSHOTS / "spices-final.png"))
