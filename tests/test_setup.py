"""The files ``sudo ./setup.sh install`` generates (issue 16), as far as a machine without a Pi, a
display or avahi allows: ``./setup.sh render DIR`` writes the same files under DIR.

- companion.local by mDNS: the avahi service file (``_http._tcp``), the unit and the script that
  publish the name (run here with ``ip`` and ``avahi-publish`` stubbed);
- ``--kiosk``: the XDG autostart entry and the script that opens Chromium on /table/current (run
  here against a loopback server, with a stub browser);
- written only when they differ, so a second run changes nothing.
"""

from __future__ import annotations

import configparser
import http.server
import os
import signal
import subprocess
import sys
import threading
import time
import tomllib
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.waits import patience

ROOT = Path(__file__).resolve().parents[1]
AVAHI = "etc/avahi/services/companion.service"
MDNS_UNIT = "etc/systemd/system/companion-mdns.service"
MDNS_ALIAS = "opt/companion/mdns-alias"
DESKTOP = "etc/xdg/autostart/companion-kiosk.desktop"
KIOSK = "opt/companion/kiosk"


def render(root: Path, *args: str) -> str:
    done = subprocess.run(["bash", str(ROOT / "setup.sh"), "render", str(root), *args],
                          capture_output=True, text=True, timeout=patience(30), check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def stub(bin_dir: Path, name: str, body: str) -> None:
    bin_dir.mkdir(exist_ok=True)
    path = bin_dir / name
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(0o755)


def test_the_avahi_service_publishes_http_on_companion_local_at_the_configured_port(tmp_path: Path) -> None:
    render(tmp_path, "--port", "8081")
    group = ET.parse(tmp_path / AVAHI).getroot()
    assert group.tag == "service-group" and group.findtext("name") == "Table Companion"
    service = group.find("service")
    assert service is not None
    assert service.findtext("type") == "_http._tcp"
    assert service.findtext("port") == "8081"
    assert service.findtext("host-name") == "companion.local"
    assert service.findtext("txt-record") == "path=/table/current"


def test_the_mdns_unit_runs_the_alias_script_after_avahi(tmp_path: Path) -> None:
    render(tmp_path)
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.read(tmp_path / MDNS_UNIT)
    assert unit["Service"]["ExecStart"] == f"/{MDNS_ALIAS} companion.local"
    assert "avahi-daemon.service" in unit["Unit"]["Requires"]
    assert unit["Install"]["WantedBy"] == "multi-user.target"
    assert os.access(tmp_path / MDNS_ALIAS, os.X_OK)


def test_the_alias_script_publishes_companion_local_for_the_lan_address(tmp_path: Path) -> None:
    bin_dir, log = tmp_path / "bin", tmp_path / "published"
    render(tmp_path / "root")
    stub(bin_dir, "ip", 'echo "10.255.255.255 via 192.0.2.1 dev wlan0 src 192.0.2.23 uid 0"')
    stub(bin_dir, "avahi-publish", f'echo "$*" >> {log}; exec sleep 60')
    run = subprocess.Popen(["sh", str(tmp_path / "root" / MDNS_ALIAS), "companion.local"],
                           env={**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}"},
                           start_new_session=True)
    try:
        deadline = time.monotonic() + patience(10)
        while not log.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        os.killpg(run.pid, signal.SIGTERM)
        run.wait(timeout=patience(10))
    assert log.read_text().splitlines() == ["--address --no-reverse companion.local 192.0.2.23"]


@pytest.fixture
def table_screen() -> Iterator[int]:
    """A loopback server answering /table/current, as the companion would."""

    class Screen(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200 if self.path == "/table/current" else 404)
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Screen)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def test_the_kiosk_opens_chromium_full_screen_on_the_table_screen(tmp_path: Path, table_screen: int) -> None:
    """The autostart entry runs the kiosk script; it waits for the companion, then starts the
    browser in kiosk mode on /table/current (a stub browser prints what it was given)."""
    render(tmp_path / "root", "--kiosk", "--port", str(table_screen))
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(tmp_path / "root" / DESKTOP)
    assert entry["Desktop Entry"]["Type"] == "Application"
    assert entry["Desktop Entry"]["Exec"] == f"/{KIOSK}"
    bin_dir = tmp_path / "bin"
    stub(bin_dir, "chromium", 'echo "$*"')
    stub(bin_dir, "python3", f'exec {sys.executable} "$@"')
    done = subprocess.run(["sh", str(tmp_path / "root" / KIOSK)], capture_output=True, text=True,
                          timeout=patience(30), env={**os.environ, "PATH": f"{bin_dir}:/usr/bin:/bin"},
                          check=False)
    assert done.returncode == 0, done.stderr
    args = done.stdout.split()
    assert "--kiosk" in args and args[-1] == f"http://localhost:{table_screen}/table/current"
    assert "--autoplay-policy=no-user-gesture-required" in args   # the screen speaks without a tap


def test_a_second_run_changes_nothing_and_without_kiosk_its_files_go(tmp_path: Path) -> None:
    first = render(tmp_path, "--kiosk")
    assert first.count("wrote") == 5
    before = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in tmp_path.rglob("*") if p.is_file()}
    assert render(tmp_path, "--kiosk") == ""
    after = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in tmp_path.rglob("*") if p.is_file()}
    assert after == before
    render(tmp_path)
    assert not (tmp_path / DESKTOP).exists() and not (tmp_path / KIOSK).exists()
    assert (tmp_path / AVAHI).exists()


def test_install_puts_the_pi_lock_on_a_pi_and_it_holds_rpi_lgpio_and_lgpio() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert [req.split(">=")[0] for req in extras["pi"]] == ["rpi-lgpio", "lgpio"]
    from tools import lock
    assert {"rpi-lgpio", "lgpio"} <= {e.name for e in lock.read("pi")}
    script = (ROOT / "setup.sh").read_text()
    install = script[script.index("cmd_install() {"):]
    assert 'local lock=run\n    if is_pi; then lock=pi; fi' in install
    assert 'install_locked "$lock"' in install
