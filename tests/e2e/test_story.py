"""The story of a finished game in a real browser: over the table screen at 1366×768, folded
into a button by its title, and on a phone of 390 px without sideways scrolling."""
import pytest
from playwright.sync_api import expect

from .harness import close_join_codes, join_phones

pytestmark = pytest.mark.e2e

PLAYERS = [("Ala", "red"), ("Bartek", "blue"), ("Celina", "orange")]


def _post(page, server: str, code: str, **fields) -> None:
    """A table command, as the screen's forms post it (with the page's CSRF cookie)."""
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    response = page.request.post(f"{server}/g/{code}/act/", form={"as": "table", **fields},
                                 headers={"X-CSRFToken": token, "Referer": page.url})
    assert response.ok, response.text()[:300]


def test_the_story_shows_when_the_game_ends(server, browser):
    table = browser.new_context(viewport={"width": 1366, "height": 768}, locale="en-GB").new_page()
    table.goto(server + "/")
    for i, (name, color) in enumerate(PLAYERS):
        table.fill(f'input[name="name_{i}"]', name)
        table.select_option(f'select[name="color_{i}"]', color)
    table.select_option('select[name="dice_source"]', "typed")
    table.select_option('select[name="board"]', "none")
    table.select_option('select[name="play_mode"]', "paper")
    table.fill('input[name="target"]', "3")
    table.click("button[type=submit].primary")
    close_join_codes(table)
    code = table.url.rstrip("/").split("/")[-2]
    phone = join_phones(browser, server, table, 1)[0]
    for i in range(6):
        _post(table, server, code, type="place_setup", idem=f"s{i}")
    _post(table, server, code, type="roll", die1="3", die2="3", idem="r1")
    for i in range(3):
        _post(table, server, code, type="build_road", idem=f"b{i}")
    _post(table, server, code, type="set_longest_road", holder="0", idem="lr")  # 4 points
    table.reload()
    story = table.locator("#story")
    expect(story).to_be_visible()
    expect(story.locator("figcaption", has_text="Victory points over the turns")).to_be_visible()
    assert table.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") == 0
    box = story.bounding_box()
    assert box["width"] > 1000 and box["y"] < 100  # over the table screen
    story.locator("summary").click()  # folded: the board and the scores show again
    assert story.bounding_box()["height"] < 120
    phone.reload()
    expect(phone.locator("#story")).to_be_visible()
    expect(phone.locator("#story [data-testid=story-mine]")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") == 0
