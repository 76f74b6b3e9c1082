"""Create a game from the command line and print its table and join URLs."""
import json

from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse

from companion import layers, services
from companion.engine import IllegalAction
from companion.forms import CORES, IMPLIES, OPTION_FIELDS, SCENARIO_BOARDS, SCENARIOS, TARGET_BONUS, TARGETS

from companion.management.commands._database import ensure_database
from companion.management.commands.serve import lan_addresses


def parse_players(text: str) -> list[dict]:
    players = []
    for part in text.split(","):
        name, _, color = part.strip().partition(":")
        players.append({"name": name.strip(), "color": color.strip().lower()})
    return players


class Command(BaseCommand):
    help = 'Create a game: --players "Ala:red,Bartek:blue,Celina:white".'

    def add_arguments(self, parser):
        cores = [layer.name for layer in layers.LAYERS if layer.core]
        parser.add_argument("--rules", default="base", choices=cores)
        parser.add_argument("--players", required=True, help="name:colour pairs, clockwise from the first player")
        parser.add_argument("--seed", type=int, default=None, help="reproducible dice and cards")
        parser.add_argument("--target", type=int, default=None,
                            help="default: the core's (" + ", ".join(f"{key} {core['target']}" for key, core in CORES.items())
                                 + ") or the scenario's")
        parser.add_argument("--dice", default="typed", choices=["typed", "virtual", "events"],
                            help="events: the Events of Catan cards instead of dice")
        parser.add_argument("--variant", action="append", default=[], choices=list(OPTION_FIELDS),
                            help="a game option (repeatable), each layer's: "
                                 + "; ".join(f"{name}: {field.label}" for name, field in OPTION_FIELDS.items()))
        parser.add_argument("--scenario", default=None, choices=list(SCENARIOS),
                            help="a scenario (its own target unless --target is given)")
        parser.add_argument("--board", default="none",
                            choices=["none", "beginner", "random", "balanced", "manual", *SCENARIO_BOARDS])
        parser.add_argument("--play-mode", default=None, choices=["hands", "paper"],
                            help="hands on phones (the default with a board) or paper cards")
        parser.add_argument("--base-url", default=None, help="address players reach (default: this machine:8000)")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, **o):
        config = {
            "rules": o["rules"],
            "players": parse_players(o["players"]),
            "target": o["target"] or TARGETS.get(o["rules"], 10),
            "dice_source": o["dice"],
            "board": o["board"],
            "play_mode": o["play_mode"],
        }
        if o["scenario"]:
            config["scenario"] = o["scenario"]
            config["target"] = o["target"] or SCENARIOS[o["scenario"]]["target"]
        if o["variant"]:
            config["variants"] = {name: True for name in o["variant"]}
            for name in o["variant"]:
                config["variants"].update(dict.fromkeys(IMPLIES.get(name, ()), True))
            config["target"] += sum(TARGET_BONUS.get(name, 0) for name in config["variants"])
        ensure_database(self.stderr)
        try:
            game = services.create_game(config, seed=o["seed"])
        except IllegalAction as error:
            raise CommandError(f"cannot create the game: {error}") from None
        base = (o["base_url"] or f"http://{(lan_addresses() or ['localhost'])[0]}:8000").rstrip("/")
        result = {
            "code": game.code,
            "table_url": f"{base}{reverse('table', args=[game.code])}?key={game.host_token}",
            "seats": [
                {"seat": s.index, "name": s.name, "color": s.color,
                 "join_url": f"{base}{reverse('join', args=[game.code, s.join_token])}"}
                for s in game.seats.all()
            ],
        }
        if o["json"]:
            self.stdout.write(json.dumps(result, indent=2, ensure_ascii=False))
        else:
            self.stdout.write(f"Game {result['code']}\nTable screen: {result['table_url']}")
            for seat in result["seats"]:
                self.stdout.write(f"  {seat['name']} ({seat['color']}): {seat['join_url']}")
