"""Rule lookup pages: browse, search as you type (htmx), one entry, and the rules for
the current game situation ("context"), with a large-type variant for the table screen.

The text language follows Django's active language ("pl" or "en")."""
from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.html import escape
from django.utils.http import urlencode
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_safe

from companion.rulebook import search
from companion.rulebook.labels import game_label, topic_label

MAX_QUERY = 200
SEARCH_LIMIT = 30
CONTEXT_LIMIT = 12
_TRUE = {"1", "true", "yes", "on"}


def current_lang() -> str:
    return "pl" if (get_language() or "").lower().startswith("pl") else "en"


def _large(request: HttpRequest) -> bool:
    return request.GET.get("large", "").lower() in _TRUE or request.GET.get("table", "").lower() in _TRUE


def _games(request: HttpRequest) -> list[str]:
    """Games named by ?game=… (repeatable) or ?games=a,b; unknown names are ignored."""
    raw = request.GET.getlist("game") + request.GET.get("games", "").split(",")
    wanted = {g.strip() for g in raw if g.strip()}
    return [g for g in search.GAMES if g in wanted]


def _playing(request: HttpRequest) -> list[str]:
    """The games of the game being played (?playing=a,b, from a game's rules links): a
    search ranks their entries first and the pages' links carry it on."""
    wanted = {g.strip() for g in request.GET.get("playing", "").split(",") if g.strip()}
    return [g for g in search.GAMES if g in wanted]


def _partial(request: HttpRequest) -> bool:
    """An htmx request for a fragment (not a history restore, which needs the full page)."""
    return request.headers.get("HX-Request") == "true" and not request.headers.get("HX-History-Restore-Request")


def _link_query(large: bool, query: str = "", playing: list[str] | None = None) -> str:
    params = {}
    if query:
        params["q"] = query
    if playing:
        params["playing"] = ",".join(playing)
    if large:
        params["large"] = "1"
    return ("?" + urlencode(params)) if params else ""


def highlight(text: str, terms) -> SafeString:
    """`text`, HTML-escaped, with the words matching the query terms in <mark>."""
    spans = search.highlight_spans(text, terms) if terms else []
    if not spans:
        return escape(text)
    out, last = [], 0
    for start, end in spans:
        out.append(escape(text[last:start]))
        out.append(f"<mark>{escape(text[start:end])}</mark>")
        last = end
    out.append(escape(text[last:]))
    return mark_safe("".join(out))


def _blocks(entry: search.Entry, lang: str, terms=()) -> list[dict]:
    return [
        {
            "kind": b.kind,
            "text": highlight(b.text, terms) if b.kind == "p" else "",
            "items": [highlight(item, terms) for item in b.items],
        }
        for b in entry.blocks(lang)
    ]


def _card(entry: search.Entry, lang: str, large: bool, playing: list[str] | None = None) -> dict:
    return {
        "slug": entry.slug,
        "title": entry.title(lang),
        "game": entry.game,
        "game_label": game_label(entry.game),
        "topic": entry.topic,
        "topic_label": topic_label(entry.topic),
        "link_query": _link_query(large, playing=playing),
    }


def _finish(response: HttpResponse) -> HttpResponse:
    patch_vary_headers(response, ("HX-Request",))
    return response


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    lang = current_lang()
    large = _large(request)
    chosen = _games(request)
    playing = _playing(request)
    sections = []
    for game in chosen or search.GAMES:
        topics = []
        for topic in search.topics_for(game):
            topics.append(
                {
                    "topic": topic,
                    "label": topic_label(topic),
                    "entries": [_card(e, lang, large, playing) for e in search.by_topic(game, topic)],
                }
            )
        sections.append({"game": game, "label": game_label(game), "topics": topics})
    return _finish(
        render(
            request,
            "rulebook/index.html",
            {
                "sections": sections,
                "games": [(g, game_label(g)) for g in search.GAMES],
                "chosen_game": chosen[0] if len(chosen) == 1 else "",
                "large": large,
                "query": "",
                "link_query": _link_query(large, playing=playing),
                "playing": ",".join(playing),
            },
        )
    )


@require_safe
def search_view(request: HttpRequest) -> HttpResponse:
    lang = current_lang()
    large = _large(request)
    query = request.GET.get("q", "").strip()[:MAX_QUERY]
    chosen = _games(request)
    playing = _playing(request)
    too_short = bool(query) and not search.query_terms(query)
    hits = search.search_hits(query, lang, limit=SEARCH_LIMIT, games=chosen or None, playing=playing) if query else []
    results = []
    for hit in hits:
        card = _card(hit.entry, lang, large, playing)
        card["title_html"] = highlight(card["title"], hit.terms)
        card["snippet_html"] = highlight(search.snippet(hit.entry, lang, hit.terms), hit.terms)
        card["link_query"] = _link_query(large, query, playing)
        results.append(card)
    context = {
        "query": query,
        "too_short": too_short,
        "results": results,
        "games": [(g, game_label(g)) for g in search.GAMES],
        "chosen_game": chosen[0] if len(chosen) == 1 else "",
        "large": large,
        "link_query": _link_query(large, playing=playing),
        "playing": ",".join(playing),
    }
    template = "rulebook/_results.html" if _partial(request) else "rulebook/search.html"
    return _finish(render(request, template, context))


@require_safe
def entry_view(request: HttpRequest, slug: str) -> HttpResponse:
    entry = search.get(slug)
    if entry is None:
        raise Http404("No such rule entry.")
    lang = current_lang()
    large = _large(request)
    query = request.GET.get("q", "").strip()[:MAX_QUERY]
    terms = search.query_terms(query) if query else []
    playing = _playing(request)
    return _finish(
        render(
            request,
            "rulebook/entry.html",
            {
                "entry": _card(entry, lang, large, playing),
                "blocks": _blocks(entry, lang, terms),
                "related": [_card(r, lang, large, playing) for r in entry.related_entries()],
                "games": [(g, game_label(g)) for g in search.GAMES],
                "chosen_game": "",
                "large": large,
                "query": query,
                "link_query": _link_query(large, playing=playing),
                "playing": ",".join(playing),
            },
        )
    )


@require_safe
def context_view(request: HttpRequest) -> HttpResponse:
    """Rules for a game situation: ?keys=phase:robber,dev-card:knight[&games=…][&large=1]."""
    lang = current_lang()
    large = _large(request)
    keys = [k for raw in request.GET.getlist("keys") + request.GET.getlist("key") for k in raw.split(",") if k.strip()]
    chosen = _games(request)
    playing = _playing(request) or chosen  # a game's rules link names its games
    try:
        limit = max(1, min(50, int(request.GET.get("limit", CONTEXT_LIMIT))))
    except ValueError:
        limit = CONTEXT_LIMIT
    entries = search.for_context(keys, games=chosen or None, limit=limit)
    items = []
    for n, entry in enumerate(entries):
        card = _card(entry, lang, large)
        card["blocks"] = _blocks(entry, lang)
        card["open"] = n < 2
        items.append(card)
    context = {
        "keys": keys,
        "items": items,
        "large": large,
        "games": [(g, game_label(g)) for g in search.GAMES],
        "chosen_game": chosen[0] if len(chosen) == 1 else "",
        "query": "",
        "link_query": _link_query(large, playing=playing),
        "playing": ",".join(playing),
    }
    template = "rulebook/_context.html" if _partial(request) else "rulebook/context.html"
    return _finish(render(request, template, context))
