"""Cross-site requests are refused whatever cookie they carry (issue 17, item 4).

"With the host cookie, a POST from Origin: http://evil.example sent as text/plain created a
table (201); seating a bot, "next", pressing a virtual button and ending a table were accepted
the same way. Another service on the Pi (another port, same address) counts as the same site
for SameSite." Expected: every state-changing request checks Origin (or Sec-Fetch-Site) against
the companion's own addresses and accepts only application/json bodies; the pages keep working
from the IP address, companion.local and a reverse proxy configured with PUBLIC_URL.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from web.auth import HOST_COOKIE

CROSS_SITE = "This request came from another site; the companion only takes changes from its own pages."
PI = "http://192.168.4.1:8080"


def with_cookies(client: FlaskClient, host_key: str, table: Any) -> None:
    """The browser of a host who is also seated: both cookies, sent with every request."""
    client.set_cookie(HOST_COOKIE, host_key, domain="192.168.4.1")
    client.set_cookie(f"seat_{table.id}", table.tokens[0], domain="192.168.4.1")


@pytest.fixture
def seated(make_table: Any) -> Any:
    t = make_table()
    t.claim(0, "Anna")
    return t


def changes(t: Any) -> list[tuple[str, str, dict[str, Any] | None]]:
    """Every kind of change a page makes: the host's, a seat's, the virtual panel's."""
    base = f"/api/tables/{t.id}"
    return [
        ("POST", "/api/tables", {"game": "fake-guess", "players": 2}),
        ("POST", f"{base}/seats/1/bot", None),
        ("POST", f"{base}/next", None),
        ("POST", f"{base}/actions", {"action": {"type": "pick", "notation": "pick1"}}),
        ("POST", f"{base}/seats/1", {"name": "Mallory"}),
        ("POST", f"{base}/here", None),
        ("POST", "/api/hardware/press/seat0", None),
        ("DELETE", f"{base}/seats/0", None),
        ("POST", f"{base}/undo", None),
        ("POST", f"{base}/pace", {"pace": "slowest"}),
        ("POST", f"{base}/end", None),
    ]


@pytest.mark.parametrize(("headers", "address"), [
    ({"Origin": "http://evil.example"}, PI),
    ({"Origin": "http://192.168.4.1:9000"}, PI),          # another service on the Pi: same site
    ({"Origin": "null"}, PI),                              # a sandboxed frame, a file
    ({"Origin": "null", "Sec-Fetch-Site": "cross-site"}, PI),   # another site hiding its origin
    ({"Origin": "null", "Sec-Fetch-Site": "same-site"}, PI),    # the other port, hiding it
    ({"Origin": "http://evil.example:8080"}, "http://evil.example:8080"),   # DNS rebinding
    ({"Sec-Fetch-Site": "cross-site"}, PI),
    ({"Sec-Fetch-Site": "same-site"}, PI),
])
def test_a_cross_site_change_is_refused_403_whatever_cookie_it_carries(
        client: FlaskClient, seated: Any, host_key: str, headers: dict[str, str], address: str) -> None:
    with_cookies(client, host_key, seated)
    before = seated.public()
    tables = len(client.get("/api/tables").get_json()["tables"])
    for method, path, body in changes(seated):
        resp = client.open(path, method=method, base_url=address,
                           data=b"" if body is None else json.dumps(body),
                           headers={**headers, "Content-Type": "text/plain"})
        assert resp.status_code == 403, (method, path, resp.get_json())
        assert resp.get_json() == {"error": CROSS_SITE}
    assert seated.public() == before
    assert len(client.get("/api/tables").get_json()["tables"]) == tables


