"""Fzzzt! with the table's hardware: the seat LEDs say who still has to bid, the `next` button
moves the table screen past a reveal, and the seat buttons are not needed to bid.

The module's example rig on mock pins (tests/hardware/conftest.py: two seat buttons and LEDs,
so two-player tables), wired to a real companion service as ``companion serve`` does.

The tests play the ``bidding = "simultaneous"`` variant (everyone places a face-down bid at
once, the bids are turned over together): the case where a seat LED has to say "bid placed,
waiting for the others". In the rulebook's own order (in turn) only the bidder's LED blinks.
"""

from __future__ import annotations

from companion.hardware_link import HardwareLink
from companion.service import Service
from hardware import Rig
from tests.hardware.conftest import FakeClock
from tests.waits import patience

SIMULTANEOUS = {"bidding": "simultaneous"}
"""The variant where everyone bids at once (the rulebook bids in turn): the LEDs' hard case."""


def lowest_card(service: Service, table: str, seat: int) -> str:
    hand = service.seat_view(table, seat)["view"]["you"]["hand"]
    return str(min(hand, key=lambda c: (c["power"], c["id"]))["id"])


def bid(service: Service, link: HardwareLink, table: str, seat: int) -> None:
    service.act(table, seat, {"type": "bid", "cards": [lowest_card(service, table, seat)]})
    assert link.wait_idle(patience(5))


def leds(rig: Rig) -> list[str]:
    return [rig.led_mode(f"seat{s}") for s in range(2)]


def test_seat_leds_blink_while_a_bid_is_awaited_and_stay_lit_once_it_is_placed(
        service: Service, clean_rig: Rig, link: HardwareLink) -> None:
    table = service.create_table("fzzzt", 2, SIMULTANEOUS, seed=7)["table"]
    assert link.wait_idle(patience(5))
    assert leds(clean_rig) == ["blinking", "blinking"]  # both bid at once
    bid(service, link, table, 1)
    assert leds(clean_rig) == ["blinking", "on"]  # the second bid is in; nobody sees which cards
    bid(service, link, table, 0)  # the last bid: the reveal, and the next auction opens
    assert service.public(table)["view"]["last"] is not None
    assert leds(clean_rig) == ["blinking", "blinking"]
    bid(service, link, table, 0)
    assert leds(clean_rig) == ["on", "blinking"]


def test_the_next_button_moves_the_table_screen_past_the_reveal(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock) -> None:
    table = service.create_table("fzzzt", 2, SIMULTANEOUS, seed=7)["table"]
    service.subscribe(table, None, screen=True)   # a table screen tells the story
    for seat in range(2):
        bid(service, link, table, seat)
    public = service.public(table)
    kinds = [e["type"] for e in public["events"]]
    assert kinds[:2] == ["bid", "reveal"] and public["step"] == 0  # the screen starts at the last bid
    for expected in (1, 2):
        clock.tick()
        clean_rig.press("next")
        assert link.wait_idle(patience(5))
        after = service.public(table)
        assert after["step"] == expected  # each press: one more event of the resolution shown
        assert after["events"] == public["events"] and after["view"] == public["view"]  # not a play


def test_a_seat_button_does_not_bid(service: Service, clean_rig: Rig, link: HardwareLink,
                                    clock: FakeClock) -> None:
    """The bid is secret and chosen on the phone; the button cannot stand for any card."""
    table = service.create_table("fzzzt", 2, SIMULTANEOUS, seed=7)["table"]
    assert link.wait_idle(patience(5))
    before = service.state_of(table).notation()
    clock.tick()
    clean_rig.press("seat0")
    assert link.wait_idle(patience(5))
    assert link.ignored[-1] == ("seat0", "nothing for a button to do")
    assert service.state_of(table).notation() == before
    assert clean_rig.led_mode("seat0") == "blinking"


def test_a_seat_that_bid_last_auction_is_not_shown_as_bid_when_the_next_awaits_the_same_seats(
        service: Service, clean_rig: Rig, link: HardwareLink) -> None:
    """Rulebook, "No more cards in hand" (translated): "If at least one player still has cards in
    hand, the auction simply continues. Players without cards in hand can no longer bid."

    Blue bids their whole hand and wins it away; the next auction awaits only Red,
    exactly as the end of the last one did. Blue's LED must go off (nothing to do,
    no bid in this auction), not stay steady from the auction before.
    """
    table = service.create_table("fzzzt", 2, SIMULTANEOUS, seed=7)["table"]
    hand = [c["id"] for c in service.seat_view(table, 0)["view"]["you"]["hand"]]
    service.act(table, 0, {"type": "bid", "cards": hand})
    assert link.wait_idle(patience(5))
    assert leds(clean_rig) == ["on", "blinking"]
    bid(service, link, table, 1)
    public = service.public(table)
    assert public["view"]["last"]["winner"] == 0 and public["awaiting"] == [1]  # Blue has no cards
    assert leds(clean_rig) == ["off", "blinking"]
    bid(service, link, table, 1)  # Red alone wins the next card; Red alone bids again
    assert service.public(table)["view"]["last"]["winner"] == 1 and service.public(table)["awaiting"] == [1]
    assert leds(clean_rig) == ["off", "blinking"]


def test_seat_leds_follow_who_has_bid_after_an_undo(service: Service, clean_rig: Rig,
                                                    link: HardwareLink) -> None:
    """The host undoes Red's bid: Red is awaited again (blinking), Blue's bid still stands (steady)."""
    table = service.create_table("fzzzt", 2, SIMULTANEOUS, seed=7)["table"]
    bid(service, link, table, 0)
    bid(service, link, table, 1)  # the reveal; the next auction awaits both
    assert leds(clean_rig) == ["blinking", "blinking"]
    bid(service, link, table, 0)
    bid(service, link, table, 1)
    service.undo(table)
    assert link.wait_idle(patience(5))
    assert service.state_of(table).awaiting == (1,)
    assert leds(clean_rig) == ["on", "blinking"]
