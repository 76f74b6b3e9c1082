"""Print a game's record log (actions with their outcomes, undos, redos) as JSON."""
import json

from django.utils.translation import gettext as _

from companion import services
from companion.models import Game

from companion.management.commands._database import ensure_database
from companion.management.commands._refusals import SentenceCommand, command_line, game_refusal

PROG = "python3 manage.py export"


class Command(SentenceCommand):
    help = "Print the game's action log as JSON (the format `replay` reads; see docs/actions.md)."
    examples = {"code": "ABC123"}

    def description(self) -> str:
        return _("Print the game's action log as JSON (the format replay reads; see docs/actions.md).")

    def add_arguments(self, parser):
        parser.add_argument("code", help=_("the game code shown on the table screen"))
        parser.add_argument("--json", action="store_true",
                            help=_("a refusal too as JSON, with its code (the log is JSON anyway)"))

    def handle(self, *args, code, **options):
        ensure_database(self.stderr)
        try:
            game = services.game_by_code(code)
        except Game.DoesNotExist:
            raise game_refusal(code, lambda known: command_line(PROG, [known])) from None
        self.stdout.write(json.dumps(services.export_records(game), indent=1, ensure_ascii=False))
