"""Cactus Air Force Ground Combat's sequence of play as data: the steps, the clauses each teaches, what each
does in plain words, who decides, and which actions each decision step accepts (``accepts``; the engine
refuses any other there in the words of :data:`REFUSALS`, through ``Cactus.not_now``).

The variant leans on the base game for the shape of a turn; the placeholder shape
(caf.sequence.turn_structure_default, caf.sequence.ground_move_timing) is: every hour, ground moves (the
scenario's first side, then the other), ground combat in every contested box, then air operations (bombing,
with AA); after the last hour, victory points for held boxes and the Reinforcement Phase (refit).
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, GameState, SequenceOfPlay, phase, step
from .actions import Banzai, EndMoves, EndRaids, EndRefit, Fight, Move, Raid, Refit, TakeLoss


def attacker(rules: Any, state: GameState) -> str:
    """The attacking side declares Banzai (caf.combat.banzai.japanese_only), whoever's hour it is."""
    return state.rules_state.battle.attacker


def owner(rules: Any, state: GameState) -> str:
    """The side losing steps picks which unit loses each (caf.combat.resolution_defaults,
    caf.air.bombing.defaults)."""
    return state.rules_state.allocation.side


SEQUENCE = SequenceOfPlay((
    phase("ground", "Ground moves", [
        step("move", "Move ground units",
             ["caf.sequence.ground_move_timing", "caf.movement.once_per_turn",
              "caf.movement.direct_location_to_location", "caf.movement.locations.four_boxes_only",
              "caf.movement.option.overland", "caf.movement.option.naval_transport",
              "caf.movement.option.amphibious_invasion", "caf.movement.no_exit_from_contested_box",
              "caf.movement.may_enter_enemy_box", "caf.stacking.four_steps_per_box",
              "caf.air.cover.required_for_sea_moves", "caf.air.cover.not_needed_overland"],
             "Each side in turn may move any of its ground units that have not moved this turn, straight to one "
             "of the other boxes: overland along a land link, by naval transport into a box with no enemy, or by "
             "amphibious invasion into a box the enemy holds. Sea moves need friendly fighters over every box of "
             "the route. No unit leaves a contested box, and no side may put more than 4 steps in a box.",
             next=["combat.battles"], accepts=[Move, EndMoves]),
    ], "First one side, then the other, moves its ground units.", repeat="every hour"),
    phase("combat", "Ground combat", [
        step("battles", "Find the contested boxes",
             ["caf.combat.trigger.opposing_units_share_box", "caf.combat.timing.every_hour_before_air",
              "caf.combat.attacker_defender_roles"],
             "Every box that holds ground units of both sides is fought over this hour, before any air "
             "operations. The side that moved in attacks; the side that was there defends, hour after hour.",
             kind="auto", next=["combat.banzai", "combat.roll", "air.raids", "air.clock"]),
        step("banzai", "Banzai?",
             ["caf.combat.banzai.japanese_only", "caf.combat.banzai.doubled_dice",
              "caf.combat.banzai.automatic_step_loss"],
             "The Japanese are attacking: each of their attacking units may make a Banzai attack, rolling twice "
             "its dice but losing one step after the combat.", next=["combat.roll"], decider=attacker,
             accepts=[Banzai, Fight]),
        step("roll", "Both sides roll",
             ["caf.combat.both_sides_roll", "caf.components.counters.left_number_is_dice", "caf.combat.hit_on_six",
              "caf.combat.hit_costs_one_step", "caf.combat.defender_five_forces_retreat",
              "caf.combat.retreat_overland_to_start", "caf.combat.seaborne_no_retreat_extra_step",
              "caf.combat.resolution_defaults", "caf.combat.occupation.requires_elimination_and_survivor",
              "caf.combat.occupation.contested_otherwise"],
             "Attacker and defender roll together, one d6 for each point of their counters' left numbers. Each 6 "
             "costs the other side a step. Any defender 5 sends an attacker that came overland back where it came "
             "from, or costs one that came by sea one more step. A box changes hands only when every enemy step "
             "is gone and a friendly one is left.", kind="dice",
             next=["combat.losses", "combat.banzai", "air.raids", "air.clock"]),
        step("losses", "Take the step losses",
             ["caf.combat.resolution_defaults", "caf.components.counters.flip_on_step_loss",
              "caf.components.counters.replacement_counter_chain", "caf.components.counters.eliminated_at_zero_steps"],
             "With more than one unit in the box, the owner picks the unit that loses each step: its counter "
             "flips, or is swapped for the reduced counter, and a unit with no steps left is removed.",
             next=["combat.banzai", "combat.roll", "air.raids", "air.clock"], decider=owner, accepts=[TakeLoss]),
    ], "Combat in every box holding both sides, one box after another.", repeat="every hour"),
    phase("air", "Air operations", [
        step("raids", "Order bombing raids",
             ["caf.special.variant.base_rules_apply", "caf.air.bombing.choose_installation_or_troops",
              "caf.special.new_targets.no_bombing_own_occupied", "caf.special.new_targets.enemy_may_bomb_occupied"],
             "Each side in turn may send each bomber group flying this hour against a box in reach: at the ground "
             "units there, or at the installation (a target on its roster, or a box the enemy holds; never a box "
             "its own troops hold).", next=["air.bomb", "air.clock"], accepts=[Raid, EndRaids]),
        step("bomb", "AA fire and the bombing roll",
             ["caf.air.aa.occupier_gains_flak", "caf.air.aa.hit_number_default", "caf.air.advanced_flak.recommended",
              "caf.air.advanced_flak.airstrips", "caf.air.advanced_flak.ground_targets",
              "caf.air.bombing.standard_resolution", "caf.air.bombing.success_costs_one_step",
              "caf.air.bombing.last_step_immune", "caf.victory.new_target_bombing_vp"],
             "The defenders' AA fires first: the side holding the box rolls 1 d6 (more with advanced FLAK); a "
             "hit drives the raid off. Then the bombing roll: a success costs the troops one step (never a "
             "unit's last), or wrecks the installation for the target's VP.", kind="dice",
             next=["air.raids", "air.bomb_loss", "air.clock"]),
        step("bomb_loss", "Take the bombing loss", ["caf.air.bombing.defaults", "caf.air.bombing.last_step_immune"],
             "The bombed side picks which of its units with more than one step loses the step.",
             next=["air.raids", "air.clock"], decider=owner, accepts=[TakeLoss]),
        step("clock", "The next hour", ["caf.sequence.turn_structure_default", "caf.combat.timing.every_hour_before_air"],
             "The clock moves on an hour; after the last hour of the turn comes the end of the turn.", kind="auto",
             next=["ground.move", "end.vp"]),
    ], "Bombers raid boxes in reach; the side holding a box fires AA.", repeat="every hour"),
    phase("end", "End of the turn", [
        step("vp", "Victory points for held boxes",
             ["caf.victory.uncontested_location_vp", "caf.sequence.turn_structure_default"],
             "Each box held by one side alone scores it 1 VP.", kind="auto", next=["end.refit", "end.next"]),
        step("refit", "Reinforcement Phase: refit",
             ["caf.supply.refit.in_reinforcement_phase", "caf.supply.refit.one_step_per_turn",
              "caf.supply.refit.costs_air_refit", "caf.supply.refit.uncontested_location_only",
              "caf.supply.refit.cap_full_strength", "caf.stacking.overstack_prohibited"],
             "Each side in turn may give up an air-unit refit to give one ground unit in an uncontested box one "
             "step back (up to its full strength).", next=["end.next"], accepts=[Refit, EndRefit]),
        step("next", "The next turn",
             ["caf.sequence.turn_structure_default", "caf.victory.occupied_unbombed_target"],
             "A new turn begins with hour 1. After the last turn, each side scores its held, never bombed targets "
             "and the side with more VP wins.", kind="auto", next=["ground.move"]),
    ], "Victory points, then the Reinforcement Phase."),
))

