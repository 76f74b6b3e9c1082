"""How the command-line entry points refuse: in sentences, in the language of the environment.

Every refusal says in words what is wrong and what to type instead, in Polish when the
environment's language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG: the first one set) starts with
"pl", in English otherwise. Its code stays for scripts: with --json a refusal is printed on
standard output as {"ok": false, "code", "message", "hint"} (the sentences still go to
standard error), and a `Refusal` raised through call_command carries `.code`.

`SentenceCommand` is the base of the commands that refuse: it activates the language for
the help, the parsing and the run, words argparse's own refusals (an unknown choice, a
missing option, a number that is not one), and prints a refusal without a traceback.
"""
import difflib
import json
import os
import re
import shlex
import sys
import textwrap
from functools import partial

from django.core.management.base import BaseCommand, CommandError, DjangoHelpFormatter
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from companion.engine import IllegalAction

# The options every Django command has: not the entry point's own (README, --help).
DJANGO_OPTIONS = frozenset({"--help", "--version", "--verbosity", "--settings", "--pythonpath", "--traceback",
                            "--no-color", "--force-color", "--skip-checks"})


def environment_language() -> str:
    """"pl" when the environment's language is Polish, else "en" (gettext's order of variables)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "").strip()
        if value:
            return "pl" if value.lower().startswith("pl") else "en"
    return "en"


class Refusal(CommandError):
    """A command's refusal: `message` says what is wrong, `hint` what to type instead; `code`
    is the same in every language (for scripts)."""

    def __init__(self, code: str, message: str, hint: str = "", returncode: int = 1):
        self.code, self.message, self.hint = code, str(message), str(hint or "")
        super().__init__("\n".join(part for part in (self.message, self.hint) if part), returncode=returncode)

    def as_json(self) -> dict:
        return {"ok": False, "code": self.code, "message": self.message, "hint": self.hint}


def illegal(error: IllegalAction, hint: str = "") -> Refusal:
    """The engine's refusal in the app's words (the web UI's), the code kept."""
    from companion.messages import refusal

    return Refusal(error.code, refusal(error), hint)


def command_line(prog: str, words: list[str]) -> str:
    """What to type: `prog` (e.g. "manage.py newgame") and its arguments, quoted for a shell."""
    return " ".join([prog, *(shlex.quote(str(word)) for word in words)])


def type_instead(line: str) -> str:
    return _("Type instead: %(line)s") % {"line": line}


def or_list(words) -> str:
    """"a, b or c" in the active language."""
    words = [str(w) for w in words]
    if len(words) < 2:
        return "".join(words)
    return _("%(first)s or %(last)s") % {"first": ", ".join(words[:-1]), "last": words[-1]}


def game_refusal(code: str, retype) -> Refusal:
    """No game has this code: say where the code is shown, the games open here, and the
    command again with the latest of them (`retype(code)` -> that command line)."""
    from companion.models import Game

    codes = list(Game.objects.exclude(phase="finished").order_by("-created_at").values_list("code", flat=True)[:5])
    message = _("There is no game with code %(code)s here.") % {"code": code}
    if codes:
        hint = ngettext("The code is on the table screen; the game still open here: %(codes)s.",
                        "The code is on the table screen; games still open here: %(codes)s.",
                        len(codes)) % {"codes": ", ".join(codes)}
        hint += " " + type_instead(retype(codes[0]))
    else:
        hint = _("The code is on the table screen. No game is open here: %(line)s creates one.") % {
            "line": 'python3 manage.py newgame --players "Ala:red,Bartek:blue,Celina:white"'}
    return Refusal("unknown_game", message, hint)


class SentenceHelpFormatter(DjangoHelpFormatter):
    """The description and epilog keep their lines (a list of scenarios, one a line); a long
    line wraps under its own indentation."""

    def _fill_text(self, text, width, indent):
        lines = []
        for line in text.splitlines():
            inner = " " * (len(line) - len(line.lstrip()))
            lines.append(textwrap.fill(line, width, initial_indent=indent, subsequent_indent=indent + inner + "    ",
                                       break_on_hyphens=False, break_long_words=False) if line.strip() else "")
        return "\n".join(lines)


class SentenceCommand(BaseCommand):
    """A command whose refusals are sentences in the environment's language (see above)."""

    # {option: an example value} for the words of a missing option ("--players" -> "Ala:red,…").
    examples: dict = {}

    def description(self) -> str:
        """The help's first words, in the active language."""
        return str(self.help)

    def create_parser(self, prog_name, subcommand, **kwargs):
        kwargs.setdefault("formatter_class", SentenceHelpFormatter)
        with translation.override(environment_language()):
            parser = super().create_parser(prog_name, subcommand, **kwargs)
            parser.description = self.description()
        parser.error = partial(self._argument_refused, parser)
        return parser

    def execute(self, *args, **options):
        with translation.override(environment_language()):
            try:
                return super().execute(*args, **options)
            except IllegalAction as error:  # a command that did not word it: the app's words
                refused = illegal(error)
            except Refusal as error:
                refused = error
            if options.get("json"):
                self.stdout.write(json.dumps(refused.as_json(), ensure_ascii=False))
            if getattr(self, "_called_from_command_line", False) and not options.get("traceback"):
                self.stderr.write(str(refused))
                sys.exit(refused.returncode)
            raise refused

    # ---------------------------------------------------------------- argparse's refusals

    def _argument_refused(self, parser, message: str):
        with translation.override(environment_language()):
            refused = self.argument_refusal(parser, message)
        if not parser.called_from_command_line:
            raise refused
        if "--json" in sys.argv[2:]:
            sys.stdout.write(json.dumps(refused.as_json(), ensure_ascii=False) + "\n")
        parser.print_usage(sys.stderr)
        sys.stderr.write(str(refused) + "\n")
        sys.exit(2)

    def argument_refusal(self, parser, message: str) -> Refusal:
        """argparse's English message (Python's own words) put into the app's, with a hint."""
        prog = parser.prog
        see_help = _("See the options: %(line)s") % {"line": f"{prog} --help"}
        actions = {option: action for action in parser._actions for option in action.option_strings}
        for action in parser._actions:
            if not action.option_strings:
                actions[action.metavar or action.dest] = action

        found = re.match(r"argument (?P<arg>[^:]+): (?P<why>.*)$", message, re.S)
        if found:
            names = found["arg"].split("/")
            action = actions.get(names[-1]) or actions.get(names[0])
            option, why = names[-1], found["why"]
            choice = re.match(r"invalid choice: (?P<value>.*?) \(choose from", why, re.S)
            if choice and action is not None and action.choices is not None:
                value = choice["value"].strip("'\"")
                choices = [str(c) for c in action.choices]
                close = difflib.get_close_matches(value, choices, n=1, cutoff=0.5)
                text = _("%(option)s takes one of: %(choices)s; “%(value)s” is not one of them.") % {
                    "option": option, "choices": ", ".join(choices), "value": value}
                hint = (type_instead(f"{option} {close[0]}") if close else
                        _("Type one of them after %(option)s.") % {"option": option})
                return Refusal("invalid_choice", text, hint, returncode=2)
            number = re.match(r"invalid (?P<type>\w+) value: (?P<value>.*)$", why, re.S)
            if number:
                value = number["value"].strip("'\"")
                if number["type"] == "int":
                    text = _("%(option)s takes a whole number; “%(value)s” is not one.") % {
                        "option": option, "value": value}
                    hint = type_instead(f"{option} {self.examples.get(option, 7)}")
                else:
                    text = _("%(option)s cannot take “%(value)s”.") % {"option": option, "value": value}
                    hint = see_help
                return Refusal("invalid_value", text, hint, returncode=2)
            if why.startswith("expected one argument"):
                text = _("%(option)s needs a value after it.") % {"option": option}
                return Refusal("missing_value", text, self._example_hint([option], actions) or see_help, returncode=2)
            text = _("%(option)s cannot be used like this.") % {"option": option}
            return Refusal("bad_arguments", text, see_help, returncode=2)

        required = re.match(r"the following arguments are required: (?P<names>.*)$", message, re.S)
        if required:
            names = [name.strip() for name in required["names"].split(",")]
            names = [name.split("/")[-1] for name in names]
            text = ngettext("%(names)s is missing.", "These are missing: %(names)s.", len(names)) % {
                "names": ", ".join(names)}
            hint = self._example_hint(names, actions, prog) or see_help
            return Refusal("missing_argument", text, hint, returncode=2)

        unknown = re.match(r"unrecognized arguments: (?P<words>.*)$", message, re.S)
        if unknown:
            words = unknown["words"].split()
            options = sorted(name for name in actions if name.startswith("--") and name not in DJANGO_OPTIONS)
            text = ngettext("This command has no %(words)s.", "This command has none of these: %(words)s.",
                            len(words)) % {"words": " ".join(words)}
            typed, equals, value = words[0].partition("=")
            close = difflib.get_close_matches(typed, options, n=1, cutoff=0.6)
            hint = type_instead(" ".join([close[0] + equals + value, *words[1:]])) if close else see_help
            return Refusal("unknown_argument", text, hint, returncode=2)

        ambiguous = re.match(r"ambiguous option: (?P<option>\S+) could match (?P<matches>.*)$", message, re.S)
        if ambiguous:
            text = _("%(option)s could mean %(matches)s: type the option in full.") % {
                "option": ambiguous["option"], "matches": ambiguous["matches"]}
            return Refusal("ambiguous_option", text, see_help, returncode=2)
        return Refusal("bad_arguments", message, see_help, returncode=2)

    def _example_hint(self, names: list[str], actions: dict, prog: str | None = None) -> str:
        """What to type for missing options, with the command's examples."""
        words = []
        for name in names:
            action = actions.get(name)
            example = self.examples.get(name) or (action.metavar if action is not None and action.metavar else None)
            if example is None and action is not None and action.choices:
                example = str(next(iter(action.choices)))
            example = example or (name.lstrip("-").upper())
            words.append(f"{name} {shlex.quote(str(example))}" if name.startswith("--") else shlex.quote(str(example)))
        if not words:
            return ""
        return _("Type for example: %(line)s") % {"line": " ".join([prog, *words] if prog else words)}
