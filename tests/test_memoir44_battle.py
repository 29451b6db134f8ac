"""Memoir '44: battles (who may battle, range and dice, hits, figures, medals and victory)."""

from __future__ import annotations

import pytest

from hexlab.rulesets.memoir44.combat import resolve_faces
from hexlab.rulesets.memoir44.data import BATTLE_DIE
from hexlab.rulesets.memoir44.rules import Battle, EndBattles, EndMoves, Move, Retreat
from tests.support.memoir44_boards import (
    at,
    cited,
    dice_of,
    faces_are,
    give,
    gives,
    hx,
    kinds,
    make,
    order,
    pass_turn,
    refused,
    roll,
    snapshot,
    to_battle,
)


def duel(attacker_kind, distance, *, target_kind="infantry", extra=(), **kw):
    """An Allied unit at 0,6 and an Axis target ``distance`` hexes along the row, in the battle phase."""
    units = [("A1", "Allies", attacker_kind, "0,6"), ("X1", "Axis", target_kind, f"{distance},6"), *extra]
    game = make(units, hand=["probe_left", "attack_left", "probe_centre", "probe_right", "attack_right"], **kw)
    to_battle(game, "probe_left", ["A1"])
    return game


RANGE_TABLE = [
    ("infantry", 1, 3, "m44.range.infantry.d1"), ("infantry", 2, 2, "m44.range.infantry.d2"),
    ("infantry", 3, 1, "m44.range.infantry.d3"),
    ("armor", 1, 3, "m44.range.armor.d1"), ("armor", 2, 3, "m44.range.armor.d2"), ("armor", 3, 3, "m44.range.armor.d3"),
    ("artillery", 1, 3, "m44.range.artillery.d1"), ("artillery", 2, 3, "m44.range.artillery.d2"),
    ("artillery", 3, 2, "m44.range.artillery.d3"), ("artillery", 4, 2, "m44.range.artillery.d4"),
    ("artillery", 5, 1, "m44.range.artillery.d5"), ("artillery", 6, 1, "m44.range.artillery.d6"),
]


@pytest.mark.rule(*[row[3] for row in RANGE_TABLE], "m44.range.distance.counting")
@pytest.mark.parametrize("kind, distance, dice, clause", RANGE_TABLE)
def test_the_range_table(kind, distance, dice, clause):
    game = duel(kind, distance)
    events = game.apply(Battle("A1", "X1"))
    assert dice_of(game) == dice
    assert clause in cited(events)


@pytest.mark.rule("m44.range.infantry.max", "m44.range.armor.max", "m44.range.artillery.max")
@pytest.mark.parametrize("kind, distance, clause", [
    ("infantry", 4, "m44.range.infantry.max"), ("armor", 4, "m44.range.armor.max"),
    ("artillery", 7, "m44.range.artillery.max"), ("infantry", 7, "m44.range.infantry.max"),
])
def test_targets_beyond_range_cannot_be_battled(kind, distance, clause):
    game = duel(kind, distance)
    assert refused(game, Battle("A1", "X1")) == clause
    assert list(game.legal_actions()) == [EndBattles()]


@pytest.mark.rule("m44.range.distance.counting")
def test_range_counts_the_target_hex_not_the_attackers():
    # one empty hex between: range 2 (the second number of infantry's 3 2 1)
    game = duel("infantry", 2)
    fld = game.rules.field
    assert len(fld.sight(game.state, hx(game, "0,6"), hx(game, "2,6")).crossed) == 1
    game.apply(Battle("A1", "X1"))
    assert dice_of(game) == 2


@pytest.mark.rule("m44.battle.unit.once_per_turn")
def test_a_unit_battles_once_a_turn():
    game = duel("infantry", 1, extra=[("X2", "Axis", "infantry", "0,5")])
    game.apply(Battle("A1", "X1"))
    roll(game, faces_are("star", "star", "star"))
    assert game.state.position == "battle.choose"
    assert refused(game, Battle("A1", "X2")) == "m44.battle.unit.once_per_turn"
    assert refused(game, Battle("A1", "X1")) == "m44.battle.unit.once_per_turn"
    assert list(game.legal_actions()) == [EndBattles()]


