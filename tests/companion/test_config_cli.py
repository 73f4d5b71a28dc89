"""The config file and the command line: a mistake is one sentence naming the key."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from companion import cli
from companion.config import Config, ConfigError, load, parse
from tests.waits import patience

ROOT = Path(__file__).resolve().parents[2]


def test_the_example_config_is_valid() -> None:
    path = ROOT / "docs" / "companion.example.toml"
    config = load(path)
    assert config.port == 8080 and config.think_seconds > 0 and config.wifi is None
    # the commented-out Wi-Fi line is valid too once uncommented
    text = path.read_text().replace("# wifi = {", "wifi = {")
    wifi = parse(tomllib.loads(text)).wifi
    assert wifi is not None and wifi["security"] == "WPA"


@pytest.mark.parametrize(("data", "key"), [
    ({"port": 0}, "port:"),
    ({"port": True}, "port:"),
    ({"bind": 5}, "bind:"),
    ({"host_key": "short"}, "host_key:"),
    ({"wifi": {"password": "x"}}, "wifi.ssid:"),
    ({"wifi": {"ssid": "Games", "security": "WPA3000", "password": "p"}}, "wifi.security:"),
    ({"wifi": {"ssid": "Games"}}, "wifi.password:"),
    ({"wifi": "Games"}, "wifi:"),
    ({"bots": {"think_seconds": -1}}, "bots.think_seconds:"),
    ({"bots": {"think_secs": 1}}, "bots.think_secs:"),
    ({"prot": 8080}, "prot:"),
    ({"hardware": 3}, "hardware:"),
])
def test_a_bad_value_names_its_key(data: dict[str, object], key: str) -> None:
    with pytest.raises(ConfigError) as err:
        parse(data)
    assert str(err.value).startswith(key)


def test_a_broken_file_is_one_clear_message(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text("port = \n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load(path)
    path.write_text('port = 70000\n')
    with pytest.raises(ConfigError, match=r"c\.toml: port: expected a whole number"):
        load(path)
    with pytest.raises(ConfigError, match="no such config file"):
        load(tmp_path / "missing.toml")


def test_defaults() -> None:
    assert parse({}) == Config()


def test_serve_with_a_bad_config_prints_a_sentence_not_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text('port = "eighty"\n')
    run = subprocess.run([sys.executable, "-m", "companion", "serve", "--config", str(path),
                          "--data", str(tmp_path / "d")],
                         capture_output=True, text=True, timeout=patience(30), cwd=ROOT)
    assert run.returncode == 2
    assert "port: expected a whole number" in run.stderr and "Traceback" not in run.stderr


def test_the_host_key_is_generated_once_and_kept(tmp_path: Path) -> None:
    first = cli.host_key_for(tmp_path, None)
    assert len(first) >= 16
    assert cli.host_key_for(tmp_path, None) == first
    assert (tmp_path / "host_key").stat().st_mode & 0o077 == 0
    assert cli.host_key_for(tmp_path, "given-key-123") == "given-key-123"


def test_selfplay_prints_one_json_line_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["selfplay", "fake-guess", "--games", "3", "--seed", "4",
                     "--extra-game", "tests.fakegame:GAME"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["seed"] for line in lines] == [4, 5, 6]
    assert all(line["finished"] and line["winners"] for line in lines)


def test_selfplay_names_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["selfplay", "no-such-game"]) == 2
    assert "There is no game called no-such-game" in capsys.readouterr().err


def test_the_systemd_unit_keeps_the_gpio_chips_visible() -> None:
    """The unit runs as the service user with the hardening the notes ask for, not PrivateDevices."""
    unit = (ROOT / "systemd" / "companion.service").read_text()
    lines = {line.split("=", 1)[0]: line.split("=", 1)[1] for line in unit.splitlines()
             if "=" in line and not line.startswith("#")}
    assert lines["User"] == "companion" and lines["SupplementaryGroups"] == "gpio spi i2c audio"
    assert lines["Restart"] == "on-failure" and lines["StateDirectory"] == "companion"
    environment = [line.split("=", 1)[1] for line in unit.splitlines() if line.startswith("Environment=")]
    assert "GPIOZERO_PIN_FACTORY=lgpio" in environment
    assert "MALLOC_ARENA_MAX=2" in environment   # two malloc arenas, not one per thread (docs/web.md)
    assert "PYTHONOPTIMIZE=2" in environment     # -OO: no docstrings loaded (docs/web.md, "Performance")
    assert "--data /var/lib/companion --config /etc/companion/companion.toml" in lines["ExecStart"]
    for key in ("NoNewPrivileges", "ProtectHome", "PrivateTmp"):
        assert lines[key] == "yes"
    assert lines["ProtectSystem"] == "strict"
    assert "PrivateDevices" not in lines


def test_a_port_in_use_is_one_sentence(tmp_path: Path) -> None:
    import socket
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        run = subprocess.run([sys.executable, "-m", "companion", "serve", "--bind", "127.0.0.1",
                              "--port", str(port), "--data", str(tmp_path / "d"), "--host-key", "k" * 10],
                             capture_output=True, text=True, timeout=patience(60), cwd=ROOT,
                             env={**os.environ, "GPIOZERO_PIN_FACTORY": "mock"})
    assert run.returncode == 2, run.stderr
    assert f"port {port}: cannot listen" in run.stderr and "Traceback" not in run.stderr


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--port", "-5"], "--port: expected a whole number from 0 to 65535, got -5."),
        (["--port", "99999"], "--port: expected a whole number from 0 to 65535, got 99999."),
        (["--bind", "999.1.1.1"], "--bind: 999.1.1.1 is not an address of this machine"),
        (["--bind", ""], "--bind:  is not an address"),
        (["--bind", "300.0.0.1"], "--bind: 300.0.0.1 is not an address"),
    ],
)
def test_serve_refuses_a_bad_port_or_bind_address_in_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    """Before: a waitress ValueError traceback, or port 99999 silently listening on 34463."""
    code = cli.main(["serve", "--data", str(tmp_path / "d"), "--host-key", "k" * 10, *argv])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("companion: ") and words in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "d").exists()  # refused before anything was built


def test_install_creates_every_group_the_unit_needs_so_the_unit_starts(tmp_path: Path) -> None:
    """systemd refuses to start a unit whose SupplementaryGroups= names a missing group, so
    ``setup.sh install`` creates the missing ones. Its group loop runs here with the system
    commands stubbed: on a machine with ``gpio`` but no ``spi`` or ``i2c``, those are created."""
    unit = (ROOT / "systemd" / "companion.service").read_text()
    wanted = next(line.split("=", 1)[1].split() for line in unit.splitlines()
                  if line.startswith("SupplementaryGroups="))
    script = (ROOT / "setup.sh").read_text()
    start = script.index("    for group in ")
    loop = script[start:script.index("    done\n", start) + len("    done\n")]
    assert loop.split("\n", 1)[0].split(" in ", 1)[1].removesuffix("; do").split() == wanted
    stubs = ('getent() { [ "$2" = gpio ]; }\ngroupadd() { echo "groupadd $*"; }\n'
             'usermod() { echo "usermod $*"; }\nsay() { :; }\nuser=companion\n')
    run = subprocess.run(["bash", "-c", stubs + loop], capture_output=True, text=True, timeout=patience(10))
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        "usermod -a -G gpio companion", "groupadd --system spi", "usermod -a -G spi companion",
        "groupadd --system i2c", "usermod -a -G i2c companion", "groupadd --system audio",
        "usermod -a -G audio companion"]


def test_selfplay_help_lists_the_games_and_explains_each_option(capsys: pytest.CaptureFixture[str]) -> None:
    """`companion selfplay --help` says what it does, which games there are (id, title, players)
    and what each option means, so nobody reads the source to find a game's id."""
    import engines
    with pytest.raises(SystemExit) as done:
        cli.main(["selfplay", "--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    assert "random legal moves" in text and "one JSON line per game" in text
    for game in engines.GAMES.values():
        assert re.search(rf"^  {re.escape(game.id)} +{re.escape(game.title)} \(", text, re.M), game.id
    flat = " ".join(text.split())
    for option, words in {"--games N": "how many games", "--seed S": "the first game's seed",
                          "--players P": "players per game", "--max-plies M": "stop a game"}.items():
        assert f"{option} {words}" in flat, option
    assert "--extra-game" not in text   # the tests' own switch stays out of the help


def test_selfplay_refuses_a_player_count_the_game_does_not_take(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["selfplay", "fzzzt", "--players", "9"]) == 2
    assert "Fzzzt! is for 2 to 4 players, not 9." in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["selfplay", "fzzzt", "--games", "0"])
    assert "at least 1" in capsys.readouterr().err


def test_host_key_new_changes_the_key_of_a_running_companion_and_ends_every_session(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27: "the key can be changed (companion host-key --new)". The running companion (here the
    service and its web app on the same data directory, the key followed in its file as `companion
    serve` does) refuses the old key from its next request on; every host device's session ends
    (docs/hardware.md says why); the new key works."""
    from companion.service import Service
    from web import create_app

    data = tmp_path / "data"
    assert cli.main(["host-key", "--data", str(data)]) == 0
    old = capsys.readouterr().out.strip()
    assert old == (data / "host_key").read_text().strip()
    service = Service(data, cli.host_key_for(data, None), think_seconds=0.05)
    service.key.follow(data / "host_key")
    try:
        phone = create_app(service).test_client()
        assert phone.get(f"/host?key={old}").status_code == 303        # a host session in its cookie
        assert phone.get("/api/hardware").status_code == 200
        assert cli.main(["host-key", "--data", str(data), "--new"]) == 0
        said = capsys.readouterr().out
        new = (data / "host_key").read_text().strip()
        assert new != old and f"New host key: {new}" in said and "(1)" in said
        assert oct((data / "host_key").stat().st_mode & 0o777) == "0o600"
        stranger = create_app(service).test_client()
        assert stranger.get("/api/hardware", headers={"X-Host-Key": old}).status_code == 401
        assert phone.get("/api/hardware").status_code == 401              # its session ended too
        assert service.host_sessions.listed() == []
        assert stranger.get("/api/hardware", headers={"X-Host-Key": new}).status_code == 200
    finally:
        service.close()
    restarted = Service(data, cli.host_key_for(data, None), think_seconds=0.05)
    try:
        assert restarted.check_host_key(new) and not restarted.check_host_key(old)
        assert restarted.host_sessions.listed() == []
    finally:
        restarted.close()


def test_host_key_new_refuses_a_key_the_config_file_sets(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "c.toml"
    config.write_text('host_key = "a-long-enough-host-key"\n')
    assert cli.main(["host-key", "--config", str(config), "--new"]) == 2
    assert "host_key: the config file sets the host key; change it there" in capsys.readouterr().err
