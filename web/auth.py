"""Who is asking: seat tokens (cookie or Bearer) and the host key (header or cookie)."""

from __future__ import annotations

import hmac
from typing import cast

from flask import current_app, request

from web.service import TableService, Unauthorized

HOST_COOKIE = "host_key"


def service() -> TableService:
    return cast(TableService, current_app.extensions["table_service"])


def seat_cookie(table: str) -> str:
    return f"seat_{table}"


def bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    return None


def seat_token(table: str) -> str | None:
    """The token this request carries for ``table``: Bearer first, then the seat cookie."""
    return bearer() or request.cookies.get(seat_cookie(table)) or None


def host_key_given() -> str | None:
    return request.headers.get("X-Host-Key") or request.cookies.get(HOST_COOKIE) or None


def is_host_key(key: str | None) -> bool:
    if not key:
        return False
    extra = current_app.config.get("HOST_KEY")
    if extra and hmac.compare_digest(str(extra).encode(), key.encode()):
        return True
    return bool(service().check_host_key(key))


def is_host() -> bool:
    return is_host_key(host_key_given())


def require_host() -> None:
    key = host_key_given()
    if key is None:
        raise Unauthorized("Only the host can do this: the host key is missing.")
    if not is_host_key(key):
        raise Unauthorized("That host key is not right.")


def require_seat(table: str) -> int:
    """The seat this request holds at ``table`` (401 without a valid token)."""
    token = seat_token(table)
    if token is None:
        raise Unauthorized("Claim a seat first: this phone has no seat at this table.")
    return service().seat_of(table, token)


__all__ = [
    "HOST_COOKIE",
    "bearer",
    "host_key_given",
    "is_host",
    "is_host_key",
    "require_host",
    "require_seat",
    "seat_cookie",
    "seat_token",
    "service",
]
