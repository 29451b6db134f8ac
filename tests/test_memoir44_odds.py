"""Memoir '44: exact odds (against brute force) and the odds / line-of-sight command lines."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction

import pytest

import hexlab
from hexlab.cli import main
from hexlab.rulesets.memoir44.combat import resolve_faces
from hexlab.rulesets.memoir44.data import BATTLE_DIE
from hexlab.rulesets.memoir44.odds import hit_flag_dist
from hexlab.rulesets.memoir44.rules import Battle
from tests.support.memoir44_boards import make, to_battle


def brute_force(n, target):
    counts = Counter(resolve_faces(faces, target) for faces in itertools.product(BATTLE_DIE.faces, repeat=n))
    total = 6 ** n
    return {k: Fraction(v, total) for k, v in counts.items()}


@pytest.mark.rule("m44.dice.battle.faces", "m44.resolve.hit.matching", "m44.resolve.artillery_target")
@pytest.mark.parametrize("n", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("target", ["infantry", "armor", "artillery"])
def test_exact_odds_match_brute_force(n, target):
    assert dict(hit_flag_dist(n, target).items()) == brute_force(n, target)


@pytest.mark.rule("m44.dice.battle.faces")
def test_one_die_against_infantry():
    dist = hit_flag_dist(1, "infantry")
    assert dist.p(lambda r: r[0] == 1) == Fraction(1, 2)          # 2 infantry faces + the grenade
    assert dist.p(lambda r: r[1] == 1) == Fraction(1, 6)          # the flag
    assert hit_flag_dist(1, "armor").p(lambda r: r[0] == 1) == Fraction(1, 3)
    assert hit_flag_dist(1, "artillery").p(lambda r: r[0] == 1) == Fraction(1, 6)


def odds(capsys, *args):
    assert main(["odds", "memoir44", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.rule("m44.dice.battle.faces", "m44.resolve.hit.matching")
def test_the_odds_command_gives_exact_outcomes(capsys):
    out = odds(capsys, "--dice", "3", "--target", "infantry", "--figures", "2")
    total = sum(Fraction(row["p"]) for row in out["outcomes"])
    assert total == 1
    for row in out["outcomes"]:
        assert Fraction(row["p"]) == brute_force(3, "infantry")[(row["hits"], row["flags"])]
    p_elim = sum(p for (h, _), p in brute_force(3, "infantry").items() if h >= 2)
    assert Fraction(out["p_eliminate"]) == p_elim
    assert out["dice"] == 3


@pytest.mark.rule("m44.terrain.forest.dice", "m44.terrain.town.dice", "m44.terrain.hill.from_below",
                  "m44.terrain.sandbags.dice", "m44.terrain.bunker.dice", "m44.range.infantry.d2",
                  "m44.terrain.town.armor_battle_out", "m44.terrain.general.artillery_unmodified")
@pytest.mark.parametrize("attacker, rng, terrain, extra, dice", [
    ("infantry", 1, "countryside", [], 3),
    ("infantry", 2, "countryside", [], 2),
    ("infantry", 1, "forest", [], 2),
    ("armor", 1, "forest", [], 1),
    ("armor", 2, "town", [], 1),
    ("infantry", 1, "hill", [], 2),                    # from below
    ("infantry", 1, "hill", ["--attacker-terrain", "hill"], 3),
    ("armor", 1, "sandbags", [], 2),
    ("armor", 1, "bunker", [], 1),                     # the defender's own bunker
    ("artillery", 2, "town", [], 3),
    ("armor", 2, "countryside", ["--attacker-terrain", "town"], 1),
])
def test_the_odds_command_works_out_the_dice(capsys, attacker, rng, terrain, extra, dice):
    out = odds(capsys, "--attacker", attacker, "--range", str(rng), "--terrain", terrain, "--target", "infantry",
               "--figures", "4", *extra)
    assert out["dice"] == dice
    assert sum(Fraction(row["p"]) for row in out["outcomes"]) == 1
    assert Fraction(out["p_eliminate"]) == sum(p for (h, _), p in brute_force(dice, "infantry").items() if h >= 4)


def los(capsys, *args):
    assert main(["los", "memoir44", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.rule("m44.los.block.terrain", "m44.los.edge.both_sides", "m44.los.endpoints", "m44.los.line.centres")
def test_the_los_command(capsys):
    assert los(capsys, "--from", "2,4", "--to", "4,4")["clear"] is True
    out = los(capsys, "--from", "2,4", "--to", "4,4", "--blocker", "3,4")
    assert out["clear"] is False and out["blocked_by"] == ["3,4"] and out["crossed"] == ["3,4"]
    # along an edge: one side is not enough, both sides are
    out = los(capsys, "--from", "2,4", "--to", "3,3", "--blocker", "3,4")
    assert out["clear"] is True and sorted(out["touched"]) == ["2,3", "3,4"]
    assert los(capsys, "--from", "2,4", "--to", "3,3", "--blocker", "3,4", "--blocker", "2,3")["clear"] is False
    # the end hexes never block
    assert los(capsys, "--from", "2,4", "--to", "4,4", "--blocker", "2,4", "--blocker", "4,4")["clear"] is True


@pytest.mark.rule("m44.resolve.hit.matching")
def test_the_games_odds_panel_uses_the_battle_dice():
    game = make([("A1", "Allies", "armor", "1,6"), ("X1", "Axis", "infantry", "2,6")], terrain={"forest": ["2,6"]},
                hand=["assault_left"])
    to_battle(game, "assault_left", ["A1"])
    report = game.rules.odds(game.state, "A1", "X1")
    assert report is not None
    assert sum(p for _, p in report.outcomes) == 1
    # 1 die against 4-figure infantry: the chance of at least one figure is 1/2
    assert report.summary["at least one figure"] == Fraction(1, 2)
    game.apply(Battle("A1", "X1"))
    assert game.state.rules_state.turn.battle.dice == 1
    outcomes = game.chance_outcomes()
    assert sum(p for _, p in outcomes) == 1
    assert dict(outcomes)[(("infantry",),)] == Fraction(2, 6)       # five distinct faces, infantry twice


@pytest.mark.rule("m44.nation.japan.yamato.caves_all", "m44.retreat.ignore_flag.general")
def test_the_odds_panel_ignores_the_flags_play_ignores():
    """The odds and the retreats read one flag rule (``flags.py``): a Japanese unit in a cave never
    retreats, one behind sandbags needs a flag more."""
    units = [("A1", "Allies", "artillery", "6,6"), ("X1", "Axis", "infantry", "6,4")]
    game = make(units)
    plain = game.rules.odds(game.state, "A1", "X1")
    cave = make(units, terrain={"cave": ["6,4"]}, rules={"nations": {"Axis": "japan"}})
    report = cave.rules.odds(cave.state, "A1", "X1")
    assert report.summary["force a retreat"] == 0 and "X1 must ignore every flag(s)" in report.notes
    sandbags = make(units, features={"sandbags": ["6,4"]})
    report = sandbags.rules.odds(sandbags.state, "A1", "X1")
    assert "X1 may ignore 1 flag: a retreat needs one flag more" in report.notes
    assert 0 < report.summary["force a retreat"] < plain.summary["force a retreat"]


@pytest.mark.rule("m44.order.cards.data", "m44.terrain.sea_wall.behind")
@pytest.mark.parametrize("scenario_id", ["memoir44/normandy", "memoir44/drill_basic", "memoir44/tenaru"])
def test_the_odds_panel_counts_the_dice_every_battle_rolls(scenario_id):
    """Before every battle of random games, the panel's odds use the dice the battle then declares (a
    card's extra die included): odds and play never disagree."""
    from hexlab.dice import Rng
    from hexlab.rulesets.memoir44.actions import Battle
    from hexlab.rulesets.memoir44.events import BattleDeclared

    checked = 0
    for seed in (1, 2, 3):
        game = hexlab.load(scenario_id, seed=seed)
        chooser = Rng(seed)
        for _ in range(1500):
            if game.is_over:
                break
            if game.current_step.automatic:
                game.step()
                continue
            legal = list(game.legal_actions())
            battles = [a for a in legal if isinstance(a, Battle)]
            action = battles[chooser.randbelow(len(battles))] if battles and chooser.randbelow(2) else \
                legal[chooser.randbelow(len(legal))]
            if isinstance(action, Battle):
                report = game.rules.odds(game.state, action.unit, action.target)
                events = game.apply(action)
                declared = next(e.payload.dice for e in events if isinstance(e.payload, BattleDeclared))
                assert report is not None and report.notes[0].startswith(f"{declared} dice"), (report.notes, declared)
                checked += 1
            else:
                game.apply(action)
    assert checked > 20


@pytest.mark.rule("m44.range.infantry.max", "m44.range.armor.max", "m44.range.artillery.max",
                  "m44.terrain.general.min_dice")
@pytest.mark.parametrize("attacker, rng", [("infantry", 4), ("infantry", 5), ("armor", 4), ("artillery", 7)])
def test_the_odds_command_says_a_target_out_of_range_is_out_of_range(capsys, attacker, rng):
    """Beyond a unit's range there is no battle to give odds for: the command says so (exit 2, no
    traceback) instead of printing a 0-dice result; and likewise when terrain leaves no dice at all."""
    status = main(["odds", "memoir44", "--attacker", attacker, "--range", str(rng), "--target", "infantry"])
    err = capsys.readouterr().err
    assert status == 2 and "out of range" in err and f"m44.range.{attacker}.max" in err
    assert "Traceback" not in err
    status = main(["odds", "memoir44", "--attacker", "infantry", "--range", "3", "--terrain", "town",
                   "--target", "infantry"])
    err = capsys.readouterr().err
    assert status == 2 and "no dice" in err and "m44.terrain.general.min_dice" in err
