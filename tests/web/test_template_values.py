"""companion/web/template_values.py writes every value exactly as Django's own
render_value_in_context does, escaping and localisation included, in both languages."""
import datetime
import decimal

import pytest
from django.template import Context, Template, base, defaulttags
from django.templatetags import i18n
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy
from hypothesis import given, settings, strategies as st

from companion.web import template_values

VALUES = st.one_of(
    st.text(), st.text(alphabet="<>&'\" aąż1"), st.text().map(mark_safe), st.integers(), st.booleans(),
    st.floats(allow_nan=False), st.decimals(allow_nan=False, allow_infinity=False), st.none(),
    st.just(gettext_lazy("Your gold")), st.just(gettext_lazy("<%(n)s> & more")), st.just(mark_safe(gettext_lazy("x"))), st.just(datetime.date(2026, 11, 29)), st.lists(st.integers(), max_size=3),
    st.integers().map(lambda n: type("Count", (int,), {})(n)), st.text().map(lambda t: type("Text", (str,), {})(t)))


def test_it_is_installed_in_every_template_module_that_writes_values():
    for module in (base, defaulttags, i18n):
        assert module.render_value_in_context is template_values.render_value_in_context


@settings(max_examples=400, deadline=None)
@given(value=VALUES, autoescape=st.booleans(), use_l10n=st.sampled_from([None, True, False]),
       language=st.sampled_from(["pl", "en"]))
def test_any_value_is_written_as_django_writes_it(value, autoescape, use_l10n, language):
    context = Context(autoescape=autoescape, use_l10n=use_l10n)
    with translation.override(language):
        ours = template_values.render_value_in_context(value, context)
        theirs = template_values._django_way(value, context)
    assert ours == theirs and type(ours) is type(theirs), (value, ours, theirs)


@pytest.mark.parametrize("language", ["pl", "en"])
def test_a_template_writes_the_same(language):
    source = ("{% load i18n %}{{ name }} {{ safe }} {{ n }} {{ x }} {{ flag }} {% blocktranslate with n=n %}"
              "{{ n }} hidden{% endblocktranslate %} {% firstof missing name %} {% cycle n x %}")
    values = {"name": "<Ala & Ola>", "safe": SafeString("<b>5</b>"), "n": 12345, "x": 1.5, "flag": True}
    with translation.override(language):
        ours = Template(source).render(Context(values))
        for module in (base, defaulttags, i18n):
            module.render_value_in_context = template_values._django_way
        try:
            theirs = Template(source).render(Context(values))
        finally:
            template_values.install()
    assert ours == theirs


@pytest.mark.parametrize("language", ["pl", "en"])
def test_a_boards_coordinates_under_localize_off_are_written_as_django_writes_them(language):
    values = [0.0, -0.0, 12.5, -3.25, 1e-05, 0.0001, 1e15, 1e16, 123456789.125, 2 / 3, float("inf"), float("-inf")]
    with translation.override(language):
        for autoescape in (True, False):
            context = Context(autoescape=autoescape, use_l10n=False)
            for value in values:
                ours = template_values.render_value_in_context(value, context)
                theirs = template_values._django_way(value, context)
                assert ours == theirs and type(ours) is type(theirs), (value, ours, theirs)


TRANSLATED = ('{% load i18n %}{% translate "Roll the dice" %}|{% translate "<b>%% &</b>" %}|'
              '{% translate "Board" as board %}{{ board }}|{% translate "All rules" context "rulebook" %}|'
              '{% translate "Board" noop %}|{% translate words %}|{% translate "Board"|upper %}|'
              '{% autoescape off %}{% translate "<b>%% &</b>" %}{% endautoescape %}|'
              '{% language "en" %}{% translate "Roll the dice" %}{% endlanguage %}')


def test_constant_translations_in_a_kept_render_are_written_as_django_writes_them():
    """A kept render's constant {% translate %} writes the words of its first render in that
    language: the same as Django's, in each language, after the other, with and without
    autoescape; a translation of a variable, with a filter or inside {% language %} is Django's."""
    template = Template(TRANSLATED)
    for language in ("pl", "en", "pl", "en"):
        for autoescape in (True, False):
            for words in ("Board", "Roll the dice"):
                with translation.override(language):
                    django = template.render(Context({"words": words}, autoescape=autoescape))
                    ours_context = Context({"words": words}, autoescape=autoescape)
                    ours_context.language = translation.get_language()
                    ours = template.render(ours_context)
                assert ours == django and type(ours) is type(django), (language, autoescape, ours, django)
    with translation.override("pl"):
        assert template.render(Context({"words": "Board"})).startswith("Rzuć kośćmi|")

