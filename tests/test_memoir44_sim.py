"""Memoir '44: random games played through the engine with every step checked (undo/redo, saves, JSON
round trips, no stalls, refusals leave the state untouched, the ruleset's invariants)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexlab.testing import random_sim_test

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios" / "memoir44"
WANTED = ["drill_basic", "tenaru", "normandy"]
PRESENT = [name for name in WANTED if (SCENARIOS / f"{name}.toml").exists()]


@pytest.mark.rule("m44.stack.one_unit_per_hex", "m44.victory.medal.last_figure", "m44.resolve.hit.figure_removal")
@pytest.mark.parametrize("name", PRESENT)
def test_random_games(name):
    report = random_sim_test(f"memoir44/{name}", games=2, seed=0, max_steps=20000, save_every=500)
    assert report.games == 2
