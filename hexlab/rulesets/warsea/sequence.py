"""War at Sea landings' sequence of play as data: the catalog's default turn (was.sequence.base_turn_order_default)
with the landing rules' steps in it. Each step names the clauses it teaches, says what it does in plain words, who
decides, and what it accepts; the refusal of an action at a step that does not take it says where it belongs
(:data:`REFUSALS`).

A phase with nothing to do is passed over (no side has a carrier to load, no aircraft flies, no attack is possible):
every step may lead to any later step of the turn (``flow.proceed`` finds the next one that has work), and a side
with nothing left to do in a round of decisions is passed over too.
"""

from __future__ import annotations

from typing import Any

from ...engine import GameState, SequenceOfPlay, phase, step
from .actions import (
    Attack,
    EndAttacks,
    EndLoading,
    EndMissions,
    EndMoves,
    EndUnloading,
    Fly,
    Load,
    Mark,
    Move,
    Order,
    Unload,
)


def winner(rules: Any, state: GameState) -> str:
    """The initiative winner chooses who moves first (was.base.initiative_default)."""
    return state.rules_state.initiative


def in_round(rules: Any, state: GameState) -> str:
    """The side whose decisions these are: each side in its order, until it passes."""
    return state.rules_state.round.to_act


def marker(rules: Any, state: GameState) -> str:
    """The rolling side places its own hits (was.combat.troop.hit_on_5_or_6, our reading)."""
    return state.rules_state.marking[0].side


TURN = [
    "initiative.roll", "initiative.choose", "sea.load", "sea.move", "sea.unload", "air.mission", "airdef.declare",
    "airdef.fire", "airatk.declare", "airatk.fire", "airatk.rescue", "surface.declare", "surface.fire",
    "surface.rescue", "infantry.roll", "infantry.mark", "submarine.attack", "airreturn.back", "end.regroup",
    "end.victory",
]
"""Every step of a turn, in order."""


def later(key: str) -> list[str]:
    """The steps a step may lead to: any later one of the turn (phases with nothing to do are passed over)."""
    i = TURN.index(key)
    return TURN[i + 1:] or [TURN[0]]


_ATTACKS = "Each side in turn, the initiative winner first, declares its attacks; then all are rolled together."

