"""Secrets stay with their seat: the leak harness on every registered game, and on itself."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engines
from companion.payloads import Payloads
from companion.service import Service
from companion.tables import OpenTable
from engines import IllegalAction
from tests import fakegame
from tests.companion.leak import check_no_leaks, check_worlds


def test_no_leaks_in_the_hidden_information_test_game(service: Service) -> None:
    for players in (2, 3):
        report = check_no_leaks(service, "fake-guess", players, seeds=range(2), max_plies=12)
        assert report.problems == []
        assert report.pairs >= 4 and report.canary_checks > 0   # the harness really compared worlds


@pytest.mark.parametrize("game_id", sorted(g for g in engines.GAMES if g != "fake-guess"))
def test_no_leaks_in_registered_games(service: Service, game_id: str) -> None:
    game = engines.get(game_id)
    report = check_no_leaks(service, game_id, game.min_players, seeds=range(2), max_plies=16, max_pairs=2)
    assert report.problems == []


# --- Jaws: worlds that differ only in the shark's start, path and powers

SHARK_PROBES = [{"type": "eat"}, {"type": "hide"}, {"type": "burst", "path": ["1", "2"]},
                {"type": "knock", "captain": "quint"}, {"type": "__canary__"}]


def _jaws_world(start: str, round_one: list[str],
                round_two: list[str]) -> list[tuple[int, dict[str, object]]]:
    """Three players (seat 0 the shark, seat 1 Brody and Quint, seat 2 Hooper), the real event deck
    (the host enters the cards), two rounds. Only the shark's plays differ between worlds."""
    def shark(steps: list[str]) -> list[tuple[int, dict[str, object]]]:
        return [(0, _plain(step)) for step in steps]

    crew_one = [(2, {"type": "finder", "role": "hooper"}), (2, {"type": "end", "role": "hooper"}),
                (1, {"type": "throw", "role": "quint", "at": "E"}), (1, {"type": "end", "role": "quint"}),
                (1, {"type": "end", "role": "brody"})]
    crew_two = [(2, {"type": "move", "role": "hooper", "to": "3"}), (2, {"type": "finder", "role": "hooper"}),
                (2, {"type": "end", "role": "hooper"})]
    return [(0, {"type": "start", "space": start}), (TABLE_SEAT, {"type": "card", "card": 9}),
            *shark(round_one), *crew_one, (TABLE_SEAT, {"type": "card", "card": 3}), *shark(round_two),
            *crew_two]


TABLE_SEAT = engines.TABLE


def _plain(step: str) -> dict[str, object]:
    kind, _, arg = step.partition(" ")
    if kind == "move":
        return {"type": "move", "to": arg}
    if kind == "burst":
        return {"type": "burst", "path": arg.split("-")}
    return {"type": kind}


def test_jaws_worlds_that_differ_only_in_the_sharks_secret_look_the_same_to_everyone_else(
        service: Service) -> None:
    """Issue 11: the shark's position, path and which power it used stay its own. Three worlds: the
    shark starts at N, S or 4; swims different ways; hides (Out of Sight), evades (Evasive Moves)
    or bursts (Speed Burst); then eats one swimmer at E by different roads. What the rules make it
    announce is the same in all three (no swimmer, then one at E; the floating barrel at E; an
    ability in round one), and so is every payload the crew's phones and the table screen get,
    the refusals of the shark's plays they try, and what is left after the host's undo."""
    worlds = [
        _jaws_world("N", ["move 1", "move 2", "hide", "end"], ["move E", "eat", "move 6", "end"]),
        _jaws_world("S", ["move 4", "move 8", "evade", "end"], ["move E", "eat", "move 2", "end"]),
        _jaws_world("4", ["move 8", "move 4", "burst 2-6", "end"], ["move E", "eat", "move 6", "end"]),
    ]
    report = check_worlds(service, "jaws", 3, 11, 0, worlds, options={"chance": "physical"},
                          probes=SHARK_PROBES)
    assert report.problems == []
    assert report.pairs == 6 and report.plies == 3 * (len(worlds[0]) + 1) and report.canary_checks > 0


