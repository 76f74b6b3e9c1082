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
        result = subprocess.run([sys.executable, "-m", "pytest", *parallel(pytest_args), *pytest_args])
        sys.exit(result.returncode)


def parallel(pytest_args: list[str]) -> list[str]:
    """One test worker per core, each with its own browser and server (tests/conftest.py keeps
    a file's tests on one worker, and the venue's on one); CATAN_TEST_WORKERS=0 runs in one
    process, as does an explicit -n or -p no:xdist among the arguments."""
    if any(arg.startswith("-n") or arg in ("--numprocesses", "no:xdist") for arg in pytest_args):
        return []
    workers = os.environ.get("CATAN_TEST_WORKERS") or str(max(2, os.cpu_count() or 1))
    if workers == "0":
        return []
    return ["-n", workers, "--dist", "loadgroup"]
