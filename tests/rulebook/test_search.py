"""The rule search: folding, stemming, prefixes, ranking, contexts."""
import pytest

from companion.rulebook import search
from companion.rulebook.search import fold, stem_en, stem_pl


def slugs(results):
    return [e.slug for e in results]


def title_words(entry, lang):
    return search.tokens(entry.title(lang))


# ---------------------------------------------------------------- text helpers


def test_fold_strips_polish_diacritics():
    assert fold("Złodziej ŻÓŁW źdźbło Ąę Ćń Śó") == "zlodziej zolw zdzblo ae cn so"


def test_fold_keeps_words_apart_at_dashes_and_quotes():
    assert search.tokens("1–2 „7” a→b") == ["1", "2", "7", "a", "b"]


@pytest.mark.parametrize("word", ["rycerz", "rycerze", "rycerza", "rycerzy", "rycerzem", "rycerzami", "rycerzach", "rycerzowi"])
def test_polish_stemmer_knight_forms(word):
    assert stem_pl(fold(word)) == "rycerz"


@pytest.mark.parametrize("word", ["złodziej", "złodzieja", "złodzieje", "złodziejem", "złodziejowi"])
def test_polish_stemmer_robber_forms(word):
    assert stem_pl(fold(word)) == "zlodziej"


@pytest.mark.parametrize(
    "word, expected",
    [("knights", "knight"), ("knight", "knight"), ("cities", "city"), ("roads", "road"),
     ("discarding", "discard"), ("discarded", "discard"), ("harbours", "harbor"), ("harbor", "harbor")],
)
def test_english_stemmer(word, expected):
    assert stem_en(word) == expected


# ---------------------------------------------------------------- finding things


def test_zlodziej_without_diacritics_finds_robber_entries():
    results = search.search("zlodziej", "pl", limit=5)
    assert results, "nothing found"
    assert all("zlodziej" in fold(e.title_pl) or "zlodziej" in fold(" ".join(e.keywords)) for e in results)
    assert "base-robber-move" in slugs(search.search("zlodziej", "pl", limit=8))


def test_diacritics_do_not_change_results():
    for with_marks, without in [("złodziej", "zlodziej"), ("Najdłuższa droga", "najdluzsza droga"),
                                ("barbarzyńcy", "barbarzyncy"), ("ŻETONY", "zetony")]:
        assert slugs(search.search(with_marks, "pl")) == slugs(search.search(without, "pl"))


@pytest.mark.parametrize("query", ["rycerze", "rycerzy", "rycerza", "rycerz", "Rycerzami"])
def test_polish_word_forms_find_knight_entries(query):
    top = search.search(query, "pl", limit=6)
    assert {"ck-knights", "dev-knight"} & set(slugs(top))
    for e in top:
        assert e.topic in {"knights", "development-cards", "barbarians", "city-improvements", "setup", "progress-cards",
                           "scenario", "events"}
        assert any(stem_pl(w) == "rycerz" for w in title_words(e, "pl") + search.tokens(" ".join(e.keywords)))


@pytest.mark.parametrize("query", ["knights", "knight", "Knights"])
def test_english_knights_finds_knight_entries(query):
    top = slugs(search.search(query, "en", limit=6))
    assert "ck-knights" in top and "dev-knight" in top


@pytest.mark.parametrize(
    "partial, slug, lang",
    [("zlodz", "ck-robber-seven", "pl"), ("alch", "ck-progress-alchemist", "pl"), ("metrop", "ck-metropolis", "en"),
     ("trzęs", "event-earthquake", "pl"), ("harbormas", "tb-harbormaster", "en"), ("wynalazc", "ck-progress-inventor", "pl")],
)
def test_prefix_as_you_type(partial, slug, lang):
    assert search.search(partial, lang, limit=3)[0].slug == slug


def test_every_prefix_of_a_card_name_keeps_it_first():
    for word, slug in [("alchemik", "ck-progress-alchemist"), ("sabotażysta", "ck-progress-saboteur"), ("deserter", "ck-progress-deserter")]:
        for n in range(4, len(word) + 1):
            lang = "pl" if word != "deserter" else "en"
            assert search.search(word[:n], lang, limit=1)[0].slug == slug, word[:n]


