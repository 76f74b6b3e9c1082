from django import forms
from django.utils.translation import gettext_lazy as _

from companion.layers.base.rules import COLORS, DICE_SOURCES, MAX_PLAYERS, MIN_PLAYERS
from .machinery.hands import COMMODITIES, RESOURCES
from .messages import COLOR_NAMES, DICE_SOURCE_NAMES

BASE_TARGET = 10
TARGETS = {"base": BASE_TARGET, "cities_knights": 13}
DEFAULT_COLORS = ("red", "blue", "white", "orange", "green", "brown")


class NewGameForm(forms.Form):
    """A new table: players clockwise from the one who rolled highest."""

    rules = forms.ChoiceField(
        label=_("Game"),
        choices=[("base", _("CATAN base game")), ("cities_knights", _("Cities & Knights (3–6 players)"))],
        initial="base",
    )
    target = forms.IntegerField(
        label=_("Victory points to win"), min_value=3, max_value=30, initial=10, required=False,
        help_text=_("Empty: 10 for the base game, 13 for Cities & Knights."),
    )
    dice_source = forms.ChoiceField(
        label=_("Dice"), choices=[(s, DICE_SOURCE_NAMES[s]) for s in DICE_SOURCES], initial="typed"
    )
    friendly_robber = forms.BooleanField(
        label=_("Friendly robber: it spares players with 2 victory points or fewer"), required=False
    )
    harbormaster = forms.BooleanField(
        label=_("Harbormaster: 2 victory points for the most harbour points (the target goes up by 1)"),
        required=False,
    )
    two_players = forms.BooleanField(
        label=_("Catan for two: two players, two neutral colours, two rolls a turn, trade tokens (base game only)"),
        required=False,
    )
    advanced_battle = forms.BooleanField(
        label=_("Cities & Knights, advanced battle: each player picks which active knights fight the barbarians"),
        required=False,
    )
    board = forms.ChoiceField(
        label=_("Board"),
        choices=[
            ("none", _("No board: keep score only")),
            ("beginner", _("Beginner board (first game, 3–4 players)")),
            ("random", _("Random board, by the rulebook")),
            ("balanced", _("Balanced random board")),
            ("manual", _("Enter the board laid out on the table")),
        ],
        initial="none",
    )

    play_mode = forms.ChoiceField(
        label=_("Cards"),
        choices=[
            ("hands", _("Hands on phones: the app deals, pays and trades (needs a board)")),
            ("paper", _("Paper cards on the table: the app keeps the score")),
        ],
        initial="hands",
        required=False,  # older clients post no play mode: hands on phones when there is a board
        help_text=_("Without a board the app keeps the score only."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for i in range(MAX_PLAYERS):
            self.fields[f"name_{i}"] = forms.CharField(
                label=_("Player %(n)s") % {"n": i + 1}, max_length=20, required=i < MIN_PLAYERS
            )
            self.fields[f"color_{i}"] = forms.ChoiceField(
                label=_("Colour"), choices=[(c, COLOR_NAMES[c]) for c in COLORS], initial=DEFAULT_COLORS[i]
            )

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
        if target is None or (d["rules"] == "cities_knights" and target == BASE_TARGET):
            target = TARGETS[d["rules"]]  # the 10 left from the base game becomes C&K's 13
        config = {
            "rules": d["rules"],
            "players": d["players"],
            "target": target,
            "dice_source": d["dice_source"],
            "board": d["board"],
            # Production needs the board: without one the paper cards stay on the table.
            "play_mode": (d.get("play_mode") or "hands") if d["board"] != "none" else "paper",
        }
        variants = {name: True for name in ("friendly_robber", "harbormaster", "two_players", "advanced_battle")
                    if d.get(name)}
        if variants:  # Traders & Barbarians game options (variants.py, two_players.py); C&K's advanced battle
            config["variants"] = variants
            if "harbormaster" in variants:
                config["target"] = min(target + 1, 30)  # the rulebook: one more point to win
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
