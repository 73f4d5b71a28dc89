"""The locked install (issue 21): requirements/{run,pi,dev}.txt hold exact versions with hashes;
``setup.sh`` installs only from them, and refuses, in one sentence saying what to run, a lock that
is missing, edited by hand, or no longer agrees with pyproject.toml (docs/dependencies.md)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.waits import patience
from tools import lock

ROOT = Path(__file__).resolve().parents[1]


def copy_of_the_repository(into: Path) -> Path:
    """What setup.sh and tools/lock.py read: enough to run ``setup.sh`` up to its lock check."""
    for name in ("setup.sh", "pyproject.toml"):
        shutil.copy(ROOT / name, into / name)
    for folder in ("tools", "requirements"):
        shutil.copytree(ROOT / folder, into / folder, ignore=shutil.ignore_patterns(".new", "__pycache__"))
    return into


def setup_sh(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "VENV": str(root / "venv"), "PYTHON": sys.executable}
    return subprocess.run(["bash", str(root / "setup.sh"), *args], capture_output=True, text=True,
                          env=env, timeout=patience(60), check=False)


def test_the_locks_agree_with_pyproject_and_are_as_uv_wrote_them() -> None:
    assert lock.problems() == []


def test_every_locked_package_has_an_exact_version_and_a_hash() -> None:
    for name in lock.NAMES:
        found = lock.read(name)
        assert len(found) >= 15
        for entry in found:
            assert entry.version and entry.version[0].isdigit(), entry.name
            assert "--hash=sha256:" in entry.text, entry.name


def test_the_locks_hold_the_runtime_the_pi_extra_and_the_dev_tools() -> None:
    run = {e.name for e in lock.read("run")}
    pi = {e.name for e in lock.read("pi")}
    dev = {e.name for e in lock.read("dev")}
    assert {"flask", "waitress", "gpiozero", "pillow", "babel", "segno", "pip", "setuptools"} <= run
    assert run | {"rpi-lgpio", "lgpio"} <= pi
    assert run | {"pytest", "mypy", "ruff", "playwright", "uv"} <= dev
    assert not {"pytest", "mypy", "uv"} & pi   # a Pi gets no test tools


def test_a_dependency_added_without_locking_again_names_the_command(tmp_path: Path) -> None:
    root = copy_of_the_repository(tmp_path)
    project = root / "pyproject.toml"
    added = project.read_text().replace('"waitress>=3.0",', '"waitress>=3.0",\n    "requests>=2",')
    project.write_text(added)
    found = lock.problems(root)
    assert len(found) == 3   # run, pi and dev are each made from the runtime dependencies
    assert all("./setup.sh lock" in line and "./setup.sh upgrade" in line for line in found)


def test_a_range_changed_in_one_extra_names_only_that_lock(tmp_path: Path) -> None:
    root = copy_of_the_repository(tmp_path)
    project = root / "pyproject.toml"
    project.write_text(project.read_text().replace('"pytest>=8",', '"pytest>=8.1",'))
    found = lock.problems(root)
    assert len(found) == 1 and "requirements/dev.txt" in found[0]


def test_a_lock_edited_by_hand_is_refused(tmp_path: Path) -> None:
    root = copy_of_the_repository(tmp_path)
    path = root / "requirements" / "run.txt"
    text = path.read_text()
    flask = next(e for e in lock.read("run") if e.name == "flask")
    path.write_text(text.replace(f"flask=={flask.version}", "flask==3.0.0"))
    assert lock.problems(root) == [
        "requirements/run.txt was changed by hand since it was locked: restore it with "
        "`git checkout requirements/run.txt`, or lock again with `./setup.sh lock`."]


def test_setup_refuses_a_tampered_lock_in_one_sentence_and_installs_nothing(tmp_path: Path) -> None:
    root = copy_of_the_repository(tmp_path)
    path = root / "requirements" / "dev.txt"
    path.write_text(path.read_text().replace("--hash=sha256:", "--hash=sha256:0", 1))
    done = setup_sh(root, "test")
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "requirements/dev.txt was changed by hand since it was locked: restore it with "
        "`git checkout requirements/dev.txt`, or lock again with `./setup.sh lock`."]
    assert not (root / "venv").exists()


def test_setup_refuses_a_missing_lock_in_one_sentence(tmp_path: Path) -> None:
    root = copy_of_the_repository(tmp_path)
    (root / "requirements" / "run.txt").unlink()
    done = setup_sh(root, "run")
    assert done.returncode == 1
    assert done.stderr.strip() == ("requirements/run.txt is missing: restore it with `git checkout "
                                   "requirements/`, or make it with `./setup.sh lock`.")
    assert not (root / "venv").exists()


def test_an_upgrade_lists_the_versions_that_moved() -> None:
    old = lock.entries("flask==3.1.2 \\\n    --hash=sha256:aa\nsix==1.16.0 \\\n    --hash=sha256:bb\n")
    new = lock.entries("flask==3.1.3 \\\n    --hash=sha256:cc\nuv==0.13.9 \\\n    --hash=sha256:dd\n")
    assert lock.changes(old, new) == ["flask 3.1.2 -> 3.1.3", "+ uv 0.13.9", "- six 1.16.0"]


@pytest.mark.skipif(sys.prefix == sys.base_prefix, reason="run outside a virtual environment")
def test_this_environment_holds_exactly_the_dev_lock() -> None:
    """``./setup.sh test`` installed the dev lock: every package Python imports is at its locked
    version, and the venv holds nothing the locks do not name."""
    assert lock.installed_mismatches("dev") == []


def test_on_each_pi_the_apt_stand_ins_replace_exactly_the_packages_without_a_wheel() -> None:
    """What requirements/apt.toml says a Pi installs from apt instead of PyPI, per platform; the
    wheel check (tests/test_pi_platform.py) proves the rest of each Pi's lock has wheels."""
    assert lock.apt("run", "x86_64-cp311") == []
    assert lock.apt("pi", "aarch64-cp311") == []
    assert lock.apt("pi", "aarch64-cp313") == ["python3-lgpio"]
    assert lock.apt("pi", "armv7l-cp311") == ["python3-cbor2", "python3-lgpio", "python3-pil"]
    trixie_armhf = lock.for_platform("pi", "trixie-armhf")
    names = {e.name for e in lock.entries(trixie_armhf)}
    assert "pillow" not in names and "lgpio" not in names and "flask" in names and "rpi-lgpio" in names
    bookworm_arm64 = {e.name: e.marker for e in lock.entries(lock.for_platform("run", "bookworm-arm64"))}
    assert "lgpio" in bookworm_arm64 and bookworm_arm64["lgpio"] == ""   # its marker decided: aarch64
    assert "colorama" not in {e.name for e in lock.entries(lock.for_platform("dev", "bookworm-arm64"))}
