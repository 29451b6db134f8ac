"""Cactus Air Force Ground Combat: bombing ground units and locations, AA and advanced FLAK, the new targets,
refit in the Reinforcement Phase, and victory points."""

from __future__ import annotations

import pytest

from hexlab.dice import D6
from hexlab.rulesets.cactus.board import FLAK, aa_dice
from hexlab.rulesets.cactus.rules import EndRaids, EndRefit, Move, Raid, Refit, TakeLoss
from tests.support.cactus_boards import (
    BETTY,
    BR,
    CE,
    GC,
    JP,
    MU,
    SBD,
    US,
    end_moves,
    event,
    face,
    kinds,
    make,
    pass_until,
    refused,
    roll,
    steps,
)

TARGETS = {JP: [GC], US: [MU]}


def at_raids(units, side=US, **rules):
    rules.setdefault("bombers", [SBD, BETTY])
    rules.setdefault("targets", TARGETS)
    game = make(units, **rules)
    end_moves(game)
    pass_until(game, "air.raids")
    if game.to_act != side:
        game.apply(EndRaids())
    assert game.state.position == "air.raids" and game.to_act == side
    return game


@pytest.mark.rule("caf.air.bombing.choose_installation_or_troops", "caf.special.new_targets.enemy_may_bomb_occupied")
def test_a_raid_aims_at_the_troops_or_the_installation():
    game = at_raids([("1Mar", US, "1mar", GC), ("S", JP, "snlf", CE)])
    legal = {a for a in game.legal_actions() if isinstance(a, Raid)}
    assert legal == {Raid("sbd", CE, "troops"), Raid("sbd", CE, "installation"), Raid("sbd", MU, "installation")}
    assert refused(game, Raid("sbd", BR, "troops")) == "caf.air.bombing.choose_installation_or_troops"
    assert refused(game, Raid("sbd", CE, "airfield")) == "caf.air.bombing.choose_installation_or_troops"
    # Beach Red is empty and on nobody's roster: no target; Cape Esperance is not on the Allied roster either,
    # but the enemy holds it
    assert refused(game, Raid("sbd", BR, "installation")) == "caf.special.new_targets.enemy_may_bomb_occupied"


@pytest.mark.rule("caf.special.new_targets.no_bombing_own_occupied")
def test_no_side_bombs_a_box_its_own_troops_hold():
    game = at_raids([("1Mar", US, "1mar", GC), ("S", JP, "snlf", MU), ("Res", US, "1mar_res", BR)], side=JP)
    assert game.rules.ground.on_roster(JP, GC)
    assert game.is_legal(Raid("betty", GC, "installation"))
    game = at_raids([("1Mar", US, "1mar", CE), ("S", JP, "snlf", MU)], side=US)
    assert refused(game, Raid("sbd", MU, "installation")) is None  # enemy-held and on the Allied roster
    game = at_raids([("1Mar", US, "1mar", MU, {"strength": 4}), ("S", JP, "snlf", CE)], side=US,
                    fighters=[])
    assert refused(game, Raid("sbd", MU, "installation")) == "caf.special.new_targets.no_bombing_own_occupied"
    assert refused(game, Raid("sbd", MU, "troops")) == "caf.special.new_targets.no_bombing_own_occupied"


@pytest.mark.rule("caf.air.bombing.standard_resolution", "caf.air.bombing.success_costs_one_step")
def test_a_successful_bombing_costs_the_troops_a_step():
    game = at_raids([("1Mar", US, "1mar", GC), ("S", JP, "snlf", CE)], advanced_flak=False)
    game.apply(Raid("sbd", CE, "troops"))
    assert game.state.position == "air.bomb"
    assert list(game.rules.roll(game.state).pool) == [(D6, 1), (D6, 1)]  # the occupier's AA die, then the bombing die
    assert list(game.rules.roll(game.state).groups) == ["AA in Cape Esperance", "Dauntlesses (bombing)"]
    events = roll(game, [3], [4])
    assert "BombsMissed" in kinds(events) and steps(game, "S") == 4
    game = at_raids([("1Mar", US, "1mar", GC), ("S", JP, "snlf", CE)], advanced_flak=False)
    game.apply(Raid("sbd", CE, "troops"))
    events = roll(game, [3], [5])
    assert steps(game, "S") == 3 and "caf.air.bombing.success_costs_one_step" in event(events, "StepLost").clauses


