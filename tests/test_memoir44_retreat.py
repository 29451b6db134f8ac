"""Memoir '44: flags and retreats (direction, blocked and off-board losses, the sea, ignoring flags)."""

from __future__ import annotations

import pytest

from hexlab.rulesets.memoir44.rules import IgnoreFlag, Retreat, StopRetreat
from tests.support.memoir44_boards import at, battle, cited, faces_are, hx, kinds, refused

# Allied artillery 2 hexes below its Axis target: 3 dice, no terrain reduction, no sight needed.
GUN = ("A1", "Allies", "artillery", "6,6")
ONE_FLAG = faces_are("flag", "star", "star")
TWO_FLAGS = faces_are("flag", "flag", "star")
THREE_FLAGS = faces_are("flag", "flag", "flag")


def retreats(game):
    return sorted(game.board.label(a.to) for a in game.legal_actions() if isinstance(a, Retreat))


def target(kind="infantry", at_hex="6,4", **extra):
    return ("X1", "Axis", kind, at_hex, *([extra] if extra else []))


@pytest.mark.rule("m44.retreat.direction.choice")
def test_retreat_goes_toward_the_own_edge_owners_choice():
    game = battle([GUN, target()], want=ONE_FLAG)
    assert game.state.position == "battle.retreat" and game.to_act == "Axis"
    assert retreats(game) == ["5,3", "6,3"]                    # the two row-3 neighbours
    for wrong in ("5,4", "7,4", "6,5"):                        # sideways and forward are not retreats
        assert refused(game, Retreat("X1", hx(game, wrong))) == "m44.retreat.direction.choice"
    game.apply(Retreat("X1", hx(game, "5,3")))
    assert at(game, "X1") == "5,3"


@pytest.mark.rule("m44.retreat.flag.distance")
def test_each_flag_is_one_hex():
    game = battle([GUN, target()], want=TWO_FLAGS)
    game.apply(Retreat("X1", hx(game, "6,3")))
    assert game.state.position == "battle.retreat"
    game.apply(Retreat("X1", hx(game, "6,2")))
    game.play_to_decision()
    assert at(game, "X1") == "6,2" and game.state.position != "battle.retreat"
    assert game.state.units["X1"].strength == 4


@pytest.mark.rule("m44.retreat.terrain.no_effect")
def test_terrain_does_not_stop_a_retreat():
    game = battle([GUN, target()], terrain={"forest": ["5,3", "6,3"]}, want=TWO_FLAGS)
    game.apply(Retreat("X1", hx(game, "6,3")))
    assert game.state.position == "battle.retreat"           # not stopped by the forest
    game.apply(Retreat("X1", hx(game, "6,2")))
    assert at(game, "X1") == "6,2"


@pytest.mark.rule("m44.retreat.terrain.impassable")
def test_no_retreat_into_impassable_terrain():
    # armor: a river on one side, a bunker on the other
    game = battle([GUN, target("armor")], terrain={"river": ["5,3"]}, want=ONE_FLAG)
    assert at(game, "X1") == "6,3"                           # its only way back, taken at once
    game = battle([GUN, target("armor")], terrain={"river": ["5,3"], "bunker": ["6,3"]}, want=ONE_FLAG)
    assert at(game, "X1") == "6,4" and game.state.units["X1"].strength == 2


@pytest.mark.rule("m44.retreat.units.block", "m44.retreat.blocked.loss")
@pytest.mark.parametrize("side", ["Axis", "Allies"])
def test_units_behind_block_a_retreat_and_each_missing_hex_costs_a_figure(side):
    blockers = [("B1", side, "infantry", "5,3"), ("B2", side, "infantry", "6,3")]
    game = battle([GUN, target(), *blockers], want=TWO_FLAGS)
    assert at(game, "X1") == "6,4"
    assert game.state.units["X1"].strength == 2
    assert "RetreatBlocked" in kinds(game.log)


@pytest.mark.rule("m44.retreat.blocked.loss")
def test_a_retreat_blocked_half_way_costs_the_rest():
    blockers = [("B1", "Axis", "infantry", "6,2"), ("B2", "Axis", "infantry", "7,2")]
    game = battle([GUN, target(), *blockers, ("B3", "Axis", "infantry", "5,3")], want=TWO_FLAGS)
    # first hex: only 6,3 is free (taken at once); from there 6,2 and 7,2 are both held
    assert at(game, "X1") == "6,3"
    assert game.state.units["X1"].strength == 3


