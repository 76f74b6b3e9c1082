import hashlib
import itertools
import os
from urllib.parse import urlencode

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe

from companion.web import render_cache
from companion.web.rule_links import cached_reverse, rules_games, rules_href
from companion.layers.cores.base.messages import COLOR_NAMES, DEV_CARD_NAMES, RESOURCE_NAMES
from companion.messages import CARD_NAMES, card_count

register = template.Library()


# Keys are a keyed hash of a counter: unique, unguessable, and a third of uuid4's cost
# (a board's tap targets need dozens per render).
_IDEM_KEY = os.urandom(32)
_idem_counter = itertools.count()


@register.simple_tag
def idem() -> str:
    """A fresh idempotency key for one rendered form: a double tap sends the same key.

    Empty in a pushed fragment (kept and shared between screens by companion/render_cache.py,
    so it must not carry a key of its own): the screen makes one at the first tap
    (static/app.js)."""
    if render_cache.recording():
        return ""
    return hashlib.blake2b(next(_idem_counter).to_bytes(8, "little"), key=_IDEM_KEY, digest_size=16).hexdigest()


@register.filter
def resource_name(code: str) -> str:
    return CARD_NAMES.get(code, code)  # resources, and Cities & Knights commodities


@register.filter
def cards_of(count, code: str) -> str:
    """{{ 3|cards_of:"coin" }} -> "3 coins": the number and the card's name in the form it takes."""
    return card_count(code, count)


@register.filter
def color_name(code: str) -> str:
    return COLOR_NAMES.get(code, code)


@register.filter
def dev_card_name(code: str) -> str:
    return DEV_CARD_NAMES.get(code, code)


# A tap target's shape: a path posted as a line along it, a corner or a hex as a circle;
# "dot": a small circle on a path (a ship's middle) instead of the line.
_TAP_RADIUS = {"corner": "corner_target_r", "dot": "corner_target_r", "hex": "hex_target_r"}
_TAP_READS = (template.Variable("board.dims"), template.Variable("role"), template.Variable("act_url"))


@register.simple_tag(takes_context=True)
def tap(context, action, field, place, label, more="", shape=None, testid="") -> str:
    """One tap target on the board, posting `action` with `field` = the place's id:
    {% tap board_actions.road "edge" t label %}, {% tap board_actions.ship "edge" t label
    "target-ship" shape="dot" testid="ship-tap" %}. The one source of this markup: every
    layer's board_targets partial calls it (and tests read which field each kind posts from
    these calls)."""
    # Looked up as variables, so a kept fragment records these reads alone (companion/render_cache.py),
    # not the whole board.
    dims, role, act_url = (variable.resolve(context) for variable in _TAP_READS)
    shape = shape or ("line" if field == "edge" else field)
    vals = (f'{{"as": "{escape(role)}", "type": "{escape(action)}", "{escape(field)}": '
            f'"{escape(place["id"])}", "idem": "{idem()}"}}')
    if shape == "line":
        width = dims["edge_target_w"]
        body = (f'<line x1="{place["x1"]}" y1="{place["y1"]}" x2="{place["x2"]}" y2="{place["y2"]}" '
                f'stroke-width="{width}"/><circle class="hit" cx="{place["x"]}" cy="{place["y"]}" r="{width}"/>')
    else:
        body = f'<circle cx="{place["x"]}" cy="{place["y"]}" r="{dims[_TAP_RADIUS[shape]]}"/>'
    label = escape(label)
    classes = escape(f"target target-{field} {more}".strip())
    extra = f' data-testid="{escape(testid)}"' if testid else ""
    return mark_safe(f'<g class="{classes}" role="button" tabindex="0" aria-label="{label}"{extra} '
                     f'hx-post="{escape(act_url)}" hx-swap="none" hx-vals=\'{vals}\'>'
                     f'<title>{label}</title>{body}</g>')


@register.simple_tag
def resources():
    return list(RESOURCE_NAMES.items())


@register.simple_tag(takes_context=True)
def rules_url(context, *keys) -> str:
    """The rule entries for a situation, e.g. {% rules_url "phase:robber" "dev-card:knight" %}.

    The table screen gets the large-type variant; only the game's own rules are listed
    (links.rules_games: a Cities & Knights game's links open its C&K entries first).
    """
    # Looked up as the template's own variables are, so that companion/render_cache.py sees exactly what it read.
    return rules_href(",".join(k for k in keys if k), rules_games(_looked_up(_CONFIG, context) or {}),
                      bool(_looked_up(_IS_TABLE, context)))


@register.simple_tag(takes_context=True)
def rules_index_url(context) -> str:
    """The rulebook's front page. From a game's screens it names the game's rules
    (links.rules_games): a search made there ranks the entries of the game played first."""
    params = {}
    games = rules_games(_looked_up(_CONFIG, context) or {})
    if games:
        params["playing"] = games
    if _looked_up(_IS_TABLE, context):
        params["large"] = "1"
    index = cached_reverse("rulebook:index")
    return f"{index}?{urlencode(params)}" if params else index


def _looked_up(variable: template.Variable, context):
    try:
        return variable.resolve(context)
    except template.VariableDoesNotExist:
        return None


