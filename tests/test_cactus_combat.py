"""Cactus Air Force Ground Combat: the combat function, and combat as the engine plays it (hits on 6s, the
defender's 5, retreats, seaborne attackers, Banzai, step losses, occupation, sudden death)."""

from __future__ import annotations

from dataclasses import asdict

import pytest

from hexlab.rulesets.cactus.combat import BLANK, GROUND_D6, HourResult, hour_result
from hexlab.rulesets.cactus.rules import Banzai, EndRaids, Fight, Move, Raid, TakeLoss
from tests.support.cactus_boards import (
    BR,
    CE,
    GC,
    JP,
    MU,
    SBD,
    US,
    advance,
    came_from,
    end_moves,
    event,
    face,
    kinds,
    make,
    pass_until,
    refused,
    roll,
    steps,
    where,
)

OVERLAND = {"came_from": CE}
SEABORNE = {"seaborne": True}


def snlf_attacks(defenders=(("1Mar", US, "1mar", GC),), how=OVERLAND, strength=4, **kw):
    extra = dict(how, strength=strength)
    return make([*defenders, ("S", JP, "snlf", GC, extra)], **kw)


def banzai(game, *units):
    end_moves(game)
    assert game.state.position == "combat.banzai", game.state.position
    for uid in units:
        game.apply(Banzai(uid))
    if game.state.position == "combat.banzai":
        game.apply(Fight())


# ----------------------------------------------------------------------------------------------- the function


@pytest.mark.rule("caf.combat.hit_on_six")
def test_only_sixes_hit_for_either_side():
    r = hour_result([6, 6, 5, 2], [1, 2])
    assert (r.defender_steps_lost, r.attacker_steps_lost, r.attacker_retreats) == (2, 0, False)
    r = hour_result([1, 2, 3, 4, 5], [6, 4])
    assert (r.defender_steps_lost, r.attacker_hits) == (0, 1)
    assert hour_result([BLANK, 5], [BLANK]).key() == (0, 0, False)
    with pytest.raises(ValueError):
        hour_result([7], [1])


@pytest.mark.rule("caf.combat.defender_five_forces_retreat")
def test_any_defender_five_is_one_retreat_result():
    assert tuple(hour_result([1, 1], [5, 5, 3])) == (0, 0, True)
    assert tuple(hour_result([5, 5], [1, 2])) == (0, 0, False)  # the attacker's 5s do nothing
    assert tuple(hour_result([1], [5, 5, 5], seaborne=True)) == (1, 0, False)  # one extra step, however many 5s
    r = hour_result([6, 6, 6, 6], [5], seaborne=False)
    assert r.defender_five and r.attacker_retreats and r.defender_steps_lost == 4


@pytest.mark.rule("caf.combat.seaborne_no_retreat_extra_step")
def test_a_seaborne_attacker_loses_a_step_instead_of_retreating():
    r = hour_result([1, 1, 1, 1], [6, 5, 5], seaborne=True)
    assert r == HourResult(2, 0, False, attacker_hits=1, defender_five=True, extra_step=1, banzai_steps=0)
    mixed = hour_result([1], [5], seaborne=True, overland=True)  # both kinds of attacker in the box
    assert mixed.attacker_retreats and mixed.extra_step == 1


@pytest.mark.rule("caf.combat.worked_example", "caf.combat.banzai.doubled_dice",
                  "caf.combat.banzai.automatic_step_loss")
def test_the_worked_example_as_a_function():
    japanese = [6, 6, 5, 4, 3, 2, 1, 1]  # SNLF 4-4 with Banzai: 8 dice
    allied = [6, 5, 5, 2, 1]  # 1Mar 5-4: 5 dice
    r = hour_result(japanese, allied, banzai=True)
    assert r.defender_steps_lost == 2 and r.attacker_hits == 1 and r.attacker_retreats and r.banzai_steps == 1
    assert tuple(r) == (2, 2, True)  # SNLF: 1 hit + the Banzai step, and back to Cape Esperance
    sea = hour_result(japanese, allied, banzai=True, seaborne=True)
    assert tuple(sea) == (3, 2, False)  # 1 hit + 1 for the 5s + 1 Banzai: SNLF 4 -> 1


def test_the_ground_die_reads_like_a_d6():
    assert GROUND_D6.sides == 6 and GROUND_D6.p(6) == GROUND_D6.p(5) == GROUND_D6.p(BLANK) / 4


# ----------------------------------------------------------------------------------------------- the engine


