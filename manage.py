#!/usr/bin/env python3
"""Django's command-line utility, which also sets the project up on a fresh machine.

Run with any Python 3.11+: outside the project's virtualenv it creates `.venv`,
installs requirements.txt (again only when it changed) and re-runs itself there.
"""
import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
VENV_PYTHON = VENV / "bin" / "python"


def in_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


def bootstrap() -> None:
    """Create the virtualenv and install the pinned requirements when they changed."""
    if not VENV_PYTHON.exists():
        print("Creating the virtualenv in .venv …", flush=True)
        subprocess.check_call([sys.executable, "-m", "venv", str(VENV)])
    requirements = (ROOT / "requirements.txt").read_bytes()
    stamp = VENV / ".requirements.sha256"
    digest = hashlib.sha256(requirements).hexdigest()
    if not stamp.exists() or stamp.read_text() != digest:
        print("Installing requirements …", flush=True)
        subprocess.check_call(
            [str(VENV_PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q", "-r",
             str(ROOT / "requirements.txt")]
        )
        stamp.write_text(digest)
    os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), str(ROOT / "manage.py"), *sys.argv[1:]])


def main():
    if not in_venv() and os.environ.get("CATAN_NO_BOOTSTRAP") != "1":
        bootstrap()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "catan_site.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