def test_zlodz_prefix_finds_robber_titles():
    top = search.search("zlodz", "pl", limit=5)
    assert top and all("zlodziej" in fold(e.title_pl) for e in top[:3])


def test_title_hits_rank_above_body_only_hits():
    for query, lang in [("robber", "en"), ("metropolis", "en"), ("wall", "en"), ("port", "pl"), ("monopol", "pl"),
                        ("bohater", "pl"), ("gold", "en"), ("złoto", "pl")]:
        hits = search.search_hits(query, lang, limit=80)
        kinds = []
        for h in hits:
            if any(search.term_matches(w, h.terms) for w in title_words(h.entry, lang)):
                kinds.append("title")
            elif any(search.term_matches(w, h.terms) for w in search.tokens(" ".join(h.entry.keywords))):
                kinds.append("keyword")
            else:
                kinds.append("body")
        assert kinds[0] == "title", query
        # once a hit found only in the body (or the other language's title) appears,
        # no title hit follows
        if "body" in kinds:
            assert "title" not in kinds[kinds.index("body"):], (query, kinds)


def test_exact_word_ranks_above_stemmed_and_prefix():
    order = slugs(search.search("rycerz", "pl", limit=10))
    assert order[0] == "dev-knight"  # "Rycerz (karta rozwoju)": the exact word
    order = slugs(search.search("knight", "en", limit=10))
    assert order.index("dev-knight") < order.index("ck-knights")  # "Knight" before "Knights"


def test_multi_word_question_finds_the_dispute():
    assert search.search("czy osada przerywa drogę", "pl")[0].slug == "base-longest-road-break"
    assert search.search("does a settlement break a road", "en")[0].slug == "base-longest-road-break"
    assert search.search("can I activate knights during the attack", "en")[0].slug == "ck-attack-no-activation"
    assert search.search("pętla najdłuższa droga", "pl")[0].slug == "base-longest-road-loop"


def test_numbers_match_exactly():
    top = slugs(search.search("7", "en", limit=5))
    assert "base-robber-seven" in top
    assert "base-robber-seven" not in slugs(search.search("1", "en", limit=50))[:3]


def test_other_language_title_and_keywords_help():
    # A Polish player with the English interface types the Polish card name.
    assert search.search("wynalazek", "en")[0].slug == "dev-year-of-plenty"
    assert search.search("year of plenty", "pl")[0].slug == "dev-year-of-plenty"


def test_stopwords_and_empty_queries():
    assert search.search("", "pl") == []
    assert search.search("   ", "en") == []
    assert search.search("the", "en")  # a query of stopwords only still searches
    assert search.search("po", "pl")  # "po" is also the start of "port", "pole" …


def test_games_filter():
    results = search.search("robber", "en", games=["base"])
    assert results and all(e.game == "base" for e in results)


def test_limit():
    assert len(search.search("a", "en", limit=3)) <= 3
    assert len(search.search("road", "en", limit=2)) == 2


def test_typing_a_query_letter_by_letter_always_answers():
    # Speed is measured by tests/bench/bench_rulebook_search.py (no timed assertions here).
    for lang, word, slug in [("pl", "zlodziej", "base-robber-move"), ("en", "knights", "ck-knights"),
                             ("pl", "postepu", "ck-progress-play")]:
        for n in range(2, len(word) + 1):
            assert search.search(word[:n], lang), word[:n]
        assert slug in slugs(search.search(word, lang, limit=10)), (word, lang)
    for q in ["settlement breaks road", "barbarian attack who loses a city", "7", "ile kosztuje miasto"]:
        for lang in ("pl", "en"):
            assert search.search(q, lang), (q, lang)


# ---------------------------------------------------------------- get / browse


def test_get_and_browse():
    assert search.get("base-robber-seven").game == "base"
    assert search.get("nope") is None
    base = search.by_game("base")
    assert base and all(e.game == "base" for e in base)
    knights = search.by_topic("cities-knights", "knights")
    assert "ck-knight-build" in slugs(knights)
    assert search.topics_for("cities-knights")[0] == "setup"
    assert set(search.topics_for("base")) <= set(search.TOPICS)


