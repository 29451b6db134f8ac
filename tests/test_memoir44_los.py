"""Memoir '44: line of sight (what blocks, the edge rule, the endpoints, artillery, hills)."""

from __future__ import annotations

import pytest

from hexlab.rulesets.memoir44.rules import Battle
from tests.support.memoir44_boards import dice_of, hx, make, refused, to_battle


def shot(middle_terrain=None, middle_feature=None, *, attacker="armor", frm="0,6", to="2,6", middle="1,6",
         terrain=None, features=None, extra=(), rules=None):
    """An Allied unit at ``frm`` and Axis infantry at ``to`` with ``middle`` holding a terrain or an
    obstacle; in the battle phase."""
    terrain = dict(terrain or {})
    features = dict(features or {})
    if middle_terrain:
        terrain.setdefault(middle_terrain, []).append(middle)
    if middle_feature:
        features.setdefault(middle_feature, []).append(middle)
    units = [("A1", "Allies", attacker, frm), ("X1", "Axis", "infantry", to), *extra]
    game = make(units, terrain=terrain, features=features, rules=rules, hand=["assault_left"])
    to_battle(game, "assault_left", ["A1"])
    return game


def sees(game, frm="0,6", to="2,6"):
    return game.rules.field.sight(game.state, hx(game, frm), hx(game, to)).clear


BLOCKING = [
    ("forest", None, "m44.terrain.forest.los"), ("hedgerow", None, "m44.terrain.hedgerow.los"),
    ("town", None, "m44.terrain.town.los"), ("hill", None, "m44.terrain.hill.los"),
    ("steep_hill", None, "m44.terrain.steep_hill.los"), ("cliff", None, "m44.terrain.cliff.los"),
    ("bunker", None, "m44.terrain.bunker.los"), ("barracks", None, "m44.terrain.barracks.los"),
    ("church", None, "m44.terrain.church.los"), ("factory", None, "m44.terrain.factory.los"),
    (None, "field_bunker", "m44.terrain.field_bunker.los"),
]
OPEN = [
    ("countryside", None, "m44.terrain.general.countryside"), ("beach", None, "m44.terrain.beach.los"),
    ("ocean", None, "m44.terrain.ocean.los"), ("river", None, "m44.terrain.river.los"),
    ("bridge", None, "m44.terrain.bridge.los"), ("airfield", None, "m44.terrain.airfield.los"),
    ("cemetery", None, "m44.terrain.cemetery.los"), ("dam", None, "m44.terrain.dam.los"),
    (None, "hedgehog", "m44.terrain.hedgehog.los"), (None, "sandbags", "m44.terrain.sandbags.los"),
    (None, "wire", "m44.terrain.wire.los"), (None, "sea_wall", "m44.terrain.sea_wall.los"),
]


@pytest.mark.rule("m44.los.required", "m44.los.block.terrain", *[c for _, _, c in BLOCKING])
@pytest.mark.parametrize("terrain, feature, clause", BLOCKING)
def test_terrain_that_blocks_sight(terrain, feature, clause):
    game = shot(terrain, feature)
    assert not sees(game)
    assert refused(game, Battle("A1", "X1")) == "m44.los.required"


@pytest.mark.rule(*[c for _, _, c in OPEN])
@pytest.mark.parametrize("terrain, feature, clause", OPEN)
def test_terrain_that_leaves_sight_open(terrain, feature, clause):
    game = shot(terrain, feature)
    assert sees(game)
    game.apply(Battle("A1", "X1"))
    assert dice_of(game) == 3            # armor at range 2 in the open


@pytest.mark.rule("m44.los.artillery.exempt")
def test_artillery_fires_over_what_blocks_sight():
    game = shot("forest", attacker="artillery", to="4,6", middle="2,6")
    assert not sees(game, to="4,6")
    game.apply(Battle("A1", "X1"))
    assert dice_of(game) == 2            # range 4, behind a forest


@pytest.mark.rule("m44.los.line.centres")
def test_the_line_runs_centre_to_centre():
    game = shot()
    line = game.rules.field.sight(game.state, hx(game, "0,6"), hx(game, "2,6"))
    assert [game.board.label(h) for h in line.crossed] == ["1,6"] and not line.touched
    line = game.rules.field.sight(game.state, hx(game, "2,4"), hx(game, "5,2"))
    assert [game.board.label(h) for h in line.crossed] == ["3,3"]
    assert sorted(game.board.label(h) for h in line.touched) == ["2,3", "3,4", "4,2", "4,3"]


@pytest.mark.rule("m44.los.block.terrain")
def test_a_blocking_hex_the_line_crosses_blocks_it():
    # 2,4 -> 4,3 (range 3) passes through 3,4 and 3,3, neither along an edge
    for town in ("3,4", "3,3"):
        game = shot(None, frm="2,4", to="4,3", terrain={"town": [town]})
        assert not sees(game, "2,4", "4,3")
        assert refused(game, Battle("A1", "X1")) == "m44.los.required"
    assert sees(shot(None, frm="2,4", to="4,3", terrain={"town": ["4,4"]}), "2,4", "4,3")


