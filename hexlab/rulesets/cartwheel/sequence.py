"""Operation Cartwheel's ten-phase turn as data (oc.sequence.turn.phase_order). Phases whose procedures the excerpt
does not give pass with an explanation and do only what the excerpt and the ``oc.base.*`` defaults say. Every step may
lead to any later one (``flow.proceed`` passes over steps with nothing to do)."""

from __future__ import annotations

from typing import Any

from ...engine import GameState, SequenceOfPlay, phase, step
from .actions import (
    Airdrop,
    Build,
    Commit,
    CommitTF36,
    Designate,
    Disembark,
    Dismantle,
    Embark,
    EndBuilding,
    EndDesignation,
    EndDismantling,
    EndGround,
    EndRecon,
    FlyRecon,
    GeneralRegroup,
    March,
    PassMission,
    PlaceMagic,
    PlaceRecon,
    Sail,
    StrikeBase,
    StrikeGround,
    StrikeShip,
)


def in_round(rules: Any, state: GameState) -> str:
    return state.rules_state.round.to_act


def japan(rules: Any, state: GameState) -> str:
    return "Japan"


def allies(rules: Any, state: GameState) -> str:
    return "Allies"


def recon_owner(rules: Any, state: GameState) -> str:
    fl = state.rules_state.flying
    return "Allies" if fl == "magic" else state.units[fl].side


TURN = [
    "events.roll", "events.hikoshidan", "events.tf36", "construction.build", "initiative.regroup",
    "initiative.designate", "initiative.recon", "initiative.flight", "initiative.place", "initiative.roll",
    "initiative.missions", "ops.mission", "ops.scramble", "ops.combat", "ops.aa", "ops.bomb", "ground.move",
    "ground.evacuate", "conclusion.return", "supply.trace", "regroup.repair", "regroup.reorganize",
    "regroup.dismantle", "reinforcement.place", "vp.score",
]


def anywhere(key: str) -> list[str]:
    return [k for k in TURN if k != key]


