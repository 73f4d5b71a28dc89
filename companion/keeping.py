"""What the host keeps beside the tables: boards it drew and box profiles (:class:`Keeper`).

A game whose printed board the table transcribes declares ``Game.board_option`` (Loch Ness); a game
whose copy prints numbers no public source gives declares ``Game.profile_option`` (Jaws' Act 2).
The host names, checks, saves, lists and deletes them here; a table started on one gets its JSON in
that option. A box profile also learns what a table's players enter (``learn``, after a committed
play) and the next game starts on the profile as it is then (``fresh_profile``).
"""

from __future__ import annotations

import json
import time
from typing import Any

import engines
from companion.store import StorageFailure, Store
from companion.tables import OpenTable
from engines import Game
from engines.text import N_
from web.service import BadRequest, Conflict, NotFound

MAX_NAME = 40   # a saved board's or box profile's name

# (not text, too long or with a /): the sentences refusing a kept thing's name
BOARD_NAME = (N_("A board's name is text."), N_("A board's name has 1 to {count} characters, and no /."))
PROFILE_NAME = (N_("A box profile's name is text."),
                N_("A box profile's name has 1 to {count} characters, and no /."))


def _game(game: object) -> Game:
    if not isinstance(game, str):
        raise NotFound("There is no game called {game}.", game=str(game))
    try:
        return engines.get(game)
    except engines.UnknownGame:
        raise NotFound("There is no game called {game}.", game=game) from None


def _kept_name(name: object, refusals: tuple[str, str]) -> str:
    """A name to keep something under: its spaces tidied, 1 to 40 printable characters, no /."""
    not_text, bad = refusals
    if not isinstance(name, str):
        raise BadRequest(not_text)
    name = " ".join(name.split())
    if not 1 <= len(name) <= MAX_NAME or not name.isprintable() or "/" in name:
        raise BadRequest(bad, count=MAX_NAME)
    return name


