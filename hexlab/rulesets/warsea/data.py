"""War at Sea landings' tables: troop capacity by ability, the troop counter's card, the abilities the rules know,
and the base game's success values (each row citing its clause)."""

from __future__ import annotations

CAPACITY: dict[str, tuple[int, str]] = {
    "Landing 10": (2, "was.naval.capacity.landing_10"),
    "Vital Cargo": (2, "was.naval.capacity.vital_cargo"),
    "Landing 5": (1, "was.naval.capacity.landing_5"),
    "Landing 3": (1, "was.naval.capacity.landing_3"),
    "Secret Cargo": (1, "was.naval.capacity.secret_cargo"),
    "Beach Landing 3": (1, "was.naval.capacity.beach_landing_3"),
    "Tokyo Express": (1, "was.naval.capacity.tokyo_express"),
    "Evacuate": (1, "was.naval.capacity.evacuate"),
    "Land Secret Cargo 2": (1, "was.naval.capacity.land_secret_cargo_2"),
}
"""Troop counters a unit with the ability may carry, and the clause that says so. No other unit carries troops
(was.naval.capacity.no_other_carriers); a unit with several of them uses the highest single capacity
(was.naval.capacity.multiple_abilities_default)."""

BOMBARD = ("Bombard", "Shore Support")
"""Abilities that add :data:`BOMBARD_DICE` to gunnery against troop counters (was.combat.bombard_shore_support_bonus)."""
BOMBARD_DICE = 2

RESCUE = "Rescue Operations"
"""The ability that may save one troop from a sunk carrier in its sector (was.naval.rescue.trigger)."""

NO_SEA_CONTROL = "No Sea Control"
"""Known, and of no effect in this format (was.special.no_sea_control_irrelevant)."""

ABILITIES: tuple[str, ...] = (*CAPACITY, *BOMBARD, RESCUE, NO_SEA_CONTROL)
"""Every special ability a scenario's unit classes may name."""

TROOP_ARMOUR = 5
"""was.components.troop.armour_5"""
TROOP_HULL = 2
"""was.components.troop.hull_points_2"""

INFANTRY_HIT = 5
"""A troop's die marks an enemy troop on 5 or 6 (was.combat.troop.hit_on_5_or_6)."""

SUCCESSES = {1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 2}
"""Successes a face of an attack die scores: 4 or 5 one, 6 two (was.combat.base_attack_dice_default, illustrative)."""

GUNNERY_RANGE = 3
"""A ship's gunnery reaches targets up to 3 sectors away (was.base.gunnery_range_default, illustrative)."""


def capacity_of(abilities: list[str] | tuple[str, ...]) -> tuple[int, str]:
    """The troop capacity a list of abilities gives, and the clause it comes from: the highest single capacity
    (was.naval.capacity.multiple_abilities_default), 0 for a unit with none of them
    (was.naval.capacity.no_other_carriers)."""
    found = [CAPACITY[a] for a in abilities if a in CAPACITY]
    if not found:
        return 0, "was.naval.capacity.no_other_carriers"
    best = max(found, key=lambda c: c[0])
    if len(found) > 1:
        return best[0], "was.naval.capacity.multiple_abilities_default"
    return best
