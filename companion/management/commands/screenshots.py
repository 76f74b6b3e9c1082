"""Take the README's screenshots again (docs/screenshots/), from the browser tests that
show each screen: a test run itself never rewrites them (they go to a temporary folder)."""
import os
import subprocess
import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from companion.management.commands.runtests import ensure_chromium

ROOT = Path(__file__).resolve().parents[3]
TESTS = ["tests/e2e/test_table_and_phones.py", "tests/e2e/test_board.py", "tests/e2e/test_events.py",
         "tests/e2e/test_hands.py"]


class Command(BaseCommand):
    help = "Take the README's screenshots again (docs/screenshots/) with the browser tests that show each screen."

    def handle(self, *args, **options):
        ensure_chromium(self.stdout)
        env = {**os.environ, "CATAN_SCREENSHOTS": str(ROOT / "docs" / "screenshots")}
        result = subprocess.run([sys.executable, "-m", "pytest", *TESTS, "-q"], cwd=ROOT, env=env)
        sys.exit(result.returncode)
