"""How a Django template writes a value, with a short way for the kinds pushes write most.

Every `{{ value }}` goes through `render_value_in_context`: time zone, localisation, then
escaping. For a plain string (or a lazy translation) that is two no-ops and `escape` behind
a lazy-text check; for an int, three format lookups in the active language to write its
digits (this project uses no thousand separator); for a float under {% localize off %} (the
board's coordinates), the same lookups to write Python's own digits. Measured on a phone's hand fragment, that path was about half
of the render. The short way writes exactly what Django's does (tests/web/test_template_values.py
compares them on any value) and leaves every other value, and every template without
autoescape, to Django.

Installed when the app starts (companion/apps.py): Django's template modules look the
function up by name, so it is replaced in each of them.
"""
from __future__ import annotations

import html

from django.conf import settings
from django.template import base, defaulttags
from django.templatetags import i18n
from django.utils.functional import Promise
from django.utils.safestring import SafeString

_django_way = base.render_value_in_context
_MODULES = (base, defaulttags, i18n)


def render_value_in_context(value, context):
    kind = type(value)
    if context.autoescape:
        if kind is str:
            return SafeString(html.escape(value))
        if kind is SafeString:
            return value
        if kind is int and not settings.USE_THOUSAND_SEPARATOR:
            return SafeString(value)  # its digits: nothing to localise or escape
        if kind is float and context.use_l10n is False and not settings.USE_THOUSAND_SEPARATOR:
            # The board's coordinates, under {% localize off %}: Python's own digits and point, as
            # Django writes them; not 1e-05, inf or nan, which Django writes its own way.
            text = repr(value)
            if "e" not in text and "n" not in text:
                return SafeString(text)
        if isinstance(value, Promise):  # a lazy translation (card and phase names): its text, escaped
            text = str(value)
            if type(text) is str:
                return SafeString(html.escape(text))
    return _django_way(value, context)


def install() -> None:
    for module in _MODULES:
        module.render_value_in_context = render_value_in_context
