"""The page's Content-Security-Policy allows styles and scripts from this site's files only
(catan_site/settings.py): a style= attribute, a <style> element, an inline <script> without
the response's nonce or an on...= handler in any template is blocked by the browser (a
console error on every push, and whatever it styled is lost: Traders & Barbarians' roads into
a target's centre had no colour). Every template under templates/ and every package's
templates/ is read for them; a Traders & Barbarians game in progress (wagons, barbarians, a
road into a target's centre) is rendered on the table and the phones, in English and Polish,
and nothing inline comes out; its colours are classes its own stylesheet gives, and the
pages link that stylesheet."""
import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from companion import services
from companion.board_svg import PLAYER_COLORS

ROOT = Path(__file__).resolve().parents[2]
COMMENTS = re.compile(r"\{#.*?#\}|\{%\s*comment\s*%\}.*?\{%\s*endcomment\s*%\}", re.S)
INLINE = {
    "a style= attribute": re.compile(r"\sstyle\s*=", re.I),
    "a <style> element": re.compile(r"<style[\s>]", re.I),
    # (a script with the response's nonce is allowed: script-src names it)
    "an inline <script> without the nonce": re.compile(r"<script(?![^>]*\s(?:src|nonce)\s*=)[^>]*>", re.I),
    "an on...= handler": re.compile(r"<[a-z][^>]*\son[a-z]+\s*=", re.I),
}
TB_CSS = "traders_barbarians/traders_barbarians.css"


def _templates() -> list[Path]:
    found = {*ROOT.glob("templates/**/*.html"), *ROOT.glob("companion/**/templates/**/*.html")}
    return sorted(found)


def _inline(html: str) -> list[str]:
    """What in `html` (comments left out) the policy would block, with the text around it."""
    html = COMMENTS.sub("", html)
    return [f"{what}: ...{html[max(0, m.start() - 60):m.end() + 60]}..."
            for what, pattern in INLINE.items() for m in pattern.finditer(html)]


def test_the_checks_catch_what_the_policy_blocks():
    assert _inline('<rect class="x" style="fill: var(--red)"/>')
    assert _inline('<line x1="0"\n  style="stroke: red"/>')
    assert _inline("<style>.a{}</style>") and _inline("<script>alert(1)</script>")
    assert _inline('<button onclick="go()">') and _inline("<svg onload=go()>")
    assert not _inline('<script src="/static/app.js" defer></script>')
    assert not _inline('<script nonce="{{ request.csp_nonce }}">go()</script>')
    assert not _inline('{# a comment may say style="..." #}<g class="token" fill="#fff" stroke="#222">')
    assert not _inline('<link rel="stylesheet" href="/static/app.css"><p>the stylesheet</p>')


def test_no_template_has_inline_styles_or_scripts():
    templates = _templates()
    assert len(templates) > 50  # the shell's and every layer's
    assert any("traders_barbarians" in path.parts for path in templates)
    found = {str(path.relative_to(ROOT)): hits for path in templates if (hits := _inline(path.read_text()))}
    assert found == {}


# ---------------------------------------------------------------- a game in progress, rendered


@pytest.fixture
def tb_game(client, fresh_cache):
    """Traders & Barbarians in progress (paper cards): the board entered, a settlement on a
    corner of the quarry's centre roads, setup done, rolled, and Ala's road into the quarry's centre."""
    from companion.layers.traders_barbarians_scenarios.traders_barbarians import rules as tb
    from tests.engine.test_traders_barbarians import QUARRY, tb_layout
    from tests.web.helpers import joined_phones
    from tests.web.scenario_web import setup_on_first_spots
    from tests.web.test_traders_barbarians_web import _game

    game = _game(client, play_mode="paper")
    phones = joined_phones(game)
    corner = tb.spokes(tb_layout(), QUARRY)[0]
    setup_on_first_spots(game, first_corner=corner)
    services.perform(game, {"seat": 0}, "build_road", {"edge": tb.spoke_id(corner, QUARRY)})
    return game, phones


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "pl"])
def test_a_traders_and_barbarians_game_renders_nothing_inline(client, tb_game, language):
    game, phones = tb_game
    pages = {"table": (client, reverse("table", args=[game.code]))}
    pages.update({f"seat {i}": (phone, reverse("seat", args=[game.code])) for i, phone in enumerate(phones)})
    for name, (browser, url) in pages.items():
        with translation.override(language):
            response = browser.get(url, HTTP_ACCEPT_LANGUAGE=language)
        html = response.content.decode()
        assert response.status_code == 200, name
        assert 'data-testid="tb-spoke-road"' in html and 'data-testid="tb-wagon-0"' in html, name
        assert _inline(html) == [], name
        # the colours are classes the layer's own stylesheet gives; the page links it
        assert 'class="tb-spoke-colour red"' in html and 'class="tb-wagon-body red"' in html, name
        assert TB_CSS in html, name


def test_the_stylesheet_colours_every_seat_colour():
    css = (ROOT / "companion/layers/traders_barbarians_scenarios/traders_barbarians/static" / TB_CSS).read_text()
    for color in PLAYER_COLORS:
        assert f".tb-spoke-colour.{color} {{ stroke:var(--{color}); }}" in css
        assert f".tb-wagon-body.{color} {{ fill:var(--{color}); }}" in css