@pytest.mark.rule("caf.combat.trigger.opposing_units_share_box")
def test_combat_wherever_both_sides_share_a_box():
    game = make([("Res", US, "1mar_res", BR), ("S", JP, "snlf", BR, {"came_from": CE}),
                 ("S2", JP, "snlf", MU), ("1Mar", US, "1mar", GC)])
    end_moves(game)
    battles = next(e for e in game.log if e.kind == "Battles")
    assert battles.data["boxes"] == [BR]  # Munda holds only Japanese, Guadalcanal only Americans
    assert game.state.rules_state.battle.box == BR


@pytest.mark.rule("caf.combat.both_sides_roll", "caf.components.counters.left_number_is_dice",
                  "caf.combat.attacker_defender_roles")
def test_both_sides_roll_their_counters_dice_at_once():
    game = snlf_attacks()
    banzai(game)
    assert game.state.position == "combat.roll"
    assert list(game.rules.roll(game.state).pool) == [(GROUND_D6, 4), (GROUND_D6, 5)]
    assert list(game.rules.roll(game.state).groups) == ["Japan (attacking)", "US Marines (defending)"]
    # the defender's last steps go, but its 5 in the same exchange still throws the attacker back
    game = snlf_attacks(defenders=(("1Mar", US, "1mar", GC, {"strength": 1}),))
    banzai(game)
    roll(game, [6, 6, 1, 1], [5, 1])
    assert steps(game, "1Mar") == 0 and where(game, "S") == CE and steps(game, "S") == 4
    assert GC not in game.state.rules_state.fights


@pytest.mark.rule("caf.combat.hit_costs_one_step", "caf.components.counters.flip_on_step_loss",
                  "caf.components.counters.replacement_counter_chain")
def test_each_hit_costs_a_step_and_changes_the_counter():
    game = snlf_attacks()
    banzai(game)
    events = roll(game, [6, 1, 1, 1], [6, 6, 1, 1, 1])
    assert steps(game, "S") == 2 and face(game, "S") == ("snlf_reduced", "front")
    assert steps(game, "1Mar") == 3 and face(game, "1Mar") == ("mar1_full", "back")
    lost = [e for e in events if e.kind == "StepLost"]
    assert [e.text.split(": ")[1] for e in lost] == ["1Mar 5-4 flips to 1Mar 4-3.", "SNLF 4-4 flips to SNLF 3-3.",
                                                      "SNLF 3-3 is replaced by SNLF 2-2."]
    assert "caf.components.counters.replacement_counter_chain" in lost[-1].clauses
    assert game.rules.dice_of(game.state.units["S"]) == 2


@pytest.mark.rule("caf.components.counters.eliminated_at_zero_steps")
def test_a_unit_out_of_steps_is_removed():
    game = snlf_attacks(strength=1)
    banzai(game)
    events = roll(game, [1], [6, 1, 1, 1, 1])
    gone = event(events, "Eliminated")
    assert gone.data["unit"] == "S" and where(game, "S") is None and steps(game, "S") == 0
    assert face(game, "S") == (None, None)
    assert event(events, "Held").data["box"] == GC


@pytest.mark.rule("caf.combat.retreat_overland_to_start")
def test_an_overland_attacker_goes_back_where_it_came_from():
    game = snlf_attacks()
    banzai(game)
    events = roll(game, [1, 1, 1, 1], [5, 1, 1, 1, 1])
    assert where(game, "S") == CE and steps(game, "S") == 4
    assert event(events, "Retreated").data == {"unit": "S", "frm": GC, "to": CE}
    assert GC not in game.state.rules_state.fights and came_from(game, "S") is None


@pytest.mark.rule("caf.combat.seaborne_no_retreat_extra_step")
def test_a_seaborne_attacker_stays_and_pays_a_step():
    game = snlf_attacks(how=SEABORNE)
    banzai(game)
    events = roll(game, [1, 1, 1, 1], [6, 5, 5, 1, 1])
    assert where(game, "S") == GC and steps(game, "S") == 2 and face(game, "S") == ("snlf_reduced", "front")
    assert "NoRetreatFromTheSea" in kinds(events) and "Retreated" not in kinds(events)
    assert asdict(game.state.rules_state.fights[GC]) == {"attacker": JP, "defender": US}


@pytest.mark.rule("caf.combat.blocked_retreat_default")
def test_a_blocked_retreat_costs_a_step_instead():
    # the box it came from is held by the enemy now
    game = snlf_attacks(defenders=(("1Mar", US, "1mar", GC), ("Res", US, "1mar_res", CE)))
    banzai(game)
    events = roll(game, [1, 1, 1, 1], [5, 1, 1, 1, 1])
    assert where(game, "S") == GC and steps(game, "S") == 3
    assert "caf.combat.blocked_retreat_default" in event(events, "RetreatBlocked").clauses
    # or going back would put more than 4 steps there
    game = snlf_attacks(defenders=(("1Mar", US, "1mar", GC), ("S2", JP, "snlf", CE, {"strength": 2})))
    banzai(game)
    roll(game, [1, 1, 1, 1], [5, 1, 1, 1, 1])
    assert where(game, "S") == GC and steps(game, "S") == 3


