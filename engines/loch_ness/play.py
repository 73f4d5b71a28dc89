"""A turn of Loch Ness: boats move or look around, finds are taken, fights, Nessie, the end of a turn.

Each function is one rule, named after the rulebook's words, and changes a working
:class:`~engines.loch_ness.table.Table` that the door has already checked the action against
(:mod:`engines.loch_ness.rules` lists the legal actions). Sentences quote no hidden fact: a
hidden tool is named only in events for its owner, until the rules show it.
"""

from __future__ import annotations

from typing import Any

from engines.loch_ness.board import route_mark
from engines.loch_ness.table import (
    ACTIVISTS_COST,
    BOATS,
    EATEN_POINTS,
    IN_SIGHT,
    LAST_TURNS,
    LAST_TURNS_EACH,
    MAX_FINDS,
    MOVE,
    OFF,
    PLAYING,
    RESERVE,
    SIGHTINGS,
    Table,
    Tool,
    deal,
)
from engines.loch_ness.words import (
    BINOCULARS,
    DIVING_SUIT,
    FIND_WORD,
    FINDS,
    MOTOR,
    NEEDS,
    PHOTOGRAPHED,
    POINTS,
    TAKEABLE,
    THIEF,
    TOOL_WORD,
    TOOLS,
    WEAPON,
    aboard_phrase,
    find_phrase,
    tool_phrase,
)
from engines.text import N_, plural


def boat_no(boat: int) -> int:
    return boat % BOATS + 1


# --------------------------------------------------------------------------- tools shown


def show(t: Table, boat: int, kind: str) -> None:
    """A hidden tool of this kind is turned face up when it is used, unless one is shown already
    (base: every tool is open)."""
    kit = t.tools[boat]
    hidden, shown = t.tool(kind, False), t.tool(kind, True)
    if shown in kit or hidden not in kit:
        return
    kit[kit.index(hidden)] = shown
    t.say("shown", "{seat} shows a tool of boat {boat}: {tool}.", words={"tool": tool_phrase(kind)},
          seat=t.owner(boat), boat=boat_no(boat), tool=TOOL_WORD[kind])


def drop_tool(t: Table, boat: int, kind: str) -> Tool:
    """Take one tool of this kind off a boat (a hidden one before a shown one): the tool taken."""
    kit = t.tools[boat]
    hidden = t.tool(kind, False)
    dropped = hidden if hidden in kit else t.tool(kind, True)
    kit.remove(dropped)
    return dropped


# --------------------------------------------------------------------------- the turn


def begin_turn(t: Table) -> None:
    """A boat on its side is put upright in its owner's next turn and does nothing else then."""
    seat = t.seat
    t.chest_used, t.step, t.step_boat, t.town_partner = False, "act", -1, -1
    boats = len(t.acted)
    t.acted[:] = [False] * boats
    t.looked_in_town[:] = [False] * boats
    if True in t.on_side:
        for b in t.boats_of(seat):
            if t.on_side[b] and t.where[b] >= 0:
                t.on_side[b] = False
                t.acted[b] = True
                t.say("upright", "{seat}'s boat {boat} is put upright and does nothing else this turn.",
                      seat=seat, boat=boat_no(b))
    if not t.quiet:
        t.say("turn", "It is {seat}'s turn.", seat=seat, last=t.stage == LAST_TURNS)


def move(t: Table, boat: int, dest: int, via: int, steps: int) -> None:
    """Up to MOVE spaces, MOTOR_MOVE with a motor; mooring at an island counts as a space."""
    seat, start = t.owner(boat), t.where[boat]
    if steps > MOVE:
        show(t, boat, MOTOR)
    t.where[boat], t.moored_from[boat], t.acted[boat] = dest, via, True
    t.step, t.step_boat, t.fought, t.observed = "moved", boat, False, False
    if t.quiet:
        return
    terrain = t.board.terrain[dest]
    data: dict[str, Any] = {"seat": seat, "boat": boat_no(boat), "from": t.sid(start), "to": t.sid(dest),
            "via": t.sid(via) if via >= 0 else None, "steps": steps}
    if terrain == "island":
        t.say("moved", "{seat}'s boat {boat} moors at {to}.", **data)
    elif terrain == "harbour":
        t.say("moved", "{seat}'s boat {boat} sails into the harbour.", **data)
    else:
        t.say("moved", "{seat}'s boat {boat} sails to {to}.", **data)


