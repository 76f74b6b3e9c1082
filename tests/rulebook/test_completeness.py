"""Every card kind, phase and building the engine knows has a rule entry in both languages.

The names come from the engine itself (pure Python, no Django), so a card, phase or
building added there without a rule entry (or a context key for it) fails here. What the
engine does not model yet (Cities & Knights progress cards, Events of Catan, the
expansions' scenarios) is checked against the lists in shared/RULES-FACTS.md, hard-coded
below.
"""
import inspect
import re
from pathlib import Path

import pytest

from companion.layers.cores.base import rules as base
from companion.rulebook import search
from companion.engine import rules_for

# Every action of the base game with every option of it (the Cities & Knights ones are
# checked against their own rule entries elsewhere).
ALL_ACTIONS = dict(rules_for({"rules": "base", "variants": {
    "friendly_robber": True, "harbormaster": True, "two_players": True}}).actions)

ROOT = Path(__file__).resolve().parents[2]


def first_entry(key, games=None):
    """The most direct entry for a context key, checked to be complete in both languages."""
    entries = search.for_context(key, games=games)
    assert entries, f"no rule entry for the context key {key!r}"
    entry = entries[0]
    for lang in search.LANGS:
        assert entry.title(lang).strip(), (key, entry.slug, lang)
        assert entry.body(lang).strip(), (key, entry.slug, lang)
        assert entry.blocks(lang), (key, entry.slug, lang)
    assert entry.body("en") != entry.body("pl"), (key, entry.slug)
    return entry


# ---------------------------------------------------------------- from the engine

# Phases (state["phase"]). The engine's own phases are read from its actions and its
# source below; this list says which context key each maps to.
PHASES = ("board", "setup", "roll", "discard", "robber", "steal", "main", "special_build", "finished",
          "event",  # event: choices an Events of Catan card asks for (layers/options/events/rules.py)
          "neutral_build", "forced_trade")  # Catan for two (layers/options/catan_for_two/rules.py)

# Building actions (buy a piece or a card) -> context key.
BUILD_KEYS = {
    "build_road": "build:road",
    "build_settlement": "build:settlement",
    "build_city": "build:city",
    "buy_dev": "build:dev-card",
}
# The other actions that a player may want the rules for -> context key (None: a setting
# of the app, not a rule of the game).
OTHER_ACTION_KEYS = {
    "place_setup": "phase:setup",
    "place_settlement": "phase:setup",
    "place_road": "phase:setup",
    "steal": "phase:steal",
    "done_building": "phase:special-build",
    "edit_hex": "phase:board",
    "enter_hex": "phase:board",
    "enter_harbour": "phase:board",
    "edit_harbour": "phase:board",
    "board_done": "phase:board",
    "roll": "phase:roll",
    "discard": "phase:discard",
    "move_robber": "phase:robber",
    "set_longest_road": "longest-road",
    "play_dev": "build:dev-card",
    "end_turn": "phase:main",
    "set_dice_source": None,
    "trade_bank": "trade:bank",
    "offer_trade": "trade:player",
    "answer_offer": "trade:player",
    "counter_offer": "trade:player",
    "confirm_trade": "trade:player",
    "withdraw_offer": "trade:player",
    # Events of Catan (layers/options/events/rules.py)
    "reveal_event": "events",
    "damage_road": "event:earthquake",
    "repair_road": "event:earthquake",
    "event_take": "event:conflict",
    "event_gain": "event:plentiful_year",  # with hands on phones; Tournament and Calm Sea too
    "event_give": "event:good_neighbors",
    "event_help": "event:neighborly_assistance",
    # Traders & Barbarians game options (layers/options/friendly_robber, layers/options/harbormaster)
    "set_harbormaster": "variant:harbormaster",
    # Catan for two (layers/options/catan_for_two/rules.py): the neutral colours' pieces, the trade tokens
    "place_neutral": "phase:neutral-build",
    "choose_neutral": "phase:neutral-build",
    "build_neutral": "phase:neutral-build",
    "discard_knight": "catan-for-two",
    "forced_trade": "catan-for-two",
    "forced_give": "catan-for-two",
    "robber_to_desert": "catan-for-two",
    "rate_settlement": "catan-for-two",
}
# Pieces in a player's supply (base.SUPPLY keys) -> context key.
SUPPLY_KEYS = {"settlements": "build:settlement", "cities": "build:city", "roads": "build:road"}


