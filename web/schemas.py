"""The shapes of what the JSON API sends: the OpenAPI document's components.

Read by :mod:`web.apidoc` (the document, the request checks) and by the tests that check every
payload the service sends against them (``tests/web/test_api_payloads.py``). An object that lists
its ``properties`` carries no other key (unless ``additionalProperties`` is true), so a field the
service starts sending must be described here first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.core import CHANCE_MODES
from engines.text import LANGUAGES

SEED_MAX = (1 << 63) - 1   # the largest seed the store keeps (SQLite's signed 64-bit INTEGER)
KEPT_NAME_MAX = 40         # a saved board's or box profile's name, once runs of spaces are one
# Python's whitespace (str.split: runs become one space) and what str.isprintable() takes besides
# the space, less "/": the kept name's characters, as an ECMA-262 pattern.
WHITESPACE = r"\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
KEPT_NAME_PATTERN = rf"^[{WHITESPACE}]*[^/\p{{C}}\p{{Z}}](?:[{WHITESPACE}]|[^/\p{{C}}\p{{Z}}])*$"


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def json_text_or_object(what: str) -> dict[str, Any]:
    """A body field that takes an object, or its JSON text (an exported file's contents)."""
    return {"oneOf": [{"type": "object", "description": f"The {what}."},
                      {"type": "string", "contentMediaType": "application/json",
                       "contentSchema": {"type": "object"},
                       "description": f"The {what} as JSON text: it must parse to an object."}]}


def option_schema(option: Mapping[str, Any], game: str) -> dict[str, Any]:
    """The values a table option takes (``Game.options``, ``table_options``), as the game checks them."""
    kind = option.get("type")
    if kind == "bool":
        return {"type": "boolean"}
    if kind == "int":
        bounds = {key: option[key] for key in ("minimum", "maximum") if option.get(key) is not None}
        return {"type": "integer", **bounds}
    if kind == "choice":
        return {"enum": [*option.get("choices", ()), *dict(option.get("aliases") or {})]}
    return {"type": "string", "description": f"Checked by the game, as docs/{game}.md describes "
                                             f"(default {option.get('default')!r})."}


def table_rules(games: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """``POST /api/tables``' rules across its fields (web.apidoc ``Doc.combos``): each game with
    its player counts and the options it takes (its own, then the table's: chance where the game
    leaves something to chance, setting up, "First game"), an unknown option refused."""
    if not games:
        return {}
    per_game = []
    for game in games:
        taken = [*game.get("table_options", ()), *game.get("options", ())]
        options = {"setting_up": {"type": "boolean"}, "first_game": {"type": "boolean"},
                   **{str(o["name"]): option_schema(o, str(game["id"])) for o in taken}}
        needs = [{"if": {"required": [str(o["name"])], "properties": {str(o["name"]): {"const": choice}}},
                  "then": {"required": [other]}}
                 for o in taken for choice, other in dict(o.get("needs") or {}).items()]
        per_game.append({"properties": {
            "game": {"const": game["id"]},
            "players": {"type": "integer", "minimum": game["min_players"], "maximum": game["max_players"]},
            "options": {"type": ["object", "null"], "properties": options, "additionalProperties": False,
                        **({"allOf": needs} if needs else {})}}})
    return {"properties": {"players": {"minimum": min(g["min_players"] for g in games),
                                       "maximum": max(g["max_players"] for g in games)}},
            "oneOf": per_game}


SCHEMAS: dict[str, Any] = {
    "KeptName": {
        "type": "string", "minLength": 1, "maxLength": KEPT_NAME_MAX, "pattern": KEPT_NAME_PATTERN,
        "description": f"A saved board's or box profile's name: 1 to {KEPT_NAME_MAX} printable characters "
                       "once runs of spaces are one, no /.",
    },
    "Error": {
        "type": "object",
        "required": ["error"],
        "properties": {
            "error": {"type": "string", "description": "One sentence for the player, in their language."},
            "rule": {"type": "boolean", "description": "Present and true when the game's rules refused the "
                     "play (not the table service): GET /api/rules/<game> says which rules, by its "
                     "``plays``."},
        },
    },
    "GameId": {
        "type": "string", "minLength": 1,
        "description": "A game's id. The document lists the companion's games as an enum (its games are "
                       "known when it is served: web.apidoc.document); a request is refused with a "
                       "sentence for any other.",
    },
    "Text": {
        "type": "object",
        "required": ["msgid"],
        "description": "A sentence: template, parameters, translation.",
        "properties": {
            "msgid": {"type": "string", "description": "The English template (gettext's msgid)."},
            "plural": {"type": "string", "description": "The English plural template of a sentence about "
                                                      "params.count things; each language picks its form."},
            "params": {"type": "object"},
            "printed": {"type": "object", "additionalProperties": {"type": "string"},
                        "description": "The words the table's own box prints for it, by language (a card "
                                       "title typed into its box profile): shown as written to a reader "
                                       "of that language (its text is them)."},
            "text": {"type": "string", "description": "Translated for this reader's language."},
        },
    },
    "Event": {
        "type": "object",
        "required": ["type", "visible_to"],
        "properties": {
            "type": {"type": "string"},
            "visible_to": {"oneOf": [{"const": "all"}, {"type": "array", "items": {"type": "integer"}}]},
            "say": ref("Text"),
            "id": {"type": "string", "description": "The event's identity: its change and its place."},
        },
        "additionalProperties": True,
    },
    "StoryStep": {
        "type": "object",
        "description": "One line of the table's story: a public step (with its place in its chapter) "
                       "or, on a phone, a line only that phone may read (``private``, told at once).",
        "required": ["id", "chapter", "told", "event"],
        "properties": {
            "id": {"type": "string", "description": "The event's identity, the same in every payload "
                   "and after a restart: list it once."},
            "chapter": {"type": "string", "description": "The change it belongs to."},
            "index": {"type": "integer", "description": "Its place among the chapter's public steps."},
            "count": {"type": "integer", "description": "The chapter's public steps."},
            "stop": {"type": "integer", "description": "The stop it is told at: steps that show nothing "
                     "new are told with the next, and Next and Auto move a stop at a time."},
            "stops": {"type": "integer", "description": "The chapter's stops (\"4 of 12\")."},
            "told": {"type": "boolean", "description": "The table screen has shown it (or is showing it)."},
            "private": {"const": True},
            "event": ref("Event"),
        },
        "additionalProperties": False,
    },
    "Snapshot": {
        "type": "object",
        "description": "The public state at a point of the story.",
        "required": ["view", "awaiting", "outcome"],
        "properties": {"view": {"type": "object"},
                       "awaiting": {"type": "array", "items": {"type": "integer"}},
                       "outcome": ref("Outcome")},
        "additionalProperties": False,
    },
    "Lesson": {
        "type": "object",
        "description": "What a first game explains (the table option \"First game\"): a title, two or "
                       "three sentences in the edition's words, and the rulebook section they come from.",
        "required": ["key", "title", "text", "section"],
        "properties": {"key": {"type": "string", "description": "Told once per table."},
                       "title": ref("Text"), "text": ref("Text"), "section": ref("Text")},
        "additionalProperties": False,
    },
    "Story": {
        "type": "object",
        "description": "What the table screen tells, one step at a time (docs/web.md, \"The table's "
                       "story\"): the last steps told, the one shown, and every step still to tell "
                       "(new plays are appended, never shown over it).",
        "required": ["steps", "at", "waiting", "auto", "hold", "screen", "title"],
        "properties": {
            "steps": {"type": "array", "items": ref("StoryStep")},
            "at": {"type": "integer", "description": "Where in ``steps`` the shown step is; -1: none."},
            "waiting": {"type": "integer", "description": "Steps still to tell after the shown one."},
            "auto": {"type": "boolean", "description": "Auto: the steps come by themselves at a reading "
                     "pace while a table screen is open."},
            "hold": {"type": "boolean", "description": "Plays wait until the table has told what it "
                     "is telling (the game's pacing), and a table screen is there to tell it."},
            "screen": {"type": "boolean", "description": "A table screen is open to tell the story."},
            "looking": {"type": "boolean", "description": "A table screen is looking back at steps told "
                        "earlier (docs/web.md, \"Looking back\"): Auto and new steps wait for it."},
            "look": {"type": "object", "required": ["stop", "stops"],
                     "properties": {"stop": {"type": "integer", "minimum": 0},
                                    "stops": {"type": "integer", "minimum": 1}},
                     "additionalProperties": False,
                     "description": "Only in an answer of GET /api/tables/<table>/told: which of the "
                                    "steps told so far this story shows (0: the first), of how many."},
            "seal": {"type": "array", "items": {"type": "string"},
                     "description": "A seat's payload only: the kinds of play this seat may make while "
                                    "plays wait for the table; accepted sealed, told to nobody else until "
                                    "the telling ends (docs/web.md, \"Sealed plays\")."},
            "voice": {"type": "object", "required": ["output", "volume", "speed", "clip"],
                      "properties": {"output": {"enum": ["screen", "pi"]},
                                     "volume": {"type": "integer", "minimum": 0, "maximum": 100},
                                     "speed": {"type": "integer", "minimum": 50, "maximum": 200},
                                     "clip": {"type": ["string", "null"]}},
                      "additionalProperties": False,
                      "description": "The public payload only, while the table hears its story "
                                     "(docs/narration.md): the host's setting and the shown stop's clip "
                                     "(GET /api/tables/<table>/speech/<clip>)."},
            "pace": {"type": "object", "required": ["pace", "seconds"],
                     "properties": {"pace": {"enum": ["normal", "slower", "slowest"]},
                                    "seconds": {"type": "number", "minimum": 0}},
                     "additionalProperties": False,
                     "description": "The public payload only: the telling's pace (the host's setting) and "
                                    "how long Auto keeps the shown stop up at it, in seconds."},
            "title": {"oneOf": [ref("Text"), {"type": "null"}],
                      "description": "What the shown step belongs to (\"round 3\"); null: the last plays."},
            "shown": {
                "oneOf": [{"type": "null"}, {
                    "type": "object", "required": ["chapter", "index", "count", "before", "after"],
                    "properties": {"chapter": {"type": "string"}, "index": {"type": "integer"},
                                   "count": {"type": "integer"}, "stop": {"type": "integer"},
                                   "stops": {"type": "integer"}, "before": ref("Snapshot"),
                                   "after": ref("Snapshot"),
                                   "lessons": {"type": "array", "items": ref("Lesson"),
                                               "description": "A first game's lessons shown with this "
                                                              "step (its chapter's last)."}},
                    "additionalProperties": False}],
                "description": "The shown step's chapter with the state before and after it, so every "
                               "panel draws as of that step; a player's seat gets it while steps are still "
                               "to tell, each view with the seat's own part as it is now.",
            },
        },
        "additionalProperties": False,
    },
    "Action": {
        "type": "object",
        "required": ["type"],
        "additionalProperties": True,
        "properties": {"type": {"type": "string"}, "notation": {"type": "string"}, "label": ref("Text")},
    },
    "Seat": {
        "type": "object",
        "required": ["seat", "name", "taken", "bot", "connected"],
        "properties": {
            "seat": {"type": "integer"},
            "name": {"type": "string", "description": "As the player typed it; for a seat nobody named, "
                                                      "\"Player 2\" (or \"Computer 2\") in the reader's "
                                                      "language."},
            "named": {"type": "boolean", "description": "Whether a player typed the name."},
            "taken": {"type": "boolean"},
            "bot": {"type": "boolean"},
            "connected": {"type": "boolean"},
        },
    },
    "Outcome": {
        "type": ["object", "null"],
        "properties": {
            "winners": {"type": "array", "items": {"type": "integer"}},
            "scores": {"type": "object"},
            "reason": {"type": "string"},
            "say": ref("Text"),
        },
    },
    "Public": {
        "type": "object",
        "description": "What the table screen shows: the public view only.",
        "required": ["table", "game", "view", "awaiting", "seats", "outcome", "version", "events"],
        "properties": {
            "table": {"type": "string"},
            "game": {"type": "string"},
            "title": {"type": "string"},
            "players": {"type": "integer"},
            "view": {"type": "object"},
            "awaiting": {
                "type": "array",
                "items": {"type": "integer"},
                "description": "Seats to act; -1 is the table (chance, physical input).",
            },
            "seats": {"type": "array", "items": ref("Seat")},
            "outcome": ref("Outcome"),
            "version": {"type": "integer"},
            "presence": {
                "type": "integer",
                "description": "Counts changes of the seats' connected flags (not a game change).",
            },
            "events": {"type": "array", "items": ref("Event")},
            "step": {"type": "integer", "description": "The step the table screen shows within its "
                     "chapter of the story (0-based; the table's \"next\" moves it)."},
            "ended": {"type": "boolean"},
            "chance": {"enum": [*CHANCE_MODES, None],
                       "description": "Who resolves chance: the companion draws (digital) or the table "
                                      "enters what the real dice or cards showed (physical); null: the "
                                      "game leaves nothing to chance."},
            "next_table": {"type": ["string", "null"],
                           "description": "The table that the host's \"next game\" opened after this one."},
            "lang": {"enum": list(LANGUAGES),
                     "description": "The table screen's language, as the host chose it. Each reader's "
                                    "payload has its sentences' text (and unnamed seats' names) in the "
                                    "reader's own language."},
            "fault": {"oneOf": [ref("Text"), {"type": "null"}],
                      "description": "While the store refuses writes: the sentence; else null."},
            "reading": {"type": ["array", "null"], "items": {"type": "integer"},
                        "description": "While the table (-1) is awaited for a reading (what the real game "
                                       "shows: a card turned, the hits of real dice), the seats that may "
                                       "enter it besides the host; the companion never draws it. Null "
                                       "otherwise."},
            "story": ref("Story"),
            "first_game": {"type": "boolean", "description": "The table option \"First game\": the table "
                           "screen explains each phase the first time it comes (docs/web.md)."},
            "setup": {"oneOf": [ref("Setup"), {"type": "null"}],
                      "description": "While the table is setting up (docs/web.md \"Setting up\"): the "
                                     "steps, the one shown, who is ready; null otherwise."},
        },
        "additionalProperties": False,
    },
    "SetupStep": {
        "type": "object",
        "description": "One step of setting up the real box (engines.SetupStep).",
        "required": ["key", "title", "lines", "marks", "section", "check"],
        "properties": {
            "key": {"type": "string"},
            "title": ref("Text"),
            "lines": {"type": "array", "items": ref("Text"),
                      "description": "What goes where, with the counts."},
            "marks": {"type": "array", "items": {"type": "string"},
                      "description": "What the game's table drawing marks on the start position."},
            "section": {"oneOf": [ref("Text"), {"type": "null"}], "description": "The rulebook's section."},
            "check": {"enum": ["beam", None],
                      "description": "beam: the laser checks this step where it can."},
        },
        "additionalProperties": False,
    },
    "Setup": {
        "type": "object",
        "description": "The setting-up stage: after Start, before the first play.",
        "required": ["steps", "step", "ready", "check"],
        "properties": {
            "steps": {"type": "array", "items": ref("SetupStep")},
            "step": {"type": "integer", "description": "The step the table screen shows (0-based)."},
            "ready": {"type": "array", "items": {"type": "integer"},
                      "description": "The seats that are ready (the computer's at once)."},
            "check": {"type": ["object", "null"], "additionalProperties": True,
                      "description": "The hardware's answer to the shown step's beam check (its "
                                     "sentences); null: none."},
            "part": {"type": "array", "items": ref("Text"),
                     "description": "A seat's payload only: what that seat takes or learns (it may be "
                                    "secret: never in another reader's payload)."},
        },
        "additionalProperties": False,
    },
    "TableSummary": {
        "type": "object",
        "description": "One table in the list of tables: who sits where and whose turn it is, no secrets.",
        "required": ["table", "game", "title", "players", "seats", "awaiting", "version", "ended",
                     "finished"],
        "properties": {
            "table": {"type": "string"},
            "game": {"type": "string"},
            "title": {"type": "string"},
            "title_text": {"type": "string", "description": "The game's title in the reader's language "
                           "(as its edition prints it: Der weiße Hai)."},
            "players": {"type": "integer"},
            "seats": {"type": "array", "items": ref("Seat")},
            "awaiting": {"type": "array", "items": {"type": "integer"}},
            "version": {"type": "integer"},
            "ended": {"type": "boolean"},
            "finished": {"type": "boolean"},
            "winners": {"oneOf": [{"type": "array", "items": {"type": "integer"}}, {"type": "null"}],
                        "description": "Who won, once the table screen has told the end; else null."},
            "outcome": {**ref("Outcome"),
                        "description": "The game's outcome (its winners, scores and reason), once the table "
                                       "screen has told the end; else null."},
            "created": {"type": "number", "description": "When the table was started (seconds since 1970)."},
            "finished_at": {"type": ["number", "null"],
                            "description": "When the game reached its end (seconds since 1970); null while "
                                           "it has not, or when that was not recorded."},
            "next_table": {"type": ["string", "null"],
                           "description": "The next game with the same seats, once the host set one up."},
            "lang": {"enum": ["en", "nl", "de"],
                     "description": "The table screen's language (the host's choice)."},
            "variant": {"type": "array", "items": ref("Text"),
                        "description": "What sets the table apart from another of its game, in words: "
                                       "each option not at its default, real dice and cards. (An entry "
                                       "kept from before this field may lack it.)"},
            "join_url": {"type": "string", "format": "uri"},
            "table_url": {"type": "string", "format": "uri"},
            "join_qr": {"type": "string"},
        },
    },
    "Claimed": {
        "type": "object",
        "description": "A seat claimed: its token (also set as the seat cookie) and the name it took.",
        "required": ["token", "table", "seat", "name"],
        "properties": {
            "token": {"type": "string"},
            "table": {"type": "string"},
            "seat": {"type": "integer"},
            "name": {"type": "string"},
        },
    },
    "Option": {
        "type": "object",
        "required": ["name", "type", "default", "help"],
        "properties": {
            "name": {"type": "string"},
            "type": {"enum": ["bool", "int", "choice", "str"]},
            "default": {},
            "help": {"type": "string", "description": "The one-line help's msgid (English)."},
            "help_params": {"type": "object", "additionalProperties": True,
                            "description": "The help's parameters, when it names what the game knows "
                                           "at run time (its boards)."},
            "help_text": {"type": "string", "description": "The help in the reader's language."},
            "label": {"type": "string", "description": "The option's name on the host page (a msgid)."},
            "label_text": {"type": "string", "description": "That name in the reader's language (else the "
                                                            "option's name)."},
            "choice_labels": {"type": "object", "additionalProperties": {"type": "string"},
                              "description": "Choices' words on the host page (msgids)."},
            "choice_texts": {"type": "object", "additionalProperties": {"type": "string"},
                             "description": "Those words in the reader's language."},
            "advanced": {"const": True, "description": "An expert setting: behind \"Advanced\"."},
            "line": {"const": True, "description": "One checkbox line on the host page (its help "
                                                   "is its title)."},
            "choices": {"type": "array", "items": {"type": "string"}},
            "aliases": {"type": "object", "additionalProperties": True,
                        "description": "Other names a choice may be given by (an older name)."},
            "minimum": {"type": "integer"},
            "maximum": {"type": "integer"},
            "needs": {"type": "object", "additionalProperties": {"type": "string"},
                      "description": "A choice refused unless another option is given too: choice, "
                                     "that option's name."},
        },
    },
    "Game": {
        "type": "object",
        "required": ["id", "title", "min_players", "max_players", "options"],
        "properties": {
            "id": {"type": "string"},
            "title": {"type": "string"},
            "title_text": {"type": "string", "description": "The game's title in the reader's language "
                           "(as its edition prints it: Der weiße Hai)."},
            "min_players": {"type": "integer"},
            "max_players": {"type": "integer"},
            "options": {"type": "array", "items": ref("Option")},
            "table_options": {"type": "array", "items": ref("Option")},
            "seat_roles": {"type": "object", "description": "Where the game's seats have roles: by "
                           "player count, each seat's role in words (seat 1 first).",
                           "additionalProperties": {"type": "array", "items": {"type": "string"}}},
        },
    },
    "BoardEntry": {
        "type": "object",
        "description": "A board in the list: a sample that ships with the game, or one the host saved.",
        "required": ["name", "sample", "placeholder", "saved"],
        "properties": {
            "name": {"type": "string"},
            "sample": {"type": "boolean", "description": "Ships with the game (cannot be replaced)."},
            "placeholder": {"type": "boolean", "description": "A made-up board, not the printed one."},
            "saved": {"type": ["number", "null"], "description": "When it was saved (Unix time)."},
        },
        "additionalProperties": False,
    },
    "SavedBoard": {
        "type": "object",
        "required": ["name", "sample", "saved", "board"],
        "properties": {
            "name": {"type": "string"},
            "sample": {"type": "boolean"},
            "saved": {"type": ["number", "null"]},
            "board": {"type": "object", "description": "The board in the game's map schema (docs/<game>.md).",
                      "additionalProperties": True},
        },
        "additionalProperties": False,
    },
    "BoardCheck": {
        "type": "object",
        "required": ["ok", "problems", "board"],
        "properties": {
            "ok": {"type": "boolean"},
            "problems": {"type": "array", "items": ref("Text"),
                         "description": "Every problem, each one sentence; empty when the board is fine."},
            "board": {"type": ["object", "null"], "additionalProperties": True,
                      "description": "The board in its canonical form when it has no problem."},
        },
        "additionalProperties": False,
    },
    "ProfileStatus": {
        "type": "object",
        "description": "How complete a box profile is, part by part, in the game's own counts (for "
                       "example what is entered of each kind of card, and what may be drawn digitally).",
        "additionalProperties": True,
    },
    "ProfileEntry": {
        "type": "object",
        "description": "A box profile in the list.",
        "required": ["name", "saved", "status"],
        "properties": {
            "name": {"type": "string"},
            "saved": {"type": "number", "description": "When it was last saved (Unix time)."},
            "status": ref("ProfileStatus"),
        },
        "additionalProperties": False,
    },
    "SavedProfile": {
        "type": "object",
        "required": ["name", "saved", "profile", "status"],
        "properties": {
            "name": {"type": "string"},
            "saved": {"type": "number"},
            "profile": {"type": "object", "additionalProperties": True,
                        "description": "The profile in the game's schema (docs/<game>.md), as a file "
                                       "exports and imports it."},
            "status": ref("ProfileStatus"),
        },
        "additionalProperties": False,
    },
    "ProfileCheck": {
        "type": "object",
        "required": ["ok", "problems", "profile", "status"],
        "properties": {
            "ok": {"type": "boolean"},
            "problems": {"type": "array", "items": ref("Text"),
                         "description": "Every problem, each one sentence naming the field; empty if "
                                        "none."},
            "profile": {"type": ["object", "null"], "additionalProperties": True,
                        "description": "The profile in its canonical form when it has no problem."},
            "status": ref("ProfileStatus"),
        },
        "additionalProperties": False,
    },
    "Exit": {
        "type": "object",
        "description": "Where a beam leaves the board: an edge square and the heading (N, E, S, W).",
        "required": ["square", "direction"],
        "properties": {
            "square": {"type": "string"},
            "direction": {"enum": ["N", "E", "S", "W"]},
        },
    },
    "BeamCheck": {
        "type": "object",
        "description": "The verdict of one Laser Chess shot: the engine's beam against the sensors.",
        "required": ["result", "expected", "observed", "message", "text", "lit", "suspect"],
        "properties": {
            "result": {"enum": ["agree", "mismatch", "fault"]},
            "expected": {"oneOf": [ref("Exit"), {"type": "null"}],
                         "description": "Where the engine's beam leaves; null: it stops on the board."},
            "observed": {"oneOf": [ref("Exit"), {"type": "null"}],
                         "description": "Where a sensor saw it leave; null: no sensor saw it."},
            "message": ref("Text"),
            "text": {"type": "string", "description": "The message in English."},
            "lit": {"type": "array", "items": {"type": "string"},
                    "description": "The sensors that lit (by name), in config order."},
            "suspect": {"type": ["string", "null"],
                        "description": "The square whose token to check first (the beam's last turn)."},
            "table": {"type": "string", "description": "The table whose shot this was."},
            "seat": {"type": "integer", "description": "The seat that made the move."},
            "superseded": {
                "const": True,
                "description": "Present (true) when the next move or an undo came while the shot was "
                             "checked: the verdict no longer speaks for the board, the table was not "
                             "told and the status LED kept what it showed.",
            },
        },
        "additionalProperties": False,
    },
    "StreamEvent": {
        "type": "object",
        "description": "One event of the stream (its fields, as OpenAPI describes Server-Sent Events).",
        "properties": {
            "event": {"type": "string",
                      "description": "Absent for a payload; `gone` when the seat was freed."},
            "id": {"type": "string", "description": "The table's version."},
            "data": {"type": "string", "contentMediaType": "application/json",
                     "description": "A Public or SeatView payload as one JSON line; for `gone`, {error}."},
            "retry": {"type": "integer"},
        },
    },
    "Pairing": {
        "type": "object",
        "required": ["state", "say", "code", "shown"],
        "properties": {
            "state": {"enum": ["waiting", "choosing", "paired", "expired", "ask-again", "unknown"],
                      "description": "choosing: the host's hold opened a choice and the host picks a "
                                     "code; expired: the choice lapsed; ask-again: the host picked "
                                     "another phone's code."},
            "say": ref("Text"),
            "code": {"type": ["string", "null"], "pattern": "^[0-9]{4,}$",
                     "description": "This phone's code once the host's press has shown it, while it "
                                    "asks; never another phone's, never given twice."},
            "shown": {"type": "boolean", "description": "The companion shows this phone's code now: a "
                                                        "hold makes this phone the host."},
        },
        "additionalProperties": False,
    },
    "PairingBoard": {
        "type": "object",
        "required": ["asking", "choosing", "place", "button", "hold_s"],
        "properties": {
            "asking": {"type": "integer", "minimum": 0,
                       "description": "Phones asking to become the host (0: nothing to show)."},
            "choosing": {"type": "boolean", "description": "The host picks one: a code is shown."},
            "place": {"type": ["integer", "null"], "minimum": 1,
                      "description": "While the host picks, the place of the code shown (1 of asking)."},
            "button": {"anyOf": [{"type": "string"}, ref("Text"), {"type": "null"}],
                       "description": "The host button's label; null: no button (the key is the only way)."},
            "hold_s": {"type": "number"},
        },
        "additionalProperties": False,
    },
    "HostDevices": {
        "type": "object",
        "required": ["devices"],
        "properties": {
            "devices": {"type": "array", "items": {
                "type": "object",
                "required": ["id", "label", "created", "seen", "this"],
                "properties": {
                    "id": {"type": "string"},
                    "label": {"type": "string", "description": "Its address and browser when it was paired."},
                    "created": {"type": "number", "description": "When it was paired (Unix seconds)."},
                    "seen": {"type": "number", "description": "Its last host request (Unix seconds)."},
                    "this": {"type": "boolean", "description": "The device asking."},
                },
                "additionalProperties": False}},
        },
        "additionalProperties": False,
    },
    "Hardware": {
        "type": "object",
        "required": ["pin_factory", "mock", "devices", "last_beam_check"],
        "properties": {
            "pin_factory": {"type": ["string", "null"],
                            "description": "mock, lgpio (or another gpiozero factory); null: no hardware."},
            "mock": {"type": "boolean"},
            "devices": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["name", "kind", "state"],
                    "properties": {
                        "name": {"type": "string"},
                        "kind": {"enum": ["button", "led", "laser", "sensor"]},
                        "pin": {"type": ["integer", "string", "null"]},
                        "state": {
                            "enum": ["pressed", "released", "on", "off", "blinking", "lit", "dark"]
                        },
                        "pattern": {
                            "enum": ["off", "on", "blinking", "winner", "error"],
                            "description": "LEDs only: blinking is an awaited seat, winner a fast "
                                           "flicker, error the status LED's short flash.",
                        },
                        "label": {"type": "string",
                                  "description": "The device's label as the config gives it."},
                        "label_say": {"oneOf": [ref("Text"), {"type": "null"}],
                                      "description": "The label as a sentence when it is the rig's default "
                                                     "('Seat 1 button'), with its text in the reader's "
                                                     "language; null when the owner wrote the label (shown "
                                                     "as written)."},
                        "watches": {"type": "string", "description": "Sensors only: square:direction."},
                        "fault": {"enum": [None, "dead", "stuck-lit", "stuck-dark"]},
                    },
                    "additionalProperties": False,
                },
            },
            "board_fault": {"enum": [None, "turned", "misplaced"],
                            "description": "Mock pins: a token on the simulated board turned the wrong way, "
                                           "or a test set the position it really holds."},
            "table": {"type": ["string", "null"],
                      "description": "The table the rig follows (the most recently active one)."},
            "pending_shot": {
                "oneOf": [
                    {"type": "object", "required": ["table", "seat"], "additionalProperties": False,
                     "properties": {"table": {"type": "string"}, "seat": {"type": "integer"}}},
                    {"type": "null"},
                ],
                "description": "A Laser Chess shot waiting to be fired or checked.",
            },
            "shots_shown": {"type": "integer",
                            "description": "Shots the laser module fired to show a game's own lasers."},
            "last_beam_check": {"oneOf": [ref("BeamCheck"), {"type": "null"}]},
            "display": {
                "oneOf": [
                    {"type": "object", "additionalProperties": False,
                     "required": ["driver", "port", "address", "dummy", "showing", "lines", "frames"],
                     "properties": {
                         "driver": {"enum": ["ssd1306", "sh1106"]},
                         "port": {"type": "integer", "description": "The I2C bus."},
                         "address": {"type": "string", "description": "The I2C address, like 0x3C."},
                         "dummy": {"type": "boolean", "description": "luma's dummy device (mock pins)."},
                         "showing": {"enum": ["start", "table", "beam", "pairing", "fault", None]},
                         "lines": {"type": "array", "items": {"type": "string"},
                                   "description": "What the frame says, in its language (the current "
                                                  "table's, else the companion's)."},
                         "frames": {"type": "integer", "description": "Frames drawn so far."}}},
                    {"type": "object", "additionalProperties": False, "required": ["problem"],
                     "properties": {"problem": ref("Text")},
                     "description": "A configured display that did not answer."},
                    {"type": "null"},
                ],
                "description": "The status display ([hardware.display]); null: none configured.",
            },
            "host_button": {
                "oneOf": [
                    {"type": "object", "additionalProperties": False, "required": ["name", "label", "hold_s"],
                     "properties": {"name": {"type": "string"}, "label": {"type": "string"},
                                    "label_say": {"oneOf": [ref("Text"), {"type": "null"}],
                                                  "description": "As a device's label_say."},
                                    "hold_s": {"type": "number"}}},
                    {"type": "null"},
                ],
                "description": "The button whose long press makes a waiting phone the host.",
            },
            "storage_fault": {"oneOf": [ref("Text"), {"type": "null"}],
                              "description": "While the store refuses writes: the sentence."},
        },
        "additionalProperties": False,
    },
}


