"""The locked dependencies in ``requirements/``: checked, stamped, and cut to one machine.

Three locks, each a pip requirements file with exact versions and hashes, written by uv
(``uv pip compile --universal --generate-hashes``) through ``./setup.sh lock`` or
``./setup.sh upgrade``:

- ``run.txt``: what ``./setup.sh run`` and ``sudo ./setup.sh install`` (off a Pi) install;
- ``pi.txt``: the same and the ``pi`` extra (rpi-lgpio, lgpio), for ``sudo ./setup.sh install`` on a Pi;
- ``dev.txt``: the same as run and the ``dev`` extra, for ``./setup.sh test``.

Each starts with two stamps this script writes: ``inputs`` (a digest of what pyproject.toml and
requirements/tools.in ask for that lock), so a dependency added or a range changed without
re-locking is caught, and ``body`` (a digest of the rest of the file), so a lock edited by hand is
caught before pip sees it. pip's ``--require-hashes`` then refuses any file whose hash differs.

Where PyPI has no wheel of a locked package for a Pi's platform, ``requirements/apt.toml`` names
the apt package that stands in for it; ``setup.sh`` installs that and leaves the package out of
pip's install. Nothing is built from source on a Pi.

Runs with the system's Python 3.11 or newer and the standard library only (``setup.sh`` calls it
before any virtual environment exists); ``installed`` and ``for-platform`` decide environment
markers with ``packaging`` (pip's own copy where the venv has no other).

    python3 tools/lock.py check                  every lock present, unedited and agreeing with pyproject.toml
    python3 tools/lock.py stamp NAME FILE        turn uv's output FILE into requirements/NAME.txt
    python3 tools/lock.py here NAME              the lock for this machine: apt's stand-ins left out
    python3 tools/lock.py apt NAME               the apt packages this machine needs for that lock
    python3 tools/lock.py only NAME PKG...       just those packages' entries (uv, before an upgrade)
    python3 tools/lock.py changes OLD NEW        which versions an upgrade moved
    python3 tools/lock.py installed NAME         (with the venv's python) the venv holds the lock exactly
    python3 tools/lock.py for-platform NAME PLATFORM   the lock for a Pi platform (see PLATFORMS)
"""

from __future__ import annotations

import hashlib
import platform
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCKS = ROOT / "requirements"
NAMES = ("run", "pi", "dev")
EXTRAS = {"run": (), "pi": ("pi",), "dev": ("dev",)}
UPGRADE = "./setup.sh upgrade"
RELOCK = "./setup.sh lock"
HEADER = ("# Table Companion's locked dependencies ({name}): exact versions and their hashes.\n"
          "# Written by `{relock}` (keeps every version it can) or `{upgrade}` (the newest within\n"
          "# pyproject.toml's ranges, then the whole suite); never edit it by hand.\n")

# The Pis the lock must install on, as pip's environment markers and wheel tags see them.
PLATFORMS: dict[str, dict[str, str]] = {
    "bookworm-arm64": {"machine": "aarch64", "python": "3.11", "glibc": "2.36"},
    "trixie-arm64": {"machine": "aarch64", "python": "3.13", "glibc": "2.41"},
    "bookworm-armhf": {"machine": "armv7l", "python": "3.11", "glibc": "2.36"},
    "trixie-armhf": {"machine": "armv7l", "python": "3.13", "glibc": "2.41"},
}


@dataclass(frozen=True)
class Entry:
    """One locked package: its name as pip normalises it, its version, its marker and its lines."""
    name: str
    version: str
    marker: str
    text: str


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def inputs(name: str, root: Path = ROOT) -> str:
    """What lock ``name`` is made from, one requirement a line: pyproject's requires-python,
    dependencies and extras for that lock, the build system's requirements, and tools.in."""
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    lines = [f"python {project['project']['requires-python']}"]
    lines += project["project"]["dependencies"]
    for extra in EXTRAS[name]:
        lines += [f"[{extra}] {req}" for req in project["project"]["optional-dependencies"][extra]]
    lines += [f"[build] {req}" for req in project["build-system"]["requires"]]
    tools = (root / "requirements" / "tools.in").read_text(encoding="utf-8").splitlines()
    lines += [f"[tools] {line.strip()}" for line in tools if line.strip() and not line.startswith("#")]
    return "\n".join(" ".join(line.split()) for line in lines) + "\n"


