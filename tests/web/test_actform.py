"""{% actform %}: the one source of an action form's opening (companion_tags)."""
import re

import pytest
from django.template import TemplateSyntaxError, engines
from django.template.loader import render_to_string

from companion.web import render_cache

LOAD = "{% load companion_tags %}"
KEY = re.compile(r'name="idem" value="([0-9a-f]{32})"')


def render(text: str, context: dict | None = None) -> str:
    return engines["django"].from_string(LOAD + text).render(context or {})


def flat(html: str) -> str:
    """Markup without whitespace between tags, idempotency keys as KEY."""
    return KEY.sub('name="idem" value="KEY"', re.sub(r">\s+<", "><", html.strip()))


BASE = {"act_url": "/g/ABCD/act/", "role": "seat"}


@pytest.fixture
def template(tmp_path):
    """A template file of our own (render_cache.render takes a template's name)."""
    folder = tmp_path / "templates"
    folder.mkdir()
    django_engine = engines["django"].engine
    saved = list(django_engine.dirs)
    django_engine.dirs = [str(folder), *saved]

    def reset():
        for loader in django_engine.template_loaders:
            if hasattr(loader, "reset"):
                loader.reset()

    def write(name: str, text: str) -> str:
        (folder / name).write_text(LOAD + text)
        reset()
        return name

    reset()
    yield write
    django_engine.dirs = saved
    reset()


def test_writes_the_markup_the_forms_were_written_with():
    old = ('<form hx-post="{{ act_url }}" hx-swap="none" class="act choices">\n'
           '  <input type="hidden" name="as" value="{{ role }}"><input type="hidden" name="idem" value="{% idem %}">\n'
           '  <input type="hidden" name="type" value="roll">\n'
           '  <button type="submit">Roll</button>\n</form>')
    new = '{% actform "roll" class="act choices" %}\n  <button type="submit">Roll</button>\n{% endactform %}'
    assert flat(render(new, BASE)) == flat(render(old, BASE))
    assert flat(render(new, BASE)) == (
        '<form hx-post="/g/ABCD/act/" hx-swap="none" class="act choices">'
        '<input type="hidden" name="as" value="seat"><input type="hidden" name="idem" value="KEY">'
        '<input type="hidden" name="type" value="roll"><button type="submit">Roll</button></form>')


def test_attributes_in_the_order_given_and_hidden_fields_after_the_type():
    html = render('{% actform "discard" class="act discard-pick now" auto_submit=True testid="discard-form" '
                  'keep="discard-{{ view.turn.number }}" seat=p.seat piece="road" %}x{% endactform %}',
                  {**BASE, "view": {"turn": {"number": 12}}, "p": {"seat": 2}})
    assert flat(html) == (
        '<form hx-post="/g/ABCD/act/" hx-swap="none" class="act discard-pick now" data-auto-submit'
        ' data-testid="discard-form" data-keep="discard-12">'
        '<input type="hidden" name="as" value="seat"><input type="hidden" name="idem" value="KEY">'
        '<input type="hidden" name="type" value="discard"><input type="hidden" name="seat" value="2">'
        '<input type="hidden" name="piece" value="road">x</form>')


def test_defaults_no_type_and_other_attributes():
    html = flat(render('{% actform %}<button name="type" value="undo">Undo</button>{% endactform %}', BASE))
    assert html == ('<form hx-post="/g/ABCD/act/" hx-swap="none" class="act">'
                    '<input type="hidden" name="as" value="seat"><input type="hidden" name="idem" value="KEY">'
                    '<button name="type" value="undo">Undo</button></form>')
    html = flat(render('{% actform type=kind url="/other/" auto_submit=False data_x=None data_y_z="1" hx_confirm="Sure?" %}'
                       '{% endactform %}', {**BASE, "kind": "end_turn"}))
    assert html.startswith('<form hx-post="/other/" hx-swap="none" class="act" data-y-z="1" hx-confirm="Sure?">')
    assert 'name="type" value="end_turn"' in html and "data-x" not in html and "auto-submit" not in html
    for auto, written in ((True, '" data-auto-submit>'), (False, '">'), (None, '">'), ("", '" data-auto-submit="">')):
        html = render("{% actform auto_submit=auto %}{% endactform %}", {**BASE, "auto": auto})
        assert html.startswith(f'<form hx-post="/g/ABCD/act/" hx-swap="none" class="act{written}'), (auto, html)


def test_as_is_the_contexts_role_unless_given():
    assert 'name="as" value="table"' in render("{% actform %}{% endactform %}", {**BASE, "role": "table"})
    assert 'name="as" value="seat"' in render('{% actform as="seat" %}{% endactform %}', {**BASE, "role": "table"})
    assert 'name="as" value=""' in render("{% actform %}{% endactform %}", {"act_url": "/a/"})  # as {{ role }} would


def test_values_are_escaped_as_the_template_escapes_them():
    html = render('{% actform kind class=css testid="t-{{ evil }}" seat=evil %}{% endactform %}',
                  {"act_url": '/a/?x=1&y="2"', "role": "<r>", "kind": "a\"b", "css": "act <c>", "evil": '"><script>'})
    assert 'hx-post="/a/?x=1&amp;y=&quot;2&quot;"' in html
    assert 'class="act &lt;c&gt;"' in html and 'data-testid="t-&quot;&gt;&lt;script&gt;"' in html
    assert 'name="as" value="&lt;r&gt;"' in html and 'name="type" value="a&quot;b"' in html
    assert 'name="seat" value="&quot;&gt;&lt;script&gt;"' in html and "<script>" not in html


def test_every_render_has_a_fresh_key_and_a_kept_render_none(template):
    name = template("actform_idem.html", '{% actform "roll" %}{% endactform %}')
    first, second = render_to_string(name, BASE), render_to_string(name, BASE)
    assert KEY.search(first) and KEY.search(second)
    assert KEY.search(first).group(1) != KEY.search(second).group(1)
    kept = render_cache.render(name, BASE)
    assert 'name="idem" value=""' in kept.html and not KEY.search(kept.html)


def test_a_kept_render_knows_what_the_tag_read(template):
    name = template("actform_reads.html", '{% actform "discard" keep="d-{{ view.turn }}" seat=p.seat %}{% endactform %}')
    before = {**BASE, "view": {"turn": 3, "other": 1}, "p": {"seat": 1, "name": "Ala"}}
    kept = render_cache.render(name, before)
    assert kept.valid_for({**before, "view": {"turn": 3, "other": 2}, "p": {"seat": 1, "name": "Ola"}})
    for changed in ({"act_url": "/g/WXYZ/act/"}, {"role": "table"}, {"view": {"turn": 4}}, {"p": {"seat": 2}}):
        assert not kept.valid_for({**before, **changed}), changed


def test_a_misused_tag_is_a_syntax_error():
    with pytest.raises(TemplateSyntaxError):
        render('{% actform "roll" "more" %}{% endactform %}')
    with pytest.raises(TemplateSyntaxError):
        render('{% actform hx_swap="outerHTML" %}{% endactform %}')
    with pytest.raises(TemplateSyntaxError):
        render('{% actform "roll" %}')
