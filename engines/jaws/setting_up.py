"""Setting up the real box: the steps the table screen shows and each seat's own part,
built from a start position (never a second copy of the setup).

Act 1 follows the rulebook's "1. Akt: Spielaufbau" point by point, with the counts of the position:
the event deck, the swimmers' supply, the barrels on the Orca and in the Shop, the crew's start
spaces (the board as shipped or as the table corrected it). The shark's secret start is in no step
and in no part but the shark's. Act 2 has steps only when the game starts there ("2. Akt:
Vorbereitung" and "2. Akt einzeln spielen"); after Act 1 the game itself leads into Act 2.

``marks`` name what the table renderer outlines (web/static/games/jaws.js, ``SETUP_MARKS``).
"""

from __future__ import annotations

from engines.core import DIGITAL, ChanceMode, SetupStep
from engines.jaws import words
from engines.jaws.amity import phrases
from engines.jaws.box import OWN_CARDS, RESURFACE_CARDS
from engines.jaws.common import BRODY, HOOPER, QUINT
from engines.jaws.match import Match
from engines.jaws.orca.layout import ZONES
from engines.jaws.orca.voyage import abilities
from engines.jaws.position import Acts
from engines.jaws.state import JawsState
from engines.text import Text, plural

ACT2 = Text("Act 2: Setup")
ALONE = Text("Playing Act 1 or Act 2 alone")


def steps(state: JawsState, chance: ChanceMode = DIGITAL) -> tuple[SetupStep, ...]:
    """The table's steps for the position the game starts from. ``chance`` is the table's mode for
    Act 1's event deck (the companion draws for this game): digital, the companion shuffles and
    turns the cards, which stay in the box; physical, the table shuffles the real deck. Act 2's
    resurface deck follows the box profile's deck mode; the shark's ability cards are always dealt
    by the companion, so they stay in the box and only the shark's phone names them."""
    return _steps(state.position, chance)


def part(state: JawsState, seat: int) -> tuple[Text, ...]:
    """What ``seat`` takes and learns while setting up; the shark's secrets only for the shark."""
    p = state.position
    if not 0 <= seat < p.players or not _steps(p):
        return ()
    if seat == p.seats[0]:
        return _shark_part(p)
    mine = p.seat_roles(seat)
    if not mine:
        return ()
    out = [Text("You play {roles}.", {"roles": words.roles(mine)})]
    if p.act2 is not None:
        out.append(plural(OWN_CARDS, "Take your own {count} gear card and your target chip.",
                          "Take your own {count} gear cards and your target chip."))
        out.append(Text("When the game opens, put your mover on a boat space of your choice (on your "
                        "phone)."))
        return tuple(out)
    out.append(Text("Take your character board and lay it with its “Act 1” side up."))
    out += [_crew_line(p, r) for r in mine]
    return tuple(out)


def _steps(p: Match, chance: ChanceMode = DIGITAL) -> tuple[SetupStep, ...]:
    if p.act2 is not None and p.acts is Acts.ORCA and p.act2.round == 0:
        return _act2(p)
    if p.act == 1 and p.round <= 1 and not p.card and not p.turned:  # the shark's start may be chosen
        return _act1_steps(p, chance)
    return ()


# --------------------------------------------------------------------------- Act 1


def _events(p: Match, chance: ChanceMode) -> tuple[Text, ...]:
    """The event deck: the companion's (its order no real shuffle gives: review G5) or the real one."""
    left = len(p.cards) - len(p.turned)
    if chance == DIGITAL:
        return (plural(left, "The {count} Amity event card stays in the box: the companion shuffles it, and "
                       "the table screen shows it when it is turned; read it aloud then.",
                       "The {count} Amity event cards stay in the box: the companion shuffles them, and the "
                       "table screen shows each card turned; read it aloud then."),)
    return (plural(left, "Shuffle the {count} Amity event card and lay it face down beside the board.",
                   "Shuffle the {count} Amity event cards well and lay them face down as a pile beside the "
                   "board."),
            Text("Each card turned from this pile is entered on the host page."))


