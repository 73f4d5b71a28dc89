"""Box profiles: the printed numbers of a group's own copy of a game that no public source gives.

A game declares that it takes one (``Game.profile_option``; the game's docs describe its schema).
The companion keeps them by name; these host-only routes let the host page list, view, check,
correct, import (PUT the JSON of an exported file), rename and delete them. Bad input is refused
with one sentence naming the field, and nothing is stored. The host page starts a table on a
profile by putting its JSON into the game's profile option; what that table's players enter is
learned into it.
"""

from __future__ import annotations

from flask import Blueprint, Response

from web.api import ok
from web.apidoc import Field, declare, json_body
from web.auth import require_host, service
from web.schemas import SCHEMAS, json_text_or_object, ref

bp = Blueprint("profiles", __name__, url_prefix="/api")

PROFILE = Field("profile", json_text_or_object("box profile"), required=True,
                refusal='"profile" must be a box profile: a JSON object, or its text.',
                description="The box profile (in the game's schema, see its docs), as an object or as JSON "
                            "text (an exported file's contents).")
LIST = {"type": "object", "required": ["profiles"], "additionalProperties": False,
        "properties": {"profiles": {"type": "array", "items": ref("ProfileEntry")}}}


@bp.get("/games/<game>/profiles")
@declare("The game's box profiles, by name, each with how complete it is (host).", who="host", answers=LIST)
def profiles(game: str) -> Response:
    require_host()
    return ok({"profiles": service().keeping.list_profiles(game)})


@bp.get("/games/<game>/profiles/<name>")
@declare("One box profile, whole (host): what the editor shows, and what an export writes to a file.",
         who="host", answers=ref("SavedProfile"))
def profile(game: str, name: str) -> Response:
    require_host()
    return ok(service().keeping.profile(game, name))


@bp.put("/games/<game>/profiles/<name>")
@declare("Keep a box profile under a name: a new one, a correction, or an imported file (host). A profile "
         "with a problem is refused with one sentence naming the field, and nothing is stored.", who="host",
         answers=ref("SavedProfile"), errors=(409,), body=(PROFILE,))
def save(game: str, name: str) -> Response:
    require_host()
    return ok(service().keeping.save_profile(game, name, json_body()["profile"]))


@bp.post("/games/<game>/profiles/<name>/rename")
@declare("Rename a box profile (host); 409 if the new name is taken.", who="host",
         answers=ref("SavedProfile"), errors=(409,),
         body=(Field("to", {"type": "string", "minLength": 1}, required=True,
                     refusal='"to" must be the new name.', description=SCHEMAS["KeptName"]["description"],
                     rules={k: SCHEMAS["KeptName"][k] for k in ("maxLength", "pattern")}),))
def rename(game: str, name: str) -> Response:
    require_host()
    return ok(service().keeping.rename_profile(game, name, json_body()["to"]))


@bp.delete("/games/<game>/profiles/<name>")
@declare("Delete a box profile (host).", who="host", answers=LIST, errors=(409,))
def delete(game: str, name: str) -> Response:
    require_host()
    service().keeping.delete_profile(game, name)
    return ok({"profiles": service().keeping.list_profiles(game)})


@bp.post("/games/<game>/profile-check")
@declare("Check a box profile without storing it: every problem, each one sentence naming the field "
         "(host; the editor asks before it saves).", who="host", answers=ref("ProfileCheck"), body=(PROFILE,))
def check(game: str) -> Response:
    require_host()
    return ok(service().keeping.check_profile(game, json_body()["profile"]))
