"""The pages, the QR codes, and the sentences they show (through engines.text.translate)."""

from __future__ import annotations

import io
import ipaddress
import json
import re
from pathlib import Path
from typing import Any

import segno
import segno.helpers
from flask.testing import FlaskClient

import web
from engines.text import CATALOGUES
from web.address import lan_ip
from web.i18n import SCRIPT_LABELS, UI_MSGIDS, catalogue, localize


def svg_of(qr: segno.QRCode) -> bytes:
    out = io.BytesIO()
    qr.save(
        out, kind="svg", scale=6, border=2, xmldecl=False, dark="#000", light="#fff", title="QR code"
    )
    return out.getvalue()


def page_data(html: str) -> dict[str, Any]:
    start = html.index('<script id="tc-data" type="application/json">') + len(
        '<script id="tc-data" type="application/json">'
    )
    return dict(json.loads(html[start : html.index("</script>", start)]))


def test_join_qr_holds_the_join_address_with_an_ip(client: FlaskClient, make_table: Any) -> None:
    t = make_table()
    resp = client.get(f"/qr/join/{t.id}.svg")
    assert resp.status_code == 200 and resp.mimetype == "image/svg+xml"
    assert resp.data == svg_of(segno.make(f"http://192.0.2.10:8000/play/{t.id}", error="m"))
    assert client.get("/qr/join/nope.svg").status_code == 404


def test_wifi_qr_joins_the_configured_network(client: FlaskClient) -> None:
    resp = client.get("/qr/wifi.svg")
    assert resp.status_code == 200
    assert resp.data == svg_of(
        segno.helpers.make_wifi(ssid="GameNight", password="dice-and-lasers", security="WPA")
    )


def test_no_wifi_qr_when_none_is_configured(service: Any) -> None:
    from web import create_app

    client = create_app(service).test_client()
    resp = client.get("/qr/wifi.svg")
    assert resp.status_code == 404 and b"No Wi-Fi network is configured" in resp.data


def test_lan_ip_is_an_address_never_a_name() -> None:
    address = ipaddress.ip_address(lan_ip())
    assert address.version == 4


def test_phone_page_carries_its_table_and_translated_labels(
    client: FlaskClient, make_table: Any
) -> None:
    t = make_table()
    resp = client.get(f"/play/{t.id}")
    assert resp.status_code == 200 and resp.mimetype == "text/html"
    html = resp.get_data(as_text=True)
    data = page_data(html)
    assert data["page"]["table"] == t.id and data["lang"] == "en"
    # English says every label as its msgid, which the page script shows as it is: nothing to carry
    assert data["catalogue"] == {}
    dutch = page_data(client.get(f"/play/{t.id}?lang=nl").get_data(as_text=True))
    shared = {m for name in ("common.js", "phone.js", "table.js", "host.js") for m in SCRIPT_LABELS[name][0]}
    assert set(dutch["catalogue"]) <= set(UI_MSGIDS)   # a game without a script: the shared ones
    # what TC.T shows for each shared label (its entry, or the msgid itself) is the Dutch
    full = catalogue("nl")   # every page script's labels, each (plural forms too) as Dutch says it
    assert {m: dutch["catalogue"].get(m, m) for m in shared} == {m: full[m] for m in shared}
    assert dutch["catalogue"]["Connected"] != "Connected"
    assert 'name="viewport"' in html and "/static/phone.js" in html
    assert "https://" not in html  # everything is served locally: the table has no internet
    assert "default-src 'self'" in resp.headers["Content-Security-Policy"]


def test_a_games_page_carries_its_own_scripts_labels_and_no_other_games(
    client: FlaskClient, make_table: Any
) -> None:
    """A Loch Ness phone reads the labels of the shared scripts and of Loch Ness's own (its map's
    too), translated; the other games' words stay home (they were two thirds of the page)."""
    t = make_table("loch-ness", players=3)
    html = client.get(f"/play/{t.id}?lang=nl").get_data(as_text=True)
    data = page_data(html)
    own = {m for name in ("common.js", "phone.js", "games/loch-ness-map.js", "games/loch-ness.js")
           for m in SCRIPT_LABELS[name][0]}
    full = catalogue("nl")
    assert {m: data["catalogue"].get(m, m) for m in own} == {m: full[m] for m in own}
    assert not set(SCRIPT_LABELS["games/jaws.js"][0]) - own & set(data["catalogue"])
    assert data["catalogue"]["Red boats"] != "Red boats"   # in Dutch
    assert len(html) < 30_000


def test_unknown_table_page_is_a_plain_404_page(client: FlaskClient) -> None:
    resp = client.get("/play/nope")
    assert resp.status_code == 404 and resp.mimetype == "text/html"
    assert "There is no table nope." in resp.get_data(as_text=True)
    assert "Traceback" not in resp.get_data(as_text=True)


def test_table_screen_shows_the_join_qr(client: FlaskClient, make_table: Any) -> None:
    t = make_table()
    html = client.get(f"/table/{t.id}").get_data(as_text=True)
    assert f"/qr/join/{t.id}.svg" in html and "/qr/wifi.svg" in html


def test_host_page_asks_for_the_key_then_keeps_it_in_an_httponly_cookie(
    client: FlaskClient, host_key: str
) -> None:
    assert client.get("/host").status_code == 401
    wrong = client.get("/host?key=nope")
    assert wrong.status_code == 401 and "That host key is not right." in wrong.get_data(as_text=True)
    resp = client.post("/host", data={"key": host_key})
    assert resp.status_code == 303 and resp.headers["Location"].endswith("/host")
    assert "HttpOnly" in resp.headers["Set-Cookie"]
    page = client.get("/host")
    assert page.status_code == 200 and "/static/host.js" in page.get_data(as_text=True)
    assert host_key not in page.get_data(as_text=True)


