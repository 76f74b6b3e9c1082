"""companion/render_cache.py: a render is valid for a new context exactly when its template would
write the same HTML there, whatever way the template read its context."""
from types import SimpleNamespace

import pytest
from django.template import engines
from django.template.loader import render_to_string
from django.utils import translation
from hypothesis import HealthCheck, given, settings, strategies as st

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


def test_an_if_that_only_tests_a_value_reads_whether_it_is_true(template):
    # {% if gold %} guards a part: what gold holds (every player) may change without a render.
    name = template("t.html", "{% if gold %}[{{ gold.me.n }}]{% endif %}{% if not ep or ep and x %}-{% endif %}"
                              "{% if a == b or c %}={% endif %}{% if y in z %}in{% endif %}")
    before = {"gold": {"me": {"n": 1}, "rows": [1, 2]}, "ep": {"stage": "build", "moving": 1}, "x": 1,
              "a": 1, "b": 1, "c": 0, "y": 1, "z": [1]}
    kept = render_cache.render(name, before)
    assert kept.html == "[1]-=in"
    assert kept.valid_for({**before, "gold": {"me": {"n": 1}, "rows": [3]}, "ep": {"stage": "movement"}})
    assert kept.valid_for({**before, "x": "yes"})  # still true
    for after in ({**before, "gold": {}}, {**before, "gold": {"me": {"n": 2}}}, {**before, "x": 0},
                  {**before, "b": 2}, {**before, "z": [2]},
                  {k: v for k, v in before.items() if k != "gold"}):
        _agrees(name, before, after)
    # Whether a guard is true is what counts, not what the part it guards writes: `ep` turning
    # false is a change, even where this template's output happens to stay the same.
    assert not kept.valid_for({**before, "ep": None})


def test_a_name_a_translated_block_binds_is_no_read_of_the_contexts(template):
    # The phones' gold: {% blocktranslate with gold=gold.me.gold %} binds its own `gold`.
    name = template("u.html", "{% load i18n %}{% if gold.me %}{% blocktranslate with gold=gold.me.gold %}"
                              "Gold: {{ gold }}{% endblocktranslate %}{% endif %}")
    before = {"gold": {"me": {"gold": 3, "partners": ["Ala"]}}}
    kept = render_cache.render(name, before)
    assert kept.html == "Gold: 3"
    assert kept.valid_for({"gold": {"me": {"gold": 3, "partners": ["Ola"]}}})
    _agrees(name, before, {"gold": {"me": {"gold": 4, "partners": ["Ala"]}}})
    _agrees(name, before, {"gold": None})


def test_a_comparison_with_a_constant_reads_only_its_outcome(template):
    # {% if view.phase == "main" %}, {% if "roll" in allowed %}: the phase moving between two
    # others, or another action allowed, keeps the render.
    name = template("c.html", '{% if view.phase == "main" %}M{% endif %}{% with allowed=view.allowed %}'
                              '{% if "roll" in allowed %}R{% endif %}{% if "end" not in allowed %}!E{% endif %}'
                              '{% endwith %}{% if view.n != 2 %}n{% endif %}{% if 1 == view.n %}1{% endif %}')
    before = {"view": {"phase": "roll", "allowed": ["roll", "undo"], "n": 1}}
    kept = render_cache.render(name, before)
    assert kept.html == "R!En1"
    assert kept.valid_for({"view": {"phase": "discard", "allowed": ["roll", "trade"], "n": 1}})
    for after in ({"view": {**before["view"], "phase": "main"}}, {"view": {**before["view"], "allowed": ["end"]}},
                  {"view": {**before["view"], "n": 2}}, {"view": {**before["view"], "n": 1.0}},
                  {"view": {**before["view"], "n": True}}, {"view": {**before["view"], "allowed": None}},
                  {"view": {"phase": "roll"}}, {}):
        _agrees(name, before, after)