@pytest.mark.rule("m44.battle.unit.sequential")
def test_one_battle_with_its_retreat_is_resolved_before_the_next():
    units = [("A1", "Allies", "infantry", "5,6"), ("A2", "Allies", "infantry", "6,6"),
             ("X1", "Axis", "infantry", "5,5")]
    game = make(units, hand=["probe_centre"])
    to_battle(game, "probe_centre", ["A1", "A2"])
    game.apply(Battle("A1", "X1"))
    # the dice are rolled now: the second unit may not roll with the first
    assert game.explain(Battle("A2", "X1")) is not None
    roll(game, faces_are("flag", "star", "star"))
    # X1 must retreat (a choice of two hexes) before anyone else battles
    assert game.state.position == "battle.retreat" and game.to_act == "Axis"
    assert refused(game, Battle("A2", "X1")) == "m44.battle.unit.sequential"
    game.apply(Retreat("X1", hx(game, "6,4")))
    game.play_to_decision()
    assert game.state.position == "battle.take_ground"   # A1 may advance: still A1's battle
    assert game.explain(Battle("A2", "X1")) is not None


@pytest.mark.rule("m44.battle.casualties.no_effect")
def test_dice_do_not_depend_on_figures_left():
    game = duel("infantry", 1)
    game.state.units["A1"].strength = 1  # direct set-up: a unit down to its last figure
    game.apply(Battle("A1", "X1"))
    assert dice_of(game) == 3


@pytest.mark.rule("m44.battle.close_assault.definition", "m44.battle.fire.definition")
def test_close_assault_is_at_range_one_firing_beyond():
    game = duel("armor", 1)
    events = game.apply(Battle("A1", "X1"))
    assert "m44.battle.close_assault.definition" in cited(events)
    assert game.state.rules_state.turn.battle.close is True
    game = duel("armor", 3)
    events = game.apply(Battle("A1", "X1"))
    assert "m44.battle.fire.definition" in cited(events)
    assert "m44.battle.close_assault.definition" not in cited(events)
    assert game.state.rules_state.turn.battle.close is False


@pytest.mark.rule("m44.battle.close_assault.forced")
def test_a_unit_next_to_an_enemy_must_close_assault_if_it_battles():
    game = duel("armor", 3, target_kind="artillery", extra=[("X2", "Axis", "infantry", "0,5")])
    assert refused(game, Battle("A1", "X1")) == "m44.battle.close_assault.forced"
    assert [a for a in game.legal_actions() if isinstance(a, Battle)] == [Battle("A1", "X2")]


# ---------------------------------------------------------------------------------- dice and hits

@pytest.mark.rule("m44.dice.battle.faces")
def test_the_battle_die():
    assert sorted(BATTLE_DIE.faces) == sorted(["infantry", "infantry", "armor", "grenade", "star", "flag"])


@pytest.mark.rule("m44.resolve.hit.matching", "m44.resolve.symbol.infantry", "m44.resolve.symbol.armor",
                  "m44.resolve.symbol.grenade", "m44.resolve.symbol.star", "m44.resolve.artillery_target")
@pytest.mark.parametrize("faces, target, result", [
    (("infantry", "infantry", "armor"), "armor", (1, 0)),        # one die, one hit at most; only the tank
    (("infantry", "infantry"), "armor", (0, 0)),
    (("infantry", "infantry"), "infantry", (2, 0)),
    (("armor",), "infantry", (0, 0)),
    (("armor",), "armor", (1, 0)),
    (("grenade",), "infantry", (1, 0)), (("grenade",), "armor", (1, 0)), (("grenade",), "artillery", (1, 0)),
    (("star", "star", "flag"), "infantry", (0, 1)),
    (("star",), "armor", (0, 0)), (("star",), "artillery", (0, 0)),
    (("infantry", "armor", "grenade"), "artillery", (1, 0)),
    (("flag", "flag"), "artillery", (0, 2)),
])
def test_resolve_faces(faces, target, result):
    assert resolve_faces(faces, target) == result


@pytest.mark.rule("m44.resolve.hit.figure_removal", "m44.resolve.flag.timing", "m44.retreat.flag.distance")
def test_hits_remove_figures_then_flags_push_back():
    game = duel("infantry", 1, target_kind="infantry")
    game.apply(Battle("A1", "X1"))
    events = roll(game, faces_are("infantry", "grenade", "flag"))
    assert game.state.units["X1"].strength == 2          # figures first...
    assert "FiguresLost" in kinds(events) and game.state.position == "battle.retreat"
    assert {a.to for a in game.legal_actions() if isinstance(a, Retreat)} == {hx(game, "0,5"), hx(game, "1,5")}
    game.apply(Retreat("X1", hx(game, "1,5")))           # ...then one hex toward the Axis edge (row 0)
    assert at(game, "X1") == "1,5" and game.state.units["X1"].strength == 2


