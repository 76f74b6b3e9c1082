"""When PostgreSQL or Redis is briefly unreachable, say so instead of failing with a 500."""
import logging

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

