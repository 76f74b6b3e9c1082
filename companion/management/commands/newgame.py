"""Create a game from the command line and print its table and join URLs.

Its choices are the new-game form's (companion/web/forms.py); a scenario without --board gets
the board it is usually played with (_tables.usual_board), and --help lists every scenario by
box with its player counts and that board. A refused game says why in the app's words and
what to type instead (a command line the app takes), in the environment's language.
"""
import json

from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from companion import services
from companion.engine import IllegalAction
from companion.management.commands import _tables as tables
from companion.management.commands._database import ensure_database
from companion.management.commands._refusals import (Refusal, SentenceCommand, command_line, environment_language,
                                                     illegal, or_list, type_instead)
from companion.web.join_links import read_lan_addresses as lan_addresses
from companion.web import forms

PROG = "python3 manage.py newgame"
EXAMPLE_PLAYERS = "Ala:red,Bartek:blue,Celina:white"
# The order the options are typed back in a hint: (option, its key in the parsed options).
OPTIONS = (("--rules", "rules"), ("--players", "players"), ("--scenario", "scenario"), ("--variant", "variant"),
           ("--board", "board"), ("--play-mode", "play_mode"), ("--dice", "dice"), ("--target", "target"),
           ("--seed", "seed"), ("--base-url", "base_url"))

def choices_help(field: str) -> str:
    return "; ".join(f"{value}: {label}" for value, label in tables.form_choices(field))


def words_for(o: dict) -> list[str]:
    """The options given (None: not given), typed back as a command line's words."""
    words = []
    for option, key in OPTIONS:
        value = o.get(key)
        if key == "variant":
            for name in value or ():
                words += [option, name]
        elif value is not None and value != "":
            words += [option, str(value)]
    if o.get("json"):
        words.append("--json")
    return words


def players_text(rules: str, scenario: str | None, board: str) -> str:
    """"3–4 players; 2 players with --variant two_players", from the app's own checks."""
    plain, optional = tables.player_counts(rules, scenario, board)
    parts = []
    if plain:
        parts.append(ngettext("%(counts)s player", "%(counts)s players", max(plain)) % {
            "counts": tables.ranges(plain)})
    by_options: dict[tuple, list[int]] = {}
    for n, options in optional.items():
        by_options.setdefault(options, []).append(n)
    for options, sizes in by_options.items():
        parts.append(ngettext("%(counts)s player with %(options)s", "%(counts)s players with %(options)s",
                              max(sizes)) % {"counts": tables.ranges(sizes),
                                             "options": or_list(f"--variant {name}" for name in options)})
    return "; ".join(parts) if parts else _("no table size (the app refuses every one)")


def board_text(scenario: str) -> str:
    """Which board the scenario gets without --board, and the others it takes."""
    usual = tables.usual_board(scenario)
    core = tables.scenario_core(scenario)
    if usual == forms.CORES[core].get("board"):
        text = _("without --board: --board %(board)s, the board every game of --rules %(core)s is played on") % {
            "board": usual, "core": core}
    elif usual == tables.BY_HAND:
        text = _("without --board: --board %(board)s: the rulebook only pictures this board, so the table enters "
                 "it by hand on the table screen") % {"board": usual}
    else:
        text = _("without --board: --board %(board)s, laid out by the app (%(label)s)") % {
            "board": usual, "label": tables.board_label(usual)}
    others = [mode for mode in tables.boards_taken(scenario) if mode != usual]
    if others:
        text += "; " + _("also %(boards)s") % {"boards": ", ".join(others)}
    return text


def scenarios_help() -> str:
    """Every scenario, by box and core, with its player counts and its usual board."""
    ensure_database()  # the counts are asked of create_game (rolled back)
    lines = [_("Scenarios (--scenario), by box, with the players they take and the board they get "
               "without --board:"), ""]
    for box, core, keys in tables.scenario_groups():
        lines.append(_("%(box)s (--rules %(core)s, the default with these scenarios):") % {
            "box": tables.box_label(box), "core": core})
        for key in keys:
            lines.append(f"  {key}: {forms.SCENARIOS[key]['label']}")
            lines.append("      " + _("box: %(box)s; %(players)s") % {
                "box": tables.box_label(box), "players": players_text(core, key, tables.usual_board(key))})
            lines.append("      " + board_text(key))
        lines.append("")
    return "\n".join(lines)


def suggestion(o: dict) -> str:
    """What to type instead: the first single change of the options that the app takes
    (the boards first: a scenario's usual one first), or what a table of players must be."""
    scenario = o.get("scenario")
    rules = o.get("rules") or tables.scenario_core(scenario)
    board = o.get("board") or tables.default_board(rules, scenario)
    dice = o.get("dice") or tables.form_initial("dice_source")
    boards = [tables.usual_board(scenario)] if scenario else []
    boards += [mode for mode in tables.board_modes() if mode not in boards]
    groups = [
        [("--board", {**o, "board": mode}) for mode in boards if mode != board],
        [("", {**o, "variant": [v for v in o["variant"] if v != name]}) for name in o["variant"]],
        [("--dice", {**o, "dice": value}) for value, _l in tables.form_choices("dice_source") if value != dice],
        [("--play-mode", {**o, "play_mode": mode}) for mode in (None, *(v for v, _l in tables.form_choices("play_mode")))
         if mode != o.get("play_mode")],
        # a game played only with a scenario (Explorers & Pirates) is given one before another game
        [] if scenario else [("--scenario", {**o, "scenario": key}) for key in forms.SCENARIOS],
        [("--rules", {**o, "rules": core}) for core in forms.CORES if core != rules],
        [("--variant", {**o, "variant": [*o["variant"], name]}) for name in forms.OPTION_FIELDS
         if name not in o["variant"]],
        [("", {**o, "target": None})] if o.get("target") is not None else [],
    ]
    for group in groups:
        working = [(option, changed) for option, changed in group
                   if tables.refused(tables.game_config(changed)) is None]
        if working:
            option, first = working[0]
            hint = type_instead(command_line(PROG, words_for(first)))
            keys = dict(OPTIONS)
            others = [f"{option} {changed[keys[option]]}" for option, changed in working[1:4]
                      if option in keys and option != "--variant" and changed[keys[option]] is not None]
            if others:
                hint += " " + _("(or %(others)s)") % {"others": ", ".join(others)}
            return hint
    sizes = players_text(rules, scenario, board)
    colours = [value for value, _label in forms.NewGameForm().fields["color_0"].choices]
    return _("This game takes %(sizes)s. Type --players with name:colour pairs, clockwise, each name and colour "
             "once (colours: %(colours)s), for example: %(line)s") % {
        "sizes": sizes, "colours": ", ".join(colours),
        "line": command_line(PROG, words_for({**o, "players": EXAMPLE_PLAYERS}))}