@pytest.mark.rule("caf.air.bombing.last_step_immune")
def test_bombing_never_takes_a_units_last_step():
    game = at_raids([("1Mar", US, "1mar", GC), ("S", JP, "snlf", CE, {"strength": 1})], advanced_flak=False)
    game.apply(Raid("sbd", CE, "troops"))
    events = roll(game, [1], [6])
    assert "LastStepHolds" in kinds(events) and steps(game, "S") == 1


@pytest.mark.rule("caf.air.bombing.defaults")
def test_the_owner_picks_which_unit_with_steps_to_spare_is_bombed():
    units = [("1Mar", US, "1mar", GC), ("S1", JP, "snlf", CE, {"strength": 2}), ("S2", JP, "snlf", CE, {"strength": 1})]
    game = at_raids(units, advanced_flak=False)
    game.apply(Raid("sbd", CE, "troops"))
    roll(game, [1], [6])
    assert steps(game, "S1") == 1 and steps(game, "S2") == 1  # only S1 could lose a step
    units[2] = ("S2", JP, "snlf", CE, {"strength": 2})
    game = at_raids(units, advanced_flak=False)
    game.apply(Raid("sbd", CE, "troops"))
    roll(game, [1], [6])
    assert game.state.position == "air.bomb_loss" and game.to_act == JP
    assert refused(game, TakeLoss("1Mar")) == "caf.air.bombing.defaults"
    game.apply(TakeLoss("S2"))
    assert steps(game, "S2") == 1 and steps(game, "S1") == 2 and game.state.position in ("air.raids", "air.clock")


@pytest.mark.rule("caf.victory.new_target_bombing_vp")
def test_bombing_an_enemy_held_location_scores_the_target_vp():
    game = at_raids([("1Mar", US, "1mar", GC), ("S", JP, "snlf", CE)], advanced_flak=False)
    game.apply(Raid("sbd", CE, "installation"))
    events = roll(game, [2], [5])
    assert event(events, "TargetBombed").data == {"box": CE, "vp": 3}
    assert game.state.score[US] == 3 and game.state.rules_state.bombed[US] == [CE]
    pass_until(game, "air.raids")  # the next hour
    if game.to_act == JP:
        game.apply(EndRaids())
    assert refused(game, Raid("sbd", CE, "installation")) == "caf.victory.new_target_bombing_vp"
    game = at_raids([("1Mar", US, "1mar", GC), ("S", JP, "snlf", MU)], side=JP, advanced_flak=False)
    game.apply(Raid("betty", GC, "installation"))
    roll(game, [1], [6])
    assert game.state.score[JP] == 4


@pytest.mark.rule("caf.air.aa.occupier_gains_flak", "caf.air.aa.hit_number_default")
def test_the_side_holding_a_box_fires_one_aa_die():
    game = at_raids([("1Mar", US, "1mar", GC), ("S", JP, "snlf", CE)], advanced_flak=False)
    game.apply(Raid("sbd", CE, "troops"))
    events = roll(game, [6], [6])
    assert "RaidDrivenOff" in kinds(events) and steps(game, "S") == 4
    assert "caf.air.aa.hit_number_default" in event(events, "RaidDrivenOff").clauses
    # a contested box has no occupier: without advanced FLAK no AA at all
    game = at_raids([("1Mar", US, "1mar", GC), ("S", JP, "snlf", GC, {"came_from": CE}), ("S2", JP, "snlf", MU)],
                    side=JP, advanced_flak=False)
    game.apply(Raid("betty", GC, "troops"))
    assert list(game.rules.roll(game.state).pool) == [(D6, 1)]
    assert aa_dice("troops", held_by_target=True, advanced=False) == 1
    assert aa_dice("installation", held_by_target=False, advanced=False) == 0


@pytest.mark.rule("caf.air.advanced_flak.recommended", "caf.air.advanced_flak.airstrips",
                  "caf.air.advanced_flak.ground_targets")
def test_advanced_flak_is_on_by_default_and_adds_the_targets_own_fire():
    units = [("1Mar", US, "1mar", GC), ("S", JP, "snlf", MU)]
    game = at_raids(units, side=JP)
    assert game.rules.options.advanced_flak is True
    game.apply(Raid("betty", GC, "installation"))
    assert list(game.rules.roll(game.state).pool)[0] == (D6, 2)  # Henderson Field's airstrip fires 2 d6
    plain = at_raids(units, side=JP, advanced_flak=False)
    plain.apply(Raid("betty", GC, "installation"))
    assert list(plain.rules.roll(plain.state).pool)[0] == (D6, 1)  # only the occupier's die
    # ground units fire 1 d6 even in a contested box
    game = at_raids([("1Mar", US, "1mar", GC), ("S", JP, "snlf", GC, {"came_from": CE}), ("S2", JP, "snlf", MU)],
                    side=JP)
    game.apply(Raid("betty", GC, "troops"))
    assert list(game.rules.roll(game.state).pool) == [(D6, 1), (D6, 1)]


