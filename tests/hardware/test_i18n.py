"""Hardware sentences read entirely in the phone's language: compass words and sensor labels too.

Uses the pseudo language ``xx`` of tests/engines/test_text.py (every msgid's words in capitals):
a lowercase word left in a translated sentence, other than a square name, is English that was
pasted in as a parameter instead of going through the translation function.
"""

from __future__ import annotations

import json

import pytest

from companion.hardware_link import HardwareLink
from companion.service import Service
from hardware import Rig
from hardware.beam import judge
from hardware.config import ConfigError, HardwareConfig, parse
from tests.engines.test_text import english_left, in_pseudo
from tests.engines.test_text import pseudo as pseudo  # the fixture, shared
from tests.hardware.conftest import FakeClock
from tests.hardware.test_link import fire, moved
from web.i18n import localize_payload

PATH = ["j1", "j2", "j3", "j4", "i4", "h4", "h5", "i5", "j5", "j6", "j7", "j8"]


@pytest.fixture
def sensors() -> HardwareConfig:
    return parse({"sensors": {"j8n": {"pin": 22, "watches": "j8:N"},
                             "a4w": {"pin": 23, "watches": "a4:W"},
                             "j5e": {"pin": 24, "watches": "j5:E"},
                             "c8n": {"pin": 25, "watches": "c8:N", "label": "DOOR SIDE"}}})


def test_a_beam_check_mismatch_reads_entirely_in_the_phones_language(
        pseudo: str, sensors: HardwareConfig) -> None:
    """The beam left by another edge than the engine says: both exits, compass words included,
    in the phone's language (and English unchanged)."""
    check = judge(sensors, ("j8", "N"), PATH, None, baseline=(), seen=("a4w",))
    assert check.result == "mismatch"
    sentence = in_pseudo(check.message)
    assert english_left(sentence) == [], sentence
    assert "HEADING NORTH" in sentence and "HEADING WEST" in sentence
    assert str(check.message) == ("The beam should have left at j8 heading north, but it left at a4 "
                                  "heading west; check the token on j5.")
    json.dumps(check.to_json())  # still JSON, nested words and all


def test_a_fault_names_default_sensors_in_the_phones_language_and_owner_labels_as_written(
        pseudo: str, sensors: HardwareConfig) -> None:
    """Stray light on several sensors: a default label ("Beam sensor j5 east") is translated word
    by word; a label the owner wrote in the config is shown as they wrote it."""
    check = judge(sensors, ("j8", "N"), PATH, None,
                  baseline=("j5e", "a4w", "c8n"), seen=())
    assert check.result == "fault"
    sentence = in_pseudo(check.message)
    assert english_left(sentence) == [], sentence
    assert sentence.startswith("BEAM SENSOR j5 EAST, BEAM SENSOR a4 WEST, DOOR SIDE SEES LIGHT")
    assert str(check.message).startswith("Beam sensor j5 east, Beam sensor a4 west, DOOR SIDE sees light")


def test_a_sensor_watching_into_the_board_is_refused_in_the_phones_language(pseudo: str) -> None:
    """A sensor watches an edge square facing out; the refusal's compass word is translated too."""
    with pytest.raises(ConfigError) as refused:
        parse({"sensors": {"x": {"pin": 22, "watches": "e4:N"}}})
    sentence = in_pseudo(refused.value.text)
    assert english_left(sentence) == [], sentence
    assert "HEADING NORTH STAYS ON THE BOARD" in sentence


def test_the_table_is_told_a_mismatch_in_the_phones_language_through_the_web(
        pseudo: str, service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock) -> None:
    """Rulebook p.8: after a move the player fires. The real board disagrees (a token turned the
    wrong way); the sentence the table gets, as the web sends it (its "text" field), has no
    English word left, and the nested words carry their own "text" for the page scripts."""
    table, _ = moved(service, link)
    clean_rig.turn_token(("j5", "E"))
    assert fire(clean_rig, link, clock, 0)["result"] == "mismatch"
    payload = localize_payload(service.public(table), pseudo)
    said = payload["events"][-1]["say"]
    assert said["text"] == ("THE BEAM SHOULD HAVE LEFT AT j8 HEADING NORTH, BUT IT LEFT AT j5 HEADING EAST; "
                            "CHECK THE TOKEN ON j5.")
    assert said["params"]["direction"] == {"msgid": "north", "params": {}, "text": "NORTH"}


def test_a_pin_used_twice_names_its_owner_in_the_phones_language(pseudo: str) -> None:
    """Each device needs a pin of its own; the refusal's "the laser's" is a phrase of its own too."""
    with pytest.raises(ConfigError) as refused:
        parse({"laser": {"pin": 17}, "sensors": {"j5e": {"pin": 17, "watches": "j5:E"}}})
    assert in_pseudo(refused.value.text) == "PIN 17 IS ALREADY THE LASER'S."
    assert str(refused.value) == "hardware.sensors.j5e.pin: pin 17 is already the laser's."