def test_a_body_that_is_not_json_is_refused_even_without_an_origin(
        client: FlaskClient, seated: Any, host: dict[str, str]) -> None:
    """A text/plain or form body needs no preflight from a browser: only JSON is taken."""
    for ctype in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
        resp = client.post("/api/tables", data=b'{"game": "fake-guess", "players": 2}',
                           headers={**host, "Content-Type": ctype})
        assert resp.status_code == 415
        assert resp.get_json()["error"] == "Send the request as JSON (Content-Type: application/json)."
    assert len(client.get("/api/tables").get_json()["tables"]) == 1


@pytest.mark.parametrize(("base_url", "origin"), [
    ("http://192.168.4.1:8080", "http://192.168.4.1:8080"),       # the IP address in the QR code
    ("http://companion.local:8080", "http://companion.local:8080"),
    ("http://localhost:8080", "http://localhost:8080"),             # the Pi's own display
    ("http://[fe80::1]:8080", "http://[fe80::1]:8080"),
    ("http://127.0.0.1:8080", "http://192.0.2.10:8000"),           # behind the proxy of PUBLIC_URL
])
def test_the_pages_keep_working_from_every_own_address(
        client: FlaskClient, seated: Any, host_key: str, base_url: str, origin: str) -> None:
    headers = {"Origin": origin, "Sec-Fetch-Site": "same-origin", "X-Host-Key": host_key}
    made = client.post("/api/tables", json={"game": "fake-guess", "players": 2}, base_url=base_url,
                       headers=headers)
    assert made.status_code == 201, made.get_json()
    played = client.post(f"/api/tables/{seated.id}/actions", base_url=base_url,
                         json={"action": {"type": "pick", "notation": "pick1"}},
                         headers={"Origin": origin, **seated.auth(0)})
    assert played.status_code == 200, played.get_json()
    assert client.post(f"/api/tables/{seated.id}/next", base_url=base_url, headers=headers).status_code == 200


def test_a_typed_address_and_scripts_without_origin_still_work(client: FlaskClient, seated: Any) -> None:
    """Sec-Fetch-Site "none" (typed, a bookmark) and no header at all (a script, curl) are not
    another site's page; the key and token checks decide as before."""
    for headers in ({"Sec-Fetch-Site": "none"}, {}):
        resp = client.post(f"/api/tables/{seated.id}/seats/1", json={"name": "Ben"}, headers=headers)
        assert resp.status_code in (200, 409)


def test_the_host_login_form_is_refused_from_another_site(client: FlaskClient, host_key: str) -> None:
    resp = client.post("/host", data={"key": host_key}, headers={"Origin": "http://evil.example"})
    assert resp.status_code == 403 and "Set-Cookie" not in resp.headers
    same = client.post("/host", data={"key": host_key}, base_url="http://192.168.4.1:8080",
                       headers={"Origin": "http://192.168.4.1:8080"})
    assert same.status_code == 303


def test_the_pages_tell_their_origin_to_their_own_forms_and_nothing_to_another_site(
        client: FlaskClient) -> None:
    """Under "no-referrer" a browser sends "Origin: null" with a form's POST (the host-key form
    was refused as another site's); "same-origin" sends the page's origin to the companion only."""
    for path in ("/", "/host"):
        assert client.get(path).headers["Referrer-Policy"] == "same-origin"


def test_a_hidden_origin_is_taken_only_when_the_browser_says_same_origin(
        client: FlaskClient, host_key: str) -> None:
    """A page of ours under a browser that hides every origin: Sec-Fetch-Site, which no page can
    set, says where the form was."""
    resp = client.post("/host", data={"key": host_key}, base_url=PI,
                       headers={"Origin": "null", "Sec-Fetch-Site": "same-origin"})
    assert resp.status_code == 303 and HOST_COOKIE in resp.headers["Set-Cookie"]
    for fetched in ("cross-site", "same-site", "none"):
        refused = client.post("/host", data={"key": host_key}, base_url=PI,
                              headers={"Origin": "null", "Sec-Fetch-Site": fetched})
        assert refused.status_code == 403 and "Set-Cookie" not in refused.headers, fetched