@pytest.mark.rule("caf.air.advanced_flak.naval_targets", "caf.air.advanced_flak.carrier_force")
def test_the_flak_table():
    assert FLAK == {"ground": 1, "naval": 2, "carrier": 3}
    assert aa_dice("naval", held_by_target=False, advanced=True) == 2
    assert aa_dice("carrier", held_by_target=False, advanced=True) == 3
    assert aa_dice("naval", held_by_target=False, advanced=False) == 0
    assert aa_dice("installation", held_by_target=True, advanced=True, airstrip=2) == 2
    assert aa_dice("installation", held_by_target=True, advanced=True) == 1
    with pytest.raises(ValueError):
        aa_dice("submarine", held_by_target=False, advanced=True)


# ----------------------------------------------------------------------------------------------- refit


def at_refit(units, **rules):
    rules.setdefault("hours", 1)
    game = make(units, **rules)
    pass_until(game, "end.refit")
    assert game.state.position == "end.refit"
    return game


@pytest.mark.rule("caf.supply.refit.in_reinforcement_phase", "caf.supply.refit.one_step_per_turn")
def test_one_step_a_turn_in_the_reinforcement_phase():
    units = [("1Mar", US, "1mar", GC, {"strength": 2}), ("Res", US, "1mar_res", BR, {"strength": 1}),
             ("S", JP, "snlf", MU)]
    game = make(units, hours=1)
    assert refused(game, Refit("1Mar")) == "caf.supply.refit.in_reinforcement_phase"
    pass_until(game, "end.refit")
    assert game.to_act == US
    events = game.apply(Refit("1Mar"))
    assert steps(game, "1Mar") == 3 and face(game, "1Mar")[0] == "mar1_full"
    assert "caf.supply.refit.in_reinforcement_phase" in event(events, "Refitted").clauses
    assert game.state.position != "end.refit" or game.to_act != US
    assert game.rules.check(game.state, Refit("Res")).clause in ("caf.supply.refit.one_step_per_turn",
                                                                 "caf.supply.refit.in_reinforcement_phase")
    state = game.state.copy()
    state.position, state.active = "end.refit", US
    assert game.rules.check(state, Refit("Res")).clause == "caf.supply.refit.one_step_per_turn"


@pytest.mark.rule("caf.supply.refit.costs_air_refit")
def test_a_ground_step_costs_an_air_refit():
    units = [("1Mar", US, "1mar", GC, {"strength": 2}), ("S", JP, "snlf", CE, {"strength": 2})]
    game = at_refit(units, air_refits={US: 0, JP: 1})
    assert game.to_act == JP  # the Americans have no air refit to give up
    state = game.state.copy()
    state.active = US
    assert game.rules.check(state, Refit("1Mar")).clause == "caf.supply.refit.costs_air_refit"
    game.apply(Refit("S"))
    assert game.state.rules_state.turn.air_refits == {US: 0, JP: 0}


@pytest.mark.rule("caf.supply.refit.uncontested_location_only")
def test_only_units_in_uncontested_boxes_are_refitted():
    units = [("1Mar", US, "1mar", GC, {"strength": 2}), ("S", JP, "snlf", GC, {"came_from": CE, "strength": 2}),
             ("Res", US, "1mar_res", BR, {"strength": 1})]
    game = make(units, hours=1)
    # fight the hour out with no result, then reach the Reinforcement Phase
    end_moves(game)
    if game.state.position == "combat.banzai":
        from hexlab.rulesets.cactus.rules import Fight

        game.apply(Fight())
    roll(game, [1, 1], [1, 1, 1])
    pass_until(game, "end.refit")
    assert game.to_act == US
    assert refused(game, Refit("1Mar")) == "caf.supply.refit.uncontested_location_only"
    assert game.is_legal(Refit("Res"))


@pytest.mark.rule("caf.supply.refit.cap_full_strength")
def test_refit_stops_at_full_strength_and_never_revives():
    units = [("1Mar", US, "1mar", GC), ("Res", US, "1mar_res", BR, {"strength": 1}), ("S", JP, "snlf", MU)]
    game = at_refit(units)
    assert refused(game, Refit("1Mar")) == "caf.supply.refit.cap_full_strength"
    game.apply(Refit("Res"))
    assert steps(game, "Res") == 2
    state = game.state.copy()
    state.position, state.active = "end.refit", US
    state.rules_state.turn.refitted = []
    state.rules_state.turn.air_refits[US] = 1
    state.units["Res"].strength, state.units["Res"].at = 0, None
    assert game.rules.check(state, Refit("Res")).clause == "caf.supply.refit.cap_full_strength"


