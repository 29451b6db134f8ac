"""Cactus Air Force Ground Combat's checks that are not moves: a scenario's rule-specific problems (the two sides,
the groups and their bases, the targets, the units' kinds and boxes, stacking, who attacks in a box that starts
contested; caf.movement.locations.four_boxes_only, caf.stacking.four_steps_per_box,
caf.combat.attacker_defender_roles), and the invariants the random simulation tests hold every state to
(stacking, the steps on a counter, the attackers marked, fights recorded, units pinned, one move and one refit a
turn, the VP adding up).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import GameState
from . import facts
from .counters import KINDS
from .data import STACK_LIMIT

if TYPE_CHECKING:
    from .rules import Cactus


def scenario_problems(rules: Cactus, scenario: Any) -> list[tuple[str, str]]:
    """Rule-specific checks of a scenario (a ``hexlab.scenario.Scenario``): ``(field path, problem)`` pairs."""
    problems: list[tuple[str, str]] = []
    opts = rules.options
    sides = list(scenario.meta.sides)
    if len(sides) != 2:
        return [("scenario.sides", "the ground variant is for two sides, the Allies and the Japanese")]
    if opts.japanese not in sides:
        problems.append(("rules.japanese", f"{opts.japanese!r} is not one of the sides {sides}"))
    areas = rules.board.areas
    for i, area in enumerate(areas.values()):  # the air rules count boxes on the base game's grid
        if area.anchor is None:
            problems.append((f"board.area[{i}].ref", f"{area.name} needs its grid reference (ref = \"7/13\") on the "
                                                     "base game's grid ([board.refs]): fighter reach and sea routes are "
                                                     "counted in it (caf.air.cover.route_and_speed_defaults)"))
    for name, groups in (("fighters", opts.fighters), ("bombers", opts.bombers)):
        seen: set[str] = set()
        for i, g in enumerate(groups):
            path = f"rules.{name}[{i}]"
            if g.id in seen:
                problems.append((f"{path}.id", f"group {g.id!r} is listed twice"))
            seen.add(g.id)
            if g.side not in sides:
                problems.append((f"{path}.side", f"{g.side!r} is not one of the sides {sides}"))
            try:
                rules.board.parse(g.base)
            except ValueError as exc:
                problems.append((f"{path}.base", str(exc)))
            for j, h in enumerate(g.hours):
                if not 1 <= h <= opts.hours:
                    problems.append((f"{path}.hours[{j}]", f"hours run from 1 to {opts.hours}"))
    for side, boxes in opts.targets.items():
        if side not in sides:
            problems.append((f"rules.targets.{side}", f"no side {side!r} (sides: {sides})"))
        for j, box in enumerate(boxes):
            if box not in areas:
                problems.append((f"rules.targets.{side}[{j}]", f"no area {box!r} on this map"))
    for side, n in opts.air_refits.items():
        if side not in sides:
            problems.append((f"rules.air_refits.{side}", f"no side {side!r} (sides: {sides})"))
        if n < 0:
            problems.append((f"rules.air_refits.{side}", "air refits cannot be negative"))
    steps: dict[tuple[str, str], int] = {}
    for i, u in enumerate(scenario.units):
        path = f"unit[{i}]"
        kind = KINDS[u.kind]
        if (u.side == opts.japanese) != (kind.nation == "japanese"):
            problems.append((f"{path}.type", f"a {kind.title} unit belongs to the "
                                             f"{'Japanese' if kind.nation == 'japanese' else 'Allied'} side"))
        if not isinstance(u.at, str):
            problems.append((f"{path}.at", "every ground unit starts in one of the boxes "
                                           "(caf.movement.locations.four_boxes_only)"))
            continue
        if u.max_strength != kind.max_steps:
            problems.append((f"{path}.max_strength", f"a {kind.title} has {kind.max_steps} steps at full strength"))
        steps[(u.at, u.side)] = steps.get((u.at, u.side), 0) + u.strength
        if steps[(u.at, u.side)] > STACK_LIMIT:
            problems.append((f"{path}.at", f"{u.side} would have {steps[(u.at, u.side)]} steps in {u.at}: at most "
                                           f"{STACK_LIMIT} (caf.stacking.four_steps_per_box)"))
        came = u.attrs.get("came_from")
        if came is not None and came not in areas:
            problems.append((f"{path}.attrs.came_from", f"no area {came!r} on this map"))
        sea = u.attrs.get("seaborne")
        if sea is not None and not isinstance(sea, bool):
            problems.append((f"{path}.attrs.seaborne", "true or false"))
    for box in areas:
        here = [u for u in scenario.units if u.at == box]
        if len({u.side for u in here}) > 1:
            attackers = {u.side for u in here if u.attrs.get("came_from") is not None or u.attrs.get("seaborne")}
            if len(attackers) != 1:
                problems.append(("unit", f"{box} starts contested: mark the attacking side's units with "
                                         "attrs came_from (overland) or seaborne = true, and only that side's "
                                         "(caf.combat.attacker_defender_roles)"))
    return problems


def broken_invariants(rules: Cactus, state: GameState) -> list[str]:
    """The rules' invariants broken in ``state``, in words (the random simulation tests)."""
    broken: list[str] = []
    v = state.rules_state
    for box in rules.ground.boxes:
        for side in state.sides:
            n = rules.ground.steps(state, box, side)
            if n > STACK_LIMIT:
                broken.append(f"{side} have {n} steps in {box} (caf.stacking.four_steps_per_box)")
        if rules.ground.contested(state, box) and box not in v.fights:
            broken.append(f"{box} is contested but no fight is recorded (caf.combat.trigger.opposing_units_share_box)")
    for u in state.units.values():
        kind = KINDS.get(u.kind)
        if kind is None:
            broken.append(f"{u.id} is of unknown kind {u.kind}")
            continue
        if not 0 <= u.strength <= kind.max_steps or u.max_strength != kind.max_steps:
            broken.append(f"{u.id} has {u.strength} of {u.max_strength} steps; a {kind.title} has 1 to "
                          f"{kind.max_steps} (caf.components.counters.right_number_is_steps)")
            continue
        if facts.attacking(state, u) and not (u.at in v.fights and v.fights[u.at].attacker == u.side):
            broken.append(f"{u.id} is marked as an attacker but is not attacking where it stands "
                          "(caf.combat.attacker_defender_roles)")
        if u.strength == 0 and u.at is not None:
            broken.append(f"{u.id} has no steps but is on the map (caf.components.counters.eliminated_at_zero_steps)")
        if u.strength > 0 and u.at not in rules.board.areas:
            broken.append(f"{u.id} is outside the four boxes (caf.movement.locations.four_boxes_only)")
    for uid, box in v.pinned.items():
        u = state.units[uid]
        if u.alive and u.at != box:
            broken.append(f"{uid} left {box} while it was contested (caf.movement.no_exit_from_contested_box)")
    if len(v.turn.moved) != len(set(v.turn.moved)):
        broken.append(f"a unit moved twice this turn: {v.turn.moved} (caf.movement.once_per_turn)")
    seen = set()
    for a in v.awards:
        if (a.turn, a.box) in seen:
            broken.append(f"{a.box} scored twice in turn {a.turn} (caf.victory.uncontested_location_vp)")
        seen.add((a.turn, a.box))
    for side in state.sides:
        total = sum(1 for a in v.awards if a.side == side) + sum(b.vp for b in v.bonus if b.side == side)
        if state.score[side] != total:
            broken.append(f"{side} have {state.score[side]} VP, but their awards add up to {total} "
                          "(caf.victory.uncontested_location_vp)")
        if v.turn.refitted.count(side) > 1:
            broken.append(f"{side} refitted twice this turn (caf.supply.refit.one_step_per_turn)")
    return broken
