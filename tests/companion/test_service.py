"""The table service as phones, the host and bots use it (through the real SQLite store)."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

import engines
from companion.service import Service
from companion.store import MIGRATIONS, Store
from engines import TABLE, IllegalAction, translate
from tests.conftest import HOST_KEY
from tests.waits import patience
from web.service import BadRequest, Conflict, NotFound, Unauthorized


def new_table(service: Service, players: int = 2, **options: object) -> str:
    return str(service.create_table("fake-guess", players, options, seed=11)["table"])


def pick(number: int) -> dict[str, object]:
    return {"type": "pick", "notation": f"pick{number}"}


def said(service: Service, table: str, error: Conflict) -> str:
    """The refusal as the web shows it: seat numbers become the players' names."""
    return translate(error.text, seat_name=lambda s: service.seat_names(table)[s])


def test_create_table_payload_has_the_agreed_shape(service: Service) -> None:
    created = service.create_table("fake-guess", 2, {}, seed=5)
    public = service.public(created["table"])
    assert set(public) >= {"table", "game", "title", "players", "view", "awaiting", "seats", "outcome",
                           "version", "events", "step", "ended"}
    assert public["title"] == "Closest Guess"
    assert [s["taken"] for s in public["seats"]] == [False, False]
    # digital chance: the first die was rolled at once, so the seats are awaited
    assert public["awaiting"] == [0, 1] and public["view"]["die"] in (1, 2, 3)


def test_bad_table_requests_are_refused_clearly(service: Service) -> None:
    with pytest.raises(BadRequest, match="no game called chess"):
        service.create_table("chess", 2, {})
    with pytest.raises(IllegalAction, match="2 to 3 players"):
        service.create_table("fake-guess", 5, {})
    with pytest.raises(IllegalAction, match="no option colour"):
        service.create_table("fake-guess", 2, {"colour": "red"})
    with pytest.raises(BadRequest, match="chance"):
        service.create_table("fake-guess", 2, {"chance": "sometimes"})
    with pytest.raises(NotFound, match="no table nope"):
        service.public("nope")
    assert service.list_tables() == []


def test_a_seat_is_claimed_once_and_its_token_finds_it_again(service: Service) -> None:
    table = new_table(service)
    token = service.claim_seat(table, 1, "  Anna  ")
    assert service.seat_of(table, token) == 1
    assert service.public(table)["seats"][1] == {"seat": 1, "name": "Anna", "named": True, "taken": True,
                                                 "bot": False, "connected": False}
    with pytest.raises(Conflict) as taken:
        service.claim_seat(table, 1, "Mallory")
    assert said(service, table, taken.value).startswith("Anna already sits there")
    with pytest.raises(Unauthorized):
        service.seat_of(table, token[:-1] + ("A" if token[-1] != "A" else "B"))
    with pytest.raises(Unauthorized):
        service.seat_of(table, None)
    with pytest.raises(NotFound, match="no seat 3"):
        service.claim_seat(table, 2, "Bob")
    with pytest.raises(BadRequest, match="at most 24"):
        service.claim_seat(table, 0, "x" * 40)
    # an empty name keeps the default
    other = service.claim_seat(table, 0, "")
    assert service.seat_of(table, other) == 0 and service.seat_names(table)[0] == "Player 1"


def test_tokens_are_stored_only_as_hashes(service: Service, data_dir: Path) -> None:
    table = new_table(service)
    token = service.claim_seat(table, 0, "Anna")
    service.store.close()
    raw = b"".join(p.read_bytes() for p in data_dir.iterdir() if p.is_file())
    assert token.encode() not in raw
    db = sqlite3.connect(data_dir / "companion.db")
    assert db.execute("SELECT COUNT(*) FROM seats WHERE token_hash IS NOT NULL").fetchone()[0] == 1
    db.close()
    service.store = Store(data_dir / "companion.db")


def test_refusal_names_the_player_whose_turn_it_is(service: Service) -> None:
    table = new_table(service, players=3)
    for seat, name in enumerate(["Anna", "Ben", "Cleo"]):
        service.claim_seat(table, seat, name)
    service.act(table, 0, pick(1))
    with pytest.raises(Conflict) as waiting:
        service.act(table, 0, pick(2))
    assert "waiting for the others" in str(waiting.value)
    service.act(table, 1, pick(2))
    before = service.public(table)
    with pytest.raises(Conflict) as refused:
        service.act(table, 0, pick(2))
    assert said(service, table, refused.value) == "It is Cleo's turn."
    assert service.public(table) == before


