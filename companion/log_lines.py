"""A layer's log lines as a table, instead of one long if-chain over the entry's kind.

Most kinds are a sentence to fill in: the entry's params and %(who)s, the acting player
(`LogTable(sentences)`). A kind whose words need more (a branch, a name looked up, a list)
is a small function of its `LogLine`, registered with `@table.kind("kind")`. The layer's
`log_text(entry, names)` is then `table.text(entry, names)`: None for a kind it has no words for.
"""
from collections.abc import Callable, Mapping

from django.utils.translation import gettext as _


def seat_name(names: list[str], seat, nobody: str = "") -> str:
    """A seat's name, `nobody` for no seat or one the names do not reach."""
    return names[seat] if seat is not None and 0 <= seat < len(names) else nobody


class Terms(dict):
    """What a sentence is filled with: the entry's params, said by the layer's `words` (a
    param's table of names, or a function) when the sentence uses them, then %(who)s and any
    terms worded by hand. A missing param gives `missing`, or KeyError without one."""

    def __init__(self, params: Mapping, words: Mapping, missing: str | None, extra: dict):
        super().__init__(params)
        self.update(extra)
        self._worded = {key: say for key, say in words.items() if key in params and key not in extra}
        self._missing = missing

    def __missing__(self, key):
        if self._missing is None:
            raise KeyError(key)
        return self._missing

    def __getitem__(self, key):
        value = super().__getitem__(key)
        say = self._worded.get(key)
        if say is None:
            return value
        return say(value) if callable(say) else say.get(value, value)


class LogLine:
    """One log entry being worded for a viewer: its params `p`, the acting seat and its name `who`."""

    def __init__(self, table: "LogTable", entry: dict, names: list[str]):
        self.table = table
        self.entry = entry
        self.names = names
        self.p = table.params(entry.get("params") or {})
        self.seat = entry.get("seat")
        self.who = table.who(names, self.seat)

    def name(self, seat) -> str:
        """Another seat's name (the layer's word for nobody when there is none)."""
        return self.table.name(self.names, seat)

    def say(self, text, **extra) -> str:
        """`text` filled with the entry's params (worded by the table), %(who)s and `extra`."""
        return text % Terms(self.p, self.table.words, self.table.missing, {"who": self.who, **extra})


def _nobody(names: list[str], seat) -> str:
    return seat_name(names, seat, _("nobody"))


class LogTable:
    """A layer's log lines by kind: `sentences` (kind -> a sentence to fill in) and the
    functions registered with `kind`.

    params: how the entry's params are held (`Params` says "?" for a missing one; a plain
    dict raises KeyError). words: param -> its table of names (or a function), used when a
    sentence fills that param in. who / name: a seat's name, as the acting player and as
    any other player."""

    def __init__(self, sentences: Mapping, *, params: Callable = dict, words: Mapping | None = None,
                 who: Callable = seat_name, name: Callable = _nobody):
        self.sentences = dict(sentences)
        self.functions: dict[str, Callable[[LogLine], str | None]] = {}
        self.params = params
        self.words = dict(words or {})
        try:  # what the params say for a missing one, to fill a sentence's missing term with
            self.missing = params({})["missing"]
        except KeyError:
            self.missing = None
        self.who = who
        self.name = name

    def kind(self, *kinds: str):
        """Register a function that words these kinds (it may return None: not this layer's after all)."""
        def register(function):
            for kind in kinds:
                if kind in self.sentences or kind in self.functions:
                    raise ValueError(f"{kind!r} is worded twice")
                self.functions[kind] = function
            return function
        return register

    def kinds(self) -> set[str]:
        """Every kind the table words."""
        return {*self.sentences, *self.functions}

    def text(self, entry: dict, names: list[str]) -> str | None:
        """The entry's log line; None for a kind the table has no words for."""
        kind = entry["kind"]
        function = self.functions.get(kind)
        if function is not None:
            return function(LogLine(self, entry, names))
        sentence = self.sentences.get(kind)
        if sentence is None:
            return None
        return LogLine(self, entry, names).say(sentence)
