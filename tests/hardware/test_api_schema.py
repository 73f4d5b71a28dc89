"""``GET /api/hardware`` as a script or the host page reads it: every field it sends is in the
OpenAPI schema (``/api/openapi.json``) and in docs/api.md, with the values the schema allows.

The payload comes from the real link and the module's rig on mock pins, in the states that
add fields: a superseded beam check, a shot waiting, a token turned on the simulated board.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.hardware_link import HardwareLink
from companion.service import Service
from hardware import Rig
from tests.hardware.conftest import FakeClock
from tests.hardware.test_link_races import BLUE_MOVE, RED_MOVE, during_the_window

API_MD = Path(__file__).resolve().parents[2] / "docs" / "api.md"
TYPES = {"object": dict, "array": list, "string": str, "integer": int, "boolean": bool, "null": type(None)}


def problems(value: Any, schema: dict[str, Any], schemas: dict[str, Any], where: str = "") -> list[str]:
    """What in ``value`` the schema does not describe (the subset of JSON Schema openapi.py uses).

    Stricter than JSON Schema on one point: an object whose schema lists ``properties`` may carry
    no other key unless ``additionalProperties`` is true, so an undocumented field is a problem.
    """
    if "$ref" in schema:
        return problems(value, schemas[schema["$ref"].rsplit("/", 1)[1]], schemas, where)
    if "oneOf" in schema:
        fits = [not problems(value, option, schemas, where) for option in schema["oneOf"]]
        return [] if fits.count(True) == 1 else [f"{where}: {value!r} fits {fits.count(True)} of oneOf"]
    if "const" in schema and value != schema["const"]:
        return [f"{where}: {value!r} is not {schema['const']!r}"]
    if "enum" in schema and value not in schema["enum"]:
        return [f"{where}: {value!r} not in {schema['enum']}"]
    kinds = schema.get("type")
    if kinds is not None:
        kinds = [kinds] if isinstance(kinds, str) else kinds
        if not any(isinstance(value, TYPES[k]) and not (k == "integer" and isinstance(value, bool))
                   for k in kinds):
            return [f"{where}: {value!r} is not {kinds}"]
    out: list[str] = []
    if isinstance(value, dict):
        props = schema.get("properties", {})
        out += [f"{where}: {key} is missing" for key in schema.get("required", []) if key not in value]
        for key, sub in value.items():
            if key in props:
                out += problems(sub, props[key], schemas, f"{where}.{key}")
            elif props and schema.get("additionalProperties") is not True:
                out.append(f"{where}: {key} is not documented")
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            out += problems(item, schema["items"], schemas, f"{where}[{i}]")
    return out


def test_every_field_of_get_api_hardware_is_in_the_openapi_schema_and_the_docs(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock,
        host_key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from web import create_app

    client = create_app(service).test_client()
    host = {"X-Host-Key": host_key}
    schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    table = service.create_table("laser-chess", 2, {"setup": "ace"}, seed=1)["table"]
    service.act(table, 0, BLUE_MOVE)
    assert link.wait_idle()
    clean_rig.turn_token(("j5", "E"))  # a real mismatch, in a shot the next move overtakes
    during_the_window(monkeypatch, clean_rig, link, lambda: service.act(table, 1, RED_MOVE))
    clock.tick()
    clean_rig.press("seat0")
    assert link.wait_idle()

    hardware = client.get("/api/hardware", headers=host).get_json()
    check = hardware["last_beam_check"]
    assert check["superseded"] is True and check["result"] == "mismatch" and check["seat"] == 0
    assert hardware["pending_shot"] == {"table": table, "seat": 1} and hardware["board_fault"] == "turned"
    assert problems(hardware, schemas["Hardware"], schemas, "hardware") == []

    documented = API_MD.read_text(encoding="utf-8")
    fields = {*hardware, *check, *(key for d in hardware["devices"] for key in d)}
    assert sorted(f for f in fields if f"`{f}`" not in documented) == []


def test_the_schema_check_finds_an_undocumented_field(service: Service) -> None:
    """The check above can fail: a field the schema does not list is named."""
    from web import create_app

    schemas = create_app(service).test_client().get("/api/openapi.json").get_json()["components"]["schemas"]
    empty = {"pin_factory": None, "mock": False, "devices": [], "last_beam_check": None}
    assert problems(empty, schemas["Hardware"], schemas) == []
    assert problems({**empty, "canary": 1}, schemas["Hardware"], schemas) == [": canary is not documented"]
