"""Cactus Air Force Ground Combat: exact odds of one hour against brute force over every roll of real d6s, the
whole-battle Markov chain against a hand-worked case and against the engine's own play (seeded Monte Carlo),
the odds command and the odds panel."""

from __future__ import annotations

import itertools
import json
import math
from collections import Counter
from fractions import Fraction

import pytest

import hexlab
from hexlab.cli import main
from hexlab.dice import D6, through_mixed
from hexlab.engine import HexlabError
from hexlab.odds import OddsReport
from hexlab.rulesets.cactus.combat import GROUND_D6, hour_dist, hour_result
from hexlab.rulesets.cactus.odds import OUTCOMES, battle_odds, hour_outcomes, parse_stack
from hexlab.rulesets.cactus.rules import Banzai, Fight
from tests.support.cactus_boards import CE, GC, JP, US, scenario


def brute_force(a: int, d: int, banzai: bool = False, seaborne: bool = False) -> dict[tuple, Fraction]:
    """Every ordered roll of real d6s, equally likely, through the combat function."""
    rolled = 2 * a if banzai else a
    counts: Counter[tuple] = Counter()
    for faces in itertools.product(range(1, 7), repeat=rolled + d):
        counts[tuple(hour_result(faces[:rolled], faces[rolled:], banzai, seaborne))] += 1
    total = 6 ** (rolled + d)
    return {k: Fraction(n, total) for k, n in sorted(counts.items())}


@pytest.mark.rule("caf.combat.hit_on_six", "caf.combat.defender_five_forces_retreat", "caf.combat.both_sides_roll")
@pytest.mark.parametrize(("a", "d", "banzai", "seaborne"), [
    (1, 1, False, False), (3, 2, False, False), (2, 3, False, True), (1, 2, True, False), (2, 2, True, True),
    (4, 1, False, False),
])
def test_one_hour_matches_brute_force(a, d, banzai, seaborne):
    exact = hour_outcomes(a, d, banzai, seaborne)
    assert exact == brute_force(a, d, banzai, seaborne)
    assert sum(exact.values()) == 1


def test_the_ground_die_gives_the_same_odds_as_a_plain_d6():
    plain = through_mixed([(D6, 4), (D6, 5)], lambda f: hour_result(f[0], f[1]))
    lumped = through_mixed([(GROUND_D6, 4), (GROUND_D6, 5)], lambda f: hour_result(f[0], f[1]))
    assert plain == lumped == hour_dist(4, 5)