@pytest.mark.rule("m44.los.block.unit")
@pytest.mark.parametrize("side", ["Allies", "Axis"])
def test_units_block_sight_whoever_they_belong_to(side):
    game = shot(None, to="3,6", extra=[("B", side, "artillery", "1,6")] if side == "Allies" else
                [("B", side, "artillery", "2,6")])
    assert not sees(game, to="3,6")
    assert refused(game, Battle("A1", "X1")) == "m44.los.required"


@pytest.mark.rule("m44.los.edge.both_sides")
def test_a_line_along_an_edge_is_blocked_only_with_blockers_on_both_sides():
    # 2,4 -> 3,3 runs along the edge between 3,4 and 2,3
    one = shot(None, frm="2,4", to="3,3", terrain={"forest": ["3,4"]})
    assert sees(one, "2,4", "3,3")
    one.apply(Battle("A1", "X1"))
    assert dice_of(one) == 3
    both = shot(None, frm="2,4", to="3,3", terrain={"forest": ["3,4", "2,3"]})
    assert not sees(both, "2,4", "3,3")
    assert refused(both, Battle("A1", "X1")) == "m44.los.required"
    # a unit on one side and a forest on the other block too
    mixed = shot(None, frm="2,4", to="3,3", terrain={"forest": ["2,3"]}, extra=[("B", "Allies", "infantry", "3,4")])
    assert not sees(mixed, "2,4", "3,3")


@pytest.mark.rule("m44.los.edge.both_sides")
def test_blockers_on_both_sides_at_different_edges_further_along_block():
    # 2,4 -> 5,2 grazes 3,4 | 2,3, crosses 3,3, then grazes 4,3 | 4,2
    assert not sees(shot(None, frm="2,4", to="5,2", terrain={"forest": ["3,4", "4,2"]}), "2,4", "5,2")
    assert not sees(shot(None, frm="2,4", to="5,2", terrain={"forest": ["2,3", "4,3"]}), "2,4", "5,2")
    assert sees(shot(None, frm="2,4", to="5,2", terrain={"forest": ["3,4", "4,3"]}), "2,4", "5,2")
    assert sees(shot(None, frm="2,4", to="5,2", terrain={"forest": ["2,3", "4,2"]}), "2,4", "5,2")


@pytest.mark.rule("m44.los.endpoints")
def test_the_attackers_and_targets_own_hexes_never_block():
    game = shot(None, attacker="infantry", terrain={"forest": ["0,6"], "town": ["2,6"]})
    assert sees(game)
    game.apply(Battle("A1", "X1"))
    assert dice_of(game) == 1            # range 2 (2 dice), target in a town (-1)


@pytest.mark.rule("m44.terrain.hill.los_same_height")
def test_a_ridge_does_not_block_sight_along_itself():
    ridge = {"hill": ["0,6", "1,6", "2,6"]}
    game = shot(None, attacker="infantry", terrain=ridge)
    assert sees(game)
    game.apply(Battle("A1", "X1"))
    assert dice_of(game) == 2            # same height: no hill reduction either
    # off the ridge, the middle hill blocks
    assert not sees(shot(None, attacker="infantry", terrain={"hill": ["1,6", "2,6"]}))
    # a higher hill in the middle is not the same group of hills: it blocks
    high = shot(None, attacker="infantry", terrain=ridge, rules={"heights": {"1,6": 2}})
    assert not sees(high)


@pytest.mark.rule("m44.terrain.hill.los_same_height")
def test_hills_of_another_group_still_block():
    # attacker and target on one ridge (0,6 1,5 2,6 is a bent ridge), with a separate hill between them
    game = shot(None, attacker="infantry", frm="0,6", to="3,6", middle="2,6",
                terrain={"hill": ["0,6", "0,5", "1,5", "2,5", "3,6", "1,6"]}, rules={"heights": {"1,6": 2}})
    assert not sees(game, to="3,6")


@pytest.mark.rule("m44.terrain.steep_hill.los")
def test_steep_hills_block_except_within_one_group():
    assert not sees(shot("steep_hill"))
    game = shot(None, attacker="infantry", terrain={"steep_hill": ["0,6", "1,6", "2,6"]})
    assert sees(game)


@pytest.mark.rule("m44.terrain.cliff.los")
def test_cliffs_block_sight_from_the_beach_except_along_the_cliffs():
    game = shot(None, attacker="infantry", terrain={"beach": ["0,6"], "cliff": ["1,6"]})
    assert not sees(game)
    game = shot(None, attacker="infantry", terrain={"cliff": ["0,6", "1,6", "2,6"]})
    assert sees(game)
