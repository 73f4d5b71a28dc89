"""The evening soak: an evening of play compressed, by time (``--minutes``) or by games (``--hours``).

One ``companion serve`` (mock pins, a fresh data directory, compiled bytecode as installed) on
loopback. The five games are played in turn, every table with one computer seat and the other seats
taken by phones. Eight phones, each a loopback address of its own (127.0.2.x), play over HTTP as a
phone whose stream is blocked does: they poll their seat's view (``?poll=1``) and play a random
legal action when their seat is awaited; the phones without a seat reload the table screen's page
and the public payload. Through each game a seated phone now and then leaves (silent for a while),
comes back by reloading its page, or gives its seat up to a phone that joins (the host frees the
seat, the newcomer claims it). The server is killed (``kill -9``) and started again on the same
data; the phones carry on with their seats. A Wi-Fi crowd as in issue 27, point 2 (slow-header
sockets from many loopback addresses, each under the per-address bound, reopened when closed) is
held for up to 14 s at three fifths of the evening.

``--minutes`` (issue 27): each game for a fifth of the time (a table that ends is followed by
another of the same game), one kill halfway. Printed: the server's RSS over time, the p50 / p99 of
plays (the POST's answer, as a phone waits for it) outside and inside the crowd burst, and the
acknowledged plays lost (a play answered 200 whose version the table no longer reaches after the
restart, or at the end), each with its goal:

    0 lost; RSS flat within 10 MB after the first game; p99 < 100 ms outside the crowd burst

``--hours H`` (issue 42, point 5) or ``--games N``: a long evening counted in games, about
:data:`GAMES_PER_HOUR` an hour at the table (``--hours 12``: 48 games), the five in turn, each
table played to its end or ended by the host after ``--table-seconds``; a ``kill -9`` for every
four hours of evening, spread evenly, each a few seconds into its table (``--kills``; ``--hours 12``:
in tables 13, 25 and 37; ``--kills 0`` keeps one process all evening); the server's
``COMPANION_LINGER`` compressed (``--linger``) so that the tables that are over leave memory as in
a real evening. Printed besides: the RSS after the first hour's games and after the last game, for
the evening and for each server process, and the tables let go (their entry kept in the store).
The goals:

    0 lost; the end within 5 MB of the first hour's RSS; every table that is over let go

    .venv/bin/python bench/soak.py [--minutes 4 | --hours 12 | --games 48] [--crowd 300] [--seed 1]
                                   [--think 1.0] [--kills K] [--linger 5] [--table-seconds 30]

A busy machine changes the times (say how busy it was); it never changes what is lost.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sqlite3
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.web_roundtrip import compile_modules, rss_mb  # noqa: E402
from tests.companion.server import HOST_KEY, ServerProcess  # noqa: E402
from tests.companion.server import call as request  # noqa: E402
from tests.companion.test_crowd import Crowd  # noqa: E402

GAMES = (("laser-chess", 2), ("fzzzt", 4), ("sharks-with-lasers", 4), ("jaws", 4), ("loch-ness", 4))
PHONES = 8
GOALS = {"lost": 0, "rss_growth_mb": 10.0, "play_p99_ms": 100.0, "rss_end_mb": 5.0}
GAMES_PER_HOUR = 4        # an evening at one table: a game of about a quarter of an hour
HOURS_PER_KILL = 4        # a counted evening's kill -9s: one for every four hours of it (at least one)
LINGER = 5.0              # the server's COMPANION_LINGER in a counted evening (the companion's: 120 s)
TABLE_SECONDS = 30.0      # a counted evening's table not over by then is ended by the host
KILL_INTO_TABLE = 3.0     # seconds into its table a counted evening's kill comes (mid-game)
CROWD_SECONDS = 14.0      # as long as the crowd test's, longer than every timer of the server
CROWD_PER_ADDRESS = 10    # under the per-address bound of 32, as in the issue
TABLE = -1


# --------------------------------------------------------------------------- HTTP


def call(port: int, method: str, path: str, body: Any = None, *, token: str | None = None,
         host: bool = False, source: str | None = None, timeout: float = 5.0) -> tuple[int, Any]:
    """One request as a phone (or, ``host``, the host) makes it (tests/companion/server.call)."""
    return request(port, method, path, body, token=token, host_key=HOST_KEY if host else None,
                   source=source, timeout=timeout)


# --------------------------------------------------------------------------- the evening


@dataclass
class Play:
    at: float          # time.monotonic() when it was sent
    ms: float          # until its answer
    table: str
    seat: int
    version: int       # the seat's version in the answer: the table must reach it after a restart
    game: str


@dataclass
class Seat:
    table: str
    seat: int
    token: str
    away_until: float = 0.0     # a phone that left: silent until then, then it reloads its page


@dataclass
class Evening:
    """What the phones, the host and the director share."""

    server: ServerProcess
    rng: random.Random
    table: str = ""
    plays: list[Play] = field(default_factory=list)
    seats: dict[int, Seat] = field(default_factory=dict)     # phone -> its seat
    tokens: dict[tuple[str, int], str] = field(default_factory=dict)   # (table, seat) -> token
    refused = 0        # 409: not the seat's turn any more, a stale screen (a phone's race)
    down = 0           # requests that found no server (the kill)
    errors: list[str] = field(default_factory=list)
    crowd: tuple[float, float] = (float("inf"), float("inf"))
    over: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def port(self) -> int:
        return self.server.port

    def note_error(self, what: str) -> None:
        with self.lock:
            if len(self.errors) < 20:
                self.errors.append(what)


def source(phone: int) -> str:
    return f"127.0.2.{10 + phone}"


def strip(action: dict[str, Any]) -> dict[str, Any]:
    """What a phone sends back: the action without the words the server added."""
    return {k: v for k, v in action.items() if k not in ("text", "label_text")}


def play_once(ev: Evening, phone: int, seat: Seat) -> None:
    """The phone reads its seat's view and, when its seat is awaited, plays a random legal action."""
    path = f"/api/tables/{seat.table}"
    status, view = call(ev.port, "GET", f"{path}/view?poll=1", token=seat.token, source=source(phone))
    if status != 200:
        if status != 401:   # 401: the host freed this seat meanwhile
            ev.note_error(f"view {status}: {view}")
        return
    if seat.seat not in view["awaiting"] or not view["legal_actions"] or view.get("ended"):
        return
    action = strip(ev.rng.choice(view["legal_actions"]))
    sent = time.monotonic()
    status, answer = call(ev.port, "POST", f"{path}/actions", {"action": action, "version": view["version"]},
                          token=seat.token, source=source(phone))
    took = (time.monotonic() - sent) * 1000
    if status == 200:
        with ev.lock:
            ev.plays.append(Play(sent, took, seat.table, seat.seat, int(answer["version"]),
                                 str(answer["game"])))
    elif status == 409:
        with ev.lock:
            ev.refused += 1
    elif status != 401:
        ev.note_error(f"play {status}: {answer} for {action}")