def test_static_assets_are_served_locally(client: FlaskClient) -> None:
    games = sorted(f"games/{p.name}" for p in (Path(web.__file__).parent / "static" / "games").glob("*.js"))
    assert "games/laser-chess.js" in games
    for name in ("app.css", "common.js", "phone.js", "table.js", "host.js", "index.js", *games):
        with client.get(f"/static/{name}") as resp:
            assert resp.status_code == 200, name
            body = resp.data.replace(b"http://www.w3.org/2000/svg", b"")  # a namespace, not a download
            assert b"http://" not in body and b"https://" not in body, name


def test_sentences_show_seat_names_not_numbers() -> None:
    payload = {
        "events": [{"say": {"msgid": "It is {seat}'s turn.", "params": {"seat": 1}}}],
        "label": {"msgid": "Pick {number}", "params": {"number": 2}},
    }
    out = localize(payload, "en", ["Anna", "Bo"])
    assert out["events"][0]["say"]["text"] == "It is Bo's turn."
    assert out["label"]["text"] == "Pick 2"
    assert "text" not in payload["label"]  # the service's payload is not changed


def test_language_follows_the_phone_and_falls_back_to_english(
    client: FlaskClient, make_table: Any, monkeypatch: Any
) -> None:
    monkeypatch.setitem(CATALOGUES, "nl", {"Pick {number}": "Kies {number}"})
    t = make_table()
    t.claim(0, "Anna")
    nl = client.get(
        f"/api/tables/{t.id}/view", headers={**t.auth(0), "Accept-Language": "nl-NL,nl;q=0.9"}
    )
    assert nl.get_json()["legal_actions"][0]["label"]["text"] == "Kies 1"
    de = client.get(f"/api/tables/{t.id}/view", headers={**t.auth(0), "Accept-Language": "de"})
    assert de.get_json()["legal_actions"][0]["label"]["text"] == "Pick 1"  # no German yet: English


def test_a_language_setting_is_remembered(
    client: FlaskClient, make_table: Any, monkeypatch: Any
) -> None:
    monkeypatch.setitem(CATALOGUES, "nl", {"Pick {number}": "Kies {number}"})
    t = make_table()
    t.claim(0, "Anna")
    first = client.get(f"/play/{t.id}?lang=nl")
    assert (
        "lang=nl" in first.headers["Set-Cookie"]
        and page_data(first.get_data(as_text=True))["lang"] == "nl"
    )
    later = client.get(f"/api/tables/{t.id}/view", headers={**t.auth(0), "Accept-Language": "en"})
    assert later.get_json()["legal_actions"][0]["label"]["text"] == "Kies 1"


def test_templates_translate_through_the_one_function(app: Any, monkeypatch: Any) -> None:
    monkeypatch.setitem(CATALOGUES, "de", {"Seat {number}": "Platz {number}"})
    with app.test_request_context("/", headers={"Accept-Language": "de"}):
        from flask import render_template_string

        out = render_template_string('{{ t("Seat {number}", number=2) }}|{{ "Seat {number}"|t(number=3) }}')
    assert out == "Platz 2|Platz 3"


def test_a_phones_page_holds_its_seat_as_its_stream_first_says_it(
    client: FlaskClient, make_table: Any
) -> None:
    """A slow phone draws its seat once (issue 41): the payload in its page counts the phone as at
    the table, as its stream's first message then does, so that message repeats it exactly, word
    for word and key for key (phone.js compares the two as text), and the page has nothing to draw
    again. The answer to a play and the stream's message of the same change alike."""
    from tests.web.test_stream import Stream
    from web.wire import unpack

    t = make_table()
    token = t.claim(0, "Anna")
    client.set_cookie(f"seat_{t.id}", token)
    packed = page_data(client.get(f"/play/{t.id}").get_data(as_text=True))["page"]["first"]
    first = unpack(packed)
    assert first["seats"][0]["connected"] is True   # this phone, asking for its page, is at the table
    stream = Stream(client, f"/api/tables/{t.id}/stream?packed=1", headers=t.auth(0))
    try:
        (said,) = stream.payloads(1)
        assert unpack(said) == first
        assert json.dumps(said) == json.dumps(packed)   # in the same order: the same text
        legal = t.view(0)["legal_actions"]
        answer = client.post(f"/api/tables/{t.id}/actions?packed=1", json={"action": legal[0]},
                             headers=t.auth(0)).get_json()
        (told,) = stream.changes(1)
        assert json.dumps(told) == json.dumps(answer)
    finally:
        stream.close()


def test_every_page_shows_the_companions_mark_on_its_tab(client: FlaskClient, make_table: Any,
                                                          host_key: str) -> None:
    """A phone's tab (and a home-screen shortcut) shows the companion's own mark, served from here:
    without one, every page asked for /favicon.ico and got a 404."""
    t = make_table()
    client.post("/host", data={"key": host_key})
    icons = set()
    for path in ("/", f"/play/{t.id}", f"/table/{t.id}", "/host", "/rules/laser-chess", "/play/nope"):
        html = client.get(path).get_data(as_text=True)
        found = re.search(r'<link rel="icon" href="([^"]+)" type="image/svg\+xml">', html)
        assert found, path
        icons.add(found.group(1))
    assert icons == {"/static/icon.svg"}
    with client.get("/static/icon.svg") as resp:
        assert resp.status_code == 200 and resp.mimetype == "image/svg+xml"
        assert b"<svg" in resp.data and b"<text" not in resp.data   # shapes: no font it depends on
