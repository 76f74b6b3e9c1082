"""How a Django template writes a value, with a short way for the kinds pushes write most.

Every `{{ value }}` goes through `render_value_in_context`: time zone, localisation, then
escaping. For a plain string (or a lazy translation) that is two no-ops and `escape` behind
a lazy-text check; for an int, three format lookups in the active language to write its
digits (this project uses no thousand separator); for a float under {% localize off %} (the
board's coordinates), the same lookups to write Python's own digits. Measured on a phone's hand fragment, that path was about half
of the render. The short way writes exactly what Django's does (tests/web/test_template_values.py
compares them on any value) and leaves every other value, and every template without
autoescape, to Django.

A `{% translate "..." %}` of a constant, in a render that knows its language (a kept render
sets `context.language`: companion/web/render_cache.py), writes the words it wrote the first
time in that language and escaping. Django makes a lazy translation of the constant on every
render and looks up the active language to write it: a few microseconds each, over a hundred
times a push. {% language %} turns this off inside it (its words are looked up as Django does).

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


_django_translate = i18n.TranslateNode.render
_django_language = i18n.LanguageNode.render


def _constant_words(node: i18n.TranslateNode) -> bool:
    """Does the tag write the same in a given language whatever the context holds?"""
    expression, message_context = node.filter_expression, node.message_context
    return (not expression.filters and expression.var.lookups is None
            and (message_context is None or not isinstance(message_context.var, base.Variable)))


def _translate(self, context):
    language = getattr(context, "language", None)
    if language is None:
        return _django_translate(self, context)
    words = self.__dict__.get("words")
    if words is None:
        words = self.words = {} if _constant_words(self) else False
    if words is False:
        return _django_translate(self, context)
    key = (language, context.autoescape)
    value = words.get(key)
    if value is None:  # Django's own render, once per language and escaping
        value = _django_translate(self, context)
        if self.asvar:  # it wrote the words into the innermost scope (Context.__setitem__)
            value = dict.get(context.dicts[-1], self.asvar)
        words[key] = value
    if self.asvar:
        context[self.asvar] = value
        return ""
    return value


def _language(self, context):
    """{% language %} switches the language inside: the words written there are looked up."""
    language = getattr(context, "language", None)
    context.language = None
    try:
        return _django_language(self, context)
    finally:
        context.language = language


def install() -> None:
    for module in _MODULES:
        module.render_value_in_context = render_value_in_context
    i18n.TranslateNode.render = _translate
    i18n.LanguageNode.render = _language
