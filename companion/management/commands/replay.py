"""Run a JSON file of actions through the engine and print the final summary."""
import json
import sys

from django.core.management.base import BaseCommand, CommandError

from companion.engine import Chance, IllegalAction, ReplayError, fold, seeded_secret
from companion.engine.summary import summary


def load_log(text: str) -> tuple[dict, list[dict]]:
    """Accept `export`'s format; plain actions (no seq/kind) are numbered for you."""
    data = json.loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("config"), dict):
        raise ValueError("expected an object with 'config' and 'records' (or 'actions')")
    entries = data.get("records", data.get("actions"))
    if not isinstance(entries, list):
        raise ValueError("expected a list under 'records' or 'actions'")
    records = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise ValueError(f"entry {i} is not an object")
        if "kind" not in entry:  # a bare action
            entry = {"seq": i + 1, "kind": "action", "action": entry, "outcome": entry.get("outcome", {})}
        records.append(entry)
    return data["config"], records


class Command(BaseCommand):
    help = "Replay a JSON action log (as printed by `export`) and print the final summary."

    def add_arguments(self, parser):
        parser.add_argument("file", help="path to the JSON file, or - for standard input")
        parser.add_argument("--json", action="store_true", help="print the summary as JSON")
        parser.add_argument("--reveal", action="store_true", help="include hidden VP and private hands")
        parser.add_argument("--seed", type=int, default=None, help="draw missing outcomes from this seed")

    def handle(self, *args, file, json: bool, reveal: bool, seed, **options):
        try:
            text = sys.stdin.read() if file == "-" else open(file, encoding="utf-8").read()
            config, records = load_log(text)
        except (OSError, ValueError) as error:
            raise CommandError(f"cannot read {file}: {error}") from None
        chance = Chance(seeded_secret(seed)) if seed is not None else None
        try:
            state, _history = fold(config, records, chance)
        except ReplayError as error:
            raise CommandError(f"action {error.index} is illegal: {error.error}") from None
        except IllegalAction as error:
            raise CommandError(f"the game's settings are invalid: {error}") from None
        result = summary(state, version=len(records), reveal=reveal)
        if json:
            import json as json_module

            self.stdout.write(json_module.dumps(result, indent=2, ensure_ascii=False))
        else:
            self.stdout.write(f"phase {result['phase']}, turn {result['turn']['number']}, winner {result['winner']}")
            for p in result["players"]:
                self.stdout.write(f"  {p['name']} ({p['color']}): {p['vp_public']} VP")
