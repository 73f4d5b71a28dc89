"""The Pi's platform checked without a Pi (issue 21; docs/dependencies.md, "The arm64 check"):
``python -m tools.pi_check`` builds a Debian bookworm arm64 root (debootstrap, first stage),
installs the Pi's lock from its aarch64 wheels with hashes checked, and runs ``companion serve``
under ``qemu-aarch64-static`` with that root's own Python 3.11, playing Laser Chess and Fzzzt!
through the JSON API on loopback. The other Pis (trixie arm64, bookworm and trixie armhf) are
checked as far as a download can: every package of their lock has a wheel, or apt stands in.

Needs apt's debootstrap and qemu-user-static, root the first time (``.ci/run`` installs them; CI
is root), and PyPI and Debian's mirror. Off CI, a machine without them skips with the reason."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.waits import patience

ROOT = Path(__file__).resolve().parents[1]
MISSING = [tool for tool in ("debootstrap", "qemu-aarch64-static") if shutil.which(tool) is None]


@pytest.mark.slow
@pytest.mark.network
@pytest.mark.skipif(bool(MISSING or os.geteuid() != 0) and not os.environ.get("CI"),
                    reason="needs root and apt's debootstrap and qemu-user-static (CI has them)")
def test_a_bookworm_arm64_pi_installs_the_lock_from_wheels_and_plays_two_games() -> None:
    done = subprocess.run([sys.executable, "-m", "tools.pi_check"], cwd=ROOT, capture_output=True,
                          text=True, timeout=patience(1200), check=False)
    said = done.stdout + done.stderr
    assert done.returncode == 0, said
    for platform in ("bookworm-arm64", "trixie-arm64", "bookworm-armhf", "trixie-armhf"):
        assert f"==> {platform}: " in said and "wheels, hashes checked" in said
    assert "native wheels load on aarch64 3.11" in said
    assert "==> laser-chess: 6 plays accepted" in said
    assert "==> fzzzt: 6 plays accepted" in said
