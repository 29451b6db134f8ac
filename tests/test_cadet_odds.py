"""Cadet Commander: exact odds of a punch up against brute force, the odds CLI, the odds panel and the
computer player's choice of die."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction

import pytest

import hexlab
from hexlab.cli import main
from hexlab.dice import best_of
from hexlab.odds import OddsReport
from hexlab.players import ComputerPlayer, players_for
from hexlab.rulesets.cadet.combat import ATK_DIE, ORDER, best_face, punch_result
from hexlab.rulesets.cadet.odds import at_least_one, result_dist
from hexlab.rulesets.cadet.rules import ChooseDie, Move, Punch
from tests.support.cadet_boards import G, O, hx, make, roll


def brute_force(n: int) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """Every ordered roll of ``n`` ATK dice, equally likely: the best face by ORDER, and at-least-one."""
    best: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    rolls = list(itertools.product(ATK_DIE.faces, repeat=n))
    for faces in rolls:
        best[next((f for f in ORDER if f in faces), "oh_dear")] += 1
        for face in set(faces):
            seen[face] += 1
    total = len(rolls)
    return ({f: Fraction(best[f], total) for f in ORDER}, {f: Fraction(seen[f], total) for f in ORDER})


@pytest.mark.rule("cc.punch.roll.choose_one", "cc.dice.atk.faces")
@pytest.mark.parametrize("n", [0, 1, 2, 3, 4])
def test_exact_odds_match_brute_force_over_every_roll(n):
    best, seen = brute_force(n)
    dist = result_dist(n)
    assert {f: dist.p(f) for f in ORDER} == best
    assert sum(best.values()) == 1
    assert {f: at_least_one(n, f) for f in ORDER} == seen
    if n:
        assert {f: best_of(ATK_DIE, n, ORDER).p(f) for f in ORDER} == best


def test_the_combat_function_keeps_the_chosen_face_or_the_best():
    assert punch_result(("oh_dear", "ouch", "run_away")) == "ouch"
    assert punch_result(("oh_dear", "ouch", "run_away"), "run_away") == "run_away"
    assert punch_result(()) == "oh_dear" and best_face(()) is None
    with pytest.raises(ValueError):
        punch_result(("oh_dear",), "ouch")


@pytest.mark.rule("cc.punch.wall.minus_one", "cc.punch.atk.leader_hero")
def test_the_odds_command_prints_exact_fractions(capsys):
    assert main(["odds", "cadet", "--atk", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["dice"] == 3 and not report["behind_wall"]
    assert [row["result"] for row in report["outcomes"]] == list(ORDER)
    best, seen = brute_force(3)
    assert {row["result"]: Fraction(row["p"]) for row in report["outcomes"]} == best
    assert report["p_str_loss"] == "19/27"  # 1 - (4/6)^3
    assert Fraction(report["p_push_back"]) == best["hit_and_run"] + best["run_away"]
    assert report["p_no_effect"] == "1/27"
    assert {f: Fraction(p) for f, p in report["p_at_least_one"].items()} == seen
    assert report["p_at_least_one"]["hit_and_run"] == "91/216"
    # behind a wall: one die fewer
    assert main(["odds", "cadet", "--atk", "3", "--behind-wall", "--json"]) == 0
    walled = json.loads(capsys.readouterr().out)
    assert walled["dice"] == 2 and walled["p_str_loss"] == "5/9" and "cc.punch.wall.minus_one" in walled["clauses"]
    # in words
    assert main(["odds", "cadet", "--atk", "2"]) == 0
    assert "cause a STR loss: 55.6%\n" in capsys.readouterr().out  # percentages by default
    assert main(["odds", "cadet", "--atk", "2", "--exact"]) == 0
    text = capsys.readouterr().out
    assert "Hit and Run" in text and "cause a STR loss: 55.6% (5/9)" in text
    assert main(["odds", "cadet", "--atk", "9"]) == 2
    assert "--atk must be 1 to 6" in capsys.readouterr().err


@pytest.mark.rule("cc.punch.wall.behind")
def test_the_odds_panel_reports_the_punch_up_a_figure_could_make():
    game = make([("GL", G, "leader", "3,5"), ("G1", G, "warrior", "2,5"), ("OL", O, "leader", "3,4"),
                 ("O1", O, "warrior", "2,5", {"max_strength": 1}), ("O2", O, "warrior", "0,0")],
                hexsides={"wall": [["3,5", "3,4"]]})
    # in the same hex: the full ATK
    report = game.rules.odds(game.state, "G1", "O1")
    assert isinstance(report, OddsReport)
    assert sum(p for _, p in report.outcomes) == 1
    assert report.summary["cause a STR loss"] == Fraction(5, 9)
    assert report.summary["knock out (STR 0)"] == Fraction(5, 9)
    # next door over a wall: the forced punch up after walking in, one die fewer
    walled = game.rules.odds(game.state, "GL", "OL")
    assert walled.summary["cause a STR loss"] == Fraction(5, 9)  # 2 dice, not 3
    assert "cc.punch.wall.behind" in walled.clauses and "cc.move.enemy.forced_punch_free" in walled.clauses
    # out of reach, or a friend: no odds
    assert game.rules.odds(game.state, "GL", "O2") is None
    assert game.rules.odds(game.state, "GL", "G1") is None
    # the panel's numbers are the engine's: walk in and the dice are the ones the report counted
    game.apply(Move("GL", hx(game, "3,4")))
    assert list(game.rules.roll(game.state).pool) == [(ATK_DIE, 2)]


@pytest.mark.rule("cc.punch.roll.choose_one")
def test_the_computer_keeps_hit_and_run_then_ouch_then_run_away_then_oh_dear():
    game = make([("GL", G, "leader", "3,3"), ("OL", O, "leader", "3,3", {"max_strength": 9})])
    assert game.rules.suggest(game.state) is None  # not at the die choice
    game.apply(Punch("GL", "OL"))
    roll(game, ["oh_dear", "run_away", "ouch"])
    assert game.rules.suggest(game.state) == ChooseDie("ouch")
    assert ComputerPlayer(0).choose(game) == ChooseDie("ouch")
    game.apply(ChooseDie("ouch"))
    game.apply(Punch("GL", "OL"))
    roll(game, ["run_away", "oh_dear", "run_away"])
    assert game.rules.suggest(game.state) == ChooseDie("run_away")


def test_a_whole_game_between_computer_players_ends():
    game = hexlab.load("cadet/village", seed=3)
    list(game.run(players_for(game, "computer")))
    assert game.is_over and game.result["winner"] in (G, O)
    assert any(isinstance(a, ChooseDie) for a in game.actions)
    # every punch up kept the best face showing
    rolled = None
    checked = 0
    for e in game.log:
        if e.kind == "DiceRolled" and e.data.get("dice") == ["atk"]:
            rolled = e.data["faces"][0]
        elif e.kind == "PunchResult":
            assert e.data["result"] == (best_face(rolled) or "oh_dear")
            checked += 1
    assert checked > 5
