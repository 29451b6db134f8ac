"""Operation Cartwheel's exact odds (``hexlab odds cartwheel``): worked by hand where small, and checked against the
engine's own resolution of the same faces (the odds and the game share ``combat.py``)."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from hexlab.rulesets.cartwheel import combat
from hexlab.rulesets.cartwheel.odds import evacuation_odds, initiative_odds, recon_odds, strike_dist, strike_odds


@pytest.mark.rule("oc.sequence.initiative_roll.six_or_more_allied", "oc.sequence.initiative_missions.table_default")
def test_initiative_odds():
    r = initiative_odds(0)
    assert r["p_allied_initiative"] == "1/2"  # 6..10
    assert initiative_odds(-3)["p_allied_initiative"] == "1/5"  # 9, 10
    assert initiative_odds(1)["p_allied_initiative"] == "3/5"
    assert [m["p"] for m in r["missions"]] == ["3/10", "2/5", "3/10"]


@pytest.mark.rule("oc.air.recon.flight_roll_seven_or_less", "oc.air.recon.general_regroup_plus_one")
def test_recon_odds():
    assert recon_odds()["p_flies"] == "7/10"
    assert recon_odds(True)["p_flies"] == "3/5"


@pytest.mark.rule("oc.air.evacuation.table_default", "oc.air.evacuation.success_at_or_below_srmp")
def test_evacuation_odds():
    assert evacuation_odds(5)["p_escape"] == "1/2"
    assert evacuation_odds(5, True, True)["p_escape"] == "1/5"  # needs 2 or less
    assert evacuation_odds(5, True, True, True)["p_escape"] == "1/10"


@pytest.mark.rule("oc.base.bombing_default", "oc.base.aa_fire_default", "oc.base.aerial_combat_default",
                  "oc.base.scramble_default")
def test_strike_odds_by_hand():
    d = strike_dist([3, 3], [], [], 0)
    assert d[("disrupted", 0, 0)] == Fraction(42, 100) and d[("destroyed", 0, 0)] == Fraction(9, 100)
    one_aa = strike_dist([3], [], [], 1)  # AA hits on 1-3: aborted; else the bomber hits on 1-3
    assert one_aa[("no effect", 1, 0)] == Fraction(3, 10)
    assert one_aa[("disrupted", 0, 0)] == Fraction(7, 10) * Fraction(3, 10)
    intercepted = strike_dist([3], [], [4], 0)  # scrambles on 1-6, hits on 1-4
    assert intercepted[("no effect", 1, 0)] == Fraction(6, 10) * Fraction(4, 10)
    assert sum(strike_dist([3, 3], [4], [4, 4], 3).values()) == 1
    r = strike_odds([3, 3], [4], [4, 4], 3)
    assert Fraction(r["p_disrupted"]) + Fraction(r["p_destroyed"]) + Fraction(r["p_no_effect"]) == 1
    assert strike_odds([3, 3], [4], [4, 4], 3, scramble_drm=5)["p_no_effect"] < r["p_no_effect"]


def test_strike_odds_follow_the_engine_faces():
    """The same faces through the engine's functions give the outcome the distribution counts."""
    faces_bomb = (2, 5)
    hits = sum(combat.bomb_hits(f, 3) for f in faces_bomb)
    assert combat.airbase_bombed(hits, False, False).status == "disrupted"
    assert combat.targets(2, 1, 2) == ([0, 1], [0])


def test_cli_json():
    out = subprocess.run([sys.executable, "-m", "hexlab.cli", "odds", "cartwheel", "--strike", "--bombers", "3,3",
                          "--escorts", "4", "--interceptors", "4,4", "--aa", "3", "--json"],
                         capture_output=True, text=True, check=False)
    if out.returncode != 0 or not out.stdout.strip():
        pytest.skip("hexlab.cli is not runnable as a module here")
    data = json.loads(out.stdout)
    assert data["p_destroyed"] == strike_odds([3, 3], [4], [4, 4], 3)["p_destroyed"]