@pytest.mark.rule("caf.stacking.overstack_prohibited")
def test_a_refit_may_not_break_the_stacking_limit():
    units = [("S1", JP, "snlf", CE, {"strength": 3}), ("S2", JP, "snlf", CE, {"strength": 1}),
             ("S3", JP, "snlf", MU, {"strength": 3}), ("1Mar", US, "1mar", GC)]
    game = at_refit(units, first=JP)
    assert game.to_act == JP
    assert refused(game, Refit("S1")) == "caf.stacking.overstack_prohibited"
    assert refused(game, Refit("S2")) == "caf.stacking.overstack_prohibited"
    assert game.is_legal(Refit("S3"))  # alone at Munda: 3 + 1 steps is fine
    game.apply(EndRefit())


# ----------------------------------------------------------------------------------------------- victory points


@pytest.mark.rule("caf.victory.uncontested_location_vp")
def test_one_vp_a_turn_for_each_box_held_alone():
    units = [("1Mar", US, "1mar", GC), ("S1", JP, "snlf", CE), ("S2", JP, "snlf", MU),
             ("Res", US, "1mar_res", BR, {"came_from": CE}), ("S3", JP, "snlf", BR, {"strength": 2})]
    game = make(units, hours=1, turns=2)
    end_moves(game)
    assert game.state.position == "combat.roll"  # the Americans attack at Beach Red: no Banzai
    roll(game, [1, 1, 1], [1, 1])
    events = pass_until(game, "ground.move")
    vp = [(e.side, e.data["box"]) for e in events if e.kind == "VictoryPoint"]
    assert sorted(vp) == [(JP, CE), (JP, MU), (US, GC)]  # Beach Red is contested: nobody scores it
    assert game.state.score == {US: 1, JP: 2}
    assert [[a.turn, a.box, a.side] for a in game.state.rules_state.awards] == [[1, GC, US], [1, CE, JP], [1, MU, JP]]


@pytest.mark.rule("caf.victory.occupied_unbombed_target")
def test_a_held_target_never_bombed_scores_at_the_end():
    units = [("1Mar", US, "1mar", MU), ("S", JP, "snlf", CE)]
    game = make(units, hours=1, turns=1, targets={US: [MU], JP: [GC]})
    events = pass_until(game, "never")
    assert game.is_over
    held = event(events, "TargetHeld")
    assert held.side == US and held.data == {"box": MU, "vp": 3}
    assert game.state.score == {US: 1 + 3, JP: 1} and game.result["winner"] == US
    # a target the side has bombed itself scores nothing more
    game = make(units, hours=1, turns=1, targets={US: [MU], JP: [GC]})
    game.state.rules_state.bombed[US].append(MU)
    pass_until(game, "never")
    assert game.state.score == {US: 1, JP: 1} and game.result["winner"] is None


def test_moves_do_not_disturb_the_air_step():
    game = at_raids([("1Mar", US, "1mar", GC), ("S", JP, "snlf", CE)])
    assert refused(game, Move("1Mar", BR, "overland")) == "caf.sequence.ground_move_timing"


@pytest.mark.rule("caf.special.variant.base_rules_apply")
def test_bombers_fly_as_the_scenario_gives_them():
    late = dict(SBD, hours=[2])
    short = dict(SBD, id="short", name="Short-legged", reach=1)
    game = at_raids([("1Mar", US, "1mar", GC), ("S", JP, "snlf", CE), ("S2", JP, "snlf", MU)],
                    bombers=[late, short, BETTY])
    assert game.state.rules_state.hour == 1
    assert refused(game, Raid("sbd", CE, "troops")) == "caf.special.variant.base_rules_apply"  # not in hour 1
    assert game.is_legal(Raid("short", CE, "troops"))  # Cape Esperance is next door
    assert refused(game, Raid("short", MU, "troops")) == "caf.special.variant.base_rules_apply"  # out of reach
    assert refused(game, Raid("betty", CE, "troops")) == "caf.special.variant.base_rules_apply"  # not theirs
    game.apply(Raid("short", CE, "troops"))
    roll(game, [1], [1])
    assert game.state.rules_state.raided == ["short"] and game.state.position == "air.clock"  # nothing more to fly
    state = game.state.copy()
    state.position, state.active = "air.raids", US
    assert game.rules.check(state, Raid("short", CE, "troops")).clause == "caf.special.variant.base_rules_apply"
