"""Cactus Air Force Ground Combat: ground moves (overland, naval transport, amphibious invasion), air cover over
sea routes, contested boxes and stacking. Refusals name their clause and leave the state untouched."""

from __future__ import annotations

from dataclasses import asdict

import pytest

from hexlab.rulesets.cactus.rules import EndMoves, Move
from tests.support.cactus_boards import (
    BR,
    CE,
    GC,
    JP,
    MU,
    US,
    WILDCATS,
    ZEROS,
    came_from,
    end_moves,
    event,
    face,
    make,
    pass_until,
    refused,
    seaborne,
    where,
)

SETUP = [("1Mar", US, "1mar", GC), ("Res", US, "1mar_res", BR), ("S1", JP, "snlf", CE), ("S2", JP, "snlf", MU)]


def game_with(units=SETUP, **rules):
    rules.setdefault("fighters", [WILDCATS, ZEROS])
    return make(units, **rules)


def labels(game, hexes):
    return [game.board.labels.label(h) for h in hexes]


@pytest.mark.rule("caf.movement.locations.four_boxes_only")
def test_only_the_four_boxes():
    game = game_with()
    assert refused(game, Move("S2", "tulagi", "transport")) == "caf.movement.locations.four_boxes_only"
    assert refused(game, Move("S2", "7/11", "transport")) == "caf.movement.locations.four_boxes_only"
    destinations = {m.to for m in game.legal_actions() if isinstance(m, Move)}
    assert destinations <= {GC, BR, CE, MU}


@pytest.mark.rule("caf.movement.option.overland", "caf.air.cover.not_needed_overland",
                  "caf.movement.direct_location_to_location")
def test_overland_straight_to_a_linked_box_without_fighters():
    game = make(SETUP)  # no fighters at all
    events = game.apply(Move("S1", BR, "overland"))  # Cape Esperance to Beach Red: no stop at Guadalcanal
    assert where(game, "S1") == BR
    moved = [e for e in events if e.kind == "UnitMoved"]
    assert len(moved) == 1 and moved[0].data["frm"] == CE and moved[0].data["to"] == BR
    assert "caf.air.cover.not_needed_overland" in moved[0].clauses and not any(e.kind == "AirCover" for e in events)
    assert refused(game, Move("S2", MU, "transport")) == "caf.movement.direct_location_to_location"
    assert refused(game, Move("S2", CE, "sideways")) == "caf.movement.direct_location_to_location"


@pytest.mark.rule("caf.movement.overland_connections")
def test_munda_has_no_land_link():
    game = game_with(units=[("1Mar", US, "1mar", GC), ("S2", JP, "snlf", MU)])
    assert game.rules.ground.linked(GC, BR) and game.rules.ground.linked(BR, CE) and game.rules.ground.linked(CE, GC)
    assert not any(game.rules.ground.linked(MU, b) for b in (GC, BR, CE))
    assert refused(game, Move("S2", CE, "overland")) == "caf.movement.overland_connections"
    assert game.is_legal(Move("S2", CE, "transport"))


@pytest.mark.rule("caf.movement.option.naval_transport", "caf.movement.sea_move_ends_in_destination")
def test_naval_transport_into_a_box_with_no_enemy():
    game = game_with()
    assert refused(game, Move("S2", GC, "transport")) == "caf.movement.option.naval_transport"
    game.apply(Move("S1", BR, "overland"))
    events = game.apply(Move("S2", CE, "transport"))
    assert where(game, "S2") == CE
    assert "caf.movement.sea_move_ends_in_destination" in event(events, "UnitMoved").clauses
    assert seaborne(game, "S2") is False  # no enemy there: not an invasion
    # the move ended there: S2 cannot sail or march on this turn
    end_moves(game)
    pass_until(game, "ground.move")
    assert game.state.rules_state.hour == 2
    assert refused(game, Move("S2", GC, "overland")) == "caf.movement.once_per_turn"


@pytest.mark.rule("caf.movement.option.amphibious_invasion", "caf.movement.may_enter_enemy_box")
def test_amphibious_invasion_into_an_enemy_box():
    far_zeros = dict(ZEROS, reach=4)
    game = game_with(fighters=[WILDCATS, far_zeros])
    assert refused(game, Move("S2", CE, "invasion")) == "caf.movement.option.amphibious_invasion"
    game.apply(Move("S1", BR, "overland"))  # S1 attacks the reserve at Beach Red
    events = game.apply(Move("S2", GC, "invasion"))
    assert where(game, "S2") == GC
    joined = event(events, "BattleJoined")
    assert "caf.movement.may_enter_enemy_box" in joined.clauses
    assert asdict(game.state.rules_state.fights[GC]) == {"attacker": JP, "defender": US}
    assert {"counter": face(game, "S2")[0], "face": face(game, "S2")[1], "came_from": came_from(game, "S2"),
            "seaborne": seaborne(game, "S2")} == {"counter": "snlf_full", "face": "front", "came_from": None,
                                                  "seaborne": True}
    assert came_from(game, "S1") == CE and not seaborne(game, "S1")
    assert game.state.units["S2"].attrs == {}  # and nothing else is kept about it by string key


