"""companion/render_cache.py: a render is valid for a new context exactly when its template would
write the same HTML there, whatever way the template read its context."""
import pytest
from django.template import engines

from companion.web import render_cache
from companion.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def template(tmp_path, settings):
    """A template of our own, from a folder the engine looks into for these tests."""
    folder = tmp_path / "templates"
    folder.mkdir()
    django_engine = engines["django"].engine
    saved = list(django_engine.dirs)
    django_engine.dirs = [str(folder), *saved]
    for loader in django_engine.template_loaders:
        if hasattr(loader, "reset"):
            loader.reset()

    def write(name: str, text: str) -> str:
        (folder / name).write_text(text)
        for loader in django_engine.template_loaders:
            if hasattr(loader, "reset"):
                loader.reset()
        return name

    yield write
    django_engine.dirs = saved
    for loader in django_engine.template_loaders:
        if hasattr(loader, "reset"):
            loader.reset()


def _agrees(name: str, before: dict, after: dict) -> None:
    """valid_for says "same" exactly when a fresh render is the same."""
    kept = render_cache.render(name, before)
    fresh = render_cache.render(name, after)
    assert kept.valid_for(after) == (kept.html == fresh.html), (kept.html, fresh.html)


def test_a_lookup_is_compared_by_its_value_not_by_the_whole_dict(template):
    name = template("a.html", "{{ view.me.hand.ore }}")
    kept = render_cache.render(name, {"view": {"me": {"hand": {"ore": 2, "wool": 1}}, "version": 7}})
    assert kept.html == "2"
    assert kept.valid_for({"view": {"me": {"hand": {"ore": 2, "wool": 5}}, "version": 8}})
    assert not kept.valid_for({"view": {"me": {"hand": {"ore": 3, "wool": 1}}, "version": 7}})


def test_loop_variables_are_covered_by_the_list_they_come_from(template):
    name = template("b.html", "{% for p in players %}{{ p.name }}{% if p.seat == active %}*{% endif %} {% endfor %}")
    before = {"players": [{"name": "Ala", "seat": 0}, {"name": "Ola", "seat": 1}], "active": 0}
    for after in ({**before, "active": 1}, {**before, "players": [{"name": "Ala", "seat": 0}]},
                  {**before, "players": [{"name": "Ala", "seat": 0}, {"name": "Ela", "seat": 1}]}, dict(before)):
        _agrees(name, before, after)


def test_a_name_bound_in_the_template_shadows_the_context(template):
    name = template("c.html", "{% with view=other %}{{ view.x }}{% endwith %}|{{ view.x }}")
    before = {"view": {"x": 1}, "other": {"x": 2}}
    _agrees(name, before, {"view": {"x": 1}, "other": {"x": 3}})
    _agrees(name, before, {"view": {"x": 4}, "other": {"x": 2}})
    _agrees(name, before, dict(before))


def test_a_missing_name_that_appears_later_counts_as_a_change(template):
    name = template("d.html", "{% if offer %}offer {{ offer.n }}{% else %}none{% endif %}")
    kept = render_cache.render(name, {})
    assert kept.html == "none"
    assert kept.valid_for({"unrelated": 1})
    assert not kept.valid_for({"offer": {"n": 1}})


def test_a_translated_blocks_own_variables_and_a_tag_taking_the_context(template):
    # blocktranslate reads its variables straight from the context, not through a lookup;
    # rules_url takes the context: both must count.
    name = template("e.html", "{% load i18n companion_tags %}{% blocktranslate %}Hi {{ who }}{% endblocktranslate %}"
                              " {% rules_url 'phase:roll' %}")
    before = {"who": "Ala", "is_table": False, "view": {"config": {}}}
    _agrees(name, before, {**before, "who": "Ola"})
    _agrees(name, before, {**before, "is_table": True})
    _agrees(name, before, {**before, "view": {"config": {"rules": "cities_knights"}}})
    _agrees(name, before, {**before, "view": {"config": {}, "log": ["something else"]}})


def test_includes_with_and_without_their_own_context(template):
    template("inner.html", "{{ label }}:{{ view.n }}")
    name = template("f.html", '{% include "inner.html" with label=view.title %}'
                              '|{% include "inner.html" with label=view.title view=view only %}')
    before = {"view": {"title": "T", "n": 1, "other": 0}}
    _agrees(name, before, {"view": {"title": "U", "n": 1, "other": 0}})
    _agrees(name, before, {"view": {"title": "T", "n": 2, "other": 0}})


def test_types_count_and_dict_order_counts(template):
    name = template("g.html", "{{ n }}{% for k, v in d.items %}{{ k }}={{ v }};{% endfor %}")
    before = {"n": 1, "d": {"a": 1, "b": 2}}
    _agrees(name, before, {"n": True, "d": {"a": 1, "b": 2}})
    _agrees(name, before, {"n": 1.0, "d": {"a": 1, "b": 2}})
    _agrees(name, before, {"n": 1, "d": {"b": 2, "a": 1}})
    _agrees(name, before, {"n": 1, "d": {"a": 1, "b": 2}})


def test_a_database_row_is_never_taken_as_unchanged(template):
    name = template("h.html", "{{ game }}")
    game = Game(code="ABCDEF")
    kept = render_cache.render(name, {"game": game})
    assert not kept.valid_for({"game": game})


def test_a_kept_render_is_shared_only_with_equal_reads(template):
    name = template("i.html", "{{ me.cards }} {{ public }}")
    render_cache.forget()
    first = render_cache.kept_render(("family",), name, {"me": {"cards": 3, "secret": "a"}, "public": 1})
    same = render_cache.kept_render(("family",), name, {"me": {"cards": 3, "secret": "b"}, "public": 1})
    other = render_cache.kept_render(("family",), name, {"me": {"cards": 4}, "public": 1})
    assert same is first and other is not first and other.html == "4 1"


def test_a_pushed_fragment_carries_no_idempotency_key(template):
    name = template("j.html", '{% load companion_tags %}<input name="idem" value="{% idem %}">')
    assert render_cache.render(name, {}).html == '<input name="idem" value="">'
    from django.template.loader import render_to_string
    assert len(render_to_string(name, {})) > len('<input name="idem" value="">')  # a page's own form has one
