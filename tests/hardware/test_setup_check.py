"""The beam checks Laser Chess's setup (issue 26, point 2): the laser fires once for each laser of
the start position, and a beam that lands elsewhere names the token that most likely stands wrong.

The module's example rig on mock pins; the simulator is given the board as it really stands
(``Rig.set_real_position``): one token turned or missing, as a table might set it up.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from gpiozero.pins.mock import MockFactory

import engines
from companion.hardware_link import HardwareLink
from companion.service import Service
from engines.laser_chess import LaserChessState
from engines.laser_chess import board as B
from engines.text import CATALOGUES, translate
from hardware import Rig, build
from hardware.config import parse
from tests.waits import until
from web.i18n import load_catalogues

GAME = engines.get("laser-chess")


def start(setup: str) -> LaserChessState:
    state = GAME.start(players=2, seed=0, options={"setup": setup})
    assert isinstance(state, LaserChessState)
    return state


def really(state: LaserChessState, square: str, *, turned: bool = False) -> LaserChessState:
    """The board as it really stands: the token on ``square`` turned to its next facing, or gone."""
    sq = B.parse_square(square)
    code = state.board[sq]
    nb = bytearray(state.board)
    if turned:
        kind = B.kind_of(code)
        nb[sq] = B.token(kind, B.colour_of(code), (B.facing_of(code) + 1) % len(B.FACINGS[kind]))
    else:
        nb[sq] = 0
    return replace(state, board=bytes(nb))


def said(link: HardwareLink, state: LaserChessState, real: LaserChessState | None) -> tuple[str, ...]:
    link.rig.set_real_position(real)
    check = link.check_setup(GAME, state)
    assert check is not None
    return tuple(str(line) for line in check.lines)


@pytest.mark.parametrize("setup", ["ace", "grail", "sophie"])
def test_a_board_set_up_as_the_setup_says_agrees(link: HardwareLink, clean_rig: Rig, setup: str) -> None:
    clean_rig.set_physical_beam(("c1", "S"))  # a shot of a game waiting elsewhere keeps its board
    check = link.check_setup(GAME, start(setup))
    assert check is not None and check.ok
    assert check.to_json() == {"ok": True, "lines": [], "suspects": []}
    assert clean_rig.led_mode("status") == "on"
    assert clean_rig.simulator is not None and clean_rig.simulator.physical_beam == ("c1", "S")


def test_a_token_turned_the_wrong_way_is_named(link: HardwareLink, clean_rig: Rig) -> None:
    """Grail: Blue's Switch on h4 set up the other way sends the beam out at h8 instead of h1."""
    state = start("grail")
    assert said(link, state, really(state, "h4", turned=True)) == (
        "Player 1's laser should leave the board at h1 heading south, but it left at h8 heading north.",
        "Most likely the Switch on h4 is turned the wrong way.",
    )
    check = link.check_setup(GAME, state)
    assert check is not None and not check.ok and check.suspects == ("h4",)
    assert clean_rig.led_mode("status") == "error"


def test_a_missing_token_is_named(link: HardwareLink) -> None:
    """Ace: without Blue's Deflector on j5 the beam leaves at j5 heading east; Red's laser agrees."""
    state = start("ace")
    assert said(link, state, really(state, "j5")) == (
        "Player 1's laser should leave the board at j8 heading north, but it left at j5 heading east.",
        "Most likely the Deflector on j5 is missing.",
    )
    assert said(link, state, really(state, "a4")) == (
        "Player 2's laser should leave the board at a1 heading south, but it left at a4 heading west.",
        "Most likely the Deflector on a4 is missing.",
    )


def test_two_slips_that_send_the_beam_the_same_way_are_both_named(link: HardwareLink) -> None:
    """Sophie: Blue's Switch on h6 turned, or the Deflector of g8 one square off on h7: both send
    the beam out at j5 heading east, so both are named, the turned one first."""
    state = start("sophie")
    lines = said(link, state, really(state, "h6", turned=True))
    assert lines[1] == ("Most likely the Switch on h6 is turned the wrong way, "
                        "or the Deflector of g8 stands on h7.")
    check = link.check_setup(GAME, state)
    assert check is not None and check.suspects == ("h6", "h7")


