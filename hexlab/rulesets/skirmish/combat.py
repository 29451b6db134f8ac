"""Skirmish's one combat function, used by the dice step and the odds alike."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import Board, Unit
from ...hexes import hex_distance


def combat(attack_faces: Sequence[int], return_faces: Sequence[int]) -> tuple[int, int]:
    """Rolled faces -> (hits on the target, hits on the attacker): the attacker hits on 5-6
    (sk.combat.dice), return fire on 6 (sk.combat.return_fire)."""
    return sum(1 for f in attack_faces if f >= 5), sum(1 for f in return_faces if f == 6)


def attack_dice(board: Board, attacker: Unit, target: Unit) -> int:
    """One die per step, one less for a target in woods and one less across a wall, at least one
    (sk.combat.dice)."""
    n = attacker.strength
    if board.terrain[target.at] == "woods":
        n -= 1
    if hex_distance(attacker.at, target.at) == 1 and board.hexside(attacker.at, target.at) == "wall":
        n -= 1
    return max(n, 1)


def return_dice(attacker: Unit, target: Unit) -> int:
    """An adjacent target fires back with one die per step; at range 2 it cannot (sk.combat.return_fire)."""
    return target.strength if hex_distance(attacker.at, target.at) == 1 else 0