def _act1_steps(p: Match, chance: ChanceMode) -> tuple[SetupStep, ...]:
    board = p.board
    water = phrases.listed(board, list(board.water_spaces), p.box)
    return (
        SetupStep("board", Text("The board"), (
            Text("Lay the board with its “Amity: Act 1” side up: the white lines mark the spaces."),
            plural(len(board.water_spaces),
                   "{count} water space, marked with a number or a letter: {spaces}.",
                   "{count} water spaces, each marked with a number or a letter: {spaces}.", spaces=water),
        ), ("board",), _act1(1)),
        SetupStep("events", Text("The event cards"), _events(p, chance), ("deck:event",), _act1(2)),
        SetupStep("swimmers", Text("The swimmers"), (
            plural(board.swimmers, "Lay the {count} swimmer beside the board as a supply.",
                   "Lay the {count} swimmers beside the board as a supply."),
            _beaches(p),
        ), ("swimmers",), _act1(3)),
        SetupStep("roles", Text("Who plays what"), _roles(p), (), _act1(4)),
        SetupStep("crew", Text("The crew"), (
            Text("Each player takes their character board and lays it with its “Act 1” side up."),
            *(_crew_line(p, r) for r in (QUINT, BRODY, HOOPER)),
        ), ("mover:quint", "barrels:quint", "barrels:shop", "mover:brody", "mover:hooper"),
            _act1(5)),
        SetupStep("shark", Text("The shark"), (
            *_shark_takes(p),
            Text("The shark does NOT go on the board: it comes up only when the rules say so."),
            plural(len(board.water_spaces),
                   "It chooses its start in secret, the {count} water space, on its phone: nobody else "
                   "sees it.",
                   "It chooses its start in secret, one of the {count} water spaces, on its phone: nobody "
                   "else sees it."),
            Text("Everything else goes aside: Act 1 does not need it."),
        ), ("track", "water"), _act1("5–6")),
        *_abilities_shown(p),
    )


# What each of the shark's four ability tiles does, in our words (rulebook, "Abilities"): the
# rulebook has them shown to every player before the first game; in play the shark says only
# whether it played one.
ABILITY_SAYS = (
    Text("Feeding Frenzy: one action eats every swimmer in its space."),
    Text("Evasive Moves: it sets off no motion sensor this round."),
    Text("Out of Sight: this round it may tell the binoculars and the fish finder “not there”, even when "
         "it is."),
    Text("Speed Burst: one action swims up to 3 spaces."),
)


def _abilities_shown(p: Match) -> tuple[SetupStep, ...]:
    """The ability tiles shown to everyone (JW2: the crew was never told what Out of Sight does to
    its fish finder and binoculars)."""
    powers = [i for i in range(4) if p.powers >> i & 1]
    if not powers:
        return ()
    return (SetupStep("abilities", Text("The shark's abilities"), (
        Text("Show everyone the shark's ability tiles before the first game. Each works once, for one "
             "round; the shark says only whether it played one."),
        *(ABILITY_SAYS[i] for i in powers),
    ), (), Text("Act 1: Phase 2: The shark")),)


def _act1(point: int | str) -> Text:
    """A point of the rulebook's "1. Akt: Spielaufbau"."""
    return Text("Act 1: Setup, {point}", {"point": point})


def _beaches(p: Match) -> Text:
    """The swimmers on the beaches N, E, S and W as the position has them (none at the start)."""
    if not any(p.swimmers):
        return Text("The beaches N, {east}, S and W start empty: each round's event card puts swimmers "
                    "there.", {"east": phrases.beach(1, p.box)})
    n, e, s, w = p.swimmers
    return Text("Swimmers on the beaches: N {n}, {east} {e}, S {s}, W {w}.",
                {"n": n, "e": e, "s": s, "w": w, "east": phrases.beach(1, p.box)})


def _roles(p: Match) -> tuple[Text, ...]:
    out = [Text("{seat} plays the shark.", {"seat": p.seats[0]})]
    for seat in range(p.players):
        mine = p.seat_roles(seat)
        if mine:
            out.append(Text("{seat} plays {roles}.", {"seat": seat, "roles": words.roles(mine)}))
    if p.players < 4:
        out.append(Text("Every role is played: with fewer than 4 players, a player takes more than one crew "
                        "member."))
    if p.acts is Acts.BOTH:
        out.append(Text("Every role stays the same in Act 2."))
    return tuple(out)


def _place(p: Match, space: int) -> Text:
    """A start space as the setup names it: the police station, a dock, or a space."""
    board = p.board
    at = phrases.place(board, space, p.box)
    if space == board.police:
        return Text("the police station ({space})", {"space": at})
    if board.is_dock(space):
        return Text("the dock at {space}", {"space": at})
    return at


def _crew_line(p: Match, r: int) -> Text:
    at = _place(p, p.pos[r])
    if r == QUINT:
        return plural(p.on_boat[QUINT],
                      "Quint takes {count} barrel beside his character board (on board the Orca); the other "
                      "{shop} go to the Shop, in the middle of the board. His mover (green) and the Orca "
                      "(brown) go on {place}.",
                      "Quint takes {count} barrels beside his character board (on board the Orca); the other "
                      "{shop} go to the Shop, in the middle of the board. His mover (green) and the Orca "
                      "(brown) go on {place}.", shop=p.shop, place=at)
    if r == BRODY:
        return Text("Brody takes the “Beach closed” tile and the binoculars; his mover (black) goes on "
                    "{place}.", {"place": at})
    assert r == HOOPER
    return Text("Hooper takes the fish finder; his mover (blue) goes on his boat (white), on {place}.",
                {"place": at})


