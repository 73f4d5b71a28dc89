"""Jaws at the companion: the event deck shuffled by the companion or entered from the real deck,
random games through the service in both modes, and the Pi playing the shark or the crew."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.service import Service
from engines import TABLE, IllegalAction, translate
from engines.rng import Rng
from tests.waits import patience
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
    table = service.create_table(JAWS, players, {"chance": chance, "acts": "1"}, seed=players)["table"]
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
    assert service.wait_for_bots(patience(20))
    public = service.public(table)
    assert public["view"]["phase"] == "crew" and public["awaiting"] == [1]
    assert public["view"]["rounds"][-1]["round"] == 1
    for role in ("brody", "hooper", "quint"):
        service.act(table, 1, {"type": "end", "role": role})
    assert service.wait_for_bots(patience(20))
    assert service.public(table)["view"]["round"] == 2 and service.public(table)["awaiting"] == [1]


def test_the_pi_plays_crew_members_beside_a_human_shark(service: Service) -> None:
    table = service.create_table(JAWS, 3, {}, seed=2)["table"]
    service.seat_bot(table, 1)
    service.seat_bot(table, 2)
    service.act(table, 0, {"type": "start", "space": "3"})
    state = service.state_of(table)
    if state.view(None)["phase"] == "choice":
        assert service.wait_for_bots(patience(20))
    service.act(table, 0, {"type": "end"})
    assert service.wait_for_bots(patience(30))
    view = service.public(table)["view"]
    assert view["round"] == 2 or view["phase"] in ("over", "choice", "shark")


# --- Act 2 (issue 12)

BOX = json.dumps(json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "jaws_box.json")
                            .read_text(encoding="utf-8"))["profile"])


def _readers(service: Service, table: str) -> list[int]:
    return list(service.public(table)["view"]["orca"]["reading"]["readers"])


def test_a_whole_game_runs_act_1_into_act_2_from_one_seed_through_the_companion(service: Service) -> None:
    """Issue 12: "a whole game runs Act 1 into Act 2 with Act 1's result carried over". Three phones
    (seat 0 the shark, seats 1 and 2 the crew) play random legal plays; whatever the real table shows
    (the gear the crew holds) is entered by a crew phone, never by the companion. The same seed and
    the same plays give the same game again."""
    options = {"acts": "both", "box": BOX, "resurface": "digital", "dice": "digital"}
    table = service.create_table(JAWS, 3, options, seed=21)["table"]
    rng = Rng.from_seed(21)
    plays: list[tuple[int, dict[str, object]]] = []
    act2_seen = False
    for _ in range(6000):
        state = service.state_of(table)
        if not state.awaiting:
            break
        if state.reading is not None:
            seat = state.reading[0]                              # a crew phone enters the reading
            action, rng = rng.choice([a for a, _ in state.chance_outcomes()])
        else:
            seat, rng = rng.choice([s for s in state.awaiting if s != TABLE])
            action, rng = rng.choice([a for a in state.legal_actions(seat) if a["type"] != "back"])
        service.act(table, seat, action)
        plays.append((seat, action))
        act2_seen = act2_seen or service.public(table)["view"]["act"] == 2
    final = service.public(table)
    assert act2_seen and final["outcome"] is not None and final["view"]["act"] == 2
    assert final["view"]["orca"]["act1"]["winner"] in ("shark", "crew")
    again = service.create_table(JAWS, 3, options, seed=21)["table"]
    for seat, action in plays:
        service.act(again, seat, action)
    assert service.state_of(again).notation() == service.state_of(table).notation()


def test_a_reading_is_never_drawn_and_the_host_or_a_crew_phone_enters_it(service: Service) -> None:
    """At a digital table the companion still draws nothing the real game shows: it waits for the
    resurface cards turned. The host enters one, a crew phone another; the shark's phone may not."""
    table = service.create_table(JAWS, 3, {"acts": "2", "box": BOX}, seed=3)["table"]
    for _ in range(7):
        offer = service.seat_view(table, TABLE)["legal_actions"][0]
        service.act(table, 1, {"type": "gear", "notation": offer["notation"]})
    for seat, role, at in ((1, "brody", "b2"), (2, "hooper", "b3"), (1, "quint", "b4")):
        service.act(table, seat, {"type": "place", "role": role, "at": at})
    public = service.public(table)
    assert public["view"]["orca"]["phase"] == "turn" and public["awaiting"] == [TABLE]
    assert _readers(service, table) == [1, 2]
    service.act(table, TABLE, {"type": "resurface", "zone": "2", "evade": 1, "dice": 2, "shake_off": False})
    service.act(table, 2, {"type": "resurface", "zone": "5", "evade": 0, "dice": 3, "shake_off": True})
    with pytest.raises(Conflict):
        service.act(table, 0, {"type": "resurface", "zone": "7", "evade": 1, "dice": 1, "shake_off": False})
    before = service.state_of(table).notation()
    with pytest.raises(IllegalAction, match="zone must be one of the Orca's zones"):
        service.act(table, 1, {"type": "resurface", "zone": "9", "evade": 1, "dice": 1, "shake_off": False})
    assert service.state_of(table).notation() == before
    service.act(table, 1, {"type": "resurface", "zone": "7", "evade": 1, "dice": 1, "shake_off": False})
    assert service.public(table)["awaiting"] == [0]


