"""Battle: how many dice, and what rolled faces do. The one combat function the engine plays with and
the exact odds enumerate (DESIGN.md: combat is defined once).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ...engine.errors import RuleError
from ...engine.state import GameState, Unit
from ...hexes import Hex, hex_distance
from .board import Field
from .data import ARMOR, ARTILLERY, FIGURES, HITS_ON, INFANTRY, MAX_RANGE_CLAUSE, RANGE_CLAUSES, RANGE_DICE, SEAWARD


def resolve_faces(faces: Sequence[str], target_kind: str, stars_hit: bool = False) -> tuple[int, int]:
    """Rolled battle-die faces against a unit type -> (hits, flags).

    Each die scores at most one hit, when its symbol hits that type: infantry symbols hit infantry,
    armor symbols armor, grenades anything; stars miss (unless a card says otherwise); flags are counted
    for retreats (m44.resolve.hit.matching, m44.resolve.symbol.*, m44.resolve.artillery_target)."""
    hitting = HITS_ON[target_kind] | ({"star"} if stars_hit else set())
    hits = sum(1 for f in faces if f in hitting)
    flags = sum(1 for f in faces if f == "flag")
    return hits, flags


@dataclass
class Dice:
    """How many dice a battle rolls, and why: each step in words with its clause."""

    count: int
    base: int
    steps: list[tuple[str, int, str]] = field(default_factory=list)
    """(reason, change, clause)."""

    @property
    def clauses(self) -> list[str]:
        return [c for _, _, c in self.steps]

    def words(self) -> str:
        parts = [f"{self.base} at range"] + [f"{d:+d} {why}" for why, d, _ in self.steps[1:] if d]
        return ", ".join(parts) + f" = {self.count}"


def range_dice(kind: str, distance: int) -> int:
    row = RANGE_DICE[kind]
    return row[distance - 1] if 1 <= distance <= len(row) else 0


def battle_dice(fld: Field, state: GameState, attacker: Unit, target: Unit, *, attacker_at: Hex | None = None,
                terrain_free: bool = False, bonus: int = 0, bonus_reason: str = "", bonus_clause: str = "") -> Dice:
    """The dice ``attacker`` rolls at ``target``: the range table, the target's terrain (the best single
    reduction of terrain and obstacle), the attacker's own hex ("battles out"), nation rules."""
    at = attacker_at or attacker.at
    assert isinstance(at, Hex) and isinstance(target.at, Hex)
    kind = attacker.kind
    d = hex_distance(at, target.at)
    base = range_dice(kind, d)
    dice = Dice(base, base, [(f"range {d}", base, RANGE_CLAUSES[kind][min(d, len(RANGE_CLAUSES[kind])) - 1])])
    if base == 0:
        return dice
    if kind != ARTILLERY and not terrain_free:  # m44.terrain.general.artillery_unmodified
        best, why, clause = 0, "", ""
        for rule in fld.rules_at(state, target.at):
            n = rule.dice.get(kind, 0)
            if not n:
                continue
            if rule.from_below and fld.height(at) >= fld.height(target.at):
                continue  # m44.terrain.hill.from_below and friends
            if rule.name == "bunker" and fld.bunker_owner.get(target.at) != target.side:
                continue  # m44.terrain.bunker.protect_owner_only
            if rule.name == "sandbags" and fld.board.terrain[target.at] not in ("countryside", "beach"):
                continue  # m44.terrain.sandbags.scope
            if rule.name == "sea_wall" and fld.board.terrain[at] not in SEAWARD:
                continue  # m44.terrain.sea_wall.scope, .behind
            if n > best:
                best, why, clause = n, f"target in {rule.title.lower()}", rule.dice_clause or ""
        if best:
            dice.steps.append((why, -best, clause))
            if len([r for r in fld.rules_at(state, target.at) if r.dice.get(kind)]) > 1:
                dice.steps.append(("only the best reduction counts", 0, "m44.terrain.general.best_reduction"))
    if not terrain_free:
        for rule in fld.rules_at(state, at):
            n = rule.battle_out.get(kind, 0)
            if n:
                clause = {"wire": "m44.terrain.wire.infantry_battle_out"}.get(
                    rule.name, f"m44.terrain.{rule.name}.armor_battle_out")
                dice.steps.append((f"battling out of {rule.title.lower()}", -n, clause))
                dice.steps.append(("added to the target's terrain", 0, "m44.terrain.general.battle_out_cumulative"))
    nation = fld.facts(attacker).nation
    # m44.nation.japan.seishin.full_strength (our reading): full strength is infantry's full figure count (4),
    # not whatever the unit was set up with, so a unit a scenario sets up with 3 figures never has it
    if (nation == "japan" and kind == INFANTRY and d == 1 and attacker.strength >= FIGURES[INFANTRY]
            and not terrain_free):
        dice.steps.append(("Seishin Kyoiku: full strength in close assault", 1,
                           "m44.nation.japan.seishin.full_strength"))
    if bonus:
        dice.steps.append((bonus_reason, bonus, bonus_clause))
    dice.count = max(0, base + sum(n for _, n, _ in dice.steps[1:]))
    return dice


def reach_error(fld: Field, state: GameState, attacker: Unit, target: Unit, at: Hex | None = None,
                close_only: bool = False) -> RuleError | None:
    """Range, forced close assault and line of sight (not the turn's own limits)."""
    at = at or attacker.at
    assert isinstance(at, Hex) and isinstance(target.at, Hex)
    d = hex_distance(at, target.at)
    kind = attacker.kind
    if d > len(RANGE_DICE[kind]):
        return RuleError(f"{target.id} is {d} hexes away: beyond the {kind}'s range of {len(RANGE_DICE[kind])}.",
                         MAX_RANGE_CLAUSE[kind])
    if d > 1:
        if close_only:
            return RuleError(f"{target.id} is not adjacent: only a close assault is allowed here.",
                             "m44.nation.japan.banzai.move_two")
        adjacent = [u for u in state.units.values() if u.alive and u.side != attacker.side
                    and isinstance(u.at, Hex) and hex_distance(u.at, at) == 1]
        if adjacent:
            return RuleError(f"{adjacent[0].id} is adjacent: a unit next to an enemy must close assault it if it "
                             "battles.", "m44.battle.close_assault.forced")
    if kind != ARTILLERY:
        los = fld.sight(state, at, target.at)
        if not los.clear:
            blocker = fld.board.label(los.blocked_by[0]) if los.blocked_by else "?"
            return RuleError(f"No line of sight to {target.id}: {blocker} blocks it.", "m44.los.required")
    return None


__all__ = ["ARMOR", "Dice", "battle_dice", "reach_error", "resolve_faces"]
