"""Server-Sent Events through the test client: framing, a full payload first, then every change,
keep-alives, and each seat's stream carrying that seat's payload only."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.waits import patience


class Stream:
    """Reads a streamed response chunk by chunk (the generator runs lazily, in this thread)."""

    def __init__(self, client: FlaskClient, url: str, headers: dict[str, str] | None = None) -> None:
        self.resp = client.get(url, headers=headers or {}, buffered=False)
        self.chunks: Iterator[bytes] = iter(self.resp.response)
        self.raw = ""

    def blocks(self, count: int, timeout: float = 3.0) -> list[str]:
        """The next ``count`` SSE blocks (messages or comments), for at most ``timeout`` seconds
        (a quiet machine's: tests.waits.patience)."""
        return self._blocks(count, time.monotonic() + patience(timeout))

    def _blocks(self, count: int, end: float) -> list[str]:
        out: list[str] = []
        while len(out) < count and time.monotonic() < end:
            while "\n\n" in self.raw and len(out) < count:
                block, self.raw = self.raw.split("\n\n", 1)
                out.append(block)
            if len(out) < count:
                try:
                    self.raw += next(self.chunks).decode()
                except StopIteration:
                    break
        return out

    def payloads(self, count: int, timeout: float = 3.0) -> list[dict[str, Any]]:
        return self._payloads(count, time.monotonic() + patience(timeout))

    def _payloads(self, count: int, end: float) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = []
        while len(found) < count and time.monotonic() < end:
            for block in self._blocks(1, end):
                data = [line[6:] for line in block.split("\n") if line.startswith("data: ")]
                if data:
                    found.append(json.loads("\n".join(data)))
        return found

    def changes(self, count: int, timeout: float = 3.0) -> list[dict[str, Any]]:
        """The next ``count`` payloads that show a game change (a new version), skipping the ones
        that only say a phone connected or left (``presence`` moves, ``version`` does not)."""
        found: list[dict[str, Any]] = []
        end = time.monotonic() + patience(timeout)
        while len(found) < count and time.monotonic() < end:
            for p in self._payloads(1, end):
                if p["version"] != getattr(self, "last_version", None):
                    self.last_version = p["version"]
                    found.append(p)
        return found

    def close(self) -> None:
        self.resp.close()


def test_stream_framing_comment_first_then_retry_then_a_full_payload(
    client: FlaskClient, make_table: Any
) -> None:
    t = make_table()
    s = Stream(client, f"/api/tables/{t.id}/stream")
    try:
        assert s.resp.status_code == 200
        assert s.resp.mimetype == "text/event-stream"
        assert s.resp.headers["Cache-Control"].startswith("no-cache")
        first, second = s.blocks(2)
        assert first.startswith(":") and "retry: 3000" in first
        lines = second.split("\n")
        assert lines[0] == f"id: {t.public()['version']}"
        payload = json.loads(lines[1].removeprefix("data: "))
        assert payload == t.public()
        # nothing happens: keep-alive comments, no repeated payload
        idle = s.blocks(2)
        assert idle and all(block.startswith(": keep-alive") for block in idle)
    finally:
        s.close()


def test_each_change_reaches_the_public_stream_and_each_seat_sees_only_its_own(
    client: FlaskClient, make_table: Any
) -> None:
    t = make_table()
    t.claim(0, "Anna")
    t.claim(1, "Bo")
    public = Stream(client, f"/api/tables/{t.id}/stream")
    anna = Stream(client, f"/api/tables/{t.id}/stream", t.auth(0))
    bo = Stream(client, f"/api/tables/{t.id}/stream", t.auth(1))
    try:
        words = {0: t.view(0)["view"]["word"], 1: t.view(1)["view"]["word"]}
        assert (
            public.changes(1)[0]["version"]
            == anna.changes(1)[0]["version"]
            == bo.changes(1)[0]["version"]
        )
        assert t.act(0, {"type": "pick", "notation": "pick3"}).status_code == 200
        pub, a, b = public.changes(1)[0], anna.changes(1)[0], bo.changes(1)[0]
        assert pub["view"]["picked"] == [True, False] and pub["version"] == a["version"] == b["version"]
        assert a["seat"] == 0 and a["view"]["my_pick"] == 3 and a["view"]["word"] == words[0]
        assert b["seat"] == 1 and b["view"]["my_pick"] is None
        assert [e["say"]["text"] for e in a["events"]] == ["Anna has picked.", "You picked 3."]
        assert [e["say"]["text"] for e in b["events"]] == ["Anna has picked."]
        for text in (json.dumps(pub), json.dumps(b)):
            assert words[0] not in text and "You picked" not in text
        assert words[1] not in json.dumps(a) and words[1] not in json.dumps(pub)
    finally:
        for s in (public, anna, bo):
            s.close()


def test_a_phone_with_a_seat_can_still_ask_for_the_public_stream(
    client: FlaskClient, make_table: Any
) -> None:
    t = make_table()
    t.claim(0, "Anna")
    s = Stream(client, f"/api/tables/{t.id}/stream?view=public", t.auth(0))
    try:
        payload = s.payloads(1)[0]
        assert "seat" not in payload and "word" not in payload["view"]
    finally:
        s.close()


def test_undo_reaches_every_stream_as_a_sentence(
    client: FlaskClient, make_table: Any, host: dict[str, str]
) -> None:
    t = make_table()
    t.claim(0, "Anna")
    bo_stream = Stream(client, f"/api/tables/{t.id}/stream")
    try:
        bo_stream.payloads(1)
        t.act(0, {"type": "pick", "notation": "pick2"})
        client.post(f"/api/tables/{t.id}/undo", headers=host)
        after_play, after_undo = bo_stream.payloads(2)
        assert after_play["view"]["picked"] == [True, False]
        assert after_undo["view"]["picked"] == [False, False]
        assert [e["say"]["text"] for e in after_undo["events"]] == ["The host undid the last move."]
    finally:
        bo_stream.close()


def test_freeing_a_seat_ends_its_stream_with_a_sentence(
    client: FlaskClient, make_table: Any, host: dict[str, str]
) -> None:
    t = make_table()
    t.claim(1, "Bo")
    s = Stream(client, f"/api/tables/{t.id}/stream", t.auth(1))
    try:
        s.payloads(1)
        client.delete(f"/api/tables/{t.id}/seats/1", headers=host)
        blocks = s.blocks(3)
        gone = [b for b in blocks if b.startswith("event: gone")]
        assert gone and "freed" in gone[0]
    finally:
        s.close()


def test_a_seat_freed_while_its_stream_opens_is_told_so_not_left_streaming(
    client: FlaskClient, make_table: Any, service: Any, host: dict[str, str], monkeypatch: Any
) -> None:
    """The host frees the seat just as its phone's stream opens (its token checked, not yet
    subscribed): the phone is refused (401, in words) as a freed seat is, so its page says so
    and offers the seats, instead of a stream nobody would ever end."""
    t = make_table()
    t.claim(1, "Bo")
    subscribe = service.subscribe

    def freed_meanwhile(table: str, seat: int | None, **kw: Any) -> Any:
        client.delete(f"/api/tables/{t.id}/seats/1", headers=host)
        return subscribe(table, seat, **kw)

    monkeypatch.setattr(service, "subscribe", freed_meanwhile)
    resp = client.get(f"/api/tables/{t.id}/stream", headers=t.auth(1))
    try:
        assert resp.status_code == 401, resp.get_data()[:200]
        assert "seat" in resp.get_json()["error"]
    finally:
        resp.close()
    assert not any(sub.seat == 1 for sub in service.tables.get(t.id).subs)   # nothing left open


def test_stream_refusals_are_plain_json(client: FlaskClient, make_table: Any) -> None:
    t = make_table()
    resp = client.get(f"/api/tables/{t.id}/stream", headers={"Authorization": "Bearer forged"})
    assert resp.status_code == 401 and "error" in resp.get_json()
    resp = client.get("/api/tables/nope/stream")
    assert resp.status_code == 404 and "nope" in resp.get_json()["error"]


def test_a_phone_that_left_frees_its_stream_and_shows_as_away(
    client: FlaskClient, make_table: Any, service: Any, monkeypatch: Any
) -> None:
    """waitress says the phone has gone: the stream ends and, once the grace for a reconnect has
    passed (the service's clock, moved by hand), the seat is no longer "connected"."""
    now = [1000.0]
    monkeypatch.setattr(service, "clock", lambda: now[0])
    t = make_table()
    t.claim(0, "Anna")
    left = {"gone": False}
    resp = client.get(
        f"/api/tables/{t.id}/stream",
        headers=t.auth(0),
        buffered=False,
        environ_base={"waitress.client_disconnected": lambda: left["gone"]},
    )
    chunks = iter(resp.response)
    next(chunks), next(chunks)  # the comment and the full payload
    assert t.public()["seats"][0]["connected"] is True
    left["gone"] = True
    assert list(chunks) == []  # the stream ends by itself (no keep-alive needed to notice)
    assert t.public()["seats"][0]["connected"] is True  # it may be back in a moment
    now[0] += service.presence.grace
    assert t.public()["seats"][0]["connected"] is False
    resp.close()


def test_a_play_between_subscribing_and_the_first_read_never_sends_an_older_view(
    client: FlaskClient, make_table: Any, service: Any, monkeypatch: Any
) -> None:
    """The subscription queues a snapshot at version v; if a play lands before the stream reads
    the table again, the phone gets v+1 first and must never be shown v afterwards."""
    t = make_table()
    t.claim(0, "Anna")
    subscribe = service.subscribe

    def subscribe_then_a_play_lands(table: str, seat: int | None, **kw: Any) -> Any:
        sub = subscribe(table, seat, **kw)
        assert t.act(0, {"type": "pick", "notation": "pick2"}).status_code == 200
        return sub

    monkeypatch.setattr(service, "subscribe", subscribe_then_a_play_lands)
    s = Stream(client, f"/api/tables/{t.id}/stream")
    try:
        first = s.payloads(1)[0]
        assert first["view"]["picked"] == [True, False]
        client.post(f"/api/tables/{t.id}/next", headers=t.host)
        later = s.payloads(3, timeout=0.5)   # what comes, in time for an older view to show (none may)
        versions = [first["version"]] + [p["version"] for p in later]
        assert versions == sorted(set(versions)), versions  # strictly newer each time
        assert all(p["view"]["picked"] == [True, False] for p in later)
        assert versions[-1] == t.public()["version"]
    finally:
        s.close()


def test_streams_over_the_cap_get_a_503_sentence_and_a_closed_one_frees_its_place(
    app: Any, client: FlaskClient, make_table: Any
) -> None:
    """Each stream holds a server thread; past the caps (lowered here) a screen is told to close one,
    and its page polls instead, so ordinary requests always find a thread."""
    app.config.update(SSE_MAX_STREAMS=3, SSE_MAX_STREAMS_PER_TABLE=2)
    t, other = make_table(), make_table()
    first, second = Stream(client, f"/api/tables/{t.id}/stream"), Stream(client, f"/api/tables/{t.id}/stream")
    third = Stream(client, f"/api/tables/{other.id}/stream")
    try:
        assert [s.resp.status_code for s in (first, second, third)] == [200, 200, 200]
        for table in (t, other):  # per table (2 on t), then in all (3)
            over = client.get(f"/api/tables/{table.id}/stream")
            assert over.status_code == 503 and over.is_json
            assert over.get_json() == {"error": "Too many screens are connected; close one and try again."}
        assert t.public()["version"] >= 1  # ordinary requests still answered
        second.close()  # closed before it was ever read: its place comes back all the same
        again = Stream(client, f"/api/tables/{t.id}/stream")
        try:
            assert again.resp.status_code == 200 and again.payloads(1)[0]["table"] == t.id
        finally:
            again.close()
    finally:
        for s in (first, second, third):
            s.close()


class Held:
    """A subscription with payloads waiting (each a full view), handed out in order."""

    def __init__(self, *versions: int) -> None:
        self.queue = [{"version": v, "step": 0, "view": {"n": v}} for v in versions]
        self.closed = False

    def get(self, timeout: float) -> dict[str, Any] | None:
        return self.queue.pop(0) if self.queue else None

    def end(self) -> None:
        self.closed = True

    def close(self) -> None:
        self.closed = True


def test_a_stream_that_is_not_read_holds_back_its_frames_and_resyncs_from_the_newest() -> None:
    """The threat: a client that never reads, whose frames would pile up in the server. While
    more than UNSENT_MOST of the stream is unsent, no frame is written; the stream keeps only the
    newest payload and writes that, alone, once the client has read. While the client reads,
    every change is written."""
    from web.stream import UNSENT_MOST, events

    def frames(sub: Held, unsent: Any, count: int) -> list[int]:
        gen = events("t", sub, {"version": 1, "step": 0}, lambda: None, "en", lambda: False,
                     keepalive=60.0, retry=3000, max_seconds=None, unsent=unsent)
        out = [next(gen) for _ in range(count)]
        gen.close()
        return [int(f.split("\n")[0].removeprefix("id: ")) for f in out[1:]]

    reading = Held(2, 3)
    assert frames(reading, lambda: 0, 4) == [1, 2, 3]
    stalled = Held(2, 3, 4, 5)     # the client reads again once every change has come
    assert frames(stalled, lambda: UNSENT_MOST if stalled.queue else 0, 3) == [1, 5]


def test_the_tables_seats_and_screen_take_the_place_of_strangers_streams() -> None:
    """Strangers' public streams are capped per table below the table's cap; a seat's or the
    screen's stream is capped per seat or screen only, and where the table's cap or the cap in
    all is reached, the oldest stranger's stream ends for it (its own table's first)."""
    from web.stream import Caps, OpenStreams, TooManyStreams

    caps = Caps(most=6, per_table=4, per_address=6, strangers_per_table=3, per_credential=2)
    streams, ended = OpenStreams(), []

    def stranger(table: str, address: str = "192.168.4.66") -> Any:
        slot = streams.take(table, address, None, caps)
        streams.attach(slot, lambda: ended.append(slot))
        return slot

    def proved(table: str, credential: str) -> Any:
        return streams.take(table, "192.168.4.2", credential, caps)

    here = [stranger("t") for _ in range(3)]
    with pytest.raises(TooManyStreams):
        stranger("t", "192.168.4.67")          # strangers: 3 of the table's 4 places
    there = [stranger("u") for _ in range(3)]  # 6: every place in all
    with pytest.raises(TooManyStreams):
        stranger("v", "192.168.4.68")
    proved("t", "seat t 0")
    assert ended == here[:1]                   # in all: the oldest stranger of its own table
    streams.give_back(there[2])
    proved("t", "seat t 1")                    # a free place: nobody's ends
    proved("t", "screen of this machine")
    assert ended == here[:2]                   # the table's cap
    proved("t", "seat t 0")
    assert ended == here
    with pytest.raises(TooManyStreams):
        proved("t", "seat t 0")                # a seat's own cap
    with pytest.raises(TooManyStreams):
        proved("t", "seat t 2")                # the table's places are all its own readers'
    proved("u", "seat u 0")
    assert ended == [*here, there[0]] and streams.total == 6
    lone, first = OpenStreams(), Caps(most=1, per_table=1, per_address=1, strangers_per_table=1,
                                      per_credential=1)
    early = lone.take("t", "192.168.4.66", None, first)   # not yet subscribed when its place goes
    lone.take("t", "192.168.4.2", "seat t 0", first)
    lone.attach(early, lambda: ended.append(early))
    assert ended[-1] is early


def test_a_seat_and_a_host_device_get_a_stream_while_strangers_hold_the_table(
    app: Any, client: FlaskClient, make_table: Any, host_key: str, service: Any
) -> None:
    """Over the web: strangers on the Wi-Fi hold every place strangers may have at the table; a
    stranger asking as a table screen is still a stranger; a seat's phone and the host's device
    (its host page's public stream) get their streams, each in place of the oldest stranger's."""
    app.config.update(SSE_MAX_STREAMS_PER_TABLE=3, SSE_MAX_STRANGERS_PER_TABLE=3, SSE_KEEPALIVE=60.0)
    t = make_table()
    t.claim(0, "Anna")
    url = f"/api/tables/{t.id}/stream"

    def lan(address: str, path: str = url, **kw: Any) -> Any:
        return client.get(path, buffered=False, environ_base={"REMOTE_ADDR": address}, **kw)

    def ended() -> int:
        return sum(sub.closed for sub in service.tables.get(t.id).subs)

    strangers = [lan(f"192.168.4.{60 + n}") for n in range(3)]
    opened = []
    try:
        assert [s.status_code for s in strangers] == [200, 200, 200]
        refused = lan("192.168.4.70", f"{url}?view=public&screen=1")
        assert refused.status_code == 503 and refused.is_json
        opened.append(lan("192.168.4.20", headers=t.auth(0)))
        assert opened[-1].status_code == 200
        assert ended() == 1                            # a stranger's stream ends for it
        assert client.get(f"/host?key={host_key}").status_code == 303   # a host device's session
        opened.append(lan("192.168.4.30", f"{url}?view=public"))
        assert opened[-1].status_code == 200
        assert ended() == 2
        client.delete_cookie("host_key")
        assert lan("192.168.4.71").status_code == 503                  # the table is full again
    finally:
        for resp in [*strangers, *opened]:
            resp.close()
