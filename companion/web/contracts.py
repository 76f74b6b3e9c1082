"""The screen contracts of a game's layers (companion/machinery/contract.py), as the shell uses
them: every layer's from the screens' registry (companion/layers/screens.py), in composition
order, and those of one game, found by the names of its composed layers. The shell names no
layer: it loops over these.
"""
from __future__ import annotations

import functools

from companion.layers.screens import CONTRACTS

PANEL = "panel-"  # a layer's panel fragment: "panel-<its first layer's name>"


@functools.lru_cache(maxsize=64)
def in_game(names: tuple) -> tuple:
    """The contracts of the game whose composed layers are `names`, in composition order."""
    return tuple(contract for contract in CONTRACTS if any(layer.name in names for layer in contract.layers))


def _layers_first(contracts: tuple) -> list:
    """The layers' contracts, then the cores' (each in composition order), as the base game's own
    controls follow the layers' in the templates."""
    return sorted(contracts, key=lambda contract: any(layer.core for layer in contract.layers))


@functools.cache
def defaults() -> dict:
    """Every layer's context keys with their values in a game without that layer, and every
    slot of partials, empty (the templates test them all)."""
    found = {"dice_partial": None, "extra_seats": []}  # a layer may show the dice its own way
    slots = {}
    for contract in CONTRACTS:
        found.update(contract.defaults)
        slots.update({slot: () for slot in contract.partials})
    return {**found, "layer_partials": slots, "layer_panels": (), "owed": None, "owed_steps": [],
            "owed_kind": None, "owed_blocks_end": False}


@functools.lru_cache(maxsize=64)
def partials(names: tuple) -> dict:
    """{slot: templates} of the game whose composed layers are `names`: the layers' partials
    first, then the cores'."""
    found = dict(defaults()["layer_partials"])
    for contract in _layers_first(in_game(names)):
        for slot, template in contract.partials.items():
            found[slot] += (template,)
    return found


@functools.lru_cache(maxsize=64)
def panels(names: tuple) -> tuple:
    """The panels beside the board of the game whose composed layers are `names`, each a
    fragment of its own: ({"id": "panel-<layer>", "template": its partial}, ...)."""
    return tuple({"id": PANEL + contract.name, "template": contract.partials["panel"]}
                 for contract in _layers_first(in_game(names)) if "panel" in contract.partials)


@functools.lru_cache(maxsize=64)
def reads(names: tuple) -> dict:
    """{fragment: context keys} that the game's layers' partials read in a shared fragment
    kept by what it shows (the scoreboard, the board picture)."""
    found: dict[str, tuple] = {}
    for contract in in_game(names):
        for fragment, keys in contract.reads.items():
            found[fragment] = found.get(fragment, ()) + tuple(keys)
    return found


@functools.lru_cache(maxsize=64)
def terrain_names(names: tuple) -> dict:
    """The words of the game's layers' own terrains (a scenario's lake, swamp, castle …)."""
    return {code: words for contract in in_game(names) for code, words in contract.words.names.get("terrain", {}).items()}


def vp_sources() -> dict:
    """Every layer's own sources of points, {key: words}, in composition order."""
    return {key: words for contract in CONTRACTS for key, words in contract.words.names.get("vp_source", {}).items()}


def form_entries(cores_last: bool = True) -> list:
    """Every layer's entries on the new-game form, in composition order; `cores_last`: the game
    options' and scenarios' first, then the cores' (Cities & Knights' advanced battle after the
    options)."""
    if not cores_last:
        return [contract.form for contract in CONTRACTS]
    return [contract.form for contract in sorted(CONTRACTS, key=lambda contract: contract.layers[0].core)]


def owed(names: tuple, view: dict, viewer) -> list:
    """The steps this viewer owes now, from every layer of the game, in composition order."""
    return [step for contract in in_game(names) for step in contract.owed(view, viewer)]
