"""War at Sea landings' combat, defined once: pure functions from rolled faces to a result. The engine's dice steps
and the odds (``odds.py``) call these and nothing else.

- :func:`attack`: one attack by a ship or an aircraft (gunnery, bombs, anti-air) on a ship, an aircraft or a troop
  counter: successes by the base game's values (was.combat.base_attack_dice_default), Armour damages a ship or a
  troop and aborts an aircraft, Vital Armour sinks or destroys (was.base.attack_on_ships_default,
  was.combat.base_armour_damage_default), and a troop with more than one hull point left is never destroyed by one
  attack (was.combat.troop.hard_to_kill).
- :func:`infantry_hits` and :func:`infantry_round`: troop against troop on one island, 5 or 6 marks a different
  enemy troop, both sides' losses taken together (was.combat.troop.*); Hard to Kill does not apply
  (was.combat.troop.hard_to_kill_not_vs_troops).
- :func:`attack_dice`: the dice an attack gets (was.base.gunnery_range_default, was.combat.bombard_shore_support_bonus).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .data import BOMBARD, BOMBARD_DICE, GUNNERY_RANGE, INFANTRY_HIT, SUCCESSES, TROOP_ARMOUR, TROOP_HULL
from .options import UnitClass

Kind = Literal["ship", "aircraft", "troop"]
Effect = Literal["no effect", "damaged", "sunk", "aborted", "destroyed"]


@dataclass(frozen=True, slots=True)
class Target:
    """What an attack needs to know of its target: its kind, Armour, Vital Armour, hull points left, and whether
    it is Hard to Kill (a troop counter)."""

    kind: Kind
    armour: int
    vital: int | None = None
    hull_left: int = 1
    hard_to_kill: bool = False


TROOP = Target("troop", TROOP_ARMOUR, None, TROOP_HULL, True)
"""An undamaged troop counter: Armour 5, 2 hull points, Hard to Kill (was.components.troop.*)."""


@dataclass(frozen=True, slots=True)
class Result:
    successes: int
    effect: Effect


def successes(faces: Sequence[int]) -> int:
    """Successes rolled: each 4 or 5 one, each 6 two (was.combat.base_attack_dice_default)."""
    return sum(SUCCESSES[f] for f in faces)


def attack(faces: Sequence[int], target: Target) -> Result:
    """One attack's result against ``target`` as it stands now.

    An aircraft is aborted at its Armour and destroyed at its Vital Armour. A ship or a troop takes 1 damage at its
    Armour (and is sunk, or destroyed, when that was its last hull point) and is sunk at its Vital Armour. A troop
    counter has no Vital Armour, and while it has more than one hull point left one attack leaves it at least one
    (was.combat.troop.hard_to_kill), however many successes."""
    s = successes(faces)
    if target.kind == "aircraft":
        if target.vital is not None and s >= target.vital:
            return Result(s, "destroyed")
        return Result(s, "aborted" if s >= target.armour else "no effect")
    gone: Effect = "destroyed" if target.kind == "troop" else "sunk"
    if target.vital is not None and s >= target.vital:
        effect: Effect = gone
    elif s >= target.armour:
        effect = gone if target.hull_left <= 1 else "damaged"
    else:
        return Result(s, "no effect")
    if effect == gone and target.hard_to_kill and target.hull_left > 1:
        effect = "damaged"  # Hard to Kill: one attack never takes the last hull point of a troop with two
    return Result(s, effect)


def infantry_hits(faces: Sequence[int]) -> int:
    """Enemy troops one side's infantry dice mark: one per 5 or 6 (was.combat.troop.hit_on_5_or_6)."""
    return sum(1 for f in faces if f >= INFANTRY_HIT)


def marks(hits: int, enemies: int) -> int:
    """Enemy troops marked: each hit marks a different enemy troop, so hits beyond the enemy's troops are wasted
    (was.combat.troop.hit_on_5_or_6, our reading)."""
    return min(hits, enemies)


def infantry_losses(attacker_hits: int, defender_hits: int, attackers: int, defenders: int) -> tuple[int, int]:
    """``(attacker losses, defender losses)`` of one Infantry Combat phase from both sides' hits: a marked troop still
    rolled, and both sides' marked troops go together at the end of the phase (was.combat.troop.simultaneous_removal)."""
    return marks(defender_hits, attackers), marks(attacker_hits, defenders)


def infantry_round(attacker_faces: Sequence[int], defender_faces: Sequence[int]) -> tuple[int, int]:
    """One Infantry Combat phase on one island, from the faces: each side rolls one die a troop
    (was.combat.troop.one_die_per_counter), so the troops are the dice: ``(attacker losses, defender losses)``."""
    return infantry_losses(infantry_hits(attacker_faces), infantry_hits(defender_faces), len(attacker_faces),
                           len(defender_faces))


def attack_dice(cls: UnitClass, weapon: str, distance: int, vs_troops: bool) -> tuple[int, list[str]]:
    """The dice an attack rolls, and the clauses that set them: a ship's gunnery at that range (0 to 3 sectors),
    plus two against troops with Bombard or Shore Support; an aircraft's bombs or gunnery in its own sector; a
    ship's anti-air dice. 0 when the attack cannot be made with that weapon."""
    if weapon == "anti_air":
        return cls.anti_air, ["was.base.air_missions_default"]
    if weapon == "bombs":
        return (cls.bombs if cls.kind == "aircraft" else 0), ["was.base.air_missions_default"]
    if weapon == "torpedo":
        return cls.torpedo, ["was.base.attack_on_ships_default"]
    if weapon != "gunnery":
        return 0, []
    if cls.kind == "aircraft":
        return (cls.gunnery[0] if cls.gunnery and distance == 0 else 0), ["was.base.air_missions_default"]
    if distance > GUNNERY_RANGE or distance >= len(cls.gunnery):
        return 0, ["was.base.gunnery_range_default"]
    n, clauses = cls.gunnery[distance], ["was.base.gunnery_range_default"]
    if vs_troops and n > 0 and any(a in BOMBARD for a in cls.abilities):
        n += BOMBARD_DICE
        clauses.append("was.combat.bombard_shore_support_bonus")
    return n, clauses