@pytest.mark.rule("caf.combat.resolution_defaults")
def test_hits_then_the_retreat_then_banzai_and_the_owner_picks_who_loses():
    game = snlf_attacks(defenders=(("1Mar", US, "1mar", GC, {"strength": 2}), ("Res", US, "1mar_res", GC)))
    banzai(game, "S")
    roll(game, [6, 1, 1, 1, 1, 1, 1, 1], [6, 5, 1, 1, 1, 1])
    # the Americans have two units in the box: they choose who takes the hit
    assert game.state.position == "combat.losses" and game.to_act == US
    assert {a for a in game.legal_actions()} == {TakeLoss("1Mar"), TakeLoss("Res")}
    assert refused(game, TakeLoss("S")) == "caf.combat.resolution_defaults"
    assert game.rules.suggest(game.state) == TakeLoss("1Mar")  # ties: the first of those with the most steps
    events = game.apply(TakeLoss("Res"))
    order = [(e.kind, e.data.get("unit")) for e in events if e.kind in ("StepLost", "Retreated", "Eliminated")]
    assert order == [("StepLost", "Res"), ("StepLost", "S"), ("Retreated", "S"), ("StepLost", "S")]
    assert where(game, "S") == CE and steps(game, "S") == 2 and steps(game, "Res") == 1
    assert refused(game, TakeLoss("1Mar")) is not None


@pytest.mark.rule("caf.combat.banzai.japanese_only")
def test_only_a_japanese_attacker_declares_banzai():
    # an American attack goes straight to the dice
    game = make([("1Mar", US, "1mar", CE, {"came_from": GC}), ("S", JP, "snlf", CE), ("Res", US, "1mar_res", BR)])
    assert game.state.position == "ground.move"
    assert refused(game, Banzai("1Mar")) == "caf.combat.banzai.japanese_only"
    assert refused(game, Banzai("S")) == "caf.combat.banzai.japanese_only"
    end_moves(game)
    assert game.state.position == "combat.roll"
    # a Japanese attack: the attacking SNLF may, an American unit never
    game = snlf_attacks()
    assert game.to_act == JP
    assert set(game.legal_actions()) == {Fight(), Banzai("S")}
    assert refused(game, Banzai("1Mar")) == "caf.combat.banzai.japanese_only"


@pytest.mark.rule("caf.combat.banzai.doubled_dice", "caf.combat.banzai.automatic_step_loss")
def test_banzai_doubles_the_dice_and_costs_a_step_after():
    game = snlf_attacks()
    game.apply(Banzai("S"))
    assert game.state.position == "combat.roll"
    assert list(game.rules.roll(game.state).pool) == [(GROUND_D6, 8), (GROUND_D6, 5)]
    assert list(game.rules.roll(game.state).groups)[0] == "Japan (attacking, Banzai)"
    events = roll(game, [6] + [1] * 7, [1] * 5)
    assert steps(game, "1Mar") == 3 and steps(game, "S") == 3  # no hit on it, but the Banzai step
    assert "caf.combat.banzai.automatic_step_loss" in event(events, "StepLost").clauses


@pytest.mark.rule("caf.combat.worked_example")
def test_the_worked_example_on_the_map():
    game = snlf_attacks()
    banzai(game, "S")
    roll(game, [6, 6, 5, 4, 3, 2, 1, 1], [6, 5, 5, 2, 1])
    assert steps(game, "1Mar") == 2 and face(game, "1Mar") == ("mar1_reduced", "front")
    assert where(game, "S") == CE and steps(game, "S") == 2 and face(game, "S") == ("snlf_reduced", "front")
    # the same dice for an SNLF that came by amphibious invasion
    game = snlf_attacks(how=SEABORNE)
    banzai(game, "S")
    roll(game, [6, 6, 5, 4, 3, 2, 1, 1], [6, 5, 5, 2, 1])
    assert where(game, "S") == GC and steps(game, "S") == 1 and face(game, "S") == ("snlf_reduced", "back")
    assert steps(game, "1Mar") == 2 and GC in game.state.rules_state.fights


@pytest.mark.rule("caf.combat.occupation.requires_elimination_and_survivor", "caf.victory.sudden_death_guadalcanal",
                  "caf.air.aa.occupier_gains_flak")
