"""Seats that cannot enter the real cards, and presence by polling (issue 15, point 10).

With the real cards (physical chance) a seat plays some actions by *entering* what happened at the
table: the Fzzzt! chief mechanic turns the next conveyor card, a Sharks player enters the two
specials they drew. The computer cannot see the real cards (it used to enter the first card
offered, or a random pair), and a seat may have no phone: the host page is asked instead, in
words ("Enter the conveyor card Computer 2 turned over."), and enters it for that seat; the bot
plays the rest of its game itself. A phone that keeps up by polling (its stream blocked) is at
the table: a recent poll counts as present.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.service import POLL_GRACE, Service
from engines import TABLE, translate
from tests.conftest import HOST_KEY
from tests.waits import patience
from web.service import Conflict


def said(service: Service, table: str, text: dict[str, object]) -> str:
    from engines.text import Text
    return translate(Text.from_json(text), seat_name=lambda s: service.public(table)["seats"][s]["name"]
                     or f"Computer {s + 1}")


def fzzzt_with_the_real_cards(service: Service) -> str:
    table = str(service.create_table("fzzzt", 3, {"chance": "physical"}, seed=3)["table"])
    service.act(table, TABLE, {"type": "mechanics", "numbers": [2, 1, 3]})   # seat 1 is chief
    assert service.public(table)["awaiting"] == [1]
    return table


def test_a_bot_chief_mechanic_does_not_guess_the_real_card_the_host_enters_it(service: Service) -> None:
    """Rulebook, "Voorbereiding" (translated): "The chief mechanic turns the card at the head of
    the conveyor." The computer cannot see which: it waits, and the host page is asked."""
    table = fzzzt_with_the_real_cards(service)
    service.seat_bot(table, 1)
    assert service.wait_for_bots(patience(5))
    before = service.public(table)
    assert before["awaiting"] == [1] and before["view"]["conveyor"]["open"] == []   # no card guessed
    host = service.seat_view(table, TABLE)
    [request] = host["requests"]
    assert request["seat"] == 1 and {a["type"] for a in request["legal_actions"]} == {"turn"}
    assert said(service, table, request["say"]) == "Enter the conveyor card Computer 2 turned over."
    card = next(a for a in request["legal_actions"] if a["card"].startswith("R5"))
    after = service.act_for(table, 1, card)
    assert [c["id"] for c in service.public(table)["view"]["conveyor"]["open"]] == [card["card"]]
    assert after["requests"] == [] and service.public(table)["version"] > before["version"]


def test_a_seat_with_its_phone_enters_its_own_cards_and_the_host_may_not(service: Service) -> None:
    table = fzzzt_with_the_real_cards(service)
    service.claim_seat(table, 1, "Bo")
    phone = service.subscribe(table, 1)              # Bo's phone is there
    assert service.seat_view(table, TABLE)["requests"] == []
    action = service.seat_view(table, 1)["legal_actions"][0]
    with pytest.raises(Conflict, match="can enter that themselves"):
        service.act_for(table, 1, action)
    phone.close()


def test_the_host_enters_the_card_for_a_chief_mechanic_with_no_phone(service: Service) -> None:
    """A seat nobody took (or whose phone is gone) would leave the game waiting for nobody."""
    table = fzzzt_with_the_real_cards(service)
    [request] = service.seat_view(table, TABLE)["requests"]
    assert request["seat"] == 1
    service.act_for(table, 1, request["legal_actions"][0])
    assert service.public(table)["view"]["conveyor"]["open"]


def test_a_sharks_bot_waits_for_the_host_to_enter_its_two_specials(service: Service) -> None:
    """Specials (translated): "each player gets 2 randomly chosen special action cards"; with the
    real deck the computer's two are the ones the table dealt it, entered by the host."""
    table = str(service.create_table("sharks-with-lasers", 2, {"specials": True, "chance": "physical"},
                                     seed=1)["table"])
    service.seat_bot(table, 1)
    assert service.wait_for_bots(patience(5))
    state = service.state_of(table)
    assert 1 in state.awaiting                          # the bot entered nothing by itself
    requests = service.seat_view(table, TABLE)["requests"]
    [request] = [r for r in requests if r["seat"] == 1]
    assert said(service, table, request["say"]) == "Enter the two special cards Computer 2 drew."
    assert len(request["legal_actions"]) == 120         # every pair of the deck's sixteen
    pair = next(a for a in request["legal_actions"] if a["cards"] == ["a", "z"])
    service.act_for(table, 1, pair)
    assert 1 not in service.state_of(table).awaiting


def test_a_phone_that_polls_is_present_and_shown_away_once_its_polls_stop(fake_game: object,
                                                                         data_dir: Path) -> None:
    now = [100.0]
    service = Service(data_dir, HOST_KEY, clock=lambda: now[0], presence_grace=2.0)
    try:
        table = str(service.create_table("fake-guess", 2, {}, seed=7)["table"])
        service.claim_seat(table, 0, "Anna")
        service.claim_seat(table, 1, "Bo")
        screen = service.subscribe(table, None)
        while screen.get(0) is not None:
            pass
        assert [s["connected"] for s in service.public(table)["seats"]] == [False, False]
        service.seat_view(table, 1, present=True)        # Bo's phone polls: its stream is blocked
        assert [s["connected"] for s in service.public(table)["seats"]] == [False, True]
        pushed = [p for p in iter(lambda: screen.get(0), None)]
        assert pushed and pushed[-1]["seats"][1]["connected"]     # every screen was told at once
        now[0] += POLL_GRACE - 1
        service.seat_view(table, 1, present=True)        # polling on: still there
        now[0] += POLL_GRACE - 1
        service.clockwork.pace()
        assert service.public(table)["seats"][1]["connected"]
        now[0] += POLL_GRACE + 1                         # the polls stopped
        service.clockwork.pace()
        pushed = [p for p in iter(lambda: screen.get(0), None)]
        assert pushed and not pushed[-1]["seats"][1]["connected"]
        screen.close()
    finally:
        service.close()
