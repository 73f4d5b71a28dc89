"""The order of play in Act 1 and every crew action: what is legal and what it does.

Works on a :class:`~engines.jaws.amity.town.Town` in place, with core actions as small tuples
``(kind, role, a, b)`` (spaces and roles as numbers); :mod:`engines.jaws.amity.actions` turns them into
the JSON actions of the contract and back. The shark's turn is :mod:`engines.jaws.amity.shark`.

Every event is told with :meth:`~engines.core.Working.say`, which tells nothing in a quiet playout;
a story that needs words built (a space, a beach, a role, a card's title) asks ``p.quiet`` first, so
that the playouts never build them.

A round (rulebook, "1. Akt: Übersicht"): 1. event (a card is turned: swimmers, then its text),
2. the shark (secret plan, then its announcements), 3. the crew (each member up to 4 actions, one
member finishing before the next begins). Act 1 ends at once when the second barrel is attached
or the swimmer track reaches its goal (9; 7 when Act 1 is played alone).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import engines.jaws.words as words
from engines.core import TABLE
from engines.jaws.amity import belief, phrases, shark
from engines.jaws.amity.data import BEACH_ORDER, HIDE, Board, Card
from engines.jaws.amity.end import finish
from engines.jaws.amity.town import (
    ACTIVE,
    CLOSED,
    DONE,
    FOUND,
    FROM_DOCK,
    FROM_HOOPER,
    FROM_SHOP,
    FROM_WATER,
    LOOKED,
    SOURCES,
    THREW,
    WAITING,
    Step,
    Town,
    fresh,
)
from engines.jaws.common import BRODY, HOOPER, QUINT, ROLES
from engines.text import N_, plural

CREW_BASE = 4


# --------------------------------------------------------------------------- who acts


def awaiting(p: Town) -> tuple[int, ...]:
    phase = p.phase
    if phase == "crew":
        turns = p.turns
        if ACTIVE in turns:
            return (p.seats[turns.index(ACTIVE) + 1],)
        return _waiting(p.seats, tuple(turns))
    if phase in ("start", "shark"):
        return (p.seats[0],)
    if phase == "event":
        return (TABLE,)
    if phase == "choice":
        if p.pending == "heli":
            return (p.seats[1 + BRODY],)
        return tuple(sorted(set(p.seats[1:])))
    return ()


@lru_cache(maxsize=256)
def _waiting(seats: tuple[int, int, int, int], turns: tuple[int, ...]) -> tuple[int, ...]:
    """The seats of the crew members still to take their turn (kept once made)."""
    return tuple(sorted({seats[r + 1] for r in range(3) if turns[r] == WAITING}))


def chance(p: Town) -> list[int]:
    """The event cards the next one may be: those not turned since the last shuffle (all 16 again
    once the deck is used up: a ruling, docs/jaws.md)."""
    if p.phase != "event":
        return []
    left = sorted(set(p.cards).difference(p.turned))
    return left or sorted(p.cards)


def legal(p: Town, seat: int) -> list[Step]:
    if seat == TABLE:
        return [("card", -1, n, 0) for n in chance(p)]
    if seat not in awaiting(p):
        return []
    return legal_now(p, seat)


def legal_now(p: Town, seat: int) -> list[Step]:
    """The legal actions of ``seat``, which is awaited (not checked: the fast path)."""
    phase = p.phase
    if phase == "crew":
        turns = p.turns
        seats = p.seats
        out: list[Step] = []
        if ACTIVE in turns:
            r = turns.index(ACTIVE)
            if seats[r + 1] == seat:
                out = crew_legal(p, r)
                out.append(("end", r, 0, 0))
            return out
        for r in (0, 1, 2):
            if turns[r] == WAITING and seats[r + 1] == seat:
                out += crew_legal(p, r)
                out.append(("end", r, 0, 0))
        return out
    if phase == "shark":
        return shark.legal(p)
    if phase == "start":
        return [("start", -1, s, 0) for s in p.board.water_spaces]
    if phase == "choice":
        return [("choose", -1, s, 0) for s in p.options]
    return []


def apply(p: Town, seat: int, a: Step) -> None:
    kind = a[0]
    if kind == "card":
        turn_card(p, a[2])
    elif kind == "start":
        p.shark = a[2]
        p.plan = fresh(a[2])
        p.hyps = belief.initial(p.board)
        p.say("shark_start", "The shark has chosen its secret start space.")
        if not p.quiet:
            p.say("your_start", "You start at {space}.", visible_to=[p.seats[0]], space=p.name(a[2]),
                  words={"space": phrases.place(p.board, a[2], p.box)})
        new_round(p)
    elif p.phase == "shark":
        if kind == "end":
            shark.commit(p)
        else:
            shark.play(p, a)
    elif kind == "choose":
        choose(p, a[2])
    else:
        crew_act(p, a)


# --------------------------------------------------------------------------- rounds and events


def new_round(p: Town) -> None:
    p.round += 1
    p.phase = "event"
    p.card, p.effect = 0, ""
    p.power = -1  # a power played last round went back into the box
    p.spent = [0, 0, 0]
    p.turns = [WAITING, WAITING, WAITING]
    p.flags = [0, 0, 0]
    p.any_claim = -1


def turn_card(p: Town, number: int) -> None:
    """Phase 1: swimmers onto the beaches the card names, then its text."""
    if len(p.turned) >= len(p.cards):
        p.turned = []
    p.turned.append(number)
    p.card = number
    card = p.cards[number]
    p.effect = card.effect
    if not p.quiet:
        # no full stop: a title may end in its own ("Shark Alert!")
        p.say("event_card", "Event card: {title}", card=number, title=card.title,
              words={"title": p.box.title(str(number), card.title),
                     "rule": card.rule(phrases.beach(1, p.box))})
    if card.effect == "fourth_of_july" and p.closed >= 0:
        p.closed, p.opens_soon = -1, False
        p.say("beach_opened", "Every beach is open again.")
    _swimmers_in(p, card)
    effect = CARD_EFFECTS.get(card.effect)
    if effect is not None:
        effect(p)
    if not p.pending:
        shark_phase(p)


def _swimmers_in(p: Town, card: Card) -> None:
    """The card's swimmers onto the open beaches (the closed one's tile turns instead)."""
    counts = list(card.swimmers)
    if card.effect == "alert" and p.eaten <= 3:
        for b in card.alert:
            counts[BEACH_ORDER.index(b)] += 1
    placed = [0, 0, 0, 0]
    for slot in range(4):
        if not counts[slot]:
            continue
        if slot == p.closed:
            _closed_beach(p, slot)
            continue
        n = min(counts[slot], p.supply())
        p.swimmers[slot] += n
        placed[slot] = n
    if not p.quiet:
        p.say("swimmers", "Swimmers go in: N {n}, {east} {e}, S {s}, W {w}.",
              n=placed[0], e=placed[1], s=placed[2], w=placed[3],
              placed=dict(zip(BEACH_ORDER, placed, strict=True)), words={"east": phrases.beach(1, p.box)})


def _closed_beach(p: Town, slot: int) -> None:
    """Swimmers for the closed beach: its tile turns to "Opens soon", or, already turned, it opens."""
    if p.opens_soon:
        p.closed, p.opens_soon = -1, False
        said = N_("{beach} stays closed this time and opens again.")
    else:
        p.opens_soon = True
        said = N_("{beach} stays closed; its tile now reads Opens soon.")
    if not p.quiet:
        p.say("beach_closed", said, beach=BEACH_ORDER[slot], words={"beach": phrases.beach(slot, p.box)})


def _michael_card(p: Town) -> None:
    if p.michael >= 0:
        return
    open_slots = [s for s in range(4) if s != p.closed]
    fewest = min(p.swimmers[s] for s in open_slots)
    tied = [s for s in open_slots if p.swimmers[s] == fewest]
    if len(tied) == 1:
        _place_michael(p, tied[0])
    else:
        ask(p, "michael", [p.board.beaches[s] for s in tied])


def _hoax_card(p: Town) -> None:
    crowd = [p.swimmers[s] + (p.michael == s) for s in range(4)]
    tied = [s for s in range(4) if crowd[s] == max(crowd)]
    if len(tied) == 1:
        _hoax(p, tied[0])
    else:
        ask(p, "hoax", [p.board.beaches[s] for s in tied])


CARD_EFFECTS: dict[str, Callable[[Town], None]] = {
    "mayor": lambda p: ask(p, "mayor", list(p.board.beaches)),
    "wrong_shark": lambda p: ask(p, "dock", list(p.board.docks)),
    "michael": _michael_card,
    "hoax": _hoax_card,
    "helicopter": lambda p: ask(p, "heli", list(p.board.land_spaces)),
}
"""What an event card does once its swimmers are in, by its effect (data.EFFECTS); an effect that
lasts the round (``p.effect``) is read where it matters. A new card's effect: one entry here."""


