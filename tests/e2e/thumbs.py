"""A game's table screen and phones opened in the browser on a game brought to a moment (see
harness.made_games), watched for console errors, and what the eye needs measured on them.

Imported by the browser tests only (it needs Playwright); harness.py is imported by every test.
"""
from playwright.sync_api import expect

MIN_NUMBER_PX = 14  # a number token's text, readable at arm's length

# A page counts as settled once its socket's resync (a push of every part on connecting) has
# been swapped in: a mark in the DOM, waited for with a locator.
RESYNCED = ("document.addEventListener('htmx:wsAfterMessage', () => "
            "{ document.documentElement.dataset.resynced = 'yes'; });")


def listen(page, problems: list, name: str) -> None:
    """Every console error (a blocked inline style is one) and every uncaught page error."""
    page.on("console", lambda m: problems.append(f"{name}: {m.type}: {m.text}")
            if m.type == "error" or "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda e: problems.append(f"{name}: pageerror: {e}"))


def _page(browser, size, phone: bool, name: str, problems: list | None, pages: list | None):
    page = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale="en-GB",
                               is_mobile=phone).new_page()
    page.add_init_script(RESYNCED)
    if problems is not None:
        listen(page, problems, name)
    if pages is not None:
        pages.append(page)
    return page


def open_table(browser, url: str, game: dict, size=(1366, 768), problems: list | None = None,
               pages: list | None = None):
    """The table screen (one a game: opening another ends it), once its socket's resync is in;
    its errors go to `problems`, the page to `pages` (for the test to close) where given."""
    table = _page(browser, size, False, "table", problems, pages)
    table.goto(f"{url}/g/{game['code']}/table/?key={game['key']}")
    expect(table.locator("html[data-resynced]")).to_have_count(1)
    return table


def open_phone(browser, url: str, game: dict, seat: int, size=(390, 844), problems: list | None = None,
               pages: list | None = None):
    """A seat's phone, opened with its join link (which works once: one page a seat)."""
    phone = _page(browser, size, True, f"seat {seat}", problems, pages)
    phone.goto(f"{url}/g/{game['code']}/join/{game['tokens'][seat]}/")
    expect(phone.locator("html[data-resynced]")).to_have_count(1)
    return phone


def number_heights(page) -> list[float]:
    """How tall each number token's text on the board is drawn, in CSS px."""
    return page.locator("#board .hexes .token text").evaluate_all("ts => ts.map(t => t.getBoundingClientRect().height)")


def numbers_readable(page, where: str) -> list[float]:
    """The board's numbers, each at least MIN_NUMBER_PX tall; their heights."""
    heights = number_heights(page)
    assert heights and min(heights) >= MIN_NUMBER_PX, f"{where}: numbers {min(heights, default=0):.1f} px tall"
    return heights
