"""A game's rules, composed when the game is created: a core plus the layers its config names.

A `Layer` is what one package knows (companion/layers/<name>/rules.py): its actions, the
actions of the layers below it that it wraps, its hooks, the phases and pending decisions
it owns, and which configs it belongs to. `compose` builds a `Rules` from the layers that
apply to one config, in registry order. Nothing is registered into another module's
tables: a layer's tables are its own, and a `Rules` is a new object per composition.

Hooks (name -> one function per layer that has it; called in registry order):
  core hooks, the last core in the chain wins (Cities & Knights over the base game):
    new_state(config) -> state     validate_config(config, rules) -> config
    vp_base(state, seat) -> int     vp_hidden(state, seat) -> int
    active_seat(state) -> int       victory(rules, state, step)     view(rules, state, viewer) -> dict | None
    public_view(rules, state) -> dict    its part alike for every viewer (a core may have both)
    dice_sources() -> tuple
  layer hooks, every layer's in turn:
    check_config(config, rules)    refuse a clean config this layer can't play (a clear
                                   code), or add this layer's own derived settings to it
    new_state(state)                this layer's part of a new game's state
    extra_vp(rules, state, seat) -> int      public points from this layer (special cards)
    vp_sources(rules, state, seat) -> {source: points}   where its points come from (engine.points);
                                   a core's cover its vp_base and vp_hidden (the last core's stands)
    story_kinds(rules) -> {log kind: "award" | "battle"}   its log entries a game's story lists
    reader_dice(rules, state) -> dice        the dice a table's dice reader still reads while
                                   another dice source is on (C&K on the Events deck: red, event)
    after_action(rules, state, step)         after every action, before the victory check
    victory_waits(rules, state) -> bool      not yet: a step of the layer is still being settled
    robber_limits(rules, state, hexes) -> hexes   the hexes the robber may still go to
    robber_spares(rules, state) -> seats     seats the robber never robs
    road_blockers(rules, state, seat) -> code | None
    view(rules, state, viewer) -> (key, part)   this layer's part of a viewer's view
    public_view(rules, state) -> (key, part)    or, given no viewer, its part of every view:
                                   worked out once per version, and it can hold no one's secret
    hand_view(rules, state, seat) -> (key, part) its part of a seat's own hand
    board_targets(rules, state, viewer) -> dict | None   tap targets of its own steps (None: the usual)
    more_board_targets(rules, state, viewer, seat) -> (targets, unaffordable kinds)
  a scenario's board and scoring (docs/rulesets.md, "Scenario mechanisms"):
    board_set(rules, frame, expected) -> expected   what the physical board holds
    check_board(rules, layout) -> [(code, params)]  problems with the layer's own features
    lay_out(rules, layout, rng) -> layout           a generated board made the scenario's
    road_closed(rules, state) -> edges              where no ordinary road may go
    road_weights(rules, state) -> {edge: weight}    what a road counts for Longest Road
    target_bonus(rules, state, seat) -> int         more points `seat` needs to win
    dev_deck_left(rules, state) -> int | None       a deck of the scenario's own
    harbour_pieces(rules, state) -> pieces          the pieces whose harbours count
    settlement_closed(rules, state) -> corners      where no settlement may go (neutral ones too)
  another layer's, read by it: gold_sold / gold_exchange (gold's trades with the bank),
    event_plan(rules, state, event, plan) (the Events deck: a card's plan in this game),
    ship_points(rules, state, seat) -> int (Explorers & Pirates: more movement points a ship),
    chase_faces(rules, state, seat) -> faces (its pirate ship: die faces besides the 6 that chase it).
  hooks one layer offers another (at most one provider): see `Rules.provided`.
"""
from __future__ import annotations

import functools

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Callable, Mapping

from companion.machinery.errors import IllegalAction
from companion.machinery.step import Spec

CORE_HOOKS = ("new_state", "validate_config", "vp_base", "vp_hidden", "active_seat", "victory", "view", "public_view",
              "dice_sources")


def _never(config: dict) -> bool:
    return False


def scenario(key: str, formerly: tuple = ()) -> Callable[[dict], bool]:
    """`applies` for a scenario layer: config["scenario"] is its key (one scenario a game), or
    a key it had before (games saved with it still load)."""
    keys = (key, *formerly)

    def chosen(config: dict) -> bool:
        return config.get("scenario") in keys
    return chosen


def option(name: str) -> Callable[[dict], bool]:
    """`applies` for a layer that a game option turns on: config["variants"][name] is True."""
    def chosen(config: dict) -> bool:
        options = config.get("variants")
        return isinstance(options, dict) and options.get(name) is True
    return chosen


