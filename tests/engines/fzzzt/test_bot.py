"""The Fzzzt! bot: a sensible bidding rule that beats random bidding in most games."""

from __future__ import annotations

from engines import RandomBot, State
from engines.core import Bot
from engines.fzzzt.state import FzzztState
from tests.engines.fzzzt.helpers import GAME, position


def play(players: int, seed: int, bots: list[Bot]) -> State:
    state = GAME.start(players=players, seed=seed)
    step = 0
    while state.awaiting:
        seat = state.awaiting[0]
        state = state.apply(seat, bots[seat].choose(state, seat, lambda: False, seed * 1000 + step).action)
        step += 1
    return state


def test_the_bot_beats_random_bidders_in_most_three_player_games() -> None:
    """Against two random bidders a random player would win about a third of the games; the bot
    must win most of them (seeded, the bot's seat rotating)."""
    wins = 0
    games = 18
    for seed in range(games):
        seat = seed % 3
        bots: list[Bot] = [RandomBot(), RandomBot(), RandomBot()]
        bots[seat] = GAME.bot()
        final = play(3, 700 + seed, bots)
        assert final.outcome is not None
        wins += seat in final.outcome["winners"]
    assert wins > games // 2, wins          # a random player expects a third: 6


def test_the_bot_bids_cheaply_on_junk_and_to_win_on_a_good_robot() -> None:
    """A Fzzzt card (-1 point) gets the weakest card; a 5-power robot gets a bid that beats what the
    others can be expected to bid with the cards they hold."""
    hands = [["M1", "R2Na", "R3Na", "R5B"], ["R1N", "R1B"], ["R1C", "R1O"]]
    junk = position(3, hands=hands, open=["Fa", "R5N"])
    choice = GAME.bot().choose(junk, 0, lambda: False, 1)
    assert choice.action["cards"] == ["M1"]
    good = position(3, hands=hands, open=["R5N", "Fa"])
    choice = GAME.bot().choose(good, 0, lambda: False, 1)
    assert isinstance(good, FzzztState)
    # Each other seat holds two cards of average power 1: a likely bid of 1, so the bot bids 2,
    # with the cheapest cards that reach it, not its whole hand.
    assert choice.action["cards"] == ["R2Na"] and choice.info["target"] == 2
