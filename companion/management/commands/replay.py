"""Run a JSON file of actions through the engine and print the final summary."""
import json
import sys

from django.utils.translation import gettext as _

from companion.engine import Chance, IllegalAction, ReplayError, fold, seeded_secret
from companion.engine.summary import summary
from companion.management.commands._refusals import Refusal, SentenceCommand, illegal

EXPORT_HINT = "python3 manage.py export CODE > game.json"


class LogError(ValueError):
    """A file that is not an action log: `code` says how (the words are the command's)."""

    def __init__(self, code: str, **params):
        super().__init__(code)
        self.code, self.params = code, params


def load_log(text: str) -> tuple[dict, list[dict]]:
    """Accept `export`'s format; plain actions (no seq/kind) are numbered for you."""
    data = json.loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("config"), dict):
        raise LogError("log_without_config")
    entries = data.get("records", data.get("actions"))
    if not isinstance(entries, list):
        raise LogError("log_without_records")
    records = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise LogError("log_entry", index=i)
        if "kind" not in entry:  # a bare action
            entry = {"seq": i + 1, "kind": "action", "action": entry, "outcome": entry.get("outcome", {})}
        records.append(entry)
    return data["config"], records


def log_refusal(file: str, error: Exception) -> Refusal:
    """Why `file` is not a log `replay` reads, and how to make one."""
    hint = _("replay reads what export prints: %(line)s") % {"line": EXPORT_HINT}
    file = _("standard input") if file == "-" else file
    if isinstance(error, OSError):
        return Refusal("unreadable_file", _("Cannot read %(file)s (%(error)s).") % {
            "file": file, "error": error.strerror or error},
            _("Give the path of a JSON file, or - for standard input. %(export)s") % {"export": hint})
    if isinstance(error, json.JSONDecodeError):
        text = _("%(file)s is not JSON: line %(line)s, column %(column)s.") % {
            "file": file, "line": error.lineno, "column": error.colno}
        return Refusal("not_json", text[:1].upper() + text[1:], hint)
    if isinstance(error, UnicodeDecodeError):
        text = _("%(file)s is not text in UTF-8.") % {"file": file}
        return Refusal("not_json", text[:1].upper() + text[1:], hint)
    code = getattr(error, "code", "not_a_log")
    texts = {
        "log_without_config": _("%(file)s holds no game settings: a log is an object with \"config\" and "
                                "\"records\" (or \"actions\")."),
        "log_without_records": _("%(file)s has no list under \"records\" or \"actions\"."),
        "log_entry": _("Entry %(index)s of %(file)s is not an object."),
    }
    text = texts.get(code, _("%(file)s is not an action log.")) % {"file": file, **getattr(error, "params", {})}
    return Refusal(code, text[:1].upper() + text[1:], hint)


class Command(SentenceCommand):
    help = "Replay a JSON action log (as printed by `export`) and print the final summary."
    examples = {"file": "game.json", "--seed": 7}

    def description(self) -> str:
        return _("Replay a JSON action log (as export prints it) and print the final summary.")

    def add_arguments(self, parser):
        parser.add_argument("file", help=_("path to the JSON file, or - for standard input"))
        parser.add_argument("--json", action="store_true",
                            help=_("print the summary, or a refusal with its code, as JSON"))
        parser.add_argument("--reveal", action="store_true", help=_("include hidden VP and private hands"))
        parser.add_argument("--seed", type=int, default=None, help=_("draw missing outcomes from this seed"))

    def handle(self, *args, file, json: bool, reveal: bool, seed, **options):
        try:
            text = sys.stdin.read() if file == "-" else open(file, encoding="utf-8").read()
            config, records = load_log(text)
        except (OSError, ValueError) as error:
            raise log_refusal(file, error) from None
        chance = Chance(seeded_secret(seed)) if seed is not None else None
        try:
            state, _history = fold(config, records, chance)
        except ReplayError as error:
            refused = illegal(error.error)
            raise Refusal(refused.code, _("Action %(index)s is illegal: %(why)s") % {
                "index": error.index, "why": refused.message},
                _("Correct or remove that entry of %(file)s (entries count from 0); a log that export printed "
                  "replays as it is.") % {"file": file}) from None
        except IllegalAction as error:
            refused = illegal(error)
            raise Refusal(refused.code, _("The game's settings are invalid: %(why)s") % {"why": refused.message},
                          _("Correct \"config\" in %(file)s: it takes what newgame takes (python3 manage.py "
                            "newgame --help).") % {"file": file}) from None
        result = summary(state, version=len(records), reveal=reveal)
        if json:
            import json as json_module

            self.stdout.write(json_module.dumps(result, indent=2, ensure_ascii=False))
        else:
            self.stdout.write(_("phase %(phase)s, turn %(turn)s, winner %(winner)s") % {
                "phase": result["phase"], "turn": result["turn"]["number"], "winner": result["winner"]})
            for p in result["players"]:
                self.stdout.write(f"  {p['name']} ({p['color']}): {p['vp_public']} VP")