_ASKED = {
    "mayor": N_("Mayor Vaughn: the crew chooses a beach to clear and close."),
    "dock": N_("The crew chooses the dock for Brody and Hooper."),
    "michael": N_("The crew chooses where Michael swims: the open beaches with the fewest swimmers tie."),
    "hoax": N_("The crew chooses the beach everyone rushes to: the beaches with the most swimmers tie."),
    "heli": N_("Brody may fly to any space on the island."),
}
"""What the table is told when a card's choice is awaited, by the choice."""


def ask(p: Town, what: str, options: list[int]) -> None:
    p.pending, p.options, p.phase = what, options, "choice"
    if not p.quiet:
        p.say("choice", _ASKED[what], pending=what, options=[p.name(s) for s in options])


def choose(p: Town, space: int) -> None:
    what = p.pending
    p.pending, p.options = "", []
    slot = p.board.beach_slot(space)
    if what == "mayor":
        _mayor(p, slot)
    elif what == "dock":
        _dock(p, space)
    elif what == "michael":
        _place_michael(p, slot)
    elif what == "hoax":
        _hoax(p, slot)
    elif what == "heli":
        _fly(p, space)
    shark_phase(p)


def _dock(p: Town, space: int) -> None:
    p.pos[BRODY] = p.pos[HOOPER] = space
    if p.quiet:
        return
    p.say("moved", "Brody and Hooper go to the dock at {space}.", space=p.name(space),
          words={"space": phrases.place(p.board, space, p.box)})