def test_an_illegal_action_says_why_and_changes_nothing(service: Service) -> None:
    table = new_table(service)
    before = service.public(table)
    for bad in (pick(9), {"type": "dance"}, "pick1", None):
        with pytest.raises(IllegalAction):
            service.act(table, 0, bad)
    with pytest.raises(NotFound):
        service.act(table, 7, pick(1))
    assert service.public(table) == before
    assert [r.kind for r in service.store.log(table)] == ["chance"]


def test_an_accepted_play_is_committed_before_the_reply(service: Service, data_dir: Path) -> None:
    table = new_table(service)
    seen: list[int] = []

    def listener(table_id: str, state: object, events: list[dict[str, object]]) -> None:
        other = Store(data_dir / "companion.db")      # a second connection sees only committed rows
        seen.append(len(other.log(table_id)))
        other.close()

    service.add_listener(listener)
    reply = service.act(table, 0, pick(3))
    assert seen == [2]
    assert reply["seat"] == 0 and reply["view"]["my_pick"] == 3 and reply["legal_actions"] == []


def test_a_restart_replays_to_the_same_table(fake_game: object, data_dir: Path) -> None:
    first = Service(data_dir, HOST_KEY)
    table = new_table(first, players=3, rounds=3)
    tokens = [first.claim_seat(table, s, n) for s, n in enumerate(["Anna", "Ben", "Cleo"])]
    for seat, number in [(0, 1), (1, 4), (2, 2), (0, 3)]:
        first.act(table, seat, pick(number))
    views = [first.seat_view(table, s) for s in range(3)]
    public = first.public(table)
    first.close()

    again = Service(data_dir, HOST_KEY)
    try:
        assert [again.seat_of(table, t) for t in tokens] == [0, 1, 2]
        for seat in range(3):
            view = again.seat_view(table, seat)
            assert (view["view"], view["version"], view["awaiting"]) == (
                views[seat]["view"], views[seat]["version"], views[seat]["awaiting"])
        assert again.public(table)["seats"] == public["seats"]
        assert again.store.schema_version() == len(MIGRATIONS)
        # the table goes on telling where it was; with steps still to tell, it waits a moment for
        # a table screen to come back (Presence.resumed), and says so
        told = again.public(table)["story"]
        assert {**told, "screen": False} == public["story"] and told["screen"] == (told["waiting"] > 0)
    finally:
        again.close()


def test_the_log_keeps_plays_without_their_words_and_replays_them(data_dir: Path) -> None:
    """A play is stored as the action without the sentence the engine adds for the phones (its
    ``label``: words are said when shown); a restart still replays every bid, draw and undo to the
    same table, and an undo still takes the last bid back (issue 28: a Fzzzt! bid's label was nine
    tenths of its log row, kept for the whole evening)."""
    first = Service(data_dir, HOST_KEY)
    table = first.create_table("fzzzt", 3, {}, seed=4)["table"]
    for _ in range(6):
        seat = first.public(table)["awaiting"][0]
        offered = first.seat_view(table, seat)["legal_actions"]
        # the phones get the words (a bid says none: it names its cards, which the hand says once)
        assert all("label" in action for action in offered if action["type"] != "bid")
        first.act(table, seat, offered[-1])
    first.undo(table)
    rows = first.store.log(table)
    assert [r.kind for r in rows].count("action") == 6 and rows[-1].kind == "undo"
    assert all("label" not in r.data for r in rows if r.kind != "undo")
    views = [first.seat_view(table, s) for s in range(3)]
    first.close()

    again = Service(data_dir, HOST_KEY)
    try:
        for seat in range(3):
            view = again.seat_view(table, seat)
            assert (view["view"], view["version"], view["legal_actions"]) == (
                views[seat]["view"], views[seat]["version"], views[seat]["legal_actions"])
    finally:
        again.close()


def test_digital_dice_follow_the_table_seed_and_undo_cannot_reroll(service: Service) -> None:
    a = new_table(service, rounds=5)
    b = new_table(service, rounds=5)
    dice = []
    for table in (a, b):
        rolled = [service.public(table)["view"]["die"]]
        for _ in range(4):
            service.act(table, 0, pick(1))
            service.act(table, 1, pick(2))
            rolled.append(service.public(table)["view"]["die"])
        dice.append(rolled)
    assert dice[0] == dice[1]          # same seed, same plays: same dice
    assert len(set(dice[0])) > 1       # and they are dice, not a constant
    # undo the play that triggered the last roll, play it again: the same die comes up
    last = service.public(a)["view"]["die"]
    service.undo(a)
    assert service.public(a)["awaiting"] == [1]
    service.act(a, 1, pick(2))
    assert service.public(a)["view"]["die"] == last


