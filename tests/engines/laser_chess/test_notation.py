"""Text forms: the position notation round-trips, every action carries its move text."""

from __future__ import annotations

import pytest

from engines import IllegalAction
from engines.laser_chess import board as B
from engines.laser_chess.game import SETUPS
from engines.rng import Rng
from tests.engines.laser_chess.helpers import GAME


def random_position(rng: Rng) -> str:
    """A random legal-looking position: Lasers in their corners, one King a side, any other
    tokens anywhere, random side, ply, setup, house rules and history."""
    board = bytearray(B.SQUARES)
    for colour in (B.BLUE, B.RED):
        facing, rng = rng.choice(B.LASER_FACINGS[colour])
        board[B.LASER_SQUARE[colour]] = B.token(B.LASER, colour, facing)
    free = [sq for sq in range(B.SQUARES) if not board[sq]]
    free, rng = rng.shuffled(free)
    count, rng = rng.below(24)
    kinds = [B.KING, B.KING] + [B.DEFENDER, B.SWITCH, B.DEFLECTOR, B.DEFLECTOR] * 6
    for i in range(count + 2):
        kind = kinds[i]
        colour = i % 2 if kind == B.KING else rng.below(2)[0]
        rng = rng.below(2)[1]
        facing, rng = rng.below(len(B.FACINGS[kind]))
        board[free[i]] = B.token(kind, colour, facing)
    side, rng = rng.choice(["b", "r", "b=", "r="])
    ply, rng = rng.below(500)
    setup, rng = rng.choice(sorted(SETUPS))
    rules, rng = rng.choice(["-", "k", "s", "ks"])
    n, rng = rng.below(4)
    keys = []
    for _ in range(n):
        key, rng = rng.next64()
        keys.append(f"{key:016x}")
    from engines.laser_chess.notation import format_rows
    return f"{format_rows(bytes(board))} {side} {ply} {setup} {rules} {','.join(keys) or '-'}"


def test_position_notation_round_trips_on_thousands_of_random_positions() -> None:
    rng = Rng.from_seed(7)
    for i in range(3000):
        text = random_position(Rng.from_seed(rng.state + i))
        state = GAME.load(text)
        assert state.notation() == text
        assert GAME.load(state.notation()) == state
        # the board survives through the view too: each token shows where it stands
        assert len(state.view(None)["board"]) == sum(1 for c in state.board if c)


def test_setup_start_positions_in_notation() -> None:
    """Ace's row 8 reads: red Laser S, 3 empty, red Defender S, red King, red Defender S,
    red Deflector SE, 2 empty (notes 2.5)."""
    text = GAME.start(players=2, seed=0).notation()
    assert text.split("/")[0] == "lS3dSkdSfSE2"
    assert text.endswith(" b 0 ace - -")


@pytest.mark.parametrize(("text", "words"), [
    ("", "6 fields"),
    ("10/10/10/10/10/10/10/10 b 0 ace - -", "Laser"),
    ("lS9/10/10/10/10/10/10/9LN b 0 ace - -", "King"),
    ("lS9/3KK5/10/10/10/10/10/4k4LN b 0 ace - -", "King"),
    ("lS9/4k5/10/10/10/10/10/4K4LW x 0 ace - -", "side to move"),
    ("lS9/4k5/10/10/10/10/10/4K4LW b zero ace - -", "ply"),
    ("lS9/4k5/10/10/10/10/10/4K4LW b \u00b2 ace - -", "ply"),
    ("lS9/4k5/10/10/10/10/10/4K4LW b 0 ace - 12,zz", "hexadecimal"),
    ("lS9/4k5/10/10/10/10/10/4K4LW b 0 khet - -", "setup"),
    ("lS9/4k5/10/10/10/10/10/4K4LW b 0 ace q -", "House rules"),
    ("lS9/4k5/10/10/10/10/10/4K4LW b 0 ace - xyz", "hexadecimal"),
    ("lS9/4k5/10/10/10/10/10/4K4LE b 0 ace - -", "Laser"),
    ("lS9/4k5/10/10/10/10/10 b 0 ace - -", "8 rows"),
    ("lS9/4k6/10/10/10/10/10/4K4LN b 0 ace - -", "Row 7"),
    ("lS9/4k5/10/10/10/10/10/4Q4LN b 0 ace - -", "Cannot read"),
    ("lS9/4k5/10/10/10/10/10/4KLN3LN b 0 ace - -", "two Lasers"),
])
def test_bad_positions_say_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(IllegalAction, match=words):
        GAME.load(text)


