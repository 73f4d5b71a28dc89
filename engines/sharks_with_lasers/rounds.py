"""The round: dealing, placing agents, pre-round specials, playing cards, resolving, scoring.

Each function takes a :class:`Table` (a private copy) and moves it on to the
next point where someone must decide. Legal actions are listed here too, so
the order of play lives in one module.
"""

from __future__ import annotations

from engines.core import PHYSICAL, TABLE, Action
from engines.sharks_with_lasers import preround, resolve
from engines.sharks_with_lasers.board import DIRS, SHARKS, parse_square
from engines.sharks_with_lasers.cards import CARDS, PRE_ROUND, special_deck
from engines.sharks_with_lasers.table import Table
from engines.sharks_with_lasers.words import SIDES, card_name, card_names, label, side
from engines.sharks_with_lasers.words import shark as shark_phrase
from engines.text import N_, Text

SPECIALS_PER_PLAYER = 2


# --------------------------------------------------------------------------- setup


def deal_next(t: Table) -> None:
    """Deal special cards (digital: from the state's own Rng) until done; physical: wait until every
    seat has entered the two specials it drew from the real deck."""
    if t.chance == PHYSICAL:
        if to_enter(t):
            t.phase = "deal"
            return
        start_setup(t)
        return
    while True:
        seat = needs_special(t)
        if seat is None:
            start_setup(t)
            return
        index, t.rng = t.rng.below(len(t.deck))
        give_special(t, seat, t.deck[index])


def needs_special(t: Table) -> int | None:
    if not t.specials or t.phase not in ("deal", "setup") or t.round != 1:
        return None
    for seat in range(t.players):
        if sum(CARDS[c].special for c in t.hands[seat]) < SPECIALS_PER_PLAYER and t.deck:
            return seat
    return None


def to_enter(t: Table) -> tuple[int, ...]:
    """Physical deal: the seats that have not yet entered the specials they drew (a seat holds no
    special card until it enters its two, so its hand tells)."""
    if not t.specials or t.round != 1 or t.phase not in ("deal", "setup"):
        return ()
    return tuple(s for s in range(t.players) if not any(CARDS[c].special for c in t.hands[s]))


_ENTRIES: list[Action] = []


def entry_actions() -> list[Action]:
    """What a seat may enter after a physical deal: any two cards of the deck's full composition.
    The same list for every seat at every moment, whatever the others entered (ruling: trust the
    table; comparing entries would tell one phone what another holds)."""
    if not _ENTRIES:
        deck = special_deck()
        pairs = sorted({(a, b) for i, a in enumerate(deck) for b in deck[i + 1:]})
        _ENTRIES.extend({"type": "specials", "cards": [a, b], "notation": f"specials {a}{b}",
                         "label": label("I drew {first} and {second}", first=card_name(a),
                                        second=card_name(b))} for a, b in pairs)
    return [dict(a, cards=list(a["cards"])) for a in _ENTRIES]


def enter_specials(t: Table, seat: int, cards: list[str]) -> None:
    """A seat enters the two specials it drew from the real deck: only its own phone hears which."""
    t.hands[seat] = sorted([*t.hands[seat], *cards])
    t.say("dealt", Text("You entered your special cards: {first} and {second}.",
                        {"first": card_name(cards[0]), "second": card_name(cards[1])}), as_is=True,
          visible_to=[seat], seat=seat, cards=list(cards))
    t.say("dealt", "{seat} has entered their special cards.", seat=seat)


def give_special(t: Table, seat: int, code: str) -> None:
    t.deck.remove(code)
    t.hands[seat] = sorted([*t.hands[seat], code])
    t.say("dealt", Text("You are dealt the special card {name}.", {"name": card_name(code)}), as_is=True,
          visible_to=[seat], seat=seat, card=code)
    t.say("dealt", "{seat} is dealt a special card.", seat=seat)


def start_setup(t: Table) -> None:
    """First placement: counter-clockwise, from the start player's right, the start player last."""
    t.phase = "setup"
    t.queue = [(t.start - i) % t.players for i in range(1, t.players + 1)]
    next_placement(t)


def free_start_squares(t: Table) -> list[int]:
    taken = resolve.occupancy(t)
    return [sq for sq in t.layout.start_zone if sq not in taken]


def next_placement(t: Table) -> None:
    while t.queue and not free_start_squares(t):
        seat = t.queue.pop(0)
        t.say("no_room", "The start zone is full: {seat}'s agent waits on the boat.", seat=seat)
    if t.queue:
        t.turn = t.queue[0]
        return
    if t.phase == "setup":
        enter_pre(t)
    else:
        enter_play(t)


# --------------------------------------------------------------------------- phases


