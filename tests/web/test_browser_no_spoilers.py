"""No phone learns before the table (issue 36, point 1): "a Sharks player's phone announced their
agent's death 6.7 s before the TV's laser reached it; a Jaws crew phone showed the resurfaced shark
and its ability card 3.8 s before the TV told them; the next round's starter saw the round's
outcome while the TV was at step 3 of 6."

The canary, through the real pages: while the 1280x720 table screen tells a change step by step
(Next, Auto off), every phone's whole text is recorded at every step, beside the table screen's.
No phone may contain a line before the table screen's text does (a result said, a square, a
count, "your turn"), and the prompts that follow from a result appear only with the step that
tells it. docs/web.md, "No phone ahead of the table".
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.companion.test_story import play_to_the_resolution, tell_all
from tests.waits import patience_ms
from tests.web import test_browser as shared

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
phone, shot, watch = shared.phone, shared.shot, shared.watch

BOX = json.dumps(json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "jaws_box.json")
                            .read_text(encoding="utf-8"))["profile"])


@dataclass
class Frame:
    """One step as the table screen shows it: its place ("3 of 7") and every page's text."""

    place: str
    tv: str
    phones: list[str]
    seen: Any = field(default=None)   # what the test looked up besides (``look``)


def lines(text: str) -> set[str]:
    """A page's lines worth comparing (a word alone, an arrow or a number says no result)."""
    return {line.strip() for line in text.splitlines() if len(line.strip()) >= 8}


def table_screen(browser: Any, server: str, table: str) -> Any:
    tv = watch(browser.new_context(viewport={"width": 1280, "height": 720}).new_page())
    tv.goto(f"{server}/table/{table}")
    tv.locator("#game-area svg").first.wait_for(state="visible")
    return tv


Look = Callable[[Any, list[Any]], Any]


def frame(service: Any, table: str, tv: Any, phones: list[Any], look: Look | None = None) -> Frame:
    """The step the table shows now, once the table screen and every phone have drawn it: the
    screen's count says it, and each phone says it too ("The table is showing round 1: 3 of 7"),
    or, at the last step, no longer says the table is telling."""
    story = service.public(table)["story"]
    shown = story["shown"]
    place = f"{shown['stop'] + 1} of {shown['stops']}"
    tv.locator("#resolution .resolution-count", has_text=place).wait_for(timeout=patience_ms(10))
    last = not story["waiting"]
    for page in phones:
        if last:
            page.locator("#telling .telling-line").wait_for(state="detached", timeout=patience_ms(10))
        else:
            page.locator("#telling .telling-line", has_text=f": {place}.").wait_for(timeout=patience_ms(10))
    tv.evaluate("() => Promise.all(document.getAnimations().map((a) => a.finished))")   # a glide ends
    return Frame(place, tv.inner_text("body"), [page.inner_text("body") for page in phones],
                 look(tv, phones) if look else None)


def tell_step_by_step(service: Any, table: str, tv: Any, phones: list[Any],
                      look: Look | None = None) -> list[Frame]:
    """Every step of what the table has still to tell, one Next at a time, recorded."""
    frames = [frame(service, table, tv, phones, look)]
    while service.public(table)["story"]["waiting"]:
        service.advance(table)
        frames.append(frame(service, table, tv, phones, look))
    return frames


def texts(phones: list[Any]) -> list[str]:
    """Each phone's whole text now (before the change: what it knew already, its own cards too)."""
    return [page.inner_text("body") for page in phones]


def assert_no_phone_ahead(frames: list[Frame], names: list[str], before: list[str]) -> None:
    """Each line a phone shows that it did not show before the change, it shows no earlier than
    the table screen first does."""
    first: dict[str, int] = {}
    for k, f in enumerate(frames):
        for line in lines(f.tv):
            first.setdefault(line, k)
    ahead = [(names[n], line, k + 1, first[line] + 1) for k, f in enumerate(frames)
             for n, text in enumerate(f.phones) for line in lines(text) - lines(before[n])
             if first.get(line, -1) > k]
    assert not ahead, "\n".join(f"{who}'s phone showed {line!r} at step {k}; the table screen at step {tv}"
                                for who, line, k, tv in ahead)


def first_with(frames: list[Frame], seat: int, text: str) -> int:
    """The first step at which a seat's phone shows ``text``; -1: never."""
    return next((k for k, f in enumerate(frames) if text in f.phones[seat]), -1)


def seated(service: Any, browser: Any, server: str, game: str, options: dict[str, Any], seed: int,
           names: list[str]) -> tuple[str, list[Any]]:
    """A table with Auto off (the test steps it) and a 360-px phone in every seat, by name."""
    table = service.create_table(game, len(names), options, seed=seed)["table"]
    service.set_auto(table, False)
    phones = [phone(browser) for _ in names]
    for seat, page in enumerate(phones):
        shared.sit(page, server, table, seat, names[seat])
    return table, phones


