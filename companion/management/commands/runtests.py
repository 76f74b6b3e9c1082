"""Set up what the tests need (translations, Debian's chromium) and run the whole suite."""
import os
import shutil
import subprocess
import sys

from django.core.management.base import BaseCommand

from companion.management.commands.compiletranslations import compile_translations


def ensure_chromium(stdout) -> None:
    """Browsers can't be downloaded here: the e2e tests drive Debian's chromium package."""
    if shutil.which("chromium"):
        return
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        stdout.write("chromium is missing and can't be installed here: the browser tests will be skipped.")
        return
    stdout.write("Installing Debian's chromium for the browser tests …")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-qq"], check=False, env=env)
    subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=False, env=env)


class Command(BaseCommand):
    help = "Run the whole test suite (engine, services, websockets, hardware, browser, venue)."

    def add_arguments(self, parser):
        parser.add_argument("pytest_args", nargs="*", help="extra arguments for pytest, after --")

    def handle(self, *args, pytest_args, **options):
        compile_translations()
        ensure_chromium(self.stdout)
        self.stdout.flush()
        result = subprocess.run([sys.executable, "-m", "pytest", *pytest_args])
        sys.exit(result.returncode)