_CONFIG = template.Variable("view.config")
_IS_TABLE = template.Variable("is_table")



# Icons drawn by the app: emoji and symbol characters render as empty boxes on machines
# without an emoji font. 24×24 outlines in the text colour (currentColor); "fill" paths are
# solid shapes.
ICONS = {
    "ship": ('<path class="fill" d="M2 15h20l-3.5 5h-13z"/><path d="M12 2v12"/>'
             '<path class="fill" d="M13 3l7 10h-7z"/><path class="fill" d="M11 6l-5 7h5z"/>'),
    "gate": '<path class="fill" d="M3 21V8l3-3 3 3 3-3 3 3 3-3 3 3v13h-6v-5a3 3 0 0 0-6 0v5z"/>',
    "undo": '<path d="M9 14L4 9l5-5"/><path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11"/>',
    "redo": '<path d="M15 14l5-5-5-5"/><path d="M20 9H9.5a5.5 5.5 0 0 0 0 11H13"/>',
    "check": '<path d="M4 12.5l5 5L20 6.5"/>',
    "trophy": ('<path d="M7 4h10v5a5 5 0 0 1-10 0z"/><path d="M7 6H3.5v1.5A3.5 3.5 0 0 0 7 11"/>'
               '<path d="M17 6h3.5v1.5A3.5 3.5 0 0 1 17 11"/><path d="M12 14v4"/><path d="M8 21h8"/>'),
    "back": '<path d="M20 12H5"/><path d="M11 5l-7 7 7 7"/>',
    "zoom-in": '<circle cx="10.5" cy="10.5" r="6.5"/><path d="M15.5 15.5L21 21"/><path d="M10.5 7.5v6M7.5 10.5h6"/>',
    "zoom-out": '<circle cx="10.5" cy="10.5" r="6.5"/><path d="M15.5 15.5L21 21"/><path d="M7.5 10.5h6"/>',
    "qr": ('<path d="M3 3h7v7H3zM14 3h7v7h-7zM3 14h7v7H3z"/><path class="fill" d="M5.5 5.5h2v2h-2zM16.5 5.5h2v2h-2z'
           'M5.5 16.5h2v2h-2zM14 14h3v3h-3zM18 18h3v3h-3zM18 14h3v2h-3zM14 18h2v3h-2z"/>'),
    "close": '<path d="M5 5l14 14M19 5L5 19"/>',
}


@register.simple_tag
def icon(name: str, **attrs) -> str:
    """An inline SVG icon, e.g. {% icon "ship" %}; attrs (x, y, width, height) place it inside
    another SVG. Decorative: the text beside it (or the control's label) names it."""
    extra = "".join(f' {key}="{escape(value)}"' for key, value in attrs.items())
    return mark_safe(f'<svg class="icon icon-{escape(name)}" viewBox="0 0 24 24" aria-hidden="true" focusable="false"'
                     f'{extra}>{ICONS[name]}</svg>')


@register.filter
def any_with(items, key: str) -> bool:
    """Whether any of the dicts has a true `key`: {% if seats|any_with:"qr" %}."""
    return any(item.get(key) for item in items or ())


# Every action form opens the same way: where it posts, who acts, its idempotency key and
# the action's type. One source for that markup: {% actform %} ... {% endactform %}.

_ACTFORM_ATTRIBUTES = {"testid": "data-testid", "keep": "data-keep", "auto_submit": "data-auto-submit"}
_ACTFORM_FIXED = frozenset({"hx-post", "hx-swap", "class"})
_CONSTANTS = {"True": True, "False": False, "None": None}


class _Literal:
    """A value known when the template is read: a quoted string, True, False or None."""

    __slots__ = ("value", "text")

    def __init__(self, value):
        self.value = value
        self.text = value if isinstance(value, str) else str(value)  # as {{ }} would write it

    def resolve(self, context):
        return self.value


class _Interpolated:
    """A quoted keyword value holding {{ variables }}: rendered in the tag's context, as the
    same text written in the template would be (escaped, its reads seen by companion/render_cache.py)."""

    __slots__ = ("nodelist",)

    def __init__(self, text: str, parser):
        sub = template.base.Parser(template.base.Lexer(text).tokenize(), parser.libraries, origin=parser.origin)
        sub.tags, sub.filters = dict(parser.tags), dict(parser.filters)
        self.nodelist = sub.parse()

    def resolve(self, context):
        return self.nodelist.render(context)


def _actform_value(expression, parser):
    if not expression.filters:
        if expression.token in _CONSTANTS:
            return _Literal(_CONSTANTS[expression.token])
        if isinstance(expression.var, str):  # a quoted string: safe, as a literal in a tag is
            return _Interpolated(expression.var, parser) if "{{" in expression.var else _Literal(expression.var)
    return expression


def _written(value, context) -> str:
    """The value as {{ value }} writes it (localized, escaped unless autoescape is off)."""
    if type(value) is _Literal:
        return value.text
    return template.base.render_value_in_context(value.resolve(context), context)


