"""Boards the host draws for games whose printed board the table transcribes (Loch Ness).

A game declares that it takes such a board (``Game.board_option``) and checks it
(``Game.check_board``); these routes let the host page's map editor check a board as it is drawn,
save it under a name in the companion's store, list, open and delete saved boards. Everything is
host-only; a board with a problem is refused with that problem in one sentence and nothing is saved.
The host page starts a table on a saved board by putting its JSON into the game's board option.
"""

from __future__ import annotations

from flask import Blueprint, Response

from web.api import ok
from web.apidoc import Field, declare, json_body
from web.auth import require_host, service
from web.schemas import json_text_or_object, ref

bp = Blueprint("boards", __name__, url_prefix="/api")

BOARD = Field("board", json_text_or_object("board"), required=True,
              refusal='"board" must be a board: a JSON object, or its text.',
              description="The board (the game's map schema), as an object or as JSON text.")


@bp.get("/games/<game>/boards")
@declare("The game's boards: the samples it ships, then those the host saved (host).", who="host",
         answers={"type": "object", "required": ["boards"], "additionalProperties": False,
                  "properties": {"boards": {"type": "array", "items": ref("BoardEntry")}}})
def boards(game: str) -> Response:
    require_host()
    return ok({"boards": service().keeping.list_boards(game)})


@bp.get("/games/<game>/boards/<name>")
@declare("One board, by name (host).", who="host", answers=ref("SavedBoard"))
def board(game: str, name: str) -> Response:
    require_host()
    return ok(service().keeping.board(game, name))


@bp.put("/games/<game>/boards/<name>")
@declare("Save a board under a name, replacing one of that name (host); a board with a problem is "
         "refused with that problem and nothing is saved.", who="host", answers=ref("SavedBoard"),
         errors=(409,), body=(BOARD,))
def save(game: str, name: str) -> Response:
    require_host()
    return ok(service().keeping.save_board(game, name, json_body()["board"]))


@bp.delete("/games/<game>/boards/<name>")
@declare("Delete a saved board (host).", who="host", errors=(409,),
         answers={"type": "object", "required": ["boards"], "additionalProperties": False,
                  "properties": {"boards": {"type": "array", "items": ref("BoardEntry")}}})
def delete(game: str, name: str) -> Response:
    require_host()
    service().keeping.delete_board(game, name)
    return ok({"boards": service().keeping.list_boards(game)})


@bp.post("/games/<game>/board-check")
@declare("Check a board without saving it: every problem, each one sentence (host; the map editor "
         "asks as the host draws).", who="host", answers=ref("BoardCheck"), body=(BOARD,))
def check(game: str) -> Response:
    require_host()
    return ok(service().keeping.check_board(game, json_body()["board"]))
