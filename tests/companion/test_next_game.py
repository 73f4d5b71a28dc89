"""The next game of an evening may be another game: the host says who plays in which seat, and
each person's phone (its token) finds its new seat by itself, name kept; nobody claims again."""

from __future__ import annotations

from typing import Any

import pytest

from companion.service import Service
from engines import IllegalAction, translate
from web.service import BadRequest, Unauthorized

PEOPLE = ("Anna", "Bernd", "Daan", "Femke")


def sharks_night(service: Service, people: int = 3) -> tuple[str, list[str]]:
    """A Sharks with Lasers table with ``people`` seated by name: (table, their tokens by seat)."""
    table = str(service.create_table("sharks-with-lasers", people, {}, seed=7)["table"])
    return table, [service.claim_seat(table, seat, PEOPLE[seat]) for seat in range(people)]


def roles(service: Service, table: str, token: str) -> Any:
    return service.seat_view(table, service.seat_of(table, token))["view"]["my_roles"]


def test_jaws_after_sharks_seats_each_person_by_their_token_in_the_role_given(service: Service) -> None:
    table, (anna, bernd, daan) = sharks_night(service)
    created = service.next_game(table, "jaws", None, [2, 0, 1])   # Daan is the shark
    new = str(created["table"])
    assert service.public(new)["game"] == "jaws"
    assert service.seat_names(new) == ["Daan", "Anna", "Bernd"]
    assert [service.seat_of(new, token) for token in (daan, anna, bernd)] == [0, 1, 2]
    assert roles(service, new, daan) == ["shark"]
    assert roles(service, new, anna) == ["brody", "quint"] and roles(service, new, bernd) == ["hooper"]
    old = service.public(table)
    assert old["ended"] and old["next_table"] == new
    # and on to Loch Ness, all four: Femke new in the seat left free
    loch = str(service.next_game(new, "loch-ness", None, [1, 2, 0, None])["table"])
    assert service.seat_names(loch)[:3] == ["Anna", "Bernd", "Daan"]
    assert [service.seat_of(loch, token) for token in (anna, bernd, daan)] == [0, 1, 2]
    assert [s["taken"] for s in service.public(loch)["seats"]] == [True, True, True, False]
    service.claim_seat(loch, 3, "Femke")
    assert service.seat_names(loch) == list(PEOPLE)


def test_the_role_words_the_host_reads_follow_the_seat_order(service: Service) -> None:
    jaws = next(g for g in service.games() if g["id"] == "jaws")
    assert [r["msgid"] for r in jaws["seat_roles"]["3"]][:1] == ["The shark"]
    assert [translate(r, "en") for r in jaws["seat_roles"]["4"]] == ["The shark", "Brody", "Hooper", "Quint"]
    assert all("seat_roles" not in g for g in service.games() if g["id"] in ("fzzzt", "loch-ness"))


def test_someone_left_out_keeps_no_seat_and_a_newcomer_takes_the_free_one(service: Service) -> None:
    table, (anna, bernd, daan, femke) = sharks_night(service, 4)
    new = str(service.next_game(table, "fzzzt", None, [3, 0, None])["table"])
    assert service.seat_names(new)[:2] == ["Femke", "Anna"]
    for token in (bernd, daan):
        with pytest.raises(Unauthorized, match="does not hold a seat"):
            service.seat_of(new, token)
    assert service.seat_of(new, femke) == 0 and service.seat_of(new, anna) == 1
    bernd_again = service.claim_seat(new, 2, "Bernd")   # the one he claims from the claim page
    assert service.seat_of(new, bernd_again) == 2


def test_a_bot_and_the_tables_choices_carry_over(service: Service) -> None:
    table = str(service.create_table("sharks-with-lasers", 2, {"chance": "physical"}, seed=3)["table"])
    service.claim_seat(table, 0, "Anna")
    new = str(service.next_game(table, "fzzzt", None, [0, "bot"])["table"])
    public = service.public(new)
    assert public["chance"] == "physical"
    assert [(s["taken"], s["bot"]) for s in public["seats"]] == [(True, False), (True, True)]


@pytest.mark.parametrize(("game", "seats", "says"), [
    ("jaws", [0], "is for 2 to 4 players, not 1"),
    ("loch-ness", [0, 1], "is for 3 to 4 players, not 2"),
    ("laser-chess", [0, 1, 2], "is for exactly 2 players"),
    ("jaws", [0, 0, 1], "each one once"),
    ("jaws", [0, 3], "each one once"),
    ("jaws", [0, -1], "each one once"),
    ("jaws", [0, "robot"], "each one once"),
    ("jaws", [0, True], "each one once"),
    ("jaws", "0,1", "each one once"),
    ("chess", [0, 1], "no game called chess"),
])
def test_a_next_game_refused_changes_nothing(service: Service, game: str, seats: Any, says: str) -> None:
    table, (anna, _, _) = sharks_night(service)
    before = service.public(table)
    with pytest.raises(BadRequest, match=says):
        service.next_game(table, game, None, seats)
    after = service.public(table)
    assert not after["ended"] and after["next_table"] is None and after["version"] == before["version"]
    assert [t["table"] for t in service.list_tables()] == [table]
    assert service.seat_of(table, anna) == 0


def test_options_for_another_game_are_checked_by_that_game(service: Service) -> None:
    table, _ = sharks_night(service)
    with pytest.raises(BadRequest, match="must be an object"):
        service.next_game(table, "jaws", "acts=1", [0, 1])  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        service.next_game(table, "jaws", {"acts": "3"}, [0, 1])
    assert not service.public(table)["ended"]
    new = str(service.next_game(table, "jaws", {"acts": "1", "roles": "BHQ/S"}, [0, 1])["table"])
    assert service.seat_view(new, 1)["view"]["my_roles"] == ["shark"]
