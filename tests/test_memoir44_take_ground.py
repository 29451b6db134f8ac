"""Memoir '44: taking ground after a close assault, and the armor overrun."""

from __future__ import annotations

import pytest

from hexlab.rulesets.memoir44.rules import Battle, EndBattles, Hold, Retreat, TakeGround
from tests.support.memoir44_boards import at, battle, cited, dice_of, faces_are, gives, hx, kinds, refused, roll

KILL = faces_are("grenade", "star", "star")        # one hit on anything, no flag


def one(uid, side, kind, where, **extra):
    """A unit down to its last figure (one hit eliminates it)."""
    return (uid, side, kind, where, {"strength": 1, **extra})


@pytest.mark.rule("m44.take_ground.infantry")
def test_infantry_advances_into_the_hex_its_close_assault_emptied():
    # retreat: X1 is pushed back, A1 may step into 6,5
    game = battle([("A1", "Allies", "infantry", "6,6"), ("X1", "Axis", "infantry", "6,5")],
                  want=faces_are("flag", "star", "star"))
    game.apply(Retreat("X1", hx(game, "6,4")))
    game.play_to_decision()
    assert game.state.position == "battle.take_ground"
    assert set(game.legal_actions()) == {TakeGround("A1"), Hold("A1")}
    events = game.apply(TakeGround("A1"))
    assert at(game, "A1") == "6,5" and "TookGround" in kinds(events)
    # elimination: the same
    game = battle([("A1", "Allies", "infantry", "6,6"), one("X1", "Axis", "infantry", "6,5")], want=KILL)
    assert game.state.position == "battle.take_ground"
    game.apply(Hold("A1"))                             # taking ground is optional
    assert at(game, "A1") == "6,6" and game.state.position == "battle.choose"


@pytest.mark.rule("m44.take_ground.close_assault_only")
def test_no_ground_taken_after_firing():
    game = battle([("A1", "Allies", "infantry", "6,6"), one("X1", "Axis", "infantry", "6,4")],
                  want=faces_are("grenade", "star"))
    assert not game.state.units["X1"].alive
    assert game.state.position == "battle.choose"
    assert refused(game, TakeGround("A1")) == "m44.take_ground.close_assault_only"


@pytest.mark.rule("m44.take_ground.artillery.forbidden")
def test_artillery_never_takes_ground():
    game = battle([("A1", "Allies", "artillery", "6,6"), one("X1", "Axis", "infantry", "6,5")], want=KILL)
    assert not game.state.units["X1"].alive
    assert game.state.position == "battle.choose" and at(game, "A1") == "6,6"


@pytest.mark.rule("m44.take_ground.impassable")
def test_no_ground_taken_into_impassable_terrain():
    # armor empties an Axis bunker: it may not follow into it
    game = battle([("A1", "Allies", "armor", "6,6"), one("X1", "Axis", "infantry", "6,5")],
                  terrain={"bunker": ["6,5"]}, rules={"bunker_owners": {"6,5": "Axis"}},
                  want=faces_are("infantry"))
    assert not game.state.units["X1"].alive
    assert game.state.position == "battle.choose" and at(game, "A1") == "6,6"


@pytest.mark.rule("m44.terrain.hedgerow.take_ground")
def test_ground_may_be_taken_into_a_hedgerow():
    game = battle([("A1", "Allies", "infantry", "6,6"), one("X1", "Axis", "infantry", "6,5")],
                  terrain={"hedgerow": ["6,5"]}, want=faces_are("grenade", "star"))
    events = game.apply(TakeGround("A1"))
    assert at(game, "A1") == "6,5"
    assert "m44.terrain.hedgerow.take_ground" in cited(events)


@pytest.mark.rule("m44.terrain.cliff.no_take_ground_from_beach")
def test_infantry_on_a_beach_does_not_take_ground_up_a_cliff():
    game = battle([("A1", "Allies", "infantry", "6,6"), one("X1", "Axis", "infantry", "6,5")],
                  terrain={"beach": ["6,6"], "cliff": ["6,5"]}, want=faces_are("grenade", "star"))
    assert not game.state.units["X1"].alive
    assert game.state.position == "battle.choose" and at(game, "A1") == "6,6"
    # from inland it may
    game = battle([("A1", "Allies", "infantry", "6,6"), one("X1", "Axis", "infantry", "6,5")],
                  terrain={"cliff": ["6,5"]}, want=faces_are("grenade", "star"))
    assert game.state.position == "battle.take_ground"


@pytest.mark.rule("m44.terrain.cliff.no_take_ground_from_beach")
def test_infantry_on_a_beach_takes_ground_up_a_sea_bluff():
    game = battle([("A1", "Allies", "infantry", "6,6"), one("X1", "Axis", "infantry", "6,5")],
                  terrain={"beach": ["6,6"], "sea_bluff": ["6,5"]}, want=faces_are("grenade", "star"))
    assert game.state.position == "battle.take_ground"


