"""Thin HTTP views: pages, and commands posted by HTMX forms. Pushes go over websockets."""
import functools
import json
import logging

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language, gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from hardware.ports import DeviceError, with_baudrate

from companion import dice_reader, engine, services

from companion.web import rendering
from companion.engine import IllegalAction
from companion.web.forms import NewGameForm, ReaderForm, action_args
from companion.machinery import board as board_model
from companion.messages import HARBOUR_NAMES, TERRAIN_NAMES, balance_reasons, refusal
from companion.models import Game
from companion.web import contracts
from companion.web.screen_context import qr_svg, reader_devices, screen_context

HOSTED = services.HOSTED  # the session's hosted games (services.seats keeps them)
log = logging.getLogger(__name__)


def _session_key(request: HttpRequest) -> str:
    if not request.session.session_key:
        request.session.save()
    return request.session.session_key


def _is_host(request: HttpRequest, game: Game) -> bool:
    return services.table_role(request.session, game) == services.IS_TABLE


def _not_the_table(request: HttpRequest, game: Game, words: str) -> HttpResponse:
    """403 with `words`, or why this browser stopped being the table (its key was replaced)."""
    if services.table_role(request.session, game) == services.TABLE_ENDED:
        words = _("This screen is no longer the table: the table key was replaced on another screen.")
    return HttpResponseForbidden(words)


def _game(code: str) -> Game:
    return get_object_or_404(Game, code=str(code).upper())


def _for_the_table(view):
    """A view only the table screen (the game's host) may use: it gets the game, not its code."""
    @functools.wraps(view)
    def checked(request: HttpRequest, code: str, **kwargs) -> HttpResponse:
        game = _game(code)
        if not _is_host(request, game):
            return _not_the_table(request, game, _("Only the table screen may do this."))
        return view(request, game, **kwargs)
    return checked


def _unknown_game(request: HttpRequest, code: str) -> HttpResponse:
    """The app's own page for a game code that names no game: what happened, where to go."""
    return render(request, "not_found.html", {"code": str(code).upper()[:12]}, status=404)


def not_found(request: HttpRequest, exception=None) -> HttpResponse:
    """Any address that leads nowhere (handler404): a page of the app, not the bare default."""
    code = (request.resolver_match.kwargs.get("code") if request.resolver_match else None)
    if code and not Game.objects.filter(code=str(code).upper()).exists():
        return _unknown_game(request, code)
    return render(request, "not_found.html", {}, status=404)


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    hosted = Game.objects.filter(code__in=request.session.get(HOSTED, []))[:20]
    return render(request, "home.html", {"form": NewGameForm(), "hosted": hosted})


@require_POST
def new_game(request: HttpRequest) -> HttpResponse:
    form = NewGameForm(request.POST)
    if form.is_valid():
        try:
            game = services.create_game(form.game_config())
        except IllegalAction as error:
            form.add_error(None, refusal(error))
        else:
            services.host_table(request.session, game)
            return redirect("table", code=game.code)
    hosted = Game.objects.filter(code__in=request.session.get(HOSTED, []))[:20]
    return render(request, "home.html", {"form": form, "hosted": hosted}, status=422)


@never_cache
@require_GET
def table(request: HttpRequest, code: str) -> HttpResponse:
    game = Game.objects.filter(code=str(code).upper()).first()
    if game is None:
        return _unknown_game(request, code)
    if "key" in request.GET:
        # The table screen URL printed by `newgame` (or shown by a rotation) makes this
        # browser the host, once: the key is exchanged for this session and replaced, so the
        # URL an access log or a browser history kept opens nothing. Then a clean URL.
        if services.use_host_key(game, request.GET["key"]) and not _is_host(request, game):
            services.host_table(request.session, game)
        return redirect("table", code=game.code)
    role = services.table_role(request.session, game)
    if role != services.IS_TABLE:
        return render(request, "not_allowed.html", {"game": game, "table_ended": role == services.TABLE_ENDED},
                      status=403)
    context = screen_context(game, engine.TABLE, _base_url(request))
    context["reader_devices"] = reader_devices()
    context["reader_form"] = ReaderForm()
    context["balance"] = balance_reasons(game.config.get("board_balance"))
    return render(request, "table.html", context)


