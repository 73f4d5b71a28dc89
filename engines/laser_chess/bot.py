"""A Laser Chess bot: alpha-beta (negamax, principal-variation search) with iterative deepening,
a transposition table, and move ordering (the table's move, killer moves, captures, history), on
the fast board of board.py.

Engines have no clock: the caller's ``stop()`` says when to answer. The bot asks it
every 256 nodes and always has a legal answer, because depth 1 is searched before
``stop()`` is first asked.

Evaluation, from the side to move: material (a Deflector 100, a Defender 120; Switches
and Lasers cannot be removed) plus the two beams as they stand: the side to move's beam
already on the enemy King is nearly a win, a beam on an enemy token is a threat.

Where the time goes: almost every position a search scores is a leaf one move below a node at
depth 1 (``_frontier``). Those are scored without being built: a move that touches none of the
squares the beams cross leaves both beams as they are, so every such move scores the same, from
the beams fired once at that node; only the moves that touch a beam are played and fired.

The transposition table is a fixed number of slots (``table_size``) in three flat arrays made when
a search starts and dropped when it answers: 24 bytes a slot, whatever the number of positions
searched (see :class:`_Table`).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import Any, Final
from zlib import crc32

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


def _threat(colour: int, code: int) -> int:
    if B.kind_of(code) == B.KING:
        return -KING_TARGET if B.colour_of(code) == colour else KING_TARGET
    return -SELF_HARM if B.colour_of(code) == colour else PIECE_TARGET


THREAT: Final = tuple(tuple(_threat(colour, c) if c in B.VALID_CODES else 0 for c in range(B.MAX_CODE))
                      for colour in (B.BLUE, B.RED))
"""``THREAT[colour][token]``: what ``colour``'s beam standing on that token is worth to ``colour``."""
GAIN: Final = tuple(tuple(-VALUE[c] if B.colour_of(c) == colour else VALUE[c] for c in range(B.MAX_CODE))
                    for colour in (B.BLUE, B.RED))
"""``GAIN[colour][token]``: the material ``colour`` gains when its shot removes that token."""
HISTORY_CAP = 1 << 20  # history scores stay below a capture's ordering key (see _order)


class _Stop(Exception):
    pass


Child = tuple[int, B.Move, bytes, int, bool]
"""(order key, move, board after, terminal score or 0, quiet: the shot removed nothing)."""


TABLE_SIZE = 50_000
"""The transposition table's slots by default (1.2 MB): enough for depth 5 from Ace (docs/laser-chess.md)."""
SLOT_BYTES = 24
"""What one slot of the table takes: a check word and a packed entry (8 bytes each) and a reference
to its move (one of the move tables' tuples, shared, so the reference is all a slot holds)."""
_SCORE_OFFSET = WIN + 1


class _Table:
    """The transposition table: ``size`` slots, each one position's depth, score, bound and best move.

    A position's slot is the CRC-32 of its board (and the side to move) modulo ``size``: the same
    slot in every process, so a search is repeatable. A slot keeps the position's ``hash()`` (with
    the side to move) to tell it from the other positions of that slot, and one int packing
    ``depth | bound << 8 | generation << 10 | score << 18`` (bound: 0 = upper, 1 = exact,
    2 = lower; generation: the iteration that wrote it). A position takes its slot when the slot is
    its own, empty, from an earlier iteration, or no deeper than its own result: the deep results
    of this iteration stay, the rest is replaced. Nothing else is kept, so the table's memory is
    ``size * SLOT_BYTES`` from the start to the end of a search, and it goes with the search.

    Another position in the same slot with the same ``hash()`` would be taken for this one: about
    once in 2**64 looks on a 64-bit Python (2**32 on a 32-bit one). Its move is checked against
    the board before it is played, as a killer move is, so the search only ever plays legal moves.
    """

    __slots__ = ("checks", "entries", "generation", "moves", "size")

    def __init__(self, size: int) -> None:
        self.size = size
        self.checks = array("q", [0]) * size
        self.entries = array("q", [0]) * size
        self.moves: list[B.Move | None] = [None] * size
        self.generation = 0

    def filled(self) -> int:
        """The slots holding a position (for the bench)."""
        return self.size - self.checks.count(0)


