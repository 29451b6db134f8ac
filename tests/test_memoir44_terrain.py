"""Memoir '44: terrain and obstacles (dice reductions, battling out, movement, entering and battling)."""

from __future__ import annotations

import pytest

from hexlab.rulesets.memoir44.rules import Battle, EndMoves, Move, RemoveWire
from tests.support.memoir44_boards import at, cited, dice_of, give, hx, kinds, make, order, refused, to_battle

FAR = ("XF", "Axis", "infantry", "12,0")


def fight(attacker, frm, to, *, target="infantry", terrain=None, features=None, rules=None, extra=()):
    """Allied ``attacker`` at ``frm`` battles Axis ``target`` at ``to``: the dice it would roll, or the
    clause that refuses the battle."""
    units = [("A1", "Allies", attacker, frm), ("X1", "Axis", target, to), *extra]
    game = make(units, terrain=terrain, features=features, rules=rules, hand=["general_advance", "assault_left",
                                                                            "assault_centre", "assault_right"])
    # an Assault card orders every unit in its section: pick the section A1 is in
    section = game.rules.field.sections_of(hx(game, frm), "Allies")[0]
    to_battle(game, f"assault_{section}", ["A1"])
    error = game.explain(Battle("A1", "X1"))
    if error is not None:
        return error.clause
    game.apply(Battle("A1", "X1"))
    return dice_of(game)


# range 1 = 1,6 -> 2,6; range 2 = 0,6 -> 2,6; range 3 = 0,6 -> 3,6
FROM = {1: "1,6", 2: "0,6", 3: "0,6"}
TO = {1: "2,6", 2: "2,6", 3: "3,6"}

TARGET_TERRAIN = [
    # (terrain, feature, attacker, range, dice, clauses)
    ("forest", None, "infantry", 1, 2, ["m44.terrain.forest.dice", "m44.terrain.general.attacker_type"]),
    ("forest", None, "armor", 1, 1, ["m44.terrain.forest.dice", "m44.terrain.general.attacker_type"]),
    ("forest", None, "infantry", 2, 1, ["m44.terrain.forest.dice"]),
    ("hedgerow", None, "armor", 3, 1, ["m44.terrain.hedgerow.dice"]),
    ("hedgerow", None, "infantry", 1, 2, ["m44.terrain.hedgerow.dice"]),
    ("town", None, "armor", 1, 1, ["m44.terrain.town.dice"]),
    ("town", None, "infantry", 2, 1, ["m44.terrain.town.dice"]),
    ("barracks", None, "infantry", 1, 2, ["m44.terrain.barracks.dice"]),
    ("barracks", None, "armor", 1, 1, ["m44.terrain.barracks.dice"]),
    ("church", None, "armor", 2, 1, ["m44.terrain.church.dice"]),
    ("church", None, "infantry", 1, 2, ["m44.terrain.church.dice"]),
    ("factory", None, "infantry", 2, 1, ["m44.terrain.factory.dice"]),
    ("factory", None, "armor", 1, 1, ["m44.terrain.factory.dice"]),
    (None, "field_bunker", "armor", 1, 1, ["m44.terrain.field_bunker.dice"]),
    (None, "field_bunker", "infantry", 1, 2, ["m44.terrain.field_bunker.dice"]),
    ("hill", None, "armor", 1, 2, ["m44.terrain.hill.dice"]),
    ("hill", None, "infantry", 1, 2, ["m44.terrain.hill.dice"]),
    ("steep_hill", None, "armor", 1, 2, ["m44.terrain.steep_hill.dice"]),
    ("steep_hill", None, "infantry", 2, 1, ["m44.terrain.steep_hill.dice"]),
    ("cliff", None, "infantry", 1, 2, ["m44.terrain.cliff.dice"]),
    ("cliff", None, "armor", 1, 2, ["m44.terrain.cliff.dice"]),
    (None, "sandbags", "armor", 1, 2, ["m44.terrain.sandbags.dice"]),
    (None, "sandbags", "infantry", 1, 2, ["m44.terrain.sandbags.dice"]),
    ("countryside", None, "armor", 3, 3, ["m44.terrain.general.countryside"]),
    ("beach", None, "armor", 1, 3, ["m44.terrain.beach.battle"]),
    (None, "hedgehog", "infantry", 1, 3, ["m44.terrain.hedgehog.battle"]),
    ("bridge", None, "armor", 2, 3, ["m44.terrain.bridge.battle"]),
    ("airfield", None, "armor", 1, 3, ["m44.terrain.airfield.battle"]),
    ("cemetery", None, "infantry", 1, 3, ["m44.terrain.cemetery.battle"]),
    ("dam", None, "infantry", 1, 3, ["m44.terrain.dam.battle"]),
    (None, "wire", "infantry", 1, 3, ["m44.terrain.wire.move_stop"]),   # (wire gives attackers no reduction)
]


