"""``GET /table/current``: one bookmark for the whole evening (issue 16).

It shows the newest open table (with its join QR code) and the page follows the next one; with
no table it says "no game yet" and how to become the host, the host page's address as a QR code.
"""

from __future__ import annotations

import io
from typing import Any

import segno
from flask.testing import FlaskClient

from tests.conftest import HOST_KEY
from tests.web.test_pages import page_data

HOST_URL = "http://192.0.2.10:8000/host"  # the app's public_url (tests/web/conftest.py)


def shown(client: FlaskClient) -> tuple[str, dict[str, Any]]:
    resp = client.get("/table/current")
    assert resp.status_code == 200
    html = resp.get_data(as_text=True)
    assert HOST_KEY not in html
    return html, page_data(html)["page"]


def test_no_game_yet_says_how_to_become_the_host(client: FlaskClient) -> None:
    """No [hardware] button: the hint names the host page and the key."""
    html, data = shown(client)
    assert "No game yet" in html and data["follow"] is True and data["table"] is None
    assert f"To host: open {HOST_URL} with the host key" in html
    assert 'src="/qr/host.svg"' in html and "follow.js" in html


def test_no_game_yet_names_the_button_to_hold_when_there_is_one(client: FlaskClient, service: Any) -> None:
    service.pairing.set_button("Next button", 2.0)
    html, _ = shown(client)
    assert (f"To host: scan this code or open {HOST_URL} on your phone, then hold the Next button "
            "for 2 seconds.") in html


def test_the_host_qr_code_holds_the_host_page_without_the_key(client: FlaskClient) -> None:
    resp = client.get("/qr/host.svg")
    assert resp.status_code == 200 and resp.mimetype == "image/svg+xml"
    expected = io.BytesIO()
    segno.make(HOST_URL, error="m").save(expected, kind="svg", scale=6, border=2, xmldecl=False,
                                         dark="#000", light="#fff", title="QR code")
    assert resp.get_data() == expected.getvalue()


def test_the_bookmark_follows_the_newest_open_table(client: FlaskClient, make_table: Any) -> None:
    """A new table takes over the screen; ending it gives the screen back to the one before;
    ending that too leaves "no game yet"."""
    first = make_table()
    html, data = shown(client)
    assert data["table"] == first.id and data["follow"] is True
    assert f'src="/qr/join/{first.id}.svg"' in html and "follow.js" in html
    second = make_table()
    assert shown(client)[1]["table"] == second.id
    assert client.post(f"/api/tables/{second.id}/end", headers=first.host).status_code == 200
    assert shown(client)[1]["table"] == first.id
    assert client.post(f"/api/tables/{first.id}/end", headers=first.host).status_code == 200
    assert "No game yet" in shown(client)[0]


def test_a_tables_own_address_does_not_follow(client: FlaskClient, make_table: Any) -> None:
    first = make_table()
    make_table()
    html = client.get(f"/table/{first.id}").get_data(as_text=True)
    assert page_data(html)["page"]["follow"] is False and "follow.js" not in html
