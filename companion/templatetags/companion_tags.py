import hashlib
import itertools
import os

from django import template

from ..links import rules_games, rules_href
from ..layers.base.messages import COLOR_NAMES, DEV_CARD_NAMES, RESOURCE_NAMES
from ..messages import CARD_NAMES

register = template.Library()


# Keys are a keyed hash of a counter: unique, unguessable, and a third of uuid4's cost
# (a board's tap targets need dozens per render).
_IDEM_KEY = os.urandom(32)
_idem_counter = itertools.count()


@register.simple_tag
def idem() -> str:
    """A fresh idempotency key for one rendered form: a double tap sends the same key."""
    return hashlib.blake2b(next(_idem_counter).to_bytes(8, "little"), key=_IDEM_KEY, digest_size=16).hexdigest()


@register.filter
def resource_name(code: str) -> str:
    return CARD_NAMES.get(code, code)  # resources, and Cities & Knights commodities


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
    view = context.get("view") or {}
    games = rules_games(view.get("config") or {})
    return rules_href(",".join(k for k in keys if k), games, bool(context.get("is_table")))