def test_entry_blocks_and_summary():
    e = search.get("base-building-costs")
    blocks = e.blocks("en")
    assert blocks[0].kind == "p" and blocks[1].kind == "ul"
    assert "Road: 1 brick + 1 lumber" in blocks[1].items
    assert e.summary("pl").startswith("Oddaj karty")


def test_highlight_and_snippet():
    spans = search.highlight_spans("Złodziej stoi na polu. Złodzieja nie ma.", ["zlodz"])
    assert len(spans) == 2
    text = search.snippet(search.get("base-harbors"), "en", search.query_terms("2025"))
    assert text.startswith("Timing") and "2025" in text


# ---------------------------------------------------------------- contexts


def test_context_robber():
    result = slugs(search.for_context(["phase:robber"]))
    assert result[:2] == ["base-robber-move", "base-robber-steal"]
    assert "ck-robber-seven" in result


def test_context_filters_by_game_and_keeps_base():
    base_only = search.for_context("phase:robber", games=["base"])
    assert base_only and {e.game for e in base_only} == {"base"}
    ck = slugs(search.for_context("phase:robber", games=["cities-knights"]))
    assert "ck-robber-seven" in ck and "ck-seven-first-attack" in ck and "tb-friendly-robber" not in ck


def test_context_barbarian_attack():
    result = slugs(search.for_context("barbarian-attack"))
    assert result[:2] == ["ck-barbarian-attack", "ck-attack-no-activation"]
    assert {"ck-barbarians-win", "ck-knights-win", "ck-seven-first-attack"} <= set(result)


def test_context_cards_and_events_by_pattern():
    assert slugs(search.for_context("dev-card:knight"))[0] == "dev-knight"
    assert "base-largest-army" in slugs(search.for_context("dev-card:knight"))
    assert slugs(search.for_context("progress:alchemist"))[0] == "ck-progress-alchemist"
    assert slugs(search.for_context("progress:merchant_fleet"))[0] == "ck-progress-merchant-fleet"
    assert slugs(search.for_context("event:earthquake"))[0] == "event-earthquake"
    assert slugs(search.for_context("entry:base-city")) == ["base-city"]


def test_context_aliases_and_builds():
    assert slugs(search.for_context("phase:discard"))[0] == "base-seven-discard"
    assert slugs(search.for_context("phase:seven-discard"))[0] == "base-seven-discard"
    assert slugs(search.for_context("build:city"))[0] == "base-city"
    assert slugs(search.for_context("phase:setup"))[0] == "base-setup-placement"
    assert slugs(search.for_context("phase:roll", games=["cities-knights"]))[:2] == ["base-turn", "ck-roll"]
    assert slugs(search.for_context("phase:main"))[0] == "base-turn"


def test_context_several_keys_heads_first_no_duplicates():
    result = slugs(search.for_context("phase:robber,dev-card:knight"))
    assert result[:2] == ["base-robber-move", "dev-knight"]
    assert len(result) == len(set(result))


def test_context_unknown_keys_and_limit():
    assert search.for_context(["nothing:here", ""]) == []
    assert len(search.for_context("barbarian-attack", limit=3)) == 3
    assert "phase:robber" in search.context_keys()


def test_in_a_game_the_entries_of_the_game_played_rank_first():
    """From a base game, "robber" lists the base game's "Moving the robber" before the
    Traders & Barbarians events about the robber; nothing is left out."""
    anywhere = slugs(search.search("robber", "en", limit=100))
    in_base = slugs(search.search("robber", "en", limit=100, playing=["base"]))
    assert anywhere.index("base-robber-move") > anywhere.index("event-robber-attack")  # the complaint
    assert in_base.index("base-robber-move") < in_base.index("event-robber-attack")
    assert in_base[:2] == ["base-robber-move", "base-robber-steal"]
    assert sorted(in_base) == sorted(anywhere)
    in_ck = slugs(search.search("robber", "en", limit=12, playing=["base", "cities-knights"]))
    assert in_ck.index("ck-robber-seven") < in_ck.index("event-robber-attack")
    assert slugs(search.search("złodziej", "pl", limit=3, playing=["base"]))[0] == "base-robber-move"