def can_take(t: Table, boat: int, card: str) -> bool:
    """A face-up find goes aboard with the right tool ("mits daarvoor het juiste gereedschap aan
    boord is"); under water a diving suit too (our ruling); never a fourth find."""
    if len(t.finds[boat]) >= MAX_FINDS:
        return False
    need = NEEDS.get(card)
    if need is not None and not t.has(boat, need):
        return False
    site = t.site_of(boat)
    return not (site >= 0 and t.board.terrain[site] == "water" and not t.has(boat, DIVING_SUIT))


def take(t: Table, card: str) -> None:
    boat = t.step_boat
    site = t.site_of(boat)
    up = t.face_up[site]
    if t.settled:   # only a card turned after the settled ones (the bottom card) is offered
        del up[len(up) - 1 - up[::-1].index(card)]
    else:
        up.remove(card)
    t.finds[boat].append(card)
    if t.board.terrain[site] == "water":
        show(t, boat, DIVING_SUIT)
    need = NEEDS.get(card)
    if need is not None:
        show(t, boat, need)
    if t.quiet:
        return
    if card in PHOTOGRAPHED:   # the young monster stays a monster: its photo goes aboard
        t.say("took", "{seat}'s boat {boat} photographs a young monster and takes the photo aboard.",
              seat=t.owner(boat), boat=boat_no(boat), card=FIND_WORD[card], site=t.sid(site))
    else:
        t.say("took", "{seat}'s boat {boat} takes {card} aboard.", words={"card": find_phrase(card)},
              seat=t.owner(boat), boat=boat_no(boat), card=FIND_WORD[card], site=t.sid(site))


def done(t: Table) -> None:
    t.step, t.step_boat, t.town_partner, t.settled = "act", -1, -1, 0


# --------------------------------------------------------------------------- conflicts


def may_hold(t: Table, boat: int, kind: str) -> bool:
    """Whether the other players cannot rule out that ``boat`` holds a tool of this kind: it does,
    or (advanced) it carries a tool still hidden. Only then is its owner asked to show one: asking a boat that
    surely has none would tell nothing, and asking only boats that have one would tell everything."""
    return t.has(boat, kind) or any(not x.shown for x in t.tools[boat])


def attack(t: Table, target: int, weapon: bool) -> None:
    """"Als hij een wapen aan boord heeft mag hij dit kiezen te gebruiken door het te laten zien.
    Daarna mag de verdediger hetzelfde doen": the attacker's choice, then the defender's."""
    boat = t.step_boat
    if weapon:
        show(t, boat, WEAPON)
    t.fought = True
    said = (N_("{seat}'s boat {boat} attacks {target_seat}'s boat {target}, showing a weapon.") if weapon
            else N_("{seat}'s boat {boat} attacks {target_seat}'s boat {target}."))
    t.say("attack", said, seat=t.owner(boat), boat=boat_no(boat), target_seat=t.owner(target),
          target=boat_no(target), weapon=weapon)
    if may_hold(t, target, WEAPON):
        t.step, t.target, t.attacker_armed = "defend", target, weapon
        return
    knock(t, target, weapon, False)