def watch_once(ev: Evening, phone: int) -> None:
    """A phone without a seat: the table screen's page and its public payload, as a reload."""
    if ev.table:
        call(ev.port, "GET", f"/table/{ev.table}", source=source(phone))
        call(ev.port, "GET", f"/api/tables/{ev.table}", source=source(phone))
    time.sleep(0.5 + ev.rng.random())


def phone_loop(ev: Evening, phone: int) -> None:
    while not ev.over.is_set():
        seat = ev.seats.get(phone)
        try:
            if seat is None:
                watch_once(ev, phone)
                continue
            now = time.monotonic()
            if seat.away_until > now:
                time.sleep(min(0.2, seat.away_until - now))
                continue
            if seat.away_until:     # back: the page is reloaded, then the view read again
                seat.away_until = 0.0
                call(ev.port, "GET", f"/play/{seat.table}", source=source(phone))
            play_once(ev, phone, seat)
        except OSError:
            with ev.lock:
                ev.down += 1
            time.sleep(0.1)
        time.sleep(0.02 + 0.1 * ev.rng.random())


def host_loop(ev: Evening) -> None:
    """The host enters the table's part when it is awaited (chance left to the table)."""
    while not ev.over.wait(0.3):
        table = ev.table
        try:
            status, view = call(ev.port, "GET", f"/api/tables/{table}/view?as=table", host=True)
            if status == 200 and TABLE in view["awaiting"] and view["legal_actions"]:
                action = strip(ev.rng.choice(view["legal_actions"]))
                call(ev.port, "POST", f"/api/tables/{table}/actions?as=table",
                     {"action": action, "version": view["version"]}, host=True)
        except (OSError, KeyError):
            pass


