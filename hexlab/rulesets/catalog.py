"""The rule clause ids each ruleset may cite, shipped with the package.

The team's rule catalogs live in ``../shared/rules/*.toml``; each ruleset package carries the list of
its catalog's clause ids (``clauses.txt``) so the engine can check at import that every step and event
cites a real clause, without the catalog beside it. ``tests/test_catalogs.py`` keeps the lists equal to
the catalogs.
"""

from __future__ import annotations

from pathlib import Path


def clause_ids(package_dir: str | Path) -> frozenset[str]:
    text = (Path(package_dir) / "clauses.txt").read_text(encoding="utf-8")
    return frozenset(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))