SEQUENCE = SequenceOfPlay((
    phase("initiative", "Initiative", [
        step("roll", "Roll for the initiative", ["was.base.initiative_default"],
             "Both players roll two dice; a tie is rolled again. The higher roll wins the initiative.",
             kind="dice", next=["initiative.roll", *later("initiative.roll")]),
        step("choose", "Choose who moves first", ["was.base.initiative_default"],
             "The initiative winner chooses which side moves first. Moving second means seeing the enemy's moves "
             "before making one's own.", decider=winner, accepts=[Order], next=later("initiative.choose")),
    ], "Who moves first this turn."),
    phase("sea", "Sea Movement", [
        step("load", "Load troops",
             ["was.naval.load.start_of_sea_movement", "was.naval.load.deployment_area_only",
              "was.naval.load.capacity_limit", "was.components.troops.unlimited_supply",
              "was.naval.capacity.landing_10", "was.naval.capacity.vital_cargo", "was.naval.capacity.landing_5",
              "was.naval.capacity.landing_3", "was.naval.capacity.secret_cargo", "was.naval.capacity.beach_landing_3",
              "was.naval.capacity.tokyo_express", "was.naval.capacity.evacuate",
              "was.naval.capacity.land_secret_cargo_2", "was.naval.capacity.no_other_carriers",
              "was.naval.capacity.multiple_abilities_default", "was.setup.no_preloaded_deployment"],
             "As Sea Movement opens, each side, the first mover first, may load troop counters from its unlimited "
             "supply onto its carriers in its own deployment area, up to each carrier's capacity.",
             decider=in_round, accepts=[Load, EndLoading], next=later("sea.load")),
        step("move", "Move ships",
             ["was.base.sea_movement_default", "was.base.map_sectors_default", "was.special.no_sea_control_irrelevant"],
             "The first mover moves its ships, then the other side: each ship up to its Speed in sectors, one "
             "sector at a time to any of the eight around it. Troops aboard go with their ship.",
             decider=in_round, accepts=[Move, EndMoves], next=later("sea.move")),
        step("unload", "Unload troops",
             ["was.naval.unload.end_of_sea_movement", "was.naval.unload.any_island",
              "was.naval.unload.partial_allowed", "was.naval.unload.only_anti_air_after"],
             "As Sea Movement closes, a carrier in an island's sector may put some or all of its troops ashore on "
             "that island. A unit that unloads makes only anti-air attacks for the rest of the turn.",
             decider=in_round, accepts=[Unload, EndUnloading], next=later("sea.unload")),
    ], "Loading at the start, the moves, unloading at the end."),
    phase("air", "Air Mission", [
        step("mission", "Fly air missions", ["was.base.air_missions_default"],
             "Each side, the first mover first, places aircraft from its airfields in sectors within their range.",
             decider=in_round, accepts=[Fly, EndMissions], next=later("air.mission")),
    ], "Aircraft take off."),
    phase("airdef", "Air Defense", [
        step("declare", "Declare anti-air fire",
             ["was.base.air_missions_default", "was.base.simultaneous_phase_default",
              "was.naval.unload.only_anti_air_after"],
             "Each ship in a sector with enemy aircraft may fire its anti-air dice at one of them. " + _ATTACKS,
             decider=in_round, accepts=[Attack, EndAttacks], next=later("airdef.declare")),
        step("fire", "Roll the anti-air fire",
             ["was.base.attack_on_ships_default", "was.combat.base_attack_dice_default",
              "was.base.simultaneous_phase_default"],
             "Every declared attack is rolled; an aircraft is aborted at its Armour and destroyed at its Vital "
             "Armour, once all have fired.", kind="dice", next=later("airdef.fire")),
    ], "Ships fire at the aircraft over them."),
    phase("airatk", "Air Attack", [
        step("declare", "Declare air attacks",
             ["was.base.air_missions_default", "was.air.aircraft_vs_troops.air_attack_phase",
              "was.air.aircraft_vs_troops.bomb_or_gunnery_only", "was.base.simultaneous_phase_default"],
             "Each aircraft neither aborted nor destroyed makes one bomb or gunnery attack at an enemy ship or "
             "troop counter in its sector. " + _ATTACKS,
             decider=in_round, accepts=[Attack, EndAttacks], next=later("airatk.declare")),
        step("fire", "Roll the air attacks",
             ["was.combat.base_attack_dice_default", "was.base.attack_on_ships_default",
              "was.combat.base_armour_damage_default", "was.combat.troop.hard_to_kill",
              "was.components.troop.armour_5", "was.components.troop.hull_points_2",
              "was.naval.carrier_sunk_troops_lost", "was.base.simultaneous_phase_default"],
             "Every declared attack is rolled, then the damage is taken together: Armour damages, Vital Armour "
             "sinks, and a troop with both hull points is never destroyed by one attack.", kind="dice",
             next=later("airatk.fire")),
        step("rescue", "Rescue Operations",
             ["was.naval.rescue.trigger", "was.naval.rescue.roll_default", "was.naval.rescue.success_one_troop",
              "was.naval.rescue.overrides_capacity", "was.victory.no_vp_for_rescue_operations"],
             "For each carrier sunk with troops aboard in the sector of a friendly ship with Rescue Operations, its "
             "owner rolls: a success puts one troop on the rescuer, whatever its capacity.", kind="dice",
             next=later("airatk.rescue")),
    ], "Aircraft bomb and strafe."),
    phase("surface", "Surface Attack", [
        step("declare", "Declare gunnery",
             ["was.naval.gunfire_vs_troops.surface_attack_phase", "was.naval.gunfire_vs_troops.gunnery_only",
              "was.base.gunnery_range_default", "was.combat.bombard_shore_support_bonus",
              "was.naval.unload.only_anti_air_after", "was.base.simultaneous_phase_default"],
             "Each ship that did not unload this turn makes one gunnery attack at an enemy ship or troop counter up "
             "to 3 sectors away; Bombard and Shore Support add two dice against troops. " + _ATTACKS,
             decider=in_round, accepts=[Attack, EndAttacks], next=later("surface.declare")),
        step("fire", "Roll the gunnery",
             ["was.combat.base_attack_dice_default", "was.base.attack_on_ships_default",
              "was.combat.base_armour_damage_default", "was.combat.troop.hard_to_kill",
              "was.naval.carrier_sunk_troops_lost", "was.special.optional.auxiliary_respawn",
              "was.base.simultaneous_phase_default"],
             "Every declared attack is rolled, then the damage is taken together, so a ship sunk in this phase "
             "still fired.", kind="dice", next=later("surface.fire")),
        step("rescue", "Rescue Operations",
             ["was.naval.rescue.trigger", "was.naval.rescue.roll_default", "was.naval.rescue.success_one_troop",
              "was.naval.rescue.overrides_capacity"],
             "As after the air attacks: a rescue roll for each carrier sunk with troops beside a rescuer.",
             kind="dice", next=later("surface.rescue")),
    ], "Ships fire their guns."),
    phase("infantry", "Infantry Combat", [
        step("roll", "Troops fight on contested islands",
             ["was.sequence.infantry_combat_phase_placement", "was.combat.troop.mandatory_same_island",
              "was.combat.troop.one_die_per_counter", "was.combat.troop.hit_on_5_or_6",
              "was.combat.troop.hard_to_kill_not_vs_troops", "was.combat.troop.simultaneous_removal"],
             "On every island where both sides have troops, both must fight: one die a troop, every 5 or 6 marks "
             "a different enemy troop. Marked troops still roll.", kind="dice", next=later("infantry.roll")),
        step("mark", "Place the destroyed markers",
             ["was.combat.troop.hit_on_5_or_6", "was.combat.troop.simultaneous_removal",
              "was.combat.troop.control_if_sole_survivor", "was.combat.troop.contested_continues"],
             "With fewer hits than enemy troops, the roller chooses which troops its hits mark. At the end of the "
             "phase the marked troops are removed; a side left alone on an island controls it, and an island both "
             "still hold is fought over again next turn.", decider=marker, accepts=[Mark], next=later("infantry.mark")),
    ], "Troop against troop, added by the landing rules."),
    phase("submarine", "Submarine Attack", [
        step("attack", "Submarines attack", ["was.sequence.base_turn_order_default"],
             "Submarines would attack here; with no submarine in play the phase passes.", kind="auto",
             next=later("submarine.attack")),
    ]),
    phase("airreturn", "Air Return", [
        step("back", "Aircraft return", ["was.base.air_missions_default"],
             "Every aircraft on the map, aborted ones included, returns to its airfield.", kind="auto",
             next=later("airreturn.back")),
    ]),
    phase("end", "End of Turn", [
        step("regroup", "Regroup", ["was.combat.troop.regroup_end_of_turn"],
             "Every troop counter's damage is removed.", kind="auto", next=later("end.regroup")),
        step("victory", "Check for victory",
             ["was.victory.check.end_of_each_turn", "was.victory.claim.sole_troops_at_check",
              "was.victory.claim.not_removed", "was.victory.claim.revert_to_neutral", "was.victory.claim.switch_sides",
              "was.victory.island_is_objective", "was.victory.island_value_equals_objective",
              "was.victory.check.point_total", "was.victory.check.win_if_exceeds",
              "was.victory.check.continue_otherwise", "was.victory.threshold_and_tie_default",
              "was.victory.no_vp_for_cargo_abilities", "was.victory.no_vp_for_rescue_operations",
              "was.special.optional.auxiliary_still_scores", "was.special.optional.auxiliary_not_ship_for_bonus"],
             "Each island whose troops are all one side's is claimed by that side; others are neutral. Each side "
             "totals the enemy ships it sank and the islands it claims; a total above the winning amount wins.",
             kind="auto", next=["initiative.roll"]),
    ], "Regroup, then the victory check."),
))