@pytest.mark.rule(*sorted({c for row in TARGET_TERRAIN for c in row[5]}))
@pytest.mark.parametrize("terrain, feature, attacker, distance, dice, clauses", TARGET_TERRAIN)
def test_dice_against_a_unit_in_terrain(terrain, feature, attacker, distance, dice, clauses):
    to = TO[distance]
    got = fight(attacker, FROM[distance], to, terrain={terrain: [to]} if terrain else None,
                features={feature: [to]} if feature else None)
    assert got == dice


@pytest.mark.rule("m44.terrain.bunker.dice", "m44.terrain.bunker.original_owner")
@pytest.mark.parametrize("attacker, dice", [("armor", 1), ("infantry", 2)])
def test_dice_against_the_owner_in_a_bunker(attacker, dice):
    assert fight(attacker, "1,6", "2,6", terrain={"bunker": ["2,6"]}, rules={"bunker_owners": {"2,6": "Axis"}}) == dice


@pytest.mark.rule("m44.terrain.bunker.protect_owner_only", "m44.terrain.bunker.original_owner")
def test_a_captured_bunker_protects_nobody():
    # an Axis bunker held by Allied infantry: the Axis attacker rolls its full dice
    units = [("A1", "Allies", "infantry", "2,6"), ("X1", "Axis", "infantry", "1,6")]
    game = make(units, terrain={"bunker": ["2,6"]}, rules={"bunker_owners": {"2,6": "Axis"}}, first="Axis")
    give(game, "Axis", ["assault_right"])             # the Axis player's right is the Allies' left
    to_battle(game, "assault_right", ["X1"])
    game.apply(Battle("X1", "A1"))
    assert dice_of(game) == 3


@pytest.mark.rule("m44.terrain.bunker.original_owner")
def test_a_bunker_without_a_named_owner_belongs_to_the_side_whose_half_it_is_on():
    assert fight("infantry", "1,2", "2,2", terrain={"bunker": ["2,2"]}) == 2    # Axis half (rows 0-3): Axis
    # an Axis unit in a bunker on the Allied half gets no protection
    assert fight("infantry", "1,6", "2,6", terrain={"bunker": ["2,6"]}) == 3


@pytest.mark.rule("m44.terrain.field_bunker.protect_any")
def test_a_field_bunker_protects_whoever_holds_it():
    units = [("A1", "Allies", "infantry", "2,6"), ("X1", "Axis", "armor", "1,6")]
    game = make(units, features={"field_bunker": ["2,6"]}, first="Axis")
    give(game, "Axis", ["assault_right"])
    to_battle(game, "assault_right", ["X1"])
    game.apply(Battle("X1", "A1"))
    assert dice_of(game) == 1


@pytest.mark.rule("m44.terrain.sea_wall.dice", "m44.terrain.sea_wall.behind", "m44.terrain.sea_wall.scope")
def test_a_sea_wall_shelters_only_from_the_seaward_side():
    wall = {"features": {"sea_wall": ["2,6"]}}
    assert fight("armor", "1,6", "2,6", terrain={"beach": ["1,6"]}, **wall) == 2      # from the beach
    assert fight("armor", "1,6", "2,6", terrain={"ocean": ["0,6"], "beach": ["1,6"]}, **wall) == 2
    assert fight("armor", "1,6", "2,6", **wall) == 3                                  # from inland
    # a unit on the beach, in front of the wall, gets nothing
    assert fight("armor", "0,6", "1,6", terrain={"beach": ["0,6", "1,6"]}, **wall) == 3


