"""Schemathesis against the served ``/api/openapi.json`` (issue 17): property-based requests to
every operation (the API and, since issue 27, the pages too), with the host key and a seat token,
on the real table service.

Bounded: a fixed seed (``derandomize``), a few examples per operation, no example database.
Checked for every answer: no 5xx, the status, content type and body are the ones the
description gives, and every refusal under ``/api`` is ``{"error": sentence}``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
import schemathesis
from flask import Flask
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis import checks as st_checks
from schemathesis.generation.modes import GenerationMode

import engines

EXAMPLES = 12   # per operation


def refusal_is_json(ctx: Any, response: Any, case: Any) -> bool:
    """Every refusal under /api is ``{"error": "a sentence"}``."""
    if response.status_code >= 400 and case.path.startswith("/api/"):
        body = response.json()
        assert isinstance(body, dict) and isinstance(body.get("error"), str) and body["error"], body
    return True


CHECKS: list[Callable[..., Any]] = [
    st_checks.not_a_server_error,
    st_checks.status_code_conformance,
    st_checks.content_type_conformance,
    st_checks.response_schema_conformance,
    refusal_is_json,
]


def test_every_operation_answers_as_described(app: Flask, make_table: Any, host: dict[str, str]) -> None:
    app.config.update(SSE_MAX_SECONDS=0.05)
    table = make_table(players=3)
    token = table.claim(0, "Anna")
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", app)
    operations = [result.ok() for result in schema.get_all_operations()]   # the pages (HTML) too
    operations.sort(key=lambda op: op.path.endswith(("/end", "/next-game")))   # the table ends last
    assert len(operations) > 15
    headers = {**host, "Authorization": f"Bearer {token}"}
    answered: set[tuple[str, str, int]] = set()

    def record(ctx: Any, response: Any, case: Any) -> bool:
        answered.add((case.method, case.path, response.status_code))
        return True

    for operation in operations:
        strategy = operation.as_strategy()

        @settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None,
                  suppress_health_check=list(HealthCheck))
        @given(case=strategy, real=st.booleans(), seat=st.integers(0, 2))
        def check(case: Any, real: bool, seat: int) -> None:
            if real:   # half the cases name the real table, a real seat and a real game,
                params = case.path_parameters or {}   # so that answers go past the 404s and 400s
                if "table" in params:
                    params["table"] = table.id
                if "seat" in params:
                    params["seat"] = seat
                if "game" in params:   # a game that has boards, or box profiles, as the path asks
                    params["game"] = next(g.id for g in engines.GAMES.values()
                                          if (g.profile_option if "profile" in case.path else g.board_option))
                if case.path == "/api/tables" and isinstance(case.body, dict):
                    case.body.update(game="fake-guess", players=2, options={})
            case.call_and_validate(headers=headers, checks=[*CHECKS, record])

        check()
    # not a run of 404s: most operations were also answered as asked
    succeeded = {(method, path) for method, path, status in answered if status < 300}
    assert len(succeeded) >= len(operations) // 2, sorted(answered)


LINKED = ["createTable", "claimSeat", "seatView", "act"]
STATEFUL_EXAMPLES = 50


def test_the_stateful_phase_follows_the_links_to_tables_seats_and_plays(
        app: Flask, host: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    """The description's links lead from a new table to the seat it waits for (its token), the
    seat's view and a play of its legal actions, and on from each play; Schemathesis' stateful
    phase follows them with the bodies it makes from the document alone (each game with its player
    counts and options), every answer checked as above. It makes tables, claims seats and plays;
    the counts are printed. Bounded: a fixed seed, 50 scenarios of at most 10 steps.

    Where the document says every rule (a new table, a seat, a view), a request that fits it is
    never refused (Schemathesis' positive-data check). A play must be one of the seat's legal plays,
    and a game's option text (a board written out, corrections as JSON) is read by the game's own
    grammar: those the document tells in words only. A seat's token reaches later requests at its
    table as a phone's cookie would, the host's key every request."""
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", app).include(operation_id=LINKED)
    schema.config.generation.update(modes=[GenerationMode.POSITIVE])
    grammar = {(g["id"], o["name"]) for g in app.extensions["table_service"].games()
               for o in g["options"] if o["type"] == "str"}
    base = schema.as_state_machine()
    steps: Counter[tuple[str, int]] = Counter()
    tokens: dict[str, str] = {}

    class Evening(base):  # type: ignore[valid-type, misc]
        def before_call(self, case: Any) -> None:
            op = case.operation.definition.raw.get("operationId")
            if op == "createTable" and isinstance(case.body, dict) and case.body.get("seed") is None:
                case.body["seed"] = 1   # a table's draws as the scenario's: the same answers each run
            table = (case.path_parameters or {}).get("table")
            given = (case.headers or {}).get("Authorization", "")
            linked = given.removeprefix("Bearer ") in tokens.values()   # a seat's token, by a link
            case.headers = {**(case.headers or {}), **host}
            if not linked and table in tokens:
                case.headers["Authorization"] = f"Bearer {tokens[table]}"

        def after_call(self, response: Any, case: Any) -> None:
            op = case.operation.definition.raw.get("operationId")
            steps[(op, response.status_code)] += 1
            if op == "claimSeat" and response.status_code == 200:
                tokens[response.json()["table"]] = response.json()["token"]

        def validate_response(self, response: Any, case: Any, **kwargs: Any) -> None:
            op = case.operation.definition.raw.get("operationId")
            body = case.body if isinstance(case.body, dict) else {}
            options = body.get("options") if isinstance(body.get("options"), dict) else {}
            read_by_game = any((body.get("game"), name) in grammar for name in options)
            checks = [*CHECKS]
            if op != "act" and not read_by_game:
                checks.append(st_checks.positive_data_acceptance)
            case.validate_response(response, checks=checks, headers=kwargs.get("headers"))

    # No shrinking: the service keeps every table between scenarios, so a scenario replayed to
    # shrink it meets other tables and seats (Hypothesis calls that flaky); the first failure is told.
    Evening.run(settings=settings(max_examples=STATEFUL_EXAMPLES, stateful_step_count=10, derandomize=True,
                                  database=None, deadline=None, suppress_health_check=list(HealthCheck),
                                  phases=[Phase.explicit, Phase.generate]))
    made, claimed, plays = steps["createTable", 201], steps["claimSeat", 200], steps["act", 200]
    with capsys.disabled():
        print(f"\nSchemathesis' stateful phase: {made} tables made, {claimed} seats claimed, {plays} plays "
              f"({sum(steps.values())} requests)")
    assert made >= 10 and claimed >= 10 and plays >= 3, sorted(steps.items())