def enter_pre(t: Table) -> None:
    """Before the round: each player in turn may play Shark-o-Porter, Tractor Beam, Shark Scare or
    Current Generator (a ruling: start player first, clockwise).

    Who is asked depends on public facts only: every player still holding a special card (hand
    sizes are public, and every base card comes back each round), as long as some pre-round card
    has not been discarded yet. Asking only the holders of a pre-round card would tell the table
    who holds one."""
    t.phase = "pre"
    if t.chance != PHYSICAL and set(PRE_ROUND) <= set(t.discard):
        t.queue = []   # (physical: the table may hold more copies than the engine knows of)
    else:
        t.queue = [s for s in t.order() if any(CARDS[c].special for c in t.hands[s])]
    t.turn = -1
    next_pre(t)


def next_pre(t: Table) -> None:
    while t.queue and not any(CARDS[c].special for c in t.hands[t.queue[0]]):
        t.queue.pop(0)   # nothing special left in that hand (public: hand sizes tell it)
    if t.queue:
        if t.turn != t.queue[0]:
            t.say("asked", "Before the round: {seat} may play a special card, or say done.",
                seat=t.queue[0])
        t.turn = t.queue[0]
        return
    enter_place(t)


def enter_place(t: Table) -> None:
    """Phase I: dead agents come back in the start zone, start player first, clockwise."""
    t.phase = "place"
    t.queue = [s for s in t.order() if t.agents[s] is None]
    next_placement(t)


def enter_play(t: Table) -> None:
    t.phase = "play"
    t.queue = []
    t.passed = -1
    t.turn = t.start
    t.say("phase", "Round {round}: play your cards. {seat} starts.", round=t.round, seat=t.start)


_PLAYABLE: dict[tuple[str, bool], list[Action]] = {}


def playable(t: Table, seat: int, fresh: bool = True) -> list[Action]:
    """Phase II plays for ``seat``, passing last, built once per hand shape (``fresh``:
    copies the caller may keep; the fast simulation only reads them)."""
    key = ("".join(sorted(set(t.hands[seat]))), len(t.on_agent[seat]) < 2)
    found = _PLAYABLE.get(key)
    if found is None:
        found = [*_playable(*key), {"type": "pass", "notation": "pass", "label": label("Pass")}]
        _PLAYABLE[key] = found
    return [dict(a) for a in found] if fresh else found


def _playable(codes: str, agent_free: bool) -> list[Action]:
    out: list[Action] = []
    for code in codes:
        card = CARDS[code]
        if card.on_agent() and agent_free:
            out.append({"type": "agent", "card": code, "notation": f"agent {code}",
                        "label": label("Play {name} on your agent", name=card_name(code))})
        if card.on_shark():
            for name in SHARKS:
                out.append({"type": "shark", "card": code, "shark": name, "notation": f"shark {name} {code}",
                            "label": label("Play {name} on {shark}", name=card_name(code),
                                                           shark=shark_phrase(name, "object"))})
        if card.when == "face_up":
            for name in SHARKS:
                out.append({"type": "spy", "card": code, "shark": name, "notation": f"spy {name}",
                            "label": label("Shark Spy: look at {stack}",
                                                           stack=shark_phrase(name, "stack"))})
    return out


def play_card(t: Table, seat: int, action: Action) -> None:
    code = action["card"]
    t.hands[seat].remove(code)
    kind = action["type"]
    if kind == "agent":
        t.on_agent[seat].append(code)
        where = len(t.on_agent[seat])
        if t.quiet:
            advance_play(t, seat)
            return
        t.say("played", Text("You play {name} on your agent.", {"name": card_name(code)}), as_is=True,
              visible_to=[seat], seat=seat, target="agent", card=code, slot=where)
        t.say("played", Text("{seat} plays a card face down on their agent.", {"seat": seat}), as_is=True,
              seat=seat, target="agent", slot=where)
    elif kind == "shark":
        index = SHARKS.index(action["shark"])
        t.stacks[index].append((seat, code))
        shark = action["shark"]
        if t.quiet:
            advance_play(t, seat)
            return
        t.say("played", Text("You play {name} on {shark}.",
                             {"name": card_name(code), "shark": shark_phrase(shark, "object")}), as_is=True,
              visible_to=[seat], seat=seat, target=shark, card=code)
        t.say("played", Text("{seat} plays a card face down on {shark}.",
                             {"seat": seat, "shark": shark_phrase(shark, "object")}), as_is=True,
              seat=seat, target=shark)
    else:  # Shark Spy, face up
        index = SHARKS.index(action["shark"])
        t.discard.append(code)
        seen = t.stacks[index]
        t.spies.append((seat, index, len(seen)))
        t.say("spy", "{seat} plays Shark Spy and looks at {stack}.",
            words={"stack": shark_phrase(index, "stack")}, seat=seat, shark=action["shark"], card=code)
        t.say("spied", Text("{stack} holds: {cards}.", {"stack": shark_phrase(index, "Stack"),
                                                        "cards": card_names([c for _, c in seen])}),
              as_is=True, visible_to=[seat], seat=seat, shark=action["shark"],
              cards=[{"seat": s, "card": c} for s, c in seen])
    advance_play(t, seat)