@dataclass(frozen=True)
class Layer:
    name: str
    core: bool = False
    extends: str | None = None          # a core built on another core (its actions, minus `drops`)
    applies: Callable[[dict], bool] = _never  # is this layer part of a game with this config?
    actions: Mapping[str, Spec] = field(default_factory=dict)
    drops: frozenset = frozenset()      # the extended core's actions this core does not have
    wraps: Mapping[str, Callable] = field(default_factory=dict)  # action -> (handler -> handler)
    hooks: Mapping[str, Callable] = field(default_factory=dict)
    provides: Mapping[str, Callable] = field(default_factory=dict)  # for another layer to call
    phases: frozenset = frozenset()     # the phases this layer's actions may leave a game in
    pending: frozenset = frozenset()    # the kinds of pending decision it asks for
    options: tuple = ()                 # the config["variants"] keys it owns
    view_key: str | None = None         # where its part of a view goes: its name (or its scenario's)
    state_key: str | None = None        # its part of the state, when kept under another key than its
                                        # name (saved games hold it: never renamed)
    rule_topics: tuple = ()             # the rulebook library's topics its rules bring as a chapter of their own
    board_actions: Mapping[str, tuple] = field(default_factory=dict)  # tap kind -> the actions it may be
    cores: frozenset | None = None      # the cores it combines with (None: every one)
    core_refusal: str = "layer_not_with_core"  # the refusal when it is asked for with another
    seats: tuple[int, int] | None = None  # the table sizes it is played with (None: the core's);
                                          # the layer checks the count itself (check_config)
    scenario: str | None = None         # the config["scenario"] key of a scenario layer
    formerly: tuple = ()                # keys it had before: a saved game's config may still say one
    terrains: Mapping[str, str | None] = field(default_factory=dict)  # its own terrain -> resource
    needs: tuple = ()                   # layers it is built on, brought in with it (gold for a scenario)


class Actions:
    """A layer's own action table, filled by its `@actions.action` decorators."""

    def __init__(self):
        self.table: dict[str, Spec] = {}

    def action(self, name, phases, actors, when=None):
        def register(handler):
            self.table[name] = Spec(name, frozenset(phases), frozenset(actors), handler, when)
            return handler

        return register


