"""Compile .po files to .mo with polib: no GNU gettext needed on a fresh machine."""
import os
from pathlib import Path

import polib
from django.conf import settings
from django.core.management.base import BaseCommand


def compile_translations(force: bool = False) -> list[Path]:
    compiled = []
    for base in settings.LOCALE_PATHS:
        for po_path in Path(base).glob("*/LC_MESSAGES/*.po"):
            mo_path = po_path.with_suffix(".mo")
            if force or not mo_path.exists() or mo_path.stat().st_mtime < po_path.stat().st_mtime:
                # Written aside and moved into place: a test worker or a server reading the
                # catalogue meanwhile sees the old file or the new one, never half of one.
                partial = mo_path.with_name(f".{mo_path.name}.{os.getpid()}")
                polib.pofile(str(po_path)).save_as_mofile(str(partial))
                os.replace(partial, mo_path)
                compiled.append(mo_path)
    return compiled


class Command(BaseCommand):
    help = "Compile the translations (.po to .mo) with pure Python."

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true", help="recompile even when up to date")

    def handle(self, *args, **options):
        for path in compile_translations(options["force"]):
            self.stdout.write(f"compiled {path}")
