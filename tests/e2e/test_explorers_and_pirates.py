"""Explorers & Pirates, the box's last scenario (all three missions at once), in a real browser:
the game and the scenario picked on the home form (the beginner board, hands on phones, typed
dice, the target typed down to 5 over the scenario's 17), the three mission tracks, the
Council of Catan and 32 face-down hexes on the table. Played by taps and forms only: Ala's phone
(360 px, never scrolling sideways) puts her settler ashore, sails to a face-down hex and turns it
over as a fish field (its die face picked), a die typed on her phone draws a shoal onto it, she
catches it; Bartek's ship turns up a gold-river field with its pirate lair and Celina's a spice
field (its village's benefit picked), each on the finder's own phone; a round later Ala's ship
sails to a port of the Council of Catan and delivers the shoal: the fish track's marker moves
to field 1 and she holds its +1 card, her 5th point, the win on the table's final screen and
"Final score" on her phone."""
import pytest
from playwright.sync_api import expect

from companion.layers.explorers_pirates_scenarios.finale import rules as eap
from companion.layers.cores.explorers_pirates import board as sea

from .harness import SCREENSHOTS, hx_targets
from .sea_play import (REVEAL_FORM, end_turn, expect_tracks_at_start, face_down, press, reveal, reveal_spice, roll,
                       sea_game, settle, sideways, start_movement, steps_to, tap, vp)
from .test_two_players import status_version

pytestmark = pytest.mark.e2e

LAYOUT = eap.layout()
MISSIONS = ("pirate_lairs", "fish_for_catan", "spices_for_catan")
FACE = "4"  # the fish field's die face, and the die typed for the shoal


def toward(edges: list[str], goals: set[str]) -> str:
    """The path among `edges` with the fewest steps to one of `goals` (over the printed board's
    sea paths), the first in order among equals."""
    steps = steps_to(LAYOUT, goals)
    return min(edges, key=lambda e: (steps.get(e, 99), e))


# The sea paths where a ship points at a face-down hex, and those at a port of the council.
FACING = {e for e in sea.geometry(LAYOUT).edge_corners if sea.is_sea_path(LAYOUT, e) and sea.pointed_at(LAYOUT, e)}
AT_COUNCIL = {e for p in LAYOUT["council"]["ports"] for e in sea.sea_paths_at(LAYOUT, p)}


def sail(phone, table, version: int, goals: set[str], done) -> int:
    """The phone taps its ship, then the next path nearest `goals` until `done()` holds or the
    ship can go no further (a discovery ends its move)."""
    version = tap(phone, table, version, ".target-ship", "edge")
    for _ in range(8):
        if done() or phone.locator('[data-testid="ep-reveal-form"]').count():
            break
        paths = hx_targets(phone, ".target-sail", "edge")
        if not paths:
            break
        version = tap(phone, table, version, ".target-sail", "edge", toward(paths, goals))
    return version


def turn_over(phone, table, version: int, kind: str) -> tuple[int, str]:
    """The hex the phone's ship points at, entered on the finder's phone as `kind`: a fish
    field with its die face, a gold-river field, a spice field with its village's benefit."""
    form = phone.locator(REVEAL_FORM)
    expect(form).to_have_count(1)
    hex_ = form.locator('input[name="hex"]').get_attribute("value")
    if kind == "spice":
        reveal_spice(phone, "fast_travel", hex_)
    else:
        reveal(phone, kind, die=FACE if kind == "fish" else None)
    return settle(version + 1, table, phone), hex_


def explore(phone, table, version: int, kind: str, *others) -> tuple[int, str]:
    """A 5 rolled on the table; the phone's ship sails to the nearest face-down hex, which
    turns out `kind`, and the turn ends on the phone."""
    version = roll(table, version, phone)
    version = start_movement(phone, table, version)
    version = sail(phone, table, version, FACING, lambda: False)
    for other in others:  # the finder's phone alone turns it over
        expect(other.locator('[data-testid="ep-reveal-form"]')).to_have_count(0)
    version, hex_ = turn_over(phone, table, version, kind)
    end_turn(phone)
    return settle(version + 1, table, phone), hex_