def test_the_roller_enters_the_hits_of_the_real_dice(service: Service) -> None:
    """Dice are physical by default: "the roller enters the hits on their phone" (issue 12)."""
    table = service.create_table(JAWS, 3, {"acts": "2", "box": BOX, "resurface": "digital"}, seed=8)["table"]
    for _ in range(7):
        offer = service.seat_view(table, TABLE)["legal_actions"][0]
        service.act(table, 2, {"type": "gear", "notation": offer["notation"]})
    for seat, role, at in ((1, "brody", "b3"), (2, "hooper", "b3"), (1, "quint", "b3")):
        service.act(table, seat, {"type": "place", "role": role, "at": at})
    view = service.seat_view(table, 0)
    surface = next(a for a in view["legal_actions"] if a["type"] == "surface" and a["card"] is None)
    service.act(table, 0, surface)
    service.act(table, 0, {"type": "lock"})
    for r, (seat, role) in enumerate(((1, "brody"), (2, "hooper"), (1, "quint"))):
        kit = service.public(table)["view"]["orca"]["crew"][r]["kit"]
        service.act(table, seat, {"type": "weapon", "role": role, "card": kit[0]})
        zone = service.public(table)["view"]["orca"]["crew"][r]["reach"][0]
        service.act(table, seat, {"type": "target", "role": role, "zone": zone})
        service.act(table, seat, {"type": "ready", "role": role})
    for _ in range(20):
        public = service.public(table)
        orca = public["view"]["orca"]
        if orca["phase"] == "roll":
            break
        seat = public["awaiting"][0]
        legal = service.seat_view(table, seat)["legal_actions"]
        service.act(table, seat, next((a for a in legal if a["type"] in ("attack", "bite")), legal[0]))
    orca = service.public(table)["view"]["orca"]
    assert orca["phase"] == "roll" and orca["reading"]["readers"] == [orca["roll"]["seat"]]
    roller = orca["roll"]["seat"]
    other = 2 if roller != 2 else 1
    with pytest.raises(Conflict):
        service.act(table, other, {"type": "hits", "hits": 1})
    service.act(table, roller, {"type": "hits", "hits": 1})
    assert service.public(table)["events"][0]["say"]["msgid"] in ("Entered: {count} hit.",)


def test_when_the_pi_rolls_real_dice_a_persons_phone_enters_its_hits(service: Service) -> None:
    """The Pi as the shark cannot read the real red dice: whoever rolls them for it enters the hits
    on their own phone (or the host does)."""
    options = {"acts": "2", "box": BOX, "resurface": "digital"}
    table = service.create_table(JAWS, 3, options, seed=6)["table"]
    service.seat_bot(table, 0)
    service.claim_seat(table, 1, "Bea")
    service.claim_seat(table, 2, "Hal")
    rng = Rng.from_seed(6)
    for _ in range(400):
        state = service.state_of(table)
        orca = service.public(table)["view"]["orca"]
        if orca["phase"] == "roll" and orca["roll"]["who"] == "shark":
            break
        if state.reading is not None:
            service.act(table, TABLE, rng.choice([a for a, _ in state.chance_outcomes()])[0])
        elif 0 in state.awaiting:
            assert service.wait_for_bots(patience(20))
        else:
            seat = state.awaiting[0]
            legal = state.legal_actions(seat)
            wanted = [a for a in legal if a["type"] in ("ready", "hold", "place")] or legal
            action, rng = rng.choice(wanted)
            service.act(table, seat, action)
    public = service.public(table)
    assert public["view"]["orca"]["roll"]["who"] == "shark" and public["reading"] == [1, 2]
    asked = [translate(e["say"]) for e in public["events"] if e["type"] == "roll_asked"]
    assert asked and "the crew" in asked[-1] and "its player" not in asked[-1], asked   # issue 29.6
    reply = service.act(table, 2, {"type": "hits", "hits": 1})   # (the Pi's shark may play on at once)
    assert reply["events"][0]["say"]["msgid"] == "Entered: {count} hit."