# --------------------------------------------------------------------------- the director


def new_table(ev: Evening, game: str, players: int, seed: int) -> None:
    """A table of ``game``: the last seat the computer's, the others claimed by phones that have
    none (the first free ones)."""
    status, made = call(ev.port, "POST", "/api/tables", {"game": game, "players": players, "seed": seed},
                        host=True)
    assert status == 201, (status, made)
    table = str(made["table"])
    call(ev.port, "POST", f"/api/tables/{table}/seats/{players - 1}/bot", host=True)
    with ev.lock:
        ev.seats.clear()
    for seat in range(players - 1):
        claim(ev, table, seat, seat)
    ev.table = table


def claim(ev: Evening, table: str, seat: int, phone: int) -> None:
    status, got = call(ev.port, "POST", f"/api/tables/{table}/seats/{seat}", {"name": f"Phone {phone + 1}"},
                       source=source(phone))
    assert status == 200, (status, got)
    with ev.lock:
        ev.tokens[(table, seat)] = got["token"]
        ev.seats[phone] = Seat(table, seat, got["token"])


def stir(ev: Evening) -> None:
    """Now and then: a seated phone leaves for a few seconds (then reloads), or gives its seat
    up to a phone without one (the host frees the seat, the newcomer claims it)."""
    seated = sorted(ev.seats)
    if not seated:
        return
    phone = ev.rng.choice(seated)
    seat = ev.seats[phone]
    if ev.rng.random() < 0.5:
        seat.away_until = time.monotonic() + 1 + 3 * ev.rng.random()
        return
    free = [p for p in range(PHONES) if p not in ev.seats]
    with ev.lock:
        del ev.seats[phone]
    call(ev.port, "DELETE", f"/api/tables/{seat.table}/seats/{seat.seat}", host=True)
    claim(ev, seat.table, seat.seat, ev.rng.choice(free))


def finished(ev: Evening) -> bool:
    status, public = call(ev.port, "GET", f"/api/tables/{ev.table}")
    return status == 200 and (public["outcome"] is not None or public["ended"])


@dataclass
class Schedule:
    start: float
    kills: list[float]          # when the kill -9s still to come are due, seconds into the evening
    crowd_at: float
    crowd_sockets: int
    crowd_seconds: float
    crowd: Crowd | None = None
    restarts: list[float] = field(default_factory=list)   # each restart's seconds until it listened
    rss: list[tuple[float, int, str, float]] = field(default_factory=list)   # t, pid, label, MB
    game_ends: list[tuple[float, int, float]] = field(default_factory=list)  # t, pid, MB
    hours: list[tuple[int, int, float]] = field(default_factory=list)        # hour, pid, MB after its games
    finished: int = 0           # tables whose game finished (the others the host ended)

    def elapsed(self) -> float:
        return time.monotonic() - self.start


def sample(ev: Evening, sch: Schedule, label: str) -> float:
    assert ev.server.proc is not None
    pid = ev.server.proc.pid
    mb = rss_mb(pid)
    if mb != mb:    # NaN: the process is gone (killed a moment ago)
        return mb
    sch.rss.append((sch.elapsed(), pid, label, mb))
    print(f"  {sch.elapsed():7.1f} s  pid {pid}  RSS {mb:6.1f} MB  {label}", flush=True)
    return mb