def play_up_to(service: Any, table: str, rng: random.Random,
               wanted: Callable[[Any, int, dict[str, Any]], bool]) -> tuple[int, dict[str, Any]]:
    """Random plays straight to the companion until a seat may make a play ``wanted(state, seat,
    action)`` says is the one to watch (not made): that seat and play."""
    for _ in range(600):
        state = service.state_of(table)
        seat = state.awaiting[0]
        actions = state.legal_actions(seat)
        found = [a for a in actions if wanted(state, seat, a)]
        if found:
            return seat, found[0]
        service.act(table, seat, rng.choice(actions))
    raise AssertionError("no such play came up")


def test_sharks_the_rounds_outcome_and_the_next_turn_reach_the_phones_with_the_table(
        server: str, browser: Any, service: Any) -> None:
    """Sharks with Lasers, phase III ("Auswertung"): the round is resolved card by card on the table
    screen. S1 and S6: no phone says where the agents stand now, or whose turn the next round
    opens with, before the table screen has told it; the phone that opens the next round is asked
    at the round's last step, not before."""
    names = ["Ann", "Bas", "Cor"]
    table = service.create_table("sharks-with-lasers", 3, {}, seed=5)["table"]
    service.set_auto(table, False)   # the test steps with Next
    phones = [phone(browser) for _ in range(3)]
    for seat, page in enumerate(phones):
        shared.sit(page, server, table, seat, names[seat])
    seat, resolving = play_to_the_resolution(service, table, random.Random(1))
    tell_all(service, table)
    tv = table_screen(browser, server, table)
    before = texts(phones)
    service.act(table, seat, resolving)              # the round is resolved: the table tells it

    def agents(tv: Any, phones: list[Any]) -> tuple[list[str], list[str]]:
        """Where each agent stands on the table screen's board, and where each phone says its
        own agent stands ("Your agent (f4)", or "on the boat")."""
        on_tv = [tv.locator(f'#board g[data-agent="{s}"]').first.get_attribute("data-square")
                 if tv.locator(f'#board g[data-agent="{s}"]').count() else "" for s in range(3)]
        return on_tv, [p.locator(".swl-slots-label").inner_text() for p in phones]

    frames = tell_step_by_step(service, table, tv, phones, agents)
    assert len(frames) >= 4
    assert_no_phone_ahead(frames, names, before)
    for f in frames:   # each phone's agent stands where the table screen shows it, step by step
        on_tv, said = f.seen
        where = [f"Your agent ({sq})" if sq else "Your agent · on the boat" for sq in on_tv]
        assert said == where, (f.place, f.seen)
    assert len({tuple(f.seen[0]) for f in frames}) > 1   # an agent moved during the round
    starter = service.state_of(table).awaiting[0]
    # asked at the last step, the table's, and not one step before
    assert first_with(frames, starter, "Your turn.") == len(frames) - 1, [f.phones[starter] for f in frames]
    for n, f in enumerate(frames[:-1]):
        assert "Nothing to do right now." in f.phones[starter], n
    shot(phones[starter], "no-spoilers-sharks-starter-asked-at-the-last-step")
    for ctx in (tv.context, *(p.context for p in phones)):
        ctx.close()


def test_laser_chess_a_piece_the_laser_takes_stays_on_every_phone_until_the_table_fires(
        server: str, browser: Any, service: Any) -> None:
    """Laser Chess: "after your move your laser fires". Blue turns its Laser, and the beam takes its
    own Defender on f1: while the table screen shows the turn, both phones still show the
    Defender on f1 and neither says the laser took it; with the laser's step it is gone."""
    names = ["Blue", "Red"]
    table = service.create_table("laser-chess", 2, {}, seed=3)["table"]
    service.set_auto(table, False)
    phones = [phone(browser) for _ in range(2)]
    for seat, page in enumerate(phones):
        shared.sit(page, server, table, seat, names[seat])
    tv = table_screen(browser, server, table)
    turn = next(a for a in service.state_of(table).legal_actions(0) if a["notation"] == "j1-")
    defender = '#board [data-token="f1"]'
    before = texts(phones)
    service.act(table, 0, turn)
    frames = [frame(service, table, tv, phones)]
    assert frames[0].place == "1 of 2"
    for page in phones:   # the turn is told: the Defender still stands on every phone's board
        assert page.locator(defender).count() == 1, "a phone drew the laser's result before the table"
    service.advance(table)
    frames.append(frame(service, table, tv, phones))
    for page in phones:
        page.locator(defender).wait_for(state="detached", timeout=patience_ms(5))
    assert_no_phone_ahead(frames, names, before)
    taken = "laser removed Blue's Defender on f1"
    assert taken not in frames[0].tv and taken in frames[1].tv
    assert all(taken not in text for text in frames[0].phones)
    for ctx in (tv.context, *(p.context for p in phones)):
        ctx.close()


