"""The companion's forms, clicked in Debian's chromium as a person does (issue 35, point 1): "every
page is served with Referrer-Policy: no-referrer, so Chromium sends Origin: null with the form's
POST to /host, and web/guard.py refuses it". The host-key form opens the host page; every change
the host page then makes by fetch is taken; a form another site's page (or another port on the
Pi) submits is still refused, whatever it hides of its origin, and changes nothing.
"""

from __future__ import annotations

from html import escape
from typing import Any

from tests.web import test_browser as shared
from web.auth import HOST_COOKIE

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
watch = shared.watch

CROSS_SITE = "This request came from another site; the companion only takes changes from its own pages."


def changes_sent(page: Any) -> list[dict[str, Any]]:
    """Every request the page sends that changes something (not GET/HEAD), with its answer."""
    sent: list[dict[str, Any]] = []

    def answered(resp: Any) -> None:
        req = resp.request
        if req.method not in ("GET", "HEAD"):
            sent.append({"method": req.method, "url": req.url, "status": resp.status,
                         "origin": req.all_headers().get("origin"),
                         "navigation": req.is_navigation_request()})
    page.on("response", answered)
    return sent


def test_the_host_key_form_opens_the_host_page_when_clicked(server: str, browser: Any, host_key: str,
                                                            service: Any) -> None:
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = watch(ctx.new_page())
    sent = changes_sent(page)
    page.goto(f"{server}/host")
    # a wrong key first: the page says so (not "another site")
    page.locator('input[name="key"]').fill("not-the-key")
    page.get_by_role("button", name="Open").click()
    page.get_by_text("That host key is not right.").wait_for()
    assert CROSS_SITE not in page.content()
    # the right key: the host page, with the start form; the key is not in the address
    page.locator('input[name="key"]').fill(host_key)
    page.get_by_role("button", name="Open").click()
    page.locator("#start-form").wait_for()
    assert page.url == f"{server}/host"
    assert [c["name"] for c in ctx.cookies()] == [HOST_COOKIE]
    posted = [s for s in sent if s["navigation"]]
    assert [s["status"] for s in posted] == [401, 303]
    assert {s["origin"] for s in posted} == {server}       # the form says where it comes from
    # the host page's own changes (fetch) are taken too: a table started from the form
    page.locator("#game option").first.wait_for(state="attached")
    page.select_option("#game", "fake-guess")
    # (the answer awaited as an event: a listener's record of it may come after the page has drawn it)
    with page.expect_response(lambda r: r.request.method == "POST" and not r.request.is_navigation_request()):
        page.get_by_role("button", name="Start").click()
    page.locator("#manage").wait_for()
    assert [t["game"] for t in service.list_tables()] == ["fake-guess"]
    fetched = [s for s in sent if not s["navigation"]]
    assert fetched and all(s["status"] < 400 and s["origin"] == server for s in fetched), fetched
    ctx.close()


def attack_page(action: str, fields: dict[str, str], hide_origin: bool, enctype: str = "") -> str:
    """Another site's page that submits a form to the companion by itself; ``hide_origin``: its
    own referrer policy makes the browser send ``Origin: null``."""
    inputs = "".join(f'<input type="hidden" name="{escape(k)}" value="{escape(v)}">'
                     for k, v in fields.items())
    meta = '<meta name="referrer" content="no-referrer">' if hide_origin else ""
    kind = f' enctype="{enctype}"' if enctype else ""
    return (f"<!doctype html><html><head>{meta}</head><body><form id=f method=post action=\"{action}\"{kind}>"
            f"{inputs}</form><script>document.getElementById('f').submit()</script></body></html>")


def submitted_from(ctx: Any, site: str, html: str, target: str) -> Any:
    """Open ``site`` (served by the browser itself: nothing listens there) and wait for the
    companion's answer to the form it submits."""
    ctx.route(f"{site}/**", lambda route: route.fulfill(status=200, content_type="text/html", body=html))
    page = ctx.new_page()
    with page.expect_response(lambda r: r.url.startswith(target) and r.request.method == "POST") as answer:
        page.goto(f"{site}/attack")
    return answer.value


def test_a_form_another_site_submits_is_refused_whatever_it_hides(server: str, browser: Any, host_key: str,
                                                                 service: Any) -> None:
    """Another site logging this browser in as its host (with a key it learnt), or a page on
    another port of the Pi (the same site: the host's cookie goes with it) ending the host's table
    with a text/plain form: each refused, with its origin shown or hidden."""
    port = int(server.rsplit(":", 1)[1])
    other_port = f"http://127.0.0.1:{port + 1 if port < 65535 else port - 1}"
    table = service.create_table("fake-guess", 2, {}, seed=1)["table"]
    for site in ("http://evil.example", other_port):
        for hide in (False, True):
            ctx = browser.new_context()
            page = attack_page(f"{server}/host", {"key": host_key}, hide)
            login = submitted_from(ctx, site, page, f"{server}/host")
            assert login.status == 403, (site, hide)
            assert login.request.all_headers().get("origin") == ("null" if hide else site)
            assert CROSS_SITE in login.text()
            assert ctx.cookies() == []                   # no host session was opened
            ctx.close()

            host = browser.new_context()
            own = host.new_page()
            own.goto(f"{server}/host?key={host_key}")     # the host's own session, in this browser
            own.locator("#start-form").wait_for()
            own.close()
            ending = f"{server}/api/tables/{table}/end"
            page = attack_page(ending, {'{"x":"': '"}'}, hide, "text/plain")
            ended = submitted_from(host, site, page, ending)
            assert ended.status == 403, (site, hide)
            assert service.public(table)["ended"] is False
            host.close()