def engine_phases() -> set[str]:
    phases = {p for spec in ALL_ACTIONS.values() for p in spec.phases}
    source = inspect.getsource(base)
    phases |= set(re.findall(r"""\[["']phase["']\]\s*=\s*["'](\w+)["']""", source))
    phases |= set(re.findall(r"""["']phase["']\s*:\s*["'](\w+)["']""", source))
    return phases


def test_the_engine_phases_are_all_known_here():
    phases = engine_phases()
    assert {"setup", "roll", "main", "finished"} <= phases  # the reading above works
    assert phases <= set(PHASES), phases - set(PHASES)


@pytest.mark.parametrize("phase", PHASES)
def test_every_phase_has_an_entry(phase):
    first_entry(f"phase:{phase}")
    first_entry(f"phase:{phase}", games=["base"])


def test_phase_entries_answer_the_situation():
    assert first_entry("phase:discard").slug == "base-seven-discard"
    assert first_entry("phase:robber").slug == "base-robber-move"
    assert first_entry("phase:setup").slug == "base-setup-placement"
    assert first_entry("phase:finished").slug == "base-winning"


@pytest.mark.parametrize("card", base.DEV_CARDS)
def test_every_development_card_has_an_entry(card):
    # the engine's names have underscores ("victory_point"); the table screen sends them as is
    entry = first_entry(f"dev-card:{card}")
    assert entry.slug == "dev-" + card.replace("_", "-") and entry.topic == "development-cards"
    assert first_entry(f"dev-card:{card}", games=["base"]) == entry


def test_playable_and_dealt_cards_are_engine_cards():
    assert set(base.PLAYABLE_DEV_CARDS) <= set(base.DEV_CARDS) and set(base.DEV_DECK) == set(base.DEV_CARDS)


@pytest.mark.parametrize("resource", base.RESOURCES)
def test_every_resource_card_has_an_entry(resource):
    entry = first_entry(f"resource:{resource}")
    assert entry.slug == "base-resources"
    assert resource in entry.body_en.lower()


def test_every_building_action_is_mapped():
    # build_neutral is Catan for two's free piece for a neutral colour, not a purchase
    builds = {name for name in ALL_ACTIONS if name.startswith(("build_", "buy_")) and name not in OTHER_ACTION_KEYS}
    assert builds, "the engine's building actions"
    assert builds <= set(BUILD_KEYS), builds - set(BUILD_KEYS)


@pytest.mark.parametrize("action, key", sorted(BUILD_KEYS.items()))
def test_every_building_has_an_entry(action, key):
    assert action in ALL_ACTIONS, f"the engine has no action {action}"
    entry = first_entry(key)
    assert entry.game == "base" and entry.topic in ("building", "development-cards"), entry.slug


@pytest.mark.parametrize("action", sorted(ALL_ACTIONS))
def test_other_engine_actions_have_rules_where_they_are_rules(action):
    key = BUILD_KEYS.get(action) or OTHER_ACTION_KEYS.get(action)
    if action not in BUILD_KEYS and action not in OTHER_ACTION_KEYS:
        pytest.fail(f"engine action {action!r}: add it to BUILD_KEYS or OTHER_ACTION_KEYS")
    if key is not None:
        first_entry(key)


@pytest.mark.parametrize("piece, key", sorted(SUPPLY_KEYS.items()))
def test_every_supply_piece_has_an_entry(piece, key):
    assert piece in base.SUPPLY
    first_entry(key)
    limits = search.get("base-supply-limits")
    assert f"{base.SUPPLY[piece]} {piece}" in limits.body_en


def test_supply_is_covered():
    assert set(base.SUPPLY) == set(SUPPLY_KEYS)


def test_keys_used_by_the_site_templates_resolve():
    """Literal keys of {% rules_url … %} in the project's templates (dynamic ones are covered above)."""
    keys = set()
    for path in (ROOT / "templates").rglob("*.html"):
        for tag in re.findall(r"\{%\s*rules_url\s+(.*?)%\}", path.read_text(encoding="utf-8")):
            for literal, rest in re.findall(r"""["']([^"']+)["'](\|add:\S+)?""", tag):
                if not rest:
                    keys.add(literal)
    for key in keys:
        first_entry(key)


