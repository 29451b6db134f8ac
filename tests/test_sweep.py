"""Exact sweeps across the odds' parameters (issue 27 point 2): ``hexlab.odds.sweep`` and ``hexlab odds --sweep``."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import pytest

from hexlab.cli import main
from hexlab.engine import HexlabError
from hexlab.odds import parse_values, sweep
from hexlab.rulesets.cadet.odds import result_dist, str_loss
from hexlab.rulesets.memoir44.odds import hit_flag_dist


def test_values_from_the_command_line() -> None:
    assert parse_values("1-4") == ["1", "2", "3", "4"]
    assert parse_values("1..3,6") == ["1", "2", "3", "6"]
    assert parse_values("forest, town") == ["forest", "town"]


@pytest.mark.rule("m44.resolve.hit.matching", "m44.dice.battle.faces")
def test_memoir44_elimination_by_dice_and_figures_is_exact() -> None:
    table = sweep("memoir44", {"dice": "1-6", "figures": "1-4"}, target="infantry", measures=["p_eliminate"])
    downs, acrosses, grid = table.pivot()
    assert downs == [1, 2, 3, 4, 5, 6] and acrosses == [1, 2, 3, 4]
    for i, dice in enumerate(downs):
        dist = hit_flag_dist(dice, "infantry")
        for j, figures in enumerate(acrosses):
            assert grid[i][j] == dist.p(lambda r, f=figures: r[0] >= f)
    assert grid[2][0] == Fraction(7, 8)  # three dice against infantry miss entirely one time in eight


@pytest.mark.rule("m44.range.infantry.max", "m44.terrain.general.min_dice")
def test_memoir44_by_terrain_and_range_notes_what_the_rules_refuse() -> None:
    table = sweep("memoir44", {"range": "1-4", "terrain": "countryside,forest"}, attacker="infantry",
                  target="infantry", figures=4, measures=["p_at_least_one_hit"])
    rows = {(r["range"], r["terrain"]): r for r in table.rows}
    assert rows[(1, "countryside")]["dice"] == 3 and rows[(1, "forest")]["dice"] == 2
    assert rows[(1, "countryside")]["p_at_least_one_hit"] == Fraction(7, 8)
    assert rows[(4, "countryside")]["p_at_least_one_hit"] is None
    assert "out of range" in rows[(4, "countryside")]["note"]
    assert "no dice" in rows[(3, "forest")]["note"]


@pytest.mark.rule("caf.combat.banzai.doubled_dice")
def test_cactus_banzai_value_by_stack_size() -> None:
    table = sweep("cactus", {"attacker_dice": [2, 4], "banzai": [False, True]}, defender_dice=3,
                  measures=["p_defender_loses_a_step"])
    _, _, grid = table.pivot()
    assert grid[0][0] < grid[0][1] and grid[1][0] < grid[1][1]  # doubled dice hit more often
    assert grid[0][1] == grid[1][0]  # 2 dice doubled are 4 dice
    assert grid[0][0] == 1 - Fraction(5, 6) ** 2


@pytest.mark.rule("cc.punch.wall.minus_one")
def test_cadet_punch_over_a_wall_or_not() -> None:
    table = sweep("cadet", {"atk": "2,3", "behind-wall": "no,yes"}, measures=["p_str_loss"])
    _, _, grid = table.pivot()
    assert grid == [[str_loss(result_dist(2)), str_loss(result_dist(1))],
                    [str_loss(result_dist(3)), str_loss(result_dist(2))]]


@pytest.mark.rule("was.combat.bombard_shore_support_bonus")
def test_warsea_bombardment_dice_against_troops() -> None:
    table = sweep("warsea", {"gunnery": "1-3", "bombard": "no,yes"}, measures=["p_damage"])
    rows = {(r["gunnery"], r["bombard"]): r for r in table.rows}
    assert rows[(1, True)]["dice"] == 3 and rows[(3, False)]["dice"] == 3
    assert rows[(1, True)]["p_damage"] == rows[(3, False)]["p_damage"]
    island = sweep("warsea", {"island": ["3 2", (2, 2)]})
    assert [r["attackers"] for r in island.rows] == [3, 2]


def test_formats_csv_markdown_json() -> None:
    table = sweep("cadet", {"atk": "2,3"}, measures=["p_str_loss", "p_push_back"])
    rows = list(csv.DictReader(io.StringIO(table.csv(exact=True))))
    assert rows[0] == {"atk": "2", "dice": "2", "p_str_loss": "5/9", "p_push_back": "23/36"}
    md = table.markdown()
    assert md.splitlines()[0].startswith("| atk | dice | cause a STR loss") or "| atk |" in md
    assert "55.6%" in md
    data = json.loads(table.render("json"))
    assert data["rows"][1]["p_str_loss"] == "19/27"


def test_mistakes_are_one_clear_error() -> None:
    with pytest.raises(HexlabError, match="no parameter 'foo'"):
        sweep("cadet", {"foo": "1"})
    with pytest.raises(HexlabError, match="no measure"):
        sweep("cadet", {"atk": "2"}, measures=["p_win"])
    with pytest.raises(HexlabError, match="--atk must be 1 to 6"):
        sweep("cadet", {"atk": "9"})


def test_cli_sweep(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "memoir44", "--target", "infantry", "--sweep", "dice=1-3", "figures=1,2",
                 "--measure", "p_eliminate", "--format", "csv", "--exact"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "dice,figures,p_eliminate"
    assert "3,1,7/8" in out
    assert main(["odds", "cadet", "--sweep", "atk=2,3", "behind-wall=no,yes", "--measure", "p_str_loss"]) == 0
    out = capsys.readouterr().out
    assert "| atk \\ behind-wall | no | yes |" in out and "| 2 | 55.6% | 33.3% |" in out
    assert main(["odds", "cactus", "--attacker-dice", "3", "--defender-dice", "3", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["kind"] == "hour"


@pytest.mark.parametrize("argv, words", [
    (["odds", "cadet", "--sweep", "atk"], "PARAM=VALUES"),
    (["odds", "cadet", "--sweep", "speed=1"], "no parameter 'speed'"),
    (["odds", "memoir44", "--target", "infantry", "--sweep", "dice=a,b"], "whole numbers"),
])
def test_cli_sweep_mistakes_exit_2_with_one_line(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
                                                 ) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0] and "Traceback" not in err[0]


def test_two_sweep_flags_sweep_both_parameters(capsys):
    """``--sweep dice=1-3 --sweep figures=1-2`` is the same table as ``--sweep dice=1-3 figures=1-2``: the
    second flag adds a parameter, it does not replace the first."""
    from hexlab.cli import main

    base = ["odds", "memoir44", "--target", "infantry", "--measure", "p_eliminate", "--format", "csv"]
    assert main(base + ["--sweep", "dice=1-3", "figures=1-2"]) == 0
    together = capsys.readouterr().out
    assert main(base + ["--sweep", "dice=1-3", "--sweep", "figures=1-2"]) == 0
    assert capsys.readouterr().out == together and "figures" in together and "dice" in together