@pytest.mark.rule("m44.retreat.off_board.loss")
def test_a_retreat_off_the_board_costs_a_figure():
    game = battle([("A1", "Allies", "artillery", "6,2"), target("armor", "6,0")], want=ONE_FLAG)
    assert at(game, "X1") == "6,0"
    assert game.state.units["X1"].strength == 2
    assert "m44.retreat.off_board.loss" in cited(game.log)


@pytest.mark.rule("m44.retreat.sea.loss", "m44.terrain.ocean.no_retreat")
def test_no_retreat_into_the_sea():
    # Allied infantry on a beach with only ocean behind it (the Allied edge is row 8)
    units = [("X1", "Axis", "artillery", "6,4"), ("A1", "Allies", "infantry", "6,6")]
    game = battle(units, attacker="X1", target="A1", terrain={"beach": ["6,6"], "ocean": ["5,7", "6,7"]},
                  want=TWO_FLAGS)
    assert at(game, "A1") == "6,6"
    assert game.state.units["A1"].strength == 2
    assert "m44.retreat.sea.loss" in cited(game.log)
    # with land on one side, the unit goes there
    game = battle(units, attacker="X1", target="A1", terrain={"beach": ["6,6"], "ocean": ["5,7"]}, want=ONE_FLAG)
    assert at(game, "A1") == "6,7"


@pytest.mark.rule("m44.terrain.cliff.retreat_as_hill")
def test_armor_on_a_beach_may_retreat_up_a_cliff():
    game = battle([GUN, target("armor")], terrain={"beach": ["6,4"], "cliff": ["5,3", "6,3"]}, want=ONE_FLAG)
    assert retreats(game) == ["5,3", "6,3"]


# ---------------------------------------------------------------------------------- ignoring flags

SHELTER = [
    (None, "sandbags", "infantry", "m44.terrain.sandbags.flag"),
    (None, "sandbags", "armor", "m44.terrain.sandbags.flag"),
    (None, "field_bunker", "infantry", "m44.terrain.field_bunker.flag"),
    (None, "hedgehog", "infantry", "m44.terrain.hedgehog.flag"),
    ("cemetery", None, "artillery", "m44.terrain.cemetery.flag"),
    ("church", None, "infantry", "m44.terrain.church.flag"),
    ("dam", None, "infantry", "m44.terrain.dam.flag"),
    ("bunker", None, "infantry", "m44.terrain.bunker.flag"),
]


@pytest.mark.rule("m44.retreat.ignore_flag.general", *[row[3] for row in SHELTER])
@pytest.mark.parametrize("terrain, feature, kind, clause", SHELTER)
def test_sheltering_terrain_lets_the_owner_ignore_one_flag(terrain, feature, kind, clause):
    kw = {"terrain": {terrain: ["6,4"]}} if terrain else {"features": {feature: ["6,4"]}}
    game = battle([GUN, target(kind)], rules={"bunker_owners": {"6,4": "Axis"}} if terrain == "bunker" else None,
                  want=ONE_FLAG, **kw)
    assert IgnoreFlag("X1") in set(game.legal_actions())
    events = game.apply(IgnoreFlag("X1"))
    assert clause in cited(events)
    assert at(game, "X1") == "6,4" and game.state.units["X1"].strength == game.state.units["X1"].max_strength


@pytest.mark.rule("m44.retreat.ignore_flag.general", "m44.terrain.sandbags.flag")
def test_only_the_first_flag_is_ignored_and_ignoring_is_optional():
    game = battle([GUN, target()], features={"sandbags": ["6,4"]}, want=TWO_FLAGS)
    game.apply(IgnoreFlag("X1"))
    assert refused(game, IgnoreFlag("X1")) == "m44.retreat.ignore_flag.general"   # not the second
    game.apply(Retreat("X1", hx(game, "6,3")))
    game.play_to_decision()
    assert at(game, "X1") == "6,3" and game.state.position != "battle.retreat"
    # the owner may also choose to fall back for both flags
    game = battle([GUN, target()], features={"sandbags": ["6,4"]}, want=TWO_FLAGS)
    game.apply(Retreat("X1", hx(game, "6,3")))
    game.apply(Retreat("X1", hx(game, "6,2")))
    assert at(game, "X1") == "6,2"