def _mayor(p: Town, slot: int) -> None:
    removed = p.swimmers[slot] + (p.michael == slot)
    p.swimmers[slot] = 0
    if p.michael == slot:
        p.michael = -1
    p.closed, p.opens_soon = slot, False
    if p.quiet:
        return
    p.say("mayor", "Mayor Vaughn clears {beach} ({count} out of the water) and closes it.",
          beach=BEACH_ORDER[slot], words={"beach": phrases.beach(slot, p.box)}, count=removed)


def _fly(p: Town, space: int) -> None:
    """The helicopter: Brody flies to any space on the island (or stays where he is)."""
    moved = p.pos[BRODY] != space
    p.pos[BRODY] = space
    if p.quiet:
        return
    if space == p.board.shop:  # a sentence of its own: "in den Shop", "in de winkel"
        p.say("moved", "Brody flies to the Shop." if moved else "Brody stays in the Shop.", role="brody",
              space=p.name(space))
    else:
        p.say("moved", "Brody flies to {space}." if moved else "Brody stays at {space}.", role="brody",
              space=p.name(space), words={"space": phrases.place(p.board, space, p.box)})


def _place_michael(p: Town, slot: int) -> None:
    p.michael = slot
    if p.quiet:
        return
    p.say("michael", "Michael swims at {beach}.", beach=BEACH_ORDER[slot],
          words={"beach": phrases.beach(slot, p.box)})


def _hoax(p: Town, slot: int) -> None:
    space = p.board.beaches[slot]
    p.pos = [space, space, space]
    if p.quiet:
        return
    p.say("moved", "Cardboard fin! The whole crew rushes to {beach}.", beach=BEACH_ORDER[slot],
          words={"beach": phrases.beach(slot, p.box)})


def shark_phase(p: Town) -> None:
    p.phase = "shark"
    p.seen, p.seen_by = -1, ""  # the shark's mover leaves the board: it swims in secret again
    p.steps = []
    p.plan = fresh(p.shark)
    p.say("shark_turn", "The shark plans its turn in secret.")