def kill_and_restart(ev: Evening, sch: Schedule, lost: list[Play]) -> None:
    """kill -9, start again on the same data; every play acknowledged at the phones' table must be
    there (every table's are checked at the end: reading them all back here would fill the new
    process with tables nobody opens)."""
    sample(ev, sch, "before kill -9")
    ev.server.kill()
    time.sleep(0.5)        # the phones find no server meanwhile
    server = ServerProcess(ev.server.data, *ev.server.extra, env=ev.server.env)
    server.start()
    ev.server = server
    sch.restarts.append(server.ready_seconds)
    lost += [p for p in check_lost(ev, {ev.table}) if p not in lost]
    sample(ev, sch, f"restarted in {server.ready_seconds:.1f} s")


def check_lost(ev: Evening, tables: set[str] | None = None) -> list[Play]:
    """The acknowledged plays (at ``tables``, else at every table) whose version the seat's view no
    longer reaches; a table that was let go is read back from the store to answer."""
    with ev.lock:
        plays = [p for p in ev.plays if tables is None or p.table in tables]
        tokens = dict(ev.tokens)
    reached: dict[tuple[str, int], int] = {}
    for table, seat in {(p.table, p.seat) for p in plays}:
        status, view = call(ev.port, "GET", f"/api/tables/{table}/view", token=tokens[(table, seat)])
        reached[(table, seat)] = int(view["version"]) if status == 200 else -1
    return [p for p in plays if p.version > reached[(p.table, p.seat)]]


def let_go(ev: Evening) -> int:
    """The tables let go from memory so far: those whose entry in the list the server has kept in
    its store (written just before a table leaves memory). Read-only, while the server runs."""
    db = sqlite3.connect(f"file:{ev.server.data / 'companion.db'}?mode=ro", uri=True, timeout=5)
    try:
        return int(db.execute("SELECT count(*) FROM tables WHERE summary != ''").fetchone()[0])
    finally:
        db.close()