@never_cache
@require_POST
@_for_the_table
def table_key(request: HttpRequest, game: Game) -> HttpResponse:
    """The host replaces the table key and gets a link that opens the table once on
    another screen (the key shown before is dead)."""
    # Every other table screen stops being one; this browser stays the table.
    key = services.rotate_host_key(game, request.session)
    link = f"{_base_url(request)}{reverse('table', args=[game.code])}?key={key}"
    return render(request, "table_key.html", {"game": game, "link": link, "qr": qr_svg(link)})


def _base_url(request: HttpRequest) -> str:
    return f"{request.scheme}://{request.get_host()}"


@never_cache
@require_GET
def join(request: HttpRequest, code: str, token: str) -> HttpResponse:
    misses_key = f"join-misses:{_client_address(request)}"
    if cache.get(misses_key, 0) >= settings.JOIN_FAILURES_ALLOWED:
        return render(request, "join_invalid.html", {"too_many": True}, status=429)
    game = Game.objects.filter(code=str(code).upper()).first()
    seat = services.bind_seat(game, token, _session_key(request)) if game else None
    if seat is None:
        # Wrong game codes count too: guessing either is what the limit is for.
        _count_miss(misses_key)
        if game is None:
            return _unknown_game(request, code)
        return render(request, "join_invalid.html", {"game": game}, status=404)
    return redirect("seat", code=game.code)


def _count_miss(key: str) -> None:
    if cache.add(key, 1, settings.JOIN_FAILURE_WINDOW):
        return
    try:
        cache.incr(key)
    except ValueError:  # the window ran out between the two calls
        cache.set(key, 1, settings.JOIN_FAILURE_WINDOW)


def _client_address(request: HttpRequest) -> str:
    peer = request.META.get("REMOTE_ADDR", "")
    if settings.BEHIND_PROXY and peer in settings.TRUSTED_PROXIES and request.headers.get("X-Real-IP"):
        return request.headers["X-Real-IP"][:64]
    return request.META.get("REMOTE_ADDR", "")


@never_cache
@require_GET
def seat(request: HttpRequest, code: str) -> HttpResponse:
    game = Game.objects.filter(code=str(code).upper()).first()
    if game is None:
        return _unknown_game(request, code)
    bound = services.seat_of_session(game, request.session.session_key)
    if bound is None:
        return render(request, "not_allowed.html", {"game": game, "seat_page": True}, status=403)
    return render(request, "seat.html", screen_context(game, bound.index, _base_url(request)))


def _viewer_for(request: HttpRequest, game: Game, wanted: str):
    """The viewer a posted form acts as; None when this browser may not."""
    if wanted == "table":
        return engine.TABLE if _is_host(request, game) else None
    bound = services.seat_of_session(game, request.session.session_key)
    return bound.index if bound else None


@never_cache
@require_POST
def act(request: HttpRequest, code: str) -> HttpResponse:
    game = _game(code)
    viewer = _viewer_for(request, game, request.POST.get("as", "seat"))
    if viewer is None:
        words = _("This browser is not part of this game.")
        if request.POST.get("as") == "table":
            return _not_the_table(request, game, words)
        return HttpResponseForbidden(words)
    actor = services.TABLE if viewer == engine.TABLE else {"seat": viewer}
    kind = request.POST.get("type", "")
    idem = request.POST.get("idem")
    error = notice = None
    try:
        outcome = services.command(game, actor, kind, action_args(request.POST), idem)
        if outcome.duplicate:
            # A double tap, or a retry after the answer got lost: it already acted once.
            log.info("game %s: repeated request %s ignored", game.code, idem)
            notice = _("Already recorded.")
    except IllegalAction as refused:
        error = refusal(refused)
    if error is None and notice is None:
        # The poster's own screen, from the renders its socket's push shares.
        return HttpResponse(rendering.reply(outcome.game, viewer, get_language(), _base_url(request)))
    game.refresh_from_db()
    html = render_fragments(game, viewer, _base_url(request), request=request, error=error, notice=notice)
    return HttpResponse(html, status=422 if error else 200)