# --------------------------------------------------------------------------- the crew


def base_actions(p: Town, r: int) -> int:
    effect = p.effect
    return CREW_BASE + (effect == "extra_hooper" and r == HOOPER) + (effect == "extra_quint" and r == QUINT)


def actions_left(p: Town, r: int) -> int:
    pool = p.effect == "extra_any" and p.any_claim in (-1, r)
    return base_actions(p, r) + pool - p.spent[r]


def crew_legal(p: Town, r: int) -> list[Step]:
    """Every action crew member ``r`` may take now (the end of its turn aside)."""
    fx = p.effect
    left = (
        CREW_BASE
        + (fx == "extra_hooper" and r == HOOPER)
        + (fx == "extra_quint" and r == QUINT)
        + (fx == "extra_any" and p.any_claim in (-1, r))
        - p.spent[r]
    )
    here = p.pos[r]
    board = p.board
    out: list[Step]
    if p.wet[r]:
        return [("climb", r, 0, 0)] if left >= 2 else []
    slot, dock, shop, office, moves = spaces(board)[here]
    if left > 0:
        out = list(moves[r])
        if slot >= 0:
            if p.swimmers[slot]:
                out.append(("rescue", r, 0, 0))
            if r == BRODY and p.michael == slot:
                out.append(("rescue", r, 1, 0))
        if r == BRODY:
            if shop and p.shop and not p.on_boat[BRODY]:
                out.append(("collect", r, FROM_SHOP, 1))
            if slot >= 0 and not p.flags[r] & LOOKED:
                out.append(("binoculars", r, 0, 0))
            if office and not p.flags[r] & CLOSED and fx != "fourth_of_july":
                out.extend(
                    ("close", r, s, 0)
                    for s in range(4)
                    if s != p.closed and not p.swimmers[s] and p.michael != s
                )
        else:
            if p.floating[here]:
                out.extend(("collect", r, FROM_WATER, n) for n in range(1, p.floating[here] + 1))
            if r == QUINT:
                hooper_has = p.on_boat[HOOPER] if p.pos[HOOPER] == here else 0
                out.extend(("collect", r, FROM_HOOPER, n) for n in range(1, hooper_has + 1))
                if p.on_boat[QUINT] and not p.flags[r] & THREW:
                    out.append(("throw", r, here, 0))
                    out.extend(("throw", r, n, 0) for n in board.water[here])
            else:
                if p.on_boat[HOOPER] and p.pos[QUINT] == here:
                    out.append(("give", r, 0, 0))
                if not p.flags[r] & FOUND:
                    out.append(("finder", r, 0, 0))
    else:
        out = []
    if dock >= 0 and fx != "docks_closed" and (left > 0 or fx == "harbor_master"):
        if r == BRODY:
            if p.on_boat[BRODY]:
                out.append(("deliver", r, 0, 0))
        elif p.dock[dock]:
            out.extend(("collect", r, FROM_DOCK, n) for n in range(1, p.dock[dock] + 1))
    return out


@lru_cache(maxsize=16)
def spaces(board: Board) -> tuple[tuple[int, int, bool, bool, tuple[tuple[Step, ...], ...]], ...]:
    """Per space: its beach's place in N, E, S, W (or -1), its dock's place in ``board.docks`` (or
    -1), whether it is the Shop, whether it is an office, and per crew member its move actions
    (made once per board)."""
    graphs = (board.land, board.near2, board.water)
    return tuple(
        (
            board.beach_slot(s),
            board.docks.index(s) if s in board.docks else -1,
            s == board.shop,
            s in board.offices,
            tuple(tuple(("move", r, n, 0) for n in graph[s]) for r, graph in enumerate(graphs)),
        )
        for s in range(len(board.names))
    )


def cost(p: Town, a: Step) -> int:
    kind = a[0]
    if kind == "climb":
        return 2
    if p.effect == "harbor_master" and (kind == "deliver" or (kind == "collect" and a[2] == FROM_DOCK)):
        return 0
    return 1