@pytest.mark.rule("m44.terrain.general.artillery_unmodified")
@pytest.mark.parametrize("terrain, feature", [("town", None), ("forest", None), ("hill", None), (None, "sandbags")])
def test_artillery_ignores_the_targets_terrain(terrain, feature):
    assert fight("artillery", "0,6", "2,6", terrain={terrain: ["2,6"]} if terrain else None,
                 features={feature: ["2,6"]} if feature else None) == 3


@pytest.mark.rule("m44.terrain.general.best_reduction")
def test_terrain_and_obstacle_reductions_do_not_add_up():
    # a field bunker (-2 armor, -1 infantry) on a hill (-1 from below)
    fb = {"terrain": {"hill": ["2,6"]}, "features": {"field_bunker": ["2,6"]}}
    assert fight("armor", "1,6", "2,6", **fb) == 1
    assert fight("infantry", "1,6", "2,6", **fb) == 2
    # sandbags on a beach... on a hill they do not count at all (scope), so a hill with sandbags is -1
    assert fight("armor", "1,6", "2,6", terrain={"hill": ["2,6"]}, features={"sandbags": ["2,6"]}) == 2


@pytest.mark.rule("m44.terrain.sandbags.scope")
def test_sandbags_count_only_on_countryside_or_beach():
    assert fight("armor", "1,6", "2,6", terrain={"beach": ["2,6"]}, features={"sandbags": ["2,6"]}) == 2
    # on a hill, attacked from the same hill: no reduction
    assert fight("armor", "1,6", "2,6", terrain={"hill": ["1,6", "2,6"]}, features={"sandbags": ["2,6"]}) == 3


BATTLE_OUT = [
    ("town", "armor", 2, 1, "m44.terrain.town.armor_battle_out"),
    ("barracks", "armor", 3, 1, "m44.terrain.barracks.armor_battle_out"),
    ("church", "armor", 1, 1, "m44.terrain.church.armor_battle_out"),
    ("factory", "armor", 3, 1, "m44.terrain.factory.armor_battle_out"),
    ("town", "infantry", 1, 3, "m44.terrain.town.dice"),   # only armor battles out of a town at -2
]


@pytest.mark.rule(*[row[4] for row in BATTLE_OUT])
@pytest.mark.parametrize("terrain, attacker, distance, dice, clause", BATTLE_OUT)
def test_battling_out_of_built_up_terrain(terrain, attacker, distance, dice, clause):
    frm = FROM[distance]
    assert fight(attacker, frm, TO[distance], terrain={terrain: [frm]}) == dice


@pytest.mark.rule("m44.terrain.wire.infantry_battle_out")
def test_infantry_in_wire_battles_at_minus_one():
    assert fight("infantry", "1,6", "2,6", features={"wire": ["1,6"]}) == 2
    assert fight("armor", "1,6", "2,6", features={"wire": ["1,6"]}) == 3


@pytest.mark.rule("m44.terrain.general.battle_out_cumulative", "m44.terrain.general.min_dice")
def test_battling_out_adds_to_the_targets_terrain():
    # armor in a town fires at armor in a forest at range 2: 3 - 2 - 2 < 0: no battle
    assert fight("armor", "0,6", "2,6", target="armor", terrain={"town": ["0,6"], "forest": ["2,6"]}) == \
        "m44.terrain.general.min_dice"
    # infantry in wire close assaults a unit in a forest: 3 - 1 - 1 = 1
    assert fight("infantry", "1,6", "2,6", terrain={"forest": ["2,6"]}, features={"wire": ["1,6"]}) == 1


@pytest.mark.rule("m44.terrain.general.min_dice")
def test_a_battle_of_zero_dice_cannot_be_made():
    assert fight("infantry", "0,6", "3,6", terrain={"forest": ["3,6"]}) == "m44.terrain.general.min_dice"


@pytest.mark.rule("m44.terrain.hill.from_below", "m44.terrain.hill.height")
def test_hill_reductions_count_only_from_below():
    assert fight("infantry", "1,6", "2,6", terrain={"hill": ["1,6", "2,6"]}) == 3          # same height
    assert fight("infantry", "1,6", "2,6", terrain={"hill": ["2,6"]}) == 2                 # from below
    # heights come from the scenario where it gives them
    assert fight("infantry", "1,6", "2,6", terrain={"hill": ["1,6", "2,6"]}, rules={"heights": {"2,6": 2}}) == 2
    assert fight("infantry", "1,6", "2,6", terrain={"hill": ["2,6"]}, rules={"heights": {"1,6": 1}}) == 3
    # a hill-top attacker on a lower target gets no penalty from its own hill
    assert fight("infantry", "1,6", "2,6", terrain={"hill": ["1,6"]}) == 3


