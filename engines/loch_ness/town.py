"""Looking around in town ("Rondkijken in de stad"): hand in finds, return and take tools.

"De speler mag eerst ontdekkingskaarten inleveren; hiervoor krijgt hij reputatiepunten. De speler
mag ingeleverde schatkisten ook voor zich leggen. De speler mag zo veel gereedschap als hij wil
terugleggen op de betreffende stapels. Daarnaast mag er per boot één of twee stukken gereedschap
uitgekozen worden. Als de speler voor een boot twee stukken gereedschap uitkiest, dan kost dit 2
reputatiepunten." Two of a player's boats looking around in town together may swap tools.

Advanced: a boat picks one stack, looks through it and takes one or two tools from it, which stay
face down aboard; a returned tool goes face down on a stack of the player's choice. The other
players see how many tools moved, never which.
"""

from __future__ import annotations

from engines.loch_ness.play import boat_no, drop_tool
from engines.loch_ness.table import SECOND_TOOL_COST, Table
from engines.loch_ness.words import FIND_WORD, POINTS, TOOL_WORD, TOOLS, tool_phrase
from engines.text import plural

MAX_GIVES = 6
"""Tools handed between the two boats in one visit: not the rulebook's, a bound so that a visit
always ends."""


def hand_in(t: Table, boat: int) -> None:
    seat = t.owner(boat)
    t.acted[boat] = t.looked_in_town[boat] = True
    t.tools_taken[boat], t.stack_picked[boat] = 0, -1
    finds = t.finds[boat]
    if not finds:
        return
    points = sum(POINTS[c] for c in finds if c != "C")
    chests = finds.count("C")
    t.reputation[seat] += points
    t.chests[seat] += chests
    if not t.quiet:
        t.say("handed_in", plural(len(finds),
                                  "{seat} hands in {count} find from boat {boat}: {points} reputation.",
                                  "{seat} hands in {count} finds from boat {boat}: {points} reputation."),
              seat=seat, boat=boat_no(boat), points=points, finds=[FIND_WORD[c] for c in finds])
    if chests and not t.quiet:
        t.say("chests_kept", plural(chests, "{seat} keeps {count} treasure chest.",
                                    "{seat} keeps {count} treasure chests."), seat=seat)
    t.finds[boat] = []


def enter(t: Table, boat: int) -> None:
    if not t.quiet:
        t.say("town", "{seat}'s boat {boat} looks around in town.", seat=t.owner(boat), boat=boat_no(boat))
    hand_in(t, boat)
    t.step, t.step_boat, t.town_partner, t.tools_handed = "town", boat, -1, 0


def join(t: Table, boat: int) -> None:
    t.say("town_join", "{seat}'s boat {boat} looks around in town too.", seat=t.owner(boat),
          boat=boat_no(boat))
    hand_in(t, boat)
    t.town_partner = boat


def return_tool(t: Table, boat: int, tool: str, stack: int) -> None:
    seat = t.owner(boat)
    dropped = drop_tool(t, boat, tool)
    if not t.advanced:
        t.supply[TOOLS.index(tool)] += 1
        t.say("returned", "{seat} puts back a tool of boat {boat}: {tool}.",
              words={"tool": tool_phrase(tool)},
              seat=seat, boat=boat_no(boat), tool=TOOL_WORD[tool])
        return
    t.stacks[stack].append(tool if t.chance == "digital" else "?")
    if dropped.shown:   # a tool everyone has seen: no secret
        t.say("returned", "{seat} puts back a tool of boat {boat} on stack {stack}: {tool}.",
              words={"tool": tool_phrase(tool)}, seat=seat, boat=boat_no(boat), tool=TOOL_WORD[tool],
              stack=stack + 1)
    else:
        t.say("returned", "{seat} puts a tool of boat {boat} back face down on stack {stack}.", seat=seat,
              boat=boat_no(boat), stack=stack + 1)
        t.say("returned_own", "You put back on stack {stack}: {tool}.", visible_to=[seat],
              words={"tool": tool_phrase(tool)}, boat=boat_no(boat), tool=TOOL_WORD[tool], stack=stack + 1)


def pick_stack(t: Table, boat: int, stack: int) -> None:
    t.stack_picked[boat] = stack
    t.say("stack", "{seat} looks through stack {stack} for boat {boat}.", seat=t.owner(boat),
          boat=boat_no(boat), stack=stack + 1, size=len(t.stacks[stack]))


def take_tool(t: Table, boat: int, tool: str) -> None:
    seat = t.owner(boat)
    paid = t.tools_taken[boat] > 0
    if paid:
        t.reputation[seat] -= SECOND_TOOL_COST
    t.tools_taken[boat] += 1
    t.tools[boat].append(t.new_tool(tool))
    if not t.advanced:
        t.supply[TOOLS.index(tool)] -= 1
        if t.quiet:
            return
        if paid:
            t.say("tool", "{seat} takes a second tool for boat {boat}, for 2 reputation: {tool}.",
                  words={"tool": tool_phrase(tool)}, seat=seat, boat=boat_no(boat), tool=TOOL_WORD[tool],
                  paid=SECOND_TOOL_COST)
        else:
            t.say("tool", "{seat} takes a tool for boat {boat}: {tool}.", words={"tool": tool_phrase(tool)},
                  seat=seat, boat=boat_no(boat), tool=TOOL_WORD[tool], paid=0)
        return
    stack = t.stacks[t.stack_picked[boat]]
    stack.remove(tool if t.chance == "digital" else "?")
    if t.quiet:
        return
    if paid:
        t.say("tool", "{seat} takes a second tool from stack {stack} for boat {boat}, for 2 reputation.",
              seat=seat, boat=boat_no(boat), stack=t.stack_picked[boat] + 1, paid=SECOND_TOOL_COST)
    else:
        t.say("tool", "{seat} takes a tool from stack {stack} for boat {boat}.", seat=seat,
              boat=boat_no(boat),
              stack=t.stack_picked[boat] + 1, paid=0)
    t.say("tool_own", "You take a tool for boat {boat}, face down: {tool}.", visible_to=[seat],
          words={"tool": tool_phrase(tool)}, boat=boat_no(boat), tool=TOOL_WORD[tool])


def give(t: Table, src: int, dst: int, tool: str) -> None:
    seat = t.owner(src)
    moved = drop_tool(t, src, tool)
    t.tools[dst].append(moved)
    t.tools_handed += 1
    if moved.shown:
        t.say("gave", "{seat} moves a tool from boat {boat} to boat {other}: {tool}.",
              words={"tool": tool_phrase(tool)}, seat=seat, boat=boat_no(src), other=boat_no(dst),
              tool=TOOL_WORD[tool])
    else:
        t.say("gave", "{seat} moves a tool from boat {boat} to boat {other}.", seat=seat, boat=boat_no(src),
              other=boat_no(dst))