def stamped(name: str, body: str, root: Path = ROOT) -> str:
    head = HEADER.format(name=name, relock=RELOCK, upgrade=UPGRADE)
    return f"{head}# inputs: {digest(inputs(name, root))}\n# body: {digest(body)}\n{body}"


def split(text: str) -> tuple[dict[str, str], str]:
    """The stamps and the body of a lock file."""
    stamps: dict[str, str] = {}
    lines = text.splitlines(keepends=True)
    at = 0
    while at < len(lines) and lines[at].startswith("#"):
        found = re.match(r"# (inputs|body): ([0-9a-f]{64})$", lines[at].strip())
        if found:
            stamps[found[1]] = found[2]
        at += 1
    return stamps, "".join(lines[at:])


def entries(body: str) -> list[Entry]:
    """The body's requirements, each with its continuation lines (hashes, 'via' comments)."""
    found: list[Entry] = []
    block: list[str] = []

    def close() -> None:
        if block:
            head = block[0].rstrip(" \\\n")
            spec, _, marker = head.partition(";")
            name, _, version = spec.strip().partition("==")
            found.append(Entry(normal(name), version.strip(), marker.strip(), "".join(block)))
            block.clear()
    for line in body.splitlines(keepends=True):
        if line[:1].isalnum():
            close()
        if block or line[:1].isalnum():
            block.append(line)
    close()
    return found


def problems(root: Path = ROOT) -> list[str]:
    """Every reason not to install from the locks, each a sentence saying what to run."""
    found: list[str] = []
    for name in NAMES:
        path = root / "requirements" / f"{name}.txt"
        if not path.is_file():
            found.append(f"requirements/{name}.txt is missing: restore it with `git checkout requirements/`, "
                         f"or make it with `{RELOCK}`.")
            continue
        stamps, body = split(path.read_text(encoding="utf-8"))
        if stamps.get("body") != digest(body):
            found.append(f"requirements/{name}.txt was changed by hand since it was locked: restore it with "
                         f"`git checkout requirements/{name}.txt`, or lock again with `{RELOCK}`.")
        elif stamps.get("inputs") != digest(inputs(name, root)):
            found.append(f"pyproject.toml's dependencies changed since requirements/{name}.txt was locked: "
                         f"run `{RELOCK}` (or `{UPGRADE}` to move every version), then commit requirements/.")
        else:
            loose = [e.name for e in entries(body) if not e.version or "--hash=sha256:" not in e.text]
            if loose:
                found.append(f"requirements/{name}.txt has packages without an exact version and a hash "
                             f"({', '.join(loose)}): lock again with `{RELOCK}`.")
    return found


def apt_table(root: Path = ROOT) -> dict[str, dict[str, object]]:
    return tomllib.loads((root / "requirements" / "apt.toml").read_text(encoding="utf-8"))


def this_platform() -> str:
    return f"{platform.machine()}-cp{sys.version_info.major}{sys.version_info.minor}"


def platform_key(name: str) -> str:
    spec = PLATFORMS[name]
    return f"{spec['machine']}-cp{spec['python'].replace('.', '')}"


def stand_ins(where: str, root: Path = ROOT) -> dict[str, str]:
    """{locked package: apt package} for a platform key such as 'armv7l-cp311'."""
    return {normal(pkg): str(rule["apt"]) for pkg, rule in apt_table(root).items()
            if isinstance(rule["platforms"], list) and where in rule["platforms"]}


def read(name: str, root: Path = ROOT) -> list[Entry]:
    return entries(split((root / "requirements" / f"{name}.txt").read_text(encoding="utf-8"))[1])


def here(name: str, where: str, root: Path = ROOT) -> str:
    """The lock without the packages apt stands in for on this platform."""
    skip = stand_ins(where, root)
    return "".join(e.text for e in read(name, root) if e.name not in skip)


def apt(name: str, where: str, root: Path = ROOT) -> list[str]:
    """The apt packages a platform needs for lock ``name``: those standing in for its packages
    (only for packages the lock really installs there: lgpio's marker keeps it off x86_64)."""
    table = stand_ins(where, root)
    return sorted({table[e.name] for e in read(name, root) if e.name in table})


