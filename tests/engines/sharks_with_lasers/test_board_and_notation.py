"""The boards as data (option ``board``), the position notation, and the bot."""

from __future__ import annotations

import pytest

from engines.core import TABLE, IllegalAction, RandomBot, State
from engines.playout import chance_pick
from engines.rng import Rng
from engines.sharks_with_lasers import GAME
from engines.sharks_with_lasers.board import NAMED
from tests.engines.sharks_with_lasers.helpers import pos, resolve_round, sharks


def test_default_boards_come_from_the_data_file_by_player_count() -> None:
    """PREPARATION: "(board for 3 to 4 players) (board for 2 players) ... The sharks all face the
    boat at the start." (Sizes and squares are DEFAULTS from layouts.json: the pictures were lost.)"""
    two = GAME.start(players=2, seed=0).view(None)
    four = GAME.start(players=4, seed=0).view(None)
    assert (two["board"]["width"], two["board"]["height"]) == (NAMED["2p"].width, NAMED["2p"].height)
    assert four["board"]["name"] == "3-4p"
    assert four["board"]["edges"] == {"N": "beach", "S": "boat", "W": "open", "E": "open"}
    assert all(s["facing"] == "S" for s in four["sharks"])


def test_the_table_can_correct_the_board_with_a_layout_text() -> None:
    state = GAME.start(players=3, seed=0, options={"board": "ours:8x10:wall-open:a1-h2:c6S.d6S.e6N"})
    view = state.view(None)
    assert (view["board"]["width"], view["board"]["height"]) == (8, 10)
    assert len(view["board"]["start_zone"]) == 16
    assert [s["square"] + s["facing"] for s in view["sharks"]] == ["c6S", "d6S", "e6N"]
    assert GAME.load(state.notation()) == state


@pytest.mark.parametrize(("layout", "reason"), [
    ("x:7x9:open-open:a1-g1:b5S.d5S.h5S", "black shark on h5, which is not on a 7 by 9 board"),
    ("x:7x9:open-open:-:b5S.d5S.f5S", "start zone"),
    ("x:7x9:open-open:a1+b1:b5S.d5S.f5S", "at least four squares"),
    ("x:7x9:open-open:a1-g1:b5S.b5S.f5S", "same square"),
    ("x:7x9:lava-open:a1-g1:b5S.d5S.f5S", "open (water) or wall"),
    ("x:7x9:open-open:a1-g1:b5S.d5S", "white, grey and black"),
    ("x:7x9:open-open:a1-g1:b5S.d5S.f5Q", "square and a facing"),
    ("x:99x9:open-open:a1-g1:b5S.d5S.f5S", "between 3 and 26 squares"),
    ("wonky", "no board called wonky"),
])
def test_a_bad_layout_is_refused_with_a_reason(layout: str, reason: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        GAME.start(players=2, seed=0, options={"board": layout})
    assert reason.lower() in str(refused.value).lower()


def test_a_wall_side_turns_a_shark_round_like_the_boat() -> None:
    """Ruling (notes 1.2): a closed side ("wall") acts like the boat and beach edges for sharks."""
    state = pos(2, board="w:7x9:wall-open:a1-g1:a5W.d5S.f5S", agents="c1.e1", white="0F")
    state, _ = resolve_round(state)
    assert sharks(state)[0] == "a5E"


def test_notation_round_trips_mid_resolution_with_a_choice_pending() -> None:
    state = pos(3, agents="b3.d3.g1", sharks="b5S.e5S.f5S", onagent="d/-/-", white="2S2S2S")
    state, _ = resolve_round(state)
    assert state.phase == "choice"
    text = state.notation()
    assert GAME.load(text) == state and GAME.load(text).notation() == text
    assert "pending=deflect:0:" in text and "pc=" in text


@pytest.mark.parametrize("text", [
    "chess 8/8/8", "swl players=9", "swl agents=z1.a1", "swl players=2 agents=b5.-",
    "swl players=2 hands=Q/-", "swl colour=red", "swl phase=dancing", "swl players=2 onagent=FFF/-",
])
def test_a_malformed_position_is_refused_in_words(text: str) -> None:
    with pytest.raises(IllegalAction):
        GAME.load(text)


def play_game(players: int, seed: int, bot_seat: int, specials: bool) -> State:
    bot, other = GAME.bot(), RandomBot()
    state: State = GAME.start(players=players, seed=seed, options={"specials": specials})
    rng = Rng.from_seed(seed)
    for ply in range(3000):
        if not state.awaiting:
            break
        seat = state.awaiting[0]
        if seat == TABLE:
            action, rng = chance_pick(state, rng)
        else:
            chooser = bot if seat == bot_seat else other
            action = chooser.choose(state, seat, lambda: False, seed * 7919 + ply).action
        state = state.apply(seat, action)
    return state


def test_the_bot_plays_legal_cards_and_beats_random_players_in_most_games() -> None:
    """The companion can seat a bot: it plays legal cards with a simple plan that beats random play
    in most games (here: one bot against two random players, 8 games, seats rotating)."""
    wins = 0
    for seed in range(8):
        final = play_game(3, seed, seed % 3, specials=seed % 2 == 1)
        assert final.outcome is not None
        wins += (seed % 3) in final.outcome["winners"]
    assert wins >= 5      # a random player would win about a third


@pytest.mark.parametrize("text", [
    "swl players=2 phase=choice", "swl players=2 phase=place queue=-", "swl players=2 phase=over",
    "swl players=2 phase=play winner=0:beach", "swl players=2 phase=choice pending=push:0:x",
    "swl players=2 phase=deal", "swl players=2 pc=5", "swl players=2 phase=pre queue=1 turn=0",
])
def test_a_position_whose_parts_do_not_fit_is_refused(text: str) -> None:
    """A bug report's position is checked when loaded, so it can never crash the door later."""
    with pytest.raises(IllegalAction):
        GAME.load(text)


def test_option_validation_already_refuses_a_bad_board() -> None:
    """The host page checks options before the game starts: the reason comes back at once."""
    with pytest.raises(IllegalAction, match="black shark on z9"):
        GAME.validate_options({"board": "x:7x9:open-open:a1-g1:b5S.d5S.z9S"})
    assert GAME.validate_options({"board": "2p"})["board"] == "2p"


@pytest.mark.parametrize(("text", "seat", "count"), [
    # phase II, base hand: 5 kinds of card on the agent or on one of 3 sharks, or pass
    ("swl players=3 agents=c1.e1.g1", 0, 5 + 5 * 3 + 1),
    # agent full: only the sharks are left
    ("swl players=3 agents=c1.e1.g1 onagent=FF/-/- hands=FSLRU/-/-", 0, 5 * 3 + 1),
    # specials: an agent card (Shark Cage), a shark card (Sharkcellerator) and Shark Spy (3 stacks)
    ("swl players=2 specials=yes agents=c1.e1 hands=aky/-", 0, 1 + 3 + 3 + 1),
    # first placement: any square of the 7-wide start zone
    ("swl players=2 phase=setup queue=1.0 turn=1 agents=-.- sharks=b5S.d5S.f5S", 1, 7),
    # Shark-o-Porter: each shark to each empty square (63 - 3 sharks - 2 agents), plus done
    ("swl players=2 phase=pre queue=0 turn=0 agents=c1.e1 hands=p/-", 0, 3 * 58 + 1),
])
def test_legal_action_counts(text: str, seat: int, count: int) -> None:
    """Perft-style counts: how many different plays a position offers."""
    state = GAME.load(text)
    actions = state.legal_actions(seat)
    assert len(actions) == count
    assert len({a["notation"] for a in actions}) == count   # every play has its own text form