def test_explorers_and_pirates_from_the_form_to_a_win_with_all_three_missions(server, browser):
    table, ala, bartek, celina = sea_game(browser, server, "finale", "hands",
                                          join_codes=True, fills={"target": 5})
    for layer in ("pl-layer", "ff-layer", "sp-layer", "eap-panel"):
        expect(table.locator(f'[data-testid="{layer}"]')).to_have_count(1)
    expect_tracks_at_start(table, MISSIONS)
    expect(table.locator('#board [data-testid="ep-face-down"]')).to_have_count(32)
    expect(table.locator('#board [data-testid="ep-council"]')).to_have_count(1)
    expect(table.locator('[data-testid="eap-panel"]')).to_contain_text("Three missions at once")
    expect(table.locator("#scoreboard")).to_contain_text("First to 5 VP in their own turn wins.")
    for phone in (ala, bartek, celina):
        expect(phone.locator('[data-testid="my-hand"]')).to_be_visible()
    assert [vp(table, seat) for seat in range(3)] == [3, 3, 3]
    assert sideways(ala) <= 0
    version = status_version(table)

    # Ala: a 5, her settler ashore into her harbour's dock (a shoal wants an empty hold), and
    # her ship sails until it points at a face-down hex: a fish field showing a 4.
    version = roll(table, version, ala)
    version = start_movement(ala, table, version)
    version = press(ala, table, version, "ep-unload-")
    version = sail(ala, table, version, FACING, lambda: False)
    form = ala.locator('[data-testid="ep-reveal-form"]')
    expect(form).to_be_visible()
    for choice in ("ep-terrain-fish", "ep-terrain-gold_river", "ep-die"):
        expect(form.locator(f'[data-testid="{choice}"]')).to_have_count(1)
    expect(ala.locator('[data-testid="sp-reveal-form"] [data-testid="sp-benefit-fast_travel"]')).to_be_visible()
    for phone in (bartek, celina):  # the finder's phone turns it over
        expect(phone.locator('[data-testid="ep-reveal-form"]')).to_have_count(0)
    assert sideways(ala) <= 0
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ala.screenshot(path=str(SCREENSHOTS / "explorers-pirates-phone-reveal.png"), full_page=True)
    version, fish = turn_over(ala, table, version, "fish")
    expect(table.locator(f'#board [data-testid="ff-field"][data-hex="{fish}"]')).to_have_attribute("data-face", FACE)
    expect(table.locator("#log")).to_contain_text(f"Ala finds a fish field showing a {FACE}.")

    # A 4 typed on her phone: a shoal on the fish field, on every screen; her ship catches it.
    ala.locator('[data-testid="ff-die"]').select_option(FACE)
    ala.locator('[data-testid="ff-draw"] button').click()
    version = settle(version + 1, table, ala, bartek, celina)
    for screen in (table, ala, bartek, celina):
        expect(screen.locator(f'#board [data-testid="ff-field"][data-hex="{fish}"] [data-testid="ff-shoal"]')
               ).to_have_count(1)
    assert hx_targets(ala, ".target-catch", "hex") == [fish]
    version = tap(ala, table, version, ".target-catch", "hex", fish)
    expect(table.locator('#board [data-testid="ff-shoal-aboard"]')).to_have_count(1)
    end_turn(ala)
    version = settle(version + 1, table, ala)

    # Bartek's ship finds a gold-river field with a pirate lair, Celina's a spice field (its
    # village's benefit picked), each on the finder's own phone.
    version, lair = explore(bartek, table, version, "gold_river", ala, celina)
    expect(table.locator(f'#board [data-testid="pl-lair"][data-hex="{lair}"]')).to_have_count(1)
    expect(table.locator(f'#board [data-testid="pl-river"][data-hex="{lair}"]')).to_have_count(1)
    expect(table.locator('[data-testid="pl-panel"]')).to_contain_text("1 pirate lair stands")
    expect(table.locator("#log")).to_contain_text("Bartek finds a pirate lair on a gold-river field")
    version, spice = explore(celina, table, version, "spice", ala, bartek)
    expect(table.locator(f'#board [data-testid="sp-village"][data-hex="{spice}"]')).to_have_count(1)
    expect(table.locator('#board [data-testid="sp-village-sack"]')).to_have_count(3)
    expect(table.locator('[data-testid="sp-panel"]')).to_contain_text("1 spice village found")
    expect(table.locator("#log")).to_contain_text("Celina discovers a spice field.")
    expect(table.locator('[data-testid="eap-panel"]')).to_contain_text(
        "fields turned over: 1/6 gold-river, 1/6 fish, 1/6 spice")
    assert {fish, lair, spice}.isdisjoint(face_down(table))
    table.screenshot(path=str(SCREENSHOTS / "explorers-pirates-table.png"))

    # Ala: her ship sails for the Council of Catan; at a port a tap delivers the shoal: the
    # fish track's field 1 and its +1 card, her 5th point, in her own turn.
    version = roll(table, version, ala)
    version = start_movement(ala, table, version)
    version = sail(ala, table, version, AT_COUNCIL, lambda: bool(hx_targets(ala, ".target-deliver", "edge")))
    deliver = hx_targets(ala, ".target-deliver", "edge")
    assert len(deliver) == 1
    version = tap(ala, table, version, ".target-deliver", "edge", deliver[0])
    expect(table.locator("#log")).to_contain_text("Ala's ship 1 delivers a fish shoal to the Council of Catan.")
    expect(table.locator('[data-testid="ep-track-field-fish_for_catan-1"] '
                         '[data-testid="ep-marker-fish_for_catan-0"]')).to_have_count(1)
    expect(table.locator('[data-testid="ep-track-card-fish_for_catan"]')).to_contain_text("Ala")
    expect(table.locator(".final")).to_be_visible()
    expect(table.locator(".final")).to_contain_text("Ala")
    expect(ala.locator(".final")).to_contain_text("Final score")
    assert vp(table, 0) == 5  # a harbour settlement (2), a settlement (1), field 1 (1), the track's card (1)
    assert sideways(ala) <= 0
    table.screenshot(path=str(SCREENSHOTS / "explorers-pirates-final.png"))
