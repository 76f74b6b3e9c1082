"""Rule lookup: the rule entries, an index over them, and the queries the views need.

Pure Python, standard library only (no Django), so the engine, the views and the
tests can all use it. The entries live in ``entries/<game>/<id>.<lang>.md`` (one file
per entry and language, read and validated by ``entryfiles``) and
``entries/contexts.toml`` says which entries matter in which game situation.

Everything is loaded and indexed once, on first use (thread-safe), and then kept.

Public API::

    search(query, lang, limit=20, games=None) -> list[Entry]
    search_hits(query, lang, limit=20, games=None) -> list[Hit]   # with scores and terms
    get(slug) -> Entry | None
    all_entries() -> list[Entry]
    by_game(game) -> list[Entry]
    by_topic(game, topic) -> list[Entry]
    topics_for(game) -> list[str]
    for_context(keys, games=None, limit=None) -> list[Entry]
    context_keys() -> list[str]
    query_terms(query) -> list[str]          # the folded terms a query searches for
    term_matches(word, terms) -> bool
    highlight_spans(text, terms) -> list[(start, end)]
    snippet(entry, lang, terms, width=180) -> str
    fold(text) / tokens(text) / stem(word) / stem_pl(word) / stem_en(word)
    reload(directory=None)                   # after editing the entry files
    main(argv=None) -> int                   # python -m companion.rulebook.search [DIR]: check them
    GAMES, TOPICS, LANGS, Entry, Block, Hit, RulebookDataError

`games=` filters keep an entry if any of the games it belongs to (`Entry.games`) is
chosen; `Entry.game` is its first (home) game.

`limit=0` (or None) means no limit. `lang` is "pl" or "en" (anything starting with
"pl" is Polish, everything else English).

Search is forgiving: Polish diacritics are folded on both sides (ą→a, ł→l, ż/ź→z …),
words are lightly stemmed (Polish and English suffixes), and every term also matches
as a prefix of a longer word, so results appear while the player is still typing.
Title hits rank above keyword hits, which rank above body hits; an exact word ranks
above a stemmed one, which ranks above a prefix.
"""
from __future__ import annotations

import bisect
import re
import threading
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable

# GAMES, LANGS, TOPICS and RulebookDataError are part of this module's API too.
from companion.rulebook.entryfiles import GAMES, LANGS, TOPICS, EntryRecord, RulebookDataError, load_contexts, load_entries  # noqa: F401

# How much being of the game played counts in a search made from a game: as much as a
# keyword hit, more than a title that starts with the query (another game's "Robber
# Attack" does not pass the base game's "Moving the robber"), less than a title hit (a
# passing mention in the game played stays below another game's entry about it).
PLAYED_BONUS = 6.0

ENTRIES_DIR = Path(__file__).resolve().with_name("entries")

# Field weights: a title hit beats a keyword hit beats a hit in the other language's
# title beats a body hit.
W_TITLE = 10.0
W_KEYWORD = 6.0
W_OTHER_TITLE = 3.0
W_BODY = 1.0
# Match quality factors.
Q_EXACT = 1.0
Q_STEM = 0.8
Q_PREFIX_MIN = 0.45  # plus up to 0.25 the closer the prefix is to the whole word

_MIN_PREFIX = 2

STOPWORDS = frozenset(
    """
    a an the of to in on at is are was be been do does did can could may might must
    should will would i you he she it we they me my your his her its our their this
    that these those there what which who whom whose when where why how if then than
    and or but not no so for with without from by as into about
    w we z ze na do od po za o u i oraz lub albo czy jak co to ten ta te tego tej tym
    jest sa byc sie mi mnie ja ty on ona my wy oni moge mozna moze kiedy gdy jesli
    jezeli dla przy przez pod nad ktory ktora ktore ktorzy tak juz
    """.split()
)


# --------------------------------------------------------------------------- text