def test_every_legal_action_carries_its_move_text_and_is_accepted_by_it_alone() -> None:
    """Moves e1e2 (a swap the same way), rotations e1+ / e1-, the laser turn on its own square."""
    state = GAME.start(players=2, seed=0, options={"setup": "ace"})
    for action in state.legal_actions(0):
        text = action["notation"]
        if action["type"] in ("move", "swap"):
            assert text == action["from"] + action["to"]
        else:
            assert text == action["square"] + ("+" if action["turn"] == "cw" else "-")
        by_text = state.apply(0, {"type": action["type"], "notation": text})
        assert by_text == state.apply(0, action)
    # Ace: the blue Switch on f4 may swap with the red Deflector on g3; e4's neighbours are
    # Switches (never swapped) or empty
    assert [a["notation"] for a in state.legal_actions(0) if a["type"] == "swap"] == ["f4g3"]


def test_mangled_positions_are_refused_or_read_never_crash() -> None:
    """Bad input gets a plain-language refusal, never a traceback: mutate a real position
    character by character and load each result."""
    text = GAME.start(players=2, seed=0, options={"setup": "mercury"}).apply(
        0, {"type": "move", "notation": "d2c3"}).notation()
    alphabet = "0123456789/\\ LKDSFlkdsfNESWbr=-,kx+"
    rng = Rng.from_seed(11)
    for _ in range(1500):
        pos, rng = rng.below(len(text))
        op, rng = rng.below(3)
        char, rng = rng.choice(alphabet)
        mangled = (text[:pos] + char + text[pos + 1:], text[:pos] + text[pos + 1:],
                   text[:pos] + char + text[pos:])[op]
        try:
            state = GAME.load(mangled)
        except IllegalAction:
            continue
        assert GAME.load(state.notation()) == state
    # huge numbers, very long texts and odd characters, in every field: refused at once (a run
    # of 9999999999 empty squares once asked for gigabytes), never a MemoryError or ValueError
    fields = text.split()
    rows = fields[0]

    def first_run_as(chars: str) -> str:
        """A plain position whose row 6 is ``chars`` instead of 10 empty squares."""
        return f"lS9/4k5/{chars}/10/10/10/10/4K4LN b 0 ace - -"

    assert GAME.load(first_run_as("10")).board.count(0) == 76     # the control reads

    hostile = [
        "9999999999 b 0 ace - -",
        f"{'9' * 5000} b 0 ace - -",
        first_run_as("9" * 40),
        f"{rows}/{'10/' * 200_000}10 b 0 ace - -",
        first_run_as("K" * 200_000),
        first_run_as("0" * 200_000 + "10"),
        first_run_as("0"),
        f"{rows} b {'9' * 5000} ace - -",
        f"{rows} b 99999999999999999999 ace - -",
        f"{rows} b 0 {'x' * 200_000} - -",
        f"{rows} b 0 ace {'k' * 200_000} -",
        f"{rows} {'b=' * 100_000} 0 ace - -",
        f"{rows} b 0 ace - {'f' * 5000}",
        f"{rows} b 0 ace - {','.join(['1'] * 10) + ',' + 'f' * 17}",
        f"{rows} b 0 ace - -1",
        f"{rows} b 0 ace - 0x1f",
        f"{rows} b 0 ace - 1_0",
        f"{rows} b 0 ace - ,",
        f"{rows} b \uff11 ace - -",
        first_run_as("\u0661\u0660"),          # Arabic-Indic "10"
        first_run_as("\x00"),
        first_run_as("\ud800"),
        first_run_as("\N{SUPERSCRIPT ONE}0"),
        " ".join([*fields[:5], "\u00e9"]),
        "/" * 1_000_000,
        "\u2003".join(fields[:5]) + "\u00a0x",
        " " * 1_000_000,
    ]
    for mangled in hostile:
        with pytest.raises(IllegalAction):
            GAME.load(mangled)
    # a long but honest history of earlier positions still reads
    keys = ",".join(f"{k:016x}" for k in range(20_000))
    assert len(GAME.load(f"{rows} b 0 ace - {keys}").history) == 20_000
