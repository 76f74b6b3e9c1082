"""The rule entries: complete, bilingual, consistent, and with the rulebooks' numbers."""
import re
import tomllib

import pytest

from companion.rulebook import search

ENTRIES = search.all_entries()
SLUG_PREFIX = {
    "base": ("base-", "dev-"),
    "cities-knights": ("ck-",),
    "traders-barbarians": ("tb-", "event-"),
    "explorers-pirates": ("ep-",),
}

# The progress card decks (card, copies), 18 cards per deck.
SCIENCE = {"alchemist": 2, "road-building": 2, "printer": 1, "crane": 2, "mining": 2, "engineer": 1,
           "irrigation": 2, "medicine": 2, "smithing": 2, "inventor": 2}
POLITICS = {"bishop": 2, "deserter": 2, "diplomat": 2, "intrigue": 2, "constitution": 1, "saboteur": 2,
            "spy": 3, "wedding": 2, "warlord": 2}
TRADE = {"merchant-fleet": 2, "merchant": 6, "master-merchant": 2, "resource-monopoly": 4,
         "trade-monopoly": 2, "commercial-harbor": 2}
DEV_CARDS = ["knight", "monopoly", "year-of-plenty", "road-building", "victory-point"]
EVENTS = ["robber-attack", "epidemic", "earthquake", "good-neighbors", "tournament", "trade-advantage",
          "calm-sea", "robber-flees", "neighborly-assistance", "conflict", "plentiful-year", "new-year", "no-event"]


def test_there_are_entries_for_every_game():
    counts = {g: len(search.by_game(g)) for g in search.GAMES}
    assert counts["base"] >= 30 and counts["cities-knights"] >= 55
    assert counts["traders-barbarians"] >= 30 and counts["explorers-pirates"] >= 12


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.slug)
def test_entry_is_complete_in_both_languages(entry):
    for field in ("title_en", "title_pl", "body_en", "body_pl"):
        assert getattr(entry, field).strip(), field
    assert entry.body_en != entry.body_pl
    assert entry.game in search.GAMES and entry.topic in search.TOPICS
    assert entry.slug.startswith(SLUG_PREFIX[entry.game])
    for lang in ("en", "pl"):
        blocks = entry.blocks(lang)
        assert blocks and all(b.text or b.items for b in blocks)
        # short and practical: a phone screen or two
        assert len(entry.body(lang)) < 2400, (entry.slug, lang, len(entry.body(lang)))
    assert entry.keywords, "keywords help people find it"


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.slug)
def test_related_slugs_are_valid(entry):
    assert len(entry.related) == len(set(entry.related))
    for slug in entry.related:
        assert slug != entry.slug
        assert search.get(slug) is not None, slug


def test_slugs_and_titles_are_unique():
    slugs = [e.slug for e in ENTRIES]
    assert len(slugs) == len(set(slugs))
    for lang in ("en", "pl"):
        titles = [e.title(lang) for e in ENTRIES]
        assert len(titles) == len(set(titles)), lang
    # the URL patterns "search/" and "context/" can never be shadowed by an entry
    assert not {"search", "context"} & set(slugs)


def test_every_development_card_has_an_entry():
    for card in DEV_CARDS:
        entry = search.get(f"dev-{card}")
        assert entry is not None and entry.topic == "development-cards", card


@pytest.mark.parametrize("deck, colour_en, colour_pl", [(SCIENCE, "Science", "wiedzy"), (POLITICS, "Politics", "polityki"),
                                                       (TRADE, "Trade", "handlu")])
def test_every_progress_card_has_an_entry_with_its_count(deck, colour_en, colour_pl):
    assert sum(deck.values()) == 18
    for card, copies in deck.items():
        entry = search.get(f"ck-progress-{card}")
        assert entry is not None, card
        assert entry.topic == "progress-cards" and entry.game == "cities-knights"
        assert re.search(rf"\b{colour_en} card, {copies} in the deck\.", entry.body_en), card
        assert re.search(rf"\bKarta {colour_pl}, {copies} w talii\.", entry.body_pl), card


def test_every_event_card_has_an_entry():
    for event in EVENTS:
        entry = search.get(f"event-{event}")
        assert entry is not None and entry.topic == "events", event


def test_event_numbers_add_up_to_the_dice_distribution():
    # Each event entry's title names its numbers; with the plain cards they must give
    # exactly the 36 outcomes of two dice.
    copies = {"robber-attack": {7: 6}, "epidemic": {6: 1, 8: 1}, "earthquake": {6: 1}, "good-neighbors": {6: 1},
              "tournament": {5: 1}, "trade-advantage": {5: 1}, "calm-sea": {9: 1, 12: 1}, "robber-flees": {4: 2},
              "neighborly-assistance": {10: 1, 11: 1}, "conflict": {3: 1}, "plentiful-year": {2: 1},
              "no-event": {3: 1, 4: 1, 5: 2, 6: 2, 8: 4, 9: 3, 10: 2, 11: 1}}
    total = {n: 0 for n in range(2, 13)}
    for event, numbers in copies.items():
        for n, k in numbers.items():
            total[n] += k
        if event != "no-event":
            title = search.get(f"event-{event}").title_en
            assert all(str(n) in title for n in numbers), title
    assert total == {n: 6 - abs(7 - n) for n in range(2, 13)}
    body = search.get("event-no-event").body_en
    assert "one 3, one 4, two 5s, two 6s, four 8s, three 9s, two 10s and one 11" in body


