"""The API described once: a small declaration beside each route, read by the OpenAPI document
(``/api/openapi.json``) and by the request checks.

A route says what it is, who may call it, what its body holds and what it answers::

    @bp.post("/tables/<table>/actions")
    @declare("Play one of the seat's legal actions.", who=SEAT_OR_HOST, answers=ref("SeatView"),
             body=(Field("action", ref("Action"), required=True, refusal='"action" must be ...'),),
             errors=(409,))
    def act(table: str) -> Response:
        data = json_body()          # checked against the declared body: 400 with the field's sentence

The document is built from the app's own URL map, so a route cannot be left out of it, and the
path parameters, the 401 of a guarded route, the 404 of a route with a table and the 400/413 of
a route with a body are added by the rules here, never by hand; so is each ``operationId``
(:func:`operation_id`). A success answer may name what a client can do next with it (:class:`Link`):
the links lead from a new table to a seat's token, its view and its plays. The payload shapes (components)
live in :mod:`web.schemas`; ``tests/web/test_api_payloads.py`` checks every payload the service
sends against them with :func:`problems`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from flask import Blueprint, Flask, Response, current_app, jsonify, request

from web.schemas import SCHEMAS, ref
from web.service import BadRequest

JSON = "application/json"
Who = Literal["anyone", "host", "seat", "seat-or-host", "seat-or-public"]
F = TypeVar("F", bound=Callable[..., Any])

SECURITY: dict[Who, list[dict[str, list[str]]]] = {
    "anyone": [],
    "host": [{"hostKey": []}, {"hostCookie": []}],
    "seat": [{"seatBearer": []}, {"seatCookie": []}],
    "seat-or-host": [{"seatBearer": []}, {"seatCookie": []}, {"hostKey": []}, {"hostCookie": []}],
    "seat-or-public": [{"seatBearer": []}, {"seatCookie": []}, {}],
}
ERRORS: dict[int, str] = {
    400: "Malformed JSON, a missing or wrong field, or a play the rules refuse.",
    401: "No or unknown seat token / host key.",
    404: "No such table, seat, device or address.",
    403: "Sent by a page of another site (Origin, Sec-Fetch-Site): refused (web.guard).",
    409: "Seat taken, not your turn, a stale screen, or the table has ended.",
    413: "The request body is too large.",
    415: "A body that is not application/json.",
    429: "Too many wrong host keys from this address: wait a minute.",
    503: "Not now, nothing was changed: the store cannot keep a change (its storage is failing), "
         "or too many streams are open (each holds a server thread; poll /view).",
}
SAFE = frozenset({"GET", "HEAD", "OPTIONS"})
PATH_PARAMS: dict[str, str] = {
    "table": "The table's id, as in the join address.",
    "seat": "The seat, counted from 0.",
    "button": "A button of the virtual panel, by name.",
    "device": "A host device's session id (GET /api/host/devices lists them).",
    "game": "A game's id (GET /api/games lists them).",
    "name": "A board's or a box profile's name, as the host saved it (URL-encoded).",
}


@dataclass(frozen=True)
class Field:
    """One field of a JSON body: its schema, whether it is required, and the sentence (a msgid)
    a phone reads when the value does not fit the schema.

    ``rules``: what the service checks itself, each refusal with its own sentence ("Fzzzt! is for
    2 to 4 players."): in the document beside ``schema``, never checked by :func:`json_body`."""

    name: str
    schema: Mapping[str, Any]
    required: bool = False
    refusal: str = '"{key}" is not what this request takes.'
    description: str = ""
    rules: Mapping[str, Any] | None = None

    def to_schema(self) -> dict[str, Any]:
        out = {**self.schema, **(self.rules or {})}
        if self.description:
            out["description"] = self.description
        return out


@dataclass(frozen=True)
class Query:
    name: str
    schema: Mapping[str, Any]
    description: str = ""


@dataclass(frozen=True)
class Link:
    """What a client can do next with a success answer (an OpenAPI response link), named by the
    target's ``operationId`` (:func:`operation_id`). ``parameters`` and ``body`` hold constants
    and runtime expressions (``$response.body#/table``, ``"Bearer {$response.body#/token}"``).
    Schemathesis' stateful phase follows them: from a new table to a seat, its view, its plays."""

    name: str
    target: str
    description: str
    parameters: Mapping[str, Any] | None = None
    body: Mapping[str, Any] | None = None
    exact: bool = False     # the body as given, nothing added (a play must be one of the legal ones)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"operationId": self.target, "description": self.description}
        if self.parameters:
            out["parameters"] = dict(self.parameters)
        if self.body is not None:
            out["requestBody"] = dict(self.body)
        if self.exact:   # Schemathesis otherwise merges generated fields into the link's body
            out["x-schemathesis"] = {"merge_body": False}
        return out


@dataclass(frozen=True)
class Doc:
    """What one route and method is: read by :func:`document` and :func:`json_body`."""

    summary: str
    who: Who = "anyone"
    answers: Mapping[str, Any] | None = None   # the success payload's schema
    status: int = 200
    media: str = JSON
    answer: str = "OK"                         # the success response's description
    body: tuple[Field, ...] | None = None
    query: tuple[Query, ...] = ()
    errors: tuple[int, ...] = ()               # beyond those the rules below add
    extra: Mapping[str, Any] | None = None     # other responses (a page's redirect)
    form: Mapping[str, Any] | None = None      # a form body instead of JSON (the host key form)
    page: bool = False
    links: tuple[Link, ...] = ()               # from the success answer (Link)
    combos: Mapping[str, Any] | Callable[[Sequence[Mapping[str, Any]]], Mapping[str, Any]] | None = None
    """The body's rules across its fields, or a function of the games served (``GET /api/games``)
    giving them: a schema whose ``properties`` add to the fields' and whose other keys (``oneOf``,
    ``anyOf``) join the body's. Checked by the service, like a field's ``rules``."""


def declare(summary: str, *, method: str = "*", **fields: Any) -> Callable[[F], F]:
    """Attach a :class:`Doc` to a view function (once per method when one function serves two).

    A ``page=True`` route answers an HTML page unless it says otherwise."""
    if fields.get("page") and "media" not in fields:
        fields.update(media="text/html", answers={"type": "string"}, answer="An HTML page.")
    doc = Doc(summary, **fields)

    def attach(view: F) -> F:
        docs: dict[str, Doc] = view.__dict__.setdefault("apidoc", {})
        docs[method.upper()] = doc
        return view
    return attach


def doc_of(view: Callable[..., Any], method: str) -> Doc | None:
    docs: Mapping[str, Doc] = getattr(view, "apidoc", {})
    return docs.get(method) or docs.get("*")


# --------------------------------------------------------------------------- request checks


TYPES: dict[str, type | tuple[type, ...]] = {
    "object": dict, "array": list, "string": str, "integer": int, "number": (int, float), "boolean": bool,
    "null": type(None)}


def problems(value: Any, schema: Mapping[str, Any], where: str = "", *, strict: bool = True) -> list[str]:
    """What in ``value`` the schema does not describe (the subset of JSON Schema used here).

    ``strict``: an object whose schema lists ``properties`` may carry no other key unless
    ``additionalProperties`` is true, so an undocumented field is a problem (how the tests read
    payloads; requests are read leniently).

    >>> problems({"seat": True}, {"type": "object", "properties": {"seat": {"type": "integer"}}})
    [".seat: True is not ['integer']"]
    """
    if "$ref" in schema:
        return problems(value, SCHEMAS[schema["$ref"].rsplit("/", 1)[1]], where, strict=strict)
    if "oneOf" in schema:
        fits = [not problems(value, option, where, strict=strict) for option in schema["oneOf"]]
        return [] if fits.count(True) == 1 else [f"{where}: {value!r} fits {fits.count(True)} of oneOf"]
    if "const" in schema and value != schema["const"]:
        return [f"{where}: {value!r} is not {schema['const']!r}"]
    if "enum" in schema and value not in schema["enum"]:
        return [f"{where}: {value!r} not in {schema['enum']}"]
    kinds = schema.get("type")
    if kinds is not None:
        kinds = [kinds] if isinstance(kinds, str) else kinds
        numeric = ("integer", "number")
        if not any(isinstance(value, TYPES[k]) and not (k in numeric and isinstance(value, bool))
                   for k in kinds):
            return [f"{where}: {value!r} is not {kinds}"]
    out: list[str] = []
    if isinstance(value, str) and len(value) < schema.get("minLength", 0):
        out.append(f"{where}: {value!r} is too short")
    if isinstance(value, str) and len(value) > schema.get("maxLength", len(value)):
        out.append(f"{where}: {value!r} is too long")
    if (isinstance(value, int | float) and not isinstance(value, bool)
            and not schema.get("minimum", value) <= value <= schema.get("maximum", value)):
        out.append(f"{where}: {value!r} is out of range")
    if isinstance(value, dict):
        props = schema.get("properties", {})
        out += [f"{where}: {key} is missing" for key in schema.get("required", []) if key not in value]
        for key, sub in value.items():
            if key in props:
                out += problems(sub, props[key], f"{where}.{key}", strict=strict)
            elif strict and props and schema.get("additionalProperties") is not True:
                out.append(f"{where}: {key} is not documented")
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            out += problems(item, schema["items"], f"{where}[{i}]", strict=strict)
    return out


def _number(text: str) -> float | int:
    """A JSON number with a fraction: a whole one (``3.0``, ``8e0``) is the integer, as JSON Schema
    counts it, so a field or option the document calls an integer takes it."""
    value = float(text)
    return int(value) if value.is_integer() else value


def json_body() -> dict[str, Any]:
    """The request's JSON object, checked against the route's declared body.

    An empty body is an empty object. Bytes that are not JSON, and JSON nested too deeply to
    read (thousands of ``[``, still under the size cap), are "not valid JSON"; valid JSON that is
    not an object (``null``, a list) "must be an object"; a missing field or one that does not
    fit its schema gets that field's sentence (400).
    """
    raw = request.get_data(cache=True) if request.content_length else b""
    if not raw:
        data: Any = {}
    else:
        try:
            data = json.loads(raw, parse_float=_number)
        except (ValueError, RecursionError):  # RecursionError: nesting deeper than Python's stack
            raise BadRequest("The request body is not valid JSON.") from None
    if not isinstance(data, dict):
        raise BadRequest("The request body must be a JSON object.")
    doc = doc_of(current_app.view_functions[str(request.endpoint)], request.method)
    for field in (doc.body if doc and doc.body else ()):
        if field.name not in data:
            if field.required:
                raise BadRequest('The request needs a "{key}".', key=field.name)
            continue
        if problems(data[field.name], field.schema, strict=False):
            raise BadRequest(field.refusal, key=field.name)
    return data



# --------------------------------------------------------------------------- the document


def _error(code: int, page: bool) -> dict[str, Any]:
    """An error response: ``{"error": sentence}`` under /api, the same sentence as a page elsewhere."""
    if page:
        return {"description": ERRORS[code], "content": {"text/html": {"schema": {"type": "string"}}}}
    return {"description": ERRORS[code], "content": {JSON: {"schema": ref("Error")}}}


def operation_id(endpoint: str, method: str, methods: int = 1) -> str:
    """The operation's ``operationId``, from its view: the JSON API's (``api.claim_seat``) by the
    function's name (``claimSeat``), another blueprint's with its name first (``boardsSave``),
    and the method last where one view serves several (``hostGet``, ``hostPost``)."""
    blueprint, _, function = endpoint.rpartition(".")
    words = [w for w in [*([] if blueprint in ("api", "") else [blueprint]), *function.split("_")] if w]
    if words[0] == words[-1] and len(words) == 2:   # host.host, stream.stream: said once
        words = words[:1]
    if methods > 1:
        words.append(method.lower())
    return words[0] + "".join(w.capitalize() for w in words[1:])


def operation(doc: Doc, params: Sequence[tuple[str, str]], method: str,
              games: Sequence[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """One operation of the document: ``params`` are the path's (name, converter) pairs.

    A change (any method but GET) may be refused as cross-site (403, :mod:`web.guard`); a change
    under /api also for a body that is not JSON (415) and while the store fails (503); where the
    host key is checked, guessing it is answered 429."""
    codes = set(doc.errors)
    if doc.who in ("host", "seat-or-host"):
        codes.add(429)       # the host key is checked, and guessing it is slowed (web.auth)
    if method not in SAFE:
        codes |= {403} if doc.page else {403, 415, 503}
    if params:
        codes.add(404)
    if doc.who in ("host", "seat", "seat-or-host", "seat-or-public"):
        codes.add(401)
    if doc.body is not None:
        codes |= {400, 413}
    answer: dict[str, Any] = {"description": doc.answer}
    if doc.status != 204:   # "No Content": an answer without a body
        answer["content"] = {doc.media: {"schema": dict(doc.answers or {"type": "object"})}}
    if doc.links:
        answer["links"] = {link.name: link.to_json() for link in doc.links}
    responses: dict[str, Any] = {str(doc.status): answer, **(doc.extra or {})}
    responses.update({str(code): _error(code, doc.page) for code in sorted(codes)})
    out: dict[str, Any] = {"summary": doc.summary, "tags": ["pages" if doc.page else "api"],
                           "security": SECURITY[doc.who], "responses": responses}
    parameters = [{"name": name, "in": "path", "required": True, "schema": _path_schema(name, conv),
                   "description": PATH_PARAMS.get(name, "")} for name, conv in params]
    parameters += [{"name": q.name, "in": "query", "schema": dict(q.schema), "description": q.description}
                   for q in doc.query]
    if parameters:
        out["parameters"] = parameters
    if doc.body is not None:
        out["requestBody"] = {"required": any(f.required for f in doc.body),
                              "content": {JSON: {"schema": _body_schema(doc, games)}}}
    if doc.form is not None:
        out["requestBody"] = {"content": {"application/x-www-form-urlencoded": {"schema": dict(doc.form)}}}
    return out


def _path_schema(name: str, converter: str) -> dict[str, Any]:
    if converter == "int":
        return {"type": "integer", "minimum": 0}
    if name == "game":
        return ref("GameId")
    if name == "name":
        return ref("KeptName")
    return {"type": "string"}


def _body_schema(doc: Doc, games: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """A JSON body's schema: its fields, and the rules across them (:attr:`Doc.combos`)."""
    fields = doc.body or ()
    body: dict[str, Any] = {"type": "object", "required": [f.name for f in fields if f.required],
                            "properties": {f.name: f.to_schema() for f in fields}}
    combos = dict((doc.combos(games) if callable(doc.combos) else doc.combos) or {})
    for name, extra in combos.pop("properties", {}).items():
        body["properties"][name] = {**body["properties"].get(name, {}), **extra}
    return {**body, **combos}


def _game_ids(app: Flask) -> list[str]:
    """The games this companion serves (``GET /api/games``), for the document's ``GameId``."""
    games = app.extensions["table_service"].games()
    return sorted(str(game["id"]) for game in games)


PARAM = re.compile(r"<(?:([^:>]+):)?([^>]+)>")


def document(app: Flask) -> dict[str, Any]:
    """The OpenAPI 3.1 document of every route ``app`` serves, from the routes' declarations."""
    paths: dict[str, dict[str, Any]] = {}
    ids: dict[str, str] = {}
    games = app.extensions["table_service"].games()
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
        if rule.endpoint == "static":
            continue
        path = PARAM.sub(r"{\2}", rule.rule)
        params = [(name, conv or "string") for conv, name in PARAM.findall(rule.rule)]
        methods = sorted((rule.methods or set()) - {"HEAD", "OPTIONS"})
        for method in methods:
            doc = doc_of(app.view_functions[rule.endpoint], method)
            if doc is None:
                raise LookupError(f"{method} {rule.rule} has no declaration (web.apidoc.declare)")
            op = paths.setdefault(path, {})[method.lower()] = operation(doc, params, method, games)
            op_id = op["operationId"] = operation_id(rule.endpoint, method, len(methods))
            if ids.setdefault(op_id, f"{method} {rule.rule}") != f"{method} {rule.rule}":
                raise LookupError(f"operationId {op_id} twice: {ids[op_id]} and {method} {rule.rule}")
    _check_links(paths, ids)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Table Companion",
            "version": "0.1.0",
            "description": "Phones, the table screen and the host talk to the table companion. "
            'Every refusal is JSON {"error": sentence} with a 4xx status. The companion\'s own pages '
            "add packed=1 to a table's payload requests and get them in their own form (each sentence "
            'as its words, each repeated part once in "$shared"; docs/api.md "The pages\' form"); '
            "every payload described here is the one a request without it gets.",
        },
        "paths": paths,
        "components": {
            "schemas": {**SCHEMAS, "GameId": {**SCHEMAS["GameId"], "enum": _game_ids(app)}},
            "securitySchemes": {
                "hostKey": {"type": "apiKey", "in": "header", "name": "X-Host-Key"},
                "hostCookie": {"type": "apiKey", "in": "cookie", "name": "host_key"},
                "seatBearer": {"type": "http", "scheme": "bearer"},
                "seatCookie": {
                    "type": "apiKey",
                    "in": "cookie",
                    "name": "seat_<table>",
                    "description": "Set when the seat is claimed; HttpOnly, SameSite=Lax.",
                },
            },
        },
    }


def _check_links(paths: Mapping[str, Mapping[str, Any]], ids: Mapping[str, str]) -> None:
    """Every link names an operation the document has."""
    for ops in paths.values():
        for op in ops.values():
            for answer in op["responses"].values():
                for name, link in answer.get("links", {}).items():
                    if link["operationId"] not in ids:
                        raise LookupError(f"link {name} of {op['operationId']}: no {link['operationId']}")


bp = Blueprint("openapi", __name__, url_prefix="/api")


@bp.get("/openapi.json")
@declare("This document.")
def openapi() -> Response:
    """Built once per app (its routes and games are fixed once it serves): a client asking for it
    over and over costs a copy of its bytes, not a rebuild (some 100 KB and tens of milliseconds)."""
    body = current_app.extensions.get("openapi_json")
    if body is None:
        body = current_app.extensions.setdefault("openapi_json", jsonify(document(current_app)).get_data())
    return Response(body, mimetype="application/json")
