"""Create a table, join two phones, roll: every screen updates without a reload."""
import json
import re

import pytest
from playwright.sync_api import expect

from .harness import close_join_codes, SCREENSHOTS

pytestmark = pytest.mark.e2e
POLISH_CARD_TITLES = {
    "knight": "Rycerz",
    "victory_point": "Punkt zwycięstwa",
    "monopoly": "Monopol",
    "road_building": "Budowa drogi",
    "year_of_plenty": "Wynalazek",
}


def test_table_and_two_phones_play_live(server, browser):
    table_context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-GB")
    table = table_context.new_page()
    taps = _watch_taps(table)
    table.goto(server + "/")
    table.fill('input[name="name_0"]', "Ala")
    table.select_option('select[name="color_0"]', "red")
    table.fill('input[name="name_1"]', "Bartek")
    table.select_option('select[name="color_1"]', "blue")
    table.fill('input[name="name_2"]', "Celina")
    table.select_option('select[name="color_2"]', "white")
    table.click("button[type=submit].primary")
    expect(table).to_have_url(re.compile(r"/g/[A-Z0-9]+/table/$"))
    expect(table.locator(".qr svg")).to_have_count(3)
    close_join_codes(table)  # it plays on the table before every phone has joined

    # Each phone opens its seat's join link (what scanning the QR code does).
    join_links = table.eval_on_selector_all(".qr", "els => els.map(e => e.dataset.seat)")
    assert join_links == ["0", "1", "2"]
    code = table.url.split("/g/")[1].split("/")[0]
    paths = _join_paths(table)
    phones = []
    for seat in (0, 1):
        context = browser.new_context(viewport={"width": 390, "height": 844}, locale="pl-PL", is_mobile=True)
        phone = context.new_page()
        _watch_taps(phone, taps)
        phone.goto(server + paths[seat])
        expect(phone).to_have_url(re.compile(rf"/g/{code}/seat/$"))
        phones.append(phone)
    # The table sees the phones join (pushed, no reload): only Celina's QR is left.
    expect(table.locator(".qr svg")).to_have_count(1)

    for version in range(1, 7):  # snake order: 0 1 2 2 1 0
        table.get_by_role("button", name=re.compile("placed a settlement and a road")).click()
        expect(table.locator("#status")).to_have_attribute("data-version", str(version))
    expect(table.locator("#status")).to_contain_text("Ala")

    # Ala rolls on her phone with two taps: 4 and 4.
    ala = phones[0]
    ala.locator(".die-row.d1 label").nth(3).click()
    ala.locator(".die-row.d2 label").nth(3).click()
    for screen in (table, ala, phones[1]):
        expect(screen.locator("#dice .total")).to_have_text("8")
    expect(table.locator("#log")).to_contain_text("Ala rolled 8 (4 + 4).")
    expect(phones[1].locator("#log")).to_contain_text("Ala")
    # Bartek's phone is in Polish and waits for Ala.
    expect(phones[1].locator("html")).to_have_attribute("lang", "pl")

    # Ala buys a development card: only her phone shows which one.
    ala.get_by_role("button", name=re.compile("Karta rozwoju|Development card")).click()
    expect(ala.locator("#hand .devcard")).to_have_count(1)
    expect(table.locator("#scoreboard")).to_contain_text("24")
    assert phones[1].locator("#hand .devcard").count() == 0
    # Every tap so far went over the tapping screen's open websocket, none as an HTTP post.
    assert taps["posted"] == []
    assert [f["type"] for f in taps["sent"]] == ["place_setup"] * 6 + ["roll", "buy_dev"]
    assert [f["as"] for f in taps["sent"]] == ["table"] * 6 + ["seat", "seat"]

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    table.screenshot(path=str(SCREENSHOTS / "table.png"))
    ala.screenshot(path=str(SCREENSHOTS / "phone.png"), full_page=True)

    # One tap on the drawn card opens what it does, in the phone's language.
    card = ala.locator("#hand .devcard").first
    card_class = card.get_attribute("class").split()[1]
    with ala.context.expect_page() as opened:
        card.locator("a").click()
    rule = opened.value
    rule.wait_for_load_state()
    expect(rule.locator("html")).to_have_attribute("lang", "pl")
    first_title = rule.locator(".rb-context-title").first
    expect(first_title).to_contain_text(POLISH_CARD_TITLES[card_class])
    expect(rule.locator(".rb-context-entry[open] .rb-body").first).not_to_be_empty()
    rule.close()

    # The table screen searches the rules as you type, forgiving missing diacritics.
    with table.context.expect_page() as opened:
        table.get_by_role("link", name="Rules", exact=True).click()
    rules = opened.value
    rules.locator("#rb-q").press_sequentially("robber", delay=30)
    expect(rules.locator("#rb-results")).to_contain_text("Robber")
    rules.close()

    # Undo from the table brings back the state before the purchase, on every screen.
    table.get_by_role("button", name=re.compile("Undo")).click()
    expect(ala.locator("#hand .devcard")).to_have_count(0)

    # Ala's phone is lost: the table (its seats list pushed over the socket many times by
    # now) shows a fresh QR code for her seat, then revokes Bartek's phone. Every seat has
    # joined, so the join codes are hidden: the topbar's button shows them.
    expect(table.locator("#seats")).to_be_hidden()
    table.get_by_test_id("join-codes").click()
    table.locator('.seat-card:has-text("Ala")').get_by_role("button", name="New QR code").click()
    expect(table.locator('.qr[data-seat="0"] svg')).to_be_visible()
    table.locator('.seat-card:has-text("Bartek")').get_by_role("button", name="Revoke phone").click()
    expect(table.locator('.qr[data-seat="1"] svg')).to_be_visible()


def _watch_taps(page, taps=None) -> dict:
    """Record the page's taps: posts to the act URL, and commands sent over its websocket."""
    taps = taps if taps is not None else {"posted": [], "sent": []}

    def sent(payload):
        message = json.loads(payload) if isinstance(payload, str) and payload.startswith("{") else {}
        if "act" in message:
            taps["sent"].append(message["act"])

    page.on("request", lambda r: taps["posted"].append(r.url) if r.method == "POST" and r.url.endswith("/act/")
            else None)
    page.on("websocket", lambda socket: socket.on("framesent", sent))
    return taps


def _join_paths(table) -> dict:
    """The join URL inside each seat's QR code, read from the page the way a phone's camera would."""
    html = table.content()
    paths = re.findall(r'data-join="([^"]+)"', html)
    return {i: p for i, p in enumerate(paths)}