def _public_and(description: str, required: list[str], properties: dict[str, Any]) -> dict[str, Any]:
    """The public payload with more fields, as one closed object (``allOf`` with a closed part
    would refuse the added fields in JSON Schema)."""
    public = SCHEMAS["Public"]
    return {"type": "object", "description": description,
            "required": [*public["required"], *required],
            "properties": {**public["properties"], **properties}, "additionalProperties": False}


SCHEMAS["SeatView"] = _public_and(
    "One seat's payload: its private view and legal plays, events it may see.",
    ["seat", "legal_actions"],
    {"seat": {"type": "integer"}, "name": {"type": "string"},
     "legal_actions": {"type": "array", "items": ref("Action")},
     "lesson": {"oneOf": [ref("Lesson"), {"type": "null"}],
                "description": "With \"First game\" on: what this seat may do now, while it is awaited."},
     "sealed": {"type": "integer", "description": "A player's seat: how many of its plays wait sealed "
                "until the table has told what it is telling; its view, awaiting and legal plays "
                "already count them."},
     "requests": {"type": "array",
                  "description": "The table's payload (as=table) only: what the host is asked to enter "
                                 "for a seat that cannot (the computer, a seat with no phone), with the "
                                 "real cards.",
                  "items": {"type": "object", "required": ["seat", "say", "legal_actions"],
                            "additionalProperties": False,
                            "properties": {"seat": {"type": "integer"}, "say": ref("Text"),
                                           "legal_actions": {"type": "array", "items": ref("Action")}}}}})
SCHEMAS["Created"] = _public_and(
    "A new table's public payload, with its join address.",
    ["join_url"],
    {"join_url": {"type": "string", "format": "uri"}, "table_url": {"type": "string", "format": "uri"},
     "join_qr": {"type": "string"}})
