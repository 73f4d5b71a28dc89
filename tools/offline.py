"""Run a command with no network but loopback: the companion's promise that it needs nothing from
outside the table, kept by the kernel rather than by hope.

    python -m tools.offline COMMAND [ARG...]
    python -m tools.offline --check          exit status 0 where this machine gives the namespace

The command runs in a network namespace of its own (``unshare -n`` as root, ``unshare -rn``, a
user namespace, otherwise) whose only interface is ``lo``, brought up here: a request to any
other address fails at once ("Network is unreachable"), a name never resolves, and nothing the
command starts can reach past the machine. ``COMPANION_OFFLINE=1`` tells the command and its
children where they are (tests that need the network skip under it, saying so).

Where the kernel or the container refuses a namespace, the exit status is 3 and one sentence says
so; ``setup.sh`` then runs the command as it is and says the run was not offline. Standard library
only (``setup.sh`` runs it with the system's Python before anything is installed, if need be).
"""

from __future__ import annotations

import fcntl
import os
import shutil
import socket
import struct
import subprocess
import sys
from pathlib import Path

INSIDE = "COMPANION_OFFLINE"
NO_NAMESPACE = 3
SIOCGIFFLAGS, SIOCSIFFLAGS, IFF_UP = 0x8913, 0x8914, 0x1


def namespace_command() -> list[str] | None:
    """How this machine makes a loopback-only network namespace, or None where it cannot."""
    unshare = shutil.which("unshare")
    if unshare is None:
        return None
    for how in ([unshare, "-n"], [unshare, "-rn"]):
        try:
            done = subprocess.run([*how, "true"], capture_output=True, timeout=10, check=False)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if done.returncode == 0:
            return how
    return None


def loopback_up() -> None:
    """``ip link set lo up``, without needing ``ip``: the flags of ``lo``, with IFF_UP."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        asked = struct.pack("16sH", b"lo", 0)
        flags = struct.unpack("16sH", fcntl.ioctl(probe, SIOCGIFFLAGS, asked)[:18])[1]
        fcntl.ioctl(probe, SIOCSIFFLAGS, struct.pack("16sH", b"lo", flags | IFF_UP))


def inside(command: list[str]) -> int:
    """In the new namespace: loopback up, nothing else there, then the command in our place."""
    loopback_up()
    others = [name for _, name in socket.if_nameindex() if name != "lo"]
    if others:
        print(f"offline: this namespace has more than loopback ({', '.join(others)})", file=sys.stderr)
        return NO_NAMESPACE
    os.environ[INSIDE] = "1"
    os.execvp(command[0], command)


def main(argv: list[str]) -> int:
    if argv[:1] == ["--inside"]:
        return inside(argv[1:])
    if argv == ["--check"]:
        return 0 if namespace_command() is not None else NO_NAMESPACE
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    how = namespace_command()
    if how is None:
        print("offline: this machine gives no network namespace (unshare -n or -rn is refused)",
              file=sys.stderr)
        return NO_NAMESPACE
    return subprocess.run([*how, sys.executable, str(Path(__file__).resolve()), "--inside", *argv],
                          check=False).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