@pytest.mark.rule("m44.retreat.ignore_flag.general")
def test_in_the_open_no_flag_is_ignored():
    game = battle([GUN, target()], want=ONE_FLAG)
    assert refused(game, IgnoreFlag("X1")) == "m44.retreat.ignore_flag.general"


@pytest.mark.rule("m44.terrain.bunker.flag", "m44.terrain.bunker.protect_owner_only")
def test_a_bunker_shelters_only_its_owner_from_flags():
    game = battle([GUN, target()], terrain={"bunker": ["6,4"]}, rules={"bunker_owners": {"6,4": "Allies"}},
                  want=ONE_FLAG)
    assert IgnoreFlag("X1") not in set(game.legal_actions())


@pytest.mark.rule("m44.terrain.sea_wall.flag")
def test_a_unit_behind_a_sea_wall_ignores_a_flag_from_the_seaward_side():
    game = battle([("A1", "Allies", "artillery", "6,6"), target()], terrain={"beach": ["6,6", "5,5", "6,5"]},
                  features={"sea_wall": ["6,4"]}, want=TWO_FLAGS)
    game.apply(IgnoreFlag("X1"))
    game.apply(Retreat("X1", hx(game, "6,3")))
    game.play_to_decision()
    assert at(game, "X1") == "6,3"


@pytest.mark.rule("m44.terrain.sea_wall.flag", "m44.terrain.sea_wall.behind")
def test_a_sea_wall_gives_no_flag_ignore_against_an_inland_attack():
    game = battle([GUN, target()], features={"sea_wall": ["6,4"]}, want=ONE_FLAG)
    assert IgnoreFlag("X1") not in set(game.legal_actions())
    assert refused(game, IgnoreFlag("X1")) == "m44.retreat.ignore_flag.general"
    assert retreats(game) == ["5,3", "6,3"]


@pytest.mark.rule("m44.terrain.bunker.artillery_no_retreat")
def test_artillery_in_its_bunker_loses_a_figure_for_a_flag_it_does_not_ignore():
    game = battle([GUN, target("artillery", "6,4")], terrain={"bunker": ["6,4"]},
                  rules={"bunker_owners": {"6,4": "Axis"}}, want=TWO_FLAGS)
    game.apply(IgnoreFlag("X1"))
    game.play_to_decision()
    assert at(game, "X1") == "6,4" and game.state.units["X1"].strength == 1


@pytest.mark.rule("m44.terrain.bunker.artillery_no_retreat")
def test_artillery_in_a_bunker_is_never_offered_a_retreat():
    game = battle([GUN, target("artillery", "6,4")], terrain={"bunker": ["6,4"]},
                  rules={"bunker_owners": {"6,4": "Axis"}}, want=TWO_FLAGS)
    assert retreats(game) == []


@pytest.mark.rule("m44.terrain.field_bunker.no_retreat")
@pytest.mark.parametrize("kind", ["armor", "artillery"])
def test_armor_and_artillery_in_a_field_bunker_lose_figures_instead_of_retreating(kind):
    game = battle([GUN, target(kind, "6,4")], features={"field_bunker": ["6,4"]}, want=TWO_FLAGS)
    game.apply(IgnoreFlag("X1"))
    game.play_to_decision()
    assert at(game, "X1") == "6,4"
    assert game.state.units["X1"].strength == game.state.units["X1"].max_strength - 1
    assert "m44.terrain.field_bunker.no_retreat" in cited(game.log)


@pytest.mark.rule("m44.terrain.field_bunker.no_retreat")
def test_armor_in_a_field_bunker_is_never_offered_a_retreat():
    game = battle([GUN, target("armor", "6,4")], features={"field_bunker": ["6,4"]}, want=ONE_FLAG)
    assert retreats(game) == []


# ---------------------------------------------------------------------------------- nations

JAPAN = {"rules": {"nations": {"Axis": "japan"}}}


