"""``GET /api/hardware`` as a script or the host page reads it: every field it sends is in the
OpenAPI schema (``/api/openapi.json``) and in docs/api.md, with the values the schema allows.

The payload comes from the real link and the module's rig on mock pins, in the states that
add fields: a superseded beam check, a shot waiting, a token turned on the simulated board.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.hardware_link import HardwareLink
from companion.service import Service
from hardware import Rig
from tests.hardware.conftest import FakeClock
from tests.hardware.test_link_races import BLUE_MOVE, RED_MOVE, during_the_window
from tests.waits import patience
from web.apidoc import problems

API_MD = Path(__file__).resolve().parents[2] / "docs" / "api.md"
def test_every_field_of_get_api_hardware_is_in_the_openapi_schema_and_the_docs(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock,
        host_key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from web import create_app

    client = create_app(service).test_client()
    host = {"X-Host-Key": host_key}
    schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    table = service.create_table("laser-chess", 2, {"setup": "ace"}, seed=1)["table"]
    service.act(table, 0, BLUE_MOVE)
    assert link.wait_idle(patience(5))
    clean_rig.turn_token(("j5", "E"))  # a real mismatch, in a shot the next move overtakes
    during_the_window(monkeypatch, clean_rig, link, lambda: service.act(table, 1, RED_MOVE))
    clock.tick()
    clean_rig.press("seat0")
    assert link.wait_idle(patience(5))

    hardware = client.get("/api/hardware", headers=host).get_json()
    check = hardware["last_beam_check"]
    assert check["superseded"] is True and check["result"] == "mismatch" and check["seat"] == 0
    assert hardware["pending_shot"] == {"table": table, "seat": 1} and hardware["board_fault"] == "turned"
    assert problems(hardware, schemas["Hardware"], "hardware") == []

    documented = API_MD.read_text(encoding="utf-8")
    fields = {*hardware, *check, *(key for d in hardware["devices"] for key in d)}
    assert sorted(f for f in fields if f"`{f}`" not in documented) == []


def test_the_schema_check_finds_an_undocumented_field(service: Service) -> None:
    """The check above can fail: a field the schema does not list is named."""
    from web import create_app

    schemas = create_app(service).test_client().get("/api/openapi.json").get_json()["components"]["schemas"]
    empty = {"pin_factory": None, "mock": False, "devices": [], "last_beam_check": None}
    assert problems(empty, schemas["Hardware"]) == []
    assert problems({**empty, "canary": 1}, schemas["Hardware"]) == [": canary is not documented"]
