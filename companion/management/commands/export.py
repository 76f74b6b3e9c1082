"""Print a game's record log (actions with their outcomes, undos, redos) as JSON."""
import json

from django.core.management.base import BaseCommand, CommandError

from companion import services
from companion.models import Game

from companion.management.commands._database import ensure_database


class Command(BaseCommand):
    help = "Print the game's action log as JSON (the format `replay` reads; see docs/actions.md)."

    def add_arguments(self, parser):
        parser.add_argument("code")

    def handle(self, *args, code, **options):
        ensure_database(self.stderr)
        try:
            game = services.game_by_code(code)
        except Game.DoesNotExist:
            raise CommandError(f"no game with code {code}") from None
        self.stdout.write(json.dumps(services.export_records(game), indent=1, ensure_ascii=False))