def events_due(ev: Evening, sch: Schedule, lost: list[Play]) -> None:
    now = sch.elapsed()
    if sch.kills and now >= sch.kills[0]:
        sch.kills.pop(0)
        kill_and_restart(ev, sch, lost)
    if sch.crowd is None and now >= sch.crowd_at and sch.crowd_sockets:
        addresses = [f"127.0.3.{n}" for n in range(10, 10 + max(1, sch.crowd_sockets // CROWD_PER_ADDRESS))]
        seconds = sch.crowd_seconds
        sch.crowd = Crowd(ev.port, ev.table, addresses, CROWD_PER_ADDRESS, drip=0.5, seconds=seconds).start()
        ev.crowd = (time.monotonic(), time.monotonic() + seconds + 4)   # and its heads' deadline
        sample(ev, sch, f"crowd: {sch.crowd.open_now()} slow-header sockets, {len(addresses)} addresses")
    elif sch.crowd is not None and not sch.crowd.thread.is_alive() and sch.crowd.held:
        sch.crowd.close()      # its time is up: the crowd leaves
        sch.crowd.held = []


def play_table(ev: Evening, sch: Schedule, until: float, lost: list[Play]) -> bool:
    """The phones' table played until its game is over or ``until`` (seconds into the evening);
    then the host ends it. Whether its game was over."""
    next_stir = sch.elapsed() + 2
    over = False
    while sch.elapsed() < until:
        time.sleep(0.25)
        events_due(ev, sch, lost)
        try:
            if finished(ev):
                over = True
                break
            if sch.elapsed() >= next_stir:
                stir(ev)
                next_stir = sch.elapsed() + 1 + 3 * ev.rng.random()
        except OSError:
            continue
    with contextlib.suppress(OSError):
        call(ev.port, "POST", f"/api/tables/{ev.table}/end", host=True)
    sch.finished += over
    return over


def one_game(ev: Evening, sch: Schedule, game: str, players: int, until: float, lost: list[Play]) -> None:
    """Tables of ``game`` one after another until ``until`` (seconds into the evening)."""
    seed = 0
    while sch.elapsed() < until:
        seed += 1
        new_table(ev, game, players, seed)
        play_table(ev, sch, until, lost)


@dataclass
class Plan:
    """A counted evening (``--hours`` / ``--games``): its tables, and in which the kills and the
    crowd come."""

    games: int
    kills: tuple[int, ...]      # the tables (0-based) a kill -9 comes in, KILL_INTO_TABLE s into each
    crowd_table: int
    table_seconds: float
    linger: float

    @classmethod
    def of(cls, games: int, kills: int | None, table_seconds: float, linger: float) -> Plan:
        if kills is None:
            kills = max(1, round(games / GAMES_PER_HOUR / HOURS_PER_KILL))
        at = sorted({games * (k + 1) // (kills + 1) for k in range(kills)})
        return cls(games, tuple(at), int(0.6 * games), table_seconds, linger)


def counted_tables(ev: Evening, sch: Schedule, plan: Plan, lost: list[Play]) -> None:
    """The five games in turn, one table each, ``plan.games`` tables (the first is made already);
    after each table the server's RSS, after each hour's games the tables let go so far."""
    for n in range(plan.games):
        game, players = GAMES[n % len(GAMES)]
        if n:
            new_table(ev, game, players, n)
        started = sch.elapsed()
        if n in plan.kills:
            sch.kills.append(started + min(KILL_INTO_TABLE, plan.table_seconds / 2))
        if n == plan.crowd_table:
            sch.crowd_at = started + min(1.0, plan.table_seconds / 4)
        over = play_table(ev, sch, started + plan.table_seconds, lost)
        how = "its game over" if over else "ended by the host"
        mb = sample(ev, sch, f"table {n + 1} of {plan.games} ({game}) {how} after "
                             f"{sch.elapsed() - started:.0f} s")
        assert ev.server.proc is not None
        sch.game_ends.append((sch.elapsed(), ev.server.proc.pid, mb))
        if (n + 1) % GAMES_PER_HOUR == 0:
            sch.hours.append(((n + 1) // GAMES_PER_HOUR, ev.server.proc.pid, mb))
            print(f"  hour {(n + 1) // GAMES_PER_HOUR} played: {let_go(ev)} of {n + 1} tables let go",
                  flush=True)


def all_let_go(ev: Evening, plan: Plan) -> int:
    """The tables let go once every one is (the pacer looks at least every 5 s), or after a bound."""
    deadline = time.monotonic() + plan.linger + 15
    while (count := let_go(ev)) < plan.games and time.monotonic() < deadline:
        time.sleep(0.5)
    return count


def rss_loop(ev: Evening, sch: Schedule, every: float) -> None:
    while not ev.over.wait(every):
        with contextlib.suppress(OSError, AssertionError):
            sample(ev, sch, "")


# --------------------------------------------------------------------------- figures


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def rss_growth(sch: Schedule) -> float:
    """For each server process: its largest RSS after the first game it finished, less its RSS
    then; the largest of those."""
    growth = 0.0
    for pid in {pid for _, pid, _ in sch.game_ends}:
        t0, _, base = min(e for e in sch.game_ends if e[1] == pid)
        later = [mb for t, p, _, mb in sch.rss if p == pid and t >= t0]
        growth = max(growth, max(later, default=base) - base)
    return growth


def by_game(plays: list[Play], start: float, end: float) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {}
    for p in plays:
        if not start <= p.at <= end:
            out.setdefault(p.game, []).append(p.ms)
    return out


def play_figures(ev: Evening, sch: Schedule, lost: list[Play]) -> dict[str, Any]:
    """What both kinds of evening print: the plays, what was lost, their times in and out of the crowd."""
    start, end = ev.crowd
    calm = [p.ms for p in ev.plays if not start <= p.at <= end]
    burst = [p.ms for p in ev.plays if start <= p.at <= end]
    return {
        "plays_acknowledged": len(ev.plays), "plays_refused_409": ev.refused,
        "requests_while_down": ev.down, "lost": len(lost), "kills": len(sch.restarts),
        "play_p50_ms": round(percentile(calm, 0.5), 1), "play_p99_ms": round(percentile(calm, 0.99), 1),
        "crowd_plays": len(burst), "crowd_p50_ms": round(percentile(burst, 0.5), 1),
        "crowd_p99_ms": round(percentile(burst, 0.99), 1),
        "crowd_closed_by_server": sch.crowd.closed_by_server if sch.crowd else 0,
        "p50_p99_ms_by_game": {game: [round(percentile(ms, 0.5), 1), round(percentile(ms, 0.99), 1), len(ms)]
                               for game, ms in by_game(ev.plays, start, end).items()},
        "errors": ev.errors,
    }


def figures(ev: Evening, sch: Schedule, lost: list[Play], total: float) -> dict[str, Any]:
    return {"minutes": round(total / 60, 2), **play_figures(ev, sch, lost),
            "rss_growth_mb": round(rss_growth(sch), 1),
            "rss_mb_first_last": [round(sch.rss[0][3], 1), round(sch.rss[-1][3], 1)]}


def counted_figures(ev: Evening, sch: Schedule, plan: Plan, lost: list[Play], settled: tuple[int, float],
                    read_back: float) -> dict[str, Any]:
    """A counted evening's: besides the plays', the RSS after the first hour's games and after the
    last game (for the evening, and for each server process), and the tables let go."""
    first = sch.hours[0][2] if sch.hours else sch.game_ends[0][2]
    last = sch.game_ends[-1][2]
    processes = []
    for pid in dict.fromkeys(p for _, p, _ in sch.game_ends):
        marks = [mb for _, p, mb in sch.hours if p == pid]
        ends = [mb for _, p, mb in sch.game_ends if p == pid]
        processes.append([round(marks[0], 1) if marks else None, round(ends[-1], 1)])
    return {
        "hours": round(plan.games / GAMES_PER_HOUR, 2), "games": plan.games,
        "minutes": round(sch.elapsed() / 60, 2), "games_over": sch.finished,
        "ended_by_host": plan.games - sch.finished, **play_figures(ev, sch, lost),
        "restart_seconds": [round(s, 1) for s in sch.restarts],
        "rss_first_hour_mb": round(first, 1), "rss_end_mb": round(last, 1),
        "rss_end_less_first_hour_mb": round(last - first, 1),
        "rss_largest_mb": round(max(mb for *_, mb in sch.rss), 1),
        "rss_by_process_first_hour_end_mb": processes,
        "let_go": settled[0], "rss_all_let_go_mb": round(settled[1], 1),
        "rss_read_back_mb": round(read_back, 1),
    }


def mark(met: bool) -> str:
    return "meets" if met else "MISSES"


def report_plays(fig: dict[str, Any]) -> None:
    print(f"play p50 / p99 outside the crowd burst: {fig['play_p50_ms']} / {fig['play_p99_ms']} ms  "
          f"(goal p99 < 100 ms: {mark(fig['play_p99_ms'] < GOALS['play_p99_ms'])})")
    print(f"play p50 / p99 in the crowd burst: {fig['crowd_p50_ms']} / {fig['crowd_p99_ms']} ms over "
          f"{fig['crowd_plays']} plays (no goal; the crowd's sockets closed by the server: "
          f"{fig['crowd_closed_by_server']})")
    print("outside the burst, by game (p50, p99 ms, plays):", fig["p50_p99_ms_by_game"])
    if fig["errors"]:
        print("unexpected answers:", *fig["errors"], sep="\n  ")
    print(json.dumps(fig))


def report(fig: dict[str, Any]) -> None:
    print(f"\nplays acknowledged: {fig['plays_acknowledged']} in {fig['minutes']} min, load "
          f"{fig.get('load_at_end', '?')} at the end "
          f"(refused 409 as stale: {fig['plays_refused_409']}; requests while the server was down: "
          f"{fig['requests_while_down']})")
    print(f"acknowledged plays lost:  {fig['lost']}  (goal 0: {mark(fig['lost'] <= GOALS['lost'])})")
    print(f"RSS growth after the first game: {fig['rss_growth_mb']} MB  (goal <= 10 MB: "
          f"{mark(fig['rss_growth_mb'] <= GOALS['rss_growth_mb'])}); first and last sample "
          f"{fig['rss_mb_first_last']} MB")
    report_plays(fig)


def report_counted(fig: dict[str, Any]) -> None:
    print(f"\nplays acknowledged: {fig['plays_acknowledged']} over {fig['games']} games ({fig['hours']} "
          f"hours of evening; {fig['games_over']} played to their end, {fig['ended_by_host']} ended by "
          f"the host) in {fig['minutes']} min, load {fig.get('load_at_end', '?')} at the end (refused 409 "
          f"as stale: {fig['plays_refused_409']}; requests while the server was down: "
          f"{fig['requests_while_down']})")
    print(f"acknowledged plays lost:  {fig['lost']} over {fig['kills']} kill -9s, restarted in "
          f"{fig['restart_seconds']} s  (goal 0: {mark(fig['lost'] <= GOALS['lost'])})")
    print(f"RSS after the first hour's games -> after the last game: {fig['rss_first_hour_mb']} -> "
          f"{fig['rss_end_mb']} MB, {fig['rss_end_less_first_hour_mb']:+} MB  (goal within 5 MB: "
          f"{mark(fig['rss_end_less_first_hour_mb'] <= GOALS['rss_end_mb'])}); largest "
          f"{fig['rss_largest_mb']} MB")
    print("RSS of each server process, after its first hour's games -> after its last game (MB):",
          fig["rss_by_process_first_hour_end_mb"])
    print(f"tables let go (their entry kept in the store): {fig['let_go']} of {fig['games']}  (goal all: "
          f"{mark(fig['let_go'] == fig['games'])}); RSS then {fig['rss_all_let_go_mb']} MB, after "
          f"reading every table back for the lost plays' check {fig['rss_read_back_mb']} MB")
    report_plays(fig)


def server_in(tmp: str, think: float | None, env: dict[str, str] | None = None) -> ServerProcess:
    """``companion serve`` on a fresh data directory in ``tmp`` (the computer's thinking time per
    move from a config file when ``think`` is given)."""
    extra: tuple[str, ...] = ()
    if think is not None:
        (Path(tmp) / "soak.toml").write_text(f"[bots]\nthink_seconds = {think}\n")
        extra = ("--config", str(Path(tmp) / "soak.toml"))
    return ServerProcess(Path(tmp) / "data", *extra, env=env)


def evening(minutes: float, crowd: int, seed: int, think: float | None = None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        return play_evening(server_in(tmp, think), minutes * 60, crowd, seed)


def counted_evening(plan: Plan, crowd: int, seed: int, think: float | None = None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        return play_counted(server_in(tmp, think, {"COMPANION_LINGER": str(plan.linger)}), plan, crowd, seed)


def start_phones(ev: Evening, sch: Schedule, rss_every: float | None) -> list[threading.Thread]:
    threads = [threading.Thread(target=phone_loop, args=(ev, p), daemon=True) for p in range(PHONES)]
    threads.append(threading.Thread(target=host_loop, args=(ev,), daemon=True))
    if rss_every is not None:
        threads.append(threading.Thread(target=rss_loop, args=(ev, sch, rss_every), daemon=True))
    for thread in threads:
        thread.start()
    return threads


def stop_phones(ev: Evening, threads: list[threading.Thread]) -> None:
    ev.over.set()
    for thread in threads:
        thread.join(timeout=10)


def play_evening(server: ServerProcess, total: float, crowd: int, seed: int) -> dict[str, Any]:
    with server:
        ev = Evening(server, random.Random(seed))
        slot = total / len(GAMES)
        sch = Schedule(time.monotonic(), kills=[total / 2], crowd_at=3.2 * slot, crowd_sockets=crowd,
                       crowd_seconds=min(CROWD_SECONDS, slot / 2))
        lost: list[Play] = []
        sample(ev, sch, "started")
        try:
            for n, (game, players) in enumerate(GAMES):
                if n == 0:
                    new_table(ev, game, players, 0)   # the phones have a table to start with
                    threads = start_phones(ev, sch, max(1.0, total / 24))
                one_game(ev, sch, game, players, (n + 1) * slot, lost)
                events_due(ev, sch, lost)   # what came due while a slow restart took the whole slot
                mb = sample(ev, sch, f"after {game}")
                assert ev.server.proc is not None
                sch.game_ends.append((sch.elapsed(), ev.server.proc.pid, mb))
            stop_phones(ev, threads)
            lost += [p for p in check_lost(ev) if p not in lost]
            return figures(ev, sch, lost, total)
        finally:
            ev.over.set()
            if sch.crowd is not None:
                sch.crowd.close()
            ev.server.kill()     # the restarted one (the first is killed by ``with`` too)


def play_counted(server: ServerProcess, plan: Plan, crowd: int, seed: int) -> dict[str, Any]:
    with server:
        ev = Evening(server, random.Random(seed))
        sch = Schedule(time.monotonic(), kills=[], crowd_at=float("inf"), crowd_sockets=crowd,
                       crowd_seconds=min(CROWD_SECONDS, plan.table_seconds / 2))
        lost: list[Play] = []
        sample(ev, sch, "started")
        try:
            new_table(ev, *GAMES[0], 0)   # the phones have a table to start with
            threads = start_phones(ev, sch, None)
            counted_tables(ev, sch, plan, lost)
            stop_phones(ev, threads)
            count = all_let_go(ev, plan)
            settled = (count, sample(ev, sch, f"the phones gone: {count} of {plan.games} tables let go"))
            lost += [p for p in check_lost(ev) if p not in lost]   # every table, read back from the store
            read_back = sample(ev, sch, "every table read back (the lost plays' check)")
            return counted_figures(ev, sch, plan, lost, settled, read_back)
        finally:
            ev.over.set()
            if sch.crowd is not None:
                sch.crowd.close()
            ev.server.kill()     # the restarted one (the first is killed by ``with`` too)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    length = parser.add_mutually_exclusive_group()
    length.add_argument("--minutes", type=float, help="the evening's length in minutes (default 4)")
    length.add_argument("--hours", type=float,
                        help=f"an evening of this many hours, {GAMES_PER_HOUR} games an hour")
    length.add_argument("--games", type=int, help="an evening of this many games")
    parser.add_argument("--crowd", type=int, default=300,
                        help=f"slow-header sockets, {CROWD_PER_ADDRESS} per address (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, help="the computer's seconds per move (default: 1)")
    parser.add_argument("--kills", type=int, help=f"kill -9s in a counted evening (default: one for every "
                                                  f"{HOURS_PER_KILL} hours of it, at least one)")
    parser.add_argument("--linger", type=float, default=LINGER,
                        help=f"the server's COMPANION_LINGER in a counted evening (default {LINGER} s)")
    parser.add_argument("--table-seconds", type=float, default=TABLE_SECONDS,
                        help=f"a counted evening's table is ended after this (default {TABLE_SECONDS} s)")
    args = parser.parse_args()
    compile_modules()
    if args.hours is None and args.games is None:
        minutes = 4.0 if args.minutes is None else args.minutes
        print(f"an evening of {minutes} min: {', '.join(g for g, _ in GAMES)}; {PHONES} phones; "
              f"kill -9 at {minutes / 2:.1f} min; a crowd of {args.crowd} in the fourth game "
              f"(load {os.getloadavg()[0]:.1f})", flush=True)
        fig = evening(minutes, args.crowd, args.seed, args.think)
        fig["load_at_end"] = round(os.getloadavg()[0], 1)
        report(fig)
        return 0
    games = args.games if args.games is not None else max(1, round(args.hours * GAMES_PER_HOUR))
    plan = Plan.of(games, args.kills, args.table_seconds, args.linger)
    print(f"an evening of {games} games ({games / GAMES_PER_HOUR:g} hours at {GAMES_PER_HOUR} an hour): "
          f"{', '.join(g for g, _ in GAMES)} in turn, each at most {plan.table_seconds:g} s; "
          f"{PHONES} phones; "
          f"kill -9 in tables {[k + 1 for k in plan.kills]}; a crowd of {args.crowd} in table "
          f"{plan.crowd_table + 1}; tables over leave memory after {plan.linger:g} s "
          f"(load {os.getloadavg()[0]:.1f})", flush=True)
    fig = counted_evening(plan, args.crowd, args.seed, args.think)
    fig["load_at_end"] = round(os.getloadavg()[0], 1)
    report_counted(fig)
    return 0


if __name__ == "__main__":
    sys.exit(main())
