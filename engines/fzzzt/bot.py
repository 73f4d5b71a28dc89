"""A sensible Fzzzt! bot: bid what a card is worth, never more than needed.

The rule: a card's worth is its points, plus a little for power (it bids again
later), plus, for a production unit, its value if the bot's robots could build
one widget on it. For a worthless card the bot bids its weakest single card
(losing bids come back, so this costs nothing). Otherwise it bids the cheapest
set of cards whose power reaches a target that grows with the card's worth,
capped by what the others could possibly bid with the cards they hold.
Clean-up: put the highest-point fitting robot on each unit. Physical draws are
confirmed in the order listed.
"""

from __future__ import annotations

from engines.core import Action, BotChoice, IllegalAction, Seat, State, StopSignal
from engines.fzzzt.state import FzzztState


def worth(state: FzzztState, seat: Seat, card_id: str) -> float:
    card = state.cards[card_id]
    if card.kind == "unit":
        mine = [state.cards[c] for c in state.owned(seat)]
        fits = all(any(c.is_robot and s in c.symbols for c in mine) for s in card.symbols)
        return card.points * (1.0 if fits else 0.4)
    return card.points + 0.5 * card.power


class BidBot:
    def choose(self, state: State, seat: Seat, stop: StopSignal, seed: int) -> BotChoice:
        actions = state.legal_actions(seat)
        if not actions:
            raise IllegalAction("There is nothing to play.")
        if not isinstance(state, FzzztState):
            return BotChoice(actions[0])
        if state.phase == "bid":
            return self._bid(state, seat, actions)
        if state.phase == "cleanup":
            assigns = [a for a in actions if a["type"] == "assign"]
            if assigns:
                best = max(assigns, key=lambda a: (state.cards[a["card"]].points, a["card"]))
                return BotChoice(best, {"rule": "highest points on a unit"})
        return BotChoice(actions[0])

    def _bid(self, state: FzzztState, seat: Seat, actions: list[Action]) -> BotChoice:
        value = worth(state, seat, state.open[0])
        def power(a: Action) -> int:
            return state.power(a["cards"])
        def cost(a: Action) -> tuple[int, float, int]:
            # Prefer fewer points tied up in the pile, then fewer cards.
            return (power(a), sum(state.cards[c].points for c in a["cards"]), len(a["cards"]))
        if value < 1.5:
            weakest = min(actions, key=lambda a: (len(a["cards"]), cost(a)))
            return BotChoice(weakest, {"rule": "pass cheaply", "worth": value})
        others = [len(state.hands[s]) + len(state.bids[s] or ()) for s in range(state.n) if s != seat]
        ceiling = 5 * max(others, default=0) + 1
        target = min(int(2 + 1.5 * value), ceiling)
        reaching = [a for a in actions if power(a) >= target]
        if reaching:
            choice = min(reaching, key=cost)
        else:
            choice = max(actions, key=lambda a: (power(a), -len(a["cards"])))
        return BotChoice(choice, {"rule": "bid to worth", "worth": value, "target": target})
