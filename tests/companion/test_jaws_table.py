"""Jaws at the companion: the event deck shuffled by the companion or entered from the real deck,
random games through the service in both modes, and the Pi playing the shark or the crew."""

from __future__ import annotations

import pytest

from companion.service import Service
from engines import TABLE, IllegalAction
from engines.rng import Rng
from web.service import Conflict

JAWS = "jaws"


def test_the_companion_shuffles_the_event_deck_when_chance_is_digital(service: Service) -> None:
    """Digital: nobody enters a card; after the shark's secret start the companion turns one."""
    cards = set()
    for seed in range(6):
        table = service.create_table(JAWS, 2, {}, seed=seed)["table"]
        service.act(table, 0, {"type": "start", "space": "N"})
        view = service.public(table)["view"]
        assert view["phase"] in ("shark", "choice") and view["card"] is not None
        cards.add(view["card"]["number"])
        with pytest.raises(Conflict):
            service.act(table, TABLE, {"type": "card", "card": 1})
    assert len(cards) > 2


def test_the_host_enters_each_turned_card_when_the_deck_is_real(service: Service) -> None:
    """Physical: the host enters the card the table turned; a card already turned since the last
    shuffle is refused with the reason, and a crew seat cannot enter one."""
    table = service.create_table(JAWS, 3, {"chance": "physical"}, seed=1)["table"]
    service.act(table, 0, {"type": "start", "space": "W"})
    host = service.seat_view(table, TABLE)
    assert {a["card"] for a in host["legal_actions"]} == set(range(1, 17))
    with pytest.raises(Conflict):
        service.act(table, 1, {"type": "card", "card": 9})
    service.act(table, TABLE, {"type": "card", "card": 9})
    assert service.public(table)["view"]["card"]["number"] == 9
    service.act(table, 0, {"type": "end"})
    for seat, role in ((1, "brody"), (2, "hooper"), (1, "quint")):
        service.act(table, seat, {"type": "end", "role": role})
    before = service.state_of(table).notation()
    with pytest.raises(IllegalAction, match="not turned since the deck was shuffled"):
        service.act(table, TABLE, {"type": "card", "card": 9})
    assert service.state_of(table).notation() == before


@pytest.mark.parametrize("chance", ["digital", "physical"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_run_to_their_end_through_the_service(service: Service, chance: str,
                                                           players: int) -> None:
    table = service.create_table(JAWS, players, {"chance": chance}, seed=players)["table"]
    rng = Rng.from_seed(players * 7 + len(chance))
    for _ in range(1500):
        state = service.state_of(table)
        if not state.awaiting:
            break
        seat, rng = rng.choice(list(state.awaiting))
        if seat == TABLE:
            actions = [a for a, _ in state.chance_outcomes()]
        else:
            actions = [a for a in state.legal_actions(seat) if a["type"] != "back"]
        action, rng = rng.choice(actions)
        service.act(table, seat, action)
    final = service.public(table)
    assert final["outcome"] is not None and final["awaiting"] == []
    assert final["view"]["replay"]                      # the shark's path, shown to all at the end


def test_the_pi_plays_the_shark_against_a_human_crew(service: Service) -> None:
    """Issue 11: "The Pi can be the shark": a bot in the shark's seat plans and ends its turn alone."""
    table = service.create_table(JAWS, 2, {}, seed=4)["table"]
    service.seat_bot(table, 0)
    assert service.wait_for_bots(20)
    public = service.public(table)
    assert public["view"]["phase"] == "crew" and public["awaiting"] == [1]
    assert public["view"]["rounds"][-1]["round"] == 1
    for role in ("brody", "hooper", "quint"):
        service.act(table, 1, {"type": "end", "role": role})
    assert service.wait_for_bots(20)
    assert service.public(table)["view"]["round"] == 2 and service.public(table)["awaiting"] == [1]


def test_the_pi_plays_crew_members_beside_a_human_shark(service: Service) -> None:
    table = service.create_table(JAWS, 3, {}, seed=2)["table"]
    service.seat_bot(table, 1)
    service.seat_bot(table, 2)
    service.act(table, 0, {"type": "start", "space": "3"})
    state = service.state_of(table)
    if state.view(None)["phase"] == "choice":
        assert service.wait_for_bots(20)
    service.act(table, 0, {"type": "end"})
    assert service.wait_for_bots(30)
    view = service.public(table)["view"]
    assert view["round"] == 2 or view["phase"] in ("over", "choice", "shark")