def test_physical_chance_waits_for_the_host(service: Service) -> None:
    table = new_table(service, chance="physical")
    public = service.public(table)
    assert public["awaiting"] == [TABLE] and public["view"]["die"] is None
    with pytest.raises(Conflict, match="host has to enter"):
        service.act(table, 0, pick(1))
    host = service.seat_view(table, TABLE)
    assert [a["notation"] for a in host["legal_actions"]] == ["roll1", "roll2", "roll3"]
    service.act(table, TABLE, {"type": "roll", "notation": "roll3"})
    assert service.public(table)["view"]["die"] == 3
    with pytest.raises(Conflict, match="nothing to resolve"):
        service.act(table, TABLE, {"type": "roll", "notation": "roll2"})


def test_digital_tables_refuse_a_hand_entered_roll(service: Service) -> None:
    table = new_table(service)
    with pytest.raises(Conflict):
        service.act(table, TABLE, {"type": "roll", "notation": "roll1"})


def test_undo_is_logged_and_everyone_is_told(service: Service) -> None:
    table = new_table(service)
    with pytest.raises(Conflict, match="nothing to undo"):
        service.undo(table)
    subs = [service.subscribe(table, s) for s in (None, 0, 1)]
    for sub in subs:
        assert sub.get(patience(1)) is not None           # the full view on connect
    before = service.public(table)
    service.act(table, 0, pick(4))
    service.undo(table)
    after = service.public(table)
    assert after["view"] == before["view"] and after["awaiting"] == [0, 1]
    assert after["version"] == before["version"] + 2
    assert [r.kind for r in service.store.log(table)] == ["chance", "action", "undo"]
    for sub in subs:
        played, undone = sub.get(patience(1)), sub.get(patience(1))
        assert played is not None and undone is not None
        assert undone["events"][0]["type"] == "undo"
        assert undone["events"][0]["say"]["msgid"] == "The host undid the last move."
        sub.close()
    service.end_table(table)
    with pytest.raises(Conflict, match="ended"):
        service.undo(table)
    with pytest.raises(Conflict, match="ended"):
        service.act(table, 0, pick(1))


def test_each_stream_sees_every_version_and_only_its_own_secrets(service: Service) -> None:
    table = new_table(service)
    subs = {s: service.subscribe(table, s) for s in (None, 0, 1)}
    start = service.public(table)["version"]
    service.act(table, 0, pick(2))
    service.act(table, 1, pick(3))
    for seat, sub in subs.items():
        got = [sub.get(patience(1)) for _ in range(3)]
        assert [g["version"] for g in got if g] == [start, start + 1, start + 2]
        assert sub.get(0.01) is None
        first_pick = got[1]
        assert first_pick is not None
        if seat == 0:
            assert first_pick["view"]["my_pick"] == 2
            assert any(e["type"] == "my_pick" for e in first_pick["events"])
        else:
            assert "my_pick" not in (first_pick["view"] if seat is None else {}), first_pick["view"]
            assert first_pick["view"].get("my_pick") is None
            assert all(e["type"] != "my_pick" for e in first_pick["events"])
        sub.close()


def test_a_freed_seat_loses_its_stream_and_token(service: Service) -> None:
    table = new_table(service)
    token = service.claim_seat(table, 0, "Anna")
    sub = service.subscribe(table, 0)
    assert sub.get(patience(1)) is not None
    service.free_seat(table, 0)
    with pytest.raises(Unauthorized, match="freed"):
        sub.get(patience(1))
    # A phone that learns it by a poll or a play (its stream not open yet) reads the same words.
    with pytest.raises(Unauthorized, match="The host freed this seat"):
        service.seat_of(table, token)
    with pytest.raises(Unauthorized, match="does not hold a seat"):
        service.seat_of(table, "a-token-never-given")
    assert service.seat_of(table, service.claim_seat(table, 0, "Ben")) == 0