def _shark_takes(p: Match) -> tuple[Text, ...]:
    powers = [i for i in range(4) if p.powers >> i & 1]
    listed = phrases.power(powers[0]) if powers else Text("none")
    for i in powers[1:]:
        listed = Text("{list}, {item}", {"list": listed, "item": phrases.power(i)})
    return (
        Text("The shark puts a clip on space {track} of the swimmer track of its character board.",
             {"track": p.eaten}),
        plural(len(powers), "It takes the {count} ability token ({list}), the shark tracker and its mover.",
               "It takes the {count} ability tokens ({list}), the shark tracker and its mover.", list=listed),
    )


def _shark_part(p: Match) -> tuple[Text, ...]:
    out = [Text("You are the shark.")]
    if p.act2 is not None:
        return (*out, *_hand(p))
    out += _shark_takes(p)
    if p.shark >= 0:
        out.append(Text("Your secret start: {space}. Never tell the crew.",
                        {"space": phrases.place(p.board, p.shark, p.box)}))
    else:
        out.append(Text("When the game opens, choose your start in secret on your phone: one of the water "
                        "spaces. Never tell the crew."))
    out.append(Text("Tip: starting on one of the 4 beaches may give you easier access to swimmers in the "
                    "first round."))
    return tuple(out)


# --------------------------------------------------------------------------- Act 2 alone


def _act2(p: Match) -> tuple[SetupStep, ...]:
    a = p.orca()
    shark, crew = a.carry if a.carry else (0, 0)
    return (
        SetupStep("orca", Text("The Orca"), (
            Text("Lay the board with its “The Orca: Act 2” side up."),
            plural(ZONES,
                   "Build the Orca: lay a boat tile on each of the {count} zone, its undamaged side up.",
                   "Build the Orca: lay a boat tile on each of the {count} zones, its undamaged side up."),
        ), ("orca",), ACT2),
        SetupStep("resurface", Text("The resurface cards"), (_resurface(a.deck_mode),), ("deck:resurface",),
                  ACT2),
        SetupStep("cards", Text("Ability and gear cards"), (
            plural(shark,
                   "The shark's {count} ability card stays in the box: only its phone names it.",
                   "The shark's {count} ability cards stay in the box: only its phone names them."),
            plural(OWN_CARDS, "Each crew member takes their own {count} gear card and their target chip.",
                   "Each crew member takes their own {count} gear cards and their target chip."),
            plural(crew, "The crew gets {count} crew gear card face down and shares it out as they like.",
                   "The crew gets {count} crew gear cards face down and shares them out as they like."),
            Text("Each crew member lays all their gear cards face up beside their character board."),
        ), ("hand", "tracks"), ALONE),
        SetupStep("boards", Text("Character boards and chips"), (
            Text("Turn the character boards to their Act 2 side and put a clip on space 0 at the top of each "
                 "wound track."),
            Text("The shark takes the 3 large resurface chips and its mover; the 3 small resurface chips and "
                 "the 3 dice lie ready beside the board."),
            Text("Everything else goes back into the box: Act 2 does not need it."),
        ), ("tracks",), ACT2),
        SetupStep("places", Text("The crew boards the Orca"), (
            Text("When the game opens, each crew member puts their mover on a boat space of their choice; "
                 "several may share a space."),
        ), ("orca",), ACT2),
    )


def _resurface(deck_mode: str) -> Text:
    if deck_mode == DIGITAL:   # the box profile's deck mode: the companion shuffles and turns
        return plural(RESURFACE_CARDS,
                      "The {count} resurface card stays in the box: the companion shuffles it, and the "
                      "table screen shows it when it is turned.",
                      "The {count} resurface cards stay in the box: the companion shuffles them, and the "
                      "table screen shows each card turned.")
    return plural(RESURFACE_CARDS,
                  "Shuffle the {count} resurface card and lay it face down on the space marked “draw pile”.",
                  "Shuffle the {count} resurface cards and lay them face down on the space marked “draw "
                  "pile”.")


def _hand(p: Match) -> tuple[Text, ...]:
    """The shark's ability cards: dealt by the companion (secret), or how many it will get."""
    a = p.orca()
    if not a.hand:
        count = a.carry[0] if a.carry else 0
        return (plural(count, "You get {count} ability card once the table has entered the box's numbers.",
                       "You get {count} ability cards once the table has entered the box's numbers."),)
    titles = [Text(abilities()[k].title) for k in a.hand]
    listed = titles[0]
    for t in titles[1:]:
        listed = Text("{list}, {item}", {"list": listed, "item": t})
    # dealt by the companion: looking through the deck for them would show the crew which (review G5)
    return (Text("Your ability cards, which only your phone names (leave the cards in the box): {list}.",
                 {"list": listed}),)


__all__ = ["part", "steps"]