def test_renders_share_their_outcome_reads(template):
    # Every screen keeps its last renders: a read that is only an outcome (a truth, a comparison)
    # is one object for every render that makes it, not a copy per render.
    name = template("o.html", '{% if view.phase == "main" %}M{% endif %}{% if gold %}G{% endif %}{{ view.n }}')
    first = render_cache.render(name, {"view": {"phase": "main", "n": 1}, "gold": 1})
    second = render_cache.render(name, {"view": {"phase": "main", "n": 2}, "gold": 2})
    other = render_cache.render(name, {"view": {"phase": "roll", "n": 1}, "gold": 0})
    assert (first.html, second.html, other.html) == ("MG1", "MG2", "1")
    outcomes = [read for read in first.reads if type(read[1]) is bool]
    assert len(outcomes) == 2
    assert all(any(read is again for again in second.reads) for read in outcomes)
    assert not any(read is again for read in outcomes for again in other.reads)  # other outcomes, other reads
    value_reads = [read for read in first.reads if type(read[1]) is not bool]
    assert not any(read is again for read in value_reads for again in second.reads)
    assert not first.valid_for({"view": {"phase": "roll", "n": 1}, "gold": 1})
    assert not other.valid_for({"view": {"phase": "main", "n": 1}, "gold": 0})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_comparisons_with_constants_never_keep_a_stale_render(template, data):
    """A variable compared with a constant (==, !=, in, not in; either side; through lookups, an
    alias, a lookup that fails or a comparison that raises): valid_for never says "same" for a
    context the template would write differently, and says "same" where only an outcome that
    stayed the same was read."""
    name = template("q.html", '{% if a == "x" %}1{% endif %}{% if 1 == a.v %}2{% endif %}{% if a != 0 %}3{% endif %}'
                              '{% if "x" in a %}4{% endif %}{% if a.v not in "xy" %}5{% endif %}{% if b == 2 %}6{% endif %}'
                              '{% with al=a bl=b.v %}{% if al == "" %}7{% endif %}{% if "x" not in al %}8{% endif %}'
                              '{% if bl != 1 %}9{% endif %}{% if 0 in bl %}0{% endif %}{% endwith %}')
    value = st.one_of(st.none(), st.integers(0, 2), st.just(1.0), st.just(True), st.sampled_from(["", "x", "xy"]),
                      st.fixed_dictionaries({"v": st.one_of(st.integers(0, 2), st.sampled_from(["x", ""]),
                                                            st.lists(st.integers(0, 1), max_size=2))}),
                      st.lists(st.sampled_from([0, 1, "x"]), max_size=2), st.just({}),
                      st.builds(SimpleNamespace, v=st.sampled_from([0, 1, "x"])))  # an attribute: the engine's own lookup
    before = {k: data.draw(value) for k in ("a", "b") if data.draw(st.booleans())}
    after = {k: data.draw(value) for k in ("a", "b") if data.draw(st.booleans())}
    kept = render_cache.render(name, before)
    fresh = render_cache.render(name, after)
    # A recording render writes what Django writes (its conditions take dict values on their own way).
    assert (kept.html, fresh.html) == (render_to_string(name, before), render_to_string(name, after))
    if kept.valid_for(after):
        assert kept.html == fresh.html, (before, after)
    # Nothing here is read but through a comparison: the same outcomes are the same HTML.
    assert kept.valid_for(after) == (kept.html == fresh.html), (before, after)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_kept_render_is_valid_only_when_a_fresh_render_is_the_same(template, data):
    """Any mix of guards, comparisons, loops and values: valid_for never says "same" for a
    context the template would write differently (a stale render on a screen is the defect
    that matters; a render made again that came out the same only costs time)."""
    name = template("h.html", "{% if a %}A{{ a.v }}{% endif %}{% if not b %}!b{% endif %}{% if a and c %}&{% endif %}"
                              "{% if c == 1 or d %}|{% endif %}{% for i in e %}{% if i %}{{ i }}{% endif %}{% endfor %}"
                              "{% if d.k %}k{% endif %}")
    value = st.one_of(st.none(), st.integers(0, 2), st.sampled_from(["", "x"]),
                      st.fixed_dictionaries({"v": st.integers(0, 2)}), st.fixed_dictionaries({"k": st.integers(0, 1)}),
                      st.lists(st.integers(0, 1), max_size=2), st.just({}), st.builds(SimpleNamespace, k=st.integers(0, 1)))
    values = {"a": value, "b": value, "c": value, "d": value, "e": st.one_of(st.none(), st.lists(value, max_size=3))}
    before = {k: data.draw(v) for k, v in values.items() if data.draw(st.booleans())}
    after = {k: data.draw(v) for k, v in values.items() if data.draw(st.booleans())}
    kept = render_cache.render(name, before)
    fresh = render_cache.render(name, after)
    assert (kept.html, fresh.html) == (render_to_string(name, before), render_to_string(name, after))
    if kept.valid_for(after):
        assert kept.html == fresh.html, (before, after)


