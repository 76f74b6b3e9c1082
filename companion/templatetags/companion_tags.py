import hashlib
import itertools
import os
from urllib.parse import urlencode

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe

from .. import reads
from ..links import cached_reverse, rules_games, rules_href
from ..layers.base.messages import COLOR_NAMES, DEV_CARD_NAMES, RESOURCE_NAMES
from ..messages import CARD_NAMES, card_count

register = template.Library()


# Keys are a keyed hash of a counter: unique, unguessable, and a third of uuid4's cost
# (a board's tap targets need dozens per render).
_IDEM_KEY = os.urandom(32)
_idem_counter = itertools.count()


@register.simple_tag
def idem() -> str:
    """A fresh idempotency key for one rendered form: a double tap sends the same key.

    Empty in a pushed fragment (kept and shared between screens by companion/reads.py,
    so it must not carry a key of its own): the screen makes one at the first tap
    (static/app.js)."""
    if reads.recording():
        return ""
    return hashlib.blake2b(next(_idem_counter).to_bytes(8, "little"), key=_IDEM_KEY, digest_size=16).hexdigest()


@register.filter
def resource_name(code: str) -> str:
    return CARD_NAMES.get(code, code)  # resources, and Cities & Knights commodities


@register.filter
def cards_of(count, code: str) -> str:
    """{{ 3|cards_of:"coin" }} -> "3 coins": the number and the card's name in the form it takes."""
    return card_count(code, count)


@register.filter
def color_name(code: str) -> str:
    return COLOR_NAMES.get(code, code)


@register.filter
def dev_card_name(code: str) -> str:
    return DEV_CARD_NAMES.get(code, code)


@register.simple_tag
def resources():
    return list(RESOURCE_NAMES.items())


@register.simple_tag(takes_context=True)
def rules_url(context, *keys) -> str:
    """The rule entries for a situation, e.g. {% rules_url "phase:robber" "dev-card:knight" %}.

    The table screen gets the large-type variant; only the game's own rules are listed
    (links.rules_games: a Cities & Knights game's links open its C&K entries first).
    """
    # Looked up as the template's own variables are, so that companion/reads.py sees exactly what it read.
    return rules_href(",".join(k for k in keys if k), rules_games(_looked_up(_CONFIG, context) or {}),
                      bool(_looked_up(_IS_TABLE, context)))


@register.simple_tag(takes_context=True)
def rules_index_url(context) -> str:
    """The rulebook's front page. From a game's screens it names the game's rules
    (links.rules_games): a search made there ranks the entries of the game played first."""
    params = {}
    games = rules_games(_looked_up(_CONFIG, context) or {})
    if games:
        params["playing"] = games
    if _looked_up(_IS_TABLE, context):
        params["large"] = "1"
    index = cached_reverse("rulebook:index")
    return f"{index}?{urlencode(params)}" if params else index


def _looked_up(variable: template.Variable, context):
    try:
        return variable.resolve(context)
    except template.VariableDoesNotExist:
        return None


_CONFIG = template.Variable("view.config")
_IS_TABLE = template.Variable("is_table")



# Icons drawn by the app: emoji and symbol characters render as empty boxes on machines
# without an emoji font. 24×24 outlines in the text colour (currentColor); "fill" paths are
# solid shapes.
ICONS = {
    "ship": ('<path class="fill" d="M2 15h20l-3.5 5h-13z"/><path d="M12 2v12"/>'
             '<path class="fill" d="M13 3l7 10h-7z"/><path class="fill" d="M11 6l-5 7h5z"/>'),
    "gate": '<path class="fill" d="M3 21V8l3-3 3 3 3-3 3 3 3-3 3 3v13h-6v-5a3 3 0 0 0-6 0v5z"/>',
    "undo": '<path d="M9 14L4 9l5-5"/><path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11"/>',
    "redo": '<path d="M15 14l5-5-5-5"/><path d="M20 9H9.5a5.5 5.5 0 0 0 0 11H13"/>',
    "check": '<path d="M4 12.5l5 5L20 6.5"/>',
    "trophy": ('<path d="M7 4h10v5a5 5 0 0 1-10 0z"/><path d="M7 6H3.5v1.5A3.5 3.5 0 0 0 7 11"/>'
               '<path d="M17 6h3.5v1.5A3.5 3.5 0 0 1 17 11"/><path d="M12 14v4"/><path d="M8 21h8"/>'),
    "back": '<path d="M20 12H5"/><path d="M11 5l-7 7 7 7"/>',
    "zoom-in": '<circle cx="10.5" cy="10.5" r="6.5"/><path d="M15.5 15.5L21 21"/><path d="M10.5 7.5v6M7.5 10.5h6"/>',
    "zoom-out": '<circle cx="10.5" cy="10.5" r="6.5"/><path d="M15.5 15.5L21 21"/><path d="M7.5 10.5h6"/>',
    "qr": ('<path d="M3 3h7v7H3zM14 3h7v7h-7zM3 14h7v7H3z"/><path class="fill" d="M5.5 5.5h2v2h-2zM16.5 5.5h2v2h-2z'
           'M5.5 16.5h2v2h-2zM14 14h3v3h-3zM18 18h3v3h-3zM18 14h3v2h-3zM14 18h2v3h-2z"/>'),
    "close": '<path d="M5 5l14 14M19 5L5 19"/>',
}


@register.simple_tag
def icon(name: str, **attrs) -> str:
    """An inline SVG icon, e.g. {% icon "ship" %}; attrs (x, y, width, height) place it inside
    another SVG. Decorative: the text beside it (or the control's label) names it."""
    extra = "".join(f' {key}="{escape(value)}"' for key, value in attrs.items())
    return mark_safe(f'<svg class="icon icon-{escape(name)}" viewBox="0 0 24 24" aria-hidden="true" focusable="false"'
                     f'{extra}>{ICONS[name]}</svg>')


@register.filter
def any_with(items, key: str) -> bool:
    """Whether any of the dicts has a true `key`: {% if seats|any_with:"qr" %}."""
    return any(item.get(key) for item in items or ())