def test_while_a_screen_tells_the_resurfacing_the_crews_attack_waits(service: Service) -> None:
    """Jaws' pacing (Game.pacing, docs/jaws.md "The table screen"): the crew decides to attack or hold
    back on the resurfacing the table has shown. With a table screen watching, the change the last
    "ready" caused (phase 4: the shark comes up) holds every play and says why in words
    ("Act 2, round 1"); once told, the attack goes through. Rulebook, phase 4 (translated): "The
    shark reveals the resurface chip it chose"; phase 5: "Every crew member whose target chip lies on
    the right zone may attack"."""
    table = service.create_table(JAWS, 3, {"acts": "2", "box": BOX, "resurface": "digital"}, seed=8)["table"]
    service.set_auto(table, False)
    for _ in range(7):
        offer = service.seat_view(table, TABLE)["legal_actions"][0]
        service.act(table, 2, {"type": "gear", "notation": offer["notation"]})
    for seat, role, at in ((1, "brody", "b3"), (2, "hooper", "b3"), (1, "quint", "b3")):
        service.act(table, seat, {"type": "place", "role": role, "at": at})
    view = service.seat_view(table, 0)
    surface = next(a for a in view["legal_actions"] if a["type"] == "surface" and a["card"] is None)
    service.act(table, 0, surface)
    service.act(table, 0, {"type": "lock"})
    chosen = service.state_of(table).view(0)["secret"]["orca"]["choice"]["zone"]
    screen = service.subscribe(table, None, screen=True)
    try:
        while service.public(table)["story"]["waiting"]:
            service.advance(table)
        for seat, role in ((1, "brody"), (2, "hooper"), (1, "quint")):
            legal = service.seat_view(table, seat)["legal_actions"]
            for weapon in (a for a in legal if a["type"] == "weapon" and a["role"] == role):
                service.act(table, seat, weapon)
                aims = [a for a in service.seat_view(table, seat)["legal_actions"]
                        if a["type"] == "target" and a["role"] == role]
                aim = next((a for a in aims if a["zone"] == chosen), None)
                if aim is not None:
                    break
            service.act(table, seat, aim or aims[0])
            service.act(table, seat, {"type": "ready", "role": role})   # Quint's: the shark comes up
        story = service.seat_view(table, 1)["story"]
        assert story["hold"] and story["title"]["params"] == {"n": 1}
        assert translate(story["title"]) == "Act 2, round 1"
        state = service.state_of(table)
        assert state.view(None)["orca"]["phase"] == "attack"
        seat = next(s for s in state.awaiting if s != TABLE)
        version = service.seat_view(table, seat)["version"]
        with pytest.raises(Conflict) as refused:
            service.act(table, seat, state.legal_actions(seat)[0])
        assert translate(refused.value.text) == ("The table is still showing Act 2, round 1: plays open "
                                                 "again once it has been shown (Next moves it on).")
        assert service.seat_view(table, seat)["version"] == version    # nothing changed
        while service.public(table)["story"]["waiting"]:
            service.advance(table)
        assert not service.seat_view(table, 1)["story"]["hold"]
        service.act(table, seat, state.legal_actions(seat)[0])    # now it goes through
        assert service.state_of(table) is not state
    finally:
        screen.close()


def _strings(value: object) -> list[str]:
    """The words a payload shows (a sentence's English msgid only travels beside them)."""
    if isinstance(value, dict):
        return [s for key, sub in value.items() if key not in ("msgid", "plural") for s in _strings(sub)]
    if isinstance(value, list):
        return [s for sub in value for s in _strings(sub)]
    return [value] if isinstance(value, str) else []


def _event_cards(value: object) -> list[dict[str, Any]]:
    if isinstance(value, dict):
        found = [value] if value.get("type") == "event_card" else []
        return found + [e for sub in value.values() for e in _event_cards(sub)]
    if isinstance(value, list):
        return [e for sub in value for e in _event_cards(sub)]
    return []


@pytest.mark.parametrize("lang, rule", [
    ("nl", "Quint mag deze ronde één extra actie doen."),
    ("de", "Quint darf diese Runde 1 zusätzliche Aktion ausführen."),
])
def test_an_event_cards_rule_reaches_a_dutch_or_german_seat_in_its_language(service: Service, lang: str,
                                                                            rule: str) -> None:
    """Issue 29: "Quint may take one extra action this round." travelled in English inside Dutch and
    German payloads, as a sentence parameter called ``text``. The card's rule is a sentence of its
    own (``rule``), read in the seat's language, in the events and in the story's steps alike."""
    from web.i18n import localize_payload

    table = service.create_table(JAWS, 3, {"chance": "physical"}, seed=3)["table"]
    service.set_auto(table, False)
    service.act(table, 0, {"type": "start", "space": "N"})
    service.act(table, TABLE, {"type": "card", "card": 10})
    for seat in (1, 0):
        payload = localize_payload(service.seat_view(table, seat), lang)
        said = _event_cards(payload)
        assert len(said) >= 2 and {"events", "story"} <= set(payload)   # the event, and the story's step
        for event in said:
            params = event["say"]["params"]
            assert "text" not in params
            assert params["rule"]["text"] == rule
        assert "Quint may take one extra action this round." not in _strings(payload)