def changes(old: list[Entry], new: list[Entry]) -> list[str]:
    """What an upgrade moved, a line a package: 'flask 3.1.2 -> 3.1.3', '+ new 1.0', '- gone 2.0'."""
    before = {e.name: e.version for e in old}
    after = {e.name: e.version for e in new}
    lines = [f"{n} {before[n]} -> {after[n]}" for n in sorted(before.keys() & after.keys())
             if before[n] != after[n]]
    lines += [f"+ {n} {after[n]}" for n in sorted(after.keys() - before.keys())]
    lines += [f"- {n} {before[n]}" for n in sorted(before.keys() - after.keys())]
    return lines


def installed_mismatches(name: str, root: Path = ROOT) -> list[str]:
    """Run by the venv's own python: each locked package that Python would import at another
    version or not at all, and each package in the venv's own folder that the lock does not hold.
    (A venv that sees the system's packages may take a locked package from there at the same
    version; apt's stand-ins are the system's by design and not compared.)"""
    import importlib.metadata
    import site
    own = {Path(p).resolve() for p in site.getsitepackages()}
    seen: dict[str, str] = {}
    extra: list[str] = []
    for dist in importlib.metadata.distributions():   # in sys.path order: the first is imported
        n = normal(dist.metadata["Name"])
        seen.setdefault(n, dist.version)
        if Path(str(dist.locate_file(""))).resolve() in own:
            extra.append(n)
    want = {e.name: e.version for e in entries(here(name, this_platform(), root)) if applies(e)}
    found = [f"{n} {seen[n]} is installed but the lock says {want[n]}"
             for n in sorted(want.keys() & seen.keys()) if want[n] != seen[n]]
    found += [f"{n} {want[n]} is in the lock but not installed" for n in sorted(want.keys() - seen.keys())]
    # One venv serves run and test: dev's packages beside run's are expected, any other is not.
    known = {e.name: e.version for lock in NAMES for e in read(lock, root)}
    found += [f"{n} {seen[n]} is installed but in no lock" for n in sorted(set(extra) - known.keys())
              if n != "table-companion"]
    found += [f"{n} {seen[n]} is installed but the locks say {known[n]}" for n in sorted(set(extra))
              if n in known and n not in want and known[n] != seen[n]]
    return found


def applies(entry: Entry, environment: dict[str, str] | None = None) -> bool:
    if not entry.marker:
        return True
    try:
        from packaging.markers import Marker
    except ImportError:   # the run venv has no packaging of its own; pip carries one in every venv
        from pip._vendor.packaging.markers import Marker
    return bool(Marker(entry.marker).evaluate(environment))


def for_platform(name: str, where: str, root: Path = ROOT) -> str:
    """The lock as a Pi of that platform installs it: markers decided, apt's stand-ins left out."""
    spec = PLATFORMS[where]
    environment = {"platform_machine": spec["machine"], "sys_platform": "linux", "os_name": "posix",
                   "platform_system": "Linux", "python_version": spec["python"],
                   "python_full_version": spec["python"] + ".0", "implementation_name": "cpython",
                   "platform_python_implementation": "CPython"}
    skip = stand_ins(platform_key(where), root)
    kept = [e for e in read(name, root) if e.name not in skip and applies(e, environment)]
    return "".join(e.text.replace(f" ; {e.marker}", "", 1) if e.marker else e.text for e in kept)


def main(argv: list[str]) -> int:
    command, *args = argv or ["check"]
    if command == "check":
        found = problems()
        for line in found:
            print(line, file=sys.stderr)
        return 1 if found else 0
    if command == "stamp":
        name, source = args
        body = split(Path(source).read_text(encoding="utf-8"))[1]
        (LOCKS / f"{name}.txt").write_text(stamped(name, body), encoding="utf-8")
        return 0
    if command == "here":
        sys.stdout.write(here(args[0], this_platform()))
        return 0
    if command == "only":
        sys.stdout.write("".join(e.text for e in read(args[0]) if e.name in {normal(a) for a in args[1:]}))
        return 0
    if command == "apt":
        print(" ".join(apt(args[0], this_platform())))
        return 0
    if command == "changes":
        old, new = (entries(split(Path(p).read_text(encoding="utf-8"))[1]) for p in args)
        print("\n".join(changes(old, new)) or "no version changed")
        return 0
    if command == "installed":
        found = installed_mismatches(args[0])
        for line in found:
            print(line, file=sys.stderr)
        return 1 if found else 0
    if command == "for-platform":
        sys.stdout.write(for_platform(args[0], args[1]))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