def pass_turn(t: Table, seat: int) -> None:
    if t.passed < 0:
        t.passed = seat
        t.queue = [(seat + i) % t.players for i in range(1, t.players)]
        t.say("passed", "{seat} passes: everyone else has one last action.", seat=seat)
    else:
        t.say("passed", "{seat} passes.", seat=seat)
    advance_play(t, seat)


def advance_play(t: Table, seat: int) -> None:
    """The next player, or phase III. Only public facts decide (how many cards each holds): a player
    whose cards cannot be played (say, a pre-round special) is still asked, and can only pass."""
    if all(not hand for hand in t.hands):
        t.say("phase", "Every card is played.")
        start_resolution(t)
        return
    if t.passed < 0:
        t.turn = (seat + 1) % t.players
        return
    if t.queue and t.queue[0] == seat and t.passed != seat:
        t.queue.pop(0)
    while t.queue and not t.hands[t.queue[0]]:
        t.queue.pop(0)
    if t.queue:
        t.turn = t.queue[0]
    else:
        start_resolution(t)


# --------------------------------------------------------------------------- phase III


def steps(t: Table) -> list[tuple[str, int, int]]:
    """The resolution order: first agent actions, the white, grey and black stacks, second actions."""
    order = t.order()
    out = [("agent", s, 0) for s in order if t.on_agent[s]]
    for i, stack in enumerate(t.stacks):
        out += [("shark", i, j) for j in range(len(stack))]
    out += [("agent", s, 1) for s in order if len(t.on_agent[s]) > 1]
    return out


def start_resolution(t: Table) -> None:
    t.phase = "resolve"
    t.queue = []
    t.say("phase", "Phase III: the cards on the agents are turned over.")
    if not t.quiet:
        for seat in t.order():   # the turned pile shows its first card; the second lies under it
            if t.on_agent[seat]:
                first = t.on_agent[seat][0]
                t.say("revealed", "{seat}'s first agent card: {name}.", words={"name": card_name(first)},
                    seat=seat, target="agent", slot=0,
                    card=first, cards=[first],
                    label=card_name(first).to_json())
    resolve.raise_gear(t)
    t.pc = 0
    run(t)


def run(t: Table) -> None:
    """Resolve steps until a player must choose, the game ends, or the round is over."""
    todo = steps(t)
    while True:
        resolve.drain_beams(t)
        if t.pending:
            t.phase = "choice"
            t.turn = int(t.pending[1])
            return
        if t.phase == "over":
            return
        if t.pc >= len(todo):
            end_round(t)
            return
        kind, who, slot = todo[t.pc]
        t.pc += 1
        if kind == "agent":
            code = t.on_agent[who][slot]
            if slot and not t.quiet:   # the second card comes out from under the first only now
                t.say("revealed", "{seat}'s second agent card: {name}.", words={"name": card_name(code)},
                    seat=who, target="agent", slot=1,
                    card=code, cards=[code],
                    label=card_name(code).to_json())
            resolve.agent_card(t, who, slot, code)
        else:
            seat, code = t.stacks[who][slot]
            frozen = any(c == "f" for _, c in t.stacks[who][:slot])
            if not t.quiet:
                t.say("revealed", "{card} from {seat}: {name}.",
                    words={"card": shark_phrase(who, "card"), "name": card_name(code)}, shark=SHARKS[who],
                    seat=seat, card=code, target=SHARKS[who], index=slot,
                    label=card_name(code).to_json(), frozen=frozen)
            if frozen:
                t.say("no_effect", "Frozen: the card is blank.", shark=SHARKS[who])
            else:
                resolve.shark_card(t, who, code)


def choose(t: Table, seat: int, action: Action) -> None:
    kind = t.pending[0]
    if kind == "deflect":
        _, _, sq, d, shark = t.pending
        t.pending = ()
        t.uses[seat] -= 1
        new = int(d) if action["dir"] == "over" else DIRS.index(action["dir"])
        way = N_("over the agent") if action["dir"] == "over" else SIDES[new]
        t.say("deflected", "{seat}'s Laser Blast Deflector sends the laser {way}.", words={"way": Text(way)},
            seat=seat, way=way, dir=DIRS[new],
            square=t.sq(int(sq)), uses_left=t.uses[seat])
        t.beams.insert(0, (int(sq), new, int(shark)))
    else:
        _, _, code = t.pending
        t.pending = ()
        resolve.finish_push(t, seat, str(code), DIRS.index(action["dir"]))
    t.phase = "resolve"
    run(t)