class AlphaBetaBot:
    """``game.bot(max_depth=..)``: choose(state, seat, stop, seed) -> BotChoice with depth/nodes/score.

    The bot object holds only its settings; each ``choose`` searches with its own table, made when
    it starts and dropped when it answers, so one bot may serve several tables at once and a bot
    kept between moves (or after its game) holds no table.
    """

    def __init__(self, max_depth: int = 32, check_every: int = 256, table_size: int = TABLE_SIZE) -> None:
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


def material(board: bytes, colour: int) -> int:
    """``colour``'s material minus the other side's."""
    return 10 * (sum(board.translate(_MATERIAL[colour])) - sum(board.translate(_MATERIAL[1 - colour])))


def evaluate(board: bytes, colour: int, quiet: bool) -> int:
    """From ``colour``'s side. ``quiet``: the other side's shot that made this board removed
    nothing, so its beam, fired again on the same board, would not either."""
    score = material(board, colour)
    hit = B.fire(board, colour)[1]
    if hit >= 0:
        score += THREAT[colour][board[hit]]
    if not quiet:
        hit = B.fire(board, 1 - colour)[1]
        if hit >= 0:
            score -= THREAT[1 - colour][board[hit]] // 2
    return score


def children(board: bytes, colour: int, king_rotation: bool, swap_onto_restricted: bool) -> list[Child]:
    """Every move played and fired, with an ordering key (wins and captures first)."""
    out: list[Child] = []
    mask, hit = B.fire(board, colour)
    for move in B.generate(board, colour, king_rotation, swap_onto_restricted):
        f, t, x, y, touched = move
        nb = bytearray(board)
        nb[f] = x
        nb[t] = y
        h = B.fire(nb, colour)[1] if touched & mask else hit
        key, terminal = 0, 0
        if h >= 0:
            victim = nb[h]
            if victim >> 3 == B.KING:
                terminal = -WIN if (victim >> 2) & 1 == colour else WIN
                key = terminal
            else:
                key = GAIN[colour][victim]
            nb[h] = 0
        out.append((key, move, bytes(nb), terminal, h < 0))
    return out


def _quiet_move(board: bytes, colour: int, watch: int, king_rotation: bool) -> B.Move | None:
    """A move (a turn or a step) touching no square of ``watch``, or None if no move does (a
    Switch's swap is not looked for: a Switch off ``watch`` has a turn that touches nothing)."""
    steps, turns_by_rule = B.move_tables()
    turns, bit = turns_by_rule[king_rotation], B.BIT
    for sq in range(B.SQUARES) if colour == B.BLUE else range(B.SQUARES - 1, -1, -1):
        code = board[sq]
        if not code or (code >> 2) & 1 != colour or bit[sq] & watch:
            continue
        if turns[code][sq]:
            return turns[code][sq][0]
        for n, move in steps[code][sq]:
            if not board[n] and not bit[n] & watch:
                return move
    return None


def _legal(board: bytes, move: B.Move, king_rotation: bool) -> bool:
    """Whether a move made in another position of the same search (a killer move of this ply, so
    of the same side) may be made here: its token still stands where it did, and the square it
    goes to is as it was (empty for a step, the same token for a swap). A killer move was
    generated, so :data:`board.TURNS` is made."""
    f, t, x, y, _ = move
    if f != t:
        return board[f] == y and board[t] == x
    return move in B.TURNS[king_rotation][board[f]][f]