@pytest.mark.rule("m44.terrain.hill.height", "m44.terrain.cliff.from_below")
def test_cliffs_and_bluffs_count_from_below_only():
    assert fight("infantry", "1,6", "2,6", terrain={"beach": ["1,6"], "cliff": ["2,6"]}) == 2
    assert fight("infantry", "1,6", "2,6", terrain={"hill": ["1,6"], "cliff": ["2,6"]}) == 3


@pytest.mark.rule("m44.terrain.steep_hill.from_below")
def test_steep_hill_reduction_counts_from_below_only():
    assert fight("armor", "1,6", "2,6", terrain={"steep_hill": ["1,6", "2,6"]}) == 3
    assert fight("armor", "1,6", "2,6", terrain={"steep_hill": ["2,6"]}) == 2


# ---------------------------------------------------------------------------------- movement

# rivers seal row 4 from 0,4 to 4,4: a unit at 0,4 can only go 1,4, 2,4, 3,4 in that order
CORRIDOR = [f"{c},3" for c in range(6)] + [f"{c},5" for c in range(6)]


def corridor(kind, *, terrain=None, features=None, start="0,4", extra=(), **kw):
    terrain = {k: list(v) for k, v in (terrain or {}).items()}
    taken = {x for v in terrain.values() for x in v}
    terrain.setdefault("river", []).extend(h for h in CORRIDOR if h not in taken)
    units = [("A1", "Allies", kind, start), FAR, *extra]
    game = make(units, terrain=terrain, features=features, hand=["assault_left"], **kw)
    order(game, "assault_left", ["A1"])
    return game


def reach(game, uid="A1"):
    return sorted(game.board.label(a.to) for a in game.legal_actions() if isinstance(a, Move) and a.unit == uid)


STOPS = [("forest", None, "m44.terrain.forest.move_stop"), ("town", None, "m44.terrain.town.move_stop"),
         ("hedgerow", None, "m44.terrain.hedgerow.move_stop"), ("barracks", None, "m44.terrain.barracks.move_stop"),
         ("church", None, "m44.terrain.church.move_stop"), ("factory", None, "m44.terrain.factory.move_stop"),
         (None, "wire", "m44.terrain.wire.move_stop")]


@pytest.mark.rule(*[c for _, _, c in STOPS])
@pytest.mark.parametrize("terrain, feature, clause", STOPS)
def test_terrain_that_ends_a_move(terrain, feature, clause):
    game = corridor("armor", terrain={terrain: ["1,4"]} if terrain else None,
                    features={feature: ["1,4"]} if feature else None)
    assert reach(game) == ["1,4"]                       # its 2 remaining hexes are lost
    events = game.apply(Move("A1", hx(game, "1,4")))
    assert at(game, "A1") == "1,4" and clause in cited(events)
    # after an open hex, it stops there too (a hedgerow may not even be entered then)
    game = corridor("armor", terrain={terrain: ["2,4"]} if terrain else None,
                    features={feature: ["2,4"]} if feature else None)
    assert reach(game) == (["1,4", "2,4"] if terrain != "hedgerow" else ["1,4"])


@pytest.mark.rule("m44.terrain.general.countryside", "m44.terrain.hill.move", "m44.terrain.bridge.move",
                  "m44.terrain.cemetery.move", "m44.terrain.airfield.move", "m44.terrain.sea_wall.move")
@pytest.mark.parametrize("terrain, feature", [("countryside", None), ("hill", None), ("bridge", None),
                                              ("cemetery", None), ("airfield", None), (None, "sea_wall")])
def test_terrain_that_does_not_slow_armor(terrain, feature):
    hexes = ["1,4", "2,4", "3,4"]
    game = corridor("armor", terrain={terrain: hexes} if terrain else None, features={feature: hexes} if feature else None,
                    extra=[("X1", "Axis", "infantry", "4,4")])
    assert reach(game) == hexes
    game.apply(Move("A1", hx(game, "3,4")))
    game.apply(EndMoves())
    game.apply(Battle("A1", "X1"))
    assert dice_of(game) == 3