# ---------------------------------------------------------------- from shared/RULES-FACTS.md

# Cities & Knights progress cards, by deck (RULES-FACTS.md, "Progress decks"); context keys
# in the engine's style, with underscores.
PROGRESS_CARDS = {
    "science": ["alchemist", "road_building", "printer", "crane", "mining", "engineer", "irrigation", "medicine",
                "smithing", "inventor"],
    "politics": ["bishop", "deserter", "diplomat", "intrigue", "constitution", "saboteur", "spy", "wedding", "warlord"],
    "trade": ["merchant_fleet", "merchant", "master_merchant", "resource_monopoly", "trade_monopoly",
              "commercial_harbor"],
}
COMMODITIES = ["paper", "cloth", "coin"]
# Events of Catan (RULES-FACTS.md, Traders & Barbarians), American spelling as in the keys.
EVENTS = ["robber_attack", "epidemic", "earthquake", "good_neighbors", "tournament", "trade_advantage", "calm_sea",
          "robber_flees", "neighborly_assistance", "conflict", "plentiful_year", "no_event", "new_year"]
# Scenarios and variants -> the entry that must come first.
SCENARIOS = {
    # Traders & Barbarians campaign
    "scenario:fishermen": "tb-fishermen",
    "scenario:rivers": "tb-rivers",
    "scenario:caravans": "tb-caravans",
    "scenario:barbarian-attack": "tb-barbarian-attack",
    "scenario:traders-barbarians": "tb-traders-barbarians",
    # Explorers & Pirates
    "scenario:land-ho": "ep-scenarios",
    "scenario:pirate-lairs": "ep-pirate-lairs",
    "scenario:fish-for-catan": "ep-fish",
    "scenario:spices-for-catan": "ep-spices",
    "scenario:explorers-pirates": "ep-scenarios",
    # variants
    "variant:friendly-robber": "tb-friendly-robber",
    "variant:harbormaster": "tb-harbormaster",
    "variant:two-player": "base-two-player",
    "variant:events": "tb-events-deck",
}
# Cities & Knights pieces and moments.
CK_KEYS = {
    "build:knight": "ck-knight-build",
    "build:city-wall": "ck-city-walls",
    "build:city-improvement": "ck-city-improvements",
    "knight:activate": "ck-knight-activate",
    "knight:promote": "ck-knight-promote",
    "knight:move": "ck-knight-move",
    "knight:displace": "ck-knight-displace",
    "knight:chase-robber": "ck-knight-chase-robber",
    "barbarian-attack": "ck-barbarian-attack",
    "metropolis": "ck-metropolis",
    "progress-cards": "ck-progress-play",
}


def test_progress_decks_are_the_facts():
    assert sum(map(len, PROGRESS_CARDS.values())) == 25  # 25 kinds, 54 cards


@pytest.mark.parametrize("deck, card", [(d, c) for d, cards in PROGRESS_CARDS.items() for c in cards])
def test_every_progress_card_has_an_entry(deck, card):
    entry = first_entry(f"progress:{card}", games=["cities-knights"])
    assert entry.slug == "ck-progress-" + card.replace("_", "-")
    assert entry.topic == "progress-cards" and entry.game == "cities-knights"
    assert f"{deck.capitalize()} card" in entry.body_en


@pytest.mark.parametrize("commodity", COMMODITIES)
def test_every_commodity_has_an_entry(commodity):
    entry = first_entry(f"commodity:{commodity}", games=["cities-knights"])
    assert entry.slug == "ck-commodities" and commodity in entry.body_en.lower()


@pytest.mark.parametrize("event", EVENTS)
def test_every_event_card_has_an_entry(event):
    entry = first_entry(f"event:{event}", games=["traders-barbarians"])
    assert entry.slug == "event-" + event.replace("_", "-") and entry.topic == "events"


@pytest.mark.parametrize("key, slug", sorted(SCENARIOS.items()))
def test_every_scenario_and_variant_has_an_entry(key, slug):
    assert first_entry(key).slug == slug


@pytest.mark.parametrize("key, slug", sorted(CK_KEYS.items()))
def test_cities_and_knights_moments_have_entries(key, slug):
    assert first_entry(key, games=["cities-knights"]).slug == slug


def test_every_listed_context_key_resolves():
    for key in search.context_keys():
        first_entry(key)