@pytest.mark.rule("caf.air.cover.required_for_sea_moves", "caf.air.cover.route_and_speed_defaults")
def test_sea_moves_need_fighters_over_every_box_of_the_route():
    game = make(SETUP)  # no fighters
    assert refused(game, Move("S2", CE, "transport")) == "caf.air.cover.required_for_sea_moves"
    assert "7/10, 7/11, 7/12" in game.explain(Move("S2", CE, "transport")).reason
    game = game_with()
    route = game.rules.ground.route(MU, CE)
    assert labels(game, route) == ["7/10", "7/11", "7/12"]  # the start box is not part of it
    assert labels(game, game.rules.ground.route(MU, GC)) == ["7/10", "7/11", "7/12", "7/13"]
    # the Zeros at Munda (reach 3) cover 7/10 to 7/12 but not Guadalcanal, 4 boxes away
    used, bare = game.rules.ground.cover(JP, 1, game.rules.ground.route(MU, GC))
    assert used == ["zeros"] and labels(game, bare) == ["7/13"]
    # Cape Esperance holds S1 already: 8 Japanese steps would break stacking
    assert refused(game, Move("S2", CE, "transport")) == "caf.stacking.four_steps_per_box"
    game.apply(Move("S1", BR, "overland"))
    events = game.apply(Move("S2", CE, "transport"))
    cover = event(events, "AirCover")
    assert cover.data["fighters"] == ["zeros"] and "7/10, 7/11, 7/12" in cover.text


@pytest.mark.rule("caf.air.cover.within_fighter_speed")
def test_a_fighter_covers_only_boxes_within_its_speed():
    short = dict(ZEROS, reach=2)
    game = game_with(units=[("1Mar", US, "1mar", GC), ("S2", JP, "snlf", MU)], fighters=[short])
    assert refused(game, Move("S2", CE, "transport")) == "caf.air.cover.required_for_sea_moves"
    game = game_with(units=[("1Mar", US, "1mar", GC), ("S2", JP, "snlf", MU)], fighters=[dict(ZEROS, reach=3)])
    assert game.is_legal(Move("S2", CE, "transport"))
    # fighters fly only in their hours
    late = dict(ZEROS, hours=[2])
    game = game_with(units=[("1Mar", US, "1mar", GC), ("S2", JP, "snlf", MU)], fighters=[late])
    assert refused(game, Move("S2", CE, "transport")) == "caf.air.cover.required_for_sea_moves"
    end_moves(game)
    pass_until(game, "ground.move")
    assert game.state.rules_state.hour == 2 and game.is_legal(Move("S2", CE, "transport"))


@pytest.mark.rule("caf.movement.once_per_turn")
def test_each_unit_moves_once_a_turn():
    game = game_with()
    game.apply(Move("S1", BR, "overland"))
    assert refused(game, Move("S1", CE, "overland")) == "caf.movement.once_per_turn"
    end_moves(game)
    pass_until(game, "end.vp")
    pass_until(game, "ground.move")
    assert game.state.turn == 2
    assert where(game, "S1") in (BR, CE)  # it fought at Beach Red, and may have been thrown back


@pytest.mark.rule("caf.movement.once_per_turn", "caf.combat.retreat_overland_to_start")
def test_a_retreat_is_not_the_units_move():
    from tests.support.cactus_boards import roll

    game = make([("A", US, "1mar", GC), ("S", JP, "snlf", GC, {"came_from": CE})])
    assert game.state.position == "combat.banzai"
    from hexlab.rulesets.cactus.rules import Fight

    game.apply(Fight())
    roll(game, [1, 1, 1, 1], [5, 1, 1, 1, 1])
    assert where(game, "S") == CE and "S" not in game.state.rules_state.turn.moved
    pass_until(game, "ground.move")
    assert game.is_legal(Move("S", GC, "overland"))  # the same turn: it has not used its move


@pytest.mark.rule("caf.movement.no_exit_from_contested_box")
def test_no_unit_leaves_a_contested_box():
    game = game_with()
    game.apply(Move("S1", GC, "overland"))
    assert refused(game, Move("S1", CE, "overland")) == "caf.movement.once_per_turn"
    game.apply(EndMoves())
    assert game.to_act == US
    assert refused(game, Move("1Mar", BR, "overland")) == "caf.movement.no_exit_from_contested_box"
    assert refused(game, Move("1Mar", MU, "transport")) == "caf.movement.no_exit_from_contested_box"
    assert game.state.rules_state.pinned == {"1Mar": GC, "S1": GC}


@pytest.mark.rule("caf.stacking.four_steps_per_box")
def test_four_steps_a_side_in_a_box():
    game = game_with()
    game.apply(EndMoves())
    assert refused(game, Move("Res", GC, "overland")) == "caf.stacking.four_steps_per_box"  # 4 + 2 > 4
    assert game.is_legal(Move("Res", CE, "overland"))  # into the enemy's box: 2 Allied steps there
    # per side: the 4 Japanese steps may join the 4 Allied ones (8 in a contested box)
    game = game_with()
    game.apply(Move("S1", GC, "overland"))
    assert game.rules.ground.steps(game.state, GC, JP) == 4 and game.rules.ground.steps(game.state, GC, US) == 4