class Command(SentenceCommand):
    help = 'Create a game: --players "Ala:red,Bartek:blue,Celina:white".'
    examples = {"--players": EXAMPLE_PLAYERS, "--seed": 7, "--target": 10}

    def description(self) -> str:
        return _('Create a game: --players "%(players)s" (name:colour pairs, clockwise from the first player). '
                 'It prints the game code, the table screen URL and each seat\'s join URL.') % {
            "players": EXAMPLE_PLAYERS}

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        format_help = parser.format_help

        def with_scenarios():
            # The scenarios' list asks the app (rolled back): only when the help is shown.
            with translation.override(environment_language()):
                try:
                    parser.epilog = scenarios_help()
                except Refusal as refused:  # no database to ask: the help says so, and why
                    parser.epilog = str(refused)
            return format_help()

        parser.format_help = with_scenarios
        return parser

    def add_arguments(self, parser):
        parser.add_argument("--rules", default=None, choices=[key for key, _label in tables.form_choices("rules")],
                            help=_("the game: %(choices)s (default: the scenario's game, else %(first)s)") % {
                                "choices": choices_help("rules"), "first": tables.first_core()})
        parser.add_argument("--players", required=True,
                            help=_("name:colour pairs, clockwise from the first player, e.g. %(example)s") % {
                                "example": EXAMPLE_PLAYERS})
        parser.add_argument("--seed", type=int, default=None, help=_("reproducible dice and cards"))
        parser.add_argument("--target", type=int, default=None,
                            help=_("victory points to win (default: the game's, %(targets)s, or the scenario's)") % {
                                "targets": ", ".join(f"{key} {target}" for key, target in forms.TARGETS.items())})
        parser.add_argument("--dice", default=None, choices=[value for value, _label in tables.form_choices("dice_source")],
                            help=_("%(choices)s (default: %(default)s)") % {
                                "choices": choices_help("dice_source"), "default": tables.form_initial("dice_source")})
        parser.add_argument("--variant", action="append", default=[], choices=list(forms.OPTION_FIELDS),
                            help=_("a game option (repeatable): %(options)s") % {
                                "options": "; ".join(f"{name}: {field.label}"
                                                     for name, field in forms.OPTION_FIELDS.items())})
        parser.add_argument("--scenario", default=None, choices=list(forms.SCENARIOS),
                            help=_("a scenario, with its own target unless --target is given (listed below)"))
        parser.add_argument("--board", default=None, choices=tables.board_modes(),
                            help=_("%(choices)s (default: the board a scenario is usually played with, the one a "
                                   "game is always played on, else none)") % {"choices": choices_help("board")})
        parser.add_argument("--play-mode", default=None,
                            choices=[value for value, _label in tables.form_choices("play_mode")],
                            help=_("%(choices)s (default: hands on phones with a board, else paper)") % {
                                "choices": choices_help("play_mode")})
        parser.add_argument("--base-url", default=None,
                            help=_("the address players reach (default: this machine, port 8000)"))
        parser.add_argument("--json", action="store_true",
                            help=_("print the game, or a refusal with its code, as JSON"))

    def handle(self, *args, **o):
        ensure_database(self.stderr)
        config = tables.game_config(o)
        try:
            game = services.create_game(config, seed=o["seed"])
        except IllegalAction as error:
            raise illegal(error, suggestion(o)) from None
        base = (o["base_url"] or f"http://{(lan_addresses() or ['localhost'])[0]}:8000").rstrip("/")
        result = {
            "ok": True,
            "code": game.code,
            "table_url": f"{base}{reverse('table', args=[game.code])}?key={game.host_token}",
            "rules": game.config["rules"],
            "scenario": game.config.get("scenario"),
            "board": game.config["board"],
            "seats": [
                {"seat": s.index, "name": s.name, "color": s.color,
                 "join_url": f"{base}{reverse('join', args=[game.code, s.join_token])}"}
                for s in game.seats.all()
            ],
        }
        if o["json"]:
            self.stdout.write(json.dumps(result, indent=2, ensure_ascii=False))
            return
        self.stdout.write(_("Game %(code)s") % {"code": result["code"]})
        self.stdout.write(_("Table screen: %(url)s") % {"url": result["table_url"]})
        if config["board"] == tables.BY_HAND:
            self.stdout.write(_("Board: enter it as it lies on the table, on the table screen."))
        elif config["board"] != tables.NO_BOARD:
            self.stdout.write(_("Board: %(label)s") % {"label": tables.board_label(config["board"])})
        for seat in result["seats"]:
            self.stdout.write(f"  {seat['name']} ({seat['color']}): {seat['join_url']}")