def defended(t: Table, shown: bool) -> None:
    """The defender chose: a weapon shown is public; one not used stays hidden in the boat."""
    target, weapon = t.target, t.attacker_armed
    victim = t.owner(target)
    if shown:
        show(t, target, WEAPON)
        t.say("defended", "{target_seat} shows a weapon on boat {target}.", target_seat=victim,
              target=boat_no(target))
    else:
        t.say("undefended", "{target_seat} shows no weapon on boat {target}.", target_seat=victim,
              target=boat_no(target))
    t.step, t.target, t.attacker_armed = "moved", -1, False
    knock(t, target, weapon, shown)


def knock(t: Table, target: int, weapon: bool, defends: bool) -> None:
    """A boat without a weapon against one with one goes on its side; both or neither: both do."""
    boat = t.step_boat
    knocked = [target] if weapon and not defends else [boat] if defends and not weapon else [boat, target]
    for b in knocked:
        t.on_side[b] = True
        t.say("knocked", "{seat}'s boat {boat} is knocked on its side.", seat=t.owner(b), boat=boat_no(b))


def steal(t: Table, target: int) -> None:
    """The thief is turned face up; the robbed player may show a thief on that boat ("mag hij deze
    laten zien"), and is asked whenever the others cannot rule one out."""
    boat = t.step_boat
    show(t, boat, THIEF)
    t.fought = True
    t.say("steal", "{seat}'s boat {boat} tries to rob {target_seat}'s boat {target}.", seat=t.owner(boat),
          boat=boat_no(boat), target_seat=t.owner(target), target=boat_no(target))
    if may_hold(t, target, THIEF):
        t.step, t.target = "thief", target
        return
    draw_from(t, target)


def thief_shown(t: Table, shown: bool) -> None:
    """The robbed player chose: a thief shown stops the robbery (no new attempt); else the thief
    draws. Declining tells nobody whether there was a thief."""
    target = t.target
    victim = t.owner(target)
    t.step, t.target = "moved", -1
    if shown:
        show(t, target, THIEF)
        t.say("blocked", "{target_seat} shows a thief on boat {target}: the robbery fails.",
              target_seat=victim, target=boat_no(target))
        return
    t.say("unblocked", "{target_seat} shows no thief on boat {target}: the robbery goes on.",
          target_seat=victim, target=boat_no(target))
    draw_from(t, target)


def draw_from(t: Table, target: int) -> None:
    """The thief draws a random card from the robbed boat ("een willekeurig kaartje")."""
    victim = t.owner(target)
    tools, finds = t.tools[target], t.finds[target]
    if not tools and not finds:
        t.say("empty", "Boat {target} of {target_seat} has nothing aboard to steal.", target_seat=victim,
              target=boat_no(target))
        return
    if t.chance == "digital":   # one draw over the tools, then the finds, as they lie
        index, t.rng = t.rng.below(len(tools) + len(finds))
        if index < len(tools):
            robbed(t, target, "tool", tools[index].kind)
        else:
            robbed(t, target, finds[index - len(tools)])
        return
    t.step, t.target = "draw", target


def robbed(t: Table, target: int, card: str, tool: str = "") -> None:
    """What the thief drew: a find goes to the thief's boat, a tool goes back."""
    boat, victim = t.step_boat, t.owner(target)
    if card == "tool":
        t.say("drew_tool", "{seat} draws a tool from boat {target} and gives it back.", seat=t.owner(boat),
              target=boat_no(target), target_seat=victim)
        if tool:
            t.say("drew_tool_seen", "The tool drawn from boat {target}: {tool}.",
                  visible_to=sorted({t.owner(boat), victim}), words={"tool": tool_phrase(tool)},
                  target=boat_no(target), target_seat=victim, tool=TOOL_WORD[tool])
    else:
        t.finds[target].remove(card)
        t.finds[boat].append(card)
        t.say("stole", "{seat} steals {card} from {target_seat}'s boat {target}.",
              words={"card": aboard_phrase(card)}, seat=t.owner(boat), card=FIND_WORD[card],
              target_seat=victim, target=boat_no(target))
    t.step, t.target = "moved", -1


