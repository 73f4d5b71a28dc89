"""A Laser Chess bot: alpha-beta (negamax) with iterative deepening, move ordering and a
transposition table, on the fast board of board.py.

Engines have no clock: the caller's ``stop()`` says when to answer. The bot asks it
every 256 nodes and always has a legal answer, because depth 1 is searched before
``stop()`` is first asked.

Evaluation, from the side to move: material (a Deflector 100, a Defender 120; Switches
and Lasers cannot be removed) plus the two beams as they stand: the side to move's beam
already on the enemy King is nearly a win, a beam on an enemy token is a threat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core import BotChoice, IllegalAction, Seat, State
from engines.laser_chess import board as B
from engines.laser_chess.state import LaserChessState
from engines.rng import Rng

WIN = 100_000
VALUE = [0] * B.MAX_CODE
for _code in B.VALID_CODES:
    VALUE[_code] = {B.DEFLECTOR: 100, B.DEFENDER: 120}.get(B.kind_of(_code), 0)
# Material by colour as byte tables, so a board's material is one C-level translate + sum
# (values in tens, to fit a byte).
_MATERIAL = tuple(bytes(VALUE[c] // 10 if c < B.MAX_CODE and B.colour_of(c) == colour else 0
                        for c in range(256)) for colour in (B.BLUE, B.RED))
KING_TARGET = 400      # my beam would hit the enemy King if I fired now
PIECE_TARGET = 40      # my beam would remove an enemy token if I fired now
SELF_HARM = 60         # my beam, as it stands, would remove one of my own tokens


class _Stop(Exception):
    pass


Child = tuple[int, B.Move, bytes, int, bool]
"""(order key, move, board after, terminal score or 0, quiet: the shot removed nothing)."""


class AlphaBetaBot:
    """``game.bot(max_depth=..)``: choose(state, seat, stop, seed) -> BotChoice with depth/nodes/score.

    The bot object holds only its settings; each ``choose`` searches with its own table,
    so one bot may serve several tables at once.
    """

    def __init__(self, max_depth: int = 32, check_every: int = 256, table_size: int = 400_000) -> None:
        for name, value in (("max_depth", max_depth), ("check_every", check_every),
                            ("table_size", table_size)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise IllegalAction("Bot setting {name} must be a positive whole number.", name=name)
        self.max_depth = max_depth
        self.check_every = check_every
        self.table_size = table_size

    def choose(self, state: State, seat: Seat, stop: Callable[[], bool], seed: int) -> BotChoice:
        if not isinstance(state, LaserChessState):
            raise IllegalAction("This bot plays Laser Chess only.")
        state.check_turn(seat)
        return _Search(self, state, stop).run(state, seed)


class _Search:
    """One search: its node count, transposition table and stop signal."""

    def __init__(self, bot: AlphaBetaBot, state: State, stop: Callable[[], bool]) -> None:
        assert isinstance(state, LaserChessState)
        self.max_depth = bot.max_depth
        self.check_every = bot.check_every
        self.table_size = bot.table_size
        self._stop = stop
        self._nodes = 0
        self._table: dict[tuple[bytes, int], tuple[int, int, int, B.Move | None]] = {}
        self._kr = state.king_rotation
        self._sr = state.swap_onto_restricted

    def run(self, state: Any, seed: int) -> BotChoice:
        stop = self._stop
        board, colour = state.board, state.to_move
        root = self._children(board, colour)
        self._nodes = 1 + len(root)
        order, _ = Rng.from_seed(seed).shuffled(range(len(root)))
        root = sorted((root[i] for i in order), key=lambda c: -c[0])   # stable: seed breaks ties
        best_move, best_score, depth = root[0][1], -WIN, 0
        for d in range(1, self.max_depth + 1):
            try:
                score, move = self._root(root, colour, d, check=d > 1)
            except _Stop:
                break
            best_move, best_score, depth = move, score, d
            root.sort(key=lambda c: c[1] != best_move)        # best first next time
            if abs(score) >= WIN - 100:                        # a forced result is found
                break
            if stop():
                break
        info: dict[str, Any] = {"depth": depth, "nodes": self._nodes, "score": best_score}
        if state.can_declare_draw and best_score < -PIECE_TARGET:
            return BotChoice({"type": "declare_draw", "notation": "draw"}, info)
        return BotChoice(state.move_action(best_move), info)

    # -- search ---------------------------------------------------------------

    def _children(self, board: bytes, colour: int) -> list[Child]:
        """Every move played and fired, with an ordering key (wins and captures first)."""
        out: list[Child] = []
        mask, hit = B.fire(board, colour)
        king = B.KING
        for move in B.generate(board, colour, self._kr, self._sr):
            f, t, x, y, touched = move
            nb = bytearray(board)
            nb[f] = x
            nb[t] = y
            h = B.fire(nb, colour)[1] if touched & mask else hit
            key, terminal = 0, 0
            if h >= 0:
                victim = nb[h]
                mine = (victim >> 2) & 1 == colour
                if victim >> 3 == king:
                    terminal = -WIN if mine else WIN
                    key = terminal
                else:
                    key = -VALUE[victim] if mine else VALUE[victim]
                nb[h] = 0
            out.append((key, move, bytes(nb), terminal, h < 0))
        return out

    def _root(self, root: list[Child], colour: int, depth: int, check: bool) -> tuple[int, B.Move]:
        alpha, beta = -WIN - 1, WIN + 1
        best = root[0][1]
        for _, move, nb, terminal, quiet in root:
            if terminal:
                score = terminal
            elif check:
                score = -self._search(nb, 1 - colour, depth - 1, -beta, -alpha, 1, quiet)
            else:
                score = -self._evaluate(nb, 1 - colour, quiet)
            if score > alpha:
                alpha, best = score, move
        return alpha, best

    def _search(self, board: bytes, colour: int, depth: int, alpha: int, beta: int, ply: int,
                quiet: bool) -> int:
        self._nodes += 1
        if self._nodes % self.check_every == 0 and self._stop():
            raise _Stop
        if depth <= 0:
            return self._evaluate(board, colour, quiet)
        key = (board, colour)
        entry = self._table.get(key)
        tt_move = None
        if entry is not None:
            e_depth, e_score, e_flag, tt_move = entry
            if e_depth >= depth and (e_flag == 0 or (e_flag > 0 and e_score >= beta)
                                     or (e_flag < 0 and e_score <= alpha)):
                return e_score
        children = self._children(board, colour)
        children.sort(key=lambda c: -c[0] - (1_000_000 if c[1] == tt_move else 0))
        alpha0 = alpha
        best_score, best_move = -WIN - 1, None
        other = 1 - colour
        for _, move, nb, terminal, quiet in children:
            if terminal:
                score = terminal - ply if terminal > 0 else terminal + ply   # prefer quick wins
            else:
                score = -self._search(nb, other, depth - 1, -beta, -alpha, ply + 1, quiet)
            if score > best_score:
                best_score, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        if not children:
            best_score = 0
        flag = 1 if best_score >= beta else (-1 if best_score <= alpha0 else 0)
        if len(self._table) >= self.table_size:
            self._table.clear()
        self._table[key] = (depth, best_score, flag, best_move)
        return best_score

    def _evaluate(self, board: bytes, colour: int, quiet: bool) -> int:
        """From ``colour``'s side. ``quiet``: the other side's shot that made this board removed
        nothing, so its beam, fired again on the same board, would not either."""
        score = 10 * (sum(board.translate(_MATERIAL[colour])) - sum(board.translate(_MATERIAL[1 - colour])))
        score += self._threat(board, colour)
        if not quiet:
            score -= self._threat(board, 1 - colour) // 2
        return score

    @staticmethod
    def _threat(board: bytes, colour: int) -> int:
        _, hit = B.fire(board, colour)
        if hit < 0:
            return 0
        victim = board[hit]
        mine = (victim >> 2) & 1 == colour
        if victim >> 3 == B.KING:
            return -KING_TARGET if mine else KING_TARGET
        return -SELF_HARM if mine else PIECE_TARGET
