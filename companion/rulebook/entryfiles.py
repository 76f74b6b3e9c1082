"""Reading the rule entry files: one file per entry and language, strictly validated.

Layout (see README.md)::

    entries/contexts.toml                  which entries matter in which game situation
    entries/<game>/<id>.en.md              English text + the entry's shared metadata
    entries/<game>/<id>.pl.md              Polish text

Every file starts with a TOML front matter between two ``+++`` lines (parsed with
``tomllib``), followed by the body text::

    +++
    id = "base-robber-move"
    title = "Moving the robber"
    games = ["base"]
    topic = "robber"
    tags = ["robber", "move robber"]
    related = ["base-robber-steal"]
    +++

    A paragraph.

    - A list item

The English file holds the metadata shared by both languages (``games``, ``topic``,
``related``, ``order``, ``contexts``); the Polish file only its own ``id``, ``title``
and ``tags``. No Django: the standard library, and the layers' registry for their topics.

Anything wrong (a missing language, an unknown key, a duplicate id, an empty title …)
raises :class:`RulebookDataError` naming the file, with every problem found listed.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from companion.layers import LAYERS

LANGS = ("en", "pl")
LANG_NAMES = {"en": "English", "pl": "Polish"}
GAMES = ("base", "cities-knights", "traders-barbarians", "explorers-pirates")
TOPICS = (
    "setup",
    "turn",
    "building",
    "trading",
    "robber",
    "development-cards",
    "knights",
    "barbarians",
    "city-improvements",
    "progress-cards",
    # the topics the layers' own rules bring (Layer.rule_topics) come here
    "ships",
    "missions",
    "scenario",
    "variants",
    "scoring",
)
# Every topic, in the library's order: the books' own, with the layers' chapters (the Events of
# Catan deck's) after the rules every book shares.
_SHARED_END = TOPICS.index("progress-cards") + 1
TOPICS = (*TOPICS[:_SHARED_END],
          *dict.fromkeys(topic for layer in LAYERS for topic in layer.rule_topics),
          *TOPICS[_SHARED_END:])

CONTEXTS_FILE = "contexts.toml"
FRONT_MATTER = "+++"
SLUG_RE = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
FILE_RE = re.compile(r"(?P<slug>[a-z0-9]+(?:-[a-z0-9]+)*)\.(?P<lang>[a-z]{2})\.md")
CONTEXT_KEY_RE = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*(?::[a-z0-9]+(?:[-_][a-z0-9]+)*)?")

# Keys of each language's own file, and the shared keys (in the English file only).
OWN_KEYS = {"id": True, "title": True, "tags": True}  # key -> required
SHARED_KEYS = {"games": True, "topic": True, "related": False, "order": False, "contexts": False}
SHARED_LANG = "en"


class RulebookDataError(ValueError):
    """The entry files are inconsistent (a missing language, a duplicate id, an unknown related id …).

    The message lists every problem found ("file: problem; file: problem"); `problems`
    has them one by one."""

    def __init__(self, problems: str | list[str]):
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__("; ".join(self.problems))


@dataclass(frozen=True)
class EntryRecord:
    """One entry as read from its files (both languages), validated."""

    slug: str
    games: tuple[str, ...]
    topic: str
    titles: dict[str, str]
    bodies: dict[str, str]
    tags: dict[str, tuple[str, ...]]
    related: tuple[str, ...]
    contexts: tuple[str, ...]
    order: int | None
    files: dict[str, Path]


class _Problems(list):
    def add(self, where: str, message: str) -> None:
        self.append(f"{where}: {message}")

    def raise_if_any(self) -> None:
        if self:
            raise RulebookDataError(list(self))


def split_front_matter(text: str) -> tuple[dict, str]:
    """(front matter, body) of an entry file's text. Raises ValueError if malformed."""
    text = text.removeprefix("\ufeff").replace("\r\n", "\n")
    lines = text.split("\n")
    if lines[0].rstrip() != FRONT_MATTER:
        raise ValueError(f"must start with a {FRONT_MATTER} line (TOML front matter)")
    for end in range(1, len(lines)):
        if lines[end].rstrip() == FRONT_MATTER:
            break
    else:
        raise ValueError(f"front matter is not closed by a second {FRONT_MATTER} line")
    try:
        meta = tomllib.loads("\n".join(lines[1:end]))
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"front matter is not valid TOML ({exc})") from None
    return meta, "\n".join(lines[end + 1:]).strip()