def test_occupation_needs_every_enemy_step_gone_and_one_left():
    game = snlf_attacks(defenders=(("1Mar", US, "1mar", GC, {"strength": 1}),))
    banzai(game)
    events = roll(game, [6, 1, 1, 1], [1, 1])
    assert "caf.combat.occupation.requires_elimination_and_survivor" in event(events, "Occupied").clauses
    assert game.rules.ground.holder(game.state, GC) == JP
    assert game.is_over and game.result["winner"] == JP
    assert game.result["clauses"] == ["caf.victory.sudden_death_guadalcanal"]
    # both lose their last step: nobody occupies
    game = snlf_attacks(defenders=(("1Mar", US, "1mar", GC, {"strength": 1}),), strength=1)
    banzai(game)
    events = roll(game, [6], [6, 1])
    assert "NobodyHolds" in kinds(events) and not game.is_over
    assert game.rules.ground.holder(game.state, GC) is None


@pytest.mark.rule("caf.combat.occupation.contested_otherwise", "caf.combat.timing.every_hour_before_air",
                  "caf.combat.attacker_defender_roles")
def test_the_fight_goes_on_hour_after_hour_before_the_air():
    game = snlf_attacks(bombers=[SBD])
    banzai(game)
    events = roll(game, [1, 1, 1, 1], [1, 1, 1, 1, 1])
    assert "StillContested" in kinds(events) and GC in game.state.rules_state.fights
    assert game.state.position == "air.raids" and game.to_act == US  # the air comes after the ground combat
    assert refused(game, Move("1Mar", BR, "overland")) == "caf.sequence.ground_move_timing"
    game.apply(EndRaids())
    game.play_to_decision()
    assert game.state.rules_state.hour == 2 and game.state.position == "combat.banzai"
    assert game.state.rules_state.battle.attacker == JP  # the roles have not changed
    assert refused(game, Raid("sbd", GC, "troops")) == "caf.combat.timing.every_hour_before_air"
    game.apply(Fight())
    roll(game, [1, 1, 1, 1], [1, 1, 1, 1, 1])
    pass_until(game, "ground.move")
    combats = [e.data["hour"] if e.kind == "HourBegan" else e.kind for e in game.log
               if e.kind in ("HourBegan", "GroundCombat", "RaidOrdered")]
    assert combats[:4] == [1, "GroundCombat", 2, "GroundCombat"]


def test_moving_into_a_contested_box_joins_the_right_side():
    game = make([("1Mar", US, "1mar", GC, {"strength": 2}), ("Res", US, "1mar_res", BR),
                 ("S", JP, "snlf", GC, {"came_from": CE, "strength": 2}), ("S2", JP, "snlf", CE, {"strength": 2})])
    assert game.state.position == "ground.move" and game.to_act == JP
    game.apply(Move("S2", GC, "overland"))
    assert came_from(game, "S2") == CE
    assert game.to_act == US  # Japan has nothing left to move: the Americans' turn to move
    game.apply(Move("Res", GC, "overland"))
    assert came_from(game, "Res") is None  # a defender coming to help
    advance(game)
    game.apply(Fight())
    assert list(game.rules.roll(game.state).pool) == [(GROUND_D6, 2 + 2), (GROUND_D6, 3 + 3)]


@pytest.mark.rule("caf.victory.sudden_death_guadalcanal")
def test_japanese_troops_alone_in_guadalcanal_win_at_once():
    game = make([("Res", US, "1mar_res", BR), ("S", JP, "snlf", CE)])
    events = game.apply(Move("S", GC, "overland"))
    assert game.is_over and game.result["winner"] == JP
    assert "caf.victory.sudden_death_guadalcanal" in event(events, "GameOver").clauses
    # Japanese troops sharing Guadalcanal with the Marines do not
    game = make([("1Mar", US, "1mar", GC), ("S", JP, "snlf", CE)])
    game.apply(Move("S", GC, "overland"))
    assert not game.is_over


@pytest.mark.rule("caf.victory.sudden_death_guadalcanal", "caf.combat.resolution_defaults")
def test_sudden_death_waits_until_the_fight_in_guadalcanal_is_decided():
    # the last American step is gone, but the Japanese still pick which unit takes the Americans' hit: the game
    # goes on until the hour's results are applied and the box is occupied (the end condition asks no earlier)
    game = make([("1Mar", US, "1mar", GC, {"strength": 1}), ("S", JP, "snlf", GC, {"came_from": CE, "strength": 2}),
                 ("S2", JP, "snlf", GC, {"came_from": CE, "strength": 2})])
    banzai(game)
    roll(game, [6, 1, 1, 1], [6, 1])
    assert not game.state.units["1Mar"].alive and game.rules.ground.holder(game.state, GC) == JP
    assert game.state.position == "combat.losses" and game.to_act == JP and not game.is_over
    events = game.apply(TakeLoss("S2"))
    assert kinds(events)[-2:] == ["Occupied", "GameOver"]
    assert game.is_over and game.result["clauses"] == ["caf.victory.sudden_death_guadalcanal"]
