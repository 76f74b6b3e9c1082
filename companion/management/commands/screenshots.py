"""Take the README's screenshots again (docs/screenshots/), from the browser tests that
show each screen: a test run itself never rewrites them (they go to a temporary folder).

The tests take more pictures than the README shows; only the ones the README names are
copied into docs/screenshots/, so the folder holds what the README shows and nothing else.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from companion.management.commands.runtests import ensure_chromium

ROOT = Path(__file__).resolve().parents[3]
FOLDER = ROOT / "docs" / "screenshots"
TESTS = ["tests/e2e/test_table_and_phones.py", "tests/e2e/test_board.py", "tests/e2e/test_land_ho.py",
         "tests/e2e/test_traders_barbarians.py"]


def shown_in_readme() -> list[str]:
    """The picture files the README shows from docs/screenshots/."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return sorted(set(re.findall(r"docs/screenshots/([\w.-]+\.png)", text)))


class Command(BaseCommand):
    help = "Take the README's screenshots again (docs/screenshots/) with the browser tests that show each screen."

    def handle(self, *args, **options):
        ensure_chromium(self.stdout)
        wanted = shown_in_readme()
        with tempfile.TemporaryDirectory() as taken:
            env = {**os.environ, "CATAN_SCREENSHOTS": taken}
            result = subprocess.run([sys.executable, "-m", "pytest", *TESTS, "-q", "-p", "no:cacheprovider"],
                                    cwd=ROOT, env=env)
            if result.returncode:
                raise CommandError("The browser tests failed: docs/screenshots/ was left as it was.")
            missing = [name for name in wanted if not (Path(taken) / name).exists()]
            if missing:
                raise CommandError(f"No test took {', '.join(missing)}, which the README shows: "
                                   "docs/screenshots/ was left as it was.")
            FOLDER.mkdir(parents=True, exist_ok=True)
            for name in wanted:
                shutil.copyfile(Path(taken) / name, FOLDER / name)
        for old in FOLDER.glob("*.png"):
            if old.name not in wanted:
                old.unlink()
        self.stdout.write(f"{len(wanted)} screenshots in {FOLDER.relative_to(ROOT)}: {', '.join(wanted)}")