IMPASSABLE = [
    ("river", None, "infantry", "m44.terrain.river.impassable"),
    ("river", None, "armor", "m44.terrain.river.impassable"),
    ("bunker", None, "armor", "m44.terrain.bunker.impassable"),
    ("bunker", None, "artillery", "m44.terrain.bunker.impassable"),
    ("dam", None, "armor", "m44.terrain.dam.impassable"),
    ("dam", None, "artillery", "m44.terrain.dam.impassable"),
    (None, "hedgehog", "armor", "m44.terrain.hedgehog.impassable"),
    (None, "hedgehog", "artillery", "m44.terrain.hedgehog.impassable"),
    (None, "field_bunker", "armor", "m44.terrain.field_bunker.impassable"),
    (None, "field_bunker", "artillery", "m44.terrain.field_bunker.impassable"),
]


@pytest.mark.rule(*sorted({row[3] for row in IMPASSABLE}))
@pytest.mark.parametrize("terrain, feature, kind, clause", IMPASSABLE)
def test_impassable_terrain(terrain, feature, kind, clause):
    game = corridor(kind, terrain={terrain: ["1,4"]} if terrain else None,
                    features={feature: ["1,4"]} if feature else None)
    assert reach(game) == []
    assert refused(game, Move("A1", hx(game, "1,4"))) == clause


@pytest.mark.rule("m44.terrain.river.impassable", "m44.terrain.bridge.move")
def test_a_river_is_crossed_only_on_a_bridge():
    # a river across row 4; 6,4 is the bridge
    river = [f"{c},4" for c in range(13) if c != 6]
    units = [("A1", "Allies", "infantry", "6,5"), ("A2", "Allies", "armor", "3,5"), FAR]
    game = make(units, terrain={"river": river, "bridge": ["6,4"]}, hand=["general_advance"])
    order(game, "general_advance", ["A1", "A2"])
    assert "6,3" in reach(game, "A1") and "5,3" in reach(game, "A1")
    assert [h for h in reach(game, "A2") if h.endswith(",3") or h.endswith(",4")] == ["6,4"]   # the bridge


@pytest.mark.rule("m44.terrain.bridge.destroyed")
def test_a_destroyed_bridge_is_impassable():
    river = [f"{c},4" for c in range(13) if c != 6]
    units = [("A1", "Allies", "infantry", "6,5"), FAR]
    game = make(units, terrain={"river": river, "bridge": ["6,4"]}, features={"destroyed": ["6,4"]},
                hand=["assault_centre"])
    order(game, "assault_centre", ["A1"])
    assert [h for h in reach(game) if h.endswith(",3") or h.endswith(",4")] == []
    assert refused(game, Move("A1", hx(game, "6,4"))) == "m44.terrain.river.impassable"


INFANTRY_IN = [
    ("bunker", None, "m44.terrain.bunker.infantry_move"),
    (None, "field_bunker", "m44.terrain.field_bunker.infantry_move"),
    (None, "hedgehog", "m44.terrain.hedgehog.infantry_move"),
    ("dam", None, "m44.terrain.dam.infantry_move"),
]


@pytest.mark.rule(*[c for _, _, c in INFANTRY_IN])
@pytest.mark.parametrize("terrain, feature, clause", INFANTRY_IN)
def test_infantry_enters_fortifications_and_still_battles(terrain, feature, clause):
    game = corridor("infantry", terrain={terrain: ["1,4"]} if terrain else None,
                    features={feature: ["1,4"]} if feature else None, extra=[("X1", "Axis", "infantry", "2,4")])
    assert "1,4" in reach(game)
    game.apply(Move("A1", hx(game, "1,4")))
    game.apply(EndMoves())
    game.apply(Battle("A1", "X1"))
    assert dice_of(game) == 3


@pytest.mark.rule("m44.terrain.hedgehog.infantry_move", "m44.terrain.dam.infantry_move")
@pytest.mark.parametrize("terrain, feature", [("dam", None), (None, "hedgehog")])
def test_infantry_passes_through_dams_and_hedgehogs(terrain, feature):
    game = corridor("infantry", terrain={terrain: ["1,4"]} if terrain else None,
                    features={feature: ["1,4"]} if feature else None)
    assert reach(game) == ["1,4", "2,4"]


