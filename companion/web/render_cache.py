"""A fragment's HTML kept by what its template read: rendered again only when one of those
values changed, and shared by every screen whose template would read the same values.

Most actions change little of what a given screen shows (a phone's hand changes with a
roll or a trade, not with the end of a turn), but telling which fragments changed used to
mean rendering them all and comparing the HTML. Here a render records every value its
template read from the context:

- each variable lookup (`{{ view.me.hand.ore }}`, `{% if "roll" in allowed %}`, a filter's
  argument, an include's template name) whose first name comes from the context given to
  the render, with the value it resolved to; names bound inside the template (loop
  variables, `with`, `as`) are covered by the lookups they were bound from;
- any other read of that context (a tag that takes the context, a translated block's
  variable): the whole value under that name;
- a variable that an `{% if %}` only tests (`{% if gold %}`, or beside and, or, not): only
  whether it is true, so a guard does not tie the fragment to everything the value holds;
- a variable that an `{% if %}` compares with a constant (`{% if view.phase == "main" %}`,
  `{% if "roll" in allowed %}`): only the comparison's outcome, so a fragment that shows
  something in one phase is not rendered again each time the phase moves between two others;
- a name that `{% with %}` binds to a value of the context (`{% with allowed=view.allowed %}`)
  is an alias: a read through it is a read of the path it stands for (`view.allowed`), and not
  of the whole value at once.

A render is still valid for a new context when every recorded lookup resolves there to
the same value (same type, equal): the template, given equal inputs, writes the same
HTML. So a screen skips the render when its own last one is still valid, and reuses
another screen's render of the same fragment when that one is valid for its own context.
That is also why sharing cannot leak: a render is handed to a screen only when everything
it read is equal in that screen's own context. Rows of the database (model instances)
and one-shot iterators are never taken as unchanged.

Lookups are recorded by wrapping Django's `Variable._resolve_lookup` while a recording
render runs on this thread (a context variable); outside such a render it costs one
context-variable read.
"""
from __future__ import annotations

import contextvars
import io
import itertools
import pickle
from collections import OrderedDict
from threading import Lock

from django.db.models import Model
from django.template import Context
from django.template.base import Variable
from django.template.defaulttags import IfNode, TemplateLiteral, WithNode
from django.template.smartif import OPERATORS
from django.template.loader import get_template
from django.utils.safestring import SafeString
from django.utils.translation import get_language

MISSING = object()  # a lookup that failed, or a name the context does not have
_recording: contextvars.ContextVar = contextvars.ContextVar("template_reads", default=None)
_resolve = Variable._resolve_lookup
_DICT_VIEWS = (type({}.items()), type({}.keys()), type({}.values()))


class _Noting(dict):
    """A dict of a recording render's context whose items, read directly (by a tag taking the
    context, a translated block's variables: not through a variable lookup), are noted as read."""

    __slots__ = ()

    def _note(self, key) -> None:
        raise NotImplementedError

    def __getitem__(self, key):
        self._note(key)
        return dict.__getitem__(self, key)

    def get(self, key, default=None):
        self._note(key)
        return dict.get(self, key, default)


class _Base(_Noting):
    """The context given to a recording render: reads that bypass variable lookups count as
    reads of the whole value."""

    __slots__ = ("reads", "quiet")

    def _note(self, key) -> None:
        if not self.quiet and key not in self.reads:
            self.reads[key] = (key, _frozen(dict.get(self, key, MISSING)))

    def __contains__(self, key):
        self._note(key)
        return dict.__contains__(self, key)


_PLAIN = frozenset({str, int, float, bool, type(None), dict, list, tuple, SafeString})