REFUSALS: dict[type[Action], tuple[str, str]] = {
    Move: ("Not now ({step}): ground units move at the start of each hour, before combat.",
           "caf.sequence.ground_move_timing"),
    EndMoves: ("Not now ({step}): ground units move at the start of each hour, before combat.",
               "caf.sequence.ground_move_timing"),
    Refit: ("Not now ({step}): a refit is made in the Reinforcement Phase at the end of the turn.",
            "caf.supply.refit.in_reinforcement_phase"),
    EndRefit: ("Not now ({step}): a refit is made in the Reinforcement Phase at the end of the turn.",
               "caf.supply.refit.in_reinforcement_phase"),
    Raid: ("Not now ({step}): raids fly after the hour's ground combat.", "caf.combat.timing.every_hour_before_air"),
    EndRaids: ("Not now ({step}): raids fly after the hour's ground combat.",
               "caf.combat.timing.every_hour_before_air"),
    Fight: ("Not now ({step}): no Japanese attack is waiting for its dice.", "caf.combat.both_sides_roll"),
    Banzai: ("Not now ({step}): a Banzai is declared by a Japanese attacker just before the combat dice.",
             "caf.combat.banzai.japanese_only"),
    TakeLoss: ("Not now ({step}): no step loss is waiting to be taken.", "caf.combat.resolution_defaults"),
}
"""What the refusal of an action at a step that does not take it says, and cites, by the action's type, at every
step (``Cactus.refusals``; ``{step}`` is the step's title in lower case)."""
