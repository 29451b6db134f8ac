"""Shared test set-up: the Skirmish test ruleset and its scenarios, and the ``rule`` marker.

Tests name the rule clauses they check with ``@pytest.mark.rule(<clause id>, ...)``;
``python ../shared/tools/rule_coverage.py`` (from the project root) reports which clauses no test names.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hexlab import scenario

TESTS = Path(__file__).resolve().parent
TEST_SCENARIOS = TESTS / "scenarios"
if TEST_SCENARIOS not in scenario.SCENARIO_DIRS:
    scenario.SCENARIO_DIRS.append(TEST_SCENARIOS)

from tests.support import boxes, landing, skirmish  # noqa: E402,F401  (registers the test rulesets)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rule(*ids): the rule clauses a test checks")


@pytest.fixture
def meadow():
    """A fresh Skirmish game on the test scenario, seed 3."""
    return scenario.load("skirmish/meadow", seed=3)
