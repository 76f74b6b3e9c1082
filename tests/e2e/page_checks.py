"""Checks of a page in a real browser that every screen of every ruleset must pass (the layout
sweep: tests/e2e/test_layout_sweep*.py). Each checker returns what it found wrong, as a list of
readable lines (empty: nothing), so that a test can both require a clean page and show that the
checker finds a broken one (test_layout_sweep_checks.py plants each fault once):

- `sideways(page)`: the page scrolls sideways (document.documentElement.scrollWidth > innerWidth,
  or wider than the window laid out for the device);
- `owed_step_off_screen(page, owes)`: the step the phone owes (`[data-testid="owed-step"]`, the
  bar pinned at the bottom of the phone) not wholly inside the viewport as the page is now, or
  missing while the phone owes a step;
- `small_targets(page)`: a board target (`#board .target`) whose hit area, as the phone shows
  the board, holds no 44×44 CSS px square centred on the target: the points of such a square are
  hit-tested (document.elementFromPoint) with the target scrolled into view, so a drawing that
  is too small, or a neighbour's or the action bar's overlap, counts as a miss;
- `Watch(page).problems()`: console errors, uncaught page errors and Content Security Policy
  violations (the `securitypolicyviolation` event) since the page was opened;
- `accessibility(page)`: axe-core's serious and critical violations (axe-playwright-python).
"""
import json

MIN_TARGET = 44  # CSS px: a thumb's hit area, each way (WCAG 2.5.5)
SERIOUS = ("serious", "critical")  # axe-core's impacts that fail a page

# Collected from the first script of every document: a violation is reported as an event
# (and on the console), not to the test; the init script runs outside the page's CSP.
CSP_LISTENER = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.__cspViolations.push(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') +
                              (e.sourceFile ? ' at ' + e.sourceFile + ':' + e.lineNumber : ''));
});
"""


class Watch:
    """Console errors, page errors and CSP violations of a page from the moment it is watched
    (call before the page is opened: its first document's are caught too)."""

    def __init__(self, page):
        self.page = page
        self.errors: list[str] = []
        page.on("console", lambda message: message.type == "error" and self.errors.append(
            f"console error: {message.text}"))
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        page.add_init_script(CSP_LISTENER)

    def problems(self) -> list[str]:
        violations = self.page.evaluate("window.__cspViolations || []")
        return [*self.errors, *(f"CSP violation: {v}" for v in violations)]


def sideways(page) -> list[str]:
    """A phone's browser widens its layout to a page wider than the phone (innerWidth grows with
    it, then it zooms out): the page is measured against the window's width as laid out for the
    device (documentElement.clientWidth) as well."""
    width, inner, laid = page.evaluate(
        "[document.documentElement.scrollWidth, window.innerWidth, document.documentElement.clientWidth]")
    window = min(inner, laid)
    return [f"the page scrolls sideways: {width} px wide in a window of {window} px"] if width > window else []


def owed_step_off_screen(page, owes=()) -> list[str]:
    """The owed step's bar, where it is now (call on arrival, nothing scrolled): wholly on screen;
    there at all when the viewer owes the steps `owes` (their kinds, from the screen contracts)."""
    bar = page.locator('[data-testid="owed-step"]')
    if not bar.count():
        return [f"the viewer owes {list(owes)} but no owed step is pinned"] if owes else []
    box = bar.first.bounding_box()
    size = page.viewport_size
    if box is None:
        return ["the owed step is not shown"]
    if box["x"] < -0.5 or box["y"] < -0.5 or box["x"] + box["width"] > size["width"] + 0.5 \
            or box["y"] + box["height"] > size["height"] + 0.5:
        return [f"the owed step lies outside the {size['width']}×{size['height']} window: "
                f"x {box['x']:.0f}..{box['x'] + box['width']:.0f}, y {box['y']:.0f}..{box['y'] + box['height']:.0f}"]
    return []


# For each shown target: scrolled to the middle of the window (the board pans in its box), then
# the points of a square of `side` px around its centre hit-tested; a point that lands outside the
# target (on a neighbour, the bar, nothing) is a miss. The page's scroll is put back after.
_TARGET_HITS = """([selector, side]) => {
  const scrolled = [];
  for (let n = document.querySelector(selector); n; n = n.parentElement) scrolled.push([n, n.scrollLeft, n.scrollTop]);
  const page = [window.scrollX, window.scrollY];
  const half = side / 2 - 0.5, steps = [-half, -half / 2, 0, half / 2, half];
  const found = [];
  document.querySelectorAll(selector).forEach((t, i) => {
    if (!t.getClientRects().length) return;  // not shown
    t.scrollIntoView({block: 'center', inline: 'center'});
    const box = t.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    let missed = 0;
    for (const dx of steps) for (const dy of steps) {
      const hit = document.elementFromPoint(x + dx, y + dy);
      if (!hit || hit.closest('.target') !== t) missed += 1;
    }
    if (missed) found.push({i, label: t.getAttribute('aria-label') || t.getAttribute('class'), missed,
                            width: Math.round(box.width), height: Math.round(box.height)});
  });
  scrolled.forEach(([n, left, top]) => { n.scrollLeft = left; n.scrollTop = top; });
  window.scrollTo(page[0], page[1]);
  return found;
}"""


def small_targets(page, selector: str = "#board .target", side: int = MIN_TARGET) -> list[str]:
    if not page.locator(selector).count():
        return []
    found = page.evaluate(_TARGET_HITS, [selector, side])
    return [f"board target {t['i']} ({t['label']}, drawn {t['width']}×{t['height']} px): {t['missed']} of 25 points "
            f"of its {side}×{side} px square miss it" for t in found]


def accessibility(page, impacts=SERIOUS) -> list[str]:
    """axe-core's violations of these impacts on the page as it is now."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [f"axe {v['id']} ({v['impact']}): {v['help']}; at "
            + json.dumps([node["target"] for node in v["nodes"][:4]]) + (" …" if len(v["nodes"]) > 4 else "")
            for v in results.response["violations"] if v["impact"] in impacts]
