"""hardware/ must stay usable without Django (a bridge script, a kiosk, the simulator)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.parametrize("module", ["protocol", "reader", "ports", "simulator"])
def test_hardware_does_not_import_django(module):
    code = f"import sys, hardware.{module}; assert not any(m.startswith('django') for m in sys.modules)"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parents[2], timeout=30)