NO_BATTLE = [("forest", "m44.terrain.forest.no_battle"), ("town", "m44.terrain.town.no_battle"),
             ("hedgerow", "m44.terrain.hedgerow.no_battle"), ("barracks", "m44.terrain.barracks.no_battle"),
             ("church", "m44.terrain.church.no_battle"), ("factory", "m44.terrain.factory.no_battle")]


@pytest.mark.rule(*[c for _, c in NO_BATTLE])
@pytest.mark.parametrize("terrain, clause", NO_BATTLE)
@pytest.mark.parametrize("kind", ["infantry", "armor"])
def test_no_battle_after_entering(terrain, clause, kind):
    game = corridor(kind, terrain={terrain: ["1,4"]}, extra=[("X1", "Axis", "infantry", "2,4")])
    game.apply(Move("A1", hx(game, "1,4")))
    game.apply(EndMoves())
    assert refused(game, Battle("A1", "X1")) == clause
    # a unit that started the turn there battles as usual
    game = corridor(kind, terrain={terrain: ["1,4"]}, start="1,4", extra=[("X1", "Axis", "infantry", "2,4")])
    game.apply(EndMoves())
    assert game.explain(Battle("A1", "X1")) is None


@pytest.mark.rule("m44.terrain.hedgerow.enter_from_adjacent")
def test_a_hedgerow_is_entered_only_from_next_to_it():
    game = corridor("armor", terrain={"hedgerow": ["2,4"]})
    assert reach(game) == ["1,4"]
    assert refused(game, Move("A1", hx(game, "2,4"))) == "m44.terrain.hedgerow.enter_from_adjacent"
    game = corridor("armor", terrain={"hedgerow": ["2,4"]}, start="1,4")
    assert "2,4" in reach(game)


@pytest.mark.rule("m44.terrain.beach.move")
def test_a_move_onto_a_beach_covers_at_most_two_hexes():
    game = corridor("armor", terrain={"beach": ["2,4", "3,4"]})
    assert reach(game) == ["1,4", "2,4"]
    assert refused(game, Move("A1", hx(game, "3,4"))) == "m44.terrain.beach.move"
    game = corridor("armor", terrain={"beach": ["1,4"]})        # a beach entered first caps the move too
    assert reach(game) == ["1,4", "2,4"]
    game = corridor("armor")
    assert reach(game) == ["1,4", "2,4", "3,4"]


@pytest.mark.rule("m44.terrain.ocean.move")
def test_a_move_into_or_out_of_the_ocean_covers_one_hex():
    game = corridor("infantry", terrain={"ocean": ["0,4"]})
    assert reach(game) == ["1,4"]
    assert refused(game, Move("A1", hx(game, "2,4"))) == "m44.terrain.ocean.move"
    game = corridor("infantry", terrain={"ocean": ["1,4", "2,4"]})
    assert reach(game) == ["1,4"]


@pytest.mark.rule("m44.terrain.ocean.no_battle")
def test_no_battle_from_the_ocean():
    game = corridor("infantry", terrain={"ocean": ["0,4"], "beach": ["1,4"]}, extra=[("X1", "Axis", "infantry", "1,4")])
    game.apply(EndMoves())
    assert refused(game, Battle("A1", "X1")) == "m44.terrain.ocean.no_battle"


@pytest.mark.rule("m44.terrain.steep_hill.move_up", "m44.terrain.steep_hill.designation")
def test_climbing_a_steep_hill_costs_two_hexes():
    game = corridor("infantry", terrain={"steep_hill": ["1,4"]}, extra=[("X1", "Axis", "infantry", "2,4")])
    assert reach(game) == ["1,4"]
    game.apply(Move("A1", hx(game, "1,4")))
    game.apply(EndMoves())
    assert refused(game, Battle("A1", "X1")) == "m44.move.infantry.two_hex_no_battle"
    # a plain hill costs 1
    game = corridor("infantry", terrain={"hill": ["1,4"]})
    assert reach(game) == ["1,4", "2,4"]


@pytest.mark.rule("m44.terrain.steep_hill.move_down")
def test_moving_down_or_along_steep_hills_costs_one():
    game = corridor("armor", terrain={"steep_hill": ["0,4", "1,4"]})
    assert reach(game) == ["1,4", "2,4", "3,4"]