def test_stray_light_is_told_before_any_token(link: HardwareLink, clean_rig: Rig) -> None:
    clean_rig.inject_fault("j8n", "stuck-lit")
    check = link.check_setup(GAME, start("ace"))
    assert check is not None and not check.ok and check.suspects == ()
    assert "sees light while the laser is off" in str(check.lines[0])


def test_no_laser_no_sensors_or_a_game_without_a_laser_gives_no_check(
        mock_factory: MockFactory, service: Service, link: HardwareLink) -> None:
    jaws = engines.get("jaws")
    assert link.check_setup(jaws, jaws.start(players=2, seed=0)) is None
    for config in ({"sensors": {"j8n": {"pin": 9, "watches": "j8:N"}}}, {"laser": {"pin": 11}}):
        with build(parse(config), pin_factory=mock_factory) as bare:
            assert link.check_setup(GAME, start("ace")) is not None
            assert HardwareLink(service, bare, start=False).check_setup(GAME, start("ace")) is None


@pytest.fixture
def catalogues() -> Iterator[None]:
    saved = dict(CATALOGUES)
    load_catalogues()
    try:
        yield
    finally:
        CATALOGUES.clear()
        CATALOGUES.update(saved)


def test_the_sentences_read_in_the_edition_s_words(link: HardwareLink, catalogues: None) -> None:
    state = start("grail")
    link.rig.set_real_position(really(state, "h4", turned=True))
    check = link.check_setup(GAME, state)
    assert check is not None

    def names(seat: int) -> str:
        return ("Anna", "Bo")[seat]

    assert [translate(line, "de", names) for line in check.lines] == [
        "Der Laserstrahl von Anna müsste das Spielbrett auf h1 Richtung Süd verlassen, verließ es aber "
        "auf h8 Richtung Nord.",
        "Am wahrscheinlichsten: der Wechsler auf h4 ist falsch gedreht.",
    ]
    assert [translate(line, "nl", names) for line in check.lines] == [
        "De laser van Anna had het bord op h1 richting zuid moeten verlaten, maar verliet het op h8 "
        "richting noord.",
        "Waarschijnlijk: de Wisselaar op h4 staat verkeerd gedraaid.",
    ]
    assert check.to_json()["lines"][1] == {"msgid": "Most likely {suspects}.", "params": {"suspects": {
        "msgid": "the {piece} on {square} is turned the wrong way",
        "params": {"piece": {"msgid": "Switch", "params": {}}, "square": "h4"}}}}


def test_the_table_screen_names_a_misplaced_token_at_the_mirrors_step(
        link: HardwareLink, service: Service) -> None:
    """Setting up with the real box (issue 26): at the last step, "Check the mirrors", the companion
    fires the rig's laser; Blue's Deflector left off j5 in Ace is named on the table's payload, and
    the answer goes when the table steps back."""
    table = service.create_table("laser-chess", 2, {"setup": "ace", "setting_up": True}, seed=0)["table"]
    state = start("ace")
    link.rig.set_real_position(really(state, "j5"))
    steps = service.public(table)["setup"]["steps"]
    last = len(steps) - 1
    assert steps[last]["check"] == "beam"
    service.setup.set_setup(table, step=last)
    # the laser fires on a thread of its own
    check = until(lambda: service.public(table)["setup"]["check"], 5.0, every=0.01)
    assert check is not None and not check["ok"] and check["suspects"] == ["j5"]
    assert str(translate(check["lines"][1], "en")) == "Most likely the Deflector on j5 is missing."
    service.setup.set_setup(table, step=0)
    assert service.public(table)["setup"]["check"] is None