_FOLD_TABLE = str.maketrans(
    {
        **{c: "a" for c in "ąàáâãäåā"}, **{c: "c" for c in "ćçč"}, **{c: "e" for c in "ęèéêëēě"},
        **{c: "i" for c in "ìíîïī"}, "ł": "l", **{c: "n" for c in "ńñň"}, **{c: "o" for c in "óòôõöō"},
        **{c: "s" for c in "śšş"}, **{c: "u" for c in "ùúûüūů"}, **{c: "z" for c in "źżž"}, "ý": "y",
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ř": "r", "ť": "t", "ď": "d",
    }
)
_WORD_RE = re.compile(r"[a-z0-9]+")
_RAW_WORD_RE = re.compile(r"\w+", re.UNICODE)
_COMBINING_RE = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]+")
_NON_ASCII_RE = re.compile(r"[^\x00-\x7f]")


def fold(text: str) -> str:
    """Lower-case and strip diacritics: "Złodziej, Żółw" -> "zlodziej, zolw"."""
    text = text.lower()
    if text.isascii():
        return text
    text = text.translate(_FOLD_TABLE)
    if text.isascii():
        return text
    # Anything else: strip combining marks; other non-ASCII characters (dashes,
    # quotes, arrows …) become spaces so they still separate words.
    text = _COMBINING_RE.sub("", unicodedata.normalize("NFKD", text))
    return _NON_ASCII_RE.sub(" ", text)


@lru_cache(maxsize=8192)
def _fold_word(word: str) -> str:
    return fold(word)


def tokens(text: str) -> list[str]:
    """Folded words and numbers of a text."""
    return _WORD_RE.findall(fold(text))


# Polish suffixes, longest first (folded, so "ą"/"ę" are already "a"/"e").
_PL_SUFFIXES = tuple(
    sorted(
        """owych owego owej owym owie owe owa owy ami ach ego emu ich ych imi ymi owi ow
        om em ie ia iu ii ej ym im a e i o u y""".split(),
        key=len,
        reverse=True,
    )
)
_EN_SPELLING = (("harbour", "harbor"), ("neighbour", "neighbor"), ("colour", "color"),
                ("armour", "armor"), ("defence", "defense"), ("favour", "favor"))


@lru_cache(maxsize=16384)
def stem_pl(word: str) -> str:
    """A light Polish stemmer on a folded word: rycerze/rycerza/rycerzy/rycerzami -> rycerz."""
    if word.isdigit() or len(word) < 4:
        return word
    for suffix in _PL_SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "ej" and word.endswith("iej"):
                continue  # złodziej, not an adjective ending
            return word[: -len(suffix)]
    return word


@lru_cache(maxsize=16384)
def stem_en(word: str) -> str:
    """A light English stemmer on a folded word: knights -> knight, cities -> city, moving -> mov."""
    if word.isdigit() or len(word) < 4:
        return word
    for british, american in _EN_SPELLING:
        if word.startswith(british):
            word = american + word[len(british):]
            break
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
                word = word[:-1]  # robbed -> robb -> rob
            break
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    return word


@lru_cache(maxsize=16384)
def stem(word: str) -> frozenset[str]:
    """Both stems of a folded word (Polish and English rules); any may match."""
    return frozenset((stem_pl(word), stem_en(word)))


# --------------------------------------------------------------------------- entries


@dataclass(frozen=True)
class Block:
    """A piece of an entry's body: a paragraph (kind "p", text) or a list (kind "ul", items)."""

    kind: str
    text: str = ""
    items: tuple[str, ...] = ()