@pytest.mark.rule("m44.nation.japan.yamato.ignore_one")
def test_japanese_infantry_must_ignore_the_first_flag():
    game = battle([GUN, target()], want=ONE_FLAG, **JAPAN)
    assert game.state.position == "battle.choose"          # no retreat decision at all
    assert at(game, "X1") == "6,4"
    assert "m44.nation.japan.yamato.ignore_one" in cited(game.log)
    game = battle([GUN, target()], want=TWO_FLAGS, **JAPAN)
    assert retreats(game) == ["5,3", "6,3"]
    assert IgnoreFlag("X1") not in set(game.legal_actions())
    game.apply(Retreat("X1", hx(game, "6,3")))
    game.play_to_decision()
    assert at(game, "X1") == "6,3" and game.state.position != "battle.retreat"
    # Japanese armor gets nothing of the kind
    game = battle([GUN, target("armor")], want=ONE_FLAG, **JAPAN)
    assert game.state.position == "battle.retreat"


@pytest.mark.rule("m44.nation.japan.yamato.terrain_two")
def test_japanese_infantry_in_sheltering_terrain_ignores_two_flags():
    game = battle([GUN, target()], features={"sandbags": ["6,4"]}, want=THREE_FLAGS, **JAPAN)
    assert IgnoreFlag("X1") not in set(game.legal_actions())
    game.apply(Retreat("X1", hx(game, "6,3")))
    game.play_to_decision()
    assert at(game, "X1") == "6,3" and game.state.position != "battle.retreat"


@pytest.mark.rule("m44.nation.japan.yamato.caves_all", "m44.nation.japan.caves.terrain")
def test_japanese_infantry_in_a_cave_ignores_every_flag():
    game = battle([GUN, target()], terrain={"cave": ["6,4"]}, want=THREE_FLAGS, **JAPAN)
    assert at(game, "X1") == "6,4" and game.state.position == "battle.choose"
    # a cave does nothing for anyone else (the scenario gives it no other effect)
    game = battle([GUN, target()], terrain={"cave": ["6,4"]}, want=ONE_FLAG)
    assert IgnoreFlag("X1") not in set(game.legal_actions()) and retreats(game) == ["5,3", "6,3"]


@pytest.mark.rule("m44.sf.french_resistance.retreat")
def test_french_resistance_retreats_one_to_three_hexes_a_flag():
    fr = target(badge="french_resistance")
    game = battle([GUN, fr], want=ONE_FLAG)
    assert refused(game, StopRetreat("X1")) == "m44.retreat.flag.distance"     # at least one hex
    game.apply(Retreat("X1", hx(game, "6,3")))
    assert StopRetreat("X1") in set(game.legal_actions())
    game.apply(Retreat("X1", hx(game, "6,2")))
    game.apply(Retreat("X1", hx(game, "6,1")))
    game.play_to_decision()
    assert at(game, "X1") == "6,1" and game.state.position != "battle.retreat"
    # or stop after one hex
    game = battle([GUN, fr], want=ONE_FLAG)
    game.apply(Retreat("X1", hx(game, "6,3")))
    game.apply(StopRetreat("X1"))
    game.play_to_decision()
    assert at(game, "X1") == "6,3" and game.state.position != "battle.retreat"


@pytest.mark.rule("m44.nation.italy.motorized.retreat")
def test_italian_units_retreat_up_to_three_hexes_a_flag():
    game = battle([GUN, target("armor")], want=ONE_FLAG, rules={"nations": {"Axis": "italy"}})
    for h in ("6,3", "6,2", "6,1"):
        game.apply(Retreat("X1", hx(game, h)))
    game.play_to_decision()
    assert at(game, "X1") == "6,1" and game.state.position != "battle.retreat"
    assert "m44.nation.italy.motorized.retreat" in cited(game.log)


@pytest.mark.rule("m44.nation.italy.artillery_bravery")
def test_italian_artillery_may_ignore_a_flag_anywhere():
    game = battle([GUN, target("artillery")], want=ONE_FLAG, rules={"nations": {"Axis": "italy"}})
    events = game.apply(IgnoreFlag("X1"))
    assert at(game, "X1") == "6,4"
    assert "m44.nation.italy.artillery_bravery" in cited(events)
    # standard artillery may not
    game = battle([GUN, target("artillery")], want=ONE_FLAG)
    assert IgnoreFlag("X1") not in set(game.legal_actions())