def observe(t: Table) -> None:
    """With binoculars, from a space next to Nessie: an observation card (6 points at home)."""
    boat = t.step_boat
    show(t, boat, BINOCULARS)
    t.finds[boat].append("V")
    t.observed = True
    t.say("observed", "{seat}'s boat {boat} observes Nessie through binoculars.", seat=t.owner(boat),
          boat=boat_no(boat))


# --------------------------------------------------------------------------- exploring


def explore(t: Table, boat: int) -> None:
    """Turn the site's card for everyone to see; of two, only the top one: the explorer settles it
    before the bottom one is turned (:func:`turn_bottom`)."""
    site = t.where[boat]
    t.acted[boat] = True
    t.step, t.step_boat, t.turning_site, t.settled = "explore", boat, -1, 0
    if t.board.terrain[site] == "water":
        show(t, boat, DIVING_SUIT)
        if not t.quiet:
            t.say("dived", "{seat}'s boat {boat} dives at {site}.", seat=t.owner(boat), boat=boat_no(boat),
                  site=t.sid(site))
    elif not t.quiet:
        t.say("explores", "{seat}'s boat {boat} explores {site}.", seat=t.owner(boat), boat=boat_no(boat),
              site=t.sid(site))
    if t.face_down[site]:
        turn_one(t, site)


def turn_bottom(t: Table) -> None:
    """"... handelt hij eerst de bovenste af en bekijkt daarna ook de onderste": the top card
    settled, the explorer turns the bottom one. The top card, taken or left, is settled: a card
    left lies open for a later visit, no longer for this explorer."""
    t.settled = len(t.face_up[t.turning_site])
    turn_one(t, t.turning_site)


def turn_one(t: Table, site: int) -> None:
    """Turn the site's top face-down card (physical: the explorer turns the real one and enters it)."""
    if t.face_down[site][-1] == "?":
        t.step, t.turning_site = "card", site
        return
    t.laid_by[site].pop()
    reveal(t, site, t.face_down[site].pop())
    _turned_one(t, site)


def _turned_one(t: Table, site: int) -> None:
    """After a card is turned: a card still face down under it waits until this one is settled."""
    t.step, t.turning_site = "explore", site if t.face_down[site] else -1


def turned(t: Table, card: str) -> None:
    """Physical: the explorer entered the card they turned."""
    site = t.turning_site
    t.face_down[site].pop()
    t.laid_by[site].pop()
    reveal(t, site, card)
    _turned_one(t, site)


def reveal(t: Table, site: int, card: str) -> None:
    boat, seat = t.step_boat, t.seat
    t.turned_up[FINDS.index(card)] += 1
    if not t.quiet:
        t.say("turned", "{seat} turns {card} on {site}.", words={"card": find_phrase(card)}, seat=seat,
              card=FIND_WORD[card], site=t.sid(site))
    if card in TAKEABLE:
        t.face_up[site].append(card)
    elif card == "A":
        before = t.reputation[seat]
        t.reputation[seat] = max(0, before - ACTIVISTS_COST)
        t.say("activists", "The activists cost {seat} a point of reputation.", seat=seat,
              points=t.reputation[seat] - before)
    elif card == "O":
        if t.where[boat] >= 0:
            t.where[boat] = OFF
            t.say("sunk", "A giant octopus sinks {seat}'s boat {boat}.", seat=seat, boat=boat_no(boat))
    elif card == "X":
        if t.stage == LAST_TURNS:
            t.say("nessie_card_late", "Nessie is already on her way to the harbour: nothing happens.")
            return
        t.sightings += 1
        water = site if t.board.terrain[site] == "water" else t.moored_from[boat]
        t.say("surfaced", "Nessie surfaces at {space}!", frm=t.sid(t.nessie), space=t.sid(water),
              seen=t.sightings)
        t.nessie = water
        eat(t, water, points=True)
        if t.sightings >= SIGHTINGS:
            trigger_end(t, "nessie")


