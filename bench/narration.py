"""How fast the table hears its story (issue 39, docs/narration.md): per language, the voice's
synthesis time per sentence, and each stop's *start delay*: from the stop being shown (the table's
Next) to its sound being ready to play.

Seeded random games of Sharks with Lasers, Jaws and Loch Ness are told through the companion's own
service with narration on the table screen (espeak-ng, the default voice), in English, Dutch and
German. After each play the table's steps are shown one by one with ``--read`` seconds between two
(a quick table; Auto leaves 2-6 s), and the clip the table screen would ask for is fetched from the
service as ``GET /api/tables/<t>/speech/<clip>`` answers it. A change's first stop comes up the
moment the play is made (nothing could be made ahead of it): unless its sentence was heard before,
its delay is its own synthesis; every later stop was made while the one before it was read. The
goal: a stop's sound starts within 300 ms of the stop being shown (on a Pi 4, about three times
slower than this machine).

Usage: .venv/bin/python bench/narration.py [--seeds N] [--plies N] [--read S] [--langs en,nl,de]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from companion.service import Service
from companion.speech import Espeak, Player
from engines import TABLE
from engines.rng import Rng

GAMES = (("sharks-with-lasers", 4), ("jaws", 2), ("loch-ness", 3))
GOAL_MS = 300.0


def tell(svc: Service, table: str, read: float, delays: dict[str, list[float]]) -> None:
    """Show every stop still to tell, ``read`` seconds apart; each stop's start delay, by how its
    sound was ready: ``ahead`` (made while the stop before it was read, or heard before), ``now``
    (made when shown: a change's first stop with a sentence never heard), ``later`` (all after the
    change's first stop)."""
    fresh = True
    while True:
        voice = svc.public(table)["story"].get("voice") or {}
        clip = voice.get("clip")
        if clip:
            ready = svc.narration.cached(clip) is not None
            begun = time.perf_counter()
            svc.narration.audio(table, clip)
            ms = 1000 * (time.perf_counter() - begun)
            delays["all"].append(ms)
            delays["ahead" if ready else "now"].append(ms)
            if not fresh:
                delays["later"].append(ms)
        if not svc.tables.get(table).telling.story.waiting():
            return
        time.sleep(read)
        svc.advance(table)
        fresh = False


def one_language(lang: str, seeds: int, plies: int, read: float) -> dict[str, list[float]]:
    delays: dict[str, list[float]] = {"all": [], "ahead": [], "now": [], "later": []}
    with tempfile.TemporaryDirectory() as data:
        svc = Service(Path(data), "k" * 32, speaker=False)
        try:
            for game, players in GAMES:
                for seed in range(seeds):
                    table = svc.create_table(game, players, {}, seed=seed, lang=lang)["table"]
                    svc.set_auto(table, False)
                    svc.narration.configure(table, "screen")
                    rng = Rng.from_seed(seed)
                    for _ in range(plies):
                        state = svc.state_of(table)
                        awaiting = [s for s in state.awaiting if s != TABLE]
                        if not awaiting or state.outcome is not None:
                            break
                        seat, rng = rng.choice(awaiting)
                        action, rng = rng.choice(state.legal_actions(seat))
                        svc.act(table, seat, action)
                        tell(svc, table, read, delays)
            synth = [1000 * s for lang_, _, s in svc.narration.timings if lang_ == lang]
            chars = [float(n) for lang_, n, _ in svc.narration.timings if lang_ == lang]
        finally:
            svc.close()
    return {"synth": synth, "chars": chars, **delays}


def line(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: none"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (f"{name}: median {statistics.median(values):.1f} ms, p95 {p95:.1f}, worst {max(values):.1f} "
            f"(n={len(values)})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--seeds", type=int, default=2, help="random games per game and language (2)")
    parser.add_argument("--plies", type=int, default=60, help="plays per game at most (60)")
    parser.add_argument("--langs", default="en,nl,de", help="the languages told (en,nl,de; '' for none)")
    parser.add_argument("--read", type=float, default=0.3,
                        help="seconds each stop is up before Next (0.3: a quick table)")
    args = parser.parse_args()
    if not Espeak().available():
        print("espeak-ng is not installed (apt install espeak-ng)", file=sys.stderr)
        return 2
    worst = 0.0
    for lang in [lang for lang in args.langs.split(",") if lang]:
        got = one_language(lang, args.seeds, args.plies, args.read)
        chars = statistics.median(got["chars"]) if got["chars"] else 0
        print(f"[{lang}] sentences of {chars:.0f} characters (median)")
        print("  " + line("synthesis per sentence", got["synth"]))
        print("  " + line("start delay, every stop", got["all"]))
        print("  " + line("  of which ready when shown (made ahead, or heard before)", got["ahead"]))
        print("  " + line("  of which made when shown (a change's first stop, never heard)", got["now"]))
        print("  " + line("  a change's later stops", got["later"]))
        worst = max([worst, *got["all"]])
    if shutil.which("aplay"):   # the Pi's own output: a clip made, handed to aplay (ALSA's null device)
        player, clip = Player(device="null"), Espeak().synthesise("Der Hai dreht sich.", "de", 100)
        starts = []
        for _ in range(20):
            begun = time.perf_counter()
            player.play(clip)
            starts.append(1000 * (time.perf_counter() - begun))
            while player.playing():
                time.sleep(0.005)
        print(line("the Pi's output: a made clip to aplay started", starts))
    if not args.langs:
        return 0
    met = "met" if worst < GOAL_MS else "NOT met"
    print(f"goal: every stop's sound ready within {GOAL_MS:.0f} ms of being shown: "
          f"worst {worst:.1f} ms ({met})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