def test_jaws_worlds_that_differ_only_in_how_often_the_shark_tapped_look_the_same(service: Service) -> None:
    """Rulebook (Der weiße Hai), Act 1: the shark moves in secret. Its phone keeps each planning tap
    as a play (a reload or an undo keeps them), but how often it tapped is its own: a shark that
    went the same way in four taps, with a step taken back, or in two, or took back a step of its
    second turn, looks the same to the crew's phones and the table screen, in versions, streams and
    the story's event identities alike."""
    worlds = [
        _jaws_world("N", ["move 1", "move 2", "hide", "end"], ["move E", "eat", "move 6", "end"]),
        _jaws_world("N", ["move 1", "back", "move 1", "move 2", "hide", "end"],
                    ["move E", "eat", "move 6", "end"]),
        _jaws_world("N", ["move 1", "move 2", "hide", "end"],
                    ["move E", "eat", "move 2", "back", "move 6", "end"]),
    ]
    report = check_worlds(service, "jaws", 3, 11, 0, worlds, options={"chance": "physical"},
                          probes=SHARK_PROBES)
    assert report.problems == []
    assert report.pairs == 6 and report.canary_checks > 0


def test_the_world_harness_catches_a_shark_that_leaks_its_space(service: Service,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The harness is not blind: a Jaws view that shows the shark's space to the crew is caught."""
    from engines.jaws.state import JawsState
    real = JawsState.view

    def leaky(self: JawsState, seat: int | None) -> dict[str, object]:
        out = real(self, seat)
        out["debug_shark"] = self.position.shark      # BUG: the secret space in every view
        return out

    monkeypatch.setattr(JawsState, "view", leaky)
    worlds = [_jaws_world("N", ["move 1", "move 2", "hide", "end"], ["move E", "eat", "move 6", "end"]),
              _jaws_world("S", ["move 4", "move 8", "evade", "end"], ["move E", "eat", "move 2", "end"])]
    report = check_worlds(service, "jaws", 3, 11, 0, worlds, options={"chance": "physical"})
    assert any("can tell world 0 from world 1" in p for p in report.problems)


# --- the harness must catch a leak: two deliberately leaky versions of the test game


class ViewLeak(fakegame.GuessState):
    def view(self, seat: int | None) -> dict[str, object]:
        out = super().view(seat)
        if seat is not None:
            out["everyone"] = list(self.picks)      # BUG: every seat sees every pick
        return out

    def _apply(self, seat: int, action: dict[str, object]) -> fakegame.GuessState:
        return ViewLeak(**vars(super()._apply(seat, action)))


class ErrorLeak(fakegame.GuessState):
    def explain_illegal(self, seat: int, action: object) -> IllegalAction:
        return IllegalAction("Not now; the others picked {picks}.", picks=str(self.picks))  # BUG

    def _apply(self, seat: int, action: dict[str, object]) -> fakegame.GuessState:
        return ErrorLeak(**vars(super()._apply(seat, action)))


@pytest.mark.parametrize("leaky", [ViewLeak, ErrorLeak])
def test_the_harness_catches_a_leak(service: Service, monkeypatch: pytest.MonkeyPatch,
                                    leaky: type[fakegame.GuessState]) -> None:
    class LeakyGame(fakegame.GuessGame):
        id = "leaky-guess"

        def _start(self, players: int, seed: int, options: dict[str, object]) -> engines.State:
            return leaky(**vars(super()._start(players, seed, options)))

    monkeypatch.setitem(engines.GAMES, "leaky-guess", LeakyGame())
    report = check_no_leaks(service, "leaky-guess", 3, seeds=[1], max_plies=8)
    assert report.problems, "the harness missed a planted leak"


def test_the_harness_catches_a_service_that_sends_the_notation(service: Service,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    real = Payloads.seat

    def debug_payload(self: Payloads, table: OpenTable, seat: int) -> dict[str, object]:
        out = real(self, table, seat)
        out["debug"] = table.state.notation()   # BUG: the whole position, secrets too
        return out

    monkeypatch.setattr(Payloads, "seat", debug_payload)
    report = check_no_leaks(service, "fake-guess", 2, seeds=[3], max_plies=6)
    assert any("a secret of seat" in p for p in report.problems)
    assert any("can tell whether" in p for p in report.problems)


# --- Jaws, Act 2: worlds that differ only in the shark's chip and ability card (issue 12)

BOX = json.dumps(json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "jaws_box.json")
                            .read_text(encoding="utf-8"))["profile"])