@pytest.mark.rule("m44.resolve.excess_hits", "m44.victory.medal.last_figure")
def test_hits_beyond_the_figures_and_flags_on_an_eliminated_unit_are_lost():
    game = duel("artillery", 2, target_kind="artillery")
    game.apply(Battle("A1", "X1"))
    events = roll(game, faces_are("grenade", "grenade", "flag"))
    # 2-figure artillery: eliminated by 2 grenades; the flag does nothing
    assert not game.state.units["X1"].alive and game.state.units["X1"].at is None
    assert "Retreated" not in kinds(events) and "FlagsLost" in kinds(events)
    assert game.state.score == {"Allies": 1, "Axis": 0}
    assert "m44.victory.medal.last_figure" in cited(events)


@pytest.mark.rule("m44.victory.medal.last_figure")
def test_a_unit_destroyed_by_a_blocked_retreat_gives_a_medal_too():
    # X1 (1 figure) on the Axis edge: a flag it cannot follow takes its last figure
    units = [("A1", "Allies", "infantry", "6,1"), ("X1", "Axis", "infantry", "6,0", {"strength": 1})]
    game = make(units, hand=["probe_centre"])
    to_battle(game, "probe_centre", ["A1"])
    game.apply(Battle("A1", "X1"))
    roll(game, faces_are("flag", "star", "star"))
    assert not game.state.units["X1"].alive
    assert game.state.score["Allies"] == 1


@pytest.mark.rule("m44.victory.medals.target")
def test_reaching_the_medal_target_wins_at_once():
    units = [("A1", "Allies", "artillery", "0,6"), ("A2", "Allies", "infantry", "3,7"),
             ("X1", "Axis", "artillery", "2,6", {"strength": 1}), ("X2", "Axis", "infantry", "4,6")]
    game = make(units, rules={"medals": 1}, hand=["probe_left"])
    to_battle(game, "probe_left", ["A1", "A2"])
    game.apply(Battle("A1", "X1"))
    events = roll(game, gives("artillery", 1, 0))
    assert game.is_over and game.result["winner"] == "Allies"
    assert "GameOver" in kinds(events)
    # A2's battle never happens
    assert game.explain(Battle("A2", "X2")) is not None
    # medal targets may differ by side
    game = make(units, rules={"medals": {"Allies": 2, "Axis": 1}}, hand=["probe_left"])
    to_battle(game, "probe_left", ["A1"])
    game.apply(Battle("A1", "X1"))
    roll(game, gives("artillery", 1, 0))
    assert not game.is_over and game.state.score["Allies"] == 1


@pytest.mark.rule("m44.victory.medals.target")
def test_objective_medals_count_toward_victory():
    units = [("A1", "Allies", "infantry", "6,5"), ("X1", "Axis", "infantry", "12,0"),
             ("X2", "Axis", "infantry", "0,0")]
    objectives = [{"hex": "6,4", "side": "Allies"}]
    game = make(units, rules={"medals": 2, "objectives": objectives}, hand=["probe_centre"])
    assert game.state.score["Allies"] == 0
    order(game, "probe_centre", ["A1"])
    game.apply(Move("A1", hx(game, "6,4")))
    game.apply(EndMoves())
    events = game.apply(EndBattles()) + game.play_to_decision()
    assert "MedalWon" in kinds(events)
    assert game.state.score["Allies"] == 1
    # a temporary objective is lost when its holder leaves
    pass_turn(game)
    give(game, "Allies", ["probe_centre"])
    order(game, "probe_centre", ["A1"])
    game.apply(Move("A1", hx(game, "6,5")))
    game.apply(EndMoves())
    events = game.apply(EndBattles()) + game.play_to_decision()
    assert "MedalLost" in kinds(events)
    assert game.state.score["Allies"] == 0


@pytest.mark.rule("m44.range.infantry.max")
def test_refusals_leave_the_state_untouched():
    game = duel("infantry", 5)
    before = snapshot(game)
    assert refused(game, Battle("A1", "X1")) is not None
    assert snapshot(game) == before
