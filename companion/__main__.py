"""The ``companion`` command: ``python -m companion`` and the installed ``companion`` script both
start here, before anything else is imported.

The companion serves plain HTTP on the table's own network and never opens a TLS connection, so
the process does without OpenSSL: :data:`WITHOUT` is marked as missing in ``sys.modules``, which
makes importing it fail at once, as on a Python built without OpenSSL. The libraries that use it
when it is there do without it (``http.client``, Werkzeug's development server), and ``hashlib``
and ``hmac`` take Python's own SHA-2 and BLAKE2 (the seat tokens' and the story's hashes are the
same digests). Loading OpenSSL 3 cost the server 4.7 MB of its 51 (docs/web.md, "Performance").
A module already imported (a test process that imported ``ssl``) is left as it is.
"""

from __future__ import annotations

import sys
from typing import Any, cast

WITHOUT = ("ssl", "_ssl", "_hashlib")
"""OpenSSL's Python modules: TLS and OpenSSL's hashes."""


def main() -> int:
    modules = cast(dict[str, Any], sys.modules)   # None: "not available" (the import system's own marker)
    for name in WITHOUT:
        modules.setdefault(name, None)
    from companion.cli import main as command

    return command()


if __name__ == "__main__":
    raise SystemExit(main())
