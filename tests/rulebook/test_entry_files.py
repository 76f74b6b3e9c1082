"""The entry files: one per entry and language, TOML front matter + body, strictly checked.

Adding or fixing an entry is a data change only: these tests build small entry folders
in a temporary directory and load them with the same code the site uses."""
import shutil
import textwrap

import pytest

from companion.rulebook import entryfiles, search

ENTRIES = search.ENTRIES_DIR


def write(folder, name, text):
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def entry(folder, slug, game="base", *, en_meta="", pl_meta="", body_en="Some text.", body_pl="Jakiś tekst.",
          title_en=None, title_pl=None):
    """A valid entry pair, plus extra front matter lines."""
    title_en = title_en if title_en is not None else f"Title {slug}"
    title_pl = title_pl if title_pl is not None else f"Tytuł {slug}"
    write(folder, f"{game}/{slug}.en.md",
          f'+++\nid = "{slug}"\ntitle = "{title_en}"\ngames = ["{game}"]\ntopic = "setup"\ntags = ["x"]\n{en_meta}+++\n\n{body_en}\n')
    write(folder, f"{game}/{slug}.pl.md",
          f'+++\nid = "{slug}"\ntitle = "{title_pl}"\ntags = ["y"]\n{pl_meta}+++\n\n{body_pl}\n')


def load_error(folder) -> str:
    with pytest.raises(search.RulebookDataError) as err:
        search._Rulebook(folder)
    return str(err.value)


# ---------------------------------------------------------------- the real files


def test_real_layout_one_file_per_entry_and_language():
    assert not list(ENTRIES.glob("*.toml")) or [p.name for p in ENTRIES.glob("*.toml")] == ["contexts.toml"]
    files = sorted(p for p in ENTRIES.glob("*/*") if not p.name.startswith("."))
    assert len(files) == 2 * len(search.all_entries())
    for e in search.all_entries():
        for lang in search.LANGS:
            path = ENTRIES / e.game / f"{e.slug}.{lang}.md"
            assert path.is_file(), path
            meta, body = entryfiles.split_front_matter(path.read_text(encoding="utf-8"))
            assert meta["id"] == e.slug and meta["title"] == e.title(lang) and body == e.body(lang)
            assert meta["tags"] and set(meta["tags"]) <= set(e.keywords)
            if lang != "en":
                assert not set(meta) & set(entryfiles.SHARED_KEYS), path  # shared metadata lives in .en only


def test_real_entries_keep_their_curated_order():
    entries = search.all_entries()
    assert [e.order for e in entries] == list(range(len(entries)))
    assert [e.slug for e in search.by_topic("base", "setup")][:3] == ["base-resources", "base-setup-board",
                                                                      "base-setup-placement"]


def test_records_match_the_entries():
    records = entryfiles.load_entries(ENTRIES)
    assert [r.slug for r in records] == [e.slug for e in search.all_entries()]
    for r in records:
        assert set(r.files) == set(search.LANGS)
        assert r.games[0] == r.files["en"].parent.name


# ---------------------------------------------------------------- adding an entry is data only


def test_a_copied_folder_with_a_new_entry_loads_and_is_found(tmp_path):
    folder = tmp_path / "entries"
    shutil.copytree(ENTRIES, folder)
    entry(folder, "base-table-talk", en_meta='related = ["base-turn"]\ncontexts = ["phase:robber", "table:talk"]\n',
          title_en="Table talk about zanzibar", title_pl="Rozmowy przy stole o zanzibarze",
          body_en="- Talk\n- Then play", body_pl="Najpierw rozmowa.")
    book = search._Rulebook(folder)
    new = book.by_slug["base-table-talk"]
    assert new.game == "base" and new.games == ("base",) and new.related == ("base-turn",)
    assert new.blocks("en")[0].items == ("Talk", "Then play")
    assert [h.entry.slug for h in book.search("zanzib", "pl", 5, None)] == ["base-table-talk"]
    assert [h.entry.slug for h in book.search("zanzibar", "en", 5, None)] == ["base-table-talk"]
    # contexts named in the front matter come after the ones from contexts.toml
    robber = book.for_context(["phase:robber"], None, None)
    assert robber[0].slug == "base-robber-move" and robber[-1].slug == "base-table-talk"
    assert [e.slug for e in book.for_context(["table:talk"], None, None)] == ["base-table-talk"]
    assert len(book.entries) == len(search.all_entries()) + 1