def render_fragments(game: Game, viewer, base_url: str, request=None, error: str | None = None,
                     notice: str | None = None) -> str:
    """The pushed fragments for one viewer: every element replaces its twin by id."""
    context = screen_context(game, viewer, base_url)
    context["error"] = error
    context["notice"] = notice
    template = "partials/table_fragments.html" if viewer == engine.TABLE else "partials/seat_fragments.html"
    return render_to_string(template, context, request=request)


@never_cache
@require_POST
@_for_the_table
def seat_admin(request: HttpRequest, game: Game, index: int, op: str) -> HttpResponse:
    """The host shows a fresh QR for a seat (rejoin) or frees it (revoke)."""
    get_object_or_404(game.seats, index=index)
    if op == "rejoin":
        services.new_join_token(game, index)
    else:
        services.revoke_seat(game, index)
    return redirect(f"{reverse('table', args=[game.code])}#seats")


@never_cache
@require_GET
def export(request: HttpRequest, code: str) -> HttpResponse:
    game = _game(code)
    bound = services.seat_of_session(game, request.session.session_key)
    if bound is not None and not _is_host(request, game):
        # A phone downloads the log as its player sees it, at any time.
        return _json_download(services.export_seat_log(game, bound.index), f"catan-{game.code}-{bound.name}.json")
    # The log holds every drawn card: it is only handed out once nothing is secret.
    if not _is_host(request, game) or game.phase != "finished":
        return HttpResponseForbidden(_("The game log can be downloaded by the table screen once the game is over."))
    return _json_download(services.export_records(game), f"catan-{game.code}.json")


def _json_download(data: dict, filename: str) -> HttpResponse:
    response = HttpResponse(json.dumps(data, indent=1, ensure_ascii=False), content_type="application/json")
    safe = "".join(c for c in filename if c.isalnum() or c in "-_.") or "catan.json"
    response["Content-Disposition"] = f'attachment; filename="{safe}"'
    return response


@never_cache
@require_POST
@_for_the_table
def reader_setup(request: HttpRequest, game: Game) -> HttpResponse:
    """The host points the table at a dice reader (a listed device or a URL), or stops it."""
    device = "" if "stop" in request.POST else (request.POST.get("url") or request.POST.get("device") or "").strip()
    form = ReaderForm(request.POST)
    if device:
        try:
            device = with_baudrate(device, form.cleaned_data["baudrate"] if form.is_valid() else None)
        except DeviceError:
            return HttpResponse(_("That is not a serial device or a device URL."), status=422)
    try:
        game = services.set_dice_reader(game, device)
    except IllegalAction as refused:
        return HttpResponse(refusal(refused), status=422)
    if device:
        dice_reader.start_for(game)
    else:
        dice_reader.stop_for(game)
    return redirect("table", code=game.code)


@never_cache
@require_GET
@_for_the_table
def board_editor(request: HttpRequest, game: Game) -> HttpResponse:
    """The form for one hex or one coastal path while the table enters its board."""
    state, _history = services.current_state(game)
    if state["phase"] != "board":
        return HttpResponse("")
    layout = state["board"]["layout"]
    hex_, edge, sea = request.GET.get("hex"), request.GET.get("edge"), request.GET.get("sea")
    layers = engine.rules_for(game.config).names
    # A scenario's own terrains (its words' names["terrain"]), and its own forms (slot board_editor).
    terrains = {**TERRAIN_NAMES, **contracts.terrain_names(layers)}
    context = {"game": game, "act_url": reverse("act", args=[game.code]), "terrains": terrains,
               "harbours": HARBOUR_NAMES, "numbers": board_model.NUMBERS, "layout": layout,
               "layer_partials": contracts.partials(layers)}
    geometry = board_model.geometry(layout)
    if hex_ in layout["hexes"]:
        context.update(hex=hex_, current=layout["hexes"][hex_])
    elif edge in geometry.edge_corners:
        context.update(edge=edge, coastal=edge in geometry.coastal_edges,
                       current_harbour=layout["harbours"].get(edge, ""))
    elif sea in geometry.sea_ring:
        context.update(sea=sea)
    else:
        return HttpResponse(_("Tap a hex or a coastal path."), status=422)
    return render(request, "partials/board_editor.html", context)
