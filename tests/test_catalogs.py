"""Each ruleset's shipped clause list matches the team's rule catalog, and the engine cites only known
clauses (steps are checked when a ruleset is defined; events by the random simulations)."""

from __future__ import annotations

import tomllib

import pytest

from hexlab import rulesets
from tests.support.catalogs import CATALOGS, SHARED


@pytest.mark.parametrize(("ruleset_id", "catalog"), sorted(CATALOGS.items()))
def test_shipped_clause_ids_match_the_catalog(ruleset_id, catalog):
    path = SHARED / catalog
    if not path.exists():
        pytest.skip("../shared/rules is not beside this checkout")
    ids = {c["id"] for c in tomllib.loads(path.read_text(encoding="utf-8"))["clause"]}
    cls = rulesets.get(ruleset_id)
    assert cls.known_clauses() == ids


@pytest.mark.parametrize("ruleset_id", sorted(CATALOGS))
def test_every_step_cites_known_clauses(ruleset_id):
    cls = rulesets.get(ruleset_id)
    assert cls.sequence.clause_ids() <= cls.known_clauses()
    assert cls.sequence.unreachable() == []