def eat(t: Table, space: int, points: bool) -> None:
    """Every boat on Nessie's space is eaten (a moored boat lies on the water it moored from);
    its owner gets 2 reputation, except in the last turns."""
    for b in range(t.players * BOATS):
        p = t.where[b]
        if p < 0 or (p != space and not (t.board.terrain[p] == "island" and t.moored_from[b] == space)):
            continue
        t.where[b] = OFF
        owner = t.owner(b)
        if points:
            t.reputation[owner] += EATEN_POINTS
            t.say("eaten", "Nessie eats {seat}'s boat {boat}: {seat} gets 2 reputation for the story.",
                  seat=owner, boat=boat_no(b), space=t.sid(space), points=EATEN_POINTS)
        else:
            t.say("eaten", "Nessie eats {seat}'s boat {boat}.", seat=owner, boat=boat_no(b),
                  space=t.sid(space), points=0)


# --------------------------------------------------------------------------- the end of a turn


def spend_chest(t: Table, boat: int) -> None:
    """One treasure chest brought home buys one boat another move or look around, once a turn."""
    seat = t.seat
    t.chests[seat] -= 1
    t.chest_used = True
    t.acted[boat] = False
    t.say("chest", "{seat} spends a treasure chest: boat {boat} may act once more.", seat=seat,
          boat=boat_no(boat))


def bagpipe(t: Table, space: int) -> None:
    """A bagpipe token moves Nessie to a lake space next to her; she eats every boat there."""
    seat = t.seat
    t.bagpipes[seat] -= 1
    t.say("bagpipe", "{seat} plays the bagpipes: Nessie swims to {space}.", seat=seat,
          frm=t.sid(t.nessie), space=t.sid(space))
    t.nessie = space
    eat(t, space, points=True)


def trigger_end(t: Table, why: str) -> None:
    if t.stage != PLAYING:
        return
    t.stage = IN_SIGHT
    if why == "nessie":
        t.say("end_in_sight", "Nessie has been seen three times: when {start_seat}'s turn comes again, she "
              "attacks the harbour.", start_seat=t.start_player, reason=why)
    else:
        t.say("end_in_sight", "No discovery cards are left to fill the empty sites: when {start_seat}'s "
              "turn comes again, Nessie attacks the harbour.", start_seat=t.start_player, reason=why)


def end_turn(t: Table) -> None:
    """Nessie's last-turns swim, eaten boats home, a new boat, empty sites refilled, the next turn."""
    seat = t.seat
    done(t)
    if t.stage == LAST_TURNS:
        route = t.board.route
        nxt = route[min(route.index(t.nessie) + 1, len(route) - 1)]
        t.say("nessie_swims", "Nessie swims on to {space}.", frm=t.sid(t.nessie), space=t.sid(nxt))
        t.nessie = nxt
        eat(t, nxt, points=False)
    home(t)
    own = t.where[seat * BOATS:seat * BOATS + BOATS]
    if t.board.harbour not in own and RESERVE in own:
        reserve = [b for b in t.boats_of(seat) if t.where[b] == RESERVE]
        if reserve:
            t.where[reserve[0]] = t.board.harbour
            t.say("new_boat", "{seat} puts a new boat in the harbour.", seat=seat, boat=boat_no(reserve[0]))
    refill(t)
    if t.stage == LAST_TURNS:
        t.turns_left -= 1
        if t.nessie == t.board.front or t.turns_left <= 0:
            finish(t)
            return
    t.seat = (seat + 1) % t.players
    if t.stage == IN_SIGHT and t.seat == t.start_player:
        start = t.board.route_from(t.players)[0]
        t.stage, t.turns_left = LAST_TURNS, LAST_TURNS_EACH * t.players
        t.say("harbour_attack", "Nessie attacks the harbour! She starts from {space}; everyone has two more "
              "turns.", frm=t.sid(t.nessie), space=t.sid(start), mark=route_mark(t.players))
        t.nessie = start
        eat(t, start, points=False)
        home(t)
    begin_turn(t)


