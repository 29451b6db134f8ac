"""The rules reference in the package equals the team's catalogs, covers every clause a ruleset cites, and
``hexlab rules`` prints it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hexlab import reference, rulesets

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "rules"


@pytest.mark.parametrize(("ruleset_id", "catalog"), sorted(reference.CATALOGS.items()))
def test_the_shipped_reference_is_the_catalog_as_it_is(ruleset_id, catalog):
    shipped = reference.HERE / catalog
    assert shipped.read_bytes() == (SHARED / catalog).read_bytes(), f"copy {SHARED / catalog} to {shipped}"


@pytest.mark.parametrize("ruleset_id", sorted(reference.CATALOGS))
def test_every_clause_a_ruleset_may_cite_has_its_rule(ruleset_id):
    ref = reference.load(ruleset_id)
    cited = rulesets.get(ruleset_id).known_clauses()
    assert cited <= set(ref.clauses)
    assert all(ref.clauses[c].rule and ref.clauses[c].section for c in cited)


def test_our_values_are_marked_illustrative():
    ref = reference.load("cadet")
    ours = [c for c in ref.clauses.values() if c.illustrative]
    assert ours and all(c.notes.startswith("not in source") for c in ours)
    assert ours[0].text().endswith("the source does not give it.)")
    board = ref.clauses["cc.setup.board.grid"]
    assert board.illustrative and not ref.clauses["cc.outline.band.control"].illustrative


def _hexlab(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "hexlab.cli", *args], capture_output=True, text=True)


def test_hexlab_rules_prints_one_clause_a_search_and_a_whole_reference():
    one = _hexlab("rules", "cadet", "cc.setup.board.grid")
    assert one.returncode == 0 and "cc.setup.board.grid" in one.stdout and "illustrative" in one.stdout
    assert "The Play Area" in one.stdout
    words = _hexlab("rules", "memoir44", "forest")
    assert words.returncode == 0 and "m44.terrain.forest" in words.stdout
    whole = _hexlab("rules", "cactus")
    assert whole.returncode == 0 and whole.stdout.count("caf.") >= len(reference.load("cactus").clauses)


def test_hexlab_rules_says_clearly_when_nothing_matches():
    none = _hexlab("rules", "cadet", "zeppelin")
    assert none.returncode == 2 and "no clause" in none.stderr and "Traceback" not in none.stderr
    bad = _hexlab("rules", "chess")
    assert bad.returncode == 2 and "no rules reference" in bad.stderr and "Traceback" not in bad.stderr


@pytest.mark.parametrize("ruleset_id", sorted(reference.CATALOGS))
def test_the_notebook_reference_holds_every_rule_once_grouped_by_the_sequence(ruleset_id):
    groups = reference.by_sequence(ruleset_id)
    ids = [c.id for _, clauses in groups for c in clauses]
    assert sorted(ids) == sorted(reference.load(ruleset_id).clauses) and len(ids) == len(set(ids))
    phases = [p.title for p in rulesets.get(ruleset_id).sequence.phases]
    assert groups[0][0].startswith(phases[0])
    page = reference.html(ruleset_id)
    assert page.count("<details>") == len(groups) and "(illustrative)" in page
