"""Human words for the engine's codes: refusals and log entries, in Polish and English.

Each layer's package words its own codes in its messages.py: `refusal(error)` and
`log_text(entry, names)`, each giving None for a code that is not the layer's, and its
tables of names; its screen contract's `words` declares them (companion/machinery/contract.py).
Here are the words every layer shares, and `refusal` and `log_text` ask the layers in turn.
"""
import functools
from collections.abc import Mapping

from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from companion.machinery.errors import IllegalAction
from companion.machinery.contract import NAMES

# Every layer package's words (its screen contract's `words`), in composition order. Handed in
# when the app starts (companion/apps.py, from the screens' registry companion/layers/screens.py):
# the layers' words use the helpers below, so this module imports none of them.
_latest_first: tuple | None = None


def use_layer_words(words: tuple) -> None:
    """Every layer package's words, in composition order (the app does this once, at start)."""
    global _latest_first
    _latest_first = tuple(words)[::-1]


def layer_words() -> tuple:
    """Every layer package's words, the latest layer first, so that a layer may word a code of
    a layer below it its own way."""
    if _latest_first is None:
        raise RuntimeError("the layers' words are handed in when the app starts (companion/apps.py)")
    return _latest_first


class LayerNames(Mapping):
    """A table of names each layer's words may add to (its `table`: one of the contract's
    NAMES), lowest layer first."""

    def __init__(self, table: str):
        if table not in NAMES:
            raise ValueError(f"{table!r} is no table of names: a layer declares its tables in its screen "
                             f"contract's words (companion/machinery/contract.py, NAMES)")
        self.table = table

    @functools.cached_property
    def _names(self) -> dict:
        names = {}
        for words in reversed(layer_words()):
            names.update(words.names.get(self.table, {}))
        return names

    def __getitem__(self, key):
        return self._names[key]

    def __iter__(self):
        return iter(self._names)

    def __len__(self):
        return len(self._names)


CARD_NAMES = LayerNames("card")  # every card a hand may hold: resources, commodities
CARD_COUNTS = LayerNames("card_count")  # "%(count)s brick" with its plural forms, per card
PHASE_NAMES = LayerNames("phase")
# A layer's words for what an undone action had shown ("%(who)s had seen …"), by `what`.
REVEALED_TEXTS = LayerNames("revealed")
# A layer's words for the problems of a board being entered (its check_board codes).
BOARD_PROBLEMS = LayerNames("board_problem")


_said: dict = {}


def said(names: Mapping, language: str | None) -> dict:
    """A table of names (lazy translations) as plain text in `language`, the active one, worked
    out once per language: a push writes names many times, and a lazy one looks up the active
    language each time it is written or compared. A plain dict, as templates read fastest (and
    a fragment kept by its inputs pickles): shared, so never changed."""
    key = (id(names), language)
    found = _said.get(key)
    if found is None or found[0] is not names:  # the table itself is kept: its id is not reused
        found = _said[key] = (names, {code: str(name) for code, name in names.items()})
    return found[1]


class Params(dict):
    """Formatting parameters that never raise for a missing key."""

    def __missing__(self, key):
        return "?"


def refusal_text(texts: dict, error: IllegalAction, **words) -> str | None:
    """A layer's wording of the error's code from `texts`, its parameters filled in (one
    named in `words` put into words first: by that table, or by that function); None for
    a code that is not in `texts`."""
    text = texts.get(error.code)
    if text is None:
        return None
    p = Params(error.params)
    for key, say in words.items():
        if key in p:
            p[key] = say(p[key]) if callable(say) else say.get(p[key], p[key])
    return text % p


def _worded(say) -> str | None:
    """What the first layer that knows the code says (the latest layer first): say(words)."""
    for words in layer_words():
        text = say(words)
        if text is not None:
            return text
    return None


def refusal(error: IllegalAction) -> str:
    """Why an action was refused, in the active language."""
    if error.code == "undo_revealed":
        return _("Only the table screen can undo this: it showed you something hidden.")
    if error.code == "undone_roll_first":
        return _("The table undid this turn's roll: roll again before anything else.")
    text = _worded(lambda words: words.refusal(error))
    return _("That is not allowed.") if text is None else text


def log_text(entry: dict, names: list[str]) -> str:
    """One game log line for a viewer (the view already redacted secrets)."""
    if entry["kind"] == "undone_revealing":
        return undone_revealing_text(entry, names)
    text = _worded(lambda words: words.log_text(entry, names))
    return entry["kind"] if text is None else text


