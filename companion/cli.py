"""``companion``: the command line, and the composition root that wires the rooms together.

::

    companion serve [--port N] [--data DIR] [--host-key KEY] [--config FILE] [--bind ADDR]
    companion selfplay GAME --games N --seed S [--players P]
    companion selftest [--config FILE] [--data DIR] [--interactive]

``serve`` builds the store and service, the hardware rig (mock pins and the
example rig when the machine is not a Pi and no config says otherwise), the
web app, and runs it under waitress (:mod:`companion.server`: one process that
owns the GPIO pins, a thread pool sized for every open stream, connections and
bodies bounded for a hostile Wi-Fi), no reloader.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import secrets
import signal
import socket
import sqlite3
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from companion.config import Config, ConfigError, default_data_dir, load


def is_pi() -> bool:
    """Whether this machine is a Raspberry Pi (the hardware room's one check, imported late so
    that a machine without gpiozero still runs the companion)."""
    from hardware.config import is_pi as board_is_pi
    return board_is_pi()


def lan_ip() -> str:
    """The address phones on the same network reach us at (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def host_key_for(data_dir: Path, given: str | None) -> str:
    """The given key, or one generated once and kept (mode 0600) in the data directory."""
    if given:
        return given
    path = data_dir / "host_key"
    if path.exists():
        return path.read_text().strip()
    data_dir.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(12)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(key + "\n")
    return key


def check_address(bind: str, port: int) -> None:
    """``--port``/``--bind`` checked like the config file's, before anything is built.

    Port 0 asks for any free port (tests use it).

    >>> check_address("127.0.0.1", 0)

    >>> check_address("127.0.0.1", 99999)
    Traceback (most recent call last):
    companion.config.ConfigError: --port: expected a whole number from 0 to 65535, got 99999.
    >>> check_address("999.1.1.1", 8080)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    companion.config.ConfigError: --bind: 999.1.1.1 is not an address of this machine ...
    """
    if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port <= 65535:
        raise ConfigError(f"--port: expected a whole number from 0 to 65535, got {port}.")
    try:
        if not bind.strip():
            raise ValueError(bind)
        socket.getaddrinfo(bind, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError, ValueError):
        raise ConfigError(f"--bind: {bind} is not an address of this machine "
                          "(like 0.0.0.0, 127.0.0.1 or ::).") from None


def _config(path: str | None) -> Config:
    return load(path) if path else Config()


def _hardware_config(config: Config) -> Any:
    """The parsed [hardware] table, the example rig on mock pins off a Pi, or None."""
    try:
        import hardware.config as hwconfig
    except ImportError:
        return None
    if config.hardware is not None:
        try:
            return hwconfig.parse(config.hardware)
        except hwconfig.ConfigError as exc:
            raise ConfigError(f"{config.source}: {exc}") from None
    if not is_pi():
        return hwconfig.example_rig()
    return None


def _build_rig(hw_config: Any, out: TextIO) -> Any:
    if hw_config is None:
        return None
    try:
        import hardware
        from companion import hardware_link
    except ImportError as exc:
        print(f"note: hardware support is not available ({exc}); running without it.", file=out)
        return None
    if not is_pi():
        os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")
    try:
        rig = hardware.build(hw_config)
    except hardware.HardwareError as exc:
        raise ConfigError(f"hardware: {exc}") from None
    return rig, hardware_link


def _extra_games(specs: Sequence[str]) -> None:
    """Register test-only games (``module:attr``); used by the subprocess tests and benches."""
    import engines
    for spec in specs:
        module, _, attr = spec.partition(":")
        game = getattr(importlib.import_module(module), attr or "GAME")
        engines.GAMES[game.id] = game


def cmd_serve(args: argparse.Namespace) -> int:
    started = time.monotonic()
    config = _config(args.config)
    _extra_games(args.extra_game or [])
    data_dir = Path(args.data) if args.data else (config.data_dir or default_data_dir())
    port = config.port if args.port is None else args.port
    bind = config.bind if args.bind is None else args.bind
    check_address(bind, port)
    try:
        host_key = host_key_for(data_dir, args.host_key or config.host_key)
    except OSError as exc:
        raise ConfigError(f"data_dir {data_dir}: cannot be used ({exc.strerror}).") from None

    from companion import server as waitress_server
    from companion.service import Service
    from web import create_app

    built = _build_rig(_hardware_config(config), sys.stdout)
    rig = built[0] if built else None
    try:
        service = Service(data_dir, host_key, hardware=rig, think_seconds=config.think_seconds)
    except (OSError, sqlite3.Error) as exc:
        _close(rig)
        raise ConfigError(f"data_dir {data_dir}: the store cannot be opened ({exc}).") from None
    if service.store.set_aside is not None:
        print(f"The store failed its check ({service.store.damaged}); it was kept aside as "
              f"{service.store.set_aside.name} and the companion starts with a new one.", flush=True)
    link = built[1].attach(service, rig) if built else None
    app = create_app(service, host_key=host_key, wifi=config.wifi,
                     config={"SSE_MAX_STREAMS": waitress_server.THREADS - waitress_server.FREE_THREADS})
    try:
        # the app's body limit goes to waitress too: a larger body is refused before it is read
        server = waitress_server.build(
            app, host=bind, port=port, max_body=int(app.config["MAX_CONTENT_LENGTH"]) + 1,
            channel_timeout=args.channel_timeout or waitress_server.CHANNEL_TIMEOUT)
    except OSError as exc:
        service.close()
        _close(rig)
        raise ConfigError(f"port {port}: cannot listen on {bind} ({exc.strerror}); "
                          "is another companion running?") from None
    except ValueError as exc:  # waitress: "Invalid host/port specified." (an address it cannot use)
        service.close()
        _close(rig)
        raise ConfigError(f"bind {bind}: cannot listen there ({exc}).") from None
    actual = server.effective_port
    address = lan_ip() if bind in ("0.0.0.0", "::") else bind
    if link is not None and link.screen is not None:  # the status display's join QR: an IP address
        link.screen.set_address(f"http://{address}:{actual}")
    print(f"Table Companion is ready in {time.monotonic() - started:.2f} s.", flush=True)
    print(f"  data:      {data_dir}", flush=True)
    print(f"  pins:      {os.environ.get('GPIOZERO_PIN_FACTORY', 'default') if rig else 'none'}", flush=True)
    print(f"  host page: http://{address}:{actual}/host?key={host_key}", flush=True)
    if service.pairing.button:
        print(f"  or open http://{address}:{actual}/host and hold the {service.pairing.button} "
              f"for {service.pairing.hold_s:g} s", flush=True)
    print(f"  table screen for the evening: http://{address}:{actual}/table/current", flush=True)
    if address not in ("127.0.0.1", "localhost"):
        print(f"  (on this machine: http://localhost:{actual}/host?key={host_key})", flush=True)
    print(f"  listening on http://{bind}:{actual}/", flush=True)
    print("Ctrl-C to stop.", flush=True)

    stopping = threading.Event()

    def stop(signum: int, frame: object) -> None:
        """Ctrl-C or SIGTERM: streams end and the loop is told to end; nothing waits on a phone."""
        if stopping.is_set():
            return
        stopping.set()
        # off the signal handler: the streams' locks are taken in a thread of its own
        threading.Thread(target=_stop_serving, args=(service, server), name="companion-stop",
                         daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        server.run()
    except (KeyboardInterrupt, SystemExit):   # a second signal, or run() ended by an exception
        pass
    finally:
        waitress_server.close(server, timeout=STOP_SECONDS)
        service.close()
        _close(rig)
    print("Stopped; every game is saved.", flush=True)
    return 0


STOP_SECONDS = 1.0   # the longest a request still running may keep the companion from stopping


def _stop_serving(service: Any, server: Any) -> None:
    service.stop()                       # every stream ends now, bots stop thinking
    from companion import server as waitress_server
    waitress_server.end_loop(server)     # the main thread's loop then returns


def _close(rig: Any) -> None:
    if rig is not None:
        try:
            rig.close()
        except Exception as exc:  # shutting down: say it, do not hide the real exit reason
            print(f"note: the hardware did not close cleanly ({exc}).", file=sys.stderr)


def cmd_selfplay(args: argparse.Namespace) -> int:
    import engines
    from engines.playout import random_playout

    _extra_games(args.extra_game or [])
    try:
        game = engines.get(args.game)
    except engines.UnknownGame as exc:
        print(f"companion selfplay: {exc} Known: {', '.join(sorted(engines.GAMES))}.", file=sys.stderr)
        return 2
    players = args.players or game.min_players
    if not game.min_players <= players <= game.max_players:
        print(f"companion selfplay: {game.title} is for {game.min_players} to {game.max_players} "
              f"players, not {players}.", file=sys.stderr)
        return 2
    for i in range(args.games):
        seed = args.seed + i
        result = random_playout(game, players, seed, max_plies=args.max_plies)
        outcome = result.final.outcome
        print(json.dumps({"game": game.id, "seed": seed, "players": players, "plies": result.plies,
                          "finished": result.finished,
                          "winners": outcome["winners"] if outcome else None,
                          "reason": outcome["reason"] if outcome else None}), flush=True)
    return 0


def cmd_selftest(args: argparse.Namespace) -> int:
    """The store first (it keeps every acknowledged play), then the wiring."""
    from companion import store

    config = _config(args.config)
    data_dir = Path(args.data) if args.data else (config.data_dir or default_data_dir())
    store_ok, found = store.selftest(data_dir)
    print(f"{'ok' if store_ok else 'FAIL':4}  store  {found}", flush=True)
    hw_config = _hardware_config(config)
    try:
        from hardware import selftest
    except ImportError as exc:
        print(f"companion selftest: hardware support is not installed ({exc}).", file=sys.stderr)
        return 2
    if hw_config is None:
        print("companion selftest: no [hardware] section in the config.", file=sys.stderr)
        return 2
    wiring = int(selftest.run(hw_config, interactive=args.interactive, out=sys.stdout))
    return wiring or (0 if store_ok else 1)


def _games_epilog() -> str:
    """The games ``selfplay`` knows, one line each: id, title, player counts."""
    import engines
    lines = ["games:"]
    for game in engines.GAMES.values():
        count = (str(game.min_players) if game.min_players == game.max_players
                 else f"{game.min_players}-{game.max_players}")
        lines.append(f"  {game.id:20} {game.title} ({count} players)")
    lines.append("")
    lines.append("example: companion selfplay fzzzt --games 5 --seed 1 --players 3")
    return "\n".join(lines)


def _whole(least: int) -> Any:
    """An argparse type: a whole number of at least ``least``, or one sentence."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"expected a whole number of at least {least}, got {value}")
        return value
    return parse


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="companion", description="The Table Companion.")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("serve", help="run the table service, the web app and the hardware")
    s.add_argument("--port", type=int, help="TCP port (default 8080, or the config's; 0 = any free)")
    s.add_argument("--data", help="data directory (the SQLite store and the host key)")
    s.add_argument("--host-key", help="the host's key (default: the config's, or generated once)")
    s.add_argument("--config", help="TOML config file (see docs/companion.example.toml)")
    s.add_argument("--bind", help="address to listen on (default 0.0.0.0)")
    s.add_argument("--extra-game", action="append", help=argparse.SUPPRESS)
    s.add_argument("--channel-timeout", type=int, help=argparse.SUPPRESS)   # tests: a shorter wait
    s.set_defaults(run=cmd_serve)
    sp = sub.add_parser(
        "selfplay", help="play random games; one JSON line per game",
        description="Play whole games with random legal moves (digital chance, no phones, no\n"
                    "store) and print one JSON line per game: its seed, the number of plies,\n"
                    "whether it finished, the winners and the reason. Same seed, same game: a\n"
                    "quick check that an engine plays to the end, and a source of positions.",
        epilog=_games_epilog(), formatter_class=argparse.RawDescriptionHelpFormatter)
    sp.add_argument("game", metavar="GAME", help="the game's id (listed below)")
    sp.add_argument("--games", type=_whole(1), default=1, metavar="N",
                    help="how many games to play, one after another (default 1)")
    sp.add_argument("--seed", type=_whole(0), default=0, metavar="S",
                    help="the first game's seed; game i plays with seed S + i (default 0)")
    sp.add_argument("--players", type=_whole(1), metavar="P",
                    help="players per game (default: the game's fewest)")
    sp.add_argument("--max-plies", type=_whole(1), default=2000, metavar="M",
                    help="stop a game that has not ended after this many plays; its line then says "
                         '"finished": false (default 2000)')
    sp.add_argument("--extra-game", action="append", help=argparse.SUPPRESS)
    sp.set_defaults(run=cmd_selfplay)
    st = sub.add_parser("selftest", help="check the wiring of buttons, LEDs, laser and sensors")
    st.add_argument("--config")
    st.add_argument("--data", help="data directory whose store to check (default: the config's)")
    st.add_argument("--interactive", action="store_true", help="ask a person to press and look")
    st.set_defaults(run=cmd_selftest)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return int(args.run(args))
    except ConfigError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