class _Search:
    """One search: its node count, transposition table, killer moves, history and stop signal."""

    def __init__(self, bot: AlphaBetaBot, state: LaserChessState, stop: Callable[[], bool]) -> None:
        self.max_depth = bot.max_depth
        self.check_every = bot.check_every
        self._stop = stop
        self._nodes = 0
        self._next_check = bot.check_every
        self.table = _Table(bot.table_size)
        self._killers: list[list[B.Move | None]] = [[None, None] for _ in range(bot.max_depth + 2)]
        self._history: dict[B.Move, int] = {}
        self._kr = state.king_rotation
        self._sr = state.swap_onto_restricted

    def run(self, state: LaserChessState, seed: int) -> BotChoice:
        stop = self._stop
        board, colour = state.board, state.to_move
        root = children(board, colour, self._kr, self._sr)
        self._nodes = 1 + len(root)
        order, _ = Rng.from_seed(seed).shuffled(range(len(root)))
        root = sorted((root[i] for i in order), key=lambda c: -c[0])   # stable: seed breaks ties
        best_move, best_score, depth = root[0][1], -WIN, 0
        for d in range(1, self.max_depth + 1):
            self.table.generation = d & 0xFF
            try:
                score, move = self._root(root, colour, d)
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

    def _root(self, root: list[Child], colour: int, depth: int) -> tuple[int, B.Move]:
        """The best root move at ``depth``: the first searched with the full window, the others
        with a null window (principal-variation search) and again only if they beat it."""
        alpha, beta = -WIN - 1, WIN + 1
        best = root[0][1]
        other = 1 - colour
        for _, move, nb, terminal, quiet in root:
            if terminal:
                score = terminal
            elif depth == 1:
                score = -evaluate(nb, other, quiet)
            elif alpha == -WIN - 1:
                score = -self._search(nb, other, depth - 1, -beta, -alpha, 1)
            else:
                score = -self._search(nb, other, depth - 1, -alpha - 1, -alpha, 1)
                if score > alpha:
                    score = -self._search(nb, other, depth - 1, -beta, -alpha, 1)
            if score > alpha:
                alpha, best = score, move
        return alpha, best

    def _search(self, board: bytes, colour: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The score of ``board`` with ``colour`` to move, searched ``depth`` >= 1 plies deep."""
        self._nodes += 1
        if self._nodes >= self._next_check:
            self._next_check = self._nodes + self.check_every
            if self._stop():
                raise _Stop
        table = self.table
        checks, entries = table.checks, table.entries
        slot = crc32(board, colour) % table.size
        check = hash(board) ^ colour
        tt_move = None
        own = checks[slot] == check
        if own:
            entry = entries[slot]
            if entry & 0xFF >= depth:
                bound, e_score = entry >> 8 & 3, (entry >> 18) - _SCORE_OFFSET
                if bound == 1 or (bound == 2 and e_score >= beta) or (bound == 0 and e_score <= alpha):
                    return e_score
            tt_move = table.moves[slot]
            if tt_move is not None and not _legal(board, tt_move, self._kr):
                tt_move = None   # another board with the same slot and hash() (see _Table)
        if depth == 1:
            best_score, best_move = self._frontier(board, colour, alpha, beta, ply)
        else:
            best_score, best_move = self._interior(board, colour, depth, alpha, beta, ply, tt_move)
        old, generation = entries[slot], table.generation   # own: a position below may have taken it
        if own or old >> 10 & 0xFF != generation or depth >= old & 0xFF:
            bound = 2 if best_score >= beta else (0 if best_score <= alpha else 1)
            checks[slot] = check
            entries[slot] = ((best_score + _SCORE_OFFSET) << 18 | generation << 10 | bound << 8
                             | min(depth, 0xFF))
            table.moves[slot] = best_move
        return best_score

    def _interior(self, board: bytes, colour: int, depth: int, alpha: int, beta: int, ply: int,
                  tt_move: B.Move | None) -> tuple[int, B.Move | None]:
        # search code: one loop over the ordered moves with PVS, cut-offs and the killer and
        # history updates inline; split up, each child would pay a call and a tuple in the hot loop.
        mask, hit = B.fire(board, colour)
        other = 1 - colour
        best_score, best_move = -WIN - 1, None
        first = [tt_move] if tt_move is not None else []   # the table's move is this board's
        first += [k for k in self._killers[ply]
                  if k is not None and k != tt_move and _legal(board, k, self._kr)]
        searched = 0
        for stage in (0, 1):
            if stage == 0:
                batch = [self._play(board, colour, m, mask, hit) for m in first]
            else:                              # no cut-off yet: every move, generated only now
                moves = B.generate(board, colour, self._kr, self._sr)
                if not moves:
                    return 0, None
                batch = self._order(board, colour, moves, first, mask, hit)
            for gain, move, nb, terminal in batch:
                if terminal:
                    score = terminal - ply if terminal > 0 else terminal + ply   # prefer quick wins
                elif searched == 0:
                    score = -self._search(nb, other, depth - 1, -beta, -alpha, ply + 1)
                else:
                    score = -self._search(nb, other, depth - 1, -alpha - 1, -alpha, ply + 1)
                    if alpha < score < beta:
                        score = -self._search(nb, other, depth - 1, -beta, -alpha, ply + 1)
                searched += 1
                if score > best_score:
                    best_score, best_move = score, move
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            if not gain and not terminal:
                                self._cut_by_quiet(move, ply, depth)
                            return best_score, best_move
        return best_score, best_move

    def _cut_by_quiet(self, move: B.Move, ply: int, depth: int) -> None:
        killers = self._killers[ply]
        if killers[0] != move:
            killers[1], killers[0] = killers[0], move
        history = self._history
        history[move] = min(history.get(move, 0) + depth * depth, HISTORY_CAP - 1)

    def _play(self, board: bytes, colour: int, move: B.Move, mask: int,
              hit: int) -> tuple[int, B.Move, bytes, int]:
        """(material gained, move, board after, terminal score or 0): ``mask`` and ``hit`` are
        the beam of ``colour`` on ``board``, fired again only if the move touches it."""
        f, t, x, y, touched = move
        nb = bytearray(board)
        nb[f] = x
        nb[t] = y
        h = B.fire(nb, colour)[1] if touched & mask else hit
        if h < 0:
            return 0, move, bytes(nb), 0
        victim = nb[h]
        if victim >> 3 == B.KING:
            return 0, move, b"", -WIN if (victim >> 2) & 1 == colour else WIN
        nb[h] = 0
        return GAIN[colour][victim], move, bytes(nb), 0

    def _order(self, board: bytes, colour: int, moves: list[B.Move], skip: list[B.Move], mask: int,
               hit: int) -> list[tuple[int, B.Move, bytes, int]]:
        """Every move but ``skip``, played: wins first, then by material gained, then by history."""
        history = self._history
        played = [self._play(board, colour, m, mask, hit) for m in moves if m not in skip]
        played.sort(key=lambda c: -(c[3] or c[0]) * HISTORY_CAP - history.get(c[1], 0))
        return played

    def _frontier(self, board: bytes, colour: int, alpha: int, beta: int,
                  ply: int) -> tuple[int, B.Move | None]:
        # search code: the leaves, scored without building them (the module docstring says how);
        # this is where nearly all the search's time goes, so the beams and sums stay inline.
        other = 1 - colour
        fire = B.fire
        mine, hit = fire(board, colour)
        base = material(board, colour)
        after, s0, again, theirs, y_term, x_term = board, 0, 0, 0, 0, 0
        threat_me, threat_them = THREAT[colour], THREAT[other]
        if hit >= 0 and board[hit] >> 3 == B.KING:          # every move that leaves my beam wins (or loses)
            s0 = WIN - ply if (board[hit] >> 2) & 1 == other else ply - WIN
            watch = mine
        else:
            if hit >= 0:
                nb = bytearray(board)
                nb[hit] = 0
                after = bytes(nb)
                again, h2 = fire(after, colour)
                x_term = threat_me[after[h2]] // 2 if h2 >= 0 else 0
            theirs, ho = fire(after, other)
            y_term = threat_them[after[ho]] if ho >= 0 else 0
            s0 = base + (GAIN[colour][board[hit]] if hit >= 0 else 0) + x_term - y_term
            watch = mine | theirs | again
        quiet = _quiet_move(board, colour, watch, self._kr)   # the moves that touch no beam share s0
        if quiet is not None and s0 >= beta:
            self._nodes += 1
            return s0, quiet
        best_score, best_move = (s0, quiet) if quiet is not None else (-WIN - 1, None)
        scored = 0
        for move in B.generate(board, colour, self._kr, self._sr, watch):
            f, t, x, y, touched = move
            if not touched & watch:
                continue
            scored += 1
            nb = bytearray(board)
            nb[f] = x
            nb[t] = y
            h = fire(nb, colour)[1] if touched & mine else hit
            # each beam is fired again only if the move touched it (or my shot now removes another token)
            if h < 0:
                if hit < 0 and not touched & theirs:
                    score = base - y_term
                else:
                    ho = fire(nb, other)[1]
                    score = base - (threat_them[nb[ho]] if ho >= 0 else 0)
            elif nb[h] >> 3 == B.KING:
                score = WIN - ply if (nb[h] >> 2) & 1 == other else ply - WIN
            else:
                score = base + GAIN[colour][nb[h]]
                nb[h] = 0
                if h == hit and not touched & theirs:
                    score -= y_term
                else:
                    ho = fire(nb, other)[1]
                    score -= threat_them[nb[ho]] if ho >= 0 else 0
                if h == hit and not touched & again:
                    score += x_term
                else:
                    h2 = fire(nb, colour)[1]
                    score += threat_me[nb[h2]] // 2 if h2 >= 0 else 0
            if score > best_score:
                best_score, best_move = score, move
                if score >= beta:
                    break
        self._nodes += scored + (quiet is not None)
        if best_move is None:
            return 0, None
        return best_score, best_move
