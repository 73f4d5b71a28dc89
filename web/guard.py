"""Changes come only from the companion's own pages: no cross-site request is obeyed.

The seat and host cookies are ``SameSite=Lax``, but another service on the Pi (another port,
same address) counts as the same site for SameSite, and a page elsewhere can still send a
``text/plain`` POST that needs no preflight. So every state-changing request (any method but
GET, HEAD and OPTIONS), whatever cookie or key it carries:

- with an ``Origin`` header, must come from one of the companion's own addresses: the address
  the browser used to reach it (its IP address, ``companion.local``, ``localhost``, the Pi's
  name) or the configured ``PUBLIC_URL`` (a reverse proxy);
- with ``Origin: null`` (a sandboxed frame, a ``file:`` page, a redirect through another site,
  or a page of ours under a browser that hides every origin), a browser's ``Sec-Fetch-Site``
  must say ``same-origin``: the browser sets that header itself, counts every address the
  request passed through, and no page can write it;
- without ``Origin``, a browser's ``Sec-Fetch-Site`` must be ``same-origin`` or ``none``
  (``same-site`` is exactly the other port on the Pi);
- under ``/api``, a body must be ``application/json`` (which a cross-site page cannot send
  without a preflight the companion never grants).

A request with neither header is not a browser's cross-site request (a script, a test, the
hardware tools) and goes on to the usual key and token checks. Refusals: 403 for another
site, 415 for a body that is not JSON, each with a sentence.
"""

from __future__ import annotations

import ipaddress
import socket
from functools import cache
from urllib.parse import urlsplit

from flask import Flask, current_app, request

from web.service import ServiceError

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
OWN_SITE_FETCHES = frozenset({"same-origin", "none"})
DEFAULT_PORTS = {"http": 80, "https": 443}


class CrossSite(ServiceError):
    """A change sent by a page of another site (or another port on the Pi)."""

    status = 403


class NotJSON(ServiceError):
    status = 415


@cache
def _machine_names() -> frozenset[str]:
    name = socket.gethostname().lower()
    return frozenset({"localhost", name, f"{name}.local", "companion.local"})


def own_host(host: str) -> bool:
    """A name or address that can only be this machine for a browser on the table's network:
    an IP address (the browser connected to it and reached us), ``localhost``, an mDNS ``.local``
    name or the Pi's own name. Any other name could be a DNS-rebinding trick.

    >>> own_host("192.168.4.1"), own_host("companion.local"), own_host("evil.example")
    (True, True, False)
    """
    host = host.lower().rstrip(".")
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return host in _machine_names() or host.endswith(".local")


def _origin_parts(url: str) -> tuple[str, str, int] | None:
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return parts.scheme, parts.hostname.lower(), port or DEFAULT_PORTS[parts.scheme]


def origin_allowed(origin: str, host_header: str, public_url: str | None) -> bool:
    """Whether a page at ``origin`` is one of the companion's own.

    >>> origin_allowed("http://192.168.4.1:8080", "192.168.4.1:8080", None)
    True
    >>> origin_allowed("http://companion.local:8080", "companion.local:8080", None)
    True
    >>> origin_allowed("http://192.168.4.1:9000", "192.168.4.1:8080", None)  # another service on the Pi
    False
    >>> origin_allowed("http://evil.example", "192.168.4.1:8080", None)
    False
    >>> origin_allowed("https://games.example.org", "127.0.0.1:8080", "https://games.example.org/")
    True
    >>> origin_allowed("null", "192.168.4.1:8080", None)
    False
    """
    given = _origin_parts(origin)
    if given is None:
        return False
    if public_url and given == _origin_parts(public_url):
        return True
    scheme, name, _port = given
    asked = _origin_parts(f"{scheme}://{host_header}")   # the Host header, as the browser sent it
    return asked == given and own_host(name)


def check_request() -> None:
    """Refuse a state-changing request from another site, or with a body that is not JSON."""
    if request.method in SAFE_METHODS:
        return
    origin = request.headers.get("Origin")
    refused = CrossSite("This request came from another site; the companion only takes changes "
                        "from its own pages.")
    fetched = request.headers.get("Sec-Fetch-Site")
    if origin == "null":
        if (fetched or "").lower() != "same-origin":
            raise refused
    elif origin is not None:
        if not origin_allowed(origin, request.host, current_app.config.get("PUBLIC_URL")):
            raise refused
    elif (fetched or "none").lower() not in OWN_SITE_FETCHES:
        raise refused
    has_body = bool(request.content_length) or "Transfer-Encoding" in request.headers
    if has_body and request.path.startswith("/api/") and request.mimetype != "application/json":
        raise NotJSON("Send the request as JSON (Content-Type: application/json).")


def init_app(app: Flask) -> None:
    app.before_request(check_request)


__all__ = ["CrossSite", "NotJSON", "check_request", "init_app", "origin_allowed", "own_host"]
