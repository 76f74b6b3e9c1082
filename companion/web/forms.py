import copy

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from companion.web.contracts import form_entries

from companion.layers.cores.base.rules import COLORS, MAX_PLAYERS, MIN_PLAYERS
from companion.machinery.hands import COMMODITIES, RESOURCES
from companion.layers.cores.base.messages import COLOR_NAMES

# Each layer's entries on the new-game form (its screen contract's `form`, from its forms.py):
# its game options (a checkbox, the points it adds to the target, the options it brings
# along). The game options first, then a core's own (Cities & Knights' advanced battle).
LAYER_FORMS = form_entries()
OPTIONS = {name: option for form in LAYER_FORMS for name, option in form.options.items()}
OPTION_FIELDS = {name: option.field for name, option in OPTIONS.items()}
# A scenario's entry: {"key", "label", "target"} (one a game).
SCENARIOS = {form.scenario["key"]: form.scenario for form in LAYER_FORMS if form.scenario}
# A core's entry: {"key", "label", "target"} and optionally "help" (its words under the target)
# and "board" (the board it is always played on: "No board" means that one), for the form's
# Game select and `newgame --rules`, in composition order.
CORES = {form.core["key"]: form.core for form in LAYER_FORMS if form.core}
# The board modes a core's scenarios share or a scenario has alone, {mode: label} (Explorers &
# Pirates' free placement, from Pirate Lairs on): a core's CORE or a scenario's SCENARIO "boards".
# One label a mode: the first to name it (a core before its scenarios).
def _board_modes() -> dict:
    modes = {}
    for entry in (*CORES.values(), *SCENARIOS.values()):
        for mode, label in entry.get("boards", {}).items():
            modes.setdefault(mode, label)
    return modes


SCENARIO_BOARDS = _board_modes()
# Every layer's dice sources (its form's `dice_sources`), in composition order: {code: {"label"}
# and optionally "switch" (the words of the table's button that switches to it mid-game),
# "rulebook" (the rulebook's games of its rules, added to a game's rules links) and "draws"
# (it draws a card instead of rolling: its layer shows its own form, not the shared dice).
DICE_SOURCES = {code: entry for form in form_entries(cores_last=False) for code, entry in form.dice_sources.items()}


def dice_source_choices() -> list[tuple[str, str]]:
    """[(code, label)] of every dice source, in composition order: the new-game form's Dice
    select and `manage.py newgame --dice`."""
    return [(code, entry["label"]) for code, entry in DICE_SOURCES.items()]


def dice_source_context(view: dict) -> dict:
    """A screen's dice source: does it draw a card instead of rolling (its layer shows its own
    form), and the buttons switching to the others this game's rules offer."""
    current = view["config"]["dice_source"]
    return {"code": current, "draws": bool(DICE_SOURCES.get(current, {}).get("draws")),
            "switches": [{"code": code, "label": DICE_SOURCES[code]["switch"]} for code in view["dice_sources"]
                         if code != current and DICE_SOURCES.get(code, {}).get("switch")]}


TARGET_BONUS = {name: option.target_bonus for name, option in OPTIONS.items() if option.target_bonus}
IMPLIES = {name: option.implies for name, option in OPTIONS.items() if option.implies}
# A layer's own action fields (its form's `fields`; `list_fields`: posted several times).
LAYER_FIELDS = tuple(dict.fromkeys(f for form in LAYER_FORMS for f in form.fields))
LAYER_LISTS = tuple(dict.fromkeys(f for form in LAYER_FORMS for f in form.list_fields))

BASE_TARGET = 10
TARGETS = {key: core["target"] for key, core in CORES.items()}
DEFAULT_COLORS = ("red", "blue", "white", "orange", "green", "brown")


class ReaderForm(forms.Form):
    """The table's dice reader: a listed device or a typed name, and its speed."""

    # CH340 and CP2102 boards often run their sketch at 9600 or 57600 rather than 115200.
    baudrate = forms.TypedChoiceField(label=_("Baud rate"), coerce=int, initial=115200, required=False, empty_value=None,
                                      choices=[(rate, str(rate)) for rate in (9600, 19200, 38400, 57600, 115200,
                                                                              230400, 460800, 921600)])