@dataclass(frozen=True)
class Entry:
    """One rule entry in both languages. `game` is its first (home) game; `games` all the
    games it belongs to. `keywords` are the tags of both languages (searched in both)."""

    slug: str
    game: str
    topic: str
    title_en: str
    title_pl: str
    body_en: str
    body_pl: str
    keywords: tuple[str, ...] = ()
    related: tuple[str, ...] = ()
    order: int = 0
    games: tuple[str, ...] = ()
    contexts: tuple[str, ...] = ()

    def __post_init__(self):
        if not self.games:
            object.__setattr__(self, "games", (self.game,))

    @property
    def id(self) -> str:
        return self.slug

    def in_games(self, games) -> bool:
        return any(g in games for g in self.games)

    def title(self, lang: str) -> str:
        return self.title_pl if _lang(lang) == "pl" else self.title_en

    def body(self, lang: str) -> str:
        return self.body_pl if _lang(lang) == "pl" else self.body_en

    def blocks(self, lang: str) -> list[Block]:
        """The body as paragraphs and bullet lists (lines starting with "- ")."""
        return _blocks(self.body(lang))

    def summary(self, lang: str, width: int = 180) -> str:
        """The first paragraph (or first list item), cut at a word boundary."""
        for block in self.blocks(lang):
            text = block.text or (block.items[0] if block.items else "")
            if text:
                return _shorten(text, width)
        return ""

    def related_entries(self) -> list["Entry"]:
        return [e for e in (get(s) for s in self.related) if e is not None]


def _lang(lang: str | None) -> str:
    return "pl" if (lang or "").lower().startswith("pl") else "en"


