"""``companion``: the command line, and the composition root that wires the rooms together.

::

    companion serve [--port N] [--data DIR] [--host-key KEY] [--config FILE] [--bind ADDR]
    companion selfplay GAME --games N --seed S [--players P]
    companion selftest [--config FILE] [--data DIR] [--interactive]
    companion host-key [--new] [--config FILE] [--data DIR]

``serve`` builds the store and service, the hardware rig (mock pins and the
example rig when the machine is not a Pi and no config says otherwise), the
web app, and runs it under waitress (:mod:`companion.server`: one process that
owns the GPIO pins, a thread pool sized for every open stream, connections and
bodies bounded for a hostile Wi-Fi), no reloader.

Every line the command line prints for a person (the banner, the self-test's report, the
refusals, ``--help``) is a msgid, said in the terminal's language (:mod:`companion.terminal`:
``LANG=de_DE.UTF-8`` German, ``nl_BE`` Dutch, else English). ``selfplay``'s JSON lines keep
their keys; their ``reason`` is said in that language too.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import secrets
import signal
import socket
import sqlite3
import sys
import textwrap
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from companion import terminal
from companion.config import Config, ConfigError, default_data_dir, load
from engines.text import N_, translate

if TYPE_CHECKING:
    from flask import Flask

    from companion.service import Service


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


def new_host_key(data_dir: Path) -> tuple[str, int]:
    """A new host key in the data directory's file, and every host session ended (a key that is
    changed may have leaked, and any device that came in with it may be the one that leaked it);
    the new key and how many sessions ended. A running companion reads the file again at its next
    host check (companion/pairing.py ``HostKey``), refuses the old key and ends its sessions too."""
    ended = 0
    store = data_dir / "companion.db"
    if store.exists():   # the sessions first: one opened meanwhile with the old key ends with the file
        with sqlite3.connect(store, timeout=10) as db:
            try:
                ended = db.execute("DELETE FROM host_sessions").rowcount
            except sqlite3.OperationalError:   # a store from before host sessions: none to end
                ended = 0
        db.close()
    data_dir.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(12)
    path, fresh = data_dir / "host_key", data_dir / ".host_key.new"
    fresh.unlink(missing_ok=True)
    fd = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(key + "\n")
        out.flush()
        os.fsync(out.fileno())
    os.replace(fresh, path)   # whole: a running companion never reads half a key
    return key, ended


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
        raise ConfigError("--port", "expected a whole number from {low} to {high}, got {value!r}.",
                          low=0, high=65535, value=port)
    try:
        if not bind.strip():
            raise ValueError(bind)
        socket.getaddrinfo(bind, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError, ValueError):
        raise ConfigError("--bind", "{address} is not an address of this machine (like {examples}).",
                          address=bind, examples="0.0.0.0, 127.0.0.1 or ::") from None


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
            raise ConfigError(f"{config.source}: {exc.key}", exc.text) from None
    if not is_pi():
        return hwconfig.example_rig()
    return None


def _build_rig(hw_config: Any, out: TextIO, lang: str = "en") -> Any:
    if hw_config is None:
        return None
    try:
        import hardware
        from companion import hardware_link
    except ImportError as exc:
        print(translate("note: hardware support is not available ({reason}); running without it.", lang,
                        reason=str(exc)), file=out)
        return None
    if not is_pi():
        os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")
    try:
        rig = hardware.build(hw_config)
    except hardware.HardwareError as exc:
        raise ConfigError("hardware", exc.text) from None
    return rig, hardware_link


def _extra_games(specs: Sequence[str]) -> None:
    """Register test-only games (``module:attr``); used by the subprocess tests and benches."""
    import engines
    for spec in specs:
        module, _, attr = spec.partition(":")
        game = getattr(importlib.import_module(module), attr or "GAME")
        engines.GAMES[game.id] = game


def banner_rows(lang: str, rows: list[tuple[str, str]]) -> list[str]:
    """``(label msgid, value)`` rows of the banner: each label said in ``lang``, the values lined up.

    >>> print("\\n".join(banner_rows("en", [("data", "/srv"), ("host page", "http://pi/host")])))
      data:      /srv
      host page: http://pi/host
    """
    labels = [translate(label, lang) + ":" for label, _ in rows]
    width = max(len(label) for label in labels)
    return [f"  {label:<{width}} {value}" for label, (_, value) in zip(labels, rows, strict=True)]


BANNER_LABELS = (N_("data"), N_("pins"), N_("host page"))

NUMBER_SYMBOLS = {"en": (".", ","), "nl": (",", "."), "de": (",", ".")}
"""Each language's decimal mark and thousands separator (CLDR's, as Babel gives them; a test holds
this to Babel for every language): the banner's numbers without Babel and its CLDR data in the
running companion."""


def number(value: float, lang: str, places: int | None = None) -> str:
    """``value`` as ``lang`` writes it: with exactly ``places`` decimals, else at most three and
    thousands grouped (Babel's ``format_decimal(value, "0.00")`` and ``format_decimal(value)``).

    >>> number(0.4321, "de", 2), number(2.0, "nl"), number(1234.5, "en")
    ('0,43', '2', '1,234.5')
    """
    text = f"{value:.{places}f}" if places is not None else f"{value:,.3f}".rstrip("0").rstrip(".")
    mark, group = NUMBER_SYMBOLS.get(lang, NUMBER_SYMBOLS["en"])
    return text.translate({ord("."): mark, ord(","): group})


def cmd_serve(args: argparse.Namespace) -> int:
    started = time.monotonic()
    lang = getattr(args, "lang", "en")
    config = _config(args.config)
    _extra_games(args.extra_game or [])
    data_dir = Path(args.data) if args.data else (config.data_dir or default_data_dir())
    port = config.port if args.port is None else args.port
    bind = config.bind if args.bind is None else args.bind
    check_address(bind, port)
    try:
        host_key = host_key_for(data_dir, args.host_key or config.host_key)
    except OSError as exc:
        raise ConfigError(f"data_dir {data_dir}", "cannot be used ({reason}).", reason=exc.strerror) from None

    from companion import server as waitress_server
    from web import create_app

    built = _build_rig(_hardware_config(config), sys.stdout, lang)
    rig = built[0] if built else None
    service = _open_service(data_dir, host_key, rig, config.think_seconds, lang)
    if not (args.host_key or config.host_key):   # the file's key: `companion host-key --new` changes it
        service.key.follow(data_dir / "host_key")
    link = built[1].attach(service, rig, lang) if built else None   # the status display's language
    app = create_app(service, wifi=config.wifi,   # the service checks the key (it may change)
                     config={"SSE_MAX_STREAMS": waitress_server.THREADS - waitress_server.FREE_THREADS,
                             "PLAY_LOGGING": data_dir / "play-logging.json"})   # the table's BGG ids
    server = _listen(app, service, rig, bind, port, args.channel_timeout, lang)
    _settle_memory()
    actual = server.effective_port
    address = lan_ip() if bind in ("0.0.0.0", "::") else bind
    if link is not None and link.screen is not None:  # the status display's join QR: an IP address
        link.screen.set_address(f"http://{address}:{actual}")
    for line in ready_lines(lang, time.monotonic() - started, data_dir, rig, service, host_key,
                            address, bind, actual):
        print(line, flush=True)
    _serve_until_stopped(server, service, rig, lang)
    print(translate("Stopped; every game is saved.", lang), flush=True)
    return 0


def _settle_memory() -> None:
    """Everything built at start (modules, catalogues, the app, the tables read back) set aside
    from the cycle collector: its full collections then walk only what serving made since, a few
    milliseconds instead of tens in the middle of a play (``bench/web_roundtrip.py``'s p99). What
    is frozen is never collected as a cycle; the tables read back at start are those still in play
    (companion/tables.py), and a table let go later is freed by reference counting."""
    gc.collect()
    gc.freeze()


def _open_service(data_dir: Path, host_key: str, rig: Any, think_seconds: float, lang: str) -> Service:
    """The table service on the data directory's store (said when the store was set aside)."""
    from companion.service import Service

    try:
        service = Service(data_dir, host_key, hardware=rig, think_seconds=think_seconds)
    except (OSError, sqlite3.Error) as exc:
        _close(rig, lang)
        raise ConfigError(f"data_dir {data_dir}", "the store cannot be opened ({reason}).",
                          reason=str(exc)) from None
    if service.store.set_aside is not None:
        print(translate("The store failed its check ({problem}); it was kept aside as {name} and the "
                        "companion starts with a new one.", lang, problem=service.store.damaged,
                        name=service.store.set_aside.name), flush=True)
    return service


def _listen(app: Flask, service: Service, rig: Any, bind: str, port: int, channel_timeout: int | None,
            lang: str) -> Any:
    """The waitress server listening on ``bind:port``; refused: everything closed, a ConfigError."""
    from companion import server as waitress_server

    try:
        # the app's body limit goes to waitress too: a larger body is refused before it is read
        return waitress_server.build(
            app, host=bind, port=port, max_body=int(app.config["MAX_CONTENT_LENGTH"]) + 1,
            channel_timeout=channel_timeout or waitress_server.CHANNEL_TIMEOUT)
    except OSError as exc:
        service.close()
        _close(rig, lang)
        raise ConfigError(f"port {port}",
                          "cannot listen on {address} ({reason}); is another companion running?",
                          address=bind, reason=exc.strerror) from None
    except ValueError as exc:  # waitress: "Invalid host/port specified." (an address it cannot use)
        service.close()
        _close(rig, lang)
        raise ConfigError(f"bind {bind}", "cannot listen there ({reason}).", reason=str(exc)) from None


def ready_lines(lang: str, seconds: float, data_dir: Path, rig: Any, service: Service, host_key: str,
                address: str, bind: str, port: int) -> list[str]:
    """The banner ``serve`` prints once it listens, in ``lang``."""
    factory = os.environ.get("GPIOZERO_PIN_FACTORY") or translate("default", lang)
    pins = translate("mock pins", lang) if factory == "mock" else factory
    pins = pins if rig else translate("none", lang)
    lines = [translate("Table Companion is ready in {seconds} s.", lang,
                       seconds=number(seconds, lang, 2)),
             *banner_rows(lang, list(zip(BANNER_LABELS, (str(data_dir), pins,
                                                          f"http://{address}:{port}/host?key={host_key}"),
                                         strict=True)))]
    if service.pairing.button:
        lines.append("  " + translate("or open {url} and hold the {button} for {seconds} s", lang,
                                      url=f"http://{address}:{port}/host", button=service.pairing.button,
                                      seconds=number(service.pairing.hold_s, lang)))
    lines.append("  " + translate("table screen for the evening: {url}", lang,
                                  url=f"http://{address}:{port}/table/current"))
    if address not in ("127.0.0.1", "localhost"):
        lines.append("  " + translate("(on this machine: {url})", lang, url=f"http://localhost:{port}/host?key={host_key}"))
    # the last line ends with the address and port (tests and scripts wait for it, in any language)
    lines.append("  " + translate("listening on {url}", lang, url=f"http://{bind}:{port}/"))
    lines.append(translate("Ctrl-C to stop.", lang))
    return lines


def _serve_until_stopped(server: Any, service: Service, rig: Any, lang: str) -> None:
    """Run until Ctrl-C or SIGTERM; then the server, the service and the rig are closed."""
    from companion import server as waitress_server

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
        _close(rig, lang)


STOP_SECONDS = 1.0   # the longest a request still running may keep the companion from stopping


def _stop_serving(service: Any, server: Any) -> None:
    service.stop()                       # every stream ends now, bots stop thinking
    from companion import server as waitress_server
    waitress_server.end_loop(server)     # the main thread's loop then returns


def _close(rig: Any, lang: str = "en") -> None:
    if rig is not None:
        try:
            rig.close()
        except Exception as exc:  # shutting down: say it, do not hide the real exit reason
            print(translate("note: the hardware did not close cleanly ({reason}).", lang, reason=str(exc)),
                  file=sys.stderr)


def cmd_selfplay(args: argparse.Namespace) -> int:
    import engines
    from engines.playout import random_playout

    lang = getattr(args, "lang", "en")
    _extra_games(args.extra_game or [])
    try:
        game = engines.get(args.game)
    except engines.UnknownGame as exc:
        print("companion selfplay: " + translate("{problem} Known: {games}.", lang, problem=exc.text,
                                                 games=", ".join(sorted(engines.GAMES))), file=sys.stderr)
        return 2
    players = args.players or game.min_players
    if not game.min_players <= players <= game.max_players:
        print("companion selfplay: " + translate(
            "{title} is for {low} to {high} players, not {count}.", lang, title=game.title,
            low=game.min_players, high=game.max_players, count=players), file=sys.stderr)
        return 2
    for i in range(args.games):
        seed = args.seed + i
        result = random_playout(game, players, seed, max_plies=args.max_plies)
        outcome = result.final.outcome
        print(json.dumps({"game": game.id, "seed": seed, "players": players, "plies": result.plies,
                          "finished": result.finished,
                          "winners": outcome["winners"] if outcome else None,
                          "reason": translate(outcome["say"], lang) if outcome else None},
                         ensure_ascii=False), flush=True)
    return 0


def cmd_selftest(args: argparse.Namespace) -> int:
    """The store first (it keeps every acknowledged play), then the wiring."""
    from companion import store

    lang = getattr(args, "lang", "en")
    config = _config(args.config)
    data_dir = Path(args.data) if args.data else (config.data_dir or default_data_dir())
    store_ok, found = store.selftest(data_dir)
    try:
        from hardware import selftest
    except ImportError as exc:
        print(f"{'ok' if store_ok else 'FAIL':4}  store  {translate(found, lang)}", flush=True)
        print("companion selftest: " + translate("hardware support is not installed ({reason}).", lang,
                                                 reason=str(exc)), file=sys.stderr)
        return 2
    selftest.Report(sys.stdout, lang).line("ok" if store_ok else "FAIL", "store", "", None, found)
    hw_config = _hardware_config(config)
    if hw_config is None:
        print("companion selftest: " + translate("no [hardware] section in the config.", lang),
              file=sys.stderr)
        return 2
    wiring = int(selftest.run(hw_config, interactive=args.interactive, out=sys.stdout, lang=lang))
    return wiring or (0 if store_ok else 1)


def cmd_host_key(args: argparse.Namespace) -> int:
    """Print the host key (made once if there is none); ``--new``: change it, ending every host
    device's session."""
    lang = getattr(args, "lang", "en")
    config = _config(args.config)
    if config.host_key:
        raise ConfigError("host_key", "the config file sets the host key; change it there and restart "
                                      "the companion.")
    data_dir = Path(args.data) if args.data else (config.data_dir or default_data_dir())
    try:
        if not args.new:
            print(host_key_for(data_dir, None), flush=True)
            return 0
        key, ended = new_host_key(data_dir)
    except (OSError, sqlite3.Error) as exc:
        raise ConfigError(f"data_dir {data_dir}", "cannot be used ({reason}).", reason=str(exc)) from None
    print(translate("New host key: {key}", lang, key=key), flush=True)
    print(translate("The old key is refused from now on, also by a companion that is running. Every host "
                    "device's session has ended ({count}): each pairs again by the button or opens the "
                    "host page with the new key.", lang, count=ended), flush=True)
    return 0


def _games_epilog(lang: str) -> str:
    """The games ``selfplay`` knows, one line each: id, title, player counts; and an example."""
    import engines
    lines = [translate("games:", lang)]
    for game in engines.GAMES.values():
        count = (translate("{count} players", lang, count=game.min_players)
                 if game.min_players == game.max_players
                 else translate("{low}-{high} players", lang, low=game.min_players, high=game.max_players))
        lines.append(f"  {game.id:20} {game.title} ({count})")
    lines.append("")
    lines.append(translate("example: {command}", lang,
                           command="companion selfplay fzzzt --games 5 --seed 1 --players 3"))
    return "\n".join(lines)


def _whole(least: int, lang: str) -> Any:
    """An argparse type: a whole number of at least ``least``, or one sentence."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(translate("expected a whole number, got {value}", lang,
                                                       value=repr(text))) from None
        if value < least:
            raise argparse.ArgumentTypeError(translate(
                "expected a whole number of at least {least}, got {value}", lang, least=least, value=value))
        return value
    return parse


def parser(lang: str = "en") -> argparse.ArgumentParser:
    """The command line's arguments, their help said in ``lang``."""
    p = argparse.ArgumentParser(prog="companion", description=translate("The Table Companion.", lang))
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("serve", help=translate("run the table service, the web app and the hardware", lang))
    s.add_argument("--port", type=int,
                   help=translate("TCP port (default 8080, or the config's; 0 = any free)", lang))
    s.add_argument("--data", help=translate("data directory (the SQLite store and the host key)", lang))
    s.add_argument("--host-key",
                   help=translate("the host's key (default: the config's, or generated once)", lang))
    s.add_argument("--config", help=translate("TOML config file (see docs/companion.example.toml)", lang))
    s.add_argument("--bind", help=translate("address to listen on (default 0.0.0.0)", lang))
    s.add_argument("--extra-game", action="append", help=argparse.SUPPRESS)
    s.add_argument("--channel-timeout", type=int, help=argparse.SUPPRESS)   # tests: a shorter wait
    s.set_defaults(run=cmd_serve)
    sp = sub.add_parser(
        "selfplay", help=translate("play random games; one JSON line per game", lang),
        description=textwrap.fill(translate(
            "Play whole games with random legal moves (digital chance, no phones, no store) and print one "
            "JSON line per game: its seed, the number of plies, whether it finished, the winners and the "
            "reason. Same seed, same game: a quick check that an engine plays to the end, and a source "
            "of positions.", lang), 78),
        epilog=_games_epilog(lang), formatter_class=argparse.RawDescriptionHelpFormatter)
    sp.add_argument("game", metavar="GAME", help=translate("the game's id (listed below)", lang))
    sp.add_argument("--games", type=_whole(1, lang), default=1, metavar="N",
                    help=translate("how many games to play, one after another (default 1)", lang))
    sp.add_argument("--seed", type=_whole(0, lang), default=0, metavar="S",
                    help=translate("the first game's seed; game i plays with seed S + i (default 0)", lang))
    sp.add_argument("--players", type=_whole(1, lang), metavar="P",
                    help=translate("players per game (default: the game's fewest)", lang))
    sp.add_argument("--max-plies", type=_whole(1, lang), default=2000, metavar="M",
                    help=translate('stop a game that has not ended after this many plays; its line then says '
                                   '"finished": false (default 2000)', lang))
    sp.add_argument("--extra-game", action="append", help=argparse.SUPPRESS)
    sp.set_defaults(run=cmd_selfplay)
    hk = sub.add_parser("host-key", help=translate("print the host key, or change it with --new", lang))
    hk.add_argument("--new", action="store_true",
                    help=translate("make a new key: the old one is refused and every host device pairs again",
                                   lang))
    hk.add_argument("--config")
    hk.add_argument("--data", help=translate("data directory (the SQLite store and the host key)", lang))
    hk.set_defaults(run=cmd_host_key)
    st = sub.add_parser("selftest",
                        help=translate("check the wiring of buttons, LEDs, laser and sensors", lang))
    st.add_argument("--config")
    st.add_argument("--data",
                    help=translate("data directory whose store to check (default: the config's)", lang))
    st.add_argument("--interactive", action="store_true",
                    help=translate("ask a person to press and look", lang))
    st.set_defaults(run=cmd_selftest)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """The ``companion`` command, in the terminal's language (:func:`companion.terminal.language`)."""
    lang = terminal.language()
    terminal.load(lang)
    with terminal.argparse_words(lang):
        args = parser(lang).parse_args(argv)
    args.lang = lang
    try:
        return int(args.run(args))
    except ConfigError as exc:
        print(f"companion: {exc.said(lang)}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