def _attribute(name: str, expression, context) -> str:
    """The attribute as written: True the bare attribute, False or None none."""
    literal = type(expression) is _Literal
    value = expression.value if literal else expression.resolve(context)
    if value is True:
        return f" {name}"
    if value is False or value is None:
        return ""
    return f' {name}="{expression.text if literal else template.base.render_value_in_context(value, context)}"'


class ActFormNode(template.Node):
    def __init__(self, kind, url, acting, css, attributes, fields, nodelist):
        self.kind, self.url, self.acting, self.css = kind, url, acting, css
        self.attributes, self.fields, self.nodelist = attributes, fields, nodelist

    def render(self, context):
        html = [f'<form hx-post="{_written(self.url, context)}" hx-swap="none" class="{_written(self.css, context)}"']
        for name, expression in self.attributes:
            html.append(_attribute(name, expression, context))
        html.append(f'>\n<input type="hidden" name="as" value="{_written(self.acting, context)}">'
                    f'<input type="hidden" name="idem" value="{idem()}">')
        if self.kind is not None:
            html.append(f'\n<input type="hidden" name="type" value="{_written(self.kind, context)}">')
        for name, expression in self.fields:
            html.append(f'<input type="hidden" name="{name}" value="{_written(expression, context)}">')
        html.append(self.nodelist.render(context))
        html.append("</form>")
        return mark_safe("".join(html))


@register.tag
def actform(parser, token):
    """An action form: {% actform "roll" class="act now" testid="ck-dice" auto_submit=True %} ... {% endactform %}

    writes

        <form hx-post="{{ act_url }}" hx-swap="none" class="act now" data-testid="ck-dice" data-auto-submit>
        <input type="hidden" name="as" value="{{ role }}"><input type="hidden" name="idem" value="{% idem %}">
        <input type="hidden" name="type" value="roll"> ... </form>

    - the first argument (or type=...), optional, is the action's type (left out when buttons carry it);
    - as="seat": who acts (default: the context's `role`); url=...: where it posts (default `act_url`);
    - class="...": the form's classes (default "act");
    - testid=..., keep=..., auto_submit=True: data-testid, data-keep, data-auto-submit;
      data_<name>=... and hx_<name>=...: any other data-<name> / hx-<name> attribute; in the
      order given. True writes the bare attribute, False or None leaves it out;
    - any other keyword: one more hidden input of that name, after the type (seat=d.seat).

    Values are variables, filters or literals as in any tag; a quoted literal may hold
    {{ variables }} ("answer-{{ d.kind }}"). Everything is escaped as {{ }} escapes it, and
    the idempotency key is the {% idem %} tag's (empty in a kept render, see companion/render_cache.py)."""
    bits = token.split_contents()
    tag_name, bits = bits[0], bits[1:]
    kind = None
    if bits and not template.base.kwarg_re.match(bits[0]).group(1):
        kind = _actform_value(parser.compile_filter(bits.pop(0)), parser)
    kwargs = template.base.token_kwargs(bits, parser)
    if bits:
        raise template.TemplateSyntaxError(f"{tag_name}: unexpected {' '.join(bits)!r} (only keyword arguments follow the type)")
    url = parser.compile_filter("act_url")
    acting = parser.compile_filter("role")
    css = _Literal("act")
    attributes, fields = [], []
    for key, expression in kwargs.items():
        value = _actform_value(expression, parser)
        if key == "type":
            kind = value
        elif key == "url":
            url = value
        elif key == "as":
            acting = value
        elif key == "class":
            css = value
        elif key in _ACTFORM_ATTRIBUTES or key.startswith(("data_", "hx_")):
            name = _ACTFORM_ATTRIBUTES.get(key) or key.replace("_", "-")
            if name in _ACTFORM_FIXED:
                raise template.TemplateSyntaxError(f"{tag_name}: {name} is the tag's own attribute")
            attributes.append((name, value))
        else:
            fields.append((key, value))
    nodelist = parser.parse(("end" + tag_name,))
    parser.delete_first_token()
    return ActFormNode(kind, url, acting, css, attributes, fields, nodelist)


class KeptNode(template.Node):
    """{% kept %}: its inputs resolved where it stands, its block written from them alone."""

    def __init__(self, inputs: dict, nodelist):
        self.inputs, self.nodelist = inputs, nodelist
        self.serial = render_cache.block_serial()

    def render(self, context) -> str:
        values = {name: expression.resolve(context) for name, expression in self.inputs.items()}
        return render_cache.kept_block(self.serial, values, context, self.nodelist)


@register.tag
def kept(parser, token):
    """A block written from the values it names, and only from them: {% kept board=board.land %}
    ... {% endkept %} (one name or several). Its HTML is kept by those values, so a big part
    that seldom changes is written once (companion/web/render_cache.py: kept_block)."""
    bits = token.split_contents()
    tag_name, bits = bits[0], bits[1:]
    inputs = template.base.token_kwargs(bits, parser)
    if bits or not inputs:
        raise template.TemplateSyntaxError(f"{tag_name}: name the values the block is written from (name=value ...)")
    nodelist = parser.parse(("end" + tag_name,))
    parser.delete_first_token()
    return KeptNode(inputs, nodelist)
