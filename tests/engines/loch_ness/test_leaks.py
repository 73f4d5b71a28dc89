"""Hidden facts stay hidden: worlds that differ only in face-down cards, in another player's hidden
tools or in the cards another player laid give every other seat (and the table screen) the same
views, events, legal actions and refusals, until the rules turn the card or show the tool; and the
bot, which plays from its own view, makes the same choice in both.

"Dit gereedschap blijft dicht in de boot liggen tot je het gebruikt." (Versie voor gevorderden)"""

from __future__ import annotations

from typing import Any

from engines.core import IllegalAction, canonical_json, events_for
from engines.loch_ness import LochNessState, rules
from engines.loch_ness.fast import Draws, pick
from engines.loch_ness.table import Table, Tool
from engines.loch_ness.words import TOOLS
from engines.rng import Rng
from tests.engines.loch_ness.helpers import GAME, boat, state

PROBES: list[dict[str, Any]] = [
    {"type": "move", "boat": 1, "to": "w1"}, {"type": "explore", "boat": 1}, {"type": "take",
                                                                              "card": "tracks"},
    {"type": "steal", "target_seat": 0, "target_boat": 1}, {"type": "tool", "boat": 1, "tool": "camera"},
    {"type": "bagpipe", "to": "F"}, {"type": "end_turn"}, {"type": "place", "card": "nessie", "site": "w1"},
]


def seen_by(st: LochNessState, seat: int | None) -> str:
    """Everything ``seat`` can observe: its view, its events, its legal actions, its refusals."""
    if seat is None:
        return canonical_json({"view": st.view(None), "events": events_for(st.events, None)})
    refusals = []
    for probe in PROBES:
        try:
            st.apply(seat, probe)
            refusals.append("accepted")
        except IllegalAction as exc:
            refusals.append(str(exc))
    return canonical_json({"view": st.view(seat), "events": events_for(st.events, seat),
                           "legal": st.legal_actions(seat), "refusals": refusals})


def assert_same_for(a: LochNessState, b: LochNessState, seats: list[int | None]) -> None:
    for seat in seats:
        assert seen_by(a, seat) == seen_by(b, seat), seat


def walk(a: LochNessState, b: LochNessState, seed: int, plies: int, seats: list[int | None],
         stop: Any = None) -> int:
    """Play the same random actions in both worlds while they look the same to ``seats``."""
    rng = Rng.from_seed(seed)
    checked = 0
    for _ in range(plies):
        if not a.awaiting or (stop is not None and stop(a)):
            break
        seat = a.awaiting[0]
        legal_a, legal_b = a.legal_actions(seat), b.legal_actions(seat)
        if seat not in [s for s in seats if s is not None] and legal_a != legal_b:
            break      # the owner of the secret may act differently: only its own phone knows why
        index, rng = rng.below(len(legal_a))
        action = legal_a[index]
        if action not in legal_b:
            break
        a, b = a.apply(seat, action), b.apply(seat, action)
        if any(e["type"] in ("turned", "shown", "drew_tool", "blocked") for e in a.events):
            break      # the rules revealed it
        assert_same_for(a, b, seats)
        checked += 1
    return checked


def test_face_down_cards_are_nobodys_until_turned() -> None:
    """Base game, digital: the companion holds the face-down cards; no phone and no table screen can
    tell an egg shell from Nessie before it is turned."""
    checked = 0
    for seed in range(6):
        one = GAME.start(players=4, seed=seed).table
        two = one.copy()
        for s in two.board.sites:
            two.face_down[s] = ["X" if c != "X" else "E" for c in two.face_down[s]]
        two.piles = [list(reversed(p)) for p in two.piles]
        a, b = state(one), state(two)
        assert_same_for(a, b, [None, 0, 1, 2, 3])
        checked += walk(a, b, seed, 60, [None, 0, 1, 2, 3])
    assert checked > 40


