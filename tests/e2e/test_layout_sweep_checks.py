"""Each check of the layout sweep (tests/e2e/page_checks.py) fails once on purpose: fed a page
broken in its one way, it reports it; fed the same page mended, it reports nothing. The pages
are served to the browser by the test itself (a route of its own, with the headers it says: a
Content Security Policy like the site's), so nothing else runs."""
import pytest

from . import page_checks

pytestmark = pytest.mark.e2e

URL = "http://sweep.test/"
PHONE = (360, 740)
STRICT = "default-src 'self'; script-src 'self'; style-src 'self'"  # the site's kind of policy


def page_with(browser, body: str, csp: str | None = None, size=PHONE):
    """A page holding `body`, watched from its first document; (page, watch)."""
    page = browser.new_context(viewport={"width": size[0], "height": size[1]}, is_mobile=True).new_page()
    watch = page_checks.Watch(page)
    headers = {"Content-Type": "text/html; charset=utf-8", **({"Content-Security-Policy": csp} if csp else {})}
    html = ("<!doctype html><html lang='en'><head><meta charset='utf-8'><title>A planted page</title>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'></head>"
            f"<body><main>{body}</main></body></html>")
    page.route(URL, lambda route: route.fulfill(status=200, headers=headers, body=html))
    page.goto(URL)
    return page, watch


@pytest.fixture
def pages(browser):
    """Pages made in a test, closed after it."""
    made = []

    def make(body: str, **kwargs):
        page, watch = page_with(browser, body, **kwargs)
        made.append(page)
        return page, watch

    yield make
    for page in made:
        page.context.close()


def test_the_sideways_check_finds_a_page_wider_than_the_phone(pages):
    wide, _ = pages('<div style="width: 600px; height: 10px"></div>')
    # 608: the body's margin of 8 px besides
    assert page_checks.sideways(wide) == ["the page scrolls sideways: 608 px wide in a window of 360 px"]
    fits, _ = pages('<div style="width: 100%; height: 10px"></div>')
    assert page_checks.sideways(fits) == []


def test_the_owed_step_check_finds_a_step_below_the_fold_or_missing(pages):
    below, _ = pages('<div style="height: 1500px"></div><div data-testid="owed-step"><button>Give back</button></div>')
    found = page_checks.owed_step_off_screen(below, ["discard"])
    assert len(found) == 1 and found[0].startswith("the owed step lies outside the 360×740 window")
    pinned, _ = pages('<div style="height: 1500px"></div>'
                      '<div data-testid="owed-step" style="position: fixed; left: 0; right: 0; bottom: 0">'
                      '<button>Give back</button></div>')
    assert page_checks.owed_step_off_screen(pinned, ["discard"]) == []
    missing, _ = pages("<p>Nothing pinned</p>")
    assert page_checks.owed_step_off_screen(missing, ["discard"]) == [
        "the viewer owes ['discard'] but no owed step is pinned"]
    assert page_checks.owed_step_off_screen(missing, []) == []


BOARD = ('<div id="board"><svg width="340" height="300" viewBox="0 0 340 300">{}</svg></div>')


def target(x: int, y: int, side: int, label: str) -> str:
    return (f'<g class="target" role="button" aria-label="{label}">'
            f'<rect x="{x - side / 2}" y="{y - side / 2}" width="{side}" height="{side}" fill="#c90"/></g>')


def test_the_target_check_finds_a_target_smaller_than_a_thumb(pages):
    tiny, _ = pages(BOARD.format(target(100, 100, 20, "tiny") + target(250, 200, 46, "big")))
    found = page_checks.small_targets(tiny)
    assert len(found) == 1 and found[0].startswith("board target 0 (tiny, drawn 20×20 px)"), found
    roomy, _ = pages(BOARD.format(target(100, 100, 46, "big") + target(250, 200, 46, "big too")))
    assert page_checks.small_targets(roomy) == []


def test_the_target_check_finds_a_target_its_neighbour_covers(pages):
    """Big enough, but the next one is drawn over half of its square: a tap there goes astray."""
    covered, _ = pages(BOARD.format(target(100, 100, 46, "under") + target(120, 100, 46, "over")))
    found = page_checks.small_targets(covered)
    assert len(found) == 1 and found[0].startswith("board target 0 (under"), found


def test_the_action_check_finds_a_board_target_beyond_the_phones_width_or_not_drawn(pages):
    """The sweep's check of a tap on the board (check_action_of_the_moment): each target, panned
    into view in the board's own box, lies within the phone's width."""
    from .test_layout_sweep import check_action_of_the_moment

    wide = '<svg width="900" height="80">{}</svg>'.format(target(825, 40, 46, "far"))
    clipped, _ = pages(f'<div style="overflow-x: clip"><div id="board">{wide}</div></div>')
    with pytest.raises(AssertionError, match="a board target needs a sideways pan"):
        check_action_of_the_moment(clipped, "planted")
    panned, _ = pages(f'<div id="board" style="overflow: auto">{wide}</div>')
    check_action_of_the_moment(panned, "planted")  # the board's box pans to it: nothing found
    hidden, _ = pages(BOARD.format(target(100, 100, 46, "shown") + target(250, 200, 46, "hidden")
                                   .replace('class="target"', 'class="target" style="display: none"')))
    with pytest.raises(AssertionError, match="a board target is not drawn"):
        check_action_of_the_moment(hidden, "planted")


def test_the_watch_finds_console_errors_and_uncaught_errors(pages):
    _page, watch = pages("<script>console.error('a planted error')</script>"
                         "<script>throw new Error('a planted throw')</script>")
    problems = watch.problems()
    assert "console error: a planted error" in problems
    assert any(p.startswith("page error: ") and "a planted throw" in p for p in problems), problems
    _page, quiet = pages("<script>console.log('all is well')</script>")
    assert quiet.problems() == []


def test_the_watch_finds_a_content_security_policy_violation(pages):
    _page, watch = pages('<div style="color: red">An inline style</div>', csp=STRICT)
    violations = [p for p in watch.problems() if p.startswith("CSP violation: ")]
    assert violations and "style-src" in violations[0], watch.problems()
    _page, kept = pages("<div>No inline style</div>", csp=STRICT)
    assert kept.problems() == []


def test_the_accessibility_audit_finds_serious_violations(pages):
    pixel = "data:image/gif;base64,R0lGODlhAQABAAAAACw="
    broken, _ = pages(f'<h1>A page</h1><img src="{pixel}"><button></button>')
    found = page_checks.accessibility(broken)
    assert any(line.startswith("axe image-alt (critical)") for line in found), found
    assert any(line.startswith("axe button-name (critical)") for line in found), found
    mended, _ = pages(f'<h1>A page</h1><img src="{pixel}" alt="A dot"><button>Roll</button>')
    assert page_checks.accessibility(mended) == []
