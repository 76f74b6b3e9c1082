"""When PostgreSQL or Redis is briefly unreachable, say so instead of failing with a 500;
and the network edges of every request (forwarded headers, Secure cookies, CSP origins)."""
import logging

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.db import InterfaceError, OperationalError
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

log = logging.getLogger(__name__)

try:  # redis-py is there whenever the Redis channel layer or cache is configured
    from redis.exceptions import ConnectionError as RedisConnectionError
    from redis.exceptions import TimeoutError as RedisTimeoutError
    UNAVAILABLE = (OperationalError, InterfaceError, RedisConnectionError, RedisTimeoutError)
except ImportError:  # pragma: no cover
    UNAVAILABLE = (OperationalError, InterfaceError)


class ServiceUnavailableMiddleware:
    """503 with a clear message (as the flash fragment for HTMX posts); nothing was recorded,
    since a write is one transaction, so the tap can simply be retried."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, UNAVAILABLE):
            return None
        log.warning("service unavailable for %s: %s", request.path, exception)
        message = _("The server cannot reach its database right now. Nothing was recorded: try again in a moment.")
        if request.headers.get("HX-Request"):
            html = render_to_string("partials/flash.html", {"error": message})
        else:
            html = render_to_string("unavailable.html", {"message": message})
        response = HttpResponse(html, status=503)
        response["Retry-After"] = "5"
        return response


# Headers only a proxy in front of the server may set; from anyone else they are lies.
FORWARDED = ("HTTP_X_FORWARDED_PROTO", "HTTP_X_FORWARDED_FOR", "HTTP_X_FORWARDED_HOST", "HTTP_X_FORWARDED_PORT",
             "HTTP_X_REAL_IP", "HTTP_FORWARDED")


class ForwardedHeadersMiddleware:
    """The network edges of every request and response:

    - forwarded headers are dropped unless the request came from a configured proxy
      (settings.TRUSTED_PROXIES): a client can't claim another address or HTTPS;
    - over HTTPS (the server's own TLS, or the trusted proxy's X-Forwarded-Proto) every
      cookie set is Secure, and the page is kept from cross-origin openers
      (Cross-Origin-Opener-Policy). Not over plain HTTP: a phone on the local network opens
      http://192.168.x.y, where the browser ignores that header and says so on the console
      of every page;
    - the Content-Security-Policy's connect-src also names this page's own websocket
      origin, for browsers that don't count ws:/wss: as 'self' (Safari before 15.4).
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.META.get("REMOTE_ADDR", "") not in settings.TRUSTED_PROXIES:
            for name in FORWARDED:
                request.META.pop(name, None)
        response = self.get_response(request)
        secure = request.is_secure()
        if secure:
            for morsel in response.cookies.values():
                morsel["secure"] = True
            response.headers.setdefault("Cross-Origin-Opener-Policy", settings.CROSS_ORIGIN_OPENER_POLICY)
        try:
            host = request.get_host()
        except DisallowedHost:
            return response
        socket = f"{'wss' if secure else 'ws'}://{host}"
        update = getattr(response, "_csp_update", None) or {}
        response._csp_update = {**update, "connect-src": [*update.get("connect-src", []), socket]}
        return response