def test_the_bottom_card_is_nobodys_until_the_top_one_is_settled() -> None:
    """Line 115: "... dan handelt hij eerst de bovenste af en bekijkt daarna ook de onderste." Until
    the explorer has settled the top card and turns the bottom one, no seat (the explorer included)
    and no table screen can tell a nest from Nessie under it: the same views, events, legal actions
    and refusals, the top card taken or left."""
    worlds = []
    for bottom in ("N", "X"):
        t = GAME.start(players=4, seed=5).table
        s = t.board.index["I2"]
        t.face_down[s], t.laid_by[s] = [bottom, "E"], [-1, -1]
        boat(t, 0, 1, "I2", via="w8")
        worlds.append(state(t).apply(0, {"type": "explore", "boat": 1}))
    a, b = worlds
    assert_same_for(a, b, [None, 0, 1, 2, 3])
    took = [w.apply(0, {"type": "take", "card": "egg_shells"}) for w in worlds]
    assert_same_for(took[0], took[1], [None, 0, 1, 2, 3])
    turned = [w.apply(0, {"type": "bottom"}) for w in took]
    assert seen_by(turned[0], None) != seen_by(turned[1], None)     # now the rules show it


def _advanced(seed: int) -> Table:
    t = GAME.start(players=3, seed=seed, options={"advanced": True}).table
    while t.phase == "place":
        st = state(t).apply(t.seat, state(t).legal_actions(t.seat)[0])
        t = st.table
    return t


def test_hidden_tools_are_seen_only_by_their_owner() -> None:
    """Advanced: other phones see how many tools a boat carries, never which, until one is used."""
    checked = 0
    for seed in range(6):
        one = _advanced(seed)
        for seat in range(3):
            boat(one, seat, 1, "H", tools="")
        two = one.copy()
        one.tools[3] = [Tool("c", False), Tool("s", False)]       # seat 1's first boat
        two.tools[3] = [Tool("w", False), Tool("d", False)]
        a, b = state(one), state(two)
        assert_same_for(a, b, [None, 0, 2])
        assert seen_by(a, 1) != seen_by(b, 1)                      # its owner does know
        checked += walk(a, b, seed, 40, [None, 0, 2])
    assert checked > 30


def test_cards_a_player_laid_are_seen_only_by_that_player() -> None:
    """Advanced placement: each player lays cards face down; only the one who laid a card knows it."""
    checked = 0
    for seed in range(4):
        st = GAME.start(players=4, seed=seed, options={"advanced": True})
        hand = sorted({(h["card"], h["back"]) for h in st.view(1)["you"]["hand"]})
        site = st.legal_actions(1)[0]["site"]
        worlds = [st.apply(1, {"type": "place", "card": c, "back": back, "site": site}) for c,
                  back in hand[:2]]
        assert_same_for(worlds[0], worlds[1], [None, 0, 2, 3])
        checked += walk(worlds[0], worlds[1], seed, 30, [None, 0, 2, 3],
                        stop=lambda s: s.phase == "place" and s.awaiting == (1,))
    assert checked > 5


def test_the_bot_chooses_from_its_own_view_only() -> None:
    """The Bot protocol hands the bot the whole state; two states that differ only in facts hidden
    from the bot's seat (face-down cards, another player's hidden tools, the order of the piles, the
    companion's own generator) give the same choice for the same seed."""
    bot = GAME.bot()
    compared = 0
    for seed in range(8):
        t = _advanced(seed) if seed % 2 else GAME.start(players=4, seed=seed).table
        draws = Draws(Rng.from_seed(seed))
        for ply in range(80):
            if t.phase == "over":
                break
            seat = t.actor
            twin = t.copy()
            for s in twin.board.sites:
                twin.face_down[s] = [c if p == seat else ("X" if c != "X" else "E") for c, p in
                                     zip(twin.face_down[s], twin.laid_by[s], strict=True)]
            twin.piles = [list(reversed(p)) for p in twin.piles]
            twin.rng = Rng.from_seed(seed + 99)
            for b in range(twin.players * 3):
                if b // 3 != seat:
                    twin.tools[b] = [x if x.shown else Tool(TOOLS[(i + b) % 7], False)
                                     for i, x in enumerate(twin.tools[b])]
            one, two = state(t), state(twin)
            assert one.view(seat) == two.view(seat)
            assert bot.choose(one, seat, lambda: False, ply).action == bot.choose(two, seat, lambda: False,
                                                                                  ply).action
            compared += 1
            action = pick(t, rules.legal(t, seat), draws)
            rules.apply(t, seat, action)
            t.events = []
    assert compared > 300
