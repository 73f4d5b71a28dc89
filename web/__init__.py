"""The web app: phone pages, the table screen, the host page, the JSON API and SSE.

Built the Flask-tutorial way: :func:`create_app` takes the table service (the
companion, or a test double) and registers one blueprint per concern. ``web``
never imports ``companion`` or ``hardware``; everything it needs comes in
through ``service`` (see :mod:`web.service`).

Serve it with waitress (one process, a thread per open stream)::

    from waitress import serve
    serve(create_app(service), host="0.0.0.0", port=8000, threads=24)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask

from web.service import TableService


def create_app(service: TableService, *, host_key: str | None = None,
               wifi: Mapping[str, Any] | None = None, public_url: str | None = None,
               config: Mapping[str, Any] | None = None) -> Flask:
    """The Flask app for one table service.

    ``host_key``: an extra key the host may use besides the service's own check
    (``service.check_host_key`` decides otherwise). ``wifi``: ``{"ssid",
    "password", "security"}`` for the Wi-Fi QR code. ``public_url``: the base
    URL phones should use (``http://192.168.4.1:8000``); by default the Pi's
    LAN address and the port the request came in on.
    """
    from web import (
        api,
        apidoc,
        boards,
        errors,
        evening,
        guard,
        host,
        i18n,
        phone,
        profiles,
        qr,
        rules,
        stream,
        table,
    )

    app = Flask(__name__)
    app.config.update(
        HOST_KEY=host_key,
        WIFI=dict(wifi) if wifi else None,
        PUBLIC_URL=public_url.rstrip("/") if public_url else None,
        SSE_KEEPALIVE=15.0,      # seconds between keep-alives (proxies and radios drop quiet streams)
        SSE_RETRY_MS=3000,       # the browser's reconnect delay
        SSE_MAX_SECONDS=None,    # close a stream after this long (tests); None = until the client leaves
        MAX_CONTENT_LENGTH=64 * 1024,
    )
    if config:
        app.config.update(config)
    app.extensions["table_service"] = service

    errors.register(app)
    guard.init_app(app)
    i18n.init_app(app)
    for bp in (api.bp, boards.bp, profiles.bp, stream.bp, apidoc.bp, qr.bp, phone.bp, table.bp, host.bp,
               evening.bp, rules.bp):
        app.register_blueprint(bp)
    return app


__all__ = ["create_app"]