def test_the_odds_command_one_hour(capsys):
    assert main(["odds", "cactus", "--attacker-dice", "3", "--defender-dice", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    rows = {(r["attacker_steps_lost"], r["defender_steps_lost"], r["attacker_retreats"]): Fraction(r["p"])
            for r in report["outcomes"]}
    assert rows == brute_force(3, 2)
    assert report["p_defender_loses_a_step"] == "91/216"  # 1 - (5/6)^3
    assert report["p_retreat_result"] == "11/36"  # at least one 5 in two dice
    assert report["rolled"] == {"attacker": 3, "defender": 2}
    assert main(["odds", "cactus", "--attacker-dice", "4", "--defender-dice", "5", "--banzai", "--json"]) == 0
    banzai = json.loads(capsys.readouterr().out)
    assert banzai["rolled"]["attacker"] == 8 and all(r["attacker_steps_lost"] >= 1 for r in banzai["outcomes"])
    assert main(["odds", "cactus", "--attacker-dice", "3", "--defender-dice", "2"]) == 0
    assert "the defender loses a step: 42.1%\n" in capsys.readouterr().out  # percentages by default
    assert main(["odds", "cactus", "--attacker-dice", "3", "--defender-dice", "2", "--exact"]) == 0
    text = capsys.readouterr().out
    assert "the defender loses a step: 42.1% (91/216)" in text
    assert main(["odds", "cactus", "--attacker-dice", "3"]) == 2
    assert "--defender-dice" in capsys.readouterr().err


def test_parsing_stacks():
    assert parse_stack("1mar:2,res") == (("1mar", 2), ("1mar_res", 2))
    assert parse_stack("mar1") == (("1mar", 4),)
    assert parse_stack([("snlf", 3)]) == (("snlf", 3),)
    for bad in ("1mar:5", "tank", "1mar,snlf", "snlf,snlf:1"):
        with pytest.raises(HexlabError):
            parse_stack(bad)


@pytest.mark.rule("caf.combat.occupation.requires_elimination_and_survivor", "caf.combat.retreat_overland_to_start")
def test_a_battle_worked_by_hand():
    """SNLF 1-1 attacks 1Mar Res 2-1 overland. Each hour: the SNLF's die is a 6 with 1/6; the reserve's two dice
    show a 6 with 11/36, a 5 but no 6 with 1/4, neither with 4/9. Nothing happens with (5/6)(4/9) = 10/27."""
    odds = battle_odds("snlf:1", "res:1")
    leave = Fraction(17, 27)
    assert odds.outcomes == {
        "both_eliminated": Fraction(1, 6) * Fraction(11, 36) / leave,
        "attacker_eliminated": Fraction(5, 6) * Fraction(11, 36) / leave,
        "attacker_retreats": Fraction(1, 4) / leave,
        "defender_eliminated": Fraction(1, 6) * Fraction(4, 9) / leave,
    }
    assert odds.outcomes["defender_eliminated"] == Fraction(2, 17) == odds.holds["attacker"]
    assert odds.holds["nobody"] == Fraction(5, 34)  # both gone, or a retreat the hour the reserve fell
    assert odds.expected_hours == Fraction(27, 17)
    assert odds.hours[0][1] == leave and odds.hours[1][1] == Fraction(10, 27) * leave


@pytest.mark.rule("caf.combat.occupation.contested_otherwise")
def test_battle_tables_add_up():
    odds = battle_odds("snlf", "1mar", horizon=40)
    assert sum(odds.outcomes.values()) == 1 and sum(odds.holds.values()) == 1 and odds.undecided == 0
    assert odds.hours[-1][2] == 1 - odds.longer and odds.longer < Fraction(1, 10**6)
    tail = sum(1 - c for _, _, c in odds.hours)  # E[T] = sum over t >= 0 of P(T > t)
    assert 0 <= odds.expected_hours - (1 + tail) < Fraction(1, 10**5)
    short = battle_odds("snlf", "1mar", max_hours=2)
    assert sum(short.outcomes.values()) + short.undecided == 1
    assert short.undecided == 1 - short.hours[-1][2] and short.expected_hours is None
    one = battle_odds("snlf", "1mar", max_hours=1)
    hour = hour_outcomes(4, 5)
    assert one.outcomes["attacker_retreats"] == sum(p for (a, _, r), p in hour.items() if r and a < 4)
    assert one.outcomes["defender_eliminated"] == sum(p for (a, d, r), p in hour.items() if d >= 4 and not r and a < 4)
    with pytest.raises(HexlabError, match="Japanese"):
        battle_odds("1mar", "snlf", banzai=True)


def test_the_odds_command_whole_battle(capsys):
    assert main(["odds", "cactus", "--battle", "--attacker", "snlf", "--defender", "mar1", "--banzai", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    direct = battle_odds("snlf", "1mar", banzai=True)
    assert report["kind"] == "battle" and [r["outcome"] for r in report["outcomes"]] == list(OUTCOMES)
    assert {r["outcome"]: Fraction(r["p"]) for r in report["outcomes"]} == direct.outcomes
    assert report["attacker"] == [{"unit": "snlf", "steps": 4, "counter": "SNLF 4-4"}]
    assert Fraction(report["expected_hours"]) == direct.expected_hours and len(report["hours"]) == 10
    assert main(["odds", "cactus", "--battle", "--attacker", "snlf:2,snlf:2", "--defender", "1mar:2,res",
                 "--max-hours", "3"]) == 0
    text = capsys.readouterr().out
    assert "SNLF 2-2 + SNLF 2-2 attacking 1Mar 3-2 + 1Mar Res 3-2" in text and "still undecided after 3 hours" in text
    assert main(["odds", "cactus", "--battle", "--attacker", "snlf"]) == 2


# ----------------------------------------------------------------------------------------------- Monte Carlo

CASES = {
    # name: (attacker units, defender units, banzai, seaborne): units as (id, kind, steps)
    "SNLF 4-4 overland against 1Mar 5-4": ([("S", "snlf", 4)], [("M", "1mar", 4)], False, False),
    "SNLF 4-4 Banzai from the sea against 1Mar 3-2 + Res 3-2": (
        [("S", "snlf", 4)], [("M", "1mar", 2), ("R", "1mar_res", 2)], True, True),
    "two SNLF 2-2 Banzai overland against 1Mar 5-4": (
        [("S", "snlf", 2), ("T", "snlf", 2)], [("M", "1mar", 4)], True, False),
}


def play_battle(scen, seed: int, attackers: list[str], defenders: list[str], banzai: bool) -> str:
    """One battle as the engine plays it: its own dice step and combat resolution, hour after hour, the losses
    taken by the computer player's pick, until the fight in Guadalcanal is over."""
    game = scen.new_game(seed)
    while GC in game.state.rules_state.fights and not game.is_over:
        if game.current_step.automatic:
            game.step()
        elif game.state.position == "combat.banzai":
            declare = [a for a in game.legal_actions() if isinstance(a, Banzai)] if banzai else []
            game.apply(declare[0] if declare else Fight())
        elif game.state.position == "combat.losses":
            game.apply(game.rules.suggest(game.state))
        else:  # pragma: no cover - nothing else can happen in a box nobody may leave
            raise AssertionError(game.state.position)
    units = game.state.units
    in_box = [u for u in attackers if units[u].alive and units[u].at == GC]
    away = [u for u in attackers if units[u].alive and units[u].at != GC]
    held = [u for u in defenders if units[u].alive]
    if away and not in_box:
        return "attacker_retreats"
    if not in_box:
        return "attacker_eliminated" if held else "both_eliminated"
    return "defender_eliminated"


@pytest.mark.rule("caf.combat.resolution_defaults", "caf.combat.seaborne_no_retreat_extra_step",
                  "caf.combat.banzai.automatic_step_loss")
@pytest.mark.parametrize("case", list(CASES))
def test_battle_odds_agree_with_the_engines_own_play(case):
    """N = 2000 seeded battles played by the engine. Each exact probability p must be matched by the observed
    frequency within 4 standard errors, 4 * sqrt(p (1 - p) / N) (an outcome of probability 0 must never
    happen). For p = 1/2 that is within 0.045; the chance of any one check failing by accident is about 6e-5."""
    n = 2000
    att, dfn, banzai, seaborne = CASES[case]
    how = {"seaborne": True} if seaborne else {"came_from": CE}
    units = [(uid, US, kind, GC, {"strength": s}) for uid, kind, s in dfn]
    units += [(uid, JP, kind, GC, dict(how, strength=s)) for uid, kind, s in att]
    scen = scenario(units, turns=50)
    exact = battle_odds([(k, s) for _, k, s in att], [(k, s) for _, k, s in dfn], banzai=banzai, seaborne=seaborne)
    seen = Counter(play_battle(scen, seed, [u for u, _, _ in att], [u for u, _, _ in dfn], banzai)
                   for seed in range(n))
    assert sum(seen.values()) == n
    for outcome in OUTCOMES:
        p = exact.outcomes[outcome]
        freq = seen[outcome] / n
        error = 4 * math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(freq - float(p)) <= error, (case, outcome, freq, float(p), error)


# ----------------------------------------------------------------------------------------------- the odds panel


def test_the_odds_panel_shows_an_hour_of_combat():
    game = hexlab.load("cactus/guadalcanal", seed=1)
    report = game.rules.odds(game.state, "SNLF1", "1Mar")
    assert isinstance(report, OddsReport)
    assert report.title == "Japan (4 dice) against US Marines (5 dice) in Guadalcanal"
    assert sum(p for _, p in report.outcomes) == 1
    assert report.summary["defender loses a step"] == 1 - Fraction(5, 6) ** 4
    assert report.summary["defender rolls a 5 (retreat result)"] == 1 - Fraction(5, 6) ** 5
    assert any("Banzai" in note for note in report.notes) and "caf.combat.retreat_overland_to_start" in report.clauses
    sea = game.rules.odds(game.state, "SNLF2", "1Mar")  # Munda has no land link: an invasion
    assert "caf.combat.seaborne_no_retreat_extra_step" in sea.clauses
    assert game.rules.odds(game.state, "SNLF1", "SNLF2") is None