def home(t: Table) -> None:
    """Boats taken off the board go back to the harbour: their finds leave the game, their tools go
    back to the stacks."""
    if OFF not in t.where:
        return
    for b in range(t.players * BOATS):
        if t.where[b] != OFF:
            continue
        lost, kit = t.finds[b], t.tools[b]
        t.where[b], t.moored_from[b], t.on_side[b] = t.board.harbour, -1, False
        if lost:
            t.say("home", plural(len(lost),
                                 "{seat}'s boat {boat} is back in the harbour; {count} find is lost.",
                                 "{seat}'s boat {boat} is back in the harbour; {count} finds are lost."),
                  seat=t.owner(b), boat=boat_no(b), lost=[FIND_WORD[c] for c in lost], tools=len(kit))
        else:
            t.say("home", "{seat}'s boat {boat} is back in the harbour.", seat=t.owner(b), boat=boat_no(b),
                  lost=[], tools=len(kit))
        return_tools(t, b, list(kit))
        t.finds[b], t.tools[b] = [], []


def return_tools(t: Table, boat: int, kit: list[Tool]) -> None:
    if not kit:
        return
    if not t.advanced:
        for x in kit:
            t.supply[TOOLS.index(x.kind)] += 1
        return
    smallest = min(range(len(t.stacks)), key=lambda k: (len(t.stacks[k]), k))
    t.stacks[smallest] += [x.kind if t.chance == "digital" else "?" for x in kit]
    t.say("tools_back", "The tools of {seat}'s boat {boat} go back face down on stack {stack}.",
          seat=t.owner(boat), boat=boat_no(boat), stack=smallest + 1, count=len(kit))


def refill(t: Table) -> None:
    """Empty islands and dive sites get cards from the piles: empty means no boat (moored boats
    count), no Nessie and no card there."""
    down, up, nessie = t.face_down, t.face_up, t.nessie
    empty = [s for s in t.board.sites if not down[s] and not up[s] and s != nessie]
    if not empty:
        return
    taken = set(t.where)
    short = False
    for s in empty:
        if s in taken:
            continue
        missing = deal(t, s)
        if len(t.face_down[s]):
            t.say("refilled", "{site} gets a new card face down.", site=t.sid(s), count=len(t.face_down[s]))
        short = short or missing > 0
    if short:
        trigger_end(t, "cards")


# --------------------------------------------------------------------------- the final count


def score(t: Table, seat: int) -> dict[str, object]:
    """Finds on boats in the harbour count in full, outside it for half; unspent chests 2 each."""
    home_pts = out_pts = 0
    for b in t.boats_of(seat):
        pts = sum(_points(c) for c in t.finds[b])
        if t.where[b] == t.board.harbour:
            home_pts += pts
        elif t.where[b] >= 0:
            out_pts += pts
    chest_points = POINTS["C"] * t.chests[seat]
    halves = 2 * (t.reputation[seat] + chest_points + home_pts) + out_pts
    return {"seat": seat, "reputation": t.reputation[seat], "chests": t.chests[seat],
            "chest_points": chest_points,
            "harbour": home_pts, "outside": out_pts, "outside_counted": out_pts / 2, "total": halves / 2,
            "halves": halves}


def _points(card: str) -> int:
    return POINTS.get(card, 0)


def finish(t: Table) -> None:
    t.phase, t.step = "over", "act"
    if t.nessie == t.board.front:
        t.say("game_over", "Nessie reaches the space in front of the harbour: the harbour is blocked and the "
              "game ends. Finds in the harbour count in full, finds outside it for half.")
    else:
        t.say("game_over", "The last turns are played: the game ends. Finds in the harbour count in full, "
              "finds outside it for half.")


def points_text(halves: int) -> str:
    """A score in words: ``12`` or ``12.5``."""
    return str(halves // 2) + (".5" if halves % 2 else "")

