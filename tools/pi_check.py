"""The Pi's platform checked without a Pi (docs/dependencies.md, "The arm64 check").

    python -m tools.pi_check            (as root, with apt's debootstrap and qemu-user-static)
    python -m tools.pi_check wheels     only: every Pi's lock has a wheel for each package

1. A Debian bookworm arm64 root: ``debootstrap --foreign --arch=arm64`` fetches and unpacks the
   base and python3.11 (no second stage, no binfmt: its packages unpacked are enough). Kept in
   ``~/.cache/table-companion/`` so later runs take seconds.
2. The Pi's lock (requirements/pi.txt for bookworm arm64: markers decided, apt's stand-ins out)
   installed into a folder by this machine's pip, ``--platform manylinux_*_aarch64
   --only-binary=:all: --require-hashes``: the very wheels a Pi downloads, hashes checked.
3. That root's own Python 3.11 run under ``qemu-aarch64-static -L ROOT``: the compiled wheels
   (Pillow, lgpio, cbor2, MarkupSafe) load, and ``companion serve`` starts on loopback (mock pins)
   and plays a few moves of Laser Chess and of Fzzzt! through the JSON API, as phones would.

What it proves: the lock installs on a 64-bit Pi OS bookworm with no compiler, its native code
runs on aarch64, and the companion serves and plays there. What it does not: speed (emulation is
many times slower than a Pi; the times printed are a smoke check only), real GPIO, the Pi's
kernel. ``wheels`` checks the other three Pis (trixie arm64, bookworm and trixie armhf) as far as
a download can: each package of their lock has a wheel on PyPI, or apt stands in for it.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from tools.lock import PLATFORMS, ROOT, for_platform

CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "table-companion"
MIRROR = "http://deb.debian.org/debian"
HOST_KEY = "pi-check-host-key"
LISTENING = re.compile(r"http://\S+:(\d+)/$")


def say(text: str) -> None:
    print(f"==> {text}", flush=True)


def wheel_tags(where: str) -> list[str]:
    """pip's --platform, --python-version, --implementation and --abi for a Pi platform."""
    spec = PLATFORMS[where]
    machine, glibc = spec["machine"], int(spec["glibc"].split(".")[1])
    tags = [f"manylinux_2_{minor}_{machine}" for minor in range(17, glibc + 1)]
    tags += [f"manylinux2014_{machine}", f"linux_{machine}"]
    version = spec["python"].replace(".", "")
    args = [arg for tag in tags for arg in ("--platform", tag)]
    return [*args, "--python-version", spec["python"], "--implementation", "cp", "--abi", f"cp{version}",
            "--abi", "abi3", "--abi", "none", "--only-binary=:all:"]


def pip(*args: str) -> None:
    done = subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", "--isolated", *args],
                          capture_output=True, text=True, timeout=600, check=False)
    if done.returncode != 0:
        raise SystemExit(f"pip {' '.join(args[:2])} failed:\n{done.stdout}{done.stderr}")


def check_wheels(work: Path) -> None:
    """Every Pi's lock downloads as wheels for that Pi (apt's stand-ins left out)."""
    for where in PLATFORMS:
        lock = work / f"pi-{where}.txt"
        lock.write_text(for_platform("pi", where), encoding="utf-8")
        started = time.monotonic()
        pip("download", "--no-deps", "--require-hashes", "-q", *wheel_tags(where), "-d",
            str(work / "wheels" / where), "-r", str(lock))
        count = len(list((work / "wheels" / where).glob("*.whl")))
        say(f"{where}: {count} wheels, hashes checked ({time.monotonic() - started:.1f} s)")


def bookworm_arm64() -> Path:
    """The cached root, made once: the first stage of debootstrap, every fetched package unpacked."""
    root = CACHE / "bookworm-arm64"
    python = root / "usr" / "bin" / "python3.11"
    if python.exists():
        return root
    for tool in ("debootstrap", "qemu-aarch64-static", "dpkg-deb"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} is missing: sudo apt-get install debootstrap qemu-user-static")
    if os.geteuid() != 0:
        raise SystemExit("debootstrap needs root the first time: sudo .venv/bin/python -m tools.pi_check")
    partial = CACHE / "bookworm-arm64.partial"
    shutil.rmtree(partial, ignore_errors=True)
    partial.parent.mkdir(parents=True, exist_ok=True)
    say("debootstrap --foreign --arch=arm64 bookworm (once; about half a minute)")
    subprocess.run(["debootstrap", "--foreign", "--arch=arm64", "--variant=minbase",
                    "--include=python3.11", "bookworm", str(partial), MIRROR],
                   check=True, timeout=900, stdout=subprocess.DEVNULL)
    for deb in sorted((partial / "var" / "cache" / "apt" / "archives").glob("*.deb")):
        subprocess.run(["dpkg-deb", "-x", str(deb), str(partial)], check=True, timeout=120)
    partial.rename(root)
    return root


