"""The generic leak harness: no payload to one seat depends on another seat's secret.

Counterfactual canaries (for any game in ``engines.GAMES``): play seeded random
games through the SERVICE. Where a seat T acts, look for two of T's legal
actions a1, a2 whose results look the same to the table screen (equal public
view and public events). Rebuild the table twice (same seed, same history),
play a1 in one world and a2 in the other, and collect everything each other
seat S receives: its stream payloads, its GET view, the payloads after the
host undoes, and the error sentences S gets for refused actions. Those must be
identical in both worlds; if S's side differs, T's secret reached S.

String canaries: at every step, no payload to S contains a string that exists
only in T's private view (not in the public view, not in S's own view, and never
public earlier in the game: the table screen's story still tells what was public
a few steps ago, a card won at auction now in a hand, and that is no secret).

Bounded by ``seeds``, ``max_plies`` and ``max_pairs``.

Worlds (:func:`check_worlds`): for a game whose secret is a whole course of play (the shark's start,
path and powers in Jaws), a test writes several histories that differ only in what one seat did in
secret, and the harness plays each at its own table: everything every other seat and the table
screen receive (streams, views, the refusals of probe actions, what is left after the host's undo,
every told step looked back at) must be the same in all of them. The worlds may differ in how many
secret plays there were (a shark that plans its move in three taps or in five): a play that brings a
reader nothing new (no message on its stream, the same view, the same refusals) is not counted for
it, since nothing tells it that a play happened.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.service import Service, Subscription
from engines import TABLE, State, events_for, translate
from engines.core import canonical_json
from engines.rng import Rng
from web.service import ServiceError

SEAT_PARAM = "seat"


@dataclass
class LeakReport:
    game: str
    plies: int = 0
    pairs: int = 0                  # counterfactual pairs compared
    canary_checks: int = 0          # payloads searched for string canaries
    problems: list[str] = field(default_factory=list)


TEMPLATES = ("msgid", "plural")
"""A phrase inside a sentence (``{"msgid": "space {name}", ...}`` as a parameter) is the code's own
words, said to everyone in one sentence or another: its template is no secret, its parameters may
be. A whole sentence's template stays a canary (which sentence a seat was told may be its secret)."""


