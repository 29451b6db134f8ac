"""Cactus Air Force Ground Combat's tables: stacking, the VP of targets, the AA dice, the words and clauses of the
three ways to move, the box whose loss ends the game, and the clauses every hour of combat cites.

The numbers the variant gives are here; the ones it leaves to the base game are scenario options
(``options.py``).
"""

from __future__ import annotations

from .counters import ALLIED, JAPANESE

STACK_LIMIT = 4
"""Steps a side may have in one box (caf.stacking.four_steps_per_box: per side, so up to 8 in a contested box)."""

TARGET_VP = {JAPANESE: 4, ALLIED: 3}
"""VP for a bombed (or held, unbombed) target: 4 for the Japanese, 3 for the Allies
(caf.victory.new_target_bombing_vp, caf.victory.occupied_unbombed_target)."""

FLAK = {"ground": 1, "naval": 2, "carrier": 3}
"""AA dice by kind of target under advanced FLAK (caf.air.advanced_flak.ground_targets, .naval_targets,
.carrier_force); airstrips fire the value printed for them (``airstrip_aa`` on an area;
caf.air.advanced_flak.airstrips). The ground variant has no naval targets: those rows are for completeness."""

OCCUPIER_AA = 1
"""A side holding a location fires 1 d6 of AA there (caf.air.aa.occupier_gains_flak)."""

GUADALCANAL = "guadalcanal"
"""The area whose sole occupation by Japanese troops wins the game at once (caf.victory.sudden_death_guadalcanal)."""

MOVE_CLAUSES = {
    "overland": ["caf.movement.option.overland", "caf.movement.overland_connections",
                 "caf.air.cover.not_needed_overland", "caf.movement.direct_location_to_location"],
    "transport": ["caf.movement.option.naval_transport", "caf.movement.sea_move_ends_in_destination",
                  "caf.movement.direct_location_to_location"],
    "invasion": ["caf.movement.option.amphibious_invasion", "caf.movement.may_enter_enemy_box",
                 "caf.movement.sea_move_ends_in_destination"],
}
"""The clauses a move cites, by how it goes (caf.movement.option.*)."""

HOW_WORDS = {"overland": "overland", "transport": "by naval transport", "invasion": "by amphibious invasion"}

HOUR_CLAUSES = ("caf.combat.both_sides_roll", "caf.combat.hit_on_six", "caf.combat.hit_costs_one_step",
                "caf.combat.defender_five_forces_retreat", "caf.components.counters.left_number_is_dice")
"""The clauses of one hour of combat, which every odds report cites."""

__all__ = ["FLAK", "GUADALCANAL", "HOUR_CLAUSES", "HOW_WORDS", "MOVE_CLAUSES", "OCCUPIER_AA", "STACK_LIMIT",
           "TARGET_VP"]