def _shorten(text: str, width: int) -> str:
    text = " ".join(text.split())
    if len(text) <= width:
        return text
    cut = text.rfind(" ", 0, width - 1)
    return text[: cut if cut > width // 2 else width - 1].rstrip(",;:—– ") + "…"


@lru_cache(maxsize=1024)
def _blocks_cached(body: str) -> tuple[Block, ...]:
    """Blank lines separate blocks; lines starting with "- " are list items, and an
    indented line right after an item continues it."""
    blocks: list[Block] = []
    for chunk in re.split(r"\n\s*\n", body.strip("\n")):
        para: list[str] = []
        items: list[str] = []
        for raw in chunk.splitlines():
            line = raw.strip()
            if not line:
                continue
            if line.startswith("- "):
                if para:
                    blocks.append(Block("p", text=" ".join(para)))
                    para = []
                items.append(line[2:].strip())
            elif items and raw[:1].isspace():
                items[-1] = f"{items[-1]} {line}"
            else:
                if items:
                    blocks.append(Block("ul", items=tuple(items)))
                    items = []
                para.append(line)
        if para:
            blocks.append(Block("p", text=" ".join(para)))
        if items:
            blocks.append(Block("ul", items=tuple(items)))
    return tuple(blocks)


def _blocks(body: str) -> list[Block]:
    return list(_blocks_cached(body))


# --------------------------------------------------------------------------- loading


class _LangIndex:
    """Inverted index of one language: word and stem postings, plus a sorted word list."""

    def __init__(self, entries: list[Entry], lang: str):
        other = "pl" if lang == "en" else "en"
        self.word_post: dict[str, dict[int, float]] = {}
        self.stem_post: dict[str, dict[int, float]] = {}
        self.title_words: list[tuple[str, ...]] = []
        self.title_text: list[str] = []
        for i, e in enumerate(entries):
            title = tokens(e.title(lang))
            self.title_words.append(tuple(title))
            self.title_text.append(" ".join(title))
            # Long titles weigh a little less than short ones.
            title_weight = W_TITLE * (0.7 + 0.3 * min(1.0, 3 / max(1, len(title))))
            fields = (
                (title_weight, title),
                (W_KEYWORD, [w for k in e.keywords for w in tokens(k)]),
                (W_OTHER_TITLE, tokens(e.title(other))),
                (W_BODY, tokens(e.body(lang))),
            )
            best: dict[str, float] = {}
            for weight, words in fields:
                for w in set(words):
                    if weight > best.get(w, 0.0):
                        best[w] = weight
            best_stem: dict[str, float] = {}
            for w, weight in best.items():
                self.word_post.setdefault(w, {})[i] = weight
                for st in stem(w):
                    if weight > best_stem.get(st, 0.0):
                        best_stem[st] = weight
            for st, weight in best_stem.items():
                self.stem_post.setdefault(st, {})[i] = weight
        self.sorted_words = sorted(self.word_post)
        self._prefix_cache: dict[str, dict[int, float]] = {}
        self._lock = threading.Lock()
        # Short prefixes match many words: compute them all now, so that the first
        # letters typed are as fast as the rest.
        self._prefix_fixed: dict[str, dict[int, float]] = {}
        for n in (2, 3):
            for word in self.sorted_words:
                if len(word) <= n or word[:n].isdigit():
                    continue
                row = self._prefix_fixed.setdefault(word[:n], {})
                quality = Q_PREFIX_MIN + 0.25 * n / len(word)
                for i, w in self.word_post[word].items():
                    score = w * quality
                    if score > row.get(i, 0.0):
                        row[i] = score

    def prefix_scores(self, term: str) -> dict[int, float]:
        """Best prefix score per entry for words that start with `term` (longer than it)."""
        if len(term) <= 3:
            return self._prefix_fixed.get(term, {})
        cached = self._prefix_cache.get(term)
        if cached is not None:
            return cached
        result: dict[int, float] = {}
        start = bisect.bisect_left(self.sorted_words, term)
        for word in self.sorted_words[start:]:
            if not word.startswith(term):
                break
            if word == term:
                continue
            quality = Q_PREFIX_MIN + 0.25 * len(term) / len(word)
            for i, w in self.word_post[word].items():
                score = w * quality
                if score > result.get(i, 0.0):
                    result[i] = score
        with self._lock:
            if len(self._prefix_cache) > 4096:
                self._prefix_cache.clear()
            self._prefix_cache[term] = result
        return result


class _Rulebook:
    def __init__(self, directory: Path):
        self.entries: list[Entry] = []
        self.by_slug: dict[str, Entry] = {}
        self.position: dict[str, int] = {}
        self.contexts: dict[str, tuple[str, ...]] = {}
        self.aliases: dict[str, str] = {}
        self.patterns: dict[str, str] = {}
        self.extra_contexts: dict[str, list[str]] = {}
        self.first: dict[str, dict[str, tuple[str, ...]]] = {}  # [first.<game>] of contexts.toml
        self._load(directory)
        self.index = {lang: _LangIndex(self.entries, lang) for lang in LANGS}

    # -- loading and validation

    def _load(self, directory: Path) -> None:
        for order, record in enumerate(load_entries(directory)):
            entry = _entry(record, order)
            self.by_slug[entry.slug] = entry
            self.position[entry.slug] = len(self.entries)
            self.entries.append(entry)
        ctx = load_contexts(directory)
        where = f"{directory.name}/contexts.toml"
        problems: list[str] = []
        for key, slugs in ctx.get("contexts", {}).items():
            for s in slugs:
                if s not in self.by_slug:
                    problems.append(f"{where}: context {key}: unknown entry id {s}")
            self.contexts[key] = tuple(slugs)
        for alias, target in ctx.get("aliases", {}).items():
            if target not in self.contexts:
                problems.append(f"{where}: alias {alias}: unknown context {target}")
            self.aliases[alias] = target
        self.patterns = dict(ctx.get("patterns", {}))
        # An expansion's own version of a situation's rules, listed first in its games.
        for game, table in ctx.get("first", {}).items():
            for key, slugs in table.items():
                canonical = self._canonical(key)
                if canonical not in self.contexts:
                    problems.append(f"{where}: [first.{game}] {key}: unknown context")
                for s in slugs:
                    if s not in self.by_slug:
                        problems.append(f"{where}: [first.{game}] {key}: unknown entry id {s}")
                    elif not self.by_slug[s].in_games((game,)):
                        problems.append(f"{where}: [first.{game}] {key}: {s} is not an entry of {game}")
                self.first.setdefault(game, {})[canonical] = tuple(slugs)
        # Context keys named in the entries' own front matter come after the ones listed
        # in contexts.toml (or found by a pattern), in entry order.
        for e in self.entries:
            for key in e.contexts:
                key = self.aliases.get(key, key)
                extra = self.extra_contexts.setdefault(key, [])
                if e.slug not in extra:
                    extra.append(e.slug)
        if problems:
            raise RulebookDataError(problems)

    # -- queries

    def search(self, query: str, lang: str, limit: int, games: Iterable[str] | None,
               playing: Iterable[str] | None = None) -> list["Hit"]:
        terms, prefix_only = _query_terms(query)
        if not terms:
            return []
        idx = self.index[_lang(lang)]
        allowed = set(games) if games else None
        per_term: list[dict[int, float]] = []
        for term in terms:
            scores: dict[int, float] = {}
            if term not in prefix_only:
                for i, w in idx.word_post.get(term, {}).items():
                    scores[i] = w * Q_EXACT
                for s in stem(term):
                    for i, w in idx.stem_post.get(s, {}).items():
                        v = w * Q_STEM
                        if v > scores.get(i, 0.0):
                            scores[i] = v
            if len(term) >= _MIN_PREFIX and not term.isdigit():
                for i, v in idx.prefix_scores(term).items():
                    if v > scores.get(i, 0.0):
                        scores[i] = v
            per_term.append(scores)
        candidates: dict[int, list[float]] = {}
        for n, scores in enumerate(per_term):
            for i, v in scores.items():
                candidates.setdefault(i, [0.0] * len(terms))[n] = v
        if allowed is not None:
            candidates = {i: v for i, v in candidates.items() if self.entries[i].in_games(allowed)}
        full = {i: v for i, v in candidates.items() if all(v)}
        pool = full or candidates
        phrase = " ".join(terms)
        n_terms = len(terms)
        entries = self.entries
        # In a game, the entries of the game being played rank first among hits alike:
        # its "Moving the robber" before another game's robber event.
        played = set(playing or ())
        ranked = []
        for i, values in pool.items():
            score = sum(values)
            title = idx.title_words[i]
            lead = 0
            for word, term in zip(title, terms):
                if not (word == term or _word_matches(word, term)):
                    break
                lead += 1
            if lead == n_terms:
                score += 4.0  # the title starts with the query
                if len(title) == n_terms:
                    score += 4.0  # the title is the query
            elif n_terms > 1 and phrase in idx.title_text[i]:
                score += 2.0
            matched = n_terms - values.count(0.0)
            if entries[i].in_games(played):
                score += PLAYED_BONUS
            ranked.append((-matched, -score, entries[i].order, i))
        # Rank plain tuples and make Hit objects only for the ones returned: a two-letter
        # prefix matches most entries.
        ranked.sort()
        if limit:
            ranked = ranked[:limit]
        terms_t = tuple(terms)
        return [Hit(entries[i], -neg_score, -neg_matched, terms_t) for neg_matched, neg_score, _, i in ranked]

    def for_context(self, keys: Iterable[str], games: Iterable[str] | None, limit: int | None) -> list[Entry]:
        allowed = set(games) | {"base"} if games else None
        # The expansions in play put their own version of a situation's rules first.
        firsts = [self.first[g] for g in GAMES if allowed and g in allowed and g in self.first]
        lists: list[tuple[str, ...]] = []
        for key in keys:
            key = key.strip().lower()
            if not key:
                continue
            key = self._canonical(key)
            slugs = self._context_slugs(key)
            first = tuple(s for table in firsts for s in table.get(key, ()))
            if first:
                slugs = _unique(first + slugs)
            if slugs:
                lists.append(slugs)
        seen: set[str] = set()
        ordered: list[str] = []
        # The head of every key first (the most direct answer to each situation),
        # then the rest in key order.
        for slugs in lists:
            for s in slugs:
                if self._ok(s, allowed) and s not in seen:
                    seen.add(s)
                    ordered.append(s)
                    break
        for slugs in lists:
            for s in slugs:
                if self._ok(s, allowed) and s not in seen:
                    seen.add(s)
                    ordered.append(s)
        result = [self.by_slug[s] for s in ordered]
        return result[:limit] if limit else result

    def _ok(self, slug: str, allowed: set[str] | None) -> bool:
        return allowed is None or self.by_slug[slug].in_games(allowed)

    def _canonical(self, key: str) -> str:
        """The key contexts.toml lists a situation under (aliases and "_" resolved)."""
        key = self.aliases.get(key, key)
        if key not in self.contexts:  # engine names use "_", context keys "-"
            dashed = key.replace("_", "-")
            key = self.aliases.get(dashed, dashed)
        return key

    def _context_slugs(self, key: str) -> tuple[str, ...]:
        key = self._canonical(key)
        extra = tuple(self.extra_contexts.get(key, ()))
        if key in self.contexts:
            return _unique(self.contexts[key] + extra)
        kind, _, name = key.partition(":")
        if kind == "entry" and name in self.by_slug:
            return (name,)
        prefix = self.patterns.get(kind)
        if prefix is not None and name:
            slug = prefix + name.replace("_", "-")
            entry = self.by_slug.get(slug)
            if entry is not None:
                return _unique((slug, *entry.related, *extra))
        return extra


def _unique(slugs: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(slugs))


def _entry(record: EntryRecord, order: int) -> Entry:
    return Entry(
        slug=record.slug,
        game=record.games[0],
        games=record.games,
        topic=record.topic,
        title_en=record.titles["en"],
        title_pl=record.titles["pl"],
        body_en=record.bodies["en"],
        body_pl=record.bodies["pl"],
        keywords=tuple(dict.fromkeys(record.tags["en"] + record.tags["pl"])),
        related=record.related,
        contexts=record.contexts,
        order=order,
    )


@dataclass(frozen=True)
class Hit:
    entry: Entry
    score: float
    matched: int
    terms: tuple[str, ...]


def _query_terms(query: str) -> tuple[list[str], set[str]]:
    """Folded query words without stopwords (kept if the query is only stopwords).

    While typing, the last word is usually incomplete: a last word that is a stopword is
    kept, but only as a prefix (so "po" can still grow into "port")."""
    words = tokens(query)
    words = [w for w in words if len(w) > 1 or w.isdigit()]
    if not words:
        return [], set()
    typing = not query[-1:].isspace()
    kept = [w for w in words if w not in STOPWORDS]
    prefix_only: set[str] = set()
    if not kept:
        kept = words
    elif typing and words[-1] in STOPWORDS and words[-1] not in kept:
        kept.append(words[-1])
        prefix_only.add(words[-1])
    # de-duplicate, keep order
    seen: set[str] = set()
    terms = [w for w in kept if not (w in seen or seen.add(w))]
    return terms, prefix_only


# --------------------------------------------------------------------------- module API

_rulebook: _Rulebook | None = None
_load_lock = threading.Lock()


def _book() -> _Rulebook:
    global _rulebook
    if _rulebook is None:
        with _load_lock:
            if _rulebook is None:
                _rulebook = _Rulebook(ENTRIES_DIR)
    return _rulebook


def reload(directory: Path | None = None) -> None:
    """Load the entries again (after editing the files, or from another directory in tests)."""
    global _rulebook
    with _load_lock:
        _rulebook = _Rulebook(directory or ENTRIES_DIR)


def all_entries() -> list[Entry]:
    return list(_book().entries)


def get(slug: str) -> Entry | None:
    return _book().by_slug.get(slug)


def by_game(game: str) -> list[Entry]:
    """The entries that belong to `game` (an entry may belong to several games)."""
    return [e for e in _book().entries if game in e.games]


def by_topic(game: str, topic: str) -> list[Entry]:
    return [e for e in _book().entries if game in e.games and e.topic == topic]


def topics_for(game: str) -> list[str]:
    """The topics a game has entries for, in TOPICS order."""
    present = {e.topic for e in _book().entries if game in e.games}
    return [t for t in TOPICS if t in present]


def search_hits(query: str, lang: str, limit: int = 20, games: Iterable[str] | None = None,
                playing: Iterable[str] | None = None) -> list[Hit]:
    return _book().search(query or "", lang, limit, games, playing)


def search(query: str, lang: str, limit: int = 20, games: Iterable[str] | None = None,
           playing: Iterable[str] | None = None) -> list[Entry]:
    """Entries matching `query` in language `lang` ("pl" or "en"), best first.

    `games` keeps only entries of those games; `playing` names the games of the game being
    played (a game's rules links say which: companion/web/rule_links.py), whose entries come before
    those of other games that match the query about as well."""
    return [h.entry for h in search_hits(query, lang, limit, games, playing)]


def for_context(keys: Iterable[str] | str, games: Iterable[str] | None = None, limit: int | None = None) -> list[Entry]:
    """Entries relevant in a game situation, most direct answers first.

    `keys` are situation keys ("phase:robber", "barbarian-attack", "dev-card:knight",
    "progress:alchemist", "event:earthquake", "build:city" …), as a list or a
    comma-separated string. `games`, if given, keeps only entries of those games (the
    base game is always kept: every expansion builds on it), and an expansion among them
    puts its own version of a situation's rules first (contexts.toml's [first.<game>])."""
    if isinstance(keys, str):
        keys = keys.split(",")
    return _book().for_context(keys, games, limit)


def context_keys() -> list[str]:
    """The context keys listed in contexts.toml or an entry's front matter, and their aliases
    (pattern keys such as "dev-card:knight" are not listed: there is one per entry)."""
    book = _book()
    return sorted(set(book.contexts) | set(book.aliases) | set(book.extra_contexts))


def query_terms(query: str) -> list[str]:
    return _query_terms(query)[0]


def _word_matches(word: str, term: str) -> bool:
    """A folded word matches a folded term exactly, by stem, or as a prefix."""
    if word == term:
        return True
    if not term.isdigit() and len(term) >= _MIN_PREFIX and word.startswith(term):
        return True
    return bool(stem(word) & stem(term))


def term_matches(word: str, terms: Iterable[str]) -> bool:
    """Whether a (raw) word of a text matches one of the folded query terms."""
    w = _fold_word(word)
    return any(_word_matches(w, t) for t in terms)


def highlight_spans(text: str, terms: Iterable[str]) -> list[tuple[int, int]]:
    """(start, end) of the words of `text` that match the query terms."""
    terms = tuple(terms)
    if not terms:
        return []
    return [m.span() for m in _RAW_WORD_RE.finditer(text) if term_matches(m.group(), terms)]


def snippet(entry: Entry, lang: str, terms: Iterable[str], width: int = 180) -> str:
    """The first paragraph or list item of the body that mentions a term, shortened
    around the first match; the summary if none does."""
    terms = tuple(terms)
    for block in entry.blocks(lang):
        for text in (block.text,) if block.kind == "p" else block.items:
            spans = highlight_spans(text, terms)
            if spans:
                start = spans[0][0]
                if start > width // 2:
                    cut = text.rfind(" ", 0, start - width // 4)
                    text = "…" + text[cut + 1:] if cut > 0 else text
                return _shorten(text, width)
    return entry.summary(lang, width)


def main(argv: list[str] | None = None) -> int:
    """`python -m companion.rulebook.search [DIR]`: check the entry files (by loading them
    as the search does, contexts.toml too), print the problems."""
    import sys

    args = sys.argv[1:] if argv is None else argv
    directory = Path(args[0]) if args else ENTRIES_DIR
    try:
        book = _Rulebook(directory)
    except RulebookDataError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 1
    print(f"{len(book.entries)} entries in {len(LANGS)} languages, {len(book.contexts)} contexts: OK")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
