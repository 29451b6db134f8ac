"""Cadet Commander's clause ids (from ../shared/rules/cadet_commander.toml)."""

from pathlib import Path

from ..catalog import clause_ids

CLAUSES = clause_ids(Path(__file__).parent)