def test_an_entry_can_belong_to_several_games(tmp_path):
    entry(tmp_path, "ck-shared", game="cities-knights", en_meta="", title_en="Shared rule")
    path = tmp_path / "cities-knights" / "ck-shared.en.md"
    path.write_text(path.read_text(encoding="utf-8").replace('games = ["cities-knights"]',
                                                             'games = ["cities-knights", "traders-barbarians"]'),
                    encoding="utf-8")
    book = search._Rulebook(tmp_path)
    e = book.by_slug["ck-shared"]
    assert e.game == "cities-knights" and e.games == ("cities-knights", "traders-barbarians")
    assert book.search("shared", "en", 5, ["traders-barbarians"])
    assert not book.search("shared", "en", 5, ["base"])


def test_order_is_optional_and_sorts_within_a_game(tmp_path):
    entry(tmp_path, "base-b", en_meta="order = 5\n")
    entry(tmp_path, "base-a")
    entry(tmp_path, "base-c", en_meta="order = 1\n")
    entry(tmp_path, "ep-z", game="explorers-pirates", en_meta="order = 0\n")
    assert [e.slug for e in search._Rulebook(tmp_path).entries] == ["base-c", "base-b", "base-a", "ep-z"]


def test_crlf_and_bom_are_accepted(tmp_path):
    entry(tmp_path, "base-x")
    path = tmp_path / "base" / "base-x.pl.md"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_text(encoding="utf-8").replace("\n", "\r\n").encode())
    assert search._Rulebook(tmp_path).by_slug["base-x"].body_pl == "Jakiś tekst."


# ---------------------------------------------------------------- bad data names the file


def test_missing_language_is_named(tmp_path):
    entry(tmp_path, "base-x")
    (tmp_path / "base" / "base-x.pl.md").unlink()
    message = load_error(tmp_path)
    assert "base/base-x.en.md: no Polish file" in message and "base-x.pl.md" in message


def test_duplicate_id_across_games(tmp_path):
    entry(tmp_path, "base-x")
    entry(tmp_path, "base-x", game="cities-knights")
    assert "duplicate id base-x" in load_error(tmp_path)


def test_id_must_match_the_file_name(tmp_path):
    entry(tmp_path, "base-x")
    path = tmp_path / "base" / "base-x.pl.md"
    path.write_text(path.read_text(encoding="utf-8").replace('id = "base-x"', 'id = "base-y"'), encoding="utf-8")
    assert "base/base-x.pl.md: id 'base-y' does not match the file name" in load_error(tmp_path)


def test_unknown_related_id(tmp_path):
    entry(tmp_path, "base-x", en_meta='related = ["base-nope"]\n')
    assert "base/base-x.en.md: unknown related id base-nope" in load_error(tmp_path)


def test_related_to_itself(tmp_path):
    entry(tmp_path, "base-x", en_meta='related = ["base-x"]\n')
    assert "related to itself" in load_error(tmp_path)


@pytest.mark.parametrize(
    "kwargs, expected",
    [
        ({"body_pl": ""}, "base/base-x.pl.md: empty body"),
        ({"body_en": "   \n\n"}, "base/base-x.en.md: empty body"),
        ({"title_en": " "}, "base/base-x.en.md: empty title"),
        ({"title_pl": ""}, "base/base-x.pl.md: empty title"),
        ({"pl_meta": "tags = []\n"}, "base/base-x.pl.md: front matter is not valid TOML"),  # tags twice
        ({"en_meta": 'colour = "red"\n'}, "base/base-x.en.md: unknown key 'colour'"),
        ({"pl_meta": 'topic = "setup"\n'}, "base/base-x.pl.md: topic belongs in the .en.md file only"),
        ({"en_meta": 'related = "base-turn"\n'}, "base/base-x.en.md: related must be a list of strings"),
        ({"en_meta": 'related = [""]\n'}, "base/base-x.en.md: empty string in related"),
        ({"en_meta": 'order = "first"\n'}, "base/base-x.en.md: order must be an integer"),
        ({"en_meta": 'contexts = ["Phase Robber"]\n'}, "base/base-x.en.md: bad context key"),
    ],
)
def test_bad_fields_are_rejected_naming_the_file(tmp_path, kwargs, expected):
    entry(tmp_path, "base-x", **kwargs)
    assert expected in load_error(tmp_path)


