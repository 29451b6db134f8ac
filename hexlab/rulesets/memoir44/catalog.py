"""Memoir '44's clause ids (from ../shared/rules/memoir44.toml)."""

from pathlib import Path

from ..catalog import clause_ids

CLAUSES = clause_ids(Path(__file__).parent)
