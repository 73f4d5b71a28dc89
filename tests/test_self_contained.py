"""The repository stands on its own: a person who clones it has no folder beside it, so no file
names a path outside the repository (a build machine's absolute path, a sibling folder)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE = re.compile(r"/work/|\.\./shared|\bshared/rules\b|\brules/[\w-]+\.(?:notes\.md|nl\.txt|de\.txt)")


def test_no_tracked_file_names_a_path_outside_the_repository() -> None:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    files = [ROOT / name for name in listed.stdout.splitlines()
             if name.endswith((".py", ".md", ".json", ".toml", ".js", ".html", ".sh", ".service", ".css"))]
    assert len(files) > 100
    offenders = [f"{p.relative_to(ROOT)}:{n}: {line.strip()[:80]}"
                 for p in files if p.name != "test_self_contained.py"
                 for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
                 if OUTSIDE.search(line)]
    assert offenders == []


def test_the_docs_carry_every_games_data_notes_and_the_fixed_contracts() -> None:
    import engines
    assert (ROOT / "docs" / "architecture.md").is_file()
    shipped = [g.id for g in engines.GAMES.values() if type(g).__module__.startswith("engines.")]
    assert len(shipped) >= 3
    for game in shipped:
        notes = ROOT / "docs" / "data" / f"{game}.md"
        assert notes.is_file(), f"docs/data/{game}.md is missing"
        assert "Confidence" in notes.read_text(encoding="utf-8")
        page = (ROOT / "docs" / f"{game}.md").read_text(encoding="utf-8")
        assert f"data/{game}.md" in page, f"docs/{game}.md does not point at its data notes"
