"""More checks of Cadet Commander's punch up, its exact odds and its victory check, written to close the gaps
mutation testing found (``make mutation``)."""

from __future__ import annotations

import argparse
from fractions import Fraction

import pytest

from hexlab import scenario
from hexlab.engine import HexlabError
from hexlab.rulesets.cadet import combat
from hexlab.rulesets.cadet.combat import HIT_AND_RUN, OH_DEAR, OUCH, RUN_AWAY, best_face, effect, label, punch_result
from hexlab.rulesets.cadet.odds import CadetOdds, at_least_one, punch_report, push_back, result_dist, str_loss

F = Fraction


@pytest.mark.rule("cc.punch.roll.choose_one")
def test_the_best_face_is_kept_unless_the_attacker_picks_one():
    assert best_face([OH_DEAR, RUN_AWAY, OUCH]) == OUCH
    assert best_face([OH_DEAR, HIT_AND_RUN, OUCH]) == HIT_AND_RUN
    assert best_face([OH_DEAR, RUN_AWAY]) == RUN_AWAY
    assert best_face([OH_DEAR]) == OH_DEAR
    assert best_face([]) is None
    assert punch_result([OH_DEAR, HIT_AND_RUN]) == HIT_AND_RUN
    assert punch_result([OH_DEAR, HIT_AND_RUN], chosen=OH_DEAR) == OH_DEAR
    assert punch_result([]) == OH_DEAR
    with pytest.raises(ValueError, match=r"^'ouch' is not among the dice rolled \('oh_dear', 'run_away'\)$"):
        punch_result([OH_DEAR, RUN_AWAY], chosen=OUCH)


@pytest.mark.rule("cc.punch.result.oh_dear", "cc.punch.result.run_away", "cc.punch.result.ouch",
                  "cc.punch.result.hit_and_run")
def test_what_each_result_does():
    assert (effect(OH_DEAR).str_loss, effect(OH_DEAR).push) == (0, False)
    assert (effect(RUN_AWAY).str_loss, effect(RUN_AWAY).push) == (0, True)
    assert (effect(OUCH).str_loss, effect(OUCH).push) == (1, False)
    assert (effect(HIT_AND_RUN).str_loss, effect(HIT_AND_RUN).push) == (1, True)
    assert [label(r) for r in combat.ORDER] == ["Hit and Run", "Ouch", "Run away", "Oh Dear"]


def best_of(n: int) -> dict[str, Fraction]:
    """The best-die chances worked by hand: P(best is at least a face) from the faces at or below it."""
    return {HIT_AND_RUN: 1 - F(5, 6) ** n, OUCH: F(5, 6) ** n - F(4, 6) ** n,
            RUN_AWAY: F(4, 6) ** n - F(2, 6) ** n, OH_DEAR: F(2, 6) ** n}


@pytest.mark.rule("cc.dice.atk.faces", "cc.punch.roll.dice_count", "cc.punch.roll.choose_one")
@pytest.mark.parametrize("dice", [1, 2, 3])
def test_the_odds_of_a_punch_up_are_exact(dice):
    dist = result_dist(dice)
    for face, p in best_of(dice).items():
        assert dist.p(face) == p
    assert str_loss(dist) == 1 - F(4, 6) ** dice
    assert push_back(dist) == best_of(dice)[HIT_AND_RUN] + best_of(dice)[RUN_AWAY]
    assert at_least_one(dice, OH_DEAR) == 1 - F(4, 6) ** dice
    assert at_least_one(dice, OUCH) == 1 - F(5, 6) ** dice


@pytest.mark.rule("cc.punch.wall.minus_one", "cc.dice.atk.faces")
def test_the_odds_command_report():
    report = CadetOdds().report(argparse.Namespace(atk=3, behind_wall=True))
    assert report == {
        "atk": 3, "behind_wall": True, "dice": 2, "order": [HIT_AND_RUN, OUCH, RUN_AWAY, OH_DEAR],
        "outcomes": [{"result": HIT_AND_RUN, "p": "11/36"}, {"result": OUCH, "p": "1/4"},
                     {"result": RUN_AWAY, "p": "1/3"}, {"result": OH_DEAR, "p": "1/9"}],
        "p_str_loss": "5/9", "p_push_back": "23/36", "p_no_effect": "1/9",
        "p_at_least_one": {HIT_AND_RUN: "11/36", OUCH: "11/36", RUN_AWAY: "5/9", OH_DEAR: "5/9"},
        "clauses": ["cc.dice.atk.faces", "cc.punch.roll.dice_count", "cc.punch.roll.choose_one",
                    "cc.punch.wall.minus_one"],
    }
    open_ground = CadetOdds().report(argparse.Namespace(atk=1, behind_wall=False))
    assert open_ground["dice"] == 1 and open_ground["behind_wall"] is False
    assert open_ground["clauses"] == ["cc.dice.atk.faces", "cc.punch.roll.dice_count", "cc.punch.roll.choose_one"]
    assert CadetOdds().report(argparse.Namespace(atk=6, behind_wall=False))["dice"] == 6
    for atk in (0, 7):
        with pytest.raises(HexlabError, match="^--atk must be 1 to 6$"):
            CadetOdds().report(argparse.Namespace(atk=atk, behind_wall=False))


@pytest.mark.rule("cc.punch.roll.choose_one")
def test_the_odds_panel_report():
    report = punch_report("A warrior", "a leader", 2, 1, ["behind nothing"], ("cc.punch.roll.dice_count", "x.y"))
    assert report.title == "A warrior punches a leader"
    assert report.outcomes == [("Hit and Run: loses 1 STR, then moves 1 hex back towards its flag", F(11, 36)),
                               ("Ouch: loses 1 STR", F(1, 4)),
                               ("Run away: moves 1 hex back towards its flag", F(1, 3)),
                               ("Oh Dear: no effect", F(1, 9))]
    assert report.summary == {"cause a STR loss": F(5, 9), "push back": F(23, 36), "no effect": F(1, 9),
                              "knock out (STR 0)": F(5, 9)}
    assert report.clauses == ("cc.dice.atk.faces", "cc.punch.roll.dice_count", "cc.punch.roll.choose_one", "x.y")
    assert report.notes == ["2 ATK dice; the attacker keeps the best one (Hit and Run > Ouch > Run away > Oh Dear)",
                            "behind nothing"]
    sturdy = punch_report("A", "B", 1, 2, [], ())
    assert "knock out (STR 0)" not in sturdy.summary
    assert sturdy.notes[0].startswith("1 ATK die; ")


@pytest.mark.rule("cc.victory.vp.ten", "cc.victory.flag.capture")
def test_the_victory_check():
    game = scenario.load("cadet/village", seed=1)
    rules, state = game.rules, game.state  # a fresh game of our own: changed in place
    first, second = state.sides
    assert rules.end_if(state) is None
    state.score[first] = rules.options.vp_to_win - 1
    assert rules.end_if(state) is None
    state.score[second] = rules.options.vp_to_win
    won = rules.end_if(state)
    assert won.winner == second and won.clauses == ("cc.victory.vp.ten",)
    assert won.reason == f"{rules.options.vp_to_win} victory points"
    state.score[first] = rules.options.vp_to_win + 3
    assert rules.end_if(state).winner == first  # the sides are asked in order
    state.score[first] = state.score[second] = 0
    state.rules_state.captured = first
    flag = rules.end_if(state)
    assert flag.winner == second and flag.clauses == ("cc.victory.flag.capture",)
    assert flag.reason == f"captured the {first} flag"
    state.rules_state = None
    assert rules.end_if(state) is None
