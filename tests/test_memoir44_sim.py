"""Memoir '44: random games played through the engine with every step checked (undo/redo, saves, JSON
round trips, no stalls, refusals leave the state untouched, the ruleset's invariants).

Every nation and every badge plays on a scenario of its own (issue 21: a Soviet Counter-Attack under the
Commissar chip could leave the Soviet player with nothing to play, and no random game had a Soviet side
to find it)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from hexlab.rulesets.memoir44.data import BADGES, NATIONS
from hexlab.testing import random_sim_test

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios" / "memoir44"
WANTED = ["drill_basic", "tenaru", "normandy"]
PRESENT = [name for name in WANTED if (SCENARIOS / f"{name}.toml").exists()]
BY_NATION = {"standard": "drill_commissar", "soviet": "drill_commissar", "japan": "drill_pacific",
             "usmc": "drill_pacific", "bcf": "drill_desert", "italy": "drill_desert",
             "french_resistance": "drill_resistance", "special_forces": "drill_resistance",
             "elite_armor": "drill_commissar"}
"""Each nation (and badge) -> the scenario whose random games play it."""


@pytest.mark.rule("m44.stack.one_unit_per_hex", "m44.victory.medal.last_figure", "m44.resolve.hit.figure_removal")
@pytest.mark.parametrize("name", PRESENT)
def test_random_games(name):
    report = random_sim_test(f"memoir44/{name}", games=2, seed=0, max_steps=20000, save_every=500)
    assert report.games == 2


def _plays(name: str) -> set[str]:
    data = tomllib.loads((SCENARIOS / f"{name}.toml").read_text(encoding="utf-8"))
    nations = set(data.get("rules", {}).get("nations", {}).values())
    sides = set(data["scenario"]["sides"])
    if len(nations) < len(sides):
        nations.add("standard")
    return nations | {u.get("attrs", {}).get("badge") for u in data.get("unit", [])} - {None}


def test_every_nation_and_badge_has_a_scenario_that_plays_it():
    assert set(BY_NATION) == set(NATIONS) | set(BADGES)
    for nation, name in BY_NATION.items():
        assert nation in _plays(name), f"{name} does not play {nation}"


@pytest.mark.rule("m44.nation.soviet.commissar.play_from_chip", "m44.nation.soviet.commissar.exceptions",
                  "m44.nation.italy.high_command.floor", "m44.nation.french_resistance.move_range")
@pytest.mark.parametrize("name", sorted(set(BY_NATION.values())))
def test_random_games_for_every_nation(name):
    report = random_sim_test(f"memoir44/{name}", games=3, seed=1, max_steps=20000, save_every=500)
    assert report.games == 3