_MOVE = ("Not now ({step}): ships move in the Sea Movement phase.", "was.base.sea_movement_default")
_LOAD = ("Not now ({step}): troops are loaded as the Sea Movement phase opens.", "was.naval.load.start_of_sea_movement")
_UNLOAD = ("Not now ({step}): troops are unloaded as the Sea Movement phase closes.",
           "was.naval.unload.end_of_sea_movement")
_FLY = ("Not now ({step}): aircraft fly their missions in the Air Mission phase.", "was.base.air_missions_default")
_ATTACK = ("Not now ({step}): attacks are declared in the Air Defense, Air Attack and Surface Attack phases.",
           "was.base.simultaneous_phase_default")
REFUSALS: dict[Any, tuple[str, str]] = {
    Order: ("Not now ({step}): the initiative winner chooses who moves first at the start of the turn.",
            "was.base.initiative_default"),
    (Load, EndLoading): _LOAD,
    (Move, EndMoves): _MOVE,
    (Unload, EndUnloading): _UNLOAD,
    (Fly, EndMissions): _FLY,
    (Attack, EndAttacks): _ATTACK,
    Mark: ("Not now ({step}): destroyed markers are placed in the Infantry Combat phase.",
           "was.combat.troop.hit_on_5_or_6"),
}
"""What the refusal of an action at a step that does not take it says (``Warsea.refusals``)."""