def install_lock(work: Path) -> Path:
    """The bookworm arm64 Pi's lock and the companion's own wheel, into one folder."""
    target, dist = work / "site", work / "dist"
    lock = work / "pi-bookworm-arm64.txt"
    lock.write_text(for_platform("pi", "bookworm-arm64"), encoding="utf-8")
    started = time.monotonic()
    pip("install", "-q", "--no-deps", "--require-hashes", "--target", str(target),
        *wheel_tags("bookworm-arm64"), "-r", str(lock))
    pip("wheel", "-q", "--no-deps", "--no-build-isolation", "--no-index", "-w", str(dist), str(ROOT))
    pip("install", "-q", "--no-deps", "--target", str(target), *wheel_tags("bookworm-arm64"),
        *map(str, dist.glob("*.whl")))
    say(f"requirements/pi.txt for bookworm arm64 installed from wheels ({time.monotonic() - started:.1f} s)")
    return target


def emulated(root: Path, site: Path, work: Path) -> tuple[list[str], dict[str, str]]:
    command = ["qemu-aarch64-static", "-L", str(root), str(root / "usr" / "bin" / "python3.11")]
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(site), "GPIOZERO_PIN_FACTORY": "mock",
           "HOME": str(work), "LANG": "C.UTF-8", "PYTHONUNBUFFERED": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    return command, env


def native_code_loads(root: Path, site: Path, work: Path) -> None:
    command, env = emulated(root, site, work)
    probe = ("import platform, sys, PIL._imaging, lgpio, markupsafe._speedups, cbor2, gpiozero, flask;"
             "print(platform.machine(), sys.version.split()[0], 'Pillow', PIL.__version__)")
    done = subprocess.run([*command, "-c", probe], env=env, capture_output=True, text=True,
                          timeout=300, check=False)
    if done.returncode != 0 or not done.stdout.startswith("aarch64 3.11"):
        raise SystemExit(f"the arm64 wheels did not load under emulation:\n{done.stdout}{done.stderr}")
    say(f"native wheels load on {done.stdout.strip()}")


class Companion:
    """``companion serve`` under emulation, on loopback, killed at the end whatever happens."""

    def __init__(self, root: Path, site: Path, work: Path) -> None:
        command, env = emulated(root, site, work)
        self.proc = subprocess.Popen(
            [*command, "-m", "companion", "serve", "--port", "0", "--bind", "127.0.0.1",
             "--data", str(work / "data"), "--host-key", HOST_KEY],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=work)
        self.port = 0
        self.lines: list[str] = []
        timer = threading.Timer(240, self.proc.kill)
        timer.start()
        try:
            assert self.proc.stdout is not None
            for line in self.proc.stdout:
                self.lines.append(line)
                if (found := LISTENING.search(line.rstrip())) is not None:
                    self.port = int(found[1])
                    break
        finally:
            timer.cancel()
        if not self.port:
            self.stop()
            raise SystemExit("companion serve did not start under emulation:\n" + "".join(self.lines))
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line)

    def request(self, method: str, path: str, body: Any = None, token: str = "", host: bool = False) -> Any:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if host:
            headers["X-Host-Key"] = HOST_KEY
        try:
            conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
            resp = conn.getresponse()
            data = json.loads(resp.read() or b"null")
        finally:
            conn.close()
        if resp.status >= 400:
            raise SystemExit(f"{method} {path} answered {resp.status}: {data}")
        return data

    def play(self, game: str, players: int, moves: int) -> int:
        """A table of ``game``, every seat taken, then ``moves`` plays: each the first legal action
        of a seat the game awaits. Returns the plays made."""
        table = self.request("POST", "/api/tables", {"game": game, "players": players, "seed": 7},
                             host=True)["table"]
        tokens = [self.request("POST", f"/api/tables/{table}/seats/{seat}", {"name": f"P{seat + 1}"})["token"]
                  for seat in range(players)]
        made = 0
        for _ in range(moves):
            awaiting = [s for s in self.request("GET", f"/api/tables/{table}")["awaiting"] if s >= 0]
            if not awaiting:
                break
            seat = awaiting[0]
            legal = self.request("GET", f"/api/tables/{table}/view", token=tokens[seat])["legal_actions"]
            self.request("POST", f"/api/tables/{table}/actions", {"action": legal[0]}, token=tokens[seat])
            made += 1
        return made

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=30)


def main(argv: list[str]) -> int:
    with tempfile.TemporaryDirectory(prefix="pi-check-") as folder:
        work = Path(folder)
        check_wheels(work)
        if argv[:1] == ["wheels"]:
            return 0
        root = bookworm_arm64()
        site = install_lock(work)
        native_code_loads(root, site, work)
        started = time.monotonic()
        companion = Companion(root, site, work)
        say(f"companion serve started under qemu-aarch64 in {time.monotonic() - started:.1f} s "
            "(emulated: a smoke check, not a Pi's speed)")
        try:
            for game, players in (("laser-chess", 2), ("fzzzt", 3)):
                started = time.monotonic()
                made = companion.play(game, players, moves=6)
                if made < 4:
                    raise SystemExit(f"{game}: only {made} plays were accepted under emulation")
                say(f"{game}: {made} plays accepted ({time.monotonic() - started:.1f} s emulated)")
        finally:
            companion.stop()
    say("the bookworm arm64 Pi installs the lock and plays")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