class NewGameForm(forms.Form):
    """A new table: players clockwise from the one who rolled highest."""

    rules = forms.ChoiceField(
        label=_("Game"),
        choices=[(key, core["label"]) for key, core in CORES.items()],
        initial="base",
        widget=forms.Select(attrs={
            "data-targets": ",".join(f"{key}:{core['target']}" for key, core in CORES.items()),
            # the board a core is always played on, chosen with it (static/app.js)
            "data-boards": ",".join(f"{key}:{core['board']}" for key, core in CORES.items() if core.get("board"))}),
    )
    target = forms.IntegerField(
        label=_("Victory points to win"), min_value=3, max_value=30, initial=10, required=False,
        help_text=format_lazy(" ".join("{}" for core in CORES.values() if core.get("help")),
                              *(core["help"] for core in CORES.values() if core.get("help"))),
    )
    dice_source = forms.ChoiceField(label=_("Dice"), choices=dice_source_choices(), initial="typed")
    board = forms.ChoiceField(
        label=_("Board"),
        choices=[
            ("none", _("No board: keep score only")),
            ("beginner", _("Beginner board (first game, 3–4 players)")),
            ("random", _("Random board, by the rulebook")),
            ("balanced", _("Balanced random board")),
            ("manual", _("Enter the board laid out on the table")),
            # a scenario's own ways to start (its SCENARIO "boards"; the engine refuses them elsewhere)
            *SCENARIO_BOARDS.items(),
        ],
        initial="none",
    )

    # The defaults agree: no board, so paper cards (hands on phones need the board to pay
    # production). Picking a board offers hands on phones (static/app.js: data-needs-board).
    play_mode = forms.ChoiceField(
        label=_("Cards"),
        choices=[
            ("hands", _("Hands on phones: the app deals, pays and trades (needs a board)")),
            ("paper", _("Paper cards on the table: the app keeps the score")),
        ],
        initial="paper",
        required=False,  # older clients post no play mode: hands on phones when there is a board
        help_text=_("Hands on phones need a board: the app pays production from it. Without a board the cards stay on paper."),
        widget=forms.Select(attrs={"data-needs-board": "hands"}),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, field in OPTION_FIELDS.items():
            self.fields[name] = copy.deepcopy(field)
        if SCENARIOS:
            self.fields["scenario"] = forms.ChoiceField(
                label=_("Scenario"), required=False, initial="",
                choices=[("", _("None: the game as it is"))] + [(key, s["label"]) for key, s in SCENARIOS.items()],
                help_text=_("Traders & Barbarians: the board and its own pieces change, and so does the target."),
                widget=forms.Select(attrs={"data-targets": ",".join(f"{key}:{s['target']}" for key, s in SCENARIOS.items())}))
        for i in range(MAX_PLAYERS):
            self.fields[f"name_{i}"] = forms.CharField(
                label=_("Player %(n)s") % {"n": i + 1}, max_length=20, required=i < MIN_PLAYERS
            )
            self.fields[f"color_{i}"] = forms.ChoiceField(
                label=_("Colour"), choices=[(c, COLOR_NAMES[c]) for c in COLORS], initial=DEFAULT_COLORS[i]
            )

    def option_fields(self):
        return [self[name] for name in OPTION_FIELDS]

    def player_rows(self):
        return [(self[f"name_{i}"], self[f"color_{i}"]) for i in range(MAX_PLAYERS)]

    def clean(self):
        data = super().clean()
        players = [
            {"name": data[f"name_{i}"].strip(), "color": data.get(f"color_{i}")}
            for i in range(MAX_PLAYERS)
            if data.get(f"name_{i}", "").strip()
        ]
        if len(players) < MIN_PLAYERS:
            raise forms.ValidationError(_("Enter at least two players."))
        colors = [p["color"] for p in players]
        if len(set(colors)) != len(colors):
            raise forms.ValidationError(_("Two players have the same colour."))
        names = [p["name"].casefold() for p in players]
        if len(set(names)) != len(names):
            raise forms.ValidationError(_("Two players have the same name."))
        data["players"] = players
        return data

    def game_config(self) -> dict:
        d = self.cleaned_data
        target = d.get("target")
        if target is None or target == BASE_TARGET:
            target = TARGETS[d["rules"]]  # the 10 left from the base game becomes the core's own (C&K's 13)
        board = d["board"]
        if board == "none":  # a core played only on its own board (E&P's sea) takes that one
            board = CORES[d["rules"]].get("board") or board
        config = {
            "rules": d["rules"],
            "players": d["players"],
            "target": target,
            "dice_source": d["dice_source"],
            "board": board,
            # Production needs the board: without one the paper cards stay on the table.
            "play_mode": (d.get("play_mode") or "hands") if board != "none" else "paper",
        }
        scenario = SCENARIOS.get(d.get("scenario") or "")
        if scenario is not None:
            config["scenario"] = scenario["key"]
            if d.get("target") in (None, BASE_TARGET):  # the default left untouched
                config["target"] = target = scenario["target"]
        options = {name: True for name in OPTION_FIELDS if d.get(name)}
        for name in list(options):
            options.update(dict.fromkeys(IMPLIES.get(name, ()), True))
        if options:  # the layers' game options (saved games keep them as "variants"); the engine says which combine
            config["variants"] = options
            bonus = sum(TARGET_BONUS.get(name, 0) for name in options)
            config["target"] = min(target + bonus, 30)
        return config


def action_args(post) -> dict:
    """A command's fields (a posted form, or a websocket command as a MultiValueDict) to
    engine arguments; the engine validates every value."""
    args = {}
    if "die1" in post or "die2" in post:
        args["dice"] = [post.get("die1"), post.get("die2")]
    for field in ("victim", "hand_size", "card", "resource", "holder", "source", "seat", "corner", "edge", "hex",
                  "terrain", "number", "harbour", "give", "get", "count", "to", "offer", "partner", "answer",
                  # Cities & Knights: the event die, a chart, a knight, a deck, a commodity, a second hex
                  "event", "chart", "knight", "deck", "commodity", "other_hex", "city",
                  "red",  # the red die alone: Cities & Knights on the Events of Catan deck
                  # Catan for two: a neutral colour, the piece it gets, where a paper settlement stands
                  "neutral", "piece", "spot"):
        if field in post:
            args[field] = post.get(field)
    for field in LAYER_FIELDS:
        if field in post:
            args[field] = post.get(field)
    for field in LAYER_LISTS:
        if field in post:
            args[field] = post.getlist(field)
    if "resources" in post:
        args["resources"] = post.getlist("resources")
    if "knights" in post:  # Smithing: up to two knights
        args["knights"] = [k for k in post.getlist("knights") if k]
    # Card bundles come as one number field per resource: give_brick=1, cards_ore=2 ...
    for bundle in ("give", "get", "cards"):
        fields = {r: post.get(f"{bundle}_{r}") for r in RESOURCES + COMMODITIES if f"{bundle}_{r}" in post}
        if fields:
            args[bundle] = fields
    return args
