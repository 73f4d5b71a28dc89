"""Loch Ness through the companion: hidden tools, laid cards and face-down cards never reach another
phone, the table screen or the host, in any payload, stream, refusal or undo.

The generic harness (tests/companion/leak.py) compares worlds where a seat made two different
hidden plays with the same public result (took a camera or a shovel from a stack, laid a nest or
an octopus on a site); the worlds below differ only in the companion's own face-down cards, or in
the tool a player took, and every other seat's payloads are compared play by play."""

from __future__ import annotations

from typing import Any

import pytest

import engines
from companion.service import Service, Subscription
from engines.loch_ness import LochNessState
from engines.loch_ness.table import Table
from engines.rng import Rng
from tests.companion.leak import check_no_leaks, normal
from tests.engines.loch_ness.helpers import at, boat, cleared

GAME = "loch-ness"


@pytest.mark.parametrize("options", [{}, {"advanced": True}, {"chance": "physical"},
                                     {"advanced": True, "chance": "physical"}],
                         ids=["base", "advanced", "physical", "advanced-physical"])
@pytest.mark.parametrize("players", [3, 4])
def test_the_leak_harness_finds_nothing(service: Service, options: dict[str, Any], players: int) -> None:
    report = check_no_leaks(service, GAME, players, seeds=range(2), max_plies=40, max_pairs=4,
                            options=options)
    assert report.problems == []
    assert report.plies > 30
    if options.get("advanced"):
        assert report.pairs >= 4          # laid cards and stack picks were compared
    # (no string canaries here: every kind's word is public, in the cards still unturned)


def _drain(sub: Subscription) -> list[dict[str, Any]]:
    out = []
    while (payload := sub.get(0)) is not None:
        out.append(payload)
    return out


class _World:
    def __init__(self, service: Service, seed: int, options: dict[str, Any], players: int) -> None:
        self.service = service
        self.table = str(service.create_table(GAME, players, options, seed=seed)["table"])
        self.players = players
        self.subs = {s: service.subscribe(self.table, s) for s in [None, *range(players)]}

    def seen(self, seat: int | None) -> str:
        payloads = _drain(self.subs[seat])
        now = self.service.public(self.table) if seat is None else self.service.seat_view(self.table, seat)
        return normal([*payloads, now], self.table)

    def close(self) -> None:
        for sub in self.subs.values():
            sub.close()
        self.service.end_table(self.table)


REVEALS = {"turned", "shown", "drew_tool", "drew_tool_seen", "stole", "blocked", "empty"}


def _same_walk(service: Service, worlds: list[_World], watchers: list[int | None], plies: int,
               seed: int) -> int:
    """The same plays in both worlds while the watchers see the same; stop where the rules reveal."""
    rng = Rng.from_seed(seed)
    compared = 0
    for _ in range(plies):
        a, b = (service.state_of(w.table) for w in worlds)
        if not a.awaiting:
            break
        seat = a.awaiting[0]
        legal = a.legal_actions(seat)
        index, rng = rng.below(len(legal))
        action = legal[index]
        if action not in b.legal_actions(seat):
            break
        for w in worlds:
            service.act(w.table, seat, action)
        if any(e["type"] in REVEALS for e in service.state_of(worlds[0].table).events):
            break
        for watcher in watchers:
            assert worlds[0].seen(watcher) == worlds[1].seen(watcher), (seed, watcher, action)
        compared += 1
    return compared


def test_worlds_differing_only_in_the_face_down_cards(service: Service) -> None:
    """Digital: the companion deals the discovery cards face down; two deals with the same public
    start (how many cards on each site, in each pile) look the same to every phone and the table screen
    until a card is turned."""
    compared = 0
    for seed in range(4):
        worlds = [_World(service, seed * 1000 + k, {}, 3) for k in range(2)]
        try:
            one, two = (service.state_of(w.table).table for w in worlds)   # type: ignore[attr-defined]
            assert one.face_down != two.face_down or one.piles != two.piles          # the secrets do differ
            compared += _same_walk(service, worlds, [None, 0, 1, 2], 40, seed)
        finally:
            for w in worlds:
                w.close()
    assert compared > 20


def test_worlds_differing_only_in_a_hidden_tool(service: Service) -> None:
    """Advanced: a boat takes a camera in one world and a shovel in the other from the same stack; the
    other phones and the table screen see the same until the tool is used."""
    compared = 0
    for seed in range(3):
        worlds = [_World(service, 77 + seed, {"advanced": True}, 3) for _ in range(2)]
        try:
            for w in worlds:            # the placement round: the same cards on the same sites
                while service.state_of(w.table).view(None)["phase"] == "place":
                    state = service.state_of(w.table)
                    seat = state.awaiting[0]
                    service.act(w.table, seat, state.legal_actions(seat)[0])
                for seat in [None, 0, 1, 2]:
                    w.seen(seat)          # what the placement showed: read, and left behind
            for w in worlds:
                service.act(w.table, 0, {"type": "town", "boat": 1})
                service.act(w.table, 0, {"type": "stack", "boat": 1, "stack": 1})
            tools = [t for t in service.state_of(worlds[0].table).legal_actions(0) if t["type"] == "tool"]
            assert len(tools) >= 2
            for w, pick in zip(worlds, tools[:2], strict=True):
                service.act(w.table, 0, pick)
            for watcher in [None, 1, 2]:
                assert worlds[0].seen(watcher) == worlds[1].seen(watcher)
            assert worlds[0].seen(0) != worlds[1].seen(0)       # its owner knows which
            for w in worlds:
                service.act(w.table, 0, {"type": "done"})
            compared += 1 + _same_walk(service, worlds, [None, 1, 2], 30, seed)
        finally:
            for w in worlds:
                w.close()
    assert compared > 6