def test_bots_play_through_the_same_door_until_the_end(service: Service) -> None:
    table = new_table(service, rounds=3)
    service.seat_bot(table, 0)
    with pytest.raises(Conflict) as taken:
        service.claim_seat(table, 0, "Anna")
    assert said(service, table, taken.value).startswith("Computer 1 already sits there")
    service.seat_bot(table, 1)
    names = [s["name"] for s in service.public(table)["seats"]]
    assert names[:2] == ["Computer 1", "Computer 2"]  # two bots can be told apart at the table
    assert service.wait_for_bots(patience(10))
    public = service.public(table)
    assert public["outcome"] is not None and public["awaiting"] == []
    kinds = [r.kind for r in service.store.log(table)]
    assert kinds.count("action") == 6 and kinds.count("chance") == 3


def test_a_bot_waits_for_the_humans_and_answers_them(service: Service) -> None:
    table = new_table(service)
    service.claim_seat(table, 0, "Anna")
    service.seat_bot(table, 1)
    assert service.wait_for_bots(patience(10))
    assert service.public(table)["awaiting"] == [0]
    service.act(table, 0, pick(1))
    assert service.wait_for_bots(patience(10))
    assert service.public(table)["view"]["round"] == 2


def test_listeners_run_outside_the_table_lock(service: Service) -> None:
    table = new_table(service)
    results: list[object] = []

    def listener(table_id: str, state: object, events: list[dict[str, object]]) -> None:
        worker = threading.Thread(target=lambda: results.append(service.public(table_id)["version"]))
        worker.start()
        worker.join(patience(2))
        results.append(worker.is_alive())

    service.add_listener(listener)
    service.act(table, 0, pick(1))
    assert results[-1] is False and isinstance(results[0], int)


def test_next_game_keeps_the_people(service: Service) -> None:
    table = new_table(service)
    token = service.claim_seat(table, 1, "Anna")
    created = service.next_game(table)
    assert service.seat_of(created["table"], token) == 1
    assert service.seat_names(created["table"]) == ["Player 1", "Anna"]
    old = service.public(table)
    assert old["ended"] and old["next_table"] == created["table"]


def test_every_game_starts_its_next_game_with_the_same_options(service: Service) -> None:
    """A game that leaves nothing to chance (Laser Chess) is not handed a chance mode for its
    next game; one that does keeps the table's mode."""
    for game in engines.GAMES.values():
        options = {"chance": "physical"} if game.chance_modes else {}
        table = service.create_table(game.id, game.min_players, options)["table"]
        created = service.next_game(table)
        assert service.public(created["table"])["chance"] == service.public(table)["chance"]
        assert service.public(created["table"])["game"] == game.id


def test_a_chance_mode_is_refused_for_a_game_that_leaves_nothing_to_chance(service: Service) -> None:
    plain = [g for g in engines.GAMES.values() if not g.chance_modes]
    assert plain  # Laser Chess
    for mode in ("physical", "digital"):
        with pytest.raises(BadRequest, match="no dice or cards to draw") as refused:
            service.create_table(plain[0].id, plain[0].min_players, {"chance": mode})
        for lang in ("nl", "de"):   # the option's raw value never lands in a sentence (review #1247)
            said = translate(refused.value.text, lang)
            assert mode not in said and "chance" in said


def test_without_hardware_the_service_says_so(service: Service) -> None:
    assert service.panel.hardware_status() == {"pin_factory": None, "mock": False, "devices": [],
                                         "last_beam_check": None, "storage_fault": None}
    with pytest.raises(Conflict, match="No hardware"):
        service.panel.press("seat0")
    with pytest.raises(Conflict, match="No hardware"):
        service.panel.inject_fault("j5", "stuck-lit")


def test_the_host_key_is_checked(service: Service) -> None:
    assert service.check_host_key(HOST_KEY)
    assert not service.check_host_key("wrong")
    assert not service.check_host_key(None)
    assert not service.check_host_key("")


@pytest.mark.skipif("laser-chess" not in __import__("engines").GAMES, reason="Laser Chess not registered")
def test_a_laser_chess_bot_answers_a_move_through_the_log(service: Service) -> None:
    table = str(service.create_table("laser-chess", 2, {}, seed=1)["table"])
    service.claim_seat(table, 0, "Anna")
    service.seat_bot(table, 1)
    move = service.seat_view(table, 0)["legal_actions"][0]
    service.act(table, 0, move)
    assert service.wait_for_bots(patience(20))
    public = service.public(table)
    assert public["awaiting"] == [0] or public["outcome"] is not None
    assert [(r.kind, r.seat) for r in service.store.log(table)] == [("action", 0), ("action", 1)]