@pytest.mark.parametrize(
    "old, new, expected",
    [
        ('topic = "setup"', 'topic = "nonsense"', "unknown topic 'nonsense'"),
        ('games = ["base"]', 'games = ["monopoly"]', "unknown game 'monopoly'"),
        ('games = ["base"]', 'games = []', "empty games"),
        ('games = ["base"]', 'games = ["cities-knights"]', "belongs in the folder of its first game, cities-knights/"),
        ('topic = "setup"\n', "", "missing topic"),
        ('tags = ["x"]', "tags = []", "empty tags"),
        ("+++\nid", "id", "must start with a +++ line"),
        ("\n+++\n\nSome", "\n\nSome", "front matter is not closed"),
        ('title = "Title base-x"', "title = Title", "not valid TOML"),
    ],
)
def test_bad_english_front_matter(tmp_path, old, new, expected):
    entry(tmp_path, "base-x")
    path = tmp_path / "base" / "base-x.en.md"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    message = load_error(tmp_path)
    assert "base/base-x.en.md" in message and expected in message


@pytest.mark.parametrize(
    "name, named, expected",
    [
        ("base/base-x.de.md", "base/base-x.de.md", "unknown language 'de'"),
        ("base/base-x.md", "base/base-x.md", "unexpected name"),
        ("base/Base_X.en.md", "base/Base_X.en.md", "unexpected name"),
        ("monopoly/base-x.en.md", "/monopoly", "unknown game folder"),
        ("base.toml", "/base.toml", "unexpected file"),  # the old one-file-per-game format
    ],
)
def test_stray_files_are_rejected(tmp_path, name, named, expected):
    entry(tmp_path, "base-y")
    write(tmp_path, name, "+++\n+++\nx\n")
    message = load_error(tmp_path)
    assert f"{named}: {expected}" in message


def test_hidden_files_are_ignored(tmp_path):
    entry(tmp_path, "base-y")
    write(tmp_path, "base/.base-y.en.md.swp", "junk")
    write(tmp_path, ".DS_Store", "junk")
    assert [e.slug for e in search._Rulebook(tmp_path).entries] == ["base-y"]


def test_contexts_file_is_checked(tmp_path):
    entry(tmp_path, "base-y")
    write(tmp_path, "contexts.toml", '[contexts]\n"phase:x" = ["base-nope"]\n[aliases]\n"px" = "phase:nope"\n')
    message = load_error(tmp_path)
    assert "contexts.toml: context phase:x: unknown entry id base-nope" in message
    assert "contexts.toml: alias px: unknown context phase:nope" in message
    write(tmp_path, "contexts.toml", '[context]\n"phase:x" = ["base-y"]\n')
    assert "contexts.toml: unknown table [context]" in load_error(tmp_path)


def test_every_problem_is_listed_at_once(tmp_path):
    entry(tmp_path, "base-x", body_en="")
    entry(tmp_path, "base-y", en_meta='related = ["base-nope"]\n')
    message = load_error(tmp_path)
    assert "base/base-x.en.md: empty body" in message and "base/base-y.en.md: unknown related id" in message


def test_problems_are_listed_one_by_one(tmp_path):
    entry(tmp_path, "base-x", body_en="", title_pl="")
    with pytest.raises(search.RulebookDataError) as err:
        search._Rulebook(tmp_path)
    assert len(err.value.problems) == 2
    assert all(p.startswith(f"{tmp_path.name}/base/base-x.") for p in err.value.problems)


def test_check_command(tmp_path, capsys):
    assert search.main([]) == 0
    assert f"{len(search.all_entries())} entries" in capsys.readouterr().out
    entry(tmp_path, "base-x", en_meta='related = ["base-nope"]\n')
    assert search.main([str(tmp_path)]) == 1
    assert "base/base-x.en.md: unknown related id base-nope" in capsys.readouterr().err