def _frozen(value):
    """What a read is compared by: a dict view as the list it iterates (order matters for
    the HTML); an iterator or a database row as something equal to nothing."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind in _DICT_VIEWS:
        return list(value)
    if isinstance(value, Model) or (hasattr(value, "__next__") and kind not in (str, bytes)):
        return object()
    return value


def _same(now, then) -> bool:
    return now is then or (type(now) is type(then) and now == then)


def _base_path(base, variable: Variable, context) -> tuple | None:
    """The path this lookup reads in the render's own context: its own lookups, or through
    a `{% with %}` alias the path the alias stands for. None when it reads a name bound
    inside the template (covered by the lookup it was bound from) or no recording runs."""
    return _scope_path(base, variable, context)[1]


_NOWHERE = (None, None)


def _scope_path(base, variable: Variable, context) -> tuple:
    """(the scope the lookup's first name is found in, _base_path's path), or (None, None)."""
    if base is None or base.quiet or not isinstance(context, Context):
        return _NOWHERE
    lookups = variable.lookups
    first = lookups[0]
    for layer in reversed(context.dicts):
        if layer is base:
            return layer, lookups
        if first in layer:
            if type(layer) is _Aliases and first in layer.paths:
                return layer, layer.paths[first] + lookups[1:]
            return _NOWHERE  # bound inside the template: covered by what it was bound from
    return _NOWHERE  # an include's own context (`only`): its values came from lookups recorded where they were taken


_path_variables: dict[tuple, Variable] = {}


def _variable_for(path: tuple, variable: Variable | None = None) -> Variable:
    """A Variable that looks up `path` (the template's own when it is one)."""
    if variable is not None and variable.lookups == path:
        return variable
    found = _path_variables.get(path)
    if found is None:
        found = Variable.__new__(Variable)
        found.var, found.literal, found.lookups = ".".join(path), None, path
        found.translate, found.message_context = False, None
        if len(_path_variables) < 65536:
            _path_variables[path] = found
    return found


def _recording_lookup(variable: Variable, context):
    base = _recording.get()
    if base is None or base.quiet or not isinstance(context, Context):
        return _resolve(variable, context)
    # Most lookups are dicts all the way (a screen's context): the scope that holds the first
    # name tells whose read it is, and the value is taken on the way, without walking the
    # scopes a second time in Django's general lookup. The walk is _base_path's, written out:
    # as a call it took back most of what this saves (the hottest function of a render).
    lookups = variable.lookups
    first = lookups[0]
    for layer in reversed(context.dicts):
        if layer is base:
            path = lookups
            break
        if first in layer:
            if type(layer) is not _Aliases or first not in layer.paths:
                return _resolve(variable, context)  # bound inside the template: covered by what it was bound from
            path = layer.paths[first] + lookups[1:]
            break
    else:
        return _resolve(variable, context)  # an include's own context (`only`)
    value = _dict_lookup(layer, lookups)
    if value is _NOT_PLAIN:
        return _general_lookup(base, path, variable, context)
    if path not in base.reads:
        base.reads[path] = (_variable_for(path, variable), _frozen(value))
    return value


def _dict_lookup(layer: dict, lookups: tuple):
    """The value of the lookups from a scope through dicts only (the scope's own items read as a
    dict: no read is noted), as Django's lookup gives it; _NOT_PLAIN when a step is anything
    else (an attribute, a method, a list index, a missing key, something to call)."""
    current = dict.get(layer, lookups[0], MISSING)
    for bit in lookups[1:]:
        if type(current) is not dict:
            return _NOT_PLAIN
        current = current.get(bit, MISSING)
    if current is MISSING or callable(current):
        return _NOT_PLAIN
    return current


def _general_lookup(base, path: tuple, variable: Variable, context):
    """Django's own lookup, its read noted."""
    base.quiet += 1
    try:
        value = _resolve(variable, context)
    except Exception:
        if path not in base.reads:
            base.reads[path] = (_variable_for(path, variable), MISSING)
        raise
    finally:
        base.quiet -= 1
    if path not in base.reads:
        base.reads[path] = (_variable_for(path, variable), _frozen(value))
    return value


Variable._resolve_lookup = _recording_lookup


class _Truth:
    """A read of whether a value is true: all that `{% if x %}` (or x beside and, or, not) uses of it."""

    __slots__ = ("variable",)

    def __init__(self, variable: Variable):
        self.variable = variable


_TRUTH = object()  # the key of a truth read: (_TRUTH, path)
_literal_eval = TemplateLiteral.eval


def _recording_eval(literal: TemplateLiteral, context):
    """An {% if %}'s bare variable, where only its truth counts: read as true or false, so that a
    guard such as {% if gold %} does not make its fragment depend on everything `gold` holds."""
    base = _recording.get()
    variable = literal.value.var
    if not getattr(literal, "truth_only", False) or literal.value.filters or type(variable) is not Variable \
            or variable.lookups is None:
        return _literal_eval(literal, context)
    scope, path = _scope_path(base, variable, context)
    if path is None:
        return _literal_eval(literal, context)
    # Through dicts, the value is taken from the scope found (what the engine's lookup returns
    # there, as _recording_lookup does); anything else the engine's way.
    value = _dict_lookup(scope, variable.lookups)
    if value is _NOT_PLAIN:
        value = _unrecorded(base, _literal_eval, literal, context)
    key = (_TRUTH, path)
    if key not in base.reads and path not in base.reads:
        base.reads[key] = _outcome_read(key, bool(value), lambda: _Truth(_variable_for(path, variable)))
    return value


# A read whose value is an outcome (a truth, a comparison's result) is alike in every render that
# makes it: one tuple per key and outcome, shared by all of them, so that a screen's kept renders
# hold references, not copies (they were the biggest part of a waiting screen's memory). There are
# as many as the templates have conditions, twice: bounded by the code, not by the games.
_outcome_reads: dict[tuple, tuple] = {}


def _outcome_read(key: tuple, outcome: bool, what) -> tuple:
    """The read (what(), outcome) of this key, shared."""
    if type(outcome) is not bool:  # a comparison of something unusual: kept as it came
        return what(), outcome
    read = _outcome_reads.get((key, outcome))
    if read is None:
        read = (what(), outcome)
        if len(_outcome_reads) < 65536:
            read = _outcome_reads.setdefault((key, outcome), read)
    return read


def _unrecorded(base, evaluate, node, context):
    """evaluate(node, context) with none of its lookups recorded: the caller records what it used."""
    base.quiet += 1
    try:
        return evaluate(node, context)
    finally:
        base.quiet -= 1


def _mark_truth_only(node, truth: bool = True) -> None:
    """Mark the literals of an {% if %} condition whose truth alone counts: the condition
    itself, and the operands of and, or, not (comparisons and `in` use their values)."""
    if isinstance(node, TemplateLiteral):
        node.truth_only = truth
        return
    logical = getattr(node, "id", None) in ("and", "or", "not")
    for child in (node.first, node.second):
        if child is not None:
            _mark_truth_only(child, truth and logical)


class _Comparison:
    """A read of how a value compares with a constant of the template: all that `{% if x == "a" %}`,
    `{% if "a" in x %}` (and !=, not in) use of it."""

    __slots__ = ("variable", "operator", "constant", "constant_first", "missing")

    def __init__(self, variable: Variable, operator: str, constant, constant_first: bool, missing):
        self.variable, self.operator, self.constant, self.constant_first = variable, operator, constant, constant_first
        self.missing = missing

    def outcome(self, value) -> bool:
        """The comparison as the {% if %} makes it: a failed lookup is `missing`, an error is false."""
        return _compared(self.operator, self.constant, self.constant_first, self.missing if value is MISSING else value)


def _compared(operator: str, constant, constant_first: bool, value) -> bool:
    """The comparison as the {% if %} makes it: an error is false."""
    left, right = (constant, value) if constant_first else (value, constant)
    try:
        return _COMPARE[operator](left, right)
    except Exception:
        return False


_COMPARE = {
    "==": lambda left, right: left == right,
    "!=": lambda left, right: left != right,
    "in": lambda left, right: left in right,
    "not in": lambda left, right: left not in right,
}


def _looked_up(literal) -> Variable | None:
    """The variable an operand looks up, bare (no filters); None for anything else."""
    if type(literal) is not TemplateLiteral or literal.value.filters:
        return None
    variable = literal.value.var
    return variable if type(variable) is Variable and variable.lookups is not None else None


def _constant(literal):
    """An operand's constant ("main", 7), or MISSING when it is not one."""
    if type(literal) is not TemplateLiteral or literal.value.filters:
        return MISSING
    constant = literal.value.var
    if type(constant) is Variable:
        return constant.literal if constant.lookups is None else MISSING
    return constant


def _comparing_eval(self, context):
    """A comparison of a variable with a constant in a recording render: its outcome is the read."""
    base = _recording.get()
    evaluate = _compared_eval[self.id]
    if base is None or base.quiet or not isinstance(context, Context):
        return evaluate(self, context)
    sides = self.__dict__.get("sides")
    if sides is None:  # which side is the variable and which the constant, once per node
        sides = self.sides = _sides(self)
    if sides is False:
        return evaluate(self, context)
    variable, constant, constant_first = sides
    scope, path = _scope_path(base, variable, context)
    if path is None:
        return evaluate(self, context)
    # A failed lookup is None to the comparison; but an alias ({% with cl=c %}) of one that failed
    # holds the engine's string_if_invalid, and so does the comparison of the alias itself.
    missing = None
    if len(variable.lookups) == 1 and path is not variable.lookups:
        missing = context.template.engine.string_if_invalid
        if "%s" in missing:
            return evaluate(self, context)
    value = _dict_lookup(scope, variable.lookups)
    if value is _NOT_PLAIN:
        outcome = _unrecorded(base, evaluate, self, context)
    else:  # found through dicts
        outcome = _compared(self.id, constant, constant_first, value)
    key = (_COMPARED, path, self.id, constant, constant_first, missing)
    if key not in base.reads:
        base.reads[key] = _outcome_read(key, outcome, lambda: _Comparison(
            _variable_for(path, variable), self.id, constant, constant_first, missing))
    return outcome


def _sides(node) -> tuple | bool:
    """(the variable, the constant, whether the constant comes first), or False for a comparison
    that is not of a bare variable with a constant."""
    variable, constant = _looked_up(node.first), _constant(node.second)
    if variable is not None and constant is not MISSING:
        return variable, constant, False
    variable, constant = _looked_up(node.second), _constant(node.first)
    if variable is not None and constant is not MISSING:
        return variable, constant, True
    return False


_COMPARED = object()  # the key of a comparison read: (_COMPARED, path, operator, constant, side, missing)
_compared_eval = {name: OPERATORS[name].eval for name in _COMPARE}
for _name in _COMPARE:
    OPERATORS[_name].eval = _comparing_eval


_if_init = IfNode.__init__


def _marking_init(self, conditions_nodelists):
    _if_init(self, conditions_nodelists)
    for condition, _nodelist in conditions_nodelists:
        if condition is not None:
            _mark_truth_only(condition)


class _Aliases(_Noting):
    """The names a {% with %} binds, in a recording render: `paths` holds the context path each
    alias stands for. A tag that reads one directly (not through a variable) reads the whole value."""

    __slots__ = ("paths", "base")

    def _note(self, key) -> None:
        base = self.base
        path = self.paths.get(key)
        if path is not None and not base.quiet and path not in base.reads:
            variable = _variable_for(path)
            base.quiet += 1
            try:
                base.reads[path] = (variable, _frozen(_now(variable, base)))
            finally:
                base.quiet -= 1


_with_render = WithNode.render


def _aliasing_render(self, context):
    """{% with name=a.b %} in a recording render: `name` is an alias of the path a.b (a filter
    or a name the template bound itself makes a plain binding, read whole as before)."""
    base = _recording.get()
    if base is None or base.quiet or not isinstance(context, Context):
        return _with_render(self, context)
    layer = _Aliases()
    layer.paths = {}
    layer.base = base
    for key, value in self.extra_context.items():
        variable = value.var
        path = None
        if not value.filters and type(variable) is Variable and variable.lookups is not None:
            path = _base_path(base, variable, context)
        if path is None:
            dict.__setitem__(layer, key, value.resolve(context))
            continue
        base.quiet += 1
        try:
            dict.__setitem__(layer, key, value.resolve(context))
        finally:
            base.quiet -= 1
        layer.paths[key] = path
    context.dicts.append(layer)
    try:
        return self.nodelist.render(context)
    finally:
        context.dicts.pop()


TemplateLiteral.eval = _recording_eval
IfNode.__init__ = _marking_init
WithNode.render = _aliasing_render


def recording() -> bool:
    """Is a recording render running on this thread?"""
    return _recording.get() is not None


class Render:
    """One render's HTML and what it read.

    The HTML is kept as UTF-8: a str holding any character past Latin-1 (Polish letters,
    "…", "–": nearly every fragment) takes two bytes per character, and every screen keeps
    its last renders. `digest` tells a changed fragment without decoding it."""

    __slots__ = ("data", "digest", "reads")

    def __init__(self, html: str, reads: list):
        self.data = html.encode()
        self.digest = hash(html)
        self.reads = reads

    @property
    def html(self) -> SafeString:
        return SafeString(self.data.decode())

    def valid_for(self, context: dict) -> bool:
        """Would the template write the same HTML from this context?"""
        resolver = None
        # A snapshot: another thread may be checking this render and reordering its reads.
        for index, read in enumerate(tuple(self.reads)):
            what, then = read
            kind = type(what)
            if kind is str:
                now = context.get(what, MISSING)
            else:
                variable = what if kind is Variable else what.variable
                now = _plain_lookup(variable.lookups, context)
                if now is _NOT_PLAIN:  # an attribute, a method, a list index: as the template does it
                    if resolver is None:
                        resolver = Context()
                        resolver.dicts.append(context)
                    now = _resolved(variable, resolver)
                if kind is _Truth:  # a lookup that fails is false to {% if %}
                    now = now is not MISSING and bool(now)
                elif kind is _Comparison:
                    now = what.outcome(now)
            if not _same(_frozen(now), then):
                if index:  # what changed once is likely to differ next time: look at it first
                    try:
                        self.reads.remove(read)
                        self.reads.insert(0, read)
                    except ValueError:  # the other thread moved it
                        pass
                return False
        return True


def _now(variable: Variable, context: dict):
    """What the variable resolves to in this context now (MISSING when the lookup fails)."""
    now = _plain_lookup(variable.lookups, context)
    if now is _NOT_PLAIN:
        resolver = Context()
        resolver.dicts.append(context)
        now = _resolved(variable, resolver)
    return now


def _resolved(variable: Variable, resolver: Context):
    try:
        return _resolve(variable, resolver)
    except Exception:
        return MISSING


_NOT_PLAIN = object()


def _plain_lookup(lookups: tuple, context: dict):
    """A lookup through dicts only (most of a screen's context), without Django's general
    resolution; _NOT_PLAIN when a step is anything else. The same result as the template's:
    a dict's key wins over its attributes there too."""
    current = context
    for bit in lookups:
        if type(current) is not dict:
            return _NOT_PLAIN
        current = current.get(bit, MISSING)
        if current is MISSING:
            return _NOT_PLAIN  # perhaps an attribute (items, values ...)
    return current if not callable(current) else _NOT_PLAIN


class _RecordingContext(Context):
    """Django's Context, but `name in context` looks from the innermost scope out (as a lookup
    does): a name a template binds itself (`{% blocktranslate with gold=... %}`) is found
    where it was bound, and does not count as a read of the render's own `gold`."""

    def __contains__(self, key):
        return any(key in d for d in reversed(self.dicts))


def render(template_name: str, context: dict) -> Render:
    """Render as render_to_string does (no request), recording what the template read."""
    template = get_template(template_name)
    base = _Base(context)
    base.reads = {}
    base.quiet = 0
    django_context = _RecordingContext(autoescape=template.backend.engine.autoescape)
    django_context.language = get_language()  # the constant words' (template_values._translate)
    django_context.dicts.append(base)
    django_context.dicts.append({})  # a template's {% ... as name %} writes here, not into the reads
    token = _recording.set(base)
    try:
        html = template.template.render(django_context)
    finally:
        _recording.reset(token)
    return Render(html, list(base.reads.values()))


# The latest renders of each fragment of each game, from any screen: (game, fragment, screen
# kind, language) -> renders, newest first. A screen takes the first that is valid for it.
_families: OrderedDict[tuple, list[Render]] = OrderedDict()
_lock = Lock()
FAMILIES_KEPT = 8192
RENDERS_KEPT = 4  # per family: the active player's, the others', a seat with a secret ...


def forget() -> None:
    with _lock:
        _families.clear()
        _blocks.clear()


def kept_render(family: tuple, template_name: str, context: dict, last: Render | None = None) -> Render:
    """The fragment for this context: `last` (this screen's previous render) or another
    screen's when still valid, else a new render, kept for the others."""
    if last is not None and last.valid_for(context):
        return last
    with _lock:
        candidates = list(_families.get(family, ()))
    for candidate in candidates:
        if candidate is not last and candidate.valid_for(context):
            return candidate
    fresh = render(template_name, context)
    with _lock:
        renders = _families.get(family)
        if renders is None:
            renders = _families[family] = []
            while len(_families) > FAMILIES_KEPT:
                _families.popitem(last=False)
        renders.insert(0, fresh)
        del renders[RENDERS_KEPT:]
    return fresh


class NotPlain(Exception):
    """A value that can't be told apart exactly from another: what it is part of is not kept."""


def exact_key(value) -> bytes:
    """A hashable, exact stand-in for values: their pickle. Equal bytes are equal values of the
    same types (1, 1.0, True and "1" render differently, and so do a safe string and a plain
    one); a lazy translation counts by its message (a key holds the language). Made in C: a
    walk of the values in Python was a twentieth of a push."""
    pickled = io.BytesIO()
    pickler = pickle.Pickler(pickled, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.fast = True  # no memo: a text twice pickles alike whether it is one object or two
    try:
        pickler.dump(value)
    except (pickle.PicklingError, TypeError, AttributeError, ValueError) as error:
        raise NotPlain(type(value)) from error
    return pickled.getvalue()


# ---------------------------------------------------------------- blocks kept by their inputs

# {% kept %} blocks' HTML: (block, language, autoescape, localisation, inputs) -> html.
_blocks: OrderedDict[tuple, str] = OrderedDict()
BLOCKS_KEPT = 512  # a board's land is 10-40 KB: a few hundred boards at a venue
_block_serials = itertools.count()


def block_serial() -> int:
    """A number naming one {% kept %} block of one parsed template, for the keys of its HTML."""
    return next(_block_serials)


def kept_block(serial: int, values: dict, context: Context, nodelist) -> str:
    """The block's HTML written from `values` alone (a context of those names only, as an
    include's `only`): kept by them, so a big part that seldom changes (the board's land under
    the pieces) is written once, however often what is around it changes. Nothing else of the
    context can reach the block, so equal inputs write equal HTML; in a recording render the
    inputs were read where the tag took them."""
    try:
        key = (serial, get_language(), context.autoescape, context.use_l10n, exact_key(values))
    except NotPlain:
        return nodelist.render(context.new(values))
    with _lock:
        html = _blocks.get(key)
        if html is not None:
            _blocks.move_to_end(key)
    if html is None:
        html = nodelist.render(context.new(values))
        with _lock:
            _blocks[key] = html
            while len(_blocks) > BLOCKS_KEPT:
                _blocks.popitem(last=False)
    return html
