"""The Laser Chess position: the door (dicts, events, views) around the fast core in board.py."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from engines.core import Action, Event, Game, IllegalAction, Outcome, Seat, State, View, event, outcome
from engines.laser_chess import board as B
from engines.laser_chess.explain import explain
from engines.laser_chess.notation import format_rows, rotation_square
from engines.laser_chess.words import COMPASS, PIECE_WORDS
from engines.text import Text


def token_json(sq: int, code: int) -> dict[str, str]:
    kind = B.kind_of(code)
    return {"square": B.SQUARE_NAMES[sq], "color": B.COLOURS[B.colour_of(code)],
            "piece": B.TYPE_NAMES[kind], "facing": B.FACINGS[kind][B.facing_of(code)]}


def _restricted() -> dict[str, list[str]]:
    return {"blue": list(B.BLUE_ONLY), "red": list(B.RED_ONLY)}


@dataclass(frozen=True)
class LaserChessState(State):
    """An immutable position: every field an immutable value, the next one made by
    ``_child`` (the one state pattern, :class:`engines.core.Working`). Equality is the position
    (the fields the notation holds): what happened on the way (events, removed tokens, the last
    move and beam, shown to the screens) is left out."""

    _game: Game = field(compare=False, repr=False)
    board: bytes
    to_move: int
    ply: int = 0
    setup: str = "ace"
    king_rotation: bool = False
    swap_onto_restricted: bool = False
    history: tuple[int, ...] = ()
    drawn: bool = False
    _events: tuple[Event, ...] = field(default=(), compare=False, repr=False)
    removed: tuple[dict[str, str], ...] = field(default=(), compare=False, repr=False)
    last_move: Event | None = field(default=None, compare=False, repr=False)
    last_beam: Event | None = field(default=None, compare=False, repr=False)

    def __repr__(self) -> str:
        return f"LaserChessState({self.notation()!r})"

    @property
    def game(self) -> Game:
        return self._game

    @property
    def players(self) -> int:
        return 2

    @cached_property
    def key(self) -> int:
        return B.position_key(self.board, self.to_move)

    @property
    def repetitions(self) -> int:
        """How many times the current position has occurred (this time included)."""
        return self.history.count(self.key) + 1

    # -- status ---------------------------------------------------------------

    @cached_property
    def _kings(self) -> tuple[bool, bool]:
        alive = [False, False]
        for code in self.board:
            if code >> 3 == B.KING:
                alive[(code >> 2) & 1] = True
        return alive[0], alive[1]

    @cached_property
    def outcome(self) -> Outcome | None:
        if self.drawn:
            return outcome([], Text("The players agreed a draw after the same position came up "
                                    "a third time."), {"tokens_left": self._tokens_left()})
        blue, red = self._kings
        if blue and red:
            return None
        winner = 0 if blue else 1
        loser = 1 - winner
        shooter = self._last_shooter()
        if shooter == loser:
            reason = Text("{king_seat} hit their own King with their laser: {seat} wins.",
                          {"king_seat": loser, "seat": winner})
        else:
            reason = Text("{seat}'s laser hit {king_seat}'s King: {seat} wins.",
                          {"seat": winner, "king_seat": loser})
        return outcome([winner], reason, {"tokens_left": self._tokens_left()})

    def _last_shooter(self) -> int:
        if self.last_beam is not None:
            return int(self.last_beam["seat"])
        return 1 - self.to_move

    def _tokens_left(self) -> dict[str, int]:
        counts = [0, 0]
        for code in self.board:
            if code:
                counts[(code >> 2) & 1] += 1
        return {"blue": counts[0], "red": counts[1]}

    @property
    def awaiting(self) -> tuple[Seat, ...]:
        return () if self.outcome is not None else (self.to_move,)

    @property
    def events(self) -> list[Event]:
        return copy.deepcopy(list(self._events))

    @property
    def can_declare_draw(self) -> bool:
        return self.outcome is None and self.repetitions >= 3

    # -- actions --------------------------------------------------------------

    def moves(self) -> list[B.Move]:
        """The fast-path moves of the side to move (what perft and the bot use)."""
        if self.outcome is not None:
            return []
        return B.generate(self.board, self.to_move, self.king_rotation, self.swap_onto_restricted)

    def move_action(self, move: B.Move) -> Action:
        f, t, x, _, _ = move
        names = B.SQUARE_NAMES
        if f != t:
            kind = "swap" if self.board[t] else "move"
            return {"type": kind, "from": names[f], "to": names[t], "notation": names[f] + names[t]}
        turn = next(tr for new, tr in B.ROTATIONS[self.king_rotation][self.board[f]] if new == x)
        return {"type": "rotate", "square": names[f], "turn": "cw" if turn > 0 else "ccw",
                "notation": names[f] + ("+" if turn > 0 else "-")}

    @cached_property
    def _by_notation(self) -> dict[str, B.Move]:
        return {self.move_action(m)["notation"]: m for m in self.moves()}

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.awaiting:
            return []
        actions = [self.move_action(m) for m in self.moves()]
        if self.can_declare_draw:
            actions.append({"type": "declare_draw", "notation": "draw"})
        return actions

    def normalize(self, seat: Seat, action: Mapping[str, Any]) -> Mapping[str, Any]:
        """A move named by its squares alone (a phone may name a Switch swap as a move); a
        rotation by either sign where only one is offered (a Switch's, or as a house rule a
        King's, two turns give one state, and the Laser has one other direction)."""
        if action.get("type") == "move" and set(action) <= {"type", "from", "to", "notation"}:
            # a phone that only knows "from" and "to" may name a Switch swap as a move
            text = f"{action.get('from')}{action.get('to')}" if "from" in action else action.get("notation")
            if "notation" in action and action["notation"] != text:
                text = None
            move = self._by_notation.get(text) if isinstance(text, str) else None
            if move is not None and self.board[move[1]] and move[0] != move[1]:
                return self.move_action(move)
        if action.get("type") == "rotate":
            sq = rotation_square(action)
            if sq >= 0 and action.get("turn", "cw") in ("cw", "ccw"):
                code = self.board[sq]
                if code and B.kind_of(code) in (B.SWITCH, B.KING, B.LASER) and B.colour_of(code) == seat:
                    offered = [a for a in self.legal_actions(seat)
                               if a["type"] == "rotate" and a["square"] == B.SQUARE_NAMES[sq]]
                    if len(offered) == 1:
                        return offered[0]
        return action

    def explain_illegal(self, seat: Seat, action: Mapping[str, Any]) -> IllegalAction:
        return explain(self.board, self.repetitions, seat, action)

    def _apply(self, seat: Seat, action: Action) -> LaserChessState:
        if action["type"] == "declare_draw":
            ev = event("draw_declared", seat=seat,
                       say=Text("{seat} declared a draw: this position has come up a third time.",
                                {"seat": seat}))
            nxt = self._child(self.board, self.history, drawn=True, events=(ev,))
            return nxt._with_game_over()
        move = self._by_notation[action["notation"]]
        return self._play(seat, move, action)

    def _play(self, seat: Seat, move: B.Move, action: Action) -> LaserChessState:
        f, t, x, y, _ = move
        nb = bytearray(self.board)
        nb[f] = x
        nb[t] = y
        shot = B.trace(nb, seat)
        removed_token = None
        if shot.hit >= 0:
            removed_token = token_json(shot.hit, nb[shot.hit])
            nb[shot.hit] = 0
        board = bytes(nb)
        move_ev = self._move_event(seat, move, action)
        beam_ev = _beam_event(seat, shot, removed_token)
        # A removal can never be undone, so no earlier position can come back.
        history = () if removed_token else (*self.history, self.key)
        nxt = self._child(board, history, events=(move_ev, beam_ev),
                          removed=self.removed + ((removed_token,) if removed_token else ()),
                          last_move=move_ev, last_beam=beam_ev)
        return nxt._with_game_over()

    def _child(self, board: bytes, history: tuple[int, ...], *, drawn: bool = False,
               events: tuple[Event, ...] = (), removed: tuple[dict[str, str], ...] | None = None,
               last_move: Event | None = None, last_beam: Event | None = None) -> LaserChessState:
        return LaserChessState(
            self._game, board, self.to_move if drawn else 1 - self.to_move, ply=self.ply + 1,
            setup=self.setup, king_rotation=self.king_rotation,
            swap_onto_restricted=self.swap_onto_restricted, history=history, drawn=drawn,
            _events=events, removed=self.removed if removed is None else removed,
            last_move=last_move if last_move is not None else (None if not drawn else self.last_move),
            last_beam=last_beam if last_beam is not None else (None if not drawn else self.last_beam))

    def _with_game_over(self) -> LaserChessState:
        result = self.outcome
        if result is None:
            return self
        return replace(self, _events=(*self._events, event(
            "game_over", winners=result["winners"], reason=result["reason"],
            say=Text.from_json(result["say"]))))

    def _move_event(self, seat: Seat, move: B.Move, action: Action) -> Event:
        f, t, x, y, _ = move
        names = B.SQUARE_NAMES
        moved = self.board[f]
        piece = PIECE_WORDS[B.kind_of(moved)]
        if action["type"] == "rotate":
            kind = "laser_turn" if B.kind_of(moved) == B.LASER else "rotate"
            turned = token_json(f, x)
            if kind == "laser_turn":
                say = Text("{seat} turned their Laser to face {facing}.",
                           {"seat": seat, "facing": COMPASS[turned["facing"]]})
            else:
                say = Text("{seat} turned the {piece} on {square} clockwise." if action["turn"] == "cw"
                           else "{seat} turned the {piece} on {square} anticlockwise.",
                           {"seat": seat, "piece": piece, "square": names[f]})
            return _move(kind, event("move", seat=seat, notation=action["notation"], turn=action["turn"],
                                     square=names[f], piece=turned, say=say), names[f], names[f])
        if action["type"] == "swap":
            swapped = token_json(f, x)
            return _move("swap", event("move", seat=seat, notation=action["notation"], square=names[t],
                         piece=token_json(t, y), swapped=swapped,
                         say=Text("{seat}'s Switch on {from_square} swapped places with "
                                  "{other_seat}'s {piece} on {to_square}.",
                                  {"seat": seat, "from_square": names[f], "to_square": names[t],
                                   "other_seat": B.colour_of(x), "piece": PIECE_WORDS[B.kind_of(x)]})),
                         names[f], names[t])
        return _move("step", event("move", seat=seat, notation=action["notation"], square=names[t],
                     piece=token_json(t, y),
                     say=Text("{seat} moved the {piece} from {from_square} to {to_square}.",
                              {"seat": seat, "piece": piece, "from_square": names[f],
                               "to_square": names[t]})), names[f], names[t])

    # -- what players see -----------------------------------------------------

    def view(self, seat: Seat | None) -> View:
        """Everything is public in Laser Chess: every seat sees the same view."""
        board = self.board
        return {
            "board": [token_json(sq, code) for sq, code in enumerate(board) if code],
            "to_move": self.to_move if self.outcome is None else None,
            "setup": self.setup,
            "last_beam": _copy(self.last_beam),
            "last_move": _copy(self.last_move),
            "removed": [dict(t) for t in self.removed],
            "restricted": _restricted(),
            "can_declare_draw": self.can_declare_draw,
            "repetitions": self.repetitions,
            "ply": self.ply,
            "notation": self.notation(),
            "house_rules": {"king_rotation": self.king_rotation,
                            "swap_onto_restricted": self.swap_onto_restricted},
        }

    def notation(self) -> str:
        side = "br"[self.to_move] + ("=" if self.drawn else "")
        rules = ("k" if self.king_rotation else "") + ("s" if self.swap_onto_restricted else "")
        history = ",".join(f"{k:016x}" for k in self.history) or "-"
        return f"{format_rows(self.board)} {side} {self.ply} {self.setup} {rules or '-'} {history}"


def _move(kind: str, ev: Event, from_square: str, to_square: str) -> Event:
    # event()'s first parameter is also called kind, and "from" is a keyword
    ev.update({"kind": kind, "from": from_square, "to": to_square})
    return ev


def _copy(ev: Event | None) -> Event | None:
    return copy.deepcopy(ev) if ev is not None else None


def _beam_event(seat: Seat, shot: B.Trace, removed: dict[str, str] | None) -> Event:
    names = B.SQUARE_NAMES
    path = [names[s] for s in shot.path]
    king_hit = removed is not None and removed["piece"] == "king"
    if shot.stopped_at < 0:
        last = names[shot.path[-1]]
        exit_ = {"square": last, "direction": B.DIRS[shot.exit_dir]}
        say = Text("{seat}'s laser left the board at {square}, heading {direction}.",
                   {"seat": seat, "square": last, "direction": COMPASS[B.DIRS[shot.exit_dir]]})
        stopped = None
    else:
        exit_ = None
        stopped = names[shot.stopped_at]
        if removed is None:
            say = Text("{seat}'s laser was stopped at {square}.", {"seat": seat, "square": stopped})
        elif king_hit:
            say = Text("{seat}'s laser hit {owner_seat}'s King on {square}!",
                       {"seat": seat, "owner_seat": B.COLOURS.index(removed["color"]), "square": stopped})
        else:
            say = Text("{seat}'s laser removed {owner_seat}'s {piece} on {square}.",
                       {"seat": seat, "owner_seat": B.COLOURS.index(removed["color"]),
                        "piece": PIECE_WORDS[{v: k for k, v in B.TYPE_NAMES.items()}[removed["piece"]]],
                        "square": stopped})
    return event("laser", seat=seat, path=path, exit=exit_, stopped_at=stopped,
                 removed=dict(removed) if removed else None, king_hit=king_hit, say=say)