def _string(meta: dict, key: str) -> str:
    value = meta[key]
    if not isinstance(value, str):
        raise ValueError(f"{key} must be a string")
    value = value.strip()
    if not value:
        raise ValueError(f"empty {key}")
    return value


def _strings(meta: dict, key: str, required: bool) -> tuple[str, ...]:
    value = meta.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{key} must be a list of strings")
    items = tuple(v.strip() for v in value)
    if any(not v for v in items):
        raise ValueError(f"empty string in {key}")
    if len(set(items)) != len(items):
        raise ValueError(f"duplicate in {key}")
    if required and not items:
        raise ValueError(f"empty {key}")
    return items


def _read_file(path: Path, where: str, lang: str, problems: _Problems) -> tuple[dict, str] | None:
    try:
        meta, body = split_front_matter(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        problems.add(where, str(exc))
        return None
    allowed = OWN_KEYS | SHARED_KEYS if lang == SHARED_LANG else OWN_KEYS
    for key in meta:
        if key in SHARED_KEYS and lang != SHARED_LANG:
            problems.add(where, f"{key} belongs in the .{SHARED_LANG}.md file only")
        elif key not in allowed:
            problems.add(where, f"unknown key {key!r} (known: {', '.join(allowed)})")
    for key, required in (OWN_KEYS | SHARED_KEYS if lang == SHARED_LANG else OWN_KEYS).items():
        if required and key not in meta:
            problems.add(where, f"missing {key}")
    if not body:
        problems.add(where, "empty body")
    return meta, body


def _where(path: Path, directory: Path) -> str:
    try:
        return f"{directory.name}/{path.relative_to(directory).as_posix()}"
    except ValueError:
        return str(path)


def _entry_files(directory: Path, problems: _Problems) -> dict[str, dict[str, Path]]:
    """slug -> {lang: path}, checking the folder layout."""
    found: dict[str, dict[str, Path]] = {}
    if not directory.is_dir():
        problems.add(str(directory), "no such directory")
        return found
    for child in sorted(directory.iterdir()):
        where = _where(child, directory)
        if child.name.startswith("."):
            continue
        if child.is_file():
            if child.name != CONTEXTS_FILE:
                problems.add(where, f"unexpected file: entries live in <game>/<id>.<lang>.md, games: {', '.join(GAMES)}")
            continue
        if child.name not in GAMES:
            problems.add(where, f"unknown game folder (games: {', '.join(GAMES)})")
            continue
        for path in sorted(child.iterdir()):
            where = _where(path, directory)
            if path.name.startswith("."):
                continue
            m = FILE_RE.fullmatch(path.name)
            if not path.is_file() or not m:
                problems.add(where, "unexpected name: entry files are named <id>.<lang>.md (lower-case id with dashes)")
                continue
            slug, lang = m.group("slug"), m.group("lang")
            if lang not in LANGS:
                problems.add(where, f"unknown language {lang!r} (languages: {', '.join(LANGS)})")
                continue
            langs = found.setdefault(slug, {})
            other = next(iter(langs.values()), None)
            if other is not None and other.parent != path.parent:
                problems.add(where, f"duplicate id {slug} (also {_where(other, directory)})")
                continue
            langs[lang] = path
    return found


def load_entries(directory: Path) -> list[EntryRecord]:
    """Every entry under `directory`, validated; raises RulebookDataError listing all problems."""
    problems = _Problems()
    files = _entry_files(directory, problems)
    records: list[EntryRecord] = []
    for slug, paths in files.items():
        any_path = next(iter(paths.values()))
        for lang in LANGS:
            if lang not in paths:
                problems.add(_where(any_path, directory),
                             f"no {LANG_NAMES[lang]} file {_where(any_path.with_name(f'{slug}.{lang}.md'), directory)}")
        if len(paths) != len(LANGS):
            continue
        read = {}
        for lang in LANGS:
            where = _where(paths[lang], directory)
            result = _read_file(paths[lang], where, lang, problems)
            if result is None:
                continue
            meta, body = result
            try:
                if "id" in meta and _string(meta, "id") != slug:
                    problems.add(where, f"id {meta['id']!r} does not match the file name ({slug})")
                title = _string(meta, "title") if "title" in meta else ""
                tags = _strings(meta, "tags", required=True) if "tags" in meta else ()
            except ValueError as exc:
                problems.add(where, str(exc))
                continue
            read[lang] = (meta, title, body, tags)
        if len(read) != len(LANGS):
            continue
        meta = read[SHARED_LANG][0]
        where = _where(paths[SHARED_LANG], directory)
        try:
            games = _strings(meta, "games", required=True) if "games" in meta else ()
            topic = _string(meta, "topic") if "topic" in meta else ""
            related = _strings(meta, "related", required=False)
            contexts = _strings(meta, "contexts", required=False)
            order = meta.get("order")
            if order is not None and (isinstance(order, bool) or not isinstance(order, int)):
                raise ValueError("order must be an integer")
        except ValueError as exc:
            problems.add(where, str(exc))
            continue
        for game in games:
            if game not in GAMES:
                problems.add(where, f"unknown game {game!r} (games: {', '.join(GAMES)})")
        if games and games[0] != paths[SHARED_LANG].parent.name:
            problems.add(where, f"the file belongs in the folder of its first game, {games[0]}/")
        if topic and topic not in TOPICS:
            problems.add(where, f"unknown topic {topic!r} (topics: {', '.join(TOPICS)})")
        for key in contexts:
            if not CONTEXT_KEY_RE.fullmatch(key):
                problems.add(where, f"bad context key {key!r} (like phase:robber or build:city)")
        if not all(read[lang][1] and read[lang][2] and read[lang][3] for lang in LANGS) or not games or not topic:
            continue  # already reported
        records.append(
            EntryRecord(
                slug=slug,
                games=games,
                topic=topic,
                titles={lang: read[lang][1] for lang in LANGS},
                bodies={lang: read[lang][2] for lang in LANGS},
                tags={lang: read[lang][3] for lang in LANGS},
                related=related,
                contexts=contexts,
                order=order,
                files=dict(paths),
            )
        )
    known = {r.slug for r in records} | set(files)
    for r in records:
        where = _where(r.files[SHARED_LANG], directory)
        for other in r.related:
            if other == r.slug:
                problems.add(where, "related to itself")
            elif other not in known:
                problems.add(where, f"unknown related id {other}")
    problems.raise_if_any()
    rank = {g: i for i, g in enumerate(GAMES)}
    records.sort(key=lambda r: (rank[r.games[0]], r.order is None, r.order or 0, r.slug))
    return records


def load_contexts(directory: Path) -> dict:
    """The parsed contexts.toml ({} if there is none); shape checked, slugs not (see search)."""
    path = directory / CONTEXTS_FILE
    if not path.exists():
        return {}
    where = _where(path, directory)
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise RulebookDataError(f"{where}: {exc}") from None
    problems = _Problems()
    for table in data:
        if table not in ("contexts", "aliases", "patterns", "first"):
            problems.add(where, f"unknown table [{table}]")
    lists = [(f"context {key}", slugs) for key, slugs in data.get("contexts", {}).items()]
    # [first.<game>]: in a game of that expansion, its own version of a situation's rules first.
    for game, table in data.get("first", {}).items():
        if game not in GAMES or game == GAMES[0] or not isinstance(table, dict):
            problems.add(where, f"[first.{game}]: must be a table named after an expansion ({', '.join(GAMES[1:])})")
            continue
        lists += [(f"[first.{game}] {key}", slugs) for key, slugs in table.items()]
    for what, slugs in lists:
        if not isinstance(slugs, list) or not slugs or not all(isinstance(s, str) and s for s in slugs):
            problems.add(where, f"{what}: must be a non-empty list of entry ids")
    for table in ("aliases", "patterns"):
        for key, value in data.get(table, {}).items():
            if not isinstance(value, str) or not value:
                problems.add(where, f"[{table}] {key}: must be a non-empty string")
    problems.raise_if_any()
    return data
