"""Secrets stay with their seat: the leak harness on every registered game, and on itself."""

from __future__ import annotations

import pytest

import engines
from companion.service import Service
from engines import IllegalAction
from tests import fakegame
from tests.companion.leak import check_no_leaks


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
    real = Service._seat_payload

    def debug_payload(self: Service, table: object, seat: int) -> dict[str, object]:
        out = real(self, table, seat)  # type: ignore[arg-type]
        out["debug"] = self.state_of(out["table"]).notation()   # BUG: the whole position, secrets too
        return out

    monkeypatch.setattr(Service, "_seat_payload", debug_payload)
    report = check_no_leaks(service, "fake-guess", 2, seeds=[3], max_plies=6)
    assert any("a secret of seat" in p for p in report.problems)
    assert any("can tell whether" in p for p in report.problems)