def _strings(value: Any, phrase: bool = False) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        if isinstance(value.get("msgid"), str):     # a sentence, or a phrase inside one
            said = {str(value[k]) for k in TEMPLATES if k in value} if not phrase else set()
            params = value.get("params")
            inside = [_strings(v, True) for v in params.values()] if isinstance(params, dict) else []
            rest = [_strings(v) for k, v in value.items() if k not in (*TEMPLATES, "params")]
            return said.union(*inside, *rest)
        return set().union(*(_strings(v) for v in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return set()


def public_strings(state: State) -> set[str]:
    """Strings everyone may know at this state: its public view and public events."""
    return _strings(state.view(None)) | _strings(events_for(state.events, None))


def private_strings(state: State, seat: int, once_public: set[str] | None = None) -> set[str]:
    """Strings in ``seat``'s view that neither the public nor any other seat's view or plays hold
    (nor, given ``once_public``, anything public earlier in the game)."""
    mine = {s for s in _strings(state.view(seat)) if len(s) >= 4} - (once_public or set())
    rest = [s for s in range(state.players) if s != seat]
    others = canonical_json([state.view(None), events_for(state.events, None),
                             *(state.view(s) for s in rest), *(events_for(state.events, s) for s in rest),
                             *(state.legal_actions(s) for s in rest if s in state.awaiting)])
    return {s for s in mine if s not in others}


def _holds(payload: Any, text: str, harmless: set[str] | frozenset[str] = frozenset()) -> bool:
    """Whether a payload holds ``text``: as a value, or inside a longer string that is not itself
    known to be harmless (once public, or once the receiving seat's own). A secret word inside a
    public card name ("right" in "Move right / Turn right") is no leak; inside a position's
    notation it is."""
    return any(text in value and value not in harmless for value in _strings_and_keys(payload))


def _strings_and_keys(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, sub in value.items():
            yield str(key)
            yield from _strings_and_keys(sub)
    elif isinstance(value, list | tuple):
        for sub in value:
            yield from _strings_and_keys(sub)


def _drain(sub: Subscription) -> list[dict[str, Any]]:
    out = []
    while (payload := sub.get(0)) is not None:
        out.append(payload)
    return out


TAG = re.compile(r"\b[0-9a-f]{12}\b")   # a chapter's public name (companion/story.py ``tag``)


def _normal(payloads: Iterable[Any], table: str) -> str:
    """The payloads as one text, the table's id and its chapters' names written the same at every
    table: chapters are named by the table's own salt (two seeds, two names for one chapter), so
    here by the order they first appear."""
    names: dict[str, str] = {}
    text = canonical_json(list(payloads)).replace(table, "<table>")
    return TAG.sub(lambda m: names.setdefault(m.group(0), f"<chapter {len(names)}>"), text)


normal = _normal


def _said(service: Service, table: str, exc: Exception) -> str:
    text = getattr(exc, "text", None)
    names = service.seat_names(table)
    return translate(text, seat_name=lambda s: names[s]) if text is not None else str(exc)


class _World:
    """One copy of the table: same game, seed and history; streams open for every seat."""

    def __init__(self, service: Service, game: str, players: int, seed: int,
                 history: list[tuple[int, dict[str, Any]]], options: Mapping[str, Any] | None = None) -> None:
        self.service = service
        self.table = str(service.create_table(game, players, dict(options or {}), seed=seed)["table"])
        for seat, action in history:
            service.act(self.table, seat, action)
        self.subs = {s: service.subscribe(self.table, s) for s in [None, *range(players)]}
        for sub in self.subs.values():
            _drain(sub)
        self.seen: dict[int | None, list[Any]] = {s: [] for s in self.subs}

    def record(self) -> None:
        for seat, sub in self.subs.items():
            self.seen[seat].extend(_drain(sub))
            self.seen[seat].append(self.service.public(self.table) if seat is None
                                   else self.service.seat_view(self.table, seat))

    def probe(self, seat: int, actions: list[Any]) -> None:
        """What ``seat`` is told when it tries actions the rules refuse (accepted ones are skipped)."""
        state = self.service.state_of(self.table)
        for action in actions:
            try:
                state.apply(seat, action)
            except (ValueError, TypeError):
                pass
            else:
                continue        # it would be accepted: not a refusal to compare
            try:
                self.service.act(self.table, seat, action)
            except (ServiceError, ValueError) as exc:
                self.seen[seat].append({"refused": _said(self.service, self.table, exc)})
            else:
                raise AssertionError(f"seat {seat} was allowed to play {action!r}")

    def close(self) -> None:
        for sub in self.subs.values():
            sub.close()
        self.service.end_table(self.table)


def _same_public(a: State, b: State) -> bool:
    return (canonical_json(a.view(None)) == canonical_json(b.view(None))
            and canonical_json(events_for(a.events, None)) == canonical_json(events_for(b.events, None))
            and a.awaiting == b.awaiting)


def _pair(state: State, seat: int, limit: int = 12) -> tuple[dict[str, Any], dict[str, Any]] | None:
    actions = state.legal_actions(seat)[:limit]
    for a1, a2 in itertools.combinations(actions, 2):
        if _same_public(state.apply(seat, a1), state.apply(seat, a2)):
            return a1, a2
    return None


def counterfactual(service: Service, game: str, players: int, seed: int,
                   history: list[tuple[int, dict[str, Any]]], seat: int,
                   a1: dict[str, Any], a2: dict[str, Any], report: LeakReport,
                   once_public: set[str] | None = None,
                   options: Mapping[str, Any] | None = None) -> None:
    worlds = [_World(service, game, players, seed, history, options) for _ in range(2)]
    try:
        for world, action in zip(worlds, (a1, a2), strict=True):
            world.service.act(world.table, seat, action)
            world.record()
            for other in range(players):
                if other != seat:
                    world.probe(other, [a1, a2, {"type": "__canary__"}, {"type": a1["type"]}])
            world.service.undo(world.table)
            world.record()
        canaries = private_strings(service.state_of(worlds[0].table), seat, once_public) | private_strings(
            service.state_of(worlds[1].table), seat, once_public)
        for other in [None, *range(players)]:
            if other == seat:
                continue
            one = _normal(worlds[0].seen[other], worlds[0].table)
            two = _normal(worlds[1].seen[other], worlds[1].table)
            if one != two:
                report.problems.append(
                    f"{game} seed {seed} ply {len(history)}: seat {other} can tell whether seat {seat} "
                    f"played {a1.get('notation', a1)} or {a2.get('notation', a2)}")
            harmless = (once_public or set())
            for text in canaries:
                if any(_holds(world.seen[other], text, harmless) for world in worlds):
                    report.problems.append(f"{game} seed {seed}: seat {other} received {text!r}, "
                                           f"a secret of seat {seat}")
        report.pairs += 1
    finally:
        for world in worlds:
            world.close()


def check_no_leaks(service: Service, game: str, players: int, seeds: Iterable[int],
                   max_plies: int = 30, max_pairs: int = 4,
                   options: Mapping[str, Any] | None = None) -> LeakReport:
    """``options``: the table's options (a variant with more secrets, physical chance)."""
    report = LeakReport(game)
    for seed in seeds:
        table = str(service.create_table(game, players, dict(options or {}), seed=seed)["table"])
        history: list[tuple[int, dict[str, Any]]] = []
        rng = Rng.from_seed(seed ^ 0x1EAC)
        pairs = 0
        once_public = public_strings(service.state_of(table))
        once_known: dict[int, set[str]] = {}   # what each seat once knew itself (its own lines)
        for _ in range(max_plies):
            state = service.state_of(table)
            once_public |= public_strings(state)
            for s in range(state.players):
                once_known.setdefault(s, set()).update(_strings(state.view(s)),
                                                       _strings(events_for(state.events, s)))
            awaiting = [s for s in state.awaiting if s != TABLE]
            if not awaiting:
                break
            _string_canaries(service, table, state, report, once_public, once_known)
            seat, rng = rng.choice(awaiting)
            if pairs < max_pairs:
                found = _pair(state, seat)
                if found is not None:
                    counterfactual(service, game, players, seed, history, seat, *found, report=report,
                                   once_public=once_public, options=options)
                    pairs += 1
            action, rng = rng.choice(state.legal_actions(seat))
            service.act(table, seat, action)
            history.append((seat, action))
            report.plies += 1
        service.end_table(table)
    return report


def _looks(service: Service, table: str) -> list[Any]:
    """Every step told so far, again, as a table screen looking back gets it (``Service.looking_back``)."""
    try:
        stops = service.looking_back.told(table, -1)["story"]["look"]["stops"]
    except ServiceError:
        return []
    return [service.looking_back.told(table, k) for k in range(stops)]


def check_worlds(service: Service, game: str, players: int, seed: int, secret_seat: int,
                 histories: list[list[tuple[int, dict[str, Any]]]], options: dict[str, Any] | None = None,
                 probes: list[dict[str, Any]] | None = None) -> LeakReport:
    """Play each history at a table of its own; no seat but ``secret_seat`` may tell them apart.

    After every play each other seat tries the ``probes`` (refused plays: their sentences are
    compared too), and at the end the host undoes the last play in every world."""
    report = LeakReport(game)
    seen: list[dict[int | None, list[Any]]] = []
    tables: list[str] = []
    canaries: set[str] = set()
    try:
        for history in histories:
            table = str(service.create_table(game, players, dict(options or {}), seed=seed)["table"])
            tables.append(table)
            subs = {s: service.subscribe(table, s) for s in [None, *range(players)] if s != secret_seat}
            got: dict[int | None, list[Any]] = {s: [] for s in subs}
            for played, (seat, action) in enumerate([*history, (-99, {})]):
                if seat == -99:
                    service.undo(table)
                else:
                    service.act(table, seat, action)
                state = service.state_of(table)
                canaries |= private_strings(state, secret_seat) if secret_seat in range(players) else set()
                for other, sub in subs.items():
                    record: dict[str, Any] = {"stream": _drain(sub), "refused": [],
                                              "view": service.public(table) if other is None
                                              else service.seat_view(table, other)}
                    if other is None and played >= len(history) - 1:   # the whole game, and after the undo
                        record["looks"] = _looks(service, table)
                    for probe in probes or [] if other is not None else []:
                        try:
                            service.act(table, other, probe)
                        except (ServiceError, ValueError) as exc:
                            record["refused"].append(_said(service, table, exc))
                        else:
                            raise AssertionError(f"seat {other} was allowed to play {probe!r}")
                    last = got[other][-1] if got[other] else None
                    if (record["stream"] or last is None or last["view"] != record["view"]
                            or last["refused"] != record["refused"] or "looks" in record):
                        got[other].append(record)   # else: nothing new reached this reader
                report.plies += 1
            for sub in subs.values():
                sub.close()
            seen.append(got)
        for other in seen[0]:
            texts = [_normal(got[other], tables[world]) for world, got in enumerate(seen)]   # each once
            for world in range(1, len(seen)):
                if texts[world] != texts[0]:
                    who = "the table screen" if other is None else f"seat {other}"
                    report.problems.append(f"{game}: {who} can tell world 0 from world {world} "
                                           f"(they differ only in what seat {secret_seat} did in secret)")
                report.pairs += 1
            for text in canaries:
                for world in range(len(seen)):
                    report.canary_checks += 1
                    if text in texts[world]:
                        report.problems.append(f"{game}: seat {other} received {text!r}, a secret of seat "
                                               f"{secret_seat}")
    finally:
        for table in tables:
            service.end_table(table)
    return report


def _string_canaries(service: Service, table: str, state: State, report: LeakReport,
                     once_public: set[str] | None = None,
                     once_known: dict[int, set[str]] | None = None) -> None:
    """No payload carries another seat's secret now. A seat's payload may still tell what that
    seat itself once knew (its own earlier lines of the story: a card it played, now the same
    name as one in another hand)."""
    payloads: dict[int, Any] = {s: service.seat_view(table, s) for s in range(state.players)}
    payloads[-2] = service.public(table)
    for secret_seat in range(state.players):
        for text in private_strings(state, secret_seat, once_public):
            for seat, payload in payloads.items():
                report.canary_checks += 1
                own = (once_known or {}).get(seat, set())
                if (seat != secret_seat and text not in own
                        and _holds(payload, text, (once_public or set()) | own)):
                    who = "the table screen" if seat == -2 else f"seat {seat}"
                    report.problems.append(f"{state.game.id}: {who} received {text!r}, "
                                           f"a secret of seat {secret_seat}")