# ------------------------------------------------------------------- the three secrets the players hold
# Two tables start from hand-laid positions that differ only in one secret; the same plays are made
# at both, and every payload to the seats named (and the table screen) must be the same.


def _laid(service: Service, monkeypatch: pytest.MonkeyPatch, tables: list[Table],
          advanced: bool = False) -> list[_World]:
    game = engines.get(GAME)
    worlds = []
    for t in tables:
        with monkeypatch.context() as patch:     # (the service's own patches stay)
            patch.setattr(game, "_start", lambda players, seed, options, t=t: LochNessState(game, t.copy()))
            worlds.append(_World(service, 1, {"advanced": advanced}, t.players))
    return worlds


def _same_for(worlds: list[_World], watchers: list[int | None]) -> None:
    for watcher in watchers:
        assert worlds[0].seen(watcher) == worlds[1].seen(watcher), watcher


def _play(service: Service, worlds: list[_World], seat: int, *actions: dict[str, Any]) -> None:
    for action in actions:
        for w in worlds:
            service.act(w.table, seat, action)


def test_an_unturned_bottom_card_reaches_nobody(service: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    """Line 115: "... dan handelt hij eerst de bovenste af en bekijkt daarna ook de onderste." A nest
    or Nessie under the egg shells: no phone (the explorer's included) and no table screen can tell
    which, the top card taken, until the bottom one is turned."""
    tables = []
    for bottom in ("N", "X"):
        t = cleared(4)
        s = at(t, "I2")
        t.face_down[s], t.laid_by[s] = [bottom, "E"], [-1, -1]
        boat(t, 0, 1, "I2", via="w8")
        tables.append(t)
    worlds = _laid(service, monkeypatch, tables)
    try:
        everyone: list[int | None] = [None, 0, 1, 2, 3]
        _same_for(worlds, everyone)
        _play(service, worlds, 0, {"type": "explore", "boat": 1})
        _same_for(worlds, everyone)
        _play(service, worlds, 0, {"type": "take", "card": "egg_shells"})
        _same_for(worlds, everyone)
        _play(service, worlds, 0, {"type": "bottom"})
        assert worlds[0].seen(None) != worlds[1].seen(None)      # turned: now everyone sees it
    finally:
        for w in worlds:
            w.close()


def _advanced_face_off(victim_tools: str, rng_seed: int) -> Table:
    """Advanced, seat 0 to play: its boat 1 on w9 with a hidden thief; seat 1's boat 1 on w13 with
    a young monster and one hidden tool."""
    t = cleared(4, advanced=True)
    t.phase, t.seat, t.hands, t.rng = "turn", 0, [[] for _ in range(4)], Rng.from_seed(rng_seed)
    boat(t, 0, 1, "w9", tools="t")
    boat(t, 1, 1, "w13", tools=victim_tools, finds="YE")
    return t


def test_a_declined_thief_reaches_nobody(service: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    """Line 93: "... dan mag hij deze laten zien en gaat het stelen niet door." The robbed player is
    asked whether a thief or a camera lies hidden aboard; declining, nobody else learns which (the
    thief draws a find here: a tool drawn would be seen by the thief, as the rules have it)."""
    seed = next(k for k in range(50) if "stole" in _steal_declined(_advanced_face_off("t", k)))
    worlds = _laid(service, monkeypatch, [_advanced_face_off(tools, seed) for tools in ("t", "c")], True)
    try:
        others: list[int | None] = [None, 0, 2, 3]
        _play(service, worlds, 0, {"type": "move", "boat": 1, "to": "w13"},
              {"type": "steal", "target_seat": 1, "target_boat": 1})
        assert [service.state_of(w.table).awaiting for w in worlds] == [(1,), (1,)]
        _same_for(worlds, others)
        assert worlds[0].seen(1) != worlds[1].seen(1)           # the robbed player's own phone differs
        _play(service, worlds, 1, {"type": "thief", "show": False})
        _same_for(worlds, others)
    finally:
        for w in worlds:
            w.close()


def _steal_declined(t: Table) -> list[str]:
    st = LochNessState(engines.get(GAME), t).apply(0, {"type": "move", "boat": 1, "to": "w13"})
    st = st.apply(0, {"type": "steal", "target_seat": 1, "target_boat": 1}).apply(1, {"type": "thief",
                                                                                      "show": False})
    return [e["type"] for e in st.events]


def test_an_unused_weapon_reaches_nobody(service: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    """Line 99: "Daarna mag de verdediger hetzelfde doen", and line 196: "Dit gereedschap blijft dicht
    in de boot liggen tot je het gebruikt." A defender with a hidden weapon or camera who shows
    nothing: the attacker, the other phones and the table screen cannot tell which."""
    worlds = _laid(service, monkeypatch, [_advanced_face_off(tools, 1) for tools in ("w", "c")], True)
    try:
        others: list[int | None] = [None, 0, 2, 3]
        _play(service, worlds, 0, {"type": "move", "boat": 1, "to": "w13"},
              {"type": "attack", "target_seat": 1, "target_boat": 1, "weapon": False})
        _same_for(worlds, others)
        _play(service, worlds, 1, {"type": "defend", "show": False})
        _same_for(worlds, others)
        _play(service, worlds, 0, {"type": "end_turn"})
        _same_for(worlds, others)
    finally:
        for w in worlds:
            w.close()
