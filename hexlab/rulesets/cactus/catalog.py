"""Cactus Air Force Ground Combat's clause ids (from ../shared/rules/cactus_ground.toml)."""

from pathlib import Path

from ..catalog import clause_ids

CLAUSES = clause_ids(Path(__file__).parent)
