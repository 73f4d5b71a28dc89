"""A power cut resumes the table's moment (issue 42, point 6): kill -9 at random instants, restart.

One ``companion serve`` on loopback (mock pins, a fresh data directory, one port kept across
restarts), one table of each of the five games, every seat held by a phone. The harness plays as
the phones and the table screen do, through the JSON API: it reads the table screen's payload
(``?screen=1``: a screen whose stream is blocked polls so), reads every seat's view, then makes one
change, a seat's random legal play (the table's own entries too) or the table's "next", and goes
round again; Auto is off, so the told step moves only by a change the harness made. A timer kills
the server (SIGKILL) at a random instant of this, on the table of the next game in turn; the
server is started again on the same data directory and port, and every table's moment is read
again: the table screen's story (the shown chapter and step, what is told and still to tell) and
every seat's view (its version, view, legal plays and lines).

What each must equal: a reference, an in-process companion (``companion.service.Service``) that
was given every change the server acknowledged, never killed. A change whose answer the kill cut
off may have landed or not: the moment must then be the reference's without it, or with it. The
shown chapter's name is also compared with the server's own before the kill (the reference's
names differ: each table's salt is its own). Printed: kills, how many found the table screen
mid-way through its story, mismatches (each said), and the slowest restart (spawn to listening,
and to every table's moment read back), each with its goal:

    0 mismatches; every moment back within 15 s of the service starting

    .venv/bin/python bench/power_cut.py [--kills 50] [--seed 1]

Loopback only, bounded: every request has a timeout, every wait a deadline.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import signal
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.service import Service  # noqa: E402
from tests.companion.server import HOST_KEY, ServerProcess, call  # noqa: E402
from web.service import ServiceError  # noqa: E402

GAMES = (("laser-chess", 2), ("fzzzt", 3), ("sharks-with-lasers", 4), ("jaws", 3), ("loch-ness", 3))
GOAL_SECONDS = 15.0       # every moment back within this of the service starting
TABLE = -1
DOWN = (OSError, http.client.HTTPException, json.JSONDecodeError)   # a request the kill cut off
SALTED = ("id", "chapter", "text")   # names keyed with a table's salt, and the words of a language


def strip(value: Any) -> Any:
    """A payload without what differs between two companions telling the same table: the
    identities and chapter names (each table's salt is its own) and the translated words."""
    if isinstance(value, dict):
        return {k: strip(v) for k, v in value.items() if k not in SALTED}
    if isinstance(value, list):
        return [strip(v) for v in value]
    return value


def wire(action: dict[str, Any]) -> dict[str, Any]:
    """What a phone sends back: the action without the words the server added."""
    return {k: v for k, v in action.items() if k not in ("text", "label", "label_text")}


@dataclass
class Moment:
    """What the table screen and every seat show: compared, and the screen's chapter name."""

    public: dict[str, Any]
    seats: list[dict[str, Any]]
    chapter: str | None = None     # the server's own name of the shown chapter (None: the reference's)

    def key(self) -> Any:
        return strip({"public": self.public, "seats": self.seats})

    def waiting(self) -> int:
        return int(self.public["story"]["waiting"])


def public_part(p: dict[str, Any]) -> dict[str, Any]:
    return {k: p.get(k) for k in ("version", "view", "awaiting", "outcome", "reading", "ended", "story")}


def seat_part(p: dict[str, Any]) -> dict[str, Any]:
    """A seat's payload; its story from the first public step it carries: a phone's own lines from
    before it depend on how many chapters a companion happens to keep in memory, not on the table
    (a restarted one keeps the fewest), and a phone keeps the lines it was shown anyway."""
    out = {k: p.get(k) for k in ("version", "view", "awaiting", "outcome", "reading", "legal_actions",
                                 "sealed")}
    story, steps = p["story"], p["story"]["steps"]
    first = next((i for i, s in enumerate(steps) if not s.get("private")), len(steps))
    out["story"] = {**story, "steps": steps[first:], "at": story["at"] - first if story["at"] >= 0 else -1}
    return out


@dataclass
class Table:
    game: str
    players: int
    seed: int
    id: str = ""                    # on the server
    ref: str = ""                   # on the reference
    tokens: list[str] = field(default_factory=list)
    read: Moment | None = None      # the last moment read whole from the server


class Harness:
    def __init__(self, data: Path, seed: int) -> None:
        self.rng = random.Random(seed)
        self.data = data
        self.server = ServerProcess(data / "server").start()   # its port is kept across restarts
        self.ref = Service(data / "reference", HOST_KEY, clock=lambda: 0.0)   # a clock that stands still
        self.tables: list[Table] = []
        self.report: dict[str, Any] = {"kills": 0, "telling_at_kill": 0, "cut_off": 0, "landed": 0,
                                       "mismatches": [], "start_seconds": [], "back_seconds": [],
                                       "new_tables": 0}

    # -- requests ---------------------------------------------------------------------

    @property
    def port(self) -> int:
        return self.server.port

    def req(self, method: str, path: str, body: Any = None, *, token: str | None = None,
            host: bool = False) -> tuple[int, Any]:
        return call(self.port, method, path, body, token=token, host_key=HOST_KEY if host else None,
                    timeout=5.0)

    def ok(self, method: str, path: str, body: Any = None, **kw: Any) -> Any:
        status, data = self.req(method, path, body, **kw)
        if status >= 400:
            raise RuntimeError(f"{method} {path}: {status} {data}")
        return data

    # -- tables -----------------------------------------------------------------------

    def new_table(self, game: str, players: int) -> Table:
        t = Table(game, players, self.rng.randrange(1, 10_000))
        made = self.ok("POST", "/api/tables",
                       {"game": game, "players": players, "options": {}, "seed": t.seed}, host=True)
        t.id = made["table"]
        t.tokens = [self.ok("POST", f"/api/tables/{t.id}/seats/{s}", {"name": f"P{s + 1}"})["token"]
                    for s in range(players)]
        self.ok("POST", f"/api/tables/{t.id}/auto", {"on": False}, host=True)
        t.ref = self.ref.create_table(game, players, {}, seed=t.seed)["table"]
        for s in range(players):
            self.ref.claim_seat(t.ref, s, f"P{s + 1}")
        self.ref.set_auto(t.ref, False)
        self.ref.public(t.ref, screen=True)   # its table screen, there for good: its clock stands still
        self.report["new_tables"] += 1
        return t

    def moment(self, t: Table) -> Moment:
        """The server's moment, read whole (raises DOWN when the server is gone)."""
        public = self.ok("GET", f"/api/tables/{t.id}?screen=1")
        seats = [self.ok("GET", f"/api/tables/{t.id}/view", token=tok) for tok in t.tokens]
        shown = public["story"]["shown"]
        return Moment(public_part(public), [seat_part(s) for s in seats], shown and shown["chapter"])

    def ref_moment(self, t: Table) -> Moment:
        public = self.ref.public(t.ref, screen=True)
        seats = [self.ref.seat_view(t.ref, s) for s in range(t.players)]
        as_sent = json.loads(json.dumps({"public": public, "seats": seats}))   # as JSON makes it
        return Moment(public_part(as_sent["public"]), [seat_part(s) for s in as_sent["seats"]])

    # -- changes ----------------------------------------------------------------------

    def change(self, t: Table, m: Moment) -> tuple[str, int, Any]:
        """A change to make now: ("next", 0, None) or ("play", seat, action); ("wait", 0, None):
        none, the table is read again (a phone is asked only once the table has told what its
        turn follows from, so while it tells, the phones wait)."""
        pub = m.public
        if pub["story"]["waiting"] and self.rng.random() < 0.35:
            return ("next", 0, None)
        choices = [(s, a) for s, seat in enumerate(m.seats) for a in seat["legal_actions"] or []]
        if TABLE in (pub["awaiting"] or []):
            table_view = self.ok("GET", f"/api/tables/{t.id}/view?as=table", host=True)
            choices += [(TABLE, a) for a in table_view["legal_actions"] or []]
        if not choices:   # nobody is asked until the table has told it: the table looks, or steps on
            waiting = pub["story"]["waiting"]
            return ("wait", 0, None) if waiting and self.rng.random() >= 0.35 else ("next", 0, None)
        seat, action = self.rng.choice(choices)
        return ("play", seat, wire(action))

    def send(self, t: Table, what: tuple[str, int, Any]) -> tuple[int, Any]:
        kind, seat, action = what
        if kind == "next":
            return self.req("POST", f"/api/tables/{t.id}/next", host=True)
        if seat == TABLE:
            return self.req("POST", f"/api/tables/{t.id}/actions?as=table", {"action": action}, host=True)
        return self.req("POST", f"/api/tables/{t.id}/actions", {"action": action}, token=t.tokens[seat])

    def apply_ref(self, t: Table, what: tuple[str, int, Any]) -> bool:
        """The same change on the reference; False if it refuses it."""
        kind, seat, action = what
        try:
            if kind == "next":
                self.ref.advance(t.ref)
            else:
                self.ref.act(t.ref, seat, action)
        except ServiceError:
            return False
        return True

    # -- one kill ---------------------------------------------------------------------

    def until_the_kill(self, t: Table) -> tuple[str, int, Any] | None:
        """Play on ``t`` until the timer's kill; the change the kill cut off, if one was."""
        when = self.rng.uniform(0.05, 1.5)
        proc = self.server.proc
        assert proc is not None
        timer = threading.Timer(when, proc.send_signal, (signal.SIGKILL,))
        timer.start()
        try:
            while True:
                try:
                    m = self.moment(t)
                except DOWN:
                    return None
                t.read = m
                if m.public.get("outcome") or m.public.get("ended"):
                    return None        # a finished table: the kill comes while it is read again
                try:
                    what = self.change(t, m)
                except DOWN:
                    return None
                if what[0] == "wait":
                    continue
                try:
                    status, _ = self.send(t, what)
                except DOWN:
                    return what
                if status == 200:
                    assert self.apply_ref(t, what), f"the reference refused what the server took: {what}"
        finally:
            timer.join()

    def restart(self) -> float:
        """kill -9 done: the server again on the same data and port; when it was spawned."""
        spawned = time.monotonic()
        listening = self.server.power_cut()
        self.report["start_seconds"].append(round(listening - spawned, 2))
        return spawned

    def check(self, t: Table, cut: tuple[str, int, Any] | None, active: bool) -> None:
        """The server's moment of ``t`` after the restart against the reference's."""
        back = self.moment(t)
        expected = self.ref_moment(t)
        if active and cut is not None:
            self.report["cut_off"] += 1
            # landed or not: the versions say (every change moves the table's version)
            if back.public["version"] != expected.public["version"] and self.apply_ref(t, cut):
                self.report["landed"] += 1
                expected = self.ref_moment(t)
            else:   # it never landed: the server's own chapter name is as it was
                self.same_chapter(t, back)
        else:
            self.same_chapter(t, back)
        if back.key() != expected.key():
            self.mismatch(t, back, expected)
        t.read = back

    def same_chapter(self, t: Table, back: Moment) -> None:
        if t.read is not None and back.key() == strip({"public": t.read.public, "seats": t.read.seats}) \
                and back.chapter != t.read.chapter:
            self.report["mismatches"].append(f"{t.game} {t.id}: the shown chapter was {t.read.chapter}, "
                                             f"is {back.chapter} after the restart")

    def mismatch(self, t: Table, back: Moment, expected: Moment) -> None:
        got, want = back.key(), expected.key()
        where = []
        for part in ("public",):
            for k in want[part]:
                if got[part].get(k) != want[part].get(k):
                    where.append(f"public.{k}")
        for s, (g, w) in enumerate(zip(got["seats"], want["seats"], strict=True)):
            where += [f"seat {s}.{k}" for k in w if g.get(k) != w.get(k)]
        self.report["mismatches"].append(f"{t.game} {t.id}: differs after the restart in {', '.join(where)}")

    def once(self, n: int) -> None:
        game = GAMES[n % len(GAMES)][0]
        t = next(x for x in self.tables if x.game == game)
        cut = self.until_the_kill(t)
        self.report["kills"] += 1
        if t.read is not None and t.read.waiting():
            self.report["telling_at_kill"] += 1
        spawned = self.restart()
        listening = time.monotonic()
        for each in self.tables:
            self.check(each, cut, each is t)
        self.report["back_seconds"].append(round(time.monotonic() - listening, 2))
        self.report["spawn_to_back_seconds"] = max(self.report.get("spawn_to_back_seconds", 0.0),
                                                   round(time.monotonic() - spawned, 2))
        for i, each in enumerate(self.tables):   # a finished table: the next of its game
            read = each.read
            if read is not None and (read.public.get("outcome") or read.public.get("ended")):
                self.tables[i] = self.new_table(each.game, each.players)

    def run(self, kills: int) -> dict[str, Any]:
        self.tables = [self.new_table(g, n) for g, n in GAMES]
        for n in range(kills):
            self.once(n)
        return self.report

    def close(self) -> None:
        self.server.kill()
        self.ref.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kills", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="power-cut-") as tmp:
        harness = Harness(Path(tmp), args.seed)
        try:
            report = harness.run(args.kills)
        finally:
            harness.close()
    back = max(report["back_seconds"], default=0.0)
    start = max(report["start_seconds"], default=0.0)
    print(f"kills: {report['kills']} over {len(GAMES)} games ({report['new_tables']} tables); "
          f"{report['telling_at_kill']} found the table screen with steps still to tell; "
          f"{report['cut_off']} cut a change off ({report['landed']} of them had landed)")
    print(f"mismatches: {len(report['mismatches'])} (goal 0)")
    for line in report["mismatches"][:20]:
        print("  " + line)
    print(f"slowest restart: {start:.1f} s from spawn to listening, every moment read back "
          f"{back:.2f} s after; {report.get('spawn_to_back_seconds', 0.0):.1f} s in all "
          f"(goal <= {GOAL_SECONDS:.0f} s)")
    print(json.dumps(report))
    return 0 if not report["mismatches"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
