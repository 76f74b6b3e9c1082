"""URLs that every render needs, reversed once instead of on every push.

`reverse` walks the URL resolver (~50 µs) and a push used to reverse the same few paths
dozens of times (the act URL of every form, the rules link). Its result depends only on
the name, the arguments, the script prefix and the URLconf: all four are the key.
"""
from functools import lru_cache
from urllib.parse import urlencode

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse


@lru_cache(maxsize=4096)  # a few per game (act, export, the board editor, join paths)
def _reversed(prefix: str, urlconf: str, name: str, args: tuple) -> str:
    return reverse(name, urlconf=urlconf, args=args)


def cached_reverse(name: str, *args) -> str:
    """reverse(name, args=args), remembered."""
    return _reversed(get_script_prefix(), get_urlconf() or settings.ROOT_URLCONF, name, args)


@lru_cache(maxsize=1024)
def _rules_href(prefix: str, urlconf: str, keys: str, games: str | None, large: bool) -> str:
    params = {"keys": keys}
    if games is not None:
        params["games"] = games
    if large:
        params["large"] = "1"
    return f"{reverse('rulebook:context', urlconf=urlconf)}?{urlencode(params)}"


def rules_href(keys: str, games: str | None, large: bool) -> str:
    """The rulebook's page for these entries (companion_tags.rules_url), remembered."""
    return _rules_href(get_script_prefix(), get_urlconf() or settings.ROOT_URLCONF, keys, games, large)


def rules_games(config: dict) -> str | None:
    """The `games` of a game's rules links (the rulebook's games: companion/rulebook,
    entries/<game>/): its core's (its forms.py CORE "rulebook"), its dice source's (a layer's
    DICE_SOURCES "rulebook": the Events of Catan deck's rules are in the Traders & Barbarians
    box) and its scenario's box (SCENARIO "rulebook"); None (every game) for rules the rulebook
    does not know.

    In a Cities & Knights game the rulebook then lists C&K's own version of a rule first
    (the robber on the desert until the first attack, commodities and walls on a 7 …)."""
    from companion.web.forms import CORES, DICE_SOURCES, SCENARIOS

    games = (CORES.get(config.get("rules")) or {}).get("rulebook")
    if games is None:
        return None
    more = [(DICE_SOURCES.get(config.get("dice_source")) or {}).get("rulebook")]
    more.append((SCENARIOS.get(config.get("scenario") or "") or {}).get("rulebook"))
    return ",".join(dict.fromkeys([games, *(box for box in more if box)]))


def forget() -> None:
    _reversed.cache_clear()
    _rules_href.cache_clear()