@pytest.mark.rule("m44.terrain.cliff.infantry_beach_move")
def test_infantry_between_beach_and_cliff_pays_two():
    game = corridor("infantry", terrain={"beach": ["0,4"], "cliff": ["1,4"]}, extra=[("X1", "Axis", "infantry", "2,4")])
    assert reach(game) == ["1,4"]
    game.apply(Move("A1", hx(game, "1,4")))
    game.apply(EndMoves())
    assert refused(game, Battle("A1", "X1")) == "m44.move.infantry.two_hex_no_battle"
    game = corridor("infantry", terrain={"cliff": ["0,4"], "beach": ["1,4"]})
    assert reach(game) == ["1,4"]


@pytest.mark.rule("m44.terrain.cliff.armor_artillery_beach")
@pytest.mark.parametrize("kind", ["armor", "artillery"])
@pytest.mark.parametrize("start, step", [("beach", "cliff"), ("cliff", "beach")])
def test_armor_and_artillery_never_cross_between_beach_and_cliff(kind, start, step):
    game = corridor(kind, terrain={start: ["0,4"], step: ["1,4"]})
    assert reach(game) == []


@pytest.mark.rule("m44.terrain.cliff.inland_as_hill")
def test_from_inland_a_cliff_is_a_plain_hill():
    game = corridor("armor", terrain={"cliff": ["1,4"]}, extra=[("X1", "Axis", "infantry", "4,4")])
    assert reach(game) == ["1,4", "2,4", "3,4"]
    game.apply(Move("A1", hx(game, "3,4")))
    game.apply(EndMoves())
    game.apply(Battle("A1", "X1"))
    assert dice_of(game) == 3


@pytest.mark.rule("m44.terrain.wire.infantry_remove")
def test_infantry_in_wire_may_clear_it_instead_of_battling():
    game = corridor("infantry", start="1,4", features={"wire": ["1,4"]}, extra=[("X1", "Axis", "infantry", "2,4")])
    game.apply(EndMoves())
    assert RemoveWire("A1") in set(game.legal_actions())
    events = game.apply(RemoveWire("A1"))
    assert "wire" not in game.state.features.get(hx(game, "1,4"), [])
    assert "m44.terrain.wire.infantry_remove" in cited(events)
    assert refused(game, Battle("A1", "X1")) == "m44.battle.unit.once_per_turn"


@pytest.mark.rule("m44.terrain.wire.armor_remove")
def test_armor_crushes_wire_on_entry_and_still_battles():
    game = corridor("armor", features={"wire": ["1,4"]}, extra=[("X1", "Axis", "infantry", "3,4")])
    assert reach(game) == ["1,4"]
    events = game.apply(Move("A1", hx(game, "1,4")))
    assert "WireRemoved" in kinds(events)
    assert "wire" not in game.state.features.get(hx(game, "1,4"), [])
    game.apply(EndMoves())
    game.apply(Battle("A1", "X1"))
    assert dice_of(game) == 3


@pytest.mark.rule("m44.terrain.sandbags.remove")
def test_sandbags_go_when_their_unit_leaves():
    game = corridor("infantry", features={"sandbags": ["0,4"]})
    events = game.apply(Move("A1", hx(game, "1,4")))
    assert "SandbagsRemoved" in kinds(events)
    assert "sandbags" not in game.state.features.get(hx(game, "0,4"), [])


@pytest.mark.rule("m44.terrain.sea_wall.permanent")
def test_a_sea_wall_stays_when_its_unit_leaves():
    game = corridor("infantry", features={"sea_wall": ["0,4"]})
    game.apply(Move("A1", hx(game, "1,4")))
    assert "sea_wall" in game.state.features[hx(game, "0,4")]


@pytest.mark.rule("m44.terrain.bunker.arc", "m44.terrain.field_bunker.arc")
@pytest.mark.parametrize("terrain, feature", [("bunker", None), (None, "field_bunker")])
def test_a_unit_in_a_bunker_fires_in_every_direction(terrain, feature):
    # Allied infantry in a bunker fires at an enemy behind it (toward the Allied edge)
    got = fight("infantry", "2,5", "2,7", terrain={terrain: ["2,5"]} if terrain else None,
                features={feature: ["2,5"]} if feature else None, rules={"bunker_owners": {"2,5": "Allies"}}
                if terrain else None)
    assert got == 2