def crew_act(p: Town, a: Step) -> None:
    kind, r = a[0], a[1]
    if p.turns[r] == WAITING:
        p.turns[r] = ACTIVE
    if kind == "end":
        _done(p, r)
        return
    p.spent[r] += cost(p, a)
    if p.effect == "extra_any" and p.any_claim < 0 and p.spent[r] > base_actions(p, r):
        p.any_claim = r
    _do(p, a)
    if p.phase == "over" or p.act == 2:  # Act 1 is over (Act 2 may have begun)
        return
    if not _more(p, r):  # nothing left to do: the turn ends by itself
        _done(p, r)


def _more(p: Town, r: int) -> bool:
    """Whether crew member ``r`` has any action left (``crew_legal`` is not empty), quickly:
    with an action left there is always a move; without, only a free dock action may be."""
    left = actions_left(p, r)
    if p.wet[r]:
        return left >= 2
    if left > 0:
        return True
    if p.effect != "harbor_master" or p.pos[r] not in p.board.docks:
        return False
    return bool(p.on_boat[BRODY] if r == BRODY else p.dock[p.board.docks.index(p.pos[r])])


def _done(p: Town, r: int) -> None:
    p.turns[r] = DONE
    if not p.quiet:
        p.say("crew_done", "{role} ends the turn.", role=ROLES[r], words={"role": words.role(r)})
    if p.turns == [DONE, DONE, DONE]:
        new_round(p)


def _answer(p: Town, by: str, at: int, answer: str) -> None:
    if not p.quiet and p.records:  # a new record: the old one may be shared with an earlier state
        last = p.records[-1]
        said = {"by": by, "at": p.name(at), "answer": answer}
        p.records[-1] = {**last, "answers": [*last["answers"], said]}
        p.hyps = belief.after_answer(p.board, p.hyps or belief.initial(p.board), said)


def _move(p: Town, r: int, x: int, n: int) -> None:
    p.pos[r] = x
    if p.quiet:
        return
    if x == p.board.shop:  # a sentence of its own: "geht in den Shop", "gaat naar de winkel"
        p.say("moved", "{role} goes into the Shop.", role=ROLES[r], space=p.name(x),
              words={"role": words.role(r)})
    else:
        p.say("moved", "{role} moves to {space}.", role=ROLES[r], space=p.name(x),
              words={"role": words.role(r), "space": phrases.place(p.board, x, p.box)})


def _rescue(p: Town, r: int, x: int, n: int) -> None:
    slot = p.board.beach_slot(p.pos[r])
    if x:
        p.michael = -1
    else:
        p.swimmers[slot] -= 1
    if not p.quiet:
        p.say("rescued", "Brody rescues Michael at {beach}." if x else "{role} rescues a swimmer at {beach}.",
              role=ROLES[r], beach=BEACH_ORDER[slot], michael=bool(x),
              words={"role": words.role(r), "beach": phrases.beach(slot, p.box)})


def _collect(p: Town, r: int, x: int, n: int) -> None:
    here = p.pos[r]
    if x == FROM_SHOP:
        p.shop -= n
    elif x == FROM_DOCK:
        p.dock[p.board.docks.index(here)] -= n
    elif x == FROM_WATER:
        p.floating[here] -= n
    else:
        p.on_boat[HOOPER] -= n
    p.on_boat[r] += n
    if not p.quiet:
        p.say("collected", plural(n, "{role} collects {count} barrel from {source}.",
                                  "{role} collects {count} barrels from {source}."),
              role=ROLES[r], count=n, source=SOURCES[x], space=p.name(here),
              words={"role": words.role(r), "source": phrases.source(x)})


def _deliver(p: Town, r: int, x: int, n: int) -> None:
    here = p.pos[r]
    p.on_boat[BRODY] -= 1
    p.dock[p.board.docks.index(here)] += 1
    if not p.quiet:
        p.say("delivered", "Brody delivers a barrel to the dock at {space}.", role="brody",
              space=p.name(here), words={"space": phrases.place(p.board, here, p.box)})


def _give(p: Town, r: int, x: int, n: int) -> None:
    count = p.on_boat[HOOPER]
    p.on_boat[QUINT] += count
    p.on_boat[HOOPER] = 0
    if not p.quiet:
        p.say("handed", plural(count, "Hooper hands {count} barrel to Quint.",
                               "Hooper hands {count} barrels to Quint."), role="hooper", count=count)