def undone_revealing_text(entry: dict, names: list[str]) -> str:
    """The table undid an action that had shown something: what was seen, by whom (never what)."""
    def name(seat):
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    parts = []
    for item in (entry.get("params") or {}).get("revealed", []):
        p = {"who": ", ".join(name(s) for s in item.get("seats") or []), "whose": name(item.get("about"))}
        what = item.get("what")
        if item.get("seats") is None:
            if what in REVEALED_TEXTS:
                parts.append(str(REVEALED_TEXTS[what]) % p)
            elif what == "event_card":
                parts.append(_("everyone had seen the event card; it comes back when this turn reveals again"))
            else:
                parts.append(_("everyone had seen the roll; it comes back when this turn rolls again"))
        elif what == "dev_card":
            parts.append(_("%(who)s had seen the development card drawn; it went back into the deck, "
                           "shuffled") % p)
        elif what == "progress_card":
            parts.append(_("%(who)s had seen the progress card drawn; it went back into its deck, shuffled") % p)
        elif what == "stolen_card":
            parts.append(_("%(who)s had seen the card taken from %(whose)s") % p)
        elif what == "progress_hand":
            parts.append(_("%(who)s had seen the progress cards of %(whose)s") % p)
        elif what == "hand":
            parts.append(_("%(who)s had seen the hand of %(whose)s") % p)
        elif what in REVEALED_TEXTS:  # a layer's own secret draws (a scenario's tokens)
            parts.append(str(REVEALED_TEXTS[what]) % p)
        else:
            parts.append(_("%(who)s had seen a random outcome") % p)
    seat = entry.get("seat")
    if seat is None:
        return _("The table undid a table action: %(seen)s.") % {"seen": "; ".join(parts)}
    return _("The table undid an action of %(who)s: %(seen)s.") % {"who": name(seat), "seen": "; ".join(parts)}


READER_STATE_NAMES = {
    "connected": gettext_lazy("connected"),
    "rolling": gettext_lazy("dice rolling…"),
    "lost": gettext_lazy("lost: reconnecting"),
    "stale": gettext_lazy("silent: no heartbeat"),
    "stopped": gettext_lazy("stopped"),
    "idle": gettext_lazy("waiting for the reader"),
}


def reader_notice(notice: dict | None) -> str:
    """Why the dice reader's last roll was not applied, for the table screen."""
    if not notice:
        return ""
    dice = notice.get("dice") or [None, None]
    p = {"a": dice[0] if dice[0] is not None else "?", "b": dice[1] if dice[1] is not None else "?"}
    kind = notice.get("kind")
    if kind == "not_expected":
        return _("A roll of %(a)s + %(b)s arrived when no roll was expected: shown, not applied.") % p
    if kind == "missing_die":
        return _("The reader sent a roll without both dice (%(a)s + %(b)s): roll again.") % p
    if kind == "rejected_roll":
        reason = notice.get("reason")
        if reason == "tilt":
            return _("A die landed tilted: roll again.")
        if reason == "nodie":
            return _("The reader did not see every die: roll again.")
        if reason == "garbled":
            return _("The reader couldn't read the dice: roll again.")
        if reason == "no_roll":
            return _("The dice moved but the reader sent no roll: roll again.")
        return _("A die could not be read: roll again.")
    if kind == "repeated_roll":
        return _("The reader sent %(a)s + %(b)s again: it counts once.") % p
    if kind == "roll_failed":
        return _("The roll of %(a)s + %(b)s could not be recorded: type it in.") % p
    if kind == "device_error":
        return _("The reader reports a problem (%(code)s).") % {"code": notice.get("code")}
    if kind == "not_reader_source":
        return _("The reader sent %(a)s + %(b)s, but this table's dice are not set to the reader.") % p
    return refusal(IllegalAction(kind or "unknown"))


def parse_cards(text) -> dict:
    """The engine's "brick:1 ore:2" refusal parameter back into a bundle."""
    cards = {}
    for part in str(text).split():
        resource, _sep, count = part.partition(":")
        if resource in CARD_NAMES and count.isdigit():
            cards[resource] = int(count)
    return cards


def card_count(name: str, count: int) -> str:
    """2, "coin" -> "2 coins" in the active language, in the plural form the count takes."""
    return _card_count(get_language(), name, count)


