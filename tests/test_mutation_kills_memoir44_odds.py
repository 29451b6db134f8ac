"""More checks of Memoir '44's exact odds, written to close the gaps mutation testing found (``make mutation``):
the odds panel must promise the dice and the flags the battle will really use, at the overrun step and behind a
sea wall too. Chances are worked by hand from the battle die (m44.dice.battle.faces): a flag is 1 face in 6.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from hexlab.rulesets.memoir44.events import BattleDeclared
from hexlab.rulesets.memoir44.odds import dice_from_rules
from hexlab.rulesets.memoir44.rules import Battle, TakeGround
from tests.support.memoir44_boards import faces_are, make, order, roll

F = Fraction


def declared_dice(events):
    return next(e.payload.dice for e in events if isinstance(e.payload, BattleDeclared))


@pytest.mark.rule("m44.order.cards.data", "m44.overrun.armor.extra_battle", "m44.overrun.target")
def test_the_odds_panel_at_the_overrun_gives_the_overruns_own_dice():
    """Under Close Assault, armor close assaults with its 3 dice and the card's extra one (4). Its overrun is a
    battle of its own, which the engine rolls without the card's die: the odds panel asked at the overrun step
    must give the dice the overrun then declares, not the first battle's."""
    units = [("A1", "Allies", "armor", "6,6"), ("X1", "Axis", "infantry", "6,5", {"strength": 1}),
             ("X2", "Axis", "infantry", "6,4")]
    game = make(units, hand=["close_assault"])
    order(game, "close_assault", ["A1"])
    assert game.state.position == "battle.choose"
    first = game.rules.odds(game.state, "A1", "X1")
    assert first.notes[0].startswith("4 dice")
    assert declared_dice(game.apply(Battle("A1", "X1"))) == 4
    roll(game, faces_are("grenade", "star", "star", "star"))    # the grenade takes X1's one figure
    game.apply(TakeGround("A1"))
    assert game.state.position == "battle.overrun"
    report = game.rules.odds(game.state, "A1", "X2")
    declared = declared_dice(game.apply(Battle("A1", "X2")))
    assert declared == 3
    assert report.notes[0].startswith(f"{declared} dice")
    assert "Close Assault" not in report.notes[0]


@pytest.mark.rule("m44.terrain.sea_wall.flag", "m44.terrain.sea_wall.behind", "m44.retreat.ignore_flag.general")
def test_the_odds_panel_counts_a_sea_wall_flag_against_a_gun_on_the_beach():
    """A gun on the beach rolls 3 dice at infantry behind a sea wall; that unit may ignore 1 flag, so a retreat
    needs 2 or 3 flags: 3 * (1/6)^2 * (5/6) + (1/6)^3 = 16/216 = 2/27. From inland the wall shelters nothing and
    one flag is enough: 1 - (5/6)^3 = 91/216."""
    units = [("A1", "Allies", "artillery", "6,6"), ("X1", "Axis", "infantry", "6,4")]
    beach = make(units, terrain={"beach": ["6,6", "5,5", "6,5"]}, features={"sea_wall": ["6,4"]})
    report = beach.rules.odds(beach.state, "A1", "X1")
    assert "X1 may ignore 1 flag: a retreat needs one flag more" in report.notes
    assert report.summary["force a retreat"] == F(2, 27)
    inland = make(units, features={"sea_wall": ["6,4"]})
    report = inland.rules.odds(inland.state, "A1", "X1")
    assert not any("may ignore" in n for n in report.notes)
    assert report.summary["force a retreat"] == F(91, 216)


@pytest.mark.rule("m44.range.distance.counting")
@pytest.mark.parametrize("attacker", ["infantry", "armor", "artillery"])
def test_no_dice_at_range_zero(attacker):
    """Range counts from the hex next to the attacker (range 1, a close assault); the dice rows have no number
    for the attacker's own hex, so asking the rules for range 0 gives no dice at all."""
    assert dice_from_rules(attacker, 0, "countryside", "countryside", "infantry")[0] == 0
    assert dice_from_rules(attacker, 1, "countryside", "countryside", "infantry")[0] == 3
