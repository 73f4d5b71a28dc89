"""Where phones reach this app: the join address (an IP address, never ``.local``).

Phones never type a URL. The join code holds ``http://<the Pi's LAN IP>:<port>/play/<table>``
because older Android phones do not resolve ``.local`` names. The LAN address
is found by "connecting" a UDP socket towards a private address, which sends
nothing, and asking which local address the kernel chose.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from flask import current_app, request, url_for


def lan_ip() -> str:
    """This machine's address on the local network; 127.0.0.1 when there is none.

    >>> import ipaddress; ipaddress.ip_address(lan_ip()).version
    4
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))  # UDP connect: picks a route, sends no packet
        address = str(probe.getsockname()[0])
    except OSError:
        address = "127.0.0.1"
    finally:
        probe.close()
    return address if address != "0.0.0.0" else "127.0.0.1"


def _is_loopback_or_name(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return True  # a name (".local", "localhost"): phones may not resolve it


def base_url() -> str:
    """Where phones reach this app: the configured URL, else an IP address (never ``.local``)."""
    configured = current_app.config.get("PUBLIC_URL")
    if configured:
        return str(configured)
    try:
        parts = urlsplit("//" + request.host)
        name, port = parts.hostname or "", parts.port
    except ValueError:
        name, port = "", None
    if _is_loopback_or_name(name):
        name = lan_ip()
    elif ":" in name:
        name = f"[{name}]"
    scheme = request.scheme
    default_port = {"http": 80, "https": 443}.get(scheme)
    return f"{scheme}://{name}" + (f":{port}" if port and port != default_port else "")


def table_links(table: str) -> dict[str, str]:
    base = base_url()
    return {
        "join_url": base + url_for("phone.play", table=table),
        "table_url": base + url_for("table.screen", table=table),
        "join_qr": url_for("qr.join", table=table),
    }
