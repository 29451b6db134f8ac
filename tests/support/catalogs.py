"""Where the team's rule catalogs are (``../shared/rules``, beside this checkout), which the shipped copies in
``hexlab/reference`` must equal. Which file is each ruleset's is said in one place only, the table
:data:`hexlab.reference.CATALOGS`; the tests read it through here."""

from __future__ import annotations

from pathlib import Path

from hexlab.reference import CATALOGS

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "rules"
"""The team's catalogs, when ``../shared`` is beside this checkout (a clone without it skips the comparisons)."""


def team_catalog(ruleset_id: str) -> Path:
    """The team's catalog of a ruleset (it may be absent: see :data:`SHARED`)."""
    return SHARED / CATALOGS[ruleset_id]


__all__ = ["CATALOGS", "SHARED", "team_catalog"]