# ---------------------------------------------------------------------------------- overrun

def overrun(extra=(), terrain=None, want=KILL, **kw):
    """Armor A1 (6,6) eliminates X1 (6,5) by close assault and takes ground: the overrun step."""
    units = [("A1", "Allies", "armor", "6,6"), one("X1", "Axis", "infantry", "6,5"), *extra]
    game = battle(units, terrain=terrain, want=want, **kw)
    assert game.state.position == "battle.take_ground"
    game.apply(TakeGround("A1"))
    return game


@pytest.mark.rule("m44.overrun.armor.take_ground", "m44.overrun.armor.extra_battle")
def test_armor_takes_ground_and_battles_again():
    game = overrun([("X2", "Axis", "infantry", "6,3")])
    assert at(game, "A1") == "6,5"
    assert game.state.position == "battle.overrun"
    assert set(game.legal_actions()) == {Hold("A1"), Battle("A1", "X2")}
    events = game.apply(Battle("A1", "X2"))          # fires 2 hexes away
    assert dice_of(game) == 3 and "m44.overrun.armor.extra_battle" in cited(events)


@pytest.mark.rule("m44.overrun.target")
def test_the_overrun_must_close_assault_an_adjacent_enemy():
    game = overrun([("X2", "Axis", "infantry", "6,3"), ("X3", "Axis", "infantry", "7,4")])
    assert refused(game, Battle("A1", "X2")) == "m44.battle.close_assault.forced"
    assert game.explain(Battle("A1", "X3")) is None


@pytest.mark.rule("m44.overrun.take_ground_again", "m44.overrun.once_per_turn")
def test_a_second_advance_but_no_third_battle():
    game = overrun([one("X3", "Axis", "infantry", "7,4"), ("X4", "Axis", "infantry", "7,2")])
    game.apply(Battle("A1", "X3"))
    roll(game, faces_are("grenade", "star", "star"))
    assert game.state.position == "battle.take_ground"
    game.apply(TakeGround("A1"))
    assert at(game, "A1") == "7,4"
    assert game.state.position == "battle.choose"    # no further overrun
    assert refused(game, Battle("A1", "X4")) == "m44.battle.unit.once_per_turn"
    assert list(game.legal_actions()) == [EndBattles()]


@pytest.mark.rule("m44.overrun.complete_before_next")
def test_the_overrun_is_finished_before_another_unit_battles():
    game = overrun([("A2", "Allies", "armor", "7,6"), ("X2", "Axis", "infantry", "7,5")], also=["A2"])
    assert "A2" in game.state.rules_state.turn.ordered
    assert refused(game, Battle("A2", "X2")) == "m44.overrun.complete_before_next"
    game.apply(Hold("A1"))
    assert game.explain(Battle("A2", "X2")) is None


@pytest.mark.rule("m44.overrun.terrain_no_battle")
@pytest.mark.parametrize("terrain", ["forest", "town", "hedgerow"])
def test_no_overrun_from_terrain_that_stops_battles(terrain):
    game = overrun([("X2", "Axis", "infantry", "6,3")], terrain={terrain: ["6,5"]},
                   want=faces_are("grenade"))        # 1 die against a unit in that terrain
    assert at(game, "A1") == "6,5"
    assert game.state.position == "battle.choose"
    assert "NoOverrun" in kinds(game.log)


@pytest.mark.rule("m44.terrain.beach.take_ground")
def test_armor_takes_ground_onto_a_beach_and_overruns_from_it():
    game = overrun([("X2", "Axis", "infantry", "6,3")], terrain={"beach": ["6,5"]})
    assert at(game, "A1") == "6,5" and game.state.position == "battle.overrun"
    assert "m44.terrain.beach.take_ground" in cited(game.log)


@pytest.mark.rule("m44.take_ground.infantry")
def test_infantry_gets_no_overrun():
    game = battle([("A1", "Allies", "infantry", "6,6"), one("X1", "Axis", "infantry", "6,5"),
                   ("X2", "Axis", "infantry", "6,3")], want=KILL)
    game.apply(TakeGround("A1"))
    assert game.state.position == "battle.choose"
    assert refused(game, Battle("A1", "X2")) == "m44.battle.unit.once_per_turn"


@pytest.mark.rule("m44.overrun.armor.take_ground")
def test_armor_takes_ground_after_pushing_the_defender_back():
    game = battle([("A1", "Allies", "armor", "6,6"), ("X1", "Axis", "infantry", "6,5")],
                  want=gives("infantry", 0, 1))
    game.apply(Retreat("X1", hx(game, "6,4")))
    game.play_to_decision()
    assert game.state.position == "battle.take_ground"
    game.apply(TakeGround("A1"))
    assert at(game, "A1") == "6,5"