def test_a_name_with_binds_is_an_alias_of_its_path(template):
    # {% with allowed=view.allowed ck=view.cities_knights %}: a read through an alias is a read
    # of the path it stands for, not of the whole value.
    name = template("w.html", '{% with allowed=view.allowed ck=view.ck n=view.n|add:1 %}'
                              '{% if "roll" in allowed %}R{% endif %}{% if allowed %}a{% endif %}'
                              '[{{ ck.barbarians }}]{% with b=ck.aqueduct %}{{ b.me }}{% endwith %}{{ n }}'
                              '{% for a in allowed %}{% if a == "end" %}E{% endif %}{% endfor %}{% endwith %}')
    before = {"view": {"allowed": ["roll", "undo"], "ck": {"barbarians": 3, "knights": [1], "aqueduct": {"me": 1}},
                       "n": 1}}
    kept = render_cache.render(name, before)
    assert kept.html == "Ra[3]12"
    changed = {"view": {**before["view"], "ck": {"barbarians": 3, "knights": [1, 2], "aqueduct": {"me": 1, "x": 2}}}}
    assert kept.valid_for(changed)  # what it never read of ck
    assert not kept.valid_for({"view": {**before["view"], "allowed": ["roll", "end"]}})  # the loop reads it whole
    for after in (changed, {"view": {**before["view"], "n": 2}}, {"view": {**before["view"], "ck": None}},
                  {"view": {**before["view"], "allowed": None}}, {"view": {}}, {}):
        _agrees(name, before, after)
    # An alias of a lookup that fails holds "" (the engine's string_if_invalid), where the lookup
    # itself is None to a comparison: "x" not in "" holds, "x" not in None does not.
    name = template("w2.html", '{% with cl=c %}{% if "x" not in cl %}!x{% endif %}{% endwith %}')
    for before, after in (({"c": None}, {}), ({}, {"c": None}), ({"c": "x"}, {})):
        _agrees(name, before, after)
    # A tag that reads an alias from the context itself (a translated block's variable) reads all it holds.
    name = template("w3.html", '{% load i18n %}{% with g=view.gold %}{% blocktranslate %}Gold: {{ g }}{% endblocktranslate %}'
                               '{% endwith %}')
    _agrees(name, {"view": {"gold": 1}}, {"view": {"gold": 2}})
    assert render_cache.render(name, {"view": {"gold": 1}}).valid_for({"view": {"gold": 1, "other": 2}})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_aliases_never_keep_a_stale_render(template, data):
    """Names {% with %} binds (to values present or missing, of any type), in guards,
    comparisons, lookups and loops: valid_for never says "same" for a context the template
    would write differently."""
    name = template("k.html", '{% with al=a bl=b.v cl=c %}{% if al == bl %}={% endif %}{% if "x" in al %}x{% endif %}'
                              '{% if "x" not in cl %}!x{% endif %}{% if al.v > 0 or not bl %}>{% endif %}'
                              '{% if bl is None %}N{% endif %}{% if al != 1 and cl %}~{% endif %}{{ al.v }}'
                              '{% for i in d %}{% if i in bl %}{{ i }}{% endif %}{% endfor %}{% endwith %}'
                              '{% if a.v <= c %}<{% endif %}{% if "" == b %}E{% endif %}')
    value = st.one_of(st.none(), st.integers(0, 2), st.sampled_from(["", "x", "xy"]),
                      st.fixed_dictionaries({"v": st.one_of(st.integers(0, 2), st.sampled_from(["x", ""]))}),
                      st.lists(st.sampled_from([0, 1, "x"]), max_size=2), st.just({}))
    values = {"a": value, "b": value, "c": value, "d": st.lists(st.sampled_from([0, 1, "x"]), max_size=3)}
    before = {k: data.draw(v) for k, v in values.items() if data.draw(st.booleans())}
    # Mostly the same context, a key or two changed, gone or new: where a stale render would hide.
    after = dict(before)
    for key in data.draw(st.lists(st.sampled_from(sorted(values)), max_size=2)):
        if key in after and data.draw(st.booleans()):
            del after[key]
        else:
            after[key] = data.draw(values[key])
    kept = render_cache.render(name, before)
    fresh = render_cache.render(name, after)
    assert (kept.html, fresh.html) == (render_to_string(name, before), render_to_string(name, after))
    if kept.valid_for(after):
        assert kept.html == fresh.html, (before, after)


def test_a_kept_renders_constant_words_are_in_its_language(template):
    # A kept render writes a constant {% translate %} once per language (companion/web/template_values.py).
    name = template("l.html", '{% load i18n %}{% translate "Roll the dice" %}')
    for language, words in (("pl", "Rzuć kośćmi"), ("en", "Roll the dice"), ("pl", "Rzuć kośćmi")):
        with translation.override(language):
            assert render_cache.render(name, {}).html == words