SEQUENCE = SequenceOfPlay((
    phase("events", "Random Events", [
        step("roll", "Roll for the random event",
             ["oc.sequence.phase.random_events", "oc.special.random_event.roll_and_apply",
              "oc.special.random_event.table_default", "oc.components.die.d10_zero_is_ten",
              "oc.components.map.rabaul_volcano_no_effect", "oc.components.naval.japanese_submarine"],
             "One player rolls the d10 (a 0 reads as 10) and reads the Random Events Table: Magic Intelligence gives "
             "the Allies the Magic PBY recon this turn; other rows bring the Japanese submarine, or Rabaul's volcano "
             "(no effect). The table's rows are illustrative.", kind="dice", next=anywhere("events.roll")),
        step("hikoshidan", "Commit the 11th Hikoshidan?",
             ["oc.special.hikoshidan.decision_timing", "oc.victory.hikoshidan.commitment_vp",
              "oc.special.hikoshidan.commit_placement", "oc.special.hikoshidan.uncommitted_to_truk",
              "oc.special.hikoshidan.uncommitted_clears_disruption", "oc.special.hikoshidan.available_from_start",
              "oc.special.hikoshidan.no_obligation_to_fly"],
             "Japan decides whether the 11th Hikoshidan fights this turn. Committing gives the Allies 1 VP at once and "
             "puts its units at Rabaul (as far as there is room) or Truk; not committing sends them all to Truk, "
             "Flown, their disruption cleared.", decider=japan, accepts=[Commit], next=anywhere("events.hikoshidan")),
        step("tf36", "Commit TF-36?",
             ["oc.naval.tf36.commitment_declaration", "oc.naval.tf36.commitment_effects_default"],
             "After Japan's decision, the Allies say whether the US Navy's Task Force 36 is committed: only then may "
             "its units fly or sail this turn (illustrative effect).", decider=allies, accepts=[CommitTF36],
             next=anywhere("events.tf36")),
    ], "The random event, then the two commitment decisions."),
    phase("construction", "Mobile Airbase Construction", [
        step("build", "Start mobile airbases",
             ["oc.sequence.phase.mobile_airbase_construction", "oc.air.mobile.place_under_construction",
              "oc.air.airbase.mobile_site_requirements", "oc.air.mobile.one_per_hex", "oc.air.airbase.mobile_maximum",
              "oc.air.mobile.construction_timing", "oc.air.mobile.rebuild_after_bombing"],
             "Each side may place mobile airbase counters, Under Construction side up, in friendly-controlled hexes "
             "in supply that are land and not Mountain, one to a hex; they are finished in this turn's Regroup Phase.",
             decider=in_round, accepts=[Build, EndBuilding], next=anywhere("construction.build")),
    ], "New airfields are started."),
    phase("initiative", "Initiative", [
        step("regroup", "General regroup?",
             ["oc.sequence.general_regroup.declaration", "oc.sequence.general_regroup.max_two",
              "oc.sequence.general_regroup.september_marker", "oc.sequence.general_regroup.second_not_before_marker",
              "oc.sequence.general_regroup.december_first_blocks_second", "oc.sequence.turn_calendar_default"],
             "The Allies may declare a general regroup turn: at most two a game, with the calendar's limits. Every "
             "recon flight roll this turn gets +1.", decider=allies, accepts=[GeneralRegroup],
             next=anywhere("initiative.regroup")),
        step("designate", "Mark units to regroup",
             ["oc.air.unit_regroup.designation", "oc.air.unit_regroup.secret", "oc.air.concept.regroup_marker_required",
              "oc.air.concept.regroup_no_missions"],
             "Each side, in secret on its own display, may put Regroup markers on disrupted or reduced aerial units. "
             "A regrouping unit flies no missions this turn.", decider=in_round, accepts=[Designate, EndDesignation],
             next=anywhere("initiative.designate")),
        step("recon", "Recon flights",
             ["oc.air.recon.flown_in_initiative_phase", "oc.air.recon.alternate_placement",
              "oc.air.recon.japanese_units", "oc.air.recon.allied_p38", "oc.air.recon.magic_pby",
              "oc.air.recon.magic_always_flies"],
             "The sides take turns sending recon units, last turn's Initiative player first: each flight is rolled "
             "for, then placed. The Magic PBY, when Magic is in effect, always flies.", decider=in_round,
             accepts=[FlyRecon, PlaceMagic, EndRecon], next=anywhere("initiative.recon")),
        step("flight", "Does the recon fly?",
             ["oc.air.recon.flight_roll_seven_or_less", "oc.air.recon.general_regroup_plus_one",
              "oc.air.recon.fail_goes_to_flown"],
             "The owner rolls: 7 or less (plus 1 in a general regroup turn) and the recon flies; otherwise it goes "
             "to the Flown half of its airbase.", kind="dice", next=anywhere("initiative.flight")),
        step("place", "Place the recon",
             ["oc.air.recon.place_within_range", "oc.air.recon.examine_airbase", "oc.air.recon.immune_in_flight",
              "oc.air.airbase.adc_disclosure_sources", "oc.air.recon.initiative_drm_trigger"],
             "The recon goes to any hex within its range and may examine one enemy airbase there: the enemy must say "
             "how many fighters and bombers it holds.", decider=recon_owner, accepts=[PlaceRecon],
             next=anywhere("initiative.place")),
        step("roll", "Roll for the initiative",
             ["oc.sequence.initiative_roll.allied_rolls_with_drm", "oc.sequence.initiative_roll.six_or_more_allied",
              "oc.sequence.initiative_roll.five_or_less_japanese", "oc.sequence.initiative_roll.drm_table_default",
              "oc.sequence.initiative_roll.flip_marker", "oc.sequence.initiative.no_roll_turn_one",
              "oc.sequence.initiative.turn_one_default", "oc.sequence.phase.initiative_roles"],
             "From turn 2 the Allies roll, with +1 for an Allied recon over Rabaul and -1 for a Japanese recon over "
             "Port Moresby (illustrative): 6 or more, the Allies have the initiative; 5 or less, Japan.",
             kind="dice", next=anywhere("initiative.roll")),
        step("missions", "Roll for initiative missions",
             ["oc.sequence.initiative_missions.roll", "oc.sequence.initiative_missions.table_default",
              "oc.sequence.initiative_missions.count_before_opponent"],
             "The Initiative player rolls for how many missions he flies before the Reaction player flies any: 1-3 "
             "one, 4-7 two, 8-10 three (illustrative).", kind="dice", next=anywhere("initiative.missions")),
    ], "Regroups, recon, and who acts first."),
    phase("ops", "Air/Naval Operations", [
        step("mission", "Mission opportunities",
             ["oc.sequence.phase.air_naval_alternation", "oc.sequence.phase.air_naval_end_on_passes",
              "oc.sequence.phase.air_naval_roles", "oc.air.concept.missions", "oc.base.strike_mission_default",
              "oc.base.naval_mission_default", "oc.air.concept.one_bombing_mission_per_turn",
              "oc.components.air.c47_carries_parachute", "oc.air.concept.single_vs_multi_engine",
              "oc.air.hosting.over_capacity_stage_only", "oc.air.concept.regroup_or_stage_no_attack"],
             "The Initiative player flies his initiative missions, then the sides alternate, one opportunity each: "
             "an air strike (on an airbase, a ship or a ground unit; bombers single- or multi-engine alike), a naval "
             "mission or a pass. The phase ends once each side has passed twice in a row "
             "of its own opportunities with no mission between (our reading).", decider=in_round,
             accepts=[StrikeBase, StrikeShip, StrikeGround, Sail, Airdrop, PassMission], next=anywhere("ops.mission")),
        step("scramble", "Scramble",
             ["oc.base.scramble_default", "oc.air.concept.scramble_to_intercept", "oc.air.recon.scramble_drm",
              "oc.air.concept.regroup_scramble_penalty", "oc.air.airbase_disruption.hinders_scramble_and_evacuation",
              "oc.air.recon.immune_in_flight"],
             "Each Ready enemy fighter at the target, or at an airbase whose range reaches it, rolls to scramble: 6 "
             "or less, +1 each for a disrupted airbase, regrouping, and a recon of the striking side over the hex.",
             kind="dice", next=anywhere("ops.scramble")),
        step("combat", "One round of aerial combat",
             ["oc.base.aerial_combat_default", "oc.components.air.attack_factor", "oc.components.air.defense_factor",
              "oc.components.pieces.no_back_eliminated", "oc.components.pieces.front_full_back_reduced"],
             "Interceptors fire at the bombers and escorts at the interceptors, all at once: a roll at or below the "
             "firer's AF disrupts; the target's DF resists (our reading: +1 to the roll for each point of DF above "
             "the standard 2, -1 for each below). A disrupted bomber aborts.", kind="dice", next=anywhere("ops.combat")),
        step("aa", "Anti-aircraft fire",
             ["oc.base.aa_fire_default", "oc.air.airbase_target.aa_vs_bombers_and_strafers",
              "oc.air.concept.airbase_static_combat_unit", "oc.air.airbase_target.aa_major_3",
              "oc.air.airbase_target.aa_minor_and_mobile_2", "oc.air.airbase_target.aa_disrupted_1",
              "oc.air.mobile.under_construction_bombable_no_aa", "oc.air.mobile.operational_bombable_aa2",
              "oc.components.air.defense_factor", "oc.naval.concept.naval_combat_units"],
             "The target airbase, or a target naval combat unit (never a transport), rolls one die per AA point, each "
             "at the next bomber in turn: 3 or less, after the bomber's DF (as in aerial combat), disrupts it, and it "
             "aborts.",
             kind="dice", next=anywhere("ops.aa")),
        step("bomb", "Bombing",
             ["oc.base.bombing_default", "oc.air.airbase_target.may_be_bombed", "oc.components.air.bombing_factor",
              "oc.air.airbase_destruction.eliminated_marker", "oc.air.mobile.under_construction_removed_if_hit",
              "oc.air.mobile.operational_removed_if_destroyed", "oc.air.recon.vulnerable_only_on_ground",
              "oc.air.recon.not_replaceable", "oc.air.layout.flown_half", "oc.air.layout.disrupted_quadrants",
              "oc.components.ground.combat_factor"],
             "Each bomber left rolls: at or below its BF is a hit. One hit disrupts the airbase, two destroy it, "
             "more disrupt units on the ground; at sea each hit reduces a ship; a ground unit's CF resists like a DF, "
             "and each hit costs it a step. Then the strike flies home, Flown.",
             kind="dice", next=anywhere("ops.bomb")),
    ], "Missions alternate until both sides pass."),
    phase("ground", "Ground Operations", [
        step("move", "Ground moves",
             ["oc.base.ground_operations_default", "oc.sequence.phase.ground_operations",
              "oc.special.concept.hex_control", "oc.air.airbase_capture.by_occupation",
              "oc.air.airbase_target.no_ground_defense", "oc.air.airbase_target.ground_capture_non_mobile",
              "oc.air.airbase_capture.disrupted_until_repaired", "oc.air.airbase_capture.mobile_removed_permanently",
              "oc.components.naval.cargo_capacity", "oc.components.naval.maru_and_daihatsu"],
             "Each side, the Initiative player first, may move each ground unit to an adjacent land hex with no enemy "
             "ground unit: entering takes control, and takes an enemy airbase there. A unit may instead go aboard a "
             "transport in an adjacent sea hex, within its cargo capacity in steps, or land from one. Ground combat "
             "is not modelled (the ground default leaves it out), so a hex with an enemy ground unit, a garrison "
             "too, stays closed: a unit's CF counts only against bombs.", decider=in_round,
             accepts=[March, Embark, Disembark, EndGround], next=anywhere("ground.move")),
        step("evacuate", "Evacuate a captured airbase",
             ["oc.air.airbase_capture.evacuation_trigger", "oc.air.evacuation.roll_per_unit",
              "oc.air.evacuation.success_at_or_below_srmp", "oc.air.evacuation.table_default",
              "oc.air.evacuation.stage_within_printed_range", "oc.air.evacuation.failure_destroyed"],
             "Every aerial unit at the captured airbase rolls: at or below its SR/MP after the DRMs, it escapes to a "
             "friendly airbase in its printed range; otherwise it is destroyed.", kind="dice",
             next=anywhere("ground.evacuate")),
    ], "Ground units move; airbases change hands."),
    phase("conclusion", "Operations Conclusion", [
        step("return", "Recon returns",
             ["oc.sequence.phase.operations_conclusion_recon_return", "oc.air.recon.duration_and_return",
              "oc.sequence.phase.operations_conclusion_naval_return"],
             "Recon units come home to a friendly airbase in range. Naval units may stay at sea (returning to port "
             "is optional: they stay).", kind="auto", next=anywhere("conclusion.return")),
    ]),
    phase("supply", "Supply Determination", [
        step("trace", "Trace supply",
             ["oc.supply.phase.trace_requirement", "oc.supply.phase.aerial_units_exempt"],
             "Every ground unit, naval unit and airbase traces a line of any length to a friendly source, through "
             "hexes with no enemy ground unit. The penalty (13.3) is not in the excerpt: the result only decides "
             "where mobile airbases may be built.", kind="auto", next=anywhere("supply.trace")),
    ]),
    phase("regroup", "Regroup", [
        step("repair", "Repair airbases",
             ["oc.air.airbase_destruction.repair_attempt_each_regroup", "oc.air.airbase_destruction.repair_roll_default",
              "oc.sequence.phase.regroup", "oc.air.airbase_capture.disrupted_until_repaired"],
             "One repair roll for each destroyed or disrupted airbase: 5 or less and a destroyed one comes back "
             "disrupted, a disrupted or captured one fully working (illustrative).", kind="dice",
             next=anywhere("regroup.repair")),
        step("reorganize", "Airbase reorganization",
             ["oc.sequence.phase.regroup", "oc.air.mobile.flip_in_regroup_phase",
              "oc.air.airbase_disruption.blocks_unit_regroup", "oc.victory.hikoshidan.flown_unit_half_vp",
              "oc.victory.hikoshidan.destroyed_unit_vp", "oc.air.hosting.over_capacity_all_flown",
              "oc.air.layout.ready_half", "oc.sequence.phase.regroup_city_hits"],
             "Mobile airbases under construction are finished; regrouping units at undisrupted airbases lose their "
             "disruption; the 11th Hikoshidan's VPs are scored; every unit goes back to Ready, except at an "
             "airbase over capacity.", kind="auto", next=anywhere("regroup.reorganize")),
        step("dismantle", "Dismantle mobile airbases",
             ["oc.air.mobile.dismantle"],
             "An empty, undisrupted mobile airbase may be taken off the map, to be built again later.",
             decider=in_round, accepts=[Dismantle, EndDismantling], next=anywhere("regroup.dismantle")),
    ], "Repairs and recovery."),
    phase("reinforcement", "Reinforcement", [
        step("place", "Reinforcements", ["oc.sequence.phase.reinforcement"],
             "Module 15 is not in the excerpt and the scenarios schedule no reinforcements: the phase passes.",
             kind="auto", next=anywhere("reinforcement.place")),
    ]),
    phase("vp", "Victory Points", [
        step("score", "Victory points and the turn marker",
             ["oc.sequence.phase.victory_points_advance", "oc.sequence.phase.victory_points_final_turn",
              "oc.base.victory_default", "oc.victory.concept.vp_track", "oc.victory.concept.control_by_occupation"],
             "If this is not the last turn the turn marker moves on; on the last turn each objective hex scores for "
             "the side with a ground combat unit in it (control alone, or passing through, scores nothing), the VPs "
             "are totalled and the side with more wins (illustrative).", kind="auto", next=anywhere("vp.score")),
    ]),
))

_NOT = "Not now ({step})."
REFUSALS: dict[Any, tuple[str, str]] = {
    (StrikeBase, StrikeShip, StrikeGround, Sail, PassMission): ("Not now ({step}): missions are flown in the Air/Naval "
                                                  "Operations Phase.", "oc.sequence.phase.air_naval_alternation"),
    (March, EndGround): ("Not now ({step}): ground units move in the Ground Operations Phase.",
                         "oc.sequence.phase.ground_operations"),
    (FlyRecon, PlaceMagic, PlaceRecon, EndRecon): ("Not now ({step}): recon flies in the Initiative Phase.",
                                                   "oc.air.recon.flown_in_initiative_phase"),
    (Build, EndBuilding): ("Not now ({step}): mobile airbases are started in the Mobile Airbase Construction Phase.",
                           "oc.sequence.phase.mobile_airbase_construction"),
}