class Rules:
    """One game's composed rules. Immutable once built; shared by every game composed alike."""

    def __init__(self, layers: tuple[Layer, ...], known_options: tuple = ()):
        self.layers = layers
        self.known_options = known_options
        self.scenario = next((layer.scenario for layer in layers if layer.scenario), None)
        self.terrains = MappingProxyType({code: resource for layer in layers
                                          for code, resource in layer.terrains.items()})
        self.names = tuple(layer.name for layer in layers)
        self.core = [layer for layer in layers if layer.core][-1]
        actions: dict[str, Spec] = {}
        hooks: dict[str, list] = {}
        core_hooks: dict[str, Callable] = {}
        provided: dict[str, Callable] = {}
        for layer in layers:
            for name in layer.drops:
                actions.pop(name, None)
            for name, spec in layer.actions.items():
                if name in actions and not layer.core:
                    raise ValueError(f"{layer.name} redefines the action {name}: wrap it instead")
                actions[name] = spec
            for name, wrap in layer.wraps.items():
                if name not in actions:
                    raise ValueError(f"{layer.name} wraps {name}, which no layer below it has")
                spec = actions[name]
                actions[name] = Spec(spec.name, spec.phases, spec.actors, wrap(spec.handler), spec.when)
            for name, hook in layer.hooks.items():
                if layer.core and name in CORE_HOOKS:
                    core_hooks[name] = hook
                else:
                    hooks.setdefault(name, []).append(hook)
            for name, function in layer.provides.items():
                if name in provided:
                    raise ValueError(f"{name} is provided twice")
                provided[name] = function
        self.actions = MappingProxyType(actions)
        self._hooks = {name: tuple(found) for name, found in hooks.items()}
        self._core = core_hooks
        self._provided = provided
        self.phases = frozenset().union(*(layer.phases for layer in layers))
        self.pending = frozenset().union(*(layer.pending for layer in layers))
        self.options = frozenset(option for layer in layers for option in layer.options)
        board_actions: dict[str, tuple] = {}
        for layer in layers:
            for kind, names in layer.board_actions.items():
                board_actions[kind] = board_actions.get(kind, ()) + tuple(names)
        self.board_actions = MappingProxyType(board_actions)

    def __repr__(self) -> str:
        return f"Rules({' + '.join(self.names)})"

    def has(self, name: str) -> bool:
        return name in self.names

    def hooks(self, name: str) -> tuple:
        return self._hooks.get(name, ())

    def provided(self, name: str) -> Callable | None:
        """A function one layer offers to another (None when no layer of this game has it)."""
        return self._provided.get(name)

    # ------------------------------------------------------------ the core's answers

    def new_state(self, config: dict) -> dict:
        state = self._core["new_state"](self.validate_config(config))
        for hook in self.hooks("new_state"):
            hook(state)
        return state

    def validate_config(self, config: dict) -> dict:
        """The core's checks, then each layer's: a clean config, or IllegalAction."""
        clean = self._core["validate_config"](config, self)
        for check in self.hooks("check_config"):
            check(clean, self)
        return clean

    def clean_options(self, options) -> dict:
        """config["variants"]: known options only, each one a layer of this game owns."""
        if not isinstance(options, dict) or set(options) - set(self.known_options):
            raise IllegalAction("unknown_variant")
        chosen = {name: True for name in self.known_options if options.get(name) is True}
        for name in chosen:
            if name not in self.options:
                raise IllegalAction("variant_not_in_rules", variant=name)
        return chosen

    def sets_table_size(self) -> bool:
        """Does a layer of this game say how many play (a two-player variant)?"""
        return any(layer.seats is not None for layer in self.layers if not layer.core)

    def active_seat(self, state: dict) -> int:
        return self._core["active_seat"](state)

    def dice_sources(self) -> tuple:
        return self._core["dice_sources"]()

    def vp_hidden(self, state: dict, seat: int) -> int:
        return self._core["vp_hidden"](state, seat)

    def vp_extra(self, state: dict, seat: int) -> int:
        return sum(extra(self, state, seat) for extra in self.hooks("extra_vp"))

    def vp_total(self, state: dict, seat: int) -> int:
        """Every point `seat` holds, hidden ones too."""
        return self._core["vp_base"](state, seat) + self.vp_hidden(state, seat) + self.vp_extra(state, seat)

    def vp_public(self, state: dict, seat: int) -> int:
        """The points the table sees (all of them once the game is over)."""
        if state["winner"] is not None:
            return self.vp_total(state, seat)
        return self._core["vp_base"](state, seat) + self.vp_extra(state, seat)

    def after_action(self, state: dict, step) -> None:
        for hook in self.hooks("after_action"):
            hook(self, state, step)
        self._core["victory"](self, state, step)

    # ------------------------------------------------------------ the robber and the roads

    def robber_limited(self, state: dict, hexes: list[str]) -> list[str]:
        for limit in self.hooks("robber_limits"):
            hexes = limit(self, state, hexes)
        return hexes

    def robber_spared(self, state: dict) -> set:
        return {seat for spares in self.hooks("robber_spares") for seat in spares(self, state)}

    def road_blocked(self, state: dict, seat: int) -> str | None:
        """Why `seat` may not build a road now (a refusal code), or None."""
        for blocker in self.hooks("road_blockers"):
            code = blocker(self, state, seat)
            if code:
                return code
        return None

    def road_closed(self, state: dict) -> frozenset:
        """Edges where no ordinary road may go (a scenario's bridge sites)."""
        return frozenset(edge for closed in self.hooks("road_closed") for edge in closed(self, state))

    def road_weights(self, state: dict) -> dict | None:
        """What each road counts for Longest Road where a layer says more than 1 (None: all 1)."""
        weights: dict = {}
        for hook in self.hooks("road_weights"):
            weights.update(hook(self, state))
        return weights or None

    def dev_deck_left(self, state: dict) -> int:
        """Development cards left to buy (a scenario with a deck of its own says how many)."""
        for hook in self.hooks("dev_deck_left"):
            left = hook(self, state)
            if left is not None:
                return left
        return sum(state["dev_deck"].values())

    def harbour_pieces(self, state: dict) -> dict:
        """The pieces that may use their harbours (a scenario's conquered buildings may not)."""
        for hook in self.hooks("harbour_pieces"):
            return hook(self, state)
        return state["board"]["pieces"]

    def target(self, state: dict, seat: int) -> int:
        """The points `seat` needs to win (the game's target, plus what a layer adds)."""
        return state["config"]["target"] + sum(bonus(self, state, seat) for bonus in self.hooks("target_bonus"))

    # ------------------------------------------------------------ the board a scenario changes

    def board_expected(self, frame: str, expected: dict) -> dict:
        """What the physical board holds (terrain counts, tokens, untokened terrains)."""
        for hook in self.hooks("board_set"):
            expected = hook(self, frame, expected)
        return expected

    def board_problems(self, layout: dict) -> list:
        return [problem for check in self.hooks("check_board") for problem in check(self, layout)]

    def lay_out(self, layout: dict, rng) -> dict:
        for hook in self.hooks("lay_out"):
            layout = hook(self, layout, rng)
        return layout

    # ------------------------------------------------------------ views

    def public_view_parts(self, state: dict) -> dict:
        """The layers' parts alike in every viewer's view (their "public_view" hooks, which are
        given no viewer): worked out once per version (engine.public_part), {layer: part}."""
        parts = {}
        core_view = self._core.get("public_view")
        if core_view is not None and self.core.view_key:
            parts[self.core.name] = (self.core.view_key, core_view(self, state))
        for layer, hook in self._layer_hooks("public_view"):
            parts[layer.name] = hook(self, state)
        return parts

    def view_parts(self, state: dict, viewer, public: dict | None = None) -> dict:
        """Each layer's own part of `viewer`'s view, under the layer's key, in composition order:
        its public part (`public`: this state's public_view_parts) and its part for this viewer."""
        if public is None:
            public = self.public_view_parts(state)
        parts = {}

        def add(key, part) -> None:
            if isinstance(parts.get(key), dict) and isinstance(part, dict):
                parts[key] = {**parts[key], **part}  # several game options share "variants"; a core's two parts
            else:
                parts[key] = part

        core_view = self._core.get("view")
        if self.core.name in public:
            add(*public[self.core.name])
        if core_view is not None and self.core.view_key:
            add(self.core.view_key, core_view(self, state, viewer))
        for layer, hook in self._layer_hooks("view", "public_view"):
            add(*(public[layer.name] if layer.name in public else hook(self, state, viewer)))
        return parts

    @functools.lru_cache(maxsize=None)  # a game's rules are made once (engine.rules_for), and asked on every view
    def _layer_hooks(self, *names: str) -> tuple:
        """(layer, hook) of the layers (not the core's own) with one of these hooks, in composition order."""
        return tuple((layer, layer.hooks[name]) for layer in self.layers for name in names
                     if name in layer.hooks and not (layer.core and name in CORE_HOOKS))

    def view_keys(self) -> tuple:
        return tuple(dict.fromkeys(layer.view_key for layer in self.layers if layer.view_key))