_FINDER = {
    "here": N_("Fish finder at {space}: the shark is HERE! Its mover goes on the board."),
    "near": N_("Fish finder at {space}: the shark is nearby."),
    "none": N_("Fish finder at {space}: the shark is neither here nor nearby."),
}


def _finder(p: Town, r: int, x: int, n: int) -> None:
    here, board = p.pos[r], p.board
    p.flags[r] |= FOUND
    truth = "here" if p.shark == here else "near" if p.shark in board.water[here] else "none"
    answer = "none" if p.power == HIDE else truth  # Out of Sight: "neither here nor nearby"
    if answer == "here":
        p.seen, p.seen_by = here, "finder"
    _answer(p, "finder", here, answer)
    if not p.quiet:
        p.say("finder", _FINDER[answer], role="hooper", space=p.name(here),
              words={"space": phrases.place(board, here, p.box)}, answer=answer,
              nearby=[p.name(s) for s in board.water[here]])


def _binoculars(p: Town, r: int, x: int, n: int) -> None:
    here = p.pos[r]
    p.flags[r] |= LOOKED
    answer = "here" if p.shark == here and p.power != HIDE else "none"  # Out of Sight: "not here"
    if answer == "here":
        p.seen, p.seen_by = here, "binoculars"
    _answer(p, "binoculars", here, answer)
    if not p.quiet:
        slot = p.board.beach_slot(here)
        p.say("binoculars",
              "Binoculars at {beach}: the shark is HERE! Its mover goes on the board." if answer == "here"
              else "Binoculars at {beach}: the shark is not at this beach.",
              role="brody", space=p.name(here), beach=BEACH_ORDER[slot], answer=answer,
              words={"beach": phrases.beach(slot, p.box)})


def _close(p: Town, r: int, x: int, n: int) -> None:
    p.flags[r] |= CLOSED
    p.closed, p.opens_soon = x, False
    if not p.quiet:
        p.say("closed", "Brody closes {beach}.", role="brody", beach=BEACH_ORDER[x],
              words={"beach": phrases.beach(x, p.box)})


def _climb(p: Town, r: int, x: int, n: int) -> None:
    p.wet[r] = False
    if not p.quiet:
        p.say("climbed", "{role} climbs back aboard.", role=ROLES[r], words={"role": words.role(r)})


def _throw_at(p: Town, r: int, x: int, n: int) -> None:
    _throw(p, x)


DO: dict[str, Callable[[Town, int, int, int], None]] = {
    "move": _move,
    "rescue": _rescue,
    "collect": _collect,
    "deliver": _deliver,
    "give": _give,
    "throw": _throw_at,
    "finder": _finder,
    "binoculars": _binoculars,
    "close": _close,
    "climb": _climb,
}
"""What each crew action does, by its kind ``(p, role, a, b)``: a new crew action is one function
here (and its legality in :func:`crew_legal`)."""


def _do(p: Town, a: Step) -> None:
    act = DO.get(a[0])
    if act is not None:
        act(p, a[1], a[2], a[3])


def _throw(p: Town, at: int) -> None:
    """Quint throws a barrel: the shark must say whether it is there (Out of Sight does not help)."""
    p.flags[QUINT] |= THREW
    p.on_boat[QUINT] -= 1
    hit = p.shark == at
    _answer(p, "barrel", at, "hit" if hit else "miss")
    if hit:
        p.attached += 1
        p.seen, p.seen_by = at, "barrel"
        if not p.quiet:
            p.say("hit", "Quint throws a barrel at {space}: a hit! The barrel is attached to the "
                  "shark ({count} of 2).", role="quint", space=p.name(at),
                  words={"space": phrases.place(p.board, at, p.box)}, count=p.attached, seat=p.seats[0],
                  hit=True)
        if p.attached >= 2:
            finish(p, "crew")
    else:
        p.floating[at] += 1
        if not p.quiet:
            p.say("miss", "Quint throws a barrel at {space}: no shark there. The barrel floats with "
                  "its motion sensor.", role="quint", space=p.name(at),
                  words={"space": phrases.place(p.board, at, p.box)}, hit=False)
