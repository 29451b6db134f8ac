"""The checks a Cadet Commander scenario must pass before play (cc.setup.*): two sides, baselines on the
board's edges (cc.setup.board.grid), each flag in or near the middle of its owner's baseline
(cc.setup.flag.placement), figures on their baseline at their starting STR (cc.setup.figures.baseline,
cc.setup.str.start), at most two a hex, one leader a band (cc.setup.band.composition), ATK 1 to 3
(cc.components.atk_dice.count)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...hexes import Hex, to_offset
from .data import MAX_PER_HEX

if TYPE_CHECKING:
    from .rules import Cadet


def scenario_problems(rules: Cadet, scenario: Any) -> list[tuple[str, str]]:
    """``(field path, problem)`` for each rule the scenario (a ``hexlab.scenario.Scenario``, which a ruleset
    does not import) breaks; empty when it is fine."""
    problems: list[tuple[str, str]] = []
    opts, sides = rules.options, list(scenario.meta.sides)
    if len(sides) != 2:
        problems.append(("scenario.sides", "Cadet Commander is for two players, each with a band and a flag "
                                           "(cc.components.list)"))
        return problems
    last = rules.board.height - 1
    for key, table in (("baselines", opts.baselines), ("flags", opts.flags)):
        for side in table:
            if side not in sides:
                problems.append((f"rules.{key}.{side}", f"no side {side!r} (sides: {sides})"))
    for side, row in opts.baselines.items():
        if row not in (0, last):
            problems.append((f"rules.baselines.{side}", f"a baseline is the row along a board edge: 0 or {last} "
                                                        "(cc.setup.board.grid)"))
    if rules.ground.baselines.get(sides[0]) == rules.ground.baselines.get(sides[1]):
        problems.append(("rules.baselines", "the two bands need different baselines (cc.setup.board.grid)"))
    centre = (rules.board.width - 1) / 2
    for side in sides:
        label = opts.flags.get(side)
        if label is not None:
            try:
                rules.board.parse(label)
            except ValueError as exc:
                problems.append((f"rules.flags.{side}", str(exc)))
                continue
        flag = rules.flags[side]
        place = f"rules.flags.{side}" if label is not None else "rules.flags"
        off = to_offset(flag, rules.board.offset)
        if off.row != rules.ground.baselines[side]:
            problems.append((place, f"the {side} flag must stand on the {side} baseline, row "
                                    f"{rules.ground.baselines[side]} (cc.setup.flag.placement)"))
        elif abs(off.col - centre) > 1:
            problems.append((place, f"the {side} flag must stand in or near the centre of the baseline "
                                    "(cc.setup.flag.placement)"))
    for i, (_, feature) in enumerate(scenario.features):
        if feature == "flag":
            problems.append((f"board.feature[{i}]", "flags are placed by [rules] flags (or stand in the middle "
                                                    "of each baseline by default), not as board features"))
    for i, obj in enumerate(opts.objectives):
        try:
            rules.board.parse(obj.hex)
        except ValueError as exc:
            problems.append((f"rules.objectives[{i}].hex", str(exc)))
    seen: dict[Any, list[str]] = {}
    leaders: dict[str, int] = {}
    for i, u in enumerate(scenario.units):
        path = f"unit[{i}]"
        if not isinstance(u.at, Hex):
            problems.append((f"{path}.at", "every figure starts on the board (cc.setup.figures.baseline)"))
            continue
        seen.setdefault(u.at, []).append(u.id)
        if len(seen[u.at]) > MAX_PER_HEX:
            problems.append((f"{path}.at", f"at most two figures a hex: {', '.join(seen[u.at])} "
                                           "(cc.setup.figures.baseline)"))
        if opts.deploy == "baseline" and u.side in rules.ground.baselines and \
                rules.row(u.at) != rules.ground.baselines[u.side]:
            problems.append((f"{path}.at", f"{u.side} figures set up on their baseline, row "
                                           f"{rules.ground.baselines[u.side]} (cc.setup.figures.baseline)"))
        if u.strength != u.max_strength:
            problems.append((f"{path}.strength", "a figure starts at its starting STR: give max_strength "
                                                 "(cc.setup.str.start)"))
        if u.kind == "leader":
            leaders[u.side] = leaders.get(u.side, 0) + 1
            if leaders[u.side] > 1:
                problems.append((f"{path}.type", f"a band has one leader; {u.side} has two "
                                                 "(cc.setup.band.composition)"))
        atk = u.attrs.get("atk")
        if atk is not None and (not isinstance(atk, int) or isinstance(atk, bool) or not 1 <= atk <= 3):
            problems.append((f"{path}.attrs.atk", "ATK is a whole number of dice from 1 to 3: a player has "
                                                  "three ATK dice (cc.components.atk_dice.count)"))
    for side in sides:
        if not any(u.side == side for u in scenario.units):
            problems.append(("unit", f"{side} has no band (cc.components.list)"))
    return problems
