"""Taps go over the screen's open websocket; a socket that has gone quiet does not swallow them.

The table's socket runs through Playwright's websocket route, which can stop passing the
page's messages on (a Wi-Fi hiccup that leaves the socket looking open): a tap sent then is
never acknowledged, and tapping again after the wait goes as an HTTP post with the same
idempotency key, so the action happens exactly once.
"""
import json
import re

import pytest
from playwright.sync_api import expect

from .harness import new_table

pytestmark = pytest.mark.e2e
PLAYERS = [("Ala", "red"), ("Bartek", "blue"), ("Celina", "white")]
ACK_PATIENCE_S = 8  # static/app.js ACK_PATIENCE_MS


def test_a_tap_the_socket_swallowed_goes_as_a_post_and_acts_once(server, browser):
    table = new_table(browser, server, PLAYERS)
    expect(table).to_have_url(re.compile(r"/g/[A-Z0-9]+/table/$"))
    link = {"quiet": False, "swallowed": []}

    def route(socket):
        upstream = socket.connect_to_server()

        def from_page(message):
            if link["quiet"]:
                link["swallowed"].append(message)
            else:
                upstream.send(message)

        socket.on_message(from_page)

    table.route_web_socket(re.compile(r"/ws/g/"), route)
    posted = []
    table.on("request", lambda r: posted.append(r.post_data or "") if r.method == "POST" and r.url.endswith("/act/")
             else None)
    table.reload()  # the socket now runs through the route
    status = table.locator("#status")
    expect(status).to_have_attribute("data-version", "0")
    # The page is drawn before its socket opens; a tap before then goes as a post by design.
    table.wait_for_function("() => window.tapSocket != null")
    place = table.get_by_role("button", name=re.compile("placed a settlement and a road"))

    place.click()  # the socket carries it
    expect(status).to_have_attribute("data-version", "1")
    assert posted == []

    link["quiet"] = True
    place.click()
    expect(table.locator("#status")).to_have_attribute("data-version", "1")
    assert len(link["swallowed"]) == 1
    key = json.loads(link["swallowed"][0])["act"]["idem"]
    place.click()  # too soon: the first is taken to be on its way
    table.wait_for_timeout(300)
    assert len(link["swallowed"]) == 1 and posted == []

    table.wait_for_timeout(ACK_PATIENCE_S * 1000 + 300)
    place.click()  # no answer came: this one is posted, with the same key
    expect(status).to_have_attribute("data-version", "2")
    assert len(posted) == 1 and f"idem={key}" in posted[0]
    expect(table.locator("#log")).to_contain_text("Bartek placed a settlement and a road")
    table.wait_for_timeout(300)
    expect(status).to_have_attribute("data-version", "2")  # once, not twice
    table.context.close()
