"""War at Sea troop landings: exact odds through the engine's own combat functions, the command line, the odds panel,
and the whole-island chain against a seeded Monte Carlo of the engine's infantry combat."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest

import hexlab
from hexlab.dice import Rng
from hexlab.engine import Unit
from hexlab.rulesets.warsea.combat import infantry_round
from hexlab.rulesets.warsea.odds import gunnery_report, infantry_report, island_chain, island_report


def _odds(*args: str) -> dict:
    out = subprocess.run([sys.executable, "-m", "hexlab.cli", "odds", "warsea", *args, "--json"], capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout)


@pytest.mark.rule("was.combat.troop.hard_to_kill", "was.combat.bombard_shore_support_bonus",
                  "was.combat.base_attack_dice_default")
def test_gunnery_odds_against_a_troop_counter():
    r = _odds("--gunnery", "3", "--bombard")
    assert r["dice"] == 5 and r["target"]["kind"] == "troop"
    assert sum(Fraction(o["p"]) for o in r["outcomes"]) == 1
    assert Fraction(r["p_sink"]) == 0 and Fraction(r["p_damage"]) > 0
    assert any("never destroy an undamaged troop" in n for n in r["notes"])
    one = gunnery_report(1)
    assert Fraction(one["p_damage"]) == 0  # one die scores at most 2 successes, under Armour 5
    ship = gunnery_report(4, armour=3, vital=6)
    assert Fraction(ship["p_sink"]) == Fraction(ship["p_damage"])  # one hull point: damage sinks


@pytest.mark.rule("was.combat.troop.one_die_per_counter", "was.combat.troop.simultaneous_removal")
def test_one_round_of_infantry_combat():
    r = _odds("--infantry", "1", "--defenders", "1")
    got = {(o["attacker_losses"], o["defender_losses"]): Fraction(o["p"]) for o in r["outcomes"]}
    third = Fraction(1, 3)
    assert got == {(0, 0): (1 - third) ** 2, (0, 1): third * (1 - third), (1, 0): third * (1 - third),
                   (1, 1): third * third}
    assert infantry_report(2, 1)["outcomes"][0]["p"]


@pytest.mark.rule("was.combat.troop.contested_continues", "was.combat.troop.control_if_sole_survivor")
def test_the_whole_island_chain_adds_up_and_agrees_with_the_engine():
    r = _odds("--island", "2", "1")
    total = Fraction(r["p_attackers_hold"]) + Fraction(r["p_defenders_hold"]) + Fraction(r["p_mutual_destruction"])
    assert total == 1 and Fraction(r["expected_turns"]) > 1
    win, lose, both, turns = island_chain(1, 1)
    assert win == lose == Fraction(2, 5) and both == Fraction(1, 5) and turns == Fraction(9, 5)
    assert island_report(3, 2)["p_attackers_hold"] == r_str(island_chain(3, 2)[0])
    # a seeded Monte Carlo of the engine's own infantry combat: 2 troops against 1 on Lunga Point, nothing else
    games, wins, turns_sum = 120, 0, 0
    for seed in range(games):
        game = hexlab.load("warsea/tokyo_express", seed=seed)
        for uid in ("DT1", "DT2", "DD1", "BB1", "CL1", "DD2", "APD", "VB1", "VB2"):
            game.state.units[uid].strength = 0
        game.state.units["JX"] = Unit("JX", "Japan", "troop", "D6", 2, 2)
        rounds = 0
        while game.state.units["JX"].alive and any(game.state.units[m].alive for m in ("M1", "M2")):
            step = game.current_step
            if game.state.position == "infantry.roll":
                rounds += 1
            if step.kind == "decision":
                game.apply(next(iter(game.legal_actions())))
            else:
                game.step()
        wins += any(game.state.units[m].alive for m in ("M1", "M2"))
        turns_sum += rounds
    p = island_chain(2, 1)[0]  # the Marines are the "attackers" here: 2 against 1
    sd = (float(p) * (1 - float(p)) / games) ** 0.5
    assert abs(wins / games - float(p)) < 4 * sd + 0.01


def r_str(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def test_infantry_round_is_the_engine_function():
    assert infantry_round((5, 1), (6,)) == (1, 1)
    assert infantry_round((1, 2), (4,)) == (0, 0)
    rng = Rng(3)
    faces = rng.roll_many(hexlab.dice.D6, 4)
    assert 0 <= infantry_round(faces, faces[:1])[0] <= 4


@pytest.mark.rule("was.base.attack_on_ships_default")
def test_the_odds_panel_reports_the_declared_attack():
    game = hexlab.load("warsea/tokyo_express", seed=1)
    game.state.units["BB1"].at = "D5"
    report = game.rules.odds(game.state, "BB1", "M1")
    assert report is not None and "8 dice" in report.title  # gunnery 6 at range 1, +2 Bombard
    assert report.summary["destroyed"] == 0 and sum(p for _, p in report.outcomes) == 1
    assert game.rules.odds(game.state, "M1", "BB1") is None
