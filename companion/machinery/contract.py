"""A layer's screen contract: what its screens need, declared by its package beside its `Layer`
(its screens.py `SCREENS`; the screens' registry, companion/layers/screens.py, lists them all).

Plain declarations: callables, names and tables. Their values are the screens' own (Django's
words and form fields), but nothing here imports Django: the web shell (companion/web) loops
over the contracts of a game's layers and names none of them. What each part is:

- `context(view, names, picture) -> dict`: the keys it adds to a screen's context (or
  overrides: a later layer may change what a lower one set), for a game it is part of.
  `names`: every seat's name on the board; `picture`: this screen's board drawing
  (board_svg), which it may mark. `defaults`: those keys as the templates find them in
  games without it.
- `shared(view, names, picture) -> dict`: keys of its context that read only the public
  table (a drawing of pieces every screen shows alike): the shell works them out once per
  version and language, from the table's view, and hands them to every screen before its
  `context` (which may read them). Nothing private may go there.
- `partials`: {slot: template}, where its partials go (SLOTS). A "panel" is a fragment of
  its own beside the board ("panel-<its first layer's name>"), pushed only when it changed.
- `reads`: {fragment: context keys}, what its partials in a shared fragment kept by what it
  shows read (READS: the scoreboard, the board picture).
- `words`: its log lines, its refusals, its lines of a finished game's story and its tables
  of names (NAMES), which add to every layer's (companion/messages.py).
- `form`: its entries on the new-game form (a core, a scenario, game options) and the
  fields its actions post.
- `owed(view, viewer) -> [OwedStep]`: the steps this viewer owes now (a pending decision, a
  vote, a confirmation, a placement owed, a phase to finish before the turn can end, an
  answer to them), each with its words and the partial holding its form: the phone pins the
  first in its bottom bar and offers no "End turn" while one of them blocks the end; nothing
  by default (`owes_pending`: a layer's pending decisions; `owes_all`: several kinds at once).
- `extra_seats(view)`: seats on the board beyond the players (Catan for two's neutral
  colours); `trade_ratios(view)`: a phone's ratios with the bank, when the layer has its own.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

# Where a layer's partials go: what the shared templates include, every layer's in turn.
SLOTS = frozenset({"actions", "panel", "hand_cards", "hand", "vp_rows", "badges", "scoreboard_rows", "scoreboard",
                   "board_ground", "board_layer", "board_targets", "board_editor"})
# The shared fragments kept by what they show, whose keys a layer names in `reads`.
READS = frozenset({"scoreboard", "board_picture"})
# A layer's tables of names, each added to every layer's (the later layer's word wins):
# the cards a hand holds and a number of them ("%(count)s brick"), the phases, what an undone
# action had shown (by `what`), the problems of a board being entered (its check_board codes),
# the reasons gold or trade tokens were paid, the robber's home hex ({terrain: {"to", "on",
# "next_to"}}), its terrains and its sources of points.
NAMES = frozenset({"card", "card_count", "phase", "revealed", "board_problem", "gold_reason", "token_reason",
                   "robber_home", "terrain", "vp_source"})


def _adds_nothing(view: dict, names: list, picture: dict | None) -> dict:
    return {}


def _says_nothing(*args) -> None:
    return None


def owes_nothing(view: dict, viewer) -> list:
    return []


@dataclass(frozen=True)
class OwedStep:
    """One step a viewer owes now."""
    kind: str                    # what is owed: a pending decision's kind, or the layer's own name for it
    label: str | None = None     # a few words for it, what to do (None: the shell words it by its phase)
    partial: str | None = None   # the partial holding its form, to pin (it reads `owed`: this step)
    blocks_end: bool = True      # the turn cannot end before it is done
    board: bool = False          # answered by a tap on the board: the bar says what to tap and shows the board


@dataclass(frozen=True)
class Words:
    refusal: Callable = _says_nothing    # (IllegalAction) -> str | None: None for a code not its own
    log_text: Callable = _says_nothing   # (entry, names) -> str | None: None for a kind not its own
    names: Mapping[str, Mapping] = field(default_factory=dict)  # NAMES -> {code: words}
    # (item, names) -> str | None: a line of a finished game's story (engine.story: a battle of
    # its own, one of its `story_kinds`), None for an item not its own
    story_text: Callable = _says_nothing

    def __post_init__(self):
        unknown = set(self.names) - NAMES
        if unknown:
            raise ValueError(f"unknown tables of names: {sorted(unknown)}")


@dataclass(frozen=True)
class Option:
    """A game option's checkbox on the new-game form."""
    field: object                # the form field
    target_bonus: int = 0        # points it adds to the target (the Harbormaster: 1)
    implies: tuple = ()          # the options it brings along (the travel edition: Catan for two)


@dataclass(frozen=True)
class Form:
    core: Mapping | None = None      # a core's entry in the Game select: {"key", "label", "target", ...}
    scenario: Mapping | None = None  # a scenario's entry in the Scenario select: {"key", "label", "target", ...}
    options: Mapping[str, Option] = field(default_factory=dict)
    # its dice sources in the Dice select: {code: {"label", and optionally "switch" (the table's
    # button to switch to it mid-game), "rulebook" (the rulebook's games of its rules), "draws"}}
    dice_sources: Mapping[str, Mapping] = field(default_factory=dict)
    fields: tuple = ()               # the fields its actions post, one value each
    list_fields: tuple = ()          # … and those posted several times


@dataclass(frozen=True)
class Screens:
    layers: tuple                    # its package's layers (the package's LAYERS)
    context: Callable = _adds_nothing
    shared: Callable = _adds_nothing  # (view, names, picture) -> its keys alike on every screen
    defaults: Mapping = field(default_factory=dict)
    partials: Mapping[str, str] = field(default_factory=dict)
    reads: Mapping[str, tuple] = field(default_factory=dict)
    words: Words = Words()
    form: Form = Form()
    owed: Callable = owes_nothing
    extra_seats: Callable | None = None
    trade_ratios: Callable | None = None
    rule_topics: Mapping = field(default_factory=dict)  # its layers' rule_topics: topic -> label

    def __post_init__(self):
        if set(self.partials) - SLOTS or set(self.reads) - READS:
            raise ValueError(f"unknown slots or fragments: {sorted(set(self.partials) - SLOTS)} "
                             f"{sorted(set(self.reads) - READS)}")

    @property
    def name(self) -> str:
        """Its first layer's name: the id of its panel."""
        return self.layers[0].name


def owes_pending(layers: tuple, partial: str | None = None, labels: Mapping | None = None,
                 board: frozenset = frozenset()) -> Callable:
    """An `owed` whose steps are the pending decisions of `layers` (what their Layer.pending
    declares) that the viewer's seat owes now, each with the partial holding its form.
    `labels`: {kind: words, or (view) -> words}; `board`: the kinds answered by a tap on the
    board, when the game has one."""
    kinds = frozenset().union(*(layer.pending for layer in layers))
    labels = labels or {}

    def owed(view: dict, viewer) -> list:
        me = view.get("me")
        if not me:
            return []
        steps = []
        for kind in view["players"][me["seat"]]["pending"]:
            if kind not in kinds:
                continue
            label = labels.get(kind)
            steps.append(OwedStep(kind, label=label(view) if callable(label) else label, partial=partial,
                                  board=kind in board and bool(view.get("board"))))
        return steps

    return owed


def owes_all(*finders: Callable) -> Callable:
    """An `owed` of several: the steps each finds, in turn."""
    def owed(view: dict, viewer) -> list:
        return [step for find in finders for step in find(view, viewer)]

    return owed