class Keeper:
    def __init__(self, store: Store) -> None:
        self.store = store

    # -- boards the host drew (games that declare a board option) -------------------
    #
    # A game whose printed board the table transcribes (``Game.board_option``) checks a board with
    # ``Game.check_board``; the host saves boards by name here and picks one when starting a table
    # (the page puts its JSON into the board option, so a table keeps the board it started with).

    def _board_game(self, game: object) -> Game:
        g = _game(game)
        if g.board_option is None:
            raise NotFound("{title} has no board to draw.", title=g.title)
        return g

    def list_boards(self, game: str) -> list[dict[str, Any]]:
        """The game's sample boards, then the saved ones by name."""
        g = self._board_game(game)
        out: list[dict[str, Any]] = [
            {"name": n, "sample": True, "placeholder": bool(b.get("placeholder")), "saved": None}
            for n, b in g.sample_boards().items()]
        for name, saved in self.store.shelves.boards(g.id):   # the table's own: no placeholder
            out.append({"name": name, "sample": False, "placeholder": False, "saved": saved})
        return out

    def board(self, game: str, name: str) -> dict[str, Any]:
        g = self._board_game(game)
        samples = g.sample_boards()
        if name in samples:
            return {"name": name, "sample": True, "saved": None, "board": samples[name]}
        found = self.store.shelves.board(g.id, name)
        if found is None:
            raise NotFound("There is no board called {name}.", name=name)
        return {"name": name, "sample": False, "saved": found[1], "board": json.loads(found[0])}

    def check_board(self, game: str, data: Any) -> dict[str, Any]:
        """Every problem of a board, each one sentence (the map editor shows them as the host draws)."""
        found = self._board_game(game).check_board(data)
        return {"ok": not found.problems, "problems": [p.to_json() for p in found.problems],
                "board": found.board}

    def save_board(self, game: str, name: str, data: Any) -> dict[str, Any]:
        """Check, then keep the board under ``name`` (replacing one of that name); a board with a
        problem is refused with its first problem, and nothing is saved."""
        g = self._board_game(game)
        name = _kept_name(name, BOARD_NAME)
        if name in g.sample_boards():
            raise Conflict("{name} is the sample board that comes with the game; save yours under "
                           "another name.", name=name)
        found = g.check_board(data)
        if found.problems or found.board is None:
            first = found.problems[0] if found.problems else engines.Text("The board could not be read.")
            raise BadRequest(first.msgid, **first.params)
        text = json.dumps(found.board, sort_keys=True, separators=(",", ":"))
        saved = time.time()
        self.store.shelves.save_board(g.id, name, text, saved)   # StorageFailure (503): nothing saved
        return {"name": name, "sample": False, "saved": saved, "board": found.board}

    def delete_board(self, game: str, name: str) -> None:
        g = self._board_game(game)
        if name in g.sample_boards():
            raise Conflict("The sample board comes with the game and cannot be deleted.")
        if self.store.shelves.board(g.id, name) is None:
            raise NotFound("There is no board called {name}.", name=name)
        self.store.shelves.delete_board(g.id, name)

    # -- box profiles (games that declare a profile option) ------------------------------
    #
    # The printed numbers of a group's own copy of a game that no public source gives
    # (``Game.profile_option``): the host names, views, corrects, exports and imports a profile; a
    # table started on one gets it in that option, and what the table enters is learned into it
    # (``Game.learned_profile``, ``Game.merge_profile``) as soon as the play is committed.

    def _profile_game(self, game: object) -> Game:
        g = _game(game)
        if g.profile_option is None:
            raise NotFound("{title} has no box profile.", title=g.title)
        return g

    def list_profiles(self, game: str) -> list[dict[str, Any]]:
        """The game's box profiles by name, each with how complete it is."""
        g = self._profile_game(game)
        return [{"name": name, "saved": saved, "status": g.check_profile(data).status}
                for name, data, saved in self.store.shelves.profiles(g.id)]

    def profile(self, game: str, name: str) -> dict[str, Any]:
        g = self._profile_game(game)
        found = self.store.shelves.profile(g.id, name)
        if found is None:
            raise NotFound("There is no box profile called {name}.", name=name)
        checked = g.check_profile(found[0])
        return {"name": name, "saved": found[1], "profile": checked.profile or json.loads(found[0]),
                "status": checked.status}

    def check_profile(self, game: str, data: Any) -> dict[str, Any]:
        """Every problem of a profile, each one sentence naming the field (the editor shows them)."""
        found = self._profile_game(game).check_profile(data)
        return {"ok": not found.problems, "problems": [p.to_json() for p in found.problems],
                "profile": found.profile, "status": found.status}

    def save_profile(self, game: str, name: str, data: Any, *,
                     rename_from: str | None = None) -> dict[str, Any]:
        """Check, then keep the profile under ``name`` (a correction, an import, a new one); a profile
        with a problem is refused with its first problem, and nothing is stored."""
        g = self._profile_game(game)
        name = _kept_name(name, PROFILE_NAME)
        found = g.check_profile(data)
        if found.problems or found.profile is None:
            first = (found.problems[0] if found.problems
                     else engines.Text("The box profile could not be read."))
            raise BadRequest(first.msgid, **first.params)
        profile = {**found.profile, "name": name}
        saved = time.time()
        text = json.dumps(profile, sort_keys=True)
        self.store.shelves.save_profile(g.id, name, text, saved, replaces=rename_from)
        return {"name": name, "saved": saved, "profile": profile, "status": found.status}

    def rename_profile(self, game: str, name: str, to: str) -> dict[str, Any]:
        g = self._profile_game(game)
        to = _kept_name(to, PROFILE_NAME)
        current = self.profile(g.id, name)
        if to != name and self.store.shelves.profile(g.id, to) is not None:
            raise Conflict("There is a box profile called {name} already.", name=to)
        return self.save_profile(g.id, to, current["profile"], rename_from=name)

    def delete_profile(self, game: str, name: str) -> None:
        g = self._profile_game(game)
        if self.store.shelves.profile(g.id, name) is None:
            raise NotFound("There is no box profile called {name}.", name=name)
        self.store.shelves.delete_profile(g.id, name)

    def learn(self, t: OpenTable) -> None:
        """Keep in the table's box profile what its players entered (caller holds the lock). The
        play is committed already: a store that fails now loses nothing the next play cannot learn."""
        g = t.game
        if g.profile_option is None:
            return
        learned = g.learned_profile(t.state)
        if not learned or learned == t.learned or not learned.get("name"):
            return
        name = str(learned["name"])
        stored = self.store.shelves.profile(g.id, name)
        base = json.loads(stored[0]) if stored else {"name": name}
        merged = g.merge_profile(base, learned)
        if merged != base:
            try:
                self.store.shelves.save_profile(g.id, name, json.dumps(merged, sort_keys=True), time.time())
            except StorageFailure:
                return
        t.learned = learned

    def fresh_profile(self, g: Game, options: dict[str, Any]) -> dict[str, Any]:
        """The options with the box profile as the store keeps it now (the next game)."""
        key = g.profile_option
        if key is None or not options.get(key):
            return options
        try:
            name = json.loads(str(options[key])).get("name")
        except (ValueError, AttributeError):
            return options
        found = self.store.shelves.profile(g.id, name) if isinstance(name, str) and name else None
        return {**options, key: found[0]} if found else options