def test_scenarios_are_covered():
    for slug in ["tb-fishermen", "tb-rivers", "tb-caravans", "tb-barbarian-attack", "tb-traders-barbarians",
                 "tb-harbormaster", "tb-catan-for-two", "tb-friendly-robber", "tb-events-deck"]:
        assert search.get(slug) is not None, slug
    body = search.get("ep-scenarios").body_en
    for target in ("8 points", "12 points", "15 points", "17 points"):
        assert target in body


@pytest.mark.parametrize(
    "slug, lang, facts",
    [
        ("base-supply-limits", "en", ["5 settlements", "4 cities", "15 roads"]),
        ("base-building-costs", "en", ["Road: 1 brick + 1 lumber", "Settlement: 1 brick + 1 lumber + 1 wool + 1 grain",
                                       "3 ore + 2 grain", "Development card: 1 ore + 1 wool + 1 grain"]),
        ("base-dev-cards", "en", ["14 Knights, 5 Victory Points, 2 Monopoly, 2 Road Building, 2 Year of Plenty"]),
        ("base-setup-board", "en", ["3 hills, 4 forest, 4 pasture, 4 fields, 3 mountains and 1 desert", "18 number tokens"]),
        ("base-seven-discard", "en", ["9 → 4"]),
        ("base-longest-road", "en", ["at least 5", "2 victory points"]),
        ("base-largest-army", "en", ["3 played Knight", "2 victory points"]),
        ("base-winning", "en", ["10 or more victory points during their own turn"]),
        ("ck-building-costs", "en", ["City wall: 2 brick", "Basic knight: 1 ore + 1 wool", "Activate a knight: 1 grain"]),
        ("ck-city-walls", "en", ["3 walls", "11 cards"]),
        ("ck-knights", "en", ["2 knights of each level"]),
        ("ck-winning", "en", ["13 or more"]),
        ("ck-defender-of-catan", "en", ["6 Defender of Catan cards"]),
        ("ck-progress-medicine", "en", ["2 ore + 1 grain"]),
        ("ck-progress-inventor", "en", ["2, 6, 8 and 12"]),
        ("ck-progress-draw", "en", ["level 5: 1–6"]),
        ("tb-fishermen-actions", "en", ["2 fish", "3 fish", "4 fish", "5 fish", "7 fish", "at most 7 tokens"]),
        ("tb-fishermen", "en", ["2, 3, 11 and 12", "4, 5, 6, 8, 9 and 10", "29"]),
        ("tb-rivers-bridges", "en", ["2 brick + 1 lumber", "3 gold", "at most 3 bridges"]),
        ("tb-rivers-wealth", "en", ["+1 point", "−2 points"]),
        ("tb-caravans", "en", ["22 camels", "12 points"]),
        ("tb-barbarian-prisoners", "en", ["2 prisoners are worth 1 victory point", "3 gold"]),
        ("tb-traders-barbarians", "en", ["13 points", "5 gold"]),
        ("tb-harbormaster", "en", ["3 harbour points", "2 victory points"]),
        ("ep-ships", "en", ["1 lumber + 1 wool", "3 ships", "4 points", "1 wool for 2 extra points"]),
        ("ep-harbor-settlement", "en", ["2 grain + 2 ore", "2 victory points"]),
        ("ep-gold", "en", ["2 gold", "3 identical resources"]),
        ("ep-crews", "en", ["1 ore + 1 wool"]),
        ("base-supply-limits", "pl", ["5 osad, 4 miasta i 15 dróg"]),
        ("ck-progress-medicine", "pl", ["2 rudy + 1 zboże"]),
        ("ck-winning", "pl", ["13 lub więcej"]),
    ],
)
def test_numbers_match_the_rulebooks(slug, lang, facts):
    body = search.get(slug).body(lang)
    for fact in facts:
        assert fact in body, (slug, fact)


@pytest.mark.parametrize(
    "slug, terms",
    [
        ("base-robber-move", ["złodziej"]),
        ("base-settlement", ["osad", "zasada odstępu"]),
        ("base-longest-road", ["Najdłuższej drogi handlowej"]),
        ("base-largest-army", ["Najwyższej władzy rycerskiej"]),
        ("ck-knights-win", ["Bohater Catanu"]),
        ("ck-barbarian-attack", ["barbarzyńców", "rycerzy w gotowości"]),
        ("ck-city-walls", ["mur"]),
        ("ck-metropolis", ["metropolię"]),
        ("ck-progress-play", ["kart postępu"]),
        ("tb-events-deck", ["Koniec roku"]),
        ("ck-commodities", ["papier", "sukno", "monety"]),
    ],
)
def test_polish_texts_use_the_rulebook_terms(slug, terms):
    entry = search.get(slug)
    text = entry.title_pl + " " + entry.body_pl
    for term in terms:
        assert term in text, (slug, term)


def test_contexts_file_only_names_existing_entries():
    with open(search.ENTRIES_DIR / "contexts.toml", "rb") as fh:
        data = tomllib.load(fh)
    for key, slugs in data["contexts"].items():
        assert slugs, key
        for slug in slugs:
            assert search.get(slug) is not None, (key, slug)
    for alias, target in data["aliases"].items():
        assert target in data["contexts"], alias