# Every screen words every cost and hand on every push: the same few texts, translated once.
@functools.lru_cache(maxsize=4096)
def _card_count(language: str | None, name: str, count: int) -> str:
    counted = CARD_COUNTS.get(name)
    return counted % {"count": count} if counted is not None else f"{count} {CARD_NAMES.get(name, name)}"


def cards_text(resources: dict) -> str:
    """{"grain": 2, "ore": 1} -> "2 grain, 1 ore" in the active language."""
    return _cards_text(get_language(), tuple(resources.items()))


# Costs and hands are worded for every screen on every push (an Explorers & Pirates phone words
# a dozen): the same few texts, in a language looked up once.
@functools.lru_cache(maxsize=4096)
def _cards_text(language: str | None, cards: tuple) -> str:
    return ", ".join(_card_count(language, name, count) for name, count in cards if count) or "–"


def names_list(names) -> str:
    """["Ala", "Bartek", "Celina"] -> "Ala, Bartek and Celina" in the active language."""
    names = [str(n) for n in names]
    if len(names) < 2:
        return "".join(names)
    return _("%(list)s and %(last)s") % {"list": ", ".join(names[:-1]), "last": names[-1]}


def production_text(production: dict, names: list[str]) -> str:
    """Who gets what from a roll: "Ala: 2 grain, 1 ore; Bartek: 1 lumber"."""
    parts = []
    for seat, resources in production.items():
        index = int(seat)
        name = names[index] if 0 <= index < len(names) else "?"
        parts.append(f"{name}: {cards_text(resources)}")
    return "; ".join(parts)


def balance_reasons(reasons: list[dict]) -> list[str]:
    """Why a generated board counts as balanced, one line per check, for the table screen."""
    lines = []
    for reason in reasons or []:
        if not reason.get("ok", True):
            continue  # a check a scenario's own changes broke is not claimed
        check = reason.get("check")
        if check == "red_numbers_apart":
            lines.append(_("No 6 or 8 stands next to another 6 or 8."))
        elif check == "equal_numbers_apart":
            lines.append(_("No two neighbouring hexes carry the same number."))
        elif check == "pips_per_resource":
            values = ", ".join(
                f"{CARD_NAMES.get(r, r)} {v} ({reason['bands'][r][0]}–{reason['bands'][r][1]})"
                for r, v in reason.get("values", {}).items())
            lines.append(_("Every resource gets a fair share of the dice (pips, with the accepted range): %(values)s.")
                         % {"values": values})
        elif check == "red_numbers_per_resource":
            lines.append(_("No resource has more than %(max)s of the 6s and 8s.") % {"max": reason.get("max")})
        elif check == "terrain_clusters":
            lines.append(_("No more than %(max)s hexes of one terrain touch each other.") % {"max": reason.get("max")})
    return lines


TERRAIN_NAMES = {
    "hills": gettext_lazy("hills (brick)"),
    "forest": gettext_lazy("forest (lumber)"),
    "pasture": gettext_lazy("pasture (wool)"),
    "fields": gettext_lazy("fields (grain)"),
    "mountains": gettext_lazy("mountains (ore)"),
    "desert": gettext_lazy("desert"),
}
HARBOUR_NAMES = {
    "generic": gettext_lazy("3:1 any resource"),
    "brick": gettext_lazy("2:1 brick"),
    "lumber": gettext_lazy("2:1 lumber"),
    "wool": gettext_lazy("2:1 wool"),
    "grain": gettext_lazy("2:1 grain"),
    "ore": gettext_lazy("2:1 ore"),
}


def board_problem_texts(codes: list[str]) -> list[str]:
    """What is still missing from a board being entered, for the table screen."""
    texts = {
        "terrain_missing": _("Some hexes have no terrain yet."),
        "terrain_counts": _("The terrains don't match the set (count the hexes of each kind)."),
        "token_missing": _("Some hexes have no number token yet."),
        "token_counts": _("The number tokens don't match the set."),
        "token_on_desert": _("The desert takes no number token."),
        "harbour_counts": _("The harbours don't match the set."),
        "harbours_share_corner": _("Two harbours share an intersection."),
    }
    seen = []
    for code in codes:
        text = texts.get(code) or BOARD_PROBLEMS.get(code) or _("The board is not complete.")
        if text not in seen:
            seen.append(text)
    return seen