ORCA = {"acts": "2", "box": BOX, "resurface": "digital"}


def _orca_setup(seed: int) -> tuple[list[tuple[int, dict[str, object]]], list[str]]:
    """The same setup for every world (the crew enters its gear from phone 1, boards), and the hand
    the companion dealt the shark (the same seed: the same hand in every world)."""
    state = engines.get("jaws").start(players=3, seed=seed, options=ORCA)
    plays: list[tuple[int, dict[str, object]]] = []
    for _ in range(7):
        offer = state.legal_actions(engines.TABLE)[0]
        action = {"type": offer["type"], "notation": offer["notation"]}
        state = state.apply(engines.TABLE, action)
        plays.append((1, action))
    for seat, role, at in ((1, "brody", "b2"), (2, "hooper", "b3"), (1, "quint", "b4")):
        action = {"type": "place", "role": role, "at": at}
        state = state.apply(seat, action)
        plays.append((seat, action))
    return plays, list(state.view(0)["secret"]["orca"]["hand"])


def _orca_world(seed: int, choices: list[tuple[str, int]]) -> list[tuple[int, dict[str, object]]]:
    plays, hand = _orca_setup(seed)
    shark = [(0, {"type": "surface", "chip": chip, "card": hand[card] if card >= 0 else None})
             for chip, card in choices]
    crew = [(1, {"type": "bait", "notation": "brody bait"}), (0, {"type": "reveal", "chip": "C"}),
            (2, {"type": "weapon", "role": "hooper", "card": 2}),
            (2, {"type": "target", "role": "hooper", "zone": "3"}),
            (2, {"type": "ready", "role": "hooper"})]
    return [*plays, *shark, (0, {"type": "lock"}), *crew]


ORCA_PROBES = [{"type": "surface", "chip": "A", "card": None}, {"type": "lock"},
               {"type": "reveal", "chip": "B"}, {"type": "__canary__"}]


def test_jaws_act_2_worlds_that_differ_only_in_the_sharks_chip_and_card_look_the_same_to_everyone_else(
        service: Service) -> None:
    """Issue 12: "Nothing about the choice or the card reaches another seat, the table screen, the
    host, errors, events or the stream before phase 4." Three worlds: the shark chooses a chip and an
    ability card, changes its mind, locks; the crew plays bait and the shark shows chip C (chosen in
    no world); the crew prepares. Every payload of the crew's phones and the table screen, the
    refusals of the shark's plays they try, and what is left after the host's undo are the same."""
    worlds = [
        _orca_world(5, [("A", 0), ("B", -1)]),
        _orca_world(5, [("C", 1), ("B", 0)]),
        _orca_world(5, [("B", -1), ("A", 1)]),
    ]
    report = check_worlds(service, "jaws", 3, 5, 0, worlds, options=ORCA, probes=ORCA_PROBES)
    assert report.problems == []
    assert report.pairs == 6 and report.canary_checks > 0


def test_the_act_2_world_harness_catches_a_public_hint_of_the_chip(service: Service,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Not blind: a table screen that counts the shark's hand as it is now (one less once a card lies
    under the chip) tells the worlds apart."""
    from engines.jaws.orca import view as orca_view
    real = orca_view.public

    def leaky(p: object) -> dict[str, object]:
        out = real(p)  # type: ignore[arg-type]
        out["shark"] = {**out["shark"], "hand": len(p.orca().hand) - (p.orca().card >= 0)}  # type: ignore[attr-defined]
        return out

    monkeypatch.setattr(orca_view, "public", leaky)
    worlds = [_orca_world(5, [("A", 0), ("B", -1)]), _orca_world(5, [("C", 1), ("B", 0)])]
    report = check_worlds(service, "jaws", 3, 5, 0, worlds, options=ORCA)
    assert any("can tell world 0 from world 1" in p for p in report.problems)