def test_jaws_act_2_the_resurfaced_shark_reaches_the_crew_phones_with_the_table(
        server: str, browser: Any, service: Any) -> None:
    """Jaws, Act 2, phase 4 ("Der Hai taucht auf"): the last crew member is ready and the shark
    resurfaces. J7: "1.5 s after Hooper's 'ready', with the TV at '2 von 4', Bernd's phone already
    showed the shark on the Orca, 'Der Hai liegt auf deinem Ziel-Chip', its ability card and the
    buttons 'angreifen / nicht angreifen'." No crew phone shows any of it before the table screen,
    and the crew is asked to attack with the step that tells where the shark came up."""
    names = ["Shark", "Bernd", "Hooper"]
    options = {"acts": "2", "box": BOX, "resurface": "digital"}
    table, phones = seated(service, browser, server, "jaws", options, 31, names)
    seat, last = play_up_to(service, table, random.Random(1),   # up to the last "ready"
                            lambda state, seat, a: state.apply(seat, a).view(None)["orca"]["phase"]
                            == "attack")
    tell_all(service, table)
    tv = table_screen(browser, server, table)
    before = texts(phones)
    service.act(table, seat, last)
    frames = tell_step_by_step(service, table, tv, phones)
    assert len(frames) >= 2, [f.place for f in frames]
    assert_no_phone_ahead(frames, names, before)
    attacking = [s for s in (1, 2) if first_with(frames, s, "attack") >= 0]
    assert attacking, [f.phones[1] for f in frames]
    for s in attacking:   # asked with the last step, the one that tells the shark where it is
        assert first_with(frames, s, "attack") == len(frames) - 1, [f.phones[s] for f in frames]
    shot(phones[1], "no-spoilers-jaws-crew-asked-with-the-resurfacing")
    for ctx in (tv.context, *(p.context for p in phones)):
        ctx.close()


def test_loch_ness_a_turn_told_in_steps_reaches_every_phone_with_the_table(
        server: str, browser: Any, service: Any) -> None:
    """Loch Ness: a boat's turn told in several steps (sailing, what it found, what it took); the
    next player is asked ("Your turn.") with its last step, and no phone shows a line of it before
    the table screen does."""
    names = ["Anna", "Bernd", "Daan"]
    table, phones = seated(service, browser, server, "loch-ness", {}, 4, names)

    def told_in_steps(state: Any, seat: int, a: dict[str, Any]) -> bool:   # a turn told in 3 steps or more
        after = state.apply(seat, a)
        return (after.outcome is None and bool(after.awaiting) and after.awaiting[0] != seat
                and sum(1 for ev in after.events if ev.get("visible_to") == "all" and ev.get("say")) >= 3)

    seat, told = play_up_to(service, table, random.Random(3), told_in_steps)
    tell_all(service, table)
    tv = table_screen(browser, server, table)
    before = texts(phones)
    service.act(table, seat, told)
    frames = tell_step_by_step(service, table, tv, phones)
    assert len(frames) >= 2, [f.place for f in frames]
    assert_no_phone_ahead(frames, names, before)
    nxt = service.state_of(table).awaiting[0]
    assert first_with(frames, nxt, "Your turn.") == len(frames) - 1, [f.phones[nxt] for f in frames]
    for ctx in (tv.context, *(p.context for p in phones)):
        ctx.close()


def test_fzzzt_the_auctions_winner_reaches_every_phone_with_the_table(
        server: str, browser: Any, service: Any) -> None:
    """Fzzzt!: the last bid of an auction, then the reveal ("Wer am meisten Power bietet…"). No
    phone says who won, or what the next card is, before the table screen; whoever bids first on
    the next card is asked with the reveal's step."""
    names = ["Anna", "Bo", "Cas"]
    table, phones = seated(service, browser, server, "fzzzt", {}, 7, names)
    seat, last = play_up_to(service, table, random.Random(2),   # up to an auction's last bid
                            lambda state, seat, a: (after := state.apply(seat, a)).outcome is None
                            and any(ev["type"] == "reveal" for ev in after.events))
    tell_all(service, table)
    tv = table_screen(browser, server, table)
    before = texts(phones)
    service.act(table, seat, last)
    frames = tell_step_by_step(service, table, tv, phones)
    assert len(frames) >= 2, [f.place for f in frames]
    assert_no_phone_ahead(frames, names, before)
    assert all("won it" not in text for f in frames[:-1] for text in f.phones), "a phone said who won first"
    nxt = service.state_of(table).awaiting[0]
    assert first_with(frames, nxt, "Your turn.") == len(frames) - 1, [f.phones[nxt] for f in frames]
    for ctx in (tv.context, *(p.context for p in phones)):
        ctx.close()