def choice_actions(t: Table, seat: int) -> list[Action]:
    kind = t.pending[0]
    if kind == "deflect":
        d = int(t.pending[3])
        out: list[Action] = [{"type": "deflect", "dir": DIRS[x], "notation": f"deflect {DIRS[x]}",
                              "label": label("Deflect the laser {side}", side=side(x))}
                             for x in ((d + 1) % 4, (d + 3) % 4)]
        out.append({"type": "deflect", "dir": "over", "notation": "deflect over",
                    "label": label("Let the laser pass over you")})
        return out
    code = str(t.pending[2])
    sides = ("W", "N") if code == "l" else ("E", "N")
    return [{"type": "push", "dir": x, "notation": f"push {x}",
             "label": label("Push it {side}", side=side(DIRS.index(x)))} for x in sides]


def end_round(t: Table) -> None:
    """Beach check, then every card back to hand (specials discarded), the start player moves on."""
    top = t.layout.height - 1
    on_board = [(s, t.agents[s]) for s in t.order()]
    arrived = [s for s, sq in on_board if sq is not None and sq // t.layout.width == top]
    if arrived:
        order = t.order()
        best = min(arrived, key=lambda s: (t.deaths[s], order.index(s)))
        t.winner = (best, "beach")
        t.phase = "over"
        if len(arrived) > 1:
            t.say("tie", "Several agents reach the beach; fewest deaths, then turn order, decides.",
                seats=arrived)
        t.say("winner", "{seat}'s agent reaches the beach alive: {seat} wins!", seat=best)
        return
    for seat in range(t.players):
        back = list(t.on_agent[seat])
        t.on_agent[seat] = []
        for stack in t.stacks:
            back += [c for s, c in stack if s == seat]
        t.discard += [c for c in back if CARDS[c].special]
        t.hands[seat] = sorted(t.hands[seat] + [c for c in back if not CARDS[c].special])
    t.stacks = [[], [], []]
    t.spies = []
    t.gear = [""] * t.players
    t.uses = [0] * t.players
    t.pc = 0
    t.passed = -1
    t.start = (t.start + 1) % t.players
    t.round += 1
    t.say("round", "The round is over: cards back to hand. {seat} is the new start player.", seat=t.start)
    enter_pre(t)


def play_pre(t: Table, seat: int, action: Action) -> None:
    if action["type"] != "done":
        preround.play(t, seat, action)
    else:
        t.queue.pop(0)
    if t.phase != "over":
        next_pre(t)


# --------------------------------------------------------------------------- dispatch


def legal(t: Table, seat: int, fresh: bool = True) -> list[Action]:
    if t.phase == "over" or seat not in awaiting(t):
        return []
    if t.phase == "deal":
        return entry_actions()
    if t.phase in ("setup", "place"):
        return [{"type": "place", "square": t.sq(sq), "notation": f"place {t.sq(sq)}",
                 "label": label("Place your agent on {square}", square=t.sq(sq))}
                for sq in free_start_squares(t)]
    if t.phase == "pre":
        return preround.actions(t, seat)
    if t.phase == "choice":
        return choice_actions(t, seat)
    return playable(t, seat, fresh)


def awaiting(t: Table) -> tuple[int, ...]:
    if t.phase == "over":
        return ()
    if t.phase == "deal":
        return to_enter(t) if t.chance == PHYSICAL else (TABLE,)
    return (t.turn,)


def apply(t: Table, seat: int, action: Action) -> None:
    kind = action["type"]
    if kind == "deal":
        give_special(t, int(action["seat"]), action["card"])
        deal_next(t)
    elif kind == "specials":
        enter_specials(t, seat, list(action["cards"]))
        deal_next(t)
    elif kind == "place":
        t.agents[seat] = parse_square(t.layout, action["square"])
        t.queue.pop(0)
        t.say("placed", "{seat} places their agent on {square}.", seat=seat, square=action["square"])
        next_placement(t)
    elif t.phase == "pre":
        play_pre(t, seat, action)
    elif t.phase == "choice":
        choose(t, seat, action)
    elif kind == "pass":
        pass_turn(t, seat)
    else:
        play_card(t, seat, action)


def chance(t: Table) -> list[tuple[Action, float]]:
    seat = needs_special(t)
    if t.phase != "deal" or seat is None or t.chance == PHYSICAL:
        return []
    counts: dict[str, int] = {}
    for c in t.deck:
        counts[c] = counts.get(c, 0) + 1
    return [({"type": "deal", "seat": seat, "card": c, "notation": f"deal {seat} {c}",
              "label": label("{seat} was dealt {name}", seat=seat, name=card_name(c))}, n / len(t.deck))
            for c, n in sorted(counts.items())]