def test_undo_against_a_bot_takes_back_the_persons_play_and_the_answer(service: Service) -> None:
    table = new_table(service, players=2)
    service.claim_seat(table, 0, "Anna")
    service.seat_bot(table, 1)
    assert service.wait_for_bots(patience(10))
    service.act(table, 0, pick(2))
    assert service.wait_for_bots(patience(10))
    assert service.public(table)["view"]["round"] == 2
    service.undo(table)
    assert service.wait_for_bots(patience(10))
    public = service.public(table)
    assert public["view"]["round"] == 1 and public["awaiting"] == [0]
    assert public["view"]["picked"] == [False, True]     # the bot has answered the round again


def test_next_steps_the_table_screen_through_the_story_and_a_play_is_appended(service: Service) -> None:
    table = new_table(service)
    service.set_auto(table, False)                       # the test steps the story itself
    sub = service.subscribe(table, None, screen=True)    # a table screen is telling the story
    for seat in range(2):
        service.act(table, seat, pick(seat + 1))     # the round's reveal: several steps
    first = [p for p in iter(lambda: sub.get(0), None)][-1]   # the newest payload pushed
    assert first["story"]["waiting"] >= 2
    stepped = service.advance(table)
    assert stepped["step"] == first["step"] + 1 and stepped["version"] == first["version"] + 1
    pushed = sub.get(patience(1))
    assert pushed is not None and pushed["step"] == stepped["step"]
    shown = stepped["story"]["steps"][stepped["story"]["at"]]["id"]
    service.act(table, 0, pick(2))                   # the next round's pick: appended, not shown over it
    after = service.public(table)["story"]
    assert after["steps"][after["at"]]["id"] == shown and after["waiting"] == stepped["story"]["waiting"] + 1
    while service.public(table)["story"]["waiting"]:
        service.advance(table)
    end = service.public(table)
    assert service.advance(table)["version"] == end["version"]   # all told: next changes nothing
    sub.close()


def test_a_table_that_no_longer_replays_does_not_stop_the_start(fake_game: object, data_dir: Path,
                                                                 caplog: pytest.LogCaptureFixture) -> None:
    first = Service(data_dir, HOST_KEY)
    good, bad = new_table(first), new_table(first)
    first.act(bad, 0, pick(1))
    first.close()
    db = sqlite3.connect(data_dir / "companion.db")
    db.execute("UPDATE log SET data = ? WHERE table_id = ? AND kind = 'action'",
               ('{"type": "pick", "notation": "pick9"}', bad))
    db.commit()
    db.close()
    again = Service(data_dir, HOST_KEY)
    try:
        assert again.public(good)["awaiting"] == [0, 1]
        with pytest.raises(NotFound):
            again.public(bad)
        assert any(bad in r.message and "cannot be replayed" in r.message for r in caplog.records)
    finally:
        again.close()


def test_an_older_store_keeps_its_players_names_and_forgets_the_english_defaults(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A store written before seat names were facts held "Player 2" and "Computer 3" in English;
    after the upgrade those seats are unnamed (each screen names them in its own language), a name
    a player typed stays, and the table's screen language is English as it was."""
    import companion.store as store_module

    full = store_module.MIGRATIONS
    monkeypatch.setattr(store_module, "MIGRATIONS", full[:1])
    old = Store(data_dir / "companion.db")
    old._db.execute("INSERT INTO tables VALUES ('t1','g',3,'{}',7,'digital',1,0,0,0.0,NULL)")
    for seat, name, bot in [(0, "Player 1", 0), (1, "Anna", 0), (2, "Computer 3", 1)]:
        old._db.execute("INSERT INTO seats VALUES ('t1',?,?,NULL,?)", (seat, name, bot))
    old.close()
    monkeypatch.setattr(store_module, "MIGRATIONS", full)
    again = Store(data_dir / "companion.db")
    try:
        assert [s.name for s in again.seats("t1")] == ["", "Anna", ""]
        assert again.load_tables()[0].lang == "en"
        assert again.schema_version() == len(full)
    finally:
        again.close()


def test_the_table_screen_language_is_kept_and_can_change(service: Service) -> None:
    """The host picks the table screen's language at the start and may change it; a language the
    companion has no catalogue for is refused and nothing changes."""
    created = service.create_table("fake-guess", 2, {}, seed=1, lang="de")
    table = created["table"]
    assert created["lang"] == "de"
    service.set_language(table, "nl")
    assert service.public(table)["lang"] == "nl"
    with pytest.raises(BadRequest):
        service.set_language(table, "fr")
    assert service.public(table)["lang"] == "nl"