def compose(registry: tuple[Layer, ...], config: dict) -> Rules:
    """The rules for a game with this config: its core (and the cores it extends), then
    every layer that applies to it, in registry order."""
    by_name = {layer.name: layer for layer in registry}
    cores = [layer for layer in registry if layer.core and layer.applies(config)]
    if len(cores) != 1:
        raise IllegalAction("unknown_rules", rules=str(config.get("rules"))[:30])
    chain = [cores[0]]
    while chain[0].extends is not None:
        chain.insert(0, by_name[chain[0].extends])
    asked = [layer for layer in registry if not layer.core and layer.applies(config)]
    for layer in asked:  # the refusal of what the table asked for, before that of what it needs
        if layer.cores is not None and chain[-1].name not in layer.cores:
            raise IllegalAction(layer.core_refusal, layer=layer.name, core=chain[-1].name)
    wanted = {layer.name for layer in asked}
    wanted |= {need for core in chain for need in core.needs}  # a core built on a layer (E&P's gold)
    while True:  # what the chosen layers need, and what that needs, in registry order
        more = {need for layer in registry if layer.name in wanted for need in layer.needs} - wanted
        if not more:
            break
        wanted |= more
    unknown = wanted - {layer.name for layer in registry}
    if unknown:
        raise ValueError(f"no layer {sorted(unknown)} to build on")
    layers = [layer for layer in registry if not layer.core and layer.name in wanted]
    for layer in layers:
        if layer.cores is not None and chain[-1].name not in layer.cores:
            raise IllegalAction(layer.core_refusal, layer=layer.name, core=chain[-1].name)
    chosen = config.get("scenario")
    if chosen is not None and not any(chosen == layer.scenario or chosen in layer.formerly for layer in layers):
        raise IllegalAction("unknown_scenario", scenario=str(chosen)[:30])
    return Rules(tuple(chain + layers), layer_options(registry))


def current_scenario(registry: tuple[Layer, ...], config: dict) -> dict:
    """The config with its scenario under today's key (a game saved when the scenario had
    another one), otherwise unchanged."""
    chosen = config.get("scenario")
    renamed = next((layer.scenario for layer in registry if chosen and chosen in layer.formerly), None)
    return {**config, "scenario": renamed} if renamed else config


def layer_scenarios(registry: tuple[Layer, ...]) -> tuple[str, ...]:
    """Every scenario key a layer owns (config["scenario"])."""
    return tuple(layer.scenario for layer in registry if layer.scenario)


def layer_options(registry: tuple[Layer, ...]) -> tuple[str, ...]:
    """Every game option any layer owns (config["variants"] keys)."""
    return tuple(option for layer in registry for option in layer.options)
